#!/usr/bin/env python3
"""Build the browser edition of the course (`make site`): static files, Python runs in Pyodide.

The learner sees what the Voilà app shows, the narrative and the widgets without code, and
Python runs in their own browser, so any static web host serves any number of learners.

Each page is one HTML file made from a notebook: the markdown cells rendered here (as Voilà
does, with nbconvert's markdown), the code cells as empty places plus the code in a JSON block.
One small script (`site/src/`, bundled with esbuild) starts JupyterLite's Pyodide kernel in a
web worker once, runs each page's cells in it and shows their outputs and ipywidgets
(`@jupyter-widgets/controls`).  A link to the next step swaps the page in place and keeps the
same Python, so only the first page of a visit pays for starting Python.

Everything that is downloaded comes from the registries and is checked against a hash in
`site/`: npm packages by `npm ci` against `package-lock.json` (sha512), the browser's Python
wheels by `pip download --require-hashes` against `browser-requirements.txt` (sha256), and the
files copied out of the npm packages against `shipped-files.sha256`.  kamplib itself is packed
into a wheel from this repository.  Every wheel and the standard library are byte-compiled for
the browser's CPython by Pyodide itself under Node.js (scripts/pyodide_compile.py), so no page
start compiles source.  The Pyodide lock in the site lists exactly the shipped wheels with their
real hashes, and all of them load when Python starts, so `import kamplib` needs no `%pip` cell.

The pages are the site's (kamplib.site.pages.SITE, the same as the Voilà app's, in its order;
index.ipynb is the front page, index.html), every one of them: the explorations play their games
in a worker of their own (site/src/games.worker.js).

    python scripts/build_site.py                  # build/site/
    python scripts/build_site.py --out DIR
"""

from __future__ import annotations

import argparse
import base64
import csv
import hashlib
import html
import importlib.util
import io
import json
import posixpath
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from dataclasses import dataclass
from email.parser import Parser
from pathlib import Path, PurePosixPath
from string import Template
from typing import Any
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parent.parent
SITE_DIR = REPO / "site"
OUT = REPO / "build" / "site"
CACHE = REPO / "build" / "site-cache"

# The browser's Python: Pyodide 314 (CPython 3.14) and the wheel tag its packages carry.
PLATFORM = "pyemscripten_2026_0_wasm32"
PYTHON_VERSION = "3.14"
# What the page takes from the npm packages (checked against site/shipped-files.sha256).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STDLIB = "python_stdlib.zip"  # compiled before it is shipped, as the wheels are
# Where the browser's Python finds what it installs, for the paths compiled code names.
SITE_PACKAGES = f"/lib/python{PYTHON_VERSION}/site-packages/"
STDLIB_PATH = f"/lib/python{PYTHON_VERSION.replace('.', '')}.zip/"
# The kernel's own wheel, from @jupyterlite/pyodide-kernel/pypi (its piplite and ipykernel shim
# serve %pip cells and ipywidgets 7, which no page has).
KERNEL_WHEEL = "pyodide_kernel"
# The page's scripts (site/src/, bundled by esbuild): the first script of every page, the page
# script that drives Python (with its styles), Python's worker, and the explorations' games
# worker (a Python of its own, kamplib.site.background).
ENTRIES = ("boot.js", "main.js", "kernel.worker.js", "games.worker.js")
# The learner's memory in the browser: one script for both editions, kept with the app's
# template (Voilà serves it from there) and bundled into main.js here.
MEMORY_JS = REPO / "app" / "share" / "voila" / "templates" / "kamp" / "static" / "kamp-memory.js"
# The teachers' page (site/teachers.nb.md, site/teachers.en.md), beside the front page.
TEACHERS = "for-laerere.ipynb"  # named as a notebook would be: its page is for-laerere.html

sys.path.insert(0, str(REPO / "scripts"))
import site_icons  # noqa: E402  (the icon, as SVG and PNG)
import site_payload  # noqa: E402  (what the first download holds, and the rest)
from course_nav import title_of  # noqa: E402  (the course's own idea of a page's title)

