"""The easy opponent: any legal move, picked at random (reproducible from a seed)."""

from __future__ import annotations

import random

from kamplib.bots.base import Decision, check_to_move, reason
from kamplib.moves import Move
from kamplib.round import Round
from kamplib.view import PlayerView

__all__ = ["RandomBot"]


class RandomBot:
    """Plays a random legal move; a given seed gives the same game every time."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Decision:
        check_to_move(view)
        move = self.rng.choice(view.legal)
        return Decision(move, reason("why_random"))

    def move_in(self, rnd: Round, seat: int) -> Move:
        """The same choice as :meth:`choose`, read from the round (no view, no reason)."""
        return self.rng.choice(rnd.legal_moves())
