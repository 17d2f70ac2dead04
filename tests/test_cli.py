"""The kamp command: output, exit codes 0/1/2, one-sentence messages on stderr, no tracebacks."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from kamplib.cli import main

EXAMPLE_CSV = ("round,Kari,Ola,Siri,Per\npass,3,4,2,4\nkløver,2,5,3,3\ndamer,4,8,0,4\n"
               "kabal,3,1,6,0\ngrand,-5,-2,-4,-2\n")


def run(capsys: pytest.CaptureFixture[str], *argv: str, stdin: str | None = None,
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def finished(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "game.json"
    assert run(capsys, "play", "--seed", "7", "-o", str(path))[0] == 0
    return path


def test_deal_writes_every_round_without_plays(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "--game", "femkamp", "--players", "Kari,Ola,Siri,Per",
                         "--seed", "7", "--rule", "queen_points=5")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert doc["rules"] == {"queen_points": 5}
    assert len(doc["rounds"]) == 5 and all(r["plays"] == [] for r in doc["rounds"])
    again = run(capsys, "deal", "--players", "Kari,Ola,Siri,Per", "--seed", "7", "--rule",
                "queen_points=5")[1]
    assert again == out  # reproducible from the seed


def test_play_and_score_json(finished: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "--json", str(finished))
    assert code == 0
    doc = json.loads(out)
    assert list(doc) == ["players", "rounds", "totals", "winners"]
    assert [r["kind"] for r in doc["rounds"]] == ["pass", "klover", "damer", "fantan", "grand"]
    assert all(set(r["scores"]) == set(doc["players"]) for r in doc["rounds"])
    for p in doc["players"]:
        assert doc["totals"][p] == sum(r["scores"][p] for r in doc["rounds"])
    best = min(doc["totals"].values())
    assert doc["winners"] == [p for p in doc["players"] if doc["totals"][p] == best]


def test_score_table_and_in_progress_game(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from kamplib import Game
    from kamplib.record import write_record

    game = Game(["Kari", "Ola", "Siri", "Per"], "sjukamp", seed=1)
    for _ in range(60):
        game.play(game.legal_moves()[0])
    path = tmp_path / "half.json"
    path.write_text(write_record(game))
    code, out, _ = run(capsys, "score", str(path))
    assert code == 0 and "1. Pass" in out and "Spillet pågår" in out
    code, out, _ = run(capsys, "score", "--json", str(path))
    doc = json.loads(out)
    assert len(doc["rounds"]) == 1 and doc["winners"] == []


def test_check_example_is_fine_and_shared_win(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sheet.csv"
    path.write_text(EXAMPLE_CSV, encoding="utf-8")
    code, out, err = run(capsys, "check", str(path))
    assert code == 0 and err == ""
    assert "Delt seier: Kari og Siri med 7 poeng hver" in out
    code, out, _ = run(capsys, "--lang", "en", "check", str(path))
    assert "Shared win: Kari and Siri with 7 points each" in out


def test_check_reports_every_problem_with_exit_1(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    bad = EXAMPLE_CSV.replace("kabal,3,1,6,0", "kabal,3,0,6,0").replace("grand,-5", "grand,5")
    code, out, _ = run(capsys, "check", "-", stdin=bad, monkeypatch=monkeypatch)
    assert code == 1
    assert "Poengarket har 2 feil" in out
    assert "Rad 4 (Fan Tan): 2 spillere har 0" in out
    assert "Rad 5 (Grand): Kari har 5" in out


@pytest.mark.parametrize(("argv", "needle"), [
    (["score", "/no/such/file.json"], "kan ikke lese"),
    (["deal", "--rule", "queen_points=6"], "«Poeng per dame» kan ikke være «6»; tillatt er "
                                           "«4 poeng» eller «5 poeng». Skriv --rule "
                                           "queen_points=verdi, der verdi er 4 | 5"),
    (["deal", "--rule", "nonsense"], "navn=verdi"),
    (["deal", "--rule", "foo=1"], "Ukjent husregel «foo»"),
    (["deal", "--players", "Kari,Ola"], "3 til 5 spillere"),
    (["deal", "--players", "Kari,Kari,Ola"], "ulike navn"),
    (["deal", "--game", "tikamp"], "invalid choice"),
    (["check", "--rule", "order=pass,bridge", "x.csv"], "Ukjent runde «bridge»"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                          needle: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert needle in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_broken_record_exits_2_with_the_place(finished: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(finished.read_text())
    doc["rounds"][2]["plays"][0][1] = "pass"
    finished.write_text(json.dumps(doc))
    code, _, err = run(capsys, "--lang", "en", "score", str(finished))
    assert code == 2
    assert err.startswith("kamp: Round 3 (Queens), trick 1:")
    assert "Nobody can pass in a trick round" in err


def test_broken_csv_exits_2(capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(capsys, "check", "-", stdin="round,Kari,Ola,Siri\nbridge,1,2,3\n",
                       monkeypatch=monkeypatch)
    assert code == 2 and "Linje 2" in err


def test_python_dash_m_and_console_script_agree(finished: Path) -> None:
    by_module = subprocess.run([sys.executable, "-m", "kamplib", "score", "--json",
                                str(finished)], capture_output=True, text=True, check=True)
    kamp = Path(sys.executable).with_name("kamp")
    by_script = subprocess.run([str(kamp), "score", "--json", str(finished)],
                               capture_output=True, text=True, check=True)
    assert by_module.stdout == by_script.stdout and json.loads(by_module.stdout)["winners"]
    broken = subprocess.run([str(kamp), "score", "-"], input="{", capture_output=True,
                            text=True)
    assert broken.returncode == 2 and "Traceback" not in broken.stderr


# -- the bare core: no package besides Python ---------------------------------------------------
REPO = Path(__file__).resolve().parent.parent
# ``python -S``: no site-packages, so exactly what `pip install kamplib` (no dependencies) gives.
BARE = ("import sys; sys.path.insert(0, sys.argv.pop(1)); from kamplib.cli import main; "
        "sys.exit(main(sys.argv[1:]))")


def bare(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-S", "-c", BARE, str(REPO), *argv], input=stdin,
                          capture_output=True, text=True, encoding="utf-8", timeout=120)


def test_score_check_deal_and_play_work_on_the_bare_core(tmp_path: Path) -> None:
    probe = subprocess.run([sys.executable, "-S", "-c", "import pandas"], capture_output=True)
    assert probe.returncode != 0  # no site-packages: pandas, ipywidgets, tqdm are not there
    record = tmp_path / "game.json"
    played = bare("play", "--seed", "7", "-o", str(record))
    assert played.returncode == 0 and played.stderr == ""
    scored = bare("score", str(record))
    assert scored.returncode == 0 and scored.stderr == "", scored.stderr
    lines = scored.stdout.splitlines()
    assert lines[0].split() == ["Runde", "Kari", "Ola", "Siri", "Per"]
    assert lines[1].startswith("1. Pass") and lines[6].startswith("Sum")
    assert scored.stdout == subprocess.run(  # the same table as with every extra installed
        [sys.executable, "-m", "kamplib", "score", str(record)], capture_output=True,
        text=True, encoding="utf-8", check=True).stdout
    checked = bare("--lang", "en", "check", "-", stdin=EXAMPLE_CSV)
    assert checked.returncode == 0 and "Shared win: Kari and Siri with 7 points each" in \
        checked.stdout
    assert checked.stdout.splitlines()[6].split() == ["Total", "7", "16", "7", "9"]
    dealt = bare("deal", "--players", "3", "--seed", "1")
    assert dealt.returncode == 0 and json.loads(dealt.stdout)["format"] == "kamp/1"


def test_a_command_that_needs_an_extra_names_it_in_one_sentence() -> None:
    done = bare("simulate", "--games", "2")
    assert done.returncode == 2 and done.stdout == ""
    assert one_line(done.stderr) == ("kamp: denne kommandoen trenger tillegget simulate "
                                     "(pandas mangler); installer det med "
                                     "pip install 'kamplib[simulate]'\n")


def test_a_sheet_with_a_problem_shows_dashes_not_totals(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    sheet = EXAMPLE_CSV.replace("damer,4,8,0,4", "damer,4,8,0,x")
    code, out, _ = run(capsys, "check", "-", stdin=sheet, monkeypatch=monkeypatch)
    rows = {line.split("  ")[0].strip(): line.split()[-4:] for line in out.splitlines()[1:7]}
    assert code == 1 and rows["3. Damer"] == ["4", "8", "0", "–"]
    assert rows["Sum"] == ["–", "–", "–", "–"]  # no total while a row has a problem


# -- any input answers in words ---------------------------------------------------------------
def one_line(err: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err and "Error" not in err
    assert err.rstrip("\n").isprintable()
    return err


@pytest.mark.parametrize(("stdin", "needle"), [
    ("[" * 1000 + "]" * 1000, "inni hverandre i mer enn 8 nivåer"),
    ('{"format": 1' + "1" * 4300 + "}", "har 4301 sifre"),
    ('{"format": "kamp/1", "game": "femkamp", "players": ["A\\ud800", "B", "C"], '
     '"rounds": []}', "ødelagt tegn (U+D800)"),
    ('{"format": "kamp/1", "game": "femkamp", "players": ["A\\u001b[31m", "B", "C"], '
     '"rounds": []}', "«A[31m» har et styretegn etter «A»"),
    ('{"format": "kamp/1", "game": "femkamp", "players": ["A\\nB", "B", "C"], '
     '"rounds": []}', "«AB» har et linjeskift etter «A»"),
])
def test_score_refuses_hostile_records_in_one_sentence(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str,
        needle: str) -> None:
    code, out, err = run(capsys, "score", "-", stdin=stdin, monkeypatch=monkeypatch)
    assert code == 2 and out == ""
    assert needle in one_line(err)
    assert "\x1b" not in err


@pytest.mark.parametrize(("cell", "needle"), [
    ("²", "«²» for Per er ikke et helt tall"),
    ("12345678901234567890", "«12345678901234567890» for Per er altfor stort"),
    ("9223372036854775808", "«9223372036854775808» for Per er altfor stort"),
    ("\x1b[2J", "«[2J (med et styretegn)» for Per er ikke et helt tall"),
])
def test_check_reports_a_cell_that_is_not_a_score(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, cell: str,
        needle: str) -> None:
    sheet = EXAMPLE_CSV.replace("pass,3,4,2,4", f"pass,3,4,2,{cell}")
    code, out, err = run(capsys, "check", "-", stdin=sheet, monkeypatch=monkeypatch)
    assert code == 1 and err == ""
    assert needle in out and "\x1b" not in out
    assert "Delt seier" not in out  # no winner while a row has a problem


@pytest.mark.parametrize(("sheet", "needle"), [
    ("round,Kari,Ola,Siri\npass,5\r,6,6\n", "Linje 3 har ingen runde"),
    ("round,Kari,Ola,Siri\npass,5,6," + "6" * 131_073 + "\n", "Linje 2 har 131082 tegn"),
    ("round,Kari,Ola,Siri\npass,\"5,6,6\n", "Linje 2 kan ikke leses"),
    ("round,Ka\u200bri,Ola,Siri\n", "«Kari» har et usynlig tegn etter «Ka»"),
    ("round,Kari,Ola,Siri\n" + "pass,5,6,6\n" * 10_001, "høyst 10000"),
])
def test_check_refuses_unreadable_sheets_in_one_sentence(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, sheet: str,
        needle: str) -> None:
    code, out, err = run(capsys, "check", "-", stdin=sheet, monkeypatch=monkeypatch)
    assert code == 2 and out == ""
    assert needle in one_line(err)


def test_check_judges_tie_breaks_and_unfinished_sheets_as_the_engine(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    regular = ("round,A,B,C\npass,5,6,6\nklover,4,5,4\ndamer,4,4,8\nfantan,0,1,1\n"
               "grand,-3,-6,-8\n")  # A 10, B 10, C 11
    rule = ["--rule", "tie_break=extra_grand"]
    code, out, _ = run(capsys, "check", *rule, "-", stdin=regular, monkeypatch=monkeypatch)
    assert code == 0 and "Likt på topp mellom A og B: alle spiller en ekstra Grand" in out
    settled = regular + "grand,-6,-4,-7\n"  # A 4, B 6, C 4: C was not in the tie
    code, out, _ = run(capsys, "check", *rule, "-", stdin=settled, monkeypatch=monkeypatch)
    assert code == 0 and "Vinner: A med 4 poeng" in out and "C" not in out.splitlines()[-2]
    code, out, _ = run(capsys, "check", *rule, "-", stdin=settled + "grand,-6,-5,-6\n",
                       monkeypatch=monkeypatch)
    assert code == 1 and "Rad 7 (Grand): Spillet var avgjort etter rad 6" in out
    code, out, _ = run(capsys, "check", "-", stdin="round,A,B,C\npass,5,6,6\n",
                       monkeypatch=monkeypatch)
    assert code == 0 and "Ingen vinner ennå: 1 av 5 runder er ført" in out
    code, out, _ = run(capsys, "check", "--rule", "clubs_take_all_zero=true", "-",
                       stdin="round,A,B,C\npass,5,6,6\nklover,13,0,0\n",
                       monkeypatch=monkeypatch)
    assert code == 1 and "den som tar alle 13 kløverne, får 0" in out


class CountingStream(io.RawIOBase):
    """Standard input that never ends, counting what is read from it."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        buffer[:] = b" " * len(buffer)
        self.given += len(buffer)
        return len(buffer)


@pytest.mark.parametrize(("command", "needle"), [("score", "en kamp/1-fil er på høyst"),
                                                 ("check", "et poengark er på høyst")])
def test_standard_input_is_read_only_up_to_the_limit(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str,
        needle: str) -> None:
    from kamplib.record import MAX_RECORD_BYTES

    endless = CountingStream()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(endless)))
    code, _, err = run(capsys, command, "-")
    assert code == 2 and needle in one_line(err)
    assert endless.given <= MAX_RECORD_BYTES + 2 * 65536


def test_names_from_the_command_line_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    for players, needle in [("Kari,Ola,Si\x1bri", "«Siri» har et styretegn etter «Si»"),
                            ("999999999999", "ikke 999999"),
                            ("A\u030ase,Åse,Ola", "Åse står der to ganger")]:
        code, _, err = run(capsys, "deal", "--players", players)
        assert code == 2 and needle in one_line(err)
