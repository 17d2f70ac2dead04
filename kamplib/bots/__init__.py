"""Computer opponents at three levels, each decision with a reason a learner can read.

``random`` (lett) plays any legal move, ``heuristic`` (middels) plays the tactics the rule texts
teach, ``search`` (vanskelig) samples the hidden cards and plays each candidate out.  A bot is
handed a :class:`~kamplib.view.PlayerView` and nothing else, so it cannot see other hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from kamplib.bots import texts as _texts  # noqa: F401  (registers the reason texts)
from kamplib.errors import RuleError
from kamplib.i18n import DEFAULT_LANG, LANGS
from kamplib.round import Move
from kamplib.view import PlayerView

__all__ = ["LEVELS", "LEVEL_NAMES", "Decision", "Bot", "make_bot"]

LEVELS: tuple[str, ...] = ("random", "heuristic", "search")
LEVEL_NAMES = {
    "nb": {"random": "lett", "heuristic": "middels", "search": "vanskelig"},
    "en": {"random": "easy", "heuristic": "medium", "search": "hard"},
}


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


def make_bot(level: str = "heuristic", seed: int | None = None, **options: Any) -> Bot:
    """A bot of the given level; ``search`` takes ``samples=`` and ``time_budget=`` (seconds)."""
    key = level.strip().lower() if isinstance(level, str) else level
    key = _ALIASES.get(key, key)
    if key == "random":
        from kamplib.bots.random_bot import RandomBot

        _no_options(key, options)
        return RandomBot(seed)
    if key == "heuristic":
        from kamplib.bots.heuristic import HeuristicBot

        _no_options(key, options)
        return HeuristicBot(seed)
    if key == "search":
        from kamplib.bots.search import SearchBot

        return SearchBot(seed, **_search_options(options))
    raise RuleError("bot_unknown_level", value=level, allowed=", ".join(LEVELS))


_ALIASES = {
    **{name: level for names in LEVEL_NAMES.values() for level, name in names.items()},
    "middel": "heuristic",
}


def _no_options(level: str, options: dict[str, Any]) -> None:
    if options:
        raise RuleError("bot_bad_option", level=level, option=", ".join(options),
                        allowed="-")


def _search_options(options: dict[str, Any]) -> dict[str, Any]:
    allowed = ("samples", "time_budget")
    for key, value in options.items():
        if key not in allowed:
            raise RuleError("bot_bad_option", level="search", option=key,
                            allowed=", ".join(allowed))
        if key == "samples" and (not isinstance(value, int) or isinstance(value, bool)
                                 or value < 1):
            raise RuleError("bot_bad_value", option=key, value=value,
                            expected="et helt tall ≥ 1 / a whole number ≥ 1")
        if key == "time_budget" and value is not None and (
                isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0):
            raise RuleError("bot_bad_value", option=key, value=value,
                            expected="sekunder > 0 / seconds > 0")
    return options


def check_to_move(view: PlayerView) -> None:
    """A bot only chooses for the player whose turn it is."""
    if not isinstance(view, PlayerView):
        raise RuleError("bot_needs_view", value=type(view).__name__)
    if not view.legal:
        raise RuleError("bot_not_to_move", player=view.player)


def reason(code: str, **params: Any) -> dict[str, str]:
    """A reason in every language from a catalogue code."""
    from kamplib.i18n import t

    return {lang: t(code, lang, **params) for lang in LANGS}
