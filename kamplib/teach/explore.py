"""What the explorations measure: many games by bots, compared variant by variant.

An :class:`Experiment` plays the same deals (the same seeds) under each variant of the house
rules, and can play more of them later; the measures, tables and charts here turn its results
into the numbers a learner reads, with the headings in the learner's words.

Everything here is plain Python: the games arrive as rows (:mod:`kamplib.simulate`'s columns,
:class:`Played`), the measures are sums and means over them, and the charts are SVG
(:mod:`kamplib.draw.charts`).  So the explorations run the same in the Voilà app and in the
browser edition, whose Python has neither pandas nor matplotlib, and the games themselves can be
played anywhere a job runs (:mod:`kamplib.jobs`; the site runs them in a thread, or a Web Worker).
"""

from __future__ import annotations

import statistics
from collections import defaultdict, namedtuple
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from math import sqrt
from typing import Any

from kamplib.deal import cards_in_play
from kamplib.draw.charts import bar_chart, grouped_bars, histogram
from kamplib.draw.display import Html
from kamplib.draw.tables import cell_text
from kamplib.i18n import register, t
from kamplib.kinds import KINDS, Family
from kamplib.rules import Rules, make_rules
from kamplib.simulate import GAME_COLUMNS, ROUND_COLUMNS
from kamplib.teach.house_rules import rule_name, value_label
from kamplib.teach.tables import Table

__all__ = ["Experiment", "Played", "MEASURES", "measure", "rule_table", "winner_changes",
           "last_round_flips", "fantan_length", "score_by_level", "level_summary",
           "variant_label", "number_text", "share_text", "totals_chart", "measure_chart",
           "level_chart", "winner_change_text", "comparison_table", "comparison_by_kind",
           "margin_text"]

register({
    "explore_winner_total": {"nb": "vinnerens sum (snitt)", "en": "winner's total (mean)"},
    "explore_spread": {"nb": "spredning i summene", "en": "spread of totals"},
    "explore_last_decides": {"nb": "siste runde snur vinneren", "en": "last round flips winner"},
    "explore_clubs_all": {"nb": "noen tok alle ♣", "en": "someone took all ♣"},
    "explore_passes": {"nb": "pass per kabal", "en": "passes per Fan Tan"},
    "explore_moves": {"nb": "trekk per kabal", "en": "moves per Fan Tan"},
    "explore_games": {"nb": "antall spill", "en": "number of games"},
    "explore_variant": {"nb": "regler", "en": "rules"},
    "explore_diff": {"nb": "forskjell", "en": "difference"},
    "explore_level": {"nb": "nivå", "en": "level"},
    "explore_mean_margin": {"nb": "snittsum ± (95 %)", "en": "mean total ± (95%)"},
    "explore_range": {"nb": "beste og verste sum", "en": "best and worst total"},
    "explore_range_value": {"nb": "{best} til {worst}", "en": "{best} to {worst}"},
    "explore_won": {"nb": "vant (andel)", "en": "won (share)"},
    "explore_usual": {"nb": "vanlige regler", "en": "usual rules"},
    "explore_changed_winner": {"nb": "Andel spill der vinneren blir en annen: {share}.",
                               "en": "Share of games with another winner: {share}."},
    "explore_total_axis": {"nb": "sum etter siste runde", "en": "total after the last round"},
    "explore_count_axis": {"nb": "antall spillere", "en": "number of players"},
    "explore_mean_axis": {"nb": "snittpoeng", "en": "mean score"},
    "explore_percent": {"nb": "{value} %", "en": "{value}%"},
    "explore_against": {"nb": "mot tre på nivå", "en": "against three at level"},
    "explore_ahead": {"nb": "poeng foran per spill ± (95 %)",
                      "en": "points ahead per game ± (95%)"},
    "explore_ahead_round": {"nb": "poeng foran per runde ± (95 %)",
                            "en": "points ahead per round ± (95%)"},
    "explore_totals_title": {"nb": "Hvordan summene fordeler seg",
                             "en": "How the totals spread"},
    "explore_level_title": {"nb": "Snittpoeng per runde for hvert nivå",
                            "en": "Mean score per round for each level"},
})


