"""The easy opponent: any legal move, picked at random (reproducible from a seed)."""

from __future__ import annotations

import random

from kamplib.bots import Decision, check_to_move, reason
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
