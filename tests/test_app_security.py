"""Nobody gets in, nobody is shut out (issue 23): the course server as an attacker tries it.

- **No injection.**  Every URL choice of every kind of page (front page, step, chapter,
  exploration) carries script and markup payloads, opened in Chromium: no script runs (a flag
  the payloads would set stays unset) and no element is injected (an element the payloads name
  never appears).  The same for names in an uploaded score sheet and game record, and for a
  round's or a house rule's value in one the page refuses.  Every
  response carries the Content-Security-Policy and ``X-Content-Type-Options: nosniff``.
- **A kernel answers only its own page.**  Its REST API, websocket, shutdown and keep-alive,
  from a second browser and from no browser at all, get the same 404 as a kernel that does not
  exist (so no comm message, no forged click, reaches the page's widgets); the owner's own
  calls work, and without the xsrf token a state change is refused.
- **Fair places.**  A flood (cookieless GETs, keep-alive calls without a cookie, idle websockets,
  and a client that makes itself a new cookie for every page from one address) holds no place
  beyond the per-address cap, and a real learner then gets a playable step within 30 s.
- **Unknown paths** (the template's source, /logout, a folder) answer the app's own not-found.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from app_support import (
    AppServer,
    kernel_processes,
    new_learner,
    preheat_only,
    quick_kernels,
    require_chromium,
    running_app,
    wait_for_js,
    wait_rendered,
    wait_until,
    wait_widgets,
)

from kamplib.rules import RULE_KEYS
from kamplib.teach.choices import PARAMS

require_chromium()

GRACE = 15.0  # short, so the flood's kernels end within the test; long enough for a loaded machine
PER_ADDRESS = 4
STEP = "tutorial/02-pass.ipynb"
PAGE_KINDS = {  # one page of each kind the course has
    "front": "index.ipynb",
    "step": STEP,
    "chapter": "sekskamp/01-seksere-og-sjuere.ipynb",
    "exploration": "notebooks/02-poengark.ipynb",
}
SHEET_PAGE = "notebooks/02-poengark.ipynb"
INJECTED = "kamp-injected"  # the id every payload gives the element it would inject
PAYLOADS = [
    f'"><img src=x id={INJECTED} onerror="window.kampPwned=1">',
    f"<svg id={INJECTED} onload=window.kampPwned=1>",
    f"';window.kampPwned=1;//</script><script id={INJECTED}>window.kampPwned=1</script>",
]
NAME_PAYLOAD = f"<b id={INJECTED}>"  # short: a name has at most MAX_NAME_LENGTH characters
CONTENT_PAYLOAD = f"<i id={INJECTED}>"  # in a file where a round or a rule's value belongs
FAKE_KERNEL = "0f0f0f0f-0000-4000-8000-000000000000"
LEGAL = ".kamp-play .widget-hbox.kamp-hand button.kamp-card.kamp-legal"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    with running_app(tmp_path_factory.mktemp("security") / "voila.log", [
        *preheat_only(STEP),  # the flood is sent at the step's pool; the rest on request
        *quick_kernels(GRACE, 0.5), f"--CourseApp.max_kernels_per_address={PER_ADDRESS}",
        '--CourseApp.trusted_proxies=["127.0.0.1"]',
    ], env={"KAMP_PACE": "0"}) as server:
        yield server


# --- a client without a browser --------------------------------------------------------------

_ADDRESSES = iter(f"198.51.100.{i}" for i in range(1, 255))


def an_address() -> str:
    """A learner's own address (behind the trusted proxy), so that the tests' many learners are
    not one school over its cap, unless a test means them to be."""
    return next(_ADDRESSES)


def browser_learner(browser: Any, **options: Any) -> Any:
    return new_learner(browser, extra_http_headers={"X-Forwarded-For": an_address()}, **options)


class Client:
    """Plain HTTP with its own cookies (or none), following no redirect by itself."""

    def __init__(self, server: AppServer, *, cookies: bool = True,
                 forwarded_for: str | None = None) -> None:
        self.server, self.keep, self.cookies = server, cookies, {}
        self.forwarded_for = forwarded_for or an_address()

    def request(self, method: str, path: str, *, xsrf: bool = False,
                body: bytes | None = None) -> tuple[int, dict[str, str], str]:
        headers = {}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if xsrf and "_xsrf" in self.cookies:
            headers["X-XSRFToken"] = self.cookies["_xsrf"]
        if self.forwarded_for:
            headers["X-Forwarded-For"] = self.forwarded_for
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=180)
        connection.request(method, path, body=body, headers=headers)
        reply = connection.getresponse()
        text = reply.read().decode(errors="replace")
        if self.keep:
            for value in reply.headers.get_all("Set-Cookie") or []:
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        connection.close()
        return reply.status, {k.lower(): v for k, v in reply.getheaders()}, text

    def page(self, path: str) -> tuple[int, str]:
        """A page as a browser gets it: the cookie check's redirects followed."""
        target = f"/voila/render/{path}"
        for _ in range(4):
            status, headers, text = self.request("GET", target)
            if status not in (301, 302):
                return status, text
            target = headers["location"]
        raise AssertionError(f"redirected in circles: {target}")


