"""A score sheet as CSV: ``round,Kari,Ola,…`` and a row per round, read within limits (comma or
semicolon; UTF-8, or as Excel saves it on Windows) and written so that no spreadsheet runs a
cell as a formula."""

from __future__ import annotations

import codecs
import csv
import io
from collections.abc import Sequence
from typing import Any

from kamplib.errors import KampError, SheetError, given
from kamplib.i18n import ByteSize, t
from kamplib.kinds import KIND_NAMES, KINDS, kind_of
from kamplib.rules import GAMES, parse_kind
from kamplib.seating import check_players
from kamplib.sheet.cells import MAX_LINE_CHARS, MAX_SHEET_BYTES, MAX_SHEET_ROWS, Score, parse_score
from kamplib.standings import TIE_BREAK_KIND

__all__ = ["read_csv", "write_csv", "guess_game", "decode_file", "TOTAL_LABELS", "ROUND_LABELS"]

TOTAL_LABELS = ("sum", "total", "totalt", "summen", "sum:")
ROUND_LABELS = ("round", "runde", "omgang")
# A cell a spreadsheet would read as a formula (OWASP, "CSV Injection"); written with a quote
# before it, which spreadsheets show as text and the reader takes off again.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_TEXT_MARK = "'"


def write_csv(players: Sequence[str], rows: Sequence[tuple[str, dict[str, Score]]],
              lang: str | None = None) -> str:
    """``round,Kari,…`` and the rounds by their record names, or with ``lang`` in a reader's
    words (``Runde``, ``Kløver``, ``Fan Tan``); :func:`read_csv` reads both back."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow([t("word_round", lang) if lang else "round", *map(as_text_cell, players)])
    for kind, scores in rows:
        writer.writerow([kind_of(kind).name(lang) if lang else kind,
                         *(score_cell(scores[p]) for p in players)])
    return buf.getvalue()


def guess_game(kinds: list[str]) -> str | None:
    """The first game whose order the rows follow (tie-break Grands may come after it)."""
    for name, order in GAMES.items():
        head, tail = kinds[: len(order)], kinds[len(order):]
        if head == list(order[: len(head)]) and all(k == TIE_BREAK_KIND for k in tail):
            return name
    return None


def as_text_cell(text: str) -> str:
    """A cell no spreadsheet runs as a formula (``=HYPERLINK(…)``, ``@SUM(1)``, ``+1``): such a
    cell, and one that already starts with the quote, gets a quote in front (OWASP's rule)."""
    return _TEXT_MARK + text if text.startswith((*_FORMULA_STARTS, _TEXT_MARK)) else text


def score_cell(score: Score) -> str | int:
    """A score as a number a spreadsheet adds up (``-3`` is a number, not a formula); text kept
    as it was typed is a text cell."""
    return "" if score is None else score if isinstance(score, int) else as_text_cell(score)


def from_cell(cell: str) -> str:
    """What :func:`as_text_cell` wrote, read back as it was."""
    cell = cell.strip()
    return cell[1:] if cell.startswith(_TEXT_MARK) else cell


def decode_file(data: bytes | bytearray | memoryview) -> str:
    """The text of a file a family opens: UTF-8, UTF-16 with its byte-order mark (Excel's
    «Unicode text»), else Windows' own encoding (a sheet saved by Excel)."""
    data = bytes(data)
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass  # not UTF-16 after all: read on as below
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _is_text(text: str) -> bool:
    """Whether ``text`` can be a text file: no NUL, which only a program's own file (a picture,
    a spreadsheet's workbook) has; quoting its first line would show a reader only noise."""
    return "\x00" not in text


def read_csv(text: Any) -> tuple[tuple[str, ...], list[tuple[str, list[Score]]],
                                  list[Score] | None]:
    if isinstance(text, (bytes, bytearray, memoryview)):
        if len(text) > MAX_SHEET_BYTES:
            raise SheetError("sheet_too_big", limit=ByteSize(MAX_SHEET_BYTES))
        text = decode_file(text)
    if not isinstance(text, str):
        raise SheetError("sheet_source", value=given(text))
    if not _is_text(text):
        raise SheetError("sheet_not_text")
    if len(text) > MAX_SHEET_BYTES:
        raise SheetError("sheet_too_big", limit=ByteSize(MAX_SHEET_BYTES))
    # every line break is one: \r\n (Windows), \r (old Macs) and \n
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    physical = text.split("\n")
    for number, line in enumerate(physical, start=1):
        if len(line) > MAX_LINE_CHARS:
            raise SheetError("sheet_line_long", line=number, length=len(line),
                             limit=MAX_LINE_CHARS)
    first = next((line for line in physical if line.strip()), None)
    if first is None:
        raise SheetError("sheet_empty")
    # commas, or semicolons (a spreadsheet where the comma is the decimal sign), or tabs
    # (Excel's «Unicode text»): whichever the first line has most of
    delimiter = max(",;\t", key=first.count)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    lines: list[tuple[int, list[str]]] = []
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                lines.append((reader.line_num, row))
                if len(lines) > MAX_SHEET_ROWS + 2:  # the header and a sum line besides
                    raise SheetError("sheet_too_many_rows_total", limit=MAX_SHEET_ROWS)
    except csv.Error:
        raise SheetError("sheet_csv", line=reader.line_num) from None
    _, header = lines[0]
    header = [from_cell(h) for h in header]
    if header[0].lower() not in ROUND_LABELS:
        raise SheetError("sheet_header", value=given(",".join(header)))
    names = header[1:]
    while names and not names[-1]:
        names.pop()
    try:
        players = check_players(names)
    except KampError as err:
        raise SheetError(err.code, **err.params) from None
    rows: list[tuple[str, list[Score]]] = []
    claimed: list[Score] | None = None
    for number, cells in lines[1:]:
        label = from_cell(cells[0])
        values = [from_cell(c) for c in cells[1:]]
        while len(values) > len(players) and not values[-1]:
            values.pop()
        if len(values) > len(players):
            raise SheetError("sheet_line_length", line=number, count=len(values),
                             expected=len(players))
        values += [""] * (len(players) - len(values))
        if label.lower() in TOTAL_LABELS:
            claimed = [parse_score(v) for v in values]
            continue
        if not label:
            raise SheetError("sheet_no_round_label", line=number)
        try:
            kind = parse_kind(label)
        except KampError:
            raise SheetError("sheet_unknown_round", line=number, value=given(label),
                             kinds=", ".join(KIND_NAMES), total=TOTAL_LABELS[0],
                             aliases=", ".join(a for k in KINDS.values() for a in k.aliases)
                             ) from None
        rows.append((kind, [parse_score(v) for v in values]))
    return players, rows, claimed
