"""The puzzle trainer in plain Python: which puzzle comes next, and what an answer means.

:func:`next_puzzle` gives the learner's own mistakes whose time has come first
(:mod:`kamplib.teach.mistakes`), then a stored puzzle (:mod:`kamplib.teach.puzzles`) not
answered before, of the round kind the learner chose, whose rating is near the learner's puzzle
rating (:mod:`kamplib.teach.rating`).  :func:`answer` checks a move, moves the rating (stored
puzzles only) or the mistake's repetition, and tells why: the best move and its margin in the
coach's words, and both moves played on to the end of the round on the real cards (what
happens after the learner's move: the refutation).  :class:`PuzzleBoard` is the puzzle page's
state (the puzzle shown, the answer given, the choice of puzzles) with every sentence the page
shows; the learner's data it reads and changes is the page's
(:func:`kamplib.teach.store.current_learner`), so the browser keeps what changed.
"""

from __future__ import annotations

import math
import random
import time
import zlib
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from kamplib.autoplay import autoplay, make_bots, steps
from kamplib.bots.contrast import Table, contrast, own_reason
from kamplib.bots.explain import format_points
from kamplib.bots.situation import from_view
from kamplib.errors import IllegalMove, KampError
from kamplib.i18n import KindName, register, t
from kamplib.kinds import Family
from kamplib.moves import Move, move_text, parse_move
from kamplib.round import Round
from kamplib.seating import check_players
from kamplib.teach import progress
from kamplib.teach.house_rules import game_name
from kamplib.teach.mistakes import MINE, answered, due_mistakes
from kamplib.teach.narration import Line, before, narrate
from kamplib.teach.notes import joined
from kamplib.teach.puzzles import LEVEL_WORDS, Puzzle, load_puzzles, move_code, puzzle_kinds
from kamplib.teach.rating import PUZZLE_DEVIATION, Rating, update
from kamplib.teach.session import default_names
from kamplib.teach.store import LearnerData, current_learner, learner_changed, learner_known

__all__ = ["Task", "Outcome", "next_puzzle", "answer", "CHOICES", "choice_label", "played_on",
           "NEAREST", "Ending", "PuzzleBoard", "SURE_DEVIATION", "puzzle_count", "margin_shown",
           "table_reason", "still_fits"]

# What the learner may ask for: every kind, the learner's own mistakes, or one round kind.
CHOICES: tuple[str, ...] = ("all", "mine", *(f"{g}-{k}" for g, k in puzzle_kinds()))
# The next stored puzzle is drawn among this many unanswered ones nearest the learner's rating.
NEAREST = 8
# A rating whose deviation is above this is still a first estimate: the page says «foreløpig»
# (lichess's line for a provisional rating is 110).
SURE_DEVIATION = 110.0

