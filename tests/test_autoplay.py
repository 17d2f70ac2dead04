"""The one loop that plays bots, and its one seed scheme."""

from __future__ import annotations

from kamplib import Game
from kamplib.autoplay import STOP_ROUND, STOP_TURN, autoplay, make_bots, seat_seed, steps

NAMES = ["Kari", "Ola", "Siri", "Per"]


def test_stops_at_the_humans_turn_and_names_who_moved() -> None:
    g = Game(NAMES, "femkamp", seed=3)
    moved = autoplay(g, make_bots(4, "heuristic", seed=3, humans={2}), reasons=True)
    assert g.to_move == "Siri"
    assert all(s.player != "Siri" and s.decision is not None for s in moved)
    assert [s.player for s in moved] == [g.players[e.seat] for e in g.round.history]


def test_stops_at_the_end_of_a_round_and_after_one_turn() -> None:
    g = Game(NAMES, "femkamp", seed=3)
    bots = make_bots(4, "random", seed=3)
    moved = autoplay(g, bots, stop=STOP_ROUND)
    assert moved[-1].ended_round and g.rounds[0].is_over and not g.rounds[1].history
    assert len(list(steps(g, bots, stop=STOP_TURN))) == 1


def test_same_seed_same_game() -> None:
    def play(seed: int) -> list:
        g = Game(NAMES, "sjukamp", seed=seed)
        autoplay(g, make_bots(4, ["random", "heuristic", "random", "heuristic"], seed=seed))
        return [r.history for r in g.rounds]

    assert play(7) == play(7) != play(8)
    assert seat_seed(7, 2) != seat_seed(7, 3) and seat_seed(None, 1) is None


def test_a_bots_fast_path_plays_as_its_view_would() -> None:
    a, b = Game(NAMES, "femkamp", seed=6), Game(NAMES, "femkamp", seed=6)
    autoplay(a, make_bots(4, "heuristic", seed=6))
    autoplay(b, make_bots(4, "heuristic", seed=6), reasons=True)
    assert [r.history for r in a.rounds] == [r.history for r in b.rounds]
