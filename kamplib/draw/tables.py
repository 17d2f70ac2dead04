"""Plain tables as HTML: the deck, the dealers, a trick log, a score table, a simulation summary.

The course shows small tables of words and numbers; pandas would draw them with an index-name
row and needs a heavy import, and the notebook's stylesheet right-aligns every cell.  This draws
them with the alignment inline (numbers right, words left), a header row, and an optional sum
row, so they look the same in Jupyter, Voilà and the browser-only edition.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from numbers import Number
from typing import Any

from kamplib.draw.display import Html
from kamplib.i18n import number_text

__all__ = ["table_html", "cell_text"]

# Cells keep 10 px either side on a wide screen and shrink to 3 px on a phone, so a trick log of
# four players (eight columns) fits 390 px without scrolling.
_PAD = "padding:3px clamp(3px, 1.2vw, 10px)"
_CELL = f"{_PAD};border-bottom:1px solid #ddd;vertical-align:top"
_HEAD = f"{_PAD};border-bottom:2px solid #888;vertical-align:bottom"
_FOOT = f"{_PAD};border-top:2px solid #888;font-weight:bold"


def cell_text(value: Any) -> str:
    """A cell as a reader sees it: ``−5`` with a real minus sign, ``2,5`` is left to the caller."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return number_text(value)
    return "" if value is None else str(value)


def _is_number(value: Any) -> bool:
    return isinstance(value, Number) and not isinstance(value, bool)


def table_html(columns: Sequence[str], rows: Sequence[Sequence[Any]], *,
               footer: Sequence[Any] | None = None, caption: str = "",
               align: Sequence[str] | None = None, classes: str = "kamp-table",
               marked: Sequence[int] = ()) -> Html:
    """A table with a heading row, ``rows``, and an optional ``footer`` row (a sum).

    ``align`` gives ``left``/``right`` per column; by default a column of numbers is right-aligned
    and any other column left-aligned.  ``marked`` rows (by index) are shown in bold.
    """
    if align is None:
        align = ["right" if rows and all(_is_number(r[i]) or r[i] is None for r in rows)
                 and any(_is_number(r[i]) for r in rows) else "left"
                 for i in range(len(columns))]
    head = "".join(f"<th scope='col' style='{_HEAD};text-align:{a}'>{escape(str(c))}</th>"
                   for c, a in zip(columns, align, strict=True))
    body = []
    bold = set(marked)
    for i, row in enumerate(rows):
        weight = ";font-weight:bold" if i in bold else ""
        cells = "".join(f"<td style='{_CELL};text-align:{a}{weight}'>{escape(cell_text(v))}</td>"
                        for v, a in zip(row, align, strict=True))
        body.append(f"<tr>{cells}</tr>")
    foot = ""
    if footer is not None:
        cells = "".join(f"<td style='{_FOOT};text-align:{a}'>{escape(cell_text(v))}</td>"
                        for v, a in zip(footer, align, strict=True))
        foot = f"<tfoot><tr>{cells}</tr></tfoot>"
    cap = (f"<caption style='caption-side:top;text-align:left;font-weight:bold;"
           f"padding:2px 0'>{escape(caption)}</caption>") if caption else ""
    return Html(f"<div class='kamp-table-wrap' style='overflow-x:auto;max-width:100%'>"
                f"<table class='{escape(classes)}' style='border-collapse:collapse;"
                f"margin:6px 0;width:auto'>{cap}<thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(body)}</tbody>{foot}</table></div>")
