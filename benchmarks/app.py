"""How the course app feels to a learner, alone and in a classroom, in Debian's Chromium or
with the browsers' work elsewhere.

Three measurements (results go to the "App" section of BENCHMARKS.md, with their command):

    .venv/bin/python benchmarks/app.py pages [--steps 02 --repeats 2 --modes pool]
    .venv/bin/python benchmarks/app.py classroom [--learners 10,25 --step 02 --arrival 60
                                                  --designs made,fresh,nopool --client light]
    .venv/bin/python benchmarks/app.py cost [--step 02 --repeats 3 --repos OTHER_CHECKOUT,.]

**pages** — every course step and `tests/browser/one_button.ipynb` (ipywidgets + pandas, one
button, one table) served by the same server in the same run: open (navigation start to the
first visible widget, or to the finished page on a step without widgets, median over
`--repeats`), click (a legal card in the step's card table until the table has been redrawn
with the bots' replies; the baseline's button redraws its table), and the page kernel's memory.
Modes: `pool` is `make app` as configured (the baseline gets a pre-heated kernel too), `nopool`
the same with `--VoilaConfiguration.preheat_kernel=False`.

**classroom** — N learners (own cookies, pages and kernels) open one step, arriving evenly over
`--arrival` seconds (0: all in the same second), each then plays 5 cards.  `--client browser`
(the default): every learner is a Chromium context on this machine; time to interactive runs
from setting the page's address to the first legal card being clickable, a card play from the
click until the bots have answered and the learner may play again (the page's own clock).
`--client light`: no browser (`tests/light_learner.py`): each learner sends the server what a
learner's Chromium sends — the page with the cookie check, the page's static files (recorded
from one Chromium load of the step), the keep-alive calls, the kernel websocket and ipywidgets'
handshake, and a button's click message for a legal card — so the run measures the server as a
class whose browsers run on their own devices would find it.  Interactive = page received,
static files fetched, websocket connected and every widget's state received; a play is timed
to the kernel's first widget update (the learner's card drawn) and to its idle status (the
bots' replies drawn, their pause included), and checked: the hand must be one card shorter.
For the server: peak memory (PSS of server, nursery and kernels, sampled each second), memory
idle before the class, kernels still alive a minute after every learner closed the page, the
load average before and after, and the CPU seconds the server, the kernels and the learners
(Chromium, or this process for light learners) used while the class arrived and played.
Designs, each on a fresh server in the same run: `made` = `make app` as configured (kernels
forked from the nursery, one pre-heated kernel per step); `fresh` = every kernel a fresh Python
(`--CourseApp.preload=[]`); `nopool` = forked kernels, no pre-heated pool; `pool3` = three
pre-heated kernels per step; `nopace` = `made` with the bots' pause off (`KAMP_PACE=0`), what a
play costs the server and kernel alone.  `DESIGN@DIR` starts the server of another checkout
(e.g. `git archive COMMIT | tar -x -C DIR`, with `DIR/.venv` linked to this one's) so two
commits' servers are compared side by side in one run.

**cost** — one learner's Chromium CPU seconds (a fresh browser each time): launching it with a
blank page, opening a page until it is interactive, and 5 plays, for the one-button notebook
and a step, with the page renderer's main-thread time (Chrome's Performance metrics: tasks,
script, layout, style), the page's elements and JS heap, and — from a light learner on the same
server — the page's widget models and the widget messages one play sends.  That splits a
learner's browser cost into Voilà's front end (the one-button page) and our widgets (the rest).

The machine is shared: take `flock /tmp/kamp-bench.lock` for runs that go into BENCHMARKS.md,
compare within one run, and read the ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from app_support import (  # tests/ holds the shared server and browser helpers
    ONE_BUTTON,
    REPO,
    kernel_id,
    kernel_process,
    kernel_processes,
    launch_chromium,
    new_learner,
    running_app,
    tutorial_steps,
    wait_rendered,
)
from light_learner import Visit, run_apart, visit

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
    "nopace": [],  # `made` with the bots' pause off: what a play costs the server and kernel
}
DESIGN_ENV = {"nopace": {"KAMP_PACE": "0"}}
PLAYS = 5  # card plays per learner
CLASS_LIMIT = 300.0  # seconds after the last arrival by which every learner should be through


def checkout_name(repo: Path) -> str:
    """How a table names a checkout: this one, or the other's commit (or folder)."""
    if repo == REPO:
        return "this checkout"
    commit = subprocess.run(["git", "-C", str(repo), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    return commit or repo.name


@dataclass
class Design:
    """A server design, optionally started from another checkout (`made@DIR`) to compare commits
    side by side in one run."""

    name: str
    repo: Path = REPO

    @classmethod
    def parse(cls, spec: str) -> Design:
        name, _, repo = spec.partition("@")
        if name not in DESIGNS:
            raise ValueError(f"unknown design {name!r}; choose from {sorted(DESIGNS)}")
        return cls(name, Path(repo).resolve() if repo else REPO)

    @property
    def label(self) -> str:
        return self.name if self.repo == REPO else f"{self.name} @ {checkout_name(self.repo)}"

    @property
    def preheat(self) -> bool:
        return "preheat_kernel=False" not in " ".join(DESIGNS[self.name])

    def serve(self, log: Path) -> Any:
        env = dict(DESIGN_ENV.get(self.name, {}))
        if self.repo != REPO:  # the other checkout's engine and widgets, not this one's install
            env["PYTHONPATH"] = str(self.repo)
        return running_app(log, DESIGNS[self.name], repo=self.repo, env=env)


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
    """Every second: the PSS of the server, its nursery and kernels (MiB); its peak, and the CPU
    this sampling itself took (so the light learners' share can be told apart)."""

    def __init__(self, server_pid: int) -> None:
        super().__init__(daemon=True)
        import psutil

        self.psutil = psutil
        self.server = psutil.Process(server_pid)
        self.peak = 0.0
        self.cpu = 0.0
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
        self.cpu = time.thread_time()


def cpu_split(server_pid: int) -> dict[str, float]:
    """CPU seconds so far: the server process, its kernels (and nursery), Chromium (this
    process's other children) and this process itself (the light learners and the sampler)."""
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
    me = psutil.Process()
    browser = [p for p in me.children(recursive=True) if p.pid not in own]
    # kernels that ended are counted in their parent's children_* times (nursery or server)
    return {
        "server": server.cpu_times().user + server.cpu_times().system,
        "kernels": sum(cpu(p) for p in tree) + server.cpu_times().children_user
        + server.cpu_times().children_system,
        "browser": sum(cpu(p) for p in browser),
        "this": me.cpu_times().user + me.cpu_times().system,
    }


def pool_filled(server: Any) -> bool:
    text = server.log_text()
    return text.count("Kernel pool of") >= len(tutorial_steps())


def settle(server: Any, design: Design) -> None:
    """Wait until the pre-heated pools are full and their pages have run their cells."""
    deadline = time.monotonic() + 240
    while design.preheat and not pool_filled(server) and time.monotonic() < deadline:
        time.sleep(1)
    time.sleep(10)


def load_average() -> float:
    return os.getloadavg()[0]


def browser_classroom(design: Design, learners: int, step: str,
                      arrival: float) -> dict[str, Any]:
    """The class in Chromium on this machine: every learner a browser context of its own."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    log = Path(tempfile.mkdtemp(prefix="kamp-class-")) / f"voila-{design.name}-{learners}.log"
    with design.serve(log) as server, sync_playwright() as playwright:
        settle(server, design)
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
        load_before = load_average()
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
        load_after = load_average()
    ready = [(s["interactive"] - a) / 1000 for s, a in zip(states, arrived, strict=True)
             if s and s["interactive"]]
    sent = [(s["sent"] - a) / 1000 for s, a in zip(states, arrived, strict=True)
            if s and s["sent"]]
    plays = [p for s in states if s for p in s["plays"]]
    failed = [s["failed"] if s else "never loaded" for s in states
              if not s or not s["interactive"] or s["failed"]]
    used = {k: cpu_after[k] - cpu_before[k] for k in cpu_after}
    return {
        "client": "browser", "design": design.label, "learners": learners, "arrival": arrival,
        "ready": ready, "sent": sent, "plays": plays, "failed": failed, "peak": sampler.peak,
        "idle": idle, "pool": pool_kernels, "left": left, "cpu": used,
        "window": all_in - started, "load": (load_before, load_after),
    }


# --- classroom, light learners (no browser) ---------------------------------------------------

def page_assets(server: Any, step: str) -> list[str]:
    """The static files Chromium fetches for `step` (paths with query), in the order it asked.

    Recorded once per server by one Chromium load; light learners then fetch the same files, as
    browsers with an empty cache would.  The page itself, its kernel's API and the keep-alive
    calls are the light learner's own requests and are left out."""
    from playwright.sync_api import sync_playwright

    wanted: list[str] = []
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        context = new_learner(browser)
        page = context.new_page()

        def note(request: Any) -> None:
            url = urlsplit(request.url)
            path = url.path + (f"?{url.query}" if url.query else "")
            own = ("/voila/render/", "/api/kernels/")  # the rest are POSTs
            if (request.method == "GET" and url.netloc == urlsplit(server.base).netloc
                    and not path.startswith(own) and path not in wanted):
                wanted.append(path)

        page.on("request", note)
        page.goto(server.url(step), wait_until="load", timeout=180_000)
        page.wait_for_selector(LEGAL_CARD, timeout=180_000)
        page.wait_for_timeout(1000)
        recorded = kernel_id(page)
        page.close(run_before_unload=True)
        context.close()
        browser.close()
    deadline = time.monotonic() + 90  # its kernel ends (beacon or grace) before the class
    while time.monotonic() < deadline:
        try:
            kernel_process(server.process.pid, recorded)
        except LookupError:
            break
        time.sleep(1)
    return wanted


async def light_class(base: str, path: str, learners: int, arrival: float, assets: list[str],
                      all_in: Any) -> list[Visit]:
    """The class as light learners in this process's event loop; `all_in()` is called once every
    learner is through its plays (or failed, or the time is up), before they all leave."""
    visits = [Visit() for _ in range(learners)]
    through: set[int] = set()
    everyone, leave = asyncio.Event(), asyncio.Event()

    def played(i: int) -> Any:
        def note(_: Visit) -> None:
            through.add(i)
            if len(through) == learners:
                everyone.set()
        return note

    async def learner(i: int) -> Visit:
        await asyncio.sleep(arrival * i / learners if learners > 1 else 0)
        return await visit(base, path, plays=PLAYS, assets=assets, played=played(i),
                           leave=leave, seen=visits[i])

    tasks = [asyncio.ensure_future(learner(i)) for i in range(learners)]
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(everyone.wait(), arrival + CLASS_LIMIT)
    all_in()
    for i, task in enumerate(tasks):
        if i not in through:
            visits[i].failed = visits[i].failed or f"not through within {CLASS_LIMIT:.0f} s"
            task.cancel()
    leave.set()  # every learner closes the tab
    await asyncio.gather(*tasks, return_exceptions=True)
    return visits


def light_classroom(design: Design, learners: int, step: str, arrival: float,
                    assets: bool) -> dict[str, Any]:
    """The class with the browsers' work elsewhere: what the server alone gives it."""
    log = Path(tempfile.mkdtemp(prefix="kamp-class-")) / f"voila-{design.name}-{learners}.log"
    with design.serve(log) as server:
        files = page_assets(server, step) if assets else []
        settle(server, design)
        sampler = Sampler(server.process.pid)
        idle = sampler.pss_mib()
        pool_kernels = len(kernel_processes(server.process.pid))
        load_before = load_average()
        sampler.start()
        cpu_before = cpu_split(server.process.pid)
        marks: dict[str, Any] = {}
        started = time.time()

        def all_in() -> None:
            marks["cpu"] = cpu_split(server.process.pid)
            marks["time"] = time.time()
            sampler.stopped.set()

        visits = run_apart(light_class(server.base, f"/voila/render/{step}", learners,
                                         arrival, files, all_in))
        sampler.join()
        time.sleep(60)
        left = len(kernel_processes(server.process.pid))
        load_after = load_average()
    used = {k: marks["cpu"][k] - cpu_before[k] for k in cpu_before}
    used["learners"] = used.pop("this") - sampler.cpu
    return {
        "client": "light", "design": design.label, "learners": learners, "arrival": arrival,
        "ready": [v.interactive_s for v in visits if v.interactive_s is not None],
        "sent": [v.page_s for v in visits if v.page_s is not None],
        "first": [c.first_update_ms for v in visits for c in v.clicks],
        "plays": [c.answered_ms for v in visits for c in v.clicks],
        "failed": [v.failed for v in visits if v.failed],
        "handshake": sorted({f"{v.handshake} ({v.models} models)" for v in visits
                             if v.handshake}),
        "assets": (len(files), max((v.asset_bytes for v in visits), default=0)),
        "peak": sampler.peak, "idle": idle, "pool": pool_kernels, "left": left, "cpu": used,
        "window": marks["time"] - started, "load": (load_before, load_after),
    }


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.9 * (len(ordered) - 1))] if ordered else float("nan")


