"""The one loop that lets bots play: until a human's turn, the end of the round, or the game.

Widgets, the course helpers, the simulations, the command line and the drills all play bots
through :func:`steps` (one move at a time, so a table can narrate them) or :func:`autoplay`
(to the stop at once).  Bots get their seeds from one scheme, :func:`seat_seed`, so a game
with the same seed plays the same way wherever it is shown.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from kamplib.bots import Bot, Decision, make_bot
from kamplib.bots.base import FastBot
from kamplib.game import Game
from kamplib.moves import Move
from kamplib.round import Round
from kamplib.view import make_view

__all__ = ["Step", "seat_seed", "make_bots", "steps", "autoplay", "STOP_TURN", "STOP_ROUND",
           "STOP_GAME"]

# Seeds per seat: ``seed * SEAT_STRIDE + seat``; the stride is larger than any table.
SEAT_STRIDE = 8
# Where a run of bot moves stops (besides a human's turn and a move limit).
STOP_TURN = "turn"  # after every single move
STOP_ROUND = "round"  # when a round ends
STOP_GAME = "game"  # only when the game (or the round played on its own) is over


@dataclass(frozen=True)
class Step:
    """One bot move: the round it was made in, who made it, the move and (when asked) why."""

    round_number: int
    seat: int
    player: str
    move: Move
    decision: Decision | None
    ended_round: bool


def seat_seed(seed: int | None, seat: int) -> int | None:
    """The seed of the bot in ``seat`` for a table seeded ``seed`` (None: unseeded)."""
    return None if seed is None else seed * SEAT_STRIDE + seat


def make_bots(players: int, levels: str | Sequence[str], seed: int | None = None, *,
              humans: Collection[int] = (),
              options: Mapping[str, Mapping[str, Any]] | None = None) -> dict[int, Bot]:
    """A bot for every seat but the humans', of one level or a level per seat; ``options``
    holds the search levels' settings by level (``{"search": {"samples": 8}}``)."""
    per_seat = [levels] * players if isinstance(levels, str) else list(levels)
    options = options or {}
    return {seat: make_bot(level, seed=seat_seed(seed, seat),
                           **(options.get(level, {}) if level == "search" else {}))
            for seat, level in enumerate(per_seat) if seat not in humans}


# Whether a bot's class has the fast path: a Protocol's isinstance looks at every attribute,
# which costs more than a fast move, so it is asked once per class.
_FAST: dict[type, bool] = {}


def _is_fast(bot: Bot) -> TypeGuard[FastBot]:
    fast = _FAST.get(type(bot))
    if fast is None:
        fast = _FAST[type(bot)] = isinstance(bot, FastBot)
    return fast


def _round_of(target: Game | Round) -> Round:
    return target.round if isinstance(target, Game) else target


def steps(target: Game | Round, bots: Mapping[int, Bot], *, stop: str = STOP_GAME,
          reasons: bool = False, max_moves: int | None = None) -> Iterator[Step]:
    """Let the bots move one at a time, yielding each move once it is made.

    Stops when it is the turn of a seat without a bot, when the game (or the round played on
    its own) is over, when a round ends and ``stop`` is :data:`STOP_ROUND`, after one move with
    :data:`STOP_TURN`, or after ``max_moves``.  With ``reasons`` each bot is asked through its
    player's view and the step carries its :class:`Decision` (the learner's table shows them);
    otherwise bots may take their fast path.
    """
    made = 0
    while not target.is_over and (max_moves is None or made < max_moves):
        rnd = _round_of(target)
        if rnd.is_over:  # a game between rounds: the next one starts with this move
            target.legal_moves()
            rnd = _round_of(target)
        seat = rnd.to_move
        bot = bots.get(seat)
        if bot is None:
            return
        if not reasons and _is_fast(bot):
            decision, move = None, bot.move_in(rnd, seat)
        else:
            decision = bot.choose(make_view(rnd, seat))
            move = decision.move
        number = rnd.number
        target.play(move)
        made += 1
        ended = rnd.is_over
        yield Step(number, seat, rnd.players[seat], move, decision, ended)
        if stop == STOP_TURN or (stop == STOP_ROUND and ended):
            return


def autoplay(target: Game | Round, bots: Mapping[int, Bot], *, stop: str = STOP_GAME,
             reasons: bool = False, max_moves: int | None = None) -> list[Step]:
    """Run :func:`steps` to its stop and return the moves made."""
    return list(steps(target, bots, stop=stop, reasons=reasons, max_moves=max_moves))
