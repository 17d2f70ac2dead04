"""Parts of a page that follow the learner's choices while the page is open: links, the nav,
the page's own address.

The choices come from the page's URL (:mod:`kamplib.teach.choices`); when the rules picker on
the page changes them, every :class:`Live` part is drawn again, so the links carry the new
choices to the next page, and the page's address is replaced by one that carries them too
(:class:`Address`), so a reload, Back or a bookmark opens the page with them.  The same parts
are drawn again when the learner's data changes (stars earned on the page, the browser's copy
arrived: :mod:`kamplib.teach.store`), so the stars in the contents list, the goals and the
front page follow.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import ipywidgets as widgets

from kamplib.rules import Rules
from kamplib.site.pages import PageHead, nav_html, open_page
from kamplib.teach import progress
from kamplib.teach.choices import Choices, current, on_change
from kamplib.teach.store import LearnerData, on_learner_change
from kamplib.widgets.base import Looks
from kamplib.widgets.learner import LearnerLink
from kamplib.widgets.memory import new_page

__all__ = ["ADDRESS_SCHEMA", "Address", "Live", "SiteHead", "SiteNav", "page_head"]

ADDRESS_SCHEMA = "kamp-address/1"
_HEAD: list[SiteHead] = []  # the head of the page open now


def page_head() -> SiteHead | None:
    """The head of the page open now (None outside the course's pages)."""
    head = _HEAD[-1] if _HEAD else None
    return head if head is not None and head.path == progress.page_path() else None


class Address:
    """The page's address, kept in step with what the learner chose on the page.

    A hidden text field: :meth:`follow` writes the query the address should carry now, and the
    page script shared by both editions (``kamp-memory.js``) replaces the address's query with
    it (``history.replaceState``: no new history entry, nothing sent anywhere).  The choices in
    it are read back, when the page is opened again from that address, by the same validated
    parsing as any address (:func:`kamplib.teach.choices.read_choices`).
    """

    def __init__(self, path: str, looks: Looks | None = None) -> None:
        self.path = path
        self.query = ""
        self.widget = widgets.Text(value="", **(looks or Looks()).of(widgets.Text,
                                                                   display="none"))
        self.widget.add_class("kamp-address")

    def follow(self, query: str) -> None:
        """The address of this page should carry ``query`` (URL-encoded, without ``?``)."""
        self.query = query
        self.widget.value = json.dumps({"schema": ADDRESS_SCHEMA, "page": self.path,
                                        "query": query}, separators=(",", ":"))


class Live(widgets.HTML):
    """HTML drawn from the page's choices, and drawn again whenever they change."""

    def __init__(self, render: Callable[[Choices], str], css: str = "kamp-live",
                 looks: Looks | None = None) -> None:
        self._drawn = render(current())
        super().__init__(value=self._drawn, **(looks.of(widgets.HTML) if looks else {}))
        self.add_class(css)
        self._render = render
        on_change(self._redraw)
        on_learner_change(self._learner_changed)

    def _redraw(self, choices: Choices) -> None:
        value = self._render(choices)
        if value != self._drawn:  # stars earned elsewhere on the page leave this one alone
            self._drawn = self.value = value

    def _learner_changed(self, _data: LearnerData) -> None:
        self._redraw(current())


class SiteHead(Live):
    """The top of a page: it reads the choices from the page's URL, shows the way home and any
    problem with them, and hands the choices to the page's widgets (``**page.table(game)``).

    Links are drawn in a widget, not in a cell's output, where the notebook would turn a
    relative link into a file link.  Under the head: the page's goals with the stars earned so
    far (a page with a table or a drill), and the page's one link to the learner's data kept
    in the browser (:class:`~kamplib.widgets.learner.LearnerLink`).
    """

    def __init__(self, path: str) -> None:
        new_page()  # the page's tables, sheets and drills are counted from its start
        self.head: PageHead = open_page(path)
        progress.open_page(path)  # the page's widgets earn its goals
        # one layout and style for the head, its goals and their box; the front page's
        # «Din fremgang» shares them too (ProgressBox(page.lang, page.looks))
        looks = self.looks = Looks()
        super().__init__(self.head.html, "kamp-site-head", looks)
        parts: list[widgets.Widget] = [self]
        # the page's goals (none on a page without any: one part less to open)
        self.goals: Live | None = None
        if progress.page_max(path):
            self.goals = Live(lambda choices: progress.goals_html(path, choices.lang),
                              "kamp-goals", looks)
            parts.append(self.goals)
        self.learner_link = LearnerLink(looks)
        self.shown = widgets.VBox([*parts, self.learner_link.widget], **looks.of(widgets.VBox))
        # the page's address: made when the learner first changes something it carries (a page
        # where nothing changes opens without it)
        self.address: Address | None = None
        self._own: dict[str, str] = {}
        on_change(self._follow_address)
        _HEAD[:] = [self]

    def keep_in_address(self, **params: str | None) -> None:
        """The page's own parameters in its address besides the choices (the puzzle page's
        ``puzzles=femkamp-pass``); None takes one out."""
        for name, value in params.items():
            if value is None:
                self._own.pop(name, None)
            else:
                self._own[name] = value
        self._follow_address(current())

    def _follow_address(self, choices: Choices) -> None:
        query = "&".join(q for q in (choices.query(), urlencode(self._own)) if q)
        if self.address is None:
            self.address = Address(self.path, self.looks)
            self.shown.children = (*self.shown.children, self.address.widget)
        if query != self.address.query or not self.address.widget.value:
            self.address.follow(query)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Shown with its goals and the learner's link under it."""
        return self.shown._repr_mimebundle_(**kwargs)

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