def report_classroom(rows: list[dict[str, Any]], step: str) -> str:
    lines = [
        f"Step `{step}`; learners arrive evenly over the stated seconds; times in seconds "
        "from the learner's first request (ms for card plays); load = 1-minute load average "
        "before the class → a minute after it left.",
    ]
    browser = [r for r in rows if r["client"] == "browser"]
    light = [r for r in rows if r["client"] == "light"]
    if browser:
        lines += [
            "",
            "| design | learners | arrive over | load | interactive: median | max "
            "| page sent: median | card play: median (n) | p90 | failed | peak memory (MiB) "
            "| idle (MiB) | kernels 1 min after | CPU s: server / kernels / Chromium |",
            "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
        ]
        for r in browser:
            cpu = r["cpu"]
            lines.append(
                f"| {r['design']} | {r['learners']} | {r['arrival']:.0f} s "
                f"| {r['load'][0]:.1f} → {r['load'][1]:.1f} "
                f"| {median(r['ready']):.1f} | {max(r['ready'], default=float('nan')):.1f} "
                f"| {median(r['sent']):.1f} | {median(r['plays']):.0f} ({len(r['plays'])}) "
                f"| {p90(r['plays']):.0f} | {len(r['failed'])} | {r['peak']:.0f} "
                f"| {r['idle']:.0f} | {r['left']} (pool {r['pool']}) "
                f"| {cpu['server']:.0f} / {cpu['kernels']:.0f} / {cpu['browser']:.0f} |")
    if light:
        files, size = light[0]["assets"]
        lines += [
            "",
            f"Light learners (no browser; each also fetched the page's {files} static files, "
            f"{size / 2**20:.1f} MiB, as recorded from one Chromium load).  *first update*: "
            "click → the kernel's first widget update (the learner's card drawn); *answered*: "
            "click → the kernel idle again (the bots' replies drawn, their pause included).",
            "",
            "| design | learners | arrive over | load | interactive: median | max "
            "| page received: median | widget handshake | first update: median | p90 "
            "| answered: median (n) | p90 | failed | peak memory (MiB) | idle (MiB) "
            "| kernels 1 min after | CPU s: server / kernels / light learners |",
            "|---|---:|---:|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
        ]
        for r in light:
            cpu = r["cpu"]
            lines.append(
                f"| {r['design']} | {r['learners']} | {r['arrival']:.0f} s "
                f"| {r['load'][0]:.1f} → {r['load'][1]:.1f} "
                f"| {median(r['ready']):.1f} | {max(r['ready'], default=float('nan')):.1f} "
                f"| {median(r['sent']):.1f} | {', '.join(r['handshake'])} "
                f"| {median(r['first']):.0f} | {p90(r['first']):.0f} "
                f"| {median(r['plays']):.0f} ({len(r['plays'])}) | {p90(r['plays']):.0f} "
                f"| {len(r['failed'])} | {r['peak']:.0f} | {r['idle']:.0f} "
                f"| {r['left']} (pool {r['pool']}) "
                f"| {cpu['server']:.1f} / {cpu['kernels']:.1f} / {cpu['learners']:.1f} |")
    failures = sorted({f for r in rows for f in r["failed"]})
    if failures:
        lines += ["", "Failures: " + "; ".join(failures)]
    return "\n".join(lines)


