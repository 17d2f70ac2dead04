"""How the browser edition feels to a learner, with the Voilà app measured in the same run.

Run:  .venv/bin/python benchmarks/site.py                     (about 5-10 min on 2 cores)
      .venv/bin/python benchmarks/site.py --repeats 2 --clicks 5 --games 1

It builds the site as `make site` does (plus one page that times the search bot), serves it as
`make site-serve` does, and measures in Debian's Chromium, every request to another host
aborted:

- size: the site's bytes on disk, by part, and as `make site-serve` sends them;
- first visit: the bytes fetched until the first page is idle;
- open: ms from navigation to the first interactive widget of the course's step 02 (a card of
  its sample hand that may be played), cold (a new browser profile, empty cache) and warm (the
  same profile, the page opened again), with the moment Python was ready; median over
  --repeats;
- next step: ms from clicking step 01's "next" link to that playable card on step 02, in the
  same Python, and to the whole page having run;
- every page: from the front page by each page's "next" link to the end of the site, ms from the
  click until the page has run (every page of `make site` runs in the browser; a cell that fails
  stops the benchmark);
- click: a legal card clicked until the table has been redrawn with the bots' replies (the
  page's own clock), step 02's sample hand with the bots' pause off (`pace=0`, `KAMP_PACE=0`:
  the pause is the same wait in both), the site against `make app` in the same run;
- search: the search bot's decision times (benchmarks/bots.py `decisions`, same code and seeds)
  in Pyodide on the page and in CPython here, with the app's options and without a time budget;
  the two take turns (--search-turns), so a change in the machine's load shows in both.

The machine is shared and noisy: read the medians and ratios, and compare within one run.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
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
from static_site_support import BUILDER, REPO, Offline, serving, site_state, wait_shown

from app import CARD_TABLE, LEGAL_CARD, click_times  # benchmarks/app.py: the click timer

VOILA_HAND = "tutorial/02-pass.ipynb"  # the course's step with a sample hand, in both editions
HAND_PAGE = BUILDER.page_url(VOILA_HAND)
STEP_BEFORE = "tutorial/01-kortstokk-utdeling-og-stikk.html"
# When a selector first matches, on the page's own clock: watched from before the page's scripts
# run, reset by the benchmark before it moves on (window.kampSeen[selector] = ms).
SEEN_SCRIPT = """
window.kampSeen = {};
window.kampWatch = (selector) => { delete window.kampSeen[selector]; watched.add(selector); };
const watched = new Set([%s]);
new MutationObserver(() => {
  for (const selector of watched) {
    if (!(selector in window.kampSeen) && document.querySelector(selector)) {
      window.kampSeen[selector] = performance.now();
    }
  }
}).observe(document, { childList: true, subtree: true, attributes: true });
"""
BENCH_DIR = REPO / "build" / "site-bench"
# One unmeasured game first, in both Pythons: V8 compiles Pyodide's WebAssembly in tiers, so the
# first seconds of Python in a page run slower code than the rest.
WARMUP_SEED = 1000


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


# --- the site under test ----------------------------------------------------------------------

def search_cell(games: int) -> str:
    """Python for a page: time the search bot as benchmarks/bots.py does (its own functions,
    at the app's level «vanskelig»), print the result."""
    sources = "\n\n".join(inspect.getsource(f) for f in (bots._stats, bots._load_average,
                                                         bots.decisions))
    return (
        "import json, os, time\n"
        "from typing import Any\n"
        "from kamplib.bots import make_bot\n"
        "from kamplib.bots.heuristic import round_policy\n"
        "from kamplib.game import Game\n"
        "from kamplib.view import make_view\n\n"
        f"NAMES = {bots.NAMES!r}\n\n"
        f"{sources}\n"
        f"decisions(1, {WARMUP_SEED})  # unmeasured: let the engine warm up first\n"
        f"print(json.dumps({{'app': decisions({games}, 1)}}))\n"
    )


def notebook(title: str, code: str) -> str:
    return json.dumps({
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": [f"# {title}"]},
            {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
             "source": [code]},
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    })


# Step 02's sample hand (the same deal and table), with the bots' pause off.
HAND_NO_PAUSE = ("from kamplib.teach.choices import Choices\n"
                 "from kamplib.widgets import PlayHand\n"
                 "PlayHand(kind='pass', seed=1, pace=0, **Choices().table('femkamp'))\n")


def build_bench_site(games: int) -> tuple[Path, dict[str, Any]]:
    """The site `make site` builds plus two pages of the benchmark's own: one that times the
    search bot in the browser, and step 02's sample hand without the bots' pause."""
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    (BENCH_DIR / "search.ipynb").write_text(
        notebook("Søkeboten i nettleseren", search_cell(games)), encoding="utf-8")
    (BENCH_DIR / "hand.ipynb").write_text(
        notebook("Spill en hånd uten pause", HAND_NO_PAUSE), encoding="utf-8")
    made = BUILDER.site_manifest()
    extra = tuple((BENCH_DIR / n).relative_to(REPO).as_posix() for n in ("search.ipynb",
                                                                          "hand.ipynb"))
    manifest = BUILDER.Manifest((*made.pages, *extra))
    out = BENCH_DIR / "site"
    return out, dict(BUILDER.build(out=out, manifest=manifest))


def size_report(site: Path) -> dict[str, Any]:
    """Bytes on disk and as `make site-serve` sends them (the precompressed Brotli copy where
    the build wrote one), for the whole site and its parts."""
    parts: dict[str, list[int]] = {}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        if path.suffix in (".br", ".gz"):
            continue
        name = path.name
        part = ("Pyodide runtime" if name.startswith(("pyodide.", "python_stdlib"))
                else "Python wheels" if name.endswith(".whl")
                else "page script and styles" if path.parent.name == "static"
                else "pages and the rest")
        brotli = path.with_name(name + ".br")
        row = parts.setdefault(part, [0, 0])
        row[0] += path.stat().st_size
        row[1] += (brotli if brotli.exists() else path).stat().st_size
    total = [sum(r[0] for r in parts.values()), sum(r[1] for r in parts.values())]
    return {"parts": parts, "total": total}


# --- the browser ------------------------------------------------------------------------------

def learner(browser: Any) -> Offline:
    """A new browser profile (empty cache) that notes when a playable card first shows."""
    person = Offline(browser)
    person.context.add_init_script(SEEN_SCRIPT % json.dumps(LEGAL_CARD))
    return person


def open_cold(browser: Any, url: str) -> tuple[Offline, Any, dict[str, Any]]:
    """A new profile opens ``url``; return it, the page and the page script's report."""
    person = learner(browser)
    page = person.context.new_page()
    page.goto(url)
    wait_shown(page, 1, timeout=300_000)
    return person, page, site_state(page)


def playable_at(page: Any) -> float:
    """When a card of the sample hand could first be played (ms on the page's clock)."""
    page.wait_for_function("sel => sel in window.kampSeen", arg=LEGAL_CARD, timeout=120_000)
    return float(page.evaluate("sel => window.kampSeen[sel]", LEGAL_CARD))


def first_visit(browser: Any, base: str, repeats: int) -> dict[str, Any]:
    """Cold and warm opens of step 02, and the bytes of the first visit."""
    cold, warm, kernel_cold, kernel_warm, fetched = [], [], [], [], []
    for rep in range(repeats):
        person, page, state = open_cold(browser, base + HAND_PAGE)
        cold.append(playable_at(page))
        kernel_cold.append(state["marks"]["kernel"])
        fetched.append(sum(n for _, n in person.local))
        assert not person.elsewhere, person.elsewhere
        page.goto("about:blank")
        again = person.context.new_page()
        again.goto(base + HAND_PAGE)
        wait_shown(again, 1, timeout=300_000)
        warm.append(playable_at(again))
        kernel_warm.append(site_state(again)["marks"]["kernel"])
        person.close()
        print(f"  visit {rep + 1}/{repeats}: cold {cold[-1]:.0f} ms, warm {warm[-1]:.0f} ms",
              file=sys.stderr, flush=True)
    return {"cold_widget_ms": cold, "warm_widget_ms": warm, "cold_kernel_ms": kernel_cold,
            "warm_kernel_ms": kernel_warm, "first_visit_bytes": fetched}


def next_step(browser: Any, base: str, repeats: int) -> dict[str, list[float]]:
    """Step 01's "next" link to step 02, in the same Python: ms to a playable card and to the
    whole page having run; then back by step 02's "previous" link, unmeasured."""
    person, page, _ = open_cold(browser, base + STEP_BEFORE)
    playable, ready = [], []
    for rep in range(repeats):
        shown = site_state(page)["pagesShown"]
        page.evaluate("sel => window.kampWatch(sel)", LEGAL_CARD)
        started = page.evaluate("""() => { const t = performance.now();
            document.querySelector('.kamp-site-nav a.kamp-next').click(); return t; }""")
        wait_shown(page, shown + 1)
        playable.append(playable_at(page) - started)
        ready.append(site_state(page)["current"]["ready"] - started)
        page.locator(".kamp-site-nav a.kamp-prev").first.click()
        wait_shown(page, shown + 2)
        print(f"  next step {rep + 1}/{repeats}: {playable[-1]:.0f} ms to a playable card, "
              f"{ready[-1]:.0f} ms to the whole page", file=sys.stderr, flush=True)
    person.close()
    return {"playable_ms": playable, "ready_ms": ready}


def every_page(browser: Any, base: str) -> list[tuple[str, float]]:
    """The whole site by its "next" links: (page, ms from the click until it has run)."""
    person, page, _ = open_cold(browser, base)
    times = []
    while page.locator(".kamp-site-nav a.kamp-next").count():
        shown = site_state(page)["pagesShown"]
        started = page.evaluate("""() => { const t = performance.now();
            document.querySelector('.kamp-site-nav a.kamp-next').click(); return t; }""")
        wait_shown(page, shown + 1)
        state = site_state(page)
        where = page.url.removeprefix(base).split("?")[0]
        if state["errors"] or person.elsewhere:
            raise RuntimeError(f"{where}: {state['errors']} {person.elsewhere}")
        times.append((where, state["current"]["ready"] - started))
    person.close()
    print(f"  every page: {len(times)} pages after the front page", file=sys.stderr, flush=True)
    return times


def card_clicks(page: Any, clicks: int) -> list[float]:
    """Legal card clicks until the table has settled after the bots' replies (ms each)."""
    page.locator(LEGAL_CARD).first.wait_for(timeout=60_000)
    return click_times(page, LEGAL_CARD, CARD_TABLE, clicks)


def site_clicks(browser: Any, base: str, clicks: int) -> list[float]:
    person, page, _ = open_cold(browser, base + "build/site-bench/hand.html")
    times = card_clicks(page, clicks)
    person.close()
    return times


def voila_clicks(browser: Any, clicks: int) -> list[float]:
    log = Path(tempfile.mkdtemp(prefix="kamp-site-bench-")) / "voila.log"
    os.environ["KAMP_PACE"] = "0"  # the app's kernels inherit it: no pause between the bots
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
            f"bots.decisions(1, {WARMUP_SEED})\n"
            f"print(json.dumps({{'app': bots.decisions({games}, 1)}}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                         text=True, check=True).stdout
    return dict(json.loads(out))


# --- the report -------------------------------------------------------------------------------

def report(r: dict[str, Any]) -> str:
    mb = 1e6
    lines = ["| part | on disk | as sent (Brotli where precompressed) |", "|---|---|---|"]
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
        f"| step 02 cold: a card to play (Python ready at) | "
        f"{median(v['cold_widget_ms']) / 1000:.1f} s ({median(v['cold_kernel_ms']) / 1000:.1f} s)"
        f" | {len(v['cold_widget_ms'])} |",
        f"| step 02 warm: a card to play (Python ready at) | "
        f"{median(v['warm_widget_ms']) / 1000:.1f} s ({median(v['warm_kernel_ms']) / 1000:.1f} s)"
        f" | {len(v['warm_widget_ms'])} |",
        f"| next step 01 → 02, same Python: a card to play | "
        f"{median(r['next_step']['playable_ms']):.0f} ms | {len(r['next_step']['playable_ms'])} |",
        f"| next step 01 → 02, same Python: the whole page run | "
        f"{median(r['next_step']['ready_ms']):.0f} ms | {len(r['next_step']['ready_ms'])} |",
    ]
    pages = r["every_page"]
    slowest = max(pages, key=lambda p: p[1])
    lines.append(f"| every page by its \"next\" link, until it has run: median (slowest: "
                 f"{slowest[0]}, {slowest[1]:.0f} ms) | {median([ms for _, ms in pages]):.0f} ms "
                 f"| {len(pages)} |")
    site, voila = median(r["site_clicks_ms"]), median(r["voila_clicks_ms"])
    lines += [
        f"| card click until the bots' replies are drawn (no pause): browser edition | "
        f"{site:.0f} ms | {len(r['site_clicks_ms'])} |",
        f"| card click until the bots' replies are drawn (no pause): Voilà app | "
        f"{voila:.0f} ms | {len(r['voila_clicks_ms'])} |",
        f"| ratio browser / Voilà | {site / voila:.2f} | |",
        "",
        "| search bot decisions (with a choice) | Pyodide median | p95 | CPython median | p95 |"
        " ratio of medians |",
        "|---|---|---|---|---|---|",
    ]
    for key, label in (("app", "the app's level (search, a budget of work, not of time)"),):
        for turn, (b, c) in enumerate(zip(r["search_browser"], r["search_cpython"],
                                          strict=True), start=1):
            b, c = b[key]["wall"], c[key]["wall"]
            lines.append(f"| {label}, turn {turn}, n={b['n']} | {b['median_ms']:.0f} ms | "
                         f"{b['p95_ms']:.0f} ms | {c['median_ms']:.0f} ms | {c['p95_ms']:.0f} ms | "
                         f"{b['median_ms'] / c['median_ms']:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="cold/warm visits, next steps")
    parser.add_argument("--clicks", type=int, default=12,
                        help="card clicks on each edition (a hand has 13 cards)")
    parser.add_argument("--games", type=int, default=2, help="games for the search timings")
    parser.add_argument("--search-turns", type=int, default=2,
                        help="how often each Python times the search bot, taking turns")
    parser.add_argument("--json", action="store_true", help="print the raw results as JSON")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    site, _ = build_bench_site(args.games)
    results: dict[str, Any] = {"size": size_report(site)}
    started = time.time()
    with serving(site) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        results["visits"] = first_visit(browser, server.base, args.repeats)
        results["next_step"] = next_step(browser, server.base, args.repeats)
        results["every_page"] = every_page(browser, server.base)
        results["site_clicks_ms"] = site_clicks(browser, server.base, args.clicks)
        results["voila_clicks_ms"] = voila_clicks(browser, args.clicks)
        # the two Pythons take turns, so a change in the machine's load shows in both
        results["search_browser"], results["search_cpython"] = [], []
        for turn in range(args.search_turns):
            print(f"  search bot {turn + 1}/{args.search_turns}: CPython, then the browser",
                  file=sys.stderr, flush=True)
            results["search_cpython"].append(search_in_cpython(args.games))
            results["search_browser"].append(search_in_browser(browser, server.base))
        browser.close()
    results["wall_s"] = round(time.time() - started)
    print(json.dumps(results, indent=1) if args.json else report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
