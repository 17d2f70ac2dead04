"""Trick rounds on hand-built deals whose outcome is known: follow suit, trump as in Amerikaner
(never forced), discards that cannot win, ace low in Pass, and the scores of every trick kind."""

import copy

import pytest

from kamplib import CardError, IllegalMove, RuleError, TrickRound, make_rules, new_round, parse_card
from kamplib.moves import PASS, ChooseTrump
from kamplib.round import deal_round

P4 = ("Kari", "Ola", "Siri", "Per")
# One suit each: whoever leads wins every trick, since nobody else can follow.
ONE_SUIT_EACH = {
    "Kari": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "Ola": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "Siri": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    "Per": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
}
# Kari leads ♥2; Ola holds ♥9 and ♠A; Siri the other hearts; Per only diamonds.
FOLLOW = {
    "Kari": "2H KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "Ola": "9H AS AC KC QC JC TC 9C 8C 7C 6C 5C 4C",
    "Siri": "AH KH QH JH TH 8H 7H 6H 5H 4H 3H 3C 2C",
    "Per": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
}


def play_out(rnd: TrickRound) -> TrickRound:
    """Play the first legal card every time (the legal moves come in a stable order)."""
    while not rnd.is_over:
        rnd.play(rnd.legal_moves()[0])
    return rnd


def snapshot(rnd: TrickRound) -> dict:
    return copy.deepcopy(vars(rnd))


def test_follow_suit_is_the_rule_and_the_message() -> None:
    rnd = new_round("pass", P4, FOLLOW, dealer="Per")
    assert rnd.player_to_move == "Kari" and rnd.leader == 0
    rnd.play("2H")
    assert rnd.legal_moves() == (parse_card("9H"),)
    before = snapshot(rnd)
    with pytest.raises(IllegalMove) as info:
        rnd.play("AS")
    err = info.value
    assert err.message("nb") == "Ola må følge farge i hjerter (har ♥9)"
    assert err.message("en") == "Ola must follow suit in hearts (♥9 in hand)"
    assert (err.code, err.player, err.card, err.trick, err.round) == (
        "must_follow_suit", "Ola", parse_card("AS"), 1, 1)
    assert snapshot(rnd) == before
    assert not rnd.can_play("AS") and rnd.can_play("9h")
    with pytest.raises(IllegalMove):
        rnd.check("AS")


def test_other_refusals_teach_and_change_nothing() -> None:
    rnd = new_round("pass", P4, FOLLOW, dealer="Per")
    before = snapshot(rnd)
    cases = [
        ("AH", "Kari har ikke ♥A på hånden", "Kari does not hold ♥A"),
        ("pass", "I en stikkrunde kan ingen passe; Kari må legge et kort",
         "Nobody can pass in a trick round; Kari must play a card"),
    ]
    for move, nb, en in cases:
        with pytest.raises(IllegalMove) as info:
            rnd.play(move)
        assert info.value.message("nb") == nb and info.value.message("en") == en
        assert snapshot(rnd) == before
    with pytest.raises(IllegalMove) as info:
        rnd.play_for("Ola", "9H")
    assert info.value.message("nb") == "Det er Kari sin tur, ikke Ola sin"
    assert info.value.message("en") == "It is Kari's turn, not Ola's"
    with pytest.raises(RuleError, match="sitter ikke ved bordet"):
        rnd.play_for("Bob", "2H")
    assert snapshot(rnd) == before
    rnd.play("2H")
    rnd.play("9H")
    with pytest.raises(IllegalMove) as info:
        rnd.play("2H")
    assert info.value.message("nb") == "Siri kan ikke spille ♥2: det kortet er allerede spilt"
    assert info.value.message("en") == "Siri cannot play ♥2: it has already been played"


def test_round_over_refuses_everything() -> None:
    rnd = play_out(new_round("pass", P4, ONE_SUIT_EACH, dealer="Per"))
    assert rnd.is_over and rnd.to_move == -1 and rnd.legal_moves() == ()
    with pytest.raises(IllegalMove) as info:
        rnd.play("AS")
    assert "Runden er over" in info.value.message("nb")
    assert "The round is over" in info.value.message("en")


