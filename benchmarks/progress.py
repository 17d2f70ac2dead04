"""Issue 26's measures of the learner's progress: how big a full progress file is, what par costs
at the end of a round, and how much showing the progress adds to opening a page.

Run:  .venv/bin/python benchmarks/progress.py size
      .venv/bin/python benchmarks/progress.py par --seeds 5
      .venv/bin/python benchmarks/progress.py par-browser --seeds 3
      .venv/bin/python benchmarks/progress.py open --without DIR [--repeats 5] [--pages A,B]
          (DIR: a checkout of the commit before the progress, e.g.
           git worktree add /tmp/kamp-before 040089a)

- size: a learner who has done everything — every goal of every page at three stars, every page
  visited, every stored puzzle answered (so the rating rests on all of them) and the most
  personal puzzles kept (:data:`~kamplib.teach.store.MAX_MISTAKES`, real positions: stored puzzles
  and a move the coach calls bad there) — as kept in localStorage (``kamp-learner/1``; a browser
  keeps strings as UTF-16, 2 bytes a character, in a 5 MB-per-site store) and as the one file
  «Last ned fremgangen» gives.
- par: the seconds :func:`~kamplib.teach.progress.par_points` takes for each round kind of the
  course pages' tables (Femkamp, 4 players, bots «middels»), CPython here: CPU time (the
  machine is shared, so wall time says more about the others' load) and wall, per kind.
- par-browser: the same in Pyodide, on a page of a site built as `make site` builds it (plus
  that page), in Chromium, and in CPython here right after, the same deals (wall time: Pyodide
  has no process clock of its own; run it on a quiet machine).
- open: the course pages with goals and the front page, opened in Chromium at 390×844 on two
  app servers started as `make app` does, one from this checkout (goals box, stars in the
  contents list, the learner's link) and one from ``--without``, alternately (a, b, b, a, …);
  the median ms to the first visible widget (benchmarks/app.py's `open_page`) and the ratio.

The machine is shared and noisy: read the ratios within one run; take
`flock /work/team/heavy.lock` for `open`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

OPEN_PAGES = ("index.ipynb", "tutorial/02-pass.ipynb", "tutorial/05-fan-tan.ipynb",
              "tutorial/08-hel-femkamp.ipynb")


def full_learner() -> Any:
    """The biggest learner the product keeps (see the module's docstring)."""
    from kamplib import hints
    from kamplib.site.pages import SITE
    from kamplib.teach import mistakes
    from kamplib.teach.progress import GOALS
    from kamplib.teach.puzzles import load_puzzles, puzzle_kinds
    from kamplib.teach.rating import PUZZLE_DEVIATION, Rating, update
    from kamplib.teach.store import MAX_MISTAKES, LearnerData

    data = LearnerData()
    for path, goals in GOALS.items():
        for goal in goals:
            data.earn(path, goal, 3)
    for page in SITE:
        data.visit(page.path)
    puzzles = [p for game, kind in puzzle_kinds() for p in load_puzzles(game, kind)]
    for i, puzzle in enumerate(puzzles):
        right = i % 3 != 0
        data.solved[puzzle.id] = int(right)
        data.rating = update(data.rating, [(Rating(puzzle.rating, PUZZLE_DEVIATION),
                                            1.0 * right)])
    for puzzle in puzzles:
        if len(data.mistakes) >= MAX_MISTAKES:
            break
        hint = hints.hint(puzzle.view())
        bad = [r.move for r in hint.ratings if r.label == "bad"]
        if bad:
            rnd = puzzle.round()
            data.mistakes.append(mistakes.mistake_from(puzzle.game, rnd, len(rnd.history),
                                                       puzzle.seat, bad[0], hint))
    return data


def measure_size() -> str:
    from kamplib.teach.store import LearnerData

    data = full_learner()
    stored = data.to_json()
    again = LearnerData.from_json(stored)
    assert json.loads(again.to_json()) == json.loads(stored), "the full learner changed"
    exported = data.export_text()
    stars = sum(data.page_stars(p) for p in data.stars)
    return (f"full learner: {stars} stars on {len(data.stars)} pages, {len(data.visited)} pages "
            f"visited, {len(data.solved)} puzzles answered, {len(data.mistakes)} personal "
            f"puzzles\n"
            f"  localStorage kamp-learner/1: {len(stored):,} characters "
            f"({len(stored) * 2 / 1024:.0f} KiB as UTF-16)\n"
            f"  «Last ned fremgangen» file: {len(exported.encode('utf-8')):,} bytes")


def measure_par(seeds: int) -> str:
    from kamplib.teach.progress import par_points
    from kamplib.teach.session import TableSession

    kinds = ("pass", "klover", "damer", "fantan", "grand")
    rows = []
    for kind in kinds:
        cpu, wall = [], []
        for seed in range(1, seeds + 1):
            table = TableSession.one_round(kind, seed=seed)
            start, start_cpu = time.perf_counter(), time.process_time()
            par_points(table.round, table.learner, table.level, seed)
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start)
        rows.append(f"  {kind:7} CPU median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s"
                    f" (wall median {statistics.median(wall):.2f} s) over {seeds} deals")
    return (f"par_points, CPython {sys.version.split()[0]}, load {os.getloadavg()[0]:.1f}:\n"
            + "\n".join(rows))


