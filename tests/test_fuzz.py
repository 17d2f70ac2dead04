"""Fuzzing the readers: mutated records and score sheets, seeded and bounded (a few seconds).

Whatever comes in — broken JSON, wrong types, huge numbers, deep nesting, stray control and
invisible characters, lone surrogates, line breaks in odd places — :func:`read_record`,
:meth:`ScoreSheet.from_csv` and the command line (``kamp score``, ``kamp check``) either give a
result or raise the package's own error with a message in both languages; the command line
exits 0, 1 or 2 and says a bad input in one printable line.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from kamplib import KampError
from kamplib.cli import main
from kamplib.record import read_record, write_record
from kamplib.sheet import ScoreSheet

RECORDS = Path(__file__).parent / "records"
SEED = 20_261_201
CASES = 100  # per reader; every case runs through the API and the command line

ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 7, 10**30, 1.5, float("inf"), "", " ", "pass", "prikk", "AS", "10H",
    "♣Q", "S", "x" * 5000, "\ud800", "A\u030a", "Kari\u200b", "\x1b[31m", "\x00", "\n", "\r",
    "²", "9223372036854775808", [], {}, [[[[[[[[[[[]]]]]]]]]]], {"a": {"b": {"c": [1]}}},
    ["Kari", "AS"], ["AS"] * 60, "kløver", "grand", "femkamp", "custom",
]
ODD_TEXT = ["\r", "\n", "\r\n", '"', ",", ";", "²", "−", "-", "0", "9", "13", "\x00", "\ufeff",
            "\u200b", "\u202e", "\x1b", "\ud800", "[", "]", "{", "}", ":", "\\", "e", "E",
            "NaN", "9" * 400, "[" * 1200, "\t", " ", "Å", "A\u030a"]


def records() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(RECORDS.glob("*.json"))
            if not p.name.endswith(".expected.json")]


def paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a parsed document (as a path of keys and indexes)."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += paths(v, (*prefix, i))
    return out


def mutate_doc(doc: Any, rng: random.Random) -> Any:
    doc = copy.deepcopy(doc)
    for _ in range(rng.randint(1, 3)):
        where = rng.choice(paths(doc)[1:])
        parent = doc
        for key in where[:-1]:
            parent = parent[key]
        last = where[-1]
        action = rng.random()
        if action < 0.5:
            parent[last] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif action < 0.65:
            del parent[last]
        elif action < 0.8 and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        elif isinstance(parent, dict):
            parent[rng.choice(ODD_TEXT)] = parent.pop(last)
        else:
            parent.reverse()
    return doc


def mutate_text(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(chars) + 1)
        action = rng.random()
        if action < 0.5:
            chars[i:i] = list(rng.choice(ODD_TEXT))
        elif action < 0.8:
            del chars[i:i + rng.randint(1, 20)]
        else:
            j = rng.randrange(len(chars) + 1)
            chars[i:i] = chars[j:j + rng.randint(1, 200)]
    return "".join(chars)


def record_inputs() -> list[str | bytes]:
    rng = random.Random(SEED)
    texts = records()
    docs = [json.loads(t) for t in texts]
    out: list[str | bytes] = []
    for _ in range(CASES):
        pick = rng.random()
        if pick < 0.1:  # the same game written another way (one line, escapes): still read
            out.append(json.dumps(rng.choice(docs), ensure_ascii=rng.random() < 0.5))
        elif pick < 0.6:
            out.append(json.dumps(mutate_doc(rng.choice(docs), rng),
                                  ensure_ascii=rng.random() < 0.5))
        elif pick < 0.9:
            out.append(mutate_text(rng.choice(texts), rng))
        else:
            data = bytearray(rng.choice(texts).encode("utf-8"))
            for _ in range(rng.randint(1, 8)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            out.append(bytes(data))
    return out


def sheet_inputs() -> list[str | bytes]:
    rng = random.Random(SEED + 1)
    sheets = []
    for text in records():
        game = read_record(text)
        sheets.append(ScoreSheet.from_game(game).to_csv())
    sheets.append(ScoreSheet.example().to_csv().replace(",", ";") + "sum;7;16;7;9\n")
    out: list[str | bytes] = []
    for _ in range(CASES):
        text = mutate_text(rng.choice(sheets), rng)
        out.append(text.encode("utf-8", "surrogatepass") if rng.random() < 0.2 else text)
    return out


def save(path: Path, source: str | bytes) -> None:
    """Write an input as a file would hold it (a lone surrogate as the bytes it would be)."""
    path.write_bytes(source if isinstance(source, bytes)
                     else source.encode("utf-8", "surrogatepass"))


def assert_worded(err: KampError) -> None:
    for lang in ("nb", "en"):
        text = err.message(lang)
        assert text and "Traceback" not in text
        assert len(text) < 1000


def assert_cli(argv: list[str], capsys: pytest.CaptureFixture[str], codes: set[int]) -> None:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code in codes, (argv, code, err)
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("kamp: ") and err.rstrip().isprintable()
    else:
        assert err == ""
    assert "\x1b" not in out + err


def test_records_never_escape_as_anything_but_a_kamp_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "record.json"
    read = 0
    for source in record_inputs():
        try:
            game = read_record(source)
        except KampError as err:
            assert_worded(err)
        else:
            read += 1
            write_record(game)
            game.totals()
        save(path, source)
        flip = len(path.read_bytes()) % 2  # both outputs, each for half of the inputs
        assert_cli(["score", str(path)] if flip else ["--lang", "en", "score", "--json",
                                                       str(path)], capsys, {0, 2})
    assert 0 < read < CASES  # the mutations make both readable and broken records


def test_sheets_never_escape_as_anything_but_a_kamp_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sheet.csv"
    read = 0
    for source in sheet_inputs():
        try:
            sheet = ScoreSheet.from_csv(source)
        except KampError as err:
            assert_worded(err)
        else:
            read += 1
            verdict = sheet.standing()
            for problem in verdict.problems:
                assert problem.message("nb") and problem.message("en")
            verdict.message("nb")
            sheet.table()
            assert ScoreSheet.from_csv(sheet.to_csv(), sheet.rules.game
                                       if sheet.rules.game != "custom" else None).rows \
                == sheet.rows
        save(path, source)
        assert_cli(["check", str(path)], capsys, {0, 1, 2})
    assert 0 < read < CASES


def test_typed_cells_never_raise() -> None:
    rng = random.Random(SEED + 2)
    sheet = ScoreSheet.example()
    for _ in range(2000):
        row = rng.randrange(len(sheet.rows))
        player = rng.choice(sheet.players)
        value = rng.choice(ODD_VALUES + ODD_TEXT + [rng.randint(-40, 40)])
        sheet.set_score(row, player, value)
        kept = sheet.rows[row][1][player]
        assert kept is None or isinstance(kept, (int, str))
        verdict = sheet.standing()
        if verdict.problems:
            assert verdict.totals is None or all(p.row is None for p in verdict.problems)
