"""The learner's own clear mistakes, brought back as personal puzzles with spaced repetition.

When the coach's review of a learner's move says «dårlig» (it lost more than
:data:`kamplib.hints.BAD_GAP` points on average against the best move), the position becomes a
personal puzzle: the same cards, the same moves before it, and the question «Finn et bedre
kort».  Any move the coach calls «godt» there is a right answer.  It comes back after spaced
intervals (:data:`AGAIN_AFTER_WRONG`, then :data:`INTERVALS`) until it has been answered right
twice in a row; then it is learned and leaves the list.

A mistake is stored as plain data (a :class:`~kamplib.teach.puzzles.Puzzle`'s fields plus
``played``, ``due``, ``streak``) in the learner's browser (:mod:`kamplib.teach.store`), and
replayed through the engine before it is used, so a stored one can never be a position the
rules forbid.  :func:`note_round` takes them from the coach's review at a round's end (the
learner's table, :class:`~kamplib.teach.session.TableSession`); a mistake once learned is noted
in the learner's ``solved`` (its ``mine-`` id), so replaying the same round does not bring it
back.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from kamplib.errors import KampError
from kamplib.moves import Move
from kamplib.round import Round
from kamplib.rules import GAMES, make_rules
from kamplib.teach.puzzles import Puzzle, move_code

if TYPE_CHECKING:  # the coach imports the bots' search, the store reads mistakes: types only
    from kamplib.hints import Hint
    from kamplib.teach.session import LearnerMove
    from kamplib.teach.store import LearnerData

__all__ = ["mistake_from", "checked_mistake", "due_mistakes", "answered", "INTERVALS",
           "AGAIN_AFTER_WRONG", "RIGHT_TO_LEARN", "house_rules", "note_round", "MINE"]

# Seconds until a mistake answered right comes back (the first right answer, the second one
# retires it), and after a wrong answer.
INTERVALS = (24 * 3600,)
AGAIN_AFTER_WRONG = 10 * 60
RIGHT_TO_LEARN = 2
MINE = "mine-"  # how a personal puzzle's id begins (a stored puzzle's never does)


def mistake_from(game: str, rnd: Round, position: int, seat: int, played: Move, hint: Hint,
                 now: float | None = None) -> dict[str, Any]:
    """A personal puzzle from a move the coach called bad: ``rnd`` is the round it was made in
    (any later state), ``position`` the length of its history before the move, ``hint`` the
    coach's :class:`~kamplib.hints.Hint` of that position."""
    before = rnd.replayed(position)
    rating = hint.rating(played)
    answers = tuple(sorted(move_code(r.move) for r in hint.ratings if r.label == "good"))
    hands = tuple(" ".join(c.text for c in rnd.replayed(0).hand(s)) for s in range(rnd.n))
    moves = tuple(move_code(e.move) for e in before.history)
    text = "|".join((game, rnd.kind, *hands, *moves, str(seat)))
    ident = MINE + hashlib.blake2b(text.encode(), digest_size=6).hexdigest()
    puzzle = Puzzle(ident, game, rnd.kind, rnd.n, rnd.dealer, rnd.trump,
                    hands, moves, seat, answers, float(rating.loss or 0.0),
                    float(rating.uncertainty or 0.0), bool(rating.exact), int(rating.samples),
                    bool(rating.relative), {}, 2, 1500, house_rules(rnd.rules))
    return {**puzzle.as_dict(), "played": move_code(played), "best": move_code(hint.move),
            # the table's names, so the puzzle shows the players the learner met
            "names": list(rnd.players),
            # due now (never rounded up to a second still to come)
            "due": int(time.time() if now is None else now), "streak": 0}


def house_rules(rules: Any) -> dict[str, Any]:
    """Every house rule's value (the game and the order of rounds aside): a position replays
    under exactly the rules it was played with, whatever the game's defaults."""
    return {f.name: getattr(rules, f.name) for f in fields(rules)
            if f.name not in ("game", "order")}


def checked_mistake(doc: Any) -> dict[str, Any] | None:
    """A stored mistake if it still replays through the engine as a position where its seat is
    to move and its answers are legal; None otherwise."""
    try:
        puzzle = Puzzle.from_dict(doc)
        rnd = puzzle.round()
        if rnd.to_move != puzzle.seat or not puzzle.answers:
            return None
        legal = {move_code(m) for m in rnd.legal_moves()}
        if not set(puzzle.answers) <= legal or doc["played"] not in legal:
            return None
        due, streak = float(doc["due"]), int(doc["streak"])
    except (KampError, KeyError, TypeError, ValueError, AttributeError, IndexError):
        return None
    names = doc.get("names")
    kept_names = {"names": list(names)} if isinstance(names, list) and len(names) == \
        puzzle.players and all(isinstance(n, str) for n in names) else {}
    return {**puzzle.as_dict(), "played": str(doc["played"]), "best": str(doc.get("best", "")),
            "due": due, "streak": max(0, min(RIGHT_TO_LEARN, streak)), **kept_names}


def due_mistakes(mistakes: list[dict[str, Any]],
                 now: float | None = None) -> list[dict[str, Any]]:
    """The mistakes whose time has come, the longest waiting first."""
    now = time.time() if now is None else now
    return sorted((m for m in mistakes if m["due"] <= now), key=lambda m: m["due"])


def answered(mistakes: list[dict[str, Any]], ident: str, right: bool,
             now: float | None = None) -> bool:
    """Note an answer to a personal puzzle: a right one moves it on (and the second in a row
    retires it), a wrong one starts it over.  True when it is learned now."""
    now = time.time() if now is None else now
    for m in mistakes:
        if m["id"] != ident:
            continue
        if not right:
            m["streak"] = 0
            m["due"] = now + AGAIN_AFTER_WRONG
            return False
        m["streak"] += 1
        if m["streak"] >= RIGHT_TO_LEARN:
            mistakes.remove(m)
            return True
        m["due"] = now + INTERVALS[min(m["streak"], len(INTERVALS)) - 1]
        return False
    return False


def note_round(data: LearnerData, game: str, rnd: Round, seat: int,
               moves: Iterable[LearnerMove], now: float | None = None) -> list[dict[str, Any]]:
    """The coach's review of a round the learner played at ``seat``: every move it rated
    «dårlig» becomes a personal puzzle in ``data`` (unless it is there already or was learned
    before).  ``game`` names the game for the page (a round dealt on its own is played under
    one game's rules); the position keeps every house rule it was played with.  Returns the
    mistakes added (the caller hands ``data`` on to the browser when there are any)."""
    game = game if game in GAMES else next(
        (g for g in GAMES if rnd.kind in make_rules(g).order), "femkamp")
    have = {m["id"] for m in data.mistakes}
    added = []
    for m in moves:
        j = m.judgement
        if j is None or j.label != "bad" or j.hint is None:
            continue
        mistake = mistake_from(game, rnd, m.position, seat, m.move, j.hint, now)
        if mistake["id"] in have or mistake["id"] in data.solved or not mistake["answers"]:
            continue
        have.add(mistake["id"])
        added.append(mistake)
    data.mistakes += added  # the store keeps the newest MAX_MISTAKES of them
    return added
