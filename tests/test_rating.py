"""The puzzle rating (kamplib.teach.rating): Glicko-2 as Glickman's paper computes it."""

import math

import pytest

from kamplib.teach.rating import NEW, PUZZLE_DEVIATION, Rating, expected_score, update


def test_the_papers_worked_example():
    # "Example of the Glicko-2 system" (Glickman, 2013): 1500/200/0.06 against three opponents
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = update(player, games)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_volatility_uses_the_deviation_not_the_rating():
    # a player far from 1500 (mu != 0): the volatility barely moves after one expected result,
    # as the paper's step 5 gives it (a function of phi, not of mu)
    strong = Rating(2100, 80, 0.06)
    after = update(strong, [(Rating(1500, PUZZLE_DEVIATION), 1.0)])
    assert 0.0599 < after.volatility < 0.0601
    assert after.rating > strong.rating


def test_a_right_answer_raises_and_a_wrong_one_lowers():
    puzzle = Rating(1500, PUZZLE_DEVIATION)
    assert update(NEW, [(puzzle, 1.0)]).rating > NEW.rating
    assert update(NEW, [(puzzle, 0.0)]).rating < NEW.rating
    # a harder puzzle answered right gives more than an easier one
    hard, easy = Rating(1900, PUZZLE_DEVIATION), Rating(1100, PUZZLE_DEVIATION)
    assert update(NEW, [(hard, 1.0)]).rating > update(NEW, [(easy, 1.0)]).rating


def test_ratings_settle_on_a_learners_strength():
    # a learner who solves 1500-puzzles three times in four settles above 1500, sure of it
    rating = NEW
    for i in range(200):
        rating = update(rating, [(Rating(1500, PUZZLE_DEVIATION), 0.0 if i % 4 == 3 else 1.0)])
    assert 1600 < rating.rating < 1800
    assert rating.deviation < 120


def test_expected_score_is_symmetric_at_equal_ratings():
    assert expected_score(Rating(1500, 100), Rating(1500, 100)) == pytest.approx(0.5)
    assert expected_score(Rating(1800, 100), Rating(1500, 100)) > 0.8


def test_no_games_only_widens_the_deviation():
    after = update(Rating(1600, 100, 0.06), [])
    assert after.rating == 1600
    assert after.deviation == pytest.approx(math.sqrt((100 / 173.7178) ** 2 + 0.06 ** 2)
                                            * 173.7178)


@pytest.mark.parametrize("doc", [None, {}, {"rating": "x", "deviation": 1, "volatility": 1},
                                 {"rating": 1500, "deviation": -1, "volatility": 0.06},
                                 {"rating": float("nan"), "deviation": 100, "volatility": 0.06},
                                 [1, 2, 3]])
def test_a_broken_stored_rating_is_a_new_learners(doc):
    assert Rating.from_dict(doc) == NEW


def test_a_rating_round_trips_through_the_store():
    r = update(NEW, [(Rating(1700, PUZZLE_DEVIATION), 1.0)])
    back = Rating.from_dict(r.as_dict())
    assert back.rating == pytest.approx(r.rating, abs=0.01)
    assert back.deviation == pytest.approx(r.deviation, abs=0.01)
