"""Fan Tan (Kabal): lay cards in suit sequences from the sevens; pass when you cannot.

Ace is low here.  With ``fantan_layout: sevens`` each suit is one row growing both ways from its
seven; with ``sixes_and_sevens`` the seven starts an up pile and the six a down pile.  Which cards
may be laid next is one mask (``playable``), kept up to date from :func:`rows_from` — the only
place that says which cards a laid card leads to.  The round ends when someone lays their last
card: they score 0 and everybody else passes plus cards left.
"""

from __future__ import annotations

from collections.abc import Sequence

from kamplib.cards import SUITS, Card, cards_of, mask_cards, parse_card
from kamplib.errors import IllegalMove
from kamplib.i18n import SuitName
from kamplib.kinds import KINDS, Family
from kamplib.moves import PASS, Move, is_pass
from kamplib.round import ROUND_CLASSES, Round
from kamplib.rules import Rules
from kamplib.seating import SEVEN_OF_HEARTS, Opener, first_to_act, opener_of

__all__ = ["FanTanRound", "fantan_rank", "playable_mask", "opens_with_seven",
           "rows_from", "SEVEN_OF_HEARTS", "STARTERS", "layout_ranks"]


def fantan_rank(card: Card) -> int:
    """Rank with the ace low: A=1, 2..10, J=11, Q=12, K=13.

    >>> fantan_rank(parse_card('AH')), fantan_rank(parse_card('KH'))
    (1, 13)
    """
    return 1 if card.rank == 14 else card.rank


def _card(suit_index: int, fantan_rank_: int) -> Card:
    rank = 14 if fantan_rank_ == 1 else fantan_rank_
    return Card.ALL[suit_index * 13 + rank - 2]


def rows_from(card: Card, layout: str) -> list[list[Card]]:
    """The layout rule: for each direction a laid ``card`` builds in, the cards that follow it
    there, nearest first (a seven builds both ways in ``sevens``, only up when sixes start their
    own piles).  Bots read the rows to see how far a lay leads; the round needs only the first
    card of each.

    >>> [[c.text for c in row[:2]] for row in rows_from(parse_card('7H'), 'sevens')]
    [['8H', '9H'], ['6H', '5H']]
    >>> [[c.text for c in row[:2]] for row in rows_from(parse_card('7H'), 'sixes_and_sevens')]
    [['8H', '9H']]
    """
    f = fantan_rank(card)
    si = card.suit_index
    up = [_card(si, r) for r in range(f + 1, 14)]
    down = [_card(si, r) for r in range(f - 1, 0, -1)]
    if f == 7:
        return [up] if layout == "sixes_and_sevens" else [up, down]
    return [up] if f > 7 else [down]


def _neighbours(card: Card, layout: str) -> list[Card]:
    """The cards that become playable once ``card`` is laid."""
    return [row[0] for row in rows_from(card, layout) if row]


_OPENS = {
    layout: tuple(sum(n.bit for n in _neighbours(c, layout)) for c in Card.ALL)
    for layout in ("sevens", "sixes_and_sevens")
}
# The ranks that open a pile in each layout (a seven; in sixes-and-sevens also a six).
_OPENING_RANKS = {"sevens": (7,), "sixes_and_sevens": (6, 7)}
_STARTERS = {layout: sum(_card(si, r).bit for si in range(4) for r in ranks)
             for layout, ranks in _OPENING_RANKS.items()}
STARTERS = _STARTERS


def layout_ranks(layout: str) -> tuple[tuple[int, ...], ...]:
    """The piles of one suit as Fan Tan ranks (ace 1), each from its opening card outwards:
    ``sevens`` is one row grown both ways from 7, drawn low to high; ``sixes_and_sevens`` is a
    down pile 6…A and an up pile 7…K.  Drawing reads this instead of knowing the layout.

    >>> layout_ranks('sixes_and_sevens')
    ((6, 5, 4, 3, 2, 1), (7, 8, 9, 10, 11, 12, 13))
    >>> len(layout_ranks('sevens')[0])
    13
    """
    if layout == "sixes_and_sevens":
        return (tuple(range(6, 0, -1)), tuple(range(7, 14)))
    return (tuple(range(1, 14)),)