class Loop:
    """An asyncio loop of its own in a thread (Playwright's sync API holds this thread's), for
    websockets that stay open across calls."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coroutine: Any, timeout: float = 120) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


LOOP = Loop()


def page_kernel(html: str) -> str:
    found = re.search(r'"kernelId": "([-0-9a-f]{36})"', html)
    assert found, "the page names no kernel"
    return found[1]


def socket_answer(server: AppServer, kernel: str, client: Client | None,
                  path: str = "/api/kernels/{}/channels") -> int:
    """The HTTP status of a websocket handshake to the kernel (101: open) for `client`."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    headers = {}
    if client is not None and client.cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in client.cookies.items())

    async def attempt() -> int:
        url = f"ws://127.0.0.1:{server.port}{path.format(kernel)}"
        try:
            socket = await websocket_connect(HTTPRequest(url, headers=headers,
                                                         connect_timeout=30))
        except HTTPClientError as err:
            return err.code
        socket.close()
        return 101

    return LOOP.run(attempt())


def comm_info(server: AppServer, kernel: str, client: Client | None) -> int | dict[str, Any]:
    """A ``comm_info_request`` sent on the kernel's websocket as `client`: the comms (widgets)
    the kernel lists, or the HTTP status that refused the websocket (comm messages, a widget's
    click among them, travel on this socket only)."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    headers = {}
    if client is not None and client.cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    asked = uuid.uuid4().hex

    async def attempt() -> int | dict[str, Any]:
        url = f"ws://127.0.0.1:{server.port}/api/kernels/{kernel}/channels"
        try:
            socket = await websocket_connect(HTTPRequest(url, headers=headers,
                                                         connect_timeout=30))
        except HTTPClientError as err:
            return err.code
        header = {"msg_id": asked, "msg_type": "comm_info_request", "username": "",
                  "session": uuid.uuid4().hex, "date": "", "version": "5.3"}
        await socket.write_message(json.dumps({
            "header": header, "parent_header": {}, "metadata": {}, "content": {},
            "channel": "shell", "buffers": []}))
        try:
            while True:
                text = await asyncio.wait_for(socket.read_message(), 60)
                if text is None:
                    raise AssertionError("the owner's socket closed before the reply")
                message = json.loads(text) if isinstance(text, str) else {}
                if (message.get("parent_header", {}).get("msg_id") == asked
                        and message["header"]["msg_type"] == "comm_info_reply"):
                    return dict(message["content"]["comms"])
        finally:
            socket.close()

    return LOOP.run(attempt())


# --- headers and unknown paths ----------------------------------------------------------------

def test_every_response_forbids_inline_and_foreign_scripts(app: AppServer) -> None:
    learner = Client(app)
    status, page = learner.page(STEP)
    assert status == 200
    for path in (f"/voila/render/{STEP}", "/nowhere", "/voila/static/voila.js",
                 "/voila/templates/kamp/static/kamp-page.js"):
        status, headers, _ = learner.request("GET", path)
        policy = headers.get("content-security-policy", "")
        assert headers.get("x-content-type-options") == "nosniff", path
        script = next(p for p in policy.split(";") if p.strip().startswith("script-src"))
        assert "'self'" in script and "unsafe-inline" not in script and "*" not in script, path
        assert "unsafe-eval" not in script and "object-src 'none'" in policy, path
    inline = re.findall(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/(?:json|vnd\.voila"
                        r"\.cell-output\+json)\")[^>]*>", page)
    assert inline == [], "a page holds an inline script the policy would refuse"
    assert " on" not in re.sub(r"<script.*?</script>", "", page, flags=re.S).split("<body", 1)[1]\
        .split("rendered_cells", 1)[0], "an inline event handler in the page's own HTML"


@pytest.mark.parametrize("path", [
    "/voila/templates/kamp/index.html.j2", "/voila/templates/kamp/conf.json",
    "/voila/templates/lab/static/", "/voila/templates/kamp/static/", "/logout", "/login",
    "/api/kernels", f"/api/kernels/{FAKE_KERNEL}/restart", "/voila/tree", "/voila/api/contents",
])
def test_unknown_paths_answer_our_not_found_page(app: AppServer, path: str) -> None:
    before = app.log_text().count("Traceback")
    status, _, text = Client(app).request("GET", path)
    assert status == 404 and "Fant ikke siden" in text, (path, status, text[:300])
    assert app.log_text().count("Traceback") == before, f"{path} raised in the server"


def test_a_theme_is_one_of_two_looks(app: AppServer) -> None:
    learner = Client(app)
    learner.page(STEP)  # the cookie
    for theme in PAYLOADS[:2]:  # drawn in the default look; the value is nowhere in the page
        status, html = learner.page(f"{STEP}?{urlencode({'theme': theme, 'lang': 'en'})}")
        assert status == 200 and 'class="jp-Notebook theme-light kamp-page"' in html
        assert theme not in html and theme[:40] not in html, theme
    status, html = learner.page(f"{STEP}?theme=dark")
    assert status == 200 and 'class="jp-Notebook theme-dark kamp-page"' in html


# --- a kernel answers only its own page -------------------------------------------------------

def test_the_kernel_api_answers_only_the_browser_that_opened_the_page(app: AppServer) -> None:
    owner = Client(app)
    status, html = owner.page(STEP)
    assert status == 200
    kernel = page_kernel(html)
    other = Client(app)
    assert other.page("index.ipynb")[0] == 200  # another learner: a cookie and token of its own
    assert "_xsrf" in other.cookies
    nobody = Client(app, cookies=False)
    for stranger in (other, nobody):
        for method, path, xsrf in [
            ("GET", "/api/kernels/{}", False),
            ("DELETE", "/api/kernels/{}", True),
            ("POST", "/voila/api/shutdown/{}", True),
            ("POST", "/voila/kamp/alive/{}", True),
            ("POST", "/api/kernels/{}/restart", True),
            ("POST", "/api/kernels/{}/interrupt", True),
        ]:
            real = stranger.request(method, path.format(kernel), xsrf=xsrf, body=b""
                                    if method == "POST" else None)
            fake = stranger.request(method, path.format(FAKE_KERNEL), xsrf=xsrf, body=b""
                                    if method == "POST" else None)
            assert real[0] in (403, 404), (method, path, real[0])
            assert (real[0], real[2]) == (fake[0], fake[2]), "the answer tells the kernel exists"
        assert socket_answer(app, kernel, stranger) == 404
        assert comm_info(app, kernel, stranger) == 404  # no comm message, no forged click
        assert socket_answer(app, kernel, stranger, "/voila/query/{}") == 404
    assert socket_answer(app, kernel, owner, "/voila/query/{}") == 404  # the kernel's own
    assert socket_answer(app, FAKE_KERNEL, owner) == 404  # a kernel gone (a restart)
    # each refusal is a plain 404, not Jupyter's error page, which this server cannot draw (the
    # walk, W33: «Uncaught exception in write_error … 'static_path'» for every refused socket)
    log = app.log_text()
    assert "write_error" not in log and "static_path" not in log, log[-3000:]
    status, _, model = owner.request("GET", f"/api/kernels/{kernel}")
    assert status == 200 and json.loads(model)["id"] == kernel
    assert owner.request("DELETE", f"/api/kernels/{kernel}")[0] == 403  # no xsrf token
    assert owner.request("POST", f"/voila/kamp/alive/{kernel}", body=b"")[0] == 403
    assert owner.request("POST", f"/voila/kamp/alive/{kernel}", xsrf=True, body=b"")[0] == 204
    assert socket_answer(app, kernel, owner) == 101
    comms = comm_info(app, kernel, owner)  # the same request reaches the page's widgets
    assert isinstance(comms, dict) and comms, comms
    assert owner.request("GET", f"/api/kernels/{kernel}")[0] == 200  # all of it survived
    assert owner.request("DELETE", f"/api/kernels/{kernel}", xsrf=True)[0] == 204


# --- fair places ---------------------------------------------------------------------------------

def test_x_forwarded_for_counts_only_from_a_trusted_proxy() -> None:
    """A client writes what it likes into X-Forwarded-For: the per-address cap reads the header
    only from a proxy the server was told to trust, and only the hops that proxies added."""
    from kampapp.guard import client_address
    from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine

    def came(peer: str, forwarded: str | None = None) -> HTTPServerRequest:
        headers = HTTPHeaders({"Host": "kurs.example.org"})
        if forwarded is not None:
            headers["X-Forwarded-For"] = forwarded
        request = HTTPServerRequest(start_line=RequestStartLine("GET", "/", "HTTP/1.1"),
                                    headers=headers)
        request.remote_ip = peer
        return request

    proxy, chain = ["10.0.0.1"], ["10.0.0.1", "10.0.0.2"]
    assert client_address(came("203.0.113.5", "198.51.100.1"), []) == "203.0.113.5"
    assert client_address(came("203.0.113.5", "198.51.100.1"), proxy) == "203.0.113.5"
    assert client_address(came("10.0.0.1", "198.51.100.1"), proxy) == "198.51.100.1"
    # a client's own first hop does not count: the proxy added the last one
    assert client_address(came("10.0.0.1", "192.0.2.66, 198.51.100.1"), proxy) == "198.51.100.1"
    assert client_address(came("10.0.0.1", "198.51.100.1, 10.0.0.2"), chain) == "198.51.100.1"
    assert client_address(came("10.0.0.1", "<script>"), proxy) == "10.0.0.1"
    assert client_address(came("10.0.0.1"), proxy) == "10.0.0.1"


def learner_kernels(server: AppServer) -> int:
    """Kernels now running minus the pre-heated pools' (each pooled page holds one)."""
    pools = len(set(re.findall(r"Kernel pool of (\S+) is filled", server.log_text())))
    return len(kernel_processes(server.process.pid)) - pools


