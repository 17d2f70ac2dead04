"""Score sheets: the pandas table, standings, and the checker's sentences."""

from __future__ import annotations

import random

import pytest

from kamplib import Game, KampError, SheetError
from kamplib.sheet import MAX_SHEET_ROWS, ScoreSheet, parse_score

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
    assert "hvert stikk minus ett poeng" in problem.message("nb")


def test_forgotten_minus_in_a_doubled_grand_says_what_a_trick_is_worth_there() -> None:
    # the points per trick come from the kind and the doubling, not from the sentence
    sheet = ScoreSheet(["A", "B", "C"], "custom", {"order": ["pass", "grand"],
                                                 "last_round_double": True})
    sheet.add_row("pass", [5, 6, 6])
    sheet.add_row("grand", [10, -16, -18])
    [problem] = sheet.problems()
    assert problem.code == "sheet_grand_positive_many"
    assert "hvert stikk minus 2 poeng" in problem.message("nb")
    assert "every trick here is minus 2 points" in problem.message("en")


def test_damer_steps_and_sum_with_queen_points_five() -> None:
    sheet = ScoreSheet.example()
    sheet.set_score(2, "Ola", 7)
    assert codes(sheet) == ["sheet_cell_step"]
    assert "i steg på 4 (0, 4 … 16)" in sheet.problems()[0].message("nb")
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
    shared = ScoreSheet(PLAYERS, "femkamp", {"tie_break": "extra_grand"})
    for kind, scores in ScoreSheet.example().rows:
        shared.add_row(kind, scores)
    shared.add_row("grand", [-4, -4, -3, -2])
    assert codes(shared) == []
    assert shared.winners() == ["Kari"]


def test_typed_text_is_kept_and_reported_not_lost() -> None:
    sheet = ScoreSheet(PLAYERS)
    sheet.add_row("pass", {"Kari": "3", "Ola": "fire", "Siri": None, "Per": "−2"})
    assert sheet.rows[0][1] == {"Kari": 3, "Ola": "fire", "Siri": None, "Per": -2}
    found = {(p.code, p.player) for p in sheet.problems()}
    assert ("sheet_not_number", "Ola") in found and ("sheet_missing", "Siri") in found
    # «fire» is not 0: while a row has a problem there is no total and no winner
    verdict = sheet.standing()
    assert verdict.totals is None and verdict.winners == ()
    assert verdict.message("nb") == ("Poengarket har 3 feil; summen og vinneren kommer når de "
                                     "er rettet")
    assert sheet.table().loc["Sum"].isna().all()


def test_parse_score() -> None:
    assert parse_score(" -5 ") == -5 and parse_score("−5") == -5 and parse_score("+3") == 3
    assert parse_score("") is None and parse_score("x") == "x" and parse_score(2.0) == 2
    # only the digits 0-9 make a number, and not too many of them: the rest stays as typed
    for text in ("²", "３", "1,5", "1.5", "4 4", "12345678901234567890", "9223372036854775808",
                 "\x1b[2J", "\ud800"):
        assert parse_score(text) == text
    assert parse_score(float("nan")) == "nan" and parse_score(True) == "True"
    assert parse_score(10**30) == str(10**30) and parse_score(-(10**17)) == -(10**17)
    assert parse_score(10**5000).startswith("≈10^")

    class Awkward:
        def __str__(self) -> str:
            raise RuntimeError("no")

    assert isinstance(parse_score(Awkward()), str)


def test_a_cell_that_is_too_long_a_number_is_reported_beside_it() -> None:
    sheet = ScoreSheet(PLAYERS)
    sheet.add_row("pass", [3, 4, 2, "9223372036854775808"])
    [problem] = sheet.problems()
    assert problem.code == "sheet_number_too_big" and problem.player == "Per"
    pd = pytest.importorskip("pandas", reason="needs the sheets extra (pandas)")
    assert sheet.frame().loc["1. Pass", "Per"] is pd.NA