register({
    "trainer_all": {"nb": "Alle runder", "en": "Every round"},
    "trainer_mine": {"nb": "Dine egne feil", "en": "Your own mistakes"},
    "trainer_kind": {"nb": "{game}: {kind}", "en": "{game}: {kind}"},
    "trainer_right": {"nb": "Riktig! {move} er det beste kortet her.",
                      "en": "Right! {move} is the best card here."},
    "trainer_right_mine": {"nb": "Riktig! {move} er et godt kort her.",
                           "en": "Right! {move} is a good card here."},
    "trainer_wrong": {"nb": "Ikke helt: {move} er ikke det beste. Best er {best}.",
                      "en": "Not quite: {move} is not the best. The best is {best}."},
    "trainer_wrong_mine": {"nb": "Ikke helt: {move} er ikke et godt kort her. Prøv {best}.",
                           "en": "Not quite: {move} is not a good card here. Try {best}."},
    "trainer_margin": {
        "nb": "Treneren spilte stillingen mange ganger med mulige kort hos de andre: {best} gir "
              "i snitt minst {margin} {margin:poeng|poeng} mindre enn noe annet kort.",
        "en": "The coach played the position many times with cards the others may hold: {best} "
              "gives on average at least {margin} {margin:point|points} fewer than any other "
              "card."},
    "trainer_margin_relative": {
        "nb": "Treneren spilte stillingen mange ganger med mulige kort hos de andre: {best} gir "
              "i snitt minst {margin} {margin:poeng|poeng} bedre enn noe annet kort, regnet mot "
              "snittet til de andre.",
        "en": "The coach played the position many times with cards the others may hold: {best} "
              "is on average at least {margin} {margin:point|points} better than any other card, "
              "counted against the others' average."},
    "trainer_margin_mine": {
        "nb": "Treneren spilte stillingen mange ganger med mulige kort hos de andre: {played}, "
              "som du la ved bordet, gir i snitt omtrent {margin} {margin:poeng|poeng} mer enn "
              "{best}.",
        "en": "The coach played the position many times with cards the others may hold: "
              "{played}, which you played at the table, gives on average about {margin} "
              "{margin:point|points} more than {best}."},
    "trainer_margin_mine_relative": {
        "nb": "Treneren spilte stillingen mange ganger med mulige kort hos de andre: {played}, "
              "som du la ved bordet, gir i snitt omtrent {margin} {margin:poeng|poeng} dårligere "
              "enn {best}, regnet mot snittet til de andre.",
        "en": "The coach played the position many times with cards the others may hold: "
              "{played}, which you played at the table, is on average about {margin} "
              "{margin:point|points} worse than {best}, counted against the others' average."},
    "trainer_why_not": {"nb": "Hvorfor ikke {move}?", "en": "Why not {move}?"},
    # the best card's own fact reads against it («… så du mister nok stikket» where tricks are
    # wanted): said as a fact the card is best in spite of, not as its merit (the walk, W23)
    "trainer_best_anyway": {"nb": "{reason}, men {move} er likevel best her",
                            "en": "{reason}, but {move} is still the best here"},
    "trainer_end": {
        "nb": "Med disse kortene endte du med {points} {points:poeng|poeng} etter {move}.",
        "en": "With these cards you ended with {points} {points:point|points} after {move}."},
    "trainer_end_later": {
        "nb": "Med disse kortene endte du med {points} {points:poeng|poeng} etter {move}: {told} "
              "da stikket over var tatt, og {later} i resten av runden (spilt med kursets "
              "taktikk, også for deg).",
        "en": "With these cards you ended with {points} {points:point|points} after {move}: "
              "{told} once the trick above was taken, and {later} in the rest of the round "
              "(played with the course's tactics, for you too)."},
    "trainer_end_relative": {
        "nb": "Med disse kortene endte du med {points} {points:poeng|poeng} etter {move}, og de "
              "andre med {others} i snitt: {where}.",
        "en": "With these cards you ended with {points} {points:point|points} after {move}, "
              "and the others with {others} on average: {where}."},
    "trainer_under": {"nb": "{gap} under snittet deres", "en": "{gap} below their average"},
    "trainer_over": {"nb": "{gap} over snittet deres", "en": "{gap} above their average"},
    "trainer_level": {"nb": "det samme som snittet deres", "en": "the same as their average"},
    "trainer_relative_why": {
        "nb": "I Fan Tan er summen av alles poeng ikke fast: hvert pass og hvert kort som er "
              "igjen på hånden til slutt, gir poeng. Derfor teller treneren dine poeng mot "
              "snittet til de andre: et kort som får de andre til å si pass, er like godt for "
              "deg som et poeng du slipper selv.",
        "en": "In Fan Tan everyone's points do not add up to a fixed total: every pass and every "
              "card left in a hand at the end scores. So the coach counts your points against "
              "the others' average: a card that makes the others pass is as good for you as a "
              "point you avoid yourself."},
    "trainer_luck": {
        "nb": "Med akkurat disse kortene gikk {move} like bra eller bedre, men det var flaks: "
              "de fleste fordelinger av kortene straffer det.",
        "en": "With exactly these cards {move} did as well or better, but that was luck: most "
              "ways the cards could lie punish it."},
    "trainer_learned": {"nb": "Denne feilen har du nå lært: den kommer ikke igjen.",
                        "en": "You have learned this mistake now: it will not come back."},
    "trainer_again_later": {"nb": "Den kommer igjen om en stund.",
                            "en": "It will come back after a while."},
})


