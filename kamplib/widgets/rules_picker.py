"""Choose the game, the players and the house rules, each with a one-line explanation.

The engine checks every choice (``make_rules``, ``check_players``); the picker only collects
them, shows them in the learner's words, and makes them the page's choices.  It lists the house
rules the chosen game's rounds read (``rules_in_play``: a Femkamp has no trump to choose), and a
choice never undoes another: another game keeps the house rules chosen so far
(:mod:`kamplib.teach.choices`), so the page's links carry them to the next page.  Its result
(``.game``, ``.players``, ``.rules``, ``.choices``) is what the other widgets take:
``PlayGame(game=p.game, players=p.players, rules=p.rules)``.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from kamplib.draw.display import MUTED
from kamplib.errors import KampError, RuleError
from kamplib.i18n import register, t
from kamplib.kinds import KINDS, parse_kind
from kamplib.rules import (
    GAME_NAMES,
    RULE_CHOICES,
    RULE_KEYS,
    Rules,
    make_rules,
    rule_help,
    rules_in_play,
)
from kamplib.seating import TABLE_SIZES, check_players
from kamplib.teach.choices import Choices, current, set_current
from kamplib.teach.house_rules import game_option, rule_name, rules_summary, value_label
from kamplib.widgets.base import Looks, Messages, guarded, html_box

__all__ = ["RulesPicker", "parse_order"]



def _field(looks: Looks, kind: type[widgets.DOMWidget]) -> dict[str, Any]:
    """A field's shared layout and style: every field is as wide as the others."""
    return looks.of(kind, width="16em", max_width="100%")

register({
    "picker_players_help": {"nb": "{fewest} til {most} navn med klokka, skilt med komma",
                            "en": "{fewest} to {most} names clockwise, separated by commas"},
    "picker_order_help": {"nb": "Rundene skilt med komma, for eksempel {example}",
                          "en": "The rounds separated by commas, for example {example}"},
    "picker_not_a_round": {"nb": "«{value}» er ikke en runde; rundene heter {allowed}",
                           "en": "'{value}' is not a round; the rounds are {allowed}"},
    "picker_no_rounds": {"nb": "Skriv minst én runde i rekkefølgen",
                         "en": "Write at least one round in the order"},
})


def parse_order(text: str, lang: str = "nb") -> tuple[str, ...]:
    """``Pass, Kløver, Grand`` (either language, or the record names) as a list of kinds: the
    engine's :func:`~kamplib.kinds.parse_kind` reads each name."""
    kinds = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        try:
            kinds.append(parse_kind(part))
        except KampError:
            raise RuleError("picker_not_a_round", value=part, allowed=", ".join(
                KINDS[k].name(lang) for k in KINDS)) from None
    if not kinds:
        raise RuleError("picker_no_rounds")
    return tuple(kinds)


def _order_text(order: tuple[str, ...], lang: str) -> str:
    return ", ".join(KINDS[k].name(lang) for k in order)


