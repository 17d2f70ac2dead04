"""The words for the games and the house rules: names, the picker's value labels, a summary line.

The rules picker, the printable page, the choices a page was opened with and the course all say
a house rule the same way, from here: ``value_label("fantan_opener", "left_of_dealer")`` is
"til venstre for giveren", never the code name.  What a rule *does* is said by
:func:`kamplib.rules.rule_help`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kamplib.i18n import register, t
from kamplib.rules import GAMES, Rules, game_name, rule_name, rules_in_play, value_label

__all__ = ["game_name", "game_option", "rule_name", "value_label", "changes_text",
           "rules_summary", "house_changes"]

register({
    "house_game_rounds": {"nb": "{game} ({count} {count:runde|runder})", "en": "{game} ({count} "
                                                                               "{count:round|rounds})"},
    "house_game_custom": {"nb": "{game} (velg rundene)", "en": "{game} (choose the rounds)"},
    # the summary line
    "house_summary": {"nb": "{game} med {count} {count:spiller|spillere}. {changes}",
                      "en": "{game} with {count} {count:player|players}. {changes}"},
    "house_none": {"nb": "Spillets egne regler.", "en": "The game's own rules."},
    "house_changed": {"nb": "{count:Husregel|Husregler}: {rules}.",
                      "en": "{count:House rule|House rules}: {rules}."},
    "house_rule_value": {"nb": "{rule} ({value})", "en": "{rule} ({value})"},
})


def game_option(game: str, lang: str = "nb") -> str:
    """A game as the picker lists it: ``Femkamp (5 runder)``."""
    if game in GAMES:
        return t("house_game_rounds", lang, game=game_name(game, lang), count=len(GAMES[game]))
    return t("house_game_custom", lang, game=game_name(game, lang))


def changes_text(changes: Mapping[str, Any], lang: str = "nb") -> str:
    """``Husregler: Poeng per dame (5 poeng), Siste runde dobbelt (på).`` (or the game's own
    rules): one colon, so a summary never reads «Husregler: Poeng per dame: 5 poeng»."""
    if not changes:
        return t("house_none", lang)
    parts = [t("house_rule_value", lang, rule=rule_name(k, lang), value=value_label(k, v, lang))
             for k, v in changes.items()]
    return t("house_changed", lang, count=len(parts), rules=", ".join(parts))


def house_changes(rules: Rules) -> dict[str, Any]:
    """The house rules that differ from the game's own *and* that its rounds read: what a page
    about this game names (a trump chosen for Sjukamp is no house rule of a Femkamp)."""
    in_play = rules_in_play(rules.order)
    return {k: v for k, v in rules.differences().items() if k in in_play}


def rules_summary(rules: Rules, players: int, lang: str = "nb") -> str:
    """One line: the game, the table size and the house rules that differ from the game's."""
    return t("house_summary", lang, game=game_name(rules.game, lang), count=players,
             changes=changes_text(house_changes(rules), lang))
