"""What a round kind makes possible at one table under one set of house rules: each player's
possible scores, and a search for whether a whole row can happen (the shares of tricks and
scoring cards adding up to exactly what is in play)."""

from __future__ import annotations

from functools import lru_cache, reduce
from itertools import product
from math import gcd
from typing import Any

from kamplib.cards import cards_of
from kamplib.deal import cards_in_play, tricks_in_play
from kamplib.i18n import KindName, has
from kamplib.kinds import RoundKind, kind_of
from kamplib.rules import Rules
from kamplib.scoring import points_in_play

__all__ = ["Allowed", "allowed"]


class Allowed:
    """What a round kind allows at one table under one set of house rules: each player's
    possible scores and the rows that can happen, worked out from the kind object itself
    (:meth:`RoundKind.raw_score` over every share of the tricks and scoring cards), so the
    checker knows no rule of its own.

    A share is a vector of counts — tricks taken (where tricks score) and cards taken of each
    scoring group (where cards score); a row is possible when the players' shares can add up
    to exactly what is in play.
    """

    def __init__(self, kind: RoundKind, n: int, rules: Rules, m: int) -> None:
        self.kind, self.m = kind, m
        self.params: dict[str, Any] = {"kind": KindName(kind.key)}
        self.options: dict[int, list[tuple[int, ...]]] = {}
        self._rows: dict[tuple[int, ...], bool] = {}
        if not kind.is_trick_round:
            return  # Fan Tan: see cell_problem and row_problem
        tricks = tricks_in_play(n, rules)
        in_play = cards_in_play(kind.key, n, rules)
        groups = [cards_of(mask & in_play) for mask, points in kind.value_masks(rules) if points]
        self.supply = ((tricks,) if kind.trick_value else ()) + tuple(len(g) for g in groups)
        for share in product(*(range(s + 1) for s in self.supply)):
            taken_tricks = share[0] if kind.trick_value else 0
            counts = share[1:] if kind.trick_value else share
            taken = 0
            for group, count in zip(groups, counts, strict=True):
                for card in group[:count]:
                    taken |= card.bit
            score = kind.raw_score(taken_tricks, taken, rules) * m
            self.options.setdefault(score, []).append(share)
        self.total = points_in_play(kind.key, n, rules, m) or 0
        self.low, self.high = min(self.options), max(self.options)
        self.step = reduce(gcd, (abs(s) for s in self.options), 0) or 1
        self.params.update(low=self.low, high=self.high, step=self.step, tricks=tricks, n=n,
                           count=sum(len(g) for g in groups))

    def cell_problem(self, v: int) -> tuple[str, dict[str, Any]] | None:
        kind, m = self.kind, self.m
        if v in self.options:
            return None
        if not kind.is_trick_round:
            if v < 0:
                return "sheet_fantan_negative", {}
            return ("sheet_not_even", {}) if v % m else None
        if kind.wants_tricks and v > 0:
            per_trick = -kind.trick_value * m  # what each trick takes off: the kind says so
            return ("sheet_grand_positive" if per_trick == 1 else "sheet_grand_positive_many",
                    {"per_trick": per_trick})
        if kind.trick_value and abs(v) > self.params["tricks"] * abs(kind.trick_value) * m:
            return "sheet_tricks_range", {}
        # a score the cards would give but a bonus rule turns into another (all the clubs
        # scoring 0) is unreachable rather than out of range
        if not self.low <= v <= max(self.high, self.total):
            return "sheet_cell_range", {}
        if v % m:
            return "sheet_not_even", {}
        if v % self.step:
            return "sheet_cell_step", {}
        code = f"sheet_unreachable_{kind.key}"
        return (code if has(code) else "sheet_unreachable"), {}

    def row_problem(self, values: tuple[int, ...]) -> tuple[str, dict[str, Any]] | None:
        if not self.kind.is_trick_round:
            # whoever goes out scores 0; everybody else still holds a card, so scores more
            zeros = values.count(0)
            if zeros == 0:
                return "sheet_fantan_no_zero", {}
            if zeros > 1:
                return "sheet_fantan_zeros", {"count": zeros}
            return None
        if self.possible(values):
            return None
        total = sum(values)
        if total != self.total:
            code = "sheet_sum_tricks" if self.kind.trick_value else f"sheet_sum_{self.kind.key}"
            return (code if has(code) else "sheet_sum"), {"total": total,
                                                          "expected": self.total}
        return "sheet_row_impossible", {}

    def possible(self, values: tuple[int, ...]) -> bool:
        """Whether the players' shares can add up to exactly what is in play: a small search
        over what is left to share out, player by player (remembered per row of values)."""
        known = self._rows.get(values)
        if known is not None:
            return known
        left = {self.supply}
        for v in values:
            left = {tuple(a - b for a, b in zip(rest, share, strict=True))
                    for rest in left for share in self.options.get(v, ())
                    if all(b <= a for a, b in zip(rest, share, strict=True))}
            if not left:
                break
        answer = any(not any(rest) for rest in left)
        if len(self._rows) < 4096:
            self._rows[values] = answer
        return answer


@lru_cache(maxsize=256)
def allowed(kind: str, n: int, rules: Rules, m: int) -> Allowed:
    return Allowed(kind_of(kind), n, rules, m)
