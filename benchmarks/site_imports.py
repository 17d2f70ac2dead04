"""What Python imports on the browser edition's pages: measured, and written for the build.

Run:  .venv/bin/python benchmarks/site_imports.py            (writes site/python-imports.txt)
      .venv/bin/python benchmarks/site_imports.py --check    (exit 1 if the file is out of date)

It builds the site with every module in the first download (`build_site.py --whole`), opens it
in Chromium as a learner would, walks every page from the front page by its "next" links, then
opens the page that fails on purpose (tests/site/feil.ipynb: a traceback is formatted), and asks
the page's Python which modules it has imported (with the modules of the explorations' games
worker, which starts from the same first download).  scripts/site_payload.py puts exactly those
(and every `encodings` module, and all of kamplib) into the first download of `make site`;
everything else waits in an archive the kernel fetches only if something imports from it.

Run it again when a page starts to import something new: the site still works without it (the
module comes from the archive of the rest, one download later), but that download is the cost.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from app_support import launch_chromium  # tests/ holds the shared server and browser helpers
from static_site_support import (
    BUILDER,
    FAILING_PAGE,
    REPO,
    Offline,
    serving,
    site_state,
    wait_shown,
)

OUT = REPO / "site" / "python-imports.txt"
WORK = REPO / "build" / "site-imports"
# The page that asks Python what it has imported: every module with a file in the standard
# library's zip or in site-packages (built-in and frozen ones need no download).  It first
# imports what the explorations' games worker imports (the modules of the background jobs: the
# worker's Python starts from the same first download).
ASK = (
    "import importlib, json, sys\n"
    "from kamplib.jobs import JOBS\n"
    "for job in JOBS.values():\n"
    "    importlib.import_module(job.partition(':')[0])\n"
    "print(json.dumps(sorted(name for name, module in list(sys.modules.items())\n"
    "    if '/lib/python' in (getattr(module, '__file__', None) or ''))))\n"
)
HEADER = """\
# Every module the browser edition's pages import, measured in Chromium by
# `.venv/bin/python benchmarks/site_imports.py` (every page by its "next" links, then a page whose
# cell fails).  scripts/site_payload.py ships these in the first download; the rest of the
# standard library and of the wheels is fetched only if something imports from it.
"""


def ask_page() -> str:
    """The notebook of the page that asks, beside the build (not a page of the site)."""
    WORK.mkdir(parents=True, exist_ok=True)
    notebook = WORK / "imports.ipynb"
    notebook.write_text(json.dumps({
        "cells": [{"cell_type": "code", "metadata": {}, "execution_count": None,
                   "outputs": [], "source": [ASK]}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
    }), encoding="utf-8")
    return notebook.relative_to(REPO).as_posix()


def follow(page: Any, url: str) -> None:
    """Open ``url`` by a link of the page's own (the same Python), and wait until it has run."""
    shown = site_state(page)["pagesShown"]
    page.evaluate("url => { const a = document.createElement('a'); a.href = url; "
                  "a.id = 'kamp-measure'; a.textContent = '.'; "
                  "document.querySelector('main').prepend(a); }", url)
    page.click("#kamp-measure")
    wait_shown(page, shown + 1, timeout=300_000)


def measure() -> list[str]:
    from playwright.sync_api import sync_playwright

    asking = ask_page()
    made = BUILDER.site_manifest()
    manifest = BUILDER.Manifest((*made.pages, FAILING_PAGE, asking))
    site = WORK / "site"
    BUILDER.build(out=site, manifest=manifest, whole=True)
    with serving(site) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        learner = Offline(browser)
        page = learner.context.new_page()
        page.goto(server.base)
        wait_shown(page, 1, timeout=300_000)
        walked = 1
        while page.locator(".kamp-site-nav a.kamp-next").count():
            shown = site_state(page)["pagesShown"]
            page.locator(".kamp-site-nav a.kamp-next").first.click()
            wait_shown(page, shown + 1, timeout=300_000)
            walked += 1
        follow(page, server.url(BUILDER.page_url(FAILING_PAGE)))
        follow(page, server.url(BUILDER.page_url(asking)))
        names = json.loads(page.inner_text("main .kamp-output pre"))
        browser.close()
    print(f"site_imports: {walked} pages walked, {len(names)} modules imported", file=sys.stderr)
    return list(names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with site/python-imports.txt instead of writing it")
    args = parser.parse_args(argv)
    text = HEADER + "".join(f"{name}\n" for name in measure())
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"site_imports: {OUT.relative_to(REPO)} is out of date", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"site_imports: wrote {OUT.relative_to(REPO)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
