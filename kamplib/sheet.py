"""Score sheets: the table a family keeps, and a checker that judges it as the engine would.

A :class:`ScoreSheet` holds rows of ``(kind, {player: score})`` as typed in — a score is an
``int``, ``None`` (not typed yet) or the text that was typed, so nothing entered is ever lost.
:meth:`ScoreSheet.standing` judges the whole sheet the way :class:`~kamplib.game.Game` judges a
game: every cell and row against what the round kind (:mod:`kamplib.kinds`) makes possible at
this table under these house rules, the tie-break rounds and the winner by
:mod:`kamplib.standings`.  Each problem is a sentence a family understands; while a row has
one, no total and no winner is declared.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, reduce
from itertools import product
from math import gcd
from typing import TYPE_CHECKING, Any

from kamplib.cards import cards_of
from kamplib.errors import KampError, SheetError, given
from kamplib.i18n import ByteSize, KindName, Phrase, has, kind_name, register, t
from kamplib.kinds import KIND_NAMES, KINDS, RoundKind, kind_of
from kamplib.rules import GAMES, Rules, make_rules, parse_kind, round_multiplier
from kamplib.scoring import cards_in_play, points_in_play, tricks_in_play
from kamplib.seating import check_players, normal_name
from kamplib.standings import TIE_BREAK_KIND, Standing, Tally, adds_rounds, kind_of_round

if TYPE_CHECKING:
    import pandas as pd

    from kamplib.game import Game

__all__ = ["ScoreSheet", "SheetStanding", "Problem", "parse_score", "TOTAL_LABELS",
           "MAX_SHEET_BYTES", "MAX_SHEET_ROWS", "MAX_LINE_CHARS", "MAX_SCORE_DIGITS"]

Score = int | str | None

# Limits a sheet is checked against before it is read (a real game has five to eight rows).
MAX_SHEET_BYTES = 1_000_000
MAX_SHEET_ROWS = 10_000
MAX_LINE_CHARS = 2_000
# A score with more digits than this is kept as the text typed and reported (it also keeps
# every number inside what a pandas Int64 column holds).
MAX_SCORE_DIGITS = 18

TOTAL_LABELS = ("sum", "total", "totalt", "summen", "sum:")
ROUND_LABELS = ("round", "runde", "omgang")
_NUMBER = re.compile(r"([+-]?)\s*([0-9]+)")
# A cell a spreadsheet would read as a formula (OWASP, "CSV Injection"); written with a quote
# before it, which spreadsheets show as text and the reader takes off again.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_TEXT_MARK = "'"
_MINUS_SIGNS = str.maketrans({"−": "-", "–": "-", "—": "-"})
# The seeds' worked example (RULES.md): Kari and Siri share the win on 7.
_EXAMPLE_PLAYERS = ("Kari", "Ola", "Siri", "Per")
_EXAMPLE_ROWS = (
    ("pass", (3, 4, 2, 4)),
    ("klover", (2, 5, 3, 3)),
    ("damer", (4, 8, 0, 4)),
    ("fantan", (3, 1, 6, 0)),
    ("grand", (-5, -2, -4, -2)),
)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a score sheet: the row (0-based, None for the whole sheet) and player
    it concerns, a code, and the values its sentence needs."""

    row: int | None
    player: str | None
    code: str
    params: dict[str, Any] = field(default_factory=dict, compare=False)
    kind: str | None = None

    def reason(self, lang: str = "nb") -> str:
        return t(self.code, lang, player=self.player or "", **self.params)

    def message(self, lang: str = "nb") -> str:
        """The sentence with its place, e.g. ``Rad 3 (Damer): …``."""
        if self.row is None:
            return self.reason(lang)
        where = t("sheet_where", lang, number=self.row + 1, kind=KindName(self.kind or ""))
        return f"{where}: {self.reason(lang)}"

    def __str__(self) -> str:
        return self.message()


