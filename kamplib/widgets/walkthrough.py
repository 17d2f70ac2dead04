"""Step through a recorded or generated round: trick by trick, or turn by turn in Fan Tan.

Each step is the round's history replayed up to a point by the engine (``round.replayed``),
so what is shown is exactly what the rules make of the record.  A sentence per step says who
took the trick and why, and what it scored.
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
from kamplib.i18n import SuitName, t
from kamplib.round import PASS, Round
from kamplib.rules import Rules, parse_kind
from kamplib.view import make_view
from kamplib.widgets.base import Messages, button_row, guarded, html_box, stock_button

__all__ = ["Walkthrough", "steps_of", "step_sentence"]


def steps_of(rnd: Round) -> list[int]:
    """History positions to stop at: the deal, after each trick (or each Fan Tan turn), the end."""
    if rnd.kind == "fantan":
        return list(range(len(rnd.history) + 1))
    stops = [0]
    for i in range(1, len(rnd.tricks) + 1):
        stops.append(i * rnd.n)
    if len(rnd.history) > stops[-1]:
        stops.append(len(rnd.history))  # an unfinished trick at the end of a record
    return stops


def _why(trick: Any, trump: str | None, lang: str) -> str:
    led = trick.plays[0][1].suit
    card = next(c for s, c in trick.plays if s == trick.winner)
    if trump and card.suit == trump:
        return t("w_why_trump", lang)
    followers = sum(1 for _, c in trick.plays if c.suit == led)
    return t("w_why_alone" if followers == 1 else "w_why_high", lang, suit=SuitName(led))


def step_sentence(rnd: Round, stops: list[int], step: int, lang: str = "nb") -> str:
    """What happened in ``step`` (an index into ``stops``), in words."""
    now = rnd.replayed(stops[step])
    if step == 0:
        first = now.player_to_move or rnd.players[(rnd.dealer + 1) % rnd.n]
        return t("w_step_start", lang, player=first)
    before = rnd.replayed(stops[step - 1])
    gained = [a - b for a, b in zip(now.score_list(), before.score_list(), strict=True)]
    if rnd.kind == "fantan":
        seat, move = rnd.history[stops[step] - 1]
        name = rnd.players[seat]
        if move == PASS:
            forced = all(m == PASS for m in before.legal_moves())
            text = t("w_step_pass" if forced else "w_step_pass_free", lang, number=step,
                     player=name)
        else:
            text = t("w_step_lay", lang, number=step, player=name, card=move)
            if now.is_over and now.out == seat:
                text += " " + t("w_step_out", lang, player=name)
    elif len(now.tricks) > len(before.tricks):
        trick = now.tricks[-1]
        winner = rnd.players[trick.winner]
        card = next(c for s, c in trick.plays if s == trick.winner)
        points = gained[trick.winner]
        scored = (t("w_scored", lang, player=winner, points=points) if points
                  else t("w_scored_nothing", lang))
        text = t("w_step_trick", lang, number=len(now.tricks), player=winner, card=card,
                 why=_why(trick, now.trump, lang), scored=scored)
    else:  # the unfinished trick a record may end with
        text = ", ".join(t("w_bot_played", lang, player=rnd.players[s], move=c.symbol)
                         for s, c in now.trick)
    if now.is_over:
        scores = ", ".join(f"{p} {s}" for p, s in now.scores().items())
        text += " " + t("w_step_end", lang, scores=scores)
    return text


class Walkthrough(widgets.VBox):
    """Forward and back through one round (of a record, a game or a round object)."""

    def __init__(self, source: Round | Game | str | bytes | Mapping[str, Any],
                 lang: str = "nb", four_color: bool = False) -> None:
        super().__init__()
        self.add_class("kamp-walkthrough")
        self.lang = lang
        self.four_color = four_color
        self.messages = Messages(lang)
        if isinstance(source, (str, bytes, Mapping)):
            from kamplib.record import read_record

            source = read_record(source)
        self.game = source if isinstance(source, Game) else None
        rounds = list(source.rounds) if isinstance(source, Game) else [source]
        self.rounds = rounds
        self.picker = widgets.Dropdown(
            options=[(round_title(r, lang), i)
                     for i, r in enumerate(rounds)],
            value=0, description=t("word_round", lang))
        self.picker.add_class("kamp-round-pick")
        self.picker.layout.display = None if len(rounds) > 1 else "none"
        self.picker.observe(self._on_pick, names="value")
        self.start_button = stock_button(t("w_start", lang), "kamp-walk-start",
                                         on_click=self._on_start)
        self.back_button = stock_button(t("w_back", lang), "kamp-walk-back",
                                        on_click=self._on_back)
        self.forward_button = stock_button(t("w_forward", lang), "kamp-walk-forward",
                                           on_click=self._on_forward)
        self.end_button = stock_button(t("w_end", lang), "kamp-walk-end", on_click=self._on_end)
        self.step_label = html_box("kamp-step")
        self.sentence = html_box("kamp-step-text")
        self.picture = html_box("kamp-walk-table")
        self.children = [self.picker,
                         button_row([self.start_button, self.back_button,
                                     self.forward_button, self.end_button, self.step_label]),
                         self.sentence, self.messages.widget, self.picture]
        self._select(0)

    @classmethod
    def generate(cls, kind: str = "pass", seed: int = 1, *, game: str = "femkamp",
                 players: int | list[str] = 4, rules: Rules | dict[str, Any] | None = None,
                 level: str = "heuristic", lang: str = "nb",
                 four_color: bool = False) -> Walkthrough:
        """A round of ``kind`` dealt from ``seed`` and played out by bots, ready to step through."""
        from kamplib.bots import make_bot
        from kamplib.widgets.play import _round_rules, default_names

        names = default_names(players, -1, lang)
        g = Game(names, rules=_round_rules(parse_kind(kind), game, rules), seed=seed)
        bots = [make_bot(level, seed=seed * 10 + s) for s in range(len(names))]
        rnd = g.round
        while not rnd.is_over:
            seat = rnd.to_move
            g.play(bots[seat].choose(make_view(rnd, seat)).move)
        return cls(rnd, lang=lang, four_color=four_color)

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
        self.sentence.value = f"<p>{escape(step_sentence(rnd, self._stops, self._step, lang))}</p>"
        self.back_button.disabled = self.start_button.disabled = self._step == 0
        self.forward_button.disabled = self.end_button.disabled = self._step == self.steps
        title = round_title(rnd, lang)
        facts = [t("draw_dealer", lang, player=rnd.players[rnd.dealer])]
        if rnd.kind != "fantan":
            facts.append(trump_text(now, lang))
        parts = [f"<div><b>{escape(title)}</b> · {escape(' · '.join(facts))}</div>"]
        legal = {m for m in now.legal_moves() if isinstance(m, Card)}
        for seat, name in enumerate(rnd.players):
            parts.append(f"<div><b>{escape(name)}</b>"
                         + hand_html(now.hand(seat), lang=lang, four_color=self.four_color,
                                     player=name, scale=0.55,
                                     legal=legal if seat == now.to_move else None) + "</div>")
        if rnd.kind == "fantan":
            parts.append(fantan_table_html(now, lang=lang, four_color=self.four_color))
        elif now.trick:
            parts.append(trick_html(now.trick, rnd.players, winning=now.winning, lang=lang,
                                    four_color=self.four_color))
        elif now.tricks:
            last = now.tricks[-1]
            parts.append(trick_html(last.plays, rnd.players, winning=last.winner, finished=True,
                                    lang=lang, four_color=self.four_color,
                                    title=t("draw_last_trick", lang)))
        parts.append(round_scores_html(now, lang=lang))
        self.picture.value = "".join(parts)
