"""Does the coach contradict itself?  Issue 25's check, with the search as the app runs it.

Run:  .venv/bin/python benchmarks/coach.py                      (400 positions, ~1 min)
      .venv/bin/python benchmarks/coach.py --positions 1000 --rounds 3 --seed 2

Positions come from whole Femkamp, Sekskamp and Sjukamp games of three to five players under
several house rules (``tests/coach_checks.coach_positions``: every round kind, forced moves and
the dealer naming trump among them).  Each is judged as a learner's table judges it
(``kamplib.hints.hint``: the search at the app's strength, its hint and every legal move's
rating), and its words are read the way a learner reads them, in bokmål and English:

- forced praised: a position with one legal move whose hint or rating praises or recommends it,
  or labels it other than «tvunget»;
- one reason, two labels: two moves with different labels whose reasons read alike once card
  names are taken out;
- a better number not recommended: a move the coach did not recommend that ended better on the
  search's average than the recommended one, or shows a cost of 0,0 (or below), where the words
  do not call the two about equal;
- label against its number: a label that does not follow the cost shown and its ± by the
  thresholds stated on the tactics page (the same in every round kind);
- all-equal not said: every move ends alike, yet a number or a label other than «godt» shows,
  or the hint does not say so;
- hint and ratings disagree: the moves the hint calls about as good are not the ones whose
  ratings say so; the next best move's cost in the hint is not what its rating says, or another
  move shows a smaller cost; the recommended move shows a cost;
- languages disagree: the numbers of the bokmål and the English text differ.

``--rounds N`` also plays N rounds of every kind of every game with the learner moving at random,
has the coach rate every learner move, and checks that each round review's total is the sum of the
costs it lists (and says apart what the good moves cost).
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

PRAISE = ("beste", "anbefal", "godt", "gode", "best", "recommend", "good")
CARD = re.compile(r"[♠♥♦♣](?:10|[2-9JQKA])")
NUMBER_NB = re.compile(r"−?\d+,\d")
NUMBER_EN = re.compile(r"−?\d+\.\d")
COST = re.compile(r"(\S+|, og det) koster deg (?:bare )?omtrent (\d+,\d) poeng"
                  r"(?: \(±\s(\d+,\d)\))? mot (\S+?)\.")
MARGIN = re.compile(r"(\S+), det nest beste, ville kostet deg omtrent (\d+,\d) poeng"
                    r"(?: \(±\s(\d+,\d)\))?")
COSTS_CLAUSE = re.compile(r", (?:og det koster deg|men \S+ og \S+ er omtrent like gode).*$")
EQUAL_LIST = re.compile(r"trekket her, men (.+?) er omtrent like (?:godt|gode): forskjellen")
ALL_EQUAL = "det spiller ingen rolle hvilket du velger"  # all equal, or all the same move
KINDS_OF_PROBLEM = (
    "forced praised", "one reason, two labels", "a better number not recommended",
    "label against its number", "all-equal not said", "hint and ratings disagree",
    "languages disagree",
)


def _num(text: str) -> float:
    return float(text.replace("−", "-").replace(",", "."))


def _names(listed: str) -> set[str]:
    """«♠J, ♠10 og ♦7» → the three names."""
    return {n.strip().lower() for n in re.split(r", | og ", listed)}


def problems(view: Any, h: Any) -> Iterator[tuple[str, str]]:
    """What a learner would find contradictory in the hint ``h`` for ``view``."""
    from kamplib.hints import label_for
    from kamplib.moves import move_text

    v = h.verdict
    hint_nb, hint_en = h.text("nb"), h.text("en")
    texts = [(hint_nb, hint_en)] + [(r.text("nb"), r.text("en")) for r in h.ratings]
    for nb, en in texts:
        if sorted(NUMBER_NB.findall(nb)) != sorted(n.replace(".", ",")
                                                   for n in NUMBER_EN.findall(en)):
            yield "languages disagree", f"{nb} | {en}"
    if len(view.legal) == 1:
        for nb, en in texts:
            for text in (nb, en):
                if any(word in text.lower() for word in PRAISE):
                    yield "forced praised", text
        if any(r.label != "forced" for r in h.ratings):
            yield "forced praised", f"labelled {h.ratings[0].label}: {hint_nb}"
        return

    name = {r.move: move_text(r.move).lower() for r in h.ratings}
    best = name[h.move]
    reasons: dict[str, tuple[str, str]] = {}
    for r in h.ratings:
        # the reason without card names and without what the move costs (a reason that differs
        # from another only in its cost does not say why the move costs more)
        key = CARD.sub("·", COSTS_CLAUSE.sub("", r.why("nb"))).replace("pass", "·")
        if key in reasons and reasons[key][0] != r.label:
            yield "one reason, two labels", f"{reasons[key][1]} | [{r.label}] {r.text('nb')}"
        reasons.setdefault(key, (r.label, f"[{r.label}] {r.text('nb')}"))

    if ALL_EQUAL in hint_nb or v.all_equal:
        for r in h.ratings:
            text = r.text("nb")
            if r.label != "good" or NUMBER_NB.search(text) or ALL_EQUAL not in text:
                yield "all-equal not said", f"[{r.label}] {text}"
        if ALL_EQUAL not in hint_nb:
            yield "all-equal not said", hint_nb
        return

    said_equal = {n for m in EQUAL_LIST.finditer(hint_nb) for n in _names(m.group(1))}
    margin = MARGIN.search(hint_nb)
    best_expected = v.of(h.move).expected
    costs: dict[str, float] = {}
    for r in h.ratings:
        text, mv = r.text("nb"), v.of(r.move)
        shown = [m for m in COST.finditer(text) if m.group(1).lower() in (name[r.move], ", og det")]
        if r.move in h.same:
            if shown:
                yield "hint and ratings disagree", f"the recommended move costs: {text}"
            if r.label != "good":
                yield "label against its number", f"recommended but [{r.label}]: {text}"
            continue
        equal = f"{name[r.move]} og {best} er omtrent like gode" in text.lower()
        if equal != (name[r.move] in said_equal):
            yield "hint and ratings disagree", f"about equal? {hint_nb} | {text}"
        if equal:
            if shown or r.label != "good":
                yield "label against its number", f"[{r.label}] about equal: {text}"
            continue
        if len(shown) != 1 or shown[0].group(4).lower() != best:
            yield "hint and ratings disagree", f"no cost against {best}: {text}"
            continue
        cost, error = _num(shown[0].group(2)), _num(shown[0].group(3) or "0")
        costs[name[r.move]] = cost
        if cost <= 0:
            yield "a better number not recommended", text
        if r.label != label_for(cost, error, view.multiplier):
            yield "label against its number", f"[{r.label}] {cost} ± {error}: {text}"
        if mv.expected is not None and best_expected is not None and mv.expected < best_expected:
            yield "a better number not recommended", f"{mv.expected:.2f} < " \
                f"{best_expected:.2f}: {text}"
    if said_equal:  # the hint names the moves about as good instead of the next best one
        if margin is not None:
            yield "hint and ratings disagree", f"about equal and a next best: {hint_nb}"
    elif costs:
        cheapest = min(costs.values())
        if margin is None:
            yield "hint and ratings disagree", f"no next best move in the hint: {hint_nb}"
        elif costs.get(margin.group(1).lower()) != _num(margin.group(2)) \
                or _num(margin.group(2)) != cheapest:
            yield "hint and ratings disagree", f"next best {margin.group(0)}, costs {costs}"
    elif margin is not None:
        yield "hint and ratings disagree", f"a next best move nobody else names: {hint_nb}"


def check_positions(count: int, seed: int) -> tuple[Counter, dict, Counter, list[float], int]:
    from coach_checks import coach_positions

    from kamplib.hints import hint

    positions = coach_positions(count, seed)
    found: Counter = Counter()
    examples: dict[str, list[str]] = {}
    labels: Counter = Counter()
    times: list[float] = []
    ratings = 0
    for game, kind, view in positions:
        t0 = time.perf_counter()
        h = hint(view)
        times.append((time.perf_counter() - t0) * 1000)
        ratings += len(h.ratings)
        for r in h.ratings:
            labels[(kind, r.label)] += 1
        seen = set()
        for what, text in problems(view, h):  # counted once a position, as the issue counts
            if what not in seen:
                found[(game, what)] += 1
                seen.add(what)
            examples.setdefault(what, []).append(f"{game} {kind}: {text}")
    return found, examples, labels, times, ratings


def check_reviews(rounds: int, seed: int) -> tuple[int, int, list[str]]:
    """Rounds played, reviews with a listed cost, and the reviews whose totals do not add up."""
    from kamplib.draw.learner import review_html
    from kamplib.rules import make_rules
    from kamplib.teach.session import TableSession
    from kamplib.teach.summary import round_summary

    cost = re.compile(r"koster deg (?:bare )?omtrent (\d+,\d) poeng")
    wrong, played, listed_any = [], 0, 0
    for game in ("femkamp", "sekskamp", "sjukamp"):
        for kind in make_rules(game).order:
            for i in range(rounds):
                rng = random.Random(f"{seed}/{game}/{kind}/{i}")
                session = TableSession.one_round(kind, game, seed=rng.randrange(10**6))
                session.run_bots()
                while not session.round_over:
                    session.play(rng.choice(session.legal()))
                    session.run_bots()
                session.rate_pending()
                summary = round_summary(session)
                text = summary.review_text()
                items = review_html(summary.moves, text).split("kamp-review-item")[1:]
                shown = [_num(m.group(1)) for item in items if (m := cost.search(item))]
                played += 1
                total = re.search(r"kostet deg omtrent (\d+,\d) poeng i alt", text)
                rest = [j.lost or 0.0 for m in summary.moves
                        if (j := m.judgement) and not j.costly]
                if items:
                    listed_any += 1
                    if len(shown) != len(items) or not total \
                            or _num(total.group(1)) != round(sum(shown), 1):
                        wrong.append(f"{game} {kind}: {text} / listed {shown}")
                elif total:
                    wrong.append(f"{game} {kind}: a total with nothing listed: {text}")
                if round(sum(rest), 1) >= 0.05 and f"{round(sum(rest), 1):.1f}".replace(
                        ".", ",") not in text:
                    wrong.append(f"{game} {kind}: the good moves' {sum(rest):.1f} unsaid: {text}")
    return played, listed_any, wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=0,
                        help="rounds of every kind of every game to review (default none)")
    parser.add_argument("--examples", type=int, default=3)
    args = parser.parse_args()
    t0 = time.perf_counter()
    found, examples, labels, times, ratings = check_positions(args.positions, args.seed)
    print(f"{len(times)} positions, {ratings} ratings, seed {args.seed}, "
          f"{time.perf_counter() - t0:.0f} s (hint median {statistics.median(times):.0f} ms)")
    games = ("femkamp", "sekskamp", "sjukamp")
    print("positions with each contradiction (a position counts once per kind of contradiction)")
    print(f"{'contradiction':36s}" + "".join(f"{g:>10s}" for g in games) + f"{'all':>7s}")
    for what in KINDS_OF_PROBLEM:
        row = [found[(g, what)] for g in games]
        print(f"{what:36s}" + "".join(f"{n:10d}" for n in row) + f"{sum(row):7d}")
    print(f"{'in all':36s}" + "".join(f"{sum(n for (g, _), n in found.items() if g == game):10d}"
                                       for game in games) + f"{sum(found.values()):7d}")
    for what, texts in examples.items():
        print(f"-- {what}")
        for text in texts[:args.examples]:
            print(f"   {text}")
    print("labels by round kind (good / weaker / bad / forced):")
    for kind in sorted({k for k, _ in labels}):
        print(f"  {kind:8s}" + " / ".join(f"{labels[(kind, lab)]:4d}"
                                          for lab in ("good", "weaker", "bad", "forced")))
    if args.rounds:
        t1 = time.perf_counter()
        played, listed, wrong = check_reviews(args.rounds, args.seed)
        print(f"reviews: {played} rounds, {listed} with moves listed, {len(wrong)} whose totals "
              f"do not add up ({time.perf_counter() - t1:.0f} s)")
        for text in wrong[:args.examples]:
            print(f"   {text}")


if __name__ == "__main__":
    main()
