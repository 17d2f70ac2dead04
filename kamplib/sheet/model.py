"""The score sheet a family keeps: rows of ``(kind, {player: score})`` as typed in, built by
hand, from a game or from CSV, and judged by :mod:`kamplib.sheet.judge` when asked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kamplib.errors import KampError, SheetError, given
from kamplib.i18n import KindName, kind_name, t
from kamplib.rules import Rules, make_rules, parse_kind
from kamplib.seating import check_players, normal_name
from kamplib.sheet.cells import MAX_SHEET_ROWS, Score, parse_score
from kamplib.sheet.csvfile import guess_game, read_csv, write_csv
from kamplib.sheet.judge import judge
from kamplib.sheet.verdict import Problem, SheetStanding
from kamplib.standings import kind_of_round

if TYPE_CHECKING:
    import pandas as pd

    from kamplib.game import Game

__all__ = ["ScoreSheet"]

# The worked example of docs/regler.md: Kari and Siri share the win on 7.
_EXAMPLE_PLAYERS = ("Kari", "Ola", "Siri", "Per")
_EXAMPLE_ROWS = (
    ("pass", (3, 4, 2, 4)),
    ("klover", (2, 5, 3, 3)),
    ("damer", (4, 8, 0, 4)),
    ("fantan", (3, 1, 6, 0)),
    ("grand", (-5, -2, -4, -2)),
)


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

    def _player(self, player: object) -> str:
        name = normal_name(player)
        if not isinstance(name, str) or name not in self.players:
            raise SheetError("bad_seat", player=given(player), players=", ".join(self.players))
        return name

    # -- the verdict ----------------------------------------------------------------------
    def standing(self) -> SheetStanding:
        """Judge the whole sheet, in one pass over its rows (linear in their number)."""
        return judge(self)

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
        """A row per round (numbered names), a column per player; a cell that is not a number,
        or not typed, is NA (the sheets extra: :func:`kamplib.sheet.frames.frame`)."""
        from kamplib.sheet.frames import frame

        return frame(self, lang)

    def running(self, lang: str = "nb") -> pd.DataFrame:
        """Running totals after each round (the sheets extra)."""
        from kamplib.sheet.frames import running

        return running(self, lang)

    def table(self, lang: str = "nb") -> pd.DataFrame:
        """The sheet as a family writes it: the rounds, then the total row (NA while a row has
        a problem, since no total is declared then; the sheets extra)."""
        from kamplib.sheet.frames import table

        return table(self, lang)

    # -- CSV ------------------------------------------------------------------------------
    def to_csv(self, lang: str | None = None) -> str:
        """The sheet as CSV: ``round,Kari,…`` and the rounds by their record names, or with
        ``lang`` in a reader's words (``Runde``, ``Kløver``, ``Fan Tan``); both read back."""
        return write_csv(self.players, self.rows, lang)

    @classmethod
    def from_csv(cls, text: str | bytes | bytearray | memoryview, game: str | None = None,
                 rules: Mapping[str, Any] | None = None) -> ScoreSheet:
        """Read ``round,Kari,Ola,…`` and a row per round (comma or semicolon; bytes in UTF-8,
        or as Excel saves them on Windows).  Without ``game`` the game is the one whose order
        the rows follow (Femkamp when none fits).  A ``sum`` row is checked.  Anything that
        cannot be read raises :class:`SheetError` with the line it is on."""
        players, rows, claimed = read_csv(text)
        if rules is not None and not isinstance(rules, Mapping):
            raise SheetError("rules_not_mapping", value=given(rules))
        if game is None:
            custom = bool(rules) and "order" in rules  # type: ignore[operator]
            game = "custom" if custom else guess_game([k for k, _ in rows]) or "femkamp"
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
