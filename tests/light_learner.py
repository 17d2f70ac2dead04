"""A learner without a browser: what one learner's page asks of the course server, and no more.

The browser's work (JupyterLab's front end, the widget views) happens on the learner's own
device in a real class; on this machine it competes with the server.  A :class:`LightLearner`
sends the server exactly the requests and kernel messages a learner's Chromium sends for a
step, over one event loop, so a class of them measures the server alone:

1. GET the page with its own cookie jar, following the server's cookie check (first visit →
   ``?kamp-cookie=1`` → the clean address), and read the kernel id from the page Voilà streams;
   optionally GET the page's static files (a list recorded from one Chromium load);
2. what the page's scripts then do: ``POST /voila/kamp/alive/<kernel>`` every 10 s, with the
   page's cookie and xsrf token (the
   template), ``GET /api/kernels/<kernel>`` and the kernel websocket
   ``/api/kernels/<kernel>/channels?session_id=…`` in the ``v1.kernel.websocket.jupyter.org``
   protocol (Voilà's widget manager through ``@jupyterlab/services``), ``kernel_info_request``
   on connecting, then ipywidgets' handshake: a ``jupyter.widget.control`` comm, ``request_states``,
   the ``update_states`` reply, the comm closed.  From then on the page is *interactive*;
3. a click is the message ``@jupyter-widgets/controls`` sends for a button:
   ``comm_msg {"method": "custom", "content": {"event": "click"}}`` on the button model's comm;
   it is answered when the kernel's ``idle`` status for that message arrives.  The kernel's
   ``update`` / ``comm_open`` / ``comm_close`` messages keep a mirror of every widget model's
   state, so the learner sees its hand as the page would draw it;
4. closing: the page's ``beforeunload`` beacon ``POST /voila/api/shutdown/<kernel>`` (Voilà's
   widget manager), then the websocket closes, as a closed tab does.

Shared by the app benchmark (``benchmarks/app.py classroom --client light``) and its test
(``tests/test_light_learner.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import threading
import time
import uuid
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.cookies import SimpleCookie
from typing import Any, TypeVar
from urllib.parse import urlencode, urljoin, urlsplit

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest, HTTPResponse
from tornado.websocket import WebSocketClientConnection, websocket_connect

PROTOCOL = "v1.kernel.websocket.jupyter.org"
CONTROL_TARGET = "jupyter.widget.control"
CONTROL_VERSION = "1.0.0"  # what @jupyter-widgets/base 8 sends when it opens the control comm
WIDGET_TARGET = "jupyter.widget"
ALIVE_EVERY = 10.0  # seconds, as the kamp template's script calls /voila/kamp/alive
BROWSER_CONNECTIONS = 6  # parallel requests a browser makes to one host
TIMEOUT = 300.0  # seconds any one request or answer may take under a class's load
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*'
                    r'</script>', re.DOTALL)
PLAY = "kamp-play"
HAND = "kamp-hand"
CARD = "kamp-card"
LEGAL = "kamp-legal"
T = TypeVar("T")

# Enough simultaneous requests for a class (the default, 10, would queue the learners).
AsyncHTTPClient.configure(None, max_clients=512)


class LearnerError(AssertionError):
    """The server did not give the light learner what a browser would have got."""


# --- the kernel websocket, v1 protocol ----------------------------------------------------------

def pack(channel: str, parts: list[bytes]) -> bytes:
    """One v1 websocket frame: offsets, channel, then header, parent, metadata, content, buffers."""
    name = channel.encode()
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(name))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = b"".join(n.to_bytes(8, "little") for n in [len(offsets), *offsets])
    return head + name + b"".join(parts)


def unpack(frame: bytes) -> dict[str, Any]:
    """A v1 frame as a message dict (``channel``, ``header``, …, ``buffers``)."""
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1): 8 * (i + 2)], "little") for i in range(count)]
    parts = [frame[offsets[i]: offsets[i + 1]] for i in range(count - 1)]
    header, parent, metadata, content = (json.loads(p) for p in parts[1:5])
    return {"channel": parts[0].decode(), "header": header, "parent_header": parent,
            "metadata": metadata, "content": content, "buffers": parts[5:]}


@dataclass
class Answer:
    """What the kernel sent for one message of ours, until its ``idle`` status."""

    sent: float
    messages: list[dict[str, Any]] = field(default_factory=list)
    first_update: float | None = None  # perf_counter of the first widget update
    reply_at: float | None = None  # of the shell reply
    idle_at: float | None = None  # of the kernel's idle status


class Widgets:
    """A mirror of the page's widget models: model id -> state, kept as the kernel sends it."""

    def __init__(self) -> None:
        self.states: dict[str, dict[str, Any]] = {}

    def load(self, states: dict[str, dict[str, Any]]) -> None:
        for model_id, model in states.items():
            self.states[model_id] = dict(model["state"])

    def apply(self, msg: dict[str, Any]) -> bool:
        """Take in one kernel message; True if it changed a widget."""
        kind, content = msg["header"]["msg_type"], msg["content"]
        if kind == "comm_open" and content.get("target_name") == WIDGET_TARGET:
            self.states[content["comm_id"]] = dict(content["data"].get("state", {}))
            return True
        if kind == "comm_msg" and content.get("data", {}).get("method") in ("update",
                                                                           "echo_update"):
            self.states.setdefault(content["comm_id"], {}).update(content["data"]["state"])
            return True
        if kind == "comm_close":
            return self.states.pop(content["comm_id"], None) is not None
        return False

    def with_class(self, name: str) -> list[str]:
        return [m for m, s in self.states.items() if name in s.get("_dom_classes", ())]

    def children(self, model_id: str) -> list[str]:
        return [c.removeprefix("IPY_MODEL_") for c in self.states[model_id].get("children", ())]

    def hand(self) -> list[str]:
        """The card buttons of the learner's hand at the card table, in order."""
        for table in self.with_class(PLAY):
            for child in self.children(table):
                if HAND in self.states.get(child, {}).get("_dom_classes", ()):
                    return [c for c in self.children(child)
                            if CARD in self.states.get(c, {}).get("_dom_classes", ())]
        raise LearnerError("the page has no card table with a hand")

    def legal_cards(self) -> list[str]:
        return [c for c in self.hand() if LEGAL in self.states[c].get("_dom_classes", ())
                and not self.states[c].get("disabled", False)]


