"""What the learner's browser keeps for the learner: one versioned schema, nothing on a server.

The browser's ``localStorage`` holds, for this site (its origin), these keys; one page script
(``app/share/voila/templates/kamp/static/kamp-memory.js``: the Voilà app loads it, the browser
edition's bundle imports it) reads and writes them, and :mod:`kamplib.widgets.memory` carries
them to and from the page's Python:

``kamp-learner/1``
    The learner: :class:`LearnerData` as JSON (schema ``kamp-learner/1``): ``stars`` (page path →
    goal → best stars, 1–3), ``rating`` (the puzzle rating, :mod:`kamplib.teach.rating`),
    ``solved`` (puzzle id → 1 right, 0 wrong, the first answer), ``mistakes`` (the learner's own
    clear mistakes as personal puzzles: position, the move played, the moves the coach calls
    good, and when each is due again, :mod:`kamplib.teach.mistakes`), ``visited`` (page paths
    opened).  This is what «Last ned fremgangen» exports as one file (``kamp-progress/1``) and
    what an import merges into.
``kamp-memory/2:<page path>#<slot>``
    One table, score sheet or drill on one page (slot ``table-0``, ``sheet-0``, ``drill-0`` … in
    the order the page makes them): ``{"schema": "kamp-memory/2", "kind": …, "key": …,
    "data": …}`` where ``key`` says which table it was (game, rules, seats), so a changed page
    or other house rules start afresh, and ``data`` is a round's or game's ``kamp/1`` record
    (replayed through the engine when it comes back), a sheet's typed cells, a drill's tally
    and answer.  It is replaced on every change and by «Ny utdeling»; nothing else removes it.
``kamp/1/scorebook`` (issue 27, kept by the score book's own code)
    The family's score book: its own schema, next to these.  Not part of the learner's export.

Every key this origin's pages use is listed here; a new one is added here first, so two parts
of the product never write under the same key.

A browser that cannot store (private mode, full) keeps nothing: the page works as before and
says once that progress is not kept.  Anything read back is checked here before it is used;
what cannot be read is dropped and the rest kept.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kamplib.i18n import register
from kamplib.teach.rating import NEW, Rating

__all__ = ["LearnerData", "LEARNER_SCHEMA", "LEARNER_KEY", "PAGE_SCHEMA", "EXPORT_FORMAT",
           "MAX_STORE_CHARS", "MAX_MISTAKES", "GOAL_KINDS", "MAX_STARS", "read_export",
           "page_key", "current_learner", "set_learner", "on_learner_change", "learner_changed",
           "MERGE", "REPLACE", "browser_message", "take_from_browser", "browser_text",
           "learner_known"]

LEARNER_SCHEMA = "kamp-learner/1"
LEARNER_KEY = LEARNER_SCHEMA
PAGE_SCHEMA = "kamp-memory/2"
EXPORT_FORMAT = "kamp-progress/1"
MAX_STORE_CHARS = 1_000_000  # far more than a learner makes; anything bigger is not ours
MAX_MISTAKES = 100  # the oldest finished ones go first
MAX_SOLVED = 5000
# The kinds of goal a page can have, and the most stars one goal gives (kamplib.teach.progress
# says what earns them)
GOAL_KINDS = ("play", "good", "game", "drill", "puzzle")
MAX_STARS = 3

register({
    "memory_not_kept": {
        "nb": "Denne nettleseren lar ikke kurset lagre noe (privat vindu, eller lageret er "
              "fullt), så det du gjør her, blir ikke husket til neste gang. Alt annet virker "
              "som vanlig.",
        "en": "This browser does not let the course keep anything (a private window, or its "
              "storage is full), so what you do here is not remembered for next time. "
              "Everything else works as usual."},
    "store_not_progress": {
        "nb": "Filen er ikke en fremgangsfil fra kamp (den lages med «Last ned fremgangen»)",
        "en": "The file is not a progress file from kamp (one is made by 'Download your "
              "progress')"},
})


def page_key(path: str, slot: str) -> str:
    """The browser storage key of one table (or sheet, or drill) on one page."""
    return f"{PAGE_SCHEMA}:{path}#{slot}"


@dataclass
class LearnerData:
    """Everything kept about one learner (see the module's docstring for each field)."""

    stars: dict[str, dict[str, int]] = field(default_factory=dict)
    rating: Rating = NEW
    solved: dict[str, int] = field(default_factory=dict)
    mistakes: list[dict[str, Any]] = field(default_factory=list)
    visited: list[str] = field(default_factory=list)

    # -- stars -------------------------------------------------------------------------------
    def earn(self, path: str, goal: str, stars: int) -> bool:
        """Keep ``stars`` for a goal if better than before; True when something changed."""
        if goal not in GOAL_KINDS or not 1 <= stars <= MAX_STARS:
            return False
        goals = self.stars.setdefault(path, {})
        if goals.get(goal, 0) >= stars:
            return False
        goals[goal] = stars
        return True

    @property
    def has_progress(self) -> bool:
        """Anything the learner earned here: stars, a puzzle answered, an own mistake kept
        (pages visited aside: opening the front page is no progress to keep)."""
        return bool(self.stars or self.solved or self.mistakes)

    def page_stars(self, path: str) -> int:
        return sum(self.stars.get(path, {}).values())

    def visit(self, path: str) -> bool:
        if path in self.visited:
            return False
        self.visited.append(path)
        return True

    def reset(self) -> None:
        """Forget everything kept here (the learner asked to start over); a score sheet, the
        score book and a round in progress are kept under keys of their own and stay."""
        self.stars, self.rating, self.solved = {}, NEW, {}
        self.mistakes, self.visited = [], []

    # -- as stored ---------------------------------------------------------------------------
    def as_dict(self) -> dict[str, Any]:
        return {"schema": LEARNER_SCHEMA, "stars": self.stars, "rating": self.rating.as_dict(),
                "solved": self.solved, "mistakes": self.mistakes[-MAX_MISTAKES:],
                "visited": self.visited}

    def to_json(self) -> str:
        return json.dumps(self.as_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, doc: Any) -> LearnerData:
        """The learner's data from what the browser kept: every part that can be read, the
        rest dropped (a broken or foreign store gives a new learner's data)."""
        data = cls()
        if not isinstance(doc, dict) or doc.get("schema") != LEARNER_SCHEMA:
            return data
        stars = doc.get("stars")
        if isinstance(stars, dict):
            for path, goals in list(stars.items())[:500]:
                if isinstance(path, str) and isinstance(goals, dict):
                    for goal, value in goals.items():
                        if type(value) is int:
                            data.earn(path[:200], goal, value)
        data.rating = Rating.from_dict(doc.get("rating"))
        solved = doc.get("solved")
        if isinstance(solved, dict):
            data.solved = {k[:100]: 1 if v else 0 for k, v in list(solved.items())[:MAX_SOLVED]
                           if isinstance(k, str) and v in (0, 1, True, False)}
        mistakes = doc.get("mistakes")
        if isinstance(mistakes, list):
            from kamplib.teach.mistakes import checked_mistake

            kept = (checked_mistake(m) for m in mistakes[-MAX_MISTAKES:])  # the newest
            data.mistakes = [m for m in kept if m is not None]
        visited = doc.get("visited")
        if isinstance(visited, list):
            data.visited = [p[:200] for p in visited[:500] if isinstance(p, str)]
        return data

    @classmethod
    def from_json(cls, text: Any) -> LearnerData:
        if not isinstance(text, str) or len(text) > MAX_STORE_CHARS:
            return cls()
        try:
            doc = json.loads(text, parse_constant=_no_constant)
        except ValueError:
            return cls()
        return cls.from_dict(doc)

    # -- one file ----------------------------------------------------------------------------
    def export_text(self) -> str:
        """The learner's progress as one file (``kamp-progress/1``), to carry to another
        device."""
        return json.dumps({"format": EXPORT_FORMAT, "learner": self.as_dict()},
                          ensure_ascii=False, indent=1) + "\n"

    def merge(self, other: LearnerData) -> None:
        """Take in an imported learner: the best stars of both, the rating that rests on more
        answers, every puzzle answered, every mistake not yet here, every page visited."""
        for path, goals in other.stars.items():
            for goal, stars in goals.items():
                self.earn(path, goal, stars)
        if len(other.solved) > len(self.solved):
            self.rating = other.rating
        for ident, right in other.solved.items():
            self.solved.setdefault(ident, right)
        have = {m["id"] for m in self.mistakes}
        self.mistakes += [m for m in other.mistakes if m["id"] not in have]
        self.mistakes = self.mistakes[-MAX_MISTAKES:]
        for path in other.visited:
            self.visit(path)


# The page's learner data (one kernel is one page) and who is told when it changes.
_learner: LearnerData | None = None
_listeners: list[Callable[[LearnerData], None]] = []
# Whether the browser has answered: its copy arrived, or it has none (a new learner, a browser
# that cannot store).  Until then the page's data is a new learner's, which for a returning
# learner is not true: the page shows nothing read from it (see :func:`learner_known`).
_known = False


def current_learner() -> LearnerData:
    """The learner's data as this page knows it (a new learner's until the browser answers)."""
    global _learner
    if _learner is None:
        _learner = LearnerData()
    return _learner


def learner_known() -> bool:
    """Whether the page knows the learner: the browser's copy of the learner's data has arrived,
    or the browser said it keeps none (kamp-memory.js gives the page's learner field what is
    kept, "" for nothing, the first time it sees the field).  Until then the page says nothing
    taken from the data — no stars, no puzzle rating, no count of answers — since a returning
    learner's would show as a new learner's for a moment (the rating 1500, no stars), then
    change.  A page without the page script (a notebook outside the course's app and site)
    never hears from a browser and shows none of them."""
    return _known


def set_learner(data: LearnerData) -> None:
    """Make ``data`` the page's learner data and tell every listener (stars on the page)."""
    global _learner
    _learner = data
    for listener in list(_listeners):
        listener(data)


def on_learner_change(listener: Callable[[LearnerData], None]) -> None:
    """Call ``listener(data)`` whenever the page's learner data changes (stars earned, the
    browser's copy arrived, an import, a reset): the page's link keeps it, marks redraw."""
    _listeners.append(listener)


def learner_changed() -> None:
    """The page's learner data was changed in place (:meth:`LearnerData.earn`): tell the
    listeners."""
    set_learner(current_learner())


# How the browser's copy of the learner's data is taken in (kamp-memory.js says which):
# the FIRST copy a page gets is MERGED with what the page's Python has so far (stars earned
# before the browser answered are not lost); a LATER copy (another tab changed the data, an
# import there, a reset there) REPLACES it, since the browser's copy is then the newer truth —
# unless this page changed the data after the copy the browser last had from it (its stars
# would be lost: it is merged then, see :func:`browser_message`).
MERGE, REPLACE = "merge", "replace"

# The browser's own text of the copy taken in last, by the text this page would write for the
# same data (key order and number forms can differ: a page that gave back its own spelling of
# the copy it just took would look to every other tab like news, and they would take it in
# again, over changes of their own made meanwhile).
_browser_spelling: dict[str, str] = {}


def browser_message(value: Any, sent: str = "") -> tuple[str, str] | None:
    """``(kept text, MERGE or REPLACE)`` from what the page's script wrote into the learner's
    field (``{"schema": "kamp-learner/1", "restore": <kept text or "">, "how": …, "seen":
    <the field's value as the page last had it>}``); None for anything else (the page's own
    copy, a broken or too big value).  A REPLACE whose ``seen`` is not ``sent`` (what this
    page's Python wrote last) is a MERGE: the page changed the data after what the browser
    had from it, and that change is not lost."""
    if not isinstance(value, str) or len(value) > MAX_STORE_CHARS:
        return None
    try:
        message = json.loads(value, parse_constant=_no_constant)
    except ValueError:
        return None
    if not isinstance(message, dict) or message.get("schema") != LEARNER_SCHEMA \
            or not isinstance(message.get("restore"), str):
        return None
    seen = message.get("seen")
    stale = isinstance(seen, str) and seen != sent
    how = REPLACE if message.get("how") == REPLACE and not stale else MERGE
    return message["restore"], how


def take_from_browser(kept: str, how: str) -> LearnerData:
    """Take in the browser's copy (``kept``, the stored text, "" for none): merged into the
    page's data (MERGE) or instead of it (REPLACE).  What cannot be read is dropped part by
    part (:meth:`LearnerData.from_dict`)."""
    global _known
    data = LearnerData.from_json(kept) if kept else LearnerData()
    _known = True  # told before the listeners hear of the data: they show it now
    if kept:
        _browser_spelling.clear()
        _browser_spelling[data.to_json()] = kept
    if how == MERGE:
        data.merge(current_learner())
    set_learner(data)
    return data


def browser_text(data: LearnerData) -> str:
    """``data`` as the page gives it to the browser to keep: in the browser's own spelling when
    it is the copy the browser gave last (nothing new to keep: no other tab hears of it)."""
    text = data.to_json()
    return _browser_spelling.get(text, text)


def _no_constant(name: str) -> Any:
    raise ValueError(name)  # NaN and Infinity are not JSON


def read_export(content: bytes | str) -> LearnerData:
    """A progress file exported by :meth:`LearnerData.export_text`; a file that is not one
    raises :class:`~kamplib.errors.RecordError` with a sentence."""
    from kamplib.errors import RecordError

    if isinstance(content, bytes):
        try:
            content = content.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RecordError("store_not_progress") from None
    if len(content) > MAX_STORE_CHARS:
        raise RecordError("store_not_progress")
    try:
        doc = json.loads(content, parse_constant=_no_constant)
    except ValueError:
        raise RecordError("store_not_progress") from None
    if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT \
            or not isinstance(doc.get("learner"), dict) \
            or doc["learner"].get("schema") != LEARNER_SCHEMA:
        raise RecordError("store_not_progress")
    return LearnerData.from_dict(doc["learner"])

