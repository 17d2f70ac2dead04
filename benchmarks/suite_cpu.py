"""Where the suite's CPU goes: run a command, sample every process it starts, say who used what.

Run:  python3 benchmarks/suite_cpu.py /tmp/cpu.jsonl -- make test
      python3 benchmarks/suite_cpu.py /tmp/cpu.jsonl --report [--timeline /tmp/t.jsonl] [--tests]

Every second the sampler reads /proc: each process descended from the command (a kernel forked by
a server's nursery, Chromium's renderers and a Voilà server included), its CPU seconds so far
(user + system), what kind of process it is (by its command line) and the pytest-xdist worker it
works for (PYTEST_XDIST_WORKER in its environment: Chromium, the servers and their kernels inherit
it from the worker that started them; a process started with an environment of its own, as
Chromium's renderers are, is its parent's worker's).  /usr/bin/time counts only the processes it
waits for; this counts the orphans too (a kernel whose server was killed), to within a second of
each one's end.

The report sums CPU by kind and by worker; with the timeline of tests/conftest.py (KAMP_TIMELINE,
benchmarks/suite_timeline.py) it charges each second's CPU of a worker to the test file that was
running on it then, so a file's cost includes its browser, its servers and their kernels
(``--tests``: to the test, each phase apart).  A run without workers (``pytest -n 0``) is charged
the same way: its processes are the timeline's worker ``main``.
"""

from __future__ import annotations

import argparse
import bisect
import itertools
import json
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

TICK = os.sysconf("SC_CLK_TCK")
KINDS = (  # the first that matches the command line
    ("chromium", "chromium"), ("playwright", "playwright/driver"), ("node", "node"),
    ("kernel (server)", "zygote.py"), ("kernel", "ipykernel"), ("voila server", "serve.py"),
    ("pytest", "pytest"), ("mypy", "mypy"), ("ruff", "ruff"), ("pip", "pip"),
    ("python", "python"),
)


def kind_of(cmdline: str, parent_kind: str | None) -> str:
    if parent_kind in ("kernel (server)", "kernel") and "zygote.py" in cmdline:
        return "kernel (server)"  # forked from the nursery: the nursery's command line
    for kind, needle in KINDS:
        if needle in cmdline:
            return kind
    return "other"


def proc_stats() -> dict[int, list[str]]:
    """Every process's /proc stat fields after its command name (parent at 1, user and system
    ticks at 11 and 12); a process that ends while read is left out."""
    stats: dict[int, list[str]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stats[int(name)] = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
    return stats


def cpu_seconds(fields: list[str]) -> float:
    """User + system time of a process from its stat fields."""
    return (int(fields[11]) + int(fields[12])) / TICK


def snapshot(root: int, known: dict[int, dict[str, Any]]) -> None:
    """Add every descendant of ``root`` (and every process seen before) with its CPU now."""
    stats = proc_stats()
    parents = {pid: int(fields[1]) for pid, fields in stats.items()}
    for pid in sorted(stats):  # a parent's pid is usually lower: it is classified first
        mine = pid in known or parents[pid] in known or pid == root
        if not mine:
            continue
        cpu = cpu_seconds(stats[pid])
        entry = known.get(pid)
        if entry is None:
            try:
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(
                    errors="replace")
                env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
            except OSError:
                continue
            parent = known.get(parents[pid])
            # Chromium's renderers start with an environment of their own (no worker's name):
            # a process without one works for its parent's worker
            worker = next((e.split(b"=", 1)[1].decode() for e in env
                           if e.startswith(b"PYTEST_XDIST_WORKER=")),
                          parent["worker"] if parent else "")
            entry = known[pid] = {"kind": kind_of(cmd, parent and parent["kind"]),
                                  "worker": worker, "cpu": 0.0, "cmd": cmd[:160]}
        entry["cpu"] = max(entry["cpu"], cpu)
        parent = known.get(parents[pid])
        if entry["worker"] and parent is not None and not parent["worker"] \
                and "exec(eval" in parent["cmd"]:
            parent["worker"] = entry["worker"]  # an xdist worker sets its name after it starts


def run(out: Path, command: list[str]) -> int:
    started = time.time()
    process = subprocess.Popen(command)
    known: dict[int, dict[str, Any]] = {}
    with out.open("w", encoding="utf-8") as sink:
        while process.poll() is None:
            snapshot(process.pid, known)
            by_worker: dict[str, float] = defaultdict(float)
            for entry in known.values():
                by_worker[entry["worker"]] += entry["cpu"]
            sink.write(json.dumps({"t": time.time(), "load": os.getloadavg()[0],
                                   "workers": by_worker}) + "\n")
            time.sleep(1.0)
        sink.write(json.dumps({"t": time.time(), "wall": time.time() - started,
                               "processes": list(known.values())}) + "\n")
    return process.returncode


def report(samples: Path, timeline: Path | None, by_test: bool = False) -> str:
    lines = [json.loads(x) for x in samples.read_text().splitlines() if x.strip()]
    last = lines[-1]
    kinds: dict[str, float] = defaultdict(float)
    workers: dict[str, float] = defaultdict(float)
    for entry in last["processes"]:
        kinds[entry["kind"]] += entry["cpu"]
        workers[entry["worker"] or "(no worker)"] += entry["cpu"]
    loads = [x["load"] for x in lines[:-1]]
    out = [f"wall {last['wall']:.0f} s, CPU {sum(kinds.values()):.0f} s, load average "
           f"{min(loads):.1f}–{max(loads):.1f} (median {sorted(loads)[len(loads) // 2]:.1f})",
           "CPU by kind: " + ", ".join(f"{k} {v:.0f}" for k, v in
                                      sorted(kinds.items(), key=lambda kv: -kv[1])),
           "CPU by worker: " + ", ".join(f"{k} {v:.0f}" for k, v in sorted(workers.items()))]
    if timeline is None:
        return "\n".join(out)
    phases = [json.loads(x) for x in timeline.read_text().splitlines() if x.strip()]
    runs: dict[str, list[tuple[float, float, str]]] = defaultdict(list)
    for p in phases:
        name = f"{p['test']} ({p['when']})" if by_test else p["test"].split("::", 1)[0]
        runs[p["worker"]].append((p["start"], p["stop"], name))
    for items in runs.values():
        items.sort()
    per_file: dict[str, float] = defaultdict(float)
    for before, after in itertools.pairwise(lines[:-1]):
        for worker, cpu in after["workers"].items():
            spent = cpu - before["workers"].get(worker, 0.0)
            items = runs.get(worker or "main", [])  # -n 0: the timeline's worker is main
            at = bisect.bisect_right(items, (after["t"], float("inf"), "")) - 1
            name = items[at][2] if at >= 0 and items[at][1] >= before["t"] else \
                "(between tests)" if worker or items else "(outside the workers)"
            per_file[name] += spent
    out.append(f"CPU by test{'' if by_test else ' file'} (a worker's processes charged to the "
               f"{'test' if by_test else 'file'} it ran then):")
    out += [f"  {v:6.0f}  {k}" for k, v in sorted(per_file.items(), key=lambda kv: -kv[1])[:30]]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("samples", type=Path)
    parser.add_argument("--report", action="store_true")
    parser.add_argument("--timeline", type=Path)
    parser.add_argument("--tests", action="store_true", help="charge CPU to tests, not files")
    parser.add_argument("command", nargs="*")
    args = parser.parse_args()
    if args.report:
        print(report(args.samples, args.timeline, args.tests))
        return
    sys.exit(run(args.samples, args.command))


if __name__ == "__main__":
    main()
