"""What every bot shares: the decision it returns, the protocol it follows, its checks.

Kept apart from :mod:`kamplib.bots` (which picks a bot by level) so that the bots themselves
import this and nothing above them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from kamplib.bots import texts as _texts  # noqa: F401  (registers the reason texts)
from kamplib.errors import RuleError
from kamplib.i18n import DEFAULT_LANG, LANGS, t
from kamplib.moves import Move
from kamplib.round import Round
from kamplib.view import PlayerView

__all__ = ["Decision", "Bot", "FastBot", "check_to_move", "reason"]


@dataclass(frozen=True)
class Decision:
    """A move and why it was chosen, in bokmål and English."""

    move: Move
    reason: dict[str, str]

    def text(self, lang: str = DEFAULT_LANG) -> str:
        return self.reason.get(lang) or self.reason[DEFAULT_LANG]

    def __str__(self) -> str:
        return f"{self.move}: {self.text()}"


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a move from a player's view."""

    level: str

    def choose(self, view: PlayerView) -> Decision: ...


@runtime_checkable
class FastBot(Bot, Protocol):
    """A bot with a fast path besides :meth:`choose`: the move alone, read from the round as the
    mover may know it (no view made, no reason worded), for games played by the thousand."""

    def move_in(self, rnd: Round, seat: int) -> Move: ...


def check_to_move(view: PlayerView) -> None:
    """A bot only chooses for the player whose turn it is."""
    if not isinstance(view, PlayerView):
        raise RuleError("bot_needs_view", value=type(view).__name__)
    if not view.legal:
        raise RuleError("bot_not_to_move", player=view.player)


def reason(code: str, **params: Any) -> dict[str, str]:
    """A reason in every language from a catalogue code."""
    return {lang: t(code, lang, **params) for lang in LANGS}
