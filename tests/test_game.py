"""Whole games: reproducible deals, the dealer moving clockwise, trump (fixed, drawn, chosen),
the doubled last round, totals and shared wins, and the tie breaks played as extra rounds."""

import random

import pytest

from kamplib import (
    ChooseTrump,
    Game,
    IllegalMove,
    KampError,
    RoundDeal,
    RuleError,
    make_rules,
    parse_cards,
)
from kamplib.cards import mask_of
from kamplib.deal import deal_hands
from kamplib.game import check_players

P4 = ["Kari", "Ola", "Siri", "Per"]
ONE_SUIT_EACH = tuple(mask_of(parse_cards(f"A{s} K{s} Q{s} J{s} T{s} 9{s} 8{s} 7{s} 6{s} 5{s} "
                                          f"4{s} 3{s} 2{s}")) for s in "SHCD")


def play_first(game: Game) -> Game:
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return game


def play_random(game: Game, seed: int = 0) -> Game:
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def test_same_seed_same_deals() -> None:
    a, b = Game(P4, "sjukamp", seed=9), Game(P4, "sjukamp", seed=9)
    assert a.deals == b.deals
    assert a.deals != Game(P4, "sjukamp", seed=10).deals
    assert play_random(a, 1).totals() == play_random(b, 1).totals()


@pytest.mark.parametrize("n", [3, 4, 5])
def test_deal_sizes_per_round(n: int) -> None:
    game = Game(["A", "B", "C", "D", "E"][:n], "femkamp", seed=n)
    trick = {3: [17] * 3, 4: [13] * 4, 5: [10] * 5}[n]
    for deal in game.deals:
        sizes = [h.bit_count() for h in deal.hands]
        if deal.kind == "fantan":
            assert sum(sizes) == 52 and max(sizes) - min(sizes) <= 1
            first = (deal.dealer + 1) % n
            assert sizes[first] == max(sizes)
        else:
            assert sizes == trick


def test_the_shuffle_is_fair() -> None:
    """Every card reaches every seat about equally often (2,000 deals from one seed)."""
    rng = random.Random(2024)
    rules = make_rules("femkamp")
    counts = {card: [0] * 4 for card in parse_cards("AS 2C QH 7D")}
    for _ in range(2000):
        hands = deal_hands("pass", 4, 3, rules, rng)
        for card, seats in counts.items():
            seats[next(s for s, h in enumerate(hands) if h & card.bit)] += 1
    for seats in counts.values():
        assert all(420 <= c <= 580 for c in seats), seats  # 500 expected, sd about 19


def test_dealer_moves_clockwise_and_the_left_hand_leads() -> None:
    game = Game(P4, "femkamp", seed=1)
    assert [d.dealer for d in game.deals] == [3, 0, 1, 2, 3]
    assert game.to_move == "Kari"
    other = Game(P4, "femkamp", seed=1, first_dealer="Kari")
    assert [d.dealer for d in other.deals] == [0, 1, 2, 3, 0]
    assert other.to_move == "Ola"
    leaders = []
    while not game.is_over:
        if not game.round.history and game.round.kind != "fantan":
            leaders.append(game.round.player_to_move)
        game.play(game.legal_moves()[0])
    assert leaders == ["Kari", "Ola", "Siri", "Kari"]  # pass, klover, damer, grand


def test_rounds_advance_and_scores_add_up() -> None:
    game = play_random(Game(P4, "femkamp", seed=3), 3)
    assert [r.kind for r in game.rounds] == ["pass", "klover", "damer", "fantan", "grand"]
    assert [r.number for r in game.rounds] == [1, 2, 3, 4, 5]
    scores = game.round_scores()
    assert game.totals() == {p: sum(s[p] for s in scores) for p in P4}
    assert game.running_scores() == game.totals()
    best = min(game.totals().values())
    assert game.winners == [p for p in P4 if game.totals()[p] == best]
    assert game.to_move is None and game.legal_moves() == ()
    with pytest.raises(IllegalMove) as info:
        game.play("AS")
    assert info.value.message("nb") == "Spillet er over"
    assert info.value.message("en") == "The game is over"


def test_refused_moves_change_nothing_and_name_the_player() -> None:
    game = Game(P4, "femkamp", seed=2)
    history = game.round.history
    with pytest.raises(IllegalMove, match="Det er Kari sin tur, ikke Ola sin"):
        game.play(game.legal_moves()[0], player="Ola")
    with pytest.raises(RuleError, match="«Bob» sitter ikke ved bordet"):
        game.play(game.legal_moves()[0], player="Bob")
    assert game.round.history == history
    game.play(game.legal_moves()[0], player="Kari")
    assert len(game.round.history) == 1