def test_a_flood_holds_no_place_and_a_learner_still_plays(app: AppServer, chromium: Any) -> None:
    wait_until(lambda: f"Kernel pool of {STEP} is filled" in app.log_text(), 180, "the pools")
    wait_until(lambda: learner_kernels(app) <= 0, GRACE + 30, "a quiet server")
    started = time.monotonic()
    bare = Client(app, cookies=False)
    with ThreadPoolExecutor(10) as pool:  # 120 GETs without a cookie, 10 at a time
        answers = list(pool.map(lambda _: bare.request("GET", f"/voila/render/{STEP}")[0],
                                range(120)))
    assert set(answers) == {302}, "a request without the cookie got more than the cookie check"
    for _ in range(9):  # keep-alive calls without a cookie, for kernels that may exist
        assert bare.request("POST", f"/voila/kamp/alive/{uuid.uuid4()}", body=b"")[0] in (403,
                                                                                         404)
    assert learner_kernels(app) <= 0, "a cookieless request started a kernel"
    # A client that makes itself a new cookie for each page, from one address behind the proxy:
    # the address gets its cap of places and the try-again page after that.
    flooders = [Client(app, forwarded_for="203.0.113.9") for _ in range(PER_ADDRESS + 5)]
    with ThreadPoolExecutor(5) as pool:
        opened = list(pool.map(lambda c: c.page(STEP), flooders))
    served = [html for status, html in opened if status == 200]
    refused = [html for status, html in opened if status == 503]
    assert len(served) == PER_ADDRESS and len(refused) == 5
    assert "nettverket ditt" in refused[0]
    # their pages' websockets, opened by the flooder and then silent, and their keep-alive
    # called without a cookie every 2 s, hold nothing either
    held = [(page_kernel(html), client)
            for client, (status, html) in zip(flooders, opened, strict=True) if status == 200]
    sockets = LOOP.run(_idle_sockets(app, held))
    stop = threading.Event()
    knocks: list[int] = []

    def knock() -> None:
        while not stop.wait(2):
            knocks.extend(bare.request("POST", f"/voila/kamp/alive/{kernel}", body=b"")[0]
                          for kernel, _ in held)

    knocker = threading.Thread(target=knock, daemon=True)
    knocker.start()
    try:
        wait_until(lambda: learner_kernels(app) <= 0, GRACE + 20,
                   "the flood's kernels to end though their sockets stay open")
    finally:
        stop.set()
        knocker.join(30)
        LOOP.run(_close(sockets))
    assert knocks and set(knocks) <= {403, 404}, "a keep-alive without cookie was taken"
    flood_over = time.monotonic() - started
    # a real learner, in a browser, from another address: a playable step within 30 s
    context = browser_learner(chromium, viewport={"width": 390, "height": 844})
    page = context.new_page()
    asked = time.monotonic()
    page.goto(app.url(STEP))
    wait_rendered(page, 30_000)
    wait_widgets(page, 30_000)
    page.wait_for_selector(LEGAL, state="visible", timeout=30_000)
    playable = time.monotonic() - asked
    page.locator(LEGAL).first.click()
    wait_for_js(page, "() => document.querySelectorAll('.kamp-log-box li, .kamp-log-box p')"
                      ".length > 0", timeout=20_000)
    assert playable < 30, f"the learner waited {playable:.1f} s for a playable step"
    print(f"flood handled in {flood_over:.1f} s; a learner's step playable in {playable:.1f} s")
    context.close()