def test_take_all_clubs_is_judged_as_the_engine_scores_it() -> None:
    rules = {"clubs_take_all_zero": True}
    sheet = ScoreSheet(["A", "B", "C"], "femkamp", rules)
    sheet.add_row("pass", [5, 6, 6])
    sheet.add_row("klover", [13, 0, 0])  # the taker of all 13 scores 0: 13 is impossible
    [problem] = sheet.problems()
    assert problem.code == "sheet_unreachable_klover" and problem.player == "A"
    sheet.set_score(1, "A", 0)
    assert sheet.problems() == []
    sheet.rows[1] = ("klover", {"A": 12, "B": 1, "C": 0})
    assert sheet.problems() == []
    plain = ScoreSheet(["A", "B", "C"])
    plain.add_row("pass", [5, 6, 6])
    plain.add_row("klover", [13, 0, 0])
    assert plain.problems() == []


def tie(rules: dict | None = None) -> ScoreSheet:
    """A, B and C after Femkamp with A and B tied on 10 and C on 11."""
    sheet = ScoreSheet(["A", "B", "C"], "femkamp", {"tie_break": "extra_grand", **(rules or {})})
    for kind, values in [("pass", [5, 6, 6]), ("klover", [4, 5, 4]), ("damer", [4, 4, 8]),
                         ("fantan", [0, 1, 1]), ("grand", [-3, -6, -8])]:
        sheet.add_row(kind, values)
    return sheet


def test_tie_break_grands_are_played_by_everybody_and_won_among_the_tied() -> None:
    sheet = tie()
    verdict = sheet.standing()
    assert verdict.problems == () and verdict.needs_extra_grand and verdict.winners == ()
    assert verdict.totals == {"A": 10, "B": 10, "C": 11}
    assert verdict.message("en") == "A tie for the lead between A and B: everybody plays an " \
        "extra Grand"
    assert sheet.next_kind() == "grand"
    sheet.add_row("grand", [-6, -4, -7])  # A 4, B 6, C 4: C ties A but was not in the tie
    verdict = sheet.standing()
    assert verdict.winners == ("A",) and verdict.message("nb") == "Vinner: A med 4 poeng"
    assert sheet.row_label(5) == "6. Ekstra Grand"
    sheet.add_row("grand", [-6, -5, -6])  # the game was already settled
    [problem] = sheet.problems()
    assert (problem.code, problem.row) == ("sheet_after_end", 6)
    assert problem.message("nb").startswith("Rad 7 (Grand): Spillet var avgjort etter rad 6")
    assert sheet.winners() == []
    sheet.set_kind(6, "pass")
    assert {p.code for p in sheet.problems()} >= {"sheet_after_end", "sheet_kind_order"}


def test_a_tie_break_row_must_sum_like_a_grand_and_counts_once() -> None:
    sheet = tie({"last_round_double": True})
    sheet.rows[4] = ("grand", {"A": -6, "B": -12, "C": -16})  # the last round doubled: -34
    sheet.rows[3] = ("fantan", {"A": 0, "B": 4, "C": 9})  # A 7, B 7, C 11
    assert sheet.standing().needs_extra_grand
    sheet.add_row("grand", [-4, -12, 1])
    assert {p.code for p in sheet.problems()} == {"sheet_grand_positive"}
    sheet.set_score(5, "C", -1)  # a tie-break Grand is not doubled: -17 in all
    assert sheet.problems() == [] and sheet.winners() == ["B"]


def test_rows_after_the_game_and_a_rematch() -> None:
    done = ScoreSheet.example()
    done.add_row("grand", [-3, -4, -3, -3])
    assert codes(done) == ["sheet_too_many_rows"]
    rematch = tie({"tie_break": "extra_game"})
    verdict = rematch.standing()
    assert verdict.rematch and verdict.winners == ("A", "B")
    assert verdict.message("nb") == ("Likt på topp: A og B har 10 poeng hver og avgjør det med "
                                     "et nytt spill")


def test_an_unfinished_sheet_declares_no_winner() -> None:
    sheet = ScoreSheet(["A", "B", "C"])
    sheet.add_row("pass", [5, 6, 6])
    verdict = sheet.standing()
    assert verdict.problems == () and verdict.winners == () and verdict.totals is not None
    assert verdict.message("nb") == "Ingen vinner ennå: 1 av 5 runder er ført"
    for _ in range(4):
        sheet.add_row()  # rows not typed yet at the end are rounds not played yet
    assert sheet.standing() == verdict
    sheet.set_score(2, "A", 4)  # a row typed after an empty one: that one is missing
    assert {(p.code, p.row) for p in sheet.problems()} >= {("sheet_missing", 1)}


