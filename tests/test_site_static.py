"""The browser edition's build (`make site`, scripts/build_site.py), checked without a browser.

The site is built once per run (the ``built_site`` fixture, tests/conftest.py); the browser tests
in test_site_static_browser.py open the same build.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from app_support import LAUNCHER
from static_site_support import BUILDER, REPO

import kamplib.site.browser  # noqa: F401  (registers the browser edition's words)
from kamplib.i18n import LANGS, t
from kamplib.site.pages import FRONT, SITE

SITE_DIR = REPO / "site"
SITE_PAYLOAD = sys.modules["site_payload"]  # imported by the builder from scripts/


@pytest.fixture(scope="module")
def sample(built_site: tuple[Path, dict]) -> Path:
    return built_site[0]


def config_of(page: Path) -> dict:
    text = page.read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="kamp-config">(.*?)</script>', text,
                      re.S)
    assert found, f"{page.name} carries no site configuration"
    return json.loads(found[1].replace("<\\/", "</"))


class Visible(HTMLParser):
    """The text of a page outside <script>, and every link and resource it names."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.urls: list[tuple[str, str]] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in_script = tag == "script"
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.urls.append((tag, value))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if not self._in_script:
            self.text.append(data)


def visible(page: Path) -> Visible:
    parser = Visible()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


# --- what to publish: every page of the site ----------------------------------------------------

def test_the_pages_are_the_sites_in_its_order_every_one_of_them() -> None:
    made = BUILDER.site_manifest()
    assert made.pages[0] == FRONT == LAUNCHER.WELCOME  # the page `make app` opens first
    # every step of the course, both chapters, and the explorations that play hundreds of
    # games (in a worker of their own) run in the browser
    assert list(made.pages) == [p.path for p in SITE]


def test_the_explorations_games_worker_is_built_with_kamplibs_wheel(sample: Path) -> None:
    config = config_of(sample / "notebooks" / "00-husregler-under-lupen.html")
    assert (sample / config["games"]["worker"]).is_file()
    wheel = sample / config["games"]["wheel"]
    assert wheel.name.startswith("kamplib-") and wheel.suffix == ".whl" and wheel.is_file()
    lock = json.loads((sample / config["lock"]).read_text())
    assert "static/" + lock["packages"]["kamplib"]["file_name"] == config["games"]["wheel"]


def test_every_page_of_the_site_has_its_page_beside_its_notebook(sample: Path) -> None:
    made = BUILDER.site_manifest()
    for notebook in made.pages:
        assert (sample / notebook).with_suffix(".html").is_file(), notebook
    assert BUILDER.page_url("sekskamp/01-seksere-og-sjuere.ipynb") == \
        "sekskamp/01-seksere-og-sjuere.html"


# --- pages: narrative and places for outputs, never code -----------------------------------------

def cells_of(page: Path) -> list[str]:
    found = re.search(r'<script type="application/json" class="kamp-cells">(.*?)</script>',
                      page.read_text(encoding="utf-8"), re.S)
    assert found, f"{page.name} carries no cells"
    return list(json.loads(found[1].replace("<\\/", "</")))


def code_of(notebook: str) -> list[str]:
    cells = json.loads((REPO / notebook).read_text(encoding="utf-8"))["cells"]
    return [code for cell in cells
            if cell["cell_type"] == "code" and (code := "".join(cell["source"])).strip()]


def test_index_html_is_the_front_page_itself(sample: Path) -> None:
    front = (sample / "index.html").read_text(encoding="utf-8")
    assert cells_of(sample / "index.html") == code_of(FRONT)
    assert 'http-equiv="refresh"' not in front  # the page itself, not a redirect to it
    title = re.search(r"<title>(.*?)</title>", front)
    assert title and html.unescape(title[1]) == SITE[0].title("nb")


