"""Tables as plain text for a terminal: the ``kamp`` command's score sheet and simulation summary,
with no library beneath them (the core installs nothing besides Python)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["text_table"]


def text_table(rows: Sequence[Sequence[str]], *, left: int = 1) -> str:
    """``rows`` (the first is the heading) as aligned columns two spaces apart: the first
    ``left`` columns flush left (names), the others flush right (numbers).

    >>> print(text_table([["Runde", "Kari", "Ola"], ["1. Pass", "3", "12"]]))
    Runde    Kari  Ola
    1. Pass     3   12
    """
    if not rows:
        return ""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(width) if i < left else cell.rjust(width)
                       for i, (cell, width) in enumerate(zip(row, widths, strict=True)))
             for row in rows]
    return "\n".join(line.rstrip() for line in lines)
