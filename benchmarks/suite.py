"""The whole suite's time on a fresh clone, as CI runs it, for one or more commits side by side.

Run:  python3 benchmarks/suite.py main speed            (one fresh clone each, one after another)
      python3 benchmarks/suite.py main speed --rounds 2 (A B, then B A: a load change shows in both)

For each commit: `git clone` of this repository into a new folder (no venv, no `build/`, so the
browser edition's site is built from nothing: `npm ci`, the wheels' download, the compile in
Pyodide), then

1. install: `make .venv/.installed-stamp` (what `make test` does first; pip's own download cache
   in ~/.cache/pip is warm after the first clone, as on a CI runner that keeps it);
2. suite: `.ci/run`, CI's own script (the apt installs are skipped: Chromium and Node.js are
   present), i.e. `make test`: ruff, mypy, pytest.

It reports wall time and CPU time (user + system of every process the step started) of each step,
the load average around it, pytest's counts and the sum of the test durations pytest recorded
(`--junitxml`, added through PYTEST_ADDOPTS, which changes nothing else).  The machine is shared:
compare commits within one run, and read CPU time and the durations' sum beside the wall time.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _load() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


def timed(command: list[str], cwd: Path, log: Path, env: dict[str, str]) -> dict[str, Any]:
    """Run ``command``; its exit code, wall and CPU seconds, load average before and after."""
    load, cpu, started = _load(), _cpu(), time.monotonic()
    with log.open("wb") as sink:
        code = subprocess.run(command, cwd=cwd, stdout=sink, stderr=subprocess.STDOUT,
                              env=env).returncode
    return {"exit": code, "wall": round(time.monotonic() - started, 1),
            "cpu": round(_cpu() - cpu, 1), "load": [load, _load()]}


def junit_summary(path: Path) -> dict[str, Any]:
    """Counts and the sum of test durations from pytest's junit XML."""
    if not path.exists():
        return {}
    root = ET.parse(path).getroot()
    cases = list(root.iter("testcase"))
    outcome = {"failed": 0, "error": 0, "skipped": 0}
    for case in cases:
        for kind in outcome:
            if case.find("failure" if kind == "failed" else kind) is not None:
                outcome[kind] += 1
    return {"tests": len(cases), **outcome,
            "durations_sum": round(sum(float(c.get("time", 0)) for c in cases), 1)}


def measure(commit: str, work: Path) -> dict[str, Any]:
    sha = subprocess.run(["git", "rev-parse", "--verify", f"{commit}^{{commit}}"], cwd=REPO,
                         capture_output=True, text=True, check=True).stdout.strip()
    clone = work / f"{commit.replace('/', '-')}-{sha[:8]}"
    shutil.rmtree(clone, ignore_errors=True)
    subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(REPO), str(clone)],
                   check=True)
    subprocess.run(["git", "checkout", "--quiet", sha], cwd=clone, check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTEST"))}
    junit = clone / "junit.xml"
    result: dict[str, Any] = {"commit": commit, "sha": sha[:10], "clone": str(clone)}
    result["install"] = timed(["make", ".venv/.installed-stamp"], clone,
                              work / f"{clone.name}-install.log", env)
    result["suite"] = timed([str(clone / ".ci" / "run")], clone, work / f"{clone.name}-suite.log",
                            {**env, "PYTEST_ADDOPTS": f"--junitxml={junit}"})
    result["pytest"] = junit_summary(junit)
    result["total_wall"] = round(result["install"]["wall"] + result["suite"]["wall"], 1)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commits", nargs="+", help="commits or branches of this repository")
    parser.add_argument("--rounds", type=int, default=1,
                        help="rounds; every second round runs the commits in reverse order")
    parser.add_argument("--work", type=Path, default=None,
                        help="folder for the clones and logs (default: a new one in /tmp)")
    parser.add_argument("--keep", action="store_true", help="keep the clones")
    args = parser.parse_args(argv)
    work = args.work or Path(tempfile.mkdtemp(prefix="kamp-suite-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"clones and logs in {work}", file=sys.stderr)
    for round_ in range(args.rounds):
        order = args.commits if round_ % 2 == 0 else args.commits[::-1]
        for commit in order:
            result = {"round": round_ + 1, **measure(commit, work)}
            print(json.dumps(result), flush=True)
            if not args.keep:
                shutil.rmtree(result["clone"], ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
