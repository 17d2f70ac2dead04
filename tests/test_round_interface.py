"""The round interface callers ask (kamplib.round.Round): both families answer every question,
a player's view answers as its round does, and the answers agree with the rules they stand for."""

from __future__ import annotations

import random

import pytest

from kamplib import Family, Game, make_rules, make_view
from kamplib.cards import Card
from kamplib.fantan import layout_ranks
from kamplib.moves import PASS, ChooseTrump
from kamplib.round import Round, deal_round
from kamplib.seating import SEVEN_OF_HEARTS

P4 = ["Kari", "Ola", "Siri", "Per"]


def played_out(rnd: Round, seed: int, stop: int | None = None) -> list[Round]:
    """``rnd`` after each of its moves (random legal ones), the start included."""
    rng = random.Random(seed)
    states = [rnd.copy()]
    while not rnd.is_over and (stop is None or len(states) <= stop):
        rnd.play(rng.choice(rnd.legal_moves()))
        states.append(rnd.copy())
    return states


@pytest.mark.parametrize("layout", ["sevens", "sixes_and_sevens"])
@pytest.mark.parametrize("opener", ["seven_of_hearts", "left_of_dealer"])
def test_fantan_answers_every_question_and_its_views_agree(layout: str, opener: str) -> None:
    rules = make_rules("custom", {"order": ["fantan"], "fantan_layout": layout,
                                  "fantan_opener": opener})
    for seed in range(4):
        rnd = deal_round("fantan", P4, rules=rules, seed=seed, multiplier=2)
        first = rnd.opener()
        assert first.seat == rnd.to_move
        if opener == "seven_of_hearts":
            assert first.card == SEVEN_OF_HEARTS and rnd.deal[first.seat] & SEVEN_OF_HEARTS.bit
            assert rnd.next_cards() == {SEVEN_OF_HEARTS}  # nothing else before ♥7
        else:
            assert first.card is None and first.text("en") == "sits left of the dealer"
        for state in played_out(rnd, seed):
            assert state.family is Family.FANTAN and state.ace_low
            assert state.layout() == layout_ranks(layout) and state.pass_cost == 2
            assert state.trick == () and state.tricks == () and state.winning == -1
            assert state.trump is None and not state.needs_trump
            assert list(state.tricks_won) == [0] * state.n
            assert state.opener() == first  # who opened stays who opened
            if state.to_move >= 0:
                view = make_view(state, state.to_move)
                assert view.next_cards() == state.next_cards()
                assert view.layout() == state.layout() and view.pass_cost == state.pass_cost
                assert view.laid_cards() == state.laid_cards()
                mine = {m for m in state.legal_moves() if type(m) is Card}
                assert mine <= state.next_cards()  # a card you may lay fits the rows


@pytest.mark.parametrize("kind", ["pass", "klover", "damer", "grand", "trumf", "finale"])
def test_trick_rounds_answer_every_question(kind: str) -> None:
    rules = make_rules("sjukamp", {"ace_low_in_pass": True})
    rnd = deal_round(kind, P4, rules=rules, seed=3)
    assert rnd.family is Family.TRICKS and rnd.pass_cost == 0 and rnd.layout() == ()
    assert rnd.ace_low == (kind == "pass")  # the house rule of Pass alone
    assert rnd.opener().seat == rnd.to_move and rnd.opener().card is None
    assert rnd.goal("nb") and rnd.goal("en") != rnd.goal("nb")
    for state in played_out(rnd, 3):
        assert list(state.passes) == [0] * state.n and state.out == -1
        assert state.laid_cards() == frozenset()
        if state.to_move >= 0:
            assert state.next_cards() == frozenset(state.legal_moves())
            assert make_view(state, state.to_move).next_cards() == state.next_cards()
        assert sum(state.tricks_won) == len(state.tricks)


def test_the_dealer_naming_trump_opens_and_says_so() -> None:
    game = Game(P4, "custom", {"order": ["trumf"], "trump": "dealer"}, seed=2)
    rnd = game.round
    assert rnd.opener().seat == rnd.dealer == rnd.to_move
    assert rnd.opener().text("nb") == "gir og velger trumf"
    assert set(rnd.legal_moves()) == {ChooseTrump(s) for s in "SHCD"} and not rnd.next_cards()
    game.play("H")
    assert rnd.trump == "H" and rnd.opener().seat == rnd.dealer  # still the dealer's choice
    assert rnd.history[0].move == ChooseTrump("H")


def test_a_pass_is_only_in_fantan_and_costs_what_the_round_says() -> None:
    fantan = deal_round("fantan", P4, seed=11, multiplier=3)
    for state in played_out(fantan, 11):
        if PASS in state.legal_moves():
            assert state.pass_cost == 3
    tricks = deal_round("pass", P4, seed=11)
    assert all(PASS not in s.legal_moves() for s in played_out(tricks, 11))
