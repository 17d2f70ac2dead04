"""Totals, the lead, ties and tie-breaks: who has won a game, or what must still be played.

One function, :func:`standing`, answers it from the scores of the finished rounds, so the
engine's :class:`~kamplib.game.Game` and the score-sheet checker judge a game the same way.

Lowest total wins.  A tie for the lowest total shares the win (``tie_break: share``).  With
``extra_grand`` everybody plays one more Grand, dealt by the next dealer, and among the tied
players the lowest new total wins, again and again while they are still tied.  With
``extra_game`` the tied players settle it with a whole new game (:attr:`Standing.rematch`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kamplib.rules import Rules

__all__ = ["Standing", "Tally", "standing", "TIE_BREAK_KIND", "kind_of_round", "adds_rounds"]

# The round that settles a tie under ``tie_break: extra_grand``.
TIE_BREAK_KIND = "grand"


# The tie-break that plays more rounds, and the one that plays a whole new game.
_ADDS_ROUNDS = "extra_grand"
_REMATCH = "extra_game"


def adds_rounds(rules: Rules) -> bool:
    """Whether a tie can make the game longer than its own rounds (``extra_grand``).

    >>> from kamplib.rules import make_rules
    >>> adds_rounds(make_rules()), adds_rounds(make_rules('femkamp', {'tie_break': 'extra_grand'}))
    (False, True)
    """
    return rules.tie_break == _ADDS_ROUNDS


def kind_of_round(rules: Rules, index: int) -> str:
    """The kind of round ``index`` (from 0): the game's own order, then tie-break Grands.

    >>> from kamplib.rules import make_rules
    >>> tie_break = make_rules('femkamp', {'tie_break': 'extra_grand'})
    >>> kind_of_round(make_rules(), 4), kind_of_round(tie_break, 5)
    ('grand', 'grand')
    """
    return rules.order[index] if index < len(rules.order) else TIE_BREAK_KIND


@dataclass(frozen=True)
class Standing:
    """Where a game stands after its finished rounds."""

    totals: dict[str, int]
    leaders: tuple[str, ...]  # lowest total among the players still in contention
    finished: int  # rounds finished
    regular: int  # rounds in the game's own order
    tie_break: str

    @property
    def complete(self) -> bool:
        """All of the game's own rounds are played."""
        return self.finished >= self.regular

    @property
    def tied(self) -> bool:
        return len(self.leaders) > 1

    @property
    def needs_extra_grand(self) -> bool:
        """Another tie-break Grand is due (``extra_grand`` and the lead still shared)."""
        return self.complete and self.tied and self.tie_break == _ADDS_ROUNDS

    @property
    def is_over(self) -> bool:
        return self.complete and not self.needs_extra_grand

    @property
    def winners(self) -> tuple[str, ...]:
        """Who won (several share a win); empty while the game goes on."""
        return self.leaders if self.is_over else ()

    @property
    def rematch(self) -> bool:
        """The tie must be settled with a whole new game (``extra_game``)."""
        return self.is_over and self.tied and self.tie_break == _REMATCH


class Tally:
    """The standing kept up to date round by round, so a sheet of many tie-break rounds is
    judged in one pass (:func:`standing` is a tally of all the rounds at once).

    ``contenders`` are the players who can win (all, or the tied players of a rematch).  The
    lead is the lowest total among them once the game's own rounds are done; each tie-break
    round after that narrows it to the lowest new total among those still tied.
    """

    def __init__(self, players: Sequence[str], rules: Rules,
                 contenders: Sequence[str] | None = None) -> None:
        self.players = players
        self.running = dict.fromkeys(players, 0)
        self.field = list(contenders) if contenders else list(players)
        self.finished = 0
        self.regular = len(rules.order)
        self.tie_break = rules.tie_break

    def add(self, scores: Mapping[str, int] | Sequence[int]) -> Standing:
        """Count one more finished round; returns the standing after it."""
        self.count(scores)
        return self.standing()

    def count(self, scores: Mapping[str, int] | Sequence[int]) -> None:
        """Count one more finished round, its scores by player name or as a list in seat
        order (the tie-break narrowing happens here, once)."""
        running = self.running
        for p, s in (scores.items() if isinstance(scores, Mapping)
                     else zip(self.players, scores, strict=True)):
            running[p] += s
        self.finished += 1
        if self.finished >= self.regular:
            best = min(running[p] for p in self.field)
            self.field = [p for p in self.field if running[p] == best]

    def standing(self) -> Standing:
        """Where the game stands after the rounds counted so far."""
        running, field = self.running, self.field
        if self.finished < self.regular:  # the lead so far, not yet narrowed for good
            best = min(running[p] for p in field)
            field = [p for p in field if running[p] == best]
        return Standing(dict(running), tuple(field), self.finished, self.regular,
                        self.tie_break)


def standing(players: Sequence[str],
             round_scores: Sequence[Mapping[str, int] | Sequence[int]], rules: Rules,
             contenders: Sequence[str] | None = None) -> Standing:
    """The standing after ``round_scores`` (the finished rounds' scores in order, each by
    player name or as a list in seat order); see :class:`Tally` for who is in contention.

    >>> from kamplib.rules import make_rules
    >>> two_rounds = make_rules('custom', {'order': ['pass', 'klover']})
    >>> st = standing(['A', 'B', 'C'], [[3, 5, 5], [2, 1, 1]], two_rounds)
    >>> st.totals, st.winners
    ({'A': 5, 'B': 6, 'C': 6}, ('A',))
    """
    tally = Tally(players, rules, contenders)
    for scores in round_scores:
        tally.count(scores)
    return tally.standing()
