"""Scores of every round kind: one function per kind of round, the house rules applied here."""

from __future__ import annotations

from collections.abc import Sequence

from kamplib.cards import parse_card, suit_mask
from kamplib.rules import Rules

__all__ = ["trick_scores", "fantan_scores", "CLUBS", "QUEENS", "QUEEN_OF_CLUBS"]

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
