"""Progress, stars, the learner's store and personal puzzles (kamplib.teach.progress, .store,
.mistakes, .trainer), in plain Python."""

import json
import random
import re
from pathlib import Path

import pytest

from kamplib import hints
from kamplib.errors import RecordError
from kamplib.site.pages import SITE
from kamplib.teach import mistakes as mistakes_mod
from kamplib.teach import store
from kamplib.teach.progress import (
    DRILL_ITEMS,
    GOALS,
    PAR_SLACK,
    PUZZLE_ITEMS,
    drill_stars,
    game_stars,
    goal_lines,
    goals_html,
    good_stars,
    page_mark,
    par_points,
    play_stars,
    puzzle_stars,
)
from kamplib.teach.puzzles import load_puzzles, move_code
from kamplib.teach.session import TableSession
from kamplib.teach.store import (
    EXPORT_FORMAT,
    LEARNER_SCHEMA,
    LearnerData,
    read_export,
    set_learner,
)
from kamplib.teach.trainer import CHOICES, answer, next_puzzle

ROOT = Path(__file__).resolve().parents[1]
WIDGETS = {"PlayHand(": "play", "PlayGame(": "game", "Drill(": "drill"}


def test_goals_name_the_widgets_each_page_shows():
    for nb in sorted(ROOT.glob("*/[0-9][0-9]-*.ipynb")):
        path = str(nb.relative_to(ROOT))
        code = "".join("".join(c["source"]) for c in json.loads(nb.read_text())["cells"]
                       if c["cell_type"] == "code")
        if path.startswith("notebooks/"):  # the explorations set no goals but the puzzles'
            assert GOALS.get(path, ()) == (("puzzle",) if "PuzzleWidget(" in code else ()), path
            continue
        found = tuple(goal for at, goal in sorted(
            (m.start(), goal) for call, goal in WIDGETS.items()
            for m in re.finditer(re.escape(call), code)))
        # «good» is a table's second goal where each move counts (Fan Tan)
        assert tuple(g for g in GOALS.get(path, ()) if g != "good") == found, path
        assert "good" not in GOALS.get(path, ()) or "play" in found, path
    assert set(GOALS) <= {p.path for p in SITE}, "every page with goals is on the site"


def test_stars_by_par_place_and_misses():
    assert [play_stars(p, 3) for p in (0, 3, 4, 3 + PAR_SLACK, 4 + PAR_SLACK)] == [3, 3, 2, 2, 1]
    assert play_stars(-8, -6) == 3 and play_stars(-5, -6) == 2  # Grand: lower is better too
    assert [game_stars(place, 4) for place in (1, 2, 3, 4)] == [3, 2, 1, 1]
    assert [game_stars(place, 5) for place in (1, 3, 4)] == [3, 2, 1]
    assert [drill_stars(m) for m in (0, 1, 2, DRILL_ITEMS)] == [3, 2, 1, 1]
    assert [good_stars(g) for g in (1, 2, 3, 7)] == [1, 2, 3, 3]
    # the puzzle page: the last PUZZLE_ITEMS answers to the collection (1 right, 0 wrong)
    assert puzzle_stars([1] * (PUZZLE_ITEMS - 1)) == 0  # not yet five
    assert puzzle_stars([0] + [1] * PUZZLE_ITEMS) == 3  # an older miss no longer counts
    assert [puzzle_stars([0] * m + [1] * (PUZZLE_ITEMS - m)) for m in (0, 1, 2, 5)] == \
        [3, 2, 1, 1]


def test_par_is_what_the_search_gets_on_the_same_cards():
    table = TableSession.one_round("pass", seed=3)
    par = par_points(table.round, 0, "heuristic", 3)
    assert 0 <= par <= 13
    assert par == par_points(table.round, 0, "heuristic", 3)  # the same every time


