"""Score sheets: the pandas table, standings, and the checker's sentences."""

from __future__ import annotations

import random

import pytest

from kamplib import Game, SheetError
from kamplib.sheet import ScoreSheet, parse_score

PLAYERS = ("Kari", "Ola", "Siri", "Per")


def codes(sheet: ScoreSheet) -> list[str]:
    return [p.code for p in sheet.problems()]


def test_seed_example_passes_and_kari_and_siri_share_the_win() -> None:
    sheet = ScoreSheet.example()
    assert sheet.problems() == []
    assert sheet.totals() == {"Kari": 7, "Ola": 16, "Siri": 7, "Per": 9}
    assert sheet.winners() == ["Kari", "Siri"]
    frame = sheet.frame()
    assert list(frame.columns) == list(PLAYERS)
    assert list(frame.index) == ["1. Pass", "2. Kløver", "3. Damer", "4. Fan Tan", "5. Grand"]
    assert frame.loc["5. Grand", "Kari"] == -5
    assert sheet.running().loc["3. Damer", "Ola"] == 17
    assert list(sheet.table().index)[-1] == "Sum"
    assert list(sheet.frame("en").index)[1] == "2. Clubs"


def test_fantan_with_two_zeros_is_flagged() -> None:
    sheet = ScoreSheet.example()
    sheet.set_score(3, "Ola", 0)
    [problem] = sheet.problems()
    assert problem.code == "sheet_fantan_zeros" and problem.row == 3
    assert problem.message("nb").startswith("Rad 4 (Fan Tan): 2 spillere har 0")
    assert "only one can go out" in problem.message("en")


def test_fantan_without_zero_and_negative() -> None:
    sheet = ScoreSheet.example()
    sheet.set_score(3, "Per", 2)
    assert codes(sheet) == ["sheet_fantan_no_zero"]
    sheet.set_score(3, "Per", -1)
    assert "sheet_fantan_negative" in codes(sheet)


def test_trick_sums_and_ranges() -> None:
    sheet = ScoreSheet.example()
    sheet.set_score(0, "Kari", 4)
    [problem] = sheet.problems()
    assert problem.code == "sheet_sum_tricks"
    assert "14" in problem.message("nb") and "13 stikk" in problem.message("nb")
    sheet.set_score(0, "Kari", 14)
    assert codes(sheet) == ["sheet_tricks_range"]


def test_forgotten_minus_in_grand() -> None:
    sheet = ScoreSheet.example()
    sheet.set_score(4, "Kari", "5")
    [problem] = sheet.problems()
    assert problem.code == "sheet_grand_positive" and problem.player == "Kari"
    assert "minustegnet" in problem.message("nb")


def test_damer_steps_and_sum_with_queen_points_five() -> None:
    sheet = ScoreSheet.example()
    sheet.set_score(2, "Ola", 7)
    assert codes(sheet) == ["sheet_damer_step"]
    five = ScoreSheet(PLAYERS, "custom", {"order": ["damer"], "queen_points": 5})
    five.add_row("damer", [5, 10, 0, 5])
    assert codes(five) == []
    five.set_score(0, "Per", 0)
    [problem] = five.problems()
    assert problem.code == "sheet_sum_damer" and "20" in problem.message("en")


def test_klover_sum_and_take_all_rule() -> None:
    sheet = ScoreSheet(PLAYERS)
    sheet.add_row("pass", [3, 4, 2, 4])
    sheet.add_row("klover", [0, 0, 0, 0])
    assert codes(sheet) == ["sheet_sum_klover"]
    take_all = ScoreSheet(PLAYERS, "femkamp", {"clubs_take_all_zero": True})
    take_all.add_row("pass", [3, 4, 2, 4])
    take_all.add_row("klover", [0, 0, 0, 0])
    assert codes(take_all) == []


def test_finale_and_doubled_last_round() -> None:
    sheet = ScoreSheet(["A", "B", "C"], "sjukamp", {"last_round_double": True})
    rows = [("pass", [5, 6, 6]), ("klover", [4, 4, 5]), ("fantan", [0, 3, 9]),
            ("damer", [4, 8, 4]), ("grand", [-5, -6, -6]), ("trumf", [-6, -5, -6]),
            ("finale", [20, 40, 4])]
    for kind, values in rows:
        sheet.add_row(kind, values)
    assert codes(sheet) == []
    sheet.set_score(6, "C", 3)
    found = codes(sheet)
    assert "sheet_not_even" in found
    four = ScoreSheet(["A", "B", "C"], "sjukamp", {"finale_queen_of_clubs": 4})
    for kind, values in rows[:6]:
        four.add_row(kind, values)
    four.add_row("finale", [10, 10, 8])
    assert codes(four) == []


