"""What the table tells a player about the hidden hands, and deals that agree with it.

Everything here reads a :class:`~kamplib.view.PlayerView` and nothing else.  Two kinds of
knowledge go into a sampled deal:

* **Hard facts** (:func:`banned_cards`): a player holds no card of a suit they showed out of; in
  Fan Tan a player who had to pass held none of the cards that could be laid at that moment.
  Under ``fantan_voluntary_pass`` a pass proves nothing for certain, so it is not a hard fact
  there; it is weighed instead (below).
* **Soft evidence** (:class:`Evidence`): how likely each opponent's actual moves were if they held
  the sampled cards and played the heuristic policy made soft.  The soft policy plays the
  heuristic's move with weight 1 and every other legal move with weight ``softness`` (a softmax
  over "is it the heuristic's move" with temperature ``-1/ln(softness)``), so a deal in which the
  opponents' moves look like sensible play counts more than one in which they look like
  blunders.  A voluntary Fan Tan pass while holding a layable card is such a blunder under the
  heuristic, which never passes by choice: that is the weaker version of the pass rule.

:class:`DealSampler` draws candidate deals that respect the hard facts, independently, and
keeps them in proportion to that likelihood, so the search spends its playouts on deals that fit
what the player saw.  (A Metropolis walk that swaps one card at a time was tried and dropped:
successive deals shared about 95 % of their hidden cards, so a hundred of them were worth a few
independent ones; ``benchmarks/bots.py inference`` measures the sampler.)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from kamplib.bots.heuristic import policy
from kamplib.bots.situation import Situation, from_round
from kamplib.cards import SUIT_MASKS, Card, mask_cards, mask_of, suit_mask
from kamplib.fantan import STARTERS, rows_from
from kamplib.kinds import Family
from kamplib.moves import PASS, Move
from kamplib.round import Round, new_round
from kamplib.tricks import legal_mask
from kamplib.view import PlayerView

__all__ = ["banned_cards", "sample_hands", "replay", "sample_deals", "DealSampler", "Deal",
           "Evidence", "Table"]

# Attempts at a deal that meets every hard fact before falling back to hand sizes alone.
_ATTEMPTS = 40


class Table:
    """What one decision's sampling needs from the view, worked out once."""

    __slots__ = ("view", "me", "n", "unseen", "sizes", "banned", "plays", "others", "hand")

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.me = view.seat
        self.n = view.n
        self.hand = mask_of(view.hand)
        self.unseen = mask_of(view.unseen())
        self.sizes = view.hand_sizes
        self.banned = banned_cards(view)
        self.others = [s for s in range(view.n) if s != view.seat]
        plays = [0] * view.n
        for entry in view.history:
            seat, move = entry.seat, entry.move
            if type(move) is Card:  # not a pass, nor the dealer naming trump
                plays[seat] |= move.bit
        self.plays = plays


def banned_cards(view: PlayerView) -> list[int]:
    """Per seat, the cards it cannot hold now as far as the table proves."""
    banned = [0] * view.n
    for seat, suits in enumerate(view.voids):
        for s in suits:
            banned[seat] |= suit_mask(s)
    if view.family is Family.FANTAN and not view.rules.fantan_voluntary_pass:
        # a forced pass shows the passer held none of the cards playable at that moment
        layout = view.rules.fantan_layout
        playable = STARTERS[layout]
        for entry in view.history:
            seat, move = entry.seat, entry.move
            if move is PASS:
                banned[seat] |= playable
            elif isinstance(move, Card):
                playable &= ~move.bit
                for row in rows_from(move, layout):
                    if row:
                        playable |= row[0].bit
    return banned


def sample_hands(table: Table, rng: random.Random) -> list[int]:
    """Current hands (masks by seat): the mover's own, the unseen cards dealt to the others so
    that every hand has its size and no hand gets a card it cannot hold."""
    unseen = table.unseen
    if any(table.banned[s] & unseen for s in table.others):
        for _attempt in range(_ATTEMPTS):
            hands = _constrained(table, rng)
            if hands is not None:
                return hands
    # no constraint, or none could be met by chance (very rare): deal by hand sizes alone
    bits = [c.bit for c in Card.ALL if unseen & c.bit]
    rng.shuffle(bits)
    hands = [0] * table.n
    hands[table.me] = table.hand
    i = 0
    for s in table.others:
        size = table.sizes[s]
        for bit in bits[i:i + size]:
            hands[s] |= bit
        i += size
    return hands


