"""The learner's data on a page: the link to the browser's copy, and the learner's own buttons.

:class:`LearnerLink` is a hidden text field (``.kamp-learner``) that the shared page script
(``app/share/voila/templates/kamp/static/kamp-memory.js``, both editions) fills with the
learner's data kept in the browser (``kamp-learner/1``, :mod:`kamplib.teach.store`) and keeps
whatever Python writes there.  The page's Python holds the data in
:func:`~kamplib.teach.store.current_learner`; every change (stars earned, an import, a reset)
goes to the browser through the link, and every part of the page that shows stars hears of it
(:func:`~kamplib.teach.store.on_learner_change`).  The first copy the browser gives is merged
with what the page earned before it came; a later one (another tab changed the data) replaces
it (:func:`~kamplib.teach.store.take_from_browser`).  The first message also tells the page that
the browser has answered (with the learner's copy, or "" for none): until then the page shows
nothing read from the data (:func:`~kamplib.teach.store.learner_known`).  Each page has one link:
the page head (:class:`kamplib.widgets.site.SiteHead`) shows it.

:class:`ProgressBox` (the front page): the learner's stars in all and, behind «Flytt fremgangen
eller begynn på nytt», «Last ned fremgangen» (one file), «Hent fremgang fra fil» (merged in; a
file that is not one is refused with a sentence and nothing is lost), and «Begynn på nytt»
(asked first).
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from kamplib.errors import KampError
from kamplib.i18n import register, t
from kamplib.site.pages import SITE
from kamplib.teach import progress
from kamplib.teach.store import (
    MAX_STORE_CHARS,
    LearnerData,
    browser_message,
    browser_text,
    current_learner,
    learner_known,
    on_learner_change,
    read_export,
    set_learner,
    take_from_browser,
)
from kamplib.widgets.base import (
    Looks,
    Messages,
    button_row,
    download_html,
    guarded,
    html_box,
    limit_upload,
    stock_button,
    take_uploads,
)
from kamplib.widgets.style import style_box

__all__ = ["LearnerLink", "ProgressBox", "EXPORT_NAME"]

EXPORT_NAME = "kamp-fremgang.json"

register({
    "progress_heading": {"nb": "Din fremgang", "en": "Your progress"},
    "progress_stars": {
        "nb": "Du har {stars} av {most} stjerner i kurset.",
        "en": "You have {stars} of {most} stars in the course."},
    "progress_kept_here": {
        "nb": "Fremgangen lagres bare i denne nettleseren. Vil du ta den med til en annen "
              "maskin, last den ned her og hent den inn der.",
        "en": "Your progress is kept in this browser only. To take it to another device, "
              "download it here and load it there."},
    "progress_tools": {"nb": "Flytt fremgangen eller begynn på nytt",
                       "en": "Move your progress or start over"},
    "progress_export": {"nb": "Last ned fremgangen", "en": "Download your progress"},
    "progress_import": {"nb": "Hent fremgang fra fil", "en": "Load progress from a file"},
    "progress_reset": {"nb": "Begynn på nytt", "en": "Start over"},
    "progress_reset_ask": {
        "nb": "Vil du glemme stjernene, oppgavene du har svart på, oppgaveratingen, dine egne "
              "feil og hvilke sider du har vært på, slik kurset har lagret dem i denne "
              "nettleseren? Poengarket, poengboka og runder du er midt i blir liggende. Det kan "
              "ikke angres (last ned fremgangen først hvis du vil beholde den).",
        "en": "Forget your stars, the puzzles you have answered, your puzzle rating, your own "
              "mistakes and which pages you have visited, as the course has kept them in this "
              "browser? The score sheet, the score book and rounds you are in the middle of "
              "stay. It cannot be undone (download your progress first to keep it)."},
    "progress_reset_yes": {"nb": "Ja, glem fremgangen", "en": "Yes, forget it"},
    "progress_reset_no": {"nb": "Nei, behold", "en": "No, keep it"},
    "progress_reset_done": {
        "nb": "Fremgangen er glemt. Du begynner på nytt.",
        "en": "Your progress is forgotten. You start afresh."},
    "progress_imported": {
        "nb": "Hentet fra {name}: nå har du {stars} av {most} stjerner.",
        "en": "Loaded from {name}: you now have {stars} of {most} stars."},
    "progress_imported_kept": {"nb": "Det du hadde fra før, er beholdt.",
                               "en": "What you had before is kept."},
    "progress_import_broken": {
        "nb": "Kunne ikke hente fremgang fra {name}: {reason}. Ingenting er endret.",
        "en": "Could not load progress from {name}: {reason}. Nothing was changed."},
})


class LearnerLink:
    """The page's link to the learner's data kept in the browser (see the module's
    docstring)."""

    def __init__(self, looks: Looks | None = None) -> None:
        self._sent = ""
        self.widget = widgets.Text(value="", continuous_update=True,
                                   **(looks or Looks()).of(widgets.Text, display="none"))
        self.widget.add_class("kamp-learner")
        self.widget.observe(self._on_value, names="value")
        on_learner_change(self._send)

    def _send(self, data: LearnerData) -> None:
        """The page's data changed: the browser keeps it."""
        self._sent = browser_text(data)
        self.widget.value = self._sent

    def _on_value(self, change: dict[str, Any]) -> None:
        value = change.get("new")
        if value == self._sent:
            return
        message = browser_message(value, self._sent)
        if message is None:  # not the script's message: the field is the page's copy again
            if self._sent:
                self.widget.value = self._sent
            return
        take_from_browser(*message)  # the listeners, _send among them, hear of it


