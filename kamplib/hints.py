"""The coach: the move to make and why, and how good every legal move is, in words that agree.

``hint(view)`` asks the search (the app's strength, «vanskelig») for the best move and rates
every legal move against it; ``rate_move(view, move)`` is the same judgement of one move, given
the view from *before* it was made; ``verdict(view)`` is that judgement as plain data (best
move, margin, certainty, label per move) for code that builds on the coach.  All are
deterministic: the search draws its deals from a seed derived from the position, so a position
analysed twice, or a loaded record reviewed, gets the same judgement as when it was played.
``level="analysis"`` thinks longer (for reviews); ``level="heuristic"`` (or ``"random"``) is
instant and judges by the tactics alone, without numbers.

**One meaning per number.**  Every number the coach shows is what a move *costs* against the
move it recommends: the points of this round the move loses on average (in a round whose total
varies, such as Fan Tan, the mover's points minus the others' average, as the search counts
them, and the sentences say so).  The recommended move costs nothing, so it never shows a worse
number than another move; a move whose difference from it is within the uncertainty is called
about as good, and both are named.  Where every move ends alike the coach says so instead of a
number, and a move that was the only legal one is called forced, not praised.

**Labels** follow the loss as shown (one decimal) and its uncertainty (the ± shown: one standard
error of the average, :data:`SURE`), with the thresholds stated once, here, and shown on the
tactics page (:func:`label_rules`): a loss of at most :data:`GOOD_GAP` is good; a loss of at
least :data:`BAD_GAP` (a trick in Pass, Grand and Trumf) that the uncertainty cannot bring down
to a good move's is bad; anything between is weaker (not «risky»: a move that surely
takes a trick it need not is no risk, it is worse).  In a round that counts double, the
thresholds double too.

**Reasons** say what tells a move from the recommended one on the table
(:mod:`kamplib.bots.contrast`); the judgement that follows carries the label's number.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from kamplib.bots import SEARCH_LEVELS, _search_options, check_to_move
from kamplib.bots.contrast import Said, Table, cards_text, contrast, own_reason, same_move
from kamplib.bots.explain import AGAINST, MoveName, describe, format_points
from kamplib.bots.heuristic import policy
from kamplib.bots.search import Evaluation, evaluate, move_groups, position_seed, settings_for
from kamplib.bots.situation import from_view
from kamplib.cards import Card
from kamplib.errors import CardError, RuleError
from kamplib.i18n import DEFAULT_LANG, LANGS, Phrase, register, t
from kamplib.moves import ChooseTrump
from kamplib.round import Move, parse_move
from kamplib.view import PlayerView

__all__ = ["MoveRating", "Hint", "Verdict", "MoveVerdict", "hint", "rate_move", "verdict",
           "coach_from", "label_for", "label_rules", "numbers_note", "forget", "shown_number",
           "within_uncertainty", "LABELS", "GOOD_GAP", "BAD_GAP", "SURE", "CLOSE",
           "HINT_LEVELS"]

LABELS = ("good", "weaker", "bad", "forced")
# The one place the labels' thresholds live (points of the round lost against the best move,
# as shown to one decimal; doubled in a round that counts double):
GOOD_GAP = 0.3  # at most this: good
BAD_GAP = 1.0  # at least this (a trick in Pass, Grand and Trumf), and surely more than
#                GOOD_GAP once the uncertainty is taken off: bad.  Anything between: weaker.
SURE = 1.0  # the ± the coach shows is this many standard errors of its average
CLOSE = 0.05  # a difference this small never matters (the search's own ``close``)
# The judges a hint can ask: the searches, or the tactics alone («lett», which plays at random,
# has no judgement of its own, so its hints are the tactics' too).
HINT_LEVELS = (*SEARCH_LEVELS, "heuristic", "random")
_TACTICS = ("heuristic", "random")

register({
    "label_good": {"nb": "godt", "en": "good"},
    "label_weaker": {"nb": "svakere", "en": "weaker"},
    "label_bad": {"nb": "dårlig", "en": "bad"},
    "label_forced": {"nb": "tvunget", "en": "forced"},
    "label_rule_good": {
        "nb": "koster høyst {good} poeng i snitt mot det beste trekket",
        "en": "costs at most {good} {good:point|points} on average against the best move",
    },
    "label_rule_weaker": {
        "nb": "koster mer enn {good} poeng, men mindre enn {bad} poeng, eller så usikkert at det "
              "kan være nesten like godt som det beste trekket",
        "en": "costs more than {good} {good:point|points} but less than {bad} "
              "{bad:point|points}, or so uncertainly that it may be nearly as good as the best "
              "move",
    },
    "label_rule_bad": {
        "nb": "koster minst {bad} poeng i snitt (i Pass, Grand og Trumf er hvert stikk 1 "
              "poeng), og selv med usikkerheten trukket fra koster det mer enn {good} poeng",
        "en": "costs at least {bad} {bad:point|points} on average (in Pass, Grand and Trumps "
              "each trick is 1 point), and more than {good} {good:point|points} even with the "
              "uncertainty taken off",
    },
    "label_rule_forced": {
        "nb": "det eneste lovlige trekket: det sier ingenting om hvordan du spiller",
        "en": "the only legal move: it says nothing about how you play",
    },
    "hint_not_legal": {
        "nb": "{move} er ikke et lovlig trekk her; lovlige trekk er {legal}",
        "en": "{move} is not a legal move here; the legal moves are {legal}",
    },
    "hint_level": {
        "nb": "Ukjent nivå «{value}» for hint; velg blant {allowed}",
        "en": "Unknown hint level '{value}'; choose from {allowed}",
    },
})


# -- the verdict as plain data ------------------------------------------------------------------
@dataclass(frozen=True)
class MoveVerdict:
    """The coach's verdict on one legal move.

    ``loss``: points of the round the move costs on average against the recommended move, as
    shown (one decimal, never negative; None without a search), with ``uncertainty`` its ±
    (:data:`SURE` standard errors, as shown).  ``like_best``: the recommended move, or the same
    move here (cards with nothing of the others' between them); ``about_equal``: another move
    whose difference from the recommended one is within the uncertainty.  ``expected``: the
    search's average for the move (the mover's round points, or against the others' average
    when the verdict is ``relative``), for analysis; the coach never shows it.
    """

    move: Move
    label: str
    loss: float | None
    uncertainty: float | None
    like_best: bool
    about_equal: bool
    expected: float | None = None


@dataclass(frozen=True)
class Verdict:
    """The coach's judgement of one position: what code building on the coach (puzzles,
    reviews, benchmarks) reads.

    ``best``: the recommended move, ``same`` the legal moves just like it; ``moves``: a
    :class:`MoveVerdict` per legal move in the view's order.  ``forced``: only one legal move;
    ``all_equal``: every move ends alike (no number is worth showing).  ``margin``: what the
    next best move (one neither like the best nor about equal to it) costs, with
    ``margin_uncertainty`` (None when there is none); :attr:`clear` says whether the best move
    is better beyond the uncertainty.  ``exact``: every deal was solved to the end;
    ``relative``: the numbers are against the others' average; ``samples``: deals drawn (0
    without a search); ``multiplier``: the round's (the thresholds scale with it).
    """

    best: Move
    same: frozenset[Move]
    moves: tuple[MoveVerdict, ...]
    forced: bool
    all_equal: bool
    margin: float | None
    margin_uncertainty: float | None
    exact: bool
    relative: bool
    samples: int
    multiplier: int = 1

    def of(self, move: Move) -> MoveVerdict:
        for mv in self.moves:
            if mv.move == move:
                return mv
        raise KeyError(move)

    @property
    def clear(self) -> bool:
        """Whether the recommended move beats every other by more than the uncertainty."""
        return self.margin is not None and self.margin > (self.margin_uncertainty or 0.0)

    @property
    def next_best(self) -> MoveVerdict | None:
        """The cheapest move that is neither like the best one nor about as good."""
        others = [mv for mv in self.moves if not mv.like_best and not mv.about_equal
                  and mv.loss is not None]
        return min(others, key=lambda mv: mv.loss or 0.0) if others else None


def shown_number(value: float) -> float:
    """A number as the coach shows it, to one decimal (:func:`format_points`)."""
    return float(f"{abs(value):.1f}") * (1 if value >= 0 else -1)


def label_for(loss: float, uncertainty: float = 0.0, multiplier: int = 1) -> str:
    """The label of a move that costs ``loss`` points (± ``uncertainty``) against the best
    move, both as shown; the thresholds scale with the round's ``multiplier``."""
    loss, unc = shown_number(loss), shown_number(uncertainty)
    good, bad = GOOD_GAP * multiplier + 1e-9, BAD_GAP * multiplier - 1e-9
    if loss <= good:
        return "good"
    if loss >= bad and loss - unc > good:
        return "bad"
    return "weaker"