def test_goals_are_said_before_playing_with_the_stars_so_far():
    lines = goal_lines("tutorial/02-pass.ipynb", "nb")
    assert len(lines) == 2 and "par" in lines[0] and str(DRILL_ITEMS) in lines[1]
    assert all("{" not in line for line in goal_lines("tutorial/02-pass.ipynb", "en"))
    data = LearnerData()
    data.earn("tutorial/02-pass.ipynb", "play", 2)
    set_learner(data)
    known = store._known
    try:
        # before the browser has answered: the goals, and only the stars' room
        assert "stjerner" not in page_mark("tutorial/02-pass.ipynb", "nb")
        assert "kamp-star-mark" not in goals_html("tutorial/02-pass.ipynb", "nb")
        assert all(line in goals_html("tutorial/02-pass.ipynb", "nb") for line in lines)
        store._known = True  # the browser's copy has arrived (store.take_from_browser)
        assert "2 av 6 stjerner" in page_mark("tutorial/02-pass.ipynb", "nb")
        assert "★★☆" in goals_html("tutorial/02-pass.ipynb", "nb")
        assert goals_html("tutorial/00-velkommen.ipynb") == ""
    finally:
        set_learner(LearnerData())
        store._known = known


def test_the_best_stars_are_kept():
    data = LearnerData()
    assert data.earn("tutorial/02-pass.ipynb", "play", 2)
    assert not data.earn("tutorial/02-pass.ipynb", "play", 1)
    assert data.earn("tutorial/02-pass.ipynb", "play", 3)
    assert not data.earn("tutorial/02-pass.ipynb", "nonsense", 3)
    assert not data.earn("tutorial/02-pass.ipynb", "drill", 4)
    assert data.page_stars("tutorial/02-pass.ipynb") == 3


def test_the_store_round_trips_and_keeps_what_it_can_read():
    data = LearnerData()
    data.earn("tutorial/03-klover.ipynb", "drill", 3)
    data.solved["femkamp-pass-00001-03"] = 1
    data.visit("tutorial/03-klover.ipynb")
    back = LearnerData.from_json(data.to_json())
    assert back.as_dict() == data.as_dict()
    broken = json.loads(data.to_json())
    broken["stars"]["x"] = "not stars"
    broken["rating"] = {"rating": "high"}
    broken["mistakes"] = [{"id": "mine-1"}, 7]
    kept = LearnerData.from_dict(broken)
    assert kept.stars == {"tutorial/03-klover.ipynb": {"drill": 3}}
    assert kept.rating.rating == 1500 and kept.mistakes == []
    for text in ("", "{", "[]", '{"schema": "other"}', "NaN", None, "x" * 2_000_000):
        assert LearnerData.from_json(text).as_dict() == LearnerData().as_dict()


def test_export_and_import_as_one_file():
    data = LearnerData()
    data.earn("tutorial/02-pass.ipynb", "play", 3)
    text = data.export_text()
    doc = json.loads(text)
    assert doc["format"] == EXPORT_FORMAT and doc["learner"]["schema"] == LEARNER_SCHEMA
    other = LearnerData()
    other.earn("tutorial/02-pass.ipynb", "play", 1)
    other.earn("tutorial/04-damer.ipynb", "drill", 2)
    other.merge(read_export(text.encode()))
    assert other.stars == {"tutorial/02-pass.ipynb": {"play": 3},
                           "tutorial/04-damer.ipynb": {"drill": 2}}
    for bad in (b"\xff\xfe", b"{}", b'{"format": "kamp/1"}', "[1]", b"not json"):
        with pytest.raises(RecordError) as err:
            read_export(bad)
        assert "fremgangsfil" in err.value.message("nb")


def _bad_move_position():
    """A position from a stored puzzle and a move the coach calls bad there."""
    for p in load_puzzles("femkamp", "pass"):
        h = hints.hint(p.view())
        bad = [r.move for r in h.ratings if r.label == "bad"]
        if bad:
            return p, h, bad[0]
    raise AssertionError("no bad move in the Pass puzzles")


