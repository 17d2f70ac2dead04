"""Random Femkamp games through `Game`: the workload for an instruction count.

    valgrind --tool=callgrind .venv/bin/python benchmarks/engine_instructions.py 60
    valgrind --tool=callgrind .venv/bin/python benchmarks/engine_instructions.py 0

The second run counts the imports alone; subtract it (BENCHMARKS.md, Engine).
"""

from __future__ import annotations

import random
import sys

from kamplib.game import Game


def main(games: int) -> None:
    for seed in range(games):
        rng = random.Random(seed)
        game = Game(["A", "B", "C", "D"], seed=seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
