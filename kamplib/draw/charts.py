"""Charts as SVG: bars, grouped bars and histograms, the explorations' pictures.

The explorations drew their charts with matplotlib, which the browser edition's Python has not
(and which made every exploration page import a plotting library in the Voilà app).  These are
plain SVG, drawn the same in both editions: a ``viewBox`` that scales to the width there is (a
phone's 390 px as a laptop's), text in the page's own colour (``currentColor``, so the dark
theme reads it too), one hue per series from a palette that stays apart for colour-blind eyes,
each bar's value written beside it, and a spoken summary (``role="img"``, ``aria-label``, a
``<title>``) for a screen reader.  Numbers come as text from the caller, who knows how the
learner writes them.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Sequence
from html import escape

from kamplib.draw.display import Html
from kamplib.i18n import number_text

__all__ = ["bar_chart", "grouped_bars", "histogram", "PALETTE"]

# Okabe–Ito's blue, vermillion, bluish green and reddish purple: told apart with any colour
# vision, and each with a contrast of at least 3:1 on white and on JupyterLab's dark grey.
# Okabe and Ito's colours, told apart by colour-blind eyes too, and a grey for a fifth player
# (a table of five: their fifth was the first's blue again); each at least 3:1 on white
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#6e6e6e")
WIDTH = 440  # a phone shows it at 0.85 of this: its 13 px text stays readable
FONT = 13
SMALL = 11  # a value written on a bar
LINE = 16  # px between lines of a label
Text = Callable[[float], str]


def _heading(title: str) -> str:
    """A chart's title as a heading reads: the catalogue's column names are lower case."""
    return title[:1].upper() + title[1:]


def _open(width: float, height: float, title: str, classes: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="kamp-chart {classes}" role="img" '
            f'aria-label="{escape(title)}" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'style="width:100%;max-width:{width:.0f}px;height:auto;display:block;'
            f'margin:8px 0" font-family="sans-serif" font-size="{FONT}" fill="currentColor">'
            f"<title>{escape(title)}</title>")


def _lines(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width) or [""]


def _text(x: float, y: float, lines: Sequence[str], anchor: str = "start",
          weight: str = "normal") -> str:
    spans = "".join(f'<tspan x="{x:.1f}" dy="{0 if i == 0 else LINE}">{escape(line)}</tspan>'
                    for i, line in enumerate(lines))
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-weight="{weight}">' \
           f"{spans}</text>"


def _nice_top(value: float) -> float:
    """A round number at or above ``value`` for an axis's end (1, 2, 3, 4, 5, 6 or 8 × 10ⁿ),
    each of which halves into a number as round."""
    if value <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    return next(step * power for step in (1, 2, 3, 4, 5, 6, 8, 10) if step * power >= value)


def bar_chart(labels: Sequence[str], values: Sequence[float], *, title: str,
              value_text: Text) -> Html:
    """One horizontal bar per label (labels wrapped at the left, values written after each
    bar); bars start at zero, a negative value goes left of it."""
    label_width = 22  # characters per line of a label
    wrapped = [_lines(label, label_width) for label in labels]
    left = 8 + label_width * FONT * 0.62  # room for wide letters and arrows too
    right = 70
    span = WIDTH - left - right
    low = min(0.0, *values)
    high = max(0.0, *values)
    scale = span / ((high - low) or 1)
    zero = left + (-low) * scale
    rows = []
    y = 34
    for lines, value in zip(wrapped, values, strict=True):
        height = max(22, LINE * len(lines) + 6)
        x0, x1 = sorted((zero, zero + value * scale))
        rows.append(_text(8, y + FONT, lines))
        rows.append(f'<rect x="{x0:.1f}" y="{y:.1f}" width="{max(x1 - x0, 1):.1f}" '
                    f'height="{height - 8}" fill="{PALETTE[0]}"/>')
        after = x1 + 6 if value >= 0 else x0 - 6
        rows.append(_text(after, y + FONT, [value_text(value)],
                          "start" if value >= 0 else "end"))
        y += height
    axis = (f'<line x1="{zero:.1f}" y1="28" x2="{zero:.1f}" y2="{y - 4:.1f}" '
            f'stroke="currentColor" stroke-width="1"/>')
    head = _text(8, 18, [_heading(title)], weight="bold")
    return Html(_open(WIDTH, y + 6, title, "kamp-bar-chart") + head + axis + "".join(rows)
                + "</svg>")


def _legend(names: Sequence[str], y: float) -> tuple[str, float]:
    """Coloured keys for the series, wrapping onto more lines when they do not fit."""
    parts, x = [], 8.0
    for i, name in enumerate(names):
        width = 22 + len(name) * FONT * 0.55 + 16
        if x + width > WIDTH and x > 8:
            x, y = 8.0, y + LINE + 4
        parts.append(f'<rect x="{x:.1f}" y="{y - 10:.1f}" width="12" height="12" '
                     f'fill="{PALETTE[i % len(PALETTE)]}"/>')
        parts.append(_text(x + 18, y, [name]))
        x += width
    return "".join(parts), y


def grouped_bars(categories: Sequence[str], series: Sequence[tuple[str, Sequence[float]]], *,
                 title: str, axis_label: str, value_text: Text) -> Html:
    """Vertical bars, one group per category and one bar per series in it (a legend names
    the series); a line marks zero, and each bar carries its value."""
    legend, bottom_of_legend = _legend([name for name, _ in series], 40)
    left, right = 44, 8
    values = [v for _, vs in series for v in vs]
    group = (WIDTH - left - right) / len(categories)
    bar = group * 0.8 / len(series)
    # values wider than their bars: the values of a group take turns in ``rows`` lines above
    # its tallest bar (below its deepest), so that a value's neighbours in its line are
    # ``rows`` bars away; every bar's value at its own bar's end ran into the next one's when
    # the bars differed by about a line («3,02,03,0», the walk at 390 px)
    widest = max(len(value_text(v)) for v in values) * SMALL * 0.6
    rows = 1 if widest <= bar - 1 or len(series) == 1 else min(
        len(series), math.ceil((widest + 1) / bar))
    step = SMALL + 1 if rows > 1 else 0
    top = bottom_of_legend + 22 + SMALL + step * (rows - 1)
    plot_height = 200
    high = _nice_top(max(0.0, *values))
    low = -_nice_top(-min(values)) if min(values) < 0 else 0.0
    scale = plot_height / (high - low)

    def ypos(value: float) -> float:
        return top + (high - value) * scale

    parts = [_text(8, 18, [_heading(title)], weight="bold"), legend]
    for tick in (low, 0.0, high) if low < 0 else (0.0, high / 2, high):
        parts.append(_text(left - 6, ypos(tick) + 4, [value_text(tick)], "end"))
        parts.append(f'<line x1="{left}" y1="{ypos(tick):.1f}" x2="{WIDTH - right}" '
                     f'y2="{ypos(tick):.1f}" stroke="currentColor" stroke-opacity="'
                     f'{0.9 if tick == 0 else 0.25}" stroke-width="1"/>')
    words = max(4, int(group / (FONT * 0.55)))
    label_lines = 1
    for g, category in enumerate(categories):
        x = left + g * group + group * 0.1
        in_group = [vs[g] for _, vs in series]
        tallest = ypos(max(0.0, *in_group))
        deepest = ypos(min(0.0, *in_group))
        for s, (_, vs) in enumerate(series):
            value = vs[g]
            y0, y1 = sorted((ypos(0.0), ypos(value)))
            parts.append(f'<rect x="{x + s * bar:.1f}" y="{y0:.1f}" width="{bar - 1:.1f}" '
                         f'height="{max(y1 - y0, 1):.1f}" '
                         f'fill="{PALETTE[s % len(PALETTE)]}"/>')
            if rows == 1:  # each value at its own bar's end
                out, y0_label, y1_label = 0, y0, y1
            else:  # above the group's tallest bar, below its deepest one
                out, y0_label, y1_label = step * (s % rows), tallest, deepest
            label = y0_label - 4 - out if value >= 0 else y1_label + SMALL + 2 + out
            parts.append(f'<text x="{x + s * bar + bar / 2:.1f}" y="{label:.1f}" '
                         f'text-anchor="middle" font-size="{SMALL}">'
                         f"{escape(value_text(value))}</text>")
        lines = _lines(category, words)
        label_lines = max(label_lines, len(lines))
        below = SMALL + 2 + step * (rows - 1) if low < 0 else 0  # under the lowest value
        parts.append(_text(left + (g + 0.5) * group, top + plot_height + 18 + below, lines,
                           "middle"))
    bottom = top + plot_height + 18 + LINE * label_lines + (
        SMALL + step * (rows - 1) if low < 0 else 0)
    parts.append(f'<text transform="translate(12 {top + plot_height / 2:.0f}) rotate(-90)" '
                 f'text-anchor="middle">{escape(axis_label)}</text>')
    return Html(_open(WIDTH, bottom, title, "kamp-grouped-bars") + "".join(parts) + "</svg>")


def histogram(series: Sequence[tuple[str, Sequence[float]]], *, title: str, x_label: str,
              y_label: str, bins: int = 12) -> Html:
    """How values spread: the range cut into ``bins`` equal steps, one bar per series in each
    (side by side, as matplotlib's ``hist`` of several lists), counts up the side."""
    values = [v for _, vs in series for v in vs]
    low, high = min(values), max(values)
    step = max(1, math.ceil((high - low + 1) / bins))
    edges = [low + i * step for i in range(bins + 1)]
    counts = [[sum(edges[i] <= v < edges[i + 1] for v in vs) for i in range(bins)]
              for _, vs in series]
    legend, bottom_of_legend = _legend([name for name, _ in series], 40)
    top = bottom_of_legend + 22
    plot_height = 200
    left, right = 44, 8
    most = _nice_top(max(max(c) for c in counts))
    scale = plot_height / most
    width = (WIDTH - left - right) / bins
    bar = width * 0.9 / len(series)
    parts = [_text(8, 18, [_heading(title)], weight="bold"), legend]
    for tick in (0, most / 2, most) if (most / 2).is_integer() else (0, most):
        y = top + plot_height - tick * scale
        parts.append(_text(left - 6, y + 4, [number_text(round(tick))], "end"))
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{WIDTH - right}" y2="{y:.1f}" '
                     f'stroke="currentColor" stroke-opacity="{0.9 if tick == 0 else 0.25}"/>')
    for s, row in enumerate(counts):
        for i, count in enumerate(row):
            height = count * scale
            parts.append(f'<rect x="{left + i * width + s * bar + width * 0.05:.1f}" '
                         f'y="{top + plot_height - height:.1f}" width="{bar:.1f}" '
                         f'height="{height:.1f}" fill="{PALETTE[s % len(PALETTE)]}"/>')
    every = max(1, bins // 6)
    for i in range(0, bins + 1, every):
        parts.append(_text(left + i * width, top + plot_height + 16,
                           [number_text(round(edges[i]))], "middle"))
    bottom = top + plot_height + 16 + LINE
    parts.append(_text(left + (WIDTH - left - right) / 2, bottom + 4, [x_label], "middle"))
    parts.append(f'<text transform="translate(12 {top + plot_height / 2:.0f}) rotate(-90)" '
                 f'text-anchor="middle">{escape(y_label)}</text>')
    return Html(_open(WIDTH, bottom + 12, title, "kamp-histogram") + "".join(parts)
                + "</svg>")
