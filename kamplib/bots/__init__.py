"""Computer opponents at three levels, each decision with a reason a learner can read.

``random`` (lett) plays any legal move, ``heuristic`` (middels) plays the tactics the rule texts
teach, ``search`` (vanskelig) samples the hidden cards and plays each candidate out.  A bot is
handed a :class:`~kamplib.view.PlayerView` and nothing else, so it cannot see other hands.
"""

from __future__ import annotations

from typing import Any

from kamplib.bots.base import Bot, Decision, check_to_move, reason
from kamplib.errors import RuleError, given
from kamplib.i18n import LANGS, Phrase, register, t

__all__ = ["LEVELS", "level_name", "Decision", "Bot", "make_bot", "check_to_move", "reason"]

LEVELS: tuple[str, ...] = ("random", "heuristic", "search")
# Most sampled deals the search level may be asked for (each costs a playout per move).
MAX_SAMPLES = 100_000

register({
    "level_random": {"nb": "lett", "en": "easy"},
    "level_heuristic": {"nb": "middels", "en": "medium"},
    "level_search": {"nb": "vanskelig", "en": "hard"},
    "bot_expect_samples": {"nb": "et helt tall fra 1 til {limit}",
                           "en": "a whole number from 1 to {limit}"},
    "bot_expect_seconds": {"nb": "et antall sekunder over 0", "en": "a number of seconds above 0"},
})


def level_name(level: str, lang: str = "nb") -> str:
    """What a learner calls a level: ``search`` → ``vanskelig`` / ``hard``."""
    return t(f"level_{level}", lang)


def make_bot(level: str = "heuristic", seed: int | None = None, **options: Any) -> Bot:
    """A bot of the given level; ``search`` takes ``samples=`` and ``time_budget=`` (seconds)."""
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
                                 or not 1 <= value <= MAX_SAMPLES):
            raise RuleError("bot_bad_value", option=key, value=given(value),
                            expected=Phrase("bot_expect_samples", limit=MAX_SAMPLES))
        if key == "time_budget" and value is not None and (
                isinstance(value, bool) or not isinstance(value, (int, float))
                or not 0 < value < float("inf")):
            raise RuleError("bot_bad_value", option=key, value=given(value),
                            expected=Phrase("bot_expect_seconds"))
    return options


