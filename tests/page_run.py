"""A course page run in plain Python, as a learner with some choices in the address would see it.

:func:`run_page` executes a notebook's code cells in order with the page's URL parameters (as
Voilà hands them to the kernel: ``QUERY_STRING``), and returns what the learner reads: every
markdown cell, and every code cell's shown value (a widget's texts, an object's HTML) as plain
text.  No Jupyter kernel: the page tests use it to render every page under many house rules.

The games an exploration starts in the background (``MoreGames.start``) are held, not played:
what a page shows when its cells have run is the same either way ("the results are coming"), and
played they went on in threads after the page's test was over, hundreds of games for every run
of an exploration page, and slowed every later test of the same process tenfold
(tests/test_explore.py plays them).
"""

from __future__ import annotations

import ast
import json
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from kamplib.site import background
from kamplib.teach import choices as choices_module

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Shown:
    """One cell as the learner sees it: ``kind`` "markdown" or "output"."""

    index: int
    kind: str
    text: str
    value: Any = None


def plain(markup: str) -> str:
    """HTML as the words a reader sees (tags out, entities decoded, spaces folded)."""
    markup = re.sub(r"<(style|script)[^>]*>.*?</\1>", " ", markup, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def widget_texts(value: Any) -> Iterator[str]:
    """The texts a widget shows, its children's included."""
    import ipywidgets as widgets

    if isinstance(value, (widgets.HTML, widgets.HTMLMath, widgets.Label)):
        yield plain(str(value.value))
    elif isinstance(value, widgets.Button):
        yield value.description
    for child in getattr(value, "children", ()) or ():
        yield from widget_texts(child)


def shown_text(value: Any) -> str:
    """What a cell's value shows on the page."""
    import ipywidgets as widgets

    if value is None:
        return ""
    if isinstance(value, widgets.Widget):
        return " ".join(t for t in widget_texts(value) if t)
    html = getattr(value, "_repr_html_", None)
    if callable(html):
        return plain(html() or "")
    return plain(str(value))


@dataclass(frozen=True)
class PageRun:
    """A page as it ran: what each cell shows, and the names its cells made (``names["game"]``)."""

    cells: list[Shown]
    names: dict[str, Any]

    def text(self) -> str:
        """Everything the page shows, one cell a line."""
        return "\n".join(c.text for c in self.cells)


class HeldJobs:
    """A runner of background jobs that keeps them and runs none (see the module's note)."""

    def __init__(self) -> None:
        self.held: list[str] = []

    def submit(self, name: str, args: Any, kwargs: Any, done: Any, failed: Any) -> None:
        self.held.append(name)

    def close(self) -> None:
        self.held.clear()


def run_page(path: str, params: Mapping[str, Any] | None = None,
             root: Path = ROOT) -> PageRun:
    """Run the page at ``path`` (of the checkout at ``root``) with ``params`` in its address;
    what each cell shows."""
    nb = json.loads((root / path).read_text(encoding="utf-8"))
    saved = {k: os.environ.get(k) for k in ("VOILA_PREHEAT", "QUERY_STRING")}
    state = dict(choices_module._state)
    os.environ.update(VOILA_PREHEAT="False", QUERY_STRING=urlencode(dict(params or {})))
    choices_module._state.update(current=None, listeners=[])
    runner = background.jobs
    background.jobs = HeldJobs
    namespace: dict[str, Any] = {"__name__": "__page__"}
    out: list[Shown] = []
    try:
        for i, cell in enumerate(nb["cells"]):
            source = "".join(cell["source"])
            if cell["cell_type"] == "markdown":
                out.append(Shown(i, "markdown", source))
            elif cell["cell_type"] == "code":
                value = _run_cell(source, namespace, f"{path}[{i}]")
                out.append(Shown(i, "output", shown_text(value), value))
    finally:
        background.jobs = runner
        for key, old in saved.items():
            if old is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = old
        choices_module._state.clear()
        choices_module._state.update(state)
    return PageRun(out, namespace)


def _run_cell(source: str, namespace: dict[str, Any], name: str) -> Any:
    """Run a cell; the value of its last line when that is an expression (as Jupyter shows)."""
    tree = ast.parse(source)
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr):
        tree.body = tree.body[:-1]
        exec(compile(tree, name, "exec"), namespace)
        return eval(compile(ast.Expression(last.value), name, "eval"), namespace)
    exec(compile(tree, name, "exec"), namespace)
    return None
