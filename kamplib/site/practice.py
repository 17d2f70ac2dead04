"""The puzzle page «Finn det beste kortet» on the site: what its URL asks for, and the links to
it from the pages that teach a round.

A page that teaches a round links to that round's puzzles (``?puzzles=femkamp-pass`` beside the
learner's choices); the puzzle page opens on them.  The parameter is the puzzle page's own: the
other pages ignore it, and links carry only the learner's choices
(:meth:`kamplib.teach.choices.Choices.query`), never this.  The puzzle page's own address
carries the kind the learner chooses there (:meth:`kamplib.widgets.site.SiteHead.keep_in_address`),
so a reload opens on it again.
"""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import urlencode

from kamplib.errors import RuleError, given
from kamplib.i18n import register, t
from kamplib.site.pages import LINK_STYLE, href, page
from kamplib.site.query import page_query
from kamplib.teach.choices import Choices, current
from kamplib.teach.trainer import CHOICES, puzzle_count

__all__ = ["PUZZLE_PAGE", "PARAM", "puzzle_page", "practice_html"]

PUZZLE_PAGE = "notebooks/04-finn-det-beste-kortet.ipynb"
PARAM = "puzzles"

register({
    "practice_link": {
        "nb": "Øv videre med «Finn det beste kortet»: {count} stillinger fra denne runden",
        "en": "Practise more with 'Find the best card': {count} positions from this round"},
    "practice_unknown": {
        "nb": "Lenken ba om oppgaver som ikke finnes («{value}»), så her er oppgaver fra alle "
              "rundene. Velg i listen.",
        "en": "The link asked for puzzles that do not exist ('{value}'), so here are puzzles "
              "from every round. Choose in the list."},
})


def puzzle_page() -> dict[str, Any]:
    """Keyword arguments for the puzzle page's widget: the puzzles the URL asks for (every
    round's by default), the language and deck chosen, and a sentence when the URL asked for
    puzzles that do not exist."""
    choices = current()
    values = page_query().get(PARAM) or [""]
    value = values[-1].strip()
    choice, problem = "all", ""
    if value in CHOICES:
        choice = value
    elif value:
        problem = t("practice_unknown", choices.lang, value=given(value, 40))  # cut: «…»
    return {"choice": choice, "lang": choices.lang, "four_color": choices.four_color,
            "problem": problem}


def practice_html(path: str, choice: str, choices: Choices | None = None) -> str:
    """A link from page ``path`` to the puzzles of one round kind (``femkamp-pass``)."""
    choices = choices or current()
    page(path)  # a page of the site (raises otherwise)
    if choice not in CHOICES[2:]:
        raise RuleError("puzzle_bad_choice", choice=choice)
    target = href(path, PUZZLE_PAGE, choices)
    target += ("&" if "?" in target else "?") + urlencode({PARAM: choice})
    text = t("practice_link", choices.lang, count=puzzle_count(choice))
    return (f"<p class='kamp-practice' style='margin:10px 0'>"
            f"<a class='kamp-link kamp-practice-link' style='{LINK_STYLE}' "
            f"href='{escape(target)}'>{escape(text)}</a></p>")
