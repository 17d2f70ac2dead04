"""The one catalogue: every text is used somewhere, and no text is registered twice.

A code counts as used when the source names it in quotes (anywhere but in its own entry), or when
it belongs to a family the source builds from an f-string (``t(f"kind_{key}")``); each family is
declared here with the values it is built from, so a new f-string must say which codes it reaches.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections import defaultdict
from pathlib import Path

import kamplib
from kamplib.bots import LEVELS, SEARCH_LEVELS
from kamplib.cards import SUITS
from kamplib.i18n import _CATALOGUE, LANGS, codes
from kamplib.kinds import KINDS
from kamplib.rules import GAME_NAMES, GAMES, RULE_CHOICES, RULE_KEYS
from kamplib.teach.store import GOAL_KINDS
from kamplib.tricks import PLAY_KINDS

ROOT = Path(__file__).resolve().parent.parent

# Entries in files other helpers own (widgets, drawing, hints, the learner's table, the engine's
# errors) that nothing uses; the lead removes each from here as it is mended.  Nothing may be
# added.
NOT_YET_MENDED_UNUSED = {"draw_pile_empty", "teach_not_this_game",
                         "teach_review_item", "teach_review_title", "teach_trick_so_far", "w_no",
                         "w_passes", "w_yes", "where_card", "where_player"}
# Two codes with one text where one would do, in others' files: kinds.py words Grand's and
# Trumf's points twice, and the review's line is worded in the drawing and the teaching layer.
NOT_YET_MENDED_TWICE = {("kind_points_grand", "kind_points_trumf"),
                        ("draw_review_move", "teach_review_item")}
# The same word with two meanings: the round called Pass, and the button that passes.
HOMONYMS = {("kind_pass", "w_pass")}


def _import_everything() -> None:
    for module in pkgutil.walk_packages(kamplib.__path__, "kamplib."):
        importlib.import_module(module.name)


_import_everything()

from kamplib.site.pages import SECTIONS, SITE  # noqa: E402  (after every module registered)


def _families() -> dict[str, set[str] | None]:
    """Prefix → the endings the source builds codes from (None: the endings the source names
    in quotes, as the argument it builds the code from)."""
    pages = {p.path for p in SITE}
    return {
        "kind_": set(KINDS),
        "kind_goal_": set(KINDS),
        "kind_points_": set(KINDS),
        "suit_": set(SUITS),
        "rank_": {"11", "12", "13", "14"},
        "level_": set(LEVELS) | set(SEARCH_LEVELS),
        "rule_help_": set(RULE_KEYS),
        "house_rule_": set(RULE_KEYS),
        "house_value_": {f"{key}_{value}" for key, values in RULE_CHOICES.items()
                         for value in values if isinstance(value, str)},
        "game_": set(GAME_NAMES),
        "page_": pages,
        "site_section_": {s for s in SECTIONS if s not in GAMES and s != "front"},
        "front_": set(GAMES) | {p for p in pages if p.startswith("notebooks/")},
        "front_lang_": set(LANGS),
        "front_trump_": {"fixed", "draw", "dealer"},
        "front_layout_": set(RULE_CHOICES["fantan_layout"]),
        "print_trump_": {"draw", "dealer"},
        "print_tie_": set(RULE_CHOICES["tie_break"]),
        "ex_": set(PLAY_KINDS),
        "teach_": set(PLAY_KINDS),
        "label_": {"good", "weaker", "bad", "forced"},
        "label_rule_": {"good", "weaker", "bad", "forced"},
        "sheet_sum_": set(KINDS),
        "sheet_unreachable_": set(KINDS),
        "goal_": set(GOAL_KINDS),
        "trainer_": {"all", "mine"},
        "w_game_stars_": {"1", "2", "3"},
        # endings the source passes in by name (``_expect("cards")``)
        "record_expect_": None,
        "record_place_": None,
        "browser_": None,
    }


def _sources() -> str:
    files = [*(ROOT / "kamplib").rglob("*.py"), *(ROOT / "app").rglob("*.py"),
             *(ROOT / "scripts").rglob("*.py")]
    return "\n".join(f.read_text(encoding="utf-8") for f in files)


def _built_prefixes(text: str) -> set[str]:
    """Prefixes of codes built at run time: ``f"kind_{...}"`` or ``"print_tie_" + ...``."""
    found = set(re.findall(r"""f["']([a-z][a-z_]*_)\{""", text))
    found |= set(re.findall(r"""["']([a-z][a-z_]*_)["']\s*\+""", text))
    return found


def test_every_code_built_at_run_time_belongs_to_a_declared_family() -> None:
    families = _families()
    undeclared = {p for p in _built_prefixes(_sources()) if p not in families
                  and any(c.startswith(p) for c in codes())}
    assert undeclared == set(), "declare these families in tests/test_catalogue.py"


def test_every_code_is_used() -> None:
    text = _sources()
    # a code's own entry is `"code": {`; any other quoted mention is a use
    used = {m for m in re.findall(r"""["']([a-z][a-z0-9_/.\-]*)["'](?!\s*:\s*\{)""", text)}
    for prefix, endings in _families().items():
        used |= {prefix + e for e in (used if endings is None else endings)}
    unused = sorted(c for c in codes() if c not in used)
    assert [c for c in unused if c not in NOT_YET_MENDED_UNUSED] == []
    assert set(unused) >= NOT_YET_MENDED_UNUSED, "mended: remove it from the list"


def test_no_text_is_registered_twice() -> None:
    by_text: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for code, texts in _CATALOGUE.items():
        by_text[tuple(texts[lang] for lang in LANGS)].append(code)
    twice = {tuple(sorted(found)) for found in by_text.values() if len(found) > 1}
    assert twice - HOMONYMS - NOT_YET_MENDED_TWICE == set()
    assert twice >= NOT_YET_MENDED_TWICE, "mended: remove it from the list"


def test_no_code_is_registered_in_two_places() -> None:
    entries = re.findall(r"""^\s*["']([a-z][a-z0-9_]*)["']\s*:\s*\{\s*["']nb["']""",
                         _sources(), re.M)
    counted: dict[str, int] = defaultdict(int)
    for code in entries:
        counted[code] += 1
    assert {c: n for c, n in counted.items() if n > 1} == {}
