"""What a learner would catch the coach contradicting itself at, and where to look for it.

:func:`coach_positions` plays whole Femkamp, Sekskamp and Sjukamp games (three to five players,
several house rules) with the tactics and keeps positions of every round kind, forced moves and
the dealer naming trump among them.  :func:`made_up_evaluation` gives a position an evaluation
like the search's (paired deals, groups of equal moves) with numbers chosen to probe the coach's
wording: ties, differences within and beyond the uncertainty, the tactic's move kept a little
behind another.  :func:`contradictions` lists what a learner would find wrong in a hint.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from kamplib import Game
from kamplib.bots.heuristic import policy, round_policy
from kamplib.bots.search import Evaluation, move_groups
from kamplib.bots.situation import from_view
from kamplib.hints import Hint, label_for
from kamplib.view import PlayerView, make_view

CARD = re.compile(r"[♠♥♦♣](?:10|[2-9JQKA])")
NUMBER = re.compile(r"−?\d+[,.]\d")
# Words that praise a move or recommend it; a forced move's sentences have none of them.
PRAISE = ("beste", "anbefal", "godt", "gode", "best", "recommend", "good")
# The games and house rules the positions come from (each game several times).
TABLES = (
    ("femkamp", {}), ("femkamp", {"ace_low_in_pass": True, "queen_points": 5}),
    ("femkamp", {"clubs_take_all_zero": True, "fantan_opener": "left_of_dealer"}),
    ("femkamp", {"fantan_voluntary_pass": True, "last_round_double": True}),
    ("sekskamp", {}), ("sekskamp", {"trump": "dealer"}),
    ("sekskamp", {"fantan_deck": "trick", "last_round_double": True}),
    ("sjukamp", {}), ("sjukamp", {"trump": "dealer", "finale_queen_of_clubs": 4}),
    ("sjukamp", {"trump": "draw", "fantan_layout": "sixes_and_sevens"}),
)


def coach_positions(count: int, seed: int) -> list[tuple[str, str, PlayerView]]:
    """About ``count`` positions ``(game, kind, view)`` from whole games, every kind of every
    game among them."""
    rng = random.Random(seed)
    out: list[tuple[str, str, PlayerView]] = []
    names = ["Kari", "Ola", "Siri", "Per", "Anna"]
    while len(out) < count:
        game, house = TABLES[len(out) % len(TABLES)] if not out else rng.choice(TABLES)
        n = rng.choice((3, 4, 4, 5))
        g = Game(names[:n], game, house, seed=rng.randrange(1 << 30))
        rate = rng.uniform(0.05, 0.2)
        while not g.is_over:
            rnd = g.round
            if rng.random() < rate or (getattr(rnd, "needs_trump", False) and rng.random() < .5):
                out.append((game, rnd.kind, make_view(rnd, rnd.to_move)))
            g.play(round_policy(rnd, rnd.to_move))
    return out


def made_up_evaluation(view: PlayerView, rng: random.Random) -> Evaluation:
    """An evaluation of ``view``'s moves shaped like the search's, with numbers that probe the
    coach: exact ties, differences within and beyond the uncertainty, large and small ones, the
    tactic's move a little behind the lowest average (the search keeps it then)."""
    sit = from_view(view)
    groups = move_groups(sit)
    reps = list(dict.fromkeys(groups.values()))
    tactic = groups[policy(sit)[0]]
    regime = rng.choice(("tie", "close", "wide", "keep", "steps", "noisy"))
    scale = view.multiplier * rng.choice((1, 1, 4, 8))
    noise = {"tie": 0.0, "close": 0.2, "wide": 0.6, "keep": 0.3, "steps": 0.0,
             "noisy": 1.5}[regime] * scale
    means = {}
    for m in reps:
        if regime == "tie":
            means[m] = 2.0
        elif regime == "steps":
            means[m] = float(rng.randrange(4)) * view.multiplier
        elif regime == "close":
            means[m] = rng.uniform(0, 0.4) * scale
        else:
            means[m] = rng.uniform(0, 3) * scale
    if regime == "keep" and len(reps) > 1:
        low = min(means.values())
        means[tactic] = low + rng.uniform(0.0, 0.2) * scale
    deals = rng.randrange(2, 60)
    results: list[tuple[int, dict]] = []
    for _ in range(deals):
        luck = rng.gauss(0, noise)
        results.append((rng.choice((1, 1, 2, 3)),
                        {m: means[m] + luck + rng.gauss(0, noise / 2) for m in reps}))
    relative = not sit.legal or rng.random() < 0.3
    return Evaluation(groups, results, exact=rng.random() < 0.2, relative=relative)


