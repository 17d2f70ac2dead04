"""What the explorations measure, and the control that plays more games with a progress bar."""

from __future__ import annotations

import json
import os
import re
import statistics
import threading
from typing import Any

import pytest

from kamplib.jobs import run_job_json
from kamplib.site import background
from kamplib.teach.explore import (
    Experiment,
    comparison_table,
    level_chart,
    level_summary,
    measure,
    measure_chart,
    number_text,
    rule_table,
    score_by_level,
    share_text,
    totals_chart,
    variant_label,
    winner_change_text,
    winner_changes,
)
from kamplib.widgets.explore import MoreGames


def test_numbers_read_as_the_learner_writes_them() -> None:
    assert number_text(-1.256) == "−1,26" and number_text(-1.256, "en") == "−1.26"
    assert share_text(0.126) == "13 %" and share_text(0.125, "en", 1) == "12.5%"


def test_variants_are_named_by_their_house_rules() -> None:
    assert variant_label({}) == "vanlige regler"
    assert variant_label({"queen_points": 5}) == "Poeng per dame: 5 poeng"
    assert variant_label({}, keys=["queen_points"], lang="en") == "Points per queen: 4 points"


def test_an_experiment_deals_every_variant_the_same_cards_and_grows() -> None:
    lab = Experiment([{}, {"queen_points": 5}, {"game": "sekskamp", "trump": "S"}], seed=3)
    lab.run(6)
    assert lab.games == 6
    usual, five, seks = lab.results
    d4 = sum(r.score for r in usual.rounds if r.kind == "damer")
    d5 = sum(r.score for r in five.rounds if r.kind == "damer")
    assert d4 * 5 == d5 * 4  # same deals and play, only the queens' price differs
    assert seks.game == "sekskamp" and seks.rules.trump == "S"
    assert winner_changes(usual, usual) == 0.0 and 0 <= winner_changes(usual, five) <= 1
    assert list(lab.compare(0, 1)) == ["Poeng per dame: 4 poeng", "Poeng per dame: 5 poeng"]
    # variants of different rules each name only their own change: short enough for a chart
    assert list(lab.compare()) == ["vanlige regler", "Poeng per dame: 5 poeng",
                                   "Trumf i trumfrunden: ♠ spar"]
    lab.run(2)
    assert lab.games == 8 and sorted({g.game for g in lab.results[0].games}) == list(range(8))


def test_the_games_are_jobs_that_json_carries_and_give_the_same_anywhere() -> None:
    """A job's arguments and result travel as JSON (to the browser edition's games worker), and
    the same games played in jobs of any size are the same games."""
    whole = Experiment([{}, {"last_round_double": True}], seed=4).run(12)
    parts = Experiment([{}, {"last_round_double": True}], seed=4)
    for variant, name, args in parts.tasks(12):
        assert name == "play" and json.loads(json.dumps(args)) == args
        parts.add(variant, json.loads(run_job_json(name, json.dumps([args, {}]))))
    assert [r.games for r in parts.results] == [r.games for r in whole.results]
    assert [r.rounds for r in parts.results] == [r.rounds for r in whole.results]
    # the next tasks are the next games of the same run
    assert {args[1] for _, _, args in parts.tasks(5)} == {12}


def test_the_measures_are_the_games_own_numbers() -> None:
    """Checked against the rows themselves, counted by hand here."""
    lab = Experiment([{}], seed=6).run(10)
    result = lab.results[0]
    winners = [g for g in result.games if g.winner]
    assert measure(result, "winner_total") == pytest.approx(
        sum(g.total for g in winners) / len(winners))
    totals = [g.total for g in result.games]
    assert measure(result, "spread") == pytest.approx(statistics.stdev(totals))
    fantan = {(r.game, r.round) for r in result.rounds if r.kind == "fantan"}
    passes = sum(r.passes for r in result.rounds if r.kind == "fantan")
    assert measure(result, "passes") == pytest.approx(passes / len(fantan))
    klover = {(r.game, r.round) for r in result.rounds if r.kind == "klover"}
    swept = {(r.game, r.round) for r in result.rounds if r.kind == "klover" and r.took_all_clubs}
    assert measure(result, "clubs_all") == pytest.approx(len(swept) / len(klover))


def test_rule_table_speaks_the_learners_words() -> None:
    lab = Experiment([{}, {"clubs_take_all_zero": True}], seed=5).run(5)
    table = rule_table(lab.compare(lang="en"), ["games", "clubs_all", "winner_total", "passes",
                                                "moves", "last_decides", "spread"], "en")
    assert table.columns[:3] == ("rules", "number of games", "someone took all ♣")
    assert table.column("number of games") == [5, 5]
    assert all(v.endswith("%") for v in table.column("someone took all ♣"))
    assert measure(lab.results[0], "moves") > measure(lab.results[0], "passes")
    assert 0 <= measure(lab.results[0], "last_decides") <= 1
    assert "_" not in table._repr_html_().replace("kamp-table", "")
    assert winner_change_text(*lab.results).startswith("Andel spill der vinneren blir en annen: ")


