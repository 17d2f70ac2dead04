"""Bots: legal moves everywhere, tactics in known positions, no peeking, reasons, determinism."""

from __future__ import annotations

import pytest

from kamplib import Game, RuleError
from kamplib.bots import LEVELS, Decision, make_bot


def play_out(game: Game, bots: dict) -> Game:
    while not game.is_over:
        view = game.round.view(game.round.to_move)
        decision = bots[view.player].choose(view)
        assert isinstance(decision, Decision)
        assert decision.move in view.legal
        assert decision.text("nb") and decision.text("en")
        game.play(decision.move)
    return game


def test_random_bot_plays_a_whole_game_and_is_deterministic() -> None:
    names = ["Kari", "Ola", "Siri", "Per"]
    totals = []
    for _ in range(2):
        bots = {p: make_bot("random", seed=i) for i, p in enumerate(names)}
        totals.append(play_out(Game(names, "femkamp", seed=3), bots).totals())
    assert totals[0] == totals[1]


def test_unknown_level_is_a_clear_bilingual_error() -> None:
    with pytest.raises(RuleError) as err:
        make_bot("expert")
    assert "expert" in err.value.message("nb") and "vanskelig" in err.value.message("nb")
    assert all(level in err.value.message("en") for level in LEVELS)
