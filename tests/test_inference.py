"""Inference: sampled deals agree with everything the player has seen, and the likelier ones count
more."""

from __future__ import annotations

import math
import random

import pytest
from bot_positions import NAMES, position
from hypothesis import given, settings
from hypothesis import strategies as st

from kamplib import Game, make_rules, new_round, parse_card
from kamplib.bots.heuristic import round_policy
from kamplib.bots.inference import (
    Evidence,
    Table,
    banned_cards,
    replay,
    sample_deals,
    sample_hands,
)
from kamplib.cards import cards_of, mask_of, suit_mask
from kamplib.kinds import KIND_NAMES
from kamplib.view import PlayerView, make_view


def _swap(hands: list[int], card: str, to: int) -> list[int]:
    """Move ``card`` to seat ``to``, giving back to its holder a card of ``to`` of another suit."""
    bit = parse_card(card).bit
    frm = next(s for s, h in enumerate(hands) if h & bit)
    back = next(c for c in cards_of(hands[to]) if c.suit != parse_card(card).suit)
    out = list(hands)
    out[frm] = out[frm] ^ bit | back.bit
    out[to] = out[to] ^ back.bit | bit
    return out


# -- every sampled deal tells the same story as the table ------------------------------------
@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(KIND_NAMES), players=st.sampled_from([3, 4, 5]),
       seed=st.integers(0, 10_000), stop=st.floats(0, 1), voluntary=st.booleans(),
       softness=st.sampled_from([None, 0.1]))
def test_every_sampled_deal_gives_the_same_view(kind: str, players: int, seed: int, stop: float,
                                                voluntary: bool, softness: float | None) -> None:
    """Replayed with the sampled hands, the round shows the player exactly what they saw: the
    same cards played, the same hands sizes, voids and passes (a pass the sampled hand could not
    have made would not even replay)."""
    names = ["Kari", "Ola", "Siri", "Per", "Anna"][:players]
    g = Game(names, "custom", {"order": [kind], "trump": "dealer",
                               "fantan_voluntary_pass": voluntary}, seed=seed)
    rnd = g.round
    moves = int(stop * 40)
    while rnd.to_move >= 0 and moves:
        rnd.play(round_policy(rnd, rnd.to_move))
        moves -= 1
    assert rnd.to_move >= 0  # every round has more than 40 moves
    view = make_view(rnd, rnd.to_move)
    table = Table(view)
    for deal in sample_deals(table, random.Random(seed), 6, softness):
        assert make_view(deal.round, view.seat) == view
        for seat, hand in enumerate(deal.round.hands):
            assert not hand & table.banned[seat]


def _slow_loglik(table: Table, hands: list[int], softness: float) -> float:
    """The opponents' moves replayed one by one on the whole round, each weighed by the soft
    heuristic: what :class:`Evidence` works out without replaying."""
    rnd = replay(table, hands).replayed(0)
    total = 0.0
    for seat, move in ((e.seat, e.move) for e in table.view.history):
        if seat != table.me:
            k = len(rnd.legal_moves())
            if k > 1:
                total -= math.log1p(softness * (k - 1))
                if round_policy(rnd, seat) != move:
                    total += math.log(softness)
        rnd.play(move)
    return total


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(KIND_NAMES), players=st.sampled_from([3, 4, 5]),
       seed=st.integers(0, 10_000), stop=st.floats(0, 1), voluntary=st.booleans(),
       opener=st.sampled_from(["seven_of_hearts", "left_of_dealer"]))
def test_the_evidence_weighs_a_deal_as_a_replay_would(kind: str, players: int, seed: int,
                                                       stop: float, voluntary: bool,
                                                       opener: str) -> None:
    """The quick likelihood (one seat's hand at a time, no replay) equals the slow one, for the
    real deal and for sampled ones, with random and heuristic moves mixed."""
    names = ["Kari", "Ola", "Siri", "Per", "Anna"][:players]
    g = Game(names, "custom", {"order": [kind], "trump": "dealer", "fantan_opener": opener,
                               "fantan_voluntary_pass": voluntary}, seed=seed)
    rnd = g.round
    rng = random.Random(seed)
    for _ in range(int(stop * 40)):
        legal = rnd.legal_moves()
        rnd.play(rng.choice(legal) if rng.random() < 0.3 else round_policy(rnd, rnd.to_move))
    view = make_view(rnd, rnd.to_move)
    table = Table(view)
    real = list(rnd.hands)
    evidence = Evidence(table, sample_hands(table, rng), 0.1)
    # many deals, so that the weights kept per suit holding are met again
    for hands in [real] + [sample_hands(table, rng) for _ in range(8)] + [real]:
        assert evidence.deal_loglik(hands) == pytest.approx(_slow_loglik(table, hands, 0.1))