def test_many_tie_break_rows_are_judged_in_one_pass() -> None:
    sheet = tie()
    for _ in range(MAX_SHEET_ROWS - 5):
        sheet.add_row("grand", [-6, -6, -5])  # A and B stay tied
    verdict = sheet.standing()
    assert verdict.problems == () and verdict.needs_extra_grand
    with pytest.raises(SheetError) as info:
        sheet.add_row("grand", [-6, -6, -5])
    assert info.value.code == "sheet_too_many_rows_total"


def test_names_are_one_spelling_and_api_arguments_answer_in_words() -> None:
    sheet = ScoreSheet(["A\u030ase", "Ola", "Siri"])
    assert sheet.players[0] == "Åse"
    sheet.add_row("pass", {"A\u030ase": 5, "Ola": 6, "Siri": 6})
    sheet.set_score(0, "Åse", 5)
    assert sheet.problems() == []
    for make in (lambda: ScoreSheet("Kari,Ola,Siri"), lambda: ScoreSheet(PLAYERS, rules=[1]),
                 lambda: ScoreSheet(PLAYERS, game=5), lambda: sheet.add_row("pass", 5),
                 lambda: sheet.set_score(True, "Ola", 1), lambda: sheet.set_score(0, [1], 1),
                 lambda: ScoreSheet.from_csv(5), lambda: ScoreSheet.from_csv("x", rules=[1])):
        with pytest.raises(KampError) as info:
            make()
        assert info.value.message("nb") and info.value.message("en")


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
    assert ScoreSheet.from_csv(memoryview(text.encode("cp1252"))).rows == \
        ScoreSheet.example().rows  # an upload, saved by Excel on Windows
    back = ScoreSheet.from_csv(text)
    assert back.rows == ScoreSheet.example().rows and back.rules.game == "femkamp"
    seks = "round,A,B,C\npass,5,6,6\nklover,4,4,5\ndamer,4,8,4\nkabal,0,3,9\n"
    assert ScoreSheet.from_csv(seks).rules.game == "femkamp"
    sju = "runde;A;B;C\npass;5;6;6\nkløver;4;4;5\nfantan;0;3;9\n"
    assert ScoreSheet.from_csv(sju).rules.game == "sjukamp"


@pytest.mark.parametrize(("lang", "first"), [
    ("nb", "Runde,Kari,Ola,Siri,Per\nPass,3,4,2,4\nKløver,"),
    ("en", "Round,Kari,Ola,Siri,Per\nPass,3,4,2,4\nClubs,")])
def test_a_csv_in_the_readers_words_reads_back(lang: str, first: str) -> None:
    game, rng = Game(["Kari", "Ola", "Siri", "Per"], "sjukamp", seed=4), random.Random(4)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    sheet = ScoreSheet.from_game(game)
    assert len(sheet.rows) == 7
    for source in (ScoreSheet.example(), sheet):
        text = source.to_csv(lang)
        assert "klover" not in text and "fantan" not in text
        assert ScoreSheet.from_csv(text, source.rules.game).rows == source.rows
    assert ScoreSheet.example().to_csv(lang).startswith(first)


def test_csv_sum_line_is_checked() -> None:
    text = ScoreSheet.example().to_csv() + "sum,7,16,7,8\n"
    [problem] = ScoreSheet.from_csv(text).problems()
    assert problem.code == "sheet_total_wrong" and problem.player == "Per"
    assert "står som 8" in problem.message("nb")


@pytest.mark.parametrize(("text", "code"), [
    ("", "sheet_empty"),
    ("Kari,Ola,Siri\n", "sheet_header"),
    ("round,Kari,Ola\npass,1,2\n", "player_count"),
    ("round,Kari,Kari,Siri\n", "player_names_same"),
    ("round,Kari,Ola,Siri\n,1,2,3\n", "sheet_no_round_label"),
    ("round,Kari,Ola,Siri\npass,\"1,2,3\n", "sheet_csv"),
    ("round,Kari,Ola,Siri\npass,1,2," + "3" * 2001 + "\n", "sheet_line_long"),
    ("x" * 1_000_001, "sheet_too_big"),
    ("round,Kari,Ola,Siri\nbridge,1,2,3\n", "sheet_unknown_round"),
    ("round,Kari,Ola,Siri\npass,1,2,3,4\n", "sheet_line_length"),
])
def test_unreadable_csv(text: str, code: str) -> None:
    with pytest.raises(SheetError) as info:
        ScoreSheet.from_csv(text)
    assert info.value.code == code
    assert info.value.message("nb") and info.value.message("en")
    if code == "sheet_too_big":  # a size in the reader's units, not bytes
        assert info.value.message("nb").endswith("på høyst 1 MB")


