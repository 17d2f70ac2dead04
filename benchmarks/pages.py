"""Every page of the site against the one-button notebook: open time and kernel memory.

Run:  .venv/bin/python benchmarks/pages.py                  (every page, 2 repeats, ~15 min)
      .venv/bin/python benchmarks/pages.py --pages sekskamp/,index --repeats 1

The measurement is `benchmarks/app.py`'s (the same server, browser, clocks and kernel lookup),
over the whole site from `kamplib.teach.site.SITE` (the front page, the Femkamp course, the
Sekskamp and Sjukamp chapters, the explorations) instead of the course steps alone:

- open: time from starting navigation to the first interactive widget, median over
  `--repeats`; the same for `tests/browser/one_button.ipynb` in the same run;
- memory: RSS and USS of the page's kernel once it is interactive (an exploration keeps
  playing its first games in the background then, which is part of what it costs).

The server pre-heats a kernel for every page of the site (as the app should: see the section
in BENCHMARKS.md).  The machine is shared and noisy: read the ratios within one run.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from app_support import ONE_BUTTON, launch_chromium, new_learner, running_app  # noqa: E402

from kamplib.teach.site import SITE  # noqa: E402


def _app_bench() -> Any:
    """`benchmarks/app.py` as a module (benchmarks/ is a folder of scripts)."""
    spec = importlib.util.spec_from_file_location("kamp_app_bench", ROOT / "benchmarks/app.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BENCH = _app_bench()
# Pre-heat a kernel for the baseline and every page of the site (Voilà matches absolute paths).
POOL = ["--VoilaKernelManager.preheat_denylist="
        r"^(?!.*/(index|(tutorial|sekskamp|sjukamp|notebooks)/[0-9][0-9]-[^/]+"
        r"|tests/browser/one_button)\.ipynb$)|.*/\.venv/"]


def measure(pages: list[str], repeats: int) -> dict[str, dict[str, list[float]]]:
    from playwright.sync_api import sync_playwright

    results = {p: {"open": [], "rss": [], "uss": []} for p in [ONE_BUTTON, *pages]}
    log = Path(tempfile.mkdtemp(prefix="kamp-pages-bench-")) / "voila.log"
    with running_app(log, POOL) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        time.sleep(8 + 3 * len(pages))  # let every pool fill before the first measurement
        for rep in range(repeats):
            for target in [ONE_BUTTON, *pages]:
                context = new_learner(browser)
                context.add_init_script(BENCH.MARK_JS)
                page, ms, what = BENCH.open_page(context, server.url(target))
                rss, uss = BENCH.kernel_mib(server.process.pid, page)
                row = results[target]
                row["open"].append(ms)
                row["rss"].append(rss)
                row["uss"].append(uss)
                context.close()
                print(f"  {rep + 1}/{repeats} {target}: open {ms:.0f} ms ({what}), kernel "
                      f"{rss:.0f} MiB", file=sys.stderr, flush=True)
            time.sleep(5)  # pools refill a second after use
        browser.close()
    return results


def report(results: dict[str, dict[str, list[float]]]) -> str:
    median = BENCH.median
    base = results[ONE_BUTTON]
    b_open, b_rss = (median(base[k]) for k in ("open", "rss"))
    lines = ["| page | open → first widget (ms) | × baseline | kernel RSS (MiB) | × baseline "
             "| kernel USS (MiB) |",
             "|---|---:|---:|---:|---:|---:|"]
    for target, row in results.items():
        name = "baseline: one button" if target == ONE_BUTTON else target
        o, rss, uss = median(row["open"]), median(row["rss"]), median(row["uss"])
        lines.append(f"| {name} | {o:.0f} | {o / b_open:.2f} | {rss:.0f} | {rss / b_rss:.2f} "
                     f"| {uss:.0f} |")
    pages = {t: r for t, r in results.items() if t != ONE_BUTTON}
    if pages:
        worst = max(pages, key=lambda t: median(pages[t]["open"]))
        over = [t for t in pages if median(pages[t]["open"]) > 1.5 * b_open]
        lines += ["", f"Slowest page: {worst}, {median(pages[worst]['open']) / b_open:.2f}× the "
                      f"baseline (target ≤ 1.5×); pages over the target: {len(over)} of "
                      f"{len(pages)}{': ' + ', '.join(over) if over else ''}."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", default="",
                        help="comma-separated path prefixes, e.g. index,sekskamp/")
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args(argv)
    wanted = [p for p in args.pages.split(",") if p]
    pages = [p.path for p in SITE if not wanted or any(p.path.startswith(w) for w in wanted)]
    print(report(measure(pages, args.repeats)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
