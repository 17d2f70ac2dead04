"""Cards as SVG: corners, a large suit symbol, red/black or four colours, and a spoken label.

Every function is pure: engine objects in, an SVG or HTML string out.  CSS classes name what a
stylesheet or a test may look for (``card hearts queen``, ``kamp-legal``, ``four-color``); the
few styles that matter are inline so a picture looks right even where no stylesheet is loaded.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from html import escape
from urllib.parse import quote

from kamplib.cards import RANK_DISPLAY, SUIT_SYMBOLS, Card
from kamplib.draw import texts as _texts  # noqa: F401  (registers the drawing's words)
from kamplib.draw.display import color
from kamplib.i18n import t

__all__ = ["card_svg", "card_back_svg", "card_face_url", "PALE_FACE", "hand_html", "suit_color",
           "card_classes", "SUIT_CLASS", "RANK_CLASS", "four_color_css"]

SUIT_CLASS = {"S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds"}
RANK_CLASS = {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten", 9: "nine", 8: "eight",
              7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two"}
_TWO_COLORS = {"S": "#1b1b1b", "C": "#1b1b1b", "H": "#c8102e", "D": "#c8102e"}
# Four-colour deck for colour-blind learners: clubs green, diamonds blue.
_FOUR_COLORS = {"S": "#1b1b1b", "C": "#137a2f", "H": "#c8102e", "D": "#1d4fc4"}

WIDTH, HEIGHT = 60, 84
# The face of a card that cannot be played now: grey enough to tell apart, light enough that
# every suit's ink keeps a contrast of at least 4.5:1 on it (the four-colour green, the closest
# pairing: 4.6:1).
PALE_FACE = "#ebebeb"


def suit_color(suit: str, four_color: bool = False) -> str:
    """The ink of a suit: red and black, or the four-colour deck."""
    return (_FOUR_COLORS if four_color else _TWO_COLORS)[suit]


def suit_ink(suit: str, four_color: bool = False) -> str:
    """A suit's ink for text on the page, not on a card's face: the palette's, so it reads in
    the dark theme too (black spades on a dark page would not)."""
    ink = suit_color(suit, four_color)
    name = {"#1b1b1b": "suit-black", "#c8102e": "suit-red", "#137a2f": "suit-green",
            "#1d4fc4": "suit-blue"}[ink]
    return color(name)


def four_color_css() -> str:
    """Rules that redraw every card picture on the page in the four-colour deck (a page whose
    learner chose it): the suit's ink is the card's one ``fill``, which a stylesheet overrides."""
    return "\n".join(
        f"svg.card.{SUIT_CLASS[suit]}:not(.four-color) > g{{fill:{ink}}}"
        for suit, ink in _FOUR_COLORS.items() if ink != _TWO_COLORS[suit])


def card_classes(card: Card, *, four_color: bool = False) -> list[str]:
    return ["card", SUIT_CLASS[card.suit], RANK_CLASS[card.rank],
            "red" if card.is_red else "black", *(["four-color"] if four_color else [])]


def card_svg(card: Card, *, lang: str = "nb", four_color: bool = False,
             legal: bool | None = None, winning: bool = False, scale: float = 1.0,
             classes: Iterable[str] = (), note: str = "") -> str:
    """One card face as an inline SVG with ``role="img"`` and a spoken label ("hjerter dame").

    ``legal`` True/False adds ``kamp-legal``/``kamp-illegal`` (raised or dimmed); ``winning``
    adds ``kamp-winning`` and a gold frame; ``note`` is appended to the label.
    """
    label = card.name(lang)
    cls = card_classes(card, four_color=four_color)
    style = "vertical-align:bottom;"
    if legal is True:
        cls += ["kamp-legal", "legal"]
        label += ", " + t("draw_legal", lang)
        style += "transform:translateY(-6px);"
    elif legal is False:
        # a grey face with the full ink (contrast stays above 4.5:1), not a faded card
        cls += ["kamp-illegal", "illegal"]
        label += ", " + t("draw_illegal", lang)
    if winning:
        cls += ["kamp-winning", "winning"]
    if note:
        label += ", " + note
    cls += list(classes)
    ink = suit_color(card.suit, four_color)
    rank = RANK_DISPLAY[card.rank]
    sym = SUIT_SYMBOLS[card.suit]
    rank_size, corner = (17, 2) if len(rank) > 1 else (20, 4)
    w, h = round(WIDTH * scale), round(HEIGHT * scale)
    frame = "#b8860b" if winning else "#767676"
    stroke = 3 if winning else 1
    face = PALE_FACE if legal is False else "#fff"
    dash = ' stroke-dasharray="4 3"' if legal is False else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{" ".join(cls)}" role="img" '
        f'aria-label="{escape(label)}" data-card="{card.text}" width="{w}" height="{h}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" style="{style}">'
        f"<title>{escape(label)}</title>"
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="6" fill="{face}" '
        f'stroke="{frame}" stroke-width="{stroke}"{dash}/>'
        f'<g fill="{ink}" font-family="sans-serif" font-weight="bold">'
        # Large corner indices: hands are often drawn at half size, and the rank is what a
        # learner must read at a glance.
        f'<text x="{corner}" y="21" font-size="{rank_size}" letter-spacing="-1">{rank}</text>'
        f'<text x="5" y="37" font-size="15">{sym}</text>'
        f'<text x="30" y="61" font-size="26" text-anchor="middle">{sym}</text>'
        f'<g transform="rotate(180 {WIDTH / 2} {HEIGHT / 2})">'
        f'<text x="{corner}" y="21" font-size="{rank_size}" letter-spacing="-1">{rank}</text>'
        f'<text x="5" y="37" font-size="15">{sym}</text></g>'
        "</g></svg>"
    )


def card_face_url(card: Card, *, four_color: bool = False, legal: bool | None = None) -> str:
    """The card's face as a ``data:`` URL, for a stylesheet that draws a button as the card."""
    svg = card_svg(card, four_color=four_color, legal=legal)
    return "data:image/svg+xml;charset=utf-8," + quote(svg, safe=" =:/;,-.()")