def within_uncertainty(difference: float, error: float) -> bool:
    """Whether a difference in average points (against the best move) is within the coach's
    uncertainty: :data:`SURE` standard errors beyond a difference too small to matter."""
    return abs(difference) <= CLOSE + SURE * error


def label_rules(lang: str = DEFAULT_LANG) -> list[tuple[str, str]]:
    """Each label with the rule that gives it, in words (the tactics page shows them)."""
    good, bad = format_points(GOOD_GAP, lang), format_points(BAD_GAP, lang)
    return [(t(f"label_{label}", lang), t(f"label_rule_{label}", lang, good=good, bad=bad))
            for label in ("good", "weaker", "bad", "forced")]


# -- the coach's words ----------------------------------------------------------------------------
@dataclass(frozen=True)
class MoveRating:
    """The coach's judgement of one legal move (as if it was the one played), in words.

    The numbers are :class:`MoveVerdict`'s (``loss``, ``uncertainty``, ``about_equal``,
    ``like_best``, ``expected``); ``best`` is the recommended move; ``forced`` the only legal
    one.  ``reason``: what tells this move from the recommended one on the table, in every
    language; ``sentences``: :meth:`text` in every language (the reason, then the judgement that
    carries the label), without the note on ``relative`` numbers.  ``samples``: deals the
    judgement rests on (0 without a search); ``exact``: every deal solved to the end.
    """

    move: Move
    label: str
    loss: float | None
    uncertainty: float | None
    best: Move
    like_best: bool
    about_equal: bool
    forced: bool
    samples: int
    exact: bool
    relative: bool
    reason: dict[str, str]
    sentences: dict[str, str]
    expected: float | None = None

    def label_text(self, lang: str = DEFAULT_LANG) -> str:
        return t(f"label_{self.label}", lang)

    def why(self, lang: str = DEFAULT_LANG) -> str:
        """The reason alone: what the move does against the recommended one."""
        return self.reason.get(lang) or self.reason[DEFAULT_LANG]

    @property
    def numbered(self) -> bool:
        """Whether the sentences show a number (then a ``relative`` one needs its note)."""
        return _shows_number(self.sentences)

    def text(self, lang: str = DEFAULT_LANG, *, note: bool = True) -> str:
        """The reason, then the judgement that agrees with the label; then, when it shows
        numbers against the others' average, a sentence that says so (``note=False``: a review
        of many moves, or a table that has said it, says it once for all)."""
        text = self.sentences.get(lang) or self.sentences[DEFAULT_LANG]
        if note and self.relative and self.numbered:
            text += numbers_note(True, lang)
        return text


