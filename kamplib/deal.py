"""Which cards are in play and how they are dealt: reproducible from a seed or a ``Random``."""

from __future__ import annotations

import random

from kamplib.cards import Card, parse_card
from kamplib.rules import Rules

__all__ = ["removed_cards", "deck_for", "hand_sizes", "deal_hands", "deal_order"]

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
    """Shuffle and deal one card at a time clockwise from the dealer's left; hands as bit masks."""
    deck = [c.bit for c in deck_for(kind, players, rules)]
    rng.shuffle(deck)
    hands = [0] * players
    for j, bit in enumerate(deck):
        hands[(dealer + 1 + j) % players] |= bit
    return tuple(hands)
