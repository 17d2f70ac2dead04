"""Which cards are in play and how they are dealt: reproducible from a seed or a ``Random``."""

from __future__ import annotations

import random
from itertools import repeat, starmap
from operator import itemgetter

from kamplib.cards import Card, parse_card
from kamplib.rules import Rules

__all__ = [
    "removed_cards", "deck_for", "hand_sizes", "deal_hands", "deal_order", "trump_for",
]

_RED_TWOS = {3: (parse_card("2D"),), 4: (), 5: (parse_card("2D"), parse_card("2H"))}


def removed_cards(kind: str, players: int, rules: Rules) -> tuple[Card, ...]:
    """Cards taken out before the deal: red twos in trick rounds (and Fan Tan with ``trick``)."""
    if kind == "fantan" and rules.fantan_deck == "full":
        return ()
    return _RED_TWOS[players]


def deck_for(kind: str, players: int, rules: Rules) -> list[Card]:
    out = set(removed_cards(kind, players, rules))
    return [c for c in Card.ALL if c not in out]


def deal_order(players: int, dealer: int) -> list[int]:
    """Seats in the order they receive cards: left of the dealer first, clockwise."""
    return [(dealer + 1 + i) % players for i in range(players)]


def hand_sizes(cards: int, players: int, dealer: int) -> list[int]:
    """Cards per seat; when the deck does not divide evenly the first in the deal get one more."""
    base, extra = divmod(cards, players)
    sizes = [base] * players
    for seat in deal_order(players, dealer)[:extra]:
        sizes[seat] += 1
    return sizes


def deal_hands(kind: str, players: int, dealer: int, rules: Rules,
               rng: random.Random) -> tuple[int, ...]:
    """Shuffle and deal one card at a time clockwise from the dealer's left; hands as bit masks.

    The shuffle gives every card a random number and sorts the deck by them: a uniform shuffle
    (ties among 53-bit floats practically never happen), done in C by ``starmap``, ``sorted``
    and ``itemgetter``, and so several times faster than ``random.shuffle``.  Dealing one at a
    time means the ``k``-th player from the dealer's left gets every ``n``-th card of the
    shuffled deck, starting with card ``k``; different cards' bits never overlap, so ``sum`` of
    them is their union.
    """
    deck = _deck_bits(kind, players, rules)
    keys = list(starmap(rng.random, repeat((), len(deck))))
    shuffled = itemgetter(*sorted(range(len(deck)), key=keys.__getitem__))(deck)
    hands = [0] * players
    for k in range(players):
        hands[(dealer + 1 + k) % players] = sum(shuffled[k::players])
    return tuple(hands)


def trump_for(kind: str, players: int, rules: Rules, rng: random.Random) -> str | None:
    """The trump of a round: fixed by the house rule, turned from the deck, or None.

    ``None`` means there is none (not a trump round) or the dealer will choose it
    (``trump: dealer``).  With ``trump: draw`` a random card of the round's deck is turned and
    its suit is trump; the deck is then shuffled again for the deal.
    """
    if kind != "trumf" or rules.trump == "dealer":
        return None
    if rules.trump == "draw":
        return rng.choice(deck_for(kind, players, rules)).suit
    return rules.trump


def _deck_bits(kind: str, players: int, rules: Rules) -> tuple[int, ...]:
    full = kind == "fantan" and rules.fantan_deck == "full"
    return _DECK_BITS[players][full]


_DECK_BITS = {
    n: {full: tuple(c.bit for c in Card.ALL if full or c not in _RED_TWOS[n]) for full in (0, 1)}
    for n in (3, 4, 5)
}
