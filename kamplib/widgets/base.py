"""What every widget shares: the error guard, the message line, stock buttons, shared looks,
downloads.

Widgets are thin: a handler makes one engine call and re-renders.  Every handler runs inside
:func:`guarded`, so a learner sees a sentence in the page (Voilà hides tracebacks), never a
traceback, and the widget stays usable.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable
from html import escape
from typing import Any, TypeVar

import ipywidgets as widgets

from kamplib.draw.display import color
from kamplib.draw.download import download_link
from kamplib.errors import KampError
from kamplib.i18n import t
from kamplib.widgets import texts as _texts  # noqa: F401  (registers the widgets' words)

__all__ = ["guarded", "Messages", "Looks", "stock_button", "download_html", "html_box", "text_of",
           "bring_into_view"]

ALERT = color("alert")  # a refused move, an error: readable on the page in both themes

F = TypeVar("F", bound=Callable[..., Any])


def text_of(value: Any, lang: str) -> str:
    """A text from a plain string, a ``{lang: text}`` dict or an object with ``.text(lang)``."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("nb") or "")
    text = getattr(value, "text", None)
    if callable(text):
        return str(text(lang))
    message = getattr(value, "message", None)
    if callable(message):
        return str(message(lang))
    return str(value)


INTO_VIEW = "kamp-into-view-"  # a widget's class that asks the page to show it: + a number
_asked_into_view = [0]


def bring_into_view(widget: widgets.DOMWidget, reloaded_only: bool = False) -> None:
    """Ask the page to scroll ``widget`` into view if it is not there (the next puzzle on a
    phone; with ``reloaded_only``, only if the page was reloaded: a round brought back).  The
    widget gets a class with a new number; the page script shared by both editions
    (``kamp-memory.js``) scrolls to an element whose number it has not seen, when that
    element's top is above the screen or in its lower half."""
    _asked_into_view[0] += 1
    kept = [c for c in widget._dom_classes if not c.startswith(INTO_VIEW)]
    mark = f"{INTO_VIEW}{'reload-' if reloaded_only else ''}{_asked_into_view[0]}"
    widget._dom_classes = (*kept, mark)


def shown(text: str) -> str:
    """Text made safe for the page: escaped, and any character the browser cannot be sent
    (a lone surrogate from a hostile file) replaced, so one bad name never breaks the page."""
    return escape(text.encode("utf-8", "replace").decode("utf-8"))


class Looks:
    """Layout and style models shared by the parts of one widget whose looks never change.

    Every model is one more message to the browser and one more object it builds while a page
    opens (a course step's table had 233 models, 82 of them Layouts and 63 styles, against one
    button in the fastest page), so parts that keep their looks share one model per look.  One
    :class:`Looks` per widget, never one per module: the browser edition keeps one Python for
    every page.  A part whose layout or style changes later (shown and hidden, recoloured)
    gets models of its own.
    """

    def __init__(self) -> None:
        self._models: dict[tuple[Any, ...], widgets.Widget] = {}

    def _model(self, kind: type[widgets.Widget], traits: dict[str, str]) -> Any:
        key = (kind, tuple(sorted(traits.items())))
        if key not in self._models:
            self._models[key] = kind(**traits)
        return self._models[key]

    def layout(self, **traits: str) -> widgets.Layout:
        """The shared Layout with these traits."""
        return self._model(widgets.Layout, traits)

    def of(self, kind: type[widgets.DOMWidget], style: dict[str, str] | None = None,
           **layout: str) -> dict[str, Any]:
        """``layout=`` and ``style=`` for a new ``kind`` widget: the shared models with these
        traits (a box has no style)."""
        parts: dict[str, Any] = {"layout": self.layout(**layout)}
        trait = kind.class_traits().get("style")
        if trait is not None:
            parts["style"] = self._model(trait.klass, style or {})
        return parts


class Messages:
    """The visible line under a widget (``kamp-message``): information, refusals and errors."""

    def __init__(self, lang: str, looks: Looks | None = None) -> None:
        self.lang = lang
        self.widget = widgets.HTML(value="", **(looks or Looks()).of(widgets.HTML,
                                                                      min_height="1.6em"))
        self.widget.add_class("kamp-message")
        self._alert = ""  # the refusal or error the line shows now ("" for none)

    def info(self, text: str) -> None:
        self._alert = ""
        self.widget.value = self._info(text)

    def refuse(self, text: str) -> None:
        """A move the rules refuse: said in words, visibly, in the page."""
        self._alert = (f"<div class='kamp-refused' role='alert' style='color:{ALERT};"
                       f"font-weight:bold'>{shown(text)}</div>")
        self.widget.value = self._alert

    def error(self, text: str) -> None:
        self._alert = (f"<div class='kamp-error' role='alert' style='color:{ALERT};"
                       f"font-weight:bold'>{shown(text)}</div>")
        self.widget.value = self._alert

    def restored(self, text: str) -> None:
        """What the page did by itself when the browser gave back what it kept (a sheet, a
        round): said after a refusal or error the line shows, never instead of it.  The kept
        copy arrives a moment after the widget is drawn (kamp-memory.js looks for new fields
        every 400 ms, and Python answers in turn), so a file refused in that moment would
        otherwise have its refusal replaced by «hentet tilbake» at once, and the family would
        never learn why their file did not open."""
        self.widget.value = self._alert + self._info(text)

    def clear(self) -> None:
        self._alert = ""
        self.widget.value = ""

    @staticmethod
    def _info(text: str) -> str:
        return f"<div class='kamp-info' role='status'>{shown(text)}</div>"


