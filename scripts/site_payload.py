"""What the browser edition's Python downloads first, and what it fetches only when asked.

A learner's first visit used to download the whole standard library and every module of every
wheel (IPython's, Pygments' 500 lexers, …) although the pages import under half of them.
`site/python-imports.txt` lists every module Python imported while every page of the site ran
in Chromium (written by `benchmarks/site.py imports`, which says how).  The first download holds
those modules, every `encodings` module (codecs are looked up by name, not imported), and all of
kamplib; every other module of the standard library and of the wheels goes into one more archive,
`python_more.zip`, which the kernel fetches the first time something imports one of its modules
(site/src/more_modules.py) and the service worker keeps for use without a network.  So a module
the measurement missed still imports, one download later, and never fails.

Archive members are named as installed: the standard library's from its zip's root, a wheel's
from site-packages, so one archive serves both (their top-level names never meet).
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path

IMPORTS = Path(__file__).resolve().parent.parent / "site" / "python-imports.txt"
ALWAYS = ("encodings",)  # packages shipped whole: what they hold is found by name at run time
MODULE_SUFFIXES = (".pyc", ".py")


def measured(path: Path = IMPORTS) -> frozenset[str] | None:
    """The modules the measurement saw imported (None: nothing measured, ship everything)."""
    if not path.exists():
        return None
    names = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return frozenset(n for n in names if n and not n.startswith("#"))


def module_of(member: str) -> str | None:
    """``email/mime/text.pyc`` is ``email.mime.text``; ``email/__init__.pyc`` is ``email``;
    a file that is no module (data, metadata) is None."""
    if not member.endswith(MODULE_SUFFIXES) or ".dist-info/" in member or ".data/" in member:
        return None
    parts = member.rsplit(".", 1)[0].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    if not parts or not all(p.isidentifier() for p in parts):
        return None
    return ".".join(parts)


def keeper(imported: Iterable[str]) -> Callable[[str], bool]:
    """Whether a module goes into the first download: it was imported, or it is (in) a package
    shipped whole, or a package holding one that was imported."""
    wanted = set(imported)
    for name in list(wanted):
        parts = name.split(".")
        wanted.update(".".join(parts[:i]) for i in range(1, len(parts)))

    def keep(module: str) -> bool:
        return module in wanted or module.split(".")[0] in ALWAYS

    return keep


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def split(archive: Path, target: Path, keep: Callable[[str], bool],
          more: dict[str, bytes]) -> int:
    """Write ``target``: ``archive`` with only the modules ``keep`` wants; the others go into
    ``more`` (member name → bytes).  A wheel's RECORD lists what is left.  Returns how many
    modules are left."""
    kept: list[tuple[zipfile.ZipInfo, bytes]] = []
    record = None
    with zipfile.ZipFile(archive) as source:
        for info in source.infolist():
            data = source.read(info)
            module = module_of(info.filename)
            if info.filename.endswith(".dist-info/RECORD"):
                record = info
            elif module is not None and not keep(module):
                more[info.filename] = data
            else:
                kept.append((info, data))
    # a folder left with nothing in it would import as an empty namespace package, found before
    # the finder of the rest is asked (``from importlib import resources`` without ``files``)
    files = [info.filename for info, _ in kept if not info.is_dir()]
    kept = [(info, data) for info, data in kept
            if not info.is_dir() or any(f.startswith(info.filename) for f in files)]
    if record is not None:
        lines = [_record_line(i.filename, d) for i, d in kept] + [f"{record.filename},,"]
        kept.append((record, ("\n".join(lines) + "\n").encode()))
    _write(target, kept)
    return sum(module_of(info.filename) is not None for info, _ in kept)


def write_more(more: dict[str, bytes], target: Path) -> list[str]:
    """The archive of everything left out of the first download; returns its modules' names."""
    stamp = (2026, 1, 1, 0, 0, 0)
    entries = []
    for name in sorted(more):
        info = zipfile.ZipInfo(name, stamp)
        info.external_attr = 0o644 << 16
        entries.append((info, more[name]))
    _write(target, entries)
    return sorted({m for m in map(module_of, more) if m is not None})


def _write(target: Path, entries: list[tuple[zipfile.ZipInfo, bytes]]) -> None:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in entries:
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, data)
