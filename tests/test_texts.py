"""Every text of the catalogue in both languages: one minus sign, plural forms, no «(s)».

The catalogue words a number itself (:func:`kamplib.i18n.t`): a negative whole number gets a true
minus sign, and a noun after a number takes its form from the entry (``{n:card|cards}``).  These
tests fill every entry with one, minus one and two for each of its fields and read the sentences
a learner would read.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import string

import pytest

import kamplib
from kamplib.i18n import _CATALOGUE, LANGS, MINUS, number_text, register, t

pytestmark = pytest.mark.unit

for _module in pkgutil.walk_packages(kamplib.__path__, "kamplib."):
    importlib.import_module(_module.name)

CODES = sorted(_CATALOGUE)

# Nouns whose form after a number differs between one and more (either language).
COUNTED = {
    "en": ("point", "card", "trick", "round", "player", "pass", "queen", "club", "number",
           "character", "level", "game", "hand", "time", "score", "problem", "row", "move",
           "page", "seat", "suit", "turn"),
    "nb": ("runde", "spiller", "dame", "rad", "gang", "nivå", "hånd", "problem", "side",
           "oppgave", "farge", "plass", "linje"),
}
_PLURALS = {"en": {"pass": "passes"},
            "nb": {"hånd": "hender", "nivå": "nivåer", "rad": "rader", "gang": "ganger",
                   "problem": "problemer", "plass": "plasser"}}
# Fields that hold a name, never a number (a name may be followed by a verb such as «spiller»).
NAMES = {"player", "players", "name", "names", "winners", "others", "who", "game", "kind",
         "round", "move", "best", "card", "suit", "to_move", "dealer", "leader"}


def _plural(lang: str, noun: str) -> str:
    special = _PLURALS[lang].get(noun)
    if special:
        return special
    if lang == "en":
        return noun + "s"
    return noun + ("r" if noun.endswith("e") else "er")


def _fields(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def _filled(code: str, lang: str, value: int) -> str:
    """The entry with ``value`` in every field that may hold a number (names stay names)."""
    fields = _fields(_CATALOGUE[code][lang])
    return t(code, lang, **{f: "Kari" if f in NAMES else value for f in fields})


@pytest.mark.parametrize("code", CODES)
def test_every_entry_reads_in_both_languages_with_any_number(code: str) -> None:
    entry = _CATALOGUE[code]
    assert set(entry) == set(LANGS)
    for lang in LANGS:
        assert entry[lang].strip() or code.startswith("page_"), (code, lang)
        for value in (1, -1, 2, -2, 0):
            text = _filled(code, lang, value)  # every template fills in, plural forms included
            assert "(s)" not in text and "(er)" not in text, (code, lang, text)
            # a number in a sentence has the true minus sign: «−2», never «-2»
            assert not re.search(r"(?<![\w}])-\d", text), (code, lang, text)
            if value < 0:
                assert str(value) not in text.replace(number_text(value), ""), (code, lang, text)
    # both languages ask for the same fields (a sentence never drops a number)
    assert sorted(set(_fields(entry["nb"]))) == sorted(set(_fields(entry["en"]))), code


@pytest.mark.parametrize("code", CODES)
def test_a_noun_after_a_number_takes_its_form_from_the_catalogue(code: str) -> None:
    for lang in LANGS:
        template = _CATALOGUE[code][lang]
        for noun in COUNTED[lang]:
            plural = _plural(lang, noun)
            for form in {noun, plural}:
                for match in re.finditer(r"\{(\w+)\} " + form + r"\b", template):
                    assert match.group(1) in NAMES, (
                        f"{code} ({lang}): «{match.group(0)}» needs "
                        f"«{{{match.group(1)}:{noun}|{plural}}}»")
            one = _filled(code, lang, 1)
            many = _filled(code, lang, 2)
            if noun != plural:
                assert not re.search(rf"(?<![\d,]){MINUS}?1 {plural}\b", one), (code, lang, one)
                assert not re.search(rf"\b2 {noun}\b(?!-)", many), (code, lang, many)


def test_the_wording_of_numbers() -> None:
    register({"test_texts_example": {
        "nb": "{n} {n:kort|kort}, {m} {m:runde|runder} og {x}",
        "en": "{n} {n:card|cards}, {m} {m:round|rounds} and {x}"}})
    try:
        assert t("test_texts_example", "en", n=1, m=-1, x=-7) == "1 card, −1 round and −7"
        assert t("test_texts_example", "en", n=3, m=0, x=[1, -2]) == \
            "3 cards, 0 rounds and 1, −2"
        assert t("test_texts_example", "nb", n=1, m=2, x="1,5") == "1 kort, 2 runder og 1,5"
    finally:  # an entry of the test's own: not left for the catalogue's «every code is used»
        del _CATALOGUE["test_texts_example"]
    assert number_text(-13) == "−13" and number_text(0) == "0" and number_text(5) == "5"