# --- cost: one learner's browser ---------------------------------------------------------------

BASELINE_BUTTON = ".kamp-baseline-button"
BASELINE_TABLE = ".kamp-baseline-table"
# CDP Performance metrics of the page's renderer (seconds, counts, bytes)
METRICS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration",
           "JSHeapUsedSize")


def chromium_cpu() -> float:
    """CPU seconds of every Chromium process of this benchmark (ended ones included)."""
    import psutil

    total = 0.0
    for proc in psutil.Process().children(recursive=True):
        try:
            if not proc.name().startswith("chrom"):
                continue
            t = proc.cpu_times()
            total += t.user + t.system + t.children_user + t.children_system
        except psutil.NoSuchProcess:
            continue
    return total


def play_in_browser(page: Any, target: str, plays: int) -> None:
    """`plays` clicks as a learner makes them: a legal card until the learner's turn is back,
    or the baseline's button until its table has changed."""
    for _ in range(plays):
        page.wait_for_timeout(1000)  # a learner looks before playing
        if target == ONE_BUTTON:
            before = page.inner_text(BASELINE_TABLE)
            page.click(BASELINE_BUTTON)
            page.wait_for_function("([sel, text]) => document.querySelector(sel).innerText "
                                   "!== text", arg=[BASELINE_TABLE, before], timeout=60_000)
            continue
        before = len(page.query_selector_all(f"{HAND} button.kamp-card"))
        page.click(LEGAL_CARD)
        page.wait_for_function(
            "([hand, legal, n]) => document.querySelectorAll(hand + ' button.kamp-card').length"
            " === n - 1 && document.querySelector(legal) !== null",
            arg=[HAND, LEGAL_CARD, before], timeout=60_000)


