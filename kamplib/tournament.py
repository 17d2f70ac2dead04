"""How much better is one level than another?  Tournaments on shared deals, with margins of error.

A tournament seats one challenger with opponents of another level at a table of four and plays
every deal four times, the challenger in each seat in turn, so that no level is luckier with the
cards.  "Ahead by" is the opponents' mean score minus the challenger's (positive: the challenger
is better, as the lowest score wins), per game and per kind of round, averaged over the four
seatings of a deal first; the 95 % interval is 1.96 standard errors over deals.  The tactics
notebook shows a small live run and :func:`measured`, the large runs of ``benchmarks/bots.py``
(which writes them into :mod:`kamplib.bots.measured` with the command that made each).
"""

from __future__ import annotations

import json
import os
import statistics
from dataclasses import fields
from typing import Any

from kamplib.autoplay import autoplay, make_bots
from kamplib.errors import RuleError
from kamplib.game import Game
from kamplib.i18n import register
from kamplib.rules import Rules, make_rules
from kamplib.seating import default_players

__all__ = ["rules_for", "tournament", "level_comparison", "interval", "paired", "measured",
           "command_of"]

SEATS = 4

register({
    "compare_other_deals": {
        "nb": "De to turneringene ble ikke spilt på de samme kortgivingene: {first} og {second}",
        "en": "The two tournaments were not played on the same deals: {first} and {second}",
    },
})


def rules_for(game: str, kind: str | None = None) -> Rules:
    """The game's house rules; with ``kind``, a one-round game of that kind under them."""
    base = make_rules(game)
    if kind is None:
        return base
    values = {f.name: getattr(base, f.name) for f in fields(base)
              if f.name not in ("game", "order")}
    return make_rules("custom", {**values, "order": [kind]})


def _deal(task: tuple[str, str, Rules, int]) -> dict[str, Any]:
    """One deal played four times, the challenger in each seat in turn."""
    challenger, opponent, rules, seed = task
    names = default_players(SEATS)
    ahead: list[float] = []
    by_kind: dict[str, list[float]] = {}
    own: list[float] = []
    wins = 0.0
    for seat in range(SEATS):
        levels = [challenger if s == seat else opponent for s in range(SEATS)]
        g = Game(names, rules.game, rules, seed=seed)
        autoplay(g, make_bots(SEATS, levels, seed))
        totals = g.totals()
        mine = totals[names[seat]]
        ahead.append(statistics.fmean(totals[p] for p in names if p != names[seat]) - mine)
        own.append(mine)
        wins += 1 / len(g.winners) if names[seat] in g.winners else 0.0
        for rnd in g.rounds:
            scores = rnd.score_list()
            others = statistics.fmean(x for s, x in enumerate(scores) if s != seat)
            by_kind.setdefault(rnd.kind, []).append(others - scores[seat])
    return {"ahead": statistics.fmean(ahead), "own": statistics.fmean(own), "wins": wins / SEATS,
            "by_kind": {k: sum(v) / SEATS for k, v in by_kind.items()}}


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95 % interval (1.96 standard errors)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def tournament(challenger: str, opponent: str, games: int, seed: int = 1,
               game: str = "femkamp", kind: str | None = None, workers: int | None = None,
               progress: Any = None) -> dict[str, Any]:
    """``games`` games (deals × 4 seatings) of one challenger against three opponents, on deals
    seeded from ``seed``.  ``progress`` is called with the rows so far after every deal."""
    from kamplib.simulate import game_seed

    rules = rules_for(game, kind)
    deals = max(2, games // SEATS)
    tasks = [(challenger, opponent, rules, game_seed(seed, i)) for i in range(deals)]
    workers = workers or os.cpu_count() or 1
    rows: list[dict[str, Any]] = []
    if workers == 1:
        results: Any = map(_deal, tasks)
        pool = None
    else:
        # imported here: the browser edition's games worker plays in one process only
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(max_workers=workers)
        results = pool.map(_deal, tasks, chunksize=1)
    try:
        for row in results:
            rows.append(row)
            if progress is not None:
                progress(rows)
    finally:
        if pool is not None:
            pool.shutdown()
    mean, low, high = interval([r["ahead"] for r in rows])
    kinds = {}
    for k in rows[0]["by_kind"]:
        m, lo, hi = interval([r["by_kind"][k] for r in rows if k in r["by_kind"]])
        kinds[k] = {"ahead_by": round(m, 3), "ci95": [round(lo, 3), round(hi, 3)]}
    return {
        "pairing": f"{challenger} vs {opponent}", "challenger": challenger, "opponent": opponent,
        "game": game, "kind": kind,
        "games": SEATS * len(rows), "deals": len(rows), "seed": seed,
        "challenger_mean": round(statistics.fmean(r["own"] for r in rows), 3),
        "ahead_by": round(mean, 3), "ci95": [round(low, 3), round(high, 3)],
        "challenger_win_share": round(statistics.fmean(r["wins"] for r in rows), 4),
        "by_kind": kinds,
        "per_deal": [round(r["ahead"], 4) for r in rows],
    }


def paired(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """How far ``a``'s challenger is ahead of ``b``'s, two tournaments on the same deals against
    the same opponents: the mean difference per game and its 95 % interval over deals.

    Deal ``i`` of a tournament is the same whatever its length (seeded by ``seed`` and ``i``), so
    a shorter run is paired with the first deals of a longer one."""
    if (a["seed"], a["game"], a["kind"]) != (b["seed"], b["game"], b["kind"]):
        raise RuleError("compare_other_deals", first=command_of(a), second=command_of(b))
    deals = min(a["deals"], b["deals"])
    mean, low, high = interval([x - y for x, y in zip(a["per_deal"][:deals],
                                                      b["per_deal"][:deals], strict=True)])
    return {"pairing": f"{a['pairing']} minus {b['pairing']}", "games": SEATS * deals,
            "deals": deals, "ahead_by": round(mean, 3), "ci95": [round(low, 3), round(high, 3)]}


def level_comparison(levels: tuple[str, ...] = ("random", "search"),
                     opponent: str = "heuristic", games: int = 400, seed: int = 1,
                     game: str = "femkamp", workers: int | None = None) -> list[dict[str, Any]]:
    """Each level against three of ``opponent`` (default «middels»), on the same deals: per
    level the games, its mean total, how far ahead it is and the 95 % interval."""
    rows = []
    for level in levels:
        res = tournament(level, opponent, games, seed, game, workers=workers)
        rows.append({"level": level, "opponent": opponent, "games": res["games"],
                     "mean_total": res["challenger_mean"], "ahead_by": res["ahead_by"],
                     "ci95": res["ci95"], "win_share": res["challenger_win_share"]})
    return rows


def command_of(result: dict[str, Any]) -> str:
    """The benchmark command that plays this tournament again."""
    kind = f" --kind {result['kind']}" if result["kind"] else ""
    settings = result.get("settings")
    tried = f" --settings '{json.dumps(settings, separators=(',', ':'))}'" if settings else ""
    return (f"benchmarks/bots.py tournament {result['challenger']} {result['opponent']} "
            f"--games {result['games']} --seed {result['seed']} --game {result['game']}{kind}"
            f"{tried}")


def measured(**fields: Any) -> list[dict[str, Any]]:
    """The large tournaments of ``benchmarks/bots.py`` (also in BENCHMARKS.md) whose fields
    equal the ones given (``challenger="search", kind=None``: whole games); each with its
    ``command``."""
    from kamplib.bots.measured import MEASURED

    return [dict(r) for r in MEASURED if all(r[k] == v for k, v in fields.items())]
