"""The coach: the move to make and why, and how good every legal move is, in words that agree.

``hint(view)`` asks the search (the app's strength, «vanskelig») for the best move and rates
every legal move against it; ``rate_move(view, move)`` is the same judgement of one move, given
the view from *before* it was made.  Both are deterministic: the search draws its deals from a
seed derived from the position, so a position analysed twice, or a loaded record reviewed, gets
the same judgement as when it was played.  ``level="analysis"`` thinks longer (for reviews);
``level="heuristic"`` (or ``"random"``) is instant and judges by the tactics alone, without
numbers.

A rating's label follows the points it loses against the best move: at most :data:`GOOD_GAP`
is good, more than :data:`BAD_GAP` is bad, risky in between.  In a round whose total varies
(Fan Tan) the points are the mover's minus the others' average, as the search counts them
(:mod:`kamplib.bots.search`), so a loss there is what the move costs in the game's standing.
Its sentences always describe the move that was played, with that card as their subject; a good
rating never names another card, and a risky or bad one names the better move only as the one
that would have given fewer points.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from kamplib.bots import SEARCH_LEVELS, _search_options, check_to_move, reason
from kamplib.bots.explain import (
    AGAINST,
    FOR,
    Fact,
    MoveName,
    describe,
    format_points,
    shown_difference,
)
from kamplib.bots.heuristic import policy
from kamplib.bots.search import Evaluation, evaluate, move_groups, position_seed, settings_for
from kamplib.bots.situation import Situation, from_view
from kamplib.cards import parse_suit
from kamplib.errors import CardError, RuleError
from kamplib.i18n import DEFAULT_LANG, LANGS, register, t
from kamplib.round import Move, parse_move
from kamplib.view import PlayerView

__all__ = ["MoveRating", "Hint", "hint", "rate_move", "label_for", "numbers_note", "forget",
           "LABELS", "GOOD_GAP", "BAD_GAP", "HINT_LEVELS"]

LABELS = ("good", "risky", "bad")
# Average points lost against the best move: up to GOOD_GAP is good, beyond BAD_GAP is bad.
GOOD_GAP = 0.3
BAD_GAP = 1.5
# The judges a hint can ask: the searches, or the tactics alone («lett», which plays at random,
# has no judgement of its own, so its hints are the tactics' too).
HINT_LEVELS = (*SEARCH_LEVELS, "heuristic", "random")
_TACTICS = ("heuristic", "random")

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
})


@dataclass(frozen=True)
class MoveRating:
    """The coach's judgement of one legal move (as if it was the one played).

    Fields:
        move: the move judged.
        label: ``"good"``, ``"risky"`` or ``"bad"`` (:meth:`label_text` gives the word).
        expected: the mover's average round points after this move, minus the others' average
            when ``relative`` (None: no search ran, or there was no choice), and
            ``expected_error`` its standard error.
        best: the best move found (the hint's move); ``best_expected`` and ``best_error`` its
            average points and standard error.
        loss: points this move loses on average against ``best`` (0 for the best move and moves
            just like it; never negative), and ``loss_error`` its standard error.
        samples: how many sampled deals the judgement rests on (0 without a search).
        exact: whether the rest of the round was solved exactly on every deal.
        fact: what the move does, as a catalogue code and parameters.
        sentences: :meth:`text` in every language, without its note on ``relative`` numbers.
        like_best: whether the move is the recommended one or just like it (only then does the
            coach call it the best move; another move with the same average is "as good").
        relative: whether the points are the mover's minus the others' average (a round whose
            total varies, such as Fan Tan); the sentences then say so.
    """

    move: Move
    label: str
    expected: float | None
    expected_error: float | None
    best: Move
    best_expected: float | None
    best_error: float | None
    loss: float | None
    loss_error: float | None
    samples: int
    exact: bool
    fact: Fact
    sentences: dict[str, str]
    like_best: bool = True
    relative: bool = False

    def label_text(self, lang: str = DEFAULT_LANG) -> str:
        return t(f"label_{self.label}", lang)

    def text(self, lang: str = DEFAULT_LANG, *, note: bool = True) -> str:
        """What the move does, then the judgement that agrees with the label; then, when its
        numbers are against the others' average, a sentence that says so (``note=False``: a
        review of many moves says it once for all)."""
        text = self.sentences.get(lang) or self.sentences[DEFAULT_LANG]
        if note and self.expected is not None:
            text += numbers_note(self.relative, lang)
        return text


@dataclass(frozen=True)
class Hint:
    """The recommended move, why, and a rating for every legal move.

    Fields:
        move: the recommended move; ``same`` the legal moves that are just like it.
        reason: :meth:`text` in every language: the tactic or fact behind the move and its
            average points.
        ratings: a :class:`MoveRating` per legal move, in the view's order of legal moves.
        level: the judge (``search``, ``analysis``, ``plain_search`` or ``heuristic``).
    """

    move: Move
    same: frozenset[Move]
    reason: dict[str, str]
    ratings: tuple[MoveRating, ...]
    level: str

    def text(self, lang: str = DEFAULT_LANG) -> str:
        return self.reason.get(lang) or self.reason[DEFAULT_LANG]

    def rating(self, move: Move | str) -> MoveRating:
        """The rating of ``move`` (a card in any spelling, ``"pass"`` or a suit code)."""
        wanted = _parse(move, self.ratings[0].move)
        for r in self.ratings:
            if r.move == wanted:
                return r
        raise RuleError("hint_not_legal", move=move,
                        legal=_legal_text(r.move for r in self.ratings))


def hint(view: PlayerView, *, level: str = "search", seed: int = 0,
         samples: int | None = None) -> Hint:
    """The move the coach recommends for the player to move, with every legal move rated.

    ``seed`` is mixed with the position; leave it at 0 so that the same position always gets
    the same judgement, wherever it is asked for.  ``samples`` caps the deals the search draws
    (fewer: quicker and rougher).
    """
    check_to_move(view)
    key = level.strip().lower() if isinstance(level, str) else level
    if key not in HINT_LEVELS:
        raise RuleError("hint_level", value=level, allowed=", ".join(HINT_LEVELS))
    if samples is not None:
        _search_options(key, {"samples": samples})
    memo = (position_seed(view, seed), key, samples)
    found = _MEMO.get(memo)
    if found is None:
        found = (_tactic_hint(view, key) if key in _TACTICS
                 else _search_hint(view, key, seed, samples))
        _MEMO[memo] = found
        if len(_MEMO) > _MEMO_SIZE:
            _MEMO.popitem(last=False)
    else:
        _MEMO.move_to_end(memo)
    return found


def rate_move(view: PlayerView, move: Move | str, *, level: str = "search",
              seed: int = 0, samples: int | None = None) -> MoveRating:
    """How good ``move`` is in ``view`` (the view before the move was made)."""
    check_to_move(view)
    wanted = _parse(move, view.legal[0])
    if wanted not in view.legal:
        raise RuleError("hint_not_legal", move=move, legal=_legal_text(view.legal))
    return hint(view, level=level, seed=seed, samples=samples).rating(wanted)


# A learner's table asks for the hint and then the rating of the same position: judged once.
_MEMO: OrderedDict[tuple[int, str, int | None], Hint] = OrderedDict()
_MEMO_SIZE = 256


def forget() -> None:
    """Drop the judgements kept from earlier calls (the next call works each one out again)."""
    _MEMO.clear()


def numbers_note(relative: bool, lang: str = DEFAULT_LANG) -> str:
    """The sentence (with its leading space) that follows numbers counted against the others'
    average (``relative``), saying what they are; nothing after plain points."""
    return f" {t('coach_relative', lang)}." if relative else ""


def label_for(loss: float) -> str:
    """The label of a move that loses ``loss`` points on average against the best one."""
    return "good" if loss <= GOOD_GAP else "risky" if loss <= BAD_GAP else "bad"


# -- with the search ------------------------------------------------------------------------------
def _search_hint(view: PlayerView, level: str, seed: int, samples: int | None) -> Hint:
    sit = from_view(view)
    h_move, h_code, h_params = policy(sit)
    if len(view.legal) == 1:
        only = _rating(sit, h_move, "good", None, h_move, None, 0, False)
        return Hint(h_move, frozenset({h_move}), reason(h_code, **h_params), (only,), level)
    ev = evaluate(view, settings_for(level, samples), seed=seed, sit=sit)
    best = ev.best(prefer=h_move)
    ratings = tuple(_rating(sit, m, None, ev, best, ev.loss(m, best), ev.deals, ev.exact)
                    for m in view.legal)
    same = frozenset(m for m in view.legal if ev.groups[m] == ev.groups[best])
    best_rating = next(r for r in ratings if r.move == best)
    sentences = {}
    for lang in LANGS:
        if best == h_move:  # the search agrees with the tactics: say the tactic
            why = t(h_code, lang, **h_params)
            judged = _judgement(best_rating, lang, tone=FOR)
        else:
            why = best_rating.fact.text(lang)
            judged = _judgement(best_rating, lang, tone=best_rating.fact.tone)
        parts = [why, judged]
        if ev.exact:
            parts.append(t("coach_exact", lang))
        if ev.relative:
            parts.append(t("coach_relative", lang))
        sentences[lang] = ". ".join(parts) + "."
    return Hint(best, same, sentences, ratings, level)


def _rating(sit: Situation, move: Move, label: str | None, ev: Evaluation | None, best: Move,
            loss: tuple[float, float] | None, samples: int, exact: bool) -> MoveRating:
    fact = describe(sit, move)
    if ev is None or loss is None:
        expected = error = best_expected = best_error = loss_mean = loss_error = None
    else:
        expected, error = ev.expected(move), ev.error(move)
        best_expected, best_error = ev.expected(best), ev.error(best)
        loss_mean, loss_error = max(0.0, loss[0]), loss[1]  # below 0: within the noise
        label = label_for(loss_mean)
    assert label is not None
    like_best = ev is None or ev.groups[move] == ev.groups[best]
    relative = ev is not None and ev.relative
    rating = MoveRating(move, label, expected, error, best, best_expected, best_error,
                        loss_mean, loss_error, samples, exact, fact, {}, like_best, relative)
    for lang in LANGS:
        rating.sentences[lang] = f"{fact.text(lang)}. {_judgement(rating, lang, fact.tone)}."
    return rating


def _judgement(r: MoveRating, lang: str, tone: int) -> str:
    """The sentence that carries the label: praise for a good move (with «likevel» when the fact
    reads as a reason against it), the points lost for a risky or bad one."""
    if r.expected is None or r.best_expected is None or r.loss is None:
        if r.label == "good":
            return t("coach_tactic_good_anyway" if tone == AGAINST else "coach_tactic_good",
                     lang)
        code = "coach_tactic_other_anyway" if tone == FOR else "coach_tactic_other"
        return t(code, lang, best=MoveName(r.best))
    err = r.expected_error or 0.0
    error = t("coach_error", lang, error=format_points(err, lang)) \
        if format_points(err, lang).strip("0,.") else ""
    expected = format_points(r.expected, lang)
    best_expected = format_points(r.best_expected, lang)
    if r.label == "good":
        code = {(True, False): "coach_best", (True, True): "coach_best_anyway",
                (False, False): "coach_near_best", (False, True): "coach_near_best_anyway"}[
            (r.like_best, tone == AGAINST)]
        return t(code, lang, expected=expected, error=error, best_expected=best_expected)
    shown = shown_difference(r.expected, r.best_expected)
    text = t("coach_loss", lang, move=MoveName(r.move), expected=expected, error=error,
             best=MoveName(r.best),
             best_expected=best_expected, loss=format_points(shown, lang))
    if tone == FOR:
        return t("coach_costs_anyway", lang) + ". " + text
    return text


# -- from the tactics alone ---------------------------------------------------------------------
def _tactic_hint(view: PlayerView, level: str) -> Hint:
    """Good: the recommended move (or one just like it).  Bad: a move whose fact reads as a
    reason against it (taking a trick in Pass, opening a row in Fan Tan) where the recommended
    one's does not.  Everything else: risky."""
    sit = from_view(view)
    chosen, code, params = policy(sit)
    groups = move_groups(sit)
    chosen_tone = describe(sit, chosen).tone
    ratings = []
    for m in sit.legal:
        tone = describe(sit, m).tone
        if groups[m] == groups[chosen]:
            label = "good"
        elif tone == AGAINST and chosen_tone != AGAINST:
            label = "bad"
        else:
            label = "risky"
        ratings.append(_rating(sit, m, label, None, chosen, None, 0, False))
    same = frozenset(m for m in sit.legal if groups[m] == groups[chosen])
    sentences = {lang: t(code, lang, **params) + "." for lang in LANGS}
    return Hint(chosen, same, sentences, tuple(ratings), level)


def _parse(move: Move | str, example: Move) -> Move:
    try:
        if isinstance(example, str) and example != "pass":  # the dealer names trump
            return parse_suit(move)  # type: ignore[arg-type]
        return parse_move(move)
    except CardError as err:
        raise RuleError("hint_not_legal", move=move, legal="-") from err


def _legal_text(moves: Any) -> str:
    return " ".join(m.symbol if hasattr(m, "symbol") else str(m) for m in moves)
