"""The coach's judgement of a learner's moves, shown the same way after a move and in a review.

The judgement and its words are :mod:`kamplib.hints`' (the search's rating of every legal move);
the search is deterministic (its seed comes from the position and its budget counts work, not
seconds), so the same position always gets the same rating, whether it is met while playing or
in a record loaded later.  This module words the comparison with the best move in one short
line («♦A kostet deg omtrent 1,2 poeng mot ♥2»): like every number of the coach's, what a move
cost against the one it recommends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kamplib import hints
from kamplib.bots.explain import format_points
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
    all_equal: bool = False  # every legal move ended alike
    # the coach's whole advice on the position (every move's rating): a bad move becomes a
    # personal puzzle whose answers are the moves rated good (kamplib.teach.mistakes)
    hint: Any = field(default=None, compare=False, repr=False)

    @property
    def label(self) -> str:
        return str(self.rating.label)

    @property
    def lost(self) -> float | None:
        """Points of the round the move cost against the recommended one, as the coach shows it
        (one decimal; None without the search); in a round whose total varies, against the
        others' average (``rating.relative``)."""
        loss = self.rating.loss
        return None if loss is None else float(loss)

    @property
    def costly(self) -> bool:
        """Rated weaker or bad: a review lists it with what it cost."""
        return self.label in ("weaker", "bad")

    def label_text(self, lang: str = "nb") -> str:
        return str(self.rating.label_text(lang))

    def move_shown(self, lang: str = "nb") -> str:
        return move_text(self.move, lang)

    def reason(self, lang: str = "nb", *, note: bool = True) -> str:
        """The coach's sentence about the move that was played (``note``: see
        :meth:`~kamplib.hints.MoveRating.text`)."""
        return str(self.rating.text(lang, note=note))

    def headline(self, lang: str = "nb") -> str:
        """«♣4: svakere. …» — the label and the sentence of the move played."""
        return t("teach_rating", lang, move=move_text(self.move, lang),
                 label=self.label_text(lang), reason=self.reason(lang))

    def cost(self, lang: str = "nb") -> str:
        """One short line: what the move cost against the recommended one (or that it was the
        best, about as good, or that every move ended alike); nothing for a forced move or
        without the search's numbers."""
        r = self.rating
        if self.only_move or r.loss is None:
            return ""
        move = move_text(self.move, lang)
        if self.all_equal:
            return t("teach_cost_all_equal", lang, move=move)
        if r.like_best:
            return t("teach_cost_best", lang, move=move)
        if r.about_equal:
            return t("teach_cost_equal", lang, move=move, best=move_text(r.best, lang))
        error = (t("coach_error", lang, error=number_text(r.uncertainty, lang))
                 if r.uncertainty else "")
        return (t("teach_cost", lang, move=move, lost=number_text(r.loss, lang), error=error,
                  best=move_text(r.best, lang)) + hints.numbers_note(r.relative, lang))


def judge(view: PlayerView, move: Move, *, level: str = "search",
          samples: int | None = None) -> Judgement:
    """How good ``move`` was in ``view`` (the view before it), always the same for a position
    (``samples``: fewer deals, for a quick look)."""
    h = hints.hint(view, level=level, samples=samples)
    rating = h.rating(move)
    best = h.rating(h.move)
    return Judgement(rating.move, rating, best, h.verdict.forced, h.verdict.all_equal, h)


def lost_in_all(judgements: Sequence[Judgement]) -> float:
    """What the moves cost in all, as the sum of the costs shown for each (so the total a
    review states is the sum of the numbers it lists)."""
    return round(sum(j.lost or 0.0 for j in judgements), 1)