@dataclass(frozen=True)
class SheetStanding:
    """The checker's verdict on a whole sheet.

    ``totals`` are declared only while no row has a problem (a cell that is not a number is
    never counted as 0), and ``winners`` only when, besides, the game is over by the rules —
    the tie-break rounds played out, judged by :mod:`kamplib.standings` as in a game.
    """

    problems: tuple[Problem, ...]
    totals: dict[str, int] | None
    winners: tuple[str, ...]
    played: int  # rows played (rows not typed at all at the end of the sheet do not count)
    standing: Standing | None  # the engine's standing, when every row could be counted

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    @property
    def needs_extra_grand(self) -> bool:
        return self.ok and self.standing is not None and self.standing.needs_extra_grand

    @property
    def rematch(self) -> bool:
        return self.ok and self.standing is not None and self.standing.rematch

    def message(self, lang: str = "nb") -> str:
        """One sentence: who won, what must still be played, or why there is no result."""
        if self.problems:
            return t("sheet_state_problems", lang, count=len(self.problems))
        st = self.standing
        assert st is not None  # no problem means every row was counted
        names = t("word_and", lang).join(st.leaders)
        if self.winners:
            total = st.totals[self.winners[0]]
            if self.rematch:
                return t("sheet_state_rematch", lang, names=names, total=total)
            code = "sheet_winner" if len(self.winners) == 1 else "sheet_winners"
            return t(code, lang, names=names, total=total)
        if st.needs_extra_grand:
            return t("sheet_state_tie_break", lang, names=names, kind=KindName(TIE_BREAK_KIND))
        return t("sheet_state_unfinished", lang, done=st.finished, count=st.regular)


def parse_score(value: Any) -> Score:
    """A whole number from what was typed (``-5``, ``−5``, ``+3``, `` 4 ``), ``None`` for
    nothing, and otherwise the text as typed — never an exception, whatever the value.

    Only the digits 0–9 make a number (``²`` and ``1,5`` stay text), and a number of more than
    :data:`MAX_SCORE_DIGITS` digits stays text too; the checker reports both.
    """
    if value is None:
        return None
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        if abs(value) < 10**MAX_SCORE_DIGITS:
            return value
        return str(value) if value.bit_length() < 10_000 else given(value)
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 10**MAX_SCORE_DIGITS:
            return int(value)
        return repr(value)
    if not isinstance(value, str):
        try:
            value = str(value)
        except Exception:  # a value that cannot even say what it is
            return given(value)
    text = value.strip()
    if not text:
        return None
    match = _NUMBER.fullmatch(text.translate(_MINUS_SIGNS))
    if match and len(match[2]) <= MAX_SCORE_DIGITS:
        return -int(match[2]) if match[1] == "-" else int(match[2])
    return value