async def _idle_sockets(server: AppServer, held: list[tuple[str, Client]]) -> list[Any]:
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    sockets = []
    for kernel, client in held:
        cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
        url = f"ws://127.0.0.1:{server.port}/api/kernels/{kernel}/channels"
        sockets.append(await websocket_connect(HTTPRequest(url, headers={"Cookie": cookie})))
    return sockets


async def _close(sockets: list[Any]) -> None:
    for socket in sockets:
        socket.close()


# --- no injection, in Chromium -----------------------------------------------------------------

def hostile_query(payload: str) -> str:
    """Every choice a page reads from its address, each carrying the payload (and the payload as
    a choice of its own)."""
    params = {key: payload for key in (*PARAMS, *RULE_KEYS)}
    params["players"] = f"{NAME_PAYLOAD},Ola,Siri"
    params[payload] = payload
    return urlencode(params, quote_via=quote)


def assert_nothing_injected(page: Any) -> None:
    found = page.evaluate(f"""() => ({{
        ran: window.kampPwned === 1,
        injected: document.getElementById('{INJECTED}') !== null,
        handlers: [...document.querySelectorAll('*')].filter(el => [...el.attributes]
            .some(a => a.name.startsWith('on'))).map(el => el.outerHTML.slice(0, 120)),
    }})""")
    assert not found["ran"], "a payload's script ran"
    assert not found["injected"], "a payload's element is in the page"
    assert found["handlers"] == [], f"inline event handlers in the page: {found['handlers']}"


