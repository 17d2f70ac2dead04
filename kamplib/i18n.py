"""The one catalogue of words a person reads: Norwegian bokmål first, English on request.

Engine errors, score-sheet problems, hints, widget labels, the names of suits, ranks, rounds,
levels and house rules all take their text from here by a code, so a sentence is written once
per language and tests can ask for either.  Every module registers its own entries.

The catalogue imports nothing of the package: a value shows itself in a message through its
``shown(lang)`` method (a card as ``♣Q``, a :class:`SuitName` as ``kløver``), so the lowest
layers (cards, errors) can word their messages without an import cycle.

Numbers are worded here too, so that every sentence says them alike: a negative whole number
is written with a true minus sign (``−2``, as the tables print it, never ``-2``), and a word
that follows a number takes its plural form from the entry itself:
``"{count} {count:card|cards}"`` says ``1 card`` and ``3 cards`` (the form before ``|`` is
for one, and minus one).
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from typing import Any, Protocol

__all__ = [
    "LANGS", "DEFAULT_LANG", "KindName", "Phrase", "SuitName", "Shown", "card_list",
    "card_name", "codes", "has", "number_text", "register", "suit_name", "kind_name", "t",
    "template", "MINUS", "ByteSize",
]

LANGS = ("nb", "en")
DEFAULT_LANG = "nb"


class Shown(Protocol):
    """Anything that shows itself in a sentence in the reader's language."""

    def shown(self, lang: str) -> str: ...


class SuitName(str):
    """A suit code (``S``) that a message shows as its name in the reader's language."""

    def shown(self, lang: str) -> str:
        return suit_name(str(self), lang)


class KindName(str):
    """A round kind (``klover``) that a message shows by its name in the reader's language."""

    def shown(self, lang: str) -> str:
        return kind_name(str(self), lang)


class Phrase(str):
    """A message code shown as that message in the reader's language (empty code: nothing),
    with its own parameters: ``Phrase("rule_order_allowed", kinds="pass, klover")``."""

    params: dict[str, Any]

    def __new__(cls, code: str, **params: Any) -> Phrase:
        phrase = super().__new__(cls, code)
        phrase.params = params
        return phrase

    def shown(self, lang: str) -> str:
        return t(str(self), lang, **self.params) if self else ""


def suit_name(suit: str, lang: str = DEFAULT_LANG) -> str:
    """``S`` → ``spar`` / ``spades``.

    >>> suit_name('S'), suit_name('S', 'en')
    ('spar', 'spades')
    """
    return t(f"suit_{suit}", lang)


def kind_name(kind: str, lang: str = DEFAULT_LANG) -> str:
    """``klover`` → ``Kløver`` / ``Clubs`` (an unknown kind is shown as it was written).

    >>> kind_name('klover'), kind_name('klover', 'en')
    ('Kløver', 'Clubs')
    """
    code = f"kind_{kind}"
    return t(code, lang) if code in _CATALOGUE else str(kind)


def card_name(card: Any, lang: str = DEFAULT_LANG) -> str:
    """A card's spoken name, e.g. ``hjerter dame`` / ``queen of hearts`` (screen readers).

    >>> from kamplib.cards import parse_card
    >>> card_name(parse_card('QH')), card_name(parse_card('QH'), 'en')
    ('hjerter dame', 'queen of hearts')
    """
    suit = suit_name(card.suit, lang)
    rank_code = f"rank_{card.rank}"
    rank = t(rank_code, lang) if rank_code in _CATALOGUE else card.symbol[1:]
    return t("card_name", lang, suit=suit, rank=rank)


MINUS = "\u2212"  # the minus sign of every number a person reads


def number_text(value: int) -> str:
    """A whole number as a reader sees it: ``−5`` with a true minus sign.

    >>> number_text(-5), number_text(3)
    ('−5', '3')
    """
    return f"{MINUS}{-value}" if value < 0 else str(value)


