"""Undo belongs to the engine: every action is in the history, and taking one back restores the
state exactly (python-chess's ``Board.pop``)."""

from __future__ import annotations

import random

import pytest

from kamplib import Game, IllegalMove
from kamplib.autoplay import autoplay, make_bots
from kamplib.moves import ChooseTrump, Entry
from kamplib.record import write_record

NAMES = ["Kari", "Ola", "Siri", "Per"]


def state(g: Game) -> tuple:
    rnd = g.round
    return (len(g.rounds), write_record(g), tuple(rnd.hands), rnd.to_move, tuple(g.legal_moves()),
            tuple(rnd.score_list()), g.is_over)


@pytest.mark.parametrize("game", ["femkamp", "sekskamp", "sjukamp"])
def test_undo_after_every_action_restores_the_state(game: str) -> None:
    rules = {"trump": "dealer"} if game == "sjukamp" else {}
    g = Game(NAMES, game, rules, seed=4)
    rng = random.Random(4)
    before = [state(g)]
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
        before.append(state(g))
    before.pop()
    while before:
        g.undo()
        assert state(g) == before.pop()
    with pytest.raises(IllegalMove, match="ingenting å angre"):
        g.undo()


def test_the_dealers_choice_of_trump_is_an_action() -> None:
    g = Game(NAMES, "custom", {"order": ["trumf"], "trump": "dealer"}, seed=2)
    assert g.round.needs_trump and g.to_move == g.players[g.round.dealer]
    g.play("H")
    assert g.round.history == (Entry(g.round.dealer, ChooseTrump("H")),) and g.round.trump == "H"
    assert g.round.replayed().trump == "H"
    g.undo()
    assert g.round.needs_trump and g.round.trump is None and g.round.history == ()


def test_undo_into_the_previous_round() -> None:
    g = Game(NAMES, "femkamp", seed=9)
    autoplay(g, make_bots(4, "heuristic", seed=9), stop="round")
    assert len(g.rounds) == 2 and g.rounds[0].is_over and not g.round.history
    who, _ = g.undo()
    assert len(g.rounds) == 1 and not g.round.is_over and len(g.round.hand(who)) == 1


def test_undo_the_learners_last_move_and_the_bots_replies() -> None:
    g = Game(NAMES, "femkamp", seed=5)
    bots = make_bots(4, "heuristic", seed=5, humans={0})
    autoplay(g, bots)  # up to the learner's turn
    g.play(g.legal_moves()[0])
    autoplay(g, bots)
    history = g.round.history
    undone = g.undo_last_move_of("Kari")
    assert [who for who, _ in undone][-1] == "Kari"
    assert g.round.history == history[: len(history) - len(undone)]
    assert g.to_move == "Kari"
    with pytest.raises(IllegalMove):
        Game(NAMES, "femkamp", seed=5).undo_last_move_of("Ola")
