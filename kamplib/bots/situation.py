"""What a bot knows when it decides, as bit masks: its own hand and the public table, no more.

A :class:`Situation` is built either from a :class:`~kamplib.view.PlayerView` (what bots and
hints receive) or, inside simulations and search playouts, straight from a round — but then only
from the mover's own hand and what lies face up on the table, the same fields a view holds.  A
test checks that both ways give the same situation and the same move.
"""

from __future__ import annotations

from functools import cache

from kamplib.cards import ALL_MASK, SUITS, Card, mask_of
from kamplib.fantan import FanTanRound
from kamplib.kinds import KINDS, Family
from kamplib.round import Move, Round
from kamplib.rules import Rules
from kamplib.tricks import TrickRound, card_strength
from kamplib.view import PlayerView

__all__ = ["Situation", "from_view", "from_round", "count_above", "count_below", "suit_block"]


class Situation:
    """The mover's hand and the public state, in the shape the policies want."""

    __slots__ = ("kind", "family", "wants_tricks", "rules", "n", "seat", "hand", "legal", "trick",
                 "led", "winning", "trump", "played", "in_play", "ace_low", "laid", "playable",
                 "needs_trump", "values", "keys", "pass_cost")

    kind: str
    family: Family  # trick round or Fan Tan
    wants_tricks: bool  # a trick round where taking tricks is good for you (Grand, Trumf)
    rules: Rules
    n: int
    seat: int
    hand: int
    legal: tuple[Move, ...]
    trick: tuple[tuple[int, Card], ...]
    led: int
    winning: int
    trump: int
    played: int
    in_play: int
    ace_low: bool
    laid: int
    playable: int
    needs_trump: bool
    pass_cost: int  # what a pass costs (Fan Tan; 0 elsewhere)
    values: tuple[int, ...]  # what each card (by index) costs whoever takes it, tricks aside
    keys: tuple[int, ...]  # each card's strength within its suit (by index)

    @property
    def unseen(self) -> int:
        """Cards still in the other players' hands (where exactly is hidden)."""
        return self.in_play & ~self.played & ~self.hand

    def key(self, card: Card) -> int:
        """Strength of a card within its suit (ace low in Pass with that house rule)."""
        return self.keys[card.index]

    def strength(self, card: Card) -> int:
        """How strongly ``card`` would stand in the current trick (-1: it cannot win)."""
        return _strengths(self.ace_low, self.trump, self.led)[card.index]

    def winning_card(self) -> Card | None:
        for seat, card in self.trick:
            if seat == self.winning:
                return card
        return None


def _new(kind: str, family: Family, ace_low: bool, rules: Rules, n: int, seat: int, hand: int,
         legal: tuple[Move, ...]) -> Situation:
    sit = Situation()
    sit.kind = kind
    sit.family = family
    sit.wants_tricks = _WANTS_TRICKS[kind]
    sit.rules = rules
    sit.n = n
    sit.seat = seat
    sit.hand = hand
    sit.legal = legal
    sit.trick = ()
    sit.led = -1
    sit.winning = -1
    sit.trump = -1
    sit.ace_low = ace_low
    sit.laid = sit.playable = 0
    sit.needs_trump = False
    sit.pass_cost = 0
    sit.values = _values(kind, rules)
    sit.keys = _strengths(ace_low, -1, -1)
    return sit


_last_values: tuple[str, Rules, tuple[int, ...]] | None = None
_WANTS_TRICKS = {key: kind.is_trick_round and kind.wants_tricks for key, kind in KINDS.items()}


def _values(kind: str, rules: Rules) -> tuple[int, ...]:
    """The kind's card values under these rules (the last answer is kept: playouts ask for the
    same round's values thousands of times, and hashing the rules each time is slow)."""
    global _last_values
    last = _last_values
    if last is None or last[0] is not kind or last[1] is not rules:
        last = _last_values = (kind, rules, KINDS[kind].card_values(rules))
    return last[2]


@cache
def _strengths(ace_low: bool, trump: int, led: int) -> tuple[int, ...]:
    """:func:`card_strength` of every card (by index) in one kind of trick."""
    return tuple(card_strength(c, led, trump, ace_low) for c in Card.ALL)


def from_view(view: PlayerView) -> Situation:
    """The situation of the player whose view this is."""
    sit = _new(view.kind, view.family, view.ace_low, view.rules, view.n, view.seat,
               mask_of(view.hand), view.legal)
    sit.played = mask_of(view.played)
    sit.in_play = ALL_MASK & ~mask_of(view.out_of_play)
    if view.family is Family.FANTAN:
        sit.pass_cost = view.pass_cost
        sit.laid = mask_of(view.laid)
        sit.playable = mask_of(view.playable)
        return sit
    sit.trick = view.trick
    sit.led = view.trick[0][1].suit_index if view.trick else -1
    sit.winning = view.winning
    sit.trump = SUITS.index(view.trump) if view.trump else -1
    sit.needs_trump = view.needs_trump
    return sit


_IN_PLAY: dict[tuple[int, ...], int] = {}


def from_round(rnd: Round, seat: int) -> Situation:
    """The same situation read from a round: the seat's own hand plus face-up cards only."""
    sit = _new(rnd.kind, rnd.family, rnd.ace_low, rnd.rules, rnd.n, seat, rnd.hands[seat],
               rnd.legal_moves())
    # which cards are in the deck at all is public (the red twos taken out)
    in_play = _IN_PLAY.get(rnd.deal)
    if in_play is None:
        in_play = 0
        for h in rnd.deal:
            in_play |= h
        if len(_IN_PLAY) > 10_000:
            _IN_PLAY.clear()
        _IN_PLAY[rnd.deal] = in_play
    sit.in_play = in_play
    if isinstance(rnd, FanTanRound):
        sit.pass_cost = rnd.pass_cost
        sit.laid = rnd.laid
        sit.played = rnd.laid
        sit.playable = rnd.playable & rnd.in_play
        return sit
    assert isinstance(rnd, TrickRound)  # the one other family
    played = 0
    for m in rnd.taken:
        played |= m
    trick = tuple(rnd.trick)
    for _, c in trick:
        played |= c.bit
    sit.played = played
    sit.trick = trick
    sit.led = rnd.led
    sit.winning = rnd.winning
    sit.trump = SUITS.index(rnd.trump) if rnd.trump else -1
    sit.needs_trump = rnd.needs_trump
    return sit


def suit_block(mask: int, suit_index: int) -> int:
    return (mask >> (16 * suit_index)) & 0x1FFF


def count_above(mask: int, card: Card, ace_low: bool = False) -> int:
    """How many cards of ``mask`` in ``card``'s suit rank above it."""
    block = suit_block(mask, card.suit_index)
    if not ace_low:
        return (block >> (card.rank - 1)).bit_count()
    if card.rank == 14:
        return (block & 0xFFF).bit_count()
    return ((block & 0xFFF) >> (card.rank - 1)).bit_count()


def count_below(mask: int, card: Card, ace_low: bool = False) -> int:
    """How many cards of ``mask`` in ``card``'s suit rank below it."""
    block = suit_block(mask, card.suit_index)
    if ace_low:
        if card.rank == 14:
            return 0
        return (block & ((1 << (card.rank - 2)) - 1)).bit_count() + (block >> 12 & 1)
    return (block & ((1 << (card.rank - 2)) - 1)).bit_count()
