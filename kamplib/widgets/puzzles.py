"""«Finn det beste kortet»: the puzzle page's widget, layout and events only.

The widget lays out a :class:`~kamplib.teach.trainer.PuzzleBoard` (which chooses the puzzle by
the learner's rating, checks the answer with the coach's stored verdict, plays the move on and
says why): the round and trump, the table drawn as the course draws it, the learner's hand as
cards to tap (each at least 44 px wide), then the verdict, what happened after the card chosen,
and «Neste oppgave».  The learner's rating and own mistakes live in the learner's data, which
the page's link keeps in the browser (:mod:`kamplib.widgets.learner` in the page head).
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from kamplib.cards import Card
from kamplib.draw.cards import SUIT_CLASS
from kamplib.draw.learner import table_html
from kamplib.draw.table import round_scores_html, trump_text
from kamplib.errors import IllegalMove
from kamplib.i18n import t
from kamplib.moves import Move
from kamplib.round import Round
from kamplib.site.practice import PARAM, practice_html
from kamplib.teach.choices import deck_colors
from kamplib.teach.store import LearnerData, on_learner_change
from kamplib.teach.trainer import CHOICES, PuzzleBoard, choice_label
from kamplib.widgets.base import (
    Looks,
    Messages,
    bring_into_view,
    button_row,
    guarded,
    html_box,
    stock_button,
)
from kamplib.widgets.site import Live, SiteHead, page_head
from kamplib.widgets.style import card_faces, style_box

__all__ = ["PuzzleWidget", "practice_link"]


def practice_link(page: SiteHead, choice: str) -> Live:
    """The link from a page that teaches a round to that round's puzzles (``femkamp-pass``),
    drawn again when the learner's choices change (the link carries them)."""
    return Live(lambda choices: practice_html(page.path, choice, choices), "kamp-practice")


