"""The hard opponent and the coach's judgement: Monte Carlo over the hidden cards, with inference.

For a decision the search deals the cards it cannot see many times over, each deal agreeing
with everything the player has seen and weighted by how well it explains the opponents' moves
(:mod:`kamplib.bots.inference`).  On every deal each candidate move is played and the round
finished: by the heuristic policy for all seats, or, with few cards left, exactly
(:mod:`kamplib.bots.solver`).  All candidates meet the same deals, so they are compared in pairs.

Deals come in batches until the best move's lead over every other is clear (its advantage more
than ``z`` standard errors, or the moves too close to matter), or the budget is spent; moves
that are clearly worse stop being played out.  The random numbers come from a seed derived from
the position, so the same position analysed twice gets the same answer, and the budget counts
work (moves played out, positions solved), not seconds.  Every expected score comes with its
standard error.  The score is the mover's round points, or, in a round whose points do not add
up to a fixed total (Fan Tan without voluntary passes; Kløver while one seat may still take
every club under ``clubs_take_all_zero``), those minus the others' average: there the points a
move makes the others take count too, as they do in the game's result (lowest total wins).
Only the move being chosen is judged so; the rest of a playout or an exact endgame is played as
before, every player for their own points.

Three settings (:data:`SETTINGS`): ``search`` is «vanskelig», the app's strength; ``analysis``
is a stronger one for reviews, where a learner waits a moment anyway; ``plain_search`` is the
search as it was before inference and exact endgames (16 deals, playouts only), kept to measure
the difference and not offered to learners.
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass, replace
from itertools import pairwise

from kamplib.bots.base import Decision, check_to_move
from kamplib.bots.explain import describe, search_reason
from kamplib.bots.heuristic import penalty, policy, round_policy
from kamplib.bots.inference import Deal, DealSampler, Table
from kamplib.bots.situation import Situation, from_view, suit_block
from kamplib.bots.solver import Solver
from kamplib.cards import Card, mask_of
from kamplib.kinds import Family, kind_of
from kamplib.moves import Move
from kamplib.round import Round
from kamplib.view import PlayerView, make_view

__all__ = ["SearchBot", "Settings", "SETTINGS", "settings_for", "evaluate", "Evaluation",
           "move_groups", "position_seed"]


@dataclass(frozen=True)
class Settings:
    """How hard a search thinks.

    ``samples``: most deals drawn; ``min_samples``: fewest before the search may stop;
    ``batch``: deals drawn between two looks at the lead; ``softness``: the soft heuristic's
    weight for a move other than its own (None: deals are not weighed); ``pool``: candidate
    deals weighed for each deal kept (:class:`~kamplib.bots.inference.DealSampler`);
    ``exact_tricks`` / ``exact_fantan``: solve
    exactly when at most this many cards are left in all hands (0: never); ``work``: most
    moves played out plus positions solved per decision; ``z``: how many standard errors make
    a lead clear; ``close``: a difference in expected points too small to matter; ``keep``: how
    many standard errors (beyond ``close``) the tactic's move may be behind and still be played;
    ``own_points_only``: judge every round by the mover's points alone, as the search before did,
    also where the round's total varies (:meth:`~kamplib.kinds.RoundKind.total_is_fixed`).
    """

    samples: int
    min_samples: int
    batch: int
    softness: float | None
    exact_tricks: int
    exact_fantan: int
    work: int
    pool: int = 4
    z: float = 2.0
    close: float = 0.05
    keep: float = 0.5
    own_points_only: bool = False


SETTINGS: dict[str, Settings] = {
    # 8 candidate deals weighed for each kept: about a point per Femkamp game more than 2, at
    # about 1.6 times the decision time (BENCHMARKS.md, Bots)
    "search": Settings(samples=96, min_samples=24, batch=12, softness=0.1,
                       exact_tricks=12, exact_fantan=16, work=9000, pool=8),
    "analysis": Settings(samples=320, min_samples=64, batch=32, softness=0.1,
                         exact_tricks=16, exact_fantan=24, work=60000),
    # the search before: lowest average of 16 deals, the tactic's move only on a tie
    "plain_search": Settings(samples=16, min_samples=16, batch=16, softness=None,
                             exact_tricks=0, exact_fantan=0, work=10**9, pool=1, close=1e-9,
                             keep=0.0, own_points_only=True),
}



def settings_for(level: str, samples: int | None = None) -> Settings:
    """A level's settings, with at most ``samples`` deals when given."""
    base = SETTINGS[level]
    if samples is None:
        return base
    return replace(base, samples=samples, min_samples=min(base.min_samples, samples),
                   batch=min(base.batch, samples))


def position_seed(view: PlayerView, seed: int | None = 0) -> int:
    """A seed from the position alone (and ``seed``): the same position, the same deals."""
    # the history as (seat, card or move text) pairs: the seeds of the positions stay the ones
    # they were before moves became values, so every judgement of a position stays the same
    history = tuple((e.seat, e.move if type(e.move) is Card else e.move.text)
                    for e in view.history)
    text = repr((view.kind, view.rules, view.n, view.seat, view.dealer, view.number,
                 view.multiplier, view.out_of_play, view.hand, history, view.trump, seed))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


