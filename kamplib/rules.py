"""The three games and every house rule, validated in one place.

``make_rules("sekskamp", {"queen_points": 5})`` gives a frozen :class:`Rules` with the game's own
defaults filled in; an unknown key or value is a :class:`RuleError` listing what is allowed.
What each kind of round is and scores lives in :mod:`kamplib.kinds`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any

from kamplib.cards import SUIT_SYMBOLS, SUITS, parse_suit
from kamplib.errors import CardError, RuleError, given
from kamplib.i18n import Phrase, has, kind_name, register, suit_name, t
from kamplib.kinds import KIND_NAMES, KINDS, TRICK_KINDS, parse_kind

__all__ = [
    "KINDS",
    "KIND_NAMES",
    "TRICK_KINDS",
    "GAMES",
    "GAME_NAMES",
    "Rules",
    "make_rules",
    "defaults",
    "parse_kind",
    "parse_rule_value",
    "RULE_CHOICES",
    "RULE_KEYS",
    "rule_help",
    "rule_name",
    "value_label",
    "game_name",
    "round_multiplier",
    "rules_in_play",
    "GAME_WIDE_RULES",
]

GAMES: dict[str, tuple[str, ...]] = {
    "femkamp": ("pass", "klover", "damer", "fantan", "grand"),
    "sekskamp": ("pass", "klover", "damer", "fantan", "grand", "trumf"),
    "sjukamp": ("pass", "klover", "fantan", "damer", "grand", "trumf", "finale"),
}
GAME_NAMES = (*GAMES, "custom")

# Allowed values per house rule.  The first value is the default; a game whose own default
# differs says so in _GAME_DEFAULTS.  Nowhere else states a default.
RULE_CHOICES: dict[str, tuple[Any, ...]] = {
    "ace_low_in_pass": (False, True),
    "clubs_take_all_zero": (False, True),
    "queen_points": (4, 5),
    "fantan_layout": ("sevens", "sixes_and_sevens"),
    "fantan_opener": ("seven_of_hearts", "left_of_dealer"),
    "fantan_deck": ("full", "trick"),
    "fantan_voluntary_pass": (False, True),
    "trump": ("S", "H", "D", "C", "draw", "dealer"),
    "last_round_double": (False, True),
    "finale_queen_of_clubs": (8, 4),
    "tie_break": ("share", "extra_grand", "extra_game"),
}
_GAME_DEFAULTS: dict[str, dict[str, Any]] = {
    "sekskamp": {"fantan_layout": "sixes_and_sevens", "trump": "draw"},
}
RULE_KEYS: tuple[str, ...] = ("order", *RULE_CHOICES)
# House rules about the whole game rather than one kind of round (each kind names its own:
# kamplib.kinds.RoundKind.house_rules).
GAME_WIDE_RULES: tuple[str, ...] = ("order", "last_round_double", "tie_break")

register({
    # the games and the house rules by name, as every page and message says them (the
    # engine's errors too: no code name reaches a reader)
    "game_femkamp": {"nb": "Femkamp", "en": "Femkamp"},
    "game_sekskamp": {"nb": "Sekskamp", "en": "Sekskamp"},
    "game_sjukamp": {"nb": "Sjukamp", "en": "Sjukamp"},
    "game_custom": {"nb": "Eget spill", "en": "Custom game"},
    # short names of the house rules
    "house_rule_order": {"nb": "Rekkefølge", "en": "Order"},
    "house_rule_ace_low_in_pass": {"nb": "Ess lavest i Pass", "en": "Ace low in Pass"},
    "house_rule_clubs_take_all_zero": {"nb": "Tar alt i Kløver", "en": "Take all clubs: 0"},
    "house_rule_queen_points": {"nb": "Poeng per dame", "en": "Points per queen"},
    "house_rule_fantan_layout": {"nb": "Kabalens oppsett", "en": "Fan Tan layout"},
    "house_rule_fantan_opener": {"nb": "Hvem åpner kabalen", "en": "Who opens Fan Tan"},
    "house_rule_fantan_deck": {"nb": "Kortstokk i kabalen", "en": "Fan Tan deck"},
    "house_rule_fantan_voluntary_pass": {"nb": "Frivillig pass i kabalen",
                                         "en": "Voluntary pass in Fan Tan"},
    "house_rule_trump": {"nb": "Trumf i trumfrunden", "en": "Trump in the trump round"},
    "house_rule_last_round_double": {"nb": "Siste runde dobbelt", "en": "Last round double"},
    "house_rule_finale_queen_of_clubs": {"nb": "Kløver dame i finalen",
                                         "en": "Queen of clubs in the Finale"},
    "house_rule_tie_break": {"nb": "Ved likt på topp", "en": "On a tie for the lead"},
    # how a value reads (the picker's options, the printable, the choices note)
    "house_on": {"nb": "på", "en": "on"},
    "house_off": {"nb": "av", "en": "off"},
    "house_value_fantan_layout_sevens": {"nb": "fra sjuerne", "en": "from the sevens"},
    "house_value_fantan_layout_sixes_and_sevens": {"nb": "seksere og sjuere",
                                                   "en": "sixes and sevens"},
    "house_value_fantan_opener_seven_of_hearts": {"nb": "den som har ♥7",
                                                  "en": "whoever holds ♥7"},
    "house_value_fantan_opener_left_of_dealer": {"nb": "til venstre for giveren",
                                                 "en": "left of the dealer"},
    "house_value_fantan_deck_full": {"nb": "hele kortstokken", "en": "the full deck"},
    "house_value_fantan_deck_trick": {"nb": "som i stikkrundene", "en": "as in the trick rounds"},
    "house_value_trump_suit": {"nb": "{symbol} {suit}", "en": "{symbol} {suit}"},
    "house_value_trump_draw": {"nb": "snu et kort", "en": "turn up a card"},
    "house_value_trump_dealer": {"nb": "giveren velger", "en": "the dealer chooses"},
    "house_value_tie_break_share": {"nb": "del seieren", "en": "share the win"},
    "house_value_tie_break_extra_grand": {"nb": "en ekstra Grand", "en": "one more Grand"},
    "house_value_tie_break_extra_game": {"nb": "et helt nytt spill", "en": "a whole new game"},
    "house_value_points": {"nb": "{points} poeng", "en": "{points} {points:point|points}"},
    "rule_help_order": {
        "nb": "Rekkefølgen på rundene (for eksempel Fan Tan og Grand byttet om)",
        "en": "The order of the rounds (for example Fan Tan and Grand swapped)"},
    "rule_help_ace_low_in_pass": {"nb": "Ess er lavest i Pass-runden",
                                  "en": "Ace is low in the Pass round"},
    "rule_help_clubs_take_all_zero": {"nb": "Tar du alle 13 kløver, får du 0 i Kløver-runden",
                                      "en": "Taking all 13 clubs scores 0 in the Clubs round"},
    "rule_help_queen_points": {"nb": "Poeng per dame i Damer-runden",
                               "en": "Points per queen in the Queens round"},
    "rule_help_fantan_layout": {
        "nb": "Kabalen bygges fra sjuerne, eller fra seksere og sjuere i egne bunker",
        "en": "Fan Tan builds from the sevens, or from sixes and sevens in two piles"},
    "rule_help_fantan_opener": {
        "nb": "Hjerter 7 åpner kabalen, eller spilleren til venstre for giveren",
        "en": "The seven of hearts opens Fan Tan, or the player left of the dealer"},
    "rule_help_fantan_deck": {
        "nb": "Kabalen med hele kortstokken, eller uten de røde toerne som i stikkrundene",
        "en": "Fan Tan with the full deck, or without the red twos as in trick rounds"},
    "rule_help_fantan_voluntary_pass": {"nb": "Du kan passe i kabalen selv om du kan legge",
                                        "en": "You may pass in Fan Tan even when you can lay "
                                              "a card"},
    "rule_help_trump": {
        "nb": "Trumf i trumfrunden: en fast farge, trukket kort, eller giveren velger",
        "en": "Trump in the trump round: a fixed suit, a drawn card, or the dealer's choice"},
    "rule_help_last_round_double": {"nb": "Siste runde teller dobbelt",
                                    "en": "The last round scores double"},
    "rule_help_finale_queen_of_clubs": {"nb": "Poeng for kløver dame i finalen",
                                        "en": "Points for the queen of clubs in the Finale"},
    "rule_help_tie_break": {
        "nb": "Likt på topp: del seieren, spill en ekstra grand, eller et nytt spill",
        "en": "A tie for the lead: share it, play an extra Grand, or a new game"},
    "rule_value_quoted": {"nb": "«{value}»", "en": "'{value}'"},
    "rule_values_or": {"nb": "{first} eller {last}", "en": "{first} or {last}"},
    "rule_order_allowed": {"nb": "en liste av rundene {kinds}",
                           "en": "a list of the rounds {kinds}"},
    "rule_order_long": {"nb": "Et spill har høyst {limit} {limit:runde|runder}, ikke {count}",
                        "en": "A game has at most {limit} {limit:round|rounds}, not {count}"},
    "rules_not_mapping": {
        "nb": "Husreglene skrives som navn og verdi, for eksempel {{\"queen_points\": 5}}, "
              "ikke {value}",
        "en": "House rules are written as name and value, e.g. {{\"queen_points\": 5}}, not "
              "{value}",
    },
})

# The longest game a custom order may make: room for the families' ten- and eleven-kamp, and a
# bound on what a record may ask the engine to play.
MAX_ROUNDS = 30
_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,6}")


def rule_help(key: str, lang: str = "nb") -> str:
    """One line saying what a house rule decides, in the reader's language.

    >>> rule_help('queen_points', 'en')
    'Points per queen in the Queens round'
    """
    return t(f"rule_help_{key}", lang)


def game_name(game: str, lang: str = "nb") -> str:
    """``sjukamp`` → ``Sjukamp``; ``custom`` → ``Eget spill``.

    >>> game_name('custom'), game_name('custom', 'en')
    ('Eget spill', 'Custom game')
    """
    return t(f"game_{game}", lang)


def rule_name(key: str, lang: str = "nb") -> str:
    """A house rule's short name (``queen_points`` → ``Poeng per dame``).

    >>> rule_name('queen_points', 'en')
    'Points per queen'
    """
    return t(f"house_rule_{key}", lang)


def value_label(key: str, value: Any, lang: str = "nb") -> str:
    """A house rule's value as a reader says it (``på``, ``fra sjuerne``, ``♠ spar``).

    >>> value_label('fantan_layout', 'sevens'), value_label('trump', 'S', 'en')
    ('fra sjuerne', '♠ spades')
    """
    if isinstance(value, bool):
        return t("house_on" if value else "house_off", lang)
    if key == "order":
        return " → ".join(kind_name(k, lang) for k in value)
    if key == "trump" and value in SUITS:
        return t("house_value_trump_suit", lang, symbol=SUIT_SYMBOLS[value],
                 suit=suit_name(value, lang))
    if isinstance(value, int):
        return t("house_value_points", lang, points=value)
    code = f"house_value_{key}_{value}"
    return t(code, lang) if has(code) else str(value)


class _RuleName:
    """A house rule named in a message by its name in the reader's language."""

    def __init__(self, key: str) -> None:
        self.key = key

    def shown(self, lang: str) -> str:
        return rule_name(self.key, lang)