class PuzzleWidget(widgets.VBox):
    """One puzzle at a time: the position, the learner's card, the answer and why."""

    def __init__(self, choice: str = "all", lang: str = "nb", four_color: bool | None = None,
                 seed: int | None = None, problem: str = "") -> None:
        super().__init__()
        self.add_class("kamp-puzzles")
        self.add_class("kamp-widget")
        self.lang = lang
        self.four_color = deck_colors(four_color)
        self.board = PuzzleBoard(choice, lang, seed=seed)
        looks = self.looks = Looks()
        self.css = style_box()
        self.messages = Messages(lang, looks)
        self.chooser = widgets.Dropdown(
            options=[(choice_label(c, lang), c) for c in CHOICES], value=choice,
            description=t("puzzle_choose", lang), style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", max_width="min(100%, 30em)"))
        self.chooser.add_class("kamp-puzzle-choice")
        self.chooser.observe(self._on_choice, names="value")
        self.rating = html_box("kamp-puzzle-rating", looks=looks)
        self.heading = html_box("kamp-puzzle-heading", looks=looks)
        self.status = html_box("kamp-status")  # shown and hidden: a layout of its own
        self.table = html_box("kamp-table", looks=looks)
        self.question = html_box("kamp-puzzle-question", looks=looks)
        self.hand = widgets.HBox(**looks.of(widgets.HBox))
        self.hand.add_class("kamp-hand")
        self.card_buttons: list[widgets.Button] = []
        # the buttons of the puzzle shown before this one: a tap on one of them that was on its
        # way while the puzzle changed is said to be too late, never taken as an answer to
        # this puzzle's card at the same place
        self._old_buttons: list[widgets.Button] = []
        self._drawn_for: object | None = None  # the task the buttons are drawn for
        self.verdict = html_box("kamp-puzzle-verdict", looks=looks)
        self.after = html_box("kamp-puzzle-after", looks=looks)
        self.next_button = stock_button(t("puzzle_next", lang), "kamp-puzzle-next",
                                        on_click=self._on_next)  # shown and hidden: its own
        row = button_row([self.next_button], looks)
        row.add_class("kamp-row")
        self.score = html_box("kamp-score", looks=looks)
        # what the page's link asked for that is not there, in words, under the list it is
        # about (the walk: said under the hand, off a phone's first screen)
        self.link_note = Messages(lang)  # shown and hidden: a layout of its own
        self.link_note.widget.add_class("kamp-puzzle-link-note")
        if problem:
            self.link_note.info(problem)
        else:
            self.link_note.widget.layout.display = "none"
        self.children = [self.css, self.chooser, self.link_note.widget, self.rating,
                         self.heading, self.status, self.table, self.score, self.question,
                         self.hand, self.messages.widget, self.verdict, self.after, row]
        on_learner_change(self._on_learner)
        self._render()

    # -- what the learner does ----------------------------------------------------------------
    def pick(self, move: Move | str) -> bool:
        """The learner answers with ``move``; False (and why, in words) when it is refused."""
        try:
            self.board.pick(move)
        except IllegalMove as err:
            self.messages.refuse(err.message(self.lang))
            return False
        self.messages.clear()
        self._render()
        return True

    def next(self) -> None:
        self.messages.clear()
        self.board.next()
        self._render()

    @guarded
    def _on_card(self, button: widgets.Button) -> None:
        if getattr(button, "_kamp_late", False):
            self.messages.info(t("puzzle_changed", self.lang))
        elif button._kamp_card is not None:
            self.pick(button._kamp_card)

    @guarded
    def _on_next(self, _button: widgets.Button) -> None:
        self.next()
        # on a phone the button sits below the last answer's explanation, which is gone now:
        # the new puzzle's heading and trick are above the screen (walk W35)
        bring_into_view(self.heading)

    @guarded
    def _on_choice(self, change: dict[str, Any]) -> None:
        self.messages.clear()
        self.link_note.clear()  # the learner chose: the link's choice is no longer the question
        self.link_note.widget.layout.display = "none"
        self.board.choose(change["new"])
        self._render()
        head = page_head()
        if head is not None:  # the page's address carries the choice: a reload keeps it
            head.keep_in_address(**{PARAM: None if change["new"] == CHOICES[0] else change["new"]})

    def _on_learner(self, _data: LearnerData) -> None:
        """The browser's copy of the learner's data arrived, or the page changed it."""
        self.board.learner_arrived()
        self._render()

    # -- drawing ------------------------------------------------------------------------------
    def _render(self) -> None:
        b, lang = self.board, self.lang
        rating = b.rating_text()
        # nothing but the line's room until the learner's data has arrived (the rating then
        # comes without moving the cards under a finger)
        self.rating.value = (f"<p style='margin:2px 0'><b>{escape(rating)}</b></p>" if rating
                             else "<p aria-hidden='true' style='margin:2px 0;"
                                  "visibility:hidden'><b>&nbsp;</b></p>") \
            + _paragraph(b.tally_text())
        rnd = b.round
        if rnd is None:
            self.heading.value = ""
            self.status.value = self.table.value = self.score.value = ""
            self.status.layout.display = "none"
            self.question.value = _paragraph(b.empty_text())
            self.hand.children = ()
            self._new_buttons()
            self._drawn_for = None
            self.verdict.value = self.after.value = ""
            self.next_button.layout.display = "none"
            return
        self.heading.value = f"<h3 style='margin:8px 0 2px'>{escape(b.heading())}</h3>"
        trump = trump_text(rnd, lang)  # the round is in the heading; Fan Tan has no trump
        self.status.value = f"<b>{escape(trump)}</b>" if trump else ""
        # no line at all without a trump line (Fan Tan): the site draws an empty one as a band
        self.status.layout.display = None if trump else "none"
        self.table.value = table_html(rnd, b.seat, lang=lang, four_color=self.four_color)
        self.score.value = (f"<div><b>{escape(t('w_score_so_far', lang))}</b></div>"
                            + round_scores_html(rnd, lang=lang, classes="kamp-round-score"))
        self.question.value = _paragraph(b.question(), bold=True)
        self._render_hand(rnd)
        lines = b.verdict_lines()
        if lines:
            right = b.outcome is not None and b.outcome.right
            mark = "kamp-rating-good" if right else "kamp-rating-bad"
            self.verdict.value = (f"<div class='{mark}' role='status'>"
                                  + "".join(_paragraph(x, bold=i == 0)
                                            for i, x in enumerate(lines)) + "</div>")
        else:
            self.verdict.value = ""
        self.after.value = "".join(
            f"<p style='margin:8px 0 2px'><b>{escape(title)}</b></p><ol class='kamp-log'>"
            + "".join(f"<li>{escape(x)}</li>" for x in told) + "</ol>"
            for title, told in b.played_on())
        self.next_button.layout.display = None if b.outcome is not None else "none"

    def _render_hand(self, rnd: Round) -> None:
        b = self.board
        if b.task is not self._drawn_for:
            self._new_buttons()
            self._drawn_for = b.task
        legal = set(b.legal())
        answered = b.outcome is not None
        cards = rnd.hand(b.seat)
        self.css.value = style_box(card_faces(cards, self.four_color)).value
        shown = []
        for i, card in enumerate(cards):
            button = self._card_button(i)
            # before the answer the cards that may be played stand up; after it, the best
            best = answered and b.task is not None and b.task.puzzle.is_answer(card)
            up = card in legal or best
            # every card answers a tap until the answer: one that may not be played says why
            # (the walk: a tap on it did nothing, and the page looked broken)
            button._kamp_card = None if answered else card
            button.description = card.symbol
            button.tooltip = _card_tip(card, card in legal, best, self.lang)
            button._dom_classes = ("kamp-card", "kamp-legal" if up else "kamp-illegal",
                                   f"kamp-card-{card.text}", SUIT_CLASS[card.suit])
            shown.append(button)
        self.hand.children = tuple(shown)

    def _new_buttons(self) -> None:
        """Another puzzle: its cards get buttons of their own.  A tap on the last puzzle's
        card that may still be on its way is answered «too late»; older buttons are closed."""
        for button in self._old_buttons:
            button.close()
        for button in self.card_buttons:
            button._kamp_late = button._kamp_card is not None
            button._kamp_card = None
        self._old_buttons, self.card_buttons = self.card_buttons, []

    def _card_button(self, i: int) -> widgets.Button:
        while len(self.card_buttons) <= i:
            button = widgets.Button(**self.looks.of(widgets.Button))
            button._kamp_card = None
            button.on_click(self._on_card)
            self.card_buttons.append(button)
        return self.card_buttons[i]


def _card_tip(card: Card, legal: bool, best: bool, lang: str) -> str:
    if best:
        return t("puzzle_card_best", lang, card=card.name(lang))
    return f"{card.name(lang)}, {t('draw_legal' if legal else 'draw_illegal', lang)}"


def _paragraph(text: str, bold: bool = False) -> str:
    if not text:
        return ""
    inner = f"<b>{escape(text)}</b>" if bold else escape(text)
    return f"<p style='margin:4px 0'>{inner}</p>"
