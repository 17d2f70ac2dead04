"""The medium opponent: the tactics the rule texts teach, one small policy per kind of round.

Every policy returns ``(move, reason code, parameters)``; the bot turns the code into bokmål and
English, while simulations and search playouts use the move alone (no text is built there).

* Pass, Kløver, Damer, Finale (fewest tricks / clubs / queens): duck under the winning card with
  your highest card that stays below it, shed clubs and queens when void, lead low where higher
  cards are still out, and take a forced trick with a high card so the low ones last.
* Grand and Trumf (as many tricks as possible): cash the highest card left in a suit, lead from
  long suits, take tricks cheaply, trump in when void, discard from short suits.
* Fan Tan: lay cards that free your own run first, then cards that open nothing for the others,
  and hold back sevens and middle cards that would open a row for them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from kamplib.bots.base import Decision, check_to_move, reason
from kamplib.bots.situation import (
    Situation,
    count_above,
    count_below,
    from_round,
    from_view,
    suit_block,
)
from kamplib.cards import SUITS, Card
from kamplib.fantan import fantan_rank, rows_from
from kamplib.i18n import SuitName
from kamplib.kinds import Family
from kamplib.moves import ChooseTrump
from kamplib.round import PASS, Move, Round
from kamplib.view import PlayerView

__all__ = ["HeuristicBot", "policy", "round_policy"]

Choice = tuple[Move, str, dict[str, Any]]


class HeuristicBot:
    """Plays the tactics of the rule texts; deterministic (the seed only breaks nothing)."""

    level = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Decision:
        check_to_move(view)
        move, code, params = policy(from_view(view))
        return Decision(move, reason(code, **params))

    def move_in(self, rnd: Round, seat: int) -> Move:
        """The same move as :meth:`choose`, read from what ``seat`` may know of the round."""
        return round_policy(rnd, seat)


def round_policy(rnd: Round, seat: int) -> Move:
    """The heuristic move for the player to move, read from the round (fast path)."""
    return policy(from_round(rnd, seat))[0]


def policy(sit: Situation) -> Choice:
    """The heuristic move for a situation, with its reason code and parameters."""
    legal = sit.legal
    if sit.needs_trump:
        return _choose_trump(sit)
    if sit.family is Family.FANTAN:
        return _fantan(sit)
    if len(legal) == 1:
        return legal[0], "why_only_move", {"card": legal[0]}
    if sit.wants_tricks:
        return _take(sit)
    return _avoid(sit)


# -- choosing trump ---------------------------------------------------------------------------
def _choose_trump(sit: Situation) -> Choice:
    def value(si: int) -> int:
        block = suit_block(sit.hand, si)
        honours = sum(max(0, r - 10) for r in range(2, 15) if block >> (r - 2) & 1)
        return 3 * block.bit_count() + honours

    best = max(range(4), key=value)
    suit = SUITS[best]
    return ChooseTrump(suit), "why_choose_trump", {"suit": SuitName(suit),
                                      "count": suit_block(sit.hand, best).bit_count()}


# -- rounds where tricks or their cards cost points -------------------------------------------
def penalty(sit: Situation, card: Card) -> int:
    """What ``card`` costs whoever takes it in this round (tricks themselves aside)."""
    return sit.values[card.index]


def _avoid(sit: Situation) -> Choice:
    legal: tuple[Card, ...] = sit.legal  # type: ignore[assignment]
    if not sit.trick:
        return _avoid_lead(sit, legal)
    winner = sit.winning_card()
    assert winner is not None
    if legal[0].suit_index != sit.led:  # void in the led suit: throw what hurts
        return _avoid_discard(sit, legal)
    key = sit.key
    win_key = key(winner)
    below = [c for c in legal if key(c) < win_key]
    if below:
        best = max(below, key=lambda c: (penalty(sit, c), key(c)))
        if penalty(sit, best):
            return best, "why_dump_points", {"card": best, "winner": winner}
        return best, "why_duck", {"card": best, "winner": winner}
    # every card we hold in the suit beats the winner
    suit = SuitName(SUITS[sit.led])
    if len(sit.trick) == sit.n - 1:
        best = max(legal, key=lambda c: (-penalty(sit, c), key(c)))
        return best, "why_take_last", {"card": best}
    lowest = min(legal, key=lambda c: (penalty(sit, c), key(c)))
    if count_above(sit.unseen, lowest, sit.ace_low):
        return lowest, "why_take_low", {"card": lowest, "winner": winner, "suit": suit}
    best = max(legal, key=lambda c: (-penalty(sit, c), key(c)))
    return best, "why_take_high", {"card": best, "suit": suit}


def _avoid_discard(sit: Situation, legal: tuple[Card, ...]) -> Choice:
    led = SuitName(SUITS[sit.led])
    hand_len = [suit_block(sit.hand, si).bit_count() for si in range(4)]
    best = max(legal, key=lambda c: (penalty(sit, c), sit.key(c), -hand_len[c.suit_index]))
    if penalty(sit, best):
        code = "why_void_queen" if best.rank == 12 else "why_void_club"
        return best, code, {"card": best, "suit": led}
    return best, "why_void_high", {"card": best, "suit": led}


def _avoid_lead(sit: Situation, legal: tuple[Card, ...]) -> Choice:
    unseen = sit.unseen
    key = sit.key
    best: Card | None = None
    best_score: tuple[int, int] = (0, 0)
    lows: dict[int, Card] = {}
    for c in legal:
        low = lows.get(c.suit_index)
        if low is None or key(c) < key(low):
            lows[c.suit_index] = c
    for si, low in lows.items():
        higher = count_above(unseen, low, sit.ace_low)
        if not higher:
            continue
        lower = count_below(unseen, low, sit.ace_low)
        length = suit_block(sit.hand, si).bit_count()
        score = (-penalty(sit, low), higher - 2 * lower - length)
        if best is None or score > best_score:
            best, best_score = low, score
    if best is not None:
        return best, "why_lead_low", {"card": best, "suit": SuitName(best.suit),
                                      "higher": count_above(unseen, best, sit.ace_low)}
    best = max(legal, key=lambda c: (-penalty(sit, c), key(c)))
    return best, "why_lead_forced", {"card": best}


# -- rounds where every trick is worth having -------------------------------------------------
def _is_master(sit: Situation, card: Card) -> bool:
    """No card still out ranks ``card`` in its suit."""
    return not count_above(sit.unseen, card)


def _take(sit: Situation) -> Choice:
    legal: tuple[Card, ...] = sit.legal  # type: ignore[assignment]
    if not sit.trick:
        return _take_lead(sit, legal)
    winner = sit.winning_card()
    assert winner is not None
    win = sit.strength(winner)
    strength = sit.strength
    key = sit.key
    winners = [c for c in legal if strength(c) > win]
    led = SuitName(SUITS[sit.led])
    if legal[0].suit_index == sit.led:  # following suit
        if winners:
            if len(sit.trick) == sit.n - 1:
                best = min(winners, key=key)
                return best, "why_win_cheap", {"card": best}
            masters = [c for c in winners if _is_master(sit, c)]
            if masters:
                best = min(masters, key=key)
                return best, "why_win_master", {"card": best, "suit": led}
            best = min(legal, key=key)
            return best, "why_save_high", {"card": best}
        best = min(legal, key=key)
        return best, "why_cant_win", {"card": best, "winner": winner}
    trumps = [c for c in winners if c.suit_index == sit.trump]
    if trumps:
        best = min(trumps, key=key)
        return best, "why_trump_in", {"card": best, "suit": led}
    hand_len = [suit_block(sit.hand, si).bit_count() for si in range(4)]
    best = min(legal, key=lambda c: (c.suit_index == sit.trump, _is_master(sit, c),
                                     hand_len[c.suit_index], key(c)))
    return best, "why_discard_short", {"card": best, "suit": led}


def _take_lead(sit: Situation, legal: tuple[Card, ...]) -> Choice:
    unseen = sit.unseen
    key = sit.key
    if sit.trump >= 0:
        mine = suit_block(sit.hand, sit.trump).bit_count()
        out = suit_block(unseen, sit.trump).bit_count()
        if out and mine > out:
            best = max((c for c in legal if c.suit_index == sit.trump), key=key)
            return best, "why_lead_trump", {"card": best}
    masters = [c for c in legal if _is_master(sit, c)]
    if masters:
        # side suits first while the others may still hold cards there
        best = max(masters, key=lambda c: (c.suit_index != sit.trump,
                                           suit_block(unseen, c.suit_index).bit_count() > 0,
                                           -key(c)))
        return best, "why_lead_master", {"card": best, "suit": SuitName(best.suit)}
    length = [suit_block(sit.hand, si).bit_count() for si in range(4)]
    best = min(legal, key=lambda c: (c.suit_index == sit.trump, -length[c.suit_index], key(c)))
    return best, "why_lead_long", {"card": best, "suit": SuitName(best.suit)}


# -- Fan Tan ------------------------------------------------------------------------------------
@cache
def _rows(layout: str) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    """:func:`rows_from` of every card (by index) as (row mask, the row's card bits nearest
    first), worked out once per layout."""
    return tuple(tuple((sum(x.bit for x in row), tuple(x.bit for x in row))
                       for row in rows_from(c, layout) if row) for c in Card.ALL)


def _fantan_value(sit: Situation, card: Card) -> tuple[int, int, int]:
    """(own cards freed in a row, own cards further on, cards opened for the others)."""
    chain = reach = gift = 0
    hand = sit.hand
    others = sit.in_play & ~hand & ~sit.laid
    for mask, bits in _rows(sit.rules.fantan_layout)[card.index]:
        reach += (mask & hand).bit_count()
        if hand & bits[0]:
            for bit in bits:
                if not hand & bit:
                    break
                chain += 1
        elif others & bits[0]:
            gift += 1
    return chain, reach, gift


def _fantan(sit: Situation) -> Choice:
    cards = [m for m in sit.legal if isinstance(m, Card)]
    if not cards:
        return PASS, "why_ft_pass", {"points": sit.pass_cost}
    if len(cards) == 1 and len(sit.legal) == 1:
        return cards[0], "why_only_move", {"card": cards[0]}
    values = [_fantan_value(sit, c) for c in cards]
    best_i = 0
    best_key: tuple[float, int] | None = None
    for i, (c, (chain, reach, gift)) in enumerate(zip(cards, values, strict=True)):
        key = (3 * chain + reach - 3 * gift + (0.5 if chain else 0), -abs(fantan_rank(c) - 7))
        if best_key is None or key > best_key:
            best_i, best_key = i, key
    best = cards[best_i]
    chain, reach, gift = values[best_i]
    if chain:
        return best, "why_ft_run", {"card": best, "count": reach}
    held = [(v[2], c) for c, v in zip(cards, values, strict=True) if v[2] and c is not best]
    if not gift and held:
        most = max(g for g, _ in held)
        return best, "why_ft_hold", {"card": best, "held": next(c for g, c in held if g == most)}
    if not gift:
        return best, "why_ft_safe", {"card": best}
    return best, "why_ft_least_gift", {"card": best}
