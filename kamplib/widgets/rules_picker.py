"""Choose the game, the players and the house rules, each with a one-line explanation.

The engine checks every choice (``make_rules``, ``check_players``); the picker only collects
them.  Its result (``.game``, ``.players``, ``.rules``, ``.settings``) is what the other widgets
take: ``PlayGame(game=p.game, players=p.players, rules=p.rules)``.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from kamplib.cards import SUIT_SYMBOLS, SUITS
from kamplib.errors import KampError
from kamplib.game import check_players
from kamplib.i18n import has, suit_name, t
from kamplib.rules import GAME_NAMES, RULE_CHOICES, Rules, make_rules, rule_help
from kamplib.widgets.base import Messages, guarded, html_box

__all__ = ["RulesPicker", "value_label"]

_DEFAULT_PLAYERS = "Kari, Ola, Siri, Per"


def value_label(key: str, value: Any, lang: str = "nb") -> str:
    """A house rule value as a reader says it (``ja``, ``fra sjuerne``, ``♠ spar``)."""
    if isinstance(value, bool):
        return t("w_yes" if value else "w_no", lang)
    if key == "trump" and value in SUITS:
        return f"{SUIT_SYMBOLS[value]} {suit_name(value, lang)}"
    code = f"w_value_{key}_{value}"
    return t(code, lang) if has(code) else str(value)


class RulesPicker(widgets.VBox):
    """Game, players and house rules; ``on_change(callback)`` hears every valid change."""

    def __init__(self, lang: str = "nb", game: str = "femkamp",
                 players: str | list[str] = _DEFAULT_PLAYERS) -> None:
        super().__init__()
        self.add_class("kamp-rules-picker")
        self.lang = lang
        self.messages = Messages(lang)
        self._callbacks: list[Callable[[RulesPicker], None]] = []
        self._updating = False
        self.game_input = widgets.Dropdown(
            options=[(t(f"w_game_{g}", lang), g) for g in GAME_NAMES], value=game,
            description=t("w_game", lang))
        self.game_input.add_class("kamp-game")
        text = players if isinstance(players, str) else ", ".join(players)
        self.players_input = widgets.Text(value=text, description=t("word_players", lang),
                                          placeholder=t("w_players_help", lang),
                                          continuous_update=False)
        self.players_input.add_class("kamp-players")
        self.order_input = widgets.Text(description=t("w_rule_order", lang),
                                        continuous_update=False)
        self.order_input.add_class("kamp-rule-order")
        self.rule_inputs: dict[str, widgets.Dropdown] = {}
        rows = [self._row(self.players_input, t("w_players_help", lang)),
                self._row(self.order_input, rule_help("order", lang))]
        for key, choices in RULE_CHOICES.items():
            d = widgets.Dropdown(options=[(value_label(key, v, lang), v) for v in choices],
                                 description=t(f"w_rule_{key}", lang),
                                 style={"description_width": "11em"},
                                 layout=widgets.Layout(width="24em"))
            d.add_class(f"kamp-rule-{key}")
            self.rule_inputs[key] = d
            rows.append(self._row(d, rule_help(key, lang)))
        self.summary = html_box("kamp-rules-summary")
        self.children = [self.game_input, *rows, self.messages.widget, self.summary]
        self._rules: Rules = make_rules(game)
        self._players = check_players([p.strip() for p in text.split(",")])
        self._show_defaults(self._rules)
        self.game_input.observe(self._on_game, names="value")
        for w in (self.players_input, self.order_input, *self.rule_inputs.values()):
            w.observe(self._on_value, names="value")
        self._summarise()

    @staticmethod
    def _row(widget: widgets.Widget, help_text: str) -> widgets.HBox:
        note = widgets.HTML(f"<span style='color:#555'>{escape(help_text)}</span>")
        return widgets.HBox([widget, note])

    # -- the result ----------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self._rules.game

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def settings(self) -> dict[str, Any]:
        """The house rules that differ from the game's own, as a record writes them."""
        return self._rules.differences()

    def on_change(self, callback: Callable[[RulesPicker], None]) -> None:
        """Call ``callback(picker)`` after every change the engine accepts."""
        self._callbacks.append(callback)

    # -- handlers ------------------------------------------------------------------------------
    def _show_defaults(self, rules: Rules) -> None:
        self._updating = True
        try:
            self.order_input.value = ", ".join(rules.order)
            for key, d in self.rule_inputs.items():
                d.value = getattr(rules, key)
        finally:
            self._updating = False

    @guarded
    def _on_game(self, change: dict[str, Any]) -> None:
        game = change["new"]
        order = [k.strip() for k in self.order_input.value.split(",") if k.strip()]
        rules = make_rules(game, {"order": order} if game == "custom" else None)
        self._rules = rules
        self._show_defaults(rules)
        self._changed()

    @guarded
    def _on_value(self, _change: dict[str, Any]) -> None:
        if self._updating:
            return
        game = self.game_input.value
        values: dict[str, Any] = {key: d.value for key, d in self.rule_inputs.items()}
        values["order"] = self.order_input.value
        problems = []
        try:  # players and rules are checked apart, so one mistake does not hide the other
            self._players = check_players([p.strip() for p in self.players_input.value.split(",")])
        except KampError as err:
            problems.append(err.message(self.lang))
        try:
            self._rules = make_rules(game, values)
        except KampError as err:
            problems.append(err.message(self.lang))
        if problems:
            self._summarise()
            self.messages.error(" ".join(problems))
            return
        self._changed()

    def _changed(self) -> None:
        self.messages.clear()
        self._summarise()
        for callback in self._callbacks:
            callback(self)

    def _summarise(self) -> None:
        lang = self.lang
        diffs = self._rules.differences()
        if diffs:
            parts = [f"{t(f'w_rule_{k}', lang)}: "
                     + (", ".join(v) if k == "order" else value_label(k, v, lang))
                     for k, v in diffs.items()]
            changes = t("w_rules_changed", lang, rules="; ".join(parts))
        else:
            changes = t("w_rules_default", lang)
        game = t(f"w_game_{self.game}", lang).split(" (")[0]
        self.summary.value = escape(t("w_rules_ok", lang, game=game, count=len(self._players),
                                      changes=changes))

    def set(self, **values: Any) -> None:
        """Set inputs from Python (``players="A, B, C"``, ``queen_points=5``) as a learner would."""
        for key, value in values.items():
            if key == "game":
                self.game_input.value = value
            elif key == "players":
                self.players_input.value = value if isinstance(value, str) else ", ".join(value)
            elif key == "order":
                self.order_input.value = value if isinstance(value, str) else ", ".join(value)
            elif key in self.rule_inputs:
                self.rule_inputs[key].value = value
            else:
                raise KampError("unknown_rule", key=key,
                                allowed=", ".join(["game", "players", "order", *RULE_CHOICES]))