def measure_cost(step: str, repeats: int, plays: int,
                 repo: Path = REPO) -> dict[str, dict[str, list[float]]]:
    """Chromium's CPU for one learner: launched with a blank page, opening the page until it is
    interactive, and `plays` plays; a fresh browser each time, the pages pre-heated.  A light
    learner first counts the page's widget models and the widget messages of a play."""
    from playwright.sync_api import sync_playwright

    keys = ("launch", "open", "plays", "elements", "models", "updates", "update_kib", *METRICS)
    results = {t: {k: [] for k in keys} for t in (ONE_BUTTON, step)}
    log = Path(tempfile.mkdtemp(prefix="kamp-cost-")) / "voila.log"
    with running_app(log, MODES["pool"], test_pages=True, repo=repo) as server:
        deadline = time.monotonic() + 240
        while (server.log_text().count("Kernel pool of") < len(tutorial_steps()) + 1
               and time.monotonic() < deadline):
            time.sleep(1)
        time.sleep(10)
        for target, row in results.items():
            seen = run_apart(visit(server.base, f"/voila/render/{target}",
                                     plays=0 if target == ONE_BUTTON else plays))
            if seen.failed:
                raise RuntimeError(f"light learner on {target}: {seen.failed}")
            row["models"].append(seen.models)
            row["updates"] += [c.updates for c in seen.clicks]
            row["update_kib"] += [c.update_bytes / 1024 for c in seen.clicks]
            time.sleep(5)  # the pool refills
        with sync_playwright() as playwright:
            measure_cost_in(playwright, server, results, repeats, plays)
    return results


