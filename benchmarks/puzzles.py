"""The «Finn det beste kortet» puzzles: how many per kind, what making them cost, how big they
are, and (``--rejudge``) whether today's judge still gives every stored answer and margin.

    python benchmarks/puzzles.py                  # the table for BENCHMARKS.md
    nice -n 19 python benchmarks/puzzles.py --rejudge all   # every puzzle judged again
    python benchmarks/puzzles.py --rejudge 40     # a seeded sample of 40

Counts, deals, analyses and seconds are what scripts/make_puzzles.py wrote into each file's head
while it made them (its own clock: the machine's other work slows it).  Sizes are the files as
the package ships them, and deflated (as the browser edition's kamplib wheel holds them).
A re-judge runs the analysis (``kamplib.teach.puzzles.JUDGE``) on the stored position and
checks: the same best move(s), the margin within twice its standard error, and the puzzle still
clear (margin, certainty, and the coach's own verdict agrees).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import zlib
from collections import Counter
from importlib import resources
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kamplib.teach.puzzles import JUDGE, judge_position, load_puzzles, puzzle_kinds


def table() -> list[str]:
    folder = resources.files("kamplib.data.puzzles")
    rows = ["| kind | puzzles | easy/medium/hard | deals | analysed | seconds | kB | kB deflated |",
            "|---|---|---|---|---|---|---|---|"]
    totals = Counter()
    for game, kind in puzzle_kinds():
        data = folder.joinpath(f"{game}-{kind}.json").read_bytes()
        head = json.loads(data)
        levels = Counter(p["level"] for p in head["puzzles"])
        packed = len(zlib.compress(data, 9))
        rows.append(f"| {game}-{kind} | {len(head['puzzles'])} | {levels[1]}/{levels[2]}/"
                    f"{levels[3]} | {head['deals']} | {head['analysed']} | "
                    f"{head['seconds']:.0f} | {len(data) / 1000:.0f} | {packed / 1000:.0f} |")
        totals.update(puzzles=len(head["puzzles"]), deals=head["deals"],
                      analysed=head["analysed"], seconds=head["seconds"], size=len(data),
                      packed=packed)
    rows.append(f"| all | {totals['puzzles']} | | {totals['deals']} | {totals['analysed']} | "
                f"{totals['seconds']:.0f} | {totals['size'] / 1000:.0f} | "
                f"{totals['packed'] / 1000:.0f} |")
    return rows


def rejudge(count: str) -> int:
    puzzles = [p for g, k in puzzle_kinds() for p in load_puzzles(g, k)]
    if count != "all":
        puzzles = random.Random(26).sample(puzzles, int(count))
    wrong: list[str] = []
    seconds: list[float] = []
    for i, p in enumerate(puzzles, 1):
        start = time.perf_counter()
        verdict = judge_position(p.view(), JUDGE)
        seconds.append(time.perf_counter() - start)
        problems = []
        if set(verdict.answers) != set(p.answers):
            problems.append(f"answers {verdict.answers} != {p.answers}")
        if abs(verdict.margin - p.margin) > max(0.01, 2 * p.margin_error):
            problems.append(f"margin {verdict.margin:.3f} != {p.margin:.3f}")
        if not verdict.clear:
            problems.append(f"not clear (margin {verdict.margin:.2f}, z {verdict.z:.1f}, "
                            f"coach agrees {verdict.coach_agrees})")
        if problems:
            wrong.append(f"{p.id}: {'; '.join(problems)}")
        if i % 50 == 0:
            print(f"{i}/{len(puzzles)} judged, {len(wrong)} differ", flush=True)
    print(f"re-judged {len(puzzles)} puzzles: {len(puzzles) - len(wrong)} as stored, "
          f"{len(wrong)} differ; median {statistics.median(seconds):.2f} s a puzzle")
    for line in wrong:
        print("  " + line)
    return 1 if wrong else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rejudge", help="'all' or a number of puzzles (a seeded sample)")
    args = parser.parse_args(argv)
    print("\n".join(table()))
    return rejudge(args.rejudge) if args.rejudge else 0


if __name__ == "__main__":
    raise SystemExit(main())
