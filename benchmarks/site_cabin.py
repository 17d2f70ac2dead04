"""The browser edition's first visit on a slow line, what it keeps, its memory, and offline use.

Run:  .venv/bin/python benchmarks/site_cabin.py --before DIR        (about 10 min on 2 cores)
      .venv/bin/python benchmarks/site_cabin.py --repeats 1

DIR is a site built by an older `make site` (for the "before" column), e.g.
`git worktree add /tmp/kamp-old e185367 && make -C /tmp/kamp-old site` and DIR =
/tmp/kamp-old/build/site; it is served as that commit's `make site-serve` served it
(`python -m http.server`: every file as it lies).  The site of this tree is built as `make site`
builds it and served by `make site-serve`'s handler.  Both are measured in the same run, in
Debian's Chromium, each visit in a new browser profile (nothing kept):

- first control: the bytes the server sent (bodies, as they travelled: compressed where it sent
  a precompressed copy) until the front page's first widget was shown, and the seconds to it,
  on the machine's own network and on a slow line: 1.5 Mbit/s shared by every request, each
  answered 300 ms after it was asked.  The server itself is the line (it waits before each
  answer and sends the bodies no faster than the line), so every request is slowed alike:
  the page's, its workers' and the service worker's, which fetches on the page's behalf once
  it controls it (DevTools' `Network.emulateNetworkConditions` slows a page's own requests
  only: a first try measured 9.3 MB in 8.5 s "at 1.5 Mbit/s").  Median over --repeats;
- kept: after the page says the course is saved, the bytes in its cache (the Cache Storage
  estimate) and the number of files;
- offline: with the server stopped and the browser offline, every page of the site from the
  front page by its "next" links, and a reload of the score sheet: how many ran without an
  error;
- memory: what the course's tab adds to the browser's renderer processes (the page, Python's
  worker and the service worker live there), over the browser with one empty tab, once the
  front page is shown, on the house-rules exploration once its first games are in (their second
  Python, in a worker of its own), and after walking every page offline.  Three sizes (Linux
  smaps_rollup): RSS (all the memory the renderers have in RAM, shared code included), USS
  (their private memory: what closing the tab gives back) and PSS (private, plus each shared
  page divided by the processes that map it: it falls as other Chromiums on the machine map
  the same library, so it depends on what else runs).  With each: the machine's load average
  and how many Chromium processes ran (ours and others').

The machine is shared and noisy: the throttled times are set by the line, the others are not.
"""

from __future__ import annotations

import argparse
import http.server
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any, ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from app_support import launch_chromium  # tests/ holds the shared server and browser helpers
from static_site_support import BUILDER, REPO, SERVER, LocalSite, site_state, wait_shown

BENCH = REPO / "build" / "site-cabin"
NEXT = ".kamp-site-nav a.kamp-next"
EXPLORATION = "notebooks/00-husregler-under-lupen.html"
# the exploration's first batch of games is in (its button is free again) and drawn
GAMES_DONE = """() => { const more = document.querySelector('.kamp-more-games button.kamp-more');
    return more && !more.disabled && document.querySelectorAll('.kamp-more-view table').length >= 5;
}"""


class Line:
    """The slow line, played by the server: while ``on``, each answer waits ``latency`` seconds
    before its headers, and every body shares one ``rate`` (bytes a second) in chunks."""

    on = False
    latency = 0.3
    rate = 1.5e6 / 8
    chunk = 8192
    free_at = 0.0  # when the line has sent everything handed to it so far
    lock = threading.Lock()

    @classmethod
    def wait(cls) -> None:
        if cls.on:
            time.sleep(cls.latency)

    @classmethod
    def send(cls, outputfile: Any, data: bytes) -> None:
        if not cls.on:
            outputfile.write(data)
            return
        for start in range(0, len(data), cls.chunk):
            piece = data[start:start + cls.chunk]
            with cls.lock:
                cls.free_at = max(cls.free_at, time.monotonic()) + len(piece) / cls.rate
                done = cls.free_at
            time.sleep(max(0.0, done - time.monotonic()))
            outputfile.write(piece)


class Counted:
    """Body bytes sent, with the moment each reply was done (epoch seconds)."""

    sent: ClassVar[list[tuple[float, int]]] = []
    lock = threading.Lock()

    @classmethod
    def add(cls, size: int) -> None:
        with cls.lock:
            cls.sent.append((time.time(), size))

    @classmethod
    def until(cls, moment: float) -> int:
        with cls.lock:
            return sum(size for at, size in cls.sent if at <= moment)

    @classmethod
    def reset(cls) -> None:
        with cls.lock:
            cls.sent.clear()