def number_text(value: float, lang: str = "nb", digits: int = 2) -> str:
    """``1,25`` in bokmål, ``1.25`` in English; a minus sign for negatives."""
    text = f"{value:.{digits}f}".replace("-", "−")
    return text.replace(".", ",") if lang == "nb" else text


def share_text(value: float, lang: str = "nb", digits: int = 0) -> str:
    """A share as a percentage: ``12 %`` / ``12%``."""
    return t("explore_percent", lang, value=number_text(100 * value, lang, digits))


def variant_label(changes: Mapping[str, Any], game: str = "femkamp", lang: str = "nb",
                  keys: Sequence[str] = ()) -> str:
    """A variant by its house rules (``Poeng per dame: 5 poeng``); ``keys`` also names rules
    left at their default (so the usual variant reads ``Poeng per dame: 4 poeng``)."""
    rules = make_rules(game, changes)
    shown = list(dict.fromkeys([*keys, *changes]))
    if not shown:
        return t("explore_usual", lang)
    return ", ".join(f"{rule_name(k, lang)}: {value_label(k, getattr(rules, k), lang)}"
                     for k in shown)


RoundRow = namedtuple("RoundRow", ROUND_COLUMNS)  # type: ignore[misc]
GameRow = namedtuple("GameRow", GAME_COLUMNS)  # type: ignore[misc]
CHUNK = 10  # games per job: how often the progress bar moves


@dataclass
class Played:
    """The games of one variant: a row per game × round × player (``rounds``) and per game ×
    player (``games``), with :mod:`kamplib.simulate`'s columns."""

    game: str
    players: tuple[str, ...]
    bots: tuple[str, ...]
    rules: Rules
    rounds: list[Any] = field(default_factory=list)
    games: list[Any] = field(default_factory=list)

    @property
    def n_games(self) -> int:
        return len({row.game for row in self.games})

    def add(self, round_rows: Iterable[Sequence[Any]], game_rows: Iterable[Sequence[Any]]) -> None:
        """More games of the run (rows as a job returns them)."""
        self.rounds.extend(RoundRow(*row) for row in round_rows)
        self.games.extend(GameRow(*row) for row in game_rows)

    def totals(self) -> list[int]:
        return [row.total for row in self.games]

    def winners(self) -> dict[int, frozenset[str]]:
        """Who won (or shared the win of) each game."""
        won: dict[int, set[str]] = defaultdict(set)
        for row in self.games:
            if row.winner:
                won[row.game].add(row.player)
        return {game: frozenset(players) for game, players in won.items()}