def test_levels_are_compared_round_by_round_with_a_margin_of_error() -> None:
    lab = Experiment([{}], bots=["heuristic", "random", "random", "random"], seed=2).run(8)
    table = score_by_level(lab.results[0])
    assert table.columns == ("Runde", "lett", "middels", "forskjell")
    assert table.column("Runde") == ["Pass", "Kløver", "Damer", "Fan Tan", "Grand"]
    summary = level_summary(lab.results[0])
    assert summary.column("Spiller") == ["Kari", "Ola", "Siri", "Per"]
    assert summary.column("nivå") == ["middels", "lett", "lett", "lett"]
    assert all(v.endswith(" %") for v in summary.column("vant (andel)"))
    assert all(re.fullmatch(r"−?\d+,\d ± \d+,\d", v) for v in summary.column("snittsum ± (95 %)"))
    assert all(re.fullmatch(r"−?\d+ til −?\d+", v) for v in summary.column("beste og verste sum"))
    assert len(summary.columns) == 5  # fits a phone


def test_charts_are_svg_drawn_in_the_learners_words() -> None:
    lab = Experiment([{}, {"queen_points": 5}], bots=["heuristic", "random", "random", "random"],
                     seed=2).run(3)
    pictures = {"totals": totals_chart(lab.compare(lang="en"), "en"),
                "passes": measure_chart(lab.compare(lang="en"), "passes", "en"),
                "levels": level_chart(lab.results[0], "en")}
    for picture in pictures.values():
        assert picture.startswith("<svg") and "kamp-chart" in picture and 'role="img"' in picture
        assert "base64" not in picture and "<title>" in picture
    assert 'aria-label="How the totals spread"' in pictures["totals"]
    assert "Points per queen: 5 points" in pictures["totals"]  # the legend names each variant
    passes = [f">{rule_table(lab.compare(lang='en'), ['passes'], 'en').column(h)[0]}<"
              for h in ("passes per Fan Tan",)]
    assert passes[0] in pictures["passes"]  # the bar carries the table's own number
    assert ">Clubs<" in pictures["levels"] and ">easy<" in pictures["levels"]


def test_more_games_plays_a_batch_in_the_background_and_redraws_every_view() -> None:
    lab = Experiment([{}, {"queen_points": 5}], seed=7)
    control = MoreGames(lab, step=3)
    view = control.view(lambda e: rule_table(e.compare(), ["games"]))
    # nothing plays until asked: the page says how to ask
    assert "Trykk på knappen" in view.value
    assert "Trykk på knappen" in control.status.value and lab.games == 0
    control.button.click()
    assert control.wait(60)
    assert lab.games == 3 and control.bar.value == control.bar.max == 6
    assert "3 spill med hver variant er spilt" in control.status.value
    assert "kamp-table" in view.value
    control.button.click()
    assert control.wait(60)
    assert lab.games == 6 and ">6<" in view.value
    assert control.button.description == "Spill 3 spill til"
    control.close()


def test_more_games_starts_in_the_background() -> None:
    control = MoreGames(Experiment([{}], seed=1), step=2, lang="en")
    view = control.view(lambda e: rule_table(e.compare(), ["games"]))
    with control._lock:  # the batch's games wait here, so what start() itself showed is read
        control.start()
        # set by the cell that starts the games, not by the thread: the page is sent with it
        assert control.button.disabled and control.bar.value == 0
        assert control.status.value == "The computer is playing 2 more games …"
        assert "results appear" in view.value
    assert control.wait(60)
    assert control.experiment.games == 2 and not control.button.disabled
    assert control.status.value == "The computer has played 2 games."
    assert "kamp-error" not in control.messages.widget.value
    control.close()


def test_a_later_job_runs_after_the_first_games_and_its_view_waits_for_it() -> None:
    control = MoreGames(Experiment([{}], seed=1), step=2, lang="en")
    small = control.later("tournament", "random", "heuristic", games=8, seed=5, workers=1)
    view = control.view(lambda e: small.result and comparison_table([small.result], "en"))
    assert "press the button" in view.value.lower()
    control.start()
    assert control.wait(120)
    assert small.result["games"] == 8 and small.result["challenger"] == "random"
    assert "kamp-table" in view.value
    control.close()


def test_a_job_that_fails_is_said_and_the_button_works_again(monkeypatch: Any) -> None:
    def broken(name: str, args: Any = (), kwargs: Any = None) -> Any:
        raise RuntimeError("the worker fell over")

    monkeypatch.setattr(background, "run_job", broken)
    control = MoreGames(Experiment([{}], seed=1), step=2, lang="en")
    control.start()
    assert control.wait(60)
    assert "could not play the games" in control.messages.widget.value
    assert not control.button.disabled and control.experiment.games == 0
    control.close()


@pytest.mark.skipif(not hasattr(os, "setpriority"), reason="thread priorities are Linux's")
def test_background_games_yield_the_cpu_to_pages_opening(monkeypatch: Any) -> None:
    seen: list[int] = []
    play = background.run_job

    def run(name: str, args: Any = (), kwargs: Any = None) -> Any:
        seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
        return play(name, args, kwargs)

    monkeypatch.setattr(background, "run_job", run)
    control = MoreGames(Experiment([{}], seed=1), step=1, lang="en")
    control.start()
    assert control.wait(60)
    assert seen == [19] and control.experiment.games == 1
    # the page's own thread keeps its priority: only the background games give way
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) < 19
    control.close()


def test_closing_the_control_stops_its_games() -> None:
    control = MoreGames(Experiment([{}], seed=1), step=2)
    control.start()
    jobs = control._jobs
    control.close()
    assert isinstance(jobs, background.ThreadJobs) and jobs._closed
    assert control._jobs is None
