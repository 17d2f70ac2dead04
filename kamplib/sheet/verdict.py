"""The checker's verdict on a score sheet: each problem as a sentence with its place, and the
standing (totals, winners) declared only while no row has a problem."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kamplib.i18n import KindName, t
from kamplib.standings import TIE_BREAK_KIND, Standing

__all__ = ["Problem", "SheetStanding"]


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