def _course_stars() -> tuple[int, int]:
    paths = [p.path for p in SITE]
    data = current_learner()
    return sum(data.page_stars(p) for p in paths), progress.section_max(paths)


class ProgressBox(widgets.VBox):
    """The learner's progress on the front page: stars in all, and behind one button (made when
    first tapped: the front page opens with fewer parts) export, import and start over."""

    def __init__(self, lang: str = "nb", looks: Looks | None = None) -> None:
        # the page head's looks (``page.looks``): the box and its summary share the head's
        # layout and style models, three models fewer for the front page to open (issue 26's
        # measure: the front page with its progress opens within 1.1× of one without)
        looks = looks or Looks()
        super().__init__(**looks.of(widgets.VBox))
        self.add_class("kamp-progress-box")
        self.add_class("kamp-widget")
        self.lang = lang
        self.looks = looks
        self.summary = html_box("kamp-progress-summary", looks=looks)
        self.tools_button = stock_button(t("progress_tools", lang), "kamp-progress-tools",
                                         on_click=self._on_tools, looks=looks,
                                         width="auto")  # whole label: no stylesheet yet
        self.children = [self.summary, self.tools_button]
        self._render(current_learner())
        on_learner_change(self._render)

    def tools(self) -> None:
        """Show «Last ned fremgangen», «Hent fremgang fra fil» and «Begynn på nytt» (made the
        first time)."""
        if hasattr(self, "messages"):
            return
        lang, looks = self.lang, self.looks
        self.messages = Messages(lang, looks)
        self.export_button = stock_button(t("progress_export", lang), "kamp-progress-export",
                                          on_click=self._on_export, looks=looks)
        self.export_link = html_box("kamp-progress-link", looks=looks)
        self.upload = widgets.FileUpload(accept=".json", multiple=False,
                                         description=t("progress_import", lang), icon="",
                                         tooltip=t("progress_import", lang),
                                         layout=widgets.Layout(width="auto"))  # whole label
        self.upload.add_class("kamp-progress-import")
        limit_upload(self.upload, MAX_STORE_CHARS)
        self.upload.observe(self._on_upload, names="value")
        self.reset_button = stock_button(t("progress_reset", lang), "kamp-progress-reset",
                                         on_click=self._on_reset, looks=looks)
        buttons = button_row([self.export_button, self.upload, self.reset_button], looks)
        buttons.add_class("kamp-row")
        # the course's stylesheet comes with them (the front page has none of its own): the
        # row wraps on a phone and the upload button says what it does without «(0)» (the walk)
        self.children = [style_box(), self.summary, buttons, self.export_link,
                         self.messages.widget]

    @guarded
    def _on_tools(self, _button: widgets.Button) -> None:
        self.tools()

    def _render(self, _data: LearnerData) -> None:
        stars, most = _course_stars()
        lang = self.lang
        # the stars once the learner's data has arrived from the browser (a returning
        # learner's «0 av …» would stand there a moment first); their line's room till then
        said = escape(t("progress_stars", lang, stars=stars, most=most)) if learner_known() \
            else "<span aria-hidden='true' style='visibility:hidden'>&#9733;</span>"
        self.summary.value = (
            f"<h2>{escape(t('progress_heading', lang))}</h2>"
            f"<p style='margin:4px 0'>{said}</p>"
            f"<p style='margin:4px 0'>{escape(t('progress_kept_here', lang))}</p>")
        if hasattr(self, "export_link"):  # a link made before a change carries old data
            self.export_link.value = ""

    def export_text(self) -> str:
        return current_learner().export_text()

    def load(self, content: bytes | str, name: str = EXPORT_NAME) -> bool:
        """Merge a progress file into the learner's data; a file that is not one is refused
        with a sentence, and nothing changes."""
        self.tools()
        try:
            other = read_export(content)
        except KampError as err:
            self.messages.error(t("progress_import_broken", self.lang, name=name,
                                  reason=err.message(self.lang)))
            return False
        data = current_learner()
        had = data.has_progress  # the walk: «Det du hadde fra før …» in a browser that had none
        data.merge(other)
        set_learner(data)
        stars, most = _course_stars()
        said = t("progress_imported", self.lang, name=name, stars=stars, most=most)
        self.messages.info(f"{said} {t('progress_imported_kept', self.lang)}" if had else said)
        return True

    def reset(self) -> None:
        self.tools()
        progress.reset()
        self.messages.info(t("progress_reset_done", self.lang))

    @guarded
    def _on_export(self, _button: widgets.Button) -> None:
        self.messages.clear()
        self.export_link.value = download_html(self.export_text(), EXPORT_NAME, self.lang)

    @guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        for name, content, _size in take_uploads(self.upload, change):
            self.load(content, name=name)

    def _ask_reset(self) -> widgets.HBox:
        """The question before starting over, made when first asked (the front page opens
        with fewer widgets to build)."""
        lang, looks = self.lang, self.looks
        self.confirm_yes = stock_button(t("progress_reset_yes", lang), "kamp-confirm-yes",
                                        on_click=self._on_reset_yes, looks=looks)
        self.confirm_no = stock_button(t("progress_reset_no", lang), "kamp-confirm-no",
                                       on_click=self._on_reset_no, looks=looks)
        question = html_box("kamp-confirm-text", escape(t("progress_reset_ask", lang)), looks)
        self.confirm = button_row([question, self.confirm_yes, self.confirm_no])
        self.confirm.add_class("kamp-confirm")
        self.children = [*self.children[:4], self.confirm, *self.children[4:]]
        return self.confirm

    @guarded
    def _on_reset(self, _button: widgets.Button) -> None:
        self.messages.clear()
        confirm = getattr(self, "confirm", None) or self._ask_reset()
        confirm.layout.display = None

    @guarded
    def _on_reset_yes(self, _button: widgets.Button) -> None:
        self.confirm.layout.display = "none"
        self.reset()

    @guarded
    def _on_reset_no(self, _button: widgets.Button) -> None:
        self.confirm.layout.display = "none"
