"""Invariants over random games: every game x 3-5 players x house rules x seeds.

A player to move always has a legal move; every game ends; each round's scores add up as the
rules demand; Fan Tan ends with exactly one player out; replaying a round's history rebuilds
it; a refused move changes nothing; the list of legal moves and the check agree; and a player's
view never reaches another player's cards.
"""

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_view import assert_nothing_hidden

from kamplib import PASS, Card, Game, KampError, Round, make_rules
from kamplib.kinds import KIND_NAMES as KINDS
from kamplib.round import validate_deal
from kamplib.rules import GAMES, RULE_CHOICES, Rules
from kamplib.scoring import CLUBS

NAMES = ["Kari", "Ola", "Siri", "Per", "Anna"]
MAX_MOVES = 20_000  # far more than any game needs; a loop would stop here


@st.composite
def setups(draw: st.DrawFn) -> tuple[list[str], Rules, int]:
    game = draw(st.sampled_from([*GAMES, "custom"]))
    house = draw(st.fixed_dictionaries(
        {}, optional={key: st.sampled_from(values) for key, values in RULE_CHOICES.items()}))
    if game == "custom" or draw(st.integers(0, 3)) == 0:  # sometimes reorder a known game
        house["order"] = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=8))
    n = draw(st.integers(3, 5))
    return NAMES[:n], make_rules(game, house), draw(st.integers(0, 2**32 - 1))


def expected_sum(rnd: Round) -> int | None:
    """What the scores of a finished trick round add up to (None: Kløver may vary)."""
    rules, mult, tricks = rnd.rules, rnd.multiplier, rnd.deal[0].bit_count()
    if rnd.kind == "pass":
        return tricks * mult
    if rnd.kind in ("grand", "trumf"):
        return -tricks * mult
    if rnd.kind == "damer":
        return 4 * rules.queen_points * mult
    if rnd.kind == "finale":
        return (24 + rules.finale_queen_of_clubs) * mult
    return None


def check_finished_round(rnd: Round) -> None:
    scores = rnd.score_list()
    if rnd.kind == "fantan":
        assert rnd.out >= 0 and rnd.hands[rnd.out] == 0
        assert [s for s, h in enumerate(rnd.hands) if not h] == [rnd.out]
        assert scores.count(0) == 1 and scores[rnd.out] == 0
        assert all(s >= rnd.multiplier for i, s in enumerate(scores) if i != rnd.out)
        assert sum(scores) == rnd.multiplier * (
            sum(rnd.passes) - rnd.passes[rnd.out] + sum(h.bit_count() for h in rnd.hands))
    elif rnd.kind == "klover":
        took_all = [m & CLUBS == CLUBS for m in rnd.taken]
        if rnd.rules.clubs_take_all_zero and any(took_all):
            assert scores == [0] * rnd.n
        else:
            assert sum(scores) == 13 * rnd.multiplier
    else:
        assert sum(scores) == expected_sum(rnd)
        assert sum(rnd.tricks_won) == rnd.deal[0].bit_count()
        assert all(h == 0 for h in rnd.hands)
    assert vars(rnd.replayed()) == vars(rnd)


def an_illegal_move(rnd: Round, rng: random.Random) -> object:
    """A card or word the player to move may not play now."""
    legal = set(rnd.legal_moves())
    candidates = [c for c in Card.ALL if c not in legal] + ([PASS] if PASS not in legal else [])
    return rng.choice(candidates)


def snapshot(game: Game) -> tuple:
    return (len(game.rounds), copy.deepcopy(vars(game.round)), game.rng.getstate())


@settings(max_examples=settings().max_examples * 3)
@given(setups())
def test_random_games_keep_every_invariant(setup: tuple[list[str], Rules, int]) -> None:
    players, rules, seed = setup
    game = Game(players, rules=rules, seed=seed)
    for deal in game.deals:  # the engine's own deals pass the checks a record's deal gets
        validate_deal(deal.kind, players, deal.dealer, deal.hands, rules)
    rng = random.Random(seed)
    finished = 0
    for _ in range(MAX_MOVES):
        if game.is_over:
            break
        rnd = game.round
        assert not rnd.is_over and rnd.to_move >= 0
        legal = game.legal_moves()
        assert legal, "a player to move must have a legal move"
        assert len(set(legal)) == len(legal)
        if rng.random() < 0.05:  # a refused move changes nothing, and says why
            before = snapshot(game)
            move = an_illegal_move(rnd, rng)
            try:
                game.play(move)
            except KampError as err:
                assert err.message("nb") and err.message("en")
            else:
                raise AssertionError(f"{move} was accepted but is not a legal move")
            assert snapshot(game) == before
        if rng.random() < 0.02:
            for p in players:
                assert_nothing_hidden(game.view(p), rnd)
        if rnd.kind == "fantan" and rng.random() < 0.1:
            view = game.view(players[0])
            assert {c for c in view.playable} == {
                c for c in Card.ALL if c.bit & rnd.playable & rnd.in_play}
        game.play(rng.choice(legal))
        while finished < len(game.rounds) and game.rounds[finished].is_over:
            check_finished_round(game.rounds[finished])
            finished += 1
    else:
        raise AssertionError("the game did not end")
    assert len(game.rounds) >= len(rules.order)
    assert game.legal_moves() == () and game.to_move is None
    totals = game.totals()
    assert totals == {p: sum(s[p] for s in game.round_scores()) for p in players}
    regular = {p: sum(r.scores()[p] for r in game.rounds[:len(rules.order)]) for p in players}
    tied = [p for p in players if regular[p] == min(regular.values())]
    if rules.tie_break == "extra_grand":  # extra Grand rounds until one of the tied is lowest
        assert len(game.winners) == 1 and game.winners[0] in tied
        assert len(tied) > 1 or len(game.rounds) == len(rules.order)
        assert all(r.kind == "grand" for r in game.rounds[len(rules.order):])
    else:
        assert len(game.rounds) == len(rules.order) and game.winners == tied
    last = len(rules.order) - 1
    for i, rnd in enumerate(game.rounds):
        assert rnd.multiplier == (2 if i == last and rules.last_round_double else 1)
        assert rnd.dealer == (game.first_dealer + i) % len(players)


@given(setups())
def test_legal_moves_and_the_check_are_one_rule(setup: tuple[list[str], Rules, int]) -> None:
    players, rules, seed = setup
    game = Game(players, rules=rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(40):
        if game.is_over:
            break
        rnd = game.round
        legal = set(rnd.legal_moves())
        words = [*"SHCD", PASS] if rnd.kind == "trumf" or rnd.kind == "fantan" else [PASS]
        for move in [*Card.ALL, *words]:
            try:
                rnd.check(move)
                accepted = True
            except KampError as err:  # IllegalMove, or CardError for a suit that is no card
                accepted = False
                assert err.code and err.message("nb") != err.message("en")
            assert accepted == (move in legal), (move, legal)
            assert rnd.can_play(move) == accepted
        game.play(rng.choice(tuple(legal)))
