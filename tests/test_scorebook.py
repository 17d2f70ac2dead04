"""The family's score book in plain Python (kamplib.teach.scorebook): kept as the browser keeps
it, statistics against the engine's own games, export and import, and a store that is broken."""

from __future__ import annotations

import json
import statistics

import pytest

from kamplib.autoplay import autoplay, make_bots
from kamplib.errors import KampError, SheetError
from kamplib.game import Game
from kamplib.rules import make_rules
from kamplib.sheet import ScoreSheet
from kamplib.teach.scorebook import (
    BOOK_SCHEMA,
    BookGame,
    ScoreBook,
    games_table,
    kinds_chart,
    kinds_table,
    stats_table,
    why_unreadable,
)
from kamplib.teach.store import __doc__ as STORE_KEYS

FAMILY = ["Mormor", "Jonas", "Emma", "Kari"]


def played(seed: int, game: str = "femkamp", players: list[str] | None = None,
           rules: dict | None = None) -> Game:
    """A whole game played by the engine's bots."""
    names = players or FAMILY
    g = Game(names, game, make_rules(game, rules), seed=seed)
    autoplay(g, make_bots(len(names), "heuristic", seed))
    assert g.is_over
    return g


def evenings() -> list[tuple[str, Game]]:
    """A summer of games: three games, two table sizes, house rules, a Sjukamp."""
    return [("2026-07-01", played(1)),
            ("2026-07-02", played(2, rules={"queen_points": 5})),
            ("2026-07-02", played(3, "sjukamp", FAMILY[:3])),
            ("2026-07-10", played(4, "sekskamp", ["Emma", "Jonas", "Kari", "Mormor", "Per"]))]


def book_of(games: list[tuple[str, Game]]) -> ScoreBook:
    book = ScoreBook()
    for date, g in games:
        book.add(ScoreSheet.from_game(g), date)
    return book


def test_the_store_key_is_the_one_listed_for_the_origin() -> None:
    assert "``kamp/1/scorebook``" in (STORE_KEYS or "")


def test_games_are_kept_across_a_reload_newest_first() -> None:
    games = evenings()
    book = book_of(games)
    again = ScoreBook.from_json(book.to_json())  # what the browser gives back after a reload
    assert [g.as_dict() for g in again.games] == [g.as_dict() for g in book.games]
    assert [g.date for g in again.games] == ["2026-07-10", "2026-07-02", "2026-07-02",
                                             "2026-07-01"]
    assert [g.rules.game for g in again.games] == ["sekskamp", "sjukamp", "femkamp", "femkamp"]
    assert json.loads(book.to_json())["schema"] == BOOK_SCHEMA
    assert again.unreadable == []


def test_statistics_agree_with_the_engines_games() -> None:
    games = evenings()
    book = book_of(games)
    stats = {s.name: s for s in book.stats()}
    assert set(stats) == {"Mormor", "Jonas", "Emma", "Kari", "Per"}
    for name, s in stats.items():
        mine = [g for _, g in games if name in g.players]
        assert s.games == len(mine)
        assert s.wins == sum(name in g.winners for g in mine)
        rounds = [(r.kind, r.scores()[name], date) for date, g in games if name in g.players
                  for r in g.rounds]
        for kind in {k for k, _, _ in rounds}:
            assert s.mean(kind) == pytest.approx(statistics.fmean(
                v for k, v, _ in rounds if k == kind))
        assert s.best is not None and s.worst is not None
        assert s.best[0] == min(v for _, v, _ in rounds)
        assert s.worst[0] == max(v for _, v, _ in rounds)
        assert (s.best[1], s.best[0]) in {(k, v) for k, v, _ in rounds}
    # the engine's totals and winners are the book's
    by_id = {BookGame.of_sheet(ScoreSheet.from_game(g), d).id: g for d, g in games}
    for game in book.games:
        assert game.totals == by_id[game.id].totals()
        assert list(game.winners) == by_id[game.id].winners


