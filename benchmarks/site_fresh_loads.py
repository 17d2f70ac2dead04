"""What a fresh load of the browser edition costs Chromium: variant against variant, side by side.

    .venv/bin/python benchmarks/site_fresh_loads.py SITE_FOLDER [--rounds N] VARIANT...

VARIANT is ``NAME`` or ``NAME:ARG,ARG...``; an ARG is ``reduced-motion`` (the context asks for
reduced motion, as a learner's own setting does: what the site animates under
``prefers-reduced-motion: reduce`` stops) or an argument for Chromium's launch
(``--js-flags=--wasm-lazy-compilation``).  Each variant has a browser of its own, launched as the
tests launch theirs (tests/app_support.py) plus its arguments.  Each round opens a step of the
course in a new context of every browser in turn (a new document: Python starts) and follows the
page's «Neste» link (the same Python runs the next page), so the variants share the machine's
load.  CPU is user + system time of this process's whole tree (Chromium, Playwright's driver,
this Python), read from /proc before the context closes (its renderer ends with it); the wall is
the load's and the link's; the marks are the page's own (ms from the start of the document: the
kernel ready, the first widget drawn, the page shown).

SITE_FOLDER is a built site (`make site`, or `benchmarks/site_build_steps.py 9 --out DIR`).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "benchmarks"))
from app_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from site_page_start import tree_cpu  # noqa: E402
from static_site_support import serving, site_state, wait_shown  # noqa: E402

STEPS = ("tutorial/02-pass.html", "notebooks/02-poengark.html")


def variant(spec: str) -> tuple[str, dict[str, Any], list[str]]:
    """``NAME:ARG,...`` as (name, context options, launch arguments)."""
    name, _, rest = spec.partition(":")
    options: dict[str, Any] = {}
    args = []
    for arg in filter(None, rest.split(",")):
        if arg == "reduced-motion":
            options["reduced_motion"] = "reduce"
        else:
            args.append(arg)
    return name, options, args


def one_load(browser: Any, options: dict[str, Any],
             url: str) -> tuple[float, float, dict[str, int]]:
    """A fresh load of ``url`` and the link to the next page: CPU, wall, the first page's marks."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, **options)
    page = context.new_page()
    before, started = tree_cpu(os.getpid()), time.monotonic()
    page.goto(url)
    wait_shown(page, 1, timeout=300_000)
    marks = {k: round(v) for k, v in site_state(page)["marks"].items()}
    page.locator(".kamp-site-nav a.kamp-next").first.click()
    wait_shown(page, 2)
    cpu, wall = tree_cpu(os.getpid()) - before, time.monotonic() - started
    context.close()
    return cpu, wall, marks


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    variants = [variant(v) for v in args.variants]
    with serving(args.site) as server, sync_playwright() as playwright:
        browsers = {name: playwright.chromium.launch(executable_path=CHROMIUM,
                                                     args=CHROMIUM_ARGS + extra)
                    for name, _, extra in variants}
        cpus: dict[str, list[float]] = {name: [] for name, _, _ in variants}
        walls: dict[str, list[float]] = {name: [] for name, _, _ in variants}
        for round_ in range(args.rounds):
            step = STEPS[round_ % len(STEPS)]
            for name, options, _ in variants:
                cpu, wall, marks = one_load(browsers[name], options, server.url(step))
                cpus[name].append(cpu)
                walls[name].append(wall)
                print(f"{name}: round {round_} {step}: CPU {cpu:5.1f} s, wall {wall:5.1f} s, "
                      f"marks {marks}", flush=True)
                time.sleep(0.5)
        for name, _, extra in variants:
            print(f"{name} {extra}: median CPU {statistics.median(cpus[name]):.1f} s, "
                  f"wall {statistics.median(walls[name]):.1f} s "
                  f"(CPU {sorted(round(c, 1) for c in cpus[name])})", flush=True)
        for browser in browsers.values():
            browser.close()


if __name__ == "__main__":
    main()
