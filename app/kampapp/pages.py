"""The course server's pages: the course pages themselves, and what it says instead.

- :class:`CoursePageHandler` renders a notebook only if it is a page of the course (the
  allow-list of folders, :class:`CoursePages`), only for a browser that keeps the Jupyter user
  cookie (that is how one learner is told from another), and only if the kernel caps admit it.
- Everything else a person can ask for answers one of the server's own short pages, in bokmål
  or with ``?lang=en`` in English: not found (any other path, a file listing, a test notebook),
  try again (over a cap), cookies needed, or something went wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Any, cast
from urllib.parse import parse_qsl, unquote, urlencode

import tornado.web
from jupyter_server.base.handlers import APIHandler, JupyterHandler
from tornado.websocket import WebSocketHandler
from voila.static_file_handler import AllowListFileHandler, TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler

from kamplib.teach.choices import THEMES  # the looks a page offers; any other is dropped

from .guard import client_address, cookie_user
from .kernels import CURRENT_TICKET, Full, KernelLifecycle
from .texts import page_lang, text

PAGE_TEMPLATE = "voila/templates/kamp/kamp-page.html"  # found whatever the template
# Added once to a first visit's URL: the browser comes back with its cookie, or has none.
COOKIE_CHECK = "kamp-cookie"
RETRY_AFTER = 30  # seconds, as the try-again page says
# What Voilà writes into a page while a cell runs long (an inline script, which the page's
# policy would refuse), and what the page gets instead: a comment keeps the connection alive.
VOILA_HEARTBEAT = "<script>window.voila_heartbeat()</script>\n"
HEARTBEAT = "<!-- kamp: still working -->\n"


class CoursePages:
    """Which notebooks are pages of the course: the allow-list of folders (and single pages,
    an entry ending in ``.ipynb``), in one place."""

    def __init__(self, root: str | Path, folders: Iterable[str]) -> None:
        self.root = Path(root).resolve()
        self.folders = [PurePosixPath(f.strip("/")) for f in folders if f.strip("/")]

    def page(self, path: str | None) -> str | None:
        """`path` as Voilà should open it if it is a course page, else None."""
        if not path or "\\" in path or "\x00" in path:
            return None
        wanted = PurePosixPath(path)
        parts = wanted.parts
        if (wanted.is_absolute() or wanted.suffix != ".ipynb"
                or any(p in ("", ".", "..") or p.startswith(".") for p in parts)):
            return None
        real = (self.root / wanted).resolve()
        if not real.is_file():
            return None
        for entry in self.folders:
            if entry.suffix == ".ipynb":  # a single page, e.g. the front page
                if wanted == entry and real == (self.root / entry).resolve():
                    return wanted.as_posix()
            elif (parts[: len(entry.parts)] == entry.parts and len(parts) > len(entry.parts)
                  and real.is_relative_to((self.root / entry).resolve())):
                return wanted.as_posix()
        return None

    def folder_of(self, path: str) -> Path | None:
        """The real course folder a file path lies in (for the files a page shows), or None."""
        wanted = PurePosixPath(path)
        if wanted.is_absolute() or any(p in ("", ".", "..") or p.startswith(".")
                                       for p in wanted.parts):
            return None
        real = (self.root / wanted).resolve()
        for folder in self.folders:
            base = (self.root / folder).resolve()
            if real.is_relative_to(base) and real.is_file():
                return base
        return None


class ServerPagesMixin:
    """Render the server's own pages (and every error) with the course's template."""

    def page_lang(self) -> str:
        return page_lang(self.get_argument("lang", None))  # type: ignore[attr-defined]

    def render_server_page(self, status: int, kind: str, **extra: Any) -> None:
        """Finish the request with one of the server's pages: not_found, busy, cookies, error."""
        lang = self.page_lang()
        theme = "dark" if self.get_argument("theme", "") == "dark" else "light"  # type: ignore[attr-defined]
        settings = self.settings  # type: ignore[attr-defined]
        base_url = settings.get("base_url", "/")
        page = {
            "not_found": ("app_not_found_title", "app_not_found_text"),
            "busy": ("app_busy_title", "app_busy_text"),
            "busy_client": ("app_busy_title", "app_busy_client_text"),
            "busy_address": ("app_busy_title", "app_busy_address_text"),
            "cookies": ("app_cookies_title", "app_cookies_text"),
            "error": ("app_error_title", "app_error_text"),
        }[kind]
        html = settings["voila_jinja2_env"].get_template(PAGE_TEMPLATE).render(
            lang=lang, theme=theme, kind=kind, base_url=base_url,
            title=text(page[0], lang), message=text(page[1], lang),
            try_again=text("word_try_again", lang), to_front=text("app_to_front", lang),
            front_url=base_url + (f"?lang={lang}" if lang != "nb" else ""),
            static_url=base_url + "voila/templates/kamp/static/",
            **extra,
        )
        self.clear()  # type: ignore[attr-defined]
        self.set_status(status)  # type: ignore[attr-defined]
        self.set_header("Content-Type", "text/html; charset=UTF-8")  # type: ignore[attr-defined]
        self.set_header("Cache-Control", "no-store")  # type: ignore[attr-defined]
        if kind.startswith("busy"):
            self.set_header("Retry-After", str(RETRY_AFTER))  # type: ignore[attr-defined]
        self.finish(html)  # type: ignore[attr-defined]

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """Every error is one of our pages: 4xx is "not found", anything else "went wrong"."""
        if status_code < 500:
            self.render_server_page(404, "not_found")
        else:
            self.render_server_page(status_code, "error")


