"""Who sits at the table, who deals each round and who acts first: one function for each.

Players are listed in clockwise order.  The dealer moves one seat clockwise every round; the
player to the dealer's left (the next seat clockwise) leads the first trick, and in Fan Tan
either the holder of ♥7 opens (the default) or the player left of the dealer acts first.  The
dealer acts first only to name trump under ``trump: dealer``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kamplib.cards import parse_card
from kamplib.errors import RuleError
from kamplib.kinds import KINDS
from kamplib.moves import PASS_WORDS

if TYPE_CHECKING:
    from kamplib.rules import Rules

__all__ = [
    "TABLE_SIZES", "DEFAULT_NAMES", "SEVEN_OF_HEARTS", "default_players", "check_players",
    "dealer_of_round", "left_of", "first_leader", "fantan_opener", "first_to_act",
]

# How many can play: the deck is fitted to each size by taking out red twos (kamplib.deal).
TABLE_SIZES: tuple[int, ...] = (3, 4, 5)
# Names the course and the tools use when nobody gave theirs: the seeds' worked example first.
DEFAULT_NAMES: tuple[str, ...] = ("Kari", "Ola", "Siri", "Per", "Anna")
SEVEN_OF_HEARTS = parse_card("7H")


def default_players(count: int = 4) -> tuple[str, ...]:
    """The first ``count`` default names (a table size is checked)."""
    if count not in TABLE_SIZES or isinstance(count, bool):
        raise RuleError("player_count", count=count)
    return DEFAULT_NAMES[:count]


_APPROVED_TABLES: set[tuple[str, ...]] = set()  # tables already checked (games, playouts)


def check_players(players: Sequence[str]) -> tuple[str, ...]:
    """3 to 5 distinct, non-empty names in clockwise order."""
    try:
        if type(players) is tuple and players in _APPROVED_TABLES:
            return players
    except TypeError:  # something unhashable in it: the checks below say what
        pass
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise RuleError("player_names", names=repr(players))
    players = tuple(players)
    if len(players) not in TABLE_SIZES:
        raise RuleError("player_count", count=len(players))
    if (not all(isinstance(p, str) and p.strip() and p == p.strip() for p in players)
            or len(set(players)) != len(players)
            or any(p.lower() in PASS_WORDS for p in players)):
        raise RuleError("player_names", names=", ".join(map(str, players)))
    if len(_APPROVED_TABLES) < 1000:
        _APPROVED_TABLES.add(players)
    return players


def dealer_of_round(first_dealer: int, index: int, players: int) -> int:
    """The dealer of round ``index`` (from 0): one seat further clockwise every round."""
    return (first_dealer + index) % players


def left_of(seat: int, players: int) -> int:
    """The next seat clockwise."""
    return (seat + 1) % players


def first_leader(dealer: int, players: int) -> int:
    """Who leads the first trick of a trick round: the player left of the dealer."""
    return left_of(dealer, players)


def fantan_opener(dealer: int, hands: Sequence[int], rules: Rules) -> int:
    """Who acts first in Fan Tan: the holder of ♥7, or the player left of the dealer."""
    if rules.fantan_opener == "seven_of_hearts":
        for seat, hand in enumerate(hands):
            if hand & SEVEN_OF_HEARTS.bit:
                return seat
    return left_of(dealer, len(hands))


def first_to_act(kind: str, dealer: int, hands: Sequence[int], rules: Rules,
                 trump_pending: bool = False) -> int:
    """Who acts first in a round: the Fan Tan opener, the dealer naming trump, or the player
    left of the dealer leading the first trick."""
    if not KINDS[kind].is_trick_round:
        return fantan_opener(dealer, hands, rules)
    if trump_pending:
        return dealer
    return first_leader(dealer, len(hands))