def test_playing_the_round_directly_still_moves_the_game_on() -> None:
    game = Game(P4, "femkamp", seed=4)
    rnd = game.round
    while not rnd.is_over:
        rnd.play(rnd.legal_moves()[0])
    assert not game.is_over
    assert game.legal_moves() and game.round.kind == "klover"


def test_fixed_drawn_and_chosen_trump() -> None:
    sju = Game(P4, "sjukamp", seed=5)
    assert [d.trump for d in sju.deals] == [None] * 5 + ["S", None]
    hearts = Game(P4, "sjukamp", {"trump": "H"}, seed=5)
    assert hearts.deals[5].trump == "H"
    drawn = {Game(P4, "sekskamp", seed=s).deals[5].trump for s in range(40)}
    assert drawn == {"S", "H", "C", "D"}
    chosen = Game(P4, "sjukamp", {"trump": "dealer"}, seed=5)
    assert chosen.deals[5].trump is None
    while chosen.round.kind != "trumf":
        chosen.play(chosen.legal_moves()[0])
    assert chosen.round.needs_trump and chosen.to_move == P4[chosen.round.dealer]
    assert chosen.legal_moves() == tuple(ChooseTrump(s) for s in "SHCD")
    chosen.play("♦")
    assert chosen.round.trump == "D" and chosen.to_move == P4[(chosen.round.dealer + 1) % 4]


def test_last_round_double() -> None:
    rules = {"order": ["pass", "grand"], "last_round_double": True}
    deals = [RoundDeal("pass", 3, ONE_SUIT_EACH), RoundDeal("grand", 0, ONE_SUIT_EACH)]
    game = play_first(Game(P4, "custom", rules, deals=deals))
    assert game.round_scores() == [
        {"Kari": 13, "Ola": 0, "Siri": 0, "Per": 0},
        {"Kari": 0, "Ola": -26, "Siri": 0, "Per": 0},
    ]
    assert game.totals() == {"Kari": 13, "Ola": -26, "Siri": 0, "Per": 0}  # may go negative
    assert game.winners == ["Ola"]


def test_ties_share_the_win_by_default() -> None:
    game = play_first(Game(P4, "custom", {"order": ["pass"]},
                           deals=[RoundDeal("pass", 3, ONE_SUIT_EACH)]))
    assert game.winners == ["Ola", "Siri", "Per"] and not game.tie_unsettled


def test_extra_grand_settles_a_tie_among_the_tied() -> None:
    rules = {"order": ["pass"], "tie_break": "extra_grand"}
    deals = [RoundDeal("pass", 3, ONE_SUIT_EACH),
             RoundDeal("grand", 0, ONE_SUIT_EACH)]  # Ola leads and takes every trick
    game = Game(P4, "custom", rules, deals=deals)
    while len(game.rounds) == 1:
        game.play(game.legal_moves()[0])
    assert not game.is_over and game.round.kind == "grand" and game.round.number == 2
    assert game.round.dealer == 0 and game.winners == []
    play_first(game)
    assert game.totals() == {"Kari": 13, "Ola": -13, "Siri": 0, "Per": 0}
    assert game.winners == ["Ola"]


def test_extra_grand_is_dealt_from_the_seed_and_repeats_while_tied() -> None:
    rules = {"order": ["pass"], "tie_break": "extra_grand"}
    game = play_random(Game(P4, "custom", rules, seed=8,
                            deals=[RoundDeal("pass", 3, ONE_SUIT_EACH)]), 8)
    assert len(game.rounds) >= 2 and all(r.kind == "grand" for r in game.rounds[1:])
    assert len(game.winners) == 1 and game.winners[0] in ("Ola", "Siri", "Per")
    assert [r.dealer for r in game.rounds] == [(3 + i) % 4 for i in range(len(game.rounds))]


def test_extra_game_plays_a_rematch_among_the_tied() -> None:
    rules = {"order": ["pass"], "tie_break": "extra_game"}
    game = play_first(Game(P4, "custom", rules, deals=[RoundDeal("pass", 3, ONE_SUIT_EACH)]))
    assert game.is_over and game.tie_unsettled and game.winners == ["Ola", "Siri", "Per"]
    rematch = game.rematch(seed=1)
    assert rematch.contenders == ("Ola", "Siri", "Per") and rematch.first_dealer == 0
    for seed in range(20):
        again = play_random(game.rematch(seed=seed), seed)
        assert set(again.winners) <= {"Ola", "Siri", "Per"}
        totals = again.totals()
        assert all(totals[w] == min(totals[p] for p in again.contenders) for w in again.winners)


