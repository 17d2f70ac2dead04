#!/usr/bin/env python3
"""Write the engine's facts into the rules page ``docs/regler.md``, so the page can never drift.

The prose of the page is written by hand.  The facts the engine states are written by this
script between marker comments: the rounds of each game, the deck for each table size, the
points in play, the house-rule table (keys, values, the default in each game) and the worked
example.  Block markers look like::

    <!-- BEGIN regler:kortstokk (laget av scripts/rules_page.py) -->
    ...
    <!-- END regler:kortstokk -->

and a single number in a sentence is written ``<!--tall:kort-->52<!--/tall-->``.  Outside these
places the prose holds no digits (card names such as ♥7 aside) and no code names (a house rule's
key only as «nøkkel i fila: `queen_points`»; the section on saved games excepted), so every
number a reader sees comes from the engine.  Running the script again changes nothing when the
page is up to date; ``--check`` writes nothing and fails when it is stale or breaks those rules.

    python scripts/rules_page.py            # update docs/regler.md
    python scripts/rules_page.py --check    # for tests and CI
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import kamplib.printable  # noqa: F401  (registers the printable page's texts, used below)
from kamplib.cards import ALL_MASK
from kamplib.deal import cards_in_play, hand_sizes, removed_cards, tricks_in_play
from kamplib.i18n import card_list, kind_name, t
from kamplib.kinds import CLUBS, KIND_NAMES, KINDS
from kamplib.moves import PASS_WORDS
from kamplib.rules import (
    GAME_NAMES,
    GAMES,
    RULE_CHOICES,
    RULE_KEYS,
    Rules,
    defaults,
    make_rules,
    rule_help,
)
from kamplib.scoring import points_in_play
from kamplib.seating import SEVEN_OF_HEARTS, TABLE_SIZES
from kamplib.sheet import ScoreSheet
from kamplib.standings import TIE_BREAK_KIND
from kamplib.teach.house_rules import value_label

PAGE = Path(__file__).resolve().parent.parent / "docs" / "regler.md"
LANG = "nb"

BLOCK = re.compile(r"(?P<begin><!-- BEGIN regler:(?P<name>[a-z:]+) [^\n]*-->\n)(?P<body>.*?)"
                   r"(?P<end><!-- END regler:(?P=name) -->)", re.S)
FACT = re.compile(r"(?P<begin><!--tall:(?P<name>[a-z_]+)-->)(?P<value>.*?)(?P<end><!--/tall-->)")
# Where the page may show code and file keys freely: the section on the saved-game file.
RECORD_HEADING = "## For dere som lagrer spill"
KEY_MARK = "nøkkel i fila: "
_KEY_MARK_END = re.compile(r"nøkkel\s+i\s+fila:\s*$")
CARD_NAME = re.compile(r"[♠♥♦♣](?:10|[2-9AKQJ])")
GAME_TITLES = {"femkamp": "Femkamp", "sekskamp": "Sekskamp", "sjukamp": "Sjukamp"}


# -- the engine's facts, as markdown ---------------------------------------------------------------
def _table(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _number(value: object) -> str:
    """A score as a reader writes it: a real minus sign."""
    return str(value).replace("-", "−")


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " og " + words[-1]


def _value(key: str, value: object) -> str:
    """A house rule's value in the file, and in words."""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    label = value_label(key, value, LANG)
    return f"`{text}`" if label == text else f"`{text}` ({label})"


def _all_kinds() -> Rules:
    """The default house rules, for a game with every kind of round."""
    return defaults("custom", KIND_NAMES)


def rounds_of(game: str) -> str:
    """The rounds of one game in order, with goal and points under the game's defaults."""
    rules = defaults(game)
    rows = [[str(i), kind_name(k, LANG), KINDS[k].goal(LANG), KINDS[k].points_text(rules, LANG)]
            for i, k in enumerate(rules.order, 1)]
    notes = [f"kabalen: {value_label('fantan_layout', rules.fantan_layout, LANG)}"]
    if any(KINDS[k].has_trump for k in rules.order):
        notes.append(f"trumf: {value_label('trump', rules.trump, LANG)}")
    return (_table(["Runde", "Navn", "Mål", "Poeng"], rows)
            + f"\nStandard i {GAME_TITLES[game]} – {'; '.join(notes)}.\n")


