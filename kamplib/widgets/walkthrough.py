"""Step through a recorded or generated round: trick by trick, or turn by turn in Fan Tan.

Each step is the round's history replayed up to a point by the engine (``round.replayed``),
so what is shown is exactly what the rules make of the record.  The sentences of a step are
the teaching layer's narration (:mod:`kamplib.teach.walk`); after a round the learner played,
their own moves are marked with the coach's verdict and what each cost.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from kamplib.cards import Card
from kamplib.draw.cards import hand_html
from kamplib.draw.table import (
    fantan_table_html,
    round_scores_html,
    round_title,
    trick_html,
    trump_text,
)
from kamplib.game import Game
from kamplib.i18n import t
from kamplib.kinds import Family
from kamplib.round import Round
from kamplib.rules import Rules
from kamplib.teach.choices import deck_colors
from kamplib.teach.narration import round_lines
from kamplib.teach.walk import step_text, steps_of
from kamplib.tricks import TrickRound
from kamplib.widgets.base import Looks, Messages, button_row, guarded, html_box, stock_button
from kamplib.widgets.style import style_box

__all__ = ["Walkthrough", "steps_of"]


class Walkthrough(widgets.VBox):
    """Forward and back through one round (of a record, a game or a round object)."""

    def __init__(self, source: Round | Game | str | bytes | Mapping[str, Any],
                 lang: str = "nb", four_color: bool | None = None, *,
                 learner: int | None = None,
                 review: Mapping[int, Any] | None = None) -> None:
        super().__init__()
        self.add_class("kamp-walkthrough")
        self.add_class("kamp-widget")
        self.lang = lang
        self.four_color = deck_colors(four_color)
        self.learner = learner
        self.review = dict(review or {})
        looks = Looks()
        self.messages = Messages(lang, looks)
        if isinstance(source, (str, bytes, Mapping)):
            from kamplib.record import read_record

            source = read_record(source)
        self.game = source if isinstance(source, Game) else None
        rounds = list(source.rounds) if isinstance(source, Game) else [source]
        self.rounds = rounds
        self.picker = widgets.Dropdown(
            options=[(round_title(r, lang), i) for i, r in enumerate(rounds)],
            value=0, description=t("word_round", lang))
        self.picker.add_class("kamp-round-pick")
        self.picker.layout.display = None if len(rounds) > 1 else "none"
        self.picker.observe(self._on_pick, names="value")
        self.start_button = stock_button(t("w_start", lang), "kamp-walk-start",
                                         on_click=self._on_start, looks=looks)
        self.back_button = stock_button(t("w_back", lang), "kamp-walk-back",
                                        on_click=self._on_back, looks=looks)
        self.forward_button = stock_button(t("w_forward", lang), "kamp-walk-forward",
                                           on_click=self._on_forward, looks=looks)
        self.end_button = stock_button(t("w_end", lang), "kamp-walk-end", on_click=self._on_end,
                                       looks=looks)
        self.step_label = html_box("kamp-step", looks=looks)
        self.sentence = html_box("kamp-step-text", looks=looks)
        self.picture = html_box("kamp-walk-table", looks=looks)
        row = button_row([self.start_button, self.back_button, self.forward_button,
                          self.end_button, self.step_label], looks)
        row.add_class("kamp-row")
        self.children = [style_box(), self.picker, row, self.sentence, self.messages.widget,
                         self.picture]
        self._select(0)

    @classmethod
    def generate(cls, kind: str = "pass", seed: int = 1, *, game: str = "femkamp",
                 players: int | list[str] = 4, rules: Rules | dict[str, Any] | None = None,
                 level: str = "heuristic", lang: str = "nb",
                 four_color: bool | None = None) -> Walkthrough:
        """A round of ``kind`` dealt from ``seed`` and played out by bots, ready to step through."""
        from kamplib.autoplay import autoplay, make_bots
        from kamplib.teach.session import default_names, one_round_rules

        names = default_names(players, -1, lang)
        g = Game(names, rules=one_round_rules(kind, game, rules), seed=seed)
        autoplay(g, make_bots(len(names), level, seed))
        return cls(g.round, lang=lang, four_color=four_color)

    # -- navigation ----------------------------------------------------------------------------
    @property
    def round(self) -> Round:
        return self.rounds[self._round_index]

    @property
    def step(self) -> int:
        return self._step

    @property
    def steps(self) -> int:
        return len(self._stops) - 1

    def _select(self, index: int) -> None:
        self._round_index = index
        self._stops = steps_of(self.round)
        self._lines = round_lines(self.round)
        self.go(0)

    def go(self, step: int) -> None:
        """Show ``step`` (0 = the deal), clamped to the round."""
        self._step = max(0, min(step, self.steps))
        self._render()

    @guarded
    def _on_pick(self, change: dict[str, Any]) -> None:
        self._select(int(change["new"]))

    @guarded
    def _on_start(self, _b: widgets.Button) -> None:
        self.go(0)

    @guarded
    def _on_back(self, _b: widgets.Button) -> None:
        self.go(self._step - 1)

    @guarded
    def _on_forward(self, _b: widgets.Button) -> None:
        self.go(self._step + 1)

    @guarded
    def _on_end(self, _b: widgets.Button) -> None:
        self.go(self.steps)

    # -- drawing -------------------------------------------------------------------------------
    def _render(self) -> None:
        lang = self.lang
        rnd = self.round
        now = rnd.replayed(self._stops[self._step])
        self.step_label.value = escape(t("w_step", lang, step=self._step, steps=self.steps))
        review = self.review if self._round_index == len(self.rounds) - 1 or \
            self.game is None else {}
        said = step_text(rnd, self._stops, self._step, lang, lines=self._lines,
                         learner=self.learner, review=review)
        self.sentence.value = "".join(
            f"<p class='{'kamp-your-move' if s.startswith(t('teach_your_move', lang)) else ''}'"
            f" style='margin:2px 0'>{escape(s)}</p>" for s in said)
        self.back_button.disabled = self.start_button.disabled = self._step == 0
        self.forward_button.disabled = self.end_button.disabled = self._step == self.steps
        facts = [t("draw_dealer", lang, player=rnd.players[rnd.dealer])]
        if rnd.family is Family.TRICKS:
            facts.append(trump_text(now, lang))
        parts = [f"<div><b>{escape(round_title(rnd, lang))}</b> · "
                 f"{escape(' · '.join(facts))}</div>"]
        legal = {m for m in now.legal_moves() if isinstance(m, Card)}
        for seat, name in enumerate(rnd.players):
            parts.append(f"<div><b>{escape(name)}</b>"
                         + hand_html(now.hand(seat), lang=lang, four_color=self.four_color,
                                     player=name, scale=0.45,
                                     legal=legal if seat == now.to_move else None) + "</div>")
        if rnd.family is Family.FANTAN:
            parts.append(fantan_table_html(now, lang=lang, four_color=self.four_color))
        elif isinstance(now, TrickRound) and now.trick:
            parts.append(trick_html(now.trick, rnd.players, winning=now.winning, lang=lang,
                                    four_color=self.four_color))
        elif now.tricks:
            last = now.tricks[-1]
            parts.append(trick_html(last.plays, rnd.players, winning=last.winner, finished=True,
                                    lang=lang, four_color=self.four_color,
                                    title=t("draw_trick_done", lang)))
        parts.append(round_scores_html(now, lang=lang))
        self.picture.value = "".join(parts)
