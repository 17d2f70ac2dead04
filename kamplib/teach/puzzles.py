"""«Finn det beste kortet»: real positions from bot games where one move is clearly the best.

A :class:`Puzzle` is stored as plain text, independent of Python's move objects: the round's
deal (each seat's cards as text), the moves made before the position (``"QS"``, ``"pass"``) and
the seat to move.  :meth:`Puzzle.round` replays them through the engine, so a stored puzzle can
never be a position the rules forbid.  Beside the position it keeps the coach's verdict: the
best move (and the cards that are the same move there), the margin by which it beats every
other move in average round points, the standard error of that margin, whether the endgame was
solved exactly, and each other move's loss.  A puzzle is chosen only when the margin is at
least :data:`MIN_MARGIN` and at least :data:`MIN_Z` standard errors: no other move is within
its stated margin (``tests/test_puzzles.py`` checks every stored puzzle, and re-judges a
sample with the analysis), and only when the coach's own verdict on the same evaluation
(:func:`kamplib.hints.coach_from`) recommends that move and calls it clearly better.

The puzzles are made by ``scripts/make_puzzles.py`` (seeded, resumable) into
``kamplib/data/puzzles/<game>-<kind>.json``; :func:`load_puzzles` reads them.  Difficulty
(:attr:`Puzzle.level`, :attr:`Puzzle.rating`) says whether the tactics the course teaches find
the move (the heuristic bot, «middels») and how many different moves there were to choose from.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from kamplib import hints
from kamplib.bots.heuristic import policy
from kamplib.bots.search import SETTINGS, Evaluation, Settings, evaluate, move_groups
from kamplib.bots.situation import from_view
from kamplib.cards import cards_of, mask_of, parse_cards
from kamplib.data import puzzles as folder
from kamplib.moves import Move, parse_move
from kamplib.round import Round, new_round
from kamplib.teach.session import one_round_rules
from kamplib.view import PlayerView, make_view

__all__ = ["Puzzle", "Verdict", "judge_position", "load_puzzles", "puzzle_kinds",
           "move_code", "MIN_MARGIN", "MIN_Z", "JUDGE", "LEVELS", "LEVEL_WORDS", "FORMAT"]

FORMAT = "kamp-puzzles/1"
# A puzzle's best move beats every other by at least this many average round points ...
MIN_MARGIN = 0.5
# ... and by at least this many standard errors of that difference (about 1 in 740 that the
# order is a fluke of the sampled deals, for each other move).
MIN_Z = 3.0
# The judge: the coach's strongest search, the analysis that reviews games
# (kamplib.bots.search.SETTINGS), drawing deals until a lead is MIN_Z standard errors (the
# analysis alone stops at 2, enough to choose a move but not to promise a puzzle's answer).
JUDGE = replace(SETTINGS["analysis"], z=MIN_Z)
# lett, middels, vanskelig: whether the tactics find the move, and how many moves there were
LEVELS = (1, 2, 3)
# The rating of the easiest puzzles: a new learner's (1500), so a learner who has never played
# starts on «lett» ones (the walk of 3 Dec: every first puzzle was «middels»).
EASIEST = 1500
# Each level's word: the same words as the bots' strengths (kamplib.bots.LEVELS)
LEVEL_WORDS = {1: "level_random", 2: "level_heuristic", 3: "level_search"}
# The round kinds that get puzzles, per game: every Femkamp round, and the rounds Sekskamp and
# Sjukamp add (kamplib.rules.GAMES names them; the other rounds are Femkamp's).
_PUZZLE_KINDS = {
    "femkamp": ("pass", "klover", "damer", "fantan", "grand"),
    "sekskamp": ("trumf",),
    "sjukamp": ("trumf", "finale"),
}


def puzzle_kinds() -> tuple[tuple[str, str], ...]:
    """Every (game, round kind) with puzzles, in the order a learner meets them."""
    return tuple((game, kind) for game, kinds in _PUZZLE_KINDS.items() for kind in kinds)


def move_code(move: Move) -> str:
    """A move as stored text: a card's code (``QS``), ``pass``, or a suit code."""
    return move.text


