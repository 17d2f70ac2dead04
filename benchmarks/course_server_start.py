"""What the tests' shared course server (tests/conftest.py, ``course_app``) costs to start: CPU of
the server, its kernel nursery and its pre-heated kernels from the start until every pool is
filled, and then over a quiet while (kernels waiting in their pools).

Run:  .venv/bin/python benchmarks/course_server_start.py [--repeats 3] [--quiet 10]

Two designs, started one after the other in turns (so both see the same machine): ``all`` is
`make app`'s own pre-heating (every page voila.json pre-heats), ``tests`` pre-heats only
``COURSE_APP_POOLED``, as the shared server of the tests does.  CPU is user + system of every
process of the server's group, read from /proc (benchmarks/suite_cpu.py's reader), including
kernels that ended before the last reading.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO / "tests"), str(REPO / "benchmarks")]

from app_support import preheat_only, preheated_pages, running_app, wait_settled  # noqa: E402
from conftest import COURSE_APP_POOLED  # noqa: E402
from suite_cpu import cpu_seconds, proc_stats  # noqa: E402


def tree_cpu(root: int, seen: dict[int, float]) -> float:
    """CPU seconds of ``root`` and its descendants so far (``seen`` keeps those that ended)."""
    stats = proc_stats()
    parents = {pid: int(fields[1]) for pid, fields in stats.items()}
    mine = {root}
    for pid in sorted(stats):
        if pid in seen or parents[pid] in mine:
            mine.add(pid)
    for pid in mine & stats.keys():
        seen[pid] = max(seen.get(pid, 0.0), cpu_seconds(stats[pid]))
    return sum(seen.values())


def one_start(design: str, quiet: float) -> tuple[float, float, float]:
    """(seconds to settle, CPU to settle, CPU of the quiet while after) of one server start."""
    options = [] if design == "all" else preheat_only(*COURSE_APP_POOLED)
    pages = preheated_pages() if design == "all" else list(COURSE_APP_POOLED)
    with tempfile.TemporaryDirectory() as folder:
        started = time.monotonic()
        with running_app(Path(folder) / "voila.log", options, test_pages=True,
                         env={"KAMP_PACE": "0"}) as server:
            seen: dict[int, float] = {}
            wait_settled(server, pages)
            settled = time.monotonic() - started
            at_settle = tree_cpu(server.process.pid, seen)
            time.sleep(quiet)
            after = tree_cpu(server.process.pid, seen)
    return settled, at_settle, after - at_settle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quiet", type=float, default=10.0)
    args = parser.parse_args()
    found: dict[str, list[tuple[float, float, float]]] = {"all": [], "tests": []}
    for _ in range(args.repeats):
        for design in found:
            found[design].append(one_start(design, args.quiet))
            print(design, *(f"{x:.1f}" for x in found[design][-1]),
                  f"load {os.getloadavg()[0]:.1f}", flush=True)
    for design, runs in found.items():
        print(f"{design}: settled in {statistics.median(r[0] for r in runs):.1f} s, "
              f"CPU to settle {statistics.median(r[1] for r in runs):.1f} s, "
              f"then {statistics.median(r[2] for r in runs):.1f} s in {args.quiet:.0f} s quiet "
              f"(medians of {len(runs)})")


if __name__ == "__main__":
    main()
