"""Why a move is what it is: a tactic-level description of any legal move, in the learner's terms.

The heuristic states the reason for its own choice; this module describes moves it did not
choose (the search's pick, or a learner's move being rated), from the same situation.
"""

from __future__ import annotations

from typing import Any

from kamplib.bots.heuristic import TAKE_KINDS, _fantan_value, penalty
from kamplib.bots.situation import Situation, count_above, suit_block
from kamplib.cards import SUITS, Card
from kamplib.i18n import LANGS, SuitName, t
from kamplib.round import PASS, Move

__all__ = ["describe", "search_reason"]


def describe(sit: Situation, move: Move) -> tuple[str, dict[str, Any]]:
    """A reason code and parameters saying what ``move`` does here."""
    if sit.needs_trump:
        si = SUITS.index(move)  # type: ignore[arg-type]
        return "what_trump", {"suit": SuitName(move), "count": suit_block(sit.hand, si).bit_count()}
    if sit.kind == "fantan":
        return _describe_fantan(sit, move)
    card: Card = move  # type: ignore[assignment]
    suit = SuitName(card.suit)
    if not sit.trick:
        higher = count_above(sit.unseen, card, sit.ace_low)
        if sit.kind in TAKE_KINDS:
            if not higher:
                return "why_lead_master", {"card": card, "suit": suit}
            return "what_lead", {"card": card, "suit": suit, "higher": higher}
        if higher:
            return "why_lead_low", {"card": card, "suit": suit, "higher": higher}
        return "what_lead_wins", {"card": card, "suit": suit}
    winner = sit.winning_card()
    led = SuitName(SUITS[sit.led])
    if sit.strength(card) > sit.strength(winner):  # type: ignore[arg-type]
        if sit.kind in TAKE_KINDS and card.suit_index == sit.trump != sit.led:
            return "why_trump_in", {"card": card, "suit": led}
        if sit.kind in TAKE_KINDS and not count_above(sit.unseen, card, sit.ace_low):
            return "why_win_master", {"card": card, "suit": suit}
        return "what_take", {"card": card}
    if card.suit_index != sit.led:
        if sit.kind not in TAKE_KINDS and penalty(sit, card):
            code = "why_void_queen" if card.rank == 12 else "why_void_club"
            return code, {"card": card, "suit": led}
        return "what_discard", {"card": card, "suit": led}
    if sit.kind not in TAKE_KINDS and penalty(sit, card):
        return "why_dump_points", {"card": card, "winner": winner}
    return "what_under", {"card": card, "winner": winner}


def _describe_fantan(sit: Situation, move: Move) -> tuple[str, dict[str, Any]]:
    if move == PASS:
        cards = [m for m in sit.legal if m != PASS]
        return ("why_ft_pass_choice" if cards else "why_ft_pass"), {}
    card: Card = move  # type: ignore[assignment]
    chain, reach, gift = _fantan_value(sit, card)
    if chain:
        return "why_ft_run", {"card": card, "count": reach}
    if gift:
        return "what_ft_gift", {"card": card}
    return "why_ft_safe", {"card": card}


def search_reason(code: str, params: dict[str, Any],
                  found: tuple[float, int] | None) -> dict[str, str]:
    """The tactic, followed (when the search ran) by what the sampled deals showed."""
    out = {}
    for lang in LANGS:
        text = t(code, lang, **params)
        if found is not None:
            expected, samples = found
            text += ". " + t("why_search", lang, samples=samples,
                             expected=format_points(expected, lang))
        out[lang] = text
    return out


def format_points(value: float, lang: str) -> str:
    """1.5 → ``1,5`` in bokmål, ``1.5`` in English."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if lang == "nb" else text
