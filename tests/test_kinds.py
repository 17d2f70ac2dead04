"""The round kinds registry: what every kind scores, from its own object."""

from __future__ import annotations

import pytest

from kamplib import KINDS, make_rules, parse_card
from kamplib.cards import ALL_MASK, Card, suit_mask
from kamplib.deal import cards_in_play, tricks_in_play
from kamplib.kinds import CLUBS, KIND_NAMES, TRICK_KINDS, kind_of, parse_kind

FEM = make_rules("femkamp")


def test_registry_names_every_kind_once() -> None:
    assert KIND_NAMES == ("pass", "klover", "damer", "fantan", "grand", "trumf", "finale")
    assert all(KINDS[k].key == k for k in KIND_NAMES)
    assert set(KIND_NAMES) - {"fantan"} == TRICK_KINDS
    assert kind_of("kløver") is KINDS["klover"] and parse_kind("Kabal") == "fantan"


def test_signs_and_what_a_player_wants() -> None:
    assert [k for k in KIND_NAMES if KINDS[k].wants_tricks] == ["grand", "trumf"]
    assert KINDS["grand"].sign == -1 and KINDS["pass"].sign == 1
    assert [k for k in KIND_NAMES if KINDS[k].has_trump] == ["trumf"]


@pytest.mark.parametrize(("kind", "card", "rules", "value"), [
    ("klover", "5C", {}, 1), ("klover", "QH", {}, 0),
    ("damer", "QH", {}, 4), ("damer", "QH", {"queen_points": 5}, 5), ("damer", "KH", {}, 0),
    ("finale", "QC", {}, 8), ("finale", "QC", {"finale_queen_of_clubs": 4}, 4),
    ("finale", "QS", {}, 4), ("finale", "2C", {}, 1), ("finale", "AH", {}, 0),
    ("pass", "QC", {}, 0), ("grand", "QC", {}, 0),
])
def test_card_values_follow_the_house_rules(kind: str, card: str, rules: dict,
                                            value: int) -> None:
    r = make_rules("sjukamp", rules)
    c = parse_card(card)
    assert KINDS[kind].card_value(c, r) == value
    assert KINDS[kind].card_values(r)[c.index] == value


@pytest.mark.parametrize(("kind", "players", "total"), [
    ("pass", 4, 13), ("pass", 3, 17), ("pass", 5, 10), ("klover", 4, 13), ("damer", 4, 16),
    ("grand", 4, -13), ("trumf", 5, -10), ("finale", 4, 32),
])
def test_points_in_play(kind: str, players: int, total: int) -> None:
    r = make_rules("sjukamp")
    k = KINDS[kind]
    assert k.points_in_play(cards_in_play(kind, players, r), tricks_in_play(players, r), r) == total


def test_taking_every_club_scores_zero_only_with_the_house_rule() -> None:
    everything = [CLUBS | suit_mask("S"), suit_mask("H"), suit_mask("D"), 0]
    tricks = [7, 3, 3, 0]
    plain = KINDS["klover"].trick_scores(tricks, everything, FEM)
    zero = KINDS["klover"].trick_scores(tricks, everything, FEM.with_(clubs_take_all_zero=True))
    assert plain == [13, 0, 0, 0] and zero == [0, 0, 0, 0]


def test_only_fantan_and_klover_with_its_zero_rule_have_a_total_that_varies() -> None:
    assert {k for k in KIND_NAMES if not KINDS[k].total_is_fixed(FEM)} == {"fantan"}
    klover, zero = KINDS["klover"], FEM.with_(clubs_take_all_zero=True)
    one = parse_card("2C").bit
    assert not klover.total_is_fixed(zero)
    assert not klover.total_is_fixed(zero, [one, 0, parse_card("AS").bit, 0])
    # once two seats hold clubs, or a club is out of play, nobody can take them all
    assert klover.total_is_fixed(zero, [one, parse_card("3C").bit, 0, 0])
    assert klover.total_is_fixed(zero, [one, 0, 0], out_of_play=parse_card("4C").bit)


def test_scores_double_with_a_multiplier() -> None:
    assert KINDS["grand"].trick_scores([3, 4, 6], [0, 0, 0], FEM, 2) == [-6, -8, -12]


def test_fantan_scores_and_fantan_is_no_trick_round() -> None:
    k = KINDS["fantan"]
    assert k.fantan_scores([2, 0, 1, 3], [4, 0, 2, 5], 1) == [6, 0, 3, 8]
    with pytest.raises(TypeError):
        k.trick_scores([0] * 4, [0] * 4, FEM)
    with pytest.raises(TypeError):
        KINDS["pass"].fantan_scores([0] * 4, [0] * 4, None)


def test_words_of_every_kind_in_both_languages() -> None:
    for key in KIND_NAMES:
        k = KINDS[key]
        for lang in ("nb", "en"):
            assert k.name(lang) and k.goal(lang) and k.points_text(FEM, lang)
    assert KINDS["damer"].points_text(FEM.with_(queen_points=5)) == "+5 per dame"
    assert KINDS["finale"].points_text(make_rules("sjukamp"), "en") == \
        "♣Q 8, other queens 4, other ♣ 1"


def test_every_card_value_sums_to_the_scoring_mask() -> None:
    r = make_rules("sjukamp")
    for key in KIND_NAMES:
        k = KINDS[key]
        worth = sum(c.bit for c in Card.ALL if k.card_value(c, r))
        assert worth == k.scoring_mask(r) and k.points_of(ALL_MASK, r) == sum(
            k.card_value(c, r) for c in Card.ALL)