class RulesPicker(widgets.VBox):
    """Game, players and house rules; ``on_change(callback)`` hears every valid change.

    It starts from ``choices`` (by default the page's, read from its URL) and makes every valid
    change the page's choices.
    """

    def __init__(self, lang: str | None = None, game: str | None = None,
                 players: str | list[str] | tuple[str, ...] | None = None,
                 choices: Choices | None = None) -> None:
        super().__init__()
        self.add_class("kamp-rules-picker")
        start = choices or current()
        self.lang = lang = lang or start.lang
        self._look = (start.theme, start.deck)  # how the page looks: the picker keeps it
        if game is not None and game != start.game:
            start = start.with_(game=game, changes={})
        names = start.players if players is None else (
            tuple(p.strip() for p in players.split(",")) if isinstance(players, str)
            else tuple(players))
        looks = self.looks = Looks()
        self.messages = Messages(lang, looks)
        # a mistake in the names is said right under their field (on a phone the rules' rows
        # below would put it a screen and a half away)
        self.players_messages = Messages(lang, looks)
        self._callbacks: list[Callable[[RulesPicker], None]] = []
        self._updating = False
        self.game_input = widgets.Dropdown(
            options=[(game_option(g, lang), g) for g in GAME_NAMES], value=start.game,
            **_field(looks, widgets.Dropdown))
        self.game_input.add_class("kamp-game")
        players_help = t("picker_players_help", lang, fewest=TABLE_SIZES[0],
                         most=TABLE_SIZES[-1])
        self.players_input = widgets.Text(
            value=", ".join(names), placeholder=players_help,
            continuous_update=False, **_field(looks, widgets.Text))
        self.players_input.add_class("kamp-players")
        self.order_input = widgets.Text(continuous_update=False,
                                        layout=widgets.Layout(width="30em", max_width="100%"))
        self.order_input.add_class("kamp-rule-order")
        self.rule_inputs: dict[str, widgets.Dropdown] = {}
        self.rule_rows: dict[str, widgets.Box] = {}
        example = _order_text(make_rules("femkamp").order[:3], lang)
        rows = [self._row(t("word_game", lang), self.game_input, ""),
                self._row(t("word_players", lang), self.players_input,
                          players_help),
                self.players_messages.widget,
                self._row(rule_name("order", lang), self.order_input, " ".join([
                    rule_help("order", lang) + ".",
                    t("picker_order_help", lang, example=example)]))]
        for key, values in RULE_CHOICES.items():
            d = widgets.Dropdown(options=[(value_label(key, v, lang), v) for v in values],
                                 **_field(looks, widgets.Dropdown))
            d.add_class(f"kamp-rule-{key}")
            self.rule_inputs[key] = d
            self.rule_rows[key] = self._row(rule_name(key, lang), d, rule_help(key, lang),
                                            hideable=True)
            rows.append(self.rule_rows[key])
        self.summary = html_box("kamp-rules-summary", looks=looks)
        self.children = [*rows, self.messages.widget, self.summary]
        self._rules: Rules = start.rules
        self._players = check_players(names)
        self._show(self._rules)
        self.game_input.observe(self._on_game, names="value")
        for w in (self.players_input, self.order_input, *self.rule_inputs.values()):
            w.observe(self._on_value, names="value")
        self._summarise()

    def _row(self, label: str, field: widgets.Widget, help_text: str,
             hideable: bool = False) -> widgets.Box:
        """Name, field and help in a row that wraps on a phone: name, then field, then help
        (a ``hideable`` row has a layout of its own, so that hiding it hides no other)."""
        looks = self.looks
        name = widgets.HTML(f"<label style='font-weight:bold'>{escape(label)}</label>",
                            **looks.of(widgets.HTML, width="11em", min_width="11em"))
        name.add_class("kamp-field-name")
        field.tooltip = label
        note = widgets.HTML(f"<span style='{MUTED};line-height:1.3'>{escape(help_text)}</span>",
                            **looks.of(widgets.HTML, flex="1 1 14em", min_width="12em"))
        row = {"flex_flow": "row wrap", "align_items": "center", "margin": "2px 0"}
        if hideable:
            return widgets.HBox([name, field, note], layout=widgets.Layout(**row))
        return widgets.HBox([name, field, note], **looks.of(widgets.HBox, None, **row))

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

    @property
    def choices(self) -> Choices:
        """Everything chosen, as the page's links carry it (the page's look and deck kept)."""
        theme, deck = self._look
        return Choices(self.game, self.players, self.settings, self.lang, theme=theme, deck=deck)

    def on_change(self, callback: Callable[[RulesPicker], None]) -> None:
        """Call ``callback(picker)`` after every change the engine accepts."""
        self._callbacks.append(callback)

    # -- handlers ------------------------------------------------------------------------------
    def _show(self, rules: Rules) -> None:
        self._updating = True
        try:
            self.order_input.value = _order_text(rules.order, self.lang)
            for key, d in self.rule_inputs.items():
                d.value = getattr(rules, key)
        finally:
            self._updating = False
        self._show_rows(rules.order)

    def _show_rows(self, order: tuple[str, ...]) -> None:
        """Only the house rules this game's rounds read; the others keep their values."""
        shown = rules_in_play(order)
        for key, row in self.rule_rows.items():
            row.layout.display = None if key in shown else "none"

    @property
    def shown_rules(self) -> tuple[str, ...]:
        """The house rules the picker lists now (those the chosen rounds read; the order is
        always there)."""
        return ("order", *(k for k, row in self.rule_rows.items()
                           if row.layout.display != "none"))

    @guarded
    def _on_game(self, change: dict[str, Any]) -> None:
        game = change["new"]
        # the house rules chosen so far stay chosen: another game changes the rounds, not them
        kept = {k: v for k, v in self._rules.differences().items() if k != "order"}
        if game == "custom":
            try:
                kept["order"] = list(parse_order(self.order_input.value, self.lang))
            except KampError:
                kept["order"] = list(self._rules.order)
        self._rules = make_rules(game, kept)
        self._show(self._rules)
        self._changed()

    @guarded
    def _on_value(self, _change: dict[str, Any]) -> None:
        if self._updating:
            return
        names_ok = rules_ok = True
        try:  # players and rules are checked apart, so one mistake does not hide the other
            self._players = check_players([p.strip() for p in self.players_input.value.split(",")])
            self.players_messages.clear()
        except KampError as err:
            self.players_messages.error(err.message(self.lang))
            names_ok = False
        try:
            values: dict[str, Any] = {key: d.value for key, d in self.rule_inputs.items()}
            values["order"] = list(parse_order(self.order_input.value, self.lang))
            self._rules = make_rules(self.game_input.value, values)
            self._show_rows(self._rules.order)
            self.messages.clear()
        except KampError as err:
            self.messages.error(err.message(self.lang))
            rules_ok = False
        if not (names_ok and rules_ok):
            self._summarise()
            return
        self._changed()

    def _changed(self) -> None:
        self.messages.clear()
        self.players_messages.clear()
        self._summarise()
        set_current(self.choices)
        for callback in self._callbacks:
            callback(self)

    def _summarise(self) -> None:
        self.summary.value = escape(rules_summary(self._rules, len(self._players), self.lang))

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
                raise RuleError("unknown_rule", key=key, allowed=", ".join(
                    ["game", "players", *RULE_KEYS]))
