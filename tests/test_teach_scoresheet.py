"""The cabin score sheet in plain Python: what is typed is kept, problems sit at their cell, no
winner while anything is wrong, tie-break Grand rows, the example asks first, CSV round trip."""

from __future__ import annotations

import pytest

from kamplib.errors import KampError
from kamplib.rules import make_rules
from kamplib.teach.scoresheet import SheetEntry

EXAMPLE = [("pass", (3, 4, 2, 4)), ("klover", (2, 5, 3, 3)), ("damer", (4, 8, 0, 4)),
           ("fantan", (3, 1, 6, 0)), ("grand", (-5, -2, -4, -2))]


def fill(entry: SheetEntry, rows=EXAMPLE) -> None:
    for i, (_kind, values) in enumerate(rows):
        for player, value in zip(entry.players, values, strict=True):
            entry.set_cell(i, player, str(value))


def test_a_typed_value_is_never_replaced_by_an_older_one() -> None:
    e = SheetEntry()
    e.set_cell(0, "Kari", "3")
    e.set_cell(0, "Kari", "²")
    assert e.cell(0, "Kari") == "²"
    assert e.totals() is None  # no total while a cell is not a number (not 0, not the old 3)
    assert "Pass,²,,," in e.to_csv() and "Runde,Kari" in e.to_csv()
    problems = [p for p in e.problems() if p.player == "Kari"]
    assert problems and "«²»" in problems[0].message("nb")


def test_a_word_is_a_problem_at_its_cell_and_never_counted_as_zero() -> None:
    e = SheetEntry()
    fill(e)
    e.set_cell(1, "Ola", "fire")
    [problem] = [p for p in e.problems() if p.row == 1]
    assert (problem.row, problem.player) == (1, "Ola")
    assert problem.message("nb").count("Ola") == 1  # the message names the player once
    assert e.winners() == []  # no winner while a row has a problem
    assert e.totals() is None  # «fire» is never counted as 0


def test_the_example_shares_the_win_and_asks_before_replacing_typed_scores() -> None:
    e = SheetEntry(["Mormor", "Jonas", "Emma"])
    e.set_cell(0, "Emma", "5")
    assert e.use_example() is False
    assert e.cell(0, "Emma") == "5" and e.players == ("Mormor", "Jonas", "Emma")
    assert e.use_example(confirmed=True) is True
    assert e.winners() == ["Kari", "Siri"] and e.totals()["Kari"] == 7
    empty = SheetEntry()
    assert empty.use_example() is True  # nothing typed: nothing to ask about


def test_own_names_game_and_house_rules() -> None:
    e = SheetEntry(["Mormor", "Jonas", "Emma"], "sjukamp", {"queen_points": 5})
    assert len(e.kinds) == 7 and e.rules.queen_points == 5
    e.set_cell(0, "Jonas", "8")
    e.set_table(["Mormor", "Jonas", "Emma", "Per"], make_rules("femkamp"))
    assert e.cell(0, "Jonas") == "8" and e.cell(0, "Per") == ""
    # the rows are Femkamp's five: no «6. Ekstra Trumf» left from the Sjukamp
    assert e.kinds == list(make_rules("femkamp").order)
    assert [e.row_label(i) for i in range(5)][-1] == "5. Grand"
    typed = SheetEntry(game="sekskamp")
    typed.set_cell(5, "Kari", "-3")  # something typed in the sixth row is never thrown away
    typed.set_table(typed.players, make_rules("femkamp"))
    assert typed.cell(5, "Kari") == "-3" and typed.row_label(5) == "6. Ekstra Grand"
    typed.set_table(typed.players, make_rules("sekskamp"))
    assert typed.row_label(5) == "6. Trumf" and len(typed.kinds) == 6
    with pytest.raises(KampError):
        SheetEntry(["A", "B"])


def test_tie_break_grand_rows_are_accepted_as_the_rules_say() -> None:
    e = SheetEntry(rules=make_rules("femkamp", {"tie_break": "extra_grand"}))
    fill(e)
    assert e.winners() == []  # Kari and Siri are tied: the extra Grand decides
    e.add_row()
    assert e.kinds[-1] == "grand"
    for player, value in zip(e.players, (-4, -3, -3, -3), strict=True):
        e.set_cell(5, player, str(value))
    assert [p.message("nb") for p in e.problems()] == []
    assert e.winners() == ["Kari"]


def test_a_row_not_begun_is_not_a_problem_yet() -> None:
    e = SheetEntry()
    e.set_cell(0, "Kari", "3")
    assert {p.row for p in e.problems()} == {0}


def test_csv_round_trip_keeps_what_was_typed() -> None:
    e = SheetEntry(["Mormor", "Jonas", "Emma"])
    fill(e, [("pass", (4, 8, 5)), ("klover", (2, "seks", 5))])
    again = SheetEntry.from_csv(e.to_csv().encode("utf-8"), name=e.file_name())
    assert again.texts == e.texts and again.players == e.players
    assert e.file_name() == "poengark-femkamp-mormor-jonas-emma.csv"
    with pytest.raises(KampError, match="for stor"):
        SheetEntry.from_csv(b"x" * 200_000)


def test_a_renamed_player_keeps_the_scores_and_a_kept_one_is_never_copied() -> None:
    """From Kari, Ola, Siri, Per to Anna, Bjørn, Kari: Kari keeps her column, Anna (in Kari's old
    place) starts empty, Bjørn takes Ola's (a rename), and no score appears under two names."""
    e = SheetEntry(["Kari", "Ola", "Siri", "Per"])
    for p, v in zip(e.players, ("3", "5", "7", "9"), strict=True):
        e.set_cell(0, p, v)
    e.set_table(["Anna", "Bjørn", "Kari"], make_rules("femkamp"))
    assert [e.cell(0, p) for p in e.players] == ["", "5", "3"]
    e.set_table(["Anna", "Bjørn", "Kari", "Ola"], make_rules("femkamp"))
    assert [e.cell(0, p) for p in e.players] == ["", "5", "3", ""]
