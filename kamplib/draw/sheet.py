"""Score sheets as HTML tables (running totals, the winner marked, checker problems beside the
row they concern)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from kamplib.draw.display import MUTED, SR_ONLY, color
from kamplib.draw.tables import cell_text
from kamplib.i18n import kind_name, t

__all__ = ["sheet_html", "scores_html", "sheet_table_html"]


def sheet_table_html(players: Sequence[str], rows: Sequence[tuple[str, Mapping[str, Any]]], *,
                     winners: Sequence[str] = (), lang: str = "nb",
                     in_progress: int | None = None, problems: Sequence[Any] = (),
                     labels: Sequence[str] | None = None) -> str:
    """The table itself: a row per round (score and running total per player), then the sums.

    ``problems`` are checker problems (``row``, ``player``, ``reason(lang)``): a cell problem
    marks its cell (⚠, and the reason as its tooltip), and every problem of a row is said once,
    on a line of its own under the row, so the columns never widen; sheet problems go below.
    No winner is marked and no sum shown while there is a problem.  The table is narrow
    enough for a phone: a column per player, the running total in small type under each score.
    """
    cell_problems: dict[tuple[int, str], list[str]] = {}
    row_problems: dict[int, list[str]] = {}
    sheet_problems: list[str] = []
    for p in problems:
        if p.row is None:
            sheet_problems.append(p.message(lang))
            continue
        text = p.reason(lang)
        row_problems.setdefault(p.row, []).append(text)
        if p.player is not None:
            cell_problems.setdefault((p.row, p.player), []).append(text)
    win = set() if problems else set(winners)
    pad = "padding:2px 6px"
    th_style = f"{pad};border-bottom:1px solid #999"
    head = [f"<th style='{th_style};text-align:left'>{escape(t('word_round', lang))}</th>"]
    for name in players:
        cls = ' class="kamp-winner"' if name in win else ""
        mark = (f" ★<span class='kamp-sr' style='{SR_ONLY}'> {escape(t('draw_winner', lang))}"
                "</span>") if name in win else ""
        head.append(f"<th{cls} data-player='{escape(name)}' style='{th_style};"
                    f"text-align:right;overflow-wrap:break-word'>{escape(name)}{mark}</th>")
    body = []
    running = dict.fromkeys(players, 0)
    unknown: set[str] = set()  # players with a cell that is not a number
    for i, (kind, scores) in enumerate(rows):
        label = labels[i] if labels is not None else kind_name(kind, lang)
        if in_progress == i:
            label += f" ({t('draw_in_progress', lang)})"
        cells = [f"<th style='text-align:left;{pad};font-weight:normal'>{escape(label)}</th>"]
        for name in players:
            value = scores.get(name)
            title = ""
            if value is None:
                shown = "–"
                title = t("draw_empty_cell", lang)
            elif not isinstance(value, int):  # text as typed: kept, shown, never added as 0
                shown = escape(str(value))
                unknown.add(name)
            elif name in unknown:  # a sum above is not a number: nor is any after it
                shown = escape(str(value))
            else:
                running[name] += value
                total = cell_text(running[name])
                shown = (f"{cell_text(value)}<br><small style='{MUTED}' title='"
                         f"{escape(t('draw_running', lang, total=total))}'>"
                         f"({total})</small>")
            found = cell_problems.get((i, name))
            cls = ""
            style = f"text-align:right;{pad};vertical-align:top"
            if found:
                cls = ' class="kamp-problem"'
                title = " ".join(found)
                shown = f"⚠ {shown}"
                style += ";background:#fdecea;color:#7a0c0c;outline:2px solid #b3261e"
            tip = f' title="{escape(title)}"' if title else ""
            cells.append(f"<td{cls}{tip} data-player='{escape(name)}' style='{style}'>"
                         f"{shown}</td>")
        body.append(f"<tr data-row='{i}' data-kind='{escape(kind)}'>{''.join(cells)}</tr>")
        if i in row_problems:
            said = "".join(f"<div>⚠ {escape(m)}</div>" for m in row_problems[i])
            body.append(f"<tr class='kamp-problem-row' data-row='{i}'><td colspan="
                        f"'{len(players) + 1}' class='kamp-problem' role='note' style='{pad};"
                        f"color:#7a0c0c;background:#fdecea'>{said}</td></tr>")
    totals = [f"<th style='text-align:left;{pad}'>{escape(t('word_total', lang))}</th>"]
    for name in players:
        cls = ' class="kamp-total kamp-winner"' if name in win else ' class="kamp-total"'
        style = f"text-align:right;{pad};border-top:1px solid #999" + (
            ";font-weight:bold;background:#fff5cc;color:#1b1b1b" if name in win else "")
        # no sum while the sheet has a problem: the verdict says the sums come once it is
        # put right, and a sum of a wrong row would be a wrong total
        why = ("draw_total_after_problems" if problems
               else "draw_total_unknown" if name in unknown else None)
        if why:
            totals.append(f"<td{cls} data-player='{escape(name)}' style='{style}' title='"
                          f"{escape(t(why, lang))}'>?</td>")
        else:
            totals.append(f"<td{cls} data-player='{escape(name)}' style='{style}'>"
                          f"{cell_text(running[name])}</td>")
    extra = "".join(f"<div class='kamp-problem' role='note' style='color:{color('bad')}'>⚠ "
                    f"{escape(m)}</div>" for m in sheet_problems)
    return (f"<table class='kamp-score-sheet' style='border-collapse:collapse;max-width:100%'>"
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
                    f"<b>{escape(p)}</b>: {cell_text(scores.get(p, 0))}</span>" for p in players)
    return f"<div class='{classes}'>{cells}</div>"