@dataclass(frozen=True)
class Hint:
    """The recommended move, why, and a rating for every legal move.

    Fields:
        move: the recommended move; ``same`` the legal moves that are just like it.
        reason: :meth:`text` in every language: the tactic or fact behind the move and how
            much the choice matters.
        ratings: a :class:`MoveRating` per legal move, in the view's order of legal moves.
        level: the judge (``search``, ``analysis``, ``plain_search`` or ``heuristic``).
        verdict: the same judgement as plain data.
    """

    move: Move
    same: frozenset[Move]
    reason: dict[str, str]
    ratings: tuple[MoveRating, ...]
    level: str
    verdict: Verdict

    def text(self, lang: str = DEFAULT_LANG, *, note: bool = True) -> str:
        """The hint; then, when its numbers are against the others' average, a sentence that
        says so (``note=False``: the page has said it already)."""
        text = self.reason.get(lang) or self.reason[DEFAULT_LANG]
        if note and self.verdict.relative and self.numbered:
            text += numbers_note(True, lang)
        return text

    @property
    def numbered(self) -> bool:
        """Whether the hint shows a number (then a ``relative`` one needs its note)."""
        return _shows_number(self.reason)

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
        if key in _TACTICS or len(view.legal) == 1:
            found = coach_from(view, None, level=key)
        else:
            sit = from_view(view)
            ev = evaluate(view, settings_for(key, samples), seed=seed, sit=sit)
            found = coach_from(view, ev, level=key)
        _MEMO[memo] = found
        if len(_MEMO) > _MEMO_SIZE:
            _MEMO.popitem(last=False)
    else:
        _MEMO.move_to_end(memo)
    return found


