"""Nobody gets in: what every response says to the browser, who a request comes from, and
which requests may touch a kernel.

- **Headers.**  Every response carries a Content-Security-Policy that lets the page run only
  scripts from this server (no inline script, no inline event handler, no other host) and
  ``X-Content-Type-Options: nosniff`` (:class:`SecurityHeaders`, one transform for all handlers).
  The only script a page's HTML holds inline is data (``type="application/json"``), which a
  browser never runs.
- **Who.**  A learner is their browser's Jupyter user cookie; a request without it is nobody's.
  Their address is the connection's, or, only when the connection comes from a proxy the
  server was told to trust (``CourseApp.trusted_proxies``), the nearest untrusted address in
  ``X-Forwarded-For`` (:func:`client_address`).
- **A kernel answers only its own page.**  Its REST API, its websocket, the page's keep-alive and
  the page's shutdown call are for the cookie that opened the page (``OwnKernel*``); anything
  else gets the same 404 as a kernel that does not exist.  State changes also need the xsrf
  token (the server runs with ``xsrf_cookies``).  The websocket on which a pre-heated kernel
  waits for its request (``/voila/query/<kernel>``) answers only the kernel itself, which proves
  who it is with its connection key (:func:`query_proof`).
"""

from __future__ import annotations

import hashlib
import hmac
import inspect
import ipaddress
from collections.abc import Iterable
from typing import Any

import tornado.web
from jupyter_server.services.kernels.handlers import KernelHandler
from tornado.httputil import HTTPHeaders, HTTPServerRequest
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

# What a page may load: its own server's scripts (Voilà's front end and the template's files:
# nothing else runs, no eval), styles (widgets set inline styles), pictures (cards are data:
# SVG), fonts; it talks to its own server only.  No plug-ins, no <base>, no forms to elsewhere,
# no framing by another site.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
])
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
QUERY_PROOF_LABEL = b"kamp-query:"  # what a kernel signs to open its request socket


class SecurityHeaders(tornado.web.OutputTransform):
    """The security headers on every response of the server (Jupyter's handlers set a weaker
    policy of their own; this one wins)."""

    def transform_first_chunk(self, status_code: int, headers: HTTPHeaders, chunk: bytes,
                              finishing: bool) -> tuple[int, HTTPHeaders, bytes]:
        for name, value in SECURITY_HEADERS.items():
            headers[name] = value
        return status_code, headers, chunk


def client_address(request: HTTPServerRequest, trusted_proxies: Iterable[str]) -> str:
    """The address a request comes from: the connection's, unless that is a trusted proxy;
    then the last address in ``X-Forwarded-For`` that is not a trusted proxy (a client can
    write anything at the front of that header, so only what the proxies added counts)."""
    trusted = set(trusted_proxies)
    address = request.remote_ip or ""
    if address not in trusted:
        return address
    hops = [hop.strip() for hop in request.headers.get("X-Forwarded-For", "").split(",")]
    for hop in reversed(hops):
        try:
            hop = str(ipaddress.ip_address(hop))
        except ValueError:
            return address  # not an address: the proxy did not write it; stop at the proxy
        address = hop
        if hop not in trusted:
            break
    return address


async def cookie_user(handler: Any) -> str | None:
    """The learner whose cookie came with this request, or None (no cookie, or not ours)."""
    user = handler.identity_provider.get_user_cookie(handler)
    if inspect.isawaitable(user):
        user = await user
    return user.username if user is not None else None


def path_kernel(handler: Any) -> str:
    """The kernel id in a request's path (Jupyter's patterns name it, Voilà's may not)."""
    return str(handler.path_kwargs.get("kernel_id") or handler.path_args[0])


async def owns(handler: Any, kernel_id: str) -> bool:
    """Whether the request comes from the browser that opened the kernel's page."""
    user = await cookie_user(handler)
    return user is not None and handler.kernel_manager.owner_of(kernel_id) == user


def query_proof(key: bytes, kernel_id: str) -> str:
    """What a kernel shows to open its request socket: its connection key's HMAC of its id."""
    return hmac.new(key, QUERY_PROOF_LABEL + kernel_id.encode(), hashlib.sha256).hexdigest()


class PlainErrors:
    """An error answered as a line of plain text.  Jupyter's handlers render an error through
    its ``404.html`` page, which needs a ``static_path`` this server does not have: every refused
    or unknown kernel's socket logged «Uncaught exception in write_error … You must define the
    'static_path' setting» (the walk, W33).  A socket's error is read by no one; its status
    says it all, the same for a kernel that is not yours as for one that does not exist."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        handler: Any = self
        handler.set_header("Content-Type", "text/plain; charset=utf-8")
        handler.finish(f"{status_code} {handler._reason}\n")


class OwnKernelHandler(KernelHandler):
    """``GET`` / ``DELETE /api/kernels/<id>``: for the kernel's owner only."""

    async def prepare(self) -> None:  # type: ignore[override]
        await super().prepare()
        if not await owns(self, path_kernel(self)):
            raise tornado.web.HTTPError(404)


class OwnKernelShutdownHandler(VoilaShutdownKernelHandler):
    """``POST /voila/api/shutdown/<id>`` (the page says goodbye): for the owner only."""

    async def prepare(self) -> None:
        await super().prepare()
        if not await owns(self, path_kernel(self)):
            raise tornado.web.HTTPError(404)


class OwnKernelSocket(PlainErrors, VoilaKernelWebsocketHandler):
    """The kernel's websocket: for the owner only; a socket that speaks keeps the kernel."""

    async def get(self, kernel_id: str) -> None:
        if not await owns(self, kernel_id):
            raise tornado.web.HTTPError(404)
        await super().get(kernel_id)

    async def open(self, kernel_id: str) -> None:
        self.kernel_manager.socket_opened(kernel_id, self)
        await super().open(kernel_id)

    def on_message(self, ws_message: Any) -> None:
        self.kernel_manager.socket_spoke(self.kernel_id, self)
        super().on_message(ws_message)

    def on_close(self) -> None:
        kernel_id = getattr(self, "kernel_id", None)
        if kernel_id is not None:
            self.kernel_manager.socket_closed(kernel_id, self)
        super().on_close()


class KernelQuerySocket(PlainErrors, RequestInfoSocketHandler):
    """``/voila/query/<id>``: the pre-heated kernel waits here for its request; only the
    kernel itself may connect (anyone else could take its request, or read it)."""

    async def get(self, *args: Any, **kwargs: Any) -> None:
        kernel_id = args[0] if args else kwargs.get("kernel_id", "")
        manager = self.settings["kernel_manager"]
        proof = self.get_argument("proof", "")
        try:
            key = manager.get_kernel(kernel_id).session.key
        except Exception:
            key = None
        if not key or not hmac.compare_digest(proof, query_proof(key, kernel_id)):
            raise tornado.web.HTTPError(404)
        await super().get(*args, **kwargs)

    def check_xsrf_cookie(self) -> None:
        """The kernel has no cookie; its proof is the key."""