class Evaluation:
    """Each distinct legal move's expected round score for the mover, with its uncertainty.

    ``groups`` maps every legal move to the move that stands for it (cards that are the same
    move here); ``deals`` is how many deals were drawn (duplicates counted), ``exact`` whether
    the endgame was solved exactly on every deal; ``relative`` whether the points are the mover's
    minus the others' average (rounds whose total varies), not the mover's own.
    """

    def __init__(self, groups: dict[Move, Move], results: list[tuple[int, dict[Move, float]]],
                 exact: bool, keep: float = 0.5, close: float = 0.05,
                 relative: bool = False) -> None:
        self.groups = groups
        self.exact = exact
        self.relative = relative
        self.keep = keep
        self.close = close
        self.deals = sum(c for c, _ in results)
        reps = list(dict.fromkeys(groups.values()))
        self.means: dict[Move, float] = {}
        self.errors: dict[Move, float] = {}
        self._results = results
        for m in reps:
            mean, err, _ = _weighted([(c, v[m]) for c, v in results if m in v])
            self.means[m] = mean
            self.errors[m] = err

    def expected(self, move: Move) -> float:
        """Average round points of ``move`` for the mover (minus the others' when ``relative``)."""
        return self.means[self.groups[move]]

    def error(self, move: Move) -> float:
        """Standard error of :meth:`expected`."""
        return self.errors[self.groups[move]]

    def best(self, prefer: Move | None = None) -> Move:
        """The lowest average, unless ``prefer`` (the tactic's move) is hardly behind it: its loss
        against the lowest is at most ``close`` plus ``keep`` standard errors.  Moves the deals
        cannot tell apart are then judged alike whatever the deals were, while a real lead
        still wins (``benchmarks/bots.py`` measures both: stability and strength)."""
        low = min(self.means, key=lambda m: self.means[m])
        if prefer is not None:
            loss, err = self.loss(prefer, low)
            if loss - self.keep * err <= self.close:
                return prefer
        return low

    def loss(self, move: Move, best: Move) -> tuple[float, float]:
        """Points ``move`` loses on average against ``best`` (the difference of their expected
        scores, never below 0 when ``best`` is the best), and the standard error of that
        difference, from the deals both met (paired, so the luck of the deal cancels out)."""
        a, b = self.groups[move], self.groups[best]
        if a == b:
            return 0.0, 0.0
        pairs = [(c, v[a] - v[b]) for c, v in self._results if a in v and b in v]
        return self.means[a] - self.means[b], _weighted(pairs)[1]


def _weighted(values: list[tuple[int, float]]) -> tuple[float, float, float]:
    """Mean, standard error and effective sample size of values drawn ``count`` times each."""
    total = sum(c for c, _ in values)
    if not total:
        return 0.0, 0.0, 0.0
    mean = sum(c * x for c, x in values) / total
    if len(values) < 2:
        return mean, 0.0, 1.0
    var = sum(c * (x - mean) ** 2 for c, x in values) / total
    n_eff = total * total / sum(c * c for c, _ in values)
    var *= n_eff / max(n_eff - 1, 1.0)
    return mean, math.sqrt(var / n_eff), n_eff


class SearchBot:
    """Samples the hidden cards, plays candidates out, solves endgames; decisions depend only on
    the position and the seed."""

    def __init__(self, seed: int | None = None, samples: int | None = None,
                 level: str = "search") -> None:
        self.level = level
        self.seed = seed
        self.settings = settings_for(level, samples)

    def choose(self, view: PlayerView) -> Decision:
        check_to_move(view)
        sit = from_view(view)
        h_move, h_code, h_params = policy(sit)
        if len(set(move_groups(sit).values())) == 1:  # forced, or every move the same move:
            # nothing to weigh, so no average to quote (it read «i snitt 0,0 poeng»)
            return Decision(h_move, search_reason(h_code, h_params, None))
        ev = evaluate(view, self.settings, seed=self.seed, sit=sit)
        move = ev.best(prefer=h_move)
        if ev.groups[move] == ev.groups[h_move]:
            move, code, params = h_move, h_code, h_params
        else:
            fact = describe(sit, move)
            code, params = fact.code, fact.params
        return Decision(move, search_reason(code, params, (ev.expected(move), ev.deals),
                                            relative=ev.relative))

    def move_in(self, rnd: Round, seat: int) -> Move:
        return self.choose(make_view(rnd, seat)).move