def _constrained(table: Table, rng: random.Random) -> list[int] | None:
    """One try: the most constrained cards first, each to a seat that may hold it, chosen in
    proportion to the room left there."""
    banned = table.banned
    cards = [c for c in Card.ALL if table.unseen & c.bit]
    rng.shuffle(cards)
    allowed = {c: [s for s in table.others if not banned[s] & c.bit] for c in cards}
    cards.sort(key=lambda c: len(allowed[c]))
    room = list(table.sizes)
    hands = [0] * table.n
    for c in cards:
        options = [s for s in allowed[c] if room[s] > 0]
        if not options:
            return None
        if len(options) == 1:
            seat = options[0]
        else:
            seat = rng.choices(options, weights=[room[s] for s in options])[0]
        hands[seat] |= c.bit
        room[seat] -= 1
    hands[table.me] = table.hand
    return hands


def replay(table: Table, hands: Sequence[int]) -> Round:
    """The round as it would be if ``hands`` were the real ones (the moves so far replayed)."""
    view = table.view
    plays = table.plays
    dealt = [hands[s] | plays[s] for s in range(view.n)]
    rnd = new_round(view.kind, view.players, dealt, dealer=view.dealer, rules=view.rules,
                    # a dealer's choice of trump is replayed from the history
                    trump=None if view.rules.trump == "dealer" else view.trump,
                    number=view.number, multiplier=view.multiplier, check=False)
    for entry in view.history:
        rnd.play(entry.move)
    return rnd


class Deal:
    """One sampled deal ready to be played on: the rebuilt round, and how many times it was
    drawn (its weight in every average)."""

    __slots__ = ("round", "count", "hands")

    def __init__(self, rnd: Round, count: int, hands: tuple[int, ...]) -> None:
        self.round = rnd
        self.count = count
        self.hands = hands


class Evidence:
    """Every opponent decision so far, as the public table at that moment and the move made,
    so that the likelihood of one seat's hand is worked out without replaying the round.

    What the table showed at each moment is the same in every deal that fits the view; only the
    deciding player's hand differs (their hand now plus the cards they played from then on).
    The likelihood of a deal is the product over seats.  A player who followed suit chose among
    the cards of that suit with the heuristic, which then looks at that suit alone, so that
    decision's weight depends only on the cards of the suit held, and is kept per suit holding.
    """

    def __init__(self, table: Table, hands: Sequence[int], softness: float) -> None:
        self.log_soft = math.log(softness)
        self.softness = softness
        view = table.view
        rnd = replay(table, hands).replayed(0)  # the same deal, back at the start
        self.decisions: list[list[_Decision]] = [[] for _ in range(view.n)]
        later = [0] * view.n  # cards each seat plays from this point on
        steps = []
        # an opener by a card (♥7 in Fan Tan) must play it first: that card tells nothing
        forced = int(rnd.opener().card is not None)
        for i, entry in enumerate(view.history):
            seat, move = entry.seat, entry.move
            if seat != table.me and i >= forced:
                steps.append((seat, move, from_round(rnd, seat)))
            rnd.play(move)
        tricks = view.family is Family.TRICKS
        for seat, move, sit in reversed(steps):
            if type(move) is Card:
                later[seat] |= move.bit
            self.decisions[seat].append(_Decision(sit, move, later[seat], tricks,
                                                  view.rules.fantan_voluntary_pass))

    def deal_loglik(self, hands: Sequence[int]) -> float:
        """Log-likelihood of all the opponents' moves so far if ``hands`` are the hands now."""
        return sum(self.loglik(s, hands[s]) for s in range(len(hands)) if self.decisions[s])

    def loglik(self, seat: int, hand: int) -> float:
        """Log-likelihood of ``seat``'s moves so far if it holds ``hand`` now."""
        total = 0.0
        for d in self.decisions[seat]:
            held = hand | d.later
            key = held & d.suit if held & d.suit else held
            term = d.memo.get(key)
            if term is None:
                term = d.memo[key] = d.weigh(held, self.softness, self.log_soft)
            total += term
        return total


