"""The app as one site: its pages in order, the links between them, and the head of every page.

The pages and their titles are listed in :mod:`kamplib.site.map` (written by
``scripts/course_nav.py`` from the notebooks themselves).  Every page starts with
:func:`open_page`, which reads the learner's choices from the page's URL, and shows its head (a
line with the way back to the front page, and any problem with the choices); it ends with its
navigation:
previous, front page, next, and the other pages of its part of the site.  Every link carries the
choices, so they follow the learner from page to page.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from html import escape
from typing import Any

from kamplib.draw.cards import four_color_css
from kamplib.draw.display import color, palette_css
from kamplib.i18n import KindName, Phrase, register, t
from kamplib.rules import GAMES, Rules
from kamplib.site.map import PAGES
from kamplib.site.query import page_query
from kamplib.teach.choices import Choices, current, read_choices, set_current
from kamplib.teach.house_rules import changes_text, house_changes
from kamplib.teach.notes import NARRATIVE
from kamplib.teach.progress import page_mark

__all__ = ["Page", "SITE", "SECTIONS", "page", "link", "href", "nav_html", "open_page",
           "PageHead", "FRONT", "LINK_STYLE", "SHEET_PAGES", "section_pages", "round_place",
           "ROUND_PAGES", "section_name",
           "section_game", "game_section", "page_choices"]


@dataclass(frozen=True)
class Page:
    """One page of the site: its notebook, its part of the site and its title."""

    path: str
    section: str
    title_nb: str
    title_en: str

    def title(self, lang: str = "nb") -> str:
        return t(f"page_{self.path}", lang)

    @property
    def game(self) -> str | None:
        """The game this page teaches (the Femkamp course's steps: Femkamp); None on the pages
        about whichever game the learner chose (the front page, the explorations)."""
        return section_game(self.section)


SITE: tuple[Page, ...] = tuple(Page(*row) for row in PAGES)
# The pages with a score sheet (kamplib.widgets.sheet): the sheet says, beside the names it
# uses, why the address's names could not be used and where to type the family's own, so the
# page's head leaves its own sentence about the names out (one sentence, where the names are).
SHEET_PAGES = frozenset({"notebooks/02-poengark.ipynb", "tutorial/07-poengregning.ipynb"})
# Links look like links wherever they are drawn (a widget's HTML resets their colour).
# a link is a target of at least 24 px to tap (WCAG 2.5.8), also on a line of its own
LINK_STYLE = f"color:{color('link')};text-decoration:underline;display:inline-block;padding:5px 0"
FRONT = SITE[0].path
SECTIONS = tuple(dict.fromkeys(p.section for p in SITE))
_BY_PATH = {p.path: p for p in SITE}

register({f"page_{p.path}": {"nb": p.title_nb, "en": p.title_en} for p in SITE})
register({
    "site_section_tutorial": {"nb": "Femkamp-kurset", "en": "The Femkamp course"},
    "site_section_notebooks": {"nb": "Utforskninger", "en": "Explorations"},
    "site_prev": {"nb": "← Forrige: {title}", "en": "← Previous: {title}"},
    "site_next": {"nb": "Neste: {title} →", "en": "Next: {title} →"},
    "site_home": {"nb": "↑ Til forsiden", "en": "↑ To the front page"},
    "site_here": {"nb": "(du er her)", "en": "(you are here)"},
    "site_step": {"nb": "{section}, side {number} av {count}",
                  "en": "{section}, page {number} of {count}"},
    "site_nav": {"nb": "Sidene i kamp", "en": "The pages of kamp"},
    "site_round_place": {"nb": "Runde {number} av {count} i {game}.",
                         "en": "Round {number} of {count} in {game}."},
    "site_round_moved": {"nb": "Med rekkefølgen dere har valgt, er {kind} runde {number} av "
                               "{count}.",
                         "en": "In the order you chose, {kind} is round {number} of {count}."},
    "site_round_left_out": {"nb": "Rekkefølgen dere har valgt for {game}, har ingen {kind}.",
                            "en": "The order you chose for {game} has no {kind}."},
    "site_not_a_page": {"nb": "«{path}» er ikke en side i kamp", "en": "'{path}' is not a page"},
})


def page(path: str) -> Page:
    """The page of a notebook path (``tutorial/02-pass.ipynb``)."""
    found = _BY_PATH.get(path)
    if found is None:
        from kamplib.errors import RuleError

        raise RuleError("site_not_a_page", path=path)
    return found


def href(source: str, target: str, choices: Choices | None = None) -> str:
    """The relative link from page ``source`` to page ``target``, carrying ``choices``."""
    rel = posixpath.relpath(target, posixpath.dirname(source) or ".")
    query = (choices or current()).query()
    return f"{rel}?{query}" if query else rel


def link(source: str, target: str, text: str, choices: Choices | None = None,
         classes: str = "kamp-link") -> str:
    """An ``<a>`` from ``source`` to ``target`` with the choices in its URL."""
    return (f"<a class='{classes}' style='{LINK_STYLE}' "
            f"href='{escape(href(source, target, choices))}'>{escape(text)}</a>")


def section_game(section: str) -> str | None:
    """The game a part of the site teaches: a chapter is named by its game, and the course is
    Femkamp's."""
    if section in GAMES:
        return section
    return "femkamp" if section == "tutorial" else None


def game_section(game: str) -> str:
    """The part of the site that teaches ``game`` (the inverse of :func:`section_game`)."""
    return next(s for s in SECTIONS if section_game(s) == game)


def section_name(section: str, lang: str = "nb") -> str:
    """A part of the site by name: a game's chapter is called by the game."""
    code = f"game_{section}" if section in GAMES else f"site_section_{section}"
    return t(code, lang)


def section_pages(section: str) -> list[Page]:
    return [p for p in SITE if p.section == section]


def nav_html(path: str, choices: Choices | None = None) -> str:
    """The end of a page: previous, the front page, next, and the pages of its section."""
    choices = choices or current()
    lang = choices.lang
    here = page(path)
    i = SITE.index(here)
    parts = []
    if i > 0:
        prev = SITE[i - 1]
        parts.append(link(path, prev.path, t("site_prev", lang, title=prev.title(lang)),
                          choices, "kamp-link kamp-prev"))
    if here.path != FRONT:
        parts.append(link(path, FRONT, t("site_home", lang), choices, "kamp-link kamp-home"))
    after = SITE[(i + 1) % len(SITE)]
    if after.path != FRONT:
        parts.append(link(path, after.path, t("site_next", lang, title=after.title(lang)),
                          choices, "kamp-link kamp-next"))
    items = []
    if here.section != "front":
        for p in section_pages(here.section):
            stars = page_mark(p.path, lang)  # the stars earned there, of the most it gives
            stars = f" {stars}" if stars else ""
            if p is here:
                items.append(f"<li><b>{escape(p.title(lang))}</b> {escape(t('site_here', lang))}"
                             f"{stars}</li>")
            else:
                items.append(f"<li>{link(path, p.path, p.title(lang), choices)}{stars}</li>")
    contents = (f"<p style='margin:8px 0 2px'><b>{escape(section_name(here.section, lang))}"
                f"</b></p><ol style='margin:0'>{''.join(items)}</ol>") if items else ""
    return (f"<nav class='kamp-nav' aria-label='{escape(t('site_nav', lang))}' "
            f"style='border-top:1px solid {color('edge')};margin-top:16px;padding-top:8px;"
            f"line-height:1.5'>"
            f"<p style='display:flex;flex-wrap:wrap;align-items:baseline;gap:6px 18px;margin:0'>"
            f"{''.join(f'<span>{x}</span>' for x in parts)}</p>{contents}</nav>")


@dataclass
class PageHead:
    """The top of a page: the way home, where the page sits, and what the choices are."""

    path: str
    choices: Choices

    @property
    def lang(self) -> str:
        return current().lang

    @property
    def prose_lang(self) -> str:
        """The language of the page's own text, and of the rule sentences rendered into it
        (:data:`kamplib.teach.notes.NARRATIVE`); :attr:`lang` is the interface's."""
        return NARRATIVE

    def table(self, game: str | None = None, **forced: Any) -> dict[str, Any]:
        """Keyword arguments for a widget that plays or prints ``game`` with the choices
        (``forced`` house rules win over the chosen ones)."""
        return current().table(game, **forced)

    def drill(self, game: str, **forced: Any) -> dict[str, Any]:
        """Keyword arguments for a drill of ``game`` at the chosen table size and rules."""
        args = current().table(game, **forced)
        return {**args, "players": len(args["players"])}

    def rules(self, game: str | None = None) -> Rules:
        """``game`` (the chosen one by default) with the chosen house rules."""
        return current().rules_for(game or current().game)

    def html(self, choices: Choices | None = None) -> str:
        """The head drawn for ``choices`` (the page's own by default)."""
        choices = choices or self.choices
        lang = choices.lang
        here = page(self.path)
        bits = []
        if here.path != FRONT:
            pages = section_pages(here.section)
            bits.append(link(self.path, FRONT, t("site_home", lang), choices,
                             "kamp-link kamp-home"))
            bits.append(escape(t("site_step", lang,
                                 section=section_name(here.section, lang),
                                 number=pages.index(here) + 1, count=len(pages))))
        line = (f"<p style='display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 18px;margin:0;"
                f"color:{color('muted')}'>"
                f"{''.join(f'<span>{b}</span>' for b in bits)}</p>") if bits else ""
        problems = "".join(f"<p class='kamp-choice-problem' role='alert' "
                           f"style='color:{color('alert')};"
                           f"font-weight:bold;margin:4px 0'>{escape(p)}</p>"
                           for p in (choices.problems_besides_names()
                                     if here.path in SHEET_PAGES else choices.problems))
        rules = ""
        house = house_changes(choices.rules_for(here.game or choices.game))
        if house:  # the house rules of this page's game (no trump on a Femkamp page)
            rules = (f"<p class='kamp-choice-rules' style='margin:4px 0'>"
                     f"{escape(changes_text(house, lang))}</p>")
        place = round_place(here, choices)
        if place:  # a page about one round: its number in the order in force
            rules += f"<p class='kamp-round-place' style='margin:4px 0'>{escape(place)}</p>"
        # the palette (light, and dark when the page is) and the deck the learner chose, for
        # every drawing on the page
        style = palette_css() + ("\n" + four_color_css() if choices.four_color else "")
        theme = f" kamp-theme-{choices.theme}"
        # the tab's title in the learner's language: the page's script copies it to the tab
        # (a pre-heated page is drawn before anyone asks for it in a language)
        title = escape(here.title(lang), quote=True)
        return (f"<style>{style}</style><div class='kamp-page-head{theme}' "
                f"data-kamp-title='{title}' style='line-height:1.5'>{line}{problems}{rules}</div>")


# The pages about one kind of round.  Their headings name the round, not its number: the order
# in force decides the number, and the page's head says it (:func:`round_place`).
ROUND_PAGES: dict[str, str] = {
    "tutorial/02-pass.ipynb": "pass", "tutorial/03-klover.ipynb": "klover",
    "tutorial/04-damer.ipynb": "damer", "tutorial/05-fan-tan.ipynb": "fantan",
    "tutorial/06-grand.ipynb": "grand", "sekskamp/01-seksere-og-sjuere.ipynb": "fantan",
    "sekskamp/02-trukket-trumf.ipynb": "trumf", "sjukamp/01-fan-tan-som-runde-3.ipynb": "fantan",
    "sjukamp/02-trumf-med-spar.ipynb": "trumf", "sjukamp/03-finalen.ipynb": "finale",
}


def round_place(here: Page, choices: Choices) -> str:
    """For a page about one kind of round, where the order in force plays it: «Runde 4 av 5 i
    Femkamp», «Med rekkefølgen dere har valgt, er Fan Tan runde 5 av 5», or that the chosen
    order has no such round; empty on other pages."""
    kind = ROUND_PAGES.get(here.path)
    if kind is None or here.game is None:
        return ""
    rules = choices.rules_for(here.game)
    order = rules.order
    if kind not in order:
        return t("site_round_left_out", choices.lang, game=Phrase(f"game_{here.game}"),
                 kind=KindName(kind))
    number, count = order.index(kind) + 1, len(order)
    if order == GAMES[here.game]:
        return t("site_round_place", choices.lang, number=number, count=count,
                 game=Phrase(f"game_{here.game}"))
    return t("site_round_moved", choices.lang, kind=KindName(kind), number=number, count=count)


def page_choices() -> Choices:
    """The choices in the URL this page was opened with (the defaults outside the app), made
    the page's own."""
    choices = read_choices(page_query())
    set_current(choices)
    return choices


def open_page(path: str) -> PageHead:
    """Start a page: read its choices from the URL (see :class:`kamplib.widgets.site.SiteHead`,
    which shows the head)."""
    page(path)
    return PageHead(path, page_choices())