from kamplib.i18n import LANGS  # noqa: E402
from kamplib.site import browser  # noqa: E402
from kamplib.site.pages import SITE  # noqa: E402


class BuildError(Exception):
    """A build step failed; the message says which and why."""


# --- what to publish ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Manifest:
    """What one build publishes: the pages, in the site's order, the front page first."""

    pages: tuple[str, ...]


def site_manifest() -> Manifest:
    """The site's pages (kamplib.site.pages.SITE): every one runs in the browser."""
    return Manifest(tuple(p.path for p in SITE))


def page_url(notebook: str) -> str:
    """Where a notebook's page lies in the site: beside where the notebook lies in the repository,
    so a link the page's Python makes (``03-klover.ipynb?lang=en``) needs only its suffix
    changed, which the page script does."""
    return str(PurePosixPath(notebook).with_suffix(".html"))


def relative(target: str, start: str) -> str:
    """The relative URL from the page at ``start`` to ``target`` (both site paths)."""
    return posixpath.relpath(target, posixpath.dirname(start) or ".")


# --- downloads, each checked against a hash kept in site/ --------------------------------------

def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(command: list[str], cwd: Path | None = None) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"{' '.join(command[:3])} … failed:\n{done.stdout[-2000:]}"
                         f"{done.stderr[-3000:]}")


def npm_modules(cache: Path) -> Path:
    """`npm ci` of site/package.json into the cache (again only when the lock changed)."""
    folder = cache / "npm"
    lock = SITE_DIR / "package-lock.json"
    stamp = folder / ".lock-sha256"
    if not (stamp.exists() and stamp.read_text() == sha256(lock)
            and (folder / "node_modules").is_dir()):
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy2(SITE_DIR / name, folder / name)
        if shutil.which("npm") is None or shutil.which("node") is None:
            raise BuildError("Node.js or npm is missing: install both (see .ci/run)")
        # --ignore-scripts: nothing from a package runs here (esbuild's binary comes as its
        # own optional package and needs no install script).
        run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=folder)
        stamp.write_text(sha256(lock))
    return folder / "node_modules"


def check_shipped(node_modules: Path, listing: Path = SITE_DIR / "shipped-files.sha256") -> None:
    """Every file the site copies out of an npm package has the sha256 pinned in site/."""
    for line in listing.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        digest, name = line.split(maxsplit=1)
        path = node_modules / name
        got = sha256(path) if path.is_file() else "missing"
        if got != digest:
            raise BuildError(f"{name}: sha256 {got}, expected {digest} ({listing.name})")


def pinned_wheels(requirements: Path = SITE_DIR / "browser-requirements.txt") -> dict[str, str]:
    """``{"name==version": sha256}`` for every line of the browser's requirements."""
    pins = {}
    for line in requirements.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            spec, digest = line.split(" --hash=sha256:")
            name, version = spec.split("==")
            pins[f"{canonical(name)}=={version}"] = digest.strip()
    return pins


def browser_wheels(cache: Path) -> list[Path]:
    """The PyPI wheels of browser-requirements.txt, each checked against its sha256.

    pip downloads them (and checks the hashes) the first time; afterwards the cached files are
    checked here and nothing is downloaded.
    """
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    pins = pinned_wheels()

    def found() -> dict[str, Path]:
        have = {}
        for wheel in folder.glob("*.whl"):
            name, version = wheel.name.split("-")[:2]
            key = f"{canonical(name)}=={version}"
            if pins.get(key) == sha256(wheel):
                have[key] = wheel
        return have

    have = found()
    if len(have) < len(pins):
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--require-hashes",
             "--only-binary=:all:", "--platform", PLATFORM, "--python-version", PYTHON_VERSION,
             "-r", str(SITE_DIR / "browser-requirements.txt"), "-d", str(folder)])
        have = found()
    missing = sorted(set(pins) - set(have))
    if missing:
        raise BuildError(f"no wheel with the pinned sha256 for {', '.join(missing)}")
    return [have[key] for key in sorted(have)]