class ScoreSheet:
    """The score sheet of one game: rows as typed, the checker's verdict, tables and CSV."""

    def __init__(self, players: Sequence[str], game: str = "femkamp",
                 rules: Rules | Mapping[str, Any] | None = None) -> None:
        self.players = check_players(players)
        self.rules = rules if isinstance(rules, Rules) else make_rules(game, rules)
        self.rows: list[tuple[str, dict[str, Score]]] = []
        # What the family wrote on a "sum" line, if anything: checked against the real totals.
        self.claimed_totals: dict[str, Score] = {}

    # -- building -------------------------------------------------------------------------
    @classmethod
    def example(cls) -> ScoreSheet:
        """The worked example: Kari 7, Ola 16, Siri 7, Per 9 — Kari and Siri share the win."""
        sheet = cls(_EXAMPLE_PLAYERS, "femkamp")
        for kind, scores in _EXAMPLE_ROWS:
            sheet.add_row(kind, dict(zip(sheet.players, scores, strict=True)))
        return sheet

    @classmethod
    def from_game(cls, game: Game) -> ScoreSheet:
        """The sheet of a game played in the engine (finished rounds only)."""
        sheet = cls(game.players, game.game, game.rules)
        for rnd in game.rounds:
            if rnd.is_over:
                sheet.add_row(rnd.kind, rnd.scores())
        return sheet

    @property
    def n(self) -> int:
        return len(self.players)

    def next_kind(self) -> str:
        """The kind the next row should be by the game's order (a tie-break Grand after it)."""
        return kind_of_round(self.rules, len(self.rows))

    def add_row(self, kind: str | None = None,
                scores: Mapping[str, Any] | Sequence[Any] | None = None) -> int:
        """Append a row; returns its index.  Scores may be partial or raw text."""
        if len(self.rows) >= MAX_SHEET_ROWS:
            raise SheetError("sheet_too_many_rows_total", limit=MAX_SHEET_ROWS)
        kind = parse_kind(kind) if kind is not None else self.next_kind()
        row: dict[str, Score] = dict.fromkeys(self.players)
        if isinstance(scores, Mapping):
            for player, value in scores.items():
                row[self._player(player)] = parse_score(value)
        elif isinstance(scores, (list, tuple)):
            if len(scores) != self.n:
                raise SheetError("sheet_row_length", count=len(scores), expected=self.n)
            row = {p: parse_score(v) for p, v in zip(self.players, scores, strict=True)}
        elif scores is not None:
            raise SheetError("sheet_row_scores", value=given(scores))
        self.rows.append((kind, row))
        return len(self.rows) - 1

    def set_score(self, row: int, player: str, value: Any) -> None:
        """Put what was typed into one cell; any value is kept (see :func:`parse_score`)."""
        self._row(row)[1][self._player(player)] = parse_score(value)

    def set_kind(self, row: int, kind: str) -> None:
        _, scores = self._row(row)
        self.rows[row] = (parse_kind(kind), scores)

    def remove_row(self, row: int) -> None:
        self._row(row)
        del self.rows[row]

    def _row(self, row: int) -> tuple[str, dict[str, Score]]:
        if isinstance(row, bool) or not isinstance(row, int) or not 0 <= row < len(self.rows):
            number = row + 1 if isinstance(row, int) and not isinstance(row, bool) \
                and abs(row) < 10**9 else given(row)
            raise SheetError("sheet_no_row", number=number, count=len(self.rows))
        return self.rows[row]

    def _player(self, player: str) -> str:
        name = normal_name(player)
        if name not in self.players:
            raise SheetError("bad_seat", player=given(player), players=", ".join(self.players))
        return name

    # -- the verdict ----------------------------------------------------------------------
    def standing(self) -> SheetStanding:
        """Judge the whole sheet, in one pass over its rows (linear in their number)."""
        return _judge(self)

    def problems(self) -> list[Problem]:
        """Everything that cannot be right, row by row, then the totals line if one was typed."""
        return list(self.standing().problems)

    def winners(self) -> list[str]:
        """Who won; empty while the game goes on or while the sheet has a problem."""
        return list(self.standing().winners)

    def totals(self) -> dict[str, int]:
        """What the numbers typed so far add up to, per player, as a family sums them while
        playing.  A cell that is not a number adds nothing here, which is why this is not a
        result: :meth:`standing` declares totals only while no row has a problem."""
        totals = dict.fromkeys(self.players, 0)
        for _, scores in self.rows:
            for p, v in scores.items():
                if isinstance(v, int):
                    totals[p] += v
        return totals

    # -- tables ---------------------------------------------------------------------------
    def row_label(self, row: int, lang: str = "nb") -> str:
        kind = self._row(row)[0]
        name = kind_name(kind, lang)
        if row >= len(self.rules.order):
            name = t("sheet_extra_round", lang, kind=KindName(kind))
        return f"{row + 1}. {name}"

    def frame(self, lang: str = "nb") -> pd.DataFrame:
        """A row per round (numbered Norwegian names), a column per player; a cell that is not
        a number, or not typed, is NA."""
        import pandas as pd

        data = [[v if isinstance(v, int) else pd.NA for v in (scores[p] for p in self.players)]
                for _, scores in self.rows]
        index = [self.row_label(i, lang) for i in range(len(self.rows))]
        return pd.DataFrame(data, index=pd.Index(index, name=t("word_round", lang)),
                            columns=list(self.players), dtype="Int64")

    def running(self, lang: str = "nb") -> pd.DataFrame:
        """Running totals after each round."""
        return self.frame(lang).fillna(0).cumsum()

    def table(self, lang: str = "nb") -> pd.DataFrame:
        """The sheet as a family writes it: the rounds, then the total row (NA while a row has
        a problem, since no total is declared then)."""
        import pandas as pd

        totals = self.standing().totals
        row = totals if totals is not None else dict.fromkeys(self.players, pd.NA)
        total = pd.DataFrame([row], index=[t("word_total", lang)], columns=list(self.players),
                             dtype="Int64")
        return pd.concat([self.frame(lang), total])

    # -- CSV ------------------------------------------------------------------------------
    def to_csv(self, lang: str | None = None) -> str:
        """The sheet as CSV: ``round,Kari,…`` and the rounds by their record names, or with
        ``lang`` in a reader's words (``Runde``, ``Kløver``, ``Fan Tan``); both read back."""
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow([t("word_round", lang) if lang else "round",
                         *map(_as_text_cell, self.players)])
        for kind, scores in self.rows:
            writer.writerow([kind_of(kind).name(lang) if lang else kind,
                             *(_score_cell(scores[p]) for p in self.players)])
        return buf.getvalue()

    @classmethod
    def from_csv(cls, text: str | bytes | bytearray | memoryview, game: str | None = None,
                 rules: Mapping[str, Any] | None = None) -> ScoreSheet:
        """Read ``round,Kari,Ola,…`` and a row per round (comma or semicolon; bytes in UTF-8,
        or as Excel saves them on Windows).  Without ``game`` the game is the one whose order
        the rows follow (Femkamp when none fits).  A ``sum`` row is checked.  Anything that
        cannot be read raises :class:`SheetError` with the line it is on."""
        players, rows, claimed = _read_csv(text)
        if rules is not None and not isinstance(rules, Mapping):
            raise SheetError("rules_not_mapping", value=given(rules))
        if game is None:
            custom = bool(rules) and "order" in rules  # type: ignore[operator]
            game = "custom" if custom else _guess_game([k for k, _ in rows]) or "femkamp"
        try:
            sheet = cls(players, game, rules)
        except KampError as err:
            raise SheetError(err.code, **err.params) from None
        for kind, values in rows:
            sheet.add_row(kind, values)
        sheet.claimed_totals = dict(zip(sheet.players, claimed, strict=True)) if claimed else {}
        return sheet

    def _repr_html_(self) -> str:
        from kamplib.draw import sheet_html

        return sheet_html(self)

    def __repr__(self) -> str:
        return f"<ScoreSheet {', '.join(self.players)}: {len(self.rows)} rows>"


