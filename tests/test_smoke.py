"""A first end-to-end check: every game and table size plays to the end with random moves."""

import random

import pytest

from kamplib import Game


@pytest.mark.parametrize("game", ["femkamp", "sekskamp", "sjukamp"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_game_ends_with_winners(game: str, players: int) -> None:
    names = ["Kari", "Ola", "Siri", "Per", "Anna"][:players]
    g = Game(names, game, seed=players)
    rng = random.Random(1)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    assert len(g.round_scores()) == len(g.order)
    assert g.winners
    assert min(g.totals().values()) == g.totals()[g.winners[0]]
