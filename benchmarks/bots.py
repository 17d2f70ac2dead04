"""How strong, how fast and how steady are the bots?  Tournaments, decision times, stability.

Commands (results go to the "Bots" section of BENCHMARKS.md, with the command that made them):

    .venv/bin/python benchmarks/bots.py tournament search heuristic --games 1000
    .venv/bin/python benchmarks/bots.py tournament search heuristic --kind damer --games 1000
    .venv/bin/python benchmarks/bots.py tournament search heuristic --game sjukamp --kind finale
    .venv/bin/python benchmarks/bots.py tournament search plain_search --games 1000
    .venv/bin/python benchmarks/bots.py decisions --games 20
    .venv/bin/python benchmarks/bots.py stability --positions 500
    .venv/bin/python benchmarks/bots.py endgame --deals 40
    .venv/bin/python benchmarks/bots.py softness --kind damer --games 200 --values 0.03,0.1,0.3
    .venv/bin/python benchmarks/bots.py speed --games 10000

A tournament seats one challenger with three opponents (4 players) and rotates the challenger
through all four seats on the same deal; ``--kind`` plays single rounds of one kind with the
game's house rules instead of whole games.  "Ahead by" is the opponents' mean score minus the
challenger's, per game (positive: the challenger is better, as the lowest total wins), averaged
over the four seatings of a deal first, so the 95 % interval (1.96 standard errors over deals)
is honest about deals being shared.  ``comparison`` (also a function, for the tactics notebook)
gives that table for the three learner levels.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields, replace
from typing import Any

from kamplib.autoplay import autoplay, make_bots
from kamplib.bots import LEVELS, make_bot
from kamplib.bots.heuristic import round_policy
from kamplib.bots.search import SETTINGS, evaluate
from kamplib.game import Game
from kamplib.kinds import KINDS
from kamplib.rules import Rules, make_rules
from kamplib.simulate import game_seed, simulate
from kamplib.view import make_view

NAMES = ("Kari", "Ola", "Siri", "Per")


def rules_for(game: str, kind: str | None) -> Rules:
    """The game's house rules; with ``kind``, a one-round game of that kind under them."""
    base = make_rules(game)
    if kind is None:
        return base
    values = {f.name: getattr(base, f.name) for f in fields(base)
              if f.name not in ("game", "order")}
    return make_rules("custom", {**values, "order": [kind]})


def _deal(task: tuple) -> dict[str, Any]:
    """One deal played four times, the challenger in each seat in turn."""
    challenger, opponent, rules, seed, options = task
    ahead = []
    own = []
    wins = 0.0
    for seat in range(4):
        levels = [challenger if s == seat else opponent for s in range(4)]
        g = Game(NAMES, rules.game, rules, seed=seed)
        autoplay(g, make_bots(4, levels, seed, **options))
        totals = g.totals()
        mine = totals[NAMES[seat]]
        others = [totals[p] for p in NAMES if p != NAMES[seat]]
        ahead.append(statistics.fmean(others) - mine)
        own.append(mine)
        if NAMES[seat] in g.winners:
            wins += 1 / len(g.winners)
    return {"ahead": statistics.fmean(ahead), "own": statistics.fmean(own), "wins": wins / 4}


