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

from app_support import REPO, _stop, free_port, wait_for_js

# A page whose cell fails, built into the test site besides the course (it is not a page of the
# site, so nothing links to it: the test opens it from the page it is on).
FAILING_PAGE = "tests/site/feil.ipynb"
# A page that imports modules no page of the course imports (left out of the first download).
LATER_PAGE = "tests/site/mer.ipynb"
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
    return tuple(BUILDER.site_manifest().pages)


def manifest_with_test_pages() -> Any:
    """What `make site` publishes, plus the test pages."""
    made = BUILDER.site_manifest()
    return BUILDER.Manifest((*made.pages, FAILING_PAGE, LATER_PAGE))


# The tests' builds precompress with Brotli's quality 9, not the published site's best (11): the
# best takes about a minute for Python's WebAssembly on a fresh clone, 9 about two seconds for
# 13 % more bytes; what the tests check of the .br files (there, decoded the same, the first
# download under its limit) holds at either.  BENCHMARKS.md measures the site `make site` builds.
TEST_BROTLI = 9


def built(out: Path | None = None) -> tuple[Path, dict[str, Any]]:
    """The site as `make site` builds it, plus the test pages, in ``out`` (default: a
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
            manifest = manifest_with_test_pages()
            started = time.monotonic()
            with _cache_lock():
                summary = dict(BUILDER.build(out=out, manifest=manifest, brotli=TEST_BROTLI))
            summary["seconds"] = time.monotonic() - started
            summary_file.write_text(json.dumps(summary))
    return out, json.loads(summary_file.read_text())


def build_locked(**options: Any) -> dict[str, Any]:
    """``BUILDER.build(**options)`` while holding the download cache's lock (a test that builds
    a site of its own, beside the shared one), with the tests' Brotli quality unless told."""
    options.setdefault("brotli", TEST_BROTLI)
    with _cache_lock():
        return dict(BUILDER.build(**options))


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


def _load_server() -> Any:
    """`scripts/serve_site.py` as a module: what `make site-serve` runs."""
    spec = importlib.util.spec_from_file_location("kamp_serve_site",
                                                  REPO / "scripts" / "serve_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SERVER = _load_server()


class LocalSite:
    """The site served by `make site-serve`'s handler in this process, on a port of its own that
    stays the same across :meth:`stop` and :meth:`start` (a server that goes away and comes
    back); ``handler`` may be a subclass that misbehaves on purpose."""

    def __init__(self, folder: Path, handler: Any = None) -> None:
        self.folder = folder
        self.handler = handler or SERVER.SiteHandler
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        self._server: Any = None

    def url(self, path: str = "") -> str:
        return self.base + path.lstrip("/")

    def start(self) -> LocalSite:
        """Listen (again, on the same port); a site already listening stays as it is."""
        import threading

        if self._server is not None:
            return self
        self.handler.quiet = True
        self._server = SERVER.make_server(self.folder, "127.0.0.1", self.port, self.handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        """Stop listening: from now on the browser's connections are refused."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


# --- the browser -----------------------------------------------------------------------------

class Offline:
    """A browser context that reaches 127.0.0.1 only and notes every request to anywhere else."""

    def __init__(self, browser: Any, **options: Any) -> None:
        options.setdefault("viewport", {"width": 1280, "height": 900})
        self.context = browser.new_context(**options)
        self.elsewhere: list[str] = []
        self.local: list[tuple[str, int]] = []  # (url, bytes) of every local response
        self.asked: list[str] = []  # what the page and its workers asked for (not the service
        # worker's own fetches, which keep the course for use without a network)
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
        if response.request.service_worker is None:
            self.asked.append(response.url)

    def close(self) -> None:
        self.context.close()


def wait_shown(page: Any, pages: int, timeout: float = 120_000) -> None:
    """Wait until the site has shown ``pages`` pages in this document and is idle."""
    wait_for_js(
        page,
        "n => window.kampSite !== undefined && window.kampSite.pagesShown >= n"
        " && !window.kampSite.busy", arg=pages, timeout=timeout)


def site_state(page: Any) -> dict[str, Any]:
    """What the page script reports: marks (ms), pages shown, errors met."""
    return dict(page.evaluate("() => window.kampSite"))