def verdict(view: PlayerView, *, level: str = "search", seed: int = 0,
            samples: int | None = None) -> Verdict:
    """The coach's judgement of the position as plain data (see :class:`Verdict`)."""
    return hint(view, level=level, seed=seed, samples=samples).verdict


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


# -- from an evaluation to the verdict and its words --------------------------------------------
def coach_from(view: PlayerView, ev: Evaluation | None, *, level: str = "search") -> Hint:
    """The coach's hint for ``view`` from a search's evaluation of its moves (None: the tactics
    alone, or a forced move).  :func:`hint` runs the search and calls this; a test may give it
    any evaluation (a quick one, or made up) and check that the words agree with the numbers."""
    sit = from_view(view)
    table = Table(view, sit)
    h_move, h_code, h_params = policy(sit)
    forced = len(view.legal) == 1
    if ev is None:
        v = _tactic_verdict(view, sit, h_move, forced)
    else:
        v = _search_verdict(view, ev, h_move)
    tactic = Phrase(h_code, **h_params) if v.best == h_move else None
    ratings = _ratings(table, v)
    reason = {lang: _hint_text(table, v, tactic, lang) for lang in LANGS}
    return Hint(v.best, v.same, reason, ratings, level, v)


def _search_verdict(view: PlayerView, ev: Evaluation, prefer: Move) -> Verdict:
    best = ev.best(prefer=prefer)
    mult = view.multiplier
    moves = []
    for m in view.legal:
        like = ev.groups[m] == ev.groups[best]
        diff, err = (0.0, 0.0) if like else ev.loss(m, best)
        loss, unc = shown_number(max(0.0, diff)), shown_number(SURE * err)
        label = label_for(loss, unc, mult)
        about = not like and label == "good" and (within_uncertainty(diff, err) or loss == 0)
        moves.append(MoveVerdict(m, label, loss, unc, like, about, ev.expected(m)))
    return _verdict(view, best, moves, ev.exact, ev.relative, ev.deals)


def _tactic_verdict(view: PlayerView, sit: Any, chosen: Move, forced: bool) -> Verdict:
    """Good: the tactic's move (or one just like it).  Bad: a move whose fact reads as a reason
    against it (taking a trick in Pass, opening a row in Fan Tan) where the tactic's does not.
    Everything else: weaker.  No numbers."""
    groups = move_groups(sit)
    chosen_tone = describe(sit, chosen).tone
    moves = []
    for m in view.legal:
        like = groups[m] == groups[chosen]
        if forced:
            label = "forced"
        elif like:
            label = "good"
        elif describe(sit, m).tone == AGAINST and chosen_tone != AGAINST:
            label = "bad"
        else:
            label = "weaker"
        moves.append(MoveVerdict(m, label, None, None, like, False))
    return _verdict(view, chosen, moves, False, False, 0)


