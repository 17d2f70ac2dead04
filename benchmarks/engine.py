"""How fast is the engine?  A random trick round, a random Femkamp game, and OpenSpiel's Hearts.

Run ``.venv/bin/python benchmarks/engine.py`` (add ``--json`` for one machine-readable last line).
To time an older engine the same way, put its tree first: ``PYTHONPATH=/path/to/old/tree``.
The three workloads are timed in alternation, batch by batch, in CPU time of this process, so
that a noisy machine disturbs them alike; the script prints medians over the batches and the
median of the per-batch ratios.

* trick round: one random 4-player Pass round through the public API -- ``deal_round``,
  ``legal_moves``, ``play`` a random legal card until the round is over, ``score_list``.
* Femkamp: one whole random 4-player game through :class:`kamplib.Game`, deal included.
* OpenSpiel Hearts (optional, ``pip install open-spiel``): the same random hand, no card
  passing, the deal played as OpenSpiel's chance actions, every action chosen from
  ``legal_actions()`` with the same ``random.Random`` calls as ours.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

from kamplib import Game, make_rules

try:
    from kamplib import deal_round
except ImportError:  # an engine from before deal_round (to compare with: PYTHONPATH=old/tree)
    from kamplib import new_round
    from kamplib.deal import deal_hands

    def deal_round(kind, players, *, rules, rng):  # type: ignore[no-redef]
        hands = deal_hands(kind, len(players), len(players) - 1, rules, rng)
        return new_round(kind, players, hands, dealer=len(players) - 1, rules=rules,
                         check=False)

PLAYERS = ("Kari", "Ola", "Siri", "Per")
RULES = make_rules("femkamp")


def trick_round(rng: random.Random) -> list[int]:
    """Deal, play random legal cards to the end, score: one Pass round."""
    rnd = deal_round("pass", PLAYERS, rules=RULES, rng=rng)
    choice = rng.choice
    while not rnd.is_over:
        rnd.play(choice(rnd.legal_moves()))
    return rnd.score_list()


def femkamp_game(rng: random.Random) -> dict[str, int]:
    """A whole random Femkamp game, seeded from ``rng``."""
    game = Game(PLAYERS, "femkamp", seed=rng.getrandbits(32))
    choice = rng.choice
    while not game.is_over:
        game.play(choice(game.legal_moves()))
    return game.totals()


def openspiel_hearts() -> Callable[[random.Random], list[float]] | None:
    """A function playing one random Hearts hand in OpenSpiel, or None when it is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    hearts = pyspiel.load_game("hearts", {"pass_cards": False})

    def hand(rng: random.Random) -> list[float]:
        state = hearts.new_initial_state()
        choice = rng.choice
        while not state.is_terminal():
            # chance nodes (the deal) are uniform, so a random legal action is a fair deal card
            state.apply_action(choice(state.legal_actions()))
        return state.returns()

    return hand


def time_batch(work: Callable[[random.Random], object], count: int, rng: random.Random) -> float:
    """CPU seconds per call of ``work``, over ``count`` calls.

    CPU time of this process, not wall time: on a shared machine other processes then do not
    count against us (they still disturb caches, hence medians over many batches).
    """
    start = time.process_time()
    for _ in range(count):
        work(rng)
    return (time.process_time() - start) / count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, default=15, help="timed batches per workload")
    parser.add_argument("--hands", type=int, default=400, help="trick rounds per batch")
    parser.add_argument("--games", type=int, default=100, help="Femkamp games per batch")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--json", action="store_true", help="end with one line of JSON")
    args = parser.parse_args(argv)

    hearts = openspiel_hearts()
    ours_rng, theirs_rng, game_rng = (random.Random(args.seed + i) for i in range(3))
    # warm up (tables, caches, imports)
    time_batch(trick_round, 50, ours_rng)
    time_batch(femkamp_game, 5, game_rng)
    if hearts:
        time_batch(hearts, 50, theirs_rng)

    ours: list[float] = []
    theirs: list[float] = []
    ratios: list[float] = []
    games: list[float] = []
    for _ in range(args.batches):
        ours.append(time_batch(trick_round, args.hands, ours_rng))
        if hearts:
            theirs.append(time_batch(hearts, args.hands, theirs_rng))
            ratios.append(ours[-1] / theirs[-1])
        games.append(time_batch(femkamp_game, args.games, game_rng))

    trick_us = statistics.median(ours) * 1e6
    hearts_us = statistics.median(theirs) * 1e6 if hearts else None
    ratio = statistics.median(ratios) if hearts else None
    per_s = 1 / statistics.median(games)
    print(f"trick round (4 players, public API): median {trick_us:8.1f} µs per hand "
          f"(best batch {min(ours) * 1e6:.1f})")
    if hearts:
        print(f"OpenSpiel Hearts (no passing):       median {hearts_us:8.1f} µs per hand "
              f"(best batch {min(theirs) * 1e6:.1f})")
        print(f"ratio ours / OpenSpiel:              median {ratio:8.2f}  (target ≤ 0.75)")
    else:
        print("OpenSpiel Hearts: not installed (pip install open-spiel); no ratio")
    print(f"Femkamp games (4 players, random):   median {per_s:8.0f} games/s (target ≥ 1500; "
          f"best batch {1 / min(games):.0f})")
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"({args.batches} batches of {args.hands} hands and {args.games} games, "
          f"Python {sys.version.split()[0]}, load average {load})")
    if args.json:
        print(json.dumps({
            "trick_round_us": round(trick_us, 1),
            "openspiel_hearts_us": round(hearts_us, 1) if hearts_us else None,
            "ratio": round(ratio, 3) if ratio else None,
            "femkamp_games_per_s": round(per_s, 1),
        }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
