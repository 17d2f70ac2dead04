"""The course server over plain HTTP, as a script or a link preview would use it (no browser).

What it must refuse (anything that is not a course page, in our own words), how it tells one
browser from another (the Jupyter user cookie), its caps, how long a kernel nobody uses lives,
and how the URL's query reaches a page's kernel with and without the pre-heated pool.  Every
server here runs with a short `kernel_grace` so nothing waits a minute.
"""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import re
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from html import unescape

import pytest
from app_support import (
    LAUNCHER,
    ONE_BUTTON,
    WELCOME,
    AppServer,
    kernel_process,
    kernel_processes,
    preheat_only,
    quick_kernels,
    running_app,
    wait_until,
)

QUERY_PAGE = "tests/browser/query.ipynb"
GRACE = 3.0
LOOK = 0.5
STEP = "tutorial/02-pass.ipynb"
# The pages whose pools these tests use: the query test page and a step of the course.
POOLED = preheat_only(STEP, QUERY_PAGE)
CourseApp = LAUNCHER.CourseApp
KERNEL_BUDGET_MIB, MEMORY_SHARE = LAUNCHER.KERNEL_BUDGET_MIB, LAUNCHER.MEMORY_SHARE
machine_memory_mib = LAUNCHER.machine_memory_mib
NOT_FOUND_NB = ("Fant ikke siden", "Denne adressen er ikke en side i kurset.")
NOT_FOUND_EN = ("Page not found", "This address is not a page of the course.")


@dataclass
class Reply:
    status: int
    url: str
    text: str
    headers: dict[str, str]


class Browserless:
    """An HTTP client that keeps cookies and follows redirects, as a browser would."""

    def __init__(self, server: AppServer, cookies: bool = True) -> None:
        self.server = server
        self.jar = http.cookiejar.CookieJar()
        handlers = [urllib.request.HTTPCookieProcessor(self.jar)] if cookies else []
        self.opener = urllib.request.build_opener(*handlers)

    def get(self, path: str, timeout: float = 180) -> Reply:
        url = self.server.url(path) if not path.startswith("/") else self.server.base + path
        try:
            with self.opener.open(url, timeout=timeout) as reply:
                return Reply(reply.status, reply.url, reply.read().decode(), dict(reply.headers))
        except urllib.error.HTTPError as error:
            return Reply(error.code, error.url, error.read().decode(), dict(error.headers))


def raw_get(server: AppServer, path: str) -> tuple[int, str, str]:
    """One request, no cookie, no redirect followed: status, Location, body."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request("GET", path)
    reply = connection.getresponse()
    body = reply.read().decode()
    connection.close()
    return reply.status, reply.getheader("Location") or "", body


def printed_query(html: str) -> dict[str, list[str]]:
    """What the query test page printed: its kernel's `page_query()`."""
    found = re.search(r"<pre>QUERY=(.*?)\n?</pre>", html, re.DOTALL)
    if found is None:
        raise AssertionError(f"the page printed no query: {html[-1500:]!r}")
    return json.loads(unescape(found[1]))


def pool_filled(server: AppServer, page: str) -> bool:
    return f"Kernel pool of {page} is filled" in server.log_text()


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """`make app` as configured, plus the test pages, the query page and a step pooled, short
    grace."""
    log = tmp_path_factory.mktemp("app-server") / "voila.log"
    with running_app(log, [*POOLED, *quick_kernels(GRACE, LOOK)],
                     test_pages=True) as server:
        wait_until(lambda: pool_filled(server, QUERY_PAGE), 120, "the query page's pool")
        yield server


# Long enough that three learners' pages are served while the first still holds its kernel
# (a loaded machine takes seconds to render a page), short enough for the test to wait it out.
CAPPED_GRACE = 12.0


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """`make app` with the course's pages only, no pool, and small caps (2 kernels, 1 a
    browser) with a short grace: the refusals' tests need no more than the course's pages, and
    the caps' tests run on the same server after them (one server start fewer)."""
    with running_app(tmp_path_factory.mktemp("course") / "voila.log", [
        "--VoilaConfiguration.preheat_kernel=False", "--CourseApp.max_kernels=2",
        "--CourseApp.max_kernels_per_client=1", *quick_kernels(CAPPED_GRACE, LOOK),
    ]) as server:
        yield server


# --- only the course's pages ------------------------------------------------------------------

