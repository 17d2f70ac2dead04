"""Every widget in English on request: no Norwegian label, message or heading left."""

from __future__ import annotations

import random
import re

import ipywidgets as widgets
import pytest

from kamplib.widgets import Drill, PlayGame, PlayHand, ScoreSheetWidget, Walkthrough

# Norwegian words and letters that no English page should show (the players' names are Kari,
# Ola, Siri, Per and Anna; the learner is "You").
NORWEGIAN = re.compile(r"[æøåÆØÅ]|\b(Runde|runde|Du|kort|stikk|Stikk|poeng|Poeng|Neste|Angre|"
                       r"Tips|Lagre|Åpne|spilte|tok|Riktig|Sjekk|Motstandere|Spill|ingen)\b")


@pytest.fixture(autouse=True)
def _no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAMP_PACE", "0")


def texts(w: widgets.Widget) -> list[str]:
    """Every text a widget tree shows: descriptions, tooltips, HTML values (tags removed)."""
    out = []
    for attr in ("description", "tooltip", "placeholder"):
        value = getattr(w, attr, None)
        if isinstance(value, str):
            out.append(value)
    if isinstance(w, widgets.HTML) and "kamp-style" not in w._dom_classes:
        out.append(re.sub(r"<[^>]+>", " ", w.value))
    if isinstance(w, widgets.Accordion):
        out += [w.get_title(i) or "" for i in range(len(w.children))]
    for child in getattr(w, "children", ()):
        out += texts(child)
    return out


def norwegian_in(w: widgets.Widget) -> list[str]:
    return [x for x in texts(w) if NORWEGIAN.search(x)]


def test_a_whole_game_in_english() -> None:
    w = PlayGame(lang="en", seed=3, level="random", hint_level="heuristic")
    rng = random.Random(3)
    assert norwegian_in(w) == []
    while not w.session.game_over:
        if w.session.can_continue:
            assert norwegian_in(w) == [], "the round summary"
            w.next_button.click()
            continue
        legal = [b for b in w.hand.children if "kamp-legal" in b._dom_classes]
        (rng.choice(legal) if legal else w.pass_button).click()
        assert norwegian_in(w) == []
    assert "The game is over" in w.summary.value
    w.save_button.click()
    assert norwegian_in(w) == [] and "femkamp-finished-deal-3.json" in w.save_link.value


def test_a_hand_a_walkthrough_a_drill_and_a_sheet_in_english() -> None:
    hand = PlayHand("fantan", lang="en", seed=2, level="random", hint_level="heuristic")
    hand.hint_button.click()
    assert norwegian_in(hand) == []
    hand.new_deal_button.click()
    assert norwegian_in(hand) == []
    assert norwegian_in(Walkthrough.generate("damer", 3, lang="en")) == []
    drill = Drill("mixed", seed=4, lang="en")
    for _ in range(8):
        if drill.answer_buttons:
            drill.answer_buttons[0].click()
        assert norwegian_in(drill) == []
        drill.next_button.click()
    sheet = ScoreSheetWidget(lang="en", players=["Kari", "Ola", "Siri"])
    sheet.cell(0, "Ola").value = "x"
    sheet.example_button.click()
    assert norwegian_in(sheet) == []
