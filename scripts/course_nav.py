#!/usr/bin/env python3
"""Write the navigation cell at the end of every tutorial notebook, so links never go stale.

Every notebook ``tutorial/NN-slug.ipynb`` ends with one markdown cell tagged ``course-nav``: links
to the previous and the next step and the list of all steps, titled from each notebook's first
heading.  Running the script again changes nothing (it only writes a notebook whose navigation
differs).  ``--check`` writes nothing and fails when a notebook is out of date.

    python scripts/course_nav.py            # update tutorial/
    python scripts/course_nav.py --check    # for tests and CI
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

TAG = "course-nav"
NAME = re.compile(r"^(\d\d)-[a-z0-9-]+\.ipynb$")
DEFAULT_DIR = Path(__file__).resolve().parent.parent / "tutorial"


def course_notebooks(folder: Path) -> list[Path]:
    """The numbered notebooks of the course, in order."""
    return sorted(p for p in folder.glob("*.ipynb") if NAME.match(p.name))


def title_of(nb: dict, path: Path) -> str:
    """The text of the notebook's first ``# heading`` (the file name when there is none)."""
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return path.stem


def nav_source(titles: list[tuple[str, str]], index: int) -> str:
    """The markdown of the navigation cell for notebook ``index`` among ``(file, title)`` pairs."""
    links = []
    if index > 0:
        file, title = titles[index - 1]
        links.append(f"⬅️ Forrige: [{title}]({file})")
    if index + 1 < len(titles):
        file, title = titles[index + 1]
        links.append(f"Neste: [{title}]({file}) ➡️")
    contents = "\n".join(
        f"{i}. **{title}** (du er her)" if i - 1 == index else f"{i}. [{title}]({file})"
        for i, (file, title) in enumerate(titles, 1))
    return ("---\n\n" + " · ".join(links) + "\n\n**Hele kurset**\n\n" + contents
            + "\n\n<!-- Laget av scripts/course_nav.py: endringer her blir skrevet over. -->")


def _is_nav(cell: dict) -> bool:
    return TAG in cell.get("metadata", {}).get("tags", [])


def _dump(nb: dict) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def updated(folder: Path = DEFAULT_DIR) -> dict[Path, str]:
    """Each notebook's text with fresh navigation, for the notebooks whose text would change."""
    paths = course_notebooks(folder)
    books = [json.loads(p.read_text(encoding="utf-8")) for p in paths]
    titles = [(p.name, title_of(nb, p)) for p, nb in zip(paths, books, strict=True)]
    out = {}
    for i, (path, nb) in enumerate(zip(paths, books, strict=True)):
        before = path.read_text(encoding="utf-8")
        nb["cells"] = [c for c in nb["cells"] if not _is_nav(c)]
        nb["cells"].append({
            "cell_type": "markdown",
            "id": f"nav-{path.stem[:2]}",
            "metadata": {"tags": [TAG]},
            "source": nav_source(titles, i).splitlines(keepends=True),
        })
        text = _dump(nb)
        if text != before:
            out[path] = text
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_DIR)
    parser.add_argument("--check", action="store_true", help="write nothing; fail if stale")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"course_nav: {args.folder} is not a folder", file=sys.stderr)
        return 2
    stale = updated(args.folder)
    if args.check:
        for path in stale:
            print(f"course_nav: navigation out of date in {path.name}", file=sys.stderr)
        return 1 if stale else 0
    for path, text in stale.items():
        path.write_text(text, encoding="utf-8")
        print(f"course_nav: updated {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
