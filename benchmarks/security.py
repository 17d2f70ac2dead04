"""What the server's guard costs and keeps (issue 23): a flood, and how long a page's kernel lives.

    .venv/bin/python benchmarks/security.py lifetime [--repeats 2]
    .venv/bin/python benchmarks/security.py flood [--per-address 9]

**lifetime** — `make app` as configured (kernel_grace 40 s): a step opened in Chromium, then
(a) its tab closed (the page says goodbye), (b) its browser gone without a word (the context
closed: no beforeunload, as a crash or a phone asleep), and (c) a page fetched and never opened
in a browser; each time from that moment until the kernel's process is gone (polled every
0.25 s), median over `--repeats`.

**flood** — the server as `make app` starts it behind a proxy on this machine
(`--CourseApp.trusted_proxies=["127.0.0.1"]`, `--CourseApp.max_kernels_per_address` as given):
120 GETs of a step without a cookie (10 at a time), 9 keep-alive calls without a cookie, then a
client that makes itself a new cookie for every page from one address (X-Forwarded-For) until
refused, with an idle websocket held open to each kernel it got and each kernel's keep-alive
called without a cookie every 8 s; the learners' kernels running after each part (places held),
how long the flood's kernels lived so held, and meanwhile a learner in Chromium from another
address: from asking for a step to its first legal card being clickable.  The numbers go to
BENCHMARKS.md ("Security") with the command.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from app_support import (
    kernel_id,
    kernel_processes,
    launch_chromium,
    new_learner,
    running_app,
    wait_rendered,
    wait_widgets,
)
from test_app_security import LEGAL, Client, page_kernel

STEP = "tutorial/02-pass.ipynb"


def kernels_gone(server: Any, kernels: list[str], since: float,
                 timeout: float = 180) -> list[float]:
    """Seconds from `since` until each kernel's process is gone (all watched at once)."""
    from app_support import kernel_process

    ended: dict[str, float] = {}
    deadline = time.monotonic() + timeout
    while len(ended) < len(kernels) and time.monotonic() < deadline:
        for kernel in kernels:
            if kernel in ended:
                continue
            try:
                kernel_process(server.process.pid, kernel)
            except LookupError:
                ended[kernel] = time.monotonic() - since
        time.sleep(0.25)
    return [ended.get(kernel, float("inf")) for kernel in kernels]


def kernel_gone(server: Any, kernel: str, since: float, timeout: float = 180) -> float:
    return kernels_gone(server, [kernel], since, timeout)[0]


