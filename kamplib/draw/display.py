"""Drawings that display themselves: a notebook cell that returns one shows the picture.

As python-chess's ``SvgWrapper``, these are plain ``str`` subclasses (so they compose, compare
and test as text) with the display hook Jupyter looks for; no notebook needs ``HTML(...)``.
"""

from __future__ import annotations

__all__ = ["Html", "Svg", "SR_ONLY", "MUTED"]


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


# Inline styles every drawing shares, so a picture reads right with no stylesheet loaded:
# text only a screen reader should speak, and secondary text that stays readable in the dark
# theme (JupyterLab's own variable, with a grey of 7:1 on white where it is not defined).
SR_ONLY = ("position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
           "clip:rect(0,0,0,0);white-space:nowrap;border:0")
MUTED = "color:var(--jp-ui-font-color2,#595959)"