class _Allowed:
    """The values a house rule allows, as a reader says them (``4 poeng, 5 poeng``)."""

    def __init__(self, key: str) -> None:
        self.key = key

    def shown(self, lang: str) -> str:
        labels = [t("rule_value_quoted", lang, value=value_label(self.key, v, lang))
                  for v in RULE_CHOICES[self.key]]
        return t("rule_values_or", lang, first=", ".join(labels[:-1]), last=labels[-1])


class _RuleNames:
    """Every house rule by name (an unknown one is answered with the list)."""

    def shown(self, lang: str) -> str:
        return ", ".join(rule_name(key, lang) for key in RULE_KEYS)


class _KindNames:
    def shown(self, lang: str) -> str:
        return ", ".join(kind_name(kind, lang) for kind in KINDS)


class _GameNames:
    def shown(self, lang: str) -> str:
        return ", ".join(game_name(game, lang) for game in GAME_NAMES)


@dataclass(frozen=True, slots=True)
class Rules:
    """All house rules of one game, defaults filled in (made by :func:`make_rules`)."""

    game: str
    order: tuple[str, ...]
    ace_low_in_pass: bool
    clubs_take_all_zero: bool
    queen_points: int
    fantan_layout: str
    fantan_opener: str
    fantan_deck: str
    fantan_voluntary_pass: bool
    trump: str
    last_round_double: bool
    finale_queen_of_clubs: int
    tie_break: str

    def differences(self) -> dict[str, Any]:
        """The house rules that differ from the game's defaults, as a record writes them."""
        base = defaults(self.game, self.order if self.game == "custom" else None)
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name == "game":
                continue
            value = getattr(self, f.name)
            if (self.game == "custom" and f.name == "order") or value != getattr(base, f.name):
                out[f.name] = list(value) if f.name == "order" else value
        return out

    def with_(self, **changes: Any) -> Rules:
        return make_rules(self.game, {**self.differences(), **changes})

    def multiplier(self, index: int) -> int:
        """What round ``index`` (from 0) of the game counts: see :func:`round_multiplier`."""
        return round_multiplier(self, index)


