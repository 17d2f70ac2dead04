"""«Finn det beste kortet» as a learner meets it: how long until the first puzzle can be
answered, and how long from a tap on a card to the verdict (issue 26).

Run:  .venv/bin/python benchmarks/puzzle_page.py                      (app and plain Python)
      .venv/bin/python benchmarks/puzzle_page.py --site DIR           (also the browser edition)
      .venv/bin/python benchmarks/puzzle_page.py --repeats 5 --answers 4 --site build/site

- plain: :meth:`~kamplib.teach.trainer.PuzzleBoard.pick` in CPython here (the answer checked,
  the coach's reason in words, both cards played on, the rating moved) over puzzles of every
  kind, and «Neste oppgave» (:meth:`~kamplib.teach.trainer.PuzzleBoard.next`): ms, median
  and slowest.
- app: the page in the Voilà app started as `make app` does, in Chromium at 390×844, a new
  learner (a fresh browser context) each repeat: ms from navigation to the first card that may
  be tapped (the page's own clock); then ms from the tap (the first card that may be played) to
  the verdict's first paragraph — the first answer of a fresh kernel («cold») and, after
  «Neste oppgave», each later one («warm») — and from «Neste oppgave» to the next puzzle's
  cards.
- site: the same in the browser edition (Python in the page, Pyodide), served from ``DIR``, a
  site built as `make site` builds it (`scripts/build_site.py --out DIR`); the first repeat
  has an empty cache (cold), later ones the same profile (warm: the browser's cache).

The machine is shared: say the load (printed), read medians, and compare within one run.  Take
`flock /work/team/heavy.lock` (Chromium and the app server).
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

PAGE = "notebooks/04-finn-det-beste-kortet"
PHONE = {"width": 390, "height": 844}
WIDGET = ".kamp-puzzles"
LEGAL = f"{WIDGET} .kamp-hand button.kamp-card.kamp-legal"
VERDICT = f"{WIDGET} .kamp-puzzle-verdict p"
NEXT = f"{WIDGET} .kamp-puzzle-next"

# The first moment a card that may be tapped is visible, on the page's clock (ms since the
# navigation began); installed before the page's own scripts.
FIRST_CARD_JS = """
window.__puzzle = {card: null};
new MutationObserver(() => {
  if (window.__puzzle.card !== null) return;
  const card = document.querySelector('LEGAL');
  if (card !== null && card.offsetParent !== null) window.__puzzle.card = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true});
