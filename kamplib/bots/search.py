"""The hard opponent: Monte Carlo over the hidden cards, each candidate played out heuristically.

For every sample the unseen cards are dealt at random to the other players, respecting all the
bot has seen: the cards played, each hand's size, the suits a player showed out of, and in Fan
Tan the cards a player cannot hold because they passed while those cards were playable.  The
round is rebuilt from that deal (hand now + cards already played = hand dealt), its history
replayed, and every candidate move is played out to the end of the round by the heuristic policy
for all seats.  The move with the lowest average score for the bot wins; all candidates meet the
same sampled deals, so the comparison is fair.  Cards that are equivalent (neighbours in a suit
with nothing hidden between them and the same points) are tried once.
"""

from __future__ import annotations

import random
import time
from itertools import pairwise
from typing import Any

from kamplib.bots.base import Decision, check_to_move
from kamplib.bots.explain import describe, search_reason
from kamplib.bots.heuristic import penalty, policy, round_policy
from kamplib.bots.situation import Situation, from_view, suit_block
from kamplib.cards import Card, mask_of, suit_mask
from kamplib.fantan import rows_from
from kamplib.round import PASS, Move, Round, new_round
from kamplib.view import PlayerView, make_view

__all__ = ["SearchBot", "APP_SEARCH_OPTIONS", "evaluate", "Evaluation", "sample_deal"]

# The strength the app plays and hints with: enough samples to be clearly stronger than the
# heuristic, a time cap so a learner never waits long (see BENCHMARKS.md, "Bots").
APP_SEARCH_OPTIONS: dict[str, Any] = {"samples": 16, "time_budget": 0.4}
DEFAULT_SAMPLES = 16

class Evaluation:
    """Average round score for the mover of every legal move, from ``samples`` sampled deals."""

    def __init__(self, means: dict[Move, float], samples: int, groups: dict[Move, Move]) -> None:
        self.means = means  # by representative move
        self.samples = samples
        self.groups = groups  # every legal move -> its representative

    def expected(self, move: Move) -> float:
        return self.means[self.groups[move]]

    def best(self, prefer: Move | None = None) -> Move:
        """The lowest average; ties go to ``prefer`` (the heuristic's move)."""
        low = min(self.means.values())
        if prefer is not None and self.means[self.groups[prefer]] <= low + 1e-9:
            return prefer
        return min(self.means, key=lambda m: self.means[m])

