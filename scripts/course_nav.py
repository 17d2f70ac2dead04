#!/usr/bin/env python3
"""Write the head and the navigation of every page of the site, and the site map, from the pages.

The site is the front page (``index.ipynb``) and the numbered notebooks ``NN-slug.ipynb`` of its
folders, in this order: the Femkamp course (``tutorial/``), the Sekskamp and Sjukamp chapters,
the explorations (``notebooks/``).  Every page gets

- a first code cell tagged ``kamp-top`` that opens the page (reads the learner's choices from the
  URL and shows the way back to the front page), and
- a last code cell tagged ``course-nav`` that shows previous / front page / next and the pages of
  its part of the site, with links that carry the choices;

and ``kamplib/site/map.py`` lists every page with its title, the first ``# heading`` of the
notebook (bokmål) and ``metadata.kamp.title_en`` (English).  Running the script again changes
nothing; ``--check`` writes nothing and fails when anything is out of date.

    python scripts/course_nav.py            # update the pages and the site map
    python scripts/course_nav.py --check    # for tests and CI
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

TOP, NAV = "kamp-top", "course-nav"
NAME = re.compile(r"^(\d\d)-[a-z0-9-]+\.ipynb$")
ROOT = Path(__file__).resolve().parent.parent
FRONT = "index.ipynb"
# The parts of the site in reading order (the section is the folder's name).
FOLDERS = ("tutorial", "sekskamp", "sjukamp", "notebooks")
SITE_MAP = Path("kamplib/site/map.py")


def site_pages(root: Path = ROOT) -> list[str]:
    """Every page of the site, relative to ``root``, in reading order."""
    pages = [FRONT] if (root / FRONT).is_file() else []
    for folder in FOLDERS:
        pages += sorted(f"{folder}/{p.name}" for p in (root / folder).glob("*.ipynb")
                        if NAME.match(p.name))
    return pages


def title_of(nb: dict[str, Any], path: str | Path) -> str:
    """The text of the notebook's first ``# heading`` (the file name when there is none)."""
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return Path(path).stem


def _tagged(cell: dict, tag: str) -> bool:
    return tag in cell.get("metadata", {}).get("tags", [])


def _code(tag: str, source: str, cell_id: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "id": cell_id,
            "metadata": {"tags": [tag]}, "outputs": [],
            "source": source.splitlines(keepends=True)}


def top_source(path: str) -> str:
    return ("from kamplib.widgets.site import SiteHead\n"
            f"page = SiteHead({path!r})\n"
            "page")


def nav_source() -> str:
    return "from kamplib.widgets.site import SiteNav\nSiteNav(page)"


def _dump(nb: dict) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def _slug(path: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", Path(path).stem)[:40]


def map_source(rows: list[tuple[str, str, str, str]]) -> str:
    lines = ['"""Every page of the site in reading order: notebook, part of the site, title '
             '(bokmål, English).',
             "",
             "Written by scripts/course_nav.py from the notebooks; do not edit by hand.",
             '"""', "", "PAGES: tuple[tuple[str, str, str, str], ...] = ("]
    for row in rows:
        values = [f"        {json.dumps(v, ensure_ascii=False)}," for v in row]
        lines += ["    (", *values, "    ),"]
    lines.append(")")
    return "\n".join(lines) + "\n"


def updated(root: Path = ROOT) -> dict[Path, str]:
    """Each file's text with fresh heads, navigation and site map, for the files that change."""
    pages = site_pages(root)
    out: dict[Path, str] = {}
    rows = []
    for path in pages:
        file = root / path
        before = file.read_text(encoding="utf-8")
        nb = json.loads(before)
        title = title_of(nb, path)
        title_en = nb.get("metadata", {}).get("kamp", {}).get("title_en", title)
        section = path.split("/")[0] if "/" in path else "front"
        rows.append((path, section, title, title_en))
        cells = [c for c in nb["cells"] if not (_tagged(c, TOP) or _tagged(c, NAV))]
        nb["cells"] = [_code(TOP, top_source(path), f"top-{_slug(path)}"), *cells,
                       _code(NAV, nav_source(), f"nav-{_slug(path)}")]
        text = _dump(nb)
        if text != before:
            out[file] = text
    site_map = root / SITE_MAP
    text = map_source(rows)
    if not site_map.is_file() or site_map.read_text(encoding="utf-8") != text:
        out[site_map] = text
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", type=Path, default=ROOT,
                        help="the repository (default: this one)")
    parser.add_argument("--check", action="store_true", help="write nothing; fail if stale")
    args = parser.parse_args(argv)
    if not (args.root / "tutorial").is_dir():
        print(f"course_nav: {args.root} has no tutorial/ folder", file=sys.stderr)
        return 2
    stale = updated(args.root)
    if args.check:
        for path in stale:
            print(f"course_nav: out of date: {path.relative_to(args.root)}", file=sys.stderr)
        return 1 if stale else 0
    for path, text in stale.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"course_nav: updated {path.relative_to(args.root)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