# -- judging a sheet ------------------------------------------------------------------------
def _judge(sheet: ScoreSheet) -> SheetStanding:
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
            number = _NUMBER.fullmatch(v.strip().translate(_MINUS_SIGNS))
            code = "sheet_number_too_big" if number else "sheet_not_number"
            out.append(Problem(i, p, code, {"value": given(v)}, kind))
    m = round_multiplier(sheet.rules, i)
    allowed = _allowed(kind, sheet.n, sheet.rules, m)
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


class _Allowed:
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
            return "sheet_grand_positive", {}
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
def _allowed(kind: str, n: int, rules: Rules, m: int) -> _Allowed:
    return _Allowed(kind_of(kind), n, rules, m)


# -- reading CSV ----------------------------------------------------------------------------
def _guess_game(kinds: list[str]) -> str | None:
    """The first game whose order the rows follow (tie-break Grands may come after it)."""
    for name, order in GAMES.items():
        head, tail = kinds[: len(order)], kinds[len(order):]
        if head == list(order[: len(head)]) and all(k == TIE_BREAK_KIND for k in tail):
            return name
    return None


def _as_text_cell(text: str) -> str:
    """A cell no spreadsheet runs as a formula (``=HYPERLINK(…)``, ``@SUM(1)``, ``+1``): such a
    cell, and one that already starts with the quote, gets a quote in front (OWASP's rule)."""
    return _TEXT_MARK + text if text.startswith((*_FORMULA_STARTS, _TEXT_MARK)) else text


def _score_cell(score: Score) -> str | int:
    """A score as a number a spreadsheet adds up (``-3`` is a number, not a formula); text kept
    as it was typed is a text cell."""
    return "" if score is None else score if isinstance(score, int) else _as_text_cell(score)


def _from_cell(cell: str) -> str:
    """What :func:`_as_text_cell` wrote, read back as it was."""
    cell = cell.strip()
    return cell[1:] if cell.startswith(_TEXT_MARK) else cell


def _decode(data: bytes | bytearray | memoryview) -> str:
    try:
        return bytes(data).decode("utf-8-sig")
    except UnicodeDecodeError:
        return bytes(data).decode("cp1252", errors="replace")  # a sheet saved by Excel