def _verdict(view: PlayerView, best: Move, moves: list[MoveVerdict], exact: bool,
             relative: bool, samples: int) -> Verdict:
    forced = len(view.legal) == 1
    if forced:
        moves = [MoveVerdict(mv.move, "forced", None, None, True, False, mv.expected)
                 for mv in moves]
    same = frozenset(mv.move for mv in moves if mv.like_best)
    numbered = [mv for mv in moves if mv.loss is not None]
    all_equal = not forced and (len(same) == len(moves) or (
        bool(numbered) and len(numbered) == len(moves)
        and all(mv.loss == 0 and not mv.uncertainty for mv in numbered)))
    v = Verdict(best, same, tuple(moves), forced, all_equal, None, None, exact, relative,
                samples, view.multiplier)
    nxt = v.next_best
    if nxt is None or all_equal:
        return v
    return Verdict(best, same, tuple(moves), forced, all_equal, nxt.loss, nxt.uncertainty,
                   exact, relative, samples, view.multiplier)


def _error(unc: float | None) -> Phrase:
    """« (± 0,3)» after a number, or nothing when the uncertainty shows as 0,0."""
    if not unc:
        return Phrase("")
    return Phrase("coach_error", error=_Number(unc))


class _Number:
    """A number with one decimal in the reader's language (1,5 / 1.5)."""

    def __init__(self, value: float) -> None:
        self.value = value

    def shown(self, lang: str) -> str:
        return format_points(self.value, lang)


@lru_cache(maxsize=64)
def _best_judgement(v: Verdict, tone: int) -> Said:
    """What the coach says of the recommended move (and moves just like it): the best one, and
    how much the choice matters: the moves about as good, or what the next best one costs
    (worded once for a verdict's moves and its hint)."""
    return Said(_best_words(v, tone))


def _best_words(v: Verdict, tone: int) -> Phrase:
    if v.all_equal:
        if len(v.same) == len(v.moves):
            return Phrase("coach_all_same", cards=cards_text(mv.move for mv in v.moves))
        return Phrase("coach_all_equal")
    head = Phrase("coach_best_anyway" if tone == AGAINST else "coach_best")
    equal = [mv.move for mv in v.moves if mv.about_equal]
    if equal and tone == AGAINST:
        return Phrase("coach_best_equal_anyway", others=_Moves(equal), count=len(equal))
    if equal:
        return Phrase("coach_best_equal", best=head, others=_Moves(equal), count=len(equal))
    nxt = v.next_best
    if nxt is None or nxt.loss is None:
        return head
    return Phrase("coach_best_margin", best=head, next=MoveName(nxt.move),
                  loss=_Number(nxt.loss), error=_error(nxt.uncertainty))


class _Moves:
    """Moves listed in a sentence («♠8, ♥10 og pass»)."""

    def __init__(self, moves: Any) -> None:
        self.moves = tuple(moves)

    def shown(self, lang: str) -> str:
        names = [MoveName(m).shown(lang) for m in self.moves]
        if len(names) < 2:
            return "".join(names)
        return t("c_and", lang, first=", ".join(names[:-1]), last=names[-1])