REFUSED = [
    f"/voila/render/{ONE_BUTTON}",
    f"/voila/render/{QUERY_PAGE}",
    "/voila/render/notebooks/",
    "/voila/render/tutorial",
    "/voila/render/README.md",
    "/voila/render/tutorial/../tests/browser/one_button.ipynb",
    "/voila/render/tutorial/%2e%2e/tests/browser/one_button.ipynb",
    "/voila/render/.venv/share/jupyter/voila/templates/base/404.html",
    "/voila/render/tutorial/.ipynb_checkpoints/00-velkommen-checkpoint.ipynb",
    "/voila/tree",
    "/voila/tree/",
    "/voila/tree/tutorial",
    "/voila/tree/tests/browser",
    "/voila/api/contents/",
    "/voila/api/contents/tutorial",
    "/voila/files/README.md",
    "/voila/files/tutorial/02-pass.ipynb",
    "/voila/static/no-such-file.js",
    "/voila/templates/kamp/static/../../../../../../etc/passwd",
    "/api/contents",
    "/lab",
    "/tree",
    "/login",
    "/no/such/page",
]


@pytest.mark.parametrize("path", REFUSED)
def test_anything_but_a_course_page_is_our_not_found_page(course: AppServer, path: str) -> None:
    status, _, body = raw_get(course, path)
    assert status == 404, (path, status, body[:300])
    assert all(words in body for words in NOT_FOUND_NB), body[:500]
    assert "voila-tree" not in body and "Traceback" not in body and "jupyter" not in body.lower()


def test_not_found_speaks_english_on_request(course: AppServer) -> None:
    status, _, body = raw_get(course, f"/voila/render/{ONE_BUTTON}?lang=en")
    assert status == 404
    assert all(words in body for words in NOT_FOUND_EN)
    assert '<html lang="en">' in body


def test_refusing_a_page_starts_no_kernel(course: AppServer) -> None:
    before = len(kernel_processes(course.process.pid))
    for _ in range(5):
        raw_get(course, f"/voila/render/{ONE_BUTTON}?x=1")
    assert len(kernel_processes(course.process.pid)) == before


def test_root_opens_the_front_page(course: AppServer) -> None:
    assert raw_get(course, "/")[:2] == (302, f"/voila/render/{WELCOME}")


# --- one browser, one cookie ------------------------------------------------------------------

def test_a_browser_without_the_cookie_is_asked_once_then_told(course: AppServer) -> None:
    page = f"/voila/render/{WELCOME}?lang=en&name=Kari"
    status, location, _ = raw_get(course, page)
    assert status == 302 and location == f"{page}&kamp-cookie=1"
    status, _, body = raw_get(course, location)  # came back without the cookie
    assert status == 403
    assert "This page needs cookies" in body and "Allow cookies" in body


def test_a_browser_with_cookies_lands_on_the_clean_url(course: AppServer) -> None:
    reply = Browserless(course).get(f"{WELCOME}?lang=en")
    assert reply.status == 200
    assert reply.url == course.url(WELCOME) + "?lang=en"
    assert "jupyter-config-data" in reply.text


# --- the query reaches the kernel, pooled or not ------------------------------------------------

QUERY = "?lang=en&name=Kari&name=%C3%85se&rule=queen_points%3D5&empty="
WANTED = {"lang": ["en"], "name": ["Kari", "Åse"], "rule": ["queen_points=5"], "empty": [""]}


def test_query_reaches_a_pre_heated_kernel(app: AppServer) -> None:
    used = app.log_text().count(f"for {QUERY_PAGE}")
    reply = Browserless(app).get(QUERY_PAGE + QUERY)
    assert reply.status == 200
    assert printed_query(reply.text) == WANTED
    assert app.log_text().count(f"for {QUERY_PAGE}") == used + 1, "the pool was not used"


def test_query_reaches_a_kernel_started_for_the_request(app: AppServer) -> None:
    used = app.log_text().count(f"for {QUERY_PAGE}")
    reply = Browserless(app).get(QUERY_PAGE + QUERY + "&theme=dark")  # not the pool's theme
    assert printed_query(reply.text) == {**WANTED, "theme": ["dark"]}
    assert app.log_text().count(f"for {QUERY_PAGE}") == used, "a pre-heated kernel was used"


def test_a_look_we_do_not_have_reaches_the_kernel_and_voila_draws_the_default(
        app: AppServer) -> None:
    """Voilà never sees ?theme=blå (it draws the page light, with a pre-heated kernel); the
    kernel reads the whole address, so the page's head can say why the look was not used."""
    used = app.log_text().count(f"for {QUERY_PAGE}")
    reply = Browserless(app).get(QUERY_PAGE + QUERY + "&theme=bl%C3%A5")
    assert reply.status == 200 and "theme-light" in reply.text
    assert printed_query(reply.text) == {**WANTED, "theme": ["blå"]}
    assert app.log_text().count(f"for {QUERY_PAGE}") == used + 1, "the pool was not used"


