"""Simulations: tidy tables, summaries, errors that explain, the command line, and strength."""

from __future__ import annotations

import importlib.util
import json

import pytest

from kamplib import RuleError
from kamplib.cli import main
from kamplib.simulate import simulate

# Every test here plays through simulate(), whose tables need the simulate extra; the bare core's
# `kamp simulate` naming the extra is tested in test_cli.py.
pytestmark = pytest.mark.skipif(
    any(importlib.util.find_spec(m) is None for m in ("pandas", "tqdm")),
    reason="needs the simulate extra (pip install -e '.[test,simulate]'): pandas and tqdm")


def test_tables_have_a_row_per_game_round_player() -> None:
    res = simulate("femkamp", 4, ["heuristic", "random", "random", "random"], games=6, seed=2,
                   progress=False, workers=1)
    assert len(res.rounds) == 6 * 5 * 4
    assert len(res.games) == 6 * 4
    assert set(res.rounds["kind"]) == {"pass", "klover", "damer", "fantan", "grand"}
    ft = res.rounds[res.rounds["kind"] == "fantan"]
    assert ft["passes"].notna().all() and ft["tricks"].isna().all()
    assert (ft.groupby("game")["went_out"].sum() == 1).all()
    assert (res.rounds[res.rounds["kind"] == "pass"].groupby("game")["score"].sum() == 13).all()
    totals = res.rounds.groupby(["game", "player"])["score"].sum()
    games = res.games.set_index(["game", "player"])["total"]
    assert (games.sort_index() == totals.sort_index()).all()
    assert res.games.groupby("game")["win_share"].sum().round(9).eq(1).all()
    s = res.summary()
    assert list(s["bot"]) == ["heuristic", "random", "random", "random"]
    j = res.to_json_summary()
    assert set(j) == {"games", "players", "bots", "mean_total", "win_share"}
    assert j["games"] == 6 and j["players"] == ["Kari", "Ola", "Siri", "Per"]


def test_same_seed_same_result_whatever_the_workers() -> None:
    kw = dict(game="sjukamp", players=["A", "B", "C"], bots=["heuristic", "random", "random"],
              games=4, seed=7, progress=False, rules={"clubs_take_all_zero": True})
    one = simulate(**kw, workers=1)
    two = simulate(**kw, workers=2)
    assert one.rounds.equals(two.rounds)
    assert one.rounds["clubs_take_all_fired"].dropna().isin([True, False]).all()
    assert 0 <= one.clubs_take_all_rate() <= 1


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"bots": ["heuristic", "random"]}, "4 players but 2"),
    ({"bots": ["heuristic", "random", "wizard", "random"]}, "wizard"),
    ({"games": 0}, "at least 1"),
    ({"players": 7}, "7"),
    ({"rules": {"queen_points": 6}}, "'Points per queen' cannot be '6'"),
])
def test_bad_input_is_a_clear_error(kwargs: dict, words: str) -> None:
    with pytest.raises(RuleError) as err:
        simulate(**{"games": 2, "progress": False, **kwargs})
    assert words in err.value.message("en")
    assert err.value.message("nb") != err.value.message("en")


def test_command_line_json_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--lang", "en", "simulate", "--games", "5", "--seed", "1", "--json",
                 "--workers", "1", "--bots", "heuristic,random,random,random"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["games"] == 5 and out["bots"][0] == "heuristic"
    assert main(["--lang", "en", "simulate", "--games", "3", "--workers", "1"]) == 0
    table = capsys.readouterr().out
    assert "win share" in table and "heuristic (medium)" in table
    assert "3 games of femkamp, seed 1" in table


def test_command_line_bad_bots_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--bots", "heuristic,nobody,random,random"]) == 2
    assert "nobody" in capsys.readouterr().err


def test_heuristic_beats_random() -> None:
    """A few hundred games, a loose bound: a broken heuristic fails this."""
    res = simulate("femkamp", 4, ["heuristic", "random", "heuristic", "random"], games=300,
                   seed=11, progress=False, workers=1)
    mean = res.games.groupby("bot")["total"].mean()
    assert mean["random"] - mean["heuristic"] > 4


def test_later_games_of_a_run_extend_it_exactly() -> None:
    kw = dict(game="femkamp", players=4, bots=["heuristic", "random", "random", "random"],
              seed=4, workers=1, progress=False)
    whole = simulate(games=6, **kw)
    told: list[int] = []
    first = simulate(games=4, **{**kw, "progress": told.append})
    both = first.extended(simulate(games=2, start=4, **kw))
    assert both.rounds.equals(whole.rounds) and both.games.equals(whole.games)
    assert both.n_games == 6 and sum(told) == 4


def test_bots_play_through_the_one_autoplay_loop() -> None:
    from kamplib import Game
    from kamplib.autoplay import autoplay, make_bots
    from kamplib.rules import make_rules
    from kamplib.simulate import game_seed, play_game

    rules = make_rules("sjukamp")
    names = ["A", "B", "C"]
    levels = ["heuristic", "random", "random"]
    seed = game_seed(3, 0)
    ours = play_game(names, levels, rules, seed)
    theirs = Game(names, "sjukamp", rules, seed=seed)
    autoplay(theirs, make_bots(3, levels, seed))
    assert [r.history for r in ours.rounds] == [r.history for r in theirs.rounds]
