"""Computer opponents at three levels, each decision with a reason a learner can read.

``random`` (lett) plays any legal move, ``heuristic`` (middels) plays the tactics the rule texts
teach, ``search`` (vanskelig) samples the hidden cards in agreement with what the table showed,
plays each candidate out and solves endgames exactly (:mod:`kamplib.bots.search`).  A bot is
handed a :class:`~kamplib.view.PlayerView` and nothing else, so it cannot see other hands.
"""

from __future__ import annotations

from typing import Any

from kamplib.bots.base import Bot, Decision, check_to_move, reason
from kamplib.errors import RuleError, given
from kamplib.i18n import LANGS, Phrase, register, t

__all__ = ["LEVELS", "SEARCH_LEVELS", "level_name", "Decision", "Bot", "make_bot",
           "check_to_move", "reason"]

LEVELS: tuple[str, ...] = ("random", "heuristic", "search")
# Searches beyond the learner's levels: ``analysis`` (stronger, for reviews) and
# ``plain_search`` (the search before inference and exact endgames, kept for comparisons).
SEARCH_LEVELS: tuple[str, ...] = ("search", "analysis", "plain_search")
# Most sampled deals a search may be asked for (each costs a playout per move).
MAX_SAMPLES = 100_000

register({
    "level_random": {"nb": "lett", "en": "easy"},
    "level_heuristic": {"nb": "middels", "en": "medium"},
    "level_search": {"nb": "vanskelig", "en": "hard"},
    "level_analysis": {"nb": "analyse", "en": "analysis"},
    "level_plain_search": {"nb": "enkelt søk", "en": "plain search"},
    "bot_expect_samples": {"nb": "et helt tall fra 1 til {limit}",
                           "en": "a whole number from 1 to {limit}"},
})


def level_name(level: str, lang: str = "nb") -> str:
    """What a learner calls a level: ``search`` → ``vanskelig`` / ``hard``."""
    return t(f"level_{level}", lang)


def make_bot(level: str = "heuristic", seed: int | None = None, **options: Any) -> Bot:
    """A bot of the given level; the searches (:data:`SEARCH_LEVELS`) take ``samples=`` (the
    most deals they draw per decision)."""
    if not isinstance(level, str):
        raise RuleError("bot_unknown_level", value=given(level), allowed=", ".join(LEVELS))
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RuleError("bot_bad_value", option="seed", value=given(seed),
                        expected=Phrase("expect_whole_number"))
    key = level.strip().lower()
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
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_SAMPLES:
            raise RuleError("bot_bad_value", option=key, value=given(value),
                            expected=Phrase("bot_expect_samples", limit=MAX_SAMPLES))
    return options


