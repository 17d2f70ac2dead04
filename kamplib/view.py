"""A player's view: everything one player may know, copied out, and nothing else.

Bots and hints receive a :class:`PlayerView` and never the round itself.  The view holds only
immutable copies (tuples, frozensets, ints, strings, cards): no reference to the round, the game
or another player's hand, so no attribute path leads to hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kamplib.cards import Card, cards_of, mask_of
from kamplib.fantan import (
    SEVEN_OF_HEARTS,
    FanTanRound,
    layout_ranks,
    opens_with_seven,
    playable_mask,
)
from kamplib.kinds import KINDS, Family
from kamplib.moves import Entry, Move
from kamplib.round import Round
from kamplib.rules import Rules
from kamplib.tricks import TrickRound

__all__ = ["PlayerView", "make_view"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What ``players[seat]`` knows at this moment of the round."""

    kind: str
    family: Family
    ace_low: bool
    number: int
    players: tuple[str, ...]
    seat: int
    dealer: int
    rules: Rules
    multiplier: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    to_move: int
    legal: tuple[Move, ...]
    history: tuple[Entry, ...]
    played: frozenset[Card]
    out_of_play: tuple[Card, ...]
    scores: tuple[int, ...]
    # trick rounds
    trump: str | None = None
    needs_trump: bool = False
    trick: tuple[tuple[int, Card], ...] = ()
    leader: int = -1
    winning: int = -1
    tricks: tuple[tuple[int, tuple[tuple[int, Card], ...], int], ...] = ()
    tricks_won: tuple[int, ...] = ()
    taken: tuple[tuple[Card, ...], ...] = ()
    voids: tuple[frozenset[str], ...] = ()
    # Fan Tan
    laid: frozenset[Card] = frozenset()
    passes: tuple[int, ...] = ()

    @property
    def player(self) -> str:
        return self.players[self.seat]

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def is_over(self) -> bool:
        return self.to_move < 0

    @property
    def led_suit(self) -> str | None:
        return self.trick[0][1].suit if self.trick else None

    @property
    def playable(self) -> frozenset[Card]:
        """Fan Tan: the cards that may be laid next, by anyone (worked out from the table, so
        the view itself holds no card of another hand)."""
        if self.family is not Family.FANTAN:
            return frozenset()
        mask = playable_mask(mask_of(self.laid), self.rules.fantan_layout)
        return frozenset(c for c in cards_of(mask) if c not in self.out_of_play)

    def laid_cards(self) -> frozenset[Card]:
        """The cards laid out in Fan Tan's rows (:meth:`kamplib.round.Round.laid_cards`)."""
        return self.laid

    @property
    def pass_cost(self) -> int:
        """The points a pass costs in this round (:attr:`kamplib.round.Round.pass_cost`)."""
        return KINDS[self.kind].pass_value * self.multiplier

    def next_cards(self) -> frozenset[Card]:
        """What :meth:`kamplib.round.Round.next_cards` says, from the table alone: in Fan Tan
        the cards that fit the rows, the opening rule applied (♥7 alone before the first card,
        with that opener); in a trick round this player's legal cards."""
        if self.family is not Family.FANTAN:
            return frozenset(m for m in self.legal if type(m) is Card)
        if opens_with_seven(mask_of(self.laid), self.rules):
            return self.playable & {SEVEN_OF_HEARTS}
        return self.playable

    def layout(self) -> tuple[tuple[int, ...], ...]:
        """Fan Tan's piles of one suit as ranks (:meth:`kamplib.round.Round.layout`)."""
        if self.family is not Family.FANTAN:
            return ()
        return layout_ranks(self.rules.fantan_layout)

    def unseen(self) -> tuple[Card, ...]:
        """Cards in other players' hands, as far as this player can tell (unknown where)."""
        mine = set(self.hand)
        gone = set(self.out_of_play)
        return tuple(c for c in Card.ALL
                     if c not in mine and c not in self.played and c not in gone)


def _voids(rnd: Round) -> tuple[frozenset[str], ...]:
    """Suits each player has shown out of (did not follow a led suit)."""
    voids: list[set[str]] = [set() for _ in range(rnd.n)]
    tricks = [t.plays for t in rnd.tricks]
    current = rnd.trick
    if current:
        tricks.append(tuple(current))
    for plays in tricks:
        led = plays[0][1].suit
        for seat, card in plays[1:]:
            if card.suit != led:
                voids[seat].add(led)
    return tuple(frozenset(v) for v in voids)


def make_view(rnd: Round, player: str | int) -> PlayerView:
    """What ``player`` (a name or a seat) may know of ``rnd`` at this moment, and nothing else.

    >>> from kamplib.round import deal_round
    >>> rnd = deal_round('pass', ['Kari', 'Ola', 'Siri', 'Per'], seed=1)
    >>> view = make_view(rnd, 'Ola')
    >>> view.hand == tuple(rnd.hand('Ola')), view.legal, view.family
    (True, (), <Family.TRICKS: 'tricks'>)
    >>> make_view(rnd, 'Kari').legal[:2]  # Kari leads
    (Card('6S'), Card('5S'))
    """
    seat = rnd.seat(player)
    history = rnd.history
    played = frozenset(e.move for e in history if type(e.move) is Card)
    # The red twos taken out are public knowledge; which one (3 players) is seen from the deal.
    everything = 0
    for h in rnd.deal:
        everything |= h
    out = tuple(c for c in Card.ALL if not everything & c.bit)
    common: dict[str, Any] = dict(
        kind=rnd.kind, family=rnd.family, ace_low=rnd.ace_low, number=rnd.number,
        players=rnd.players, seat=seat, dealer=rnd.dealer,
        rules=rnd.rules, multiplier=rnd.multiplier, hand=tuple(cards_of(rnd.hands[seat])),
        hand_sizes=tuple(h.bit_count() for h in rnd.hands), to_move=rnd.to_move,
        legal=tuple(rnd.legal_moves()) if rnd.to_move == seat else (),
        history=history, played=played, out_of_play=out, scores=tuple(rnd.score_list()),
    )
    if isinstance(rnd, TrickRound):
        return PlayerView(
            **common, trump=rnd.trump, needs_trump=rnd.needs_trump, trick=tuple(rnd.trick),
            leader=rnd.leader, winning=rnd.winning,
            tricks=tuple((t.leader, t.plays, t.winner) for t in rnd.tricks),
            tricks_won=tuple(rnd.tricks_won), taken=tuple(tuple(cards_of(m)) for m in rnd.taken),
            voids=_voids(rnd),
        )
    assert isinstance(rnd, FanTanRound)
    return PlayerView(**common, laid=frozenset(cards_of(rnd.laid)), passes=tuple(rnd.passes))

