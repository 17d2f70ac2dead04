"""The «Finn det beste kortet» puzzles (kamplib.teach.puzzles, scripts/make_puzzles.py): every
stored puzzle replays through the engine and has one clearly best move; a sample is re-judged by
the analysis."""

import json
import random
from importlib import resources

import pytest

from kamplib.teach.puzzles import (
    EASIEST,
    FORMAT,
    JUDGE,
    MIN_MARGIN,
    MIN_Z,
    Puzzle,
    difficulty,
    judge_position,
    load_puzzles,
    move_code,
    puzzle_kinds,
)

ALL = [p for g, k in puzzle_kinds() for p in load_puzzles(g, k)]
TARGETS = {"femkamp": 200, "sekskamp": 50, "sjukamp": 50}


def _files():
    folder = resources.files("kamplib.data.puzzles")
    return sorted(f for f in folder.iterdir() if f.name.endswith(".json"))


def test_every_file_states_its_seed_and_judge():
    files = _files()
    assert files, "no puzzles: run scripts/make_puzzles.py"
    for f in files:
        doc = json.loads(f.read_text("utf-8"))
        assert doc["format"] == FORMAT
        assert isinstance(doc["seed"], int)
        assert doc["judge"]["z"] == MIN_Z and doc["min_margin"] == MIN_MARGIN
        assert doc["puzzles"], f.name


@pytest.mark.parametrize(("game", "kind"), puzzle_kinds())
def test_each_kind_has_its_puzzles(game, kind):
    puzzles = load_puzzles(game, kind)
    assert len(puzzles) >= TARGETS[game], f"{game}-{kind}: {len(puzzles)} puzzles"


def test_puzzles_are_named_once_and_graded():
    assert len({p.id for p in ALL}) == len(ALL)
    assert {p.level for p in ALL} <= {1, 2, 3}
    for game, kind in puzzle_kinds():
        assert all((p.game, p.kind) == (game, kind) for p in load_puzzles(game, kind))


def test_every_puzzle_replays_to_a_position_with_a_choice():
    for p in ALL:
        rnd = p.round()
        assert rnd.to_move == p.seat, p.id
        legal = {move_code(m) for m in rnd.legal_moves()}
        assert set(p.answers) <= legal, p.id
        assert set(p.losses) <= legal - set(p.answers), p.id
        assert p.losses, p.id


def test_no_puzzle_has_two_moves_within_its_margin():
    for p in ALL:
        assert p.margin >= MIN_MARGIN, p.id
        assert min(p.losses.values()) == pytest.approx(p.margin, abs=0.001), p.id
        assert p.margin_error == 0 or p.margin / p.margin_error >= MIN_Z - 0.01, p.id
        # every other move loses at least the stated margin: the best is one move only
        assert all(loss >= p.margin - 0.001 for loss in p.losses.values()), p.id


def test_a_puzzle_round_trips_as_stored_text():
    p = ALL[0]
    again = Puzzle.from_dict(json.loads(json.dumps(p.as_dict())))
    assert again == p
    assert again.view().legal == p.view().legal


def test_a_sample_rejudged_by_the_analysis_gives_the_stored_answer_and_margin():
    # the analysis is deterministic (its deals come from the position): the same verdict, as
    # long as the coach judges as it did; a change of the coach shows here first
    sample = random.Random(26).sample(ALL, 4)
    for p in sample:
        verdict = judge_position(p.view(), JUDGE)
        assert set(verdict.answers) == set(p.answers), p.id
        assert verdict.margin == pytest.approx(p.margin, abs=max(0.01, 2 * p.margin_error))
        assert verdict.clear and verdict.coach_agrees, p.id


def test_a_puzzles_rating_follows_its_level_and_the_easy_ones_are_where_a_learner_starts():
    """Easy puzzles at a new learner's 1500 (the walk: a learner who had never played met only
    «middels» ones), each level 300 above the one before, 40 more for each move beyond two; a
    sample graded again by :func:`difficulty` gives the stored level and rating."""
    for p in ALL:
        extra = p.rating - EASIEST - 300 * (p.level - 1)
        assert extra >= 0 and extra % 40 == 0, p.id
    assert EASIEST == 1500 and min(p.rating for p in ALL) == EASIEST
    for p in random.Random(3).sample(ALL, 40):
        assert difficulty(p.view(), p.answers) == (p.level, p.rating), p.id
