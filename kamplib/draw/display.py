"""Drawings that display themselves: a notebook cell that returns one shows the picture.

As python-chess's ``SvgWrapper``, these are plain ``str`` subclasses (so they compose, compare
and test as text) with the display hook Jupyter looks for; no notebook needs ``HTML(...)``.
"""

from __future__ import annotations

__all__ = ["Html", "Svg", "SR_ONLY", "MUTED", "PALETTE", "color", "palette_css", "DARK_PAGE"]


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
# text only a screen reader should speak (secondary text: MUTED, below the palette).
SR_ONLY = ("position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
           "clip:rect(0,0,0,0);white-space:nowrap;border:0")


# The colours the pages' own drawings use, light and dark: every text at least 4.5:1 on the
# background it is drawn on (the page's: white in the light theme, #111 in Voilà's dark one; or
# the tile's or the note's own), every edge at least 3:1.  A drawing says ``color("ink")``, a
# CSS variable with the light value as its fallback, so a picture reads right where no stylesheet
# is loaded (a download, a printout); :func:`palette_css` switches them to the dark values.
PALETTE: dict[str, tuple[str, str]] = {
    "ink": ("#1b1b1b", "#ececec"),          # text on a surface of our own (tile, note)
    "muted": ("#595959", "#b5b5b5"),        # secondary text
    "link": ("#1a5fb4", "#8ab4f8"),
    "alert": ("#aa1122", "#ff8a80"),        # a problem with the choices, a refused move
    "good": ("#1d6b1d", "#7fd17f"),
    "bad": ("#b3261e", "#ff8a80"),
    "surface": ("#fafafa", "#1e1e1e"),      # a tile, a box on the page
    "edge": ("#8c8c8c", "#8c8c8c"),         # the edge of a tile or a box (3:1 on both pages)
    "note": ("#f5f8fb", "#1c2733"),         # a note's background
    "note-edge": ("#5b87b3", "#6f9fd0"),
    "rule": ("#dddddd", "#3d3d3d"),         # lines between table rows (not information)
    # a suit's ink in text on the page (a card's face is white in both themes: card_svg)
    "suit-black": ("#1b1b1b", "#ececec"),
    "suit-red": ("#c8102e", "#ff8a80"),
    "suit-green": ("#137a2f", "#7fd17f"),   # the four-colour deck's clubs
    "suit-blue": ("#1d4fc4", "#8ab4f8"),    # the four-colour deck's diamonds
    "star": ("#8a5a00", "#ffc83d"),         # the stars a learner earned
}
# The page behind the drawings in the dark theme (Voilà's JupyterLab Dark): what contrast is
# measured against.
DARK_PAGE = "#111111"
# Where the dark values apply: Voilà's dark page, JupyterLab's, or a page whose head says so
# (the browser edition draws its own page).  Two rules: a browser without ``:has`` drops only
# the second.
_DARK = ('body.theme-dark, body[data-jp-theme-light="false"]', "body:has(.kamp-theme-dark)")


def color(name: str) -> str:
    """The CSS value of a palette colour: its variable, with the light colour as fallback."""
    return f"var(--kamp-{name},{PALETTE[name][0]})"


# Secondary text: the palette's grey (7:1 on white, 9.6:1 on the dark page; JupyterLab's own
# grey is 4.5:1 on white and less on a table's striped row).
MUTED = f"color:{color('muted')}"


def palette_css() -> str:
    """The stylesheet that gives the palette its values, light and dark."""
    light = ";".join(f"--kamp-{k}:{v[0]}" for k, v in PALETTE.items())
    dark = ";".join(f"--kamp-{k}:{v[1]}" for k, v in PALETTE.items())
    return "\n".join([f":root{{{light}}}", *(f"{where}{{{dark}}}" for where in _DARK)])
