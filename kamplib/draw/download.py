"""A link that downloads a file made in the page (a game record, a printable page).

The file travels inside the link as a data URL, so nothing is written on the server: every
learner gets their own file, in the browser's downloads, and it works in Jupyter, Voilà and the
browser-only edition alike.
"""

from __future__ import annotations

import base64
from html import escape

from kamplib.draw.display import Html

__all__ = ["download_link"]


def download_link(text: str, filename: str, label: str, *, mime: str = "application/json",
                  classes: str = "kamp-download", now: str = "", again: str = "") -> Html:
    """A button-like link that saves ``text`` as ``filename`` when clicked.

    ``now`` (a token new for each file) asks the page's script to download the file at once,
    so a learner's one click on a «Lagre» button saves it (app/…/kamp-page.js, site/src/main.js
    click each token once); the link then reads ``again``, for a browser that held it back.
    Without a page script (JupyterLab) the link is there to click, under ``label``.
    """
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    style = ("display:inline-block;padding:6px 14px;margin:4px 0;border:1px solid #2f6fad;"
             "border-radius:4px;background:#eaf2fb;color:#1b4f82;text-decoration:none;"
             "font-weight:bold")
    at_once = ""
    if now:
        classes += " kamp-download-now"
        at_once = (f" data-kamp-now='{escape(now, quote=True)}'"
                   f" data-kamp-again='{escape(again or label, quote=True)}'")
    return Html(f"<a class='{escape(classes)}' download='{escape(filename)}' style='{style}'"
                f"{at_once} href='data:{mime};charset=utf-8;base64,{data}'>{escape(label)}</a>")
