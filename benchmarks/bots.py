"""How strong, how fast and how steady are the bots?  Tournaments, decision times, stability.

Commands (results go to the "Bots" section of BENCHMARKS.md, with the command that made them):

    .venv/bin/python benchmarks/bots.py tournament search heuristic --games 1000 --out s.json
    .venv/bin/python benchmarks/bots.py tournament search heuristic --kind damer --games 1000
    .venv/bin/python benchmarks/bots.py tournament search heuristic --game sjukamp --kind finale
    .venv/bin/python benchmarks/bots.py tournament plain_search heuristic --games 1000 --out p.json
    .venv/bin/python benchmarks/bots.py paired s.json p.json
    .venv/bin/python benchmarks/bots.py tournament search heuristic --kind pass --games 400 \
        --settings '{"pool": 8}' --out v.json     (a variant of the search, to pair with s.json)
    .venv/bin/python benchmarks/bots.py publish s.json r.json ...   (kamplib/bots/measured.py)
    .venv/bin/python benchmarks/bots.py decisions --games 20
    .venv/bin/python benchmarks/bots.py stability --positions 500
    .venv/bin/python benchmarks/bots.py endgame --deals 40
    .venv/bin/python benchmarks/bots.py inference --positions 60 --pools 2,4,8,16
    .venv/bin/python benchmarks/bots.py speed --games 10000

Tournaments are :func:`kamplib.tournament.tournament`: one challenger with three opponents,
the challenger in each seat in turn on the same deal; "ahead by" per game and per kind of round
with a 95 % interval over deals.  ``--kind`` plays single rounds of one kind with the game's
house rules.  ``comparison`` is :func:`kamplib.tournament.level_comparison` (the tactics
notebook's table: lett and vanskelig against middels).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from kamplib.autoplay import autoplay, make_bots, steps
from kamplib.bots import make_bot
from kamplib.bots.search import SETTINGS, evaluate
from kamplib.game import Game
from kamplib.kinds import KINDS
from kamplib.round import Round
from kamplib.simulate import game_seed, simulate
from kamplib.tournament import level_comparison, paired, rules_for, tournament
from kamplib.view import make_view

NAMES = ("Kari", "Ola", "Siri", "Per")


# -- the numbers the tactics page shows ---------------------------------------------------------
MEASURED_PY = os.path.join(os.path.dirname(__file__), "..", "kamplib", "bots", "measured.py")
_KEPT = ("challenger", "opponent", "game", "kind", "games", "deals", "seed", "challenger_mean",
         "ahead_by", "ci95", "challenger_win_share", "by_kind")


def publish(files: Sequence[str], path: str = MEASURED_PY) -> list[dict[str, Any]]:
    """Write the tournaments saved with ``--out`` into :mod:`kamplib.bots.measured`, each with the
    command that made it, for the tactics page (:func:`kamplib.tournament.measured`)."""
    import pprint

    from kamplib.tournament import command_of

    rows = []
    for name in files:
        with open(name, encoding="utf-8") as f:
            res = json.load(f)
        rows.append({**{k: res[k] for k in _KEPT}, "command": command_of(res)})
    text = ('"""The large tournaments of ``benchmarks/bots.py``, as BENCHMARKS.md reports them.\n\n'
            "Written by ``benchmarks/bots.py publish`` from the results of the commands below; "
            "not edited by\nhand.  The tactics page shows them through "
            ":func:`kamplib.tournament.measured`.\n\"\"\"\n\n"
            "from typing import Any\n\nMEASURED: tuple[dict[str, Any], ...] = "
            + pprint.pformat(tuple(rows), width=96, sort_dicts=False) + "\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return rows


