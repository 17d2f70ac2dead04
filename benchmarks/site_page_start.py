"""What a page start costs the browser edition: a fresh load (a new document: Pyodide starts
again) against the next page reached by a link (the same Python runs the new page's cells), each
with and without the tests' request routing (static_site_support.Offline).

    .venv/bin/python benchmarks/site_page_start.py SITE_FOLDER

SITE_FOLDER is a built site (`make site`, or `benchmarks/site_build_steps.py 9 --out DIR`).  CPU
is user + system time of this process's whole tree (Chromium, Playwright's driver, this Python)
around each step, read from /proc; the wall is the step's.  Browser tests choose by it how to
reach a page (tests/test_site_static_browser.py: one fresh load, then links).
"""

from __future__ import annotations

import functools
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "benchmarks"))
from app_support import launch_chromium  # noqa: E402
from static_site_support import Offline, serving, site_state, wait_shown  # noqa: E402
from suite_cpu import cpu_seconds, proc_stats  # noqa: E402


def tree_cpu(root: int) -> float:
    """CPU seconds so far of ``root`` and every process below it."""
    stats = proc_stats()
    parents = {pid: int(fields[1]) for pid, fields in stats.items()}
    cpu = {pid: cpu_seconds(fields) for pid, fields in stats.items()}
    mine, total = {root}, 0.0
    for pid in sorted(cpu):
        up = pid
        while up not in mine and up in parents and up > 1:
            up = parents[up]
        if up in mine:
            mine.add(pid)
            total += cpu[pid]
    return total


def measure(label: str, step: Callable[[], None]) -> None:
    before, started = tree_cpu(os.getpid()), time.monotonic()
    step()
    print(f"{label:48s} wall {time.monotonic() - started:5.1f} s   "
          f"CPU {tree_cpu(os.getpid()) - before:5.1f} s", flush=True)


def load(page: Any, url: str) -> None:
    """A fresh load: a new document, Python started again."""
    page.goto(url)
    wait_shown(page, 1, timeout=300_000)


def link(page: Any, url: str) -> None:
    """A link put into the page and clicked: the site swaps the page in the same Python."""
    page.evaluate("url => { const a = document.createElement('a'); a.href = url; "
                  "a.id = 'kamp-probe'; a.textContent = 'x'; "
                  "document.querySelector('main').prepend(a); }", url)
    shown = site_state(page)["pagesShown"]
    page.click("#kamp-probe")
    wait_shown(page, shown + 1)


STEPS = ((load, "index.html"), (link, "tutorial/02-pass.html"),
         (link, "notebooks/02-poengark.html"), (load, "tutorial/02-pass.html"),
         (load, "notebooks/02-poengark.html"))


def main() -> None:
    from playwright.sync_api import sync_playwright

    site = Path(sys.argv[1])
    with serving(site) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for routed in (True, False):
            context: Any = Offline(browser).context if routed else \
                browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            tag = "routed" if routed else "plain"
            for how, path in STEPS:
                url = server.url(path)
                measure(f"{tag}: {how.__name__} {path}", functools.partial(how, page, url))
            print(f"{tag}: the last load's marks (ms)", site_state(page)["marks"], flush=True)
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
