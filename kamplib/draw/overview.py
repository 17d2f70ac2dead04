"""The rounds of a game at a glance: a tile per round with its picture, goal and points."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from kamplib.cards import parse_card
from kamplib.draw.cards import card_back_svg, card_svg
from kamplib.draw.display import Html, color
from kamplib.i18n import t
from kamplib.kinds import KINDS
from kamplib.rules import defaults, round_multiplier

__all__ = ["rounds_overview_html"]

EDGE, SURFACE, INK, MUTED_INK = (color(c) for c in ("edge", "surface", "ink", "muted"))


def rounds_overview_html(order: Sequence[str] | Any, lang: str = "nb", *,
                         rules: Any = None) -> str:
    """The rounds of a game at a glance: a small tile per round with its goal and its points.

    ``order`` is a list of kinds, or a :class:`~kamplib.rules.Rules` (then its house rules set
    the points shown).
    """
    if hasattr(order, "order"):
        rules, order = order, order.order
    order = list(order)
    rules = rules or defaults("custom", order)
    tiles = []
    for i, kind in enumerate(order):
        k = KINDS[kind]
        card = k.icon_card(rules)
        icon = card_svg(parse_card(card), lang=lang, scale=0.5) if card else \
            card_back_svg(lang=lang, scale=0.5)
        points = k.points_text(rules, lang)
        if round_multiplier(rules, i) > 1:
            points += f" · {t('draw_double', lang)}"
        name = k.name(lang)
        tiles.append(
            f"<div class='kamp-round-tile kamp-kind-{kind}' role='group' "
            f"aria-label='{escape(f'{i + 1}. {name}')}' style='border:1px solid {EDGE};"
            f"border-radius:8px;padding:6px;width:9.5em;text-align:center;"
            f"background:{SURFACE};color:{INK}'>"
            f"<div style='font-weight:bold'>{i + 1}. {escape(name)}</div>{icon}"
            f"<div class='kamp-goal'>{escape(k.goal(lang))}</div>"
            f"<div class='kamp-points' style='color:{MUTED_INK}'>{escape(points)}</div></div>")
    heading = t("draw_overview", lang)
    return Html(f"<div class='kamp-rounds-overview' aria-label='{escape(heading)}' "
                f"style='display:flex;gap:8px;flex-wrap:wrap'>{''.join(tiles)}</div>")
