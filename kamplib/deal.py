"""Which cards are in play, how many each player holds, and the seeded deal.

The deck is fitted to the table by taking red twos out of the trick rounds (3 players: ``2D``,
5 players: both); Fan Tan uses the whole deck unless ``fantan_deck: trick``.  The same seed (or
``Random``) always gives the same deal.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import repeat, starmap
from operator import itemgetter

from kamplib.cards import ALL_MASK, Card, parse_card
from kamplib.kinds import KINDS
from kamplib.rules import Rules
from kamplib.seating import TABLE_SIZES, left_of

__all__ = [
    "removed_cards", "deck_for", "cards_in_play", "hand_sizes", "deal_hands", "deal_order",
    "trump_for", "tricks_in_play",
]

_RED_TWOS = dict(zip(TABLE_SIZES, ((parse_card("2D"),), (), (parse_card("2D"), parse_card("2H"))),
                     strict=True))


def removed_cards(kind: str, players: int, rules: Rules) -> tuple[Card, ...]:
    """Cards taken out before the deal: red twos in trick rounds (and Fan Tan with ``trick``).

    >>> from kamplib.rules import make_rules
    >>> removed_cards('pass', 3, make_rules())
    (Card('2D'),)
    >>> removed_cards('pass', 4, make_rules())
    ()
    """
    if not KINDS[kind].is_trick_round and rules.fantan_deck == "full":
        return ()
    return _RED_TWOS[players]


def deck_for(kind: str, players: int, rules: Rules) -> list[Card]:
    """The cards dealt in a round of ``kind`` at this table.

    >>> from kamplib.rules import make_rules
    >>> len(deck_for('pass', 5, make_rules()))
    50
    """
    out = set(removed_cards(kind, players, rules))
    return [c for c in Card.ALL if c not in out]


def cards_in_play(kind: str, players: int, rules: Rules) -> int:
    """The cards dealt in a round of ``kind``, as a mask.

    >>> from kamplib.rules import make_rules
    >>> bin(cards_in_play('pass', 4, make_rules())).count('1')
    52
    """
    mask = ALL_MASK
    for card in removed_cards(kind, players, rules):
        mask &= ~card.bit
    return mask


@cache  # a handful of (table size, dealer) pairs, asked for every deal
def deal_order(players: int, dealer: int) -> tuple[int, ...]:
    """Seats in the order they receive cards: left of the dealer first, clockwise."""
    first = left_of(dealer, players)
    return tuple((first + i) % players for i in range(players))


def hand_sizes(cards: int, players: int, dealer: int) -> list[int]:
    """Cards per seat; when the deck does not divide evenly the first in the deal get one more.

    >>> hand_sizes(50, 3, 0)
    [16, 17, 17]
    """
    base, extra = divmod(cards, players)
    sizes = [base] * players
    for seat in deal_order(players, dealer)[:extra]:
        sizes[seat] += 1
    return sizes


def tricks_in_play(players: int, rules: Rules) -> int:
    """How many tricks a trick round has at this table (17, 13 or 10 with the red twos out).

    >>> from kamplib.rules import make_rules
    >>> [tricks_in_play(n, make_rules()) for n in (3, 4, 5)]
    [17, 13, 10]
    """
    return cards_in_play("pass", players, rules).bit_count() // players


def deal_hands(kind: str, players: int, dealer: int, rules: Rules,
               rng: random.Random) -> tuple[int, ...]:
    """Shuffle and deal one card at a time clockwise from the dealer's left; hands as bit masks.

    The shuffle gives every card a random number and sorts the deck by them: a uniform shuffle
    (ties among 53-bit floats practically never happen), done in C by ``starmap``, ``sorted``
    and ``itemgetter``, and so several times faster than ``random.shuffle``.  Dealing one at a
    time means the ``k``-th player in :func:`deal_order` gets every ``n``-th card of the
    shuffled deck, starting with card ``k``; different cards' bits never overlap, so ``sum`` of
    them is their union.

    >>> import random
    >>> from kamplib.rules import make_rules
    >>> [h.bit_count() for h in deal_hands('pass', 4, 0, make_rules(), random.Random(1))]
    [13, 13, 13, 13]
    """
    deck = _deck_bits(kind, players, rules)
    keys = list(starmap(rng.random, repeat((), len(deck))))
    shuffled = itemgetter(*sorted(range(len(deck)), key=keys.__getitem__))(deck)
    hands = [0] * players
    for k, seat in enumerate(deal_order(players, dealer)):
        hands[seat] = sum(shuffled[k::players])
    return tuple(hands)


def trump_for(kind: str, players: int, rules: Rules, rng: random.Random) -> str | None:
    """The trump of a round: fixed by the house rule, turned from the deck, or None.

    ``None`` means there is none (not a trump round) or the dealer will choose it
    (``trump: dealer``).  With ``trump: draw`` a random card of the round's deck is turned and
    its suit is trump; the deck is then shuffled again for the deal.

    >>> import random
    >>> from kamplib.rules import make_rules
    >>> print(trump_for('pass', 4, make_rules(), random.Random(1)))
    None
    """
    if not KINDS[kind].has_trump or rules.trump == "dealer":
        return None
    if rules.trump == "draw":
        return rng.choice(deck_for(kind, players, rules)).suit
    return rules.trump


def _deck_bits(kind: str, players: int, rules: Rules) -> tuple[int, ...]:
    full = not removed_cards(kind, players, rules)
    return _DECK_BITS[players][full]


_DECK_BITS = {
    n: {full: tuple(c.bit for c in Card.ALL if full or c not in _RED_TWOS[n]) for full in (0, 1)}
    for n in TABLE_SIZES
}
