"""What happened at the table, in sentences: «Ola la ♥8», «Siri sa pass», «Per tok stikket».

Every sentence explains a play with the engine's own judgement: how a card stands in a trick is
:func:`kamplib.tricks.classify_play`, who took it is the round's, and the points are the round's
scores before and after.  :func:`before` notes what a sentence needs to know about the moment
before an action; :func:`narrate` turns the action into lines; :func:`round_lines` does it for a
whole round (a record, or a round just played) by replaying its history.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kamplib.cards import Card
from kamplib.fantan import FanTanRound
from kamplib.i18n import Phrase, SuitName
from kamplib.kinds import Family
from kamplib.moves import PASS, ChooseTrump, Move
from kamplib.round import Round, Trick
from kamplib.teach import texts as _texts  # noqa: F401  (registers the teaching words)
from kamplib.tricks import classify_play

__all__ = ["Line", "Moment", "before", "narrate", "round_lines", "why_taken", "scores_phrase",
           "LINE_KINDS"]

# What a line tells: an action (how a card was played, a pass, naming trump), a finished trick,
# a player going out in Fan Tan, the end of the round.
LINE_KINDS = ("led", "followed", "trumped", "discarded", "laid", "passed", "chose_trump",
              "took", "went_out", "round_over")


@dataclass(frozen=True)
class Line:
    """One sentence of the table's log, with where it belongs (round, history position)."""

    round_number: int
    position: int  # index of the action in the round's history
    seat: int
    player: str
    move: Move | None
    what: str  # one of LINE_KINDS
    phrase: Phrase

    def text(self, lang: str = "nb") -> str:
        return self.phrase.shown(lang)

    @property
    def is_action(self) -> bool:
        return self.what not in ("took", "went_out", "round_over")


@dataclass(frozen=True)
class Moment:
    """What a sentence about the next action needs to know of the round before it."""

    round_number: int
    position: int
    seat: int
    led: str | None
    trump: str | None
    tricks: int
    scores: tuple[int, ...]
    forced_pass: bool


def before(rnd: Round) -> Moment:
    """Note the round just before the player to move acts."""
    trick = rnd.trick
    led = trick[0][1].suit if trick else None
    legal = rnd.legal_moves() if rnd.family is Family.FANTAN else ()
    return Moment(rnd.number, len(rnd.history), rnd.to_move, led, rnd.trump,
                  len(rnd.tricks), tuple(rnd.score_list()),
                  tuple(legal) == (PASS,))


def narrate(moment: Moment, rnd: Round) -> list[Line]:
    """The lines for the action made after ``moment`` (``rnd`` is the round after it)."""
    entry = rnd.history[moment.position]
    seat, move = entry.seat, entry.move
    player = rnd.players[seat]
    lines = [_action_line(moment, rnd, seat, player, move)]
    if isinstance(rnd, FanTanRound):
        if rnd.is_over and rnd.out == seat:
            lines.append(_line(moment, seat, player, move, "went_out",
                               Phrase("teach_went_out", player=player)))
    elif len(rnd.tricks) > moment.tricks:
        trick = rnd.tricks[-1]
        winner = rnd.players[trick.winner]
        card = _winning_card(trick)
        points = rnd.score_list()[trick.winner] - moment.scores[trick.winner]
        scored = (Phrase("teach_scored", player=winner, points=points) if points
                  else Phrase("teach_scored_nothing"))
        lines.append(_line(moment, trick.winner, winner, card, "took",
                           Phrase("teach_took", player=winner, card=card,
                                  why=why_taken(trick.plays, card, rnd.trump),
                                  scored=scored)))
    if rnd.is_over:
        lines.append(_line(moment, seat, player, None, "round_over",
                           Phrase("teach_round_end", scores=scores_phrase(rnd))))
    return lines


def round_lines(rnd: Round, count: int | None = None) -> list[Line]:
    """Every line of a round's first ``count`` actions (all by default), replayed from its deal."""
    history = rnd.history if count is None else rnd.history[:count]
    fresh = rnd.replayed(0)
    out: list[Line] = []
    for move in (entry.move for entry in history):
        moment = before(fresh)
        fresh.play(move)
        out.extend(narrate(moment, fresh))
    return out


def why_taken(plays: Sequence[tuple[int, Card]], winner: Card, trump: str | None) -> Phrase:
    """Why ``winner`` (the card the engine says took the trick) took it."""
    led = plays[0][1].suit
    if classify_play(winner, led, trump) == "trumped":
        return Phrase("teach_why_trump")
    followers = sum(1 for _, c in plays if classify_play(c, led, trump) in ("led", "followed"))
    code = "teach_why_alone" if followers == 1 else "teach_why_high"
    return Phrase(code, suit=SuitName(led))


def scores_phrase(rnd: Round) -> list[Phrase]:
    """«Du 3, Kari 4, …» — each player's score in the round so far."""
    return [Phrase("teach_score_item", player=p, points=s) for p, s in rnd.scores().items()]


# -- helpers -----------------------------------------------------------------------------------
def _line(moment: Moment, seat: int, player: str, move: Move | None, what: str,
          phrase: Phrase) -> Line:
    return Line(moment.round_number, moment.position, seat, player, move, what, phrase)


def _action_line(moment: Moment, rnd: Round, seat: int, player: str, move: Move) -> Line:
    if move is PASS:
        code = "teach_passed" if moment.forced_pass else "teach_passed_free"
        return _line(moment, seat, player, move, "passed",
                     Phrase(code, player=player, points=rnd.pass_cost))
    if type(move) is ChooseTrump:
        return _line(moment, seat, player, move, "chose_trump",
                     Phrase("teach_chose_trump", player=player, suit=SuitName(move.suit)))
    card: Card = move  # type: ignore[assignment]
    if rnd.family is Family.FANTAN:
        return _line(moment, seat, player, card, "laid",
                     Phrase("teach_laid", player=player, card=card))
    how = classify_play(card, moment.led, moment.trump)
    params: dict[str, Any] = {"player": player, "card": card}
    if how in ("trumped", "discarded"):
        params["suit"] = SuitName(moment.led or card.suit)
    return _line(moment, seat, player, card, how, Phrase(f"teach_{how}", **params))


def _winning_card(trick: Trick) -> Card:
    return next(c for s, c in trick.plays if s == trick.winner)