def playable_mask(laid: int, layout: str) -> int:
    """The cards that may be laid next on a table where ``laid`` lies (a player's view works
    this out from the table alone; the round keeps the same mask up to date move by move).

    >>> cards_of(playable_mask(0, 'sevens'))
    [Card('7S'), Card('7H'), Card('7C'), Card('7D')]
    >>> cards_of(playable_mask(parse_card('7H').bit, 'sevens'))
    [Card('7S'), Card('8H'), Card('6H'), Card('7C'), Card('7D')]
    """
    opens = _OPENS[layout]
    mask = _STARTERS[layout]
    rest = laid
    while rest:
        low = rest & -rest
        mask |= opens[_INDEX_OF_BIT[low]]
        rest ^= low
    return mask & ~laid


_INDEX_OF_BIT = {c.bit: c.index for c in Card.ALL}


def opens_with_seven(laid: int, rules: Rules) -> bool:
    """Whether the next card must be ♥7: nothing is laid yet and ♥7 opens (the default).

    >>> from kamplib.rules import make_rules
    >>> opens_with_seven(0, make_rules('femkamp'))
    True
    >>> opens_with_seven(0, make_rules('femkamp', {'fantan_opener': 'left_of_dealer'}))
    False
    """
    return not laid and rules.fantan_opener == "seven_of_hearts"


