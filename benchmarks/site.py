"""How the browser edition feels to a learner, with the Voilà app measured in the same run.

Run:  .venv/bin/python benchmarks/site.py                     (about 5-10 min on 2 cores)
      .venv/bin/python benchmarks/site.py --repeats 2 --clicks 5 --games 1

It builds the test site (the sample pages of tests/site/ and every page `make site` publishes,
plus one page that times the search bot), serves it as `make site-serve` does, and measures in
Debian's Chromium, every request to another host aborted:

- size: the site's bytes on disk, by part, and gzipped (what a host that compresses sends);
- first visit: the bytes fetched until the first page is idle;
- open: ms from navigation to the first widget of the sample hand page (tests/site/01-spill,
  the same `PlayHand(kind="pass", seed=1)` as the course's step 02), cold (a new browser
  profile, empty cache) and warm (the same profile, the page opened again), with the moment
  Python was ready; median over --repeats;
- next step: ms from clicking the front page's link to the first widget of the next page, in
  the same Python;
- click: a legal card clicked until the table has been redrawn with the bots' replies (the
  page's own clock), the site against `make app`'s step 02 in the same run;
- search: the search bot's decision times (benchmarks/bots.py `decisions`, same code and seeds)
  in Pyodide on the page and in CPython here, with the app's options and without a time budget.

The machine is shared and noisy: read the medians and ratios, and compare within one run.
"""

from __future__ import annotations

import argparse
import gzip
import inspect
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bots  # benchmarks/bots.py: the decision timer, run the same in both Pythons
from app_support import (  # tests/ holds the shared server and browser helpers
    launch_chromium,
    new_learner,
    running_app,
    wait_rendered,
    wait_widgets,
)
from site_support import (
    BUILDER,
    REPO,
    SAMPLE_PAGES,
    Offline,
    build,
    published,
    serving,
    site_state,
    wait_shown,
)

from app import CARD_TABLE, LEGAL_CARD, click_times  # benchmarks/app.py: the click timer

HAND_PAGE = "tests/site/01-spill.html"
VOILA_HAND = "tutorial/02-pass.ipynb"
BENCH_DIR = REPO / "build" / "site-bench"
# One unmeasured game first, in both Pythons: V8 compiles Pyodide's WebAssembly in tiers, so the
# first seconds of Python in a page run slower code than the rest.
WARMUP_SEED = 1000


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


# --- the site under test ----------------------------------------------------------------------

def search_cell(games: int) -> str:
    """Python for a page: time the search bot as benchmarks/bots.py does, print the result."""
    source = inspect.getsource(bots.decisions)
    return (
        "import json, time\n"
        "from kamplib.bots.search import APP_SEARCH_OPTIONS\n"
        "from kamplib.view import make_view\n"
        "from typing import Any\n\n"
        f"{source}\n"
        "samples = {'samples': APP_SEARCH_OPTIONS['samples']}\n"
        f"decisions(1, {WARMUP_SEED}, samples)  # unmeasured: let the engine warm up first\n"
        f"result = {{'app': decisions({games}, 1, dict(APP_SEARCH_OPTIONS)),\n"
        f"          'no_budget': decisions({games}, 1, samples)}}\n"
        "print(json.dumps(result))\n"
    )


def build_bench_site(games: int) -> tuple[Path, dict[str, Any]]:
    """The test site plus a page that times the search bot in the browser."""
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    page = BENCH_DIR / "search.ipynb"
    page.write_text(json.dumps({
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": ["# Søkeboten i nettleseren"]},
            {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
             "source": [search_cell(games)]},
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }), encoding="utf-8")
    sample = BUILDER.read_manifest(SAMPLE_PAGES).pages
    manifest = BENCH_DIR / "pages.toml"
    pages = (*sample, *published(), page.relative_to(REPO).as_posix())
    manifest.write_text("pages = [\n" + "".join(f'    "{p}",\n' for p in pages) + "]\n")
    out = BENCH_DIR / "site"
    return out, build(out, manifest)


