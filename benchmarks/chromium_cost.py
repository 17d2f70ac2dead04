"""What Chromium itself costs the browser tests: the full browser (new headless mode) against
chromium-headless-shell, and what a page costs while it sits open.

    .venv/bin/python benchmarks/chromium_cost.py [--site SITE_FOLDER] [--rounds N] [--idle S]
        [--binaries chromium,chromium-headless-shell] [--reduced-motion] [--waits]
        [--variant 'LABEL=--flag --flag ...' ...] [--pages app|site|all]

For each round and each binary (their order alternates from round to round), one browser is
launched with the tests' arguments (tests/app_support.py) and, one after another in a context of
its own: the app's front page and a course step on a settled course server (Voilà's front end),
and, with ``--site`` (a built site: `make site`, or `benchmarks/site_build_steps.py 9 --out
DIR`), the browser edition's front page and a course step (Pyodide starts).  For each page:
the load until it is drawn, then ``--idle`` seconds with the page left alone, then a whole-page
screenshot.  CPU is user + system time of the browser's processes only (every process below this
one whose program is Chromium's, their reaped children included), read from /proc around each
step; the idle step also reports Chromium's own counters (CDP ``Performance.getMetrics``: task,
script, layout and style time) and the animations the document runs (``getAnimations``).
``--reduced-motion`` opens every context with ``reduced_motion="reduce"`` as well, side by side;
``--waits`` adds, after the idle, a wait on a condition that stays false, polled as Playwright's
``wait_for_function`` does by default (on every animation frame) and every 100 ms.
Prints one line a step and, at the end, the median of each step per binary.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "benchmarks"))
from app_support import (  # noqa: E402
    CHROMIUM_ARGS,
    WELCOME,
    new_learner,
    pool_ready,
    preheat_only,
    running_app,
    wait_rendered,
    wait_until,
    wait_widgets,
)
from static_site_support import serving, wait_shown  # noqa: E402
from suite_cpu import TICK, proc_stats  # noqa: E402

COURSE_PAGE = "tutorial/02-pass.ipynb"
SITE_PAGE = "tutorial/02-pass.html"
BINARIES = {"chromium": "/usr/bin/chromium",
            "chromium-headless-shell": "/usr/bin/chromium-headless-shell"}
COUNTERS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration",
            "LayoutCount", "RecalcStyleCount")


def chromium_cpu() -> float:
    """CPU seconds so far of every Chromium process below this one (reaped children included:
    a closed context's renderer still counts)."""
    stats = proc_stats()
    parents = {pid: int(fields[1]) for pid, fields in stats.items()}
    mine, total = {os.getpid()}, 0.0
    for pid in sorted(stats):
        up = pid
        while up not in mine and up in parents and up > 1:
            up = parents[up]
        if up not in mine:
            continue
        mine.add(pid)
        try:
            program = os.readlink(f"/proc/{pid}/exe")
        except OSError:
            continue
        if program.startswith("/usr/lib/chromium/"):
            fields = stats[pid]
            total += sum(int(fields[i]) for i in (11, 12, 13, 14)) / TICK
    return total


class Tally:
    """Each step's CPU by (binary, step), printed as it goes."""

    def __init__(self) -> None:
        self.cpu: dict[tuple[str, str], list[float]] = defaultdict(list)

    def measure(self, binary: str, step: str, action: Callable[[], Any]) -> Any:
        before, started = chromium_cpu(), time.monotonic()
        result = action()
        cpu = chromium_cpu() - before
        self.cpu[binary, step].append(cpu)
        print(f"{binary:24s} {step:40s} wall {time.monotonic() - started:6.1f} s  "
              f"CPU {cpu:6.2f} s", flush=True)
        return result

    def report(self) -> None:
        binaries = sorted({b for b, _ in self.cpu})
        steps = list(dict.fromkeys(s for _, s in self.cpu))
        print("\nmedian Chromium CPU (s) per step; n = rounds")
        print(f"{'step':40s}" + "".join(f"{b:>26s}" for b in binaries))
        for step in steps:
            cells = []
            for binary in binaries:
                values = self.cpu.get((binary, step), [])
                cells.append(f"{statistics.median(values):8.2f} (n={len(values)})" if values
                             else "")
            print(f"{step:40s}" + "".join(f"{c:>26s}" for c in cells))


def counters(session: Any) -> dict[str, float]:
    metrics = session.send("Performance.getMetrics")["metrics"]
    return {m["name"]: m["value"] for m in metrics if m["name"] in COUNTERS}


ANIMATIONS_JS = """() => document.getAnimations().map(a => [
    a.animationName || a.transitionProperty || a.constructor.name, a.playState,
    String((a.effect && a.effect.target && a.effect.target.className) || '')])"""


def wait_in_vain(page: Any, polling: str | int, seconds: float) -> None:
    """A test's wait on a condition that does not come true within ``seconds``."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function("() => false", polling=polling, timeout=seconds * 1000)


def one_page(tally: Tally, binary: str, browser: Any, name: str, url: str,
             ready: Callable[[Any], None], idle: float, options: dict[str, Any],
             waits: bool) -> None:
    context = new_learner(browser, **options)
    page = context.new_page()

    def load() -> None:
        page.goto(url)
        ready(page)

    tally.measure(binary, f"{name}: load", load)
    session = context.new_cdp_session(page)
    session.send("Performance.enable")
    before = counters(session)
    tally.measure(binary, f"{name}: {idle:.0f} s open", lambda: time.sleep(idle))
    after = counters(session)
    moving = page.evaluate(ANIMATIONS_JS)
    print(f"{'':24s}   counters over the idle: " + ", ".join(
        f"{k} {after[k] - before[k]:.3g}" for k in COUNTERS if k in after)
        + f"; animations: {moving[:4]}{' …' if len(moving) > 4 else ''} ({len(moving)})",
        flush=True)
    if waits:  # Playwright's wait_for_function polls on every animation frame unless told
        for polling in ("raf", 100):
            tally.measure(binary, f"{name}: {idle:.0f} s waiting, polling {polling}",
                          functools.partial(wait_in_vain, page, polling, idle))
    tally.measure(binary, f"{name}: screenshot", lambda: page.screenshot(full_page=True))
    context.close()


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser()
    parser.add_argument("--site", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--idle", type=float, default=10.0)
    parser.add_argument("--binaries", default=",".join(BINARIES))
    parser.add_argument("--reduced-motion", action="store_true")
    parser.add_argument("--waits", action="store_true", help="also a wait on a condition that "
                        "stays false, polled on animation frames (Playwright's default) and "
                        "every 100 ms")
    parser.add_argument("--variant", action="append", default=[], help="LABEL=ARGS: more "
                        "Chromium arguments, one more variant of each binary (BINARY+LABEL)")
    parser.add_argument("--pages", choices=("app", "site", "all"), default="all")
    options = parser.parse_args()
    binaries = options.binaries.split(",")
    variants = [(b, CHROMIUM_ARGS, b) for b in binaries]
    for variant in options.variant:
        label, _, more = variant.partition("=")
        variants += [(b, [*CHROMIUM_ARGS, *more.split()], f"{b}+{label}") for b in binaries]
    motions: list[str | None] = [None, "reduce"] if options.reduced_motion else [None]

    with contextlib.ExitStack() as stack, sync_playwright() as playwright:
        pages: list[tuple[str, str, Callable[[Any], None]]] = []
        pooled: dict[str, str] = {}
        app = None
        if options.pages in ("app", "all"):
            log = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "voila.log"
            app = stack.enter_context(running_app(log, preheat_only(WELCOME, COURSE_PAGE)))
            pages += [("app front page", app.url(WELCOME), wait_rendered),
                      ("app course step", app.url(COURSE_PAGE), wait_widgets)]
            pooled = {app.url(WELCOME): WELCOME, app.url(COURSE_PAGE): COURSE_PAGE}
        if options.site is not None and options.pages in ("site", "all"):
            site = stack.enter_context(serving(options.site))
            pages += [("site front page", site.url("index.html"),
                       lambda page: wait_shown(page, 1, timeout=300_000)),
                      ("site course step", site.url(SITE_PAGE),
                       lambda page: wait_shown(page, 1, timeout=300_000))]
        tally = Tally()
        for round_ in range(options.rounds):
            order = variants if round_ % 2 == 0 else variants[::-1]
            for binary, args, label in order:
                for motion in motions:
                    name = label + ("/reduce" if motion else "")
                    browser = tally.measure(name, "launch", functools.partial(
                        playwright.chromium.launch, executable_path=BINARIES[binary],
                        args=args))
                    context_options = {"reduced_motion": motion} if motion else {}
                    for page_name, url, ready in pages:
                        if app is not None and url in pooled:  # a pre-heated kernel waits
                            wait_until(lambda u=url: pool_ready(app, pooled[u]), 300,
                                       f"a pre-heated kernel for {pooled[url]}")
                        one_page(tally, name, browser, page_name, url, ready, options.idle,
                                 context_options, options.waits)
                    tally.measure(name, "close", browser.close)
        tally.report()


if __name__ == "__main__":
    main()
