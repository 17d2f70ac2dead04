"""Score sheets as HTML tables (running totals, the winner marked, checker problems beside the
row they concern)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from kamplib.i18n import kind_name, t

__all__ = ["sheet_html", "scores_html", "sheet_table_html"]


def sheet_table_html(players: Sequence[str], rows: Sequence[tuple[str, Mapping[str, Any]]], *,
                     winners: Sequence[str] = (), lang: str = "nb",
                     in_progress: int | None = None, problems: Sequence[Any] = (),
                     labels: Sequence[str] | None = None) -> str:
    """The table itself: a row per round (score and running total per player), then the sums.

    ``problems`` are checker problems (``row``, ``player``, ``message(lang)``): a cell problem
    marks its cell, a row problem goes in the last column of its row, a sheet problem below.
    """
    cell_problems: dict[tuple[int, str], list[str]] = {}
    row_problems: dict[int, list[str]] = {}
    sheet_problems: list[str] = []
    for p in problems:
        text = p.message(lang)
        if p.row is None:
            sheet_problems.append(text)
        elif p.player is None:
            row_problems.setdefault(p.row, []).append(text)
        else:
            cell_problems.setdefault((p.row, p.player), []).append(text)
    win = set(winners)
    th_style = "padding:2px 10px;border-bottom:1px solid #999"
    head = [f"<th style='{th_style};text-align:left'>{escape(t('word_round', lang))}</th>"]
    for name in players:
        cls = ' class="kamp-winner"' if name in win else ""
        mark = f" ★<span class='kamp-sr'> {escape(t('draw_winner', lang))}</span>" \
            if name in win else ""
        head.append(f"<th{cls} data-player='{escape(name)}' style='{th_style}'>"
                    f"{escape(name)}{mark}</th>")
    if problems:
        head.append(f"<th style='{th_style}'>{escape(t('word_check', lang))}</th>")
    body = []
    running = dict.fromkeys(players, 0)
    for i, (kind, scores) in enumerate(rows):
        label = labels[i] if labels is not None else kind_name(kind, lang)
        if in_progress == i:
            label += f" ({t('draw_in_progress', lang)})"
        cells = [f"<th style='text-align:left;padding:2px 10px'>{escape(label)}</th>"]
        for name in players:
            value = scores.get(name)
            classes = []
            title = ""
            if value is None:
                shown = "–"
                title = t("draw_empty_cell", lang)
            elif not isinstance(value, int):  # text as typed: kept, shown, not added
                shown = escape(str(value))
            else:
                running[name] += value
                shown = (f"{value} <small style='color:#666' title='"
                         f"{escape(t('draw_running', lang, total=running[name]))}'>"
                         f"({running[name]})</small>")
            found = cell_problems.get((i, name))
            if found:
                classes.append("kamp-problem")
                title = " ".join(found)
                shown += " ⚠"
            cls = f' class="{" ".join(classes)}"' if classes else ""
            style = "text-align:right;padding:2px 10px" + (
                ";background:#fdecea" if found else "")
            tip = f' title="{escape(title)}"' if title else ""
            cells.append(f"<td{cls}{tip} data-player='{escape(name)}' style='{style}'>"
                         f"{shown}</td>")
        if problems:
            found = row_problems.get(i, []) + [
                f"{n}: {m}" for (r, n), ms in cell_problems.items() if r == i for m in ms]
            inner = "".join(f"<div class='kamp-problem'>{escape(m)}</div>" for m in found)
            cells.append(f"<td style='color:#a12;padding:2px 10px'>{inner}</td>")
        body.append(f"<tr data-row='{i}' data-kind='{escape(kind)}'>{''.join(cells)}</tr>")
    totals = [f"<th style='text-align:left;padding:2px 10px'>{escape(t('word_total', lang))}</th>"]
    for name in players:
        cls = ' class="kamp-total kamp-winner"' if name in win else ' class="kamp-total"'
        style = "text-align:right;padding:2px 10px;border-top:1px solid #999" + (
            ";font-weight:bold;background:#fff5cc" if name in win else "")
        totals.append(f"<td{cls} data-player='{escape(name)}' style='{style}'>"
                      f"{running[name]}</td>")
    if problems:
        totals.append("<td></td>")
    extra = "".join(f"<div class='kamp-problem' style='color:#a12'>{escape(m)}</div>"
                    for m in sheet_problems)
    return (f"<table class='kamp-score-sheet' style='border-collapse:collapse'>"
            f"<thead><tr>{''.join(head)}</tr></thead><tbody>{''.join(body)}</tbody>"
            f"<tfoot><tr>{''.join(totals)}</tr></tfoot></table>{extra}")


def _game_rows(game: Any) -> tuple[list[tuple[str, dict[str, int]]], int | None]:
    rows = []
    in_progress = None
    for i, rnd in enumerate(game.rounds):
        if not rnd.is_over:
            if not rnd.history:
                continue  # dealt but not started: nothing to write down yet
            in_progress = i
        rows.append((rnd.kind, rnd.scores()))
    return rows, in_progress


def sheet_html(source: Any, *, lang: str = "nb") -> str:
    """A score sheet of a :class:`~kamplib.game.Game` or a typed-in score sheet."""
    if hasattr(source, "rounds") and hasattr(source, "legal_moves"):  # a Game
        rows, in_progress = _game_rows(source)
        return sheet_table_html(source.players, rows, winners=source.winners, lang=lang,
                                in_progress=in_progress)
    rows = [(kind, dict(scores)) for kind, scores in source.rows]
    winners = source.winners() if callable(source.winners) else source.winners
    labels = None
    if hasattr(source, "row_label"):
        labels = [source.row_label(i, lang) for i in range(len(rows))]
    return sheet_table_html(source.players, rows, winners=winners, lang=lang,
                            problems=source.problems(), labels=labels)


def scores_html(players: Sequence[str], scores: Mapping[str, int], *, lang: str = "nb",
                classes: str = "kamp-score") -> str:
    """One line of scores, e.g. the round so far or the game totals."""
    cells = "".join(f"<span data-player='{escape(p)}' style='margin-right:1em'>"
                    f"<b>{escape(p)}</b>: {scores.get(p, 0)}</span>" for p in players)
    return f"<div class='{classes}'>{cells}</div>"