def test_leader_wins_everything_when_nobody_can_follow() -> None:
    rnd = play_out(new_round("pass", P4, ONE_SUIT_EACH, dealer="Per"))
    assert rnd.tricks_won == [13, 0, 0, 0]
    assert rnd.scores() == {"Kari": 13, "Ola": 0, "Siri": 0, "Per": 0}
    assert len(rnd.tricks) == 13 and all(t.winner == 0 and t.leader == 0 for t in rnd.tricks)
    assert rnd.tricks[0].cards == tuple(map(parse_card, ("AS", "AH", "AC", "AD")))
    assert len(rnd.taken_cards("Kari")) == 52 and rnd.taken_cards("Ola") == []


@pytest.mark.parametrize(("kind", "rules", "kari"), [
    ("pass", {}, 13),
    ("klover", {}, 13),
    ("klover", {"clubs_take_all_zero": True}, 0),
    ("damer", {}, 16),
    ("damer", {"queen_points": 5}, 20),
    ("grand", {}, -13),
    ("finale", {}, 32),
    ("finale", {"finale_queen_of_clubs": 4}, 28),
])
def test_taking_everything(kind: str, rules: dict, kari: int) -> None:
    r = make_rules("custom", {"order": [kind], **rules})
    rnd = play_out(new_round(kind, P4, ONE_SUIT_EACH, dealer=3, rules=r))
    assert rnd.scores() == {"Kari": kari, "Ola": 0, "Siri": 0, "Per": 0}


def test_doubled_round_scores_twice() -> None:
    rnd = play_out(new_round("grand", P4, ONE_SUIT_EACH, dealer="Kari", multiplier=2))
    assert rnd.scores() == {"Kari": 0, "Ola": -26, "Siri": 0, "Per": 0}


def test_finale_points_split_between_players() -> None:
    # Kari leads ♣Q; Ola's ♣A takes it together with ♣K and Per's discarded ♦Q.
    hands = {
        "Kari": "QC AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
        "Ola": "AC KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "Siri": "KC AH JC TC 9C 8C 7C 6C 5C 4C 3C 2C 2S",
        "Per": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    }
    rnd = new_round("finale", P4, hands, dealer="Per", rules=make_rules("sjukamp"))
    for card in ("QC", "AC", "KC", "QD"):
        rnd.play(card)
    assert rnd.tricks[-1].winner == 1
    assert rnd.score_list() == [0, 8 + 1 + 1 + 4, 0, 0]
    play_out(rnd)
    assert sum(rnd.score_list()) == 32


def test_trump_round_discard_does_not_win_and_trumping_is_never_forced() -> None:
    rnd = new_round("trumf", P4, FOLLOW, dealer="Per", trump="S")
    assert rnd.trump == "S" and not rnd.needs_trump
    rnd.play("2H")
    rnd.play("9H")
    rnd.play("3H")
    # Per cannot follow and has no trump: the ace of diamonds is a discard and cannot win
    assert not rnd.wins_now(parse_card("AD"))
    rnd.play("AD")
    assert rnd.tricks[-1].winner == 1 and rnd.tricks_won == [0, 1, 0, 0]
    # Ola leads a club; Siri follows; Per discards; Kari, void in clubs, holds only trumps
    rnd.play("AC")
    rnd.play("3C")
    rnd.play("KD")
    assert rnd.wins_now(parse_card("2S"))
    rnd.play("2S")
    assert rnd.tricks[-1].winner == 0
    # Kari leads a trump: Ola must follow with her only spade, the ace
    rnd.play("KS")
    assert rnd.legal_moves() == (parse_card("AS"),)
    rnd.play("AS")
    assert rnd.winning == 1


