"""What a move is: a card, a pass, or (the dealer naming trump) a suit; and the word for a pass.

A pass is written ``pass`` in the engine and in records; ``prikk`` (what many families say) is
read as the same.  Every module that reads or shows a move asks :func:`is_pass` and
:func:`parse_move` here.
"""

from __future__ import annotations

from typing import Any

from kamplib.cards import Card, parse_card, parse_suit
from kamplib.errors import CardError
from kamplib.i18n import DEFAULT_LANG, register, suit_name, t

__all__ = ["PASS", "PASS_WORDS", "Move", "is_pass", "is_suit", "parse_move", "move_text"]

register({"move_pass": {"nb": "pass", "en": "pass"}})

PASS = "pass"
PASS_WORDS: tuple[str, ...] = (PASS, "prikk")
Move = Card | str


def is_pass(move: Any) -> bool:
    """Whether ``move`` is a pass, however it is written."""
    return move == PASS or (isinstance(move, str) and move.strip().lower() in PASS_WORDS)


def is_suit(move: Any) -> bool:
    """Whether ``move`` names a suit (the dealer choosing trump)."""
    if not isinstance(move, str) or is_pass(move):
        return False
    try:
        parse_suit(move)
    except CardError:
        return False
    return True


def parse_move(move: Move) -> Move:
    """A card (any accepted spelling), ``"pass"``, or a suit code when trump is being chosen."""
    if type(move) is Card:
        return move
    if is_pass(move):
        return PASS
    try:
        return parse_card(move)
    except CardError:
        if isinstance(move, str) and len(move.strip()) == 1:
            try:
                return parse_suit(move)
            except CardError:
                pass
        raise


def move_text(move: Move, lang: str = DEFAULT_LANG) -> str:
    """A move as a learner reads it: ``♥8``, ``pass``, ``hjerter`` (the dealer naming trump)."""
    if isinstance(move, Card):
        return move.symbol
    if move == PASS:
        return t("move_pass", lang)
    return suit_name(str(move), lang)
