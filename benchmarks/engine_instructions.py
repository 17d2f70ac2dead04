"""Random Femkamp games through `Game`: the workload for an instruction count.

    valgrind --tool=callgrind .venv/bin/python benchmarks/engine_instructions.py 60
    valgrind --tool=callgrind .venv/bin/python benchmarks/engine_instructions.py 0
    valgrind --tool=callgrind .venv/bin/python benchmarks/engine_instructions.py 60 --start-only

The second run counts the imports alone; subtract it (BENCHMARKS.md, Engine).  The third makes
the games (their deals and first round) without playing them: where a difference between two
trees lies.
"""

from __future__ import annotations

import random
import sys

from kamplib.game import Game


def main(games: int, start_only: bool = False) -> None:
    for seed in range(games):
        rng = random.Random(seed)
        game = Game(["A", "B", "C", "D"], seed=seed)
        while not start_only and not game.is_over:
            game.play(rng.choice(game.legal_moves()))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60, "--start-only" in sys.argv[2:])