def size_report(site: Path) -> dict[str, Any]:
    """Bytes on disk and gzipped, for the whole site and its parts."""
    parts: dict[str, list[int]] = {}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        name = path.name
        part = ("Pyodide runtime" if name.startswith(("pyodide.", "python_stdlib"))
                else "Python wheels" if name.endswith(".whl")
                else "page script and styles" if path.parent.name == "static"
                else "pages and the rest")
        data = path.read_bytes()
        row = parts.setdefault(part, [0, 0])
        row[0] += len(data)
        row[1] += len(gzip.compress(data, compresslevel=6))
    total = [sum(r[0] for r in parts.values()), sum(r[1] for r in parts.values())]
    return {"parts": parts, "total": total}


# --- the browser ------------------------------------------------------------------------------

def open_cold(browser: Any, url: str) -> tuple[Offline, Any, dict[str, Any]]:
    """A new profile opens ``url``; return it, the page and the page script's report."""
    person = Offline(browser)
    page = person.context.new_page()
    page.goto(url)
    wait_shown(page, 1, timeout=300_000)
    return person, page, site_state(page)


def first_visit(browser: Any, base: str, repeats: int) -> dict[str, Any]:
    """Cold and warm opens of the sample hand page, and the bytes of the first visit."""
    cold, warm, kernel_cold, kernel_warm, fetched = [], [], [], [], []
    for rep in range(repeats):
        person, page, state = open_cold(browser, base + HAND_PAGE)
        cold.append(state["current"]["widget"])
        kernel_cold.append(state["marks"]["kernel"])
        fetched.append(sum(n for _, n in person.local))
        assert not person.elsewhere, person.elsewhere
        page.goto("about:blank")
        again = person.context.new_page()
        again.goto(base + HAND_PAGE)
        wait_shown(again, 1, timeout=300_000)
        state = site_state(again)
        warm.append(state["current"]["widget"])
        kernel_warm.append(state["marks"]["kernel"])
        person.close()
        print(f"  visit {rep + 1}/{repeats}: cold {cold[-1]:.0f} ms, warm {warm[-1]:.0f} ms",
              file=sys.stderr, flush=True)
    return {"cold_widget_ms": cold, "warm_widget_ms": warm, "cold_kernel_ms": kernel_cold,
            "warm_kernel_ms": kernel_warm, "first_visit_bytes": fetched}


def next_step(browser: Any, base: str, repeats: int) -> list[float]:
    """From the front page, the link to the sample hand: ms to the new page's first widget."""
    person, page, _ = open_cold(browser, base)
    times = []
    for rep in range(repeats):
        shown = site_state(page)["pagesShown"]
        started = page.evaluate("""() => { const t = performance.now();
            [...document.querySelectorAll('main a')].find(a => a.innerText === 'Spill en hånd')
              .click(); return t; }""")
        wait_shown(page, shown + 1)
        times.append(site_state(page)["current"]["widget"] - started)
        page.get_by_role("link", name="Prøveside").first.click()
        wait_shown(page, shown + 2)
        print(f"  next step {rep + 1}/{repeats}: {times[-1]:.0f} ms", file=sys.stderr,
              flush=True)
    person.close()
    return times


def card_clicks(page: Any, clicks: int) -> list[float]:
    """Legal card clicks until the table has settled after the bots' replies (ms each)."""
    page.locator(LEGAL_CARD).first.wait_for(timeout=60_000)
    return click_times(page, LEGAL_CARD, CARD_TABLE, clicks)


def site_clicks(browser: Any, base: str, clicks: int) -> list[float]:
    person, page, _ = open_cold(browser, base + HAND_PAGE)
    times = card_clicks(page, clicks)
    person.close()
    return times


def voila_clicks(browser: Any, clicks: int) -> list[float]:
    log = Path(tempfile.mkdtemp(prefix="kamp-site-bench-")) / "voila.log"
    with running_app(log) as server:
        context = new_learner(browser)
        page = context.new_page()
        page.goto(server.url(VOILA_HAND), timeout=180_000)
        wait_rendered(page, timeout=180_000)
        wait_widgets(page)
        times = card_clicks(page, clicks)
        context.close()
    return times


def search_in_browser(browser: Any, base: str) -> dict[str, Any]:
    person, page, _ = open_cold(browser, base + "build/site-bench/search.html")
    text = page.inner_text("main .kamp-output pre")
    person.close()
    return dict(json.loads(text))


