"""Shared looks: a widget's parts share Layout and style models, and only where that is safe.

Fewer models is what makes a page open sooner in the browser (BENCHMARKS.md, "Pages"); the
danger is a shared model changed for one part, which would change them all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

import ipywidgets as widgets
import pytest

from kamplib.widgets import PlayGame, PlayHand, ScoreSheetWidget
from kamplib.widgets.base import Looks

FAST = {"level": "random", "hint_level": "random", "pace": 0}


def models(root: widgets.Widget) -> Iterator[widgets.Widget]:
    """Every model the browser is sent for ``root``: children, layouts and styles, once each."""
    seen: set[str] = set()
    todo = [root]
    while todo:
        w = todo.pop()
        if w.model_id in seen:
            continue
        seen.add(w.model_id)
        yield w
        for name in w.keys:
            value = getattr(w, name, None)
            items = value if isinstance(value, (list, tuple)) else [value]
            todo += [x for x in items if isinstance(x, widgets.Widget)]


def test_same_traits_same_model_other_traits_other_model() -> None:
    looks = Looks()
    assert looks.layout(width="2em") is looks.layout(width="2em")
    assert looks.layout(width="2em") is not looks.layout(width="3em")
    a, b = looks.of(widgets.Button, {"text_color": "red"}), looks.of(widgets.Button)
    assert a["layout"] is b["layout"] and a["style"] is not b["style"]
    assert isinstance(a["style"], widgets.ButtonStyle) and a["style"].text_color == "red"
    assert "style" not in looks.of(widgets.HBox)


def test_a_table_shares_its_looks_among_its_cards_and_boxes() -> None:
    w = PlayHand("pass", seed=3, **FAST)
    cards = [b for b in w.hand.children if getattr(b, "_kamp_card", None)]
    assert len(cards) == 13
    assert len({id(b.layout) for b in cards}) == 1 and len({id(b.style) for b in cards}) == 1
    assert len({id(x.layout) for x in (w.status, w.table, w.log_box, w.score)}) == 1
    count = Counter(type(m).__name__ for m in models(w))
    # before sharing: one Layout per widget and one style per button or HTML (about 230)
    assert count["Layout"] <= 20 and count["ButtonStyle"] <= 8 and count["HTMLStyle"] <= 4


def test_two_tables_share_nothing() -> None:
    """Per widget, never per module: the browser edition keeps one Python for every page, and a
    page's closed models must never be the next page's."""
    a, b = PlayHand("pass", seed=1, **FAST), PlayHand("pass", seed=1, **FAST)
    assert not {m.model_id for m in models(a)} & {m.model_id for m in models(b)}


@pytest.mark.parametrize("make", [lambda: PlayGame(seed=2, **FAST),
                                  lambda: ScoreSheetWidget()])
def test_parts_that_hide_keep_their_own_layout(make: Callable[[], widgets.Widget]) -> None:
    """Hiding the confirmation (or the next-round button) hides nothing else."""
    w = make()
    hidden = [w.confirm] + ([w.next_button, w.after] if isinstance(w, PlayGame) else [])
    others = [m for m in models(w) if isinstance(m, widgets.DOMWidget) and m not in hidden]
    for part in hidden:
        assert all(part.layout is not m.layout for m in others), part._dom_classes


def test_the_trump_buttons_keep_their_suits_colours() -> None:
    from kamplib.cards import SUITS
    from kamplib.draw.cards import suit_color

    w = PlayHand("pass", seed=3, four_color=True, **FAST)
    colours = [b.style.text_color for b in w.trump_buttons]
    assert colours == [suit_color(s, True) for s in SUITS] and len(set(colours)) == 4
