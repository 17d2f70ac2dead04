"""A player's view: what one player may know -- own hand, the table, everything played, who
showed out of which suit -- and, walking its whole object graph, nothing else."""

import dataclasses
import gc
import types

import pytest

from kamplib import PASS, Game, PlayerView, Round, make_rules, new_round, parse_card, parse_cards
from kamplib.view import make_view

P4 = ("Kari", "Ola", "Siri", "Per")
FOLLOW = {
    "Kari": "2H KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "Ola": "9H AS AC KC QC JC TC 9C 8C 7C 6C 5C 4C",
    "Siri": "AH KH QH JH TH 8H 7H 6H 5H 4H 3H 3C 2C",
    "Per": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
}


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root``, not descending into classes, modules or code
    (a class reaches every card through ``Card.ALL``; that says nothing about hands)."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, types.ModuleType, types.FunctionType)):
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return list(seen.values())


def assert_nothing_hidden(view: PlayerView, rnd: Round) -> None:
    """No round or game, no card in another player's hand, no other player's hand mask."""
    from kamplib import Card

    seat = view.seat
    hidden = {c for s, h in enumerate(rnd.hands) if s != seat for c in Card.ALL if h & c.bit}
    # a hand as a mask; small numbers are left out, as a score or a count may equal them
    masks = {h for s, h in enumerate((*rnd.hands, *rnd.deal))
             if s % rnd.n != seat and h > 100_000 and h.bit_count() > 2}
    for obj in reachable(view):
        assert not isinstance(obj, (Round, Game)), obj
        if isinstance(obj, Card):
            assert obj not in hidden, f"{obj} of another hand is reachable from {view.player}"
        if type(obj) is int:
            assert obj not in masks, "another player's hand mask is reachable"


def test_trick_view_shows_the_table_and_voids() -> None:
    rnd = new_round("trumf", P4, FOLLOW, dealer="Per", trump="S")
    for card in ("2H", "9H", "3H", "AD"):
        rnd.play(card)
    rnd.play("AC")
    view = make_view(rnd, "Siri")
    assert view.player == "Siri" and view.seat == 2 and view.n == 4 and view.my_turn
    assert view.hand == tuple(parse_cards("AH KH QH JH TH 8H 7H 6H 5H 4H 3C 2C"))
    assert view.legal == tuple(parse_cards("3C 2C"))
    assert view.trick == ((1, parse_card("AC")),) and view.led_suit == "C"
    assert view.leader == 1 and view.winning == 1 and view.trump == "S"
    assert view.tricks_won == (0, 1, 0, 0) and view.hand_sizes == (12, 11, 12, 12)
    assert view.voids[3] == frozenset({"H"}) and view.voids[0] == frozenset()
    assert view.played == frozenset(parse_cards("2H 9H 3H AD AC"))
    assert view.taken[1] == tuple(parse_cards("9H 3H 2H AD"))
    assert view.scores == (0, -1, 0, 0) and not view.is_over
    unseen = set(view.unseen())
    assert len(unseen) == 52 - 12 - 5 and not unseen & set(view.hand)
    other = make_view(rnd, "Kari")
    assert other.legal == () and not other.my_turn
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    for seat in range(4):
        assert_nothing_hidden(make_view(rnd, seat), rnd)


def test_fantan_view_shows_the_layout_and_passes() -> None:
    hands = {**dict(zip(P4, ["AS KS QS JS TS 9S 8S 6S 5S 4S 3S 2S 2D",
                             "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
                             "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
                             "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 7S"], strict=True))}
    rnd = new_round("fantan", P4, hands, dealer="Per")
    for move in ("7H", "7C", "7D", PASS, "8H"):
        rnd.play(move)
    view = make_view(rnd, "Kari")
    assert view.passes == (1, 0, 0, 0) and view.laid == frozenset(parse_cards("7H 7C 7D 8H"))
    assert parse_card("7S") in view.playable and parse_card("9H") in view.playable
    assert view.hand_sizes == (13, 11, 12, 12)
    assert view.out_of_play == ()
    for seat in range(4):
        assert_nothing_hidden(make_view(rnd, seat), rnd)


def test_three_players_know_which_red_two_is_out() -> None:
    game = Game(P4[:3], "femkamp", seed=2)
    assert game.view("Kari").out_of_play == (parse_card("2D"),)


@pytest.mark.parametrize("game_name", ["femkamp", "sekskamp", "sjukamp"])
def test_views_hide_other_hands_through_a_whole_game(game_name: str) -> None:
    rules = make_rules(game_name, {"trump": "dealer"} if game_name == "sjukamp" else {})
    game = Game(list(P4), rules=rules, seed=6)
    step = 0
    while not game.is_over:
        if step % 17 == 0:
            for p in P4:
                assert_nothing_hidden(game.view(p), game.round)
        game.play(game.legal_moves()[-1])
        step += 1
