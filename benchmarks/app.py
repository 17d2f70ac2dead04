"""How the course app feels to a learner, against a one-button notebook on the same server.

Run:  .venv/bin/python benchmarks/app.py            (all steps, pool on and off, ~5-10 min)
      .venv/bin/python benchmarks/app.py --steps 02 --repeats 2 --modes pool

For every course step and for `tests/browser/one_button.ipynb` (ipywidgets + pandas, one button,
one table) served by the same server in the same run, in Debian's Chromium:

- open: time from starting navigation to the first interactive widget (or, on a step without
  widgets, to the finished page), median over `--repeats`;
- click: on steps with a card table, click a legal card and time until the table has been
  redrawn with the bots' replies (the page's own clock, MutationObserver), median over all plays;
  the baseline's button redraws its pandas table the same way;
- memory: the RSS and USS of the page's kernel once the page is interactive.

Modes: `pool` is `make app` as configured (pre-heated kernel per step; the baseline also gets one
so both are served alike); `nopool` is the same with `--VoilaConfiguration.preheat_kernel=False`.
The machine is shared and noisy: read the ratios, and compare within one run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from app_support import (  # tests/ holds the shared server and browser helpers
    ONE_BUTTON,
    kernel_id,
    kernel_process,
    launch_chromium,
    new_learner,
    running_app,
    tutorial_steps,
    wait_rendered,
)

MODES = {
    # voila.json's pattern, widened to the baseline notebook (Voilà matches absolute paths)
    "pool": ["--VoilaKernelManager.preheat_denylist="
             r"^(?!.*/(tutorial/[0-9][0-9]-[^/]+|tests/browser/one_button)\.ipynb$)|.*/\.venv/"],
    "nopool": ["--VoilaConfiguration.preheat_kernel=False"],
}

# Installed before any page script: notes on the page's clock (ms since navigation started) when
# the first widget view becomes visible and when Voilà shows the finished page.
MARK_JS = """
window.__kamp = {widget: null, page: null};
new MutationObserver(() => {
  const seen = el => el !== null && el.offsetParent !== null;
  const now = performance.now();
  if (window.__kamp.page === null && seen(document.getElementById('rendered_cells')))
    window.__kamp.page = now;
  if (window.__kamp.widget === null
      && seen(document.querySelector('.jp-OutputArea-output .jupyter-widgets')))
    window.__kamp.widget = now;
}).observe(document, {subtree: true, childList: true, attributes: true});
"""

# Click `button`, then time until `target` has stopped changing for `quiet` ms; resolves with the
# time of its last change after the click (null when it never changed within `limit`).
CLICK_JS = """async ([buttonSel, targetSel, quiet, limit]) => {
  const button = document.querySelector(buttonSel);
  const target = document.querySelector(targetSel);
  if (!button || !target) return null;
  let last = null;
  const observer = new MutationObserver(() => { last = performance.now(); });
  observer.observe(target, {subtree: true, childList: true, characterData: true,
                            attributes: true});
  const t0 = performance.now();
  button.click();
  while (true) {
    await new Promise(r => setTimeout(r, 20));
    const now = performance.now();
    if (last !== null && now - last >= quiet) break;
    if (now - t0 > limit) break;
  }
  observer.disconnect();
  return last === null ? null : last - t0;
}"""

CARD_TABLE = ".kamp-play .kamp-table"
LEGAL_CARD = ".kamp-play .widget-hbox.kamp-hand button.kamp-card.kamp-legal"


def open_page(context: Any, url: str) -> tuple[Any, float, str]:
    """Open `url`; return the page, ms to its first widget (or finished page) and which."""
    page = context.new_page()
    page.goto(url, wait_until="load", timeout=180_000)  # load: every cell has run
    wait_rendered(page, timeout=180_000)
    page.wait_for_timeout(1500)  # widget views are drawn just after the page shows
    marks = page.evaluate("() => window.__kamp")
    if marks["widget"] is not None:
        return page, float(marks["widget"]), "widget"
    return page, float(marks["page"]), "page"


def click_times(page: Any, button: str, target: str, clicks: int) -> list[float]:
    times = []
    for _ in range(clicks):
        if page.query_selector(button) is None:
            break
        ms = page.evaluate(CLICK_JS, [button, target, 400, 5000])
        if ms is None:
            break
        times.append(float(ms))
        page.wait_for_timeout(100)
    return times


def kernel_mib(server_pid: int, page: Any) -> tuple[float, float]:
    page.wait_for_timeout(1000)  # let the kernel finish what the page asked of it
    info = kernel_process(server_pid, kernel_id(page)).memory_full_info()
    return info.rss / 2**20, info.uss / 2**20


def measure(mode: str, steps: list[str], repeats: int, clicks: int) -> dict[str, dict[str, Any]]:
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, Any]] = {
        t: {"open": [], "what": "", "click": [], "rss": [], "uss": []} for t in [ONE_BUTTON, *steps]
    }
    log = Path(tempfile.mkdtemp(prefix="kamp-app-bench-")) / f"voila-{mode}.log"
    with running_app(log, MODES[mode]) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        if mode == "pool":  # let every pool fill before the first measurement
            time.sleep(8 + 4 * len(steps))
        for rep in range(repeats):
            for target in [ONE_BUTTON, *steps]:
                context = new_learner(browser)
                context.add_init_script(MARK_JS)
                page, ms, what = open_page(context, server.url(target))
                row = results[target]
                row["open"].append(ms)
                row["what"] = what
                rss, uss = kernel_mib(server.process.pid, page)
                row["rss"].append(rss)
                row["uss"].append(uss)
                if rep == 0:  # clicks: once per target is plenty of samples
                    if target == ONE_BUTTON:
                        row["click"] += click_times(page, ".kamp-baseline-button",
                                                    ".kamp-baseline-table", clicks)
                    elif page.query_selector(CARD_TABLE):
                        row["click"] += click_times(page, LEGAL_CARD, CARD_TABLE, clicks)
                context.close()
                print(f"  {mode} {rep + 1}/{repeats} {target}: open {ms:.0f} ms ({what}), "
                      f"kernel {rss:.0f} MiB", file=sys.stderr, flush=True)
            if mode == "pool":
                time.sleep(5)  # pools refill a second after use
        browser.close()
    return results


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def report(mode: str, results: dict[str, dict[str, Any]]) -> str:
    base = results[ONE_BUTTON]
    b_open, b_click, b_rss, b_uss = (median(base[k]) for k in ("open", "click", "rss", "uss"))
    lines = [
        f"### mode `{mode}`",
        "",
        "| page | open → first widget (ms) | × baseline | click → table (ms, median, n) "
        "| kernel RSS (MiB) | × baseline | kernel USS (MiB) | × baseline |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for target, row in results.items():
        name = "baseline: one button" if target == ONE_BUTTON else Path(target).stem
        o, rss, uss = median(row["open"]), median(row["rss"]), median(row["uss"])
        click = f"{median(row['click']):.0f} (n={len(row['click'])})" if row["click"] else "–"
        what = "" if row["what"] == "widget" else " (no widget: page done)"
        lines.append(
            f"| {name} | {o:.0f}{what} | {o / b_open:.2f} | {click} | {rss:.0f} "
            f"| {rss / b_rss:.2f} | {uss:.0f} | {uss / b_uss:.2f} |")
    steps = [r for t, r in results.items() if t != ONE_BUTTON]
    if steps:
        worst_open = max(median(r["open"]) for r in steps) / b_open
        worst_rss = max(median(r["rss"]) for r in steps) / b_rss
        all_clicks = [c for r in steps for c in r["click"]]
        lines += [
            "",
            f"Worst step: open {worst_open:.2f}× baseline (target ≤ 1.5×), kernel RSS "
            f"{worst_rss:.2f}× (target ≤ 1.3×); card clicks median {median(all_clicks):.0f} ms "
            f"over {len(all_clicks)} plays (target ≤ 150 ms; baseline click {b_click:.0f} ms).",
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", default="", help="comma-separated step prefixes, e.g. 00,02")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=10, help="plays per page with a card table")
    parser.add_argument("--modes", default="pool,nopool", help="pool, nopool or both")
    args = parser.parse_args(argv)
    wanted = [p for p in args.steps.split(",") if p]
    steps = [s for s in tutorial_steps()
             if not wanted or any(Path(s).name.startswith(p) for p in wanted)]
    modes = [m for m in args.modes.split(",") if m]
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        parser.error(f"unknown mode(s) {unknown}; choose from {sorted(MODES)}")
    for mode in modes:
        print(report(mode, measure(mode, steps, args.repeats, args.clicks)), flush=True)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