# What a reason says a move costs («, og det koster deg …», «, men ♥8 og ♠Q er omtrent like
# gode …»): two reasons that differ only there do not say why one move costs more.
COSTS_CLAUSE = re.compile(r", (?:og det koster deg|men \S+ og \S+ er omtrent like gode).*$")


def without_cards(text: str) -> str:
    """A reason with its card names and what it says the move costs taken out."""
    return CARD.sub("·", COSTS_CLAUSE.sub("", text)).replace("pass", "·")


def contradictions(view: PlayerView, h: Hint) -> Iterator[str]:
    """What a learner would find contradictory in ``h`` (empty: nothing): a forced move
    praised; two moves with different labels and the same reason (card names taken out); a move
    the coach did not recommend with a better number than the recommended one, where the words
    do not say the two are about equal; numbers whose labels disagree with the thresholds."""
    v = h.verdict
    assert [r.move for r in h.ratings] == list(view.legal)
    if v.forced:
        for text in (h.text("nb"), h.text("en"), *(r.text(lang) for r in h.ratings
                                                    for lang in ("nb", "en"))):
            if any(word in text.lower() for word in PRAISE):
                yield f"forced move praised: {text}"
        if any(r.label != "forced" for r in h.ratings):
            yield "forced move with another label"
        return
    reasons: dict[str, str] = {}
    for r in h.ratings:
        key = without_cards(r.why("nb"))
        if key in reasons and reasons[key] != r.label:
            yield f"labels {reasons[key]} and {r.label} with one reason: {r.why('nb')}"
        reasons.setdefault(key, r.label)
    best = h.rating(h.move)
    if best.label != "good" or best.loss not in (None, 0.0):
        yield f"the recommended move is {best.label}, loss {best.loss}"
    for r in h.ratings:
        text = r.text("nb")
        if r.loss is None:
            continue
        if r.label != label_for(r.loss, r.uncertainty or 0.0, view.multiplier):
            yield f"label {r.label} for a loss of {r.loss} ± {r.uncertainty}: {text}"
        for number in NUMBER.findall(text):
            if number.startswith("−"):
                yield f"a negative number: {text}"
        if r.like_best or v.all_equal:
            continue
        # the numbers shown: what this move costs against the recommended one
        shown = re.search(r"koster deg (?:bare )?omtrent (\d+,\d) poeng", text)
        if r.about_equal:
            if shown or "omtrent like gode" not in text or _name(h.move) not in text:
                yield f"about equal without saying so and naming both: {text}"
        elif not shown or float(shown.group(1).replace(",", ".")) != r.loss:
            yield f"the cost shown is not the loss {r.loss}: {text}"
        if r.expected is not None and best.expected is not None \
                and r.expected < best.expected and not r.about_equal:
            yield f"better on average than the recommended move, not called about equal: {text}"
    nxt = v.next_best
    margin = f"{_name(nxt.move)}, det nest beste, ville kostet deg omtrent " \
             f"{nxt.loss:.1f}".replace(".", ",") if nxt is not None else ""
    if nxt is not None and nxt.loss is not None and not any(mv.about_equal for mv in v.moves) \
            and margin not in h.text("nb"):
        yield f"the hint's margin is not the next best move's cost: {h.text('nb')}"


def _name(move: object) -> str:
    from kamplib.moves import move_text

    return move_text(move)  # type: ignore[arg-type]
