"""What a move does, in the learner's terms, and the coach's sentences about it.

The heuristic states the reason for its own choice (an imperative: «legg det laveste kortet ditt,
♣3»).  Everything else the coach says about a move is a :class:`Fact`: a plain statement with the
move's own card as its subject («♣4 går under ♣8, så noen andre tar stikket slik det ligger
nå»), true of the table as it stands, so it can never recommend another card.  Each fact has a
*tone*: whether it reads as a reason for the move, against it, or neither.  When the judgement
disagrees with the tone (a move that opens a row for the others but is still the best one, a
duck that still costs points), the judgement says «likevel» rather than seeming to contradict
the fact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kamplib.bots.heuristic import _fantan_value, penalty
from kamplib.bots.situation import Situation, count_above, suit_block
from kamplib.cards import SUITS, Card
from kamplib.i18n import LANGS, SuitName, t
from kamplib.kinds import Family
from kamplib.moves import ChooseTrump, move_text
from kamplib.round import PASS, Move

__all__ = ["Fact", "MoveName", "describe", "search_reason", "format_points", "FOR", "AGAINST",
           "NEUTRAL"]

FOR, NEUTRAL, AGAINST = 1, 0, -1


class MoveName:
    """A move inside a sentence, shown in the reader's language (:func:`~kamplib.moves.move_text`:
    ``♣Q``, ``pass``, or a suit's name)."""

    def __init__(self, move: Move) -> None:
        self.move = move

    def shown(self, lang: str) -> str:
        return move_text(self.move, lang)


@dataclass(frozen=True)
class Fact:
    """A statement about one move (a catalogue code and its parameters) and its tone."""

    code: str
    params: dict[str, Any]
    tone: int

    def text(self, lang: str) -> str:
        return t(self.code, lang, **self.params)


def describe(sit: Situation, move: Move) -> Fact:
    """What ``move`` does here, as a fact about the table as it stands."""
    if sit.needs_trump:
        assert type(move) is ChooseTrump
        si = SUITS.index(move.suit)
        return Fact("fact_trump", {"suit": SuitName(move.suit),
                                   "count": suit_block(sit.hand, si).bit_count()}, NEUTRAL)
    if len(sit.legal) == 1:
        if move == PASS:
            return Fact("fact_must_pass", {}, NEUTRAL)
        return Fact("why_only_move", {"card": move}, NEUTRAL)
    if sit.family is Family.FANTAN:
        return _describe_fantan(sit, move)
    card: Card = move  # type: ignore[assignment]
    suit = SuitName(card.suit)
    take = sit.wants_tricks
    if not sit.trick:
        higher = count_above(sit.unseen, card, sit.ace_low)
        if take:
            if not higher:
                return Fact("fact_lead_master", {"card": card, "suit": suit}, FOR)
            return Fact("fact_lead", {"card": card, "suit": suit, "higher": higher}, NEUTRAL)
        if higher:
            return Fact("fact_lead_low", {"card": card, "suit": suit, "higher": higher}, FOR)
        return Fact("fact_lead_wins", {"card": card, "suit": suit}, AGAINST)
    winner = sit.winning_card()
    led = SuitName(SUITS[sit.led])
    if sit.strength(card) > sit.strength(winner):  # type: ignore[arg-type]
        if take and card.suit_index == sit.trump != sit.led:
            return Fact("fact_trump_in", {"card": card, "suit": led}, FOR)
        if take and not count_above(sit.unseen, card, sit.ace_low):
            return Fact("fact_take_master", {"card": card, "suit": suit}, FOR)
        return Fact("fact_take", {"card": card}, FOR if take else AGAINST)
    if card.suit_index != sit.led:
        if not take and penalty(sit, card):
            return Fact("fact_give_points", {"card": card, "suit": led}, FOR)
        return Fact("fact_discard", {"card": card, "suit": led}, NEUTRAL)
    if not take and penalty(sit, card):
        return Fact("fact_under_points", {"card": card, "winner": winner}, FOR)
    return Fact("fact_under", {"card": card, "winner": winner}, NEUTRAL if take else FOR)


def _describe_fantan(sit: Situation, move: Move) -> Fact:
    if move == PASS:
        return Fact("fact_ft_pass_choice", {"points": sit.pass_cost}, AGAINST)
    card: Card = move  # type: ignore[assignment]
    chain, reach, gift = _fantan_value(sit, card)
    if chain:
        return Fact("fact_ft_run", {"card": card, "count": reach}, FOR)
    if gift:
        return Fact("fact_ft_gift", {"card": card}, AGAINST)
    return Fact("fact_ft_safe", {"card": card}, FOR)


def search_reason(code: str, params: dict[str, Any], found: tuple[float, int] | None, *,
                  relative: bool = False) -> dict[str, str]:
    """A bot's reason: the tactic or fact, then (when the search ran) what the deals showed;
    ``relative``: the points are the mover's minus the others' average, and the reason says so."""
    out = {}
    for lang in LANGS:
        text = t(code, lang, **params)
        if found is not None:
            expected, samples = found
            if not relative:
                found_text = t("why_search_own", lang, expected=format_points(expected, lang))
            else:  # points against the others' average: say more or fewer, never "−3 more"
                fewer = format_points(expected, lang).startswith("−")
                found_text = t("why_search_fewer" if fewer else "why_search_more", lang,
                               points=format_points(abs(expected), lang))
            text += ". " + t("why_search", lang, samples=samples, found=found_text)
        out[lang] = text
    return out


def format_points(value: float, lang: str) -> str:
    """1.5 → ``1,5`` in bokmål, ``1.5`` in English; a minus sign, never ``-0,0``."""
    text = f"{abs(value):.1f}"
    if text.strip("0.") and value < 0:
        text = "−" + text
    return text.replace(".", ",") if lang == "nb" else text