def rules_in_play(order: Iterable[str]) -> tuple[str, ...]:
    """The house rules that can change a game of these rounds, in :data:`RULE_KEYS` order: the
    game-wide ones and those its kinds of round read (a Femkamp has no Trumf, so no ``trump``).

    >>> rules_in_play(['pass', 'grand'])
    ('order', 'ace_low_in_pass', 'last_round_double', 'tie_break')
    """
    read = set(GAME_WIDE_RULES)
    for kind in order:
        read.update(KINDS[parse_kind(kind)].house_rules)
    return tuple(key for key in RULE_KEYS if key in read)


def round_multiplier(rules: Rules, index: int) -> int:
    """The last regular round counts double under ``last_round_double``; every other round, a
    tie-break Grand included, counts once.

    >>> rules = make_rules('femkamp', {'last_round_double': True})
    >>> [round_multiplier(rules, i) for i in range(5)]
    [1, 1, 1, 1, 2]
    """
    return 2 if rules.last_round_double and index == len(rules.order) - 1 else 1


def defaults(game: str, order: Iterable[str] | None = None) -> Rules:
    """The rules of ``game`` with no house rule changed.

    >>> defaults('sekskamp').order
    ('pass', 'klover', 'damer', 'fantan', 'grand', 'trumf')
    """
    values = {key: choices[0] for key, choices in RULE_CHOICES.items()}
    if game == "custom":
        return Rules(game="custom", order=tuple(order or ()), **values)
    return Rules(game=game, order=GAMES[game], **{**values, **_GAME_DEFAULTS.get(game, {})})


