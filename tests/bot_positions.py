"""Hand-built positions for the bot, inference, solver and coach tests."""

from __future__ import annotations

import random

from kamplib import Card, make_rules, new_round, parse_card
from kamplib.view import PlayerView, make_view

NAMES = ("Kari", "Ola", "Siri", "Per")


def position(kind: str, mine: str, plays: str = "", *, me: int | None = None,
             not_mine: str = "", others: dict[int, str] | None = None,
             trump_suit: str | None = None, **house: object) -> PlayerView:
    """The view of the player to move after ``plays`` (seat 0 leads, dealer is seat 3).

    ``mine``: cards the mover holds (the rest is filled in); ``not_mine``: suits (S H D C) or
    cards the filler must not give the mover; ``others``: cards for other seats.
    """
    rules = make_rules("custom", {"order": [kind], **house})
    played = [parse_card(c) for c in plays.split()]
    me = len(played) % 4 if me is None else me
    hands: dict[int, set[Card]] = {s: set() for s in range(4)}
    hands[me] |= {parse_card(c) for c in mine.split()}
    for s, text in (others or {}).items():
        hands[s] |= {parse_card(c) for c in text.split()}
    banned: dict[int, set[str]] = {s: set() for s in range(4)}
    for i, card in enumerate(played):  # the plays of the first trick, from seat 0
        hands[i % 4].add(card)
        if i % 4 and card.suit != played[0].suit:
            banned[i % 4].add(played[0].suit)
    banned[me] |= {t for t in not_mine.split() if len(t) == 1}
    avoid_cards = {parse_card(t) for t in not_mine.split() if len(t) > 1}
    used = set().union(*hands.values())
    # place the cards some seat may not have first, so the others still have room for them
    rest = sorted((x for x in Card.ALL if x not in used),
                  key=lambda x: -sum(x.suit in b for b in banned.values()) - (x in avoid_cards))
    for card in rest:
        for s in sorted(range(4), key=lambda s: len(hands[s])):
            if len(hands[s]) < 13 and card.suit not in banned[s] and not (
                    s == me and card in avoid_cards):
                hands[s].add(card)
                break
        else:
            raise AssertionError(f"cannot place {card}")
    rnd = new_round(kind, NAMES, {NAMES[s]: list(h) for s, h in hands.items()}, dealer=3,
                    rules=rules, trump=trump_suit)
    for card in played:
        rnd.play(card)
    assert rnd.to_move == me, (rnd.to_move, me)
    return make_view(rnd, me)


def c(text: str) -> Card:
    return parse_card(text)


def deal_masks(seed: int) -> list[int]:
    """A shuffled 4-player deal as masks by seat."""
    rng = random.Random(seed)
    cards = list(Card.ALL)
    rng.shuffle(cards)
    return [sum(x.bit for x in cards[13 * s:13 * s + 13]) for s in range(4)]


def played_views(kind: str, count: int, seed: int, **house: object) -> list[PlayerView]:
    """``count`` views of a player with a real choice, from rounds of ``kind`` played by the
    heuristic from seeded deals (every few moves, so early, middle and late play all occur)."""
    from kamplib import Game
    from kamplib.bots.heuristic import round_policy

    rng = random.Random(seed)
    out: list[PlayerView] = []
    while len(out) < count:
        players = rng.choice((3, 4, 4, 5))
        names = ["Kari", "Ola", "Siri", "Per", "Anna"][:players]
        g = Game(names, "custom", {"order": [kind], **house}, seed=rng.randrange(1 << 30))
        rnd = g.round
        step = rng.randrange(3, 9)
        i = 0
        while rnd.to_move >= 0 and len(out) < count:
            if len(rnd.legal_moves()) > 1 and i % step == 0:
                out.append(make_view(rnd, rnd.to_move))
            i += 1
            rnd.play(round_policy(rnd, rnd.to_move))
    return out