def with_server_pages(handler: type) -> type:
    """`handler` with its HTML errors shown as our pages (JSON APIs and websockets keep theirs)."""
    if (not isinstance(handler, type) or not issubclass(handler, tornado.web.RequestHandler)
            or issubclass(handler, (APIHandler, WebSocketHandler, ServerPagesMixin))):
        return handler

    def prepare(self: Any) -> Any:
        if any(part in (".", "..") for part in unquote(self.request.path).split("/")):
            raise tornado.web.HTTPError(404)  # browsers never send these; a path escape does
        return handler.prepare(self)

    return type(f"Course{handler.__name__}", (ServerPagesMixin, handler), {"prepare": prepare})


class CoursePageHandler(ServerPagesMixin, TornadoVoilaHandler):
    """Voilà's page handler, for course pages, returning browsers and admitted requests only."""

    async def get(self, path: str | None = None) -> None:
        page = self.settings["kamp_course"].page(path)
        if page is None:
            self.render_server_page(404, "not_found")
            return
        if any(theme not in THEMES for theme in self.get_arguments("theme")):
            # Voilà draws the page in its default look, never a value from the address; the
            # address itself stays, so the page's head says why the look was not used (as the
            # browser edition does)
            for arguments in (self.request.arguments, self.request.query_arguments):
                arguments.pop("theme", None)
        returning = await self._returning_browser()
        checking = COOKIE_CHECK in self.request.query_arguments
        if not returning:
            if checking:  # we set the cookie and it did not come back
                self.render_server_page(403, "cookies")
            else:
                self.redirect(self._url_with(add_check=True))
            return
        if checking:
            self.redirect(self._url_with(add_check=False))
            return
        kernels = self.kernel_manager
        address = client_address(self.request, self.settings.get("kamp_trusted_proxies", ()))
        try:
            ticket = kernels.admit(self.current_user.username, address)
        except Full as full:
            self.log.warning("Kernel cap reached (%s): %s asked for %s", full.who, address, page)
            self.render_server_page(503, "busy" if full.who == "server" else f"busy_{full.who}")
            return
        self.xsrf_token  # noqa: B018 - sets the _xsrf cookie: the page's close beacon then works
        token = CURRENT_TICKET.set(ticket)
        try:
            await super().get(page)
        finally:
            CURRENT_TICKET.reset(token)
            kernels.release(ticket)

    async def get_generator(self, path: str | None = None) -> Any:
        """Voilà's page, with its keep-alive heartbeat as a comment instead of a script."""
        async for html in super().get_generator(path=path):
            yield HEARTBEAT if html == VOILA_HEARTBEAT else html

    async def _returning_browser(self) -> bool:
        """Did the request bring a valid Jupyter user cookie (one set by this server)?"""
        return await cookie_user(self) is not None

    def _url_with(self, *, add_check: bool, drop: tuple[str, ...] = ()) -> str:
        query = [(k, v) for k, v in parse_qsl(self.request.query, keep_blank_values=True)
                 if k != COOKIE_CHECK and k not in drop]
        if add_check:
            query.append((COOKIE_CHECK, "1"))
        return self.request.path + (f"?{urlencode(query)}" if query else "")


class PageThereHandler(JupyterHandler):
    """`POST /voila/kamp/alive/<kernel>`: the page of that kernel is open in its owner's
    browser (the owner's cookie and xsrf token; anything else is the same 404 as no kernel)."""

    async def post(self, kernel_id: str) -> None:
        manager = cast(KernelLifecycle, self.kernel_manager)  # the app's manager (kernels.py)
        there = manager.page_is_there(kernel_id, await cookie_user(self))
        self.set_status(204 if there else 404)
        self.finish()

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish()  # a refused call (no xsrf token) says nothing either


class NotFoundHandler(ServerPagesMixin, JupyterHandler):
    """Every path the course does not serve: our not-found page (also for listings)."""

    def prepare(self) -> None:  # type: ignore[override]
        self.render_server_page(404, "not_found")


class TemplateFileHandler(ServerPagesMixin, TemplateStaticFileHandler):
    """The templates' own files: only ``<template>/static/<file>``; anything else (a template's
    source, its conf.json, a folder) is our not-found page."""

    def parse_url_path(self, url_path: str) -> str:
        parts = url_path.split("/")
        if len(parts) < 3 or parts[1] != "static" or not all(parts) or any(
                p in (".", "..") for p in parts):
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(url_path)

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        path = super().validate_absolute_path(root, absolute_path)
        if path is None or not Path(path).is_file():
            raise tornado.web.HTTPError(404)
        return path


class CourseFileHandler(ServerPagesMixin, AllowListFileHandler):
    """Files a course page shows (pictures), from the course folders only."""

    def get_absolute_path(self, root: str, path: str) -> str:
        if self.settings["kamp_course"].folder_of(path) is None:
            raise tornado.web.HTTPError(404)
        return super().get_absolute_path(root, path)
