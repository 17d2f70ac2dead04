"""Sentences a course page shows as part of its text: standings, who won, what a sheet says.

A :class:`Note` is a plain ``str`` (``print`` and tests see the sentence) that a notebook shows
as a short paragraph, never as a quoted Python value.

Two kinds, two languages.  A note in a box beside the text (:func:`say`) speaks to the learner
like a message or a table does: in the learner's language (English under ``?lang=en``).  Text
that is part of the page's own narrative (:func:`prose`, :func:`bullets`: a rule as the
learner's choices make it, in the middle of a section) is in the narrative's language,
:data:`NARRATIVE` (bokmål): an English sentence between two bokmål ones reads as a mistake.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from kamplib.draw.display import color
from kamplib.draw.tables import cell_text
from kamplib.i18n import register, t
from kamplib.round import Round

__all__ = ["NARRATIVE", "Note", "say", "prose", "bullets", "standings", "sheet_check",
           "score_table", "record_preview", "joined"]

# The language the course pages' own text is written in (their markdown, and the sentences
# rendered into it); the interface around it follows the learner's choice.
NARRATIVE = "nb"

register({
    "note_winner_one": {"nb": "{player} vinner med {points} poeng.",
                        "en": "{player} wins with {points} {points:point|points}."},
    "note_winner_shared": {"nb": "{players} deler seieren med {points} poeng hver.",
                           "en": "{players} share the win with {points} {points:point|points} "
                                 "each."},
    "note_rematch": {"nb": "{players} står likt, og med husregelen dere har valgt, avgjør de det "
                           "med et helt nytt spill.",
                     "en": "{players} are tied, and with the house rule you chose they settle it "
                           "with a whole new game."},
    "note_and": {"nb": "og", "en": "and"},
    "note_sheet_fine": {"nb": "Arket har ingen innvendinger: alle radene summerer riktig.",
                        "en": "The sheet has no objections: every row adds up."},
})


class Note(str):
    """Text that a notebook shows as a short paragraph of the page (not as a Python value)."""

    html: str = ""
    box: bool = True  # a note beside the text; False: part of the text itself (:func:`prose`)

    def _repr_html_(self) -> str:
        body = self.html or "".join(f"<p style='margin:4px 0'>{escape(line)}</p>"
                                    for line in self.splitlines() if line.strip())
        if not self.box:
            return f"<div class='kamp-prose'>{body}</div>"  # the page's own colours
        return (f"<div class='kamp-note' style='border-left:4px solid {color('note-edge')};"
                f"padding:4px 12px;margin:6px 0;background:{color('note')};"
                f"color:{color('ink')}'>{body}</div>")


def say(*lines: str) -> Note:
    """Sentences for the page: each argument is one paragraph."""
    return Note("\n".join(str(line) for line in lines))


def prose(*paragraphs: str) -> Note:
    """Sentences that are part of the page's own text (a rule as the learner's choices make
    it): paragraphs like the page's, not a box beside them."""
    note = Note("\n".join(str(p) for p in paragraphs))
    note.html = "".join(f"<p>{escape(str(p))}</p>" for p in paragraphs if str(p).strip())
    note.box = False
    return note


def bullets(*items: str) -> Note:
    """A list in the page's own text, one item a line."""
    note = Note("\n".join(str(i) for i in items))
    note.html = "<ul>" + "".join(f"<li>{escape(str(i))}</li>" for i in items) + "</ul>"
    note.box = False
    return note


def joined(names: Sequence[str], lang: str = "nb") -> str:
    """``Kari, Ola og Siri`` / ``Kari, Ola and Siri``."""
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {t('note_and', lang)} {names[-1]}"


def score_table(rnd: Round, lang: str = "nb") -> Note:
    """The scores of a round as a small table (tricks, or passes and cards left, and points)."""
    from kamplib.draw import round_scores_html

    names = ", ".join(f"{p} {cell_text(v)}" for p, v in rnd.scores().items())
    note = Note(t("standings", lang, standings=names))
    note.html = round_scores_html(rnd, lang=lang)
    return note


def standings(source: Any, lang: str = "nb") -> Note:
    """Totals from lowest to highest and who won, for a game or a score sheet; a tie that the
    house rule settles with a new game says so."""
    totals = source.totals()
    winners = source.winners() if callable(source.winners) else source.winners
    ranked = sorted(totals, key=totals.__getitem__)
    lines = [t("standings", lang, standings=", ".join(f"{p} {cell_text(totals[p])}"
                                                      for p in ranked))]
    rematch = getattr(source, "standing", None)
    if callable(rematch) and rematch().rematch:
        lines.append(t("note_rematch", lang, players=joined(winners, lang)))
    elif len(winners) == 1:
        lines.append(t("note_winner_one", lang, player=winners[0],
                       points=cell_text(totals[winners[0]])))
    elif winners:
        lines.append(t("note_winner_shared", lang, players=joined(winners, lang),
                       points=cell_text(totals[winners[0]])))
    return say(*lines)


def sheet_check(sheet: Any, lang: str = "nb") -> Note:
    """What the score sheet's checker says, one problem per line (or that all is well)."""
    problems = sheet.problems()
    if not problems:
        return say(t("note_sheet_fine", lang))
    return say(*(p.message(lang) for p in problems))


def record_preview(text: str, lines: int = 14) -> Note:
    """The first ``lines`` lines of a kamp/1 record, shown as the file looks."""
    shown = text.splitlines()
    body = "\n".join(shown[:lines] + (["  …"] if len(shown) > lines else []))
    note = Note(body)
    note.html = f"<pre style='margin:0;font-size:90%'>{escape(body)}</pre>"
    return note
