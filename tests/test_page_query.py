"""`page_query()`: the raw URL parameters a Voilà page's kernel receives, and never an exception.

The two ways Voilà hands them over are played here without Voilà: the environment of a kernel
started for the request, and the query websocket a pre-heated kernel waits on (a tiny tornado
server in a thread sends what Voilà's server would).  The real server, with and without the
pool, is driven in tests/test_app_server.py.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from tornado.web import Application
from tornado.websocket import WebSocketHandler

from kamplib.site.query import MAX_FIELDS, MAX_QUERY_CHARS, page_query

VOILA_VARIABLES = ("VOILA_PREHEAT", "QUERY_STRING", "VOILA_KERNEL_ID", "VOILA_APP_PORT",
                   "VOILA_APP_IP", "VOILA_SERVER_URL", "VOILA_WS_BASE_URL", "VOILA_WS_PROTOCOL")


@pytest.fixture(autouse=True)
def no_voila(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in VOILA_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def started_for_request(monkeypatch: pytest.MonkeyPatch, query: str) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", query)


def test_outside_voila_there_is_no_query(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=en")  # a CGI variable alone is not a Voilà page
    assert page_query() == {}


def test_kernel_started_for_the_request_reads_its_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started_for_request(monkeypatch, "lang=en&name=Kari&name=Ola&empty=&game=sekskamp")
    assert page_query() == {"lang": ["en"], "name": ["Kari", "Ola"], "empty": [""],
                            "game": ["sekskamp"]}


def test_values_are_decoded_and_never_break(monkeypatch: pytest.MonkeyPatch) -> None:
    started_for_request(monkeypatch, "name=%C3%85se+Lie&odd=%FF%FE&amp=a%26b&plus=1%2B1")
    assert page_query() == {"name": ["Åse Lie"], "odd": ["\ufffd\ufffd"], "amp": ["a&b"],
                            "plus": ["1+1"]}


@pytest.mark.parametrize("query", [
    "x=" + "a" * MAX_QUERY_CHARS,
    "&".join(f"k{i}=1" for i in range(MAX_FIELDS + 1)),
])
def test_an_oversized_query_gives_nothing(monkeypatch: pytest.MonkeyPatch, query: str) -> None:
    started_for_request(monkeypatch, query)
    assert page_query() == {}


def test_an_empty_or_missing_query_string_gives_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    started_for_request(monkeypatch, "")
    assert page_query() == {}
    monkeypatch.delenv("QUERY_STRING")
    assert page_query() == {}


# --- a pre-heated kernel waits for its request on Voilà's query websocket ---------------------

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def query_server(payload: dict[str, str], paths: list[str]) -> Iterator[int]:
    """Voilà's `/voila/query/<kernel>` in miniature: sends `payload` to whoever connects."""
    port = free_port()
    ready = threading.Event()
    loop_box: list[asyncio.AbstractEventLoop] = []

    class Query(WebSocketHandler):
        def open(self, kernel_id: str) -> None:
            paths.append(kernel_id)
            self.write_message(json.dumps(payload))

    def serve() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        loop_box.append(loop)
        Application([(r"/voila/query/(.*)", Query)]).listen(port, "127.0.0.1")
        ready.set()
        loop.run_forever()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    ready.wait(10)
    try:
        yield port
    finally:
        loop_box[0].call_soon_threadsafe(loop_box[0].stop)
        thread.join(10)


def pre_heated(monkeypatch: pytest.MonkeyPatch, port: int) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_KERNEL_ID", "0f6c1a4e-kernel")
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    monkeypatch.setenv("QUERY_STRING", "stale=1")  # whatever the pooled kernel started with


def test_pre_heated_kernel_waits_for_its_request_once(monkeypatch: pytest.MonkeyPatch) -> None:
    connections: list[str] = []
    request = {"QUERY_STRING": "lang=en&name=Per", "SCRIPT_NAME": "/voila/render/x.ipynb"}
    with query_server(request, connections) as port:
        pre_heated(monkeypatch, port)
        assert page_query() == {"lang": ["en"], "name": ["Per"]}
    assert connections == ["0f6c1a4e-kernel"]
    assert os.environ["VOILA_PREHEAT"] == "False"
    assert os.environ["SCRIPT_NAME"] == "/voila/render/x.ipynb"
    # the server is gone: a second call reads what the first received, without waiting
    assert page_query() == {"lang": ["en"], "name": ["Per"]}


def test_pre_heated_kernel_that_cannot_reach_the_server_goes_on_without(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pre_heated(monkeypatch, free_port())  # nothing listens there
    assert page_query() == {}  # never the query the pooled kernel happened to start with
    assert os.environ["VOILA_PREHEAT"] == "False"
    assert page_query() == {}


def test_pre_heated_kernel_without_an_id_does_not_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    assert page_query() == {}