class SearchBot:
    """Samples hidden cards and plays candidates out; same seed, same decisions."""

    level = "search"

    def __init__(self, seed: int | None = None, samples: int = DEFAULT_SAMPLES,
                 time_budget: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.time_budget = time_budget

    def choose(self, view: PlayerView) -> Decision:
        check_to_move(view)
        sit = from_view(view)
        h_move, h_code, h_params = policy(sit)
        if len(view.legal) == 1:
            return Decision(h_move, search_reason(h_code, h_params, None))
        ev = evaluate(view, self.rng, self.samples, self.time_budget, sit=sit)
        move = ev.best(prefer=h_move)
        if ev.groups[move] == ev.groups[h_move]:
            move, code, params = h_move, h_code, h_params
        else:
            code, params = describe(sit, move)
        return Decision(move, search_reason(code, params, (ev.expected(move), ev.samples)))

    def move_in(self, rnd: Round, seat: int) -> Move:
        return self.choose(make_view(rnd, seat)).move

def evaluate(view: PlayerView, rng: random.Random, samples: int = DEFAULT_SAMPLES,
             time_budget: float | None = None, *, sit: Situation | None = None) -> Evaluation:
    """Average the mover's round score over sampled deals for every (distinct) legal move."""
    sit = sit or from_view(view)
    groups = _groups(sit)
    reps = list(dict.fromkeys(groups.values()))
    totals = dict.fromkeys(reps, 0.0)
    start = time.perf_counter()
    banned = _banned(view)
    plays_by_seat = [0] * view.n
    for seat, move in view.history:
        if type(move) is Card:  # not a pass, nor the dealer naming trump
            plays_by_seat[seat] |= move.bit
    done = 0
    while done < samples:
        hands = sample_deal(view, rng, banned)
        base = _rebuild(view, hands, plays_by_seat)
        for move in reps:
            rnd = base.copy()
            rnd.play(move)
            totals[move] += _playout(rnd, view.seat)
        done += 1
        if time_budget is not None and time.perf_counter() - start > time_budget:
            break
    return Evaluation({m: s / done for m, s in totals.items()}, done, groups)

def _playout(rnd: Round, seat: int) -> int:
    while rnd.to_move >= 0:
        rnd.play(round_policy(rnd, rnd.to_move))
    return rnd.score_list()[seat]

def _rebuild(view: PlayerView, hands: list[int], plays_by_seat: list[int]) -> Round:
    """The round as it would be if the sampled hands were the real ones."""
    dealt = [hands[s] | plays_by_seat[s] for s in range(view.n)]
    rnd = new_round(view.kind, view.players, dealt, dealer=view.dealer, rules=view.rules,
                    # a dealer's choice of trump is replayed from the history
                    trump=None if view.rules.trump == "dealer" else view.trump,
                    number=view.number,
                    multiplier=view.multiplier, check=False)
    for _, move in view.history:
        rnd.play(move)
    return rnd

# -- sampling the hidden cards ----------------------------------------------------------------
def _banned(view: PlayerView) -> list[int]:
    """Per seat, the cards it cannot hold now as far as the table shows."""
    banned = [0] * view.n
    for seat, suits in enumerate(view.voids):
        for s in suits:
            banned[seat] |= suit_mask(s)
    if view.kind == "fantan" and not view.rules.fantan_voluntary_pass:
        # a forced pass shows the passer held none of the cards playable at that moment
        layout = view.rules.fantan_layout
        starters = mask_of(c for c in Card.ALL if c.rank == 7
                           or (c.rank == 6 and layout == "sixes_and_sevens"))
        playable = starters
        for seat, move in view.history:
            if move == PASS:
                banned[seat] |= playable
            else:
                playable &= ~move.bit
                for row in rows_from(move, layout):
                    if row:
                        playable |= row[0].bit
    return banned

def sample_deal(view: PlayerView, rng: random.Random, banned: list[int] | None = None
                ) -> list[int]:
    """Current hands (masks by seat): the mover's own, the unseen cards dealt to the others."""
    banned = _banned(view) if banned is None else banned
    me = view.seat
    unseen = view.unseen()
    others = [s for s in range(view.n) if s != me]
    if not any(banned[s] & mask_of(unseen) for s in others):
        return _deal_by_sizes(view, rng, unseen, others)
    allowed = {c: [s for s in others if not banned[s] & c.bit] for c in unseen}
    for _attempt in range(40):
        order = list(unseen)
        rng.shuffle(order)
        order.sort(key=lambda c: len(allowed[c]))
        room = list(view.hand_sizes)
        hands = [0] * view.n
        for c in order:
            options = [s for s in allowed[c] if room[s] > 0]
            if not options:
                break
            seat = options[0] if len(options) == 1 else rng.choices(
                options, weights=[room[s] for s in options])[0]
            hands[seat] |= c.bit
            room[seat] -= 1
        else:
            hands[me] = mask_of(view.hand)
            return hands
    # The constraints could not be met by chance (very rare): deal by hand sizes alone.
    return _deal_by_sizes(view, rng, unseen, others)


def _deal_by_sizes(view: PlayerView, rng: random.Random, unseen: tuple[Card, ...],
                   others: list[int]) -> list[int]:
    order = [c.bit for c in unseen]
    rng.shuffle(order)
    hands = [0] * view.n
    hands[view.seat] = mask_of(view.hand)
    i = 0
    for s in others:
        for bit in order[i:i + view.hand_sizes[s]]:
            hands[s] |= bit
        i += view.hand_sizes[s]
    return hands


# -- equivalent moves -------------------------------------------------------------------------
def _groups(sit: Situation) -> dict[Move, Move]:
    """Each legal move mapped to a representative; neighbours in rank that score alike share one.

    Two cards of a suit are alike when every card ranked between them is either in the mover's
    hand or gone in an earlier trick, and they carry the same points.
    """
    groups: dict[Move, Move] = {}
    if sit.kind == "fantan" or sit.needs_trump:
        return {m: m for m in sit.legal}
    trick_mask = 0
    for _, c in sit.trick:
        trick_mask |= c.bit
    hidden = sit.unseen | trick_mask
    by_suit: dict[int, list[Card]] = {}
    for m in sit.legal:
        by_suit.setdefault(m.suit_index, []).append(m)  # type: ignore[union-attr]
    for si, cards in by_suit.items():
        cards.sort(key=sit.key)
        block = suit_block(hidden, si)
        rep = cards[0]
        groups[rep] = rep
        for lo, hi in pairwise(cards):
            between = _between_mask(sit.key(lo), sit.key(hi), sit.ace_low)
            same_points = sit.kind == "pass" or penalty(sit, lo) == penalty(sit, hi)
            if block & between or not same_points:
                rep = hi
            groups[hi] = rep
    return groups

def _between_mask(lo_key: int, hi_key: int, ace_low: bool) -> int:
    """Bits (within a suit block) of the ranks strictly between two strengths."""
    mask = 0
    for k in range(lo_key + 1, hi_key):
        rank = 14 if (ace_low and k == 1) else k
        if 2 <= rank <= 14:
            mask |= 1 << (rank - 2)
    return mask
