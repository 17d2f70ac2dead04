"""The raw parameters of the URL a Voilà page was opened with, as the page's kernel gets them.

Every Voilà page has a kernel of its own, so choices that follow a learner from page to page
(game, names, house rules, language) travel in the URL: ``…/02-pass.ipynb?lang=en&game=sekskamp``.
:func:`page_query` returns them raw, ``{"lang": ["en"], "game": ["sekskamp"]}``; turning them
into valid choices, with a message for a bad one, is the job of the code that uses them.

How Voilà 0.5 hands the query string to a kernel:

- **A kernel started for the request** (no pre-heated kernel for that page, or a theme other
  than the pool's): the server puts the request into the kernel's environment before it starts
  — ``QUERY_STRING`` (CGI style, still percent-encoded), with ``VOILA_PREHEAT=False``.
- **A pre-heated kernel** (``preheat_kernel`` with a pool): the kernel was started, and the page's
  cells run, *before* anyone asked for the page, so its environment cannot hold the request
  (``VOILA_PREHEAT=True``; its ``VOILA_REQUEST_URL`` is an older request's and is ignored).
  When the server hands the kernel to a request it sends that request's CGI variables to a
  websocket, ``/voila/query/<kernel id>``.  The first call of :func:`page_query` in such a
  kernel connects to it and **waits** until the kernel is handed out, then puts the variables
  into ``os.environ`` (and marks the kernel ``VOILA_PREHEAT=False``, so later calls read the
  environment at once).  So in a pooled page every cell *before* the first ``page_query()``
  is pre-run while the kernel waits in the pool, and every cell from it on runs for the actual
  request: call it after the imports and before anything that depends on the choices.

The query websocket answers only this kernel: it proves who it is with an HMAC of its id under
its connection key (``_proof``).  Only the server writes these variables (a browser cannot send
code to a Voilà kernel: its websocket carries widget messages only), so they are exactly the
request's query string.  Outside
Voilà (plain Jupyter, nbval, tests) there is no request: the result is empty.  Nothing here ever
raises: an oversized or unreadable query, a server that cannot be reached, anything at all gives
``{}``, and the page goes on with its defaults.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import os
import threading
from urllib.parse import parse_qs

__all__ = ["MAX_FIELDS", "MAX_QUERY_CHARS", "page_query"]

MAX_QUERY_CHARS = 16_384  # a longer query string is not one the course wrote
MAX_FIELDS = 256
CONNECT_TIMEOUT = 10.0  # seconds to reach the server's query websocket


def page_query() -> dict[str, list[str]]:
    """The page URL's parameters, each name with all its values in order; ``{}`` outside Voilà."""
    try:
        query = _query_string()
        if not query or len(query) > MAX_QUERY_CHARS:
            return {}
        return parse_qs(query, keep_blank_values=True, encoding="utf-8", errors="replace",
                        max_num_fields=MAX_FIELDS)
    except Exception:  # never let the URL break a page: no query, the page's defaults
        return {}


def _query_string() -> str:
    preheat = os.environ.get("VOILA_PREHEAT")
    if preheat is None:  # not a Voilà kernel
        return ""
    if preheat == "True":
        try:
            received = _wait_for_request()
            # what the pooled kernel was started with is not this request's
            received.setdefault("QUERY_STRING", "")
            os.environ.update(received)
        except Exception:
            os.environ["QUERY_STRING"] = ""
        finally:
            os.environ["VOILA_PREHEAT"] = "False"  # received (or given up): never wait twice
    return os.environ.get("QUERY_STRING", "")


def _proof(kernel_id: str) -> str:
    """Who this kernel is, for the course server (app/kampapp/guard.py, which checks the same):
    its connection key's HMAC of its id.  Only the server and the kernel know the key, so no
    browser can take (or read) the request meant for this kernel."""
    from ipykernel.kernelapp import IPKernelApp

    if not IPKernelApp.initialized():
        return ""
    key = IPKernelApp.instance().session.key
    return hmac.new(key, b"kamp-query:" + kernel_id.encode(), hashlib.sha256).hexdigest()


def _wait_for_request() -> dict[str, str]:
    """Block until the server hands this pre-heated kernel to a request; its CGI variables."""
    kernel_id = os.environ.get("VOILA_KERNEL_ID", "")
    if not kernel_id:
        return {}
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    url = f"{protocol}://{host}:{port}{base}voila/query/{kernel_id}?proof={_proof(kernel_id)}"
    received: dict[str, str] = {}

    async def receive() -> None:
        from tornado.websocket import websocket_connect

        connection = await websocket_connect(url, connect_timeout=CONNECT_TIMEOUT)
        try:
            message = await connection.read_message()  # waits as long as the kernel is pooled
        finally:
            connection.close()
        if isinstance(message, bytes):
            message = message.decode("utf-8", errors="replace")
        payload = json.loads(message) if message else {}
        if isinstance(payload, dict):
            received.update({str(k): str(v) for k, v in payload.items()})

    def run() -> None:
        try:
            asyncio.run(receive())
        except Exception:
            received.clear()

    # The kernel's own event loop is running this cell: wait on a loop of our own, in a thread.
    waiter = threading.Thread(target=run, name="kamp-page-query", daemon=True)
    waiter.start()
    waiter.join()
    return received
