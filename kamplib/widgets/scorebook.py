"""The score book under the score sheet: put a finished sheet in it, see the games and who wins
what, download a game or the whole book, open a book or a sheet from a file.

The book (:class:`~kamplib.teach.scorebook.ScoreBook`) lives in the browser's storage, key
``kamp/1/scorebook``: a hidden text field (``.kamp-scorebook``) carries it.  The page's script
(the shared storage bridge, ``kamp-memory.js``, in both editions) puts what the browser kept
into the field once, as ``{"schema": "kamp-scorebook/1", "restore": <the stored text>, "how":
"merge"}``, and keeps whatever the field holds afterwards; when another tab changes the book, the
field is given that tab's book with ``"how": "replace"``, which this page takes instead of its
own.  Until the browser has answered, this widget writes nothing there, so a game entered in the
first moment never replaces the stored book: it joins it.  Without a page script (a plain
notebook) the book lasts as long as the kernel.
"""

from __future__ import annotations

import datetime
import json
from html import escape
from typing import Any

import ipywidgets as widgets

from kamplib.errors import KampError
from kamplib.i18n import register, t
from kamplib.teach.house_rules import game_name
from kamplib.teach.scorebook import (
    BOOK_SCHEMA,
    MAX_BOOK_CHARS,
    ScoreBook,
    date_text,
    games_table,
    kinds_chart,
    kinds_table,
    stats_table,
    why_unreadable,
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

__all__ = ["ScoreBookWidget"]

register({
    "w_book_add": {"nb": "Legg spillet i poengboka", "en": "Put the game in the score book"},
    "w_book_game_csv": {"nb": "Last ned spillet (CSV)", "en": "Download the game (CSV)"},
    "w_book_remove": {"nb": "Ta spillet ut av boka", "en": "Take the game out of the book"},
    "w_book_remove_confirm": {"nb": "Vil du ta spillet fra {date} ut av poengboka?",
                              "en": "Take the game of {date} out of the score book?"},
    "w_book_yes": {"nb": "Ja, ta det ut", "en": "Yes, take it out"},
    "w_book_no": {"nb": "Nei, behold det", "en": "No, keep it"},
    "w_book_export": {"nb": "Last ned hele boka", "en": "Download the whole book"},
    "w_book_open": {"nb": "Åpne poengbok eller ark", "en": "Open a book or a sheet"},
    "w_book_pick": {"nb": "Velg spill", "en": "Pick a game"},
    "w_book_choice": {"nb": "{date} · {game} · {players}", "en": "{date} · {game} · {players}"},
    "book_added": {"nb": "Spillet fra {date} er lagt i poengboka.",
                   "en": "The game of {date} is in the score book."},
    "book_removed": {"nb": "Spillet fra {date} er tatt ut av poengboka.",
                     "en": "The game of {date} is out of the score book."},
    "book_empty": {"nb": "Poengboka er tom. Fyll ut et ark over og legg det i boka.",
                   "en": "The score book is empty. Fill in a sheet above and put it in the "
                         "book."},
    "book_unreadable": {
        "nb": "{count} {count:spill|spill} i poengboka på denne enheten kunne ikke leses og er "
              "ikke med nedenfor. {count:Det|De} er tatt vare på som {count:det|de} var, og "
              "følger med når du laster ned boka.",
        "en": "{count} {count:game|games} in the score book on this device could not be read "
              "and {count:is|are} not shown below. {count:It is|They are} kept as {count:it "
              "was|they were}, and {count:goes|go} with the book when you download it."},
    "book_imported": {
        "nb": "{added} {added:spill|spill} lagt til fra {name}; {same} fantes fra før.",
        "en": "{added} {added:game|games} added from {name}; {same} {same:was|were} already "
              "there."},
    "book_imported_skipped": {
        "nb": "{count} {count:spill|spill} i filen kunne ikke leses og er ikke lagt til.",
        "en": "{count} {count:game|games} in the file could not be read and {count:was|were} "
              "not added."},
})


class ScoreBookWidget(widgets.VBox):
    """The family's score book; ``sheet`` is the score-sheet widget whose game goes in."""

    def __init__(self, sheet: Any = None, lang: str = "nb") -> None:
        super().__init__()
        self.add_class("kamp-score-book")
        self.add_class("kamp-widget")
        self.lang = lang
        self.sheet = sheet
        self.book = ScoreBook()
        self._restored = False  # the browser has given back what it kept
        looks = Looks()
        self.messages = Messages(lang, looks)
        self.date = widgets.DatePicker(value=datetime.date.today(),
                                       description=t("book_col_date", lang))
        self.date.add_class("kamp-book-date")
        self.add_button = stock_button(t("w_book_add", lang), "kamp-book-add",
                                       on_click=self._on_add, looks=looks)
        self.add_button.disabled = sheet is None
        self.games = html_box("kamp-book-games", looks=looks)
        self.pick = widgets.Dropdown(options=[], description=t("w_book_pick", lang))
        self.pick.add_class("kamp-book-pick")
        self.csv_button = stock_button(t("w_book_game_csv", lang), "kamp-book-csv",
                                       on_click=self._on_game_csv, looks=looks)
        self.remove_button = stock_button(t("w_book_remove", lang), "kamp-book-remove",
                                          on_click=self._on_remove, looks=looks)
        self.confirm_text = html_box("kamp-confirm-text", looks=looks)
        self.confirm_yes = stock_button(t("w_book_yes", lang), "kamp-confirm-yes",
                                        on_click=self._on_remove_yes, looks=looks)
        self.confirm_no = stock_button(t("w_book_no", lang), "kamp-confirm-no",
                                       on_click=self._on_remove_no, looks=looks)
        self.confirm = button_row([self.confirm_text, self.confirm_yes, self.confirm_no])
        self.confirm.add_class("kamp-confirm")
        self.confirm.layout.display = "none"
        self.game_link = html_box("kamp-book-game-link", looks=looks)
        self.stats = html_box("kamp-book-stats", looks=looks)
        self.export_button = stock_button(t("w_book_export", lang), "kamp-book-export",
                                          on_click=self._on_export, looks=looks)
        self.book_link = html_box("kamp-book-link", looks=looks)
        self.upload = widgets.FileUpload(accept=".json,.csv,.txt", multiple=False,
                                         description=t("w_book_open", lang), icon="",
                                         tooltip=t("w_book_open", lang))
        limit_upload(self.upload, MAX_BOOK_CHARS)
        self.upload.observe(self._on_upload, names="value")
        # the bridge to the browser's storage (see the module's docstring)
        self.store = widgets.Text(value="", continuous_update=True,
                                  **looks.of(widgets.Text, display="none"))
        self.store.add_class("kamp-scorebook")
        self.store.observe(self._on_store, names="value")
        self.chooser = button_row([self.pick, self.csv_button, self.remove_button])  # hidden
        # while the book is empty, so its layout is its own
        rows = [button_row([self.date, self.add_button], looks), self.chooser,
                button_row([self.export_button, self.book_link, self.upload], looks)]
        for row in rows:
            row.add_class("kamp-row")
        self.children = [rows[0], self.messages.widget, self.games, rows[1], self.confirm,
                         self.game_link, self.stats, rows[2], self.store]
        self._render()

    # -- the browser's copy --------------------------------------------------------------------
    def _on_store(self, change: dict[str, Any]) -> None:
        value = change.get("new")
        if not isinstance(value, str) or len(value) > 2 * MAX_BOOK_CHARS + 100:
            return
        try:
            message = json.loads(value)
        except ValueError:
            return
        if not isinstance(message, dict) or message.get("schema") != BOOK_SCHEMA \
                or "restore" not in message:
            return  # the book as this widget wrote it, or not ours
        kept = ScoreBook.from_json(message["restore"])
        if message.get("how") != "replace":
            kept.merge(self.book.games)  # a game entered before the browser answered joins it
        self.book = kept  # (another tab's newer book is taken as it is)
        self._restored = True
        self._keep()
        self._render()
        if kept.unreadable:
            count = len(kept.unreadable)
            self.messages.error(t("book_unreadable", self.lang, count=count) + " " + t(
                "book_why", self.lang, count=count,
                reason=why_unreadable(kept.unreadable[0], self.lang)))

    def _keep(self) -> None:
        """Hand the book to the browser (only once it has given back what it kept)."""
        if self._restored:
            self.store.value = self.book.to_json()

    # -- buttons -------------------------------------------------------------------------------
    @guarded
    def _on_add(self, _b: widgets.Button) -> None:
        date = self.date.value.isoformat() if self.date.value else None
        game = self.book.add(self.sheet.entry.sheet, date)
        self._keep()
        self._render()
        self.pick.value = game.id
        self.messages.info(t("book_added", self.lang, date=date_text(game.date, self.lang)))

    def _picked(self) -> Any:
        return next((g for g in self.book.games if g.id == self.pick.value), None)

    @guarded
    def _on_game_csv(self, _b: widgets.Button) -> None:
        game = self._picked()
        if game is None:
            return
        name = game.file_name(self.lang)
        self.game_link.value = download_html(game.to_csv(self.lang), name,
                                             t("w_download", self.lang, name=name),
                                             mime="text/csv")

    @guarded
    def _on_remove(self, _b: widgets.Button) -> None:
        game = self._picked()
        if game is None:
            return
        self.confirm_text.value = escape(t("w_book_remove_confirm", self.lang,
                                           date=date_text(game.date, self.lang)))
        self.confirm.layout.display = "flex"

    @guarded
    def _on_remove_yes(self, _b: widgets.Button) -> None:
        self.confirm.layout.display = "none"
        game = self.book.remove(self.pick.value)
        if game is None:
            return
        self._keep()
        self._render()
        self.messages.info(t("book_removed", self.lang, date=date_text(game.date, self.lang)))

    def _on_remove_no(self, _b: widgets.Button) -> None:
        self.confirm.layout.display = "none"

    @guarded
    def _on_export(self, _b: widgets.Button) -> None:
        name = self.book.file_name(self.lang)
        self.book_link.value = download_html(self.book.export_text(), name,
                                             t("w_download", self.lang, name=name))

    @guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        for name, content, _size in take_uploads(self.upload, change):
            self.open_file(content, name)

    def open_file(self, content: bytes | str, name: str) -> None:
        """Take in the games of a book file, or of one sheet's CSV; a file that is neither is
        refused in words and the book stays as it is."""
        rules = self.sheet.entry.rules if self.sheet is not None else None
        try:
            opened = ScoreBook.open_file(content, name, rules)
        except KampError as err:
            self.messages.error(t("teach_file_broken", self.lang, name=name,
                                  reason=err.message(self.lang)) + " "
                                + t("teach_file_kept", self.lang))
            return
        added, same = self.book.merge(opened.games)
        self._keep()
        self._render()
        said = t("book_imported", self.lang, added=added, name=name, same=same)
        if opened.skipped:
            said += " " + t("book_imported_skipped", self.lang, count=opened.skipped)
        self.messages.info(said)

    # -- drawing -------------------------------------------------------------------------------
    def _render(self) -> None:
        lang = self.lang
        book = self.book
        self.pick.options = [(t("w_book_choice", lang, date=date_text(g.date, lang),
                                game=game_name(g.rules.game, lang),
                                players=", ".join(g.players)), g.id) for g in book.games]
        if book.games and self.pick.value is None:
            self.pick.value = book.games[0].id  # a game is picked, its buttons do something
        self.chooser.layout.display = "flex" if book.games else "none"
        if not book.games:
            self.games.value = f"<p class='kamp-book-empty'>{escape(t('book_empty', lang))}</p>"
            self.stats.value = ""
            return
        self.games.value = games_table(book, lang).html()
        self.stats.value = (stats_table(book, lang).html() + kinds_table(book, lang).html()
                            + kinds_chart(book, lang))