def test_a_player_who_showed_out_is_never_dealt_that_suit() -> None:
    view = position("pass", "2H", "AD 3S")  # Ola (seat 1) did not follow diamonds
    assert "D" in view.voids[1]
    table = Table(view)
    rng = random.Random(0)
    for _ in range(200):
        hands = sample_hands(table, rng)
        assert [h.bit_count() for h in hands] == list(view.hand_sizes)
        assert not hands[1] & suit_mask("D")
    for deal in sample_deals(table, rng, 20, 0.1):
        assert not deal.round.hands[1] & suit_mask("D")


# -- Fan Tan: a forced pass rules out what could be laid then ----------------------------------
def _fantan_after_a_pass(**house: object) -> PlayerView:
    """Ola opens ♥7; Siri, with no seven and no heart, has to pass; Per is to move."""
    hands = {
        "Kari": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        "Ola": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "Siri": "AC 2C 3C 4C 5C 6C AD 2D 3D 4D 5D 6D KC",
        "Per": "7C 8C 9C TC JC QC 7D 8D 9D TD JD QD KD",
    }
    rules = make_rules("custom", {"order": ["fantan"], **house})
    rnd = new_round("fantan", NAMES, {p: h.split() for p, h in hands.items()}, dealer=3,
                    rules=rules)
    rnd.play(parse_card("7H"))
    rnd.play("pass")
    return make_view(rnd, 3)


def test_a_fantan_pass_rules_out_the_cards_that_were_playable() -> None:
    view = _fantan_after_a_pass()
    playable_then = mask_of(parse_card(x) for x in ("7S", "6H", "8H"))  # ♣7 ♦7 are Per's own
    assert banned_cards(view)[2] & playable_then == playable_then
    table = Table(view)
    rng = random.Random(1)
    for _ in range(200):
        assert not sample_hands(table, rng)[2] & playable_then
    for deal in sample_deals(table, rng, 20, 0.1):
        assert not deal.round.hands[2] & playable_then


def test_a_voluntary_pass_only_makes_a_layable_card_less_likely() -> None:
    """With passing by choice allowed, a pass proves nothing, but a deal in which Siri could
    have laid ♠7 explains her pass worse than one in which she could not."""
    view = _fantan_after_a_pass(fantan_voluntary_pass=True)
    assert not banned_cards(view)[2]
    table = Table(view)
    rng = random.Random(2)
    assert any(sample_hands(table, rng)[2] & parse_card("7S").bit for _ in range(200))
    true_hands = [mask_of(parse_card(x) for x in h.split()) for h in (
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        "AH 2H 3H 4H 5H 6H 8H 9H TH JH QH KH",
        "AC 2C 3C 4C 5C 6C AD 2D 3D 4D 5D 6D KC",
        "7C 8C 9C TC JC QC 7D 8D 9D TD JD QD KD")]
    with_seven = _swap(true_hands, "7S", 2)
    evidence = Evidence(table, true_hands, 0.1)
    assert evidence.deal_loglik(with_seven) < evidence.deal_loglik(true_hands)


# -- the opponents' moves weigh the deals -------------------------------------------------------
def test_a_deal_that_explains_a_duck_weighs_more() -> None:
    """Kari leads ♠K in Pass and Ola ducks with ♠9.  Had Ola held ♠Q she would have ducked with
    that (her highest card below the king), so deals giving her ♠Q explain her play worse."""
    view = position("pass", "2H 3H", "KS 9S", me=2, others={1: "4S"},
                    not_mine="QS JS TS")
    table = Table(view)
    hands = sample_hands(table, random.Random(3))
    queen_with_per = _swap(hands, "QS", 3)
    queen_with_ola = _swap(hands, "QS", 1)
    assert queen_with_ola[1] & parse_card("QS").bit
    evidence = Evidence(table, hands, 0.1)
    assert evidence.deal_loglik(queen_with_ola) < evidence.deal_loglik(queen_with_per)


def test_resampling_prefers_the_deals_that_explain_the_play() -> None:
    view = position("pass", "2H 3H", "KS 9S", me=2, others={1: "4S"},
                    not_mine="QS JS TS")
    table = Table(view)
    queen = parse_card("QS").bit

    def share(softness: float | None) -> float:
        deals = sample_deals(table, random.Random(4), 200, softness)
        with_ola = sum(d.count for d in deals if d.round.hands[1] & queen)
        return with_ola / sum(d.count for d in deals)

    assert share(0.1) < share(None) / 2