# --- one learner -----------------------------------------------------------------------------

@dataclass
class Click:
    """One card played: ms to the first widget update and to the kernel's idle for the click."""

    card: str
    first_update_ms: float
    answered_ms: float
    cards_before: int
    cards_after: int
    legal_after: int
    updates: int  # widget messages the kernel sent for the click (what the page redraws)
    update_bytes: int


class LightLearner:
    """One learner's browser, as far as the server can tell: cookies, page, kernel, clicks."""

    def __init__(self, base: str, timeout: float = TIMEOUT) -> None:
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.http = AsyncHTTPClient()
        self.cookies: dict[str, str] = {}
        self.session = str(uuid.uuid4())  # @jupyterlab/services' client id for this page
        self.kernel_id: str | None = None
        self.page: str = ""
        self.widgets = Widgets()
        self.ws: WebSocketClientConnection | None = None
        self.answers: dict[str, Answer] = {}
        self.closed_comms: set[str] = set()
        self.handshake = ""  # how the widget states came: "control" comm or "per model"
        self._arrived = asyncio.Condition()
        self.asset_bytes = 0
        self._reader: asyncio.Task[None] | None = None
        self._alive: asyncio.Task[None] | None = None
        self.closed_by_server = False

    # -- HTTP with a cookie jar -----------------------------------------------------------------

    def _cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def _keep_cookies(self, response: HTTPResponse) -> None:
        for line in response.headers.get_list("Set-Cookie"):
            jar: SimpleCookie = SimpleCookie()
            jar.load(line)
            for name, morsel in jar.items():
                self.cookies[name] = morsel.value

    async def request(self, path: str, method: str = "GET", body: bytes | None = None,
                      headers: dict[str, str] | None = None, **options: Any) -> HTTPResponse:
        url = path if path.startswith("http") else self.base + path
        try:
            response = await self.http.fetch(HTTPRequest(
                url, method=method, body=body, follow_redirects=False,
                headers={"Cookie": self._cookie_header(), **(headers or {})},
                connect_timeout=self.timeout, request_timeout=self.timeout, **options),
                raise_error=False)
        except HTTPClientError as error:  # no HTTP answer at all: timed out, reset
            raise LearnerError(f"{method} {path}: {error} ({self.timeout:.0f} s)") from None
        self._keep_cookies(response)
        return response

    async def open(self, path: str) -> int:
        """GET a page as a browser does (redirects and the cookie check followed); its status.

        A course page's HTML is kept in ``page`` and its kernel id in ``kernel_id``.
        """
        for _ in range(5):
            chunks: list[bytes] = []
            response = await self.request(path, streaming_callback=chunks.append)
            if response.code in (301, 302, 303, 307, 308):
                path = urljoin(self.base + path, response.headers["Location"])
                path = path.removeprefix(self.base)
                continue
            self.page = b"".join(chunks).decode()
            found = CONFIG.search(self.page)
            if response.code == 200 and found:
                self.kernel_id = json.loads(found[1])["kernelId"]
            return response.code
        raise LearnerError(f"{path}: more than 5 redirects")

    async def fetch_assets(self, paths: list[str]) -> None:
        """GET the page's static files, six at a time like a browser with an empty cache."""
        gate = asyncio.Semaphore(BROWSER_CONNECTIONS)

        async def one(path: str) -> None:
            async with gate:
                response = await self.request(path)
                if response.code != 200:
                    raise LearnerError(f"GET {path}: {response.code}")
                self.asset_bytes += len(response.body or b"")

        await asyncio.gather(*(one(p) for p in paths))

    def keep_alive(self) -> None:
        """The template's script: tell the server every 10 s that the page is open."""
        async def beat() -> None:
            while True:
                with contextlib.suppress(LearnerError):
                    reply = await self.request(
                        f"/voila/kamp/alive/{self.kernel_id}", method="POST", body=b"",
                        headers={"X-XSRFToken": self.cookies.get("_xsrf", "")})
                    if reply.code in (403, 404):
                        return
                await asyncio.sleep(ALIVE_EVERY)

        self._alive = asyncio.ensure_future(beat())

    # -- the kernel ---------------------------------------------------------------------------

    async def connect(self) -> int:
        """What Voilà's front end does once its scripts run; the number of widget models."""
        if self.kernel_id is None:
            raise LearnerError("no kernel id in the page")
        # @jupyterlab/services adds the time against caches, as the page does
        model = await self.request(f"/api/kernels/{self.kernel_id}?{int(time.time() * 1000)}")
        if model.code != 200:
            raise LearnerError(f"GET /api/kernels/{self.kernel_id}: {model.code}")
        host = urlsplit(self.base).netloc
        ws_url = (f"ws://{host}/api/kernels/{self.kernel_id}/channels?"
                  + urlencode({"session_id": self.session}))
        self.ws = await websocket_connect(
            HTTPRequest(ws_url, headers={"Cookie": self._cookie_header(),
                                         "Origin": self.base},
                        connect_timeout=self.timeout, request_timeout=self.timeout),
            subprotocols=[PROTOCOL], max_message_size=256 * 2**20)
        if self.ws.selected_subprotocol != PROTOCOL:
            raise LearnerError(f"the server chose {self.ws.selected_subprotocol!r}, not {PROTOCOL}")
        self._reader = asyncio.ensure_future(self._read())
        # @jupyterlab/services holds every other message until the kernel_info reply.
        await self.ask("shell", "kernel_info_request", {}, until="reply")
        if await self._states_by_control_comm():
            self.handshake = "control"
        else:  # what ipywidgets 8 falls back to when the kernel has no control comm target
            await self._states_model_by_model()
            self.handshake = "per model"
        return len(self.widgets.states)

    async def _states_by_control_comm(self) -> bool:
        """ipywidgets 8: every model's state in one reply of the ``jupyter.widget.control`` comm.

        False if the kernel closed the comm instead (no such target)."""
        control = str(uuid.uuid4())
        await self.send("shell", "comm_open", {"comm_id": control, "target_name": CONTROL_TARGET,
                                               "data": {}}, {"version": CONTROL_VERSION})
        asked = await self.send("shell", "comm_msg",
                                {"comm_id": control, "data": {"method": "request_states"}})

        def reply() -> dict[str, Any] | bool | None:
            for msg in self.answers[asked].messages:
                if msg["content"].get("data", {}).get("method") == "update_states":
                    return msg
            return True if control in self.closed_comms else None

        found = await self.wait_for(reply, "the widget states")
        self.answers.pop(asked, None)
        if not isinstance(found, dict):
            return False
        self.widgets.load(found["content"]["data"]["states"])
        await self.send("shell", "comm_close", {"comm_id": control, "data": {}})
        return True

    async def _states_model_by_model(self) -> None:
        """ipywidgets' older way: list the widget comms, then ask each model for its state."""
        info = await self.ask("shell", "comm_info_request", {"target_name": WIDGET_TARGET},
                              until="reply")
        reply = next(m for m in info.messages if m["header"]["msg_type"] == "comm_info_reply")
        asked = {}
        for comm_id in reply["content"].get("comms", {}):  # sent all at once, as the page does
            asked[comm_id] = await self.send("shell", "comm_msg", {
                "comm_id": comm_id, "data": {"method": "request_state"}})

        def all_answered() -> bool:
            return all(any(m["header"]["msg_type"] == "comm_msg"
                           and m["content"].get("data", {}).get("method") == "update"
                           for m in self.answers[msg_id].messages)
                       for msg_id in asked.values())

        await self.wait_for(all_answered, f"the states of {len(asked)} widget models")
        for msg_id in asked.values():
            self.answers.pop(msg_id, None)

    async def wait_for(self, found: Any, what: str) -> Any:
        """Wait until `found()` gives something true (checked at every kernel message)."""
        async def until() -> Any:
            async with self._arrived:
                return await self._arrived.wait_for(found)

        try:
            return await asyncio.wait_for(until(), self.timeout)
        except TimeoutError:
            raise LearnerError(f"{what}: no answer within {self.timeout:.0f} s") from None

    async def send(self, channel: str, msg_type: str, content: dict[str, Any],
                   metadata: dict[str, Any] | None = None) -> str:
        """Send one message as @jupyterlab/services builds it; its msg_id."""
        if self.ws is None:
            raise LearnerError("not connected")
        msg_id = str(uuid.uuid4())
        header = {"date": datetime.now(UTC).isoformat(), "msg_id": msg_id, "msg_type": msg_type,
                  "session": self.session, "username": "", "version": "5.2"}
        parts = [json.dumps(x).encode() for x in (header, {}, metadata or {}, content)]
        self.answers[msg_id] = Answer(sent=time.perf_counter())
        await self.ws.write_message(pack(channel, parts), binary=True)
        return msg_id

    async def ask(self, channel: str, msg_type: str, content: dict[str, Any],
                  metadata: dict[str, Any] | None = None, until: str = "idle") -> Answer:
        """Send a message; wait for the kernel's idle status for it (or its shell reply)."""
        msg_id = await self.send(channel, msg_type, content, metadata)
        answer = self.answers[msg_id]
        await self.wait_for(lambda: self.closed_by_server or (
            answer.idle_at is not None if until == "idle" else answer.reply_at is not None),
            msg_type)
        if self.closed_by_server:
            raise LearnerError(f"the server closed the websocket before answering {msg_type}")
        return self.answers.pop(msg_id)

    async def _read(self) -> None:
        assert self.ws is not None
        while True:
            frame = await self.ws.read_message()
            if frame is None:
                self.closed_by_server = True
                async with self._arrived:
                    self._arrived.notify_all()
                return
            if isinstance(frame, str):
                continue  # the v1 protocol is binary; nothing else is expected
            msg = unpack(frame)
            now = time.perf_counter()
            changed = self.widgets.apply(msg)
            if msg["header"]["msg_type"] == "comm_close":
                self.closed_comms.add(msg["content"].get("comm_id"))
            answer = self.answers.get(msg["parent_header"].get("msg_id"))
            if answer is not None:
                answer.messages.append(msg)
                if changed and answer.first_update is None:
                    answer.first_update = now
                if msg["channel"] == "shell":
                    answer.reply_at = now
                elif (msg["header"]["msg_type"] == "status"
                      and msg["content"].get("execution_state") == "idle"):
                    answer.idle_at = now
            async with self._arrived:
                self._arrived.notify_all()

    async def click(self, model_id: str) -> Answer:
        """Press a button as @jupyter-widgets/controls does; the kernel's answer."""
        return await self.ask("shell", "comm_msg", {
            "comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}})

    async def play_card(self) -> Click:
        """Click the first legal card of the hand; check the kernel really played it."""
        legal = self.widgets.legal_cards()
        if not legal:
            raise LearnerError("no legal card in the hand")
        before = len(self.widgets.hand())
        card = legal[0]
        label = self.widgets.states[card].get("description", card)
        answer = await self.click(card)
        assert answer.idle_at is not None
        after = len(self.widgets.hand())
        still_legal = len(self.widgets.legal_cards())
        if after != before - 1:
            raise LearnerError(f"clicked {label}: the hand went from {before} to {after} cards")
        first = answer.first_update if answer.first_update is not None else answer.idle_at
        widget = [m for m in answer.messages if m["header"]["msg_type"].startswith("comm_")]
        size = sum(len(json.dumps(m["content"])) for m in widget)
        return Click(label, 1000 * (first - answer.sent), 1000 * (answer.idle_at - answer.sent),
                     before, after, still_legal, len(widget), size)

    # -- leaving --------------------------------------------------------------------------------

    async def close(self, beacon: bool = True) -> None:
        """Close the tab: Voilà's shutdown beacon (unless `beacon` is False), then the socket."""
        if self._alive is not None:
            self._alive.cancel()
        if beacon and self.kernel_id is not None:
            body = urlencode({"_xsrf": self.cookies.get("_xsrf", "")}).encode()
            with contextlib.suppress(LearnerError):
                await self.request(f"/voila/api/shutdown/{self.kernel_id}", method="POST",
                                   body=body, headers={
                                       "Content-Type": "application/x-www-form-urlencoded"})
        if self.ws is not None:
            self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self._reader, 10)


def run_apart(work: Coroutine[Any, Any, T]) -> T:
    """Run light learners' `work` to its end in an event loop of its own, in a thread of its
    own: callable anywhere, also beside Playwright's sync API (which keeps a loop running)."""
    done: dict[str, Any] = {}

    def main() -> None:
        try:
            done["result"] = asyncio.run(work)
        except BaseException as error:  # handed to the caller's thread
            done["error"] = error

    thread = threading.Thread(target=main, name="light-learners")
    thread.start()
    thread.join()
    if "error" in done:
        raise done["error"]
    return done["result"]


# --- a whole visit ------------------------------------------------------------------------------

@dataclass
class Visit:
    """What one light learner saw, in seconds from its first request (ms for clicks)."""

    status: int = 0
    page_s: float | None = None  # the page received in full
    interactive_s: float | None = None  # page, static files, websocket, widget states
    models: int = 0
    handshake: str = ""
    asset_bytes: int = 0
    clicks: list[Click] = field(default_factory=list)
    failed: str | None = None


async def visit(base: str, path: str, *, plays: int, look: float = 1.0,
                assets: list[str] | None = None, beacon: bool = True,
                played: Callable[[Visit], None] | None = None,
                leave: asyncio.Event | None = None, seen: Visit | None = None,
                timeout: float = TIMEOUT) -> Visit:
    """One learner: open `path`, become interactive, play `plays` cards `look` s apart, then
    (after `played(visit)`, and once `leave` is set, if given) close the page.  Failures are
    noted in the visit (`seen`, if given, is filled in as it goes), not raised."""
    learner = LightLearner(base, timeout)
    seen = seen if seen is not None else Visit()
    started = time.perf_counter()
    try:
        seen.status = await learner.open(path)
        seen.page_s = time.perf_counter() - started
        if learner.kernel_id is None:
            raise LearnerError(f"status {seen.status}: no course page")
        learner.keep_alive()
        if assets:
            await learner.fetch_assets(assets)
            seen.asset_bytes = learner.asset_bytes
        seen.models = await learner.connect()
        seen.handshake = learner.handshake
        seen.interactive_s = time.perf_counter() - started
        for _ in range(plays):
            await asyncio.sleep(look)  # a learner looks before playing
            seen.clicks.append(await learner.play_card())
    except LearnerError as error:
        seen.failed = str(error)
    except Exception as error:  # anything else the server did to this learner counts too
        seen.failed = f"{type(error).__name__}: {error}"
    finally:
        if played is not None:
            played(seen)
        if leave is not None:
            await leave.wait()
        await learner.close(beacon=beacon)
    return seen
