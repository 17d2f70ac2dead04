"""Trick rounds: Pass, Kløver, Damer, Grand, Trumf and the Finale.

Follow suit if you can; otherwise play anything.  In a trump round a player who cannot follow
may trump or discard (trumping is never forced).  The highest trump wins, else the highest card
of the led suit.  The rule "follow suit" lives in :meth:`TrickRound._follow_block` and nowhere
else: the list of legal moves, the check of a move and the sentence explaining a refusal all
use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from kamplib.cards import SUITS, Card, block_cards, cards_of, parse_suit
from kamplib.errors import CardError
from kamplib.i18n import SuitName
from kamplib.round import PASS, Move, Round
from kamplib.rules import Rules
from kamplib.scoring import trick_scores

__all__ = ["TrickRound", "Trick", "TRUMP_KINDS"]

TRUMP_KINDS = frozenset({"trumf"})

# Strength of a card within its suit: its rank, or 1 for an ace played low.
_RANK_KEY = tuple(c.rank for c in Card.ALL)
_ACE_LOW_KEY = tuple(1 if c.rank == 14 else c.rank for c in Card.ALL)
_TRUMP_BONUS = 100


class Trick(NamedTuple):
    """A finished trick: who led, the plays in order, and who took it."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)


class TrickRound(Round):
    """One trick round.  ``play(card)`` is checked; a refused card leaves the state untouched."""

    def __init__(self, kind: str, players: Sequence[str], dealer: int, hands: Sequence[int],
                 rules: Rules, *, trump: str | None = None, number: int = 1,
                 multiplier: int = 1) -> None:
        self._setup(kind, players, dealer, hands, rules, number, multiplier)
        self.trump = trump if kind in TRUMP_KINDS else None
        self.needs_trump = kind in TRUMP_KINDS and trump is None
        self._trump_index = SUITS.index(trump) if self.trump else -1
        self._key = _ACE_LOW_KEY if kind == "pass" and rules.ace_low_in_pass else _RANK_KEY
        self.leader = (dealer + 1) % self.n
        self.to_move = dealer if self.needs_trump else self.leader
        self.trick: list[tuple[int, Card]] = []
        self.led = -1  # suit index of the card led, -1 before the first card of a trick
        self._win_seat = -1
        self._win_key = -1
        self._trick_mask = 0
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * self.n
        self.taken = [0] * self.n  # cards in each player's tricks, as masks
        self._cards_left = sum(h.bit_count() for h in hands)

    # -- the rule ----------------------------------------------------------------------------
    def _follow_block(self, hand: int) -> int:
        """The cards of ``hand`` in the led suit (as a 13-bit block), 0 if free to play anything."""
        if self.led < 0:
            return 0
        return (hand >> (16 * self.led)) & 0x1FFF

    def legal_moves(self) -> tuple[Move, ...]:
        seat = self.to_move
        if seat < 0:
            return ()
        if self.needs_trump:
            return SUITS
        hand = self.hands[seat]
        follow = self._follow_block(hand)
        if follow:
            return block_cards(self.led, follow)
        return (block_cards(0, hand & 0x1FFF) + block_cards(1, (hand >> 16) & 0x1FFF)
                + block_cards(2, (hand >> 32) & 0x1FFF) + block_cards(3, hand >> 48))

    def check(self, move: Move) -> None:
        seat = self.to_move
        if seat < 0:
            raise self._error("round_over", None)
        if self.needs_trump:
            if not (isinstance(move, str) and move.upper() in SUITS):
                raise self._error("trump_first", self.dealer)
            return
        if isinstance(move, str) and move.strip().lower() == PASS:
            raise self._error("no_pass_in_tricks", seat)
        card = move if type(move) is Card else _parse(move)
        hand = self.hands[seat]
        if not hand & card.bit:
            raise self._error("not_in_hand", seat, card)
        follow = self._follow_block(hand)
        if follow and card.suit_index != self.led:
            raise self._error("must_follow_suit", seat, card, suit=SuitName(SUITS[self.led]),
                              holding=list(block_cards(self.led, follow)))

    def play(self, move: Move) -> None:
        """Play a card for the player to move (or, in a dealer-chosen trump round, name trump)."""
        if type(move) is not Card or self.needs_trump:
            if self.needs_trump:
                self.choose_trump(move)  # type: ignore[arg-type]
                return
            self.check(move)
            move = _parse(move)
        card: Card = move  # type: ignore[assignment]
        seat = self.to_move
        hand = self.hands[seat] if seat >= 0 else 0
        bit = card.bit
        if not hand & bit or (self.led >= 0 and card.suit_index != self.led
                              and self._follow_block(hand)):
            self.check(card)  # raises with the reason
        self.hands[seat] = hand ^ bit
        self.history.append((seat, card))
        trick = self.trick
        trick.append((seat, card))
        self._trick_mask |= bit
        si = card.suit_index
        if self.led < 0:
            self.led = si
            self._win_seat = seat
            self._win_key = self._key[card.index] + (_TRUMP_BONUS if si == self._trump_index else 0)
        else:
            if si == self._trump_index:
                key = self._key[card.index] + _TRUMP_BONUS
            elif si == self.led:
                key = self._key[card.index]
            else:
                key = -1  # a discard never wins
            if key > self._win_key:
                self._win_key = key
                self._win_seat = seat
        self._cards_left -= 1
        if len(trick) < self.n:
            self.to_move = (seat + 1) % self.n
            return
        winner = self._win_seat
        self.tricks.append(Trick(self.leader, tuple(trick), winner))
        self.tricks_won[winner] += 1
        self.taken[winner] |= self._trick_mask
        self.trick = []
        self._trick_mask = 0
        self.led = -1
        self.leader = winner
        self.to_move = winner if self._cards_left else -1

    def choose_trump(self, suit: str) -> None:
        """The dealer names trump (house rule ``trump: dealer``) before the first card."""
        if not self.needs_trump:
            raise self._error("trump_not_now", None)
        try:
            self.trump = parse_suit(suit)
        except CardError:
            raise self._error("trump_first", self.dealer) from None
        self._trump_index = SUITS.index(self.trump)
        self.needs_trump = False
        self.to_move = self.leader

    # -- questions ---------------------------------------------------------------------------
    @property
    def winning(self) -> int:
        """Seat currently winning the trick on the table (-1 when it is empty)."""
        return self._win_seat if self.trick else -1

    def wins_now(self, card: Card) -> bool:
        """Whether ``card``, played now, would be winning the trick at this moment."""
        if not self.trick:
            return True
        si = card.suit_index
        if si == self._trump_index:
            key = self._key[card.index] + _TRUMP_BONUS
        elif si == self.led:
            key = self._key[card.index]
        else:
            return False
        return key > self._win_key

    def taken_cards(self, player: str | int) -> list[Card]:
        return cards_of(self.taken[self.seat(player)])

    def score_list(self) -> list[int]:
        return trick_scores(self.kind, self.tricks_won, self.taken, self.rules, self.multiplier)

    def _place(self) -> dict[str, int]:
        return {"trick": len(self.tricks) + 1}

    # -- copies ------------------------------------------------------------------------------
    def copy(self) -> TrickRound:
        new = object.__new__(TrickRound)
        new.__dict__.update(self.__dict__)
        new.hands = list(self.hands)
        new.history = list(self.history)
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.tricks_won = list(self.tricks_won)
        new.taken = list(self.taken)
        return new

    def replayed(self, count: int | None = None) -> TrickRound:
        # the trump (drawn, fixed or chosen) belongs to the deal, not to the history
        new = TrickRound(self.kind, self.players, self.dealer, self.deal, self.rules,
                         trump=self.trump, number=self.number, multiplier=self.multiplier)
        for _, move in self.history[:count]:
            new.play(move)
        return new


def _parse(move: Move) -> Card:
    from kamplib.cards import parse_card

    return parse_card(move)
