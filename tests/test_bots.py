"""Bots: legal moves everywhere, tactics in known positions, no peeking, reasons, determinism."""

from __future__ import annotations

import dataclasses

import pytest
from bot_positions import NAMES, c, deal_masks, position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kamplib import PASS, Card, ChooseTrump, Game, RuleError, new_round
from kamplib.bots import LEVELS, SEARCH_LEVELS, Decision, level_name, make_bot
from kamplib.bots.heuristic import policy
from kamplib.bots.situation import from_round, from_view
from kamplib.round import Round
from kamplib.view import PlayerView, make_view


def choose(view: PlayerView) -> Decision:
    return make_bot("heuristic").choose(view)


# -- every bot plays only legal moves, in every game, table size and house rule -------------------
HOUSE_RULES = {
    "ace_low_in_pass": st.booleans(),
    "clubs_take_all_zero": st.booleans(),
    "queen_points": st.sampled_from([4, 5]),
    "fantan_layout": st.sampled_from(["sevens", "sixes_and_sevens"]),
    "fantan_opener": st.sampled_from(["seven_of_hearts", "left_of_dealer"]),
    "fantan_deck": st.sampled_from(["full", "trick"]),
    "fantan_voluntary_pass": st.booleans(),
    "trump": st.sampled_from(["S", "H", "D", "C", "draw", "dealer"]),
    "last_round_double": st.booleans(),
    "finale_queen_of_clubs": st.sampled_from([8, 4]),
    "tie_break": st.sampled_from(["share", "extra_grand"]),
}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["femkamp", "sekskamp", "sjukamp"]),
       players=st.integers(3, 5),
       house=st.fixed_dictionaries({}, optional=HOUSE_RULES),
       levels=st.lists(st.sampled_from(["random", "heuristic"]), min_size=5, max_size=5),
       seed=st.integers(0, 10_000))
def test_bots_play_only_legal_moves(game: str, players: int, house: dict, levels: list[str],
                                    seed: int) -> None:
    names = ["Kari", "Ola", "Siri", "Per", "Anna"][:players]
    g = Game(names, game, house, seed=seed)
    bots = [make_bot(level, seed + i) for i, level in enumerate(levels[:players])]
    while not g.is_over:
        rnd = g.round
        view = make_view(rnd, rnd.to_move)
        decision = bots[rnd.to_move].choose(view)
        assert decision.move in rnd.legal_moves()
        assert decision.text("nb") and decision.text("en")
        # the fast path used by simulations decides exactly as the view-based bot
        if bots[rnd.to_move].level == "heuristic":
            assert policy(from_round(rnd, rnd.to_move)) == policy(from_view(view))
        g.play(decision.move)
    assert g.winners


@pytest.mark.parametrize("kind", ["pass", "klover", "damer", "fantan", "grand", "trumf",
                                  "finale"])
@pytest.mark.parametrize("players", [3, 5])
def test_search_bot_plays_a_whole_round_legally(kind: str, players: int) -> None:
    names = ["Kari", "Ola", "Siri", "Per", "Anna"][:players]
    house = {"order": [kind], "trump": "dealer", "fantan_voluntary_pass": True}
    g = Game(names, "custom", house, seed=players)
    bot = make_bot("search", seed=1, samples=3)
    while not g.is_over:
        view = make_view(g.round, g.round.to_move)
        decision = bot.choose(view)
        assert decision.move in view.legal
        assert decision.text("nb") != decision.text("en")
        g.play(decision.move)


# -- no bot can reach another hand ---------------------------------------------------------------
_deal = deal_masks


