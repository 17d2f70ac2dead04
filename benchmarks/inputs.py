"""What hostile-sized input costs: the score-sheet checker on many tie-break rows, and the memory
of ``kamp score -`` / ``kamp check -`` fed far more than their size limits on standard input.

Run ``.venv/bin/python benchmarks/inputs.py``; to measure an older tree the same way, put it
first: ``PYTHONPATH=/path/to/old/tree .venv/bin/python benchmarks/inputs.py``.

* checker: a Femkamp sheet for A, B and C, tied after the five rounds, then ``rows`` tie-break
  Grand rows that keep A and B tied (every row valid); the CPU time of ``sheet.problems()``,
  median of ``--repeat`` runs, for each size.
* stdin: ``kamp score -`` and ``kamp check -`` in a child process reading ``--megabytes`` of
  spaces from a pipe; the child's peak resident memory (``ru_maxrss``) and its exit code.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import statistics
import subprocess
import sys
import time

from kamplib.sheet import ScoreSheet

REGULAR = "round,A,B,C\npass,5,6,6\nklover,4,5,4\ndamer,4,4,8\nfantan,0,1,1\ngrand,-3,-6,-8\n"
TIE_BREAK_ROW = "grand,-6,-6,-5\n"  # A and B stay tied, C stays behind


def checker_seconds(rows: int, repeat: int) -> float:
    sheet = ScoreSheet.from_csv(REGULAR + TIE_BREAK_ROW * rows, None,
                                {"tie_break": "extra_grand"})
    times = []
    for _ in range(repeat):
        start = time.process_time()
        problems = sheet.problems()
        times.append(time.process_time() - start)
        assert problems == [], problems[:1]
    return statistics.median(times)


def stdin_peak(command: str, megabytes: int) -> tuple[int, int]:
    """(peak resident kB of the child, its exit code) for ``kamp <command> -``."""
    # run outside the checkout, so that the kamplib on PYTHONPATH (or installed) is the one
    child = subprocess.Popen([sys.executable, "-m", "kamplib", command, "-"], cwd="/",
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    block = b" " * (1 << 20)
    # a child that stops reading (it refused the input early) breaks the pipe
    with contextlib.suppress(BrokenPipeError):
        for _ in range(megabytes):
            child.stdin.write(block)  # type: ignore[union-attr]
    with contextlib.suppress(BrokenPipeError):
        child.stdin.close()  # type: ignore[union-attr]
    _, status, usage = os.wait4(child.pid, 0)
    return usage.ru_maxrss, status >> 8


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="100,1000,9990")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--megabytes", type=int, default=300)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result: dict[str, object] = {"checker_seconds": {}, "stdin": {}}
    for rows in (int(r) for r in args.rows.split(",")):
        seconds = checker_seconds(rows, args.repeat)
        result["checker_seconds"][rows] = round(seconds, 4)  # type: ignore[index]
        print(f"checker, {rows:>5} tie-break rows: median {seconds:.4f} s CPU")
    for command in ("score", "check"):
        peak, code = stdin_peak(command, args.megabytes)
        result["stdin"][command] = {"peak_kb": peak, "exit": code}  # type: ignore[index]
        print(f"kamp {command} - with {args.megabytes} MB in: peak {peak / 1024:.0f} MiB "
              f"resident, exit {code}")
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"(this process: peak {own / 1024:.0f} MiB)")
    if args.json:
        print(json.dumps(result))


if __name__ == "__main__":
    main()