def _read_csv(text: Any) -> tuple[tuple[str, ...], list[tuple[str, list[Score]]],
                                  list[Score] | None]:
    if isinstance(text, (bytes, bytearray, memoryview)):
        if len(text) > MAX_SHEET_BYTES:
            raise SheetError("sheet_too_big", limit=ByteSize(MAX_SHEET_BYTES))
        text = _decode(text)
    if not isinstance(text, str):
        raise SheetError("sheet_source", value=given(text))
    if len(text) > MAX_SHEET_BYTES:
        raise SheetError("sheet_too_big", limit=ByteSize(MAX_SHEET_BYTES))
    # every line break is one: \r\n (Windows), \r (old Macs) and \n
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    physical = text.split("\n")
    for number, line in enumerate(physical, start=1):
        if len(line) > MAX_LINE_CHARS:
            raise SheetError("sheet_line_long", line=number, length=len(line),
                             limit=MAX_LINE_CHARS)
    first = next((line for line in physical if line.strip()), None)
    if first is None:
        raise SheetError("sheet_empty")
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    lines: list[tuple[int, list[str]]] = []
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                lines.append((reader.line_num, row))
                if len(lines) > MAX_SHEET_ROWS + 2:  # the header and a sum line besides
                    raise SheetError("sheet_too_many_rows_total", limit=MAX_SHEET_ROWS)
    except csv.Error:
        raise SheetError("sheet_csv", line=reader.line_num) from None
    _, header = lines[0]
    header = [_from_cell(h) for h in header]
    if header[0].lower() not in ROUND_LABELS:
        raise SheetError("sheet_header", value=given(",".join(header)))
    names = header[1:]
    while names and not names[-1]:
        names.pop()
    try:
        players = check_players(names)
    except KampError as err:
        raise SheetError(err.code, **err.params) from None
    rows: list[tuple[str, list[Score]]] = []
    claimed: list[Score] | None = None
    for number, cells in lines[1:]:
        label = _from_cell(cells[0])
        values = [_from_cell(c) for c in cells[1:]]
        while len(values) > len(players) and not values[-1]:
            values.pop()
        if len(values) > len(players):
            raise SheetError("sheet_line_length", line=number, count=len(values),
                             expected=len(players))
        values += [""] * (len(players) - len(values))
        if label.lower() in TOTAL_LABELS:
            claimed = [parse_score(v) for v in values]
            continue
        if not label:
            raise SheetError("sheet_no_round_label", line=number)
        try:
            kind = parse_kind(label)
        except KampError:
            raise SheetError("sheet_unknown_round", line=number, value=given(label),
                             kinds=", ".join(KIND_NAMES), total=TOTAL_LABELS[0],
                             aliases=", ".join(a for k in KINDS.values() for a in k.aliases)
                             ) from None
        rows.append((kind, [parse_score(v) for v in values]))
    return players, rows, claimed