class FanTanRound(Round):
    """One Fan Tan round; moves are cards or :data:`~kamplib.moves.PASS`."""

    family = Family.FANTAN

    def __init__(self, kind: str, players: Sequence[str], dealer: int, hands: Sequence[int],
                 rules: Rules, *, trump: str | None = None, number: int = 1,
                 multiplier: int = 1) -> None:
        self._setup(kind, players, dealer, hands, rules, number, multiplier)
        self.trump = None
        self.needs_trump = False
        self.tricks = ()
        self.tricks_won = (0,) * self.n
        self._layout = rules.fantan_layout
        self.voluntary_pass = rules.fantan_voluntary_pass
        self._opens = _OPENS[self._layout]
        self.playable = _STARTERS[self._layout]
        self.laid = 0
        self.in_play = 0
        for h in hands:
            self.in_play |= h
        self._passes = [0] * self.n
        self._out = -1  # seat that went out
        # with the seven-of-hearts opener the first card must be ♥7
        self.opening = opens_with_seven(0, rules)
        self.to_move = first_to_act(kind, dealer, self.deal, rules)

    # -- the rule ----------------------------------------------------------------------------
    def _layable(self, seat: int) -> int:
        """The cards ``seat`` may lay now, as a mask."""
        if self.opening:
            return self.hands[seat] & SEVEN_OF_HEARTS.bit
        return self.hands[seat] & self.playable

    def _pass_allowed(self, layable: int) -> bool:
        """The pass rule: you pass when you cannot lay a card (``layable`` is empty), or at
        any time after the opening card with ``fantan_voluntary_pass``."""
        return not layable or (self.voluntary_pass and not self.opening)

    def may_pass(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the player to move) may pass now."""
        seat = self.to_move if seat is None else seat
        return seat >= 0 and self._pass_allowed(self._layable(seat))

    def legal_moves(self) -> tuple[Move, ...]:
        seat = self.to_move
        if seat < 0:
            return ()
        layable = self._layable(seat)
        cards = mask_cards(layable)
        return (*cards, PASS) if self._pass_allowed(layable) else cards

    def check(self, move: Move | str) -> None:
        seat = self.to_move
        if seat < 0:
            raise self._error("round_over", None)
        if is_pass(move):
            if not self.may_pass(seat):
                raise self._error("must_play_not_pass", seat,
                                  playable=cards_of(self._layable(seat)))
            return
        card = parse_card(move)  # type: ignore[arg-type]  # not a card: refused with its repr
        if not self.hands[seat] & card.bit:
            if self.laid & card.bit:
                raise self._error("card_already_played", seat, card)
            raise self._error("not_in_hand", seat, card)
        if self._layable(seat) & card.bit:
            return
        if self.opening:
            raise self._error("seven_of_hearts_first", seat, card)
        raise self._why_not_layable(seat, card)

    def _why_not_layable(self, seat: int, card: Card) -> IllegalMove:
        f = fantan_rank(card)
        si = card.suit_index
        suit = SuitName(SUITS[si])
        # the cards between this one and its pile's start: if one is out of the deck, never
        between = range(f + 1, 7) if f < 6 or (f == 6 and self._layout == "sevens") else range(8, f)
        gone = [_card(si, r) for r in between if not self.in_play & _card(si, r).bit]
        if gone:
            return self._error("fantan_dead_card", seat, card, needed=gone[0])
        if self._layout == "sevens":
            if not self.laid & _card(si, 7).bit:
                return self._error("fantan_open_with_seven", seat, card, suit=suit)
        else:
            opener = _card(si, 7 if f >= 7 else 6)
            if not self.laid & opener.bit:
                return self._error("fantan_open_with_six_or_seven", seat, card, suit=suit,
                                   opener=opener)
        needed = _card(si, f + 1 if f < 7 else f - 1)
        return self._error("fantan_not_next", seat, card, needed=needed)

    def play(self, move: Move | str) -> None:
        """Lay a card or pass for the player to move."""
        seat = self.to_move
        if type(move) is Card and seat >= 0 and self._layable(seat) & move.bit:
            card = move
        elif move is PASS and seat >= 0 and self._pass_allowed(self._layable(seat)):
            self._pass(seat)
            return
        else:
            self.check(move)  # raises with the reason unless it is a legal pass or card
            if is_pass(move):
                self._pass(seat)
                return
            card = parse_card(move)  # type: ignore[arg-type]  # check() let only a card by
        bit = card.bit
        hand = self.hands[seat] ^ bit
        self.hands[seat] = hand
        self.laid |= bit
        self.playable = (self.playable & ~bit) | self._opens[card.index]
        self.opening = False
        self._log.append((seat, card))
        if hand:
            self.to_move = (seat + 1) % self.n
        else:
            self._out = seat
            self.to_move = -1
            self.is_over = True

    def _pass(self, seat: int) -> None:
        self._passes[seat] += 1
        self._log.append((seat, PASS))
        self.to_move = (seat + 1) % self.n

    # -- questions ---------------------------------------------------------------------------
    def opener(self) -> Opener:
        return opener_of(self.kind, self.dealer, self.deal, self.rules)

    def _decided(self, index: int, move: Move) -> tuple[int | None, int]:
        return None, (self.pass_cost if move is PASS else 0)

    @property
    def passes(self) -> Sequence[int]:
        return self._passes

    @property
    def out(self) -> int:
        return self._out

    def laid_cards(self) -> frozenset[Card]:
        return frozenset(cards_of(self.laid))

    def next_cards(self) -> frozenset[Card]:
        if self.opening:
            return frozenset(cards_of(SEVEN_OF_HEARTS.bit & self.in_play))
        return frozenset(cards_of(self.playable & self.in_play))

    def layout(self) -> tuple[tuple[int, ...], ...]:
        return layout_ranks(self._layout)

    @property
    def turn(self) -> int:
        return len(self._log) + 1

    def table(self) -> dict[str, list[Card]]:
        """The cards laid in each suit, lowest (ace) first."""
        return {s: sorted((c for c in cards_of(self.laid) if c.suit == s), key=fantan_rank)
                for s in SUITS}

    def piles(self) -> dict[str, tuple[list[Card], list[Card]]]:
        """Per suit the down pile (6 → A) and the up pile (7 → K), each in the order laid."""
        out = {}
        for s, cards in self.table().items():
            down = [c for c in reversed(cards) if fantan_rank(c) <= 6]
            up = [c for c in cards if fantan_rank(c) >= 7]
            out[s] = (down, up)
        return out

    def score_list(self) -> list[int]:
        return KINDS[self.kind].fantan_scores(self._passes, [h.bit_count() for h in self.hands],
                                              self._out if self._out >= 0 else None,
                                              self.multiplier)

    def _place(self) -> dict[str, int]:
        return {"turn": len(self._log) + 1}

    def copy(self) -> FanTanRound:
        new = object.__new__(FanTanRound)
        new.__dict__.update(self.__dict__)
        new.hands = list(self.hands)
        new._log = list(self._log)
        new._passes = list(self._passes)
        return new

    def replayed(self, count: int | None = None) -> FanTanRound:
        new = FanTanRound(self.kind, self.players, self.dealer, self.deal, self.rules,
                          number=self.number, multiplier=self.multiplier)
        for _, move in self._log[:count]:
            new.play(move)
        return new


ROUND_CLASSES.update({k: FanTanRound for k, v in KINDS.items() if not v.is_trick_round})