def test_a_mistake_comes_back_until_answered_right_twice():
    p, h, bad = _bad_move_position()
    rnd = p.round()
    mistake = mistakes_mod.mistake_from("femkamp", rnd, len(rnd.history), p.seat, bad, h,
                                        now=1000)
    assert mistakes_mod.checked_mistake(json.loads(json.dumps(mistake))) == mistake
    assert mistake["played"] == move_code(bad) and move_code(bad) not in mistake["answers"]
    data = LearnerData(mistakes=[mistake])
    task = next_puzzle(data, "mine", random.Random(1), now=1000)
    assert task is not None and task.personal
    outcome = answer(task, mistake["played"], data, now=1000)
    assert not outcome.right and data.mistakes[0]["due"] == 1000 + mistakes_mod.AGAIN_AFTER_WRONG
    assert next_puzzle(data, "mine", random.Random(1), now=1001) is None  # not due yet
    later = 1000 + mistakes_mod.AGAIN_AFTER_WRONG
    good = mistake["answers"][0]
    assert answer(next_puzzle(data, "mine", random.Random(1), now=later), good, data,
                  now=later).right
    assert data.mistakes and next_puzzle(data, "mine", random.Random(1), now=later + 10) is None
    again = later + mistakes_mod.INTERVALS[0]
    outcome = answer(next_puzzle(data, "mine", random.Random(1), now=again), good, data,
                     now=again)
    assert outcome.learned and data.mistakes == []


def test_a_tampered_mistake_is_dropped():
    p, h, bad = _bad_move_position()
    rnd = p.round()
    mistake = mistakes_mod.mistake_from("femkamp", rnd, len(rnd.history), p.seat, bad, h)
    for change in ({"moves": "2C 2C"}, {"answers": ["AS", "KS", "QS", "JS"]}, {"seat": 9},
                   {"hands": ["2C"]}, {"due": "soon"}, {"played": "ZZ"}):
        assert mistakes_mod.checked_mistake({**mistake, **change}) is None, change


def test_the_next_puzzle_is_near_the_learners_rating_and_new():
    data = LearnerData()
    task = next_puzzle(data, "femkamp-pass", random.Random(2))
    assert task is not None and task.puzzle.kind == "pass"
    wrong = next(m for m in task.puzzle.view().legal if not task.puzzle.is_answer(m))
    outcome = answer(task, wrong, data)
    assert not outcome.right and data.rating.rating < 1500
    assert outcome.after_mine[0].startswith("Du ") and outcome.after_best
    assert data.solved == {task.puzzle.id: 0}
    for _ in range(20):
        assert next_puzzle(data, "femkamp-pass", random.Random(_)).puzzle.id != task.puzzle.id
    # answered again (a repeat is never asked, but a page shown again must not count twice)
    before = data.rating
    answer(task, task.puzzle.answers[0], data)
    assert data.rating == before
    assert set(CHOICES) >= {"all", "mine", "femkamp-pass", "sjukamp-finale"}


def test_a_move_played_on_is_told_to_the_end_of_its_trick_and_the_round_to_its_end() -> None:
    """The trainer's «what happens after your move»: the bots play on (through autoplay), the
    sentences reach the end of that trick, and the points are the round's end's."""
    from kamplib.teach.trainer import played_on

    checked = 0
    for puzzle in [*load_puzzles("femkamp", "pass")[:10], *load_puzzles("femkamp", "klover")[:10]]:
        rnd = puzzle.round()
        for move in rnd.legal_moves()[:3]:
            told, ending = played_on(rnd, move, puzzle.seat)
            points = ending.points
            after = rnd.copy()
            after.play(move)
            assert "stikket" in told[-1], told  # the trick is told to its end
            assert all("stikket" not in line for line in told[:-1])  # and no further
            if after.trick:  # others had still to play to it
                assert len(told) == 1 + len(rnd.players) - len(after.trick) + 1
                checked += 1
            assert points in range(14)
    assert checked
