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
    (["deal", "--rule", "queen_points=6"], "queen_points kan ikke være 6"),
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
