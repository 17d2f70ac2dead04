"""Who sits, deals and acts first: one function each, asked by every round."""

from __future__ import annotations

import unicodedata

import pytest

from kamplib import Game, RuleError, make_rules, parse_card
from kamplib.glyphs import invisible_char
from kamplib.seating import (
    DEFAULT_NAMES,
    TABLE_SIZES,
    check_players,
    dealer_of_round,
    default_players,
    fantan_opener,
    first_to_act,
)

NAMES = ("Kari", "Ola", "Siri", "Per")


def test_table_sizes_and_default_names() -> None:
    assert TABLE_SIZES == (3, 4, 5)
    assert default_players(4) == ("Kari", "Ola", "Siri", "Per") == DEFAULT_NAMES[:4]
    assert len(set(DEFAULT_NAMES)) == len(DEFAULT_NAMES) >= max(TABLE_SIZES)
    for bad in (2, 6, True):
        with pytest.raises(RuleError):
            default_players(bad)


def test_player_names_are_checked() -> None:
    assert check_players(["A", "B", "C"]) == ("A", "B", "C")
    for bad in (["A", "B"], ["A", "A", "B"], ["A", " B", "C"], ["A", "B", "prikk"], "ABC"):
        with pytest.raises(RuleError):
            check_players(bad)


def test_the_dealer_moves_clockwise_and_left_of_dealer_leads() -> None:
    assert [dealer_of_round(3, i, 4) for i in range(5)] == [3, 0, 1, 2, 3]
    rules = make_rules("femkamp")
    hands = (0, 0, 0, 0)
    assert first_to_act("pass", 3, hands, rules) == 0
    assert first_to_act("trumf", 1, hands, rules, trump_pending=True) == 1


def test_fantan_opener_both_ways() -> None:
    seven = parse_card("7H").bit
    hands = (0, 0, seven, 0)
    assert fantan_opener(0, hands, make_rules("femkamp")) == 2
    assert fantan_opener(0, hands, make_rules("femkamp", {"fantan_opener": "left_of_dealer"})) == 1


def test_every_round_of_a_game_starts_as_seating_says() -> None:
    for rules in ({}, {"fantan_opener": "left_of_dealer", "trump": "dealer"}):
        g = Game(NAMES, "sjukamp", rules, seed=3)
        for i, deal in enumerate(g.deals):
            assert deal.dealer == dealer_of_round(g.first_dealer, i, g.n)
            rnd = Game(NAMES, "custom", {**rules, "order": [deal.kind]}, seed=3,
                       deals=[deal], first_dealer=deal.dealer).round
            pending = deal.kind == "trumf" and rules.get("trump") == "dealer"
            assert rnd.to_move == first_to_act(deal.kind, deal.dealer, deal.hands, g.rules,
                                               pending)


# -- names a reader can see (issue 23) ---------------------------------------------------------
@pytest.mark.parametrize("name", [
    "\u3164", "\uffa0", "\u115f", "\u2800", "\u0301", "\ufe0f", "\U000e0100", "\u034f",
    "Kari\u3164", "Ka\u200dri", "Kari\u200d", "\u200d😀", "😀\u200d", "Kari \u0301", "Ola\u00ad",
    "\U000e0067\U000e0062", "🏴\U000e0067\U000e0062",  # a flag's tags without their end
])
def test_a_name_with_a_character_nobody_sees_is_refused(name: str) -> None:
    with pytest.raises(RuleError) as info:
        check_players([name, "Ola", "Siri"])
    assert info.value.code in ("player_name_hidden", "player_name_unseen")
    # said in words, never as the character nor as an escape such as «\u200d» (the walk)
    for lang in ("nb", "en"):
        said = info.value.message(lang)
        assert said.isprintable() and "\\" not in said and "U+" not in said, said
        assert invisible_char(said) is None, said


@pytest.mark.parametrize("name", [
    "👨\u200d👩\u200d👧", "🏳️\u200d🌈", "👍🏽", "❤️", "1️⃣", "🇳🇴", "Zoë", "A\u030ase", "김민준", "نور",
    "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", "Ola Nordmann",
])
def test_emoji_sequences_and_every_script_are_names(name: str) -> None:
    assert check_players([name, "Ola", "Siri"])[0] == unicodedata.normalize("NFC", name)


def test_two_names_that_look_the_same_are_one_name_twice() -> None:
    with pytest.raises(RuleError) as info:
        check_players(["❤", "❤\ufe0f", "Siri"])
    assert info.value.code == "player_names_same"


def test_messages_show_an_emoji_name_as_it_is() -> None:
    family = "👨\u200d👩\u200d👧"
    with pytest.raises(RuleError) as info:
        check_players([family, family, "Siri"])
    assert family in str(info.value)
