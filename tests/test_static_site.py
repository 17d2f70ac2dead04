"""The browser edition's build (`make site`, scripts/build_site.py), checked without a browser.

The sample site of `tests/site/` is built once per session (static_site_support.built); the browser
tests in test_static_site_browser.py open the same build.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from app_support import LAUNCHER
from static_site_support import BUILDER, REPO, built, published

SITE = REPO / "site"


@pytest.fixture(scope="module")
def sample() -> Path:
    return built()[0]


def runtime(site: Path) -> Path:
    (folder,) = (site / "static").glob("pyodide-*")
    return folder


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


# --- what gets published -----------------------------------------------------------------------

def write_notebook(path: Path, heading: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": [{"cell_type": "markdown", "metadata": {},
                                           "source": [f"# {heading}"]}],
                                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))


def test_manifest_takes_globs_in_name_order_after_the_front_page(tmp_path: Path) -> None:
    for name in ("tutorial/00-a.ipynb", "tutorial/02-c.ipynb", "tutorial/01-b.ipynb",
                 "chapters/sekskamp.ipynb"):
        write_notebook(tmp_path / name, name)
    manifest = tmp_path / "pages.toml"
    manifest.write_text('pages = ["tutorial/00-a.ipynb", "tutorial/*.ipynb", '
                        '"chapters/*.ipynb"]\napp_url = "https://kurs.example.org/"\n')
    read = BUILDER.read_manifest(manifest, tmp_path)
    assert read.pages == ("tutorial/00-a.ipynb", "tutorial/01-b.ipynb", "tutorial/02-c.ipynb",
                          "chapters/sekskamp.ipynb")
    assert read.app_url == "https://kurs.example.org"
    assert BUILDER.page_url("chapters/sekskamp.ipynb") == "chapters/sekskamp.html"


def test_manifest_entry_that_matches_nothing_stops_the_build(tmp_path: Path) -> None:
    manifest = tmp_path / "pages.toml"
    manifest.write_text('pages = ["tutorial/99-*.ipynb"]\n')
    with pytest.raises(BUILDER.BuildError, match="no notebook matches 'tutorial/99-"):
        BUILDER.read_manifest(manifest, tmp_path)


def test_the_published_manifest_starts_at_the_apps_front_door(sample: Path) -> None:
    pages = published()
    assert pages[0] == LAUNCHER.WELCOME  # the page `make app` opens first
    for page in pages:  # each one a page that runs, not a note that it is elsewhere
        html = (sample / page).with_suffix(".html").read_text(encoding="utf-8")
        assert 'class="kamp-md kamp-elsewhere"' not in html, page


# --- pages: narrative and places for outputs, never code -----------------------------------------

def test_index_html_opens_the_front_page(sample: Path) -> None:
    door = (sample / "index.html").read_text(encoding="utf-8")
    assert '<meta http-equiv="refresh" content="0; url=tests/site/00-forside.html">' in door
    assert "tests/site/00-forside.html" in [u for _, u in visible(sample / "index.html").urls]


def test_every_notebook_left_out_has_a_page_saying_so(sample: Path) -> None:
    published_pages = set(BUILDER.read_manifest(sample.parent / "pages.toml").pages)
    for notebook in BUILDER.all_notebooks():
        html = (sample / notebook).with_suffix(".html").read_text(encoding="utf-8")
        assert ('class="kamp-md kamp-elsewhere"' in html) == (notebook not in published_pages)
    assert not any(n.startswith(("tests/", "build/")) for n in BUILDER.all_notebooks())


def test_front_page_shows_the_narrative_and_no_code(sample: Path) -> None:
    front = visible(sample / "tests" / "site" / "00-forside.html")
    text = "".join(front.text)
    assert "Prøveside for nettleserutgaven" in text
    for code in ("rounds_overview_html", "import", "make_rules("):
        assert code not in text, f"code {code!r} is visible on the front page"
    cells = re.search(r'<script type="application/json" class="kamp-cells">(.*?)</script>',
                      (sample / "tests/site/00-forside.html").read_text(encoding="utf-8"), re.S)
    assert cells and "rounds_overview_html" in json.loads(cells[1])[1]


def test_links_lead_to_pages_of_the_site_never_to_a_notebook(sample: Path) -> None:
    front = visible(sample / "tests" / "site" / "00-forside.html")
    hrefs = [url for tag, url in front.urls if tag == "a"]
    assert "01-spill.html" in hrefs
    assert "../../notebooks/taktikk.html" in hrefs
    assert "../../tutorial/00-velkommen.html" in hrefs
    for page in sample.rglob("*.html"):
        for _, url in visible(page).urls:
            assert ".ipynb" not in url, f"{page.name} links to a notebook: {url}"
    failing = visible(sample / "tests" / "site" / "02-feil.html")
    assert "03-adresse.html?lang=en&queen_points=5" in [u for t, u in failing.urls if t == "a"]


def test_pages_name_no_other_host(sample: Path) -> None:
    for page in sample.rglob("*.html"):
        for tag, url in visible(page).urls:
            if tag != "a":
                assert not re.match(r"(https?:)?//", url), f"{page.name} loads {url}"
        if page.name != "index.html":  # index.html only sends the browser to the front page
            assert config_of(page)["pyodide"].startswith("static/")


def test_unpublished_notebook_gets_a_page_saying_where_to_find_it(sample: Path) -> None:
    texts = config_of(sample / "tests/site/00-forside.html")["texts"]
    page = "".join(visible(sample / "notebooks" / "taktikk.html").text)
    assert BUILDER.title_of(json.loads((REPO / "notebooks" / "taktikk.ipynb").read_text()),
                            Path("taktikk.ipynb")) in page
    assert texts["elsewhere"] in page and "make app" in page
    with_app = BUILDER.Site(BUILDER.Manifest(("tests/site/00-forside.ipynb",),
                                             "https://kurs.example.org"),
                            texts, REPO, {"kamp-site.js": "a.js", "kamp-site.css": "a.css"},
                            "{}", set(), set())
    html = with_app.render_elsewhere("notebooks/taktikk.ipynb")
    assert 'href="https://kurs.example.org/voila/render/notebooks/taktikk.ipynb"' in html
    assert texts["elsewhere_link"] in html


def test_a_failing_cell_says_what_the_app_says() -> None:
    assert BUILDER._app_sentence() == LAUNCHER.CELL_ERROR_NB


# --- the browser's Python: exactly the shipped wheels ----------------------------------------

def test_pyodide_lock_lists_exactly_the_shipped_wheels_with_their_hashes(sample: Path) -> None:
    folder = runtime(sample)
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    wheels = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.glob("*.whl")}
    assert {e["file_name"]: e["sha256"] for e in lock["packages"].values()} == wheels
    for entry in lock["packages"].values():
        assert set(entry["depends"]) <= set(lock["packages"]), entry["name"]
    assert lock["packages"]["kamplib"]["imports"] == ["kamplib"]
    for needed in ("ipywidgets", "comm", "ipython", "pyodide-kernel", "ipykernel", "piplite"):
        assert needed in lock["packages"]
    assert not {"pandas", "numpy", "matplotlib"} & set(lock["packages"])
    # every page loads all of them at start, so no learner ever needs a %pip cell
    assert config_of(sample / "tests/site/00-forside.html")["packages"] == sorted(lock["packages"])


def test_shipped_python_is_compiled_for_the_browser(sample: Path) -> None:
    """Modules arrive as CPython 3.14 bytecode (made by Pyodide at build time), tests left out."""
    folder = runtime(sample)
    archives = [*folder.glob("*.whl"), folder / "python_stdlib.zip"]
    magics = set()
    for archive in archives:
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
    with zipfile.ZipFile(next(folder.glob("kamplib-*.whl"))) as zipped:
        assert "kamplib/cards.pyc" in zipped.namelist()
        assert "kamplib/cards.py" not in zipped.namelist()


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
    lines = [line for line in (SITE / "browser-requirements.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert lines
    for line in lines:
        assert re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][^ ]* --hash=sha256:[0-9a-f]{64}", line), line


def test_every_npm_package_is_pinned_and_comes_from_the_registry() -> None:
    lock = json.loads((SITE / "package-lock.json").read_text())
    wanted = json.loads((SITE / "package.json").read_text())["dependencies"]
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