def test_each_pooled_page_gets_its_own_request(app: AppServer) -> None:
    """The pool refills between requests: every kernel reads the request it was handed."""
    for name in ("Per", "Siri", "Ola"):
        wait_until(lambda: pool_filled(app, QUERY_PAGE), 60, "the pool to refill")
        reply = Browserless(app).get(f"{QUERY_PAGE}?name={name}")
        assert printed_query(reply.text) == {"name": [name]}


# --- kernels nobody uses end ----------------------------------------------------------------

def test_pooled_kernel_older_than_the_grace_still_serves_its_page(app: AppServer) -> None:
    step = STEP
    wait_until(lambda: pool_filled(app, step), 120, "the step's pool")
    time.sleep(3 * GRACE)  # the pooled kernel is now "idle" far longer than the grace
    reply = Browserless(app).get(step)
    assert reply.status == 200
    assert f"for {step}" in app.log_text(), "the step was not served by its pooled kernel"
    assert reply.text.rstrip().endswith("</html>"), "the page was cut short"
    kernel = json.loads(re.search(r'<script id="jupyter-config-data" type="application/json">'
                                  r"\s*(.*?)\s*</script>", reply.text, re.DOTALL)[1])["kernelId"]
    assert kernel_process(app.process.pid, kernel).is_running()  # still there for its browser


def test_the_servers_kernel_cap_counts_its_pools_at_what_they_cost(app: AppServer) -> None:
    said = re.search(r"Kernel cap (\d+) \((\d+) pre-heated included\)", app.log_text())
    assert said, "the server says its kernel cap"
    cap, pooled = int(said[1]), int(said[2])
    wait_until(lambda: pool_size(app) == pooled, 240, "every pool filled")
    room = machine_memory_mib() * MEMORY_SHARE - pooled * LAUNCHER.POOLED_KERNEL_MIB
    assert cap == pooled + max(int(room / KERNEL_BUDGET_MIB), 4)


def test_twenty_bare_gets_leave_only_the_pool_and_two(app: AppServer) -> None:
    """GETs with query strings and no browser: their kernels end once the grace is over."""
    pages = ["tutorial/00-velkommen.ipynb", STEP, QUERY_PAGE]

    def bare_get(i: int) -> int:  # twenty clients, each keeping its cookie like a script would
        return Browserless(app).get(f"{pages[i % len(pages)]}?n={i}&lang=en").status

    with ThreadPoolExecutor(max_workers=5) as pool:
        statuses = list(pool.map(bare_get, range(20)))
    assert statuses == [200] * 20
    wait_until(lambda: len(kernel_processes(app.process.pid)) <= pool_size(app) + 2,
             GRACE + 30, "kernels of pages nobody opened to end")


def pool_size(server: AppServer) -> int:
    """How many kernels the pre-heated pools hold (one per pooled page)."""
    return len(set(re.findall(r"Kernel pool of (\S+) is filled", server.log_text())))


# --- caps --------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def capped(course: AppServer) -> AppServer:
    return course  # its caps (see above), once the refusals' tests are done with it


def test_over_the_caps_a_learner_is_asked_to_try_again(capped: AppServer) -> None:
    # the cookie tests' pages end their kernels first (their grace)
    wait_until(lambda: not kernel_processes(capped.process.pid), CAPPED_GRACE + 30,
               "a quiet server")
    kari, ola, siri = Browserless(capped), Browserless(capped), Browserless(capped)
    assert kari.get(WELCOME).status == 200
    again = kari.get(WELCOME)  # Kari's first page has not been closed yet: her cap is 1
    assert again.status == 503 and again.headers.get("Retry-After") == "30"
    assert "Fullt akkurat nå" in again.text and "Lukk noen faner" in again.text
    assert "Prøv igjen" in again.text
    assert ola.get(WELCOME).status == 200  # another learner still gets a page
    busy = siri.get(WELCOME + "?lang=en")  # the server's cap (2) is reached
    assert busy.status == 503
    assert "Full right now" in busy.text and "Wait half a minute and try again" in busy.text
    # nobody opened those pages in a browser: their kernels end, and Siri gets hers
    wait_until(lambda: not kernel_processes(capped.process.pid), CAPPED_GRACE + 30,
               "the unopened pages' kernels to end")
    assert siri.get(WELCOME).status == 200


def test_the_try_again_page_starts_no_kernel(capped: AppServer) -> None:
    wait_until(lambda: not kernel_processes(capped.process.pid), CAPPED_GRACE + 30,
               "a quiet server")
    one = Browserless(capped)
    assert one.get(WELCOME).status == 200
    for _ in range(5):
        assert one.get(WELCOME).status == 503
    assert len(kernel_processes(capped.process.pid)) == 1


