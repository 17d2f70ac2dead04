"""Golden records: whole games in ``tests/records/`` read, replayed and scored by the engine, the
command line and the score-sheet checker, each against the totals written beside it.

How the expected scores (``<name>.expected.json``) were checked: every round's scores were
counted from the record's plays by a separate count written from the rules alone (the rules page,
docs/regler.md: trick winners from the led suit, trump and rank; Fan Tan passes and cards left;
each kind's points and house rules; the tie-break narrowing among the tied players) — no engine
code — and it agreed with the engine on every round of every record.  Besides, three rounds were
counted by hand from the plays as printed trick by trick:

- ``femkamp-4-clubs-take-all``, round 2 (Kløver): Ola holds all 13 clubs, leads a club into
  every trick and nobody else can follow, so Ola takes all 13 tricks and clubs and scores 0
  under ``clubs_take_all_zero``; the others take nothing: 0, 0, 0, 0.
- ``femkamp-3-extra-grand``, round 4 (Fan Tan, 52 cards, Kari 18, Ola 17, Siri 17): Ola lays
  her 17th card (♥2) last and scores 0; Kari laid 16 and passed once: 2 + 1 = 3; Siri laid 15
  and passed twice: 2 + 2 = 4.
- ``femkamp-3-extra-grand``, round 6 (the tie-break Grand, Kari and Ola tied on 7): Kari takes
  tricks 3–7 and 11–13 (8), Ola tricks 8–10 (3), Siri tricks 1, 2 and 14–17 (6), so −8, −3, −6;
  Kari ends on −1 and Ola on 4 — Siri's 16 does not count, she was not in the tie.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kamplib.cli import main
from kamplib.record import read_record, write_record
from kamplib.sheet import ScoreSheet

RECORDS = Path(__file__).parent / "records"
NAMES = sorted(p.stem for p in RECORDS.glob("*.json") if not p.stem.endswith(".expected"))


def load(name: str) -> tuple[bytes, dict, dict]:
    data = (RECORDS / f"{name}.json").read_bytes()
    expected = json.loads((RECORDS / f"{name}.expected.json").read_text(encoding="utf-8"))
    return data, json.loads(data), expected


@pytest.mark.parametrize("name", NAMES)
def test_the_engine_scores_each_round_as_written(name: str) -> None:
    data, _, expected = load(name)
    game = read_record(data)
    assert game.is_over
    assert [[r.kind, r.scores()] for r in game.rounds] == expected["rounds"]
    assert game.totals() == expected["totals"]
    assert game.winners == expected["winners"]


@pytest.mark.parametrize("name", NAMES)
def test_read_and_write_is_byte_identical(name: str) -> None:
    data, _, _ = load(name)
    assert write_record(read_record(data)).encode("utf-8") == data


@pytest.mark.parametrize("name", NAMES)
def test_the_command_line_scores_it(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, _, expected = load(name)
    assert main(["score", "--json", str(RECORDS / f"{name}.json")]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["totals"] == expected["totals"] and doc["winners"] == expected["winners"]
    assert [[r["kind"], r["scores"]] for r in doc["rounds"]] == expected["rounds"]


@pytest.mark.parametrize("name", NAMES)
def test_the_sheet_checker_agrees(name: str) -> None:
    data, doc, expected = load(name)
    sheet = ScoreSheet.from_game(read_record(data))
    verdict = sheet.standing()
    assert verdict.problems == () and verdict.totals == expected["totals"]
    assert list(verdict.winners) == expected["winners"]
    # the same sheet typed in as CSV, read with the record's game and house rules
    again = ScoreSheet.from_csv(sheet.to_csv(), doc["game"], doc.get("rules"))
    assert again.standing() == verdict


def test_the_records_cover_every_game_table_size_and_the_house_rules_asked_for() -> None:
    docs = [load(name)[1] for name in NAMES]
    assert len(docs) >= 6
    assert {d["game"] for d in docs} == {"femkamp", "sekskamp", "sjukamp"}
    assert {len(d["players"]) for d in docs} == {3, 4, 5}
    rules = [d.get("rules", {}) for d in docs]
    for key, value in [("tie_break", "extra_grand"), ("trump", "dealer"),
                       ("last_round_double", True), ("clubs_take_all_zero", True),
                       ("queen_points", 5), ("fantan_opener", "left_of_dealer")]:
        assert any(r.get(key) == value for r in rules), key
    tie_break = load("femkamp-3-extra-grand")[1]
    assert len(tie_break["rounds"]) == 6 and tie_break["rounds"][5]["kind"] == "grand"


def test_a_thirteen_for_the_player_who_took_every_club_is_refused() -> None:
    data, _, _ = load("femkamp-4-clubs-take-all")
    sheet = ScoreSheet.from_game(read_record(data))
    assert sheet.rows[1] == ("klover", {"Kari": 0, "Ola": 0, "Siri": 0, "Per": 0})
    sheet.set_score(1, "Ola", 13)
    [problem] = sheet.problems()
    assert problem.code == "sheet_unreachable_klover" and problem.player == "Ola"
    assert problem.message("nb") == ("Rad 2 (Kløver): Ola har 13, men den som tar alle 13 "
                                     "kløverne, får 0 etter husreglene, så 13 kan ingen få")
    assert sheet.winners() == [] and sheet.standing().totals is None