def _walk(value: object, seen: set[int]) -> list[object]:
    """Everything reachable from a view through fields, containers and attributes."""
    if id(value) in seen:
        return []
    seen.add(id(value))
    out = [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out += _walk(getattr(value, f.name), seen)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            out += _walk(item, seen)
    elif isinstance(value, dict):
        for k, v in value.items():
            out += _walk(k, seen) + _walk(v, seen)
    return out


@pytest.mark.parametrize("kind", ["damer", "fantan"])
def test_a_view_holds_no_round_and_no_other_hand(kind: str) -> None:
    """Nothing reachable from a view is a round, a game or a card another player holds now;
    what the view can say is only *which* cards are hidden, never where."""
    rnd = new_round(kind, NAMES, _deal(1), dealer=3)
    for _ in range(6):
        rnd.play(rnd.legal_moves()[0])
    view = make_view(rnd, rnd.to_move)
    reachable = _walk(view, set())
    assert not any(isinstance(x, (Round, Game)) for x in reachable)
    hidden = {card for s in range(4) if s != view.seat for card in rnd.hand(s)}
    cards = {x for x in reachable if isinstance(x, Card)}
    assert hidden and cards.isdisjoint(hidden)
    assert set(view.unseen()) == hidden


def test_bots_decide_alike_whatever_the_hidden_cards_are() -> None:
    """Two deals differing only in the other players' cards give equal views and decisions."""
    hands = _deal(2)
    swapped = [hands[0], hands[2], hands[3], hands[1]]  # seat 0 to lead: the rest is hidden
    views = [make_view(new_round("klover", NAMES, h, dealer=3), 0) for h in (hands, swapped)]
    assert views[0] == views[1]
    for level in LEVELS:
        kw = {"samples": 4} if level == "search" else {}
        moves = [make_bot(level, seed=5, **kw).choose(v) for v in views]
        assert moves[0] == moves[1]


def test_poisoned_round_after_the_view_changes_nothing() -> None:
    rnd = new_round("pass", NAMES, _deal(3), dealer=3)
    view = make_view(rnd, 0)
    before = make_bot("search", seed=9, samples=4).choose(view)
    for s in range(1, 4):
        rnd.hands[s] = 0  # poison: the other hands vanish from the round
    assert make_bot("search", seed=9, samples=4).choose(view) == before


def test_search_is_deterministic_for_a_seed() -> None:
    view = position("damer", "QS 5S 9H", "KS")
    a = make_bot("search", seed=3, samples=6).choose(view)
    b = make_bot("search", seed=3, samples=6).choose(view)
    assert a == b


def test_bad_search_options_are_clear() -> None:
    with pytest.raises(RuleError) as err:
        make_bot("search", samples=0)
    assert "samples" in err.value.message("en")
    with pytest.raises(RuleError, match="depth"):
        make_bot("search", depth=3)
    with pytest.raises(RuleError, match="samples"):
        make_bot("heuristic", samples=3)


def test_every_search_level_plays_and_has_a_name() -> None:
    """«vanskelig» is the app's search; the stronger analysis and the plain search of before
    are levels too, with names, but not offered to learners."""
    view = position("damer", "QS 5S", "KS")
    for level in SEARCH_LEVELS:
        bot = make_bot(level, seed=1, samples=4)
        assert bot.level == level and bot.choose(view).move in view.legal
    assert level_name("search") == "vanskelig"
    assert level_name("analysis") == "analyse" and level_name("plain_search", "en") == \
        "plain search"
    assert set(SEARCH_LEVELS) - set(LEVELS) == {"analysis", "plain_search"}


def test_a_bot_refuses_a_view_of_someone_not_to_move() -> None:
    rnd = new_round("pass", NAMES, _deal(4), dealer=3)
    with pytest.raises(RuleError) as err:
        make_bot("heuristic").choose(make_view(rnd, 2))
    assert "Siri" in str(err.value)


def test_random_bot_plays_a_whole_game_and_is_deterministic() -> None:
    totals = []
    for _ in range(2):
        g = Game(NAMES, "femkamp", seed=3)
        bots = [make_bot("random", seed=i) for i in range(4)]
        while not g.is_over:
            g.play(bots[g.round.to_move].choose(make_view(g.round, g.round.to_move)).move)
        totals.append(g.totals())
    assert totals[0] == totals[1]


def test_unknown_level_is_a_clear_bilingual_error() -> None:
    with pytest.raises(RuleError) as err:
        make_bot("expert")
    assert "expert" in err.value.message("nb") and "vanskelig" in err.value.message("nb")
    assert all(level in err.value.message("en") for level in LEVELS)
    assert make_bot("vanskelig", samples=2).level == "search"


# -- positions: the tactics of the rule texts -----------------------------------------------------
def test_pass_ducks_under_the_winning_card() -> None:
    d = choose(position("pass", "AH QH 3H", "KH"))
    assert d.move == c("QH")
    assert "Noen andre tar allerede stikket" in d.text("nb") and "♥Q" in d.text("nb")


def test_pass_void_sheds_a_high_card() -> None:
    d = choose(position("pass", "AH AC 2H 2C", "5S", not_mine="S"))
    assert d.move.rank == 14 and "renons i spar" in d.text("nb")


def test_pass_takes_a_forced_last_trick_high_and_keeps_low_cards() -> None:
    d = choose(position("pass", "AS KS 2H", "2S 3S 4S"))
    assert d.move == c("AS")


def test_pass_leads_low_where_higher_cards_are_out() -> None:
    d = choose(position("pass", "2S AS KS AH KH QH AD KD QD AC KC QC JC", ""))
    assert d.move == c("2S") and "Spill ut ♠2" in d.text("nb")


def test_pass_ace_low_rule_makes_the_ace_a_safe_duck() -> None:
    d = choose(position("pass", "AH 5H", "4H", not_mine="2H 3H", ace_low_in_pass=True))
    assert d.move == c("AH")


def test_klover_void_throws_the_highest_club() -> None:
    d = choose(position("klover", "KC 3C AS", "5D", not_mine="D"))
    assert d.move == c("KC")
    assert d.text("nb").startswith("Du er renons i ruter: kast kløver ♣K")
    assert d.text("en").startswith("You are void in diamonds: throw the club ♣K")


def test_klover_ducks_in_clubs() -> None:
    d = choose(position("klover", "AC 9C 2C", "TC"))
    assert d.move == c("9C")


def test_klover_never_leads_a_club_that_wins() -> None:
    d = choose(position("klover", "AC KC QC 2H 3D", ""))
    assert d.move not in (c("AC"), c("KC"), c("QC"))


def test_damer_drops_the_queen_under_the_king() -> None:
    d = choose(position("damer", "QS 5S", "KS"))
    assert d.move == c("QS") and "slipp ♠Q" in d.text("nb")


def test_damer_void_gives_away_a_queen() -> None:
    d = choose(position("damer", "QD 2D AS", "4H", not_mine="H"))
    assert d.move == c("QD") and "damen" in d.text("nb")


def test_damer_never_plays_the_queen_into_its_own_trick() -> None:
    d = choose(position("damer", "QS AS 2S", "3S"))
    assert d.move == c("2S")


def test_fantan_plays_from_a_long_run_first() -> None:
    d = choose(position("fantan", "7S 8S 9S 7D", not_mine="7H 7C 6D 8D",
                        fantan_opener="left_of_dealer"))
    assert d.move == c("7S") and "rekka" in d.text("nb")


def test_fantan_holds_back_a_lone_seven() -> None:
    view = position("fantan", "7D 8H", "7H", me=1, not_mine="7S 7C 6D 8D 9H 6H")
    d = choose(view)
    assert d.move == c("8H")
    assert d.move != c("7D")


def test_fantan_passes_only_when_nothing_fits() -> None:
    view = position("fantan", "AS", "7H", me=1, not_mine="7S 7C 7D 6H 8H")
    d = choose(view)
    assert view.legal == (PASS,) and d.move == PASS and "pass" in d.text("nb")
    free = position("fantan", "7D 8D", "7H", me=1, not_mine="7S 7C 6H 8H",
                    fantan_voluntary_pass=True)
    assert PASS in free.legal and choose(free).move != PASS


def test_fantan_sixes_and_sevens_opens_a_run_down() -> None:
    d = choose(position("fantan", "6D 5D 4D 7C", not_mine="7S 7H 7D 6S 6H 6C 8C",
                        fantan_opener="left_of_dealer", fantan_layout="sixes_and_sevens"))
    assert d.move == c("6D")


def test_grand_leads_an_ace() -> None:
    d = choose(position("grand", "AS 2S 3H 4H 5D", ""))
    assert d.move == c("AS") and "ingen av de andre har et høyere kort" in d.text("nb")


def test_grand_wins_cheaply_in_last_seat() -> None:
    d = choose(position("grand", "AD QD 2D", "5D 9D JD"))
    assert d.move == c("QD")


def test_grand_keeps_the_king_when_it_cannot_win() -> None:
    d = choose(position("grand", "KC 2C", "AC"))
    assert d.move == c("2C")


def test_trumf_trumps_in_when_void() -> None:
    d = choose(position("trumf", "3S AS 9C", "4H", not_mine="H 2S", trump_suit="S"))
    assert d.move == c("3S") and "trumf" in d.text("nb")


def test_trumf_overtrumps_cheaply() -> None:
    d = choose(position("trumf", "3S 9S 2C", "4H 5S", not_mine="H 2S 4S 6S 7S 8S",
                        trump_suit="S"))
    assert d.move == c("9S")


def test_trumf_dealer_names_the_longest_suit() -> None:
    view = position("trumf", "AH KH QH JH TH 9H 2S", me=3, trump="dealer")
    d = choose(view)
    assert view.needs_trump and d.move == ChooseTrump("H") and "hjerter" in d.text("nb")


def test_finale_void_throws_the_queen_of_clubs() -> None:
    d = choose(position("finale", "QC QH 2C", "5D", not_mine="D"))
    assert d.move == c("QC")


def test_finale_drops_the_queen_of_clubs_under_the_king() -> None:
    d = choose(position("finale", "QC 3C", "KC"))
    assert d.move == c("QC")


def test_finale_ducks_without_taking_a_queen() -> None:
    d = choose(position("finale", "QH TH 8H", "9H"))
    assert d.move == c("8H")


def test_a_tournament_rotates_seats_and_reports_every_kind() -> None:
    from kamplib.tournament import level_comparison, tournament

    res = tournament("heuristic", "random", games=8, seed=2, workers=1)
    assert res["games"] == 8 and res["deals"] == 2
    assert set(res["by_kind"]) == {"pass", "klover", "damer", "fantan", "grand"}
    low, high = res["ci95"]
    assert low <= res["ahead_by"] <= high
    one = tournament("heuristic", "random", games=8, seed=2, kind="trumf", game="sjukamp",
                     workers=1)
    assert set(one["by_kind"]) == {"trumf"} and one["ahead_by"] == one["by_kind"]["trumf"][
        "ahead_by"]
    rows = level_comparison(("random",), games=8, seed=2, workers=1)
    assert rows[0]["level"] == "random" and rows[0]["ahead_by"] < 0