# --- kamplib as a wheel ------------------------------------------------------------------------

ZIP_TIME = (2026, 1, 1, 0, 0, 0)  # fixed, so the same sources give the same wheel and hash


def kamplib_wheel(folder: Path, repo: Path = REPO) -> Path:
    """Pack kamplib (every module under kamplib/) as a pure-Python wheel, reproducibly.

    The version carries a local label made from the sources' hash (``0.1.0+s1a2b3c4d``), so a
    browser never mixes a cached old wheel with a new lock.
    """
    project = tomllib.loads((repo / "pyproject.toml").read_text())["project"]
    files = sorted(p for p in (repo / "kamplib").rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(repo).as_posix().encode() + b"\0" + path.read_bytes())
    version = f"{project['version']}+s{digest.hexdigest()[:8]}"
    dist = f"{project['name']}-{version}.dist-info"
    metadata = "".join([
        "Metadata-Version: 2.1\n",
        f"Name: {project['name']}\n",
        f"Version: {version}\n",
        f"Summary: {project['description']}\n",
        f"Requires-Python: {project['requires-python']}\n",
        # the browser edition runs the widgets: the core's dependencies and the notebooks extra
        *(f"Requires-Dist: {d}\n" for d in [*project.get("dependencies", []),
                                             *project["optional-dependencies"]["notebooks"]]),
    ])
    entries = [(p.relative_to(repo).as_posix(), p.read_bytes()) for p in files]
    entries += [
        (f"{dist}/METADATA", metadata.encode()),
        (f"{dist}/WHEEL", b"Wheel-Version: 1.0\nGenerator: kamp build_site\n"
                          b"Root-Is-Purelib: true\nTag: py3-none-any\n"),
        (f"{dist}/top_level.txt", b"kamplib\n"),
    ]
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for name, data in entries:
        hashed = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([name, f"sha256={hashed}", len(data)])
    writer.writerow([f"{dist}/RECORD", "", ""])
    entries.append((f"{dist}/RECORD", record.getvalue().encode()))
    folder.mkdir(parents=True, exist_ok=True)
    wheel = folder / f"{project['name']}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return wheel


# --- compiled for the browser --------------------------------------------------------------------

def compiled(node_modules: Path, archives: list[tuple[Path, str]], cache: Path) -> list[Path]:
    """Each ``(archive, install prefix)`` with its modules byte-compiled for Pyodide's CPython.

    The work is done in Pyodide under Node.js (site/compile.mjs, scripts/pyodide_compile.py);
    results are kept in the cache by the source's sha256, so a build compiles only what changed
    (usually kamplib alone).
    """
    folder = cache / "compiled"
    out, jobs = [], []
    for archive, prefix in archives:
        target = folder / sha256(archive)[:16] / archive.name
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            jobs.append([str(archive), f"{target}.part", prefix])  # renamed once complete
        out.append(target)
    if jobs:
        shutil.copy2(SITE_DIR / "compile.mjs", node_modules.parent / "compile.mjs")
        run(["node", str(node_modules.parent / "compile.mjs"),
             str(REPO / "scripts" / "pyodide_compile.py"), json.dumps(jobs)],
            cwd=node_modules.parent)
        for _, part, _ in jobs:
            Path(part).rename(part.removesuffix(".part"))
    return out


# --- the Pyodide lock: exactly the shipped wheels, with their real hashes ----------------------

