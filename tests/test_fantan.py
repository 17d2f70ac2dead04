"""Fan Tan on hand-built deals whose outcome is known: both layouts, both openers, passing
(forced and voluntary), dead cards with the trick deck, and the scores at the end."""

import copy

import pytest

from kamplib import (
    PASS,
    Entry,
    FanTanRound,
    IllegalMove,
    RuleError,
    make_rules,
    new_round,
    parse_card,
)
from kamplib.round import deal_round

P4 = ("Kari", "Ola", "Siri", "Per")
ONE_SUIT_EACH = {
    "Kari": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "Ola": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "Siri": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    "Per": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
}
# Kari has ♦2 instead of her ♠7, which Per holds: Kari must pass until she can lay ♦2.
SWAPPED = {**ONE_SUIT_EACH,
           "Kari": "AS KS QS JS TS 9S 8S 6S 5S 4S 3S 2S 2D",
           "Per": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 7S"}


def rules(**house: object) -> object:
    return make_rules("femkamp", house)


def fantan(hands: dict, dealer: str = "Per", **house: object) -> FanTanRound:
    rnd = new_round("fantan", tuple(hands), hands, dealer=dealer, rules=rules(**house))
    assert isinstance(rnd, FanTanRound)
    return rnd


def play_first(rnd: FanTanRound) -> FanTanRound:
    while not rnd.is_over:
        rnd.play(rnd.legal_moves()[0])
    return rnd


def snapshot(rnd: FanTanRound) -> dict:
    return copy.deepcopy(vars(rnd))


def c(text: str) -> object:
    return parse_card(text)


def test_seven_of_hearts_opens_and_its_holder_goes_out_first() -> None:
    rnd = fantan(ONE_SUIT_EACH)
    assert rnd.player_to_move == "Ola" and rnd.legal_moves() == (c("7H"),)
    before = snapshot(rnd)
    with pytest.raises(IllegalMove) as info:
        rnd.play("8H")
    assert info.value.message("nb") == "Kabalen åpnes med hjerter 7; Ola må legge ♥7 først"
    assert info.value.message("en") == (
        "Fan Tan opens with the seven of hearts; Ola must lay ♥7 first")
    with pytest.raises(IllegalMove) as info:
        rnd.play(PASS)
    assert info.value.message("nb") == "Ola kan ikke passe når et kort kan legges (♥7)"
    assert info.value.message("en") == "Ola cannot pass while a card can be laid (♥7)"
    assert snapshot(rnd) == before
    play_first(rnd)
    assert rnd.out == 1 and rnd.passes == [0, 0, 0, 0]
    assert rnd.scores() == {"Kari": 1, "Ola": 0, "Siri": 1, "Per": 1}
    with pytest.raises(IllegalMove, match="Runden er over"):
        rnd.play(PASS)


def test_left_of_dealer_opens_with_any_seven() -> None:
    rnd = fantan(ONE_SUIT_EACH, fantan_opener="left_of_dealer")
    assert rnd.player_to_move == "Kari" and rnd.legal_moves() == (c("7S"),)
    play_first(rnd)
    assert rnd.scores() == {"Kari": 0, "Ola": 1, "Siri": 1, "Per": 1}


def test_sevens_layout_grows_a_row_both_ways() -> None:
    rnd = fantan(ONE_SUIT_EACH, fantan_opener="left_of_dealer")
    with pytest.raises(IllegalMove) as info:
        rnd.play("6S")
    assert info.value.message("nb") == (
        "Kari kan ikke legge ♠6 ennå: spar er ikke åpnet, og en farge åpnes med sjueren")
    assert info.value.message("en") == (
        "Kari cannot lay ♠6 yet: spades is not open, and a suit opens with its seven")
    for card in ("7S", "7H", "7C", "7D"):
        rnd.play(card)
    assert rnd.legal_moves() == (c("8S"), c("6S"))
    with pytest.raises(IllegalMove) as info:
        rnd.play("5S")
    assert info.value.message("nb") == (
        "Kari kan ikke legge ♠5 ennå: det må ligge inntil ♠6, som ikke er lagt")
    assert info.value.message("en") == (
        "Kari cannot lay ♠5 yet: it goes next to ♠6, which is not on the table")
    with pytest.raises(IllegalMove, match="inntil ♠8"):
        rnd.play("9S")
    rnd.play("6S")
    assert rnd.table()["S"] == [c("6S"), c("7S")]
    with pytest.raises(IllegalMove) as info:
        rnd.play_for("Ola", "6S")
    assert info.value.message("nb") == "Ola kan ikke spille ♠6: det kortet er allerede spilt"


def test_sixes_and_sevens_have_two_piles() -> None:
    rnd = fantan(ONE_SUIT_EACH, fantan_opener="left_of_dealer",
                 fantan_layout="sixes_and_sevens")
    assert rnd.legal_moves() == (c("7S"), c("6S"))
    for card in ("6S", "7H", "7C", "7D"):
        rnd.play(card)
    assert rnd.legal_moves() == (c("7S"), c("5S"))
    with pytest.raises(IllegalMove) as info:
        rnd.play("8S")
    assert info.value.message("nb") == (
        "Kari kan ikke legge ♠8 ennå: den bunken i spar åpnes med ♠7")
    assert info.value.message("en") == "Kari cannot lay ♠8 yet: that pile in spades opens with ♠7"
    rnd.play("5S")
    assert rnd.piles()["S"] == ([c("6S"), c("5S")], [])
    play_first(rnd)
    assert rnd.scores() == {"Kari": 0, "Ola": 1, "Siri": 1, "Per": 1}


def test_sixes_and_sevens_with_the_seven_of_hearts() -> None:
    rnd = play_first(fantan(ONE_SUIT_EACH, fantan_layout="sixes_and_sevens"))
    assert rnd.history[0] == Entry(1, c("7H"))
    assert rnd.scores() == {"Kari": 1, "Ola": 0, "Siri": 1, "Per": 1}


def test_passes_count_and_the_first_out_scores_zero() -> None:
    """Worked by hand: Per lays diamonds whenever he can and keeps ♠7 back; Kari must pass
    until Per's ♦3 lets her lay ♦2 (ten passes), passes once more, and Ola goes out on the
    49th turn.  Kari: 11 passes + 12 spades = 23; Siri and Per one card each."""
    rnd = fantan(SWAPPED)
    while not rnd.is_over:
        legal = rnd.legal_moves()
        diamonds = [m for m in legal if m != PASS and m.suit == "D"]
        if rnd.player_to_move == "Kari" and legal == (PASS,) and rnd.turn == 4:
            with pytest.raises(IllegalMove) as info:
                rnd.play("8S")
            assert "spar er ikke åpnet" in info.value.message("nb")
        rnd.play(diamonds[0] if rnd.player_to_move == "Per" and diamonds else legal[0])
    assert rnd.turn - 1 == 49 and rnd.out == 1
    assert rnd.passes == [11, 0, 0, 0]
    assert rnd.scores() == {"Kari": 23, "Ola": 0, "Siri": 1, "Per": 1}
    assert rnd.hand("Per") == [c("7S")]


def test_voluntary_pass() -> None:
    strict = fantan(ONE_SUIT_EACH)
    strict.play("7H")
    assert PASS not in strict.legal_moves() and not strict.may_pass()
    with pytest.raises(IllegalMove) as info:
        strict.play("pass")
    assert info.value.message("nb") == "Siri kan ikke passe når et kort kan legges (♣7)"
    free = fantan(ONE_SUIT_EACH, fantan_voluntary_pass=True)
    assert PASS not in free.legal_moves()  # not instead of the opening ♥7
    free.play("7H")
    assert free.legal_moves() == (c("7C"), PASS)
    free.play("prikk")
    assert free.passes == [0, 0, 1, 0] and free.history[-1] == Entry(2, PASS, points=1)


def test_trick_deck_leaves_a_dead_ace() -> None:
    hands = {
        "Kari": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AD KD QD JD",
        "Ola": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H TD 9D 8D 7D",
        "Siri": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C 6D 5D 4D 3D",
    }
    rnd = fantan(hands, dealer="Siri", fantan_deck="trick", fantan_opener="left_of_dealer")
    with pytest.raises(IllegalMove) as info:
        rnd.play("AD")
    assert info.value.message("nb") == (
        "Kari kan aldri legge ♦A i denne kabalen: ♦2 er tatt ut av kortstokken")
    assert info.value.message("en") == (
        "Kari can never lay ♦A in this Fan Tan: ♦2 was taken out of the deck")
    play_first(rnd)
    assert rnd.hand("Kari") != [] and rnd.out in (1, 2)
    with pytest.raises(RuleError):  # the full deck is the default: ♦2 is missing
        fantan(hands, dealer="Siri")


def test_full_deck_gives_the_extra_cards_first_in_the_deal() -> None:
    rnd = deal_round("fantan", ("Kari", "Ola", "Siri"), dealer=2, seed=4)
    assert [h.bit_count() for h in rnd.hands] == [18, 17, 17]
    five = deal_round("fantan", ("A", "B", "C", "D", "E"), dealer=0, seed=4)
    assert [h.bit_count() for h in five.hands] == [10, 11, 11, 10, 10]
    hands = {p: rnd.hand(p) for p in rnd.players}
    with pytest.raises(RuleError) as info:  # the 18 cards belong to Kari, left of the dealer
        new_round("fantan", rnd.players, hands, dealer=0)
    assert info.value.message("nb") == (
        "Utdelingen stemmer ikke: hendene har 18/17/17 kort, men skal ha 17/18/17")


def test_doubled_fantan_and_replay() -> None:
    rnd = new_round("fantan", P4, SWAPPED, dealer=3, multiplier=2)
    for _ in range(20):
        rnd.play(rnd.legal_moves()[-1])
    assert vars(rnd.replayed()) == vars(rnd)
    twin = rnd.copy()
    twin.play(twin.legal_moves()[0])
    assert len(rnd.history) == 20 and len(twin.history) == 21
    play_first(rnd)
    scores = rnd.score_list()
    assert scores.count(0) == 1 and all(s >= 2 and s % 2 == 0 for s in scores if s)


def test_a_pass_entry_carries_what_it_cost() -> None:
    import random

    rnd = deal_round("fantan", ["A", "B", "C", "D"], seed=9, multiplier=3)
    rng = random.Random(9)
    while not rnd.is_over:
        rnd.play(rng.choice(rnd.legal_moves()))
    passes = [e for e in rnd.history if e.move is PASS]
    assert len(passes) == sum(rnd.passes) > 0
    assert all(e.points == 3 and e.winner is None for e in passes)
    assert all(e.points == 0 for e in rnd.history if e.move is not PASS)
