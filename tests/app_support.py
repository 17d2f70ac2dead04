"""Start the course server as `make app` does and drive it with Debian's Chromium.

Shared by the browser tests (`tests/test_app_browser.py`) and the app benchmark
(`benchmarks/app.py`), so both measure exactly what a learner gets.
"""

from __future__ import annotations

import http.client
import importlib.util
import json
import os
import random
import re
import shlex
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

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
TEST_PAGES = "tests/browser"  # test notebooks: not course pages unless a test server allows them
STAMP = ".venv/.installed-stamp"
# The course's own pages, as voila.json allows them (the one allow-list).
COURSE_FOLDERS: list[str] = json.loads((REPO / "voila.json").read_text())["CourseApp"][
    "course_folders"]

# The tests drive Debian's chromium-headless-shell: the engine of Debian's Chromium (one source
# package, one version) without the full browser around it, which a page in a test never shows;
# a page load costs it a third to a half less CPU (BENCHMARKS.md, «Test suite», 3 Dec 17:30).
# KAMP_CHROMIUM=/usr/bin/chromium runs them on the full browser.  The benchmarks measure what a
# learner's browser costs, so they launch the full browser (BROWSER).
CHROMIUM = os.environ.get("KAMP_CHROMIUM", "/usr/bin/chromium-headless-shell")
BROWSER = "/usr/bin/chromium"
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
    # Nothing leaves the machine: inside Chromium every host but this one fails to resolve at
    # once (Voilà's lab template asks a CDN for icon fonts).  Not a Playwright route: a route's
    # handler runs in this Python process, and only while it is inside a Playwright call, so a
    # test that sleeps or waits on the server would hold every request of its pages, and a page
    # would stay on its loading screen for as long as the test does not look at it.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
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


EPHEMERAL_PORTS = Path("/proc/sys/net/ipv4/ip_local_port_range")
TEST_PORTS_FROM = 20000


