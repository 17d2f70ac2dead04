"""What the explorations measure, and the control that plays more games with a progress bar."""

from __future__ import annotations

import os
import re
import threading
from typing import Any

import pytest

from kamplib.teach.explore import (
    Experiment,
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
    d4 = usual.rounds[usual.rounds["kind"] == "damer"]["score"].sum()
    d5 = five.rounds[five.rounds["kind"] == "damer"]["score"].sum()
    assert d4 * 5 == d5 * 4  # same deals and play, only the queens' price differs
    assert seks.game == "sekskamp" and seks.rules.trump == "S"
    assert winner_changes(usual, usual) == 0.0 and 0 <= winner_changes(usual, five) <= 1
    assert list(lab.compare(0, 1)) == ["Poeng per dame: 4 poeng", "Poeng per dame: 5 poeng"]
    # variants of different rules each name only their own change: short enough for a chart
    assert list(lab.compare()) == ["vanlige regler", "Poeng per dame: 5 poeng",
                                   "Trumf i trumfrunden: ♠ spar"]
    lab.run(2)
    assert lab.games == 8 and sorted(lab.results[0].games["game"].unique()) == list(range(8))


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


def test_charts_are_pictures_in_the_page() -> None:
    lab = Experiment([{}, {"queen_points": 5}], bots=["heuristic", "random", "random", "random"],
                     seed=2).run(3)
    for picture in (totals_chart(lab.compare()), measure_chart(lab.compare(), "passes"),
                    level_chart(lab.results[0])):
        assert picture.startswith("<img class='kamp-chart'") and "base64," in picture


def test_more_games_plays_a_batch_and_redraws_every_view() -> None:
    lab = Experiment([{}, {"queen_points": 5}], seed=7)
    control = MoreGames(lab, step=3)
    view = control.view(lambda e: rule_table(e.compare(), ["games"]))
    # nothing plays until asked: the page says how to ask
    assert "Trykk på knappen" in view.outputs[0]["data"]["text/html"]
    assert "Trykk på knappen" in control.status.value and lab.games == 0
    control.button.click()
    assert lab.games == 3 and control.bar.value == control.bar.max == 6
    assert "3 spill med hver variant er spilt" in control.status.value
    assert "kamp-table" in view.outputs[0]["data"]["text/html"]
    control.button.click()
    assert lab.games == 6 and ">6<" in view.outputs[0]["data"]["text/html"]
    assert control.button.description == "Spill 3 spill til"


def test_more_games_starts_in_the_background() -> None:
    control = MoreGames(Experiment([{}], seed=1), step=2, lang="en")
    view = control.view(lambda e: rule_table(e.compare(), ["games"]))
    with control._lock:  # the batch waits here, so what start() itself showed can be read
        control.start()
        # set by the cell that starts the games, not by the thread: the page is sent with it
        assert control.button.disabled and control.bar.value == 0
        assert control.status.value == "The computer is playing 2 more games …"
        assert "results appear" in view.outputs[0]["data"]["text/html"]
    control.wait()
    assert control.experiment.games == 2 and not control.button.disabled
    assert control.status.value == "The computer has played 2 games."
    assert "kamp-error" not in control.messages.widget.value


@pytest.mark.skipif(not hasattr(os, "setpriority"), reason="thread priorities are Linux's")
def test_background_games_yield_the_cpu_to_pages_opening() -> None:
    control = MoreGames(Experiment([{}], seed=1), step=1, lang="en")
    seen: list[int] = []
    play = control.experiment.run

    def run(games: int, progress: Any = None) -> Experiment:
        seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
        return play(games, progress=progress)

    control.experiment.run = run  # type: ignore[method-assign]
    control.start()
    control.wait()
    assert seen == [19] and control.experiment.games == 1
    # the page's own thread keeps its priority: only the background games give way
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) < 19
