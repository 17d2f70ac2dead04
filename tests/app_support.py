"""Start the course server as `make app` does and drive it with Debian's Chromium.

Shared by the browser tests (`tests/test_app_browser.py`) and the app benchmark
(`benchmarks/app.py`), so both measure exactly what a learner gets.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

REPO = Path(__file__).resolve().parent.parent
TUTORIAL = REPO / "tutorial"


def _load_launcher() -> Any:
    """`app/serve.py` as a module (app/ is a folder of app files, not a package)."""
    spec = importlib.util.spec_from_file_location("kamp_app_serve", REPO / "app" / "serve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LAUNCHER = _load_launcher()
WELCOME: str = LAUNCHER.WELCOME
ONE_BUTTON = "tests/browser/one_button.ipynb"
STAMP = ".venv/.installed-stamp"

CHROMIUM = "/usr/bin/chromium"
# Flags verified on these machines (../shared/STACK.md): no sandbox as root, no GPU, and nothing
# that phones home, since there is no network.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Ten learners are ten pages of one browser: keep the ones not in front running at full
    # speed, as ten people's own browsers would.
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]

# Text that must never reach a learner: Python tracebacks, exception names, Voilà's hints meant
# for the developer.
LEAK_MARKERS = (
    "Traceback",
    "Error:",
    "Exception",
    "show_tracebacks",
    "There was an error when executing cell",
    "File \"",
)


def free_port() -> int:
    """A TCP port that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def app_command(port: int) -> list[str]:
    """The command `make app` runs, read from the Makefile itself, on another port.

    `make -n` prints the recipe without running it; `-o` keeps make from rebuilding the venv.
    """
    out = subprocess.run(
        ["make", "--no-print-directory", "-n", "-o", STAMP, "app", f"APP_PORT={port}"],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout.strip().splitlines()
    if len(out) != 1:
        raise RuntimeError(f"`make -n app` should print one command, got: {out!r}")
    return shlex.split(out[0])


def tutorial_steps() -> list[str]:
    """The course steps that exist now, in order, as paths relative to the repository."""
    return sorted(
        p.relative_to(REPO).as_posix() for p in TUTORIAL.glob("[0-9][0-9]-*.ipynb")
    )


class AppServer:
    """A running course server: its base URL, process and log."""

    def __init__(self, port: int, process: subprocess.Popen[bytes], log: Path) -> None:
        self.port = port
        self.process = process
        self.log = log
        self.base = f"http://127.0.0.1:{port}"

    def url(self, path: str = "") -> str:
        """The URL of a notebook (`tutorial/...ipynb`) or any other server path."""
        if path.endswith(".ipynb"):
            return f"{self.base}/voila/render/{path}"
        return f"{self.base}/{path.lstrip('/')}"

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


def _wait_ready(server: AppServer, timeout: float) -> None:
    """Poll Voilà's static bundle until the server answers (a notebook GET would start a kernel)."""
    deadline = time.monotonic() + timeout
    probe = server.url("voila/static/voila.js")
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"the app exited at start-up:\n{server.log_text()[-3000:]}")
        try:
            with urllib.request.urlopen(probe, timeout=2) as reply:
                if reply.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise RuntimeError(
        f"the app did not answer within {timeout:.0f} s:\n{server.log_text()[-3000:]}"
    )


@contextmanager
def running_app(
    log: Path, extra_args: list[str] | None = None, port: int | None = None,
    timeout: float = 60.0,
) -> Iterator[AppServer]:
    """Start the app exactly as `make app` would (plus `extra_args`), stop it and its kernels."""
    port = port or free_port()
    command = app_command(port) + list(extra_args or [])
    env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    with log.open("wb") as sink:
        process = subprocess.Popen(
            command, cwd=REPO, stdout=sink, stderr=subprocess.STDOUT, env=env,
            start_new_session=True,
        )
    server = AppServer(port, process, log)
    try:
        _wait_ready(server, timeout)
        yield server
    finally:
        _stop(process)


def _stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM the server's process group (it owns the kernels), then SIGKILL what is left."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        with suppress(subprocess.TimeoutExpired):
            process.wait(timeout=15)
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=5)


# --- the browser -----------------------------------------------------------------------------

def launch_chromium(playwright: Any) -> Any:
    """Playwright's Chromium driver on Debian's Chromium binary."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def _local_only(route: Any) -> None:
    """Abort requests that leave the machine (Voilà's lab template asks a CDN for icon fonts)."""
    host = urlparse(route.request.url).hostname
    if host in ("127.0.0.1", "localhost"):
        route.continue_()
    else:
        route.abort()


def new_learner(browser: Any, **options: Any) -> Any:
    """A fresh browser context (own cookies, own pages) that cannot reach the internet."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, **options)
    context.route("**/*", _local_only)
    return context


def wait_rendered(page: Any, timeout: float = 60_000) -> None:
    """Wait until Voilà has executed every cell and shown the page."""
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout)


def wait_widgets(page: Any, timeout: float = 30_000) -> None:
    """Wait until the widget views are drawn, i.e. the page talks to its kernel."""
    page.wait_for_selector(".jupyter-widgets", state="visible", timeout=timeout)


def page_problems(page: Any) -> list[str]:
    """What a learner should never see on a page: error outputs, tracebacks, source code."""
    problems: list[str] = []
    for selector in (".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']",
                     ".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']",
                     ".jp-CodeCell .jp-InputArea", ".jp-InputPrompt", ".jp-CodeMirrorEditor",
                     ".kamp-error"):
        for element in page.query_selector_all(selector):
            if element.is_visible():
                problems.append(f"{selector}: {element.inner_text()[:200]!r}")
    text = page.inner_text("body")
    problems += [f"text contains {marker!r}" for marker in LEAK_MARKERS if marker in text]
    return problems


def kernel_id(page: Any) -> str:
    """The id of the kernel behind a rendered Voilà page."""
    return str(page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
    ))


def kernel_process(server_pid: int, kernel: str) -> Any:
    """The psutil process of one kernel of the server (found by its connection file)."""
    import psutil

    for child in psutil.Process(server_pid).children(recursive=True):
        try:
            if any(kernel in part for part in child.cmdline()):
                return child
        except psutil.NoSuchProcess:
            continue
    raise LookupError(f"no kernel process for {kernel}")