def _ratings(table: Table, v: Verdict) -> tuple[MoveRating, ...]:
    """Every move's rating.  A move unlike the recommended one gets the most telling thing
    that tells them apart on the table (:func:`~kamplib.bots.contrast.contrast`); where that
    reason reads like a better-labelled move's (card names taken out), it goes on to what tells
    the two moves apart (or says that only the rest of the round does); where two reasons with
    different labels still read alike, each carries what its move costs."""
    reasons = {mv.move: Said(contrast(table, mv.move, v.best, worse=not mv.about_equal))
               for mv in v.moves if not (v.forced or mv.like_best or v.all_equal)}
    taken: dict[str, str] = {}  # a reason (card names out) → the label it was given to
    for mv, others in sorted(_alike(v, reasons).items(), key=lambda a: _RANK[a[0].label]):
        reasons[mv.move] = Said(_also(table, mv, others, reasons[mv.move], taken))
    shared = {m for mv, others in _alike(v, reasons).items()
              for m in (mv.move, *(o.move for o in others))}
    return tuple(_rating(table, v, mv, reasons.get(mv.move), mv.move in shared)
                 for mv in v.moves)


_RANK = {"good": 0, "weaker": 1, "bad": 2}


def _alike(v: Verdict, reasons: dict[Move, Said]) -> dict[MoveVerdict, list[MoveVerdict]]:
    """Moves whose reason reads like that of moves with a better label (card names taken
    out), each with those moves, the best-labelled first."""
    groups: dict[str, list[MoveVerdict]] = {}
    for mv in v.moves:
        if mv.move in reasons:
            plain = _CARD.sub("·", reasons[mv.move].shown(DEFAULT_LANG))
            groups.setdefault(plain, []).append(mv)
    out = {}
    for group in groups.values():
        ranked = sorted(group, key=lambda mv: (_RANK.get(mv.label, 0), mv.loss or 0.0))
        for mv in group:
            better = [o for o in ranked if _RANK.get(o.label, 0) < _RANK.get(mv.label, 0)]
            if better:
                out[mv] = better
    return out


def _also(table: Table, mv: MoveVerdict, others: list[MoveVerdict], reason: Said,
          taken: dict[str, str]) -> Phrase:
    """``reason``, which holds for moves with a better label too (``others``, the best-labelled
    first), then what tells ``mv`` from one of them on the table: so the reason says why this
    one costs more.  A wording that another label's move already got (``taken``) is passed
    over.  When the table tells it from none of them, the reason names the cheapest move of
    each better label and says the difference shows later in the round (so a bad and a weaker
    move whose reasons read alike still read differently)."""
    for other in others:
        diff = contrast(table, mv.move, other.move)
        if diff == "c_later":
            continue
        said = Phrase("c_also", reason=reason, others=_Labelled([other]),
                      other=MoveName(other.move), diff=diff)
        plain = _CARD.sub("·", said.shown(DEFAULT_LANG))
        if taken.get(plain, mv.label) == mv.label:
            taken[plain] = mv.label
            return said
    per_label = {o.label: o for o in reversed(others)}  # the cheapest of each label
    return Phrase("c_also_later", reason=reason,
                  others=_Labelled(sorted(per_label.values(),
                                          key=lambda o: _RANK.get(o.label, 0))))


class _Labelled:
    """Moves with their labels, listed for a sentence: «♥A (godt) og ♥9 (svakere)»."""

    def __init__(self, moves: list[MoveVerdict]) -> None:
        self.moves = moves

    def shown(self, lang: str) -> str:
        names = [t("c_labelled", lang, move=MoveName(o.move), label=Phrase(f"label_{o.label}"))
                 for o in self.moves]
        if len(names) < 2:
            return "".join(names)
        return t("c_and", lang, first=", ".join(names[:-1]), last=names[-1])


# A card's name in a sentence, or a pass: two reasons that differ only there are one reason.
_CARD = re.compile(r"[♠♥♦♣](?:10|[2-9JQKA])|\bpass\b")


