"""Hints for a learner: the move to make and why, and how good every legal move is.

``hint(view)`` runs the search (the app's strength, :data:`APP_SEARCH_OPTIONS`) over the hidden
cards and labels each legal move good, risky or bad by how many points it loses on average
against the best one.  ``rate_move(view, move)`` is the same judgement for one move, given the
view from *before* the move, so the app can tell a learner afterwards how good it was.  With
``level="heuristic"`` the hint is instant and the labels come from the tactics alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from kamplib.bots import LEVELS, _search_options, check_to_move, make_bot, reason
from kamplib.bots.explain import describe, search_reason
from kamplib.bots.heuristic import TAKE_KINDS, policy
from kamplib.bots.search import APP_SEARCH_OPTIONS, _groups, evaluate
from kamplib.bots.situation import Situation, from_view
from kamplib.cards import parse_suit
from kamplib.errors import CardError, RuleError
from kamplib.i18n import DEFAULT_LANG, register, t
from kamplib.round import Move, parse_move
from kamplib.view import PlayerView

__all__ = ["MoveRating", "Hint", "hint", "rate_move", "LABELS", "GOOD_GAP", "BAD_GAP"]

LABELS = ("good", "risky", "bad")
# Average points lost against the best move: up to GOOD_GAP is good, beyond BAD_GAP is bad.
GOOD_GAP = 0.3
BAD_GAP = 1.5

register({
    "label_good": {"nb": "godt", "en": "good"},
    "label_risky": {"nb": "risikabelt", "en": "risky"},
    "label_bad": {"nb": "dårlig", "en": "bad"},
    "hint_not_legal": {
        "nb": "{move} er ikke et lovlig trekk her; lovlige trekk er {legal}",
        "en": "{move} is not a legal move here; the legal moves are {legal}",
    },
    "hint_level": {
        "nb": "Ukjent nivå «{value}» for hint; velg blant {allowed}",
        "en": "Unknown hint level '{value}'; choose from {allowed}",
    },
    "hint_text": {"nb": "{move}: {reason}", "en": "{move}: {reason}"},
})


@dataclass(frozen=True)
class MoveRating:
    """How good one legal move is, with the expected round points when the search ran."""

    move: Move
    label: str
    expected: float | None
    reason: dict[str, str]

    def label_text(self, lang: str = DEFAULT_LANG) -> str:
        return t(f"label_{self.label}", lang)

    def text(self, lang: str = DEFAULT_LANG) -> str:
        return self.reason.get(lang) or self.reason[DEFAULT_LANG]


@dataclass(frozen=True)
class Hint:
    """The recommended move, why, and a rating for every legal move."""

    move: Move
    reason: dict[str, str]
    ratings: tuple[MoveRating, ...]

    def text(self, lang: str = DEFAULT_LANG) -> str:
        return self.reason.get(lang) or self.reason[DEFAULT_LANG]

    def rating(self, move: Move | str) -> MoveRating:
        """The rating of ``move`` (a card in any spelling, ``"pass"`` or a suit code)."""
        wanted = _parse(move, self.ratings[0].move)
        for r in self.ratings:
            if r.move == wanted:
                return r
        raise RuleError("hint_not_legal", move=move, legal=_legal_text(r.move for r in
                                                                        self.ratings))


def hint(view: PlayerView, *, level: str = "search", seed: int | None = 0,
         **options: Any) -> Hint:
    """The move a bot of ``level`` recommends for the player to move, with every move rated."""
    check_to_move(view)
    key = level.strip().lower() if isinstance(level, str) else level
    if key not in LEVELS:
        raise RuleError("hint_level", value=level, allowed=", ".join(LEVELS))
    sit = from_view(view)
    if key == "search":
        return _search_hint(view, sit, seed, {**APP_SEARCH_OPTIONS, **options})
    decision = make_bot(key, seed, **options).choose(view)
    return Hint(decision.move, decision.reason, _tactic_ratings(sit, decision.move))


def rate_move(view: PlayerView, move: Move | str, *, seed: int | None = 0,
              **options: Any) -> MoveRating:
    """How good ``move`` is in ``view`` (the view before the move was made)."""
    check_to_move(view)
    wanted = _parse(move, view.legal[0])
    if wanted not in view.legal:
        raise RuleError("hint_not_legal", move=move, legal=_legal_text(view.legal))
    return hint(view, level="search", seed=seed, **options).rating(wanted)


# -- with the search ------------------------------------------------------------------------------
def _search_hint(view: PlayerView, sit: Situation, seed: int | None,
                 options: dict[str, Any]) -> Hint:
    options = _search_options(options)
    h_move, h_code, h_params = policy(sit)
    if len(view.legal) == 1:
        only = MoveRating(h_move, "good", None, reason(h_code, **h_params))
        return Hint(h_move, only.reason, (only,))
    ev = evaluate(view, random.Random(seed), options.get("samples", 16),
                  options.get("time_budget"), sit=sit)
    best = ev.best(prefer=h_move)
    same = ev.groups[best] == ev.groups[h_move]
    low = ev.expected(best)
    ratings = []
    for m in view.legal:
        e = ev.expected(m)
        gap = e - low
        label = "good" if gap <= GOOD_GAP else "risky" if gap <= BAD_GAP else "bad"
        code, params = ((h_code, h_params) if same and ev.groups[m] == ev.groups[h_move]
                        else describe(sit, m))
        ratings.append(MoveRating(m, label, round(e, 3), search_reason(code, params,
                                                                         (e, ev.samples))))
    best_rating = next(r for r in ratings if r.move == (h_move if same else best))
    return Hint(best_rating.move, best_rating.reason, tuple(ratings))


# -- from the tactics alone ---------------------------------------------------------------------
_TAKING = {"what_take", "what_lead_wins", "why_take_last", "why_take_low", "why_take_high",
           "why_lead_forced", "why_win_cheap", "why_win_master", "why_trump_in",
           "why_lead_master"}


def _tactic_ratings(sit: Situation, chosen: Move) -> tuple[MoveRating, ...]:
    """Good: the recommended move (or one just like it).  Bad: a move working against the
    round's aim where the recommended one does not (taking a trick in Pass, giving the others
    a row in Fan Tan).  Everything else: risky."""
    groups = _groups(sit)
    chosen_code, _ = describe(sit, chosen)
    out = []
    for m in sit.legal:
        code, params = describe(sit, m)
        if groups[m] == groups[chosen]:
            label = "good"
        elif _works_against(sit, code) and not _works_against(sit, chosen_code):
            label = "bad"
        else:
            label = "risky"
        out.append(MoveRating(m, label, None, reason(code, **params)))
    return tuple(out)


def _works_against(sit: Situation, code: str) -> bool:
    if sit.kind == "fantan":
        return code in ("what_ft_gift", "why_ft_pass_choice")
    if sit.needs_trump:
        return False
    taking = code in _TAKING
    return not taking if sit.kind in TAKE_KINDS else taking


def _parse(move: Move | str, example: Move) -> Move:
    try:
        if isinstance(example, str) and example != "pass":  # the dealer names trump
            return parse_suit(move)  # type: ignore[arg-type]
        return parse_move(move)
    except CardError as err:
        raise RuleError("hint_not_legal", move=move, legal="-") from err


def _legal_text(moves: Any) -> str:
    return " ".join(m.symbol if hasattr(m, "symbol") else str(m) for m in moves)
