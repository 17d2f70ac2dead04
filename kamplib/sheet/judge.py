"""The checker: every cell and row of a score sheet against what the round kind makes possible at
this table under these house rules (:mod:`kamplib.sheet.reach`), the tie-break rounds and the
winner by :mod:`kamplib.standings`, as :class:`~kamplib.game.Game` judges a game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from kamplib.errors import given
from kamplib.i18n import KindName, Phrase
from kamplib.rules import Rules, round_multiplier
from kamplib.sheet.cells import MINUS_SIGNS, NUMBER, Score
from kamplib.sheet.reach import allowed as allowed_in
from kamplib.sheet.verdict import Problem, SheetStanding
from kamplib.standings import Standing, Tally, adds_rounds, kind_of_round

if TYPE_CHECKING:
    from kamplib.sheet.model import ScoreSheet

__all__ = ["judge"]


def judge(sheet: ScoreSheet) -> SheetStanding:
    """Judge the whole sheet, in one pass over its rows (linear in their number)."""
    rules, players = sheet.rules, sheet.players
    regular = len(rules.order)
    played = len(sheet.rows)
    while played and all(v is None for v in sheet.rows[played - 1][1].values()):
        played -= 1  # rows not typed at all at the end: rounds not played yet
    problems: list[Problem] = []
    tally = Tally(players, rules)
    counting = True  # every row so far counted: the standing before this row is known
    for i, (kind, scores) in enumerate(sheet.rows[:played]):
        found: list[Problem] = []
        expected = kind_of_round(rules, i)
        if i >= regular:
            found.extend(_extra_row(i, kind, rules, tally.standing() if counting else None))
        if kind != expected and not (i >= regular and not adds_rounds(rules)):
            found.append(Problem(i, None, "sheet_kind_order", {
                "expected": KindName(expected), "value": KindName(kind)}, kind))
        found.extend(_row_problems(sheet, i, kind, scores))
        problems.extend(found)
        if found:
            counting = False
        elif counting:
            tally.count(scores)  # type: ignore[arg-type]  # no problem: every cell is an int
    totals = tally.standing().totals if counting else None
    if totals is not None:
        for player, claimed in sheet.claimed_totals.items():
            if claimed is None:
                continue
            if not isinstance(claimed, int):
                problems.append(Problem(None, player, "sheet_total_not_number",
                                        {"value": given(claimed)}))
            elif claimed != totals[player]:
                problems.append(Problem(None, player, "sheet_total_wrong",
                                        {"value": claimed, "expected": totals[player]}))
    st = tally.standing() if counting else None
    winners = st.winners if st is not None and not problems else ()
    return SheetStanding(tuple(problems), totals, winners, played, st)


def _extra_row(i: int, kind: str, rules: Rules, before: Standing | None) -> list[Problem]:
    """A row after the game's own rounds: right only while the tie-break rule asks for one."""
    if not adds_rounds(rules):
        return [Problem(i, None, "sheet_too_many_rows", {"count": len(rules.order)}, kind)]
    if before is not None and not before.needs_extra_grand:
        return [Problem(i, None, "sheet_after_end", {"number": i}, kind)]
    return []


def _row_problems(sheet: ScoreSheet, i: int, kind: str,
                  scores: Mapping[str, Score]) -> list[Problem]:
    out: list[Problem] = []
    numbers: dict[str, int] = {}
    for p in sheet.players:
        v = scores.get(p)
        if v is None:
            out.append(Problem(i, p, "sheet_missing", {}, kind))
        elif isinstance(v, int):
            numbers[p] = v
        else:
            number = NUMBER.fullmatch(v.strip().translate(MINUS_SIGNS))
            code = "sheet_number_too_big" if number else "sheet_not_number"
            out.append(Problem(i, p, code, {"value": given(v)}, kind))
    m = round_multiplier(sheet.rules, i)
    allowed = allowed_in(kind, sheet.n, sheet.rules, m)
    double = {"double": Phrase("sheet_doubled" if m > 1 else "")}
    for p, v in numbers.items():
        found = allowed.cell_problem(v)
        if found:
            code, params = found
            out.append(Problem(i, p, code, {"value": v, **allowed.params, **params, **double},
                               kind))
    if len(numbers) == sheet.n and not out:
        found = allowed.row_problem(tuple(numbers[p] for p in sheet.players))
        if found:
            code, params = found
            out.append(Problem(i, None, code, {**allowed.params, **params, **double}, kind))
    return out