def margin_shown(margin: float) -> float:
    """A puzzle's margin as its sentence says it, «at least» so many points: rounded down to
    the tenth, never up past what the coach measured (0.875 is said as 0,8, not 0,9)."""
    return math.floor(margin * 10 + 1e-9) / 10


def choice_label(choice: str, lang: str = "nb") -> str:
    """What the learner reads for a choice of puzzles."""
    if choice in ("all", "mine"):
        return t(f"trainer_{choice}", lang)
    game, kind = choice.split("-", 1)
    return t("trainer_kind", lang, game=game_name(game, lang), kind=KindName(kind))


@dataclass(frozen=True)
class Task:
    """A puzzle to show: the position, and for a personal one the stored mistake."""

    puzzle: Puzzle
    mistake: dict[str, Any] | None = None

    @property
    def personal(self) -> bool:
        return self.mistake is not None

    def round(self, lang: str = "nb") -> Round:
        """The position, with the learner called «Du» and the others by name: for the
        learner's own mistake, the names of the table it was made at."""
        p = self.puzzle
        names = default_names(p.players, p.seat, lang)
        stored = self.mistake.get("names") if self.mistake is not None else None
        if isinstance(stored, list) and len(stored) == p.players:
            # a name «Du» at that table, or one not kept whole: the usual names
            with suppress(KampError):
                names = check_players([names[p.seat] if i == p.seat else str(n)
                                       for i, n in enumerate(stored)])
        return p.round(names=names)

    def best(self, rnd: Round) -> Move | None:
        """The card the page names as the best in ``rnd`` (the position): for the learner's
        own mistake, the one the coach's review at the table named (the review and the puzzle
        name the same card); otherwise the first of the cards that are the answer."""
        p, legal = self.puzzle, rnd.legal_moves()
        named = self.mistake.get("best") if self.mistake is not None else None
        return next((m for m in legal if p.is_answer(m) and move_code(m) == named),
                    next((m for m in legal if p.is_answer(m)), None))


def _bank(choice: str) -> list[Puzzle]:
    kinds = puzzle_kinds() if choice == "all" else \
        [tuple(choice.split("-", 1))] if choice in CHOICES else []
    return [p for g, k in kinds for p in load_puzzles(g, k)]


def puzzle_count(choice: str) -> int:
    """How many stored puzzles a choice of one round kind (or ``all``) has."""
    return len(_bank(choice))


def next_puzzle(data: LearnerData, choice: str, rng: random.Random,
                now: float | None = None, skip: str | None = None) -> Task | None:
    """The next puzzle for the learner (None: nothing left of that choice).  ``skip`` is the
    puzzle just shown (a personal one that is due again at once waits for another)."""
    if choice in ("all", "mine"):
        for mistake in due_mistakes(data.mistakes, now):
            if mistake["id"] != skip:
                return Task(Puzzle.from_dict(mistake), mistake)
        if choice == "mine":
            return None
    near = _nearest(data, choice)
    return Task(rng.choice(near)) if near else None


def _nearest(data: LearnerData, choice: str) -> list[Puzzle]:
    """The stored puzzles of ``choice`` not answered yet that are nearest the learner's rating
    (those the next one is drawn from)."""
    left = [p for p in _bank(choice) if p.id not in data.solved]
    rating = data.rating.rating
    # puzzles of one grade share a rating: among those, an order that mixes the kinds but is
    # the same every time (the walk: by id, «Alle runder» gave a beginner only Damer puzzles,
    # whose ids sort first)
    left.sort(key=lambda p: (abs(p.rating - rating), zlib.crc32(p.id.encode())))
    return left[:NEAREST]


def still_fits(task: Task, data: LearnerData, choice: str, now: float | None = None) -> bool:
    """Whether ``task`` is a puzzle :func:`next_puzzle` could have given for ``data``: a
    personal one still kept; a stored one not answered, with none of the learner's own mistakes
    due before it, and as near the learner's rating as those the next one is drawn from.  The
    page keeps such a puzzle when the browser's copy of the data arrives, rather than swap the
    cards under the learner's finger for an equally good one."""
    p = task.puzzle
    if task.personal:
        return any(m["id"] == p.id for m in data.mistakes)
    if p.id in data.solved:
        return False
    if choice in ("all", "mine") and due_mistakes(data.mistakes, now):
        return False
    near = _nearest(data, choice)
    rating = data.rating.rating
    return bool(near) and abs(p.rating - rating) <= abs(near[-1].rating - rating)