def card_back_svg(*, lang: str = "nb", scale: float = 1.0, classes: Iterable[str] = ()) -> str:
    """A card seen from the back, for hands the learner may not see."""
    label = t("draw_back", lang)
    w, h = round(WIDTH * scale), round(HEIGHT * scale)
    cls = " ".join(["card", "card-back", *classes])
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" role="img" '
        f'aria-label="{escape(label)}" width="{w}" height="{h}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" style="vertical-align:bottom;">'
        f"<title>{escape(label)}</title>"
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="6" fill="#1f3a6e" '
        f'stroke="#888"/>'
        f'<rect x="7" y="7" width="{WIDTH - 14}" height="{HEIGHT - 14}" rx="3" fill="none" '
        f'stroke="#c9d6f0" stroke-dasharray="3 3"/></svg>'
    )


def hand_html(cards: Iterable[Card], *, legal: Collection[Card] | None = None,
              lang: str = "nb", four_color: bool = False, player: str | None = None,
              hidden: bool = False, scale: float = 0.9) -> str:
    """A hand in a row: legal cards raised (``kamp-legal``), the others dimmed (``kamp-illegal``).

    ``legal=None`` marks nothing (someone else's turn); ``hidden`` shows card backs only.
    """
    cards = list(cards)
    label = t("draw_hand_of", lang, player=player) if player else ""
    if hidden:
        inner = "".join(card_back_svg(lang=lang, scale=scale) for _ in cards)
        label = t("draw_hidden_hand", lang, player=player or "?", count=len(cards))
    else:
        inner = "".join(
            card_svg(c, lang=lang, four_color=four_color, scale=scale,
                     legal=None if legal is None else c in legal, classes=("kamp-card",))
            for c in cards)
    aria = f' aria-label="{escape(label)}"' if label else ""
    return (f'<div class="kamp-hand" role="group"{aria} '
            f'style="display:flex;gap:3px;flex-wrap:wrap;padding-top:8px;">{inner}</div>')
