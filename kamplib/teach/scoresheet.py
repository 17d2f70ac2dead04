"""Filling in the score sheet of a game played at the cabin, in plain Python.

A :class:`SheetEntry` keeps exactly what was typed in every cell (the text, never an older
value), hands it to :class:`kamplib.sheet.ScoreSheet` for the totals and the checker, and says
when a winner may be named: only when every row is filled in and nothing is wrong.  Choosing
the example over typed scores needs a yes first; the players, the game and the house rules can
change without losing what was typed; the sheet saves to and opens from CSV.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kamplib.errors import SheetError
from kamplib.i18n import ByteSize, register, t
from kamplib.rules import Rules, make_rules
from kamplib.seating import check_players
from kamplib.sheet import Problem, ScoreSheet, SheetStanding
from kamplib.standings import kind_of_round
from kamplib.teach import texts as _texts  # noqa: F401  (registers the teaching words)

__all__ = ["SheetEntry", "MAX_CSV_BYTES"]

MAX_CSV_BYTES = 100_000  # a sheet of many games is a few kB

register({
    "entry_example_confirm": {
        "nb": "Eksempelet erstatter det du har skrevet inn. Vil du det?",
        "en": "The example replaces what you have typed. Do you want that?"},
    "entry_example_loaded": {"nb": "Eksempelet fra regelheftet er lagt inn.",
                             "en": "The example from the rules is filled in."},
    "entry_opened": {"nb": "Åpnet {name}.", "en": "Opened {name}."},
})


class SheetEntry:
    """The cells of a score sheet as typed, with the checker's verdict."""

    def __init__(self, players: Sequence[str] = ("Kari", "Ola", "Siri", "Per"),
                 game: str = "femkamp", rules: Rules | Mapping[str, Any] | None = None) -> None:
        self.rules = rules if isinstance(rules, Rules) else make_rules(game, rules)
        self.players = check_players(players)
        self.kinds: list[str] = list(self.rules.order)
        self.texts: list[dict[str, str]] = [dict.fromkeys(self.players, "") for _ in self.kinds]
        self._build()

    # -- what was typed ------------------------------------------------------------------------
    def _build(self) -> None:
        """The score sheet from the typed texts (the sheet reads them as the checker wants)."""
        sheet = ScoreSheet(self.players, rules=self.rules)
        for i, kind in enumerate(self.kinds):
            sheet.add_row(kind, [self.texts[i][p] for p in self.players])
        self.sheet = sheet

    def set_cell(self, row: int, player: str, text: str) -> None:
        """What the learner typed in one cell; kept as typed whatever it is."""
        if not 0 <= row < len(self.kinds) or player not in self.players:
            raise SheetError("sheet_no_row", number=row + 1, count=len(self.kinds))
        self.texts[row][player] = "" if text is None else str(text)
        self.sheet.set_score(row, player, self.texts[row][player])

    def cell(self, row: int, player: str) -> str:
        return self.texts[row][player]

    @property
    def typed(self) -> bool:
        """Whether anything has been typed (then replacing it needs a yes)."""
        return any(text.strip() for row in self.texts for text in row.values())

    def add_row(self) -> None:
        """A row for the next round (a tie-break Grand after the game's own rounds)."""
        self.kinds.append(self.sheet.next_kind())
        self.texts.append(dict.fromkeys(self.players, ""))
        self._build()

    def remove_row(self) -> None:
        if self.kinds:
            self.kinds.pop()
            self.texts.pop()
            self._build()

    def row_label(self, row: int, lang: str = "nb") -> str:
        return self.sheet.row_label(row, lang)

    # -- changing the table --------------------------------------------------------------------
    def set_table(self, players: Sequence[str], rules: Rules) -> None:
        """New names, game or house rules; what was typed stays in its row and column, and
        the rows are the new game's rounds.

        A name kept keeps its scores; a new name takes the scores of the name that stood in its
        place (a renamed player), unless that name is kept elsewhere: one player's scores never
        appear under two names."""
        players = check_players(players)
        old = self.players

        def carried(row: dict[str, str], j: int, name: str) -> str:
            if name in row:
                return row[name]
            before = old[j] if j < len(old) else None
            return row[before] if before is not None and before not in players else ""

        carried_rows = [{p: carried(row, j, p) for j, p in enumerate(players)}
                        for row in self.texts]
        # The new game's rounds in its order; a row past them stays only if something is
        # typed in it, and then as the row that game adds after its rounds (a tie-break Grand):
        # a Femkamp sheet never shows a Trumf row left from a Sekskamp.
        kinds: list[str] = []
        texts: list[dict[str, str]] = []
        for i, row in enumerate(carried_rows):
            if i < len(rules.order) or any(v.strip() for v in row.values()):
                kinds.append(kind_of_round(rules, len(kinds)))
                texts.append(row)
        while len(kinds) < len(rules.order):
            kinds.append(kind_of_round(rules, len(kinds)))
            texts.append(dict.fromkeys(players, ""))
        self.players, self.rules, self.kinds, self.texts = players, rules, kinds, texts
        self._build()

    def use_example(self, *, confirmed: bool = False) -> bool:
        """Fill in the rules' worked example; False (nothing changed) while typed scores would
        be replaced and the learner has not said yes."""
        if self.typed and not confirmed:
            return False
        example = ScoreSheet.example()
        self.rules = example.rules
        self.players = example.players
        self.kinds = [kind for kind, _ in example.rows]
        self.texts = [{p: str(v) for p, v in scores.items()} for _, scores in example.rows]
        self._build()
        return True

    # -- the verdict ---------------------------------------------------------------------------
    def verdict(self) -> SheetStanding:
        """The checker's judgement of the whole sheet (:meth:`ScoreSheet.standing`)."""
        return self.sheet.standing()

    def problems(self) -> list[Problem]:
        """What is wrong, cell by cell and row by row; a row not begun is not a problem yet."""
        begun = {i for i, row in enumerate(self.texts) if any(v.strip() for v in row.values())}
        return [p for p in self.verdict().problems
                if not (p.code == "sheet_missing" and p.row not in begun)]

    def totals(self) -> dict[str, int] | None:
        """The totals, declared only while no row has a problem (None otherwise)."""
        return self.verdict().totals

    def winners(self) -> list[str]:
        """The winners, named only when the game is over and nothing is wrong, by the engine's
        one judgement of totals and tie-breaks."""
        return list(self.verdict().winners)

    # -- files ---------------------------------------------------------------------------------
    def file_name(self, lang: str = "nb") -> str:
        from kamplib.teach.session import _safe_file_name

        stem = t("teach_file_sheet", lang, game=self.rules.game, players="-".join(self.players))
        return _safe_file_name(stem) + ".csv"

    def to_csv(self, lang: str = "nb") -> str:
        """The sheet as CSV in the learner's words, every cell as the sheet holds it."""
        return self.sheet.to_csv(lang)

    @classmethod
    def from_csv(cls, content: bytes | str, *, name: str = "poengark.csv",
                 size: int | None = None, rules: Rules | None = None) -> SheetEntry:
        """A sheet saved before (or typed elsewhere); a broken file raises :class:`SheetError`."""
        size = len(content) if size is None else size
        if size > MAX_CSV_BYTES:
            raise SheetError("teach_file_too_big", size=ByteSize(size),
                             limit=ByteSize(MAX_CSV_BYTES))
        sheet = ScoreSheet.from_csv(content, rules.game if rules else None,
                                    rules.differences() if rules else None)
        entry = cls(sheet.players, rules=sheet.rules)
        entry.kinds = [kind for kind, _ in sheet.rows]
        entry.texts = [{p: "" if v is None else str(v) for p, v in scores.items()}
                       for _, scores in sheet.rows]
        entry._build()
        return entry
