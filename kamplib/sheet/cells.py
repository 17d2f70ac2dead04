"""What a cell of a score sheet holds, and the limits a sheet is read within.

A score is an ``int``, ``None`` (not typed yet) or the text that was typed, so nothing entered is
ever lost: :func:`parse_score` turns whatever was typed into one of the three.
"""

from __future__ import annotations

import re
from typing import Any

from kamplib.errors import given

__all__ = ["Score", "parse_score", "NUMBER", "MINUS_SIGNS", "MAX_SHEET_BYTES", "MAX_SHEET_ROWS",
           "MAX_LINE_CHARS", "MAX_SCORE_DIGITS"]

Score = int | str | None

# Limits a sheet is checked against before it is read (a real game has five to eight rows).
MAX_SHEET_BYTES = 1_000_000
MAX_SHEET_ROWS = 10_000
MAX_LINE_CHARS = 2_000
# A score with more digits than this is kept as the text typed and reported (it also keeps
# every number inside what a pandas Int64 column holds).
MAX_SCORE_DIGITS = 18

# A whole number as typed (``-5``, ``+3``, `` 4 ``), once every minus sign is ``-``.
NUMBER = re.compile(r"([+-]?)\s*([0-9]+)")
MINUS_SIGNS = str.maketrans({"−": "-", "–": "-", "—": "-"})


def parse_score(value: Any) -> Score:
    """A whole number from what was typed (``-5``, ``−5``, ``+3``, `` 4 ``), ``None`` for
    nothing, and otherwise the text as typed — never an exception, whatever the value.

    Only the digits 0–9 make a number (``²`` and ``1,5`` stay text), and a number of more than
    :data:`MAX_SCORE_DIGITS` digits stays text too; the checker reports both.
    """
    if value is None:
        return None
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        if abs(value) < 10**MAX_SCORE_DIGITS:
            return value
        return str(value) if value.bit_length() < 10_000 else given(value)
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 10**MAX_SCORE_DIGITS:
            return int(value)
        return repr(value)
    if isinstance(value, str):
        typed = value
    else:
        try:
            typed = str(value)
        except Exception:  # a value that cannot even say what it is
            return given(value)
    text = typed.strip()
    if not text:
        return None
    match = NUMBER.fullmatch(text.translate(MINUS_SIGNS))
    if match and len(match[2]) <= MAX_SCORE_DIGITS:
        return -int(match[2]) if match[1] == "-" else int(match[2])
    return typed
