"""The parts of a page that follow the choices: the head, the navigation, the picker's effect."""

from __future__ import annotations

import json
from urllib.parse import parse_qs

from page_state import fresh_page  # noqa: F401  (every test is a page of its own)

from kamplib.site.practice import PUZZLE_PAGE, puzzle_page
from kamplib.teach.choices import current, read_choices, set_current
from kamplib.widgets import PuzzleWidget, RulesPicker
from kamplib.widgets.site import ADDRESS_SCHEMA, Live, SiteHead, SiteNav


def test_the_head_reads_the_address_and_the_nav_follows_the_picker(monkeypatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # a kernel Voilà started for the request
    monkeypatch.setenv("QUERY_STRING", "players=Anna,Bj%C3%B8rn,Kari&trump=Z")
    page = SiteHead("tutorial/09-husregler.ipynb")
    nav = SiteNav(page)
    assert page.table("femkamp")["players"] == ("Anna", "Bjørn", "Kari")
    assert "«Z» er ikke et av valgene" in page.value and "Til forsiden" in page.value
    assert "players=Anna,Bj%C3%B8rn,Kari" in nav.value and "queen_points" not in nav.value
    picker = RulesPicker()
    assert picker.players == ("Anna", "Bjørn", "Kari")
    picker.rule_inputs["queen_points"].value = 5
    # the links now carry the new rule, and the head says which rules are in play
    assert "queen_points=5" in nav.value and "Husregel: Poeng per dame (5 poeng)." in page.value
    assert "«Z»" not in page.value  # the address's problem is behind us
    assert page.drill("sekskamp") == {"game": "sekskamp", "players": 3,
                                      "rules": page.rules("sekskamp"), "lang": "nb"}
    assert page.rules("sekskamp").queen_points == 5


def test_live_html_is_drawn_again_for_every_change() -> None:
    seen = Live(lambda choices: choices.lang)
    assert seen.value == "nb"
    set_current(read_choices({"lang": "en"}))
    assert seen.value == "en"


def _address(page: SiteHead) -> dict[str, str]:
    """What the page's address field asks the page script to put in the address."""
    assert page.address is not None
    sent = json.loads(page.address.widget.value)
    assert sent["schema"] == ADDRESS_SCHEMA and sent["page"] == page.path
    return dict(sent)


def test_the_address_carries_the_front_pages_choices_and_reads_back_as_them(monkeypatch) -> None:
    """Walk W21: the front page's address follows the picker, so a reload or Back (which open
    the page from its address) show the same choices; walk W29: an own game stays one."""
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "theme=dark&deck=four&sneaky=1")
    page = SiteHead("index.ipynb")
    assert page.address is None  # nothing chosen yet: the page opens without the field
    picker = RulesPicker()
    picker.set(players="Mormor, Jonas, Emma")
    picker.set(game="custom")
    picker.set(order="Pass, Kløver, Damer, fan tan, Grand, Trumf, Grand")
    sent = _address(page)
    again = read_choices(parse_qs(sent["query"]))  # as the next load of the page reads it
    assert again.problems == ()  # the unknown parameter has gone with the first change
    assert (again.game, again.players, again.theme, again.deck) == (
        "custom", ("Mormor", "Jonas", "Emma"), "dark", "four")  # the look is kept too
    assert again.rules == picker.rules and again == current()
    # the page opened again from that address: the picker shows the same
    monkeypatch.setenv("QUERY_STRING", sent["query"])
    reopened = RulesPicker(choices=SiteHead("index.ipynb").head.choices)
    assert (reopened.game_input.value, reopened.players_input.value,
            reopened.order_input.value) == (
        "custom", "Mormor, Jonas, Emma", "Pass, Kløver, Damer, Fan Tan, Grand, Trumf, Grand")
    picker.set(players="Kari, Ola, Siri, Per", game="femkamp")  # back to the defaults
    assert _address(page)["query"] == "theme=dark&deck=four"


def test_the_puzzle_pages_address_carries_the_kind_chosen(monkeypatch) -> None:
    """Walk W2: «Oppgaver fra» is kept in the address (the page's own parameter, read back by
    puzzle_page()), beside the learner's choices; «Alle runder» takes it out."""
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "players=Anna,Bo,Kari&puzzles=femkamp-pass")
    page = SiteHead(PUZZLE_PAGE)
    widget = PuzzleWidget(**puzzle_page(), seed=1)
    assert widget.chooser.value == "femkamp-pass" and page.address is None
    widget.chooser.value = "femkamp-fantan"
    assert _address(page)["query"] == "players=Anna,Bo,Kari&puzzles=femkamp-fantan"
    monkeypatch.setenv("QUERY_STRING", _address(page)["query"])
    assert puzzle_page()["choice"] == "femkamp-fantan"  # what the reloaded page opens on
    widget.chooser.value = "all"
    assert _address(page)["query"] == "players=Anna,Bo,Kari"
