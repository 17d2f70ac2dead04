"""Build the browser edition, serve it as `make site-serve` does, and drive it in Chromium.

Shared by the site tests (`tests/test_site_static.py`, `tests/test_site_static_browser.py`) and
the benchmark (`benchmarks/site.py`), so both look at exactly what a learner's browser gets.
"""

from __future__ import annotations

import atexit
import fcntl
import functools
import importlib.util
import json
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from app_support import REPO, _stop, free_port

# A page whose cell fails, built into the test site besides the course (it is not a page of the
# site, so nothing links to it: the test opens it from the page it is on).
FAILING_PAGE = "tests/site/feil.ipynb"
STAMP = ".venv/.installed-stamp"


def _load_builder() -> Any:
    """`scripts/build_site.py` as a module (scripts/ is a folder of scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("kamp_build_site",
                                                  REPO / "scripts" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


BUILDER = _load_builder()


def published() -> tuple[str, ...]:
    """The notebooks `make site` publishes, in the site's order."""
    return tuple(BUILDER.read_manifest().pages)


def built(out: Path | None = None) -> tuple[Path, dict[str, Any]]:
    """The site as `make site` builds it, plus the failing page, in ``out`` (default: a
    temporary folder removed at exit): built once, whoever asks first.

    Test processes share one build: the first builds while holding a lock (which also keeps two
    builds from filling the download cache, build/site-cache, at once), the others wait for it
    and read its summary.  Tests take the ``built_site`` fixture (tests/conftest.py).
    """
    out = out or _default_out()
    summary_file = out.parent / f"{out.name}.summary.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    with (out.parent / f"{out.name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not summary_file.exists():
            made = BUILDER.read_manifest()
            manifest = BUILDER.Manifest((*made.pages, FAILING_PAGE), made.left_out,
                                        made.app_url)
            started = time.monotonic()
            with _cache_lock():
                summary = dict(BUILDER.build(out=out, manifest=manifest))
            summary["seconds"] = time.monotonic() - started
            summary_file.write_text(json.dumps(summary))
    return out, json.loads(summary_file.read_text())


@functools.cache
def _default_out() -> Path:
    out = Path(tempfile.mkdtemp(prefix="kamp-site-")) / "site"
    atexit.register(shutil.rmtree, out.parent, ignore_errors=True)
    return out


@contextmanager
def _cache_lock() -> Iterator[None]:
    """Hold the lock of the build's download cache (one build fills it at a time)."""
    BUILDER.CACHE.parent.mkdir(parents=True, exist_ok=True)
    with (BUILDER.CACHE.parent / "site-cache.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def serve_command(folder: Path, port: int) -> list[str]:
    """The command `make site-serve` runs, read from the Makefile, for another folder and port.

    `make -n` prints the recipe without running it; `-o` keeps make from building the venv or
    the site again.
    """
    out = subprocess.run(
        ["make", "--no-print-directory", "-n", "-o", STAMP, "-o", "site", "site-serve",
         f"SITE_DIR={folder}", f"SITE_PORT={port}"],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout.strip().splitlines()
    if len(out) != 1:
        raise RuntimeError(f"`make -n site-serve` should print one command, got: {out!r}")
    return shlex.split(out[0])


class SiteServer:
    """A static server of one built site: its base URL and process."""

    def __init__(self, port: int, process: subprocess.Popen[bytes]) -> None:
        self.port = port
        self.process = process
        self.base = f"http://127.0.0.1:{port}/"

    def url(self, path: str = "") -> str:
        return self.base + path.lstrip("/")


@contextmanager
def serving(folder: Path, timeout: float = 30) -> Iterator[SiteServer]:
    """Serve ``folder`` on a free port until the block ends."""
    port = free_port()
    process = subprocess.Popen(serve_command(folder, port), cwd=REPO,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    server = SiteServer(port, process)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(server.url("index.html"), timeout=2) as reply:
                    if reply.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError):
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the site server did not start (exit {process.poll()})")
            time.sleep(0.1)
        yield server
    finally:
        _stop(process)


# --- the browser -----------------------------------------------------------------------------

class Offline:
    """A browser context that reaches 127.0.0.1 only and notes every request to anywhere else."""

    def __init__(self, browser: Any, **options: Any) -> None:
        options.setdefault("viewport", {"width": 1280, "height": 900})
        self.context = browser.new_context(**options)
        self.elsewhere: list[str] = []
        self.local: list[tuple[str, int]] = []  # (url, bytes) of every local response
        self.context.route("**/*", self._route)
        self.context.on("response", self._response)

    def _route(self, route: Any) -> None:
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            self.elsewhere.append(route.request.url)
            route.abort()

    def _response(self, response: Any) -> None:
        length = response.headers.get("content-length")
        self.local.append((response.url, int(length) if length else 0))

    def close(self) -> None:
        self.context.close()


def wait_shown(page: Any, pages: int, timeout: float = 120_000) -> None:
    """Wait until the site has shown ``pages`` pages in this document and is idle."""
    page.wait_for_function(
        "n => window.kampSite !== undefined && window.kampSite.pagesShown >= n"
        " && !window.kampSite.busy", arg=pages, timeout=timeout)


def site_state(page: Any) -> dict[str, Any]:
    """What the page script reports: marks (ms), pages shown, errors met."""
    return dict(page.evaluate("() => window.kampSite"))