class ByteSize:
    """A file's size, shown in a reader's units: ``980 byte``, ``100 kB``, ``3,4 MB`` (decimal
    units, as the limits are written: 100 kB is 100,000 bytes; a comma in bokmål).  Rounded
    up, so a file a byte over a limit never reads as the limit itself."""

    def __init__(self, count: int) -> None:
        self.count = int(count)

    def __repr__(self) -> str:
        return f"ByteSize({self.count})"

    def shown(self, lang: str) -> str:
        value = self.count
        if value < 1000:
            return t("size_bytes", lang, n=value)
        unit, step = ("kB", 1000) if value < 1_000_000 else ("MB", 1_000_000)
        tenths = -(-value * 10 // step)  # rounded up
        digits = f"{tenths // 10}.{tenths % 10}" if tenths < 100 else str(-(-tenths // 10))
        if digits.endswith(".0"):
            digits = digits[:-2]
        return f"{digits.replace('.', ',') if lang == 'nb' else digits} {unit}"


def _is_one(value: Any) -> bool:
    """Whether a number (or the text of one) takes the singular: 1 and −1."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) == 1
    return str(value).strip().lstrip(MINUS + "-+") == "1"


class _Wording(string.Formatter):
    """Fills a template: ``{n:one|other}`` picks a plural form, a bare int gets its minus."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            one, _, other = format_spec.partition("|")
            return one if _is_one(value) else other
        if isinstance(value, int) and not isinstance(value, bool) and not format_spec:
            return number_text(value)
        return str(super().format_field(value, format_spec))


_WORDING = _Wording()


def card_list(cards: Iterable[Any]) -> str:
    """Cards as a sentence shows them: ``♠Q ♥7``.

    >>> from kamplib.cards import parse_cards
    >>> card_list(parse_cards('QS 7H'))
    '♠Q ♥7'
    """
    return " ".join(c.symbol for c in cards)


_CATALOGUE: dict[str, dict[str, str]] = {}


def register(entries: dict[str, dict[str, str]]) -> None:
    """Add message templates (code → {lang: template}); every entry needs every language.

    >>> register({"x_example": {"nb": "Et eksempel"}})
    Traceback (most recent call last):
    ...
    ValueError: message 'x_example' lacks ['en']
    """
    for code, texts in entries.items():
        missing = [lang for lang in LANGS if lang not in texts]
        if missing:
            raise ValueError(f"message {code!r} lacks {missing}")
        if code in _CATALOGUE and _CATALOGUE[code] != texts:
            raise ValueError(f"message {code!r} registered twice with different text")
        _CATALOGUE[code] = texts


def _show(value: Any, lang: str) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return value  # worded by the template: its sign, and the plural of what follows it
    shown = getattr(value, "shown", None)
    if callable(shown):
        return str(shown(lang))
    if isinstance(value, (list, tuple)) and value and all(hasattr(v, "symbol") for v in value):
        return card_list(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(_WORDING.format_field(_show(v, lang), "") for v in value)
    return str(value)


def t(code: str, lang: str = DEFAULT_LANG, **params: Any) -> str:
    """The text for ``code`` in ``lang`` with ``params`` filled in.

    >>> t('word_round'), t('word_round', 'en')
    ('Runde', 'Round')
    """
    if lang not in LANGS:
        lang = DEFAULT_LANG
    template = _CATALOGUE[code][lang]
    return _WORDING.vformat(template, (), {k: _show(v, lang) for k, v in params.items()})


def template(code: str, lang: str = DEFAULT_LANG) -> str:
    """The template of ``code`` in ``lang`` itself, for a page script that fills it in (the
    browser edition's words before Python runs).

    >>> template('player_count', 'en')
    'These games need {fewest} to {most} {most:player|players}, not {count}'
    """
    return _CATALOGUE[code][lang if lang in LANGS else DEFAULT_LANG]


def has(code: str) -> bool:
    """Whether ``code`` is in the catalogue.

    >>> has('word_round'), has('no_such_code')
    (True, False)
    """
    return code in _CATALOGUE


def codes() -> frozenset[str]:
    """Every registered code (a test checks each is used somewhere).

    >>> "word_round" in codes()
    True
    """
    return frozenset(_CATALOGUE)


register({
    "size_bytes": {"nb": "{n} byte", "en": "{n} {n:byte|bytes}"},
    # --- suits and ranks ---------------------------------------------------------------------
    "suit_S": {"nb": "spar", "en": "spades"},
    "suit_H": {"nb": "hjerter", "en": "hearts"},
    "suit_C": {"nb": "kløver", "en": "clubs"},
    "suit_D": {"nb": "ruter", "en": "diamonds"},
    "rank_14": {"nb": "ess", "en": "ace"},
    "rank_13": {"nb": "konge", "en": "king"},
    "rank_12": {"nb": "dame", "en": "queen"},
    "rank_11": {"nb": "knekt", "en": "jack"},
    "card_name": {"nb": "{suit} {rank}", "en": "{rank} of {suit}"},
})

register({
    # --- words every part of kamp uses (tables, buttons, headings) ---------------------------
    "word_game": {"nb": "Spill", "en": "Game"},
    "word_player": {"nb": "Spiller", "en": "Player"},
    "word_players": {"nb": "Spillere", "en": "Players"},
    "word_round": {"nb": "Runde", "en": "Round"},
    "word_tricks": {"nb": "Stikk", "en": "Tricks"},
    "word_points": {"nb": "Poeng", "en": "Points"},
    "word_total": {"nb": "Sum", "en": "Total"},
    "word_check": {"nb": "Sjekk", "en": "Check"},
    "word_nothing": {"nb": "ingenting", "en": "nothing"},
    "word_try_again": {"nb": "Prøv igjen", "en": "Try again"},
    "standings": {"nb": "Stillingen: {standings}.", "en": "Standings: {standings}."},
    # --- cards and set-up ---------------------------------------------------------------
    "bad_card": {
        "nb": "«{text}» er ikke et kort; skriv for eksempel QC, 10H, ♣Q eller Q♣",
        "en": "'{text}' is not a card; write for example QC, 10H, ♣Q or Q♣",
    },
    "bad_suit": {
        "nb": "«{text}» er ikke en farge; bruk S, H, D, C eller ♠ ♥ ♦ ♣",
        "en": "'{text}' is not a suit; use S, H, D, C or ♠ ♥ ♦ ♣",
    },
    "player_count": {
        "nb": "Spillet trenger {fewest} til {most} {most:spiller|spillere}, ikke {count}",
        "en": "These games need {fewest} to {most} {most:player|players}, not {count}",
    },
    "player_names": {
        "nb": "Spillerne skrives som en liste med navn i rekkefølge med klokka, ikke {names}",
        "en": "The players are written as a list of names in clockwise order, not {names}",
    },
    "unknown_game": {
        "nb": "Ukjent spill «{value}»; velg blant {allowed}",
        "en": "Unknown game '{value}'; choose from {allowed}",
    },
    "unknown_kind": {
        "nb": "Ukjent runde «{value}»; velg blant {allowed}",
        "en": "Unknown round '{value}'; choose from {allowed}",
    },
    "unknown_rule": {
        "nb": "Ukjent husregel «{key}»; husreglene er {allowed}",
        "en": "Unknown house rule '{key}'; the house rules are {allowed}",
    },
    "bad_rule_value": {
        "nb": "Husregelen «{rule}» kan ikke være «{value}»; tillatt er {allowed}",
        "en": "The house rule '{rule}' cannot be '{value}'; allowed: {allowed}",
    },
    "custom_needs_order": {
        "nb": "Et eget spill trenger rundene sine i husregelen «Rekkefølge»",
        "en": "A custom game needs its rounds in the house rule 'Order'",
    },
    "bad_seat": {
        "nb": "«{player}» sitter ikke ved bordet ({players})",
        "en": "'{player}' is not at the table ({players})",
    },
    "deal_duplicate": {
        "nb": "Utdelingen stemmer ikke: {card} er delt ut to ganger",
        "en": "The deal is wrong: {card} is dealt twice",
    },
    "deal_cards": {
        "nb": "Utdelingen stemmer ikke: {count} kort er delt ut, men {expected} skal være med "
              "(mangler: {missing}; ekstra: {extra})",
        "en": "The deal is wrong: {count} {count:card|cards} are dealt but {expected} belong in "
              "play "
              "(missing: {missing}; extra: {extra})",
    },
    "deal_sizes": {
        "nb": "Utdelingen stemmer ikke: hendene har {sizes} kort, men skal ha {expected}",
        "en": "The deal is wrong: the hands hold {sizes} {sizes:card|cards} but should hold "
              "{expected}",
    },
    # --- moves --------------------------------------------------------------------------
    "round_over": {
        "nb": "Runden er over; ingen flere kort kan spilles",
        "en": "The round is over; no more cards can be played",
    },
    "game_over": {
        "nb": "Spillet er over",
        "en": "The game is over",
    },
    "not_your_turn": {
        "nb": "Det er {to_move} sin tur, ikke {player} sin",
        "en": "It is {to_move}'s turn, not {player}'s",
    },
    "not_in_hand": {
        "nb": "{player} har ikke {card} på hånden",
        "en": "{player} does not hold {card}",
    },
    "must_follow_suit": {
        "nb": "{player} må følge farge i {suit} (har {holding})",
        "en": "{player} must follow suit in {suit} ({holding} in hand)",
    },
    "no_pass_in_tricks": {
        "nb": "I en stikkrunde kan ingen passe; {player} må legge et kort",
        "en": "Nobody can pass in a trick round; {player} must play a card",
    },
    "trump_first": {
        "nb": "Giveren {player} må velge trumf før første kort",
        "en": "The dealer {player} must choose trump before the first card",
    },
    "trump_not_now": {
        "nb": "Trumf velges bare av giveren i starten av en trumfrunde",
        "en": "Trump is chosen only by the dealer at the start of a trump round",
    },
    "seven_of_hearts_first": {
        "nb": "Kabalen åpnes med hjerter 7; {player} må legge ♥7 først",
        "en": "Fan Tan opens with the seven of hearts; {player} must lay ♥7 first",
    },
    "fantan_open_with_seven": {
        "nb": "{player} kan ikke legge {card} ennå: {suit} er ikke åpnet, og en farge åpnes "
              "med sjueren",
        "en": "{player} cannot lay {card} yet: {suit} is not open, and a suit opens with its "
              "seven",
    },
    "fantan_open_with_six_or_seven": {
        "nb": "{player} kan ikke legge {card} ennå: den bunken i {suit} åpnes med {opener}",
        "en": "{player} cannot lay {card} yet: that pile in {suit} opens with {opener}",
    },
    "fantan_not_next": {
        "nb": "{player} kan ikke legge {card} ennå: det må ligge inntil {needed}, som ikke er "
              "lagt",
        "en": "{player} cannot lay {card} yet: it goes next to {needed}, which is not on the "
              "table",
    },
    "fantan_dead_card": {
        "nb": "{player} kan aldri legge {card} i denne kabalen: {needed} er tatt ut av "
              "kortstokken",
        "en": "{player} can never lay {card} in this Fan Tan: {needed} was taken out of the "
              "deck",
    },
    "must_play_not_pass": {
        "nb": "{player} kan ikke passe når et kort kan legges ({playable})",
        "en": "{player} cannot pass while a card can be laid ({playable})",
    },
    "card_already_played": {
        "nb": "{player} kan ikke spille {card}: det kortet er allerede spilt",
        "en": "{player} cannot play {card}: it has already been played",
    },
    # --- records ------------------------------------------------------------------------
    "where_round": {"nb": "Runde {number} ({kind})", "en": "Round {number} ({kind})"},
    "where_trick": {"nb": "stikk {number}", "en": "trick {number}"},
    "where_turn": {"nb": "trekk {number}", "en": "turn {number}"},
    "where_player": {"nb": "{player}", "en": "{player}"},
    "where_card": {"nb": "{card}", "en": "{card}"},
    "record_json": {
        "nb": "Filen er ikke gyldig JSON (linje {line}, kolonne {column}): {detail}",
        "en": "The file is not valid JSON (line {line}, column {column}): {detail}",
    },
    "record_format": {
        "nb": "Dette er ikke en kamp/1-fil (format er {value})",
        "en": "This is not a kamp/1 record (format is {value})",
    },
    "record_field": {
        "nb": "Feltet «{field}» mangler eller har feil type (ventet {expected})",
        "en": "The field '{field}' is missing or has the wrong type (expected {expected})",
    },
    "record_unknown_field": {
        "nb": "Ukjent felt «{field}» i {place}; tillatt er {allowed}",
        "en": "Unknown field '{field}' in {place}; allowed: {allowed}",
    },
    "record_kind_order": {
        "nb": "Runden skulle vært {expected} etter spillets rekkefølge, ikke {value}",
        "en": "By the game's order this round should be {expected}, not {value}",
    },
    "record_too_many_rounds": {
        "nb": "Spillet har bare {count} {count:runde|runder}; runde {number} hører ikke med",
        "en": "The game has only {count} {count:round|rounds}; round {number} does not belong",
    },
    "record_dealer": {
        "nb": "Giveren skulle vært {expected} (giveren går med klokka), ikke {value}",
        "en": "The dealer should be {expected} (the deal moves clockwise), not {value}",
    },
    "record_trump": {
        "nb": "Trumfrunden trenger trumf som en farge (S, H, D eller C), ikke {value}",
        "en": "The trump round needs its trump as a suit (S, H, D or C), not {value}",
    },
    "record_trump_fixed": {
        "nb": "Etter husreglene er trumf alltid {expected}, ikke {value}",
        "en": "By the house rules trump is always {expected}, not {value}",
    },
    "record_trump_outside": {
        "nb": "Bare en trumfrunde har trumf",
        "en": "Only a trump round has a trump",
    },
    "record_play_shape": {
        "nb": "Et trekk skrives [spiller, kort] eller [spiller, \"pass\"], ikke {value}",
        "en": "A play is written [player, card] or [player, \"pass\"], not {value}",
    },
    "record_after_unfinished": {
        "nb": "Runden har trekk selv om en tidligere runde ikke er ferdig",
        "en": "This round has plays although an earlier round is unfinished",
    },
    "record_after_end": {
        "nb": "Trekket kommer etter at runden er over",
        "en": "This play comes after the round is over",
    },
    "record_tiebreak": {
        "nb": "En ekstra grand hører bare med når husreglene avgjør likt på topp med en ekstra "
              "grand, og bare så lenge det står likt",
        "en": "An extra Grand belongs only when the house rules settle a tie for the lead with "
              "an extra Grand, and only while the lead is still tied",
    },
})