class CountedSite(SERVER.SiteHandler):
    """`make site-serve` now: precompressed copies, counted."""

    def send_head(self) -> Any:
        Line.wait()
        return super().send_head()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        Line.send(outputfile, data)
        Counted.add(len(data))


class CountedPlain(http.server.SimpleHTTPRequestHandler):
    """`make site-serve` before: `python -m http.server`, every file as it lies, counted."""

    quiet = True

    def send_head(self) -> Any:
        Line.wait()
        return super().send_head()

    def copyfile(self, source: Any, outputfile: Any) -> None:  # type: ignore[override]
        data = source.read()
        Line.send(outputfile, data)
        Counted.add(len(data))

    def log_message(self, format: str, *args: Any) -> None:
        pass


def first_control(browser: Any, folder: Path, handler: Any, slow: bool) -> dict[str, float]:
    """One first visit in a new profile: seconds and bytes until the first widget."""
    Counted.reset()
    site = LocalSite(folder, handler).start()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    Line.on, Line.free_at = slow, 0.0
    try:
        page = context.new_page()
        page.goto(site.base)
        page.wait_for_function("() => window.kampSite !== undefined && "
                               "window.kampSite.marks.widget !== undefined", timeout=900_000)
        origin, widget = page.evaluate("[performance.timeOrigin, window.kampSite.marks.widget]")
        time.sleep(0.5)  # replies finishing as the widget showed are counted by then
        return {"seconds": widget / 1000, "bytes": Counted.until((origin + widget) / 1000)}
    finally:
        Line.on = False
        context.close()
        site.stop()


