"""Type in the scores of a game played at the cabin: your own players, game and house rules,
totals and the checker's problems at their cell, the rules' example, CSV to save and open.

The widget lays out a :class:`~kamplib.teach.scoresheet.SheetEntry`, which keeps every cell
exactly as typed and names a winner only when nothing is wrong.  The inputs sit in a grid that
fits a phone, and a problem never moves them: the cell is marked and the sentence goes on a
line of its own under the grid.  The sheet lives in a file the learner keeps: «Lagre» offers
it as a download, «Åpne» reads it back.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from kamplib.draw.display import color
from kamplib.draw.sheet import sheet_table_html
from kamplib.errors import KampError
from kamplib.i18n import t
from kamplib.rules import Rules, make_rules, parse_kind
from kamplib.teach.notes import joined
from kamplib.teach.scoresheet import MAX_CSV_BYTES, SheetEntry
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
from kamplib.widgets.memory import Memory
from kamplib.widgets.style import PROBLEM_INPUT, style_box

__all__ = ["ScoreSheetWidget", "PRESETS"]

PRESETS = ("eksempel", "example")
_SHEETS = itertools.count(1)  # each sheet's own class, for the marks of its wrong cells


class ScoreSheetWidget(widgets.VBox):
    """A score sheet to fill in round by round, checked as you type."""

    def __init__(self, players: Sequence[str] = ("Kari", "Ola", "Siri", "Per"),
                 game: str = "femkamp", rules: Rules | dict[str, Any] | None = None,
                 preset: str | None = None, lang: str = "nb") -> None:
        super().__init__()
        self.add_class("kamp-score-sheet-widget")
        self.add_class("kamp-widget")
        self.lang = lang
        looks = self.looks = Looks()
        self.messages = Messages(lang, looks)
        if preset is not None and preset not in PRESETS:
            raise ValueError(f"preset is one of {PRESETS}, not {preset!r}")  # a page's own code
        self.entry = SheetEntry(players, game, rules)
        self._asked = (tuple(players), game, rules)  # the page's table: a «new sheet» starts it
        self._asked_game = self.entry.rules.game
        if preset:
            self.entry.use_example(confirmed=True)
        self._picker: Any = None
        # why the names in the page's address are not the sheet's (refused, or a kept sheet won)
        self.names = html_box("kamp-sheet-names", self._names_refused(), looks=looks)
        self.settings = widgets.Accordion(children=[html_box("kamp-settings-closed",
                                                             looks=looks)])
        self.settings.set_title(0, t("w_sheet_settings", lang))
        self.settings.selected_index = None
        self.settings.add_class("kamp-sheet-settings")
        self.settings.observe(self._on_settings, names="selected_index")
        self.grid = widgets.GridBox()
        self.grid.add_class("kamp-sheet-grid")
        self.grid.add_class("kamp-sheet-inputs")
        self._scope = f"kamp-sheet-{next(_SHEETS)}"
        self.grid.add_class(self._scope)
        self._marked: frozenset[tuple[int, str]] = frozenset()
        self.notes = html_box("kamp-sheet-problems", looks=looks)
        self.add_button = stock_button(t("w_add_row", lang), "kamp-add-row",
                                       on_click=self._on_add, looks=looks)
        self.remove_button = stock_button(t("w_remove_row", lang), "kamp-remove-row",
                                          on_click=self._on_remove, looks=looks)
        self.example_button = stock_button(t("w_example", lang), "kamp-example",
                                           on_click=self._on_example, looks=looks)
        self.confirm_text = html_box("kamp-confirm-text", looks=looks)
        self._pending: Callable[[], None] | None = None  # what «yes» does (example, file)
        self.confirm_yes = stock_button(t("w_example_yes", lang), "kamp-confirm-yes",
                                        on_click=self._on_confirm_yes, looks=looks)
        self.confirm_no = stock_button(t("w_example_no", lang), "kamp-confirm-no",
                                       on_click=self._on_confirm_no, looks=looks)
        self.confirm = button_row([self.confirm_text, self.confirm_yes, self.confirm_no])
        self.confirm.add_class("kamp-confirm")
        self.confirm.add_class("kamp-row")
        self.confirm.layout.display = "none"
        self.export_button = stock_button(t("w_export", lang), "kamp-export",
                                          on_click=self._on_export, looks=looks)
        self.csv_link = html_box("kamp-csv-link", looks=looks)
        self.upload = widgets.FileUpload(accept=".csv,.txt", multiple=False,
                                         description=t("w_open_csv", lang), icon="",
                                         tooltip=t("w_open_csv", lang))
        limit_upload(self.upload, MAX_CSV_BYTES)
        self.upload.observe(self._on_upload, names="value")
        self.table = html_box("kamp-sheet-table", looks=looks)
        self.standings = html_box("kamp-standings", looks=looks)
        rows = [button_row([self.add_button, self.remove_button, self.example_button], looks),
                button_row([self.export_button, self.csv_link, self.upload], looks)]
        for row in rows:
            row.add_class("kamp-row")
        # what the learner typed, kept in the browser: it comes back after a lost kernel
        self.memory = Memory("sheet", self._restore, looks)
        self.children = [style_box(), self.names, self.settings, self.grid, self.notes, rows[0],
                         self.confirm, self.messages.widget, self.standings, self.table,
                         rows[1], self.memory.widget]
        self._inputs: list[list[widgets.Text]] = []
        self._build_grid()
        self._render()

    def _names_refused(self, kept: bool = False) -> str:
        """The page's address named players the sheet cannot use (too long, twice, too few):
        say why, which names the sheet uses instead, and where to type the family's own (the
        page's head leaves this to the sheet: :data:`kamplib.site.pages.SHEET_PAGES`).  Over a
        ``kept`` sheet of other names, only why: the kept sheet's message says whose it is."""
        from kamplib.teach.choices import current

        choices = current()
        if not choices.players_refused:
            return ""
        if kept:
            text = t("w_sheet_names_refused_kept", self.lang, reason=choices.players_refused)
        elif tuple(self.entry.players) != choices.players:
            return ""
        else:
            text = t("w_sheet_names_refused", self.lang, reason=choices.players_refused,
                     players=joined(self.entry.players, self.lang),
                     settings=t("w_sheet_settings", self.lang))
        return (f"<div class='kamp-refused' role='alert' style='color:{color('alert')};"
                f"font-weight:bold'>{escape(text)}</div>")

    @property
    def picker(self) -> Any:
        """The game, players and house rules (:class:`~kamplib.widgets.rules_picker.RulesPicker`),
        made when the settings are first opened: its sixty-odd widget models would otherwise
        reach the browser with every page that shows a score sheet, most of them never looked
        at."""
        if self._picker is None:
            self._make_picker()
        return self._picker

    def _make_picker(self) -> None:
        """A picker that shows the sheet's own table: its game, players and house rules (with
        the game and players alone, a sheet with 5 points per queen showed 4, and the first
        renamed player put the sheet back to 4)."""
        from kamplib.teach.choices import current
        from kamplib.widgets.rules_picker import RulesPicker

        rules = self.entry.rules
        table = current().with_(game=rules.game, players=tuple(self.entry.players),
                                changes=rules.differences())
        self._picker = RulesPicker(lang=self.lang, choices=table)
        self._picker.on_change(self._on_table)
        self.settings.children = [self._picker]

    @property
    def sheet(self) -> Any:
        """The checked score sheet (:class:`kamplib.sheet.ScoreSheet`) of what is typed."""
        return self.entry.sheet

    # -- the inputs ----------------------------------------------------------------------------
    def _build_grid(self) -> None:
        """Inputs for every cell, in a grid: a column per player that shares the width."""
        lang = self.lang
        entry = self.entry
        plain = self.looks.of(widgets.HTML)
        head = [widgets.HTML(f"<b>{escape(t('word_round', lang))}</b>", **plain)]
        head += [widgets.HTML(f"<b class='kamp-sheet-name'>"
                              f"{escape(p)}</b>", **plain) for p in entry.players]
        cells: list[widgets.Widget] = list(head)
        self._inputs = []
        for i in range(len(entry.kinds)):
            cells.append(widgets.HTML(escape(entry.row_label(i, lang)), **plain))
            texts: list[widgets.Text] = []
            for p in entry.players:
                w = widgets.Text(value=entry.cell(i, p), continuous_update=False,
                                 **self.looks.of(widgets.Text, width="auto"))
                w.add_class("kamp-score-input")
                w.add_class(f"kamp-cell-{i}-{len(texts)}")  # marked wrong by CSS (_render)
                w.tooltip = f"{p}, {entry.row_label(i, lang)}"
                w._kamp_cell = (i, p)
                w.observe(self._on_cell, names="value")
                texts.append(w)
            cells += texts
            self._inputs.append(texts)
        self.grid.children = cells
        n = len(entry.players)
        self.grid.layout.grid_template_columns = (f"minmax(4.5em, 9em) "
                                                  f"repeat({n}, minmax(2.5em, 6em))")
        self.grid.layout.grid_gap = "2px 4px"

    def _marks_css(self) -> str:
        """The wrong cells' frames, as a style rule beside the problems' sentences.  Not a
        class on the inputs: a change to an input's model makes its view write the model's value
        back into the field, so a score typed into the next cell while the last one's check was
        on its way was wiped (typing fast: Kari, Tab, Ola; Ola's cell was marked as missing)."""
        if not self._marked:
            return ""
        players = self.entry.players
        cells = ", ".join(f".{self._scope} .kamp-cell-{row}-{players.index(player)} input"
                          for row, player in sorted(self._marked) if player in players)
        return f"<style>{cells} {{ {PROBLEM_INPUT} }}</style>"

    def is_marked(self, row: int, player: str) -> bool:
        """Whether the input of one score is framed as wrong (for tests and notebooks)."""
        return (row, player) in self._marked

    def cell(self, row: int, player: str) -> widgets.Text:
        """The input of one score (for tests and notebooks)."""
        return self._inputs[row][self.entry.players.index(player)]

    # -- handlers ------------------------------------------------------------------------------
    @guarded
    def _on_cell(self, change: dict[str, Any]) -> None:
        row, player = change["owner"]._kamp_cell
        self.entry.set_cell(row, player, change["new"])
        self.messages.clear()
        self._render()

    def _table_changed(self) -> None:
        """The sheet has other players or rules than the picker shows (an example, a file): the
        picker is made again from the sheet, so that changing it never brings the old back."""
        self.names.value = self._names_refused()
        if self._picker is not None:
            self._make_picker()

    @guarded
    def _on_settings(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self.picker  # noqa: B018  (made on first opening)

    @guarded
    def _on_table(self, picker: Any) -> None:
        self.names.value = ""  # the family's own names now, whatever the address said
        self.entry.set_table(picker.players, picker.rules)
        self._build_grid()
        self._render()

    @guarded
    def _on_add(self, _b: widgets.Button) -> None:
        self.entry.add_row()
        self._build_grid()
        self._render()

    @guarded
    def _on_remove(self, _b: widgets.Button) -> None:
        self.entry.remove_row()
        self._build_grid()
        self._render()

    @guarded
    def _on_example(self, _b: widgets.Button) -> None:
        if self.entry.use_example():
            self._after_example()
            return
        self._ask(t("entry_example_confirm", self.lang), t("w_example_yes", self.lang),
                  self._use_example)

    def _use_example(self) -> None:
        self.entry.use_example(confirmed=True)
        self._after_example()

    def _ask(self, question: str, yes: str, then: Callable[[], None]) -> None:
        """Ask before what is typed is replaced; ``then`` runs on «yes»."""
        self._pending = then
        self.confirm_text.value = escape(question)
        self.confirm_yes.description = self.confirm_yes.tooltip = yes
        self.confirm.layout.display = None

    @guarded
    def _on_confirm_yes(self, _b: widgets.Button) -> None:
        then, self._pending = self._pending, None
        self.confirm.layout.display = "none"
        if then is not None:
            then()

    @guarded
    def _on_confirm_no(self, _b: widgets.Button) -> None:
        self._pending = None
        self.confirm.layout.display = "none"

    def _after_example(self) -> None:
        self.confirm.layout.display = "none"
        self.messages.info(t("entry_example_loaded", self.lang))
        self._table_changed()
        self._build_grid()
        self._render()

    @guarded
    def _on_export(self, _b: widgets.Button) -> None:
        text = self.entry.to_csv(self.lang)
        name = self.entry.file_name(self.lang)
        self.csv_link.value = download_html(text, name, self.lang, mime="text/csv")
        self.csv = text

    @guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        files = take_uploads(self.upload, change)
        for name, content, size in files:
            self.open_csv(content, name=name, size=size)

    def open_csv(self, content: bytes | str, *, name: str = "poengark.csv",
                 size: int | None = None, confirmed: bool = False) -> bool:
        """Open a saved sheet; a broken file is refused and what is typed is kept.  Over typed
        scores the learner is asked first (False until they say yes)."""
        try:
            entry = SheetEntry.from_csv(content, name=name, size=size)
        except KampError as err:
            self.messages.error(t("teach_file_broken", self.lang, name=name,
                                  reason=err.message(self.lang)) + " "
                                + t("teach_file_kept", self.lang))
            return False
        if not confirmed and self.entry.typed:
            self._ask(t("w_confirm_open_sheet", self.lang, name=name),
                      t("w_confirm_yes_open", self.lang), lambda: self._opened(entry, name))
            return False
        self._opened(entry, name)
        return True

    def _restore(self, kept: Any) -> None:
        """What the learner had typed, brought back from the browser after a lost kernel (the
        same checks as a sheet typed now: what cannot be a sheet leaves this one as it is)."""
        try:
            entry = SheetEntry(kept["players"], rules=make_rules(kept["game"], kept["rules"]))
            kinds = [str(kind) for kind in kept["kinds"]]
            texts = [{p: str(row.get(p, "")) for p in entry.players} for row in kept["texts"]]
            if len(kinds) != len(texts) or not kinds:
                return
            for kind in kinds:
                parse_kind(kind)
            entry.kinds, entry.texts = kinds, texts
            entry._build()
        except (KampError, KeyError, TypeError, AttributeError):
            return
        named = (self._asked[0], self._asked_game)
        other = (tuple(entry.players), entry.rules.game) != named
        if other and not entry.typed:
            return  # nothing typed for another table: the address's stays
        self.entry = entry
        self._table_changed()
        if other:  # the address's names, if it had any that could not be used, are not used
            self.names.value = self._names_refused(kept=True)
        self._build_grid()
        self._render()
        self.memory.shown_again(self)
        if not other or not self._address_chose():
            self.messages.restored(t("w_sheet_restored", self.lang))
            return
        lang = self.lang
        asked = self._table_words(*named)
        self.messages.restored(t("w_sheet_restored_other", lang,
                             kept=self._table_words(entry.players, entry.rules.game),
                             named=asked))
        self._ask(t("w_sheet_ask_named", lang, named=asked), t("w_sheet_yes_named", lang),
                  self._start_named)

    def _table_words(self, players: Sequence[str], game: str) -> str:
        """«Sjukamp for Mormor, Jonas og Emma»."""
        from kamplib.rules import game_name

        return t("w_sheet_table", self.lang, game=game_name(game, self.lang),
                 players=joined(players, self.lang))

    def _address_chose(self) -> bool:
        """Whether the page's players or game came from its address or the front page (not
        the defaults a page uses when nobody chose any)."""
        from kamplib.seating import default_players
        from kamplib.teach.choices import current

        chosen = current()
        return (self._asked[0], self._asked_game) == (chosen.players, chosen.game) and (
            chosen.players != default_players() or chosen.game != "femkamp")

    def _start_named(self) -> None:
        """A new, empty sheet for the page's own table (the kept sheet is given up)."""
        self.entry = SheetEntry(*self._asked)
        self._table_changed()
        self._build_grid()
        self._render()
        self.messages.info(t("w_sheet_new_named", self.lang, named=self._table_words(
            self.entry.players, self.entry.rules.game)))

    def _opened(self, entry: SheetEntry, name: str) -> None:
        self.entry = entry
        self._table_changed()
        self._build_grid()
        self._render()
        self.messages.info(t("entry_opened", self.lang, name=name))

    # -- drawing -------------------------------------------------------------------------------
    def _render(self) -> None:
        lang = self.lang
        entry = self.entry
        problems = entry.problems()
        self._marked = frozenset((p.row, p.player) for p in problems
                                 if p.player and p.row is not None)
        self.notes.value = self._marks_css() + "".join(
            f"<div class='kamp-problem' role='note' style='color:{color('bad')}'>⚠ "
            f"{escape(p.message(lang))}</div>" for p in problems)
        sheet = entry.sheet
        labels = [entry.row_label(i, lang) for i in range(len(entry.kinds))]
        self.table.value = sheet_table_html(entry.players, sheet.rows, winners=entry.winners(),
                                            lang=lang, problems=problems, labels=labels)
        totals = entry.totals()
        if totals is None:  # a row has a problem: no total until it is put right
            self.standings.value = escape(entry.verdict().message(lang))
        elif not entry.typed:  # an empty sheet «looks right» says nothing
            self.standings.value = escape(t("w_sheet_nothing_yet", lang))
        else:
            ranked = sorted(entry.players, key=lambda p: totals[p])
            standings = ", ".join(f"{p} {totals[p]}" for p in ranked)
            # who won (or what is still to play) in words, as every other sheet in the course says
            verdict = "" if problems else \
                f" {entry.verdict().message(lang)}. {t('w_sheet_ok', lang)}"
            self.standings.value = escape(t("standings", lang, standings=standings) + verdict)
        self.memory.keep({"game": entry.rules.game, "rules": entry.rules.differences(),
                          "players": list(entry.players), "kinds": list(entry.kinds),
                          "texts": entry.texts})