def test_void_player_may_discard_instead_of_trumping_or_overtrumping() -> None:
    rnd = new_round("trumf", P4, FOLLOW, dealer="Per", trump="S")
    for card in ("2H", "9H", "AH", "AD"):  # Siri wins with ♥A
        rnd.play(card)
    assert rnd.player_to_move == "Siri"
    rnd.play("KH")
    rnd.play("KD")  # Per discards
    rnd.play("3S")  # Kari (only spades) trumps
    assert rnd.winning == 0
    legal = rnd.legal_moves()
    assert parse_card("AS") in legal and parse_card("AC") in legal  # Ola: void in hearts
    rnd.play("4C")  # neither over-trumping nor trumping is forced
    assert rnd.tricks[-1].winner == 0


def test_dealer_chooses_trump_before_the_first_card() -> None:
    rules = make_rules("sjukamp", {"trump": "dealer"})
    rnd = new_round("trumf", P4, FOLLOW, dealer="Per", rules=rules)
    assert rnd.needs_trump and rnd.player_to_move == "Per"
    assert rnd.legal_moves() == tuple(ChooseTrump(s) for s in "SHCD")
    before = snapshot(rnd)
    with pytest.raises(IllegalMove) as info:
        rnd.play("2H")
    assert info.value.message("nb") == "Giveren Per må velge trumf før første kort"
    assert info.value.message("en") == "The dealer Per must choose trump before the first card"
    with pytest.raises(IllegalMove):
        rnd.play("X")
    assert snapshot(rnd) == before
    assert rnd.can_play("♥") and rnd.can_play("h")
    rnd.play("♥")
    assert rnd.trump == "H" and rnd.player_to_move == "Kari"
    with pytest.raises(IllegalMove, match="Trumf velges bare"):
        rnd.choose_trump("S")
    assert rnd.replayed().trump == "H"


def test_fixed_trump_comes_from_the_house_rule() -> None:
    rnd = new_round("trumf", P4, FOLLOW, dealer=3, rules=make_rules("sjukamp", {"trump": "D"}))
    assert rnd.trump == "D" and not rnd.needs_trump
    assert new_round("grand", P4, FOLLOW, dealer=3, trump="S").trump is None


# Kari leads ♠A; Ola ♠2; Siri follows with ♠3; Per discards.
ACE_LOW = {
    "Kari": "AS KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "Ola": "2S AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
    "Siri": "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AH 2D",
    "Per": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
}


@pytest.mark.parametrize(("ace_low", "winner"), [(False, "Kari"), (True, "Siri")])
def test_ace_low_in_pass(ace_low: bool, winner: str) -> None:
    rules = make_rules("femkamp", {"ace_low_in_pass": ace_low})
    rnd = new_round("pass", P4, ACE_LOW, dealer="Per", rules=rules)
    for card in ("AS", "2S", "3S", "AC"):
        rnd.play(card)
    assert rnd.players[rnd.tricks[0].winner] == winner
    # the house rule is for the Pass round only
    other = new_round("grand", P4, ACE_LOW, dealer="Per", rules=rules)
    for card in ("AS", "2S", "3S", "AC"):
        other.play(card)
    assert other.tricks[0].winner == 0


def test_three_players_without_the_two_of_diamonds() -> None:
    hands = {
        "Kari": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH",
        "Ola": "TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD JD TD 9D 8D 7D",
        "Siri": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C 6D 5D 4D 3D",
    }
    rnd = play_out(new_round("pass", ("Kari", "Ola", "Siri"), hands, dealer="Siri"))
    assert rnd.scores() == {"Kari": 17, "Ola": 0, "Siri": 0}
    klover = play_out(new_round("klover", ("Kari", "Ola", "Siri"), hands, dealer=2))
    assert klover.score_list() == [13, 0, 0]
    with pytest.raises(RuleError) as info:
        new_round("pass", ("Kari", "Ola", "Siri"), {**hands, "Siri": hands["Siri"] + " 2D"},
                  dealer=2)
    assert "Utdelingen stemmer ikke" in info.value.message("nb")