register({
    "sheet_where": {"nb": "Rad {number} ({kind})", "en": "Row {number} ({kind})"},
    "sheet_extra_round": {"nb": "Ekstra {kind}", "en": "Extra {kind}"},
    "sheet_doubled": {"nb": " (siste runde teller dobbelt)",
                      "en": " (the last round counts double)"},
    "word_and": {"nb": " og ", "en": " and "},
    # -- the verdict ---------------------------------------------------------------------
    "sheet_winner": {"nb": "Vinner: {names} med {total} poeng",
                     "en": "Winner: {names} with {total} {total:point|points}"},
    "sheet_winners": {"nb": "Delt seier: {names} med {total} poeng hver",
                      "en": "Shared win: {names} with {total} {total:point|points} each"},
    "sheet_state_rematch": {
        "nb": "Likt på topp: {names} har {total} poeng hver og avgjør det med et nytt spill",
        "en": "A tie for the lead: {names} have {total} {total:point|points} each and settle it "
              "with a new "
              "game",
    },
    "sheet_state_tie_break": {
        "nb": "Likt på topp mellom {names}: alle spiller en ekstra {kind}",
        "en": "A tie for the lead between {names}: everybody plays an extra {kind}",
    },
    "sheet_state_unfinished": {
        "nb": "Ingen vinner ennå: {done} av {count} {count:runde|runder} er ført",
        "en": "No winner yet: {done} of {count} {count:round|rounds} are written down",
    },
    "sheet_state_problems": {
        "nb": "Poengarket har {count} feil; summen og vinneren kommer når de er rettet",
        "en": "The score sheet has {count} {count:problem|problems}; totals and the winner "
              "come once {count:it is|they are} fixed",
    },
    # -- cells -----------------------------------------------------------------------------
    "sheet_missing": {"nb": "{player} mangler poeng", "en": "{player} has no score yet"},
    "sheet_not_number": {
        "nb": "«{value}» for {player} er ikke et helt tall",
        "en": "'{value}' for {player} is not a whole number",
    },
    "sheet_number_too_big": {
        "nb": "«{value}» for {player} er altfor stort til å være poeng",
        "en": "'{value}' for {player} is far too big to be a score",
    },
    "sheet_not_even": {
        "nb": "{player} har {value}, men når runden teller dobbelt, blir alle poeng partall",
        "en": "{player} has {value}, but when the round counts double every score is even",
    },
    "sheet_tricks_range": {
        "nb": "{player} har {value}, men det finnes bare {tricks} stikk å ta{double}",
        "en": "{player} has {value}, but there are only {tricks} {tricks:trick|tricks} to "
              "take{double}",
    },
    "sheet_grand_positive": {
        "nb": "{player} har {value}, men her gir hvert stikk minus ett poeng, så tallet kan ikke "
              "være over 0 (har du glemt minustegnet?)",
        "en": "{player} has {value}, but every trick here is minus one point, so the score "
              "cannot be above 0 (a forgotten minus sign?)",
    },
    "sheet_cell_range": {
        "nb": "{player} har {value}, men i {kind} får én spiller fra {low} til {high} "
              "poeng{double}",
        "en": "{player} has {value}, but in {kind} one player scores from {low} to "
              "{high}{double}",
    },
    "sheet_cell_step": {
        "nb": "{player} har {value}, men i {kind} går poengene i steg på {step} ({low}, {step} "
              "… {high}){double}",
        "en": "{player} has {value}, but {kind} scores go in steps of {step} ({low}, {step} … "
              "{high}){double}",
    },
    "sheet_unreachable_klover": {
        "nb": "{player} har {value}, men den som tar alle {count} kløverne, får 0 etter "
              "husreglene, så {value} kan ingen få{double}",
        "en": "{player} has {value}, but by the house rules whoever takes all {count} "
              "{count:club|clubs} "
              "scores 0, so nobody can score {value}{double}",
    },
    "sheet_unreachable": {
        "nb": "{player} har {value}, men ingen kan få akkurat det i {kind}{double}",
        "en": "{player} has {value}, but nobody can score exactly that in {kind}{double}",
    },
    "sheet_fantan_negative": {
        "nb": "{player} har {value}, men i Fan Tan kan ingen få under 0",
        "en": "{player} has {value}, but nobody scores below 0 in Fan Tan",
    },
    # -- rows ------------------------------------------------------------------------------
    "sheet_kind_order": {
        "nb": "Etter spillets rekkefølge skal denne raden være {expected}, ikke {value}",
        "en": "By the game's order this row should be {expected}, not {value}",
    },
    "sheet_too_many_rows": {
        "nb": "Spillet har bare {count} {count:runde|runder}; denne raden er én for mye",
        "en": "The game has only {count} {count:round|rounds}; this row is one too many",
    },
    "sheet_after_end": {
        "nb": "Spillet var avgjort etter rad {number}; en ekstra grand spilles bare så lenge "
              "det står likt på topp",
        "en": "The game was settled after row {number}; an extra Grand is played only while "
              "the lead is tied",
    },
    "sheet_sum_tricks": {
        "nb": "Raden summerer til {total}, men med {n} {n:spiller|spillere} er det {tricks} "
              "stikk, så summen "
              "skal være {expected}{double}",
        "en": "The row adds up to {total}, but {n} {n:player|players} share {tricks} "
              "{tricks:trick|tricks}, so it should "
              "be {expected}{double}",
    },
    "sheet_sum_klover": {
        "nb": "Raden summerer til {total}, men alle de {count} kløverne havner hos noen, så "
              "summen skal være {expected}{double}",
        "en": "The row adds up to {total}, but all {count} {count:club|clubs} end up with "
              "someone, so it "
              "should be {expected}{double}",
    },
    "sheet_sum_damer": {
        "nb": "Raden summerer til {total}, men de {count} damene gir {step} poeng hver, så "
              "summen skal være {expected}{double}",
        "en": "The row adds up to {total}, but the {count} {count:queen|queens} give {step} "
              "{step:point|points} each, so "
              "it should be {expected}{double}",
    },
    "sheet_sum_finale": {
        "nb": "Raden summerer til {total}, men alle poengene i finalen havner hos noen, så summen "
              "skal være {expected}{double}",
        "en": "The row adds up to {total}, but every Finale point ends up with someone, so it "
              "should be {expected}{double}",
    },
    "sheet_sum": {
        "nb": "Raden summerer til {total}, men i {kind} skal summen være {expected}{double}",
        "en": "The row adds up to {total}, but in {kind} it should be {expected}{double}",
    },
    "sheet_row_impossible": {
        "nb": "Hvert tall kan stemme for seg, men ingen fordeling av stikk og kort gir akkurat "
              "denne raden{double}",
        "en": "Each number could be right on its own, but no share of the tricks and cards "
              "gives exactly this row{double}",
    },
    "sheet_fantan_no_zero": {
        "nb": "Ingen har 0, men den som først blir kvitt kortene sine får alltid 0",
        "en": "Nobody has 0, but whoever first gets rid of their cards always scores 0",
    },
    "sheet_fantan_zeros": {
        "nb": "{count} {count:spiller|spillere} har 0, men bare én kan gå ut; alle andre har kort "
              "igjen og får "
              "minst 1",
        "en": "{count} {count:player|players} have 0, but only one can go out; everyone else has "
              "cards left "
              "and scores at least 1",
    },
    # -- the sum line ----------------------------------------------------------------------
    "sheet_total_wrong": {
        "nb": "Summen for {player} står som {value}, men rundene gir til sammen {expected}",
        "en": "The total for {player} is written as {value}, but the rounds add up to {expected}",
    },
    "sheet_total_not_number": {
        "nb": "Summen for {player} («{value}») er ikke et helt tall",
        "en": "The total for {player} ('{value}') is not a whole number",
    },
    # -- a sheet that cannot be read or changed --------------------------------------------
    "sheet_row_length": {
        "nb": "Raden har {count} poeng, men det er {expected} {expected:spiller|spillere}",
        "en": "The row has {count} {count:score|scores} but there are {expected} "
              "{expected:player|players}",
    },
    "sheet_row_scores": {
        "nb": "En rad skrives som en liste med ett tall per spiller, eller spiller: tall, "
              "ikke {value}",
        "en": "A row is written as a list of one score per player, or player: score, not "
              "{value}",
    },
    "sheet_no_row": {
        "nb": "Det finnes ingen rad {number} (arket har {count})",
        "en": "There is no row {number} (the sheet has {count})",
    },
    "sheet_too_many_rows_total": {
        "nb": "Poengarket har for mange rader; det holder høyst {limit}",
        "en": "The score sheet has too many rows; it holds at most {limit}",
    },
    "sheet_too_big": {
        "nb": "Filen er for stor; et poengark er på høyst {limit}",
        "en": "The file is too big; a score sheet is at most {limit}",
    },
    "sheet_source": {
        "nb": "Et poengark leses fra tekst eller byte, ikke fra {value}",
        "en": "A score sheet is read from text or bytes, not from {value}",
    },
    "sheet_line_long": {
        "nb": "Linje {line} har {length} tegn; en linje i et poengark har høyst {limit}",
        "en": "Line {line} has {length} {length:character|characters}; a score sheet line has at "
              "most {limit}",
    },
    "sheet_csv": {
        "nb": "Linje {line} kan ikke leses (et anførselstegn som ikke er lukket?)",
        "en": "Line {line} cannot be read (a quote that is never closed?)",
    },
    "sheet_empty": {"nb": "Poengarket er tomt", "en": "The score sheet is empty"},
    "sheet_header": {
        "nb": "Første linje skal være round,Kari,Ola,… (runde og spillernavn), ikke «{value}»",
        "en": "The first line should be round,Kari,Ola,… (round and player names), not '{value}'",
    },
    "sheet_line_length": {
        "nb": "Linje {line} har {count} poeng, men det er {expected} {expected:spiller|spillere}",
        "en": "Line {line} has {count} {count:score|scores} but there are {expected} "
              "{expected:player|players}",
    },
    "sheet_no_round_label": {
        "nb": "Linje {line} har ingen runde i første kolonne",
        "en": "Line {line} names no round in its first column",
    },
    "sheet_unknown_round": {
        "nb": "Linje {line}: «{value}» er ingen runde; bruk {kinds} ({aliases} går også) eller "
              "{total}",
        "en": "Line {line}: '{value}' is not a round; use {kinds} ({aliases} work too) or "
              "{total}",
    },
})
