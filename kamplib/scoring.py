"""Scores of every round kind: one function per kind of round, the house rules applied here."""

from __future__ import annotations

from collections.abc import Sequence

from kamplib.cards import ALL_MASK, mask_of, parse_card, suit_mask
from kamplib.deal import removed_cards
from kamplib.rules import TRICK_KINDS, Rules

__all__ = ["trick_scores", "fantan_scores", "points_in_play", "tricks_in_play", "CLUBS", "QUEENS",
           "QUEEN_OF_CLUBS"]

CLUBS = suit_mask("C")
QUEENS = sum(parse_card(q).bit for q in ("QS", "QH", "QC", "QD"))
QUEEN_OF_CLUBS = parse_card("QC").bit
_FINALE_OTHER_QUEEN = 4


def _count(mask: int) -> int:
    return mask.bit_count()


def trick_scores(kind: str, tricks_won: Sequence[int], taken: Sequence[int], rules: Rules,
                 multiplier: int = 1) -> list[int]:
    """Scores of a trick round from tricks won and the cards in each player's tricks."""
    if kind == "pass":
        raw = list(tricks_won)
    elif kind in ("grand", "trumf"):
        raw = [-t for t in tricks_won]
    elif kind == "klover":
        raw = [_count(m & CLUBS) for m in taken]
        if rules.clubs_take_all_zero:
            raw = [0 if r == 13 else r for r in raw]
    elif kind == "damer":
        raw = [_count(m & QUEENS) * rules.queen_points for m in taken]
    elif kind == "finale":
        raw = [
            _count(m & CLUBS & ~QUEEN_OF_CLUBS)
            + _count(m & QUEENS & ~QUEEN_OF_CLUBS) * _FINALE_OTHER_QUEEN
            + (rules.finale_queen_of_clubs if m & QUEEN_OF_CLUBS else 0)
            for m in taken
        ]
    else:
        raise ValueError(f"{kind} is not a trick round")
    return [r * multiplier for r in raw]


def fantan_scores(passes: Sequence[int], cards_left: Sequence[int], out_seat: int | None,
                  multiplier: int = 1) -> list[int]:
    """Passes plus cards left; whoever went out scores 0, earlier passes forgiven."""
    return [0 if seat == out_seat else (p + c) * multiplier
            for seat, (p, c) in enumerate(zip(passes, cards_left, strict=True))]


def tricks_in_play(players: int, rules: Rules) -> int:
    """How many tricks a trick round has at this table (17, 13 or 10 with the red twos out)."""
    return (52 - len(removed_cards("pass", players, rules))) // players


def points_in_play(kind: str, players: int, rules: Rules, multiplier: int = 1) -> int | None:
    """What all players' scores of one trick round add up to (``None`` for Fan Tan).

    Worked out by :func:`trick_scores` itself, so a score sheet can never disagree with the
    rules: every card in play is split between two players so that no bonus (such as taking
    all the clubs) applies, and the scores are added up.
    """
    if kind not in TRICK_KINDS:
        return None
    in_play = ALL_MASK & ~mask_of(removed_cards(kind, players, rules))
    low_club = parse_card("2C").bit
    tricks = [tricks_in_play(players, rules) - 1, 1] + [0] * (players - 2)
    taken = [in_play & ~low_club, low_club] + [0] * (players - 2)
    return sum(trick_scores(kind, tricks, taken, rules, multiplier))
