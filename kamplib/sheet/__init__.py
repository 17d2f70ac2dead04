"""Score sheets: the table a family keeps, and a checker that judges it as the engine would.

A :class:`ScoreSheet` holds rows of ``(kind, {player: score})`` as typed in — a score is an
``int``, ``None`` (not typed yet) or the text that was typed, so nothing entered is ever lost.
:meth:`ScoreSheet.standing` judges the whole sheet the way :class:`~kamplib.game.Game` judges a
game: every cell and row against what the round kind (:mod:`kamplib.kinds`) makes possible at
this table under these house rules, the tie-break rounds and the winner by
:mod:`kamplib.standings`.  Each problem is a sentence a family understands; while a row has
one, no total and no winner is declared.

One job per module: :mod:`~kamplib.sheet.model` the sheet, :mod:`~kamplib.sheet.cells` what a
cell holds and the limits, :mod:`~kamplib.sheet.csvfile` the CSV codec,
:mod:`~kamplib.sheet.judge` the checker, :mod:`~kamplib.sheet.reach` what a round makes possible,
:mod:`~kamplib.sheet.verdict` its result, :mod:`~kamplib.sheet.frames` the pandas tables (the
sheets extra), :mod:`~kamplib.sheet.texts` the sentences.
"""

from __future__ import annotations

from kamplib.sheet import texts as _texts  # noqa: F401  (registers the sentences)
from kamplib.sheet.cells import (
                                 MAX_LINE_CHARS,
                                 MAX_SCORE_DIGITS,
                                 MAX_SHEET_BYTES,
                                 MAX_SHEET_ROWS,
                                 Score,
                                 parse_score,
)
from kamplib.sheet.csvfile import TOTAL_LABELS
from kamplib.sheet.model import ScoreSheet
from kamplib.sheet.verdict import Problem, SheetStanding

__all__ = ["ScoreSheet", "SheetStanding", "Problem", "parse_score", "Score", "TOTAL_LABELS",
           "MAX_SHEET_BYTES", "MAX_SHEET_ROWS", "MAX_LINE_CHARS", "MAX_SCORE_DIGITS"]