def deck() -> str:
    """What is taken out, and how many cards each player holds, for every table size."""
    rules = _all_kinds()
    rows = []
    for n in TABLE_SIZES:
        out = removed_cards("pass", n, rules)
        in_play = cards_in_play("pass", n, rules).bit_count()
        fantan = sorted(set(hand_sizes(cards_in_play("fantan", n, rules).bit_count(), n, 0)))
        rows.append([str(n), card_list(out) if out else "ingen", str(in_play),
                     str(in_play // n), str(tricks_in_play(n, rules)),
                     " eller ".join(map(str, fantan))])
    return _table(["Spillere", "Tas ut i stikkrundene", "Kort i spill", "Kort hver",
                   "Stikk i runden", "Kort hver i Fan Tan"], rows)


def _points_row(label: str, kind: str, rules: Rules, multiplier: int = 1) -> list[str]:
    return [label] + [_number(points_in_play(kind, n, rules, multiplier)) for n in TABLE_SIZES]


def points() -> str:
    """Points in play per trick round and table size; what house rules change; Fan Tan."""
    rules = _all_kinds()
    head = ["Runde"] + [f"{n} spillere" for n in TABLE_SIZES]
    trick_kinds = [k for k in KIND_NAMES if KINDS[k].is_trick_round]
    rows = [_points_row(kind_name(k, LANG), k, rules) for k in trick_kinds]
    variants = []
    for key, choices in RULE_CHOICES.items():
        for value in choices[1:]:
            changed = make_rules("custom", {"order": KIND_NAMES, key: value})
            for k in trick_kinds:
                if any(points_in_play(k, n, changed) != points_in_play(k, n, rules)
                       for n in TABLE_SIZES):
                    variants.append(_points_row(
                        f"{kind_name(k, LANG)}, med «{rule_help(key, LANG)}»: "
                        f"{value_label(key, value, LANG)}", k, changed))
    least = KINDS["fantan"].card_left_value
    return (_table(head, rows)
            + "\nMed en husregel som endrer poengene:\n\n" + _table(head, variants)
            + f"\n{kind_name('fantan', LANG)} har ingen fast sum: den som går ut, får 0, og alle"
              f" andre får minst {least} (de har minst ett kort igjen).\n")


def doubled() -> str:
    """What the last round of each game adds up to when it counts double."""
    head = ["Runde"] + [f"{n} spillere" for n in TABLE_SIZES]
    rows = [_points_row(f"{GAME_TITLES[g]}: {kind_name(order[-1], LANG)}", order[-1],
                        defaults(g), 2)
            for g, order in GAMES.items() if KINDS[order[-1]].is_trick_round]
    return _table(head, rows)


def _per_game(texts: dict[str, str]) -> str:
    """One default for every game, or each game's own."""
    if len(set(texts.values())) == 1:
        return f"{next(iter(texts.values()))} (alle spill)"
    return "<br>".join(f"{GAME_TITLES[g]}: {text}" for g, text in texts.items())


def house_rules() -> str:
    """Every house rule by its key: what it decides, its values, and the default in each game."""
    kinds = ", ".join(kind_name(k, LANG) for k in KIND_NAMES)
    rows = [["`order`", rule_help("order", LANG), t("rule_order_allowed", LANG, kinds=kinds),
             _per_game({g: " → ".join(kind_name(k, LANG) for k in order)
                        for g, order in GAMES.items()})]]
    for key, choices in RULE_CHOICES.items():
        rows.append([f"`{key}`", rule_help(key, LANG), ", ".join(_value(key, v) for v in choices),
                     _per_game({g: value_label(key, getattr(defaults(g), key), LANG)
                                for g in GAMES})])
    return _table(["Nøkkel i fila", "Hva regelen avgjør", "Verdier", "Standard"], rows)


def example() -> str:
    """The worked example (Kari, Ola, Siri, Per), what each column must add up to, and who won."""
    sheet = ScoreSheet.example()
    if sheet.problems():
        raise ValueError("the worked example does not pass the score-sheet checker")
    kinds = [kind for kind, _ in sheet.rows]
    totals = sheet.totals()
    rows = [[p] + [_number(scores[p]) for _, scores in sheet.rows] + [_number(totals[p])]
            for p in sheet.players]
    n = len(sheet.players)
    rows.append(["**Til sammen**"]
                + [_number(sum(v for v in scores.values() if isinstance(v, int)))
                   for _, scores in sheet.rows]
                + [_number(sum(totals.values()))])
    rules = sheet.rules
    must = [_number(points_in_play(k, n, rules)) if KINDS[k].is_trick_round
            else t("print_check_fantan", LANG, least=KINDS[k].card_left_value) for k in kinds]
    rows.append(["*Skal bli*", *must, ""])
    winners = sheet.winners()
    best = totals[winners[0]]
    return (_table(["Spiller"] + [kind_name(k, LANG) for k in kinds] + ["Sum"], rows)
            + f"\nLavest sum: {_join(winners)}, med {_number(best)} hver.\n")


BLOCKS: dict[str, Callable[[], str]] = {
    **{f"runder:{g}": partial(rounds_of, g) for g in GAMES},
    "kortstokk": deck,
    "poeng": points,
    "dobbel": doubled,
    "husregler": house_rules,
    "eksempel": example,
}


FACTS: dict[str, Callable[[], object]] = {
    "min_spillere": lambda: min(TABLE_SIZES),
    "maks_spillere": lambda: max(TABLE_SIZES),
    "kort": lambda: ALL_MASK.bit_count(),
    "klover": lambda: CLUBS.bit_count(),
    "pass_poeng": lambda: KINDS["fantan"].pass_value,
    "kort_igjen_poeng": lambda: KINDS["fantan"].card_left_value,
    "apner": lambda: SEVEN_OF_HEARTS.symbol,
    "omspill": lambda: kind_name(TIE_BREAK_KIND, LANG),
    "omspill_fil": lambda: f"`{TIE_BREAK_KIND}`",
    "spillnavn": lambda: _join([f"`{g}`" for g in GAME_NAMES]),
    "rundenavn": lambda: ", ".join(
        f"`{k.key}`" + (f" (også {_join([f'`{a}`' for a in k.aliases])})" if k.aliases else "")
        for k in KINDS.values()),
    "pass_ord": lambda: _join([f"`{w}`" for w in PASS_WORDS]),
}


# -- writing and checking the page ------------------------------------------------------------
class PageError(ValueError):
    """The page names a block or a number the script does not know."""


def render(text: str) -> str:
    """The page with every block and every number freshly written from the engine."""
    def block(m: re.Match) -> str:
        name = m["name"]
        if name not in BLOCKS:
            raise PageError(f"unknown block regler:{name}")
        # a blank line before the end marker, so the table or paragraph ends before it
        return m["begin"] + BLOCKS[name]().rstrip("\n") + "\n\n" + m["end"]

    def fact(m: re.Match) -> str:
        name = m["name"]
        if name not in FACTS:
            raise PageError(f"unknown number tall:{name}")
        value = FACTS[name]()
        return m["begin"] + (_number(value) if isinstance(value, int) else str(value)) + m["end"]

    return FACT.sub(fact, BLOCK.sub(block, text))


def _blank(m: re.Match) -> str:
    return "\n" * m[0].count("\n")  # keep the page's line numbers for messages


def prose(text: str) -> str:
    """The hand-written text: blocks, numbers from the engine, comments and link targets blanked
    out, lines kept where they were."""
    text = BLOCK.sub(_blank, text)
    text = FACT.sub(_blank, text)
    text = re.sub(r"<!--.*?-->", _blank, text, flags=re.S)
    return re.sub(r"\]\([^)]*\)", "]", text)  # link targets are addresses, not words


def _line(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def problems(text: str) -> list[str]:
    """What is wrong with the page besides being stale: missing blocks, stray digits, code."""
    out = []
    names = [m["name"] for m in BLOCK.finditer(text)]
    out += [f"block regler:{n} is missing" for n in BLOCKS if n not in names]
    out += [f"block regler:{n} appears {names.count(n)} times" for n in set(names)
            if names.count(n) > 1]
    body = prose(text)
    if RECORD_HEADING not in body:
        out.append(f"the section «{RECORD_HEADING}» is missing")
    learner, _, _ = body.partition(RECORD_HEADING)
    learner = CARD_NAME.sub("", learner)
    for m in re.finditer(r"`([^`\n]*)`", learner):
        if m[1] not in RULE_KEYS or not _KEY_MARK_END.search(learner, 0, m.start()):
            out.append(f"line {_line(learner, m.start())}: code `{m[1]}` "
                       f"(only «{KEY_MARK}`key`» with a house rule's key)")
    for m in re.finditer(r"^[ \t]*<!--tall:", text, re.M):
        out.append(f"line {_line(text, m.start())}: a line must not begin with a number marker "
                   "(markdown would read it as an HTML block)")
    words = re.sub(r"`[^`\n]*`", "", learner)
    for m in re.finditer(r"\d+", words):
        out.append(f"line {_line(words, m.start())}: the number {m[0]} is not from the engine")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", nargs="?", type=Path, default=PAGE)
    parser.add_argument("--check", action="store_true", help="write nothing; fail if stale")
    args = parser.parse_args(argv)
    if not args.page.is_file():
        print(f"rules_page: {args.page} is not a file", file=sys.stderr)
        return 2
    before = args.page.read_text(encoding="utf-8")
    try:
        after = render(before)
    except PageError as error:
        print(f"rules_page: {error}", file=sys.stderr)
        return 2
    found = problems(after)
    for problem in found:
        print(f"rules_page: {problem}", file=sys.stderr)
    if args.check:
        if after != before:
            print(f"rules_page: {args.page.name} is out of date "
                  "(run: python scripts/rules_page.py)", file=sys.stderr)
        return 1 if after != before or found else 0
    if after != before:
        args.page.write_text(after, encoding="utf-8")
        print(f"rules_page: updated {args.page.name}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
