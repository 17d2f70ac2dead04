"""The puzzle trainer in plain Python: which puzzle comes next, and what an answer means.

:func:`next_puzzle` gives the learner's own mistakes whose time has come first
(:mod:`kamplib.teach.mistakes`), then a stored puzzle (:mod:`kamplib.teach.puzzles`) not
answered before, of the round kind the learner chose, whose rating is near the learner's puzzle
rating (:mod:`kamplib.teach.rating`).  :func:`answer` checks a move, moves the rating (stored
puzzles only) or the mistake's repetition, and tells why: the best move and its margin in the
coach's words, and both moves played on to the end of the round on the real cards (what
happens after the learner's move: the refutation).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from kamplib.bots.explain import format_points
from kamplib.bots.heuristic import round_policy
from kamplib.i18n import KindName, register, t
from kamplib.kinds import Family
from kamplib.moves import Move, move_text, parse_move
from kamplib.round import Round
from kamplib.teach.mistakes import answered, due_mistakes
from kamplib.teach.narration import Line, before, narrate
from kamplib.teach.puzzles import Puzzle, load_puzzles, puzzle_kinds
from kamplib.teach.rating import PUZZLE_DEVIATION, Rating, update
from kamplib.teach.session import default_names
from kamplib.teach.store import LearnerData

__all__ = ["Task", "Outcome", "next_puzzle", "answer", "CHOICES", "choice_label", "played_on",
           "NEAREST"]

# What the learner may ask for: every kind, the learner's own mistakes, or one round kind.
CHOICES: tuple[str, ...] = ("all", "mine", *(f"{g}-{k}" for g, k in puzzle_kinds()))
# The next stored puzzle is drawn among this many unanswered ones nearest the learner's rating.
NEAREST = 8

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
    "trainer_mine_why": {
        "nb": "Da du spilte dette, la du {played}. Treneren kalte det dårlig.",
        "en": "When you played this, you laid {played}. The coach called it bad."},
    "trainer_end": {
        "nb": "Med disse kortene endte du med {points} {points:poeng|poeng} etter {move}.",
        "en": "With these cards you ended with {points} {points:point|points} after {move}."},
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


def choice_label(choice: str, lang: str = "nb") -> str:
    """What the learner reads for a choice of puzzles."""
    if choice in ("all", "mine"):
        return t(f"trainer_{choice}", lang)
    game, kind = choice.split("-", 1)
    return t("trainer_kind", lang, game=t(f"game_{game}", lang), kind=KindName(kind))


@dataclass(frozen=True)
class Task:
    """A puzzle to show: the position, and for a personal one the stored mistake."""

    puzzle: Puzzle
    mistake: dict[str, Any] | None = None

    @property
    def personal(self) -> bool:
        return self.mistake is not None

    def round(self, lang: str = "nb") -> Round:
        """The position, with the learner called «Du» and the others by name."""
        p = self.puzzle
        return p.round(names=default_names(p.players, p.seat, lang))


def _bank(choice: str) -> list[Puzzle]:
    kinds = puzzle_kinds() if choice == "all" else \
        [tuple(choice.split("-", 1))] if choice in CHOICES else []
    return [p for g, k in kinds for p in load_puzzles(g, k)]


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
    left = [p for p in _bank(choice) if p.id not in data.solved]
    if not left:
        return None
    rating = data.rating.rating
    left.sort(key=lambda p: (abs(p.rating - rating), p.id))
    return Task(rng.choice(left[:NEAREST]))


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


def played_on(rnd: Round, move: Move, seat: int, lang: str = "nb") -> tuple[list[str], int]:
    """``move`` played in ``rnd`` (a copy) and the round played on to its end by the bots'
    tactics on the real cards: the sentences up to the end of that trick (in Fan Tan, until the
    player is to move again), and the points the player ended with."""
    rnd = rnd.copy()
    moment = before(rnd)
    rnd.play(move)
    lines: list[Line] = narrate(moment, rnd)
    trick_round = rnd.family is Family.TRICKS

    def told() -> bool:  # the trick is taken (or, in Fan Tan, the player's turn is back)
        if trick_round:
            return any(x.what == "took" for x in lines)
        return rnd.to_move == seat

    while rnd.to_move >= 0 and not told():
        moment = before(rnd)
        rnd.play(round_policy(rnd, rnd.to_move))
        lines += narrate(moment, rnd)
    while rnd.to_move >= 0:
        rnd.play(round_policy(rnd, rnd.to_move))
    text = [line.text(lang) for line in lines]
    return text, rnd.score_list()[seat]


def answer(task: Task, move: Move | str, data: LearnerData, lang: str = "nb",
           now: float | None = None) -> Outcome:
    """Check ``move``; note it in ``data`` (the rating or the mistake's repetition)."""
    p = task.puzzle
    rnd = task.round(lang)
    chosen = parse_move(move) if isinstance(move, str) else move
    right = p.is_answer(chosen)
    best = next((m for m in rnd.legal_moves() if p.is_answer(m)), chosen)
    shown, best_shown = move_text(chosen, lang), move_text(best, lang)
    mine, mine_points = played_on(rnd, chosen, p.seat, lang)
    theirs, best_points = played_on(rnd, best, p.seat, lang)
    why: list[str] = []
    before_r = after_r = None
    learned = False
    if task.personal:
        verdict = t("trainer_right_mine" if right else "trainer_wrong_mine", lang, move=shown,
                    best=best_shown)
        played = task.mistake["played"] if task.mistake else ""
        why.append(t("trainer_mine_why", lang, played=move_text(parse_move(played), lang)))
        learned = answered(data.mistakes, p.id, right, now)
        why.append(t("trainer_learned" if learned else "trainer_again_later", lang))
    else:
        verdict = t("trainer_right" if right else "trainer_wrong", lang, move=shown,
                    best=best_shown)
        code = "trainer_margin_relative" if p.relative else "trainer_margin"
        why.append(t(code, lang, best=best_shown, margin=format_points(p.margin, lang)))
        if p.id not in data.solved:
            before_r = data.rating
            after_r = update(data.rating, [(Rating(p.rating, PUZZLE_DEVIATION), 1.0 * right)])
            data.rating = after_r
            data.solved[p.id] = 1 if right else 0
    if not right:
        end = t("trainer_end", lang, points=mine_points, move=shown)
        mine.append(end)
        theirs.append(t("trainer_end", lang, points=best_points, move=best_shown))
        if mine_points <= best_points and not p.relative:
            why.append(t("trainer_luck", lang, move=shown))
    return Outcome(right, verdict, why, mine, theirs, before_r, after_r, learned)
