"""Scores of every round kind from tricks and taken cards, with the house rules applied."""

import pytest

from kamplib import make_rules, parse_cards
from kamplib.cards import ALL_MASK, mask_of, suit_mask
from kamplib.scoring import CLUBS, QUEEN_OF_CLUBS, QUEENS, fantan_scores, trick_scores

FEM = make_rules("femkamp")


def taken(*texts: str) -> list[int]:
    return [mask_of(parse_cards(t)) for t in texts]


def test_constants() -> None:
    assert suit_mask("C") == CLUBS and QUEENS.bit_count() == 4 and QUEEN_OF_CLUBS & QUEENS


def test_pass_grand_and_trumf_count_tricks() -> None:
    tricks = [3, 4, 2, 4]
    assert trick_scores("pass", tricks, [0] * 4, FEM) == [3, 4, 2, 4]
    assert trick_scores("grand", tricks, [0] * 4, FEM) == [-3, -4, -2, -4]
    assert trick_scores("trumf", tricks, [0] * 4, FEM, multiplier=2) == [-6, -8, -4, -8]


def test_klover_counts_clubs_and_taking_all_may_score_zero() -> None:
    split = taken("AC KC 2S", "QC JC TC", "9C 8C 7C 6C 5C", "4C 3C 2C AH")
    assert trick_scores("klover", [0] * 4, split, FEM) == [2, 3, 5, 3]
    all_clubs = [CLUBS | suit_mask("S"), suit_mask("H"), suit_mask("D"), 0]
    assert trick_scores("klover", [0] * 4, all_clubs, FEM) == [13, 0, 0, 0]
    zero = make_rules("femkamp", {"clubs_take_all_zero": True})
    assert trick_scores("klover", [0] * 4, all_clubs, zero) == [0, 0, 0, 0]
    assert trick_scores("klover", [0] * 4, split, zero) == [2, 3, 5, 3]


@pytest.mark.parametrize(("points", "expected"), [(4, [8, 4, 0, 4]), (5, [10, 5, 0, 5])])
def test_damer(points: int, expected: list[int]) -> None:
    rules = make_rules("femkamp", {"queen_points": points})
    assert trick_scores("damer", [0] * 4, taken("QS QH", "QC", "AS", "QD"), rules) == expected


@pytest.mark.parametrize(("qc", "total"), [(8, 32), (4, 28)])
def test_finale(qc: int, total: int) -> None:
    rules = make_rules("sjukamp", {"finale_queen_of_clubs": qc})
    scores = trick_scores("finale", [0] * 4, taken("QC AC", "QS 2C", "QH QD", "AS"), rules)
    assert scores == [qc + 1, 4 + 1, 8, 0]
    assert sum(trick_scores("finale", [0] * 4, [ALL_MASK, 0, 0, 0], rules)) == total


def test_fantan_scores() -> None:
    assert fantan_scores([2, 0, 1, 3], [4, 0, 2, 1], 1) == [6, 0, 3, 4]
    assert fantan_scores([2, 5, 1, 3], [4, 0, 2, 1], 1) == [6, 0, 3, 4]  # passes forgiven
    assert fantan_scores([2, 0, 1], [4, 0, 2], 1, multiplier=2) == [12, 0, 6]
    assert fantan_scores([1, 1, 1], [3, 3, 3], None) == [4, 4, 4]  # unfinished: so far


def test_unknown_kind() -> None:
    with pytest.raises(TypeError, match="fantan"):
        trick_scores("fantan", [0] * 4, [0] * 4, FEM)
