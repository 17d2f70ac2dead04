"""The coach's judgement of a learner's moves, shown the same way after a move and in a review.

The judgement and its words are :mod:`kamplib.hints`' (the search's rating of every legal move);
the search is deterministic (its seed comes from the position and its budget counts work, not
seconds), so the same position always gets the same rating, whether it is met while playing or
in a record loaded later.  This module words the comparison with the best move («♦A: i snitt
3,3 poeng; ♥2 hadde gitt 2,1 — du tapte omtrent 1,2»).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kamplib import hints
from kamplib.bots.explain import format_points, shown_difference
from kamplib.i18n import t
from kamplib.moves import Move, move_text
from kamplib.teach import texts as _texts  # noqa: F401  (registers the teaching words)
from kamplib.view import PlayerView

__all__ = ["Judgement", "judge", "move_text", "number_text", "lost_in_all"]


def number_text(value: float, lang: str = "nb") -> str:
    """One decimal, with a decimal comma in bokmål (3,3) and a point in English (3.3), and a
    real minus sign, as the coach's own sentences write it (:func:`format_points`)."""
    return format_points(value, lang)


@dataclass(frozen=True)
class Judgement:
    """The coach's verdict on one move: its rating, and the best move's for comparison."""

    move: Move
    rating: Any  # hints.MoveRating of the move played
    best: Any  # hints.MoveRating of the move the coach recommends
    only_move: bool

    @property
    def label(self) -> str:
        return str(self.rating.label)

    @property
    def lost(self) -> float | None:
        """Average points the move cost against the best one (None without the search); in a
        round whose total varies, against the others' average (``rating.relative``)."""
        mine, theirs = self.rating.expected, self.best.expected
        if mine is None or theirs is None:
            return None
        return max(0.0, float(mine) - float(theirs))

    @property
    def costly(self) -> bool:
        return self.label != "good"

    def label_text(self, lang: str = "nb") -> str:
        return str(self.rating.label_text(lang))

    def move_shown(self, lang: str = "nb") -> str:
        return move_text(self.move, lang)

    def reason(self, lang: str = "nb", *, note: bool = True) -> str:
        """The coach's sentence about the move that was played (``note``: see
        :meth:`~kamplib.hints.MoveRating.text`)."""
        return str(self.rating.text(lang, note=note))

    def headline(self, lang: str = "nb") -> str:
        """«♣4: risikabelt. …» — the label and the sentence of the move played."""
        return t("teach_rating", lang, move=move_text(self.move, lang),
                 label=self.label_text(lang), reason=self.reason(lang))

    def cost(self, lang: str = "nb") -> str:
        """The expected points of the move beside the best move's."""
        if self.only_move:  # the coach's sentence already says it was the only one
            return ""
        mine = self.rating.expected
        if mine is None or self.best.expected is None:
            return ""
        same = number_text(mine, lang) == number_text(self.best.expected, lang)
        if self.best.move == self.move or same or (self.lost or 0.0) < 0.05:
            text = t("teach_cost_best", lang, move=move_text(self.move, lang),
                     mine=number_text(mine, lang))
        else:  # the loss as the two numbers shown add up, as the coach's sentence says it
            text = t("teach_cost", lang, move=move_text(self.move, lang),
                     mine=number_text(mine, lang), best=move_text(self.best.move, lang),
                     theirs=number_text(self.best.expected, lang),
                     lost=number_text(shown_difference(mine, self.best.expected), lang))
        return text + hints.numbers_note(self.rating.relative, lang)


def judge(view: PlayerView, move: Move, *, level: str = "search") -> Judgement:
    """How good ``move`` was in ``view`` (the view before it), always the same for a position."""
    h = hints.hint(view, level=level)
    rating = h.rating(move)
    best = h.rating(h.move)
    return Judgement(rating.move, rating, best, len(view.legal) == 1)


def lost_in_all(judgements: Sequence[Judgement]) -> float:
    """Average points the moves cost in all, against the best move each time."""
    return sum(j.lost or 0.0 for j in judgements)