def lifetime(repeats: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    found: dict[str, list[float]] = {"closed tab": [], "vanished browser": [],
                                     "never opened": []}
    with tempfile.TemporaryDirectory() as folder, \
            running_app(Path(folder) / "voila.log") as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for _ in range(repeats):
            for how in ("closed tab", "vanished browser"):
                context = new_learner(browser)
                page = context.new_page()
                page.goto(server.url(STEP))
                wait_rendered(page)
                wait_widgets(page, 90_000)
                kernel = kernel_id(page)
                since = time.monotonic()
                if how == "closed tab":
                    page.close(run_before_unload=True)
                context.close()
                found[how].append(kernel_gone(server, kernel, since))
            client = Client(server)
            status, html = client.page(STEP)
            assert status == 200
            found["never opened"].append(kernel_gone(server, page_kernel(html), time.monotonic()))
        browser.close()
    return {how: {"median_s": round(statistics.median(times), 1), "runs": [round(t, 1)
                                                                           for t in times]}
            for how, times in found.items()}


def learners(server: Any) -> int:
    """Kernels running now that are learners' (each pre-heated page's pool holds one)."""
    pools = {line.split("Kernel pool of ", 1)[1].split(" ", 1)[0]
             for line in server.log_text().splitlines() if "Kernel pool of" in line}
    return len(kernel_processes(server.process.pid)) - len(pools)


def flood(per_address: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    out: dict[str, Any] = {}
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    with tempfile.TemporaryDirectory() as folder, running_app(Path(folder) / "voila.log", [
        '--CourseApp.trusted_proxies=["127.0.0.1"]',
        f"--CourseApp.max_kernels_per_address={per_address}",
    ]) as server:
        deadline = time.monotonic() + 600
        while f"Kernel pool of {STEP} is filled" not in server.log_text() or learners(server):
            if time.monotonic() > deadline:  # every kernel running is a pool's: a quiet server
                raise RuntimeError("the pools did not fill")
            time.sleep(1)
        out["learner kernels before"] = learners(server)
        bare = Client(server, cookies=False)
        started = time.monotonic()
        with ThreadPoolExecutor(10) as pool:
            answers = list(pool.map(lambda _: bare.request("GET", f"/voila/render/{STEP}")[0],
                                    range(120)))
        out["120 cookieless GETs"] = {"seconds": round(time.monotonic() - started, 1),
                                      "answers": {str(a): answers.count(a) for a in set(answers)},
                                      "learner kernels after": learners(server)}
        alive = [bare.request("POST", f"/voila/kamp/alive/{kernel}", body=b"")[0]
                 for kernel in ["0" * 8 + "-0000-4000-8000-" + "0" * 12] * 9]
        out["9 keep-alive calls without cookie"] = {str(a): alive.count(a) for a in set(alive)}
        clients, held = [], []
        while True:
            client = Client(server, forwarded_for="203.0.113.9")
            status, html = client.page(STEP)
            if status != 200:
                out["one address, a new cookie each page"] = {
                    "served": len(held), "then": status, "learner kernels": learners(server)}
                break
            clients.append(client)
            held.append((page_kernel(html), client))

        async def open_sockets() -> list[Any]:
            sockets = []
            for kernel, client in held:
                cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
                url = f"ws://127.0.0.1:{server.port}/api/kernels/{kernel}/channels"
                sockets.append(await websocket_connect(HTTPRequest(url,
                                                                   headers={"Cookie": cookie})))
            return sockets

        sockets = asyncio.run_coroutine_threadsafe(open_sockets(), loop).result(120)
        since = time.monotonic()
        stop = threading.Event()
        knocks: list[int] = []

        def knock() -> None:  # the keep-alive of every held page, without cookie, every 8 s
            while True:
                knocks.extend(bare.request("POST", f"/voila/kamp/alive/{kernel}", body=b"")[0]
                              for kernel, _ in held)
                if stop.wait(8):
                    return

        with ThreadPoolExecutor(2) as side:
            side.submit(knock)
            lived = side.submit(kernels_gone, server, [kernel for kernel, _ in held], since)
            with sync_playwright() as playwright:  # while the flood holds its places
                browser = launch_chromium(playwright)
                context = new_learner(browser,
                                      extra_http_headers={"X-Forwarded-For": "198.51.100.7"})
                page = context.new_page()
                asked = time.monotonic()
                page.goto(server.url(STEP))
                page.wait_for_selector(LEGAL, state="visible", timeout=120_000)
                out["a learner during the flood: step playable (s)"] = round(
                    time.monotonic() - asked, 1)
                out["learner kernels while the learner played (the flood's and the learner's)"] = \
                    learners(server)
                browser.close()
            ended = lived.result()
            stop.set()
        out[f"flood kernels with idle sockets open and keep-alive calls without cookie every 8 s "
            f"({len(knocks)} calls: {sorted(set(knocks))}): ended after (s)"] = {
            "median": round(statistics.median(ended), 1), "max": round(max(ended), 1)}
        for socket in sockets:
            loop.call_soon_threadsafe(socket.close)
        out["learner kernels after"] = learners(server)
    loop.call_soon_threadsafe(loop.stop)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    life = sub.add_parser("lifetime", help="how long a kernel lives after its page is gone")
    life.add_argument("--repeats", type=int, default=2)
    storm = sub.add_parser("flood", help="a flood, then a learner")
    storm.add_argument("--per-address", type=int, default=9)
    args = parser.parse_args(argv)
    with open("/proc/loadavg") as load:
        before = load.read().split()[0]
    result = lifetime(args.repeats) if args.what == "lifetime" else flood(args.per_address)
    with open("/proc/loadavg") as load:
        result["load average before/after"] = f"{before}/{load.read().split()[0]}"
    print(json.dumps(result, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