def evaluate(view: PlayerView, settings: Settings | str = "search", *, seed: int | None = 0,
             sit: Situation | None = None) -> Evaluation:
    """Every distinct legal move's expected round score for the mover, from sampled deals."""
    cfg = SETTINGS[settings] if isinstance(settings, str) else settings
    sit = sit or from_view(view)
    groups = move_groups(sit)
    active = list(dict.fromkeys(groups.values()))
    rng = random.Random(position_seed(view, seed))
    sampler = DealSampler(Table(view), rng, cfg.softness, cfg.pool)
    left = sum(view.hand_sizes)
    limit = cfg.exact_fantan if view.family is Family.FANTAN else cfg.exact_tricks
    exact = not view.needs_trump and left <= limit
    relative = _against_others(view, cfg)
    solver: Solver | None = None
    results: list[tuple[int, dict[Move, float]]] = []
    drawn = 0
    work = 0
    me = view.seat
    while drawn < cfg.samples and work < cfg.work and len(active) > 1:
        batch = min(cfg.batch, cfg.samples - drawn)
        deals = sampler.draw(batch)
        for deal in deals:
            values: dict[Move, float] = {}
            if exact:
                if solver is None:
                    solver = Solver(deal.round)
                before = solver.nodes
                for m in active:
                    child = deal.round.copy()
                    child.play(m)
                    values[m] = _value(solver.solve(child), me, relative)
                work += solver.nodes - before + len(active)
            else:
                for m in active:
                    values[m], moves = _playout(deal, m, me, relative)
                    work += moves
            results.append((deal.count, values))
        drawn += batch
        if drawn >= cfg.min_samples:
            active = _still_in_race(results, active, cfg)
    if len(active) == 1 and not results:  # every legal move is the same move
        return Evaluation(groups, [(1, {active[0]: 0})], exact, cfg.keep, cfg.close, relative)
    return Evaluation(groups, results, exact, cfg.keep, cfg.close, relative)


def _against_others(view: PlayerView, cfg: Settings) -> bool:
    """Whether the mover's points are judged against the others' average: where the round's
    total can vary, except where a player may pass at will (``fantan_voluntary_pass``).  There
    a pass that going out forgives costs the others a point each and the mover nothing, so
    judged against them the search would pass for ever and the round never end; judged by its
    own points every pass costs, and it lays its cards."""
    kind = kind_of(view.kind)
    if cfg.own_points_only or (not kind.is_trick_round and view.rules.fantan_voluntary_pass):
        return False
    return not kind.total_is_fixed(view.rules, [mask_of(cards) for cards in view.taken],
                                   mask_of(view.out_of_play))


def _value(scores: list[int], seat: int, relative: bool) -> float:
    """The mover's round points, or (``relative``) those minus the others' average: what the
    game's result counts, since the lowest total wins."""
    if not relative:
        return scores[seat]
    n = len(scores)
    return scores[seat] - (sum(scores) - scores[seat]) / (n - 1)


def _playout(deal: Deal, move: Move, seat: int, relative: bool) -> tuple[float, int]:
    rnd = deal.round.copy()
    rnd.play(move)
    moves = 1
    while rnd.to_move >= 0:
        rnd.play(round_policy(rnd, rnd.to_move))
        moves += 1
    return _value(rnd.score_list(), seat, relative), moves


def _still_in_race(results: list[tuple[int, dict[Move, float]]], active: list[Move],
                   cfg: Settings) -> list[Move]:
    """The moves not yet clearly worse than the best; one move when the race is decided (the
    best one clearly ahead of all, or the rest too close to it to matter)."""
    means = {m: _weighted([(c, v[m]) for c, v in results if m in v])[0] for m in active}
    best = min(active, key=lambda m: means[m])
    keep = [best]
    close = True
    for m in active:
        if m == best:
            continue
        mean, err, _ = _weighted([(c, v[m] - v[best]) for c, v in results
                                  if m in v and best in v])
        if mean - cfg.z * err > 0:
            continue  # clearly worse: no more playouts for it
        keep.append(m)
        if mean + cfg.z * err > cfg.close:
            close = False
    if close:
        return [best]
    return [m for m in active if m in keep]


# -- equivalent moves -------------------------------------------------------------------------
def move_groups(sit: Situation) -> dict[Move, Move]:
    """Each legal move mapped to a representative; neighbours in rank that score alike share one.

    Two cards of a suit are alike when every card ranked between them is either in the mover's
    hand or gone in an earlier trick, and they carry the same points.
    """
    groups: dict[Move, Move] = {}
    if sit.family is Family.FANTAN or sit.needs_trump:
        return {m: m for m in sit.legal}
    trick_mask = 0
    for _, c in sit.trick:
        trick_mask |= c.bit
    hidden = sit.unseen | trick_mask
    by_suit: dict[int, list[Card]] = {}
    for m in sit.legal:
        if isinstance(m, Card):  # every legal move, once trump is named
            by_suit.setdefault(m.suit_index, []).append(m)
    for si, cards in by_suit.items():
        cards.sort(key=sit.key)
        block = suit_block(hidden, si)
        rep = cards[0]
        groups[rep] = rep
        for lo, hi in pairwise(cards):
            between = _between_mask(sit.key(lo), sit.key(hi), sit.ace_low)
            same_points = penalty(sit, lo) == penalty(sit, hi)
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
