"""The learner's choices (game, names, house rules, language) carried from page to page in the URL.

Each page of the app runs in its own kernel, so what the learner picked on one page reaches the
next as URL parameters: ``?game=sjukamp&players=Anna,Bjørn,Kari&queen_points=5&lang=en``.  A
shared link reproduces them.  Besides the game they carry how the page looks: ``theme=dark``
(Voilà draws the page dark from the same parameter) and ``deck=four``, a four-colour deck.
:func:`read_choices` checks every parameter with the engine's own validation; a bad or tampered
value is named in a sentence and replaced by its default, and the rest are kept.
:meth:`Choices.query` writes them back for the links of the page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urlencode

from kamplib.errors import KampError, RuleError
from kamplib.i18n import LANGS, kind_name, register, t
from kamplib.kinds import KINDS, parse_kind
from kamplib.rules import (
    GAME_NAMES,
    RULE_CHOICES,
    RULE_KEYS,
    Rules,
    make_rules,
    parse_rule_value,
)
from kamplib.seating import check_players, default_players
from kamplib.teach.house_rules import game_name, rule_name, value_label

__all__ = ["Choices", "read_choices", "current", "set_current", "on_change",
           "PARAMS", "THEMES", "DECKS", "deck_colors"]

# The URL parameters a page understands besides the house rules (RULE_CHOICES and order);
# ``puzzles`` is the puzzle page's own (kamplib.site.practice), never carried to other pages.
PARAMS = ("game", "players", "lang", "theme", "deck", "puzzles")
# How a page may look: the first of each is the default.  The themes are the app's (Voilà's
# light and dark); a deck is drawn in two colours (red and black) or four (clubs green,
# diamonds blue).
THEMES = ("light", "dark")
DECKS = ("two", "four")
_VALUE_LIMIT = 200  # characters in one parameter: anything longer is not something we wrote

register({
    "choice_unknown": {"nb": "Adressen har et valg som kamp ikke kjenner («{key}»); det er "
                             "hoppet over.",
                       "en": "The address has a choice kamp does not know ('{key}'); it is "
                             "skipped."},
    "choice_bad_value": {"nb": "{what} i adressen kunne ikke brukes: {reason}. Siden bruker "
                               "standardvalget.",
                         "en": "{what} in the address could not be used: {reason}. The page "
                               "uses the default."},
    # the names get a sentence of their own: which names the page uses instead, by name
    "choice_players_refused": {"nb": "Navnene i adressen kunne ikke brukes: {reason}. Siden "
                                     "bruker derfor {players}.",
                               "en": "The names in the address could not be used: {reason}. "
                                     "So the page uses {players}."},
    "choice_game": {"nb": "Spillet", "en": "The game"},
    "choice_lang": {"nb": "Språket", "en": "The language"},
    "choice_theme": {"nb": "Utseendet", "en": "The look"},
    "choice_deck": {"nb": "Valget av kortstokk", "en": "The choice of deck"},
    "choice_theme_light": {"nb": "lyst", "en": "light"},
    "choice_theme_dark": {"nb": "mørkt", "en": "dark"},
    "choice_deck_two": {"nb": "to farger", "en": "two colours"},
    "choice_deck_four": {"nb": "fire farger", "en": "four colours"},
    "choice_rule": {"nb": "Husregelen «{rule}»", "en": "The house rule '{rule}'"},
    "choice_lang_allowed": {"nb": "velg nb (bokmål) eller en (English), ikke «{value}»",
                            "en": "choose nb (bokmål) or en (English), not '{value}'"},
    "choice_one_of_two": {"nb": "velg {first} eller {second}, ikke «{value}»",
                          "en": "choose {first} or {second}, not '{value}'"},
    "choice_too_long": {"nb": "verdien er for lang", "en": "the value is too long"},
    "choice_not_one_of": {"nb": "«{value}» er ikke et av valgene ({allowed})",
                          "en": "'{value}' is not one of the choices ({allowed})"},
    "choice_not_a_round": {"nb": "«{value}» er ikke en runde ({allowed})",
                           "en": "'{value}' is not a round ({allowed})"},
    "choice_custom_order": {"nb": "et eget spill trenger rekkefølgen av rundene",
                            "en": "a custom game needs the order of its rounds"},
})


@dataclass(frozen=True)
class Choices:
    """What the learner chose: the game, the names (clockwise), house rules and language.

    ``changes`` are the house rules the learner set, as the game's record writes them; they
    apply to whichever game a page plays (the order only to the chosen game itself).
    ``theme`` and ``deck`` are how the pages look.  ``players_refused`` says why the names in
    the address were not used (empty when they were, or when it named none), and
    :attr:`names_problem` is the sentence among ``problems`` that says so: a page whose score
    sheet says it beside the names it uses leaves it out of the page's head
    (:meth:`problems_besides_names`), so that it is said once.
    """

    game: str = "femkamp"
    players: tuple[str, ...] = field(default_factory=default_players)
    changes: Mapping[str, Any] = field(default_factory=dict)
    lang: str = "nb"
    problems: tuple[str, ...] = ()
    theme: str = THEMES[0]
    deck: str = DECKS[0]
    players_refused: str = ""

    @property
    def four_color(self) -> bool:
        """Whether cards are drawn in the four-colour deck."""
        return self.deck == "four"

    @property
    def names_problem(self) -> str:
        """The sentence about the address's names that could not be used (empty if none)."""
        if not self.players_refused:
            return ""
        from kamplib.teach.notes import joined

        return t("choice_players_refused", self.lang, reason=self.players_refused,
                 players=joined(self.players, self.lang))

    def problems_besides_names(self) -> tuple[str, ...]:
        """The problems a page's head says when a widget of the page says the names' own."""
        return tuple(p for p in self.problems if p != self.names_problem)

    @property
    def rules(self) -> Rules:
        """The chosen game with the chosen house rules."""
        return make_rules(self.game, self.changes)

    def rules_for(self, game: str) -> Rules:
        """Another game (a chapter's, the course's) with the chosen house rules."""
        if game == self.game:
            return self.rules
        return make_rules(game, {k: v for k, v in self.changes.items() if k != "order"})

    def table(self, game: str | None = None, **forced: Any) -> dict[str, Any]:
        """Keyword arguments for a table that plays or prints ``game`` (the chosen one by
        default): ``PlayGame(**choices.table("femkamp"), seed=1)``.  ``forced`` house rules
        win over the chosen ones (a page that teaches one rule plays with it)."""
        game = game or self.game
        rules = self.rules_for(game)
        return {"game": game, "players": self.players,
                "rules": rules.with_(**forced) if forced else rules, "lang": self.lang}

    def with_(self, **values: Any) -> Choices:
        return replace(self, problems=(), players_refused="", **values)

    def query(self) -> str:
        """The URL parameters that reproduce these choices (empty for the defaults)."""
        params: dict[str, str] = {}
        if self.game != "femkamp":
            params["game"] = self.game
        if self.players != default_players():
            params["players"] = ",".join(self.players)
        for key, value in self.changes.items():
            params[key] = _written(value)
        if self.lang != LANGS[0]:
            params["lang"] = self.lang
        if self.theme != THEMES[0]:
            params["theme"] = self.theme
        if self.deck != DECKS[0]:
            params["deck"] = self.deck
        return urlencode(params, safe=",")