@dataclass(frozen=True)
class Outcome:
    """What an answer means: right or not, the sentences that say why, the two moves played
    on, the rating before and after (stored puzzles), and whether a mistake is learned."""

    right: bool
    verdict: str
    why: list[str]
    after_mine: list[str]
    after_best: list[str]
    rating_before: Rating | None
    rating_after: Rating | None
    learned: bool = False


@dataclass(frozen=True)
class Ending:
    """How the round ended after a move played on: the player's points at its end, the points
    the player had where the page stops telling (the trick taken; None in Fan Tan, whose
    points are counted only at the end), and the others' average at the end."""

    points: int
    told: int | None
    others: float

    def counted(self, relative: bool) -> float:
        """The points as the coach counts them: against the others' average (``relative``)."""
        return self.points - self.others if relative else self.points

    def text(self, move: str, relative: bool, lang: str = "nb") -> str:
        """The sentence that closes the played-on: where the points came from (after the trick
        told, or later in the round), or against the others' (Fan Tan)."""
        if relative:
            gap = self.points - self.others
            where = t("trainer_under" if gap < 0 else "trainer_over" if gap > 0 else
                      "trainer_level", lang, gap=format_points(abs(gap), lang))
            return t("trainer_end_relative", lang, points=self.points, move=move,
                     others=format_points(self.others, lang), where=where)
        if self.told is not None and self.told != self.points:
            return t("trainer_end_later", lang, points=self.points, move=move, told=self.told,
                     later=self.points - self.told)
        return t("trainer_end", lang, points=self.points, move=move)


def played_on(rnd: Round, move: Move, seat: int, lang: str = "nb") -> tuple[list[str], Ending]:
    """``move`` played in ``rnd`` (a copy) and the round played on to its end by the bots'
    tactics on the real cards: the sentences up to the end of that trick (in Fan Tan, until the
    player is to move again), and how the round ended for the player."""
    rnd = rnd.copy()
    moment = before(rnd)
    rnd.play(move)
    lines: list[Line] = narrate(moment, rnd)
    trick_round = rnd.family is Family.TRICKS

    def told() -> bool:  # the trick is taken (or, in Fan Tan, the player's turn is back)
        if trick_round:
            return any(x.what == "took" for x in lines)
        return rnd.to_move == seat

    bots = make_bots(rnd.n, "heuristic")  # the bots' tactics at every seat
    moves = steps(rnd, bots)  # one move at a time, to the round's end
    while not told():
        moment = before(rnd)
        if next(moves, None) is None:  # the round is over
            break
        lines += narrate(moment, rnd)
    so_far = rnd.score_list()[seat] if trick_round else None
    autoplay(rnd, bots)  # on to the round's end
    text = [line.text(lang) for line in lines]
    scores = rnd.score_list()
    others = (sum(scores) - scores[seat]) / (len(scores) - 1)
    return text, Ending(scores[seat], so_far, others)


def table_reason(p: Puzzle, chosen: Move, best: Move, right: bool, lang: str = "nb",
                 names: Sequence[str] | None = None) -> str:
    """Why, in terms of the table, as the coach says it at a table in the chapters: after a
    wrong answer, what tells the learner's card from the best; after a right one, what the best
    card does and why not the next best (the walk: «♥A tar stikket …» alone is a fact, not a
    reason, when the trick holds a queen).  ``names``: the seats as the page names them (the
    walk: a reason named a seat «P2», the engine's label, beside a table of Kari, Ola and Siri)."""
    view = p.view(names)
    table = Table(view, from_view(view))
    if not right:
        return _sentence(contrast(table, chosen, best).shown(lang))
    said, tone = own_reason(table, best)
    own = said.shown(lang).rstrip(".")
    runner = runner_up(p, view.legal)
    if runner is None:
        return _sentence(own)
    told = contrast(table, runner, best).shown(lang)
    why_not = f"{t('trainer_why_not', lang, move=move_text(runner, lang))} {_sentence(told)}"
    # the contrast often says what the best card does itself («…, mens ♣8 tar stikket …»)
    if own.lower() in told.lower():
        return why_not
    if tone < 0:
        own = t("trainer_best_anyway", lang, reason=own, move=move_text(best, lang))
    return f"{_sentence(own)} {why_not}"