def search_in_cpython(games: int) -> dict[str, Any]:
    code = ("import json, sys; sys.path.insert(0, 'benchmarks'); import bots\n"
            "from kamplib.bots.search import APP_SEARCH_OPTIONS as A\n"
            f"bots.decisions(1, {WARMUP_SEED}, {{'samples': A['samples']}})\n"
            f"print(json.dumps({{'app': bots.decisions({games}, 1, dict(A)), "
            f"'no_budget': bots.decisions({games}, 1, {{'samples': A['samples']}})}}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                         text=True, check=True).stdout
    return dict(json.loads(out))


# --- the report -------------------------------------------------------------------------------

def report(r: dict[str, Any]) -> str:
    mb = 1e6
    lines = ["| part | on disk | gzipped |", "|---|---|---|"]
    for part, (raw, packed) in sorted(r["size"]["parts"].items()):
        lines.append(f"| {part} | {raw / mb:.1f} MB | {packed / mb:.1f} MB |")
    raw, packed = r["size"]["total"]
    lines.append(f"| **whole site** | **{raw / mb:.1f} MB** | **{packed / mb:.1f} MB** |")
    v = r["visits"]
    lines += [
        "",
        "| measure | median | runs |",
        "|---|---|---|",
        f"| bytes fetched on a first visit (uncompressed) | "
        f"{median(v['first_visit_bytes']) / mb:.1f} MB | {len(v['first_visit_bytes'])} |",
        f"| first widget, cold visit (Python ready at) | {median(v['cold_widget_ms']) / 1000:.1f} s"
        f" ({median(v['cold_kernel_ms']) / 1000:.1f} s) | {len(v['cold_widget_ms'])} |",
        f"| first widget, warm visit (Python ready at) | {median(v['warm_widget_ms']) / 1000:.1f} s"
        f" ({median(v['warm_kernel_ms']) / 1000:.1f} s) | {len(v['warm_widget_ms'])} |",
        f"| next step, same Python (link click to first widget) | "
        f"{median(r['next_step_ms']):.0f} ms | {len(r['next_step_ms'])} |",
    ]
    site, voila = median(r["site_clicks_ms"]), median(r["voila_clicks_ms"])
    lines += [
        f"| card click until the bots' replies are drawn: browser edition | {site:.0f} ms | "
        f"{len(r['site_clicks_ms'])} |",
        f"| card click until the bots' replies are drawn: Voilà app | {voila:.0f} ms | "
        f"{len(r['voila_clicks_ms'])} |",
        f"| ratio browser / Voilà | {site / voila:.2f} | |",
        "",
        "| search bot decisions (with a choice) | Pyodide median | p95 | CPython median | p95 |"
        " ratio of medians |",
        "|---|---|---|---|---|---|",
    ]
    for key, label in (("app", "app options (16 samples, 0.4 s budget)"),
                       ("no_budget", "16 samples, no time budget")):
        b, c = r["search_browser"][key]["with_a_choice"], r["search_cpython"][key]["with_a_choice"]
        lines.append(f"| {label}, n={b['n']} | {b['median_ms']:.0f} ms | {b['p95_ms']:.0f} ms | "
                     f"{c['median_ms']:.0f} ms | {c['p95_ms']:.0f} ms | "
                     f"{b['median_ms'] / c['median_ms']:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="cold/warm visits, next steps")
    parser.add_argument("--clicks", type=int, default=10, help="card clicks on each edition")
    parser.add_argument("--games", type=int, default=2, help="games for the search timings")
    parser.add_argument("--json", action="store_true", help="print the raw results as JSON")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    site, _ = build_bench_site(args.games)
    results: dict[str, Any] = {"size": size_report(site)}
    started = time.time()
    with serving(site) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        results["visits"] = first_visit(browser, server.base, args.repeats)
        results["next_step_ms"] = next_step(browser, server.base, args.repeats)
        results["site_clicks_ms"] = site_clicks(browser, server.base, args.clicks)
        results["voila_clicks_ms"] = voila_clicks(browser, args.clicks)
        print("  search bot in the browser …", file=sys.stderr, flush=True)
        results["search_browser"] = search_in_browser(browser, server.base)
        browser.close()
    print("  search bot in CPython …", file=sys.stderr, flush=True)
    results["search_cpython"] = search_in_cpython(args.games)
    results["wall_s"] = round(time.time() - started)
    print(json.dumps(results, indent=1) if args.json else report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