def free_port() -> int:
    """A TCP port that nothing listens on right now, below the range the system hands out.

    Kernels take their ports from the system (port 0) between our look and the server's bind;
    on this machine, shared by many sessions, a kernel's socket once answered a test server's
    port.  A port below the ephemeral range is only taken by someone asking for that number.
    """
    try:
        low = int(EPHEMERAL_PORTS.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768
    ours = range(TEST_PORTS_FROM, max(low, TEST_PORTS_FROM))
    for port in [*random.sample(ours, k=min(200, len(ours))), 0]:  # 0: the system's choice
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return int(sock.getsockname()[1])
    raise RuntimeError("no free TCP port")


def allow_folders(*folders: str) -> list[str]:
    """The option that lets a test server render `folders` besides the course's own pages."""
    return [f"--CourseApp.course_folders={json.dumps([*COURSE_FOLDERS, *folders])}"]


def preheat_only(*pages: str) -> list[str]:
    """The option that pre-heats a kernel for ``pages`` alone (paths relative to the repository).

    A course server pre-heats 21 pages: each pooled kernel is started and runs its page's cells
    at once, and again after every visit.  A test server that opens one or two pages need not
    pay for the other pages' kernels (10 to 13 s of CPU a server)."""
    names = "|".join(re.escape(page.removesuffix(".ipynb")) for page in pages)
    return [f"--VoilaKernelManager.preheat_denylist=^(?!.*/({names})\\.ipynb$)|.*/\\.venv/"]


def preheat_denied(patterns: list[str], path: str | Path, root: Path = REPO) -> bool:
    """Whether Voilà's `preheat_denylist` gives the notebook at `path` (relative to `root`) no
    pre-heated kernel: Voilà tests the absolute path against each pattern by re.match or as a
    substring."""
    full = str(root / path)
    return any(p in full or re.match(p, full) for p in patterns)


def quick_kernels(grace: float = 3.0, look_every: float = 0.5) -> list[str]:
    """Options that end unattended kernels after `grace` seconds (a test need not wait 40)."""
    return [f"--CourseApp.kernel_grace={grace}", f"--CourseApp.kernel_look_every={look_every}"]


def preheated_pages(repo: Path = REPO) -> list[str]:
    """The course pages whose kernel the server pre-heats (voila.json's denylist spares them)."""
    config = json.loads((repo / "voila.json").read_text())
    patterns = config["VoilaKernelManager"]["preheat_denylist"]
    pages = [p for folder in COURSE_FOLDERS for p in (
        [folder] if folder.endswith(".ipynb")
        else sorted(x.relative_to(repo).as_posix() for x in (repo / folder).glob("*.ipynb")))]
    return [p for p in pages if not preheat_denied(patterns, p, repo)]


def wait_settled(server: AppServer, pages: Iterable[str] | None = None,
                 timeout: float = 300.0) -> None:
    """Wait until every pre-heated page (``pages``, if the server pre-heats those alone) has its
    kernel waiting (the server's log says each pool is filled): a server as a learner finds it
    once it has started, not in the middle of it."""
    pages = preheated_pages() if pages is None else list(pages)
    wait_until(lambda: all(f"Kernel pool of {p} is filled" in server.log_text() for p in pages),
               timeout, f"a pre-heated kernel for each of {len(pages)} pages")


def pool_ready(server: AppServer, page: str) -> bool:
    """Whether ``page`` has a pre-heated kernel waiting: its pool was filled since a learner
    last took one (the server's log says both; other tests may have used the server before)."""
    log = server.log_text()
    taken = [m.start() for m in re.finditer(
        rf"Using pre-heated kernel: \S+ for {re.escape(page)}$", log, re.MULTILINE)]
    return log.rfind(f"Kernel pool of {page} is filled") > (taken[-1] if taken else -1)


def app_command(port: int, repo: Path = REPO) -> list[str]:
    """The command `make app` runs, read from the Makefile itself, on another port.

    `make -n` prints the recipe without running it; `-o` keeps make from rebuilding the venv.
    """
    out = subprocess.run(
        ["make", "--no-print-directory", "-n", "-o", STAMP, "app", f"APP_PORT={port}"],
        cwd=repo, capture_output=True, text=True, check=True,
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
        """The URL of a notebook (`tutorial/...ipynb`, a query may follow) or any other path."""
        if path.split("?", 1)[0].endswith(".ipynb"):
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
        except (urllib.error.URLError, http.client.HTTPException, ConnectionError,
                TimeoutError):
            pass  # not up yet (or someone else answers: then the app exits, said above)
        time.sleep(0.2)
    raise RuntimeError(
        f"the app did not answer within {timeout:.0f} s:\n{server.log_text()[-3000:]}"
    )


@contextmanager
def running_app(
    log: Path, extra_args: list[str] | None = None, port: int | None = None,
    timeout: float = 60.0, *, test_pages: bool = False, repo: Path = REPO,
    env: dict[str, str] | None = None,
) -> Iterator[AppServer]:
    """Start the app exactly as `make app` would (plus `extra_args`), stop it and its kernels.

    `test_pages=True` also serves the test notebooks of `tests/browser/` (a course server
    refuses them).  `repo` is the checkout whose app is started (a benchmark compares another
    commit's server side by side); `env` is added to the server's (and its kernels')
    environment.
    """
    port = port or free_port()
    command = app_command(port, repo) + (allow_folders(TEST_PAGES) if test_pages else []) + list(
        extra_args or [])
    server_env = {**{k: v for k, v in os.environ.items() if k != "MPLBACKEND"}, **(env or {})}
    with log.open("wb") as sink:
        process = subprocess.Popen(
            command, cwd=repo, stdout=sink, stderr=subprocess.STDOUT, env=server_env,
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


def wait_until(condition: Any, timeout: float, what: str) -> None:
    """Poll `condition()` until true; fail saying `what` did not happen within `timeout` s."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout:.0f} s: {what}")
        time.sleep(0.25)


# --- the browser -----------------------------------------------------------------------------

# Screenshots are for a person to look at: no test reads them, and each costs Chromium a third
# to two thirds of a second of CPU (a whole page at 1280 wide).  `KAMP_SCREENSHOTS=1 pytest ...`
# takes them, into the git-ignored screenshots/ folder.
SCREENSHOTS_WANTED = os.environ.get("KAMP_SCREENSHOTS", "") not in ("", "0")


def shoot(target: Any, path: Path, **options: Any) -> None:
    """A screenshot of a page or an element into ``path``, when KAMP_SCREENSHOTS asks for one."""
    if SCREENSHOTS_WANTED:
        path.parent.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(path), **options)

def require_chromium() -> None:
    """Fail a browser test module at import when the tests' Chromium is missing (CI installs
    it)."""
    import pytest

    pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():  # pragma: no cover - CI installs it in .ci/run
        pytest.fail(f"{CHROMIUM} is missing: `apt-get install -y chromium-headless-shell` "
                    "(see .ci/run)", pytrace=False)


def launch_chromium(playwright: Any, executable: str = BROWSER) -> Any:
    """Playwright's Chromium driver on one of Debian's Chromium binaries: the full browser
    unless told (the tests' fixture takes CHROMIUM)."""
    return playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)


def new_learner(browser: Any, **options: Any) -> Any:
    """A fresh browser context (own cookies, own pages); the browser reaches no other host."""
    options.setdefault("viewport", {"width": 1280, "height": 900})
    return browser.new_context(**options)


def wait_rendered(page: Any, timeout: float = 60_000) -> None:
    """Wait until Voilà has executed every cell and shown the page."""
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout)


def wait_widgets(page: Any, timeout: float = 30_000) -> None:
    """Wait until the widget views are drawn, i.e. the page talks to its kernel."""
    page.wait_for_selector(".jupyter-widgets", state="visible", timeout=timeout)


# Playwright's `wait_for_function` evaluates its condition at every animation frame unless given
# `polling=`, and a page asked for frames draws them: 60 a second for as long as a test waits.  A
# condition that stays false for 10 s cost Chromium 0.82-0.91 s of CPU polled at every frame,
# 0.17-0.19 s polled every 100 ms (BENCHMARKS.md, «Test suite», 3 Dec 18:50).  Every condition
# the tests wait for stays true until the test acts again (a count reached, a text shown, a value
# kept), so looking every 100 ms finds it as surely, at most 0.1 s later.
POLL_MS = 100


def wait_for_js(page: Any, expression: str, *, arg: Any = None,
                timeout: float | None = None) -> Any:
    """``page.wait_for_function(expression, arg=arg, timeout=timeout)``, the condition evaluated
    every ``POLL_MS`` ms instead of at every animation frame: the tests' one way to wait for a
    condition in a page."""
    return page.wait_for_function(expression, arg=arg, timeout=timeout, polling=POLL_MS)


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
    """The psutil process of one kernel of the server.

    A kernel started as a command names its connection file; one forked from the server's
    nursery does not, and is found by the shell port its connection file gives.
    """
    import psutil

    children = psutil.Process(server_pid).children(recursive=True)
    for child in children:
        try:
            if any(kernel in part for part in child.cmdline()):
                return child
        except psutil.NoSuchProcess:
            continue
    port = _shell_port(kernel)
    for child in children:
        try:
            if any(c.laddr and c.laddr.port == port and c.status == psutil.CONN_LISTEN
                   for c in child.net_connections(kind="tcp")):
                return child
        except psutil.NoSuchProcess:
            continue
    raise LookupError(f"no kernel process for {kernel}")


def _shell_port(kernel: str) -> int | None:
    import tempfile

    for path in Path(tempfile.gettempdir()).glob(f"voila_*/kernel-{kernel}.json"):
        with suppress(OSError, ValueError, KeyError):
            return int(json.loads(path.read_text())["shell_port"])
    return None


def kernel_processes(server_pid: int) -> list[Any]:
    """Every kernel process the server has now: started as commands, or forked by its nursery."""
    import psutil

    kernels, nurseries = [], []
    for child in psutil.Process(server_pid).children():
        try:
            line = " ".join(child.cmdline())
        except psutil.NoSuchProcess:
            continue
        if "ipykernel_launcher" in line:
            kernels.append(child)
        elif "zygote.py" in line:
            nurseries.append(child)
    for nursery in nurseries:
        with suppress(psutil.NoSuchProcess):
            kernels += nursery.children()
    return kernels


# For both editions' star tests: every set of star labels the goals box shows, in order, from the
# page's start (a returning learner saw «0 av 3 stjerner» first, then theirs, before the page
# waited for the browser's copy).
STARS_SEEN = """
window.kampStarsSeen = [];
new MutationObserver(() => {
  const marks = [...document.querySelectorAll('.kamp-goals .kamp-star-mark')]
    .map((mark) => mark.getAttribute('aria-label')).join(' | ');
  if (marks && window.kampStarsSeen.at(-1) !== marks) window.kampStarsSeen.push(marks);
}).observe(document, {childList: true, subtree: true, characterData: true, attributes: true});
"""
