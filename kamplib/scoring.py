"""What rounds add up to, from the round kinds (:mod:`kamplib.kinds`) and the deck.

A round's own scores come from its kind object (``KINDS[kind].trick_scores``); this module
answers the questions a score sheet and a printout ask of a whole table: how many points are in
play in a round, and how many tricks there are.
"""

from __future__ import annotations

from collections.abc import Sequence

from kamplib.deal import cards_in_play, tricks_in_play
from kamplib.kinds import CLUBS, KINDS, QUEEN_OF_CLUBS, QUEENS, kind_of
from kamplib.rules import Rules

__all__ = ["trick_scores", "fantan_scores", "points_in_play", "tricks_in_play", "CLUBS",
           "QUEENS", "QUEEN_OF_CLUBS"]


def trick_scores(kind: str, tricks_won: Sequence[int], taken: Sequence[int], rules: Rules,
                 multiplier: int = 1) -> list[int]:
    """Scores of a trick round from tricks won and the cards in each player's tricks.

    >>> from kamplib.rules import make_rules
    >>> trick_scores('pass', [4, 3, 3, 3], [0, 0, 0, 0], make_rules())
    [4, 3, 3, 3]
    """
    return kind_of(kind).trick_scores(tricks_won, taken, rules, multiplier)


def fantan_scores(passes: Sequence[int], cards_left: Sequence[int], out_seat: int | None,
                  multiplier: int = 1) -> list[int]:
    """Passes plus cards left; whoever went out scores 0, earlier passes forgiven.

    >>> fantan_scores([2, 0, 1, 3], [5, 0, 2, 7], 1)
    [7, 0, 3, 10]
    """
    return KINDS["fantan"].fantan_scores(passes, cards_left, out_seat, multiplier)


def points_in_play(kind: str, players: int, rules: Rules, multiplier: int = 1) -> int | None:
    """What all players' scores of one trick round add up to (``None`` for Fan Tan), when no
    bonus (such as taking all the clubs) applies.

    >>> from kamplib.rules import make_rules
    >>> points_in_play('damer', 4, make_rules()), points_in_play('fantan', 4, make_rules())
    (16, None)
    """
    k = kind_of(kind)
    if not k.is_trick_round:
        return None
    return k.points_in_play(cards_in_play(kind, players, rules), tricks_in_play(players, rules),
                            rules, multiplier)
