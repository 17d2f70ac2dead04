"""What the table tells a player about the hidden hands, and deals that agree with it.

Everything here reads a :class:`~kamplib.view.PlayerView` and nothing else.  Two kinds of
knowledge go into a sampled deal:

* **Hard facts** (:func:`banned_cards`): a player holds no card of a suit they showed out of; in
  Fan Tan a player who had to pass held none of the cards that could be laid at that moment.
  Under ``fantan_voluntary_pass`` a pass proves nothing for certain, so it is not a hard fact
  there; it is weighed instead (below).
* **Soft evidence** (:func:`replay`): how likely each opponent's actual moves were if they held
  the sampled cards and played the heuristic policy made soft.  The soft policy plays the
  heuristic's move with weight 1 and every other legal move with weight ``softness`` (a softmax
  over "is it the heuristic's move" with temperature ``-1/ln(softness)``), so a deal in which the
  opponents' moves look like sensible play counts more than one in which they look like
  blunders.  A voluntary Fan Tan pass while holding a layable card is such a blunder under the
  heuristic, which never passes by choice: that is the weaker version of the pass rule.

:func:`sample_deals` draws deals that respect the hard facts, weighs each one, and resamples
them in proportion to their weights (importance resampling), so the search spends its playouts
on deals that fit what the player saw.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from kamplib.bots.heuristic import round_policy
from kamplib.cards import SUIT_MASKS, Card, mask_of, suit_mask
from kamplib.fantan import STARTERS, rows_from
from kamplib.moves import PASS
from kamplib.round import Round, new_round
from kamplib.tricks import legal_mask
from kamplib.view import PlayerView

__all__ = ["banned_cards", "sample_hands", "replay", "sample_deals", "Deal", "Table"]

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
        for seat, move in view.history:
            if type(move) is Card:  # not a pass, nor the dealer naming trump
                plays[seat] |= move.bit
        self.plays = plays


def banned_cards(view: PlayerView) -> list[int]:
    """Per seat, the cards it cannot hold now as far as the table proves."""
    banned = [0] * view.n
    for seat, suits in enumerate(view.voids):
        for s in suits:
            banned[seat] |= suit_mask(s)
    if view.kind == "fantan" and not view.rules.fantan_voluntary_pass:
        # a forced pass shows the passer held none of the cards playable at that moment
        layout = view.rules.fantan_layout
        playable = STARTERS[layout]
        for seat, move in view.history:
            if move == PASS:
                banned[seat] |= playable
            else:
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


def replay(table: Table, hands: Sequence[int], softness: float | None) -> tuple[Round, float]:
    """The round as it would be if ``hands`` were the real ones, and the log-likelihood of the
    opponents' moves so far under the soft heuristic (0 when ``softness`` is None)."""
    view = table.view
    plays = table.plays
    dealt = [hands[s] | plays[s] for s in range(view.n)]
    rnd = new_round(view.kind, view.players, dealt, dealer=view.dealer, rules=view.rules,
                    # a dealer's choice of trump is replayed from the history
                    trump=None if view.rules.trump == "dealer" else view.trump,
                    number=view.number, multiplier=view.multiplier, check=False)
    logw = 0.0
    if softness is None:
        for _, move in view.history:
            rnd.play(move)
        return rnd, logw
    log_soft = math.log(softness)
    me = table.me
    tricks = view.kind != "fantan"
    for seat, move in view.history:
        if seat != me:
            if tricks and type(move) is Card:  # how many cards the seat could play (cheaply)
                led = rnd.led  # type: ignore[attr-defined]
                k = legal_mask(rnd.hands[seat], SUIT_MASKS[led] if led >= 0 else 0).bit_count()
            else:
                k = len(rnd.legal_moves())
            if k > 1:
                logw -= math.log1p(softness * (k - 1))
                if round_policy(rnd, seat) != move:
                    logw += log_soft
        rnd.play(move)
    return rnd, logw


class Deal:
    """One sampled deal ready to be played on: the rebuilt round, and how many times the
    resampling drew it (its weight in every average)."""

    __slots__ = ("round", "count", "hands")

    def __init__(self, rnd: Round, count: int, hands: tuple[int, ...]) -> None:
        self.round = rnd
        self.count = count
        self.hands = hands


def sample_deals(table: Table, rng: random.Random, wanted: int, pool: int,
                 softness: float | None) -> list[Deal]:
    """``wanted`` draws from ``pool`` candidate deals, in proportion to their likelihood
    (systematic resampling); a deal drawn more than once is returned once with its count."""
    if softness is None or pool <= wanted:
        out: dict[tuple[int, ...], Deal] = {}
        for _ in range(wanted):
            hands = tuple(sample_hands(table, rng))
            deal = out.get(hands)
            if deal is None:
                out[hands] = Deal(replay(table, hands, None)[0], 1, hands)
            else:
                deal.count += 1
        return list(out.values())
    seen: dict[tuple[int, ...], tuple[Round, float]] = {}
    cands: list[tuple[tuple[int, ...], Round, float]] = []
    for _ in range(pool):
        hands = tuple(sample_hands(table, rng))
        got = seen.get(hands)
        if got is None:
            got = seen[hands] = replay(table, hands, softness)
        cands.append((hands, *got))
    top = max(c[2] for c in cands)
    weights = [math.exp(c[2] - top) for c in cands]
    total = sum(weights)
    step = total / wanted
    u = rng.random() * step
    chosen: dict[tuple[int, ...], Deal] = {}
    acc = 0.0
    taken = 0
    for (hands, rnd, _), w in zip(cands, weights, strict=True):
        acc += w
        while u < acc and taken < wanted:
            deal = chosen.get(hands)
            if deal is None:
                chosen[hands] = Deal(rnd, 1, hands)
            else:
                deal.count += 1
            taken += 1
            u += step
    return list(chosen.values())