def test_tables_and_chart_say_it_in_the_learners_words() -> None:
    book = book_of(evenings())
    listed = games_table(book, "nb")
    assert listed.rows[0][:2] == ("10.07.2026", "Sekskamp")
    # on one day the game entered last comes first
    assert [r[1] for r in listed.rows[1:3]] == ["Sjukamp", "Femkamp"]
    assert "Poeng per dame" in listed.rows[2][2] and listed.rows[-1][2] == "vanlige"
    english = stats_table(book, "en")
    assert english.columns == ("Player", "Games", "Wins", "Best round", "Worst round")
    means = kinds_table(book, "en")
    assert means.columns[0] == "Player" and "Queens" in means.columns
    assert len(means.columns) == 1 + 7  # every kind of round the summer had, Sjukamp's too
    emma = next(r for r in kinds_table(book, "nb").rows if r[0] == "Emma")
    assert all("." not in cell for cell in emma[1:])  # bokmål decimals
    chart = kinds_chart(book, "nb")
    assert chart.startswith("<svg") and "Mormor" in chart and "<script" not in chart
    assert "Poengboka" not in chart


def test_a_name_that_reaches_html_is_escaped() -> None:
    g = played(5, players=["<b>Ola</b>", "Kari", "Per"])
    sheet = ScoreSheet.from_game(g)
    book = ScoreBook()
    book.add(sheet, "2026-08-01")
    html = games_table(book).html() + stats_table(book).html() + kinds_chart(book)
    assert "<b>Ola" not in html and "&lt;b&gt;Ola" in html


def test_only_a_finished_sheet_without_mistakes_goes_in_and_only_once() -> None:
    sheet = ScoreSheet.example()
    half = ScoreSheet(sheet.players, "femkamp")
    for kind, scores in sheet.rows[:3]:
        half.add_row(kind, scores)
    book = ScoreBook()
    with pytest.raises(SheetError, match="ikke ferdig"):
        book.add(half, "2026-07-14")
    wrong = ScoreSheet(sheet.players, "femkamp")
    for kind, scores in sheet.rows:
        wrong.add_row(kind, {**scores, "Ola": scores["Ola"] + 1})
    with pytest.raises(SheetError) as err:
        book.add(wrong, "2026-07-14")
    assert "winner and no mistakes" in err.value.message("en")
    book.add(sheet, "2026-07-14")
    with pytest.raises(SheetError, match="allerede"):
        book.add(sheet, "2026-07-14")
    assert len(book.games) == 1


def test_the_whole_book_exports_as_one_file_and_imports_again() -> None:
    book = book_of(evenings())
    opened = ScoreBook.open_file(book.export_text().encode(), "poengbok-2026-07-11.json")
    assert opened.skipped == 0
    fresh = ScoreBook()
    assert fresh.merge(opened.games) == (4, 0)
    assert fresh.as_dict() == book.as_dict()
    assert [(s.name, s.games, s.wins, s.best, s.worst, s.sums) for s in fresh.stats()] == \
        [(s.name, s.games, s.wins, s.best, s.worst, s.sums) for s in book.stats()]
    assert book.merge(opened.games) == (0, 4)  # nothing twice


@pytest.mark.parametrize("lang", ["nb", "en"])
def test_each_game_exports_as_the_score_sheets_csv_and_imports_again(lang: str) -> None:
    rules = make_rules("femkamp", {"queen_points": 5})
    book = book_of([("2026-07-02", played(2, rules={"queen_points": 5})),
                    ("2026-07-03", played(6))])
    for game in book.games:
        text = game.to_csv(lang)
        assert ScoreSheet.from_csv(text).players == game.sheet.players  # the sheet's own CSV
        name = game.file_name(lang)
        assert game.date in name and name.endswith(".csv")
        back = ScoreBook.open_file(text.encode("utf-8"), name, rules).games
        assert [g.as_dict() for g in back] == [game.as_dict()]