class _Decision:
    """One opponent decision: the table as it was, the move made, the cards that seat played
    from then on, and the weights already worked out (by the hand that matters)."""

    __slots__ = ("sit", "move", "later", "suit", "tricks", "voluntary", "memo")

    def __init__(self, sit: Situation, move: Move, later: int, tricks: bool,
                 voluntary: bool) -> None:
        self.sit = sit
        self.move = move
        self.later = later
        self.tricks = tricks
        self.voluntary = voluntary
        # following suit, only the cards of the suit led count
        self.suit = SUIT_MASKS[sit.led] if tricks and sit.led >= 0 else 0
        self.memo: dict[int, float] = {}

    def weigh(self, held: int, soft: float, log_soft: float) -> float:
        """Log-weight of the move made if the seat held ``held`` then."""
        sit = self.sit
        sit.hand = held
        if sit.needs_trump:
            legal: tuple[Move, ...] = sit.legal
        elif self.tricks:
            legal = mask_cards(legal_mask(held, self.suit))
        else:
            layable = held & sit.playable
            cards = mask_cards(layable)
            legal = (*cards, PASS) if not layable or self.voluntary else cards
        k = len(legal)
        if k < 2:
            return 0.0
        sit.legal = legal
        term = -math.log1p(soft * (k - 1))
        return term + log_soft if policy(sit)[0] != self.move else term


class DealSampler:
    """Draws deals that fit the view, batch after batch for one decision.

    Every candidate deal is drawn independently from the hard facts.  Without ``softness`` the
    candidates are the deals.  With it, ``pool`` candidates are drawn for each deal wanted,
    weighed by the soft heuristic's likelihood of the opponents' moves (:class:`Evidence`), and
    the batch is drawn from them in proportion to their weights (systematic resampling), so the
    playouts go to the deals that explain the table best while the deals stay independent.
    """

    def __init__(self, table: Table, rng: random.Random, softness: float | None,
                 pool: int = 1) -> None:
        self.table = table
        self.rng = rng
        self.pool = pool
        self.evidence: Evidence | None = None
        if softness is not None and pool > 1 and any(s != table.me
                                                     for s in (e.seat for e in table.view.history)):
            self.evidence = Evidence(table, sample_hands(table, rng), softness)

    def draw(self, wanted: int) -> list[Deal]:
        """``wanted`` deals; a deal drawn more than once comes once, with its count."""
        table, rng = self.table, self.rng
        out: dict[tuple[int, ...], Deal] = {}
        if self.evidence is None:
            chosen = [tuple(sample_hands(table, rng)) for _ in range(wanted)]
        else:
            cands = [tuple(sample_hands(table, rng)) for _ in range(wanted * self.pool)]
            logs = [self.evidence.deal_loglik(h) for h in cands]
            top = max(logs)
            chosen = _resample(cands, [math.exp(x - top) for x in logs], wanted, rng)
        for key in chosen:
            deal = out.get(key)
            if deal is None:
                out[key] = Deal(replay(table, key), 1, key)
            else:
                deal.count += 1
        return list(out.values())


def _resample(items: list[tuple[int, ...]], weights: list[float], wanted: int,
              rng: random.Random) -> list[tuple[int, ...]]:
    """``wanted`` of ``items`` in proportion to ``weights``, by systematic resampling (each item
    drawn the expected number of times, rounded up or down)."""
    step = sum(weights) / wanted
    u = rng.random() * step
    acc = 0.0
    out: list[tuple[int, ...]] = []
    for item, w in zip(items, weights, strict=True):
        acc += w
        while u < acc and len(out) < wanted:
            out.append(item)
            u += step
    return out


def sample_deals(table: Table, rng: random.Random, wanted: int, softness: float | None,
                 pool: int = 4) -> list[Deal]:
    """``wanted`` deals from a fresh :class:`DealSampler`."""
    return DealSampler(table, rng, softness, pool).draw(wanted)