@dataclass(frozen=True)
class Verdict:
    """The coach's judgement of a position: the best move and how clearly it is the best.

    ``answers`` are the legal moves that are the best move here (cards the search cannot tell
    apart, such as ♥7 and ♥8 with nothing between them); ``losses`` maps every other distinct
    move to the average points it loses against the best, ``errors`` to the standard error of
    that loss; ``margin`` is the smallest loss, ``margin_error`` its standard error, and ``z``
    the smallest loss-to-error ratio (infinite when the endgame was solved exactly on every
    deal and every deal agreed).
    """

    answers: tuple[str, ...]
    losses: dict[str, float]
    errors: dict[str, float]
    expected: float
    exact: bool
    samples: int
    relative: bool
    coach_agrees: bool = True

    @property
    def margin(self) -> float:
        return min(self.losses.values()) if self.losses else 0.0

    @property
    def margin_error(self) -> float:
        if not self.losses:
            return 0.0
        closest = min(self.losses, key=self.losses.__getitem__)
        return self.errors[closest]

    @property
    def z(self) -> float:
        ratios = [loss / err if err > 0 else math.inf for loss, err in
                  ((self.losses[m], self.errors[m]) for m in self.losses)]
        return min(ratios) if ratios else 0.0

    @property
    def clear(self) -> bool:
        """Whether one move is clearly better than every other (a puzzle): by the margin and
        certainty asked for here, and by the coach's own verdict on the same evaluation."""
        return (bool(self.losses) and self.margin >= MIN_MARGIN and self.z >= MIN_Z
                and self.coach_agrees)


def judge_position(view: PlayerView, settings: Settings = JUDGE) -> Verdict:
    """The coach's verdict on the position of ``view`` (the analysis unless ``settings`` says
    otherwise): deterministic, as every judgement of the coach is."""
    sit = from_view(view)
    groups = move_groups(sit)
    ev: Evaluation = evaluate(view, settings, sit=sit)
    best = min(ev.means, key=ev.means.__getitem__)
    answers = tuple(sorted(move_code(m) for m in view.legal if ev.groups[m] == ev.groups[best]))
    losses: dict[str, float] = {}
    errors: dict[str, float] = {}
    for rep in dict.fromkeys(groups.values()):
        if ev.groups[rep] == ev.groups[best]:
            continue
        loss, err = ev.loss(rep, best)
        losses[move_code(rep)] = loss
        errors[move_code(rep)] = err
    # the coach's verdict on the same evaluation (kamplib.hints): its recommended move is the
    # answer, and it calls the best move clearly better, with no other about as good
    coach = hints.coach_from(view, ev, level="analysis").verdict
    agrees = (move_code(coach.best) in answers and coach.clear
              and not any(mv.about_equal for mv in coach.moves))
    return Verdict(answers, losses, errors, ev.expected(best), ev.exact, ev.deals, ev.relative,
                   agrees)


