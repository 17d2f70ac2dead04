"""Every page of the site against the one-button notebook: open time and kernel memory.

Run:  .venv/bin/python benchmarks/pages.py                  (every page, both modes, 3 repeats)
      .venv/bin/python benchmarks/pages.py --pages sekskamp/,index --repeats 1 --modes app

The measurement is `benchmarks/app.py`'s (the same server, browser, clocks and kernel lookup),
over the whole site from `kamplib.site.pages.SITE` (the front page, the Femkamp course, the
Sekskamp and Sjukamp chapters, the explorations) instead of the course steps alone:

- open: time from starting navigation to the first visible widget, median over `--repeats`;
  the same for `tests/browser/one_button.ipynb` in the same run, on the same server;
- memory: RSS and USS of the page's kernel once it is interactive (an exploration keeps
  playing its first games in the background then, which is part of what it costs);
- every page is opened on a settled server (:func:`settle`): the pools refilled after the page
  before and no kernel still playing an exploration's games, as a learner finds the server
  after reading a page.  Opened back to back, each page was measured against the refill and the
  background games of the pages before it (the tactics page right after the house rules:
  1.86–2.01× in the runs of 1 Dec; 1.20–1.33× on a settled server, BENCHMARKS.md "Pages").

Modes, each on a fresh server in the same run:

- `app`: `make app` as configured — voila.json pre-heats a kernel for the pages it names (see
  its `preheat_denylist`), the others start a kernel (forked from the nursery) when they are
  opened; the baseline gets a pre-heated kernel, so it is the fastest page there is;
- `all`: the same server with a pre-heated kernel for every page of the site.

The machine is shared and noisy: read the ratios within one run, and take
`flock /tmp/kamp-bench.lock` for a run that goes into BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from app_support import (  # noqa: E402
    ONE_BUTTON,
    launch_chromium,
    new_learner,
    preheat_denied,
    running_app,
)

from kamplib.site.pages import SITE  # noqa: E402


def _app_bench() -> Any:
    """`benchmarks/app.py` as a module (benchmarks/ is a folder of scripts)."""
    spec = importlib.util.spec_from_file_location("kamp_app_bench", ROOT / "benchmarks/app.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


BENCH = _app_bench()


def _app_denylist() -> str:
    """voila.json's pre-heat pattern, widened to the baseline notebook (Voilà matches absolute
    paths; the pattern is "everything but these pages")."""
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    pattern = config["VoilaKernelManager"]["preheat_denylist"][0]
    widened = pattern.replace("/(index|", "/(tests/browser/one_button|index|", 1)
    if widened == pattern:
        raise SystemExit(f"voila.json's preheat_denylist changed shape: {pattern}")
    return widened


MODES = {
    "app": [f"--VoilaKernelManager.preheat_denylist={_app_denylist()}"],
    "all": ["--VoilaKernelManager.preheat_denylist="
            r"^(?!.*/(index|(tutorial|sekskamp|sjukamp|notebooks)/[0-9][0-9]-[^/]+"
            r"|tests/browser/one_button)\.ipynb$)|.*/\.venv/"],
}


def pooled_pages(mode: str, pages: list[str]) -> int:
    """How many of `pages` (and the baseline) get a pre-heated kernel in `mode`."""
    pattern = MODES[mode][0].split("=", 1)[1]
    return sum(not preheat_denied([pattern], p, ROOT) for p in [ONE_BUTTON, *pages])


def settle(server_pid: int, quiet: float = 0.05, window: float = 1.0,
           timeout: float = 40.0) -> float:
    """Wait until the server and its kernels use under `quiet` of one core over `window` s
    (or `timeout` s); the seconds waited."""
    import psutil

    def cpu() -> dict[int, float]:
        try:
            root = psutil.Process(server_pid)
            tree = [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return {}
        seen = {}
        for process in tree:
            try:
                times = process.cpu_times()
            except psutil.Error:
                continue
            seen[process.pid] = times.user + times.system
        return seen

    start = time.monotonic()
    before = cpu()
    while time.monotonic() - start < timeout:
        time.sleep(window)
        after = cpu()
        used = sum(after[pid] - before[pid] for pid in after.keys() & before.keys())
        if used < quiet * window:
            break
        before = after
    return time.monotonic() - start


def _pools_filled(server: Any, pages: int, timeout: float) -> None:
    """Wait until the server's log says each pre-heated pool is filled (or `timeout` s)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.log_text().count("is filled with") >= pages:
            return
        time.sleep(1)


def measure(mode: str, pages: list[str], repeats: int) -> dict[str, dict[str, list[float]]]:
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, list[float]]] = {
        p: {"open": [], "rss": [], "uss": []} for p in [ONE_BUTTON, *pages]}
    log = Path(tempfile.mkdtemp(prefix="kamp-pages-bench-")) / f"voila-{mode}.log"
    pooled = pooled_pages(mode, pages)
    with running_app(log, MODES[mode], test_pages=True) as server, \
            sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        _pools_filled(server, pooled, 60 + 6 * pooled)
        for rep in range(repeats):
            for target in [ONE_BUTTON, *pages]:
                waited = settle(server.process.pid)
                context = new_learner(browser)
                context.add_init_script(BENCH.MARK_JS)
                page, ms, what = BENCH.open_page(context, server.url(target))
                rss, uss = BENCH.kernel_mib(server.process.pid, page)
                row = results[target]
                row["open"].append(ms)
                row["rss"].append(rss)
                row["uss"].append(uss)
                context.close()
                print(f"  {mode} {rep + 1}/{repeats} {target}: open {ms:.0f} ms ({what}), "
                      f"kernel {rss:.0f} MiB, settled in {waited:.1f} s", file=sys.stderr,
                      flush=True)
        browser.close()
    return results


def report(mode: str, results: dict[str, dict[str, list[float]]]) -> str:
    median = BENCH.median
    base = results[ONE_BUTTON]
    b_open, b_rss = (median(base[k]) for k in ("open", "rss"))
    lines = [f"#### mode `{mode}`", "",
             "| page | open → first widget (ms) | × baseline | kernel RSS (MiB) | × baseline "
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
        heaviest = max(pages, key=lambda t: median(pages[t]["rss"]))
        lines += ["", f"Slowest page: {worst}, {median(pages[worst]['open']) / b_open:.2f}× the "
                      f"baseline (target ≤ 1.5×); pages over the target: {len(over)} of "
                      f"{len(pages)}{': ' + ', '.join(over) if over else ''}.  Largest kernel: "
                      f"{heaviest}, {median(pages[heaviest]['rss']):.0f} MiB RSS."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", default="",
                        help="comma-separated path prefixes, e.g. index,sekskamp/")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--modes", default="app,all", help="app, all or both (app,all)")
    args = parser.parse_args(argv)
    wanted = [p for p in args.pages.split(",") if p]
    pages = [p.path for p in SITE if not wanted or any(p.path.startswith(w) for w in wanted)]
    modes = [m for m in args.modes.split(",") if m]
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        parser.error(f"unknown mode(s) {', '.join(unknown)}: choose from {', '.join(MODES)}")
    start = time.monotonic()
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}",
          flush=True)
    for mode in modes:
        print(report(mode, measure(mode, pages, args.repeats)) + "\n", flush=True)
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}; "
          f"{(time.monotonic() - start) / 60:.1f} min", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