def test_a_file_that_is_not_text_is_said_so_not_quoted() -> None:
    """The walk: a binary file opened as a sheet was quoted back as «\\x00ÿþgarbage» (Python's
    escape, noise to a reader)."""
    for data in (b"\x00\xff\xfegarbage", b"PK\x03\x04\x00\x00workbook", "Runde,Kari\x00"):
        with pytest.raises(SheetError) as info:
            ScoreSheet.from_csv(data)
        assert info.value.code == "sheet_not_text"
        said = info.value.message("nb") + info.value.message("en")
        assert "\\x" not in said and "garbage" not in said and "CSV" in said


def test_a_sheet_saved_as_unicode_text_is_read() -> None:
    """Excel's «Unicode text» is UTF-16 with a byte-order mark: read, not refused as noise."""
    sheet = ScoreSheet.example()
    for encoding in ("utf-16", "utf-16-be"):
        data = sheet.to_csv("nb").encode(encoding)
        if encoding == "utf-16-be":
            data = b"\xfe\xff" + data
        again = ScoreSheet.from_csv(data)
        assert again.players == sheet.players and again.totals() == sheet.totals()
    tabs = sheet.to_csv("nb").replace(",", "\t").encode("utf-16")  # as Excel saves it
    assert ScoreSheet.from_csv(tabs).totals() == sheet.totals()


def test_bad_row_and_player_references() -> None:
    sheet = ScoreSheet.example()
    with pytest.raises(SheetError) as info:
        sheet.set_score(9, "Kari", 1)
    assert "rad 10" in info.value.message("nb")
    with pytest.raises(SheetError):
        sheet.set_score(0, "Nils", 1)
    with pytest.raises(SheetError):
        sheet.add_row("pass", [1, 2])


def test_a_formula_in_a_name_or_cell_is_written_as_text_and_read_back() -> None:
    """OWASP's CSV injection rule: a cell starting with = + - @ tab or CR gets a quote first."""
    names = ['=HYPERLINK("http://x","y")', "@SUM(1)", "+1", "-Per"]
    sheet = ScoreSheet(names)
    sheet.add_row("pass", [3, "=1+1", -2, None])
    text = sheet.to_csv()
    lines = text.splitlines()
    assert lines[0] == "round,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",'@SUM(1),'+1,'-Per"
    assert lines[1] == "pass,3,'=1+1,-2,"  # a minus score is a number: it stays one
    back = ScoreSheet.from_csv(text)
    assert back.players == tuple(names) and back.rows == sheet.rows
    quoted = ScoreSheet(["'Kari", "Ola", "Siri"])  # a name that starts with the quote itself
    assert ScoreSheet.from_csv(quoted.to_csv()).players == quoted.players


def test_the_first_line_the_message_asks_for_is_the_one_the_sheet_saves() -> None:
    """The walk: the message asked for «round,Kari,Ola,…» while the page saved «Runde,…»;
    the word it names is the one saved in the reader's language, and it reads back."""
    import re

    from kamplib.errors import KampError

    try:
        ScoreSheet.from_csv("Kari,Ola,Siri\n")
    except KampError as err:
        for lang in ("nb", "en"):
            asked = re.search(r"(\w+),Kari,Ola,…", err.message(lang)).group(1)
            saved = ScoreSheet(["Kari", "Ola", "Siri"]).to_csv(lang).split(",")[0]
            assert asked == saved
            assert ScoreSheet.from_csv(f"{asked},Kari,Ola,Siri\nPass,5,4,8\n").players == (
                "Kari", "Ola", "Siri")
    else:
        raise AssertionError("a sheet without its first line was read")