def _rating(table: Table, v: Verdict, mv: MoveVerdict, contrasted: Said | None,
            shared: bool) -> MoveRating:
    sit = table.sit
    move, best = mv.move, v.best
    why: Phrase | Said
    judged: Phrase | Said | None
    if v.forced:
        fact = describe(sit, move)
        why = Phrase(fact.code, **fact.params)
        judged = Phrase("coach_no_choice")
    elif contrasted is None:  # the recommended move, one just like it, or all moves alike
        said, tone = own_reason(table, move)
        if move != best and not v.all_equal:
            why, tone = same_move(table, move, best), 0
        else:
            why = said
        if mv.loss is None:
            judged = Phrase("coach_tactic_good_anyway" if tone == AGAINST
                            else "coach_tactic_good")
        else:
            judged = _best_judgement(v, tone)
    elif shared:  # the reason carries what the move costs, which tells it from the others
        why, judged = _with_cost(contrasted, mv, best), None
    else:
        why = contrasted
        if mv.loss is None:
            judged = Phrase("coach_tactic_other", best=MoveName(best))
        elif mv.about_equal:
            judged = Phrase("coach_about_equal", move=MoveName(move), best=MoveName(best))
        else:
            code = "coach_small_loss" if mv.label == "good" else "coach_loss"
            judged = Phrase(code, move=MoveName(move), loss=_Number(mv.loss),
                            error=_error(mv.uncertainty), best=MoveName(best))
    reason = {lang: _sentence(why.shown(lang)) for lang in LANGS}
    sentences = {lang: reason[lang] + "." + (f" {_sentence(judged.shown(lang))}."
                                            if judged is not None else "")
                 for lang in LANGS}
    return MoveRating(move, mv.label, mv.loss, mv.uncertainty, best, mv.like_best,
                      mv.about_equal, v.forced, v.samples, v.exact, v.relative, reason,
                      sentences, mv.expected)


def _with_cost(reason: Said, mv: MoveVerdict, best: Move) -> Phrase:
    """``reason`` followed by what the move costs (or, from the tactics alone, whether its fact
    speaks against it)."""
    if mv.loss is None:
        if mv.label == "bad":
            return Phrase("c_tactic_against", reason=reason, move=MoveName(mv.move))
        return Phrase("c_tactic_prefers", reason=reason, best=MoveName(best))
    if mv.about_equal:
        return Phrase("c_costs_nothing", reason=reason, move=MoveName(mv.move),
                      best=MoveName(best))
    return Phrase("c_costs_little" if mv.label == "good" else "c_costs", reason=reason,
                  loss=_Number(mv.loss), error=_error(mv.uncertainty), best=MoveName(best))


def _hint_text(table: Table, v: Verdict, tactic: Phrase | None, lang: str) -> str:
    """The hint: the tactic (or what the recommended move does), then how much the choice
    matters; a forced move is only named as forced."""
    sit = table.sit
    fact = describe(sit, v.best)
    said, tone = own_reason(table, v.best)
    why = tactic if tactic is not None and not v.all_equal else said
    if v.forced:
        why = Phrase(fact.code, **fact.params)
        parts = [why.shown(lang), t("coach_no_choice", lang)]
    elif v.moves[0].loss is None:  # the tactics alone
        parts = [why.shown(lang)]
    else:
        tone = 0 if why is tactic else tone
        parts = [why.shown(lang), _best_judgement(v, tone).shown(lang)]
        if v.exact and not v.all_equal:
            parts.append(t("coach_exact", lang))
    return ". ".join(_sentence(p) for p in parts) + "."


def _shows_number(sentences: dict[str, str]) -> bool:
    return bool(_DECIMAL.search(sentences[DEFAULT_LANG]))


_DECIMAL = re.compile(r"\d,\d")


def _sentence(text: str) -> str:
    """A phrase as a sentence: its first letter upper case."""
    return text[:1].upper() + text[1:]


def _parse(move: Move | str, example: Move) -> Move:
    try:
        if type(example) is ChooseTrump and isinstance(move, str):  # the dealer names trump
            return ChooseTrump(move)
        return parse_move(move)
    except CardError as err:
        raise RuleError("hint_not_legal", move=move, legal="-") from err


def _legal_text(moves: Any) -> str:
    return " ".join(m.symbol if type(m) is Card else m.text for m in moves)
