"""Does the page answer while the bots move?  The learner's table with the bots' pause on.

Run:  .venv/bin/python benchmarks/table_pace.py                        (~2 min)
      .venv/bin/python benchmarks/table_pace.py --repos OTHER_CHECKOUT,.  (side by side)

The Pass step (`tutorial/02-pass.ipynb`) served as `make app` serves it, with the bots' pause as
a learner gets it (`KAMP_PACE` unset: 0.7 s a card, a finished trick 2.1 s), in Debian's
Chromium at 390 × 844.  A legal card is clicked, and 50 ms later the Save button (any other
click would do): the page's own clock (MutationObserver) takes the time until the save link
changes, i.e. until the kernel answered the second click, and until the status line says it is
the learner's turn again, i.e. until the bots are done.  Before the pauses were timers on the
event loop (issue 24), a pause was a sleep in the kernel, and the second click waited for the
bots.  ``--repos``: other checkouts in turn on the same machine (their own server, their
kernels importing their kamplib; one without ``.venv`` borrows this one's).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

STEP = "tutorial/02-pass.ipynb"
LEGAL = ".kamp-play .kamp-hand button.kamp-card.kamp-legal"
SAVE = ".kamp-play button.kamp-save"
LINK = ".kamp-play .kamp-save-link"
STATUS = ".kamp-play .kamp-status"
MOVE_JS = """async ([legal, save, link, status, limit]) => {
  const linkBox = document.querySelector(link);
  const statusBox = document.querySelector(status);
  const mine = statusBox.innerText;
  let answered = null, waited = false, back = null;
  const seen = new MutationObserver(() => { if (answered === null) answered = performance.now(); });
  seen.observe(linkBox, {subtree: true, childList: true, characterData: true, attributes: true});
  const turn = new MutationObserver(() => {
    const now = statusBox.innerText;
    if (now !== mine) waited = true;
    if (waited && back === null && (now === mine || !now.includes('·'))) back = performance.now();
  });
  turn.observe(statusBox, {subtree: true, childList: true, characterData: true});
  const t0 = performance.now();
  document.querySelector(legal).click();
  await new Promise(r => setTimeout(r, 50));
  const t1 = performance.now();
  document.querySelector(save).click();
  while ((answered === null || back === null) && performance.now() - t0 < limit)
    await new Promise(r => setTimeout(r, 10));
  seen.disconnect(); turn.disconnect();
  return {answer: answered === null ? null : answered - t1,
          bots: back === null ? null : back - t0};
}"""


def moves(count: int, repo: Path | None = None) -> list[dict[str, float]]:
    from app_support import launch_chromium, new_learner, running_app, wait_rendered
    from playwright.sync_api import sync_playwright

    env = {k: v for k, v in os.environ.items() if k != "KAMP_PACE"}
    if repo is not None:
        env["PYTHONPATH"] = str(repo)
    os.environ.pop("KAMP_PACE", None)
    out: list[dict[str, float]] = []
    where = {} if repo is None else {"repo": repo}
    with tempfile.TemporaryDirectory() as tmp, \
            running_app(Path(tmp) / "voila.log", env=env, **where) as app, \
            sync_playwright() as p:
        browser = launch_chromium(p)
        while len(out) < count:
            context = new_learner(browser, viewport={"width": 390, "height": 844})
            page = context.new_page()
            page.goto(app.url(STEP), timeout=180_000)
            wait_rendered(page, timeout=180_000)
            page.wait_for_selector(LEGAL, timeout=60_000)
            page.wait_for_timeout(1000)
            for _ in range(10):  # the last tricks end the round: stop before them
                if len(out) >= count or page.query_selector(LEGAL) is None:
                    break
                got = page.evaluate(MOVE_JS, [LEGAL, SAVE, LINK, STATUS, 30_000])
                if got["answer"] is None or got["bots"] is None:
                    break
                out.append(got)
                page.wait_for_selector(LEGAL, timeout=30_000)
                page.wait_for_timeout(1500)  # the coach's verdict arrives after the table
            context.close()
        browser.close()
    return out


def _print(name: str, got: list[dict[str, float]]) -> None:
    answer = [g["answer"] for g in got]
    bots = [g["bots"] for g in got]
    before = sum(a < b for a, b in zip(answer, bots, strict=True))
    print(f"== {name}: {len(got)} moves")
    print(f"  second click answered after  median {statistics.median(answer):5.0f} ms, "
          f"max {max(answer):5.0f} ms")
    print(f"  the bots done (learner's turn) median {statistics.median(bots):5.0f} ms")
    print(f"  answered before the bots were done: {before} of {len(got)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("--repos", default="", help="checkouts side by side, e.g. ../before,.")
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    if not args.repos:
        _print("this checkout", moves(args.moves))
        return
    repos = [Path(r).resolve() for r in args.repos.split(",")]
    for repo in repos:
        if not (repo / ".venv").exists():
            (repo / ".venv").symlink_to(here / ".venv")
    results = {repo: moves(args.moves, repo) for repo in repos}
    for repo, got in results.items():
        _print(str(repo), got)


if __name__ == "__main__":
    main()
