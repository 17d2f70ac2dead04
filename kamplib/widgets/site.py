"""Parts of a page that follow the learner's choices while the page is open: links, the nav.

The choices come from the page's URL (:mod:`kamplib.teach.choices`); when the rules picker on
the page changes them, every :class:`Live` part is drawn again, so the links carry the new
choices to the next page.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from kamplib.teach.choices import Choices, current, on_change
from kamplib.teach.site import PageHead, nav_html

__all__ = ["Live", "SiteNav"]


class Live(widgets.HTML):
    """HTML drawn from the page's choices, and drawn again whenever they change."""

    def __init__(self, render: Callable[[Choices], str], css: str = "kamp-live") -> None:
        super().__init__(value=render(current()))
        self.add_class(css)
        self._render = render
        on_change(self._redraw)

    def _redraw(self, choices: Choices) -> None:
        self.value = self._render(choices)


class SiteNav(Live):
    """The end of a page: previous, front page, next and the section's pages."""

    def __init__(self, head: PageHead) -> None:
        super().__init__(lambda choices: nav_html(head.path, choices), "kamp-site-nav")