def sizes_kb(pid: int) -> dict[str, int]:
    """RSS, USS (private clean + dirty) and PSS of one process, in kB (smaps_rollup)."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[1].isdigit():
            fields[parts[0].rstrip(":")] = int(parts[1])
    return {"rss": fields["Rss"], "uss": fields["Private_Clean"] + fields["Private_Dirty"],
            "pss": fields["Pss"]}


def chromiums() -> int:
    """Chromium processes on the whole machine (other users' tests share its libraries)."""
    count = 0
    for stat in Path("/proc").glob("[0-9]*/comm"):
        try:
            count += stat.read_text().strip() in ("chromium", "chrome", "headless_shell")
        except OSError:
            continue
    return count


def renderer_memory(browser: Any) -> dict[str, float]:
    """The renderers' RSS, USS and PSS summed, in MB, with the load when measured."""
    total = {"rss": 0, "uss": 0, "pss": 0}
    for pid in renderers(browser):
        for key, kb in sizes_kb(pid).items():
            total[key] += kb
    return {**{k: v / 1024 for k, v in total.items()}, "load": os.getloadavg()[0],
            "chromiums": chromiums()}


def added(now: dict[str, float], empty: dict[str, float]) -> dict[str, float]:
    """What the course's tab adds over the empty tab (sizes), and the load at the moment."""
    return {**{k: round(now[k] - empty[k]) for k in ("rss", "uss", "pss")},
            "load": round(now["load"], 1), "chromiums": now["chromiums"]}


def renderers(browser: Any) -> set[int]:
    """The process ids of this browser's renderers (DevTools' SystemInfo)."""
    session = browser.new_browser_cdp_session()
    try:
        info = session.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        session.detach()
    return {p["id"] for p in info if p["type"] == "renderer"}


def memory_and_offline(browser: Any, folder: Path) -> dict[str, Any]:
    """Kept bytes, offline pages and the tab's memory, in one new profile."""
    site = LocalSite(folder, SERVER.SiteHandler).start()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    result: dict[str, Any] = {}
    try:
        blank = context.new_page()
        blank.goto("about:blank")
        empty = renderer_memory(browser)
        result["empty_tab"] = {**{k: round(empty[k]) for k in ("rss", "uss", "pss")},
                               "load": round(empty["load"], 1), "chromiums": empty["chromiums"]}
        page = context.new_page()
        page.goto(site.base)
        wait_shown(page, 1, timeout=900_000)
        page.wait_for_function("() => window.kampBoot.state.saved === true", timeout=900_000)
        result["tab_front"] = added(renderer_memory(browser), empty)
        usage = page.evaluate("navigator.storage.estimate().then(e => e.usage)")
        files = page.evaluate("caches.keys().then(k => caches.open(k[0]))"
                              ".then(c => c.keys()).then(r => r.length)")
        result["kept_bytes"], result["kept_files"] = usage, files
        site.stop()
        context.set_offline(True)
        walked, failed = 1, []
        while page.locator(NEXT).count():
            shown = site_state(page)["pagesShown"]
            page.locator(NEXT).first.click()
            wait_shown(page, shown + 1, timeout=300_000)
            walked += 1
            errors = site_state(page)["errors"]
            if errors:
                failed.append(f"{page.url.removeprefix(site.base)}: {errors[0][:120]}")
            if EXPLORATION in page.url:  # its games played by a second Python, in a worker
                page.wait_for_function(GAMES_DONE, timeout=600_000)
                result["tab_exploration"] = added(renderer_memory(browser), empty)
        result["tab_walked"] = added(renderer_memory(browser), empty)
        page.goto(site.url("notebooks/02-poengark.html"))
        wait_shown(page, 1, timeout=900_000)
        result["offline_pages"], result["offline_failed"] = walked, failed
        result["offline_reload_errors"] = site_state(page)["errors"]
        made = BUILDER.site_manifest()
        result["pages_in_site"] = len(made.pages)
    finally:
        context.close()
        site.stop()
    return result


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def report(r: dict[str, Any]) -> str:
    mb = 1e6
    lines = ["| first visit, front page | before | now | ratio now/before |", "|---|---|---|---|"]
    for key, label in (("fast", "this machine's network"), ("slow", "1.5 Mbit/s, 300 ms")):
        now = r["now"][key]
        if not now:
            continue
        was = r.get("before", {}).get(key, [])
        for measure, unit, scale in (("bytes", "MB", mb), ("seconds", "s", 1)):
            a = median([x[measure] for x in was])
            b = median([x[measure] for x in now])
            lines.append(f"| {measure} until the first widget ({label}), median of {len(now)} | "
                         f"{a / scale:.1f} {unit} | {b / scale:.1f} {unit} | {b / a:.2f} |")
    m = r["kept"]
    lines += [
        "",
        "| kept for use without a network | |",
        "|---|---|",
        f"| cache size (Cache Storage estimate) | {m['kept_bytes'] / mb:.1f} MB in "
        f"{m['kept_files']} files |",
        f"| pages that ran offline, by \"next\" from the front page | {m['offline_pages']} of "
        f"{m['pages_in_site']} (errors on: {m['offline_failed'] or 'none'}) |",
        f"| score sheet reloaded offline | "
        f"{'ran' if not m['offline_reload_errors'] else m['offline_reload_errors']} |",
    ]
    lines += ["", "| memory of the browser's renderers (MB) | RSS | USS (private) | PSS | load "
              "average | Chromium processes on the machine |", "|---|---|---|---|---|---|"]
    for key, label in (("empty_tab", "with one empty tab"),
                       ("tab_front", "the course's tab adds, after the front page"),
                       ("tab_exploration", "the course's tab adds, on the house-rules "
                                           "exploration once its games are in"),
                       ("tab_walked", "the course's tab adds, after every page")):
        x = m.get(key)
        lines.append(f"| {label} | " + (" | ".join(str(x[k]) for k in (
            "rss", "uss", "pss", "load", "chromiums")) if x else "not reached | | | |") + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="a site built by an older `make site`")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--kept-only", action="store_true",
                        help="only what is kept, offline pages and memory (no first visits)")
    parser.add_argument("--site", type=Path,
                        help="a site this tree's `make site` has built (default: build one)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    if args.site:
        now = args.site.resolve()
    else:
        now = BENCH / "site"
        BUILDER.build(out=now)
    results: dict[str, Any] = {}
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        sites = [("now", now, CountedSite)]
        if args.before:
            sites.insert(0, ("before", args.before.resolve(), CountedPlain))
        for name, *_ in sites:
            results[name] = {"fast": [], "slow": []}
        for rep in range(0 if args.kept_only else args.repeats):  # the sites take turns
            for name, folder, handler in sites:
                for slow in (False, True):
                    row = first_control(browser, folder, handler, slow)
                    results[name]["slow" if slow else "fast"].append(row)
                    print(f"  {name} {'slow' if slow else 'fast'} {rep + 1}: "
                          f"{row['seconds']:.1f} s, {row['bytes'] / 1e6:.1f} MB",
                          file=sys.stderr, flush=True)
        results["kept"] = memory_and_offline(browser, now)
        browser.close()
    print(json.dumps(results, indent=1) if args.json else report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
