"""A score sheet as pandas tables (the sheets extra): the rounds, the running totals, and the
sheet as a family writes it with its total row.  Nothing else in kamplib needs pandas for a
sheet: the ``kamp`` command prints its own plain-text table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kamplib.i18n import t

if TYPE_CHECKING:
    import pandas as pd

    from kamplib.sheet.model import ScoreSheet

__all__ = ["frame", "running", "table"]


def frame(sheet: ScoreSheet, lang: str = "nb") -> pd.DataFrame:
    """A row per round (numbered names), a column per player; a cell that is not a number, or
    not typed, is NA."""
    import pandas as pd

    data = [[v if isinstance(v, int) else pd.NA for v in (scores[p] for p in sheet.players)]
            for _, scores in sheet.rows]
    index = [sheet.row_label(i, lang) for i in range(len(sheet.rows))]
    return pd.DataFrame(data, index=pd.Index(index, name=t("word_round", lang)),
                        columns=list(sheet.players), dtype="Int64")


def running(sheet: ScoreSheet, lang: str = "nb") -> pd.DataFrame:
    """Running totals after each round."""
    return frame(sheet, lang).fillna(0).cumsum()


def table(sheet: ScoreSheet, lang: str = "nb") -> pd.DataFrame:
    """The sheet as a family writes it: the rounds, then the total row (NA while a row has a
    problem, since no total is declared then)."""
    import pandas as pd

    totals = sheet.standing().totals
    row = totals if totals is not None else dict.fromkeys(sheet.players, pd.NA)
    total = pd.DataFrame([row], index=[t("word_total", lang)], columns=list(sheet.players),
                         dtype="Int64")
    return pd.concat([frame(sheet, lang), total])