def test_five_players_without_the_red_twos() -> None:
    players = ("Kari", "Ola", "Siri", "Per", "Anna")
    hands = {
        "Kari": "AS KS QS JS TS 9S 8S 7S 6S 5S",
        "Ola": "4S 3S 2S AH KH QH JH TH 9H 8H",
        "Siri": "7H 6H 5H 4H 3H AD KD QD JD TD",
        "Per": "9D 8D 7D 6D 5D 4D 3D AC KC QC",
        "Anna": "JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    }
    damer = play_out(new_round("damer", players, hands, dealer="Anna"))
    assert damer.score_list() == [16, 0, 0, 0, 0] and len(damer.tricks) == 10
    finale = play_out(new_round("finale", players, hands, dealer="Anna"))
    assert finale.score_list() == [32, 0, 0, 0, 0]


def test_bad_deals_are_refused_clearly() -> None:
    with pytest.raises(RuleError) as info:
        new_round("pass", P4, {**ONE_SUIT_EACH, "Per": ONE_SUIT_EACH["Per"][:-3]}, dealer=3)
    assert "mangler: ♦2" in info.value.message("nb")
    assert "missing: ♦2" in info.value.message("en")
    with pytest.raises(RuleError, match="delt ut to ganger"):
        new_round("pass", P4, {**ONE_SUIT_EACH, "Per": "AS " + ONE_SUIT_EACH["Per"][3:]})
    with pytest.raises(RuleError, match="Per har ingen hånd"):
        new_round("pass", P4, {k: v for k, v in ONE_SUIT_EACH.items() if k != "Per"})
    with pytest.raises(RuleError, match="3 hender for 4 spillere"):
        new_round("pass", P4, [1, 2, 4])
    with pytest.raises(RuleError, match="Ukjent runde"):
        new_round("poker", P4, ONE_SUIT_EACH)
    with pytest.raises(RuleError, match="3 til 5 spillere"):
        new_round("pass", P4[:2], ONE_SUIT_EACH)


def test_copy_and_replay_rebuild_the_state() -> None:
    rnd = new_round("trumf", P4, FOLLOW, dealer="Per", trump="H")
    for _ in range(10):
        rnd.play(rnd.legal_moves()[-1])
    twin = rnd.copy()
    assert vars(twin) == vars(rnd)
    twin.play(twin.legal_moves()[0])
    assert len(rnd.history) == 10
    assert vars(rnd.replayed()) == vars(rnd)
    undo = rnd.replayed(9)
    assert len(undo.history) == 9 and undo.history == rnd.history[:9]


def test_deal_round_is_reproducible() -> None:
    a = deal_round("pass", P4, seed=11)
    b = deal_round("pass", P4, seed=11)
    assert a.hands == b.hands and a.dealer == 3 and a.player_to_move == "Kari"
    assert [h.bit_count() for h in a.hands] == [13] * 4
    trump = deal_round("trumf", P4, rules=make_rules("sekskamp"), seed=3)
    assert trump.trump in ("S", "H", "C", "D")


def test_parse_move_reads_cards_passes_and_suits() -> None:
    from kamplib.round import parse_move

    assert parse_move("10h") is parse_card("TH") and parse_move(" Prikk ") is PASS
    assert parse_move("♥") == ChooseTrump("H") and parse_move("s") == ChooseTrump("S")
    with pytest.raises(CardError, match="«X» er ikke et kort"):
        parse_move("X")


@pytest.mark.parametrize("kind", ["pass", "klover", "damer", "grand", "trumf", "finale"])
def test_history_entries_say_who_took_each_trick_and_what_it_scored(kind: str) -> None:
    import random

    rules = make_rules("sjukamp", {"last_round_double": False})
    rnd = deal_round(kind, P4, rules=rules, seed=5, multiplier=2)
    rng = random.Random(5)
    while not rnd.is_over:
        rnd.play(rng.choice(rnd.legal_moves()))
    closing = [e for e in rnd.history if e.winner is not None]
    assert [e.winner for e in closing] == [t.winner for t in rnd.tricks]
    assert all(e.points == 0 for e in rnd.history if e.winner is None)
    # what each trick scored adds up to the round's scores (no whole-round rule is on here)
    by_seat = [0] * rnd.n
    for e in closing:
        assert e.winner is not None
        by_seat[e.winner] += e.points
    assert by_seat == rnd.score_list()
