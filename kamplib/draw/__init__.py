"""Pure drawing: engine objects in, SVG/HTML strings out (cards, hands, tricks, Fan Tan, sheets).

Engine objects import these lazily in their ``_repr_html_``, so the engine never depends on
drawing.  Every picture carries CSS classes a stylesheet and a test can see, and text labels
(``aria-label``, ``<title>``) a screen reader can speak.
"""

from kamplib.draw.cards import card_back_svg, card_svg, hand_html, suit_color
from kamplib.draw.overview import rounds_overview_html
from kamplib.draw.sheet import scores_html, sheet_html
from kamplib.draw.table import (
    fantan_table_html,
    round_html,
    round_scores_html,
    round_title,
    trick_html,
)

__all__ = [
    "card_svg", "card_back_svg", "hand_html", "suit_color",
    "trick_html", "fantan_table_html", "round_html", "round_scores_html", "round_title",
    "sheet_html", "scores_html", "rounds_overview_html",
]
