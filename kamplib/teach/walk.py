"""Stepping through a round that was played: where the steps stop and what each step says.

A step is a trick (or one Fan Tan turn); its sentences are the narration of the actions in it
(:mod:`kamplib.teach.narration`), and where the learner moved, the coach's verdict on that move
and what it cost (:mod:`kamplib.teach.review`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kamplib.i18n import t
from kamplib.kinds import Family
from kamplib.moves import ChooseTrump
from kamplib.round import Round
from kamplib.teach import texts as _texts  # noqa: F401  (registers the teaching words)
from kamplib.teach.narration import Line, round_lines

__all__ = ["steps_of", "step_lines", "step_text"]


def steps_of(rnd: Round) -> list[int]:
    """History positions to stop at: the deal, after each trick (or each Fan Tan turn), the end.

    The dealer naming trump is part of the first step."""
    if rnd.family is Family.FANTAN:
        return list(range(len(rnd.history) + 1))
    offset = 1 if rnd.history and type(rnd.history[0].move) is ChooseTrump else 0
    stops = [offset] if offset else [0]
    for i in range(1, len(rnd.tricks) + 1):
        stops.append(offset + i * rnd.n)
    if len(rnd.history) > stops[-1]:
        stops.append(len(rnd.history))  # an unfinished trick at the end of a record
    return stops


def step_lines(lines: Sequence[Line], stops: Sequence[int], step: int) -> list[Line]:
    """The lines of ``step`` (an index into ``stops``): the actions made in it."""
    if step == 0:
        return [line for line in lines if line.position < stops[0]]
    return [line for line in lines if stops[step - 1] <= line.position < stops[step]]


def step_text(rnd: Round, stops: Sequence[int], step: int, lang: str = "nb", *,
              lines: Sequence[Line] | None = None, learner: int | None = None,
              review: Mapping[int, Any] | None = None) -> list[str]:
    """What happened in ``step``, sentence by sentence; the learner's moves carry the coach's
    verdict and what it cost (``review`` maps a history position to a judgement)."""
    lines = round_lines(rnd) if lines is None else lines
    out = []
    if step == 0:
        fresh = rnd.replayed(stops[0])
        out += [line.text(lang) for line in step_lines(lines, stops, 0)]
        first = fresh.player_to_move
        out.append(t("teach_step_start", lang, player=first))
        return out
    for line in step_lines(lines, stops, step):
        out.append(line.text(lang))
        if review and line.is_action and line.seat == learner and line.position in review:
            j = review[line.position]
            verdict = t("teach_rating", lang, move=j.move_shown(lang), label=j.label_text(lang),
                        reason=j.cost(lang) or j.reason(lang))
            out.append(f"{t('teach_your_move', lang)}: {verdict}")
    return out
