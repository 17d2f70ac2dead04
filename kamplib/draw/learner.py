"""The learner's table as HTML: the other players, the trick or Fan Tan table, the log of what
happened, the coach's verdict, and the summaries at the end of a round and of the game.

Pure drawing like the rest of :mod:`kamplib.draw`: it reads a table session
(:class:`kamplib.teach.session.TableSession`), its log lines, the coach's judgements and the
summaries, and returns HTML; the play widgets only place it on the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from kamplib.draw.display import MUTED, Html
from kamplib.draw.sheet import sheet_html
from kamplib.draw.table import fantan_table_html, round_scores_html, trick_html
from kamplib.draw.tables import table_html as plain_table_html
from kamplib.i18n import register, t
from kamplib.kinds import Family
from kamplib.round import Round

__all__ = ["opponents_html", "table_html", "log_html", "judgement_html", "review_html",
           "round_summary_html", "game_summary_html", "coach_labels_html"]

register({
    "draw_label_column": {"nb": "Merke", "en": "Label"},
    "draw_label_rule_column": {"nb": "Trekket …", "en": "The move …"},
    "draw_coach_numbers": {
        "nb": "Alle tallene treneren viser, er hva et trekk koster deg i snitt mot det beste "
              "trekket den finner, i poeng i runden (i Fan Tan dine poeng minus snittet til de "
              "andre). Tallet etter ± er usikkerheten: treneren gjetter på kortene du ikke ser, "
              "og med andre gjetninger kunne tallet ofte blitt så mye høyere eller lavere. I en "
              "runde som teller dobbelt, dobles grensene.",
        "en": "Every number the coach shows is what a move costs you on average against the "
              "best move it finds, in points of the round (in Fan Tan, your points minus the "
              "others' average). The number after ± is the uncertainty: the coach guesses at the "
              "cards you cannot see, and other guesses could often have made the number that "
              "much higher or lower. In a round that counts double, the limits double too.",
    },
})



def opponents_html(rnd: Round, learner: int, lang: str = "nb") -> str:
    """One short line per other player: cards in hand (and passes in Fan Tan)."""
    items = []
    for seat, name in enumerate(rnd.players):
        if seat == learner:
            continue
        count = rnd.hands[seat].bit_count()
        text = (t("draw_cards_passes", lang, player=name, count=count, passes=rnd.passes[seat])
                if rnd.family is Family.FANTAN
                else t("draw_cards_count", lang, player=name, count=count))
        items.append(f"<span class='kamp-opponent' data-player='{escape(name)}'>"
                     f"{escape(text)}</span>")
    return f"<div class='kamp-opponents'>{''.join(items)}</div>"


def table_html(rnd: Round, learner: int, *, taken: str = "", lang: str = "nb",
               four_color: bool = False) -> Html:
    """The middle of the table: the trick being played (and the one just finished, with who
    took it and why), or the Fan Tan layout."""
    parts = [opponents_html(rnd, learner, lang)]
    if rnd.family is Family.FANTAN:
        parts.append(fantan_table_html(rnd, lang=lang, four_color=four_color))
    else:
        last = rnd.tricks[-1] if rnd.tricks else None
        if rnd.trick or last is None:
            parts.append(trick_html(rnd.trick, rnd.players, winning=rnd.winning, lang=lang,
                                    four_color=four_color))
        if last is not None:
            title = t("draw_last_trick" if rnd.trick else "draw_trick_done", lang)
            note = (f"<div class='kamp-taken' role='status'>{escape(taken)}</div>"
                    if taken else "")
            parts.append("<div class='kamp-last-trick-box'>"
                         + trick_html(last.plays, rnd.players, winning=last.winner,
                                      finished=True, lang=lang, four_color=four_color,
                                      title=title, classes=("kamp-last-trick",))
                         + note + "</div>")
    return Html("<div style='display:flex;flex-direction:column;gap:6px'>"
                + "".join(parts) + "</div>")


# what a trick's lines say after its lead (kamplib.teach.narration.LINE_KINDS)
_IN_A_TRICK = frozenset({"followed", "trumped", "discarded", "took"})


def log_html(lines: Sequence[Any], *, lang: str = "nb", last: int = 6) -> str:
    """The last few sentences of the table's log, newest last (a live region: read aloud).
    A trick is shown whole from its lead: the window reaches back to the lead of the first
    trick it shows part of (the learner's own lead stays in view until the trick is past)."""
    lines = list(lines)
    start = max(0, len(lines) - last)
    while start > 0 and lines[start].what in _IN_A_TRICK:
        start -= 1
    shown = lines[start:]
    if not shown:
        return ""
    items = "".join(f"<li data-player='{escape(line.player)}' class='kamp-log-{line.what}'>"
                    f"{escape(line.text(lang))}</li>" for line in shown)
    # not numbered: a line's place in the whole round's log is no move's number a learner
    # knows (the walk read «61. Ola spilte ut ♥8.» as move 61)
    return (f"<div class='kamp-log' aria-live='polite'><div style='{MUTED}'>"
            f"{escape(t('draw_log_title', lang))}</div><ul class='kamp-log-lines'>"
            f"{items}</ul></div>")


def judgement_html(judgement: Any, *, lang: str = "nb", heading: str | None = None,
                   note: bool = True) -> str:
    """The coach's verdict on one move: label (its colour) and the sentence, which already says
    the points it cost (the shorter :meth:`~kamplib.teach.review.Judgement.cost` line beside it
    said the same twice); ``note=False`` leaves out what Fan Tan's numbers count, which a
    review says once above its moves."""
    label = judgement.label
    head = heading if heading is not None else t("draw_your_move", lang)
    return (f"<div class='kamp-rating kamp-rating-{escape(label)}' data-label='{escape(label)}' "
            f"role='status'><b>{escape(head)}:</b> "
            f"{escape(judgement.move_shown(lang))}: "
            f"<span class='kamp-label-{escape(label)}'>{escape(judgement.label_text(lang))}"
            f"</span>. {escape(judgement.reason(lang, note=note))}</div>")


def review_html(moves: Sequence[Any], text: str, *, lang: str = "nb") -> str:
    """The review of a round: one sentence for the round, then each move that cost points."""
    items = []
    for number, m in enumerate(moves, start=1):
        j = m.judgement
        if j is None or not j.costly:
            continue
        items.append("<li class='kamp-review-item'>"
                     + judgement_html(j, lang=lang, note=False,
                                      heading=t("draw_review_move", lang, number=number))
                     + "</li>")
    body = f"<ul style='padding-left:1.2em'>{''.join(items)}</ul>" if items else ""
    return (f"<div class='kamp-review'><b>{escape(t('draw_review_heading', lang))}</b>"
            f"<div>{escape(text)}</div>{body}</div>")


def round_summary_html(summary: Any, game: Any | None, *, lang: str = "nb",
                       verdict: str = "") -> Html:
    """The end of a round: its score, then ``verdict`` (HTML: the stars it earned, under the
    result they judge), the place so far, the sheet so far and the review."""
    parts = [f"<div class='kamp-summary' role='status' data-round='{summary.index}'>",
             f"<div style='font-size:110%'><b>{escape(summary.headline(lang))}</b></div>",
             verdict]
    if game is not None:
        parts.append(f"<div>{escape(summary.place_text(lang))}</div>")
    parts.append(f"<div style='margin-top:4px'>{escape(t('draw_round_scores', lang))}</div>"
                 + round_scores_html(summary.round, lang=lang, classes="kamp-round-score"))
    if game is not None:
        parts.append(f"<div style='margin-top:4px'>{escape(t('draw_sheet_so_far', lang))}</div>"
                     + sheet_html(game, lang=lang))
    parts.append(review_html(summary.moves, summary.review_text(lang), lang=lang))
    nxt = summary.next_text(lang)
    if nxt:
        parts.append(f"<div class='kamp-next-round'>{escape(nxt)}</div>")
    parts.append("</div>")
    return Html("".join(parts))


def game_summary_html(summary: Any, game: Any, *, lang: str = "nb", verdict: str = "") -> Html:
    """The end of the game: the learner's place, ``verdict`` (HTML: the stars it earned), the
    sheet, and a review for every round."""
    parts = [f"<div class='kamp-summary kamp-game-over' role='status'>"
             f"<div style='font-size:115%'><b>{escape(summary.headline(lang))}</b></div>",
             verdict,
             sheet_html(game, lang=lang)]
    for r in summary.rounds:
        parts.append(f"<details class='kamp-round-review'><summary>{escape(r.headline(lang))}"
                     f"</summary>{review_html(r.moves, r.review_text(lang), lang=lang)}"
                     "</details>")
    parts.append("</div>")
    return Html("".join(parts))


def coach_labels_html(lang: str = "nb") -> Html:
    """The coach's labels and the rule that gives each, with the thresholds from
    :mod:`kamplib.hints` (the one place they are stated), and what its numbers mean."""
    from kamplib.hints import label_rules

    return Html(f"<p>{escape(t('draw_coach_numbers', lang))}</p>"
                + str(plain_table_html([t("draw_label_column", lang),
                                        t("draw_label_rule_column", lang)],
                                       label_rules(lang))))