def test_kernel_cap_defaults_to_the_machines_memory() -> None:
    app = CourseApp()
    assert app.kernel_cap() == max(int(machine_memory_mib() * MEMORY_SHARE / KERNEL_BUDGET_MIB), 4)
    app.max_kernels = 7
    assert app.kernel_cap() == 7


def test_the_pre_heated_pools_never_take_a_small_servers_room_for_learners(
        monkeypatch: pytest.MonkeyPatch) -> None:
    class Pools:  # the kernel manager's pools, as many as voila.json pre-heats
        def pool_capacity(self) -> int:
            return 21

    app = CourseApp()
    app.kernel_manager = Pools()
    # 60 % of the memory, 40 MiB a waiting kernel, 150 MiB a learner's, at least four learners
    for memory_mib, learners in ((2048, 4), (4096, 10), (8192, 27), (24576, 92)):
        monkeypatch.setattr(sys.modules[CourseApp.__module__], "machine_memory_mib",
                            lambda m=memory_mib: m)
        assert app.kernel_cap() == 21 + learners, memory_mib


# --- page templates compiled once per server --------------------------------------------------

def test_every_pages_renderer_shares_the_compiled_templates() -> None:
    """Voilà builds a new exporter (and Jinja environment) per page; ours share one cache."""
    from kampapp.app import TEMPLATE_CODE, CourseExporter

    one, two = CourseExporter(), CourseExporter()
    assert one.environment is not two.environment
    assert one.environment.bytecode_cache is two.environment.bytecode_cache is TEMPLATE_CODE


def test_a_template_is_compiled_once_and_again_when_it_changes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from jinja2 import DictLoader, Environment
    from kampapp.app import TemplateCode

    compiled: list[str] = []
    real = Environment.compile

    def counting(self: Environment, source: str, name: str | None = None,
                 *args: object, **kwargs: object) -> object:
        compiled.append(str(name))
        return real(self, source, name, *args, **kwargs)

    monkeypatch.setattr(Environment, "compile", counting)
    cache = TemplateCode()
    sources = {"page.html": "<p>{{ who }} la {{ card }}</p>"}

    def render() -> str:
        # a new environment each time, as Voilà makes one per page
        env = Environment(loader=DictLoader(sources), bytecode_cache=cache, autoescape=True)
        return env.get_template("page.html").render(who="Kari", card="♠3")

    assert render() == render() == "<p>Kari la ♠3</p>"
    assert compiled == ["page.html"]
    sources["page.html"] = "<p>{{ who }} spilte {{ card }}</p>"
    assert render() == "<p>Kari spilte ♠3</p>"
    assert compiled == ["page.html", "page.html"]


# --- kernels forked from the nursery --------------------------------------------------------------

def test_a_forked_kernel_starts_when_a_port_chosen_for_it_is_taken_before_it_binds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk (W33): on a busy machine a pre-heated kernel died at start with «Address already
    in use»: Jupyter chose its ports free, and another process took one before the forked kernel
    bound it.  Here every port Jupyter chooses is already taken when the kernel starts: the
    forked kernel binds ports of its own, says which, and answers on them."""
    import socket

    from jupyter_client.connect import LocalPortCache
    from kampapp.forkserver import ForkedKernel, ForkProvisioner, ForkServer
    from notebook_kernels import ForkingKernelManager

    taken: list[socket.socket] = []

    def a_port_someone_takes(_cache: object, ip: str) -> int:
        holder = socket.socket()
        holder.bind((ip, 0))
        holder.listen()
        taken.append(holder)
        return int(holder.getsockname()[1])

    monkeypatch.setattr(LocalPortCache, "find_available_port", a_port_someone_takes)
    nursery = ForkServer(["ipykernel.ipkernel"])
    nursery.start()
    monkeypatch.setattr(ForkProvisioner, "nursery", nursery)
    km = ForkingKernelManager(kernel_name="python3")
    try:
        km.start_kernel()
        assert isinstance(km.provisioner.process, ForkedKernel), "forked, not started anew"
        ports = {p.getsockname()[1] for p in taken}
        assert len(ports) == 5 and not ports & {km.shell_port, km.iopub_port, km.stdin_port,
                                                 km.control_port, km.hb_port}
        client = km.client()
        client.start_channels()
        try:
            reply = client.kernel_info(reply=True, timeout=60)
            assert reply["content"]["status"] == "ok"
        finally:
            client.stop_channels()
        assert km.is_alive()
    finally:
        km.shutdown_kernel(now=True)
        nursery.stop()
        for holder in taken:
            holder.close()
