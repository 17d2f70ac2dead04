"""The words for the games and the house rules: names, the picker's value labels, a summary line.

The rules picker, the printable page, the choices a page was opened with and the course all say
a house rule the same way, from here: ``value_label("fantan_opener", "left_of_dealer")`` is
"til venstre for giveren", never the code name.  What a rule *does* is said by
:func:`kamplib.rules.rule_help`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kamplib.cards import SUIT_SYMBOLS, SUITS
from kamplib.i18n import has, kind_name, register, suit_name, t
from kamplib.rules import GAMES, Rules, rules_in_play

__all__ = ["game_name", "game_option", "rule_name", "value_label", "changes_text",
           "rules_summary", "house_changes"]

register({
    "game_femkamp": {"nb": "Femkamp", "en": "Femkamp"},
    "game_sekskamp": {"nb": "Sekskamp", "en": "Sekskamp"},
    "game_sjukamp": {"nb": "Sjukamp", "en": "Sjukamp"},
    "game_custom": {"nb": "Eget spill", "en": "Custom game"},
    "house_game_rounds": {"nb": "{game} ({count} {count:runde|runder})", "en": "{game} ({count} "
                                                                               "{count:round|rounds})"},
    "house_game_custom": {"nb": "{game} (velg rundene)", "en": "{game} (choose the rounds)"},
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
    # the summary line
    "house_summary": {"nb": "{game} med {count} {count:spiller|spillere}. {changes}",
                      "en": "{game} with {count} {count:player|players}. {changes}"},
    "house_none": {"nb": "Spillets egne regler.", "en": "The game's own rules."},
    "house_changed": {"nb": "Husregler: {rules}.", "en": "House rules: {rules}."},
})


def game_name(game: str, lang: str = "nb") -> str:
    """``sjukamp`` → ``Sjukamp``; ``custom`` → ``Eget spill``."""
    return t(f"game_{game}", lang)


def game_option(game: str, lang: str = "nb") -> str:
    """A game as the picker lists it: ``Femkamp (5 runder)``."""
    if game in GAMES:
        return t("house_game_rounds", lang, game=game_name(game, lang), count=len(GAMES[game]))
    return t("house_game_custom", lang, game=game_name(game, lang))


def rule_name(key: str, lang: str = "nb") -> str:
    """A house rule's short name (``queen_points`` → ``Poeng per dame``)."""
    return t(f"house_rule_{key}", lang)


def value_label(key: str, value: Any, lang: str = "nb") -> str:
    """A house rule's value as a reader says it (``på``, ``fra sjuerne``, ``♠ spar``)."""
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


def changes_text(changes: Mapping[str, Any], lang: str = "nb") -> str:
    """``Poeng per dame: 5 poeng; Siste runde dobbelt: på`` (or the game's own rules)."""
    if not changes:
        return t("house_none", lang)
    parts = [f"{rule_name(k, lang)}: {value_label(k, v, lang)}" for k, v in changes.items()]
    return t("house_changed", lang, rules="; ".join(parts))


def house_changes(rules: Rules) -> dict[str, Any]:
    """The house rules that differ from the game's own *and* that its rounds read: what a page
    about this game names (a trump chosen for Sjukamp is no house rule of a Femkamp)."""
    in_play = rules_in_play(rules.order)
    return {k: v for k, v in rules.differences().items() if k in in_play}


def rules_summary(rules: Rules, players: int, lang: str = "nb") -> str:
    """One line: the game, the table size and the house rules that differ from the game's."""
    return t("house_summary", lang, game=game_name(rules.game, lang), count=players,
             changes=changes_text(house_changes(rules), lang))
