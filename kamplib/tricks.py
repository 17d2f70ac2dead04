"""Trick rounds: Pass, Kløver, Damer, Grand, Trumf and the Finale.

Follow suit if you can; otherwise play anything.  In a trump round a player who cannot follow
may trump or discard (trumping is never forced).  The highest trump wins, else the highest card
of the led suit.  The rule "follow suit" lives in :meth:`TrickRound._follow_block` and nowhere
else: the list of legal moves, the check of a move and the sentence explaining a refusal all
use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, partial

from kamplib.cards import (
    SUIT_BLOCKS,
    SUIT_MASKS,
    SUITS,
    Card,
    cards_of,
    mask_cards,
    parse_card,
    parse_suit,
)
from kamplib.i18n import SuitName
from kamplib.kinds import KINDS, TRICK_KINDS, Family
from kamplib.moves import ChooseTrump, Move, is_pass, is_suit, parse_move
from kamplib.round import ROUND_CLASSES, Round, Trick
from kamplib.rules import Rules
from kamplib.seating import Opener, first_leader, first_to_act, opener_of

__all__ = ["TrickRound", "Trick", "card_strength", "legal_mask", "classify_play", "PLAY_KINDS"]

_TRUMP_BONUS = 100


def legal_mask(hand: int, led_mask: int) -> int:
    """The rule of every trick round: the cards of the led suit if you hold any, else any card.

    ``led_mask`` is the mask of the suit led (0 before the first card of a trick).  Listing the
    legal cards, accepting a card and explaining a refusal all ask this one function.

    >>> from kamplib.cards import mask_of, parse_cards
    >>> hand = mask_of(parse_cards('AS 7S QH 2C'))
    >>> cards_of(legal_mask(hand, SUIT_MASKS[0]))  # spades led: follow suit
    [Card('AS'), Card('7S')]
    >>> len(cards_of(legal_mask(hand, SUIT_MASKS[3])))  # diamonds led, none held: any card
    4
    """
    return hand & led_mask or hand


def card_strength(card: Card, led: int, trump_index: int = -1, ace_low: bool = False) -> int:
    """Who takes the trick: how strong ``card`` stands in a trick led in suit ``led`` (-1: the
    card leads it).  A trump beats every card of another suit, a card of the led suit counts
    its rank (the ace as 1 when played low), and any other card is a discard that can never
    win (-1).  The round plays from tables of these values; bots ask this function.

    >>> card_strength(parse_card('QS'), 0)  # spades led (SUITS is S, H, C, D)
    12
    >>> card_strength(parse_card('2H'), 0, trump_index=1), card_strength(parse_card('KD'), 0)
    (102, -1)
    >>> card_strength(parse_card('AS'), 0, ace_low=True)
    1
    """
    rank = 1 if ace_low and card.rank == 14 else card.rank
    if card.suit_index == trump_index:
        return rank + _TRUMP_BONUS
    if card.suit_index == led or led < 0:
        return rank
    return -1


# How a card stands in a trick, for every sentence that explains one.
PLAY_KINDS = ("led", "followed", "trumped", "discarded")


def classify_play(card: Card, led_suit: str | None, trump: str | None = None) -> str:
    """``led`` (the first card), ``followed`` (the led suit), ``trumped`` (a trump on another
    suit's trick) or ``discarded`` (any other card: it cannot win the trick).

    >>> classify_play(parse_card('2C'), 'H', trump='C'), classify_play(parse_card('5H'), 'H')
    ('trumped', 'followed')
    >>> classify_play(parse_card('5H'), None), classify_play(parse_card('5D'), 'H')
    ('led', 'discarded')
    """
    if led_suit is None:
        return "led"
    if card.suit == led_suit:
        return "followed"
    if card.suit == trump:
        return "trumped"
    return "discarded"


@cache
def _strength_tables(ace_low: bool, trump_index: int) -> tuple[tuple[int, ...], ...]:
    """``table[led][card.index]`` = :func:`card_strength`, looked up once per card played."""
    return tuple(tuple(card_strength(c, led, trump_index, ace_low) for c in Card.ALL)
                 for led in range(4))


# NamedTuple's own constructor is Python code; building the tuple directly is the same object,
# made several times faster (13 times per round, in every playout).
_new_trick = partial(tuple.__new__, Trick)


class TrickRound(Round):
    """One trick round.  ``play(card)`` is checked; a refused card leaves the state untouched."""

    family = Family.TRICKS
    tricks_won: list[int]

    def __init__(self, kind: str, players: Sequence[str], dealer: int, hands: Sequence[int],
                 rules: Rules, *, trump: str | None = None, number: int = 1,
                 multiplier: int = 1) -> None:
        self._setup(kind, players, dealer, hands, rules, number, multiplier)
        self._kind = KINDS[kind]
        has_trump = self._kind.has_trump
        self.trump = parse_suit(trump) if has_trump and trump is not None else None
        self.dealt_trump = self.trump  # what the deal brought; the dealer may still name it
        self.needs_trump = has_trump and self.trump is None
        self._tables = _strength_tables(self.ace_low, self._trump_index)
        self.leader = first_leader(dealer, self.n)
        self._next = (*range(1, self.n), 0)  # the seat after each seat, clockwise
        self.to_move = first_to_act(kind, dealer, self.deal, rules, self.needs_trump)
        self._trick_start = 0  # where the trick on the table starts in the history
        self.led = -1  # suit index of the card led, -1 before the first card of a trick
        self._led_mask = 0
        self._strength: tuple[int, ...] = self._tables[0]
        self._win_seat = -1
        self._win_key = -1
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * self.n
        self.taken = [0] * self.n  # cards in each player's tricks, as masks

    @property
    def _trump_index(self) -> int:
        return SUITS.index(self.trump) if self.trump else -1

    # -- the rule ----------------------------------------------------------------------------
    def legal_moves(self) -> tuple[Move, ...]:
        seat = self.to_move
        if seat < 0:
            return ()
        if self.needs_trump:
            return _CHOICES
        hand = self.hands[seat]
        legal = legal_mask(hand, self._led_mask)
        if legal != hand:  # following suit: the cards of one suit, one table look-up
            led = self.led
            return SUIT_BLOCKS[led][legal >> 16 * led]
        return mask_cards(hand)

    def check(self, move: Move | str) -> None:
        seat = self.to_move
        if seat < 0:
            raise self._error("round_over", None)
        if self.needs_trump:
            if not is_suit(move):
                raise self._error("trump_first", self.dealer)
            return
        if is_pass(move):
            raise self._error("no_pass_in_tricks", seat)
        if type(move) is ChooseTrump:
            raise self._error("trump_not_now", None)
        card = move if type(move) is Card else parse_card(move)  # type: ignore[arg-type]
        hand = self.hands[seat]
        if not hand & card.bit:
            if self._played_mask() & card.bit:
                raise self._error("card_already_played", seat, card)
            raise self._error("not_in_hand", seat, card)
        if not card.bit & legal_mask(hand, self._led_mask):
            raise self._error("must_follow_suit", seat, card, suit=SuitName(SUITS[self.led]),
                              holding=list(mask_cards(hand & self._led_mask)))

    def play(self, move: Move | str) -> None:
        """Play a card for the player to move (or, in a dealer-chosen trump round, name trump).

        The common case -- a legal :class:`Card` -- takes the short path below; anything else
        goes through :meth:`check`, which refuses it with the reason before anything changes.
        """
        seat = self.to_move
        if type(move) is not Card or seat < 0 or self.needs_trump:
            if self.needs_trump and seat >= 0:
                self.choose_trump(move)  # type: ignore[arg-type]
                return
            self.check(move)
            move = parse_card(move)  # type: ignore[arg-type]  # check() let only a card by
        hand = self.hands[seat]
        bit = move.bit
        if not bit & legal_mask(hand, self._led_mask):
            self.check(move)  # raises with the reason
        self.hands[seat] = hand ^ bit
        self._log.append((seat, move))
        if self.led < 0:  # the lead decides which suit counts in this trick
            si = move.suit_index
            self.led = si
            self._led_mask = SUIT_MASKS[si]
            self._strength = strength = self._tables[si]
            self._win_key = strength[move.index]
            self._win_seat = seat
            self.to_move = self._next[seat]
            return
        key = self._strength[move.index]
        if key > self._win_key:
            self._win_key = key
            self._win_seat = seat
        seat = self._next[seat]
        if seat == self.leader:  # everybody has played to this trick
            self._close_trick()
        else:
            self.to_move = seat

    def _close_trick(self) -> None:
        winner = self._win_seat
        # the trick on the table, read straight from the history (no call of the property, no
        # typing.cast: this runs once per trick)
        plays: tuple[tuple[int, Card], ...] = tuple(
            self._log[self._trick_start:])  # type: ignore[arg-type]
        mask = 0
        for _, card in plays:
            mask |= card.bit
        self.tricks.append(_new_trick((self.leader, plays, winner)))
        self.tricks_won[winner] += 1
        self.taken[winner] |= mask
        self._trick_start = len(self._log)
        self.led = -1
        self._led_mask = 0
        self.leader = winner
        # every hand holds the same number of cards, so one empty hand means the round is over
        if self.hands[winner]:
            self.to_move = winner
        else:
            self.to_move = -1
            self.is_over = True

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The cards on the table in this trick, as ``(seat, card)`` in the order played."""
        # only cards: a dealer's choice of trump comes before the first trick starts
        return self._log[self._trick_start:]  # type: ignore[return-value]

    def choose_trump(self, suit: ChooseTrump | str) -> None:
        """The dealer names trump (house rule ``trump: dealer``) before the first card; the
        choice, a :class:`ChooseTrump`, is the round's first action in the history."""
        if not self.needs_trump:
            raise self._error("trump_not_now", None)
        if not is_suit(suit):
            raise self._error("trump_first", self.dealer)
        choice = parse_move(suit)
        assert type(choice) is ChooseTrump
        self.trump = choice.suit
        self._log.append((self.dealer, choice))
        self._trick_start = len(self._log)
        self._tables = _strength_tables(self.ace_low, self._trump_index)
        self.needs_trump = False
        self.to_move = self.leader

    # -- questions ---------------------------------------------------------------------------
    def opener(self) -> Opener:
        pending = self.needs_trump or bool(self._log and type(self._log[0][1]) is ChooseTrump)
        return opener_of(self.kind, self.dealer, self.deal, self.rules, pending)

    def next_cards(self) -> frozenset[Card]:
        return frozenset(c for c in self.legal_moves() if type(c) is Card)

    def _decided(self, index: int, move: Move) -> tuple[int | None, int]:
        log = self._log
        first = 1 if log and type(log[0][1]) is ChooseTrump else 0  # the dealer named trump
        if index < first or (index - first) % self.n != self.n - 1:
            return None, 0
        number = (index - first) // self.n
        if number >= len(self.tricks):
            return None, 0
        trick = self.tricks[number]
        mask = 0
        for card in trick.cards:
            mask |= card.bit
        return trick.winner, self._kind.raw_score(1, mask, self.rules) * self.multiplier

    @property
    def winning(self) -> int:
        """Seat currently winning the trick on the table (-1 when it is empty)."""
        return self._win_seat if self.led >= 0 else -1

    def wins_now(self, card: Card) -> bool:
        """Whether ``card``, played now, would be winning the trick at this moment."""
        if self.led < 0:
            return True
        return self._strength[card.index] > self._win_key

    def taken_cards(self, player: str | int) -> list[Card]:
        return cards_of(self.taken[self.seat(player)])

    def _played_mask(self) -> int:
        mask = 0
        for m in self.taken:
            mask |= m
        for _, card in self.trick:
            mask |= card.bit
        return mask

    def score_list(self) -> list[int]:
        return self._kind.trick_scores(self.tricks_won, self.taken, self.rules, self.multiplier)

    def _place(self) -> dict[str, int]:
        return {"trick": len(self.tricks) + 1}

    # -- copies ------------------------------------------------------------------------------
    def copy(self) -> TrickRound:
        new = object.__new__(TrickRound)
        new.__dict__.update(self.__dict__)
        new.hands = list(self.hands)
        new._log = list(self._log)
        new.tricks = list(self.tricks)
        new.tricks_won = list(self.tricks_won)
        new.taken = list(self.taken)
        return new

    def replayed(self, count: int | None = None) -> TrickRound:
        # a drawn or fixed trump belongs to the deal; a dealer's choice is in the history
        new = TrickRound(self.kind, self.players, self.dealer, self.deal, self.rules,
                         trump=self.dealt_trump, number=self.number, multiplier=self.multiplier)
        for _, move in self._log[:count]:
            new.play(move)
        return new


# What the dealer may name when trump is theirs to choose.
_CHOICES: tuple[Move, ...] = tuple(ChooseTrump(s) for s in SUITS)

ROUND_CLASSES.update(dict.fromkeys(TRICK_KINDS, TrickRound))
