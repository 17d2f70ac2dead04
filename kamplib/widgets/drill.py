"""Drills: the quiz items of :mod:`kamplib.teach.drills` with buttons, feedback and a tally.

The widget lays out a :class:`~kamplib.teach.drills.DrillSession` (which makes the items from
real positions, checks answers with the engine's own answer, and brings missed items back);
answers are buttons, cards to pick (stock toggle buttons), or a number typed in a box that
starts empty.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from kamplib.draw.cards import SUIT_CLASS, suit_color
from kamplib.draw.display import color
from kamplib.errors import KampError
from kamplib.i18n import t
from kamplib.rules import Rules
from kamplib.teach import progress
from kamplib.teach.choices import deck_colors
from kamplib.teach.drills import TOPICS, DrillSession, Item, make_item, parse_points
from kamplib.widgets.base import Looks, Messages, button_row, guarded, html_box, stock_button
from kamplib.widgets.memory import Memory
from kamplib.widgets.style import style_box

__all__ = ["Drill", "TOPICS", "make_item", "Item"]


class Drill(widgets.VBox):
    """Endless quiz items on one topic (or ``mixed``), with feedback and a tally."""

    def __init__(self, topic: str = "mixed", seed: int = 1, lang: str = "nb",
                 kind: str | None = None, four_color: bool | None = None, players: int = 4,
                 game: str = "femkamp", rules: Rules | dict[str, Any] | None = None) -> None:
        super().__init__()
        self.add_class("kamp-drill")
        self.add_class("kamp-widget")
        four_color = deck_colors(four_color)
        self.session = DrillSession(topic, seed, lang=lang, kind=kind, four_color=four_color,
                                    players=players, game=game, rules=rules)
        self.lang = lang
        self.four_color = four_color
        looks = self.looks = Looks()
        self.messages = Messages(lang, looks)
        self.again = html_box("kamp-again", looks=looks)
        self.question = html_box("kamp-question", looks=looks)
        self.picture = html_box("kamp-drill-picture", looks=looks)
        self.answers = widgets.HBox(**looks.of(widgets.HBox))
        self.answers.add_class("kamp-answers")
        self.answers.add_class("kamp-row")
        self.points_input = widgets.Text(value="", placeholder="0",
                                         description=t("word_points", lang),
                                         layout=widgets.Layout(width="12em"))
        self.points_input.add_class("kamp-points-input")
        self.check_button = stock_button(t("word_check", lang), "kamp-check",
                                         on_click=self._on_check, looks=looks)
        self.feedback = html_box("kamp-feedback", looks=looks)
        self.tally = html_box("kamp-tally", looks=looks)
        self.next_button = stock_button(t("w_next", lang), "kamp-next", on_click=self._on_next,
                                        looks=looks)
        row = button_row([self.next_button, self.tally], looks)
        row.add_class("kamp-row")
        # the item shown, its answer and the tally, kept in the browser: they come back after
        # a reload (the drill as it was made: its topic, seed and table)
        self.memory = Memory("drill", self._restore, looks, key={
            "topic": topic, "seed": seed, "kind": kind, "players": players, "game": game,
            "rules": self.session.rules_key()})
        self._last: Any = None  # the answer given to the item shown
        self.children = [style_box(), self.again, self.question, self.picture, self.answers,
                         self.feedback, self.messages.widget, row, self.memory.widget]
        self._show()

    @property
    def item(self) -> Item:
        return self.session.item

    @property
    def right(self) -> int:
        return self.session.right

    @property
    def total(self) -> int:
        return self.session.total

    # -- items ---------------------------------------------------------------------------------
    def _show(self, keep: bool = True) -> None:
        """Show the item; ``keep`` it in the browser, except when an answer given to it is
        about to be shown too (a restore: the state between, answered but with no answer, is
        not a drill's state and would not come back)."""
        item = self.item
        self.again.value = (f"<i>{escape(t('drill_again', self.lang))}</i>"
                            if self.session.again else "")
        self.question.value = f"<b>{escape(item.question)}</b>"
        self.picture.value = item.picture
        self.feedback.value = ""
        self.toggles: list[widgets.ToggleButton] = []
        for control in (self.points_input, self.check_button):
            control.disabled = False
        if item.topic == "legal_cards":
            for card in item.cards:
                style = {"text_color": suit_color(card.suit, self.four_color),
                         "font_weight": "bold"}
                b = widgets.ToggleButton(
                    description=card.symbol,
                    tooltip=card.name(self.lang),
                    **self.looks.of(widgets.ToggleButton, style, width="48px", height="60px"))
                b._dom_classes = ("kamp-card-pick", f"kamp-card-{card.text}",
                                  SUIT_CLASS[card.suit])
                b._kamp_card = card
                self.toggles.append(b)
            self.answers.children = (*self.toggles, self.check_button)
        elif item.topic == "round_score":
            self.points_input.value = ""  # never a default that could be the answer
            self.answers.children = (self.points_input, self.check_button)
        else:
            buttons = []
            for label, value in item.choices:
                b = stock_button(label, "kamp-answer", on_click=self._on_choice,
                                 looks=self.looks)
                b._kamp_value = value
                buttons.append(b)
            self.answers.children = tuple(buttons)
        self._last = None
        self._render_tally()
        if keep:
            self._keep()

    def _keep(self) -> None:
        self.memory.keep(self.session.state(self._last))

    def _restore(self, state: Any) -> None:
        """The drill as the learner left it (a reload, Back): the same item, the answer given
        to it with its feedback, and the tally; what is not a drill's state changes nothing."""
        try:
            last = self.session.restore(state)
        except ValueError:
            return
        self.messages.clear()
        self._show(keep=last is None)
        if last is None:
            return
        if isinstance(last, frozenset):
            for b in self.toggles:
                b.value = b._kamp_card in last
        elif self.item.topic == "round_score":
            self.points_input.value = str(last)
        self._feedback(self.session.answer(last), last)

    @property
    def answer_buttons(self) -> list[widgets.Button]:
        return [b for b in self.answers.children if hasattr(b, "_kamp_value")]

    # -- handlers ------------------------------------------------------------------------------
    @guarded
    def _on_choice(self, button: widgets.Button) -> None:
        self.answer(button._kamp_value)

    @guarded
    def _on_check(self, _b: widgets.Button | None) -> None:
        if self.item.topic == "legal_cards":
            self.answer(frozenset(b._kamp_card for b in self.toggles if b.value))
            return
        try:
            value = parse_points(self.points_input.value)
        except KampError as err:
            self.messages.refuse(err.message(self.lang))
            return
        self.messages.clear()
        self.answer(value)

    @guarded
    def _on_next(self, _b: widgets.Button) -> None:
        self.session.next()
        self.messages.clear()
        self._show()

    def answer(self, value: Any) -> bool:
        """Check an answer; after a wrong one the right answer is shown."""
        first = not self.session.answered
        feedback = self.session.answer(value)
        self._feedback(feedback, value)
        recent = self.session.recent[-progress.DRILL_ITEMS:]
        if first and len(recent) == progress.DRILL_ITEMS:  # stars for the last few answers
            progress.earn("drill", progress.drill_stars(recent.count(False)))
        return feedback.right

    def _feedback(self, feedback: Any, value: Any) -> None:
        """Show what an answer was worth, and keep it."""
        cls = "kamp-right" if feedback.right else "kamp-wrong"
        ink = color("good" if feedback.right else "bad")
        self.feedback.value = (f"<div class='{cls}' role='status'><b style='color:{ink}'>"
                               f"{escape(feedback.verdict)}</b> "
                               f"{escape(feedback.explanation)}</div>")
        self._render_tally()
        self._settle()
        self._last = value
        self._keep()

    def _settle(self) -> None:
        """An answered item takes no more answers (its controls grey out until «Neste
        oppgave»): the first answer counts, and the right one is shown after a wrong one."""
        for control in (*self.answers.children, *self.toggles):
            control.disabled = True

    def _render_tally(self) -> None:
        self.tally.value = escape(self.session.tally())