def test_a_page_shows_its_narrative_and_no_code(sample: Path) -> None:
    notebook = "tutorial/02-pass.ipynb"
    page = sample / "tutorial" / "02-pass.html"
    text = "".join(visible(page).text)
    cells = json.loads((REPO / notebook).read_text(encoding="utf-8"))["cells"]
    first_markdown = next("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert first_markdown.splitlines()[0].lstrip("# ").strip() in text
    for code in ("SiteHead(", "import", "PlayHand("):
        assert code not in text, f"code {code!r} is visible on {notebook}"
    assert cells_of(page) == code_of(notebook)
    assert any("PlayHand(" in cell for cell in cells_of(page))
    assert len(re.findall(r'data-kamp-cell="\d+"', page.read_text(encoding="utf-8"))) == \
        len(cells_of(page))


def test_links_lead_to_pages_of_the_site_never_to_a_notebook(sample: Path) -> None:
    for page in sample.rglob("*.html"):
        for _, url in visible(page).urls:
            assert ".ipynb" not in url, f"{page.name} links to a notebook: {url}"
    site = BUILDER.Site(BUILDER.site_manifest(), REPO, {"boot.js": "b.js", "main.css": "a.css"},
                        "{}", "", "", "", set())
    assert site.link("03-klover.ipynb?lang=en#slutt", "tutorial/02-pass.ipynb") == \
        "03-klover.html?lang=en#slutt"
    assert site.link("../sekskamp/00-sekskamp.ipynb", "tutorial/09-husregler.ipynb") == \
        "../sekskamp/00-sekskamp.html"
    assert site.link("../notebooks/01-taktikk.ipynb", "tutorial/09-husregler.ipynb") == \
        "../notebooks/01-taktikk.html"
    assert site.link("https://example.org/x.ipynb", FRONT) == "https://example.org/x.ipynb"
    with pytest.raises(BUILDER.BuildError, match=r"tutorial/02-pass\.ipynb links to "
                                                 r"tutorial/99-mangler\.ipynb, which is not"):
        site.link("99-mangler.ipynb", "tutorial/02-pass.ipynb")


def test_pages_name_no_other_host(sample: Path) -> None:
    for page in sample.rglob("*.html"):
        for tag, url in visible(page).urls:
            if tag != "a":
                assert not re.match(r"(https?:)?//", url), f"{page.name} loads {url}"
        assert config_of(page)["pyodide"].startswith("static/")


def test_the_page_script_speaks_the_catalogues_words_in_every_language(sample: Path) -> None:
    config = config_of(sample / "index.html")
    assert config["langs"] == list(LANGS)
    for lang in LANGS:
        words = config["texts"][lang]
        assert words["starting"] == t("browser_starting", lang)
        assert words["failed"] == t("browser_failed", lang)
        assert words["running"] == t("app_loading", lang)  # the app's words for the same moment
        assert words["cell_error"] == LAUNCHER.CELL_ERROR_NB
    noscript = re.search(r'<noscript><p class="kamp-noscript">(.*?)</p></noscript>',
                         (sample / "index.html").read_text(encoding="utf-8"))
    assert noscript and html.unescape(noscript[1]) == t("app_noscript", "nb")


# --- the browser's Python: exactly the shipped wheels ----------------------------------------

def lock_of(site: Path) -> dict:
    return json.loads((site / config_of(site / "index.html")["lock"]).read_text())


def test_pyodide_lock_lists_exactly_the_shipped_wheels_with_their_hashes(sample: Path) -> None:
    lock = lock_of(sample)
    static = sample / "static"
    wheels = {p.relative_to(static).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
              for p in static.rglob("*.whl")}
    assert {e["file_name"]: e["sha256"] for e in lock["packages"].values()} == wheels
    for entry in lock["packages"].values():
        assert set(entry["depends"]) <= set(lock["packages"]), entry["name"]
    assert lock["packages"]["kamplib"]["imports"] == ["kamplib"]
    for needed in ("ipywidgets", "comm", "ipython", "pyodide-kernel"):
        assert needed in lock["packages"]
    # completions, %pip and pandas: nothing a page asks for
    assert not {"jedi", "parso", "micropip", "piplite", "pandas", "numpy", "matplotlib"} & \
        set(lock["packages"])
    # every page loads all of them at start, so no learner ever needs a %pip cell
    assert config_of(sample / "index.html")["packages"] == sorted(lock["packages"])


def shipped_archives(site: Path) -> list[Path]:
    config = config_of(site / "index.html")
    more = [site / config["more"]["archive"]] if config["more"] else []
    return [*(site / "static").rglob("*.whl"), site / config["stdlib"], *more]


def test_shipped_python_is_compiled_for_the_browser(sample: Path) -> None:
    """Modules arrive as CPython 3.14 bytecode (made by Pyodide at build time), tests left out."""
    magics = set()
    for archive in shipped_archives(sample):
        with zipfile.ZipFile(archive) as zipped:
            names = zipped.namelist()
            pycs = [n for n in names if n.endswith(".pyc")]
            assert pycs, archive.name
            for name in pycs[:50]:
                head = zipped.read(name)[:8]
                magics.add(head[:4])
                assert int.from_bytes(head[4:8], "little") == 1, (archive.name, name)  # unchecked
            assert not [n for n in names if "/tests/" in n], archive.name
            records = [n for n in names if n.endswith(".dist-info/RECORD")]
            if records:
                listed = {line.split(",")[0]
                          for line in zipped.read(records[0]).decode().splitlines()}
                assert listed == set(names), archive.name
    assert len(magics) == 1  # one Python's bytecode throughout
    with zipfile.ZipFile(next((sample / "static").rglob("kamplib-*.whl"))) as zipped:
        assert "kamplib/cards.pyc" in zipped.namelist()
        assert "kamplib/cards.py" not in zipped.namelist()


def test_the_first_download_holds_what_the_pages_import_and_the_rest_waits(
        sample: Path) -> None:
    """site/python-imports.txt (measured by benchmarks/site_imports.py) picks the first download;
    every other module is in the archive the kernel fetches only when asked, none in both."""
    config = config_of(sample / "index.html")
    imported = SITE_PAYLOAD.measured()
    assert imported and {"IPython", "ipywidgets", "traitlets", "json", "asyncio"} <= imported
    first: set[str] = set()
    for archive in shipped_archives(sample)[:-1]:
        with zipfile.ZipFile(archive) as zipped:
            first |= {m for m in map(SITE_PAYLOAD.module_of, zipped.namelist()) if m}
    keep = SITE_PAYLOAD.keeper(imported)
    # all of kamplib comes first whether a page imports a module of it or not (the games worker's
    # imports name some of them in site/python-imports.txt)
    outside = {m for m in first if not m.startswith("kamplib")}
    assert outside == {m for m in first if keep(m) and not m.startswith("kamplib")}
    more = json.loads((sample / config["more"]["names"]).read_text())
    with zipfile.ZipFile(sample / config["more"]["archive"]) as zipped:
        assert sorted({m for m in map(SITE_PAYLOAD.module_of, zipped.namelist()) if m}) == more
    assert not first & set(more)
    assert {"doctest", "xmlrpc.client", "pygments.lexers.rust", "six"} <= set(more)
    assert "encodings.cp1252" in first  # codecs are found by name: all of them come first
    # a wheel none of whose modules a page imports is not in the first download at all
    assert "six" not in lock_of(sample)["packages"]
    # the page script counts the first download for its figure, as each encoding sends it
    for entry in config["core"]:
        file = sample / entry["url"]
        assert entry["size"] == file.stat().st_size, entry["url"]
        for key, suffix in (("br", ".br"), ("gz", ".gz")):
            packed = file.with_name(file.name + suffix)
            assert entry.get(key) == (packed.stat().st_size if packed.exists() else None)
    wheels = {entry["file_name"] for entry in lock_of(sample)["packages"].values()}
    assert {"static/" + w for w in wheels} <= {entry["url"] for entry in config["core"]}
    assert sum(entry.get("br", entry["size"]) for entry in config["core"]) < 10e6


def test_kamplib_wheel_is_reproducible_and_holds_every_module(tmp_path: Path) -> None:
    first = BUILDER.kamplib_wheel(tmp_path / "a")
    second = BUILDER.kamplib_wheel(tmp_path / "b")
    assert first.name == second.name and first.read_bytes() == second.read_bytes()
    assert re.fullmatch(r"kamplib-0\.1\.0\+s[0-9a-f]{8}-py3-none-any\.whl", first.name)
    modules = {p.relative_to(REPO).as_posix() for p in (REPO / "kamplib").rglob("*.py")
               if "__pycache__" not in p.parts}
    with zipfile.ZipFile(first) as archive:
        names = set(archive.namelist())
        record = archive.read(next(n for n in names if n.endswith("/RECORD"))).decode()
    assert modules <= names
    assert all(name in record for name in modules)


def test_kamplib_wheel_imports_on_its_own(tmp_path: Path) -> None:
    wheel = BUILDER.kamplib_wheel(tmp_path)
    code = ("import sys; sys.path.insert(0, sys.argv[1]); "
            "import kamplib, kamplib.draw, kamplib.hints, kamplib.bots; print(kamplib.__file__)")
    # -S: no site-packages, so the repository's editable install cannot answer instead
    where = subprocess.run([sys.executable, "-S", "-c", code, str(wheel)], cwd=tmp_path,
                           capture_output=True, text=True, check=True).stdout
    assert where.strip().startswith(str(wheel))


# --- every download is pinned ------------------------------------------------------------------

def test_every_browser_wheel_is_pinned_by_sha256() -> None:
    lines = [line for line in (SITE_DIR / "browser-requirements.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert lines
    for line in lines:
        assert re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][^ ]* --hash=sha256:[0-9a-f]{64}", line), line


def test_every_npm_package_is_pinned_and_comes_from_the_registry() -> None:
    lock = json.loads((SITE_DIR / "package-lock.json").read_text())
    wanted = json.loads((SITE_DIR / "package.json").read_text())["dependencies"]
    assert lock["packages"][""]["dependencies"] == wanted
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", v) for v in wanted.values()), "pin exact versions"
    for name, entry in lock["packages"].items():
        if name:  # npm leaves out "resolved" for the default registry
            resolved = entry.get("resolved", "https://registry.npmjs.org/")
            assert resolved.startswith("https://registry.npmjs.org/"), name
            assert entry["integrity"].startswith("sha512-"), name


def test_a_shipped_file_that_differs_from_its_pin_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "pyodide.mjs").write_text("changed")
    listing = tmp_path / "pins.sha256"
    listing.write_text(f"{'0' * 64}  pyodide/pyodide.mjs\n")
    with pytest.raises(BUILDER.BuildError, match=r"pyodide/pyodide\.mjs: sha256 [0-9a-f]{64}, "
                                                 r"expected 0000"):
        BUILDER.check_shipped(tmp_path, listing)
    listing.write_text(f"{'0' * 64}  pyodide/missing.wasm\n")
    with pytest.raises(BUILDER.BuildError, match="missing"):
        BUILDER.check_shipped(tmp_path, listing)


# --- what a host sends -------------------------------------------------------------------------

def test_shipped_files_are_readable_by_all_and_writable_by_their_owner_only(
        sample: Path) -> None:
    for path in [sample, *sample.rglob("*")]:
        mode = path.stat().st_mode & 0o777
        assert mode == (0o755 if path.is_dir() else 0o644), (path, oct(mode))


def brotli_decoded(path: Path) -> bytes:
    """A .br file decoded by Node's zlib (Python has no Brotli without another package)."""
    code = ("const z = require('zlib'); const fs = require('fs');"
            "process.stdout.write(z.brotliDecompressSync(fs.readFileSync(process.argv[1])))")
    return subprocess.run(["node", "-e", code, str(path)], capture_output=True,
                          check=True).stdout


def test_text_and_webassembly_come_precompressed_beside_the_originals(sample: Path) -> None:
    import gzip

    packed = {p.with_suffix("") for p in sample.rglob("*.gz")}
    assert packed == {p.with_suffix("") for p in sample.rglob("*.br")}
    wasm = next(sample.rglob("pyodide.asm.wasm"))
    main = sample / config_of(sample / "index.html")["main"]
    for original in (wasm, sample / "index.html", main):
        assert original in packed, original
    for original in packed:
        assert original.suffix in BUILDER.COMPRESSIBLE, original  # zip archives are not
        assert gzip.decompress(original.with_name(original.name + ".gz").read_bytes()) == \
            original.read_bytes()
    for original in (wasm, sample / "index.html"):
        brotli = original.with_name(original.name + ".br")
        assert brotli_decoded(brotli) == original.read_bytes()
        assert brotli.stat().st_size < 0.35 * original.stat().st_size
