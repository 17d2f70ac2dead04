#!/usr/bin/env python3
"""Serve the browser edition (`make site-serve`): static files, as a good web host would.

`python -m http.server` sends every file as it lies on disk, so a learner's browser would fetch
Python's 10 MB WebAssembly uncompressed.  The build writes `.br` and `.gz` files beside the
originals (scripts/build_site.py); this server sends one of them, with `Content-Encoding`, when
the browser says it reads that encoding, as nginx's `gzip_static` / `brotli_static` do.  It also
names every file's type (`.wasm` as `application/wasm`, `.mjs` as JavaScript, the web manifest),
tells browsers to check pages and the service worker with the server before using a stored copy
(`no-cache`).

    python scripts/serve_site.py build/site --host 0.0.0.0 --port 8867

With ``--host 0.0.0.0`` every machine on the network reaches it; the addresses to give a class
are printed.  Only files under the folder are served (http.server's own path checks), nothing is
listed, and nothing is written.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import http.server
import os
import socket
import sys
from functools import partial
from pathlib import Path
from typing import Any

# The types browsers insist on (a module script or WebAssembly with another type is refused).
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".txt": "text/plain; charset=utf-8",
}
# Precompressed siblings, in the order preferred: (suffix, Content-Encoding token).
ENCODINGS = ((".br", "br"), (".gz", "gzip"))
# The pages' Content-Security-Policy (issue 23): scripts from this site only (no inline script,
# no inline event handler, nothing from another host), styles (widgets set inline styles),
# pictures (cards are data: SVG), its own workers.  Every page also carries it in a <meta>
# (scripts/build_site.py writes PAGE_POLICY_META there), so any static host gives the same; a
# <meta> cannot say who may frame the page, so that part comes with the header only.
PAGE_POLICY_META = "; ".join([
    "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:", "font-src 'self' data:", "connect-src 'self'",
    "worker-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'",
])
PAGE_POLICY = f"{PAGE_POLICY_META}; frame-ancestors 'self'"
# A worker has no page to inject into, and Python in the browser (Pyodide) compiles WebAssembly
# and builds JavaScript functions from strings: its scripts get what that takes, from this site.
WORKER_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; "
                 "connect-src 'self'; object-src 'none'; base-uri 'self'")
# Headers on every reply.
HEADERS: dict[str, str] = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"}


def accepted(header: str | None) -> set[str]:
    """The encodings an ``Accept-Encoding`` header allows (``q=0`` refuses one)."""
    allowed = set()
    for part in (header or "").split(","):
        token, _, params = part.strip().partition(";")
        quality = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            refused = float(quality) == 0
        except ValueError:
            refused = False
        if token and not refused:
            allowed.add(token.strip().lower())
    return allowed


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """One request to the site folder (``directory``)."""

    quiet = False

    def version_string(self) -> str:
        return "kamp-site"

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return TYPES.get(Path(path).suffix.lower()) or super().guess_type(path)

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        self.send_error(404, "No listing here")
        return None

    def send_head(self) -> Any:
        """As http.server's, but a precompressed sibling is sent when the browser reads it."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if not path.is_file():
            return super().send_head()  # a redirect to add "/" to a folder, or "not found"
        ok = accepted(self.headers.get("Accept-Encoding"))
        for suffix, token in ENCODINGS:
            packed = path.with_name(path.name + suffix)
            if token in ok and packed.is_file():
                return self._send_file(path, packed, token)
        return self._send_file(path, path, None)

    def _send_file(self, original: Path, body: Path, encoding: str | None) -> Any:
        try:
            handle = body.open("rb")
        except OSError:
            self.send_error(404, "File not found")
            return None
        size = os.fstat(handle.fileno()).st_size
        modified = email.utils.formatdate(original.stat().st_mtime, usegmt=True)
        if self.headers.get("If-Modified-Since") == modified:
            handle.close()
            self.send_response(304)
            self._common_headers(original)
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(original))
        self.send_header("Content-Length", str(size))
        self.send_header("Last-Modified", modified)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self._common_headers(original)
        self.end_headers()
        return handle

    def _common_headers(self, original: Path) -> None:
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", "no-cache")

    def end_headers(self) -> None:
        for name, value in HEADERS.items():
            self.send_header(name, value)
        script = self.path.split("?", 1)[0].endswith((".js", ".mjs"))
        self.send_header("Content-Security-Policy", WORKER_POLICY if script else PAGE_POLICY)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def addresses() -> list[str]:
    """This machine's addresses on its networks, for the class (no packet is sent)."""
    found = []
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((probe, 1))  # UDP: only picks the route, sends nothing
            address = s.getsockname()[0]
            if address not in found and not address.startswith("127."):
                found.append(address)
    return found


def make_server(folder: Path, host: str, port: int,
                handler: type[SiteHandler] = SiteHandler) -> http.server.ThreadingHTTPServer:
    """A server of ``folder`` (not yet serving: call ``serve_forever``)."""
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    return http.server.ThreadingHTTPServer((host, port),
                                           partial(handler, directory=str(folder)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the built site (build/site)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on: 0.0.0.0 for every network of this machine")
    parser.add_argument("--port", type=int, default=8867)
    parser.add_argument("--quiet", action="store_true", help="no line per request")
    args = parser.parse_args(argv)
    if not (args.folder / "index.html").is_file():
        print(f"serve_site: {args.folder} holds no built site (run `make site`)", file=sys.stderr)
        return 1
    SiteHandler.quiet = args.quiet
    try:
        server = make_server(args.folder.resolve(), args.host, args.port)
    except OSError as err:
        print(f"serve_site: cannot listen on {args.host}:{args.port}: {err.strerror}",
              file=sys.stderr)
        return 1
    hosts = addresses() if args.host in ("0.0.0.0", "") else [args.host]
    for host in hosts or ["127.0.0.1"]:
        print(f"serve_site: the course is at http://{host}:{args.port}/", flush=True)
    with server, contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
