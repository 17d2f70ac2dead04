"""One family of exceptions, each carrying where it happened and a rule code, worded to teach.

Every error is a :class:`ValueError` with a ``code`` naming the rule, the place (round, trick or
turn, player, card) and a message in bokmål (``str(err)``) and English (``err.message("en")``).
"""

from __future__ import annotations

import reprlib
import unicodedata
from typing import TYPE_CHECKING, Any

from kamplib.glyphs import ZWJ
from kamplib.i18n import DEFAULT_LANG, KindName, Phrase, register, t

if TYPE_CHECKING:
    from kamplib.cards import Card

__all__ = [
    "KampError",
    "CardError",
    "RuleError",
    "IllegalMove",
    "RecordError",
    "SheetError",
    "given",
    "Given",
    "printable",
    "is_hidden_char",
    "hidden_char_kind",
]

# Longest text of what somebody typed or sent that a message repeats (the rest becomes «…»).
GIVEN_LIMIT = 60
# A parameter longer than this (a list of allowed values may be long) is shortened too.
PARAM_LIMIT = 400
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother = 3, GIVEN_LIMIT, GIVEN_LIMIT


def is_hidden_char(ch: str) -> bool:
    """A character a reader cannot see or that changes what follows it: control and format
    characters (NUL, escape, zero-width, bidi controls), surrogates, unassigned code points,
    line and paragraph separators, and every space but the plain one.

    >>> is_hidden_char('\\u200b'), is_hidden_char('å')
    (True, False)
    """
    category = unicodedata.category(ch)
    return category in _HIDDEN_CATEGORIES or (category == "Zs" and ch != " ")


def printable(text: str) -> str:
    """``text`` with every hidden character written as an escape (``\\x1b``, ``\\u200b``), so a
    terminal or page shows it and nothing in it can move the cursor, colour the screen, reverse
    the text or start a new line.

    >>> printable('a\\u200bb')
    'a\\\\u200bb'
    """
    if text.isascii() and text.isprintable():
        return text
    return "".join(_escape(ch) if is_hidden_char(ch) and not _joins_emoji(text, i) else ch
                   for i, ch in enumerate(text))


def _joins_emoji(text: str, i: int) -> bool:
    """A zero-width joiner between two pictographs (👨‍👩‍👧, 🏳️‍🌈): part of a name, not a trick."""
    if text[i] != ZWJ or not 0 < i < len(text) - 1:
        return False
    before = text[:i].rstrip("\ufe0f")[-1:]
    return (unicodedata.category(text[i + 1]) == "So"
            and before != "" and unicodedata.category(before) in ("So", "Sk"))


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 \
        else f"\\U{code:08x}"


# Characters that turn the direction text is written in (Unicode's bidirectional controls):
# a text with one can show other words backwards.
_DIRECTION_CHARS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                             "\u2066\u2067\u2068\u2069")


def hidden_char_kind(ch: str) -> str:
    """The message code that says what kind of character nobody sees ``ch`` is, in words a
    family understands («et styretegn», «et tegn som snur skriveretningen»).

    >>> hidden_char_kind('\\u202e'), hidden_char_kind('\\x00')
    ('name_char_direction', 'name_char_control')
    """
    category = unicodedata.category(ch)
    return ("name_char_direction" if ch in _DIRECTION_CHARS
            else "name_char_line" if ch in "\n\r\x0b\x0c\x85\u2028\u2029"
            else "name_char_control" if category == "Cc"
            else "name_char_space" if category == "Zs"
            else "name_char_mark" if category.startswith("M")
            else "name_char_invisible")


register({
    "name_char_direction": {"nb": "et tegn som snur skriveretningen",
                            "en": "a character that turns the direction of writing"},
    "name_char_line": {"nb": "et linjeskift", "en": "a line break"},
    "name_char_control": {"nb": "et styretegn", "en": "a control character"},
    "name_char_space": {"nb": "et mellomrom av en annen sort enn det vanlige",
                        "en": "a space of another kind than the usual one"},
    "name_char_mark": {"nb": "et løst aksenttegn", "en": "a loose accent mark"},
    "name_char_invisible": {"nb": "et usynlig tegn", "en": "an invisible character"},
    "given_hidden_one": {"nb": "{text} (med {what})", "en": "{text} (with {what})"},
    "given_hidden_many": {"nb": "{text} (med {count} tegn som ikke vises)",
                          "en": "{text} (with {count} {count:character|characters} that do "
                                "not show)"},
    "given_hidden_only_one": {"nb": "bare {what}", "en": "only {what}"},
    "given_hidden_only_many": {"nb": "bare {count} tegn som ikke vises",
                               "en": "only {count} {count:character|characters} that do not "
                                     "show"},
})


class Given(str):
    """What :func:`given` quotes.  As text (a log, a terminal, a record's path) every hidden
    character is an escape (``\\u202e``); in a message (``shown(lang)``, which every message
    template uses) the text as it shows, with what was hidden said in words after it:
    «dark (med et tegn som snur skriveretningen)».  Neither the character nor Python's notation
    for it reaches a learner's page."""

    text: str  # what was given, its hidden characters still in it
    limit: int

    def __new__(cls, escaped: str, text: str | None = None, limit: int = GIVEN_LIMIT) -> Given:
        # (the defaults: a copy or a pickle makes it from its text alone, then sets the rest)
        quoted = super().__new__(cls, escaped)
        quoted.text, quoted.limit = escaped if text is None else text, limit
        return quoted

    def shown(self, lang: str) -> str:
        hidden = _hidden_at(self.text)
        if not hidden:
            return str(self)
        seen = "".join(ch for i, ch in enumerate(self.text) if i not in hidden)
        seen = seen if len(seen) <= self.limit else seen[: self.limit - 1] + "…"
        count = len(hidden)
        what = Phrase(hidden_char_kind(self.text[min(hidden)]))
        if not seen.strip():
            return t("given_hidden_only_one", lang, what=what) if count == 1 else \
                t("given_hidden_only_many", lang, count=count)
        return t("given_hidden_one", lang, text=seen, what=what) if count == 1 else \
            t("given_hidden_many", lang, text=seen, count=count)


