"""Exact endgames: hand-built positions with known best play, and the solver against brute force."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kamplib import Game, make_rules, new_round, parse_card
from kamplib.bots import search
from kamplib.bots.heuristic import round_policy
from kamplib.bots.solver import Solver, cards_left, solve
from kamplib.kinds import KIND_NAMES
from kamplib.moves import PASS
from kamplib.round import Round
from kamplib.tricks import TrickRound, card_strength

NAMES = ("Kari", "Ola", "Siri", "Per")


def endgame(kind: str, hands: list[str], **house: object) -> Round:
    """A round of a few cards per hand (seat 0 acts first), not a whole deal."""
    rules = make_rules("custom", {"order": [kind], **house})
    masks = [sum(parse_card(x).bit for x in h.split()) for h in hands]
    return new_round(kind, NAMES, masks, dealer=3, rules=rules, check=False)


def values(rnd: Round) -> dict[str, int]:
    """The mover's final score after each legal move, with best play from there on."""
    seat = rnd.to_move
    out = {}
    for move in rnd.legal_moves():
        child = rnd.copy()
        child.play(move)
        out[move.text] = solve(child)[seat]
    return out


def test_pass_lead_the_club_that_someone_else_must_take() -> None:
    """Kari leads.  The heart ten looks like a safe low lead, but Per, the only other heart
    holder, ducks with ♥6 and leaves Kari the trick.  The five of clubs cannot win: Siri's
    clubs are higher, and she takes the last trick too."""
    rnd = endgame("pass", ["TH 5C", "3C 2C", "TC 7C", "JH 6H"])
    assert round_policy(rnd, 0) == parse_card("TH")  # the tactics get this one wrong
    assert values(rnd) == {"TH": 1, "5C": 0}
    assert solve(rnd) == [0, 0, 2, 0]


def test_fantan_hold_back_the_seven_that_opens_a_row_for_someone_else() -> None:
    """Kari can lay ♥7 or ♠7.  ♥7 lets Ola lay ♥8 and ♥9 and go out first (Kari keeps ♠8:
    1 point); ♠7 opens only her own ♠8, nobody else can lay, and she goes out (0)."""
    rnd = endgame("fantan", ["7H 7S 8S", "8H 9H", "KD", "KC"], fantan_opener="left_of_dealer")
    assert values(rnd) == {"7S": 0, "7H": 1}
    # Kari out; Ola passed twice and holds two cards; Siri and Per passed twice, one card left
    assert solve(rnd) == [0, 4, 3, 3]


def test_fantan_whoever_goes_out_has_their_passes_forgiven() -> None:
    rnd = endgame("fantan", ["7H 7S 8S", "8H 9H", "KD", "KC"], fantan_opener="left_of_dealer")
    rnd.play(parse_card("7S"))
    rnd.play("pass")  # Ola: nothing fits
    assert solve(rnd)[1] == 4 and solve(rnd)[0] == 0
    assert rnd.passes[1] == 1


def test_fantan_is_judged_by_the_points_the_others_take_too() -> None:
    """Kari goes out first whichever seven she lays, so both score her 0.  But ♥7 lets Per lay
    ♥8 and Siri ♥9, while after ♠7 nobody else can lay a card and all three pass once more:
    the others end with 10 points instead of 8.  The game's result counts that, so the search
    judges Fan Tan by her points minus the others' average, and there ♠7 is better."""
    rnd = endgame("fantan", ["7H 7S 6H", "KS KH", "TS 9H", "JS 8H"],
                  fantan_opener="left_of_dealer")
    assert values(rnd) == {"7H": 0, "7S": 0}  # her own points cannot tell them apart
    after = {}
    for seven in ("7H", "7S"):
        child = rnd.copy()
        child.play(parse_card(seven))
        after[seven] = solve(child)
    assert after == {"7H": [0, 4, 2, 2], "7S": [0, 4, 4, 2]}
    relative = {m: search._value(s, 0, relative=True) for m, s in after.items()}
    assert relative["7S"] < relative["7H"] and relative["7S"] == pytest.approx(-10 / 3)


def test_trumf_draw_the_last_trump_before_cashing_the_ace() -> None:
    """Spades are trump.  Kari's ♣A looks like a sure trick, but Per is void in clubs and trumps
    it with ♠4, then Ola overtrumps Per's heart.  Leading ♠7 first pulls Per's ♠4 (Ola wins that
    trick with ♠9 and must lead ♣K into the ace): one trick for Kari."""
    rnd = endgame("trumf", ["7S AC", "9S KC", "7H 5H", "4S JH"], trump="S")
    assert round_policy(rnd, 0) == parse_card("AC")
    assert values(rnd) == {"7S": -1, "AC": 0}
    assert solve(rnd) == [-1, -1, 0, 0]


def test_damer_lead_the_high_club_and_keep_the_low_one_for_the_queen_trick() -> None:
    """Per will discard ♠Q on the second club trick.  Led low, Kari's ♣7 leaves her ♣J to win
    that trick (Ola keeps ♣T under it); led high, ♣J goes now and ♣7 cannot win later."""
    rnd = endgame("damer", ["JC 7C", "KC TC", "8S 2S", "QS 4C"])
    assert round_policy(rnd, 0) == parse_card("7C")
    assert values(rnd) == {"JC": 0, "7C": 4}
    assert solve(rnd) == [0, 4, 0, 0]


# -- the solver agrees with plain brute force everywhere ------------------------------------
def _brute(rnd: Round) -> list[int]:
    """Max-n by trying every legal move, weakest first (the solver's order for ties)."""
    if rnd.to_move < 0:
        return rnd.score_list()
    seat = rnd.to_move
    legal = list(rnd.legal_moves())
    if isinstance(rnd, TrickRound):
        ace_low = rnd.kind == "pass" and rnd.rules.ace_low_in_pass
        legal.sort(key=lambda c: (c.suit_index, card_strength(c, c.suit_index, -1, ace_low)))
    else:
        legal.sort(key=lambda m: 0 if m is PASS else m.bit)
    best: list[int] | None = None
    for m in legal:
        child = rnd.copy()
        child.play(m)
        v = _brute(child)
        if best is None or v[seat] < best[seat]:
            best = v
    assert best is not None
    return best


@settings(max_examples=30, deadline=None)
@given(kind=st.sampled_from(KIND_NAMES), players=st.sampled_from([3, 4]),
       seed=st.integers(0, 10_000), left=st.integers(4, 9), house=st.booleans())
def test_solver_equals_brute_force(kind: str, players: int, seed: int, left: int,
                                   house: bool) -> None:
    rules = {"order": [kind], "trump": "H"}
    if house:
        rules |= {"clubs_take_all_zero": True, "ace_low_in_pass": True,
                  "fantan_layout": "sixes_and_sevens", "last_round_double": True}
    g = Game(list(NAMES[:players]), "custom", rules, seed=seed)
    rnd = g.round
    while rnd.to_move >= 0 and cards_left(rnd) > left:
        rnd.play(round_policy(rnd, rnd.to_move))
    assert Solver(rnd).solve(rnd) == _brute(rnd)


def test_the_solver_refuses_before_trump_is_named() -> None:
    g = Game(list(NAMES), "custom", {"order": ["trumf"], "trump": "dealer"}, seed=2)
    with pytest.raises(ValueError, match="trump"):
        solve(g.round)