def canonical(name: str) -> str:
    """A distribution name as Pyodide's lock keys it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_entry(wheel: Path) -> dict[str, Any]:
    """A Pyodide lock entry read from the wheel itself: name, version, imports, dependencies."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(archive.read(meta_name).decode("utf-8"))
        tops = sorted({n.split("/")[0].removesuffix(".py") for n in names
                       if not n.split("/")[0].endswith((".dist-info", ".data"))
                       and (n.endswith(".py") or "/" in n)})
    requires = []
    for spec in meta.get_all("Requires-Dist") or []:
        if "extra ==" in spec:
            continue
        requires.append(canonical(re.split(r"[\s;<>=!~\[(]", spec, maxsplit=1)[0]))
    return {
        "name": canonical(meta["Name"]),
        "version": meta["Version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": tops,
        "depends": requires,
        "unvendored_tests": False,
        "shared_library": False,
    }


def pyodide_lock(wheels: list[Path], npm_lock: dict[str, Any]) -> dict[str, Any]:
    """The lock the browser reads: Pyodide's ``info`` and one entry per shipped wheel."""
    entries = {e["name"]: e for e in map(wheel_entry, wheels)}
    for entry in entries.values():  # a dependency the browser has no wheel for is not named
        entry["depends"] = sorted(d for d in entry["depends"] if d in entries)
    return {"info": npm_lock["info"], "packages": dict(sorted(entries.items()))}


# --- pages ---------------------------------------------------------------------------------------

HREF = re.compile(r"""(href|src)=(["'])(.*?)\2""")


def _app() -> Any:
    """The Voilà app's module (app/serve.py): its sentence for a cell that fails, and its words
    (registered in kamplib's catalogue) for a page being made ready, so both editions agree."""
    spec = importlib.util.spec_from_file_location("kamp_app_serve", REPO / "app" / "serve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def page_texts() -> dict[str, dict[str, str]]:
    """What the page script says before and around Python, ``{lang: {name: text}}``."""
    app = _app()
    texts = browser.page_texts({"running": "app_loading", "noscript": "app_noscript"})
    for words in texts.values():  # the app words it in bokmål only
        words["cell_error"] = str(app.CELL_ERROR_NB)
    return texts


@dataclass
class Site:
    """What one build knows: the manifest, the page script's settings, and the files it must
    still copy."""

    manifest: Manifest
    repo: Path
    assets: dict[str, str]  # "boot.js", "main.css" -> where the build put it in the site
    config: str  # the JSON every page carries for the script
    noscript: str  # what a browser without JavaScript shows (bokmål, as the app's)
    loading: str  # what the page says from its first byte, before any script runs (bokmål)
    teachers: str  # the footer's link to the teachers' page (bokmål)
    copies: set[str]

    def link(self, href: str, notebook: str) -> str:
        """A link as written in ``notebook``, pointing at the site's page or file instead."""
        parts = urlsplit(href)
        if parts.scheme or parts.netloc or href.startswith(("#", "/", "mailto:")):
            return href
        base = PurePosixPath(notebook).parent
        target = _normal(base / parts.path)
        here = page_url(notebook)
        rest = (f"?{parts.query}" if parts.query else "") + (
            f"#{parts.fragment}" if parts.fragment else "")
        if target.endswith(".ipynb"):
            if target not in self.manifest.pages:
                raise BuildError(f"{notebook} links to {target}, which is not a page of the site")
            return relative(page_url(target), here) + rest
        if (self.repo / target).is_file():
            self.copies.add(target)
            return relative(target, here) + rest
        return href

    def render(self, notebook: str) -> str:
        """The page of one published notebook."""
        nb = json.loads((self.repo / notebook).read_text(encoding="utf-8"))
        body: list[str] = []
        cells: list[str] = []
        from nbconvert.filters.markdown_mistune import markdown2html_mistune

        def linked(m: re.Match[str]) -> str:
            return f'{m[1]}={m[2]}{html.escape(self.link(html.unescape(m[3]), notebook))}{m[2]}'

        for cell in nb["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "markdown":
                rendered = HREF.sub(linked, markdown2html_mistune(source))
                body.append(f'<div class="kamp-md">{rendered}</div>')
            elif cell["cell_type"] == "code" and source.strip():
                body.append(self._place(len(cells)))
                cells.append(source)
        title = title_of(nb, Path(notebook))
        return self._page(notebook, title, "\n".join(body), cells)

    @staticmethod
    def _place(index: int) -> str:
        return f'<div class="kamp-cell kamp-pending" data-kamp-cell="{index}"></div>'

    def render_teachers(self) -> str:
        """The teachers' page: how to share the course, in both languages (the page script
        shows the learner's); no Python runs on it."""
        from nbconvert.filters.markdown_mistune import markdown2html_mistune
        body, title = [], ""
        for lang in LANGS:
            text = (SITE_DIR / f"teachers.{lang}.md").read_text(encoding="utf-8")
            title = title or text.splitlines()[0].lstrip("# ").strip()
            body.append(f'<div class="kamp-md kamp-lang-{lang}" lang="{lang}">'
                        f"{markdown2html_mistune(text)}</div>")
        return self._page(TEACHERS, title, "\n".join(body), [])

    def _page(self, notebook: str, title: str, body: str, cells: list[str]) -> str:
        here = page_url(notebook)
        template = Template((SITE_DIR / "page.html").read_text(encoding="utf-8"))
        return template.substitute(
            title=html.escape(title),
            root="../" * len(PurePosixPath(here).parent.parts),
            build=BUILD_PLACEHOLDER,
            icon=self.assets["icon.svg"],
            touch_icon=self.assets["apple-touch-icon.png"],
            theme=site_icons.TABLE,
            teacher=page_url(TEACHERS),
            teacher_text=html.escape(self.teachers),
            boot=self.assets["boot.js"],
            css=self.assets["main.css"],
            config=_script_json(self.config),
            noscript=html.escape(self.noscript),
            loading=html.escape(self.loading),
            body=body,
            cells=_script_json(json.dumps(cells, ensure_ascii=False)),
            policy=html.escape(page_policy(), quote=True),
        )


def page_policy() -> str:
    """The pages' Content-Security-Policy for their <meta> (held by scripts/serve_site.py)."""
    spec = importlib.util.spec_from_file_location(
        "kamp_serve_site", Path(__file__).with_name("serve_site.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.PAGE_POLICY_META)


def _normal(path: PurePosixPath) -> str:
    """``a/../b/./c`` as ``b/c`` (no file system access; stays inside the repository)."""
    parts: list[str] = []
    for part in path.parts:
        if part == "..":
            if parts:
                parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def _script_json(text: str) -> str:
    """JSON that is safe inside ``<script>`` (no ``</script>`` can end it early)."""
    return text.replace("</", "<\\/")


# --- files named by their content ----------------------------------------------------------------

BUILD_PLACEHOLDER = "kamp-build-id"  # in every page until the build's id is known


def content_id(files: dict[str, bytes]) -> str:
    """A short hash of some files, names and bytes."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    return digest.hexdigest()[:12]


def place(static: Path, files: dict[str, Path | bytes]) -> str:
    """Put files that must lie side by side into ``static/<hash of them>/``; return that
    folder's place in the site (``static/1a2b3c4d5e6f/``).

    A file's address changes exactly when its content does, so a browser, a host or the service
    worker may keep a copy for ever, and two builds never mix.
    """
    data = {name: f if isinstance(f, bytes) else f.read_bytes() for name, f in files.items()}
    folder = static / content_id(data)
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in data.items():
        (folder / name).write_bytes(content)
    return f"static/{folder.name}/"


# --- for use without a network ------------------------------------------------------------------

def icons(static: Path, cache: Path) -> str:
    """The icon files (scripts/site_icons.py) in the site; drawn again only when that script
    changes (rasterising takes seconds)."""
    source = REPO / "scripts" / "site_icons.py"
    folder = cache / "icons" / sha256(source)[:16]
    if not folder.is_dir():
        part = folder.with_name(folder.name + ".part")
        part.mkdir(parents=True, exist_ok=True)
        for name, data in site_icons.icons().items():
            (part / name).write_bytes(data)
        part.rename(folder)
    return place(static, {p.name: p for p in sorted(folder.iterdir())})


def web_manifest(icon_at: str) -> str:
    """What a phone reads to put the course on its home screen."""
    return json.dumps({
        "name": "Femkamp, Sekskamp og Sjukamp",
        "short_name": "Femkamp",
        "description": "Lær kortspillene Femkamp, Sekskamp og Sjukamp steg for steg, også "
                       "uten nett.",
        "lang": "nb",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": site_icons.TABLE,
        "icons": [
            {"src": icon_at + "icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": icon_at + "icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": icon_at + "icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
            {"src": icon_at + "icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }, ensure_ascii=False, indent=1) + "\n"


def service_worker(out: Path, build_id: str) -> None:
    """``sw.js`` at the site's root (its scope is the whole site): site/src/sw.js, told the
    build's id and every file of the site with the sha256 of its content."""
    files = {p.relative_to(out).as_posix(): sha256(p) for p in sorted(out.rglob("*"))
             if p.is_file() and p.suffix not in (".br", ".gz") and p.name != "sw.js"}
    head = "self.KAMP = " + json.dumps({"build": build_id, "files": files}, indent=0) + ";\n"
    (out / "sw.js").write_text(head + (SITE_DIR / "src" / "sw.js").read_text(encoding="utf-8"),
                               encoding="utf-8")


# --- what a host sends ---------------------------------------------------------------------------

# Files a host may send compressed: text and WebAssembly (zip archives are compressed already).
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".webmanifest", ".txt")
WORTH = 0.9  # a compressed copy is kept only if it is at most this share of the original
# Brotli's quality for the published site: the best.  It takes about a minute for Python's
# 9.6 MB WebAssembly (quality 9: 2 s, 13 % more bytes), once per build cache.
BROTLI_BEST = 11


def precompress(out: Path, cache: Path, quality: int = BROTLI_BEST,
                skip: Path | None = None) -> None:
    """Write ``name.br`` and ``name.gz`` beside every compressible file of the site.

    Hosts that serve precompressed files (`make site-serve`, nginx's gzip_static/brotli_static,
    Netlify) then send Python's 9.6 MB WebAssembly as 2.7 MB without compressing anything per
    request.  Node's zlib does the work (site/compress.mjs; Brotli needs no Python package); the
    results are kept in the cache by the file's sha256, so a build compresses only what changed.
    ``quality``: Brotli's (the cache keeps each quality apart); ``skip``: a folder already done.
    """
    folder = cache / "compressed"
    folder.mkdir(parents=True, exist_ok=True)
    files = [p for p in sorted(out.rglob("*")) if p.is_file() and p.suffix in COMPRESSIBLE
             and not (skip and p.is_relative_to(skip))]
    digests = {p: sha256(p) for p in files}
    keys = {p: f"{d}.q{quality}" for p, d in digests.items()}
    jobs = [[str(p), str(folder / k)] for p, k in keys.items()
            if not (folder / f"{k}.br").exists() or not (folder / f"{k}.gz").exists()]
    if jobs:
        run(["node", str(SITE_DIR / "compress.mjs"), str(quality), json.dumps(jobs)])
    for path, key in keys.items():
        size = path.stat().st_size
        for suffix in (".br", ".gz"):
            packed = folder / f"{key}{suffix}"
            if packed.stat().st_size <= WORTH * size:
                shutil.copyfile(packed, path.with_name(path.name + suffix))


def settle_modes(out: Path) -> None:
    """Folders 755 and files 644: readable by the web server, writable by their owner only
    (files copied out of Pyodide's build came out world-writable)."""
    for path in [out, *out.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)


# --- the build -----------------------------------------------------------------------------------

def bundle(node_modules: Path, cache: Path) -> dict[str, Path]:
    """The page's scripts and styles (:data:`ENTRIES`), bundled and minified by esbuild;
    returns output name → file (``boot.js``, ``main.js``, ``main.css``, ``kernel.worker.js``).

    The sources are copied beside ``node_modules`` so that their imports resolve there; the
    kernel worker takes site/src/more_modules.py in as text.
    """
    sources = node_modules.parent / "src"
    if sources.exists():
        shutil.rmtree(sources)
    shutil.copytree(SITE_DIR / "src", sources)
    shutil.copyfile(MEMORY_JS, sources / MEMORY_JS.name)  # one file for both editions
    outdir = cache / "bundle"
    if outdir.exists():
        shutil.rmtree(outdir)
    esbuild = node_modules / ".bin" / "esbuild"
    run([str(esbuild), *(str(sources / e) for e in ENTRIES), "--bundle", "--format=esm",
         "--minify", "--target=es2020", "--loader:.css=css", "--loader:.py=text",
         # the package's own file-browser drive, which the course's worker never mounts
         "--external:@jupyterlite/services/*", "--log-level=warning",
         "--entry-names=[name]", f"--outdir={outdir}"], cwd=node_modules.parent)
    return {p.name: p for p in sorted(outdir.iterdir())}


def python_files(node_modules: Path, wheels: list[Path], cache: Path, repo: Path,
                 whole: bool) -> tuple[list[Path], Path, dict[str, bytes]]:
    """The wheels and standard library the browser gets first, compiled, and the modules left
    for later (member name → bytes; empty when ``whole`` or nothing was measured)."""
    kernel_pypi = node_modules / "@jupyterlite" / "pyodide-kernel" / "pypi"
    ours = kamplib_wheel(cache / "kamplib", repo)
    sources = [*wheels, next(kernel_pypi.glob(f"{KERNEL_WHEEL}-*.whl")), ours]
    archives = [(w, SITE_PACKAGES) for w in sources]
    archives.append((node_modules / "pyodide" / STDLIB, STDLIB_PATH))
    folder = cache / "python"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    imported = None if whole else site_payload.measured()
    keep = site_payload.keeper(imported) if imported is not None else None
    more: dict[str, bytes] = {}
    shipped = []
    for made in compiled(node_modules, archives, cache):
        target = folder / made.name
        if keep is None or made.name.startswith("kamplib-"):
            shutil.copyfile(made, target)  # kamplib whole: every page imports from it
        elif not site_payload.split(made, target, keep, more):
            target.unlink()  # none of its modules is imported: all of them wait in the rest
            continue
        shipped.append(target)
    return [p for p in shipped if p.name != STDLIB], folder / STDLIB, more


def sizes(site: Path, path: str) -> dict[str, Any]:
    """A file's bytes as stored and as each precompressed copy sends it (for the progress)."""
    file = site / path
    entry: dict[str, Any] = {"url": path, "size": file.stat().st_size}
    for suffix, key in ((".br", "br"), (".gz", "gz")):
        packed = file.with_name(file.name + suffix)
        if packed.exists():
            entry[key] = packed.stat().st_size
    return entry


def build(out: Path = OUT, manifest: Manifest | None = None, cache: Path = CACHE,
          repo: Path = REPO, whole: bool = False, brotli: int = BROTLI_BEST) -> dict[str, Any]:
    """Build the site into ``out`` (replaced); return a summary of what it holds.

    ``manifest`` is the site's by default (tests add pages of their own to it).  With
    ``whole``, every module goes into the first download (to measure what the pages import).
    ``brotli``: the precompressed files' quality (tests take a quick one, see precompress).
    """
    manifest = manifest or site_manifest()
    texts = page_texts()
    node_modules = npm_modules(cache)
    check_shipped(node_modules)
    wheels = browser_wheels(cache)

    if out.exists():
        shutil.rmtree(out)
    static = out / "static"
    static.mkdir(parents=True)
    pyodide = node_modules / "pyodide"
    runtime = place(static, {name: pyodide / name for name in PYODIDE_FILES})
    shipped, stdlib, more = python_files(node_modules, wheels, cache, repo, whole)
    stdlib_at = place(static, {STDLIB: stdlib}) + STDLIB
    npm_lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    lock = pyodide_lock(shipped, npm_lock)
    for entry in lock["packages"].values():  # relative to static/, the lock's packageBaseUrl
        wheel = next(w for w in shipped if w.name == entry["file_name"])
        entry["file_name"] = place(static, {wheel.name: wheel}).removeprefix("static/") + \
            wheel.name
    lock_at = place(static, {"pyodide-lock.json": (json.dumps(lock, indent=1) + "\n").encode()})
    more_at = None
    if more:
        archive = cache / "python_more.zip"
        names = site_payload.write_more(more, archive)
        more_at = place(static, {"python_more.zip": archive,
                                 "python_more.json": json.dumps(names).encode()})
    scripts = place(static, dict(bundle(node_modules, cache)))
    icon_at = icons(static, cache)
    precompress(static, cache, brotli)

    first = [scripts + "main.js", scripts + "kernel.worker.js",
             *(runtime + name for name in PYODIDE_FILES), stdlib_at, lock_at + "pyodide-lock.json",
             *("static/" + e["file_name"] for e in lock["packages"].values())]
    if more_at:
        first.append(more_at + "python_more.json")
    config = json.dumps({
        "main": scripts + "main.js",
        "worker": scripts + "kernel.worker.js",
        "pyodide": runtime + "pyodide.mjs",
        "stdlib": stdlib_at,
        "lock": lock_at + "pyodide-lock.json",
        "packages": sorted(lock["packages"]),
        "games": {"worker": scripts + "games.worker.js",
                  "wheel": "static/" + lock["packages"]["kamplib"]["file_name"]},
        "more": more_at and {"archive": more_at + "python_more.zip",
                             "names": more_at + "python_more.json"},
        "core": [sizes(out, path) for path in first],
        "langs": list(LANGS),
        "texts": texts,
    }, ensure_ascii=False)
    assets = {**{name: scripts + name for name in ("boot.js", "main.css")},
              **{name: icon_at + name for name in ("icon.svg", "apple-touch-icon.png")}}
    site = Site(manifest, repo, assets, config, texts[LANGS[0]]["noscript"],
                texts[LANGS[0]]["downloading"], texts[LANGS[0]]["teachers"], set())
    pages = {page_url(notebook): site.render(notebook) for notebook in manifest.pages}
    pages[page_url(TEACHERS)] = site.render_teachers()
    (out / "manifest.webmanifest").write_text(web_manifest(icon_at), encoding="utf-8")
    build_id = content_id({**{k: v.encode() for k, v in pages.items()},
                           **{p.name: b"" for p in static.iterdir()},
                           **{name: (repo / name).read_bytes() for name in site.copies},
                           "manifest.webmanifest": (out / "manifest.webmanifest").read_bytes(),
                           "sw.js": (SITE_DIR / "src" / "sw.js").read_bytes()})
    for url, made in pages.items():
        target = out / url
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(made.replace(BUILD_PLACEHOLDER, build_id), encoding="utf-8")
    for name in sorted(site.copies):
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(repo / name, out / name)
    service_worker(out, build_id)
    precompress(out, cache, brotli, skip=static)
    settle_modes(out)
    return {
        "build": build_id,
        "pages": [page_url(p) for p in manifest.pages],
        "wheels": sorted(lock["packages"]),
        "first_download": sum(e.get("br", e["size"]) for e in json.loads(config)["core"]),
        "more_modules": len(json.loads((out / more_at / "python_more.json").read_text()))
        if more_at else 0,
        "bytes": sum(p.stat().st_size for p in out.rglob("*")
                     if p.is_file() and p.suffix not in (".br", ".gz")),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the site folder (replaced)")
    parser.add_argument("--cache", type=Path, default=CACHE, help="downloads kept between builds")
    parser.add_argument("--whole", action="store_true",
                        help="every module in the first download (to measure what pages import)")
    args = parser.parse_args(argv)
    try:
        summary = build(args.out.resolve(), cache=args.cache.resolve(), whole=args.whole)
    except BuildError as err:
        print(f"build_site: {err}", file=sys.stderr)
        return 1
    print(f"build_site: {len(summary['pages'])} pages, {len(summary['wheels'])} wheels, "
          f"{summary['bytes'] / 1e6:.1f} MB in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
