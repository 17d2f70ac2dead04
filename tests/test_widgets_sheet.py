"""ScoreSheetWidget driven in Python: typing, the checker beside the row, preset, CSV, storms."""

from __future__ import annotations

import random

from kamplib.sheet import ScoreSheet
from kamplib.widgets import ScoreSheetWidget


def test_example_preset_marks_the_shared_win() -> None:
    w = ScoreSheetWidget(preset="eksempel")
    assert "kamp-score-sheet" in w.table.value
    assert w.table.value.count('class="kamp-winner"') == 2
    assert "Kari 7, Siri 7, Per 9, Ola 16" in w.standings.value
    assert "Arket ser riktig ut" in w.standings.value


def test_a_wrong_row_shows_its_problem_beside_it_and_keeps_the_text() -> None:
    w = ScoreSheetWidget(preset="eksempel")
    w.cell(2, "Ola").value = "åtte"
    assert w.cell(2, "Ola").value == "åtte"
    assert w.sheet.rows[2][1]["Ola"] == "åtte"
    assert "kamp-problem" in w._row_notes[2].value
    assert "«åtte»" in w._row_notes[2].value
    assert "kamp-problem" in w.cell(2, "Ola")._dom_classes
    assert w._row_notes[0].value == ""
    w.cell(2, "Ola").value = "8"
    assert w._row_notes[2].value == ""
    assert "kamp-problem" not in w.cell(2, "Ola")._dom_classes


def test_sums_are_checked() -> None:
    w = ScoreSheetWidget(players=["A", "B", "C"], game="femkamp")
    assert len(w.sheet.rows) == 5
    for player, value in zip("ABC", (5, 5, 5), strict=True):
        w.cell(0, player).value = str(value)
    assert "17" in w._row_notes[0].value  # three players take 17 tricks
    w.cell(0, "C").value = "7"
    assert w._row_notes[0].value == ""
    assert "A 5, B 5, C 7" in w.standings.value


def test_rows_can_be_added_and_removed() -> None:
    w = ScoreSheetWidget(rules={"tie_break": "extra_grand"})
    w.add_button.click()
    assert len(w.sheet.rows) == 6 and len(w._inputs) == 6
    w.remove_button.click()
    w.remove_button.click()
    assert len(w.sheet.rows) == 4
    w.example_button.click()
    assert len(w.sheet.rows) == 5 and w.cell(4, "Kari").value == "-5"


def test_csv_export_reads_back() -> None:
    w = ScoreSheetWidget(preset="eksempel")
    w.cell(0, "Kari").value = "3"
    w.export_button.click()
    assert "kamp-download" in w.csv_link.value and "poengark.csv" in w.csv_link.value
    again = ScoreSheet.from_csv(w.csv)
    assert again.totals() == w.sheet.totals()


def test_english() -> None:
    w = ScoreSheetWidget(preset="eksempel", lang="en")
    assert "Standings" in w.standings.value
    w.cell(1, "Per").value = "x"
    assert "not a whole number" in w._row_notes[1].value


def test_typing_storm() -> None:
    rng = random.Random(3)
    w = ScoreSheetWidget(preset="eksempel")
    values = ["", "0", "3", "-5", "13", "x", "−2", " 4 ", "1.5", "99"]
    for _ in range(1000):
        action = rng.random()
        if action < 0.9 and w.sheet.rows:
            row = rng.randrange(len(w.sheet.rows))
            player = rng.choice(w.sheet.players)
            w.cell(row, player).value = rng.choice(values)
        elif action < 0.95:
            w.add_button.click()
        else:
            w.remove_button.click()
        assert len(w._inputs) == len(w.sheet.rows)
        assert "kamp-error" not in w.messages.widget.value
        for i, texts in enumerate(w._inputs):
            for player, box in zip(w.sheet.players, texts, strict=True):
                stored = w.sheet.rows[i][1][player]
                assert (box.value.strip() == "") == (stored is None)
        for p in w.sheet.problems():
            if p.row is not None:
                assert p.message("nb") in w._row_notes[p.row].value.replace("&#x27;", "'") \
                    or "kamp-problem" in w._row_notes[p.row].value
