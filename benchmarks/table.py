"""The learner's table: how fast a click shows the new table, and how long the coach takes.

Run:  .venv/bin/python benchmarks/table.py                     (~3 min)
      .venv/bin/python benchmarks/table.py --clicks 12 --positions 200
      .venv/bin/python benchmarks/table.py --repos OTHER_CHECKOUT,.  (side by side)

``--repos``: measure other checkouts of kamplib (another commit's worktree) beside this one, in
turn and in one run, so a change is compared on the same machine at the same load: each
checkout's ratings in a fresh Python that imports that checkout's kamplib, and its clicks on its
own server (``make app`` in that checkout, its kernels importing its kamplib; a checkout without
``.venv`` borrows this one's).  ``--turns`` repeats the round of checkouts.

- click: the Pass step (`tutorial/02-pass.ipynb`) served as `make app` serves it, with the bots'
  pause off (`KAMP_PACE=0`), in Debian's Chromium at 390 × 844 and at 1280 × 900.  A legal card
  is clicked and the time is taken until the table (`.kamp-play .kamp-table`) first changes,
  i.e. shows the learner's card and the bots' replies (the page's own clock, MutationObserver).
  A fresh page is opened when the hand runs out.
- rating: the coach's verdict on one move (`kamplib.teach.review.judge`, the app's strength:
  the search with its samples and no time cap) over random positions of every round kind.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

FIRST_CHANGE_JS = """async ([buttonSel, targetSel, limit]) => {
  const button = document.querySelector(buttonSel);
  const target = document.querySelector(targetSel);
  if (!button || !target) return null;
  let first = null;
  const observer = new MutationObserver(() => { if (first === null) first = performance.now(); });
  observer.observe(target, {subtree: true, childList: true, characterData: true});
  const t0 = performance.now();
  button.click();
  while (first === null && performance.now() - t0 < limit)
    await new Promise(r => setTimeout(r, 5));
  observer.disconnect();
  return first === null ? null : first - t0;
}"""

STEP = "tutorial/02-pass.ipynb"
TABLE = ".kamp-play .kamp-table"
LEGAL = ".kamp-play .kamp-hand button.kamp-card.kamp-legal"
WIDTHS = {"390x844": (390, 844), "1280x900": (1280, 900)}


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def click_times(clicks: int, repo: Path | None = None) -> dict[str, list[float]]:
    from app_support import launch_chromium, new_learner, running_app, wait_rendered
    from playwright.sync_api import sync_playwright

    os.environ["KAMP_PACE"] = "0"
    out: dict[str, list[float]] = {name: [] for name in WIDTHS}
    where = {} if repo is None else {"repo": repo, "env": {"PYTHONPATH": str(repo)}}
    with tempfile.TemporaryDirectory() as tmp, running_app(Path(tmp) / "voila.log",
                                                           **where) as app, \
            sync_playwright() as p:
        browser = launch_chromium(p)
        for name, (w, h) in WIDTHS.items():
            while len(out[name]) < clicks:
                context = new_learner(browser)
                page = context.new_page()
                page.set_viewport_size({"width": w, "height": h})
                page.goto(app.url(STEP), timeout=180_000)
                wait_rendered(page, timeout=180_000)
                page.wait_for_selector(LEGAL, timeout=60_000)
                page.wait_for_timeout(1000)
                for _ in range(12):  # the last trick ends the round: stop before it
                    if len(out[name]) >= clicks or page.query_selector(LEGAL) is None:
                        break
                    ms = page.evaluate(FIRST_CHANGE_JS, [LEGAL, TABLE, 10_000])
                    if ms is None:
                        break
                    out[name].append(float(ms))
                    page.wait_for_selector(LEGAL, timeout=30_000)
                    page.wait_for_timeout(600)  # the coach's verdict arrives after the table
                context.close()
        browser.close()
    return out


def rating_times(positions: int, seed: int) -> dict[str, list[float]]:
    from kamplib.kinds import KINDS
    from kamplib.teach.review import judge
    from kamplib.teach.session import TableSession
    from kamplib.view import make_view

    rng = random.Random(seed)
    out: dict[str, list[float]] = {}
    for kind in KINDS:
        times = []
        for _ in range(positions // len(KINDS)):
            rules = {"trump": "H"} if KINDS[kind].has_trump else None
            s = TableSession.one_round(kind, seed=rng.randrange(10**6), rules=rules)
            rnd = s.round
            for _ in range(rng.randrange(40)):
                if rnd.is_over:
                    break
                rnd.play(rng.choice(rnd.legal_moves()))
            if rnd.is_over:
                rnd.undo()
            view = make_view(rnd, rnd.to_move)
            t0 = time.perf_counter()
            judge(view, rng.choice(view.legal))
            times.append((time.perf_counter() - t0) * 1000)
        out[kind] = times
    return out


def _in_checkout(repo: Path, positions: int, seed: int) -> dict[str, list[float]]:
    """:func:`rating_times` in a fresh Python that imports ``repo``'s kamplib."""
    import json
    import subprocess

    out = subprocess.run(
        [sys.executable, __file__, "--ratings-json", "--positions", str(positions),
         "--seed", str(seed)], env={**os.environ, "PYTHONPATH": str(repo)}, cwd=repo,
        capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def _print(name: str, ratings: dict[str, list[float]], clicks: dict[str, list[float]]) -> None:
    every = [x for v in ratings.values() for x in v]
    print(f"== {name}")
    print(f"rating, ms (the app's strength), {len(every)} positions")
    print(f"  all kinds: median {statistics.median(every):.0f}, p95 {quantile(every, 0.95):.0f}")
    for kind, times in ratings.items():
        print(f"  {kind:7s} median {statistics.median(times):.0f}, "
              f"p95 {quantile(times, 0.95):.0f}")
    print("click to updated table, ms (animation off)")
    for width, times in clicks.items():
        print(f"  {width}: {len(times)} clicks, median {statistics.median(times):.0f}, "
              f"p95 {quantile(times, 0.95):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=24)
    parser.add_argument("--positions", type=int, default=350)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repos", default="", help="checkouts to measure side by side, "
                        "e.g. ../before,. (default: this one alone)")
    parser.add_argument("--turns", type=int, default=1, help="rounds of the checkouts")
    parser.add_argument("--ratings-json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.ratings_json:  # one checkout's ratings, for --repos
        import json

        print(json.dumps(rating_times(args.positions, args.seed)))
        return
    here = Path(__file__).resolve().parent.parent
    if not args.repos:
        _print("this checkout", rating_times(args.positions, args.seed),
               click_times(args.clicks))
        return
    repos = [Path(r).resolve() for r in args.repos.split(",")]
    for repo in repos:
        if not (repo / ".venv").exists():
            (repo / ".venv").symlink_to(here / ".venv")
    results: dict[Path, tuple[dict[str, list[float]], dict[str, list[float]]]] = {
        repo: ({}, {}) for repo in repos}
    for _ in range(args.turns):
        for repo in repos:  # in turn, so both meet the same load
            ratings, clicks = results[repo]
            for kind, times in _in_checkout(repo, args.positions, args.seed).items():
                ratings.setdefault(kind, []).extend(times)
            for width, times in click_times(args.clicks, repo).items():
                clicks.setdefault(width, []).extend(times)
    for repo in repos:
        _print(str(repo), *results[repo])


if __name__ == "__main__":
    main()
