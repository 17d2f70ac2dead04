"""Parts of a page that follow the learner's choices while the page is open: links, the nav.

The choices come from the page's URL (:mod:`kamplib.teach.choices`); when the rules picker on
the page changes them, every :class:`Live` part is drawn again, so the links carry the new
choices to the next page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from kamplib.rules import Rules
from kamplib.site.pages import PageHead, nav_html, open_page
from kamplib.teach.choices import Choices, current, on_change
from kamplib.widgets.memory import new_page

__all__ = ["Live", "SiteHead", "SiteNav"]


class Live(widgets.HTML):
    """HTML drawn from the page's choices, and drawn again whenever they change."""

    def __init__(self, render: Callable[[Choices], str], css: str = "kamp-live") -> None:
        super().__init__(value=render(current()))
        self.add_class(css)
        self._render = render
        on_change(self._redraw)

    def _redraw(self, choices: Choices) -> None:
        self.value = self._render(choices)


class SiteHead(Live):
    """The top of a page: it reads the choices from the page's URL, shows the way home and any
    problem with them, and hands the choices to the page's widgets (``**page.table(game)``).

    Links are drawn in a widget, not in a cell's output, where the notebook would turn a
    relative link into a file link.
    """

    def __init__(self, path: str) -> None:
        new_page()  # the page's tables, sheets and drills are counted from its start
        self.head: PageHead = open_page(path)
        super().__init__(self.head.html, "kamp-site-head")

    @property
    def path(self) -> str:
        return self.head.path

    @property
    def lang(self) -> str:
        return self.head.lang

    @property
    def prose_lang(self) -> str:
        return self.head.prose_lang

    def table(self, game: str | None = None, **forced: Any) -> dict[str, Any]:
        return self.head.table(game, **forced)

    def drill(self, game: str, **forced: Any) -> dict[str, Any]:
        return self.head.drill(game, **forced)

    def rules(self, game: str | None = None) -> Rules:
        return self.head.rules(game)


class SiteNav(Live):
    """The end of a page: previous, front page, next and the section's pages."""

    def __init__(self, head: SiteHead | PageHead) -> None:
        super().__init__(lambda choices: nav_html(head.path, choices), "kamp-site-nav")
