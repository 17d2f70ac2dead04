"""`make site-serve` (scripts/serve_site.py): the built site served as a good web host would.

Precompressed `.br`/`.gz` files sent when the browser reads them, every type named, pages
checked with the server before a stored copy is used, nothing listed and nothing outside the
folder.  Served from a small folder of our own, so no site build is needed.
"""

from __future__ import annotations

import gzip
import http.client
import importlib.util
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from static_site_support import REPO, serve_command

spec = importlib.util.spec_from_file_location("kamp_serve_site", REPO / "scripts" / "serve_site.py")
assert spec is not None and spec.loader is not None
SERVE = importlib.util.module_from_spec(spec)
spec.loader.exec_module(SERVE)

PAGE = b"<!doctype html><title>kamp</title>" + b"<p>Kurset</p>" * 200
WASM = bytes(range(256)) * 64


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("served")
    (root / "index.html").write_bytes(PAGE)
    (root / "index.html.gz").write_bytes(gzip.compress(PAGE, mtime=0))
    (root / "index.html.br").write_bytes(b"brotli bytes of the page")
    (root / "tutorial").mkdir()
    (root / "tutorial" / "index.html").write_bytes(b"<title>steg</title>")
    (root / "static").mkdir()
    (root / "static" / "pyodide.asm.wasm").write_bytes(WASM)
    (root / "static" / "pyodide.mjs").write_text("export const x = 1;\n")
    (root / "static" / "app.webmanifest").write_text("{}")
    (root.parent / "secret.txt").write_text("not for the class")
    return root


@pytest.fixture(scope="module")
def server(folder: Path) -> Iterator[tuple[str, int]]:
    made = SERVE.make_server(folder, "127.0.0.1", 0)
    SERVE.SiteHandler.quiet = True
    thread = threading.Thread(target=made.serve_forever, daemon=True)
    thread.start()
    yield "127.0.0.1", made.server_address[1]
    made.shutdown()
    made.server_close()


def get(server: tuple[str, int], path: str, method: str = "GET",
        **headers: str) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection(*server, timeout=10)
    connection.request(method, path, headers={k.replace("_", "-"): v for k, v in headers.items()})
    reply = connection.getresponse()
    body = reply.read()
    connection.close()
    return reply.status, {k.lower(): v for k, v in reply.getheaders()}, body


def test_the_precompressed_file_the_browser_reads_is_sent(server: Any, folder: Path) -> None:
    status, head, body = get(server, "/index.html", Accept_Encoding="gzip, deflate, br")
    assert status == 200 and head["content-encoding"] == "br"
    assert body == (folder / "index.html.br").read_bytes()
    assert head["content-type"] == "text/html; charset=utf-8"
    assert head["vary"] == "Accept-Encoding"
    status, head, body = get(server, "/index.html", Accept_Encoding="br;q=0, gzip")
    assert head["content-encoding"] == "gzip" and gzip.decompress(body) == PAGE
    status, head, body = get(server, "/index.html")
    assert "content-encoding" not in head and body == PAGE
    assert int(head["content-length"]) == len(PAGE)
    # a file without a compressed copy is sent as it is, whatever the browser reads
    status, head, body = get(server, "/static/pyodide.asm.wasm", Accept_Encoding="br, gzip")
    assert "content-encoding" not in head and body == WASM


def test_every_file_has_the_type_browsers_insist_on(server: Any) -> None:
    types = {"/static/pyodide.asm.wasm": "application/wasm",
             "/static/pyodide.mjs": "text/javascript; charset=utf-8",
             "/static/app.webmanifest": "application/manifest+json",
             "/": "text/html; charset=utf-8"}
    for path, expected in types.items():
        assert get(server, path)[1]["content-type"] == expected, path


def test_pages_are_checked_with_the_server_before_a_stored_copy_is_used(server: Any) -> None:
    status, head, _ = get(server, "/index.html")
    assert status == 200 and head["cache-control"] == "no-cache"
    again = get(server, "/index.html", If_Modified_Since=head["last-modified"])
    assert again[0] == 304 and again[2] == b""


def test_folders_show_their_page_and_nothing_else(server: Any) -> None:
    assert get(server, "/tutorial/")[2] == b"<title>steg</title>"
    status, head, _ = get(server, "/tutorial")
    assert status == 301 and head["location"] == "/tutorial/"
    assert get(server, "/static/")[0] == 404  # no listing of the files
    assert get(server, "/../secret.txt")[0] == 404
    assert get(server, "/%2e%2e/secret.txt")[0] == 404
    status, head, body = get(server, "/index.html", method="HEAD")
    assert status == 200 and body == b"" and int(head["content-length"]) == len(PAGE)


def test_make_site_serve_listens_where_it_is_told() -> None:
    command = serve_command(Path("/srv/site"), 24999)
    assert command[1:] == ["scripts/serve_site.py", "/srv/site", "--host", "127.0.0.1",
                           "--port", "24999"]
    assert Path(command[0]).name.startswith("python")


def test_a_folder_without_a_site_is_refused_with_a_sentence(tmp_path: Path,
                                                            capsys: Any) -> None:
    assert SERVE.main([str(tmp_path), "--port", "0"]) == 1
    assert "holds no built site (run `make site`)" in capsys.readouterr().err


def test_the_addresses_for_the_class_are_this_machines_own() -> None:
    for address in SERVE.addresses():
        assert not address.startswith("127.")
        with socket.socket() as probe:
            probe.bind((address, 0))  # only an address of this machine can be bound
