"""How the course app feels to a learner, alone and in a classroom, in Debian's Chromium.

Two measurements (results go to the "App" section of BENCHMARKS.md, with their command):

    .venv/bin/python benchmarks/app.py pages [--steps 02 --repeats 2 --modes pool]
    .venv/bin/python benchmarks/app.py classroom [--learners 10,25 --step 02 --arrival 60
                                                  --designs made,fresh,nopool]

**pages** — every course step and `tests/browser/one_button.ipynb` (ipywidgets + pandas, one
button, one table) served by the same server in the same run: open (navigation start to the
first visible widget, or to the finished page on a step without widgets, median over
`--repeats`), click (a legal card in the step's card table until the table has been redrawn
with the bots' replies; the baseline's button redraws its table), and the page kernel's memory.
Modes: `pool` is `make app` as configured (the baseline gets a pre-heated kernel too), `nopool`
the same with `--VoilaConfiguration.preheat_kernel=False`.

**classroom** — N learners (own browser contexts, so own cookies, pages and kernels) open one
step, arriving evenly over `--arrival` seconds (0: all in the same second).  For each learner:
time to interactive (from setting the page's address to the first legal card being clickable,
i.e. the page drawn and its kernel connected; the moment the server finished sending the page is
noted too), then 5 card plays, each timed from the click until the bots have answered and the
learner may play again (the page's own clock, while the others are still arriving).  For the
server: peak memory (PSS of server, nursery and kernels, sampled each second), memory idle
before the class, kernels still alive a minute after every learner closed their page, and the
CPU seconds the server, the kernels and Chromium used while the class arrived — that split is
what sets the time.  Designs, each on a fresh server in the same run:
`made` = `make app` as configured (kernels forked from the nursery, one pre-heated kernel per
step); `fresh` = the same with every kernel a fresh Python (`--CourseApp.preload=[]`);
`nopool` = forked kernels, no pre-heated pool; `pool3` = forked, three pre-heated kernels per step.

The machine is shared: take `flock /tmp/kamp-bench.lock` for runs that go into BENCHMARKS.md,
compare within one run, and read the ratios.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from app_support import (  # tests/ holds the shared server and browser helpers
    ONE_BUTTON,
    kernel_id,
    kernel_process,
    kernel_processes,
    launch_chromium,
    new_learner,
    running_app,
    tutorial_steps,
    wait_rendered,
)

# --- pages -------------------------------------------------------------------------------------

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
HAND = ".kamp-play .widget-hbox.kamp-hand"
LEGAL_CARD = f"{HAND} button.kamp-card.kamp-legal"


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


def measure_pages(mode: str, steps: list[str], repeats: int, clicks: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, Any]] = {
        t: {"open": [], "what": "", "click": [], "rss": [], "uss": []} for t in [ONE_BUTTON, *steps]
    }
    log = Path(tempfile.mkdtemp(prefix="kamp-app-bench-")) / f"voila-{mode}.log"
    with running_app(log, MODES[mode], test_pages=True) as server, \
            sync_playwright() as playwright:
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


def report_pages(mode: str, results: dict[str, dict[str, Any]]) -> str:
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


# --- classroom ---------------------------------------------------------------------------------

DESIGNS = {
    "made": [],
    "fresh": ["--CourseApp.preload=[]"],
    "nopool": ["--VoilaConfiguration.preheat_kernel=False"],
    "pool3": ["--VoilaConfiguration.default_pool_size=3"],
}
PLAYS = 5  # card plays per learner

# Each learner's page plays by itself once interactive, so 25 pages need no driver turns:
# `interactive` is the wall clock (ms) when a legal card can first be clicked; `sent` when the
# server finished sending the page; `plays` the ms from each click until the learner's turn again.
LEARNER_JS = """
(() => {
  const state = {interactive: null, sent: null, plays: [], failed: null};
  window.__kamp = state;
  const hand = () => document.querySelector('HAND');
  const legal = () => document.querySelector('LEGAL');
  const cards = () => { const h = hand(); return h ? h.querySelectorAll('button.kamp-card').length
                                                   : 0; };
  const sleep = ms => new Promise(r => setTimeout(r, ms));
  async function play() {
    for (let i = 0; i < PLAYS; i++) {
      await sleep(1000);                       // a learner looks before playing
      const card = legal();
      if (!card) { state.failed = 'no legal card'; return; }
      const before = cards();
      const t0 = performance.now();
      card.click();
      while (!(cards() === before - 1 && legal())) {
        if (performance.now() - t0 > 60000) { state.failed = 'no answer in 60 s'; return; }
        await sleep(10);
      }
      state.plays.push(performance.now() - t0);
    }
  }
  const watch = setInterval(() => {
    if (state.sent === null) {
      const nav = performance.getEntriesByType('navigation')[0];
      if (nav && nav.responseEnd > 0) state.sent = performance.timeOrigin + nav.responseEnd;
    }
    const card = legal();
    if (card && card.offsetParent !== null) {
      clearInterval(watch);
      state.interactive = Date.now();
      play();
    }
  }, 20);
})();
""".replace("HAND", HAND).replace("LEGAL", LEGAL_CARD).replace("PLAYS", str(PLAYS))


class Sampler(threading.Thread):
    """Every second: the PSS of the server, its nursery and kernels (MiB); peak and CPU split."""

    def __init__(self, server_pid: int) -> None:
        super().__init__(daemon=True)
        import psutil

        self.psutil = psutil
        self.server = psutil.Process(server_pid)
        self.peak = 0.0
        self.stopped = threading.Event()

    def pss_mib(self) -> float:
        total = 0
        for proc in [self.server, *self.server.children(recursive=True)]:
            try:
                total += proc.memory_full_info().pss
            except (self.psutil.NoSuchProcess, self.psutil.AccessDenied):
                continue
        return total / 2**20

    def run(self) -> None:
        while not self.stopped.wait(1.0):
            self.peak = max(self.peak, self.pss_mib())


def cpu_split(server_pid: int) -> dict[str, float]:
    """CPU seconds so far: the server process, its kernels (and nursery), and Chromium."""
    import psutil

    def cpu(proc: Any) -> float:
        try:
            times = proc.cpu_times()
        except psutil.NoSuchProcess:
            return 0.0
        return times.user + times.system + times.children_user + times.children_system

    server = psutil.Process(server_pid)
    tree = server.children(recursive=True)
    own = {server.pid, *(p.pid for p in tree)}
    browser = [p for p in psutil.Process().children(recursive=True) if p.pid not in own]
    # kernels that ended are counted in their parent's children_* times (nursery or server)
    return {
        "server": server.cpu_times().user + server.cpu_times().system,
        "kernels": sum(cpu(p) for p in tree) + server.cpu_times().children_user
        + server.cpu_times().children_system,
        "browser": sum(cpu(p) for p in browser),
    }


def pool_filled(server: Any) -> bool:
    text = server.log_text()
    return text.count("Kernel pool of") >= len(tutorial_steps())


def classroom(design: str, learners: int, step: str, arrival: float) -> dict[str, Any]:
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    log = Path(tempfile.mkdtemp(prefix="kamp-class-")) / f"voila-{design}-{learners}.log"
    with running_app(log, DESIGNS[design]) as server, sync_playwright() as playwright:
        preheat = "preheat_kernel=False" not in " ".join(DESIGNS[design])
        deadline = time.monotonic() + 240
        while preheat and not pool_filled(server) and time.monotonic() < deadline:
            time.sleep(1)
        time.sleep(10)  # the pools' pages have run their cells
        sampler = Sampler(server.process.pid)
        idle = sampler.pss_mib()
        pool_kernels = len(kernel_processes(server.process.pid))
        browser = launch_chromium(playwright)
        contexts = [new_learner(browser) for _ in range(learners)]
        pages = []
        for context in contexts:
            context.add_init_script(LEARNER_JS)
            pages.append(context.new_page())
        url = server.url(step)
        sampler.start()
        cpu_before = cpu_split(server.process.pid)
        started = time.time()
        arrived: list[float] = []
        for i, page in enumerate(pages):
            due = started + (arrival * i / learners if learners > 1 else 0)
            time.sleep(max(0.0, due - time.time()))
            arrived.append(time.time() * 1000)
            page.evaluate("u => { window.location.href = u; }", url)
        states: list[dict[str, Any] | None] = [None] * learners
        limit = time.time() + 300
        while time.time() < limit:
            for i, page in enumerate(pages):
                if states[i] is not None and (len(states[i]["plays"]) == PLAYS
                                              or states[i]["failed"]):
                    continue
                try:
                    states[i] = page.evaluate("() => window.__kamp || null")
                except PlaywrightError:
                    continue  # between documents
            if all(s is not None and (len(s["plays"]) == PLAYS or s["failed"]) for s in states):
                break
            time.sleep(1.0)
        all_in = time.time()
        cpu_after = cpu_split(server.process.pid)
        sampler.stopped.set()
        sampler.join()
        for page in pages:  # every learner closes the page, as a browser tab is closed
            with contextlib.suppress(PlaywrightError):
                page.close(run_before_unload=True)
        time.sleep(60)
        left = len(kernel_processes(server.process.pid))
        for context in contexts:
            context.close()
        browser.close()
    ready = [(s["interactive"] - a) / 1000 for s, a in zip(states, arrived, strict=True)
             if s and s["interactive"]]
    sent = [(s["sent"] - a) / 1000 for s, a in zip(states, arrived, strict=True)
            if s and s["sent"]]
    plays = [p for s in states if s for p in s["plays"]]
    failed = [s["failed"] if s else "never loaded" for s in states
              if not s or not s["interactive"] or s["failed"]]
    used = {k: cpu_after[k] - cpu_before[k] for k in cpu_after}
    return {
        "design": design, "learners": learners, "arrival": arrival, "ready": ready, "sent": sent,
        "plays": plays, "failed": failed, "peak": sampler.peak, "idle": idle,
        "pool": pool_kernels, "left": left, "cpu": used, "window": all_in - started,
    }


def report_classroom(rows: list[dict[str, Any]], step: str) -> str:
    lines = [
        f"Step `{step}`; learners arrive evenly over the stated seconds; times in seconds "
        "from the learner setting the address (ms for card plays).",
        "",
        "| design | learners | arrive over | interactive: median | max | page sent: median "
        "| card play: median (n) | p90 | failed | peak memory (MiB) | idle (MiB) "
        "| kernels 1 min after | CPU s: server / kernels / Chromium |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        plays = sorted(r["plays"])
        p90 = plays[int(0.9 * (len(plays) - 1))] if plays else float("nan")
        cpu = r["cpu"]
        lines.append(
            f"| {r['design']} | {r['learners']} | {r['arrival']:.0f} s "
            f"| {median(r['ready']):.1f} | {max(r['ready'], default=float('nan')):.1f} "
            f"| {median(r['sent']):.1f} | {median(plays):.0f} ({len(plays)}) | {p90:.0f} "
            f"| {len(r['failed'])} | {r['peak']:.0f} | {r['idle']:.0f} "
            f"| {r['left']} (pool {r['pool']}) "
            f"| {cpu['server']:.0f} / {cpu['kernels']:.0f} / {cpu['browser']:.0f} |")
    return "\n".join(lines)


# --- command line ------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    pages = sub.add_parser("pages", help="every step against the one-button baseline")
    pages.add_argument("--steps", default="", help="comma-separated step prefixes, e.g. 00,02")
    pages.add_argument("--repeats", type=int, default=3)
    pages.add_argument("--clicks", type=int, default=10, help="plays per page with a card table")
    pages.add_argument("--modes", default="pool,nopool", help="pool, nopool or both")
    room = sub.add_parser("classroom", help="many learners open one step at once")
    room.add_argument("--learners", default="10,25", help="class sizes, e.g. 10,25")
    room.add_argument("--step", default="02", help="the step's prefix")
    room.add_argument("--arrival", type=float, default=60.0,
                      help="seconds over which the learners arrive (0: all at once)")
    room.add_argument("--designs", default="made", help=f"comma-separated: {', '.join(DESIGNS)}")
    args = parser.parse_args(argv)

    if args.what == "pages":
        wanted = [p for p in args.steps.split(",") if p]
        steps = [s for s in tutorial_steps()
                 if not wanted or any(Path(s).name.startswith(p) for p in wanted)]
        modes = [m for m in args.modes.split(",") if m]
        unknown = [m for m in modes if m not in MODES]
        if unknown:
            parser.error(f"unknown mode(s) {unknown}; choose from {sorted(MODES)}")
        for mode in modes:
            print(report_pages(mode, measure_pages(mode, steps, args.repeats, args.clicks)),
                  flush=True)
            print()
        return 0

    steps = [s for s in tutorial_steps() if Path(s).name.startswith(args.step)]
    if len(steps) != 1:
        parser.error(f"--step {args.step!r} names {len(steps)} steps")
    designs = [d for d in args.designs.split(",") if d]
    unknown = [d for d in designs if d not in DESIGNS]
    if unknown:
        parser.error(f"unknown design(s) {unknown}; choose from {sorted(DESIGNS)}")
    rows = []
    for learners in [int(n) for n in args.learners.split(",") if n]:
        for design in designs:
            row = classroom(design, learners, steps[0], args.arrival)
            rows.append(row)
            print(f"  {design} × {learners}: interactive median {median(row['ready']):.1f} s, "
                  f"max {max(row['ready'], default=float('nan')):.1f} s, "
                  f"plays median {median(row['plays']):.0f} ms, failed {len(row['failed'])}",
                  file=sys.stderr, flush=True)
    print(report_classroom(rows, steps[0]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
