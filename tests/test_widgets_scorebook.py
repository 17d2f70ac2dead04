"""ScoreBookWidget driven in Python: a finished sheet goes in, the browser's copy comes back and
is never overwritten before it has, a broken store is said, files out and in."""

from __future__ import annotations

import base64
import json
import re
from datetime import UTC, date, datetime

from kamplib.sheet import ScoreSheet
from kamplib.teach.scorebook import BOOK_SCHEMA, ScoreBook
from kamplib.widgets import ScoreSheetWidget
from kamplib.widgets.scorebook import ScoreBookWidget

EXAMPLE = [(3, 4, 2, 4), (2, 5, 3, 3), (4, 8, 0, 4), (3, 1, 6, 0), (-5, -2, -4, -2)]


def upload(name: str, content: bytes) -> dict:
    """One file as the browser's FileUpload sends it."""
    return {"name": name, "type": "application/json", "size": len(content),
            "content": memoryview(content), "last_modified": datetime(2026, 1, 1, tzinfo=UTC)}


def filled(rows=EXAMPLE) -> ScoreSheetWidget:
    sheet = ScoreSheetWidget()
    for i, values in enumerate(rows):
        for player, value in zip(sheet.entry.players, values, strict=True):
            sheet.cell(i, player).value = str(value)
    return sheet


def restore(book: ScoreBookWidget, stored: str, how: str = "merge") -> None:
    """What the page's storage bridge does when the field appears (merge) or another tab
    changed the book (replace)."""
    book.store.value = json.dumps({"schema": BOOK_SCHEMA, "restore": stored, "how": how})


def downloaded(link_html: str) -> str:
    found = re.search(r"base64,([A-Za-z0-9+/=]+)'", link_html)
    assert found, link_html
    return base64.b64decode(found[1]).decode("utf-8")


def test_a_finished_sheet_goes_in_and_the_book_is_handed_to_the_browser() -> None:
    sheet = filled()
    book = ScoreBookWidget(sheet)
    assert "Poengboka er tom" in book.games.value
    restore(book, "")  # a browser that kept nothing yet
    book.date.value = date(2026, 7, 14)
    book.add_button.click()
    assert "Spillet fra 14.07.2026 er lagt i poengboka" in book.messages.widget.value
    assert "14.07.2026" in book.games.value and "Kari og Siri" in book.games.value
    stored = json.loads(book.store.value)
    assert stored["schema"] == BOOK_SCHEMA and len(stored["games"]) == 1
    assert "<svg" in book.stats.value and "Beste runde" in book.stats.value
    book.add_button.click()  # the same evening twice is one game
    assert "allerede" in book.messages.widget.value and len(book.book.games) == 1


def test_an_unfinished_sheet_is_refused_in_words() -> None:
    book = ScoreBookWidget(filled(EXAMPLE[:3]))
    book.add_button.click()
    assert "ikke ferdig" in book.messages.widget.value and book.book.games == []


def test_the_kept_book_comes_back_after_a_reload_and_a_game_entered_first_joins_it() -> None:
    first = ScoreBookWidget(filled())
    restore(first, "")
    first.date.value = date(2026, 7, 1)
    first.add_button.click()
    kept = first.store.value
    # the reloaded page: the family adds a game before the browser has answered
    other = filled([(4, 3, 2, 4), (2, 5, 3, 3), (4, 8, 0, 4), (3, 1, 6, 0), (-5, -2, -4, -2)])
    again = ScoreBookWidget(other)
    again.date.value = date(2026, 7, 2)
    again.add_button.click()
    assert again.store.value == ""  # nothing written over the stored book before it is back
    restore(again, kept)
    assert [g.date for g in again.book.games] == ["2026-07-02", "2026-07-01"]
    fresh = ScoreBookWidget(filled())  # a page that only shows the kept book: a game is picked
    restore(fresh, kept)
    assert fresh.pick.value == fresh.book.games[0].id
    assert len(json.loads(again.store.value)["games"]) == 2


def test_another_tabs_book_is_taken_as_it_is() -> None:
    this = ScoreBookWidget(filled())
    restore(this, "")
    this.add_button.click()
    other_tab = ScoreBook()  # the other tab took this game out and added another
    other_tab.add(ScoreSheet.example(), "2026-06-30")
    restore(this, other_tab.to_json(), how="replace")
    assert [g.date for g in this.book.games] == ["2026-06-30"]
    assert this.store.value == other_tab.to_json()


def test_a_broken_store_is_said_and_kept() -> None:
    book = ScoreBookWidget(filled(), lang="en")
    good = ScoreBook()
    good.add(ScoreSheet.example(), "2026-06-30")
    doc = json.loads(good.to_json())
    doc["games"].append({"date": "2026-07-01", "game": "femkamp"})
    restore(book, json.dumps(doc))
    said = book.messages.widget.value
    assert "1 game in the score book on this device could not be read" in said
    assert "What is wrong: the game of 2026-07-01 lacks something" in said
    assert len(book.book.games) == 1
    assert json.loads(book.store.value)["unreadable"] == [{"date": "2026-07-01",
                                                           "game": "femkamp"}]


def test_files_out_and_in_a_whole_book_and_one_game() -> None:
    book = ScoreBookWidget(filled())
    restore(book, "")
    book.add_button.click()
    book.export_button.click()
    whole = downloaded(book.book_link.value)
    book.csv_button.click()
    one = downloaded(book.game_link.value)
    assert one.startswith("Runde,Kari,Ola,Siri,Per")
    fresh = ScoreBookWidget(filled())
    restore(fresh, "")
    fresh.upload.value = (upload("poengbok.json", whole.encode()),)
    assert "1 spill lagt til fra poengbok.json; 0 fantes fra før" in fresh.messages.widget.value
    fresh.open_file(one.encode(), "poengark.csv")
    assert "0 spill lagt til" in fresh.messages.widget.value  # the same game, from its CSV
    fresh.open_file(b"not a book at all\x00", "bad.json")
    assert "Kunne ikke lese bad.json" in fresh.messages.widget.value
    assert len(fresh.book.games) == 1


def test_a_game_is_taken_out_only_after_a_yes() -> None:
    book = ScoreBookWidget(filled())
    restore(book, "")
    book.add_button.click()
    book.remove_button.click()
    assert book.confirm.layout.display == "flex" and len(book.book.games) == 1
    book.confirm_no.click()
    assert len(book.book.games) == 1
    book.remove_button.click()
    book.confirm_yes.click()
    assert book.book.games == [] and json.loads(book.store.value)["games"] == []
    assert "tatt ut av poengboka" in book.messages.widget.value
    assert book.chooser.layout.display == "none"