def runner_up(p: Puzzle, legal: tuple[Move, ...]) -> Move | None:
    """The next best card of a stored puzzle (the least loss the coach measured), if any."""
    losses = {code: loss for code, loss in p.losses.items() if code not in p.answers}
    moves = {move_code(m): m for m in legal}
    known = [code for code in losses if code in moves]
    return moves[min(known, key=lambda c: (losses[c], c))] if known else None


def _sentence(text: str) -> str:
    text = text.rstrip(".")
    return text[:1].upper() + text[1:] + "."


def answer(task: Task, move: Move | str, data: LearnerData, lang: str = "nb",
           now: float | None = None) -> Outcome:
    """Check ``move``; note it in ``data`` (the rating or the mistake's repetition)."""
    p = task.puzzle
    rnd = task.round(lang)
    chosen = parse_move(move) if isinstance(move, str) else move
    right = p.is_answer(chosen)
    best = chosen if right else task.best(rnd) or chosen
    shown, best_shown = move_text(chosen, lang), move_text(best, lang)
    mine, mine_end = played_on(rnd, chosen, p.seat, lang)
    mine.append(mine_end.text(shown, p.relative, lang))
    theirs: list[str] = []
    if not right:
        theirs, best_end = played_on(rnd, best, p.seat, lang)
        theirs.append(best_end.text(best_shown, p.relative, lang))
    why: list[str] = [table_reason(p, chosen, best, right, lang, rnd.players)]
    before_r = after_r = None
    learned = False
    if task.mistake is not None:  # the learner's own mistake
        verdict = t("trainer_right_mine" if right else "trainer_wrong_mine", lang, move=shown,
                    best=best_shown)
        # the coach's measure of the move made at the table: why the card named is still the
        # better one when this one deal (played out below) went the other way (walk W12)
        played = move_text(parse_move(str(task.mistake["played"])), lang)
        mine_code = "trainer_margin_mine_relative" if p.relative else "trainer_margin_mine"
        why.append(t(mine_code, lang, played=played, best=best_shown,
                     margin=format_points(round(p.margin, 1), lang)))
        learned = answered(data.mistakes, p.id, right, now)
        if learned:  # a round played again does not bring it back
            data.solved[p.id] = 1
        why.append(t("trainer_learned" if learned else "trainer_again_later", lang))
    else:
        verdict = t("trainer_right" if right else "trainer_wrong", lang, move=shown,
                    best=best_shown)
        code = "trainer_margin_relative" if p.relative else "trainer_margin"
        why.append(t(code, lang, best=best_shown, margin=format_points(margin_shown(p.margin),
                                                                         lang)))
        if p.relative and rnd.family is Family.FANTAN:  # what «mot snittet» means there
            why.append(t("trainer_relative_why", lang))
        if p.id not in data.solved:
            before_r = data.rating
            after_r = update(data.rating, [(Rating(p.rating, PUZZLE_DEVIATION), 1.0 * right)])
            data.rating = after_r
            data.solved[p.id] = 1 if right else 0
    if not right and mine_end.counted(p.relative) <= best_end.counted(p.relative):
        why.append(t("trainer_luck", lang, move=shown))
    return Outcome(right, verdict, why, mine, theirs, before_r, after_r, learned)


