"""The parts of a page that follow the choices: the head, the navigation, the picker's effect."""

from __future__ import annotations

from page_state import fresh_page  # noqa: F401  (every test is a page of its own)

from kamplib.teach.choices import read_choices, set_current
from kamplib.widgets import RulesPicker
from kamplib.widgets.site import Live, SiteHead, SiteNav


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
