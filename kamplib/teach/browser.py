"""What the browser edition of the course (`make site`) says itself, in the learner's language.

The browser edition runs the site's pages in Python in the learner's own browser (Pyodide), so
it has moments the Voilà app has not: Python starting, Python failing to start, and the pages
it leaves out because they need Python on a server (pandas and plots).  Its page script shows
the first two before any Python runs (scripts/build_site.py hands it :func:`page_texts`); a page
left out is drawn by :func:`elsewhere_html`, with the site's own head and navigation around it.
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote

from kamplib.i18n import LANGS, register, t
from kamplib.teach.choices import Choices, current
from kamplib.teach.site import LINK_STYLE, page

__all__ = ["PAGE_TEXT_CODES", "elsewhere_html", "page_texts"]

register({
    "browser_starting": {
        "nb": "Python starter i nettleseren din. Første gang tar det litt tid, siden alt lastes "
              "ned én gang; etterpå går det raskere.",
        "en": "Python is starting in your browser. The first time takes a while, since "
              "everything is downloaded once; after that it is quicker."},
    "browser_failed": {
        "nb": "Python kunne ikke starte i denne nettleseren. Last inn siden på nytt, eller prøv "
              "en nyere nettleser.",
        "en": "Python could not start in this browser. Reload the page, or try a newer "
              "browser."},
    "browser_elsewhere": {
        "nb": "Denne siden lar datamaskinen spille hundrevis av kamper og tegner tabeller og "
              "figurer av dem. Det trenger Python på en server, så siden er bare med i kurset i "
              "Voilà-appen, ikke i denne utgaven som kjører i nettleseren.",
        "en": "This page lets the computer play hundreds of games and draws tables and charts "
              "of them. That needs Python on a server, so the page is only in the Voilà app of "
              "the course, not in this edition that runs in your browser."},
    "browser_elsewhere_link": {"nb": "Åpne siden i Voilà-appen",
                               "en": "Open the page in the Voilà app"},
    "browser_elsewhere_local": {
        "nb": "Har du kurset på din egen maskin, starter du appen med «make app» og finner "
              "siden der.",
        "en": "If you have the course on your own computer, start the app with 'make app' and "
              "find the page there."},
})

# What the page script shows before Python runs: starting, failing to start, and (the app's own
# words) getting a page ready and a browser without JavaScript.
PAGE_TEXT_CODES = {"starting": "browser_starting", "failed": "browser_failed"}


def page_texts(extra: dict[str, str] | None = None) -> dict[str, dict[str, str]]:
    """``{lang: {name: text}}`` for the page script: :data:`PAGE_TEXT_CODES` and ``extra``
    (name → catalogue code), in every language."""
    names = {**PAGE_TEXT_CODES, **(extra or {})}
    return {lang: {name: t(code, lang) for name, code in names.items()} for lang in LANGS}


def elsewhere_html(path: str, app_url: str = "", choices: Choices | None = None) -> str:
    """The body of a page the browser edition leaves out: its title, why, and where it is.

    ``app_url`` is where the Voilà app runs (``https://kurs.example.org``); the link carries the
    learner's choices.  Without it the page says how to start the app at home.
    """
    choices = choices or current()
    lang = choices.lang
    here = page(path)
    lines = [f"<h1>{escape(here.title(lang))}</h1>",
             f"<p>{escape(t('browser_elsewhere', lang))}</p>"]
    if app_url:
        query = choices.query()
        url = f"{app_url.rstrip('/')}/voila/render/{quote(path)}" + (f"?{query}" if query else "")
        lines.append(f"<p><a class='kamp-link kamp-app-link' style='{LINK_STYLE}' "
                     f"href='{escape(url)}'>{escape(t('browser_elsewhere_link', lang))}</a></p>")
    else:
        lines.append(f"<p>{escape(t('browser_elsewhere_local', lang))}</p>")
    # kamp-md: the site's stylesheet draws it as the narrative of a page
    return f"<div class='kamp-elsewhere kamp-md' lang='{lang}'>{''.join(lines)}</div>"