register({
    "puzzle_heading": {"nb": "{choice} · {level}", "en": "{choice} · {level}"},
    "puzzle_heading_mine": {"nb": "Din egen feil · {choice}", "en": "Your own mistake · {choice}"},
    "puzzle_question": {
        "nb": "Du skal spille. Hvilket kort er best her?",
        "en": "It is your turn. Which card is best here?"},
    "puzzle_question_mine": {
        "nb": "Her spilte du {played} i en runde, og treneren kalte det dårlig. Finn et bedre "
              "kort.",
        "en": "Here you played {played} in a round, and the coach called it bad. Find a "
              "better card."},
    "puzzle_same_move": {
        "nb": "{cards} er det samme trekket her: det spiller ingen rolle hvilket av dem du "
              "legger.",
        "en": "{cards} are the same move here: it makes no difference which of them you lay."},
    "puzzle_rating": {"nb": "Din oppgaverating: {rating}", "en": "Your puzzle rating: {rating}"},
    "puzzle_rating_new": {
        "nb": "Din oppgaverating: {rating} (foreløpig: den blir sikrere for hver oppgave)",
        "en": "Your puzzle rating: {rating} (provisional: it gets surer with every puzzle)"},
    "puzzle_goal_met": {
        "nb": "{right} av dine {count} siste svar {right:er riktig|er riktige}: det gir {stars} "
              "av {most} stjerner for målet på denne siden.",
        "en": "{right} of your last {count} answers {right:is|are} right: that gives {stars} of "
              "{most} stars for this page's goal."},
    "puzzle_rating_moved": {
        "nb": "Oppgaveratingen din gikk fra {before} til {after}.",
        "en": "Your puzzle rating went from {before} to {after}."},
    "puzzle_solved_count": {
        "nb": "Du har svart på {count} {count:oppgave|oppgaver}, {right} {right:riktig|riktige}.",
        "en": "You have answered {count} {count:puzzle|puzzles}, {right} right."},
    "puzzle_mine_count": {
        "nb": "Dine egne feil å øve på: {count}, {due} av dem nå.",
        "en": "Your own mistakes to practise: {count}, {due} of them now."},
    "puzzle_after": {
        "nb": "Slik kunne det gått videre etter {move} (de andre spiller med kursets taktikk, "
              "på de virkelige kortene):",
        "en": "How it could have gone on after {move} (the others play the course's tactics, "
              "with the real cards):"},
    "puzzle_card_best": {"nb": "{card}, det beste kortet her", "en": "{card}, the best card here"},
    "puzzle_choose": {"nb": "Oppgaver fra", "en": "Puzzles from"},
    "puzzle_next": {"nb": "Neste oppgave", "en": "Next puzzle"},
    "puzzle_none_left": {
        "nb": "Du har svart på alle oppgavene herfra. Velg andre oppgaver over.",
        "en": "You have answered every puzzle from here. Choose other puzzles above."},
    "puzzle_none_mine": {
        "nb": "Ingen av dine egne feil venter på deg nå. Når du spiller en runde i kurset og "
              "treneren kaller et trekk dårlig, kommer stillingen hit.",
        "en": "None of your own mistakes is waiting for you now. When you play a round in "
              "the course and the coach calls a move bad, the position comes here."},
    "puzzle_mine_later": {
        "nb": "Neste av dine egne feil kommer igjen om {when}.",
        "en": "The next of your own mistakes comes back in {when}."},
    "puzzle_minutes": {"nb": "{count} {count:minutt|minutter}",
                       "en": "{count} {count:minute|minutes}"},
    "puzzle_hours": {"nb": "{count} {count:time|timer}", "en": "{count} {count:hour|hours}"},
    "puzzle_bad_choice": {
        "nb": "Det finnes ingen oppgaver som heter «{choice}»; velg i listen",
        "en": "There are no puzzles called '{choice}'; choose in the list"},
    "puzzle_changed": {
        "nb": "Oppgaven ble byttet akkurat da du trykket, så trykket ble ikke regnet. Velg et "
              "kort i denne oppgaven.",
        "en": "The puzzle changed just as you tapped, so the tap did not count. Choose a card "
              "in this puzzle."},
    "puzzle_not_legal": {"nb": "{move} kan ikke spilles her", "en": "{move} cannot be played here"},
    "puzzle_answered": {
        "nb": "Du har svart på denne oppgaven. Trykk «{button}» for en ny.",
        "en": "You have answered this puzzle. Press '{button}' for a new one."},
})


