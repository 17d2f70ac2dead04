"""Byte-compile wheels and the standard library for the browser, inside Pyodide itself.

Run by ``site/compile.mjs`` in Node.js (scripts/build_site.py starts it), never by hand: only
CPython 3.14, which Pyodide is, makes CPython 3.14 bytecode.  Pyodide's own package
distribution ships compiled packages for the same reason; the wheels this site takes from PyPI,
kamplib's wheel and the npm package's ``python_stdlib.zip`` hold sources, which every page start
would otherwise compile again (it made starting Python two to five times slower here).

Each archive is rewritten with ``name.pyc`` (unchecked-hash, so the same source always gives the
same bytes) in place of ``name.py``, test packages left out as Pyodide's packages do, and the
wheel's RECORD listing what is now in it.
"""

from __future__ import annotations

import base64
import hashlib
import importlib._bootstrap_external as bootstrap
import importlib.util
import json
import sys
import warnings
import zipfile

TESTS = {"tests", "test"}  # not "testing": IPython imports IPython.testing.skipdoctest


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_archive(source: str, target: str, prefix: str) -> None:
    """Write ``target``: the archive ``source`` with every module compiled for ``prefix``.

    ``prefix`` is where the archive's files lie once installed (tracebacks name those paths).
    """
    entries: list[tuple[zipfile.ZipInfo, bytes]] = []
    record_name = None
    with zipfile.ZipFile(source) as archive:
        for info in archive.infolist():
            name = info.filename
            parts = name.split("/")
            if TESTS & set(parts[1:-1]) or (len(parts) > 1 and parts[0] in TESTS):
                continue  # a package's tests (or the standard library's), never imported here
            data = archive.read(info)
            if name.endswith(".dist-info/RECORD"):
                record_name = name
                continue
            if name.endswith(".py"):
                try:
                    code = compile(data, prefix + name, "exec", dont_inherit=True)
                except SyntaxError:
                    pass  # a file that is not Python 3.14 (a template, old code): keep it
                else:
                    data = bootstrap._code_to_hash_pyc(  # type: ignore[attr-defined]  # private
                        code, importlib.util.source_hash(data), False)
                    name += "c"
            out = zipfile.ZipInfo(name, info.date_time)
            out.compress_type = zipfile.ZIP_DEFLATED
            out.external_attr = info.external_attr
            entries.append((out, data))
    if record_name is not None:
        lines = [_record_line(i.filename, d) for i, d in entries] + [f"{record_name},,"]
        out = zipfile.ZipInfo(record_name, entries[0][0].date_time)
        out.compress_type = zipfile.ZIP_DEFLATED
        entries.append((out, ("\n".join(lines) + "\n").encode()))
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in entries:
            archive.writestr(info, data)


def main() -> None:
    """Compile every ``[source, target, prefix]`` of the JSON list in ``sys.argv[1]``."""
    warnings.simplefilter("ignore")  # old escape sequences in third-party code: not ours to fix
    for source, target, prefix in json.loads(sys.argv[1]):
        compile_archive(source, target, prefix)


if __name__ == "__main__":
    main()