""".replace("LEGAL", LEGAL)

# Click `button`, then wait until `selector` is there (and, with `gone`, the old verdict gone):
# ms on the page's clock, null after `limit` ms.
CLICK_UNTIL_JS = """async ([button, selector, gone, limit]) => {
  const target = document.querySelector(button);
  if (!target) return null;
  const t0 = performance.now();
  target.click();
  while (performance.now() - t0 < limit) {
    const shown = document.querySelector(selector);
    if (shown && shown.offsetParent !== null && !(gone && document.querySelector(gone)))
      return performance.now() - t0;
    await new Promise(r => setTimeout(r, 5));
  }
  return null;
}"""


def plain(answers: int) -> dict[str, list[float]]:
    """PuzzleBoard.pick and .next in CPython, a learner answering ``answers`` puzzles of every
    choice (the first card that may be played, as the browser runs do)."""
    from kamplib.teach.store import LearnerData, set_learner
    from kamplib.teach.trainer import CHOICES, PuzzleBoard

    picks: list[float] = []
    nexts: list[float] = []
    for choice in CHOICES:
        if choice == "mine":
            continue
        set_learner(LearnerData())
        board = PuzzleBoard(choice, seed=26)
        for _ in range(answers):
            start = time.perf_counter()
            board.pick(board.legal()[0])
            picks.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            if board.next() is None:
                break
            nexts.append((time.perf_counter() - start) * 1000)
    return {"pick": picks, "next": nexts}


def answer_times(page: Any, answers: int) -> dict[str, list[float]]:
    """On an open puzzle page: the first tap → verdict (cold), then «Neste oppgave» → cards and
    tap → verdict, ``answers`` - 1 times (warm)."""
    times: dict[str, list[float]] = {"cold": [], "warm": [], "next": []}
    for i in range(answers):
        ms = page.evaluate(CLICK_UNTIL_JS, [LEGAL, VERDICT, None, 60_000])
        if ms is None:
            raise RuntimeError(f"no verdict within 60 s after answer {i + 1}")
        times["cold" if i == 0 else "warm"].append(float(ms))
        if i + 1 < answers:
            ms = page.evaluate(CLICK_UNTIL_JS, [NEXT, LEGAL, VERDICT, 60_000])
            if ms is None:
                raise RuntimeError(f"no next puzzle within 60 s after answer {i + 1}")
            times["next"].append(float(ms))
    return times


def browser_runs(context_of: Any, url: str, repeats: int, answers: int,
                 wait: Any) -> dict[str, list[float]]:
    """``repeats`` openings of ``url`` (``context_of(i)`` gives the browser context of the i-th),
    each: ms to the first card, then the answers."""
    out: dict[str, list[float]] = {"first": [], "cold": [], "warm": [], "next": []}
    for i in range(repeats):
        context = context_of(i)
        page = context.new_page()
        page.add_init_script(FIRST_CARD_JS)
        page.goto(url, timeout=300_000)
        wait(page)
        page.wait_for_selector(LEGAL, state="visible", timeout=300_000)
        out["first"].append(float(page.evaluate("() => window.__puzzle.card")))
        for key, values in answer_times(page, answers).items():
            out[key] += values
        page.close()
    return out


def app(repeats: int, answers: int) -> dict[str, list[float]]:
    from app_support import launch_chromium, new_learner, running_app, wait_rendered
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright, \
            running_app(Path(tmp) / "voila.log") as server:
        browser = launch_chromium(playwright)
        contexts: list[Any] = []

        def context_of(_i: int) -> Any:
            contexts.append(new_learner(browser, viewport=PHONE))
            return contexts[-1]

        def wait(page: Any) -> None:
            wait_rendered(page, timeout=300_000)

        try:
            return browser_runs(context_of, server.url(f"{PAGE}.ipynb"), repeats, answers, wait)
        finally:
            for context in contexts:
                context.close()
            browser.close()


def site(folder: Path, repeats: int, answers: int) -> dict[str, list[float]]:
    from app_support import launch_chromium
    from playwright.sync_api import sync_playwright
    from static_site_support import Offline, serving, wait_shown

    with sync_playwright() as playwright, serving(folder) as server:
        browser = launch_chromium(playwright)
        learner = Offline(browser, viewport=PHONE)  # one profile: the later repeats are warm

        def wait(page: Any) -> None:
            wait_shown(page, 1, timeout=300_000)

        try:
            return browser_runs(lambda _i: learner.context, server.url(f"{PAGE}.html"),
                                repeats, answers, wait)
        finally:
            learner.close()
            browser.close()


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: -"
    return (f"{name}: median {statistics.median(values):.0f} ms, slowest {max(values):.0f} ms "
            f"(n={len(values)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=4)
    parser.add_argument("--answers", type=int, default=4, help="answers on each page opened")
    parser.add_argument("--site", type=Path, help="a built browser edition (make site)")
    args = parser.parse_args()
    random.seed(26)
    print(f"load average at start: {os.getloadavg()[0]:.1f}")
    result = plain(args.answers * 2)
    print("plain CPython:", summary("pick", result["pick"]), "·", summary("next", result["next"]))
    result = app(args.repeats, args.answers)
    print(f"app (Voilà), load {os.getloadavg()[0]:.1f}:")
    print("  ", summary("to the first card", result["first"]))
    print("  ", summary("tap → verdict, first answer", result["cold"]))
    print("  ", summary("tap → verdict, later", result["warm"]))
    print("  ", summary("Neste oppgave → cards", result["next"]))
    if args.site is not None:
        result = site(args.site, args.repeats, args.answers)
        first = result["first"]
        print(f"site (Pyodide), load {os.getloadavg()[0]:.1f}:")
        print("  ", summary("to the first card, cold (empty cache)", first[:1]))
        print("  ", summary("to the first card, warm (cached)", first[1:]))
        print("  ", summary("tap → verdict, first answer", result["cold"]))
        print("  ", summary("tap → verdict, later", result["warm"]))
        print("  ", summary("Neste oppgave → cards", result["next"]))


if __name__ == "__main__":
    main()