def test_three_and_five_players_have_fewer_tricks() -> None:
    three = ScoreSheet(["A", "B", "C"])
    three.add_row("pass", [5, 6, 6])
    assert codes(three) == []
    five = ScoreSheet(["A", "B", "C", "D", "E"])
    five.add_row("pass", [2, 2, 2, 2, 2])
    assert codes(five) == []
    five.add_row("klover", [3, 3, 3, 3, 1])
    assert codes(five) == []


def test_order_and_extra_rows() -> None:
    sheet = ScoreSheet.example()
    sheet.set_kind(1, "damer")
    assert "sheet_kind_order" in codes(sheet)
    sheet = ScoreSheet.example()
    sheet.add_row("grand", [-3, -4, -3, -3])
    assert codes(sheet) == ["sheet_too_many_rows"]
    tie = ScoreSheet(PLAYERS, "femkamp", {"tie_break": "extra_grand"})
    for kind, scores in ScoreSheet.example().rows:
        tie.add_row(kind, scores)
    tie.add_row("grand", [-4, -4, -3, -2])
    assert codes(tie) == []
    assert tie.winners() == ["Kari"]
    assert tie.row_label(5) == "6. Ekstra Grand"


def test_typed_text_is_kept_and_reported_not_lost() -> None:
    sheet = ScoreSheet(PLAYERS)
    sheet.add_row("pass", {"Kari": "3", "Ola": "fire", "Siri": None, "Per": "−2"})
    assert sheet.rows[0][1] == {"Kari": 3, "Ola": "fire", "Siri": None, "Per": -2}
    found = {(p.code, p.player) for p in sheet.problems()}
    assert ("sheet_not_number", "Ola") in found and ("sheet_missing", "Siri") in found
    assert sheet.totals() == {"Kari": 3, "Ola": 0, "Siri": 0, "Per": -2}


def test_parse_score() -> None:
    assert parse_score(" -5 ") == -5 and parse_score("−5") == -5 and parse_score("+3") == 3
    assert parse_score("") is None and parse_score("x") == "x" and parse_score(2.0) == 2


def test_from_game_matches_engine_scores() -> None:
    game = Game(list(PLAYERS), "sekskamp", seed=4)
    rng = random.Random(4)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    sheet = ScoreSheet.from_game(game)
    assert sheet.problems() == []
    assert sheet.totals() == game.totals()
    assert sheet.winners() == game.winners


@pytest.mark.parametrize("game", ["femkamp", "sekskamp", "sjukamp"])
@pytest.mark.parametrize("n", [3, 4, 5])
def test_every_real_game_passes_the_checker(game: str, n: int) -> None:
    for seed in range(3):
        names = ["A", "B", "C", "D", "E"][:n]
        rules = {"queen_points": 5, "last_round_double": True} if seed == 1 else {}
        g = Game(names, game, rules, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_moves()))
        assert ScoreSheet.from_game(g).problems() == []


def test_csv_round_trip_and_game_guess() -> None:
    text = ScoreSheet.example().to_csv()
    back = ScoreSheet.from_csv(text)
    assert back.rows == ScoreSheet.example().rows and back.rules.game == "femkamp"
    seks = "round,A,B,C\npass,5,6,6\nklover,4,4,5\ndamer,4,8,4\nkabal,0,3,9\n"
    assert ScoreSheet.from_csv(seks).rules.game == "femkamp"
    sju = "runde;A;B;C\npass;5;6;6\nkløver;4;4;5\nfantan;0;3;9\n"
    assert ScoreSheet.from_csv(sju).rules.game == "sjukamp"


def test_csv_sum_line_is_checked() -> None:
    text = ScoreSheet.example().to_csv() + "sum,7,16,7,8\n"
    [problem] = ScoreSheet.from_csv(text).problems()
    assert problem.code == "sheet_total_wrong" and problem.player == "Per"
    assert "står som 8" in problem.message("nb")


@pytest.mark.parametrize(("text", "code"), [
    ("", "sheet_empty"),
    ("Kari,Ola,Siri\n", "sheet_header"),
    ("round,Kari,Ola\npass,1,2\n", "player_count"),
    ("round,Kari,Kari,Siri\n", "player_names"),
    ("round,Kari,Ola,Siri\nbridge,1,2,3\n", "sheet_unknown_round"),
    ("round,Kari,Ola,Siri\npass,1,2,3,4\n", "sheet_line_length"),
])
def test_unreadable_csv(text: str, code: str) -> None:
    with pytest.raises(SheetError) as info:
        ScoreSheet.from_csv(text)
    assert info.value.code == code
    assert info.value.message("nb") and info.value.message("en")


def test_bad_row_and_player_references() -> None:
    sheet = ScoreSheet.example()
    with pytest.raises(SheetError) as info:
        sheet.set_score(9, "Kari", 1)
    assert "rad 10" in info.value.message("nb")
    with pytest.raises(SheetError):
        sheet.set_score(0, "Nils", 1)
    with pytest.raises(SheetError):
        sheet.add_row("pass", [1, 2])