@pytest.mark.parametrize("kind", list(PAGE_KINDS))
def test_no_url_choice_injects_anything(app: AppServer, chromium: Any, kind: str) -> None:
    context = browser_learner(chromium)
    page = context.new_page()
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security" in m.text
            else None)
    for payload in PAYLOADS:
        page.goto(app.url(f"{PAGE_KINDS[kind]}?{hostile_query(payload)}"))
        wait_rendered(page)
        if page.locator(".kamp-view").count():  # a page with widgets: drawn by its kernel
            wait_widgets(page, 90_000)
        page.wait_for_timeout(500)  # a late onload/onerror would have fired by now
        assert_nothing_injected(page)
        # the payloads did reach the page, as text: a name, or the note about a bad choice
        shown = page.inner_text("body")  # (a long value is quoted in part)
        assert INJECTED in shown or "kampPwned" in shown, "the payloads never reached the page"
    assert violations == [], f"the page itself broke its policy: {violations[:3]}"
    context.close()


def hostile_files(folder: Any) -> list[tuple[str, Any, str]]:
    """Files a learner might be sent, each with the page that opens it and a text of its that the
    page shows: a score sheet and a game record whose player names (and file names) carry
    payloads, and a sheet and a record refused for a payload where a round or a house rule's
    value belongs (the refusal quotes it)."""
    from kamplib.game import Game
    from kamplib.record import write_record

    names = [NAME_PAYLOAD, "<svg onload=kampPwned=1>", "Siri"]
    sheet = folder / f"{NAME_PAYLOAD}ark.csv"  # the file's own name is shown too
    sheet.write_text("round," + ",".join(names) + "\npass,5,6,6\n", encoding="utf-8")
    record = folder / f"{NAME_PAYLOAD}spill.json"
    record.write_text(write_record(Game(names, "femkamp", seed=3)), encoding="utf-8")
    bad_sheet = folder / "feil-ark.csv"
    bad_sheet.write_text(f"round,Kari,Ola,Siri\n{CONTENT_PAYLOAD},5,6,6\n", encoding="utf-8")
    bad_record = folder / "feil-spill.json"
    game = json.loads(write_record(Game(["Kari", "Ola", "Siri"], "femkamp", seed=3)))
    game["rules"] = {"queen_points": CONTENT_PAYLOAD}
    bad_record.write_text(json.dumps(game), encoding="utf-8")
    return [(SHEET_PAGE, sheet, NAME_PAYLOAD), (STEP, record, NAME_PAYLOAD),
            (SHEET_PAGE, bad_sheet, CONTENT_PAYLOAD), (STEP, bad_record, CONTENT_PAYLOAD)]


