"""Make the «Finn det beste kortet» puzzles: positions from bot games that the analysis judges.

    python scripts/make_puzzles.py                       # every kind, to its target count
    python scripts/make_puzzles.py --kind femkamp-pass --count 10 --out /tmp/p   # a small batch
    nice -n 10 python scripts/make_puzzles.py --jobs 2  # the full run (resumes where it stopped)

For each (game, round kind) of :func:`kamplib.teach.puzzles.puzzle_kinds` it deals rounds at a
table of four from seeds derived from ``--seed`` (deal ``i`` of a kind always gets the same
cards), lets the heuristic bots («middels») play each round, and looks at the decisions where
the player to move had at least two different moves.  A quick search (a few dozen sampled
deals) picks the candidates whose best move looks clearly ahead; the coach's strongest judge,
the analysis (:data:`kamplib.teach.puzzles.JUDGE`), then decides: a puzzle is kept when its best
move beats every other by at least ``MIN_MARGIN`` points and ``MIN_Z`` standard errors.  At most
``--per-deal`` puzzles come from one deal, so the set spreads over many hands.

The output is one JSON file per kind in ``kamplib/data/puzzles/`` (checked in), written after
every deal with how far the run got; running again continues from there, and the same seed
makes the same puzzles.  Its header records the seed, the settings and the time spent.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kamplib.bots.heuristic import round_policy
from kamplib.bots.search import Settings, move_groups
from kamplib.bots.situation import from_view
from kamplib.round import Round, deal_round
from kamplib.teach.puzzles import (
    FORMAT,
    JUDGE,
    MIN_MARGIN,
    MIN_Z,
    Puzzle,
    difficulty,
    judge_position,
    puzzle_kinds,
)
from kamplib.teach.session import one_round_rules
from kamplib.view import make_view

OUT = Path(__file__).resolve().parents[1] / "kamplib" / "data" / "puzzles"
SEED = 2026
PLAYERS = 4
# How many puzzles each kind gets: Femkamp's rounds 200 each, Sekskamp's and Sjukamp's own 50.
TARGETS = {"femkamp": 200, "sekskamp": 50, "sjukamp": 50}
# The quick look that picks candidates for the analysis: a cheap search (about a tenth of the
# analysis' work); a candidate goes on when its best move looks this many points ahead.
QUICK = Settings(samples=32, min_samples=16, batch=16, softness=0.1, exact_tricks=12,
                 exact_fantan=16, work=4000, pool=4)
QUICK_MARGIN = 0.4
# Candidate positions looked at per deal (at random among the decisions with a choice).
TRIES_PER_DEAL = 6


def deal_seed(seed: int, game: str, kind: str, index: int) -> int:
    text = f"{seed}:{game}:{kind}:{index}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def positions(game: str, kind: str, seed: int) -> list[Round]:
    """Every decision with at least two different moves in one round the bots play."""
    rules = one_round_rules(kind, game)
    names = [f"P{i + 1}" for i in range(PLAYERS)]
    rnd = deal_round(kind, names, rules=rules, seed=seed)
    found = []
    while rnd.to_move >= 0:
        view = make_view(rnd, rnd.to_move)
        if not view.needs_trump and len(set(move_groups(from_view(view)).values())) > 1:
            found.append(rnd.copy())
        rnd.play(round_policy(rnd, rnd.to_move))
    return found


def puzzles_of_deal(game: str, kind: str, seed: int, index: int,
                    per_deal: int) -> tuple[list[dict], int]:
    """The puzzles found in deal ``index`` of a kind, and how many analyses it took."""
    dseed = deal_seed(seed, game, kind, index)
    candidates = positions(game, kind, dseed)
    random.Random(dseed).shuffle(candidates)
    found: list[dict] = []
    analysed = 0
    for rnd in candidates[:TRIES_PER_DEAL]:
        view = make_view(rnd, rnd.to_move)
        quick = judge_position(view, QUICK)
        if quick.margin < QUICK_MARGIN:
            continue
        verdict = judge_position(view, JUDGE)
        analysed += 1
        if not verdict.clear:
            continue
        level, rating = difficulty(view, verdict.answers)
        ident = f"{game}-{kind}-{index:05d}-{len(rnd.history):02d}"
        found.append(Puzzle.at(ident, game, rnd, verdict, level, rating).as_dict())
        if len(found) >= per_deal:
            break
    return found, analysed


def load(path: Path, seed: int) -> dict:
    if path.exists():
        doc = json.loads(path.read_text("utf-8"))
        if doc.get("seed") == seed:
            return doc
    return {"format": FORMAT, "seed": seed, "judge": asdict(JUDGE), "min_margin": MIN_MARGIN,
            "min_z": MIN_Z, "players": PLAYERS, "deals": 0, "analysed": 0, "seconds": 0.0,
            "puzzles": []}


def save(path: Path, doc: dict) -> None:
    """One puzzle a line: the file diffs well and reads fast."""
    head = {k: v for k, v in doc.items() if k != "puzzles"}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "puzzles": [']
    lines += [json.dumps(p, ensure_ascii=False, separators=(",", ":")) + ","
              for p in doc["puzzles"]]
    if doc["puzzles"]:
        lines[-1] = lines[-1][:-1]
    lines.append("]}")
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", "utf-8")
    os.replace(tmp, path)


def run_kind(game: str, kind: str, target: int, seed: int, out: Path, per_deal: int,
             max_deals: int | None) -> str:
    path = out / f"{game}-{kind}.json"
    doc = load(path, seed)
    deals = 0
    while len(doc["puzzles"]) < target and (max_deals is None or deals < max_deals):
        start = time.perf_counter()
        found, analysed = puzzles_of_deal(game, kind, seed, doc["deals"], per_deal)
        doc["puzzles"].extend(found[:target - len(doc["puzzles"])])
        doc["deals"] += 1
        doc["analysed"] += analysed
        doc["seconds"] = round(doc["seconds"] + time.perf_counter() - start, 1)
        deals += 1
        save(path, doc)
    return (f"{game}-{kind}: {len(doc['puzzles'])} puzzles from {doc['deals']} deals, "
            f"{doc['analysed']} analysed, {doc['seconds']:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kind", action="append", help="game-kind, e.g. femkamp-pass (repeat)")
    parser.add_argument("--count", type=int, help="puzzles per kind (default: the targets)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--per-deal", type=int, default=2)
    parser.add_argument("--max-deals", type=int, help="stop each kind after this many deals")
    parser.add_argument("--jobs", type=int, default=1, help="kinds made side by side")
    args = parser.parse_args(argv)
    wanted = [(g, k) for g, k in puzzle_kinds()
              if not args.kind or f"{g}-{k}" in args.kind]
    args.out.mkdir(parents=True, exist_ok=True)
    jobs = [(g, k, args.count or TARGETS[g], args.seed, args.out, args.per_deal, args.max_deals)
            for g, k in wanted]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for line in pool.map(run_kind, *zip(*jobs, strict=True)):
                print(line, flush=True)
    else:
        for job in jobs:
            print(run_kind(*job), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