def tournament(challenger: str, opponent: str, games: int, seed: int = 1,
               game: str = "femkamp", kind: str | None = None, workers: int | None = None,
               options: dict[str, dict[str, Any]] | None = None,
               progress: bool = False) -> dict[str, Any]:
    """``games`` games (deals × 4 seatings) of one challenger against three opponents."""
    rules = rules_for(game, kind)
    deals = max(2, games // 4)
    tasks = [(challenger, opponent, rules, game_seed(seed, i), options or {})
             for i in range(deals)]
    start = time.perf_counter()
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        rows = [_deal(t) for t in tasks]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            rows = []
            for i, row in enumerate(pool.map(_deal, tasks, chunksize=1)):
                rows.append(row)
                if progress and (i + 1) % 25 == 0:
                    print(json.dumps({"deals": i + 1, "ahead_by": round(statistics.fmean(
                        r["ahead"] for r in rows), 3)}), file=sys.stderr, flush=True)
    diffs = [r["ahead"] for r in rows]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    return {
        "pairing": f"{challenger} vs {opponent}", "game": game, "kind": kind,
        "games": 4 * len(rows), "deals": len(rows), "seed": seed,
        "challenger_mean": round(statistics.fmean(r["own"] for r in rows), 3),
        "ahead_by": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "challenger_win_share": round(statistics.fmean(r["wins"] for r in rows), 4),
        "wall_s": round(time.perf_counter() - start, 1),
    }


def comparison(games: int = 400, seed: int = 1, game: str = "femkamp",
               workers: int | None = None) -> list[dict[str, Any]]:
    """Each learner level against «middels» (the heuristic), with 95 % margins: the table
    the tactics notebook shows.  Rows: level, games, mean total, ahead by, interval."""
    rows = []
    for level in LEVELS:
        if level == "heuristic":
            continue
        res = tournament(level, "heuristic", games, seed, game, workers=workers)
        rows.append({"level": level, "games": res["games"], "mean_total": res["challenger_mean"],
                     "ahead_by": res["ahead_by"], "ci95": res["ci95"],
                     "win_share": res["challenger_win_share"]})
    return rows


# -- decision time ----------------------------------------------------------------------------
def _stats(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    return {"n": len(xs), "median_ms": round(1000 * xs[len(xs) // 2], 1),
            "p95_ms": round(1000 * xs[min(len(xs) - 1, int(0.95 * len(xs)))], 1),
            "max_ms": round(1000 * xs[-1], 1)}


def decisions(games: int, seed: int, level: str = "search", game: str = "femkamp"
              ) -> dict[str, Any]:
    """Time every decision of one search seat against three heuristic bots, whole games."""
    times: list[float] = []
    choice: list[float] = []
    by_kind: dict[str, list[float]] = {}
    for i in range(games):
        g = Game(NAMES, game, seed=seed + i)
        bot = make_bot(level, seed=i)
        me = i % 4
        while not g.is_over:
            rnd = g.round
            seat = rnd.to_move
            if seat != me:
                g.play(round_policy(rnd, seat))
                continue
            view = make_view(rnd, seat)
            t0 = time.perf_counter()
            move = bot.choose(view).move
            dt = time.perf_counter() - t0
            times.append(dt)
            if len(view.legal) > 1:
                choice.append(dt)
                by_kind.setdefault(rnd.kind, []).append(dt)
            g.play(move)
    return {"level": level, "games": games, "all_decisions": _stats(times),
            "with_a_choice": _stats(choice),
            "by_kind": {k: _stats(v) for k, v in by_kind.items()}}


# -- stability --------------------------------------------------------------------------------
def random_positions(count: int, seed: int, kinds: Sequence[str] = tuple(KINDS),
                     game_of: dict[str, str] | None = None) -> list[Any]:
    """``count`` positions with a real choice per kind, reached by heuristic play from random
    deals and stopped at a random move."""
    game_of = game_of or {"trumf": "sjukamp", "finale": "sjukamp"}
    rng = random.Random(seed)
    out = []
    for kind in kinds:
        rules = rules_for(game_of.get(kind, "femkamp"), kind)
        got = 0
        while got < count:
            g = Game(NAMES, rules.game, rules, seed=rng.randrange(1 << 30))
            rnd = g.round
            stop = rng.randrange(52)
            views = []
            while rnd.to_move >= 0:
                if len(rnd.legal_moves()) > 1:
                    views.append(make_view(rnd, rnd.to_move))
                rnd.play(round_policy(rnd, rnd.to_move))
            if views:
                out.append((kind, views[min(stop * len(views) // 52, len(views) - 1)]))
                got += 1
    return out


def stability(positions: int, seed: int, level: str = "search") -> dict[str, Any]:
    """Analyse every position twice: with the same call (the coach's seed per position) and
    with two different seeds (how steady the judgement is when the deals differ)."""
    from kamplib.hints import hint

    per_kind: dict[str, dict[str, int]] = {}
    times = []
    for kind, view in random_positions(positions, seed):
        row = per_kind.setdefault(kind, {"positions": 0, "same_call": 0, "seeds_move": 0,
                                         "seeds_labels": 0})
        t0 = time.perf_counter()
        a = hint(view, level=level)
        times.append(time.perf_counter() - t0)
        b = hint(view, level=level)
        c = hint(view, level=level, seed=1)
        row["positions"] += 1
        row["same_call"] += a == b
        row["seeds_move"] += a.best_group == c.best_group
        row["seeds_labels"] += [r.label for r in a.ratings] == [r.label for r in c.ratings]
    total = {k: sum(r[k] for r in per_kind.values()) for k in
             ("positions", "same_call", "seeds_move", "seeds_labels")}
    return {"level": level, "per_kind": per_kind, "total": total, "time": _stats(times)}


# -- the endgame threshold --------------------------------------------------------------------
def endgame(deals: int, seed: int) -> dict[str, Any]:
    """Time of one whole decision with exact endgames at each number of cards left (4
    players), to choose the threshold: the exact search must fit the app's time targets."""
    out: dict[str, dict[str, Any]] = {}
    base = SETTINGS["search"]
    for kind, lefts in (("damer", (8, 12, 16)), ("pass", (8, 12, 16)),
                        ("grand", (8, 12, 16)), ("fantan", (12, 16, 20, 24, 28))):
        for left in lefts:
            cfg = replace(base, exact_tricks=left, exact_fantan=left)
            times = []
            for i in range(deals):
                g = Game(NAMES, "custom", {"order": [kind]}, seed=game_seed(seed, i))
                rnd = g.round
                while rnd.to_move >= 0 and sum(h.bit_count() for h in rnd.hands) > left:
                    rnd.play(round_policy(rnd, rnd.to_move))
                while rnd.to_move >= 0 and len(rnd.legal_moves()) < 2:
                    rnd.play(round_policy(rnd, rnd.to_move))
                if rnd.to_move < 0:
                    continue
                view = make_view(rnd, rnd.to_move)
                t0 = time.perf_counter()
                evaluate(view, cfg)
                times.append(time.perf_counter() - t0)
            out[f"{kind} {left}"] = _stats(times)
    return out


def softness(kind: str, games: int, seed: int, values: Sequence[float], game: str,
             workers: int | None) -> list[dict[str, Any]]:
    """The search against the heuristic with different softness of the opponents' model."""
    import kamplib.bots.search as search

    rows = []
    for value in values:
        search.SETTINGS["search"] = replace(search.SETTINGS["search"],
                                            softness=None if value >= 1 else value,
                                            pool=1 if value >= 1 else search.SETTINGS[
                                                "search"].pool)
        res = tournament("search", "heuristic", games, seed, game, kind, workers=1
                         if workers == 1 else workers)
        rows.append({"softness": value, **res})
    return rows


def speed(games: int, seed: int, workers: int | None) -> dict[str, Any]:
    start = time.perf_counter()
    res = simulate("femkamp", 4, ["heuristic"] * 4, games=games, seed=seed, workers=workers,
                   progress=sys.stderr.isatty())
    wall = time.perf_counter() - start
    return {"games": res.n_games, "wall_s": round(wall, 1), "workers": workers or os.cpu_count(),
            "games_per_s": round(res.n_games / wall, 1)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("tournament")
    t.add_argument("challenger")
    t.add_argument("opponent")
    t.add_argument("--games", type=int, default=1000)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--game", default="femkamp")
    t.add_argument("--kind", default=None, help="single rounds of this kind")
    t.add_argument("--workers", type=int, default=None)
    c = sub.add_parser("comparison")
    c.add_argument("--games", type=int, default=400)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--workers", type=int, default=None)
    d = sub.add_parser("decisions")
    d.add_argument("--games", type=int, default=20)
    d.add_argument("--seed", type=int, default=500)
    d.add_argument("--level", default="search")
    st = sub.add_parser("stability")
    st.add_argument("--positions", type=int, default=500, help="per kind of round")
    st.add_argument("--seed", type=int, default=7)
    st.add_argument("--level", default="search")
    e = sub.add_parser("endgame")
    e.add_argument("--deals", type=int, default=40)
    e.add_argument("--seed", type=int, default=3)
    so = sub.add_parser("softness")
    so.add_argument("--kind", default=None)
    so.add_argument("--game", default="femkamp")
    so.add_argument("--games", type=int, default=200)
    so.add_argument("--seed", type=int, default=1)
    so.add_argument("--values", default="0.03,0.1,0.3,1")
    so.add_argument("--workers", type=int, default=None)
    s = sub.add_parser("speed")
    s.add_argument("--games", type=int, default=10000)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--workers", type=int, default=None)
    args = p.parse_args(argv)
    if args.cmd == "tournament":
        out: Any = tournament(args.challenger, args.opponent, args.games, args.seed, args.game,
                              args.kind, args.workers, progress=True)
    elif args.cmd == "comparison":
        out = comparison(args.games, args.seed, workers=args.workers)
    elif args.cmd == "decisions":
        out = decisions(args.games, args.seed, args.level)
    elif args.cmd == "stability":
        out = stability(args.positions, args.seed, args.level)
    elif args.cmd == "endgame":
        out = endgame(args.deals, args.seed)
    elif args.cmd == "softness":
        out = softness(args.kind, args.games, args.seed,
                       [float(v) for v in args.values.split(",")], args.game, args.workers)
    else:
        out = speed(args.games, args.seed, args.workers)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
