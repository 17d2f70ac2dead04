"""Drawings that display themselves: a notebook cell that returns one shows the picture.

As python-chess's ``SvgWrapper``, these are plain ``str`` subclasses (so they compose, compare
and test as text) with the display hook Jupyter looks for; no notebook needs ``HTML(...)``.
"""

from __future__ import annotations

__all__ = ["Html", "Svg"]


class Html(str):
    """HTML text that Jupyter shows as HTML."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return str(self)


class Svg(str):
    """SVG text that Jupyter shows as a picture (and as HTML where SVG output is not used)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return str(self)