def _written(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(value)
    return str(value)


def _last(value: str | Sequence[str]) -> str:
    if isinstance(value, str):
        return value
    return str(value[-1]) if value else ""


def read_choices(params: Mapping[str, str | Sequence[str]]) -> Choices:
    """The choices in a page's URL parameters; every bad value is named in ``problems`` (in the
    language asked for, or bokmål) and replaced by its default."""
    raw = {str(k): _last(v).strip() for k, v in params.items()}
    found: list[tuple[str | None, KampError]] = []
    lang = raw.get("lang", LANGS[0])
    if lang not in LANGS:
        found.append(("choice_lang", RuleError("choice_lang_allowed", value=lang[:40])))
        lang = LANGS[0]
    looks = {}
    for key, code, allowed in (("theme", "choice_theme", THEMES), ("deck", "choice_deck", DECKS)):
        value = raw.get(key, allowed[0]).lower()
        if value not in allowed:
            found.append((code, _not_one_of_two(raw[key], code, allowed, lang)))
            value = allowed[0]
        looks[key] = value
    game = "femkamp"
    if "game" in raw:
        value = raw["game"].lower()
        if value in GAME_NAMES:
            game = value
        else:
            found.append(("choice_game", _not_one_of(raw["game"], [
                game_name(g, lang) for g in GAME_NAMES])))
    players = default_players()
    players_refused = ""
    names_at = 0  # where the names' sentence goes among the problems: in the address's order
    if "players" in raw:
        try:
            players = _players(raw["players"])
        except KampError as err:
            players_refused = err.message(lang).rstrip(".")
            names_at = len(found)
    changes: dict[str, Any] = {}
    for key, value in raw.items():
        if key in PARAMS:
            continue
        if key not in RULE_KEYS:
            found.append((None, RuleError("choice_unknown", key=key[:40])))
            continue
        try:
            changes[key] = parse_rule_value(key, _checked(value))
        except KampError as err:
            found.append((key, _learner_reason(key, value, err, lang)))
    if game == "custom" and "order" not in changes:
        found.append(("choice_game", RuleError("choice_custom_order")))
        game = "femkamp"
    kept = make_rules(game, changes).differences()
    chosen = Choices(game, players, kept, lang,
                     tuple(_problem_text(what, err, lang) for what, err in found), **looks,
                     players_refused=players_refused)
    if players_refused:
        problems = list(chosen.problems)
        problems.insert(names_at, chosen.names_problem)
        chosen = replace(chosen, problems=tuple(problems))
    return chosen


def _not_one_of_two(value: str, code: str, allowed: Sequence[str], lang: str) -> RuleError:
    """A refused look of the page (two choices), each said as the address spells it with its
    words where they differ: «dark (mørkt)», «four (fire farger)»."""
    first, second = (v if v == words else f"{v} ({words})"
                     for v in allowed for words in (t(f"{code}_{v}", lang),))
    return RuleError("choice_one_of_two", value=value[:40], first=first, second=second)


def _not_one_of(value: str, allowed: Sequence[str]) -> RuleError:
    return RuleError("choice_not_one_of", value=value[:40], allowed=", ".join(allowed))


def _learner_reason(key: str, value: str, err: KampError, lang: str) -> KampError:
    """The engine's refusal in the learner's words: the choices by their labels, not codes."""
    if err.code == "choice_too_long":
        return err
    if key == "order":
        bad = next((k for k in value.replace(",", " ").split() if not _is_kind(k)), value)
        return RuleError("choice_not_a_round", value=bad[:40],
                         allowed=", ".join(kind_name(k, lang) for k in KINDS))
    return _not_one_of(value, [value_label(key, v, lang) for v in RULE_CHOICES[key]])


def _is_kind(text: str) -> bool:
    try:
        parse_kind(text)
    except KampError:
        return False
    return True


def _checked(value: str) -> str:
    if len(value) > _VALUE_LIMIT:
        raise RuleError("choice_too_long")
    return value


def _players(text: str) -> tuple[str, ...]:
    # the engine's own check, so a name the front page and the sheet accept is accepted here
    return check_players(tuple(n.strip() for n in _checked(text).split(",")))


def _problem_text(what: str | None, err: KampError, lang: str) -> str:
    """The sentence for one problem: which choice, why, and that the default is used."""
    if what is None:
        return err.message(lang)
    if what in RULE_KEYS:
        subject = t("choice_rule", lang, rule=_rule_word(what, lang))
    else:
        subject = t(what, lang)
    return t("choice_bad_value", lang, what=subject, reason=err.message(lang).rstrip("."))


def _rule_word(key: str, lang: str) -> str:
    return rule_name(key, lang)


# -- the choices of this kernel's page, shared by its widgets and links -----------------------
_state: dict[str, Any] = {"current": None, "listeners": []}


def current() -> Choices:
    """The choices in effect on this page (changed by the picker while the page is open)."""
    return _state["current"] or Choices()


def set_current(choices: Choices) -> None:
    """Make ``choices`` the page's, and tell every listener (links, tables) to follow."""
    _state["current"] = choices
    for listener in list(_state["listeners"]):
        listener(choices)


def deck_colors(four_color: bool | None = None) -> bool:
    """Whether to draw the four-colour deck: as given, or else as the page's choices say."""
    return current().four_color if four_color is None else bool(four_color)


def on_change(listener: Callable[[Choices], None]) -> None:
    """Call ``listener(choices)`` whenever the page's choices change."""
    _state["listeners"].append(listener)
