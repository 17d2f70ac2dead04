"""The learner's choices in a page's URL: read, checked, written back, shared between widgets."""

from __future__ import annotations

import copy
import pickle
from urllib.parse import parse_qsl

import pytest
from page_state import fresh_page  # noqa: F401  (every test is a page of its own)

from kamplib import make_rules
from kamplib.errors import given
from kamplib.seating import default_players
from kamplib.teach.choices import Choices, current, on_change, read_choices, set_current


def test_no_parameters_are_the_defaults() -> None:
    c = read_choices({})
    assert c == Choices() and c.problems == ()
    assert c.game == "femkamp" and c.players == default_players() and c.lang == "nb"
    assert c.rules == make_rules("femkamp") and c.query() == ""


def test_choices_are_read_and_written_back_the_same() -> None:
    c = read_choices({"game": "sjukamp", "players": "Anna,Bjørn,Kari", "queen_points": "5",
                      "ace_low_in_pass": "ja", "lang": "en"})
    assert c.problems == ()
    assert (c.game, c.players, c.lang) == ("sjukamp", ("Anna", "Bjørn", "Kari"), "en")
    assert c.changes == {"queen_points": 5, "ace_low_in_pass": True}
    again = read_choices(dict(parse_qsl(c.query())))
    assert again == c
    # a list of values (what parse_qs gives) counts its last value
    assert read_choices({"lang": ["nb", "en"]}).lang == "en"


def test_the_look_is_a_choice_that_every_link_carries() -> None:
    c = read_choices({"theme": "dark", "deck": "four", "lang": "en"})
    assert c.problems == () and (c.theme, c.deck, c.four_color) == ("dark", "four", True)
    assert dict(parse_qsl(c.query())) == {"theme": "dark", "deck": "four", "lang": "en"}
    assert read_choices(dict(parse_qsl(c.query()))) == c
    assert read_choices({"theme": "DARK"}).theme == "dark"  # as Voilà reads it
    assert read_choices({}).query() == "" and not read_choices({}).four_color
    from kamplib.site.pages import nav_html

    html = nav_html("tutorial/02-pass.ipynb", c)
    assert html.count("theme=dark") == html.count("href=") > 3


def test_the_widgets_draw_the_deck_the_page_chose() -> None:
    from kamplib.widgets import Drill, PlayHand

    assert not PlayHand("pass", level="random", hint_level="random").four_color
    set_current(read_choices({"deck": "four"}))
    assert PlayHand("pass", level="random", hint_level="random").four_color
    assert Drill("legal_cards").four_color
    assert not Drill("legal_cards", four_color=False).four_color  # as asked, when asked


def test_house_rules_follow_to_another_game_but_the_order_does_not() -> None:
    c = read_choices({"game": "femkamp", "order": "pass,klover,damer,grand,fantan",
                      "queen_points": "5"})
    assert c.rules.order == ("pass", "klover", "damer", "grand", "fantan")
    sju = c.rules_for("sjukamp")
    assert sju.order == make_rules("sjukamp").order and sju.queen_points == 5
    table = c.table("sekskamp", fantan_layout="sevens")
    assert table["rules"].fantan_layout == "sevens" and table["rules"].queen_points == 5
    assert table["players"] == default_players() and table["lang"] == "nb"


@pytest.mark.parametrize(("params", "words"), [
    ({"game": "yatzy"}, "Spillet i adressen kunne ikke brukes: «yatzy» er ikke et av valgene "
                        "(Femkamp, Sekskamp, Sjukamp, Eget spill). Siden bruker standardvalget."),
    ({"players": "Kari,Kari,Ola"}, "Navnene i adressen kunne ikke brukes: Spillerne må ha ulike "
                                   "navn, men Kari står der to ganger. Siden bruker derfor "
                                   "Kari, Ola, Siri og Per."),
    ({"players": "Kari"}, "3 til 5 spillere"),
    ({"players": "x" * 31 + ",B,C"}, "er for langt (31 tegn); et navn har høyst 30 tegn"),
    ({"queen_points": "7"}, "Husregelen «Poeng per dame» i adressen kunne ikke brukes: «7» er "
                            "ikke et av valgene (4 poeng, 5 poeng)."),
    ({"trump": "<script>"}, "«<script>» er ikke et av valgene (♠ spar, ♥ hjerter"),
    ({"order": "pass,bridge"}, "«bridge» er ikke en runde (Pass, Kløver, Damer"),
    ({"game": "custom"}, "et eget spill trenger rekkefølgen av rundene"),
    ({"lang": "de"}, "velg nb (bokmål) eller en (English), ikke «de»"),
    ({"colour": "red"}, "Adressen har et valg som kamp ikke kjenner («colour»)"),
    ({"theme": "neon"}, "Utseendet i adressen kunne ikke brukes: velg light (lyst) eller dark "
                        "(mørkt), ikke «neon»."),
    ({"deck": "5"}, "Valget av kortstokk i adressen kunne ikke brukes: velg two (to farger) "
                    "eller four (fire farger), ikke «5»."),
    ({"queen_points": "5" * 500}, "verdien er for lang"),
])
def test_a_bad_value_is_named_and_replaced_by_its_default(params: dict, words: str) -> None:
    c = read_choices({**params, "ace_low_in_pass": "true"})
    assert len(c.problems) == 1 and words in c.problems[0]
    assert "_" not in c.problems[0].replace("ace_low", "")  # no code names
    assert c.changes.get("ace_low_in_pass") is True  # the good choices are kept
    make_rules(c.game, c.changes)  # and they make a valid game