@dataclass
class Experiment:
    """The same deals under several variants of the house rules, played by bots.

    ``variants`` are house-rule changes (``{}`` is the usual rules); every variant plays games
    numbered from 0 with the same seed, so they are dealt the same cards.  The games are played
    in jobs of :data:`CHUNK` (:meth:`tasks`, :meth:`add`), here (:meth:`run`) or wherever a
    :mod:`~kamplib.site.background` runner plays them.
    """

    variants: Sequence[Mapping[str, Any]]
    game: str = "femkamp"
    seed: int = 1
    bots: Sequence[str] | None = None
    players: int = 4
    bot_options: Mapping[str, Mapping[str, Any]] | None = None
    results: list[Played] = field(default_factory=list)

    def __post_init__(self) -> None:
        from kamplib.seating import default_players

        names = tuple(default_players(self.players))
        levels = tuple(self.bots or ["heuristic"] * self.players)
        self.results = [Played(game, names, levels, make_rules(game, changes))
                        for game, changes in map(self._split, self.variants)]

    @property
    def games(self) -> int:
        """Games played so far under every variant."""
        return min(result.n_games for result in self.results)

    def tasks(self, games: int) -> list[tuple[int, str, list[Any]]]:
        """The jobs that play ``games`` more games under every variant: ``(variant, job name,
        arguments)``, the next games of the same run."""
        start = self.games
        out = []
        for index, result in enumerate(self.results):
            spec = [result.rules.game, result.rules.differences(), list(result.players),
                    list(result.bots), self.seed,
                    {k: dict(v) for k, v in (self.bot_options or {}).items()}]
            for first in range(start, start + games, CHUNK):
                out.append((index, "play", [spec, first, min(first + CHUNK, start + games)]))
        return out

    def add(self, variant: int, rows: Sequence[Any]) -> None:
        """The rows a ``play`` job returned, to the variant it played."""
        round_rows, game_rows = rows
        self.results[variant].add(round_rows, game_rows)

    def run(self, games: int, progress: Callable[[int], None] | None = None) -> Experiment:
        """Play ``games`` more games under every variant, here (``progress`` hears each
        job's games)."""
        from kamplib.jobs import run_job

        for variant, name, args in self.tasks(games):
            self.add(variant, run_job(name, args))
            if progress is not None:
                progress(args[2] - args[1])
        return self

    def _split(self, variant: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
        changes = dict(variant)
        return changes.pop("game", self.game), changes

    def compare(self, *indices: int, lang: str = "nb") -> dict[str, Played]:
        """The results of some variants (all by default), each labelled by its house rules:
        variants of one rule all name it (``Poeng per dame: 4 poeng`` / ``5 poeng``), variants
        of different rules name only their own change (``vanlige regler`` for none), so a label
        stays short enough for a chart."""
        chosen = list(indices) or list(range(len(self.variants)))
        split = [self._split(self.variants[i]) for i in chosen]
        keys = list(dict.fromkeys(k for _, changes in split for k in changes))
        named = keys if len(keys) == 1 else []
        return {variant_label(changes, game, lang, named): self.results[i]
                for i, (game, changes) in zip(chosen, split, strict=True)}


# -- measures of one run --------------------------------------------------------------------
def _mean(values: Iterable[float]) -> float:
    values = list(values)
    return statistics.fmean(values) if values else 0.0


def last_round_flips(result: Played) -> float:
    """Share of games whose leader before the last round (anyone tied for the lowest total)
    did not win or share the win; only the game's own rounds count."""
    regular = len(result.rules.order)
    before: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for row in result.rounds:
        if row.round < regular:
            before[row.game][row.player] += row.score
    winners = result.winners()
    flips = 0
    for game, totals in before.items():
        low = min(totals.values())
        leaders = {player for player, total in totals.items() if total == low}
        flips += not (leaders & winners.get(game, frozenset()))
    return flips / result.n_games


def fantan_length(result: Played) -> tuple[float, float]:
    """Mean passes and mean moves (cards laid plus passes) per Fan Tan round."""
    per_round: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    for row in result.rounds:
        if KINDS[row.kind].family is Family.FANTAN:
            tally = per_round[(row.game, row.round)]
            tally[0] += row.passes
            tally[1] += row.cards_left
    if not per_round:
        return 0.0, 0.0
    dealt = cards_in_play("fantan", len(result.players), result.rules).bit_count()
    passes = [p for p, _ in per_round.values()]
    moves = [dealt - left + p for p, left in per_round.values()]
    return _mean(passes), _mean(moves)


def winner_changes(a: Played, b: Played) -> float:
    """Share of games (same seeds) whose winners differ between two runs, e.g. two scorings."""
    first, second = a.winners(), b.winners()
    return _mean(first[game] != second.get(game) for game in first)


def clubs_take_all_rate(result: Played) -> float:
    """Share of Kløver rounds in which one player took all 13 clubs."""
    rounds: dict[tuple[int, int], bool] = {}
    for row in result.rounds:
        if KINDS[row.kind].take_all_mask:
            key = (row.game, row.round)
            rounds[key] = rounds.get(key, False) or bool(row.took_all_clubs)
    return _mean(rounds.values())


def _winner_total(result: Played) -> float:
    return _mean(row.total for row in result.games if row.winner)


def _spread(values: Sequence[float]) -> float:
    return statistics.stdev(values) if len(values) > 1 else 0.0


# key: (heading code, value of a run, how it reads)
MEASURES: dict[str, tuple[str, Callable[[Played], float], str]] = {
    "games": ("explore_games", lambda r: r.n_games, "count"),
    "winner_total": ("explore_winner_total", _winner_total, "number"),
    "spread": ("explore_spread", lambda r: _spread(r.totals()), "number"),
    "last_decides": ("explore_last_decides", last_round_flips, "share"),
    "clubs_all": ("explore_clubs_all", clubs_take_all_rate, "share1"),
    "passes": ("explore_passes", lambda r: fantan_length(r)[0], "number"),
    "moves": ("explore_moves", lambda r: fantan_length(r)[1], "number1"),
}


def measure(result: Played, key: str) -> float:
    """One measure of a run, as a number (see :data:`MEASURES`)."""
    return MEASURES[key][1](result)


def _shown(value: float, how: str, lang: str) -> Any:
    if how == "count":
        return int(value)
    if how.startswith("share"):
        return share_text(value, lang, 1 if how == "share1" else 0)
    return number_text(value, lang, 1 if how == "number1" else 2)


def rule_table(results: Mapping[str, Played], keys: Sequence[str], lang: str = "nb") -> Table:
    """One row per variant, one column per measure in ``keys``."""
    rows = tuple((label, *(_shown(measure(r, k), MEASURES[k][2], lang) for k in keys))
                 for label, r in results.items())
    return Table((t("explore_variant", lang), *(t(MEASURES[k][0], lang) for k in keys)), rows)


# -- bot levels ----------------------------------------------------------------------------
def _level_names(lang: str) -> dict[str, str]:
    from kamplib.bots import LEVELS, level_name

    return {lv: level_name(lv, lang) for lv in LEVELS}


def _levels_at_table(result: Played) -> list[str]:
    from kamplib.bots import LEVELS

    return [lv for lv in LEVELS if lv in set(result.bots)]


def _means_by_kind(result: Played) -> dict[tuple[str, str], float]:
    """Mean score per (round kind, bot level)."""
    scores: dict[tuple[str, str], list[int]] = defaultdict(list)
    for row in result.rounds:
        scores[(row.kind, row.bot)].append(row.score)
    return {key: _mean(values) for key, values in scores.items()}


def score_by_level(result: Played, lang: str = "nb") -> Table:
    """Mean score per round (rows in the game's order) for each bot level at the table; with
    two levels also their difference (the first level's mean minus the second's)."""
    from kamplib.kinds import kind_of

    means = _means_by_kind(result)
    levels = _levels_at_table(result)
    names = _level_names(lang)
    rows = []
    for kind in dict.fromkeys(result.rules.order):
        values = [means[(kind, lv)] for lv in levels]
        if len(levels) == 2:
            values.append(values[0] - values[1])
        rows.append((kind_of(kind).name(lang), *(number_text(v, lang) for v in values)))
    heads = [names[lv] for lv in levels] + ([t("explore_diff", lang)] if len(levels) == 2
                                            else [])
    return Table((t("word_round", lang), *heads), tuple(rows))


def level_summary(result: Played, lang: str = "nb") -> Table:
    """Per seat: level, mean total with its margin of error (``4,7 ± 0,7``), best and worst
    total, share of games won, in words a learner reads; five columns, so it fits a phone."""
    names = _level_names(lang)
    seats: dict[int, list[Any]] = defaultdict(list)
    for row in result.games:
        seats[row.seat].append(row)
    rows = []
    for seat in sorted(seats):
        played = seats[seat]
        totals = [row.total for row in played]
        margin = 1.96 * _spread(totals) / sqrt(len(totals)) if len(totals) > 1 else 0
        bot = played[0].bot
        rows.append((played[0].player, names.get(bot, bot),
                     margin_text(_mean(totals), margin, lang),
                     t("explore_range_value", lang, best=cell_text(min(totals)),
                       worst=cell_text(max(totals))),
                     share_text(_mean(row.win_share for row in played), lang)))
    return Table((t("word_player", lang), t("explore_level", lang),
                  t("explore_mean_margin", lang), t("explore_range", lang),
                  t("explore_won", lang)), tuple(rows))


def margin_text(value: float, margin: float, lang: str = "nb") -> str:
    """A number with its margin of error, one decimal each: ``4,7 ± 0,7``."""
    return f"{number_text(value, lang, 1)} ± {number_text(margin, lang, 1)}"


def _ahead(result: Mapping[str, Any], lang: str) -> str:
    """Points ahead with the margin of error of its 95 % interval: ``5,0 ± 0,3``."""
    low, high = result["ci95"]
    return margin_text(result["ahead_by"], (high - low) / 2, lang)


def comparison_table(results: Sequence[Mapping[str, Any]], lang: str = "nb") -> Table:
    """Tournaments of :mod:`kamplib.tournament` (a live one or :func:`~kamplib.tournament.
    measured`), one row each: the level, its opponents, the games, how many points per game it
    is ahead of them (below 0: behind) with the margin of error, and its share of wins; five
    columns, so it fits a phone."""
    from kamplib.bots import level_name

    rows = tuple((level_name(r["challenger"], lang), level_name(r["opponent"], lang), r["games"],
                  _ahead(r, lang), share_text(r["challenger_win_share"], lang)) for r in results)
    return Table((t("explore_level", lang), t("explore_against", lang), t("explore_games", lang),
                  t("explore_ahead", lang), t("explore_won", lang)), rows)


def comparison_by_kind(results: Sequence[Mapping[str, Any]], lang: str = "nb") -> Table:
    """The same tournaments round by round: points ahead per round of each kind, with the
    margin of error, one column per tournament."""
    from kamplib.bots import level_name
    from kamplib.kinds import kind_of

    kinds = list(dict.fromkeys(k for r in results for k in r["by_kind"]))
    rows = tuple((kind_of(kind).name(lang),
                  *(_ahead(r["by_kind"][kind], lang) if kind in r["by_kind"] else ""
                    for r in results)) for kind in kinds)
    heads = (t("word_round", lang),
             *(f"{level_name(r['challenger'], lang)}: {t('explore_ahead_round', lang)}"
               for r in results))
    return Table(heads, rows)


# -- pictures ------------------------------------------------------------------------------
def totals_chart(results: Mapping[str, Played], lang: str = "nb") -> Html:
    """How the players' totals spread, one histogram per variant side by side."""
    return histogram([(label, r.totals()) for label, r in results.items()],
                     title=t("explore_totals_title", lang),
                     x_label=t("explore_total_axis", lang),
                     y_label=t("explore_count_axis", lang))


def measure_chart(results: Mapping[str, Played], key: str, lang: str = "nb") -> Html:
    """One measure of every variant as horizontal bars, each with its value as the tables
    write it."""
    how = MEASURES[key][2]
    return bar_chart(list(results), [measure(r, key) for r in results.values()],
                     title=t(MEASURES[key][0], lang),
                     value_text=lambda v: str(_shown(v, how, lang)))


def level_chart(result: Played, lang: str = "nb") -> Html:
    """Mean score per round, one bar per level at the table."""
    from kamplib.kinds import kind_of

    means = _means_by_kind(result)
    kinds = list(dict.fromkeys(result.rules.order))
    names = _level_names(lang)
    return grouped_bars([kind_of(k).name(lang) for k in kinds],
                        [(names[lv], [means[(k, lv)] for k in kinds])
                         for lv in _levels_at_table(result)],
                        title=t("explore_level_title", lang),
                        axis_label=t("explore_mean_axis", lang),
                        value_text=lambda v: number_text(v, lang, 0 if float(v).is_integer()
                                                         else 1))


def winner_change_text(a: Played, b: Played, lang: str = "nb") -> str:
    """One sentence: in how many of the same games another player wins under ``b``."""
    return t("explore_changed_winner", lang, share=share_text(winner_changes(a, b), lang))