def test_uploaded_names_and_contents_stay_text(app: AppServer, chromium: Any,
                                               tmp_path: Any) -> None:
    context = browser_learner(chromium)
    page = context.new_page()
    files = hostile_files(tmp_path)
    for path in dict.fromkeys(path for path, _, _ in files):  # one load a page, its files in turn
        page.goto(app.url(path))
        wait_rendered(page)
        wait_widgets(page, 90_000)
        for file, shown in [(file, shown) for at, file, shown in files if at == path]:
            with page.expect_file_chooser() as chooser:
                page.locator(".kamp-upload").first.click()
            chooser.value.set_files(str(file))
            # over work in progress the page asks first: the question or the file's text,
            # whichever the kernel sends (however long a busy machine makes it take), and yes
            # to the question
            wait_for_js(page, ASKED_OR_SHOWN, arg=shown, timeout=30_000)
            yes = page.locator(".kamp-confirm-yes")
            if yes.first.is_visible():
                yes.first.click()
            wait_for_js(page, "text => document.body.innerText.includes(text)", arg=shown,
                              timeout=30_000)
            page.wait_for_timeout(500)
            assert_nothing_injected(page)
    context.close()


ASKED_OR_SHOWN = """text => document.body.innerText.includes(text) ||
  [...document.querySelectorAll('.kamp-confirm-yes')].some(e => e.offsetParent !== null)"""


