"""What the explorations measure: many games by bots, compared variant by variant.

An :class:`Experiment` plays the same deals (the same seeds) under each variant of the house
rules, and can play more of them later; the measures and tables here turn its results into the
numbers a learner reads, with the headings in the learner's words.  pandas (in
:mod:`kamplib.simulate`) and matplotlib are imported only when a function needs them: only the
exploration pages work with data.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from math import sqrt
from typing import Any

from kamplib.deal import cards_in_play
from kamplib.draw.display import Html
from kamplib.draw.tables import cell_text
from kamplib.i18n import register, t
from kamplib.rules import make_rules
from kamplib.teach.house_rules import rule_name, value_label
from kamplib.teach.tables import Table

__all__ = ["Experiment", "MEASURES", "measure", "rule_table", "winner_changes",
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


@dataclass
class Experiment:
    """The same deals under several variants of the house rules, played by bots.

    ``variants`` are house-rule changes (``{}`` is the usual rules); every variant plays games
    numbered from 0 with the same seed, so they are dealt the same cards.
    """

    variants: Sequence[Mapping[str, Any]]
    game: str = "femkamp"
    seed: int = 1
    bots: Sequence[str] | None = None
    players: int = 4
    bot_options: Mapping[str, Mapping[str, Any]] | None = None
    results: list[Any] = field(default_factory=list)

    @property
    def games(self) -> int:
        """Games played so far per variant."""
        return self.results[0].n_games if self.results else 0

    def run(self, games: int, progress: Callable[[int], None] | None = None) -> Experiment:
        """Play ``games`` more games under every variant (``progress`` hears each batch)."""
        from kamplib.simulate import simulate

        bots = list(self.bots or ["heuristic"] * self.players)
        start = self.games
        out = []
        for i, variant in enumerate(self.variants):
            game, changes = self._split(variant)
            more = simulate(game, self.players, bots, games=games, seed=self.seed,
                            rules=changes, workers=1, progress=progress or False,
                            bot_options=self.bot_options, start=start)
            out.append(self.results[i].extended(more) if self.results else more)
        self.results = out
        return self

    def _split(self, variant: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
        changes = dict(variant)
        return changes.pop("game", self.game), changes

    def compare(self, *indices: int, lang: str = "nb") -> dict[str, Any]:
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
def last_round_flips(result: Any) -> float:
    """Share of games whose leader before the last round (anyone tied for the lowest total)
    did not win or share the win; only the game's own rounds count."""
    rounds = result.rounds
    regular = len(result.rules.order)
    before = rounds[rounds["round"] < regular].groupby(["game", "player"])["score"].sum()
    winners = result.games[result.games["winner"]].groupby("game")["player"].apply(set)
    flips = 0
    for game_id, totals in before.groupby(level="game"):
        totals = totals.droplevel("game")
        leaders = set(totals.index[totals == totals.min()])
        flips += not (leaders & winners[game_id])
    return flips / result.n_games


def fantan_length(result: Any) -> tuple[float, float]:
    """Mean passes and mean moves (cards laid plus passes) per Fan Tan round."""
    ft = result.rounds[result.rounds["kind"] == "fantan"]
    if ft.empty:
        return 0.0, 0.0
    per_round = ft.groupby(["game", "round"]).agg(passes=("passes", "sum"),
                                                  left=("cards_left", "sum"))
    dealt = cards_in_play("fantan", len(result.players), result.rules).bit_count()
    moves = dealt - per_round["left"] + per_round["passes"]
    return float(per_round["passes"].mean()), float(moves.mean())


def winner_changes(a: Any, b: Any) -> float:
    """Share of games (same seeds) whose winners differ between two runs, e.g. two scorings."""
    wa = a.games[a.games["winner"]].groupby("game")["player"].apply(frozenset)
    wb = b.games[b.games["winner"]].groupby("game")["player"].apply(frozenset)
    return float((wa != wb.reindex(wa.index)).mean())


def _winner_total(r: Any) -> float:
    return float(r.games[r.games["winner"]]["total"].mean())


# key: (heading code, value of a run, how it reads)
MEASURES: dict[str, tuple[str, Callable[[Any], float], str]] = {
    "games": ("explore_games", lambda r: r.n_games, "count"),
    "winner_total": ("explore_winner_total", _winner_total, "number"),
    "spread": ("explore_spread", lambda r: float(r.games["total"].std()), "number"),
    "last_decides": ("explore_last_decides", last_round_flips, "share"),
    "clubs_all": ("explore_clubs_all", lambda r: r.clubs_take_all_rate(), "share1"),
    "passes": ("explore_passes", lambda r: fantan_length(r)[0], "number"),
    "moves": ("explore_moves", lambda r: fantan_length(r)[1], "number1"),
}


def measure(result: Any, key: str) -> float:
    """One measure of a run, as a number (see :data:`MEASURES`)."""
    return MEASURES[key][1](result)


def _shown(value: float, how: str, lang: str) -> Any:
    if how == "count":
        return int(value)
    if how.startswith("share"):
        return share_text(value, lang, 1 if how == "share1" else 0)
    return number_text(value, lang, 1 if how == "number1" else 2)


def rule_table(results: Mapping[str, Any], keys: Sequence[str], lang: str = "nb") -> Table:
    """One row per variant, one column per measure in ``keys``."""
    rows = tuple((label, *(_shown(measure(r, k), MEASURES[k][2], lang) for k in keys))
                 for label, r in results.items())
    return Table((t("explore_variant", lang), *(t(MEASURES[k][0], lang) for k in keys)), rows)