def guarded(method: F) -> F:
    """Run a handler; any error becomes a short sentence in ``self.messages``, not a traceback."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except KampError as err:
            self.messages.error(err.message(self.lang))
        except Exception as err:  # a learner must never see a traceback
            detail = f"{type(err).__name__}: {err}"
            self.messages.error(t("w_error", self.lang, detail=detail))
        return None

    return wrapper  # type: ignore[return-value]


def stock_button(description: str, css: str, *, tooltip: str = "",
                 on_click: Callable[[widgets.Button], None] | None = None,
                 looks: Looks | None = None, style: dict[str, str] | None = None,
                 **layout: str) -> widgets.Button:
    """A stock ipywidgets button (Tab and Enter/Space work) with a stable CSS hook.

    With ``looks`` its layout and style are shared models: never change them afterwards."""
    layout = {"flex": "0 0 auto", **layout}  # never squeezed to "Ti…": the row wraps instead
    parts = (looks or Looks()).of(widgets.Button, style, **layout)
    b = widgets.Button(description=description, tooltip=tooltip or description, **parts)
    b.add_class(css)
    if on_click is not None:
        b.on_click(on_click)
    return b


def button_row(children: list[widgets.Widget], looks: Looks | None = None) -> widgets.HBox:
    """A row of controls that wraps onto the next line on a narrow screen (with ``looks``, a
    row that is never hidden: its layout is shared)."""
    layout = looks.layout(flex_flow="row wrap") if looks else widgets.Layout(flex_flow="row wrap")
    return widgets.HBox(children, layout=layout)


def html_box(css: str, value: str = "", looks: Looks | None = None) -> widgets.HTML:
    """An HTML part with a CSS hook; with ``looks`` its layout and style are shared."""
    w = widgets.HTML(value=value, **(looks.of(widgets.HTML) if looks else {}))
    w.add_class(css)
    return w


def download_html(text: str, filename: str, lang: str, mime: str = "application/json") -> str:
    """The file a «Lagre» button made: the page downloads it at once (one click saves), and
    the link stays for a browser that held the download back.  Works without a server."""
    return str(download_link(text, filename, t("w_download", lang, name=filename), mime=mime,
                             now=uuid.uuid4().hex,
                             again=t("w_download_again", lang, name=filename)))


UPLOAD_LIMIT_CLASS = "kamp-max-bytes-"  # + the limit: the page's script reads it (see below)


def limit_upload(upload: widgets.FileUpload, max_bytes: int) -> None:
    """Mark a file button with its size limit, so the page refuses a larger file in the browser
    before a byte of it is sent (the app's page script, app/share/voila/templates/kamp/static/
    kamp-page.js, reads the class); the Python side refuses it too, wherever it comes from."""
    upload.add_class("kamp-upload")
    upload.add_class(f"{UPLOAD_LIMIT_CLASS}{int(max_bytes)}")


def take_uploads(upload: widgets.FileUpload, change: dict[str, Any]) -> list[tuple[str, bytes,
                                                                                 int]]:
    """The files of an upload event; the button is emptied at once (even when a file is
    unreadable), so the same file can be chosen again and a broken one leaves nothing behind."""
    try:
        return uploaded_files(change.get("new"))
    finally:
        if change.get("new"):
            upload.value = ()


def uploaded_files(value: Any) -> list[tuple[str, bytes, int]]:
    """``(name, content, size)`` of each file in a FileUpload value (ipywidgets 7 or 8)."""
    items = value.values() if isinstance(value, dict) else value
    out = []
    for item in items or ():
        get = item.get if isinstance(item, dict) else lambda k, _i=item: getattr(_i, k, None)
        meta = get("metadata") or {}
        name = get("name") or meta.get("name", "?")
        content = bytes(get("content") or b"")
        size = get("size") or meta.get("size") or len(content)
        out.append((name, content, int(size)))
    return out