# --- nothing a learner did is thrown away ---------------------------------------------------------

def test_a_file_over_the_limit_is_refused_in_the_browser_before_it_is_sent(
    app: AppServer, chromium: Any, tmp_path: Any,
) -> None:
    """Just over the file button's limit, and over the websocket's own message limit (about
    10 MiB, which once closed the socket silently): the page says why in kB/MB, sends nothing,
    and the table plays on."""
    from kamplib.i18n import ByteSize

    context = browser_learner(chromium)
    page = context.new_page()
    sent: list[int] = []
    page.on("websocket", lambda socket: socket.on("framesent",
                                                  lambda payload: sent.append(len(payload))))
    page.goto(app.url(STEP))
    wait_rendered(page)
    wait_widgets(page, 90_000)
    upload = page.locator(".kamp-play .kamp-upload").first
    found = re.search(r"kamp-max-bytes-(\d+)", upload.get_attribute("class") or "")
    assert found, "the file button names no limit for the page's guard"
    limit = int(found[1])
    for size in (limit + 1, 12_000_000):
        big = tmp_path / f"stor-{size}.json"
        big.write_bytes(b" " * size)
        before = page.inner_text(".kamp-play .kamp-message")
        with page.expect_file_chooser() as chooser:
            upload.click()
        chooser.value.set_files(str(big))
        note = page.locator(".kamp-upload-refused")
        note.wait_for(state="visible", timeout=10_000)
        words = f"({ByteSize(size).shown('nb')}; grensen er {ByteSize(limit).shown('nb')})"
        assert note.count() == 1 and note.inner_text() == (
            f"Filen {big.name} er for stor {words}, så den er ikke sendt. "
            "Det du hadde, er beholdt."), note.inner_text()
        page.wait_for_timeout(1000)
        assert page.inner_text(".kamp-play .kamp-message") == before  # the kernel heard nothing
    assert sent and max(sent) < limit, f"a frame of {max(sent)} bytes went to the kernel"
    count = page.locator(".kamp-play .widget-hbox.kamp-hand button.kamp-card").count()
    page.locator(LEGAL).first.click()  # the page still answers
    wait_for_js(page, f"() => document.querySelectorAll('.kamp-play .widget-hbox"
                      f".kamp-hand button.kamp-card').length < {count}", timeout=30_000)
    context.close()


def hand_and_log(page: Any) -> tuple[list[str], str]:
    """The learner's cards (their names) and the table's log: what must come back."""
    cards = [b.get_attribute("title") or "" for b in page.query_selector_all(
        ".kamp-play .widget-hbox.kamp-hand button.kamp-card")]
    return cards, page.inner_text(".kamp-log-box")