# -- bot levels ----------------------------------------------------------------------------
def _level_names(lang: str) -> dict[str, str]:
    from kamplib.bots import LEVELS, level_name

    return {lv: level_name(lv, lang) for lv in LEVELS}


def score_by_level(result: Any, lang: str = "nb") -> Table:
    """Mean score per round (rows in the game's order) for each bot level at the table; with
    two levels also their difference (the first level's mean minus the second's)."""
    from kamplib.bots import LEVELS
    from kamplib.kinds import kind_of

    means = result.rounds.groupby(["kind", "bot"])["score"].mean()
    levels = [lv for lv in LEVELS if lv in set(result.bots)]
    names = _level_names(lang)
    rows = []
    for kind in dict.fromkeys(result.rules.order):
        values = [float(means[(kind, lv)]) for lv in levels]
        if len(levels) == 2:
            values.append(values[0] - values[1])
        rows.append((kind_of(kind).name(lang), *(number_text(v, lang) for v in values)))
    heads = [names[lv] for lv in levels] + ([t("explore_diff", lang)] if len(levels) == 2
                                            else [])
    return Table((t("word_round", lang), *heads), tuple(rows))


def level_summary(result: Any, lang: str = "nb") -> Table:
    """Per seat: level, mean total with its margin of error (``4,7 ± 0,7``), best and worst
    total, share of games won, in words a learner reads; five columns, so it fits a phone."""
    s = result.summary()
    names = _level_names(lang)
    rows = []
    for _, row in s.iterrows():
        margin = 1.96 * float(row["spread"]) / sqrt(result.n_games) if result.n_games > 1 else 0
        rows.append((row["player"], names.get(row["bot"], row["bot"]),
                     margin_text(row["mean_total"], margin, lang),
                     t("explore_range_value", lang, best=cell_text(int(row["best"])),
                       worst=cell_text(int(row["worst"]))),
                     share_text(row["win_share"], lang)))
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
    """Tournaments of :mod:`kamplib.bots.compare` (a live one or :func:`~kamplib.bots.compare.
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


# -- pictures (matplotlib, only on the exploration pages) ----------------------------------
def _figure(width: float, height: float) -> tuple[Any, Any]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    return fig, fig.add_subplot()


def _picture(fig: Any, label: str) -> Html:
    """A figure as a PNG inside the page (no plotting backend, nothing kept in memory)."""
    import base64
    import io

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return Html(f"<img class='kamp-chart' alt='{escape(label)}' style='max-width:100%;"
                f"height:auto' src='data:image/png;base64,{data}'>")


def totals_chart(results: Mapping[str, Any], lang: str = "nb") -> Html:
    """How the players' totals spread, one histogram per variant."""
    fig, ax = _figure(6, 3)
    ax.hist([r.games["total"] for r in results.values()], bins=20, label=list(results))
    ax.set_xlabel(t("explore_total_axis", lang))
    ax.set_ylabel(t("explore_count_axis", lang))
    ax.legend()
    return _picture(fig, t("explore_total_axis", lang))


def _axis_text(how: str, lang: str) -> Any:
    """The axis says its numbers as the tables do: a share in percent, a decimal comma in
    bokmål."""
    from matplotlib.ticker import FuncFormatter

    if how.startswith("share"):
        return FuncFormatter(lambda x, _: share_text(x, lang))
    return FuncFormatter(lambda x, _: number_text(x, lang, 0 if float(x).is_integer() else 1))


def measure_chart(results: Mapping[str, Any], key: str, lang: str = "nb") -> Html:
    """One measure of every variant as horizontal bars."""
    labels = [textwrap.fill(label, 30) for label in results]
    lines = sum(label.count("\n") + 1 for label in labels)
    fig, ax = _figure(6, 0.9 + 0.3 * lines + 0.2 * len(labels))
    values = [measure(r, key) for r in results.values()]
    ax.barh(labels, values)
    ax.invert_yaxis()
    ax.xaxis.set_major_formatter(_axis_text(MEASURES[key][2], lang))
    ax.set_title(t(MEASURES[key][0], lang))
    return _picture(fig, t(MEASURES[key][0], lang))


def level_chart(result: Any, lang: str = "nb") -> Html:
    """Mean score per round, one bar per level at the table."""
    from kamplib.bots import LEVELS
    from kamplib.kinds import kind_of

    means = result.rounds.groupby(["kind", "bot"])["score"].mean()
    levels = [lv for lv in LEVELS if lv in set(result.bots)]
    kinds = list(dict.fromkeys(result.rules.order))
    fig, ax = _figure(7, 3)
    width = 0.8 / max(1, len(levels))
    names = _level_names(lang)
    for i, lv in enumerate(levels):
        ax.bar([x + i * width for x in range(len(kinds))], [means[(k, lv)] for k in kinds],
               width, label=names[lv])
    ax.set_xticks([x + width * (len(levels) - 1) / 2 for x in range(len(kinds))],
                  [kind_of(k).name(lang) for k in kinds])
    ax.set_ylabel(t("explore_mean_axis", lang))
    ax.axhline(0, color="#888", linewidth=0.8)
    ax.legend()
    return _picture(fig, t("explore_mean_axis", lang))


def winner_change_text(a: Any, b: Any, lang: str = "nb") -> str:
    """One sentence: in how many of the same games another player wins under ``b``."""
    return t("explore_changed_winner", lang, share=share_text(winner_changes(a, b), lang))