def _value_text(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else given(v)


_TRUE = {"true", "ja", "yes", "1", "on"}
_FALSE = {"false", "nei", "no", "0", "off"}


def parse_rule_value(key: str, value: Any) -> Any:
    """Validate one house rule value; strings (from a command line) are converted.

    >>> parse_rule_value('queen_points', '5'), parse_rule_value('order', 'pass,grand')
    (5, ('pass', 'grand'))
    """
    if key == "order":
        items = value.replace(",", " ").split() if isinstance(value, str) else value
        if not isinstance(items, (list, tuple)) or not items:
            raise RuleError("bad_rule_value", rule=_RuleName(key), value=_value_text(value),
                            allowed=Phrase("rule_order_allowed", kinds=_KindNames()), key=key)
        if len(items) > MAX_ROUNDS:
            raise RuleError("rule_order_long", count=len(items), limit=MAX_ROUNDS)
        return tuple(parse_kind(k) for k in items)
    if key not in RULE_CHOICES:
        raise RuleError("unknown_rule", key=given(key), allowed=_RuleNames())
    choices = RULE_CHOICES[key]
    candidate = value
    if isinstance(value, str):
        text = value.strip()
        low = text.lower()
        if isinstance(choices[0], bool):
            candidate = True if low in _TRUE else False if low in _FALSE else value
        elif isinstance(choices[0], int):
            candidate = int(text) if _WHOLE_NUMBER.fullmatch(text) else value
        elif key == "trump" and low not in ("draw", "dealer"):
            try:
                candidate = parse_suit(text)
            except CardError:
                candidate = value
        else:
            candidate = low
    # bool is an int: keep True from passing as 1 and the other way round
    if type(candidate) is not type(choices[0]) or candidate not in choices:
        raise RuleError("bad_rule_value", rule=_RuleName(key), value=_value_text(value),
                        allowed=_Allowed(key), key=key)
    return candidate


def make_rules(game: str = "femkamp", overrides: Mapping[str, Any] | None = None) -> Rules:
    """The rules of ``game`` with the given house rules; every key and value is checked.

    >>> make_rules('femkamp', {'queen_points': 5}).queen_points
    5
    >>> make_rules('sjukamp').order
    ('pass', 'klover', 'fantan', 'damer', 'grand', 'trumf', 'finale')
    """
    if overrides is not None and not isinstance(overrides, Mapping):
        raise RuleError("rules_not_mapping", value=given(overrides))
    try:  # Rules are frozen, so the same request may share one answer
        # the type belongs to the key: True == 1, but only one of them is a valid value
        key = (game, tuple((k, type(v), _freeze(v)) for k, v in (overrides or {}).items()))
        return _cached_rules(key)
    except TypeError:  # something unhashable: let the checks below say what is wrong
        return _make_rules(game, overrides)


def _freeze(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


@lru_cache(maxsize=256)
def _cached_rules(key: tuple[Any, tuple[tuple[Any, type, Any], ...]]) -> Rules:
    game, items = key
    return _make_rules(game, {k: v for k, _, v in items})


def _make_rules(game: str, overrides: Mapping[str, Any] | None) -> Rules:
    if not isinstance(game, str) or game.strip().lower() not in GAME_NAMES:
        raise RuleError("unknown_game", value=given(game), allowed=_GameNames())
    game = game.strip().lower()
    overrides = dict(overrides or {})
    if overrides and not all(isinstance(k, str) for k in overrides):
        raise RuleError("unknown_rule",
                        key=given(next(k for k in overrides if not isinstance(k, str))),
                        allowed=_RuleNames())
    values = {key: parse_rule_value(key, value) for key, value in overrides.items()}
    if game == "custom" and "order" not in values:
        raise RuleError("custom_needs_order")
    base = defaults(game, values.get("order"))
    return replace(base, **values)