def test_custom_orders_of_any_length() -> None:
    order = ["pass", "klover", "damer", "fantan", "grand", "trumf", "finale", "pass", "damer",
             "grand", "klover"]
    game = play_random(Game(P4[:3], "custom", {"order": order}, seed=11), 11)
    assert [r.kind for r in game.rounds] == order
    assert [r.dealer for r in game.rounds] == [(2 + i) % 3 for i in range(11)]


@pytest.mark.parametrize(("players", "nb"), [
    (["Kari", "Ola"], "3 til 5 spillere, ikke 2"),
    (["Kari", "Ola", "Kari"], "Spillerne må ha ulike navn"),
    (["Kari", "", "Siri"], "Et spillernavn kan ikke være tomt"),
    ("Kari,Ola,Siri", "Spillerne skrives som en liste med navn"),
])
def test_bad_tables(players: object, nb: str) -> None:
    with pytest.raises(RuleError) as info:
        Game(players, "femkamp")  # type: ignore[arg-type]
    assert nb in info.value.message("nb")
    with pytest.raises(RuleError):
        check_players(players)  # type: ignore[arg-type]


def test_house_rules_given_as_a_mapping_or_rules() -> None:
    rules = make_rules("sekskamp", {"queen_points": 5})
    assert Game(P4, rules=rules, seed=1).rules is rules
    assert Game(P4, "sekskamp", {"queen_points": 5}, seed=1).rules == rules
    with pytest.raises(RuleError, match="Ukjent husregel"):
        Game(P4, "femkamp", {"dronning": 5})


# -- arguments that are wrong answer in words (issue 23) -----------------------------------------
def test_deals_of_another_game_are_refused_in_words() -> None:
    three = Game(P4[:3], "femkamp", seed=1).deals
    sekskamp = Game(P4, "sekskamp", seed=1).deals
    for deals in (three, sekskamp, [RoundDeal("xx", 3, three[0].hands)],
                  [RoundDeal("pass", True, three[0].hands)]):
        with pytest.raises(RuleError) as info:
            Game(P4, "femkamp", deals=deals)
        assert info.value.code == "deal_out_of_order"
        assert "Utdeling" in str(info.value) and "Deal" in info.value.message("en")
    with pytest.raises(RuleError, match=r"deals\[0\]\.hands"):
        Game(P4, "femkamp", deals=[RoundDeal("pass", 3, 7)])  # type: ignore[arg-type]


@pytest.mark.parametrize("dealer", [9, 4, -1, True, 1.0])
def test_a_first_dealer_that_is_no_seat_is_refused(dealer: object) -> None:
    with pytest.raises(RuleError) as info:
        Game(P4, "femkamp", first_dealer=dealer)  # type: ignore[arg-type]
    assert info.value.code == "bad_argument" and "first_dealer" in str(info.value)
    assert Game(P4, "femkamp", first_dealer=3).first_dealer == 3


def test_a_game_used_from_two_threads_at_once_says_so_and_stays_whole() -> None:
    import threading

    game = Game(P4, "femkamp", seed=3)
    inside, leave = threading.Event(), threading.Event()
    rnd = game.round
    plain_play = rnd.play

    def slow_play(move: object) -> None:  # the first thread stays inside play() a while
        inside.set()
        leave.wait(5)
        plain_play(move)  # type: ignore[arg-type]

    rnd.play = slow_play  # type: ignore[method-assign]
    first = game.legal_moves()[0]
    worker = threading.Thread(target=game.play, args=(first,))
    worker.start()
    assert inside.wait(5)
    for call in (lambda: game.play(first), game.undo, lambda: game.undo_last_move_of("Kari")):
        with pytest.raises(KampError) as info:
            call()
        assert info.value.code == "game_in_use" and "tråd" in str(info.value)
    leave.set()
    worker.join(5)
    del rnd.play
    assert [e.move for e in game.round.history] == [first]  # played once, by the first thread
    play_first(game)
    assert [r.kind for r in game.rounds] == list(game.order)


def test_a_game_handed_from_thread_to_thread_is_fine() -> None:
    import threading

    game = Game(P4, "femkamp", seed=4)
    for _ in range(3):
        worker = threading.Thread(target=lambda: game.play(game.legal_moves()[0]))
        worker.start()
        worker.join()
    assert len(game.round.history) == 3
