"""Where the suite's wall time goes, worker by worker: read the timeline a run wrote.

Run:  KAMP_TIMELINE=/tmp/t.jsonl make test            (or any pytest command; the file is appended)
      python3 benchmarks/suite_timeline.py /tmp/t.jsonl [--top 25]

tests/conftest.py writes one line per test phase (setup, call, teardown): the xdist worker, the
node id, start and end (epoch seconds).  This prints, for each worker, its span and how much of it
was spent inside a test; the files by their summed time, with the worker and the span they took
(an app, browser or notebook file runs whole on one worker, so its span is a floor on the run);
the slowest phases; and what each worker did in the last minutes (the run ends with the later one).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any


def read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def file_of(test: str) -> str:
    return test.split("::", 1)[0]


def report(phases: list[dict[str, Any]], top: int) -> str:
    begin = min(p["start"] for p in phases)
    out: list[str] = []
    by_worker: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for p in phases:
        by_worker[p["worker"]].append(p)
    out.append("worker  first  last   span   in tests  idle between tests")
    for worker, items in sorted(by_worker.items()):
        items.sort(key=lambda p: p["start"])
        first, last = items[0]["start"] - begin, max(p["stop"] for p in items) - begin
        busy = sum(p["stop"] - p["start"] for p in items)
        out.append(f"{worker:6} {first:6.0f} {last:6.0f} {last - first:6.0f} {busy:9.0f} "
                   f"{last - first - busy:9.0f}")

    files: dict[str, dict[str, Any]] = {}
    for p in phases:
        f = files.setdefault(file_of(p["test"]), {"sum": 0.0, "start": p["start"],
                                                  "stop": p["stop"], "workers": set(),
                                                  "tests": set()})
        f["sum"] += p["stop"] - p["start"]
        f["start"], f["stop"] = min(f["start"], p["start"]), max(f["stop"], p["stop"])
        f["workers"].add(p["worker"])
        f["tests"].add(p["test"])
    total = sum(f["sum"] for f in files.values())
    out.append(f"\nfiles by summed time (all: {total:.0f} s); from/to: seconds since the start")
    out.append("   sum  tests  from    to  worker  file")
    for name, f in sorted(files.items(), key=lambda kv: -kv[1]["sum"])[:top]:
        out.append(f"{f['sum']:6.0f} {len(f['tests']):6} {f['start'] - begin:5.0f} "
                   f"{f['stop'] - begin:5.0f}  {','.join(sorted(f['workers'])):6}  {name}")

    out.append("\nslowest phases")
    for p in sorted(phases, key=lambda p: p["start"] - p["stop"])[:top]:
        out.append(f"{p['stop'] - p['start']:6.1f} {p['when']:8} {p['worker']:4} "
                   f"{p['start'] - begin:5.0f}  {p['test']}")

    end = max(p["stop"] for p in phases)
    out.append("\nthe last 3 minutes, worker by worker (file: seconds in it)")
    for worker, items in sorted(by_worker.items()):
        late: dict[str, float] = defaultdict(float)
        for p in items:
            if p["stop"] > end - 180:
                late[file_of(p["test"])] += p["stop"] - max(p["start"], end - 180)
        shown = ", ".join(f"{k} {v:.0f}" for k, v in sorted(late.items(), key=lambda kv: -kv[1]))
        out.append(f"{worker}: {shown}")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("timeline", type=Path)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    print(report(read(args.timeline), args.top))


if __name__ == "__main__":
    main()