class PuzzleBoard:
    """The puzzle page in plain Python: which puzzle is shown, what the learner answered, and
    every sentence the page says about it (the widget only lays them out).

    The learner's data is the page's (:func:`current_learner`): it is read at every step, never
    held, because the browser's copy arrives after the page opens and replaces it; an answer
    changes it and hands it on (:func:`learner_changed`), so the browser keeps it.
    """

    def __init__(self, choice: str = "all", lang: str = "nb", seed: int | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        if choice not in CHOICES:
            raise IllegalMove("puzzle_bad_choice", choice=str(choice)[:40])
        self.choice = choice
        self.lang = lang
        self.rng = random.Random(seed)
        self.clock = clock
        self.task: Task | None = None
        self.outcome: Outcome | None = None
        self.chosen: Move | None = None
        self.round: Round | None = None
        self.answers = 0  # answered on this page
        self.earned = 0  # stars the last answer earned for the page's goal (0: none new)
        self.next()

    # -- what happens ------------------------------------------------------------------------
    @property
    def data(self) -> LearnerData:
        return current_learner()

    def next(self) -> Task | None:
        """The next puzzle of the chosen kind (None: nothing left of it now)."""
        skip = self.task.puzzle.id if self.task is not None else None
        self.task = next_puzzle(self.data, self.choice, self.rng, now=self.clock(), skip=skip)
        self.outcome = self.chosen = None
        self.round = self.task.round(self.lang) if self.task is not None else None
        return self.task

    def choose(self, choice: str) -> Task | None:
        """Other puzzles: every kind, the learner's own mistakes, or one round kind."""
        if choice not in CHOICES:
            raise IllegalMove("puzzle_bad_choice", choice=str(choice)[:40])
        self.choice = choice
        self.task = None
        return self.next()

    def legal(self) -> tuple[Move, ...]:
        """The moves the learner may answer with (none once answered)."""
        if self.round is None or self.outcome is not None:
            return ()
        return self.round.legal_moves()

    def pick(self, move: Move | str) -> Outcome:
        """The learner's answer: checked, noted in the learner's data (which the browser then
        keeps), and explained."""
        if self.task is None or self.round is None:
            raise IllegalMove("puzzle_none_left")
        if self.outcome is not None:
            raise IllegalMove("puzzle_answered", button=t("puzzle_next", self.lang))
        chosen = parse_move(move) if isinstance(move, str) else move
        if chosen not in self.round.legal_moves():
            if chosen in self.round.hand(self.seat):  # the engine's reason, as at a table:
                self.round.check(chosen)             # «Du må følge farge i spar (har …)»
            raise IllegalMove("puzzle_not_legal", move=move_text(chosen, self.lang))
        data = self.data
        self.outcome = answer(self.task, chosen, data, self.lang, now=self.clock())
        self.chosen = chosen
        self.answers += 1
        self.earned = 0
        if not self.task.personal:  # the page's goal: the last answers to the collection
            stars = progress.puzzle_stars(self.collection_answers())
            if stars and progress.earn("puzzle", stars):  # the page hears of it
                self.earned = stars
                return self.outcome
        learner_changed()
        return self.outcome

    def collection_answers(self) -> list[int]:
        """The learner's first answer to each puzzle of the collection answered (1 right, 0
        wrong), oldest first: what the page's goal counts."""
        return [right for ident, right in self.data.solved.items() if not ident.startswith(MINE)]

    def learner_arrived(self) -> bool:
        """The browser's copy of the learner's data came (or changed in another tab).  Before
        the first answer on this page, a puzzle the data would not have given (answered
        before, a mistake of the learner's due first, far from the learner's rating) gives way
        to one chosen as it would have been had the data been there; one it could have given
        stays, so a new learner's cards do not change under a finger about to tap them.  Later,
        only a puzzle the learner has answered elsewhere, or a mistake no longer kept, gives
        way.  True when another puzzle is shown."""
        task = self.task
        if self.outcome is not None:
            return False
        if task is None or not self.answers:
            if task is not None and still_fits(task, self.data, self.choice, self.clock()):
                return False
            before = task.puzzle.id if task is not None else None
            self.task = None
            self.next()
            return (self.task.puzzle.id if self.task is not None else None) != before
        if task.personal:
            stale = all(m["id"] != task.puzzle.id for m in self.data.mistakes)
        else:
            stale = task.puzzle.id in self.data.solved
        if stale:
            self.task = None
            self.next()
        return stale

    # -- what the page says -----------------------------------------------------------------
    def heading(self) -> str:
        """What puzzle this is: its game and round, and how hard (or that it is the learner's
        own mistake)."""
        if self.task is None:
            return ""
        p = self.task.puzzle
        kind = t("trainer_kind", self.lang, game=game_name(p.game, self.lang),
                 kind=KindName(p.kind))
        if self.task.personal:
            return t("puzzle_heading_mine", self.lang, choice=kind)
        return t("puzzle_heading", self.lang, choice=kind,
                 level=t(LEVEL_WORDS[p.level], self.lang).capitalize())

    def question(self) -> str:
        if self.task is None:
            return ""
        if self.task.mistake is not None:
            played = move_text(parse_move(str(self.task.mistake["played"])), self.lang)
            return t("puzzle_question_mine", self.lang, played=played)
        return t("puzzle_question", self.lang)

    def rating_text(self) -> str:
        """The learner's puzzle rating; nothing until the learner's data has arrived from the
        browser (a returning learner's own rating, not a new learner's 1500 first)."""
        if not learner_known():
            return ""
        r = self.data.rating
        code = "puzzle_rating_new" if r.deviation > SURE_DEVIATION else "puzzle_rating"
        return t(code, self.lang, rating=round(r.rating))

    def tally_text(self) -> str:
        """How many puzzles the learner has answered, and their own mistakes waiting (nothing
        until the learner's data has arrived)."""
        if not learner_known():
            return ""
        data = self.data
        parts = []
        stored = [right for ident, right in data.solved.items() if not ident.startswith(MINE)]
        if stored:
            parts.append(t("puzzle_solved_count", self.lang, count=len(stored),
                           right=sum(stored)))
        if data.mistakes:
            due = len(due_mistakes(data.mistakes, self.clock()))
            parts.append(t("puzzle_mine_count", self.lang, count=len(data.mistakes), due=due))
        return " ".join(parts)

    def empty_text(self) -> str:
        """Why there is no puzzle (only when there is none)."""
        if self.task is not None:
            return ""
        if self.choice != "mine":
            return t("puzzle_none_left", self.lang)
        waiting = [m["due"] for m in self.data.mistakes]
        if not waiting:
            return t("puzzle_none_mine", self.lang)
        return t("puzzle_mine_later", self.lang, when=self._when(min(waiting) - self.clock()))

    def _when(self, seconds: float) -> str:
        minutes = max(1, round(seconds / 60))
        if minutes < 90:
            return t("puzzle_minutes", self.lang, count=minutes)
        return t("puzzle_hours", self.lang, count=round(minutes / 60))

    def verdict_lines(self) -> list[str]:
        """After an answer: right or not, why, the rating's move, and cards that are the same
        move as the answer."""
        o, task = self.outcome, self.task
        if o is None or task is None or self.round is None:
            return []
        lines = [o.verdict, *o.why]
        same = [m for m in self.round.legal_moves() if task.puzzle.is_answer(m)]
        if len(same) > 1 and not task.personal:
            lines.append(t("puzzle_same_move", self.lang,
                           cards=joined([move_text(m, self.lang) for m in same], self.lang)))
        if o.rating_before is not None and o.rating_after is not None:
            lines.append(t("puzzle_rating_moved", self.lang, before=round(o.rating_before.rating),
                           after=round(o.rating_after.rating)))
        if self.earned:
            recent = self.collection_answers()[-progress.PUZZLE_ITEMS:]
            lines.append(t("puzzle_goal_met", self.lang, right=sum(recent), count=len(recent),
                           stars=self.earned, most=progress.MAX_STARS))
        return lines

    def played_on(self) -> list[tuple[str, list[str]]]:
        """After an answer: what happened after the learner's move (and, after a wrong one,
        after the best), each under its heading."""
        o, task = self.outcome, self.task
        if o is None or task is None or self.chosen is None or self.round is None:
            return []
        shown = [(t("puzzle_after", self.lang, move=move_text(self.chosen, self.lang)),
                  o.after_mine)]
        if not o.right:
            best = task.best(self.round) or self.chosen
            shown.append((t("puzzle_after", self.lang, move=move_text(best, self.lang)),
                          o.after_best))
        return shown

    @property
    def seat(self) -> int:
        return self.task.puzzle.seat if self.task is not None else 0