@pytest.mark.parametrize(("lang", "theme", "deck", "rule"), [
    ("nb", "Utseendet i adressen kunne ikke brukes: velg light (lyst) eller dark (mørkt), ikke "
           "«dark (med et tegn som snur skriveretningen)».",
     "ikke «four (med et styretegn)».", "«5 (med 2 tegn som ikke vises)» er ikke et av valgene"),
    ("en", "could not be used: choose light or dark, not 'dark (with a character that turns the "
           "direction of writing)'.",
     "not 'four (with a control character)'.",
     "'5 (with 2 characters that do not show)' is not one of the choices"),
])
def test_a_value_with_a_character_nobody_sees_is_quoted_in_words(
        lang: str, theme: str, deck: str, rule: str) -> None:
    """The walk (W16, more): ?theme=%E2%80%AEdark quoted back «\\u202edark» in Python's
    notation.  Every address message quotes the value as it shows and says in words what was
    hidden in it, as the names' message does; neither the character nor an escape is said."""
    c = read_choices({"lang": lang, "theme": "\u202edark", "deck": "four\x00",
                      "queen_points": "5\u200b\x07"})
    said = " ".join(c.problems)
    for words in (theme, deck, rule):
        assert words in said, said
    assert said.isprintable() and "\\" not in said and "U+" not in said, said
    only = " ".join(read_choices({"lang": lang, "theme": "\x00\x01"}).problems)
    quoted = given("dark\u202e")  # a copy (a sheet's cell, a pickled error) says the same
    assert copy.deepcopy(quoted).shown(lang) == pickle.loads(pickle.dumps(quoted)).shown(lang) \
        == quoted.shown(lang) != str(quoted)
    assert ("«bare 2 tegn som ikke vises»" if lang == "nb" else
            "'only 2 characters that do not show'") in only, only


def test_problems_speak_the_language_asked_for() -> None:
    c = read_choices({"lang": "en", "queen_points": "x"})
    assert c.problems == ("The house rule 'Points per queen' in the address could not be used: "
                          "'x' is not one of the choices (4 points, 5 points). The page uses the "
                          "default.",)


def test_the_page_choices_tell_their_listeners() -> None:
    heard: list[Choices] = []
    on_change(heard.append)
    assert current() == Choices()
    chosen = read_choices({"game": "sekskamp"})
    set_current(chosen)
    assert current() is chosen and heard == [chosen]


def test_a_name_the_front_page_and_the_sheet_accept_is_accepted_in_the_address() -> None:
    """The walk: the front page took «Ingeborg-Margrethe Sol» (22 characters), and the score sheet
    the link led to refused it under a limit of its own (20); one limit now, the engine's."""
    from kamplib.seating import MAX_NAME_LENGTH, check_players

    name = "Ingeborg-Margrethe Sol"
    names = ("Kari", "Ola", "Siri", name)
    assert check_players(names) == names
    c = read_choices({"players": ",".join(names)})
    assert c.problems == () and c.table()["players"] == names
    longest = ("Kari", "Ola", "x" * MAX_NAME_LENGTH)
    assert read_choices({"players": ",".join(longest)}).table()["players"] == longest


@pytest.mark.parametrize("lang", ["nb", "en"])
def test_names_that_cannot_be_used_are_said_once_on_a_page_with_a_score_sheet(lang: str) -> None:
    """The walk: on the score sheet's page, ``?players=Kari,Ola`` was refused twice in two
    wordings, the head's «Spillerne i adressen kunne ikke brukes: … Siden bruker standardvalget»
    and the sheet's «Navnene i adressen …».  The head now names the names it uses, and on a page
    with a score sheet leaves the sentence to the sheet (which also says where to type)."""
    import html

    from kamplib.site.pages import SHEET_PAGES, PageHead

    c = read_choices({"players": "Kari,Ola", "queen_points": "7", "lang": lang})
    names = {"nb": "Navnene i adressen kunne ikke brukes: Spillet trenger 3 til 5 spillere, ikke "
                   "2. Siden bruker derfor Kari, Ola, Siri og Per.",
             "en": "The names in the address could not be used: These games need 3 to 5 "
                   "players, not 2. So the page uses Kari, Ola, Siri and Per."}[lang]
    assert c.names_problem == names and c.problems[0] == names and len(c.problems) == 2
    assert c.problems_besides_names() == c.problems[1:]
    on_a_chapter = html.unescape(PageHead("tutorial/02-pass.ipynb", c).html())
    assert on_a_chapter.count(names) == 1 and "Spillerne i adressen" not in on_a_chapter
    for path in SHEET_PAGES:
        head = html.unescape(PageHead(path, c).html())
        assert names not in head and "adressen kunne ikke" not in head.replace(
            c.problems[1], "") and "address could not" not in head.replace(c.problems[1], "")
        assert c.problems[1] in head  # the other problems are still said at the top


def test_the_pages_with_a_score_sheet_are_the_pages_whose_head_leaves_the_names_to_it() -> None:
    import json
    from pathlib import Path

    from kamplib.site.pages import SHEET_PAGES, SITE

    root = Path(__file__).resolve().parent.parent
    with_sheet = {p.path for p in SITE if any(
        "ScoreSheetWidget(" in "".join(cell["source"])
        for cell in json.loads((root / p.path).read_text())["cells"])}
    assert with_sheet == set(SHEET_PAGES)