def measure_cost_in(playwright: Any, server: Any, results: dict[str, dict[str, list[float]]],
                    repeats: int, plays: int) -> None:
    """`measure_cost`'s browser part: a fresh Chromium per target and repeat."""
    for rep in range(repeats):
        for target, row in results.items():
            before = chromium_cpu()
            browser = launch_chromium(playwright)
            context = new_learner(browser)
            page = context.new_page()
            page.goto("about:blank")
            launched = chromium_cpu()
            cdp = context.new_cdp_session(page)
            cdp.send("Performance.enable")
            page.goto(server.url(target), wait_until="load", timeout=180_000)
            ready = BASELINE_BUTTON if target == ONE_BUTTON else LEGAL_CARD
            page.wait_for_selector(ready, state="visible", timeout=180_000)
            page.wait_for_timeout(1000)  # the views settle
            opened = chromium_cpu()
            row["elements"].append(page.evaluate("document.getElementsByTagName('*').length"))
            play_in_browser(page, target, plays)
            page.wait_for_timeout(1000)
            done = chromium_cpu()
            metrics = {m["name"]: m["value"]
                       for m in cdp.send("Performance.getMetrics")["metrics"]}
            row["launch"].append(launched - before)
            row["open"].append(opened - launched)
            row["plays"].append(done - opened)
            for name in METRICS:
                row[name].append(float(metrics.get(name, float("nan"))))
            page.close(run_before_unload=True)
            context.close()
            browser.close()
            print(f"  cost {rep + 1}/{repeats} {target}: open {opened - launched:.2f} CPU s, "
                  f"{plays} plays {done - opened:.2f} CPU s", file=sys.stderr, flush=True)
            time.sleep(5)  # the pool refills


