"""How strong and how fast are the bots?  Tournaments, decision times and simulation speed.

Commands (results go to the "Bots" section of BENCHMARKS.md, with the command that made them):

    .venv/bin/python benchmarks/bots.py tournament heuristic random --games 1000
    .venv/bin/python benchmarks/bots.py tournament search heuristic --games 1000
    .venv/bin/python benchmarks/bots.py decisions --games 20
    .venv/bin/python benchmarks/bots.py speed --games 10000

A tournament is Femkamp with 4 players.  Layout ``1v3`` (default) seats one challenger with three
opponents and rotates the challenger through all four seats on the same deals; ``2v2`` alternates
them (ABAB and BABA).  The difference is opponents' mean total minus the challenger's total per
game (positive: the challenger is ahead, as lowest total wins), averaged over the rotations of a
deal first, so the 95% interval (normal, 1.96 standard errors over deals) is honest about deals
being shared.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any

from kamplib.bots.search import APP_SEARCH_OPTIONS
from kamplib.simulate import simulate
from kamplib.view import make_view

LAYOUTS = {
    "1v3": lambda a, b: [[a if s == r else b for s in range(4)] for r in range(4)],
    "2v2": lambda a, b: [[a, b, a, b], [b, a, b, a]],
}


def tournament(challenger: str, opponent: str, games: int, seed: int, layout: str,
               workers: int | None, options: dict[str, dict[str, Any]]) -> dict[str, Any]:
    seatings = LAYOUTS[layout](challenger, opponent)
    deals = max(1, games // len(seatings))
    per_deal: dict[int, list[float]] = {}
    wins: list[float] = []
    own: list[float] = []
    other: list[float] = []
    start = time.perf_counter()
    for bots in seatings:
        res = simulate("femkamp", 4, bots, games=deals, seed=seed, workers=workers,
                       progress=sys.stderr.isatty(), bot_options=options)
        df = res.games
        mine = df["bot"] == challenger
        for g, rows in df.groupby("game"):
            c = rows[mine[rows.index]]
            o = rows[~mine[rows.index]]
            per_deal.setdefault(int(g), []).append(o["total"].mean() - c["total"].mean())
            own.append(c["total"].mean())
            other.append(o["total"].mean())
            wins.append(c["win_share"].sum())
        done = [statistics.fmean(v) for v in per_deal.values()]
        print(json.dumps({"partial_games": len(own), "ahead_by": round(statistics.fmean(done), 3),
                          "wall_s": round(time.perf_counter() - start, 1)}),
              file=sys.stderr, flush=True)
    diffs = [statistics.fmean(v) for v in per_deal.values()]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    return {
        "pairing": f"{challenger} vs {opponent}", "layout": layout, "games": len(own),
        "deals": len(diffs), "seed": seed, "challenger_mean_total": round(statistics.fmean(own), 3),
        "opponent_mean_total": round(statistics.fmean(other), 3), "ahead_by": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "challenger_win_share": round(statistics.fmean(wins), 4),
        "fair_win_share": round(sum(b == challenger for b in seatings[0]) / 4, 4),
        "wall_s": round(time.perf_counter() - start, 1),
        "options": options,
    }


def decisions(games: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """Time every decision of one search seat against three heuristic bots."""
    from kamplib.bots import make_bot
    from kamplib.bots.heuristic import round_policy
    from kamplib.game import Game

    names = ["Kari", "Ola", "Siri", "Per"]
    times: list[float] = []
    choice_times: list[float] = []
    for i in range(games):
        g = Game(names, "femkamp", seed=seed + i)
        bot = make_bot("search", seed=i, **options)
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
                choice_times.append(dt)
            g.play(move)

    def stats(xs: list[float]) -> dict[str, float]:
        xs = sorted(xs)
        return {"n": len(xs), "median_ms": round(1000 * xs[len(xs) // 2], 1),
                "p95_ms": round(1000 * xs[min(len(xs) - 1, int(0.95 * len(xs)))], 1),
                "max_ms": round(1000 * xs[-1], 1)}

    return {"options": options, "games": games, "all_decisions": stats(times),
            "with_a_choice": stats(choice_times)}


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
    t.add_argument("--layout", choices=sorted(LAYOUTS), default="1v3")
    t.add_argument("--workers", type=int, default=None)
    t.add_argument("--samples", type=int, default=APP_SEARCH_OPTIONS["samples"],
                   help="search samples (no time budget, so games are reproducible)")
    d = sub.add_parser("decisions")
    d.add_argument("--games", type=int, default=20)
    d.add_argument("--seed", type=int, default=500)
    s = sub.add_parser("speed")
    s.add_argument("--games", type=int, default=10000)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--workers", type=int, default=None)
    args = p.parse_args(argv)
    if args.cmd == "tournament":
        opts = {"search": {"samples": args.samples}}
        out = tournament(args.challenger, args.opponent, args.games, args.seed, args.layout,
                         args.workers, opts)
    elif args.cmd == "decisions":
        out = decisions(args.games, args.seed, dict(APP_SEARCH_OPTIONS))
    else:
        out = speed(args.games, args.seed, args.workers)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
