"""Computer opponents at three levels, each decision with a reason a learner can read.

``random`` (lett) plays any legal move, ``heuristic`` (middels) plays the tactics the rule texts
teach, ``search`` (vanskelig) samples the hidden cards and plays each candidate out.  A bot is
handed a :class:`~kamplib.view.PlayerView` and nothing else, so it cannot see other hands.
"""

from __future__ import annotations

from typing import Any

from kamplib.bots.base import Bot, Decision, check_to_move, reason
from kamplib.errors import RuleError
from kamplib.i18n import LANGS, register, t

__all__ = ["LEVELS", "level_name", "Decision", "Bot", "make_bot", "check_to_move", "reason"]

LEVELS: tuple[str, ...] = ("random", "heuristic", "search")

register({
    "level_random": {"nb": "lett", "en": "easy"},
    "level_heuristic": {"nb": "middels", "en": "medium"},
    "level_search": {"nb": "vanskelig", "en": "hard"},
})


def level_name(level: str, lang: str = "nb") -> str:
    """What a learner calls a level: ``search`` → ``vanskelig`` / ``hard``."""
    return t(f"level_{level}", lang)


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
    **{level_name(level, lang): level for level in LEVELS for lang in LANGS},
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