@dataclass(frozen=True)
class Puzzle:
    """One stored position and the coach's verdict on it (see the module's docstring)."""

    id: str
    game: str
    kind: str
    players: int
    dealer: int
    trump: str | None
    hands: tuple[str, ...]
    moves: tuple[str, ...]
    seat: int
    answers: tuple[str, ...]
    margin: float
    margin_error: float
    exact: bool
    samples: int
    relative: bool
    losses: dict[str, float] = field(default_factory=dict)
    level: int = 2
    rating: int = 1500
    rules: dict[str, Any] = field(default_factory=dict)  # house rules beyond the game's own

    @property
    def names(self) -> tuple[str, ...]:
        """Plain seat names for the engine (the page names the seats for the learner)."""
        return tuple(f"P{i + 1}" for i in range(self.players))

    def round(self, moves: int | None = None, names: Sequence[str] | None = None) -> Round:
        """The round at the puzzle's position (or after the first ``moves`` moves), replayed
        through the engine from the stored deal (``names``: the seats' names to show)."""
        rnd = new_round(self.kind, names or self.names,
                        [mask_of(parse_cards(h)) for h in self.hands],
                        dealer=self.dealer,
                        rules=one_round_rules(self.kind, self.game, self.rules or None),
                        trump=self.trump)
        for text in self.moves[:moves]:
            rnd.play(parse_move(text))
        return rnd

    def view(self, names: Sequence[str] | None = None) -> PlayerView:
        """What the player to move knows at the puzzle's position (``names``: the seats' names
        to show, as in :meth:`round`)."""
        return make_view(self.round(names=names), self.seat)

    def is_answer(self, move: Move | str) -> bool:
        """Whether ``move`` is the best move (or one of the cards that are the same move)."""
        return move_code(parse_move(move)) in self.answers

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game, "kind": self.kind, "players": self.players,
            "dealer": self.dealer, "trump": self.trump, "hands": list(self.hands),
            "moves": " ".join(self.moves), "seat": self.seat, "answers": list(self.answers),
            "margin": round(self.margin, 3), "margin_error": round(self.margin_error, 3),
            "exact": self.exact, "samples": self.samples, "relative": self.relative,
            "losses": {k: round(v, 3) for k, v in self.losses.items()},
            "level": self.level, "rating": self.rating,
            **({"rules": self.rules} if self.rules else {}),
        }

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> Puzzle:
        moves = doc["moves"]
        return cls(
            id=str(doc["id"]), game=str(doc["game"]), kind=str(doc["kind"]),
            players=int(doc["players"]), dealer=int(doc["dealer"]),
            trump=doc.get("trump"), hands=tuple(doc["hands"]),
            moves=tuple(moves.split()) if isinstance(moves, str) else tuple(moves),
            seat=int(doc["seat"]), answers=tuple(doc["answers"]),
            margin=float(doc["margin"]), margin_error=float(doc["margin_error"]),
            exact=bool(doc["exact"]), samples=int(doc["samples"]),
            relative=bool(doc.get("relative", False)),
            losses={str(k): float(v) for k, v in doc.get("losses", {}).items()},
            level=int(doc.get("level", 2)), rating=int(doc.get("rating", 1500)),
            rules=dict(doc.get("rules") or {}))

    @classmethod
    def at(cls, ident: str, game: str, rnd: Round, verdict: Verdict,
           level: int, rating: int) -> Puzzle:
        """The puzzle of ``rnd``'s position (its player to move) with the coach's verdict."""
        fresh = rnd.replayed(0)
        hands = tuple(" ".join(c.text for c in fresh.hand(seat)) for seat in range(rnd.n))
        moves = tuple(move_code(m) for _, m in rnd.moves())
        return cls(ident, game, rnd.kind, rnd.n, rnd.dealer, rnd.trump, hands,
                   moves, rnd.to_move, verdict.answers, verdict.margin, verdict.margin_error,
                   verdict.exact, verdict.samples, verdict.relative, dict(verdict.losses),
                   level, rating)


def difficulty(view: PlayerView, answers: tuple[str, ...]) -> tuple[int, int]:
    """How hard a puzzle is: ``(level, rating)``.

    Level 1 (lett): the course's tactics (the heuristic bot's move) find it and there are at
    most three different moves; level 3 (vanskelig): the tactics miss it and there are more than
    three; level 2 between.  The rating, on the learner's rating scale, is 1500, 1800 or 2100
    by level, plus 40 for every different move beyond two: a new learner (1500) starts on the
    easy ones, and a right answer or two lead on to the harder.
    """
    sit = from_view(view)
    options = len(set(move_groups(sit).values()))
    tactic = move_code(policy(sit)[0])
    found = tactic in answers
    few = options <= 3
    level = 1 if found and few else 3 if not found and not few else 2
    rating = EASIEST + 300 * (level - 1) + 40 * max(0, options - 2)
    return level, rating


@cache
def load_puzzles(game: str, kind: str) -> tuple[Puzzle, ...]:
    """The stored puzzles of one round kind of ``game`` (empty if none were made)."""
    name = f"{game}-{kind}.json"
    try:
        # beside the package's own file, not through importlib.resources: the browser edition's
        # Python ships only the parts of the standard library the pages import
        text = (Path(str(folder.__file__)).parent / name).read_text("utf-8")
    except FileNotFoundError:
        return ()
    doc = json.loads(text)
    return tuple(Puzzle.from_dict(p) for p in doc["puzzles"])


def cards_text(mask: int) -> str:
    """Cards of a mask as stored text, in the engine's order."""
    return " ".join(c.text for c in cards_of(mask))
