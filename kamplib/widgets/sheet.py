"""Type in the scores of a real game: live totals and standings, the checker's problems beside
the row they concern, the seeds' example as a preset, and CSV export.

Whatever is typed is kept as typed (the score sheet stores text it cannot read as a number and
the checker says what is wrong), so nothing is lost when a row does not add up.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from kamplib.draw.sheet import sheet_html
from kamplib.errors import RuleError
from kamplib.i18n import t
from kamplib.rules import Rules
from kamplib.widgets.base import (
    Messages,
    button_row,
    download_html,
    guarded,
    html_box,
    stock_button,
)

__all__ = ["ScoreSheetWidget", "PRESETS"]

PRESETS = ("eksempel", "example")


class ScoreSheetWidget(widgets.VBox):
    """A score sheet to fill in round by round, checked as you type."""

    def __init__(self, players: Sequence[str] = ("Kari", "Ola", "Siri", "Per"),
                 game: str = "femkamp", rules: Rules | dict[str, Any] | None = None,
                 preset: str | None = None, lang: str = "nb") -> None:
        from kamplib.sheet import ScoreSheet

        super().__init__()
        self.add_class("kamp-score-sheet-widget")
        self.lang = lang
        self.messages = Messages(lang)
        if preset is not None and preset not in PRESETS:
            raise RuleError("bad_rule_value", key="preset", value=preset,
                            allowed=", ".join(PRESETS))
        if preset:
            self.sheet = ScoreSheet.example()
        else:
            self.sheet = ScoreSheet(players, game, rules)
            for _ in self.sheet.rules.order:
                self.sheet.add_row()
        self.grid = widgets.VBox()
        self.grid.add_class("kamp-sheet-inputs")
        self.add_button = stock_button(t("w_add_row", lang), "kamp-add-row",
                                       on_click=self._on_add, width="auto")
        self.remove_button = stock_button(t("w_remove_row", lang), "kamp-remove-row",
                                          on_click=self._on_remove, width="auto")
        self.example_button = stock_button(t("w_example", lang), "kamp-example",
                                           on_click=self._on_example, width="auto")
        self.export_button = stock_button(t("w_export", lang), "kamp-export",
                                          on_click=self._on_export, width="auto")
        self.csv_link = html_box("kamp-csv-link")
        self.table = html_box("kamp-sheet-table")
        self.standings = html_box("kamp-standings")
        self.children = [self.grid,
                         button_row([self.add_button, self.remove_button,
                                     self.example_button]),
                         self.messages.widget, self.table, self.standings,
                         widgets.HBox([self.export_button, self.csv_link])]
        self._inputs: list[list[widgets.Text]] = []
        self._row_notes: list[widgets.HTML] = []
        self._build_grid()
        self._render()

    # -- the inputs ----------------------------------------------------------------------------
    def _build_grid(self) -> None:
        """Build the inputs from scratch (a new sheet)."""
        self._head = widgets.HBox(
            [widgets.HTML("", layout=widgets.Layout(width="9em"))]
            + [widgets.HTML(f"<b>{escape(p)}</b>", layout=widgets.Layout(width="6em"))
               for p in self.sheet.players])
        self._inputs = []
        self._row_notes = []
        self._row_boxes: list[widgets.HBox] = []
        self._sync_grid()

    def _sync_grid(self) -> None:
        """Add or drop input rows so they match the sheet, keeping what is already typed."""
        lang = self.lang
        while len(self._inputs) > len(self.sheet.rows):
            self._inputs.pop()
            self._row_notes.pop()
            self._row_boxes.pop().close()
        for i in range(len(self._inputs), len(self.sheet.rows)):
            scores = self.sheet.rows[i][1]
            texts = []
            for p in self.sheet.players:
                value = scores.get(p)
                w = widgets.Text(value="" if value is None else str(value),
                                 continuous_update=False,
                                 layout=widgets.Layout(width="6em"))
                w.add_class("kamp-score-input")
                w.tooltip = f"{p}, {self.sheet.row_label(i, lang)}"
                w._kamp_cell = (i, p)
                w.observe(self._on_cell, names="value")
                texts.append(w)
            note = html_box("kamp-row-problems")
            label = widgets.HTML(escape(self.sheet.row_label(i, lang)),
                                 layout=widgets.Layout(width="9em"))
            self._inputs.append(texts)
            self._row_notes.append(note)
            self._row_boxes.append(widgets.HBox([label, *texts, note]))
        self.grid.children = [self._head, *self._row_boxes]

    def cell(self, row: int, player: str) -> widgets.Text:
        """The input of one score (for tests and notebooks)."""
        return self._inputs[row][self.sheet.players.index(player)]

    # -- handlers ------------------------------------------------------------------------------
    @guarded
    def _on_cell(self, change: dict[str, Any]) -> None:
        row, player = change["owner"]._kamp_cell
        self.sheet.set_score(row, player, change["new"])
        self.messages.clear()
        self._render()

    @guarded
    def _on_add(self, _b: widgets.Button) -> None:
        self.sheet.add_row()
        self._sync_grid()
        self._render()

    @guarded
    def _on_remove(self, _b: widgets.Button) -> None:
        if self.sheet.rows:
            self.sheet.remove_row(len(self.sheet.rows) - 1)
        self._sync_grid()
        self._render()

    @guarded
    def _on_example(self, _b: widgets.Button) -> None:
        from kamplib.sheet import ScoreSheet

        self.sheet = ScoreSheet.example()
        self._build_grid()
        self._render()

    @guarded
    def _on_export(self, _b: widgets.Button) -> None:
        text = self.sheet.to_csv()
        name = "poengark.csv" if self.lang == "nb" else "score-sheet.csv"
        self.csv_link.value = download_html(text, name, t("w_download", self.lang, name=name),
                                            mime="text/csv")
        self.csv = text

    # -- drawing -------------------------------------------------------------------------------
    def _render(self) -> None:
        lang = self.lang
        problems = self.sheet.problems()
        for i, note in enumerate(self._row_notes):
            mine = [p for p in problems if p.row == i]
            note.value = "".join(
                f"<div class='kamp-problem' style='color:#a12'>⚠ {escape(p.message(lang))}</div>"
                for p in mine)
            bad = {p.player for p in mine if p.player}
            for player, w in zip(self.sheet.players, self._inputs[i], strict=True):
                if player in bad:
                    w.add_class("kamp-problem")
                else:
                    w.remove_class("kamp-problem")
        self.table.value = sheet_html(self.sheet, lang=lang)
        totals = self.sheet.totals()
        ranked = sorted(self.sheet.players, key=lambda p: totals[p])
        standings = ", ".join(f"{p} {totals[p]}" for p in ranked)
        ok = "" if problems else f" {t('w_sheet_ok', lang)}"
        self.standings.value = escape(t("standings", lang, standings=standings) + ok)