def test_a_file_that_is_no_book_is_refused_in_words() -> None:
    for content in (b"{not json", b'{"schema": "kamp-learner/1"}', b"\xff\xfe\x00garbage,,"):
        with pytest.raises(KampError) as err:
            ScoreBook.open_file(content, "x.json")
        assert err.value.message("nb")
    with pytest.raises(KampError, match="for stor"):
        ScoreBook.open_file(b" " * 3_000_000, "stor.json")


def test_a_corrupted_store_keeps_what_can_be_read_and_loses_nothing() -> None:
    book = book_of(evenings()[:2])
    doc = json.loads(book.to_json())
    broken = dict(doc["games"][0], rows=[["pass", [1, 2]]])  # a row too short
    cheated = json.loads(json.dumps(doc["games"][1]))
    cheated["rows"][0][1][0] += 1  # a row that cannot sum up: the checker refuses it
    doc["games"] = [doc["games"][0], broken, "nonsense", cheated, doc["games"][1]]
    again = ScoreBook.from_json(json.dumps(doc))
    assert [g.id for g in again.games] == [g.id for g in book.games]
    assert again.unreadable == [broken, "nonsense", cheated]
    # kept as it was through the next write, and in the exported file
    kept = ScoreBook.from_json(again.to_json())
    assert kept.unreadable == again.unreadable and len(kept.games) == 2
    assert "nonsense" in again.export_text()
    # a store that is not even JSON: an empty list, the text kept
    garbage = ScoreBook.from_json('{"schema": "kamp-scorebook/1", "games": [')
    assert garbage.games == [] and garbage.unreadable == ['{"schema": "kamp-scorebook/1", '
                                                          '"games": [']
    assert ScoreBook.from_json(garbage.to_json()).unreadable == garbage.unreadable
    assert ScoreBook.from_json("").games == [] and ScoreBook.from_json(None).unreadable == []
    assert ScoreBook.from_json('{"schema": "kamp-scorebook/1", "games": [], "x": NaN}') \
        .unreadable != []


def test_what_could_not_be_read_is_said_in_words() -> None:
    game = book_of(evenings()[:1]).as_dict()["games"][0]
    said = {
        "nonsense": "noe av det som var lagret, er ikke et spill",
        json.dumps({"schema": "kamp-scorebook/0"}): "det som var lagret, er ikke en poengbok",
        json.dumps({**game, "date": "2026-02-30"}): "et spill har ingen dato som finnes",
        json.dumps({k: v for k, v in game.items() if k != "rows"}):
            "spillet fra 01.07.2026 mangler noe eller har noe av feil slag",
        json.dumps({**game, "players": ["Kari"]}):
            "spillet fra 01.07.2026 kan ikke stemme (Spillet trenger 3 til 5 spillere, ikke 1)",
    }
    for text, words in said.items():
        entry = json.loads(text) if text.startswith("{") else text
        assert why_unreadable(entry).startswith(words), (text, why_unreadable(entry))
    # the whole stored text when it is no JSON: what the page says about it
    [garbage] = ScoreBook.from_json("{not json").unreadable
    assert why_unreadable(garbage, "en") == "part of what was stored is not a game"


def test_a_date_that_is_no_day_is_refused() -> None:
    with pytest.raises(ValueError):
        BookGame.of_sheet(ScoreSheet.example(), "2026-02-30")
    doc = BookGame.of_sheet(ScoreSheet.example(), "2026-02-28").as_dict()
    assert BookGame.from_dict(doc).date == "2026-02-28"
    with pytest.raises(ValueError):
        BookGame.from_dict({**doc, "date": "28.02.2026"})


def test_a_game_in_the_familys_own_order_is_kept_too() -> None:
    rules = make_rules("custom", {"order": ["grand", "pass", "klover"]})
    g = Game(FAMILY[:3], "custom", rules, seed=8)
    autoplay(g, make_bots(3, "heuristic", 8))
    book = ScoreBook()
    book.add(ScoreSheet.from_game(g), "2026-07-20")
    again = ScoreBook.from_json(book.to_json())
    assert [x.as_dict() for x in again.games] == [x.as_dict() for x in book.games]
    assert games_table(again, "nb").rows[0][1] == "Eget spill"
