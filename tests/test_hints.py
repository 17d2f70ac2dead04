"""Hints: a recommended move with a reason in the learner's language, and every move labelled."""

from __future__ import annotations

import pytest
from test_bots import position

from kamplib import Game, RuleError
from kamplib.hints import LABELS, Hint, hint, rate_move
from kamplib.kinds import KIND_NAMES as KINDS
from kamplib.view import make_view


def _view_with_a_choice(kind: str):
    g = Game(["Kari", "Ola", "Siri", "Per"], "custom", {"order": [kind]}, seed=11)
    while len(g.legal_moves()) < 2:
        g.play(g.legal_moves()[0])
    return make_view(g.round, g.round.to_move)


@pytest.mark.parametrize("kind", KINDS)
def test_hint_reason_in_both_languages_and_a_label_for_every_move(kind: str) -> None:
    view = _view_with_a_choice(kind)
    h = hint(view, samples=4)
    assert isinstance(h, Hint) and h.move in view.legal
    nb, en = h.text("nb"), h.text("en")
    assert nb and en and nb != en
    assert "gjetninger" in nb and "guesses" in en  # the search ran and says so
    assert [r.move for r in h.ratings] == list(view.legal)
    assert all(r.label in LABELS and r.expected is not None for r in h.ratings)
    assert h.rating(h.move).label == "good"
    assert {r.label_text("nb") for r in h.ratings} <= {"godt", "risikabelt", "dårlig"}
    quick = hint(view, level="heuristic")
    assert quick.text("nb") and all(r.expected is None for r in quick.ratings)


def test_hint_names_the_tactic() -> None:
    h = hint(position("klover", "KC 3C AS", "5D", not_mine="D"), level="heuristic")
    assert h.move.text == "KC"
    assert h.text("nb").startswith("Du er renons i ruter: kast kløver ♣K nå")


def test_rate_move_tells_a_bad_move_from_a_good_one() -> None:
    view = position("damer", "QS 5S", "KS AS", not_mine="2S 3S 4S 6S 7S 8S 9S TS JS")
    good = rate_move(view, "QS", samples=8, time_budget=None)
    bad = rate_move(view, "5S", samples=8, time_budget=None)
    assert good.label == "good" and bad.label in ("risky", "bad")
    assert good.expected < bad.expected
    assert rate_move(view, "♠Q", samples=8, time_budget=None) == good


def test_rate_move_refuses_an_illegal_move_clearly() -> None:
    view = position("pass", "AH QH 3H", "KH")
    with pytest.raises(RuleError) as err:
        rate_move(view, "2C", samples=2)
    assert "2C" in err.value.message("nb") and "♥A" in err.value.message("en")
    with pytest.raises(RuleError, match="hint"):
        hint(view, level="genius")


def test_hint_is_the_same_for_the_same_seed() -> None:
    view = _view_with_a_choice("grand")
    once = hint(view, samples=5, seed=4, time_budget=None)  # no clock: fully reproducible
    assert once == hint(view, samples=5, seed=4, time_budget=None)
