"""60 random Femkamp games through Game: the workload for an instruction count (valgrind --tool=callgrind).

Run with range(0) for the import-only count and subtract (see BENCHMARKS.md, Engine)."""
import random, sys
from kamplib.game import Game
for seed in range(60):
    rng = random.Random(seed)
    g = Game(["A","B","C","D"], seed=seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