PAR_CODE = """
import json, time
from kamplib.teach.progress import par_points
from kamplib.teach.session import TableSession
out = {}
for kind in ("pass", "klover", "damer", "fantan", "grand"):
    out[kind] = []
    for seed in range(1, SEEDS + 1):
        table = TableSession.one_round(kind, seed=seed)
        start = time.perf_counter()
        par_points(table.round, table.learner, table.level, seed)
        out[kind].append(time.perf_counter() - start)
print(json.dumps(out))
"""


def measure_par_browser(seeds: int) -> str:
    import subprocess

    from app_support import launch_chromium
    from playwright.sync_api import sync_playwright
    from static_site_support import BUILDER, REPO, Offline, serving, wait_shown

    code = PAR_CODE.replace("SEEDS", str(seeds))
    folder = REPO / "build" / "site-bench-progress"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "par.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# Par"]},
                  {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                   "source": [code]}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    made = BUILDER.site_manifest()
    page_path = (folder / "par.ipynb").relative_to(REPO).as_posix()
    out = folder / "site"
    BUILDER.build(out=out, manifest=BUILDER.Manifest((*made.pages, page_path)))
    with sync_playwright() as playwright, serving(out) as server:
        browser = launch_chromium(playwright)
        person = Offline(browser)
        page = person.context.new_page()
        page.goto(server.base + BUILDER.page_url(page_path))
        wait_shown(page, 1, timeout=900_000)
        browser_times = json.loads(page.inner_text("main .kamp-output pre"))
        person.close()
        browser.close()
    here = json.loads(subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout)
    lines = [f"par_points, Pyodide in Chromium against CPython here, {seeds} deals a kind "
             f"(wall, load {os.getloadavg()[0]:.1f}):"]
    for kind, times in browser_times.items():
        pyodide, cpython = statistics.median(times), statistics.median(here[kind])
        lines.append(f"  {kind:7} Pyodide median {pyodide:.2f} s (max {max(times):.2f}),"
                     f" CPython {cpython:.2f} s, ratio {pyodide / cpython:.1f}")
    return "\n".join(lines)


def measure_open(without: Path, repeats: int, pages: tuple[str, ...] = OPEN_PAGES) -> str:
    import importlib.util

    from app_support import launch_chromium, new_learner, running_app
    from playwright.sync_api import sync_playwright

    spec = importlib.util.spec_from_file_location("kamp_app_bench", ROOT / "benchmarks/app.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # its dataclasses look their module up
    spec.loader.exec_module(bench)
    checkouts = {"with progress": ROOT, "without": without.resolve()}
    times: dict[str, dict[str, list[float]]] = {
        name: {p: [] for p in pages} for name in checkouts}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        servers = {}
        stack = []
        for name, repo in checkouts.items():
            env = {"KAMP_PACE": "0"}
            if repo != ROOT:
                env["PYTHONPATH"] = str(repo)
            manager = running_app(Path(tmp) / f"{len(stack)}.log", repo=repo, env=env)
            servers[name] = manager.__enter__()
            stack.append(manager)
        try:
            order = list(checkouts)
            for repeat in range(repeats):
                turn = order if repeat % 2 == 0 else order[::-1]
                for page_path in pages:
                    for name in turn:
                        context = new_learner(browser, viewport={"width": 390, "height": 844})
                        context.add_init_script(bench.MARK_JS)
                        _page, ms, _what = bench.open_page(context, servers[name].url(page_path))
                        times[name][page_path].append(ms)
                        context.close()
        finally:
            for manager in reversed(stack):
                manager.__exit__(None, None, None)
            browser.close()
    lines = [f"page open (ms to the first widget, median of {repeats}, 390×844), load "
             f"{os.getloadavg()[0]:.1f}:"]
    for page_path in pages:
        with_ = statistics.median(times["with progress"][page_path])
        bare = statistics.median(times["without"][page_path])
        lines.append(f"  {page_path:32} with {with_:6.0f}  without {bare:6.0f}  "
                     f"ratio {with_ / bare:.2f}")
    lines.append("  raw: " + json.dumps(times))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    sub.add_parser("size")
    par = sub.add_parser("par")
    par.add_argument("--seeds", type=int, default=5)
    in_browser = sub.add_parser("par-browser")
    in_browser.add_argument("--seeds", type=int, default=3)
    opened = sub.add_parser("open")
    opened.add_argument("--without", type=Path, required=True)
    opened.add_argument("--repeats", type=int, default=5)
    opened.add_argument("--pages", default=",".join(OPEN_PAGES),
                        help="comma-separated notebook paths")
    args = parser.parse_args(argv)
    if args.what == "size":
        print(measure_size())
    elif args.what == "par":
        print(measure_par(args.seeds))
    elif args.what == "par-browser":
        print(measure_par_browser(args.seeds))
    else:
        print(measure_open(args.without, args.repeats, tuple(args.pages.split(","))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
