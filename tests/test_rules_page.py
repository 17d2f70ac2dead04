"""The rules page ``docs/regler.md`` matches the engine, names every house rule, and the README
links to it.

The page's tables are written by ``scripts/rules_page.py``; these tests check that the page is up
to date, that the script's tables say what the engine says (read back from the page itself), and
that the hand-written prose holds no number or code name the script does not control.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from kamplib.deal import cards_in_play, hand_sizes, removed_cards, tricks_in_play
from kamplib.i18n import card_list, kind_name
from kamplib.kinds import KIND_NAMES, KINDS
from kamplib.rules import GAMES, RULE_CHOICES, RULE_KEYS, defaults, make_rules
from kamplib.scoring import points_in_play
from kamplib.seating import TABLE_SIZES
from kamplib.sheet import ScoreSheet
from kamplib.teach.house_rules import value_label

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "regler.md"


def _load_script():
    spec = importlib.util.spec_from_file_location("rules_page", ROOT / "scripts/rules_page.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


rp = _load_script()
TEXT = PAGE.read_text(encoding="utf-8")


def _block(name: str, text: str = TEXT) -> str:
    found = [m["body"] for m in rp.BLOCK.finditer(text) if m["name"] == name]
    assert len(found) == 1, f"block regler:{name} should appear once"
    return found[0]


def _rows(markdown: str) -> list[list[str]]:
    """The body rows of every markdown table in ``markdown`` (header and rule lines skipped)."""
    lines = [line for line in markdown.splitlines() if line.startswith("|")]
    rules = {i for i, line in enumerate(lines) if set(line) <= set("|-")}
    skip = rules | {i - 1 for i in rules}  # each table's header sits above its rule line
    return [[cell.strip() for cell in line.strip("|").split("|")]
            for i, line in enumerate(lines) if i not in skip]


def _int(cell: str) -> int:
    return int(cell.replace("−", "-"))


def _problems_of(text: str) -> list[str]:
    return rp.problems(rp.render(text))


# -- the page is up to date and well formed ------------------------------------------------
def test_page_is_up_to_date_and_clean(capsys) -> None:
    assert rp.main(["--check", str(PAGE)]) == 0, capsys.readouterr().err
    assert rp.render(TEXT) == TEXT
    assert rp.problems(TEXT) == []


def test_check_fails_on_a_stale_number(tmp_path, capsys) -> None:
    stale = TEXT.replace("| 4 | ingen | 52 | 13 | 13 | 13 |", "| 4 | ingen | 52 | 12 | 13 | 13 |")
    assert stale != TEXT
    page = tmp_path / "regler.md"
    page.write_text(stale, encoding="utf-8")
    assert rp.main(["--check", str(page)]) == 1
    assert "out of date" in capsys.readouterr().err
    assert rp.main([str(page)]) == 0  # writing mends it
    assert page.read_text(encoding="utf-8") == TEXT


def test_check_fails_on_a_stale_number_in_a_sentence(tmp_path) -> None:
    stale = TEXT.replace("<!--tall:kort-->52<!--/tall-->", "<!--tall:kort-->54<!--/tall-->")
    assert stale != TEXT
    page = tmp_path / "regler.md"
    page.write_text(stale, encoding="utf-8")
    assert rp.main(["--check", str(page)]) == 1


def test_a_number_typed_into_the_prose_is_refused() -> None:
    text = TEXT.replace("Hvert pass\n  koster", "Hvert pass (3 i alt)\n  koster")
    assert text != TEXT
    found = _problems_of(text)
    assert len(found) == 1 and "the number 3 is not from the engine" in found[0]


def test_a_code_name_in_the_prose_is_refused_unless_marked_as_a_key() -> None:
    bare = re.sub(r"nøkkel\s+i\s+fila:\s*`tie_break`", "`tie_break`", TEXT)
    assert bare != TEXT
    assert any("code `tie_break`" in p for p in _problems_of(bare))
    other = TEXT.replace("Ess er høyest,", "Ess (`klover`) er høyest,")
    assert any("code `klover`" in p for p in _problems_of(other))
    unknown = TEXT.replace("`tie_break`", "`tiebreak`")
    assert any("code `tiebreak`" in p for p in _problems_of(unknown))


def test_a_missing_block_or_unknown_name_is_reported(tmp_path, capsys) -> None:
    start = TEXT.index("<!-- BEGIN regler:poeng ")
    end = TEXT.index("<!-- END regler:poeng -->") + len("<!-- END regler:poeng -->")
    assert "block regler:poeng is missing" in _problems_of(TEXT[:start] + TEXT[end:])
    page = tmp_path / "regler.md"
    page.write_text(TEXT.replace("tall:kort-->", "tall:kortene-->", 1), encoding="utf-8")
    assert rp.main(["--check", str(page)]) == 2
    assert "unknown number tall:kortene" in capsys.readouterr().err


def test_a_line_may_not_begin_with_a_number_marker() -> None:
    text = TEXT.replace("vanlig kortstokk med <!--tall", "vanlig kortstokk med\n<!--tall")
    assert text != TEXT
    assert any("must not begin with a number marker" in p for p in rp.problems(text))


# -- every house rule, by its key -------------------------------------------------------------
def test_every_house_rule_is_listed_by_its_key_with_its_defaults() -> None:
    rows = {row[0].strip("`"): row for row in _rows(_block("husregler"))}
    assert list(rows) == list(RULE_KEYS)

    def standard_in(game: str, key: str) -> str:
        cell = rows[key][3]
        if cell.endswith(" (alle spill)"):
            return cell.removesuffix(" (alle spill)")
        return dict(line.split(": ", 1) for line in cell.split("<br>"))[rp.GAME_TITLES[game]]

    for game, order in GAMES.items():
        assert standard_in(game, "order") == " → ".join(kind_name(k) for k in order)
        for key in RULE_CHOICES:
            label = value_label(key, getattr(defaults(game), key))
            assert standard_in(game, key) == label, (key, game)


def test_every_house_rule_is_explained_in_the_prose_under_its_key() -> None:
    body = rp.prose(TEXT).partition(rp.RECORD_HEADING)[0]
    for key in RULE_KEYS:
        assert re.search(r"nøkkel\s+i\s+fila:\s*`" + key + "`", body), key


# -- the tables say what the engine says --------------------------------------------------------
@pytest.mark.parametrize("game", list(GAMES))
def test_the_rounds_of_each_game(game: str) -> None:
    rows = _rows(_block(f"runder:{game}"))
    rules = defaults(game)
    assert [r[1] for r in rows] == [kind_name(k) for k in GAMES[game]]
    assert [r[3] for r in rows] == [KINDS[k].points_text(rules) for k in GAMES[game]]
    assert [int(r[0]) for r in rows] == list(range(1, len(GAMES[game]) + 1))


def test_the_deck_for_each_table_size() -> None:
    rules = defaults("femkamp")
    rows = {int(r[0]): r for r in _rows(_block("kortstokk"))}
    assert sorted(rows) == list(TABLE_SIZES)
    for n, (_, out, in_play, each, tricks, fantan) in rows.items():
        assert out == (card_list(removed_cards("pass", n, rules)) or "ingen")
        assert int(in_play) == cards_in_play("pass", n, rules).bit_count()
        assert int(each) == int(tricks) == tricks_in_play(n, rules)
        sizes = hand_sizes(cards_in_play("fantan", n, rules).bit_count(), n, 0)
        assert {int(x) for x in fantan.split(" eller ")} == set(sizes)


def test_the_points_in_play() -> None:
    rules = defaults("custom", KIND_NAMES)
    tables = _block("poeng").split("Med en husregel")
    plain = {r[0]: r[1:] for r in _rows(tables[0])}
    assert list(plain) == [kind_name(k) for k in KIND_NAMES if KINDS[k].is_trick_round]
    for k in KIND_NAMES:
        if KINDS[k].is_trick_round:
            assert [_int(c) for c in plain[kind_name(k)]] == [
                points_in_play(k, n, rules) for n in TABLE_SIZES]
    variants = {r[0]: [_int(c) for c in r[1:]] for r in _rows(tables[1])}
    queens = make_rules("custom", {"order": KIND_NAMES, "queen_points": 5})
    finale = make_rules("custom", {"order": KIND_NAMES, "finale_queen_of_clubs": 4})
    assert [points_in_play("damer", n, queens) for n in TABLE_SIZES] in variants.values()
    assert [points_in_play("finale", n, finale) for n in TABLE_SIZES] in variants.values()


def test_the_last_round_doubled() -> None:
    rows = {r[0]: [_int(c) for c in r[1:]] for r in _rows(_block("dobbel"))}
    for game, order in GAMES.items():
        rules = make_rules(game, {"last_round_double": True})
        last = len(order) - 1
        label = f"{rp.GAME_TITLES[game]}: {kind_name(order[last])}"
        assert rows[label] == [points_in_play(order[last], n, rules, rules.multiplier(last))
                               for n in TABLE_SIZES]


def test_the_worked_example() -> None:
    rows = {r[0]: r[1:] for r in _rows(_block("eksempel"))}
    sheet = ScoreSheet.example()
    totals = {p: _int(rows[p][-1]) for p in sheet.players}
    # checked by hand: 3+2+4+3−5 = 7, 4+5+8+1−2 = 16, 2+3+0+6−4 = 7, 4+3+4+0−2 = 9
    assert totals == sheet.totals() == {"Kari": 7, "Ola": 16, "Siri": 7, "Per": 9}
    assert "Lavest sum: Kari og Siri, med 7 hver." in _block("eksempel")
    must = rows["*Skal bli*"]
    for i, (kind, _) in enumerate(sheet.rows):
        if KINDS[kind].is_trick_round:
            assert _int(must[i]) == _int(rows["**Til sammen**"][i]) == points_in_play(
                kind, len(sheet.players), sheet.rules)


# -- links ------------------------------------------------------------------------------------
def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(text: str) -> set[str]:
    return {_slug(m[1]) for m in re.finditer(r"^#+ (.+)$", text, re.M)}


def test_links_inside_the_page_lead_to_its_headings() -> None:
    targets = re.findall(r"\]\(#([^)]+)\)", TEXT)
    assert targets
    assert set(targets) <= _anchors(TEXT)


def test_the_readme_links_to_the_page_and_not_outside_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((docs/regler\.md)(?:#([^)]+))?\)", readme)
    assert len(links) >= 2  # the introduction and the layout table
    assert {anchor for _, anchor in links if anchor} <= _anchors(TEXT)
    assert "../" not in readme and "shared/RULES.md" not in readme
