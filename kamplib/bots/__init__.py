"""Computer opponents at three levels, each decision with a reason a learner can read.

``random`` (lett) plays any legal move, ``heuristic`` (middels) plays the tactics the rule texts
teach, ``search`` (vanskelig) samples the hidden cards in agreement with what the table showed,
plays each candidate out and solves endgames exactly (:mod:`kamplib.bots.search`).  A bot is
handed a :class:`~kamplib.view.PlayerView` and nothing else, so it cannot see other hands.
"""

from __future__ import annotations

from typing import Any

from kamplib.bots.base import Bot, Decision, check_to_move, reason
from kamplib.errors import RuleError
from kamplib.i18n import LANGS, register, t

__all__ = ["LEVELS", "SEARCH_LEVELS", "level_name", "Decision", "Bot", "make_bot",
           "check_to_move", "reason"]

LEVELS: tuple[str, ...] = ("random", "heuristic", "search")
# Searches beyond the learner's levels: ``analysis`` (stronger, for reviews) and
# ``plain_search`` (the search before inference and exact endgames, kept for comparisons).
SEARCH_LEVELS: tuple[str, ...] = ("search", "analysis", "plain_search")

register({
    "level_random": {"nb": "lett", "en": "easy"},
    "level_heuristic": {"nb": "middels", "en": "medium"},
    "level_search": {"nb": "vanskelig", "en": "hard"},
    "level_analysis": {"nb": "analyse", "en": "analysis"},
    "level_plain_search": {"nb": "enkelt søk", "en": "plain search"},
})


def level_name(level: str, lang: str = "nb") -> str:
    """What a learner calls a level: ``search`` → ``vanskelig`` / ``hard``."""
    return t(f"level_{level}", lang)


def make_bot(level: str = "heuristic", seed: int | None = None, **options: Any) -> Bot:
    """A bot of the given level; the searches (:data:`SEARCH_LEVELS`) take ``samples=`` (the
    most deals they draw per decision)."""
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
    if key in SEARCH_LEVELS:
        from kamplib.bots.search import SearchBot

        return SearchBot(seed, level=key, **_search_options(key, options))
    raise RuleError("bot_unknown_level", value=level, allowed=", ".join(LEVELS))


_ALIASES = {
    **{level_name(level, lang): level for level in LEVELS for lang in LANGS},
    "middel": "heuristic",
}


def _no_options(level: str, options: dict[str, Any]) -> None:
    if options:
        raise RuleError("bot_bad_option", level=level, option=", ".join(options),
                        allowed="-")


def _search_options(level: str, options: dict[str, Any]) -> dict[str, Any]:
    allowed = ("samples",)
    for key, value in options.items():
        if key not in allowed:
            raise RuleError("bot_bad_option", level=level, option=key,
                            allowed=", ".join(allowed))
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise RuleError("bot_bad_value", option=key, value=value,
                            expected="et helt tall ≥ 1 / a whole number ≥ 1")
    return options