@pytest.mark.parametrize("how", ["dies", "ended"])
def test_a_lost_kernel_is_said_at_once_and_trying_again_brings_the_round_back(
    app: AppServer, chromium: Any, how: str,
) -> None:
    import signal

    from app_support import kernel_process

    context = browser_learner(chromium, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(app.url(STEP))
    wait_rendered(page)
    wait_widgets(page, 90_000)
    for _ in range(2):
        page.wait_for_selector(LEGAL, state="visible", timeout=60_000)
        count = len(hand_and_log(page)[0])
        page.locator(LEGAL).first.click()
        wait_for_js(page, f"() => document.querySelectorAll('.kamp-play .widget-hbox"
                          f".kamp-hand button.kamp-card').length < {count}",
                          timeout=30_000)
    page.wait_for_selector(LEGAL, state="visible", timeout=60_000)  # the bots have answered
    before = hand_and_log(page)
    kernel = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data')"
                           ".textContent).kernelId")
    gone = time.monotonic()
    if how == "dies":
        kernel_process(app.process.pid, kernel).send_signal(signal.SIGKILL)
    else:  # ended by the server (as its lifecycle ends a kernel)
        owner = Client(app)
        owner.cookies = {c["name"]: c["value"] for c in context.cookies()}
        owner.forwarded_for = None
        assert owner.request("DELETE", f"/api/kernels/{kernel}", xsrf=True)[0] == 204
    page.wait_for_selector("#kamp-lost:not([hidden])", timeout=15_000)
    said = time.monotonic() - gone
    assert said < 5, f"the page said it had lost its kernel after {said:.1f} s"
    assert "mistet kontakten" in page.inner_text("#kamp-lost")
    count = len(hand_and_log(page)[0])
    page.locator(".kamp-play .widget-hbox.kamp-hand button.kamp-card").first.click(force=True)
    page.wait_for_timeout(1000)
    assert len(hand_and_log(page)[0]) == count, "a click on a lost page went somewhere"
    page.locator("#kamp-lost .kamp-try-again").click()
    wait_rendered(page)
    wait_widgets(page, 90_000)
    wait_for_js(page, "() => document.body.innerText.includes('hentet tilbake')",
                      timeout=60_000)
    assert hand_and_log(page) == before, "the round that came back is not the learner's"
    page.locator(LEGAL).first.click()  # and it plays on
    context.close()


def test_when_the_server_goes_the_page_says_so_and_its_round_comes_back_with_the_server(
    chromium: Any, tmp_path: Any,
) -> None:
    """The server killed outright (a crash, a power cut): the table says so within 5 s and takes
    no clicks; once a server answers at the address again, «Prøv igjen» brings the learner's
    own round back from this browser's memory (the new server knows nothing of it)."""
    import os
    import signal

    from app_support import free_port

    port = free_port()
    options = [*quick_kernels(GRACE, 0.5), "--VoilaConfiguration.preheat_kernel=False"]
    context = browser_learner(chromium, viewport={"width": 390, "height": 844})
    page = context.new_page()
    with running_app(tmp_path / "first.log", options, port=port,
                     env={"KAMP_PACE": "0"}) as first:
        page.goto(first.url(STEP))
        wait_rendered(page)
        wait_widgets(page, 90_000)
        page.wait_for_selector(LEGAL, state="visible", timeout=60_000)
        count = len(hand_and_log(page)[0])
        page.locator(LEGAL).first.click()
        wait_for_js(page, f"() => document.querySelectorAll('.kamp-play .widget-hbox"
                          f".kamp-hand button.kamp-card').length < {count}",
                          timeout=30_000)
        page.wait_for_selector(LEGAL, state="visible", timeout=60_000)
        page.wait_for_timeout(500)  # the memory field has the play
        before = hand_and_log(page)
        os.killpg(first.process.pid, signal.SIGKILL)  # the server and its kernels, at once
        gone = time.monotonic()
        page.wait_for_selector("#kamp-lost:not([hidden])", timeout=15_000)
        said = time.monotonic() - gone
    assert said < 5, f"the page said it had lost its server after {said:.1f} s"
    with running_app(tmp_path / "second.log", options, port=port, env={"KAMP_PACE": "0"}):
        page.locator("#kamp-lost .kamp-try-again").click()
        wait_rendered(page)
        wait_widgets(page, 90_000)
        wait_for_js(page, "() => document.body.innerText.includes('hentet tilbake')",
                          timeout=60_000)
        assert hand_and_log(page) == before, "the round that came back is not the learner's"
        page.locator(LEGAL).first.click()
    context.close()