def report_cost(runs: list[tuple[str, dict[str, dict[str, list[float]]]]], plays: int) -> str:
    lines = [
        "| server | page | widget models | widget messages per play (KiB) "
        f"| Chromium CPU s: launch (blank page) | open → interactive | {plays} plays "
        "| open + plays | renderer main thread: tasks s | script s | layout s | style s "
        "| page elements | JS heap (MiB) |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for label, results in runs:
        for target, row in results.items():
            name = "baseline: one button" if target == ONE_BUTTON else Path(target).stem
            o, p = median(row["open"]), median(row["plays"])
            messages = (f"{median(row['updates']):.0f} ({median(row['update_kib']):.0f})"
                        if row["updates"] else "–")
            lines.append(
                f"| {label} | {name} | {median(row['models']):.0f} | {messages} "
                f"| {median(row['launch']):.2f} | {o:.2f} | {p:.2f} | {o + p:.2f} "
                f"| {median(row['TaskDuration']):.2f} | {median(row['ScriptDuration']):.2f} "
                f"| {median(row['LayoutDuration']):.2f} "
                f"| {median(row['RecalcStyleDuration']):.2f} | {median(row['elements']):.0f} "
                f"| {median(row['JSHeapUsedSize']) / 2**20:.0f} |")
    return "\n".join(lines)


# --- command line ------------------------------------------------------------------------------

def one_step(parser: argparse.ArgumentParser, prefix: str) -> str:
    steps = [s for s in tutorial_steps() if Path(s).name.startswith(prefix)]
    if len(steps) != 1:
        parser.error(f"--step {prefix!r} names {len(steps)} steps")
    return steps[0]


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
    room.add_argument("--designs", default="made",
                      help=f"comma-separated: {', '.join(DESIGNS)}; DESIGN@DIR starts the "
                           "server of the checkout DIR (another commit) instead")
    room.add_argument("--client", choices=("browser", "light"), default="browser",
                      help="browser: every learner a Chromium context on this machine; light: "
                           "no browser, the same requests and kernel messages")
    room.add_argument("--no-assets", dest="assets", action="store_false",
                      help="light learners skip the page's static files")
    cost = sub.add_parser("cost", help="one learner's Chromium CPU: one button vs a step")
    cost.add_argument("--step", default="02", help="the step's prefix")
    cost.add_argument("--repeats", type=int, default=3)
    cost.add_argument("--plays", type=int, default=PLAYS)
    cost.add_argument("--repos", default=".",
                      help="comma-separated checkouts whose server is measured, one after the "
                           "other in the same run (.: this one)")
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

    step = one_step(parser, args.step)
    if args.what == "cost":
        runs = []
        for repo in [Path(r).resolve() for r in args.repos.split(",") if r]:
            runs.append((checkout_name(repo),
                         measure_cost(step, args.repeats, args.plays, repo)))
        print(report_cost(runs, args.plays))
        return 0

    try:
        designs = [Design.parse(d) for d in args.designs.split(",") if d]
    except ValueError as error:
        parser.error(str(error))
    rows = []
    for learners in [int(n) for n in args.learners.split(",") if n]:
        for design in designs:
            if args.client == "light":
                row = light_classroom(design, learners, step, args.arrival, args.assets)
            else:
                row = browser_classroom(design, learners, step, args.arrival)
            rows.append(row)
            print(f"  {design.label} × {learners} ({args.client}): interactive median "
                  f"{median(row['ready']):.1f} s, max {max(row['ready'], default=float('nan')):.1f}"
                  f" s, plays median {median(row['plays']):.0f} ms, failed {len(row['failed'])},"
                  f" load {row['load'][0]:.1f} → {row['load'][1]:.1f}",
                  file=sys.stderr, flush=True)
    print(report_classroom(rows, step))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