def _hidden_at(text: str) -> set[int]:
    """Where :func:`printable` would write an escape."""
    if text.isascii() and text.isprintable():
        return set()
    return {i for i, ch in enumerate(text) if is_hidden_char(ch) and not _joins_emoji(text, i)}


def given(value: Any, limit: int = GIVEN_LIMIT) -> Given:
    """What somebody typed or sent, fit to quote in a message: at most ``limit`` characters
    (then «…»), any other value as a short repr — however big, deep or strange it is — and
    hidden characters escaped as text, said in words in a message (:class:`Given`).

    >>> given('Kari\\x1b[2J')
    'Kari\\\\x1b[2J'
    >>> given('Kari\\x1b[2J').shown('nb')
    'Kari[2J (med et styretegn)'
    >>> given(list(range(100)))
    '[0, 1, 2, 3, 4, 5, ...]'
    """
    if isinstance(value, str):
        text = value
    elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        # too long to write out (Python refuses past 4,300 digits): its size is what matters
        text = f"{'-' if value < 0 else ''}≈10^{int(value.bit_length() * 0.30103)}"
    else:
        try:
            text = _REPR.repr(value)
        except Exception:  # a value whose repr fails: say what type it is
            text = f"<{type(value).__name__}>"
    escaped = printable(text)
    escaped = escaped if len(escaped) <= limit else escaped[: limit - 1] + "…"
    return Given(escaped, text, limit)


def _safe_param(value: Any) -> Any:
    """A message parameter that cannot break or flood the sentence it goes into."""
    if value is None or isinstance(value, (bool, float)) or hasattr(value, "shown"):
        return value
    if isinstance(value, int):
        return value if value.bit_length() <= 64 else given(value)
    if isinstance(value, str):
        return value if len(value) <= PARAM_LIMIT and value.isprintable() else \
            given(value, PARAM_LIMIT)
    if isinstance(value, (list, tuple)) and len(value) <= 64 and all(
            hasattr(v, "symbol") for v in value):
        return value  # cards, shown as ♠A ♥7
    return given(value)


class KampError(ValueError):
    """Base of every error kamp raises about its input."""

    def __init__(
        self,
        code: str,
        *,
        round: int | None = None,
        kind: str | None = None,
        trick: int | None = None,
        turn: int | None = None,
        player: str | None = None,
        card: Card | str | None = None,
        **params: Any,
    ) -> None:
        self.code = code
        self.round = round
        self.kind = kind
        self.trick = trick
        self.turn = turn
        self.player = _safe_param(player)
        self.card = _safe_param(card)
        self.params = {key: _safe_param(value) for key, value in params.items()}
        super().__init__(self.message(DEFAULT_LANG))

    def reason(self, lang: str = DEFAULT_LANG) -> str:
        """The rule broken, as a sentence, without the place."""
        params = dict(self.params)
        if self.player is not None:
            params.setdefault("player", self.player)
        if self.card is not None:
            params.setdefault("card", self.card)
        return t(self.code, lang, **params)

    def where(self, lang: str = DEFAULT_LANG) -> str:
        """Where it happened, e.g. ``Runde 2 (Kløver), stikk 3``; empty when not in a game."""
        parts = []
        if self.round is not None:
            parts.append(t("where_round", lang, number=self.round, kind=KindName(self.kind or "")))
        if self.trick is not None:
            parts.append(t("where_trick", lang, number=self.trick))
        elif self.turn is not None:
            parts.append(t("where_turn", lang, number=self.turn))
        return ", ".join(parts)

    def message(self, lang: str = DEFAULT_LANG) -> str:
        return self.reason(lang)

    @property
    def nb(self) -> str:
        return self.message("nb")

    @property
    def en(self) -> str:
        return self.message("en")

    def located(self, **place: Any) -> KampError:
        """A copy of this error of the same class with the place filled in."""
        fields = dict(
            round=self.round, kind=self.kind, trick=self.trick, turn=self.turn,
            player=self.player, card=self.card,
        )
        fields.update({k: v for k, v in place.items() if v is not None})
        return type(self)(self.code, **fields, **self.params)


class CardError(KampError):
    """Text that is not a card or a suit."""


class RuleError(KampError):
    """A bad game set-up: unknown game, house rule, value, player count or name."""


class IllegalMove(KampError):
    """A play the rules forbid; the state it was tried on is unchanged."""


class RecordError(KampError):
    """A kamp/1 record that cannot be read; the message starts with where the problem is."""

    def message(self, lang: str = DEFAULT_LANG) -> str:
        where = self.where(lang)
        reason = self.reason(lang)
        return f"{where}: {reason}" if where else reason

    @classmethod
    def from_error(cls, err: KampError, **place: Any) -> RecordError:
        fields = dict(
            round=err.round, kind=err.kind, trick=err.trick, turn=err.turn,
            player=err.player, card=err.card,
        )
        fields.update({k: v for k, v in place.items() if v is not None})
        return cls(err.code, **fields, **err.params)


class SheetError(KampError):
    """A typed-in score sheet that cannot be read at all (not one with wrong scores)."""

    def message(self, lang: str = DEFAULT_LANG) -> str:
        return self.reason(lang)