def try_settings(level: str, text: str | None) -> dict[str, Any] | None:
    """Change ``level``'s search settings for this process (and the workers it forks) to try a
    variant, e.g. ``{"pool": 8}``; the changes, or None when there are none."""
    if not text:
        return None
    try:
        changes = json.loads(text)
        if not isinstance(changes, dict):
            raise ValueError("not a JSON object")
        SETTINGS[level] = replace(SETTINGS[level], **changes)
    except KeyError:
        raise SystemExit(f"--settings: {level!r} is not a search level "
                         f"({', '.join(SETTINGS)})") from None
    except (ValueError, TypeError) as err:
        raise SystemExit(f"--settings {text!r}: {err}") from None
    return changes


def _progress(rows: list[dict[str, Any]]) -> None:
    if len(rows) % 25 == 0:
        print(json.dumps({"deals": len(rows), "ahead_by": round(statistics.fmean(
            r["ahead"] for r in rows), 3)}), file=sys.stderr, flush=True)


# -- decision time ----------------------------------------------------------------------------
def _stats(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    return {"n": len(xs), "median_ms": round(1000 * xs[len(xs) // 2], 1),
            "p95_ms": round(1000 * xs[min(len(xs) - 1, int(0.95 * len(xs)))], 1),
            "max_ms": round(1000 * xs[-1], 1)}


def _load_average() -> tuple[float, ...] | None:
    """The machine's load average (None where there is none to read: Pyodide)."""
    try:
        return os.getloadavg()
    except (OSError, AttributeError):
        return None


def decisions(games: int, seed: int, level: str = "search", game: str = "femkamp"
              ) -> dict[str, Any]:
    """Time every decision of one search seat against three heuristic bots, whole games: wall
    clock (what a learner waits) and CPU time of this process (what the machine's load does
    not change), for the decisions with a real choice (a single legal move is not searched)."""
    wall: list[float] = []
    cpu: list[float] = []
    by_kind: dict[str, list[float]] = {}
    for i in range(games):
        g = Game(NAMES, game, seed=seed + i)
        bot = make_bot(level, seed=i)
        me = i % 4
        others = make_bots(len(NAMES), "heuristic", humans={me})
        while True:
            autoplay(g, others)  # the heuristic seats, until the timed seat's turn
            if g.is_over:
                break
            rnd = g.round
            seat = rnd.to_move
            view = make_view(rnd, seat)
            t0, c0 = time.perf_counter(), time.process_time()
            move = bot.choose(view).move
            if len(view.legal) > 1:
                wall.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
                by_kind.setdefault(rnd.kind, []).append(cpu[-1])
            g.play(move)
    return {"level": level, "games": games, "load_average": _load_average(),
            "wall": _stats(wall), "cpu": _stats(cpu),
            "cpu_by_kind": {k: _stats(v) for k, v in by_kind.items()}}


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
            views = [make_view(rnd, rnd.to_move) for rnd in heuristic_play(rnd)
                     if len(rnd.legal_moves()) > 1]
            if views:
                out.append((kind, views[min(stop * len(views) // 52, len(views) - 1)]))
                got += 1
    return out


def heuristic_play(rnd: Round) -> Iterator[Round]:
    """``rnd`` before each move of the heuristic bots that play it to its end (the moves made
    by the one autoplay loop; the caller looks at the position in between)."""
    bots = make_bots(rnd.n, "heuristic")
    if rnd.to_move >= 0:
        yield rnd
    for _ in steps(rnd, bots):
        if rnd.to_move >= 0:
            yield rnd


def _judged_thrice(task: tuple[str, Any, str]) -> tuple[str, dict[str, bool], float]:
    from kamplib.hints import forget, hint

    kind, view, level = task
    forget()
    t0 = time.process_time()
    a = hint(view, level=level)
    cpu = time.process_time() - t0
    forget()
    b = hint(view, level=level)
    c = hint(view, level=level, seed=1)
    labels = [r.label for r in a.ratings]
    again = [r.label for r in c.ratings]
    return kind, {
        "same_call": a == b and labels == [r.label for r in b.ratings],
        "seeds_move": c.move in a.same,
        "seeds_labels": labels == again,
        "moves": len(labels),
        "seeds_move_label": sum(x == y for x, y in zip(labels, again, strict=True)),
    }, cpu


def stability(positions: int, seed: int, level: str = "search", workers: int = 1
              ) -> dict[str, Any]:
    """Analyse every position afresh twice with the same call (the coach's seed comes from the
    position, so this must always agree), and once more with another seed, so that the deals
    differ: is the recommendation the same move (or one just like it), is every legal move
    given the same label, and how many of the moves are (``seeds_move_label`` of ``moves``)?
    The time is the CPU time of one hint."""
    tasks = [(kind, view, level) for kind, view in random_positions(positions, seed)]
    if workers == 1:
        results: Any = map(_judged_thrice, tasks)
    else:
        pool = ProcessPoolExecutor(max_workers=workers)
        results = pool.map(_judged_thrice, tasks, chunksize=8)
    keys = ("same_call", "seeds_move", "seeds_labels", "moves", "seeds_move_label")
    per_kind: dict[str, dict[str, int]] = {}
    times = []
    for kind, got, cpu in results:
        row = per_kind.setdefault(kind, {"positions": 0, **{k: 0 for k in keys}})
        row["positions"] += 1
        for k in keys:
            row[k] += got[k]
        times.append(cpu)
    if workers != 1:
        pool.shutdown()
    total = {k: sum(r[k] for r in per_kind.values()) for k in ("positions", *keys)}
    return {"level": level, "per_kind": per_kind, "total": total, "time": _stats(times)}


# -- the endgame threshold --------------------------------------------------------------------
def endgame(deals: int, seed: int) -> dict[str, Any]:
    """CPU time of one whole decision with exact endgames at each number of cards left in all
    hands (4 players, positions from heuristic play), to choose the threshold: the exact search
    must fit the app's time targets."""
    out: dict[str, dict[str, Any]] = {}
    base = SETTINGS["search"]
    for kind, lefts in (("damer", (8, 12, 16, 20)), ("pass", (8, 12, 16, 20)),
                        ("grand", (8, 12, 16, 20)), ("fantan", (12, 16, 20, 24, 28))):
        for left in lefts:
            cfg = replace(base, exact_tricks=left, exact_fantan=left)
            times = []
            for i in range(deals):
                g = Game(NAMES, "custom", {"order": [kind]}, seed=game_seed(seed, i))
                rnd = g.round
                # the first position with ``left`` cards or fewer in all hands and a choice
                for _ in heuristic_play(rnd):
                    if sum(h.bit_count() for h in rnd.hands) <= left and \
                            len(rnd.legal_moves()) >= 2:
                        break
                if rnd.to_move < 0:
                    continue
                view = make_view(rnd, rnd.to_move)
                t0 = time.process_time()
                evaluate(view, cfg)
                times.append(time.process_time() - t0)
            out[f"{kind} {left}"] = _stats(times)
    return out


def inference(positions: int, seed: int, values: Sequence[float | None],
              pools: Sequence[int] = (4,),
              kinds: Sequence[str] = ("pass", "klover", "damer", "fantan", "grand")
              ) -> list[dict[str, Any]]:
    """How well sampled deals place the hidden cards for each softness of the opponents' model
    and each pool of candidates per deal: the share of hidden cards dealt to the seat that
    really holds them (positions from heuristic play, where the model is right), how many of
    48 deals are distinct, and the CPU time for 48 deals."""
    from kamplib.bots.inference import Table, sample_deals

    rows = []
    for kind in kinds:
        views = []
        rng = random.Random(seed)
        while len(views) < positions:
            g = Game(NAMES, "custom", {"order": [kind]}, seed=rng.randrange(1 << 30))
            rnd = g.round
            autoplay(rnd, make_bots(rnd.n, "heuristic"), max_moves=rng.randrange(8, 40))
            if rnd.to_move >= 0 and Table(make_view(rnd, rnd.to_move)).unseen:
                views.append((make_view(rnd, rnd.to_move), list(rnd.hands)))
        for value in values:
            for pool in pools if value is not None else (1,):
                right = []
                distinct = []
                cpu = 0.0
                for view, truth in views:
                    table = Table(view)
                    t0 = time.process_time()
                    deals = sample_deals(table, random.Random(1), 48, value, pool)
                    cpu += time.process_time() - t0
                    hit = sum(d.count * (d.round.hands[s] & truth[s]).bit_count()
                              for d in deals for s in table.others)
                    right.append(hit / (48 * table.unseen.bit_count()))
                    distinct.append(len(deals))
                rows.append({"kind": kind, "softness": value, "pool": pool,
                             "placed_right": round(statistics.fmean(right), 3),
                             "distinct_of_48": round(statistics.fmean(distinct), 1),
                             "cpu_ms_48_deals": round(1000 * cpu / len(views), 1)})
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
    t.add_argument("--out", default=None, help="also write the result (JSON) to this file")
    t.add_argument("--settings", default=None,
                   help="the challenger's search settings changed for this run, as JSON, e.g. "
                        "'{\"pool\": 8}' (kamplib/bots/search.py Settings)")
    pu = sub.add_parser("publish", help="write saved tournaments into kamplib/bots/measured.py")
    pu.add_argument("files", nargs="+")
    pa = sub.add_parser("paired", help="two tournaments' results on the same deals, compared")
    pa.add_argument("first")
    pa.add_argument("second")
    c = sub.add_parser("comparison")
    c.add_argument("--games", type=int, default=400)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--workers", type=int, default=None)
    d = sub.add_parser("decisions")
    d.add_argument("--games", type=int, default=20)
    d.add_argument("--seed", type=int, default=500)
    d.add_argument("--level", default="search")
    d.add_argument("--settings", default=None, help="as for tournament")
    st = sub.add_parser("stability")
    st.add_argument("--positions", type=int, default=500, help="per kind of round")
    st.add_argument("--seed", type=int, default=7)
    st.add_argument("--level", default="search")
    st.add_argument("--workers", type=int, default=1)
    e = sub.add_parser("endgame")
    e.add_argument("--deals", type=int, default=40)
    e.add_argument("--seed", type=int, default=3)
    inf = sub.add_parser("inference")
    inf.add_argument("--positions", type=int, default=60, help="per kind of round")
    inf.add_argument("--seed", type=int, default=5)
    inf.add_argument("--values", default="none,0.3,0.1,0.03")
    inf.add_argument("--pools", default="4")
    s = sub.add_parser("speed")
    s.add_argument("--games", type=int, default=10000)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--workers", type=int, default=None)
    args = p.parse_args(argv)
    if args.cmd == "tournament":
        tried = try_settings(args.challenger, args.settings)
        start = time.perf_counter()
        out: Any = tournament(args.challenger, args.opponent, args.games, args.seed, args.game,
                              args.kind, args.workers, progress=_progress)
        if tried:
            out["settings"] = tried
        out["wall_s"] = round(time.perf_counter() - start)
        out["load_average_after"] = [round(x, 1) for x in os.getloadavg()]
        if args.out:
            with open(args.out, "w", encoding="utf-8") as f:
                json.dump(out, f)
    elif args.cmd == "publish":
        out = publish(args.files)
    elif args.cmd == "paired":
        with open(args.first, encoding="utf-8") as f, open(args.second, encoding="utf-8") as g:
            out = paired(json.load(f), json.load(g))
    elif args.cmd == "comparison":
        out = level_comparison(games=args.games, seed=args.seed, workers=args.workers)
    elif args.cmd == "decisions":
        tried = try_settings(args.level, args.settings)
        out = decisions(args.games, args.seed, args.level)
        if tried:
            out["settings"] = tried
    elif args.cmd == "stability":
        out = stability(args.positions, args.seed, args.level, args.workers)
    elif args.cmd == "endgame":
        out = endgame(args.deals, args.seed)
    elif args.cmd == "inference":
        out = inference(args.positions, args.seed, [None if v == "none" else float(v)
                                                    for v in args.values.split(",")],
                        [int(v) for v in args.pools.split(",")])
    else:
        out = speed(args.games, args.seed, args.workers)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
