"""The browser edition in a real browser: built, served as `make site-serve` does, walked by links.

Python runs in the page (Pyodide in a web worker), so every check here is on what the learner's
browser does.  A learner's context reaches 127.0.0.1 only: every other request is aborted and
noted, and the tests assert there were none.  One kernel start per site (a cold start is 10-20 s
on these machines): the tests of a site follow one learner through it, in file order.
Screenshots at 1280 and 390 wide land in the git-ignored `screenshots/` folder.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_support import CHROMIUM, LEAK_MARKERS, launch_chromium
from static_site_support import (
    BUILDER,
    REPO,
    Offline,
    built,
    published,
    serving,
    site_state,
    wait_shown,
)

from kamplib import widgets as _widgets  # noqa: F401  (registers the widgets' words)
from kamplib.i18n import t

pytest.importorskip("playwright.sync_api")
if not Path(CHROMIUM).exists():  # pragma: no cover - CI installs it in .ci/run
    pytest.fail("Chromium is missing: `apt-get install -y chromium` (see .ci/run)",
                pytrace=False)

SCREENSHOTS = REPO / "screenshots"
HAND = ".kamp-play .widget-hbox.kamp-hand"
FRONT = "tests/site/00-forside.html"


@pytest.fixture(scope="module")
def chromium(playwright: Any) -> Iterator[Any]:
    browser = launch_chromium(playwright)
    yield browser
    browser.close()


class Learner:
    """One learner's tab on one site, with what the browser reported on the way."""

    def __init__(self, browser: Any, base: str) -> None:
        self.offline = Offline(browser)
        self.page = self.offline.context.new_page()
        self.base = base
        self.crashes: list[str] = []
        self.page.on("pageerror", lambda error: self.crashes.append(str(error)))

    def shown(self) -> int:
        return int(site_state(self.page)["pagesShown"])

    def follow(self, text: str) -> None:
        """Click the course's own link with this text and wait for the page it leads to."""
        before = self.shown()
        self.page.get_by_role("link", name=text, exact=True).first.click()
        wait_shown(self.page, before + 1)

    def problems(self) -> list[str]:
        """What a learner must never meet: errors, tracebacks, requests that left the machine."""
        found = [f"page error: {c}" for c in self.crashes]
        found += [f"request elsewhere: {u}" for u in self.offline.elsewhere]
        text = self.page.inner_text("body")
        found += [f"text contains {m!r}" for m in LEAK_MARKERS if m in text]
        return found

    def screenshot(self, name: str) -> None:
        """The page at 1280 wide and at a phone's 390 x 844 (the same tab, resized)."""
        SCREENSHOTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(SCREENSHOTS / f"site-{name}-1280.png"), full_page=True)
        self.page.set_viewport_size({"width": 390, "height": 844})
        self.page.screenshot(path=str(SCREENSHOTS / f"site-{name}-390.png"), full_page=True)
        self.page.set_viewport_size({"width": 1280, "height": 900})


@pytest.fixture(scope="module")
def learner(chromium: Any) -> Iterator[Learner]:
    """A learner on the sample site (tests/site/), who starts on its front page."""
    folder, _ = built()
    with serving(folder) as server:
        person = Learner(chromium, server.base)
        person.page.goto(server.base)  # index.html sends the browser on to the front page
        wait_shown(person.page, 1)
        yield person
        person.offline.close()


# --- the sample site: a front page, a sample hand, a failing cell ------------------------------

def test_front_page_shows_narrative_and_pictures_without_code(learner: Learner) -> None:
    page = learner.page
    assert page.url == learner.base + FRONT
    text = page.inner_text("main")
    assert "Prøveside for nettleserutgaven" in text
    assert page.locator(".kamp-rounds-overview").count() == 1  # drawn by kamplib in Pyodide
    for code in ("rounds_overview_html", "import ", "HTML("):
        assert code not in text
    assert site_state(page)["errors"] == []
    assert learner.problems() == []
    learner.screenshot("front")


def test_walk_by_links_to_a_sample_hand_refused_card_and_the_bots_reply(learner: Learner) -> None:
    page = learner.page
    kernel_ready_at = site_state(page)["marks"]["kernel"]
    learner.follow("Spill en hånd")
    assert page.url == learner.base + "tests/site/01-spill.html"
    # the same Python as on the front page: moving on did not start a new one
    assert site_state(page)["marks"]["kernel"] == kernel_ready_at
    hand = page.locator(HAND).first
    cards = hand.locator("button.kamp-card")
    legal = hand.locator("button.kamp-card.kamp-legal")
    illegal = hand.locator("button.kamp-card.kamp-illegal")
    legal.first.wait_for(timeout=30_000)
    assert cards.count() == 13

    def play_legal() -> str:
        """Play the first legal card; wait until the bots have answered and it is our turn."""
        count = cards.count()
        card = next(c.removeprefix("kamp-card-") for c in
                    (legal.first.get_attribute("class") or "").split()
                    if c.startswith("kamp-card-") and len(c) == len("kamp-card-") + 2)
        legal.first.click()
        page.wait_for_function(
            "([sel, n]) => document.querySelector(sel).querySelectorAll('button.kamp-card')"
            ".length === n", arg=[HAND, count - 1], timeout=30_000)
        legal.first.wait_for(timeout=30_000)
        return card

    for _ in range(12):  # lead until the learner has to follow suit: then some cards are refused
        if illegal.count():
            break
        play_legal()
    assert illegal.count() and legal.count(), "the sample hand never asked to follow suit"

    before = cards.count()
    message = ".kamp-play .kamp-message"
    shown = page.inner_text(message)
    refused = illegal.first.inner_text()
    illegal.first.click()
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old",
                           arg=[message, shown], timeout=30_000)
    reason = page.inner_text(message)
    assert "må" in reason, f"the refusal should say what the rule demands: {reason!r}"
    assert cards.count() == before and refused in hand.inner_text()

    played = play_legal()
    trick = page.locator(".kamp-play .kamp-last-trick svg[data-card]")
    assert page.locator(f".kamp-play .kamp-last-trick svg[data-card='{played}']").count() == 1
    assert trick.count() == 4, "the three bots should have answered the learner's card"
    assert site_state(page)["errors"] == []
    assert learner.problems() == []
    learner.screenshot("sample-hand")


def test_a_saved_game_opens_again_from_its_file(learner: Learner, tmp_path: Path) -> None:
    """Save the hand to a file and open it: the file goes to Python as bytes (comm buffers)."""
    page = learner.page
    play = page.locator(".kamp-play").first
    cards = play.locator(".widget-hbox.kamp-hand button.kamp-card")
    left = cards.count()
    play.get_by_role("button", name=t("w_save", "nb")).click()
    link = play.locator("a.kamp-download")
    link.wait_for(timeout=30_000)
    with page.expect_download() as download:
        link.click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8"))["format"].startswith("kamp/")

    play.get_by_role("button", name=t("w_new_deal", "nb")).click()
    page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length === n",
                           arg=[f"{HAND} button.kamp-card", 13], timeout=30_000)
    with page.expect_file_chooser() as chooser:  # the upload's own file input is not in the page
        play.locator(".kamp-upload").click()
    chooser.value.set_files(str(saved))
    loaded = t("w_loaded", "nb", name=saved.name)
    page.wait_for_function("([sel, text]) => document.querySelector(sel).innerText.includes(text)",
                           arg=[".kamp-play .kamp-message", loaded], timeout=30_000)
    assert cards.count() == left  # the saved position, not the new deal
    assert learner.problems() == []


def test_a_failing_cell_shows_a_sentence_and_the_page_goes_on(learner: Learner) -> None:
    learner.follow("Feil")
    text = learner.page.inner_text("main")
    assert BUILDER._app_sentence() in text
    assert "etter feilen" in text  # the cells after a failure still run
    for secret in ("ZeroDivision", "cellen sprakk", "hemmelig_kilde"):
        assert secret not in text
    assert learner.problems() == []


def test_the_address_reaches_python_and_links_python_draws_lead_on(learner: Learner) -> None:
    """As in the Voilà app, a page's Python reads its URL parameters from QUERY_STRING, and a
    link it draws to a notebook (``01-spill.ipynb?...``) opens that notebook's page."""
    learner.follow("Adressen")
    assert learner.page.url == learner.base + "tests/site/03-adresse.html?lang=en&queen_points=5"
    assert "Valg i adressen: lang=en&queen_points=5" in learner.page.inner_text("main")
    learner.follow("Spill en hånd igjen")  # drawn by an ipywidgets.HTML in Python
    assert learner.page.url == learner.base + "tests/site/01-spill.html?kilde=widget"
    hand = learner.page.locator(HAND).first
    hand.locator("button.kamp-card.kamp-legal").first.wait_for(timeout=30_000)
    assert hand.locator("button.kamp-card").count() == 13  # a fresh deal, not the one played
    assert learner.page.locator(HAND).count() == 1  # the old pages' widgets are gone
    assert learner.problems() == []


def test_back_button_shows_the_page_before_with_its_address(learner: Learner) -> None:
    before = learner.shown()
    learner.page.go_back()
    wait_shown(learner.page, before + 1)
    assert learner.page.url.endswith("tests/site/03-adresse.html?lang=en&queen_points=5")
    assert "Valg i adressen: lang=en&queen_points=5" in learner.page.inner_text("main")
    assert learner.page.locator(HAND).count() == 0
    assert learner.problems() == []


def test_a_page_left_out_of_the_site_says_where_to_find_it(learner: Learner) -> None:
    learner.follow("Prøveside")
    learner.follow("Taktikk")
    text = learner.page.inner_text("main")
    assert "bare med i kurset i Voilà-appen" in text and "make app" in text
    learner.follow("Til forsiden")
    assert learner.page.url == learner.base + FRONT
    assert learner.problems() == []


def test_python_came_from_this_machine_and_nothing_else(learner: Learner) -> None:
    fetched = [url for url, _ in learner.offline.local]
    assert any(url.endswith("/pyodide.asm.wasm") for url in fetched)  # the worker's requests
    assert any("/kamplib-" in url and url.endswith(".whl") for url in fetched)
    assert learner.offline.elsewhere == []


# --- the published course: every page runs in the browser -----------------------------------

def test_every_published_page_runs_in_the_browser(learner: Learner) -> None:
    """`make site`'s pages, from the sample front page's link on by each page's "next" link."""
    pages = published()
    assert learner.page.url == learner.base + FRONT
    learner.follow(first_heading(pages[0]))
    learner.screenshot("course-front")
    for index, notebook in enumerate(pages):
        url = learner.base + Path(notebook).with_suffix(".html").as_posix()
        assert learner.page.url == url
        state = site_state(learner.page)
        assert state["errors"] == [], f"{notebook}: {state['errors']}"
        assert learner.problems() == [], notebook
        if index + 1 < len(pages):
            following = Path(pages[index + 1]).with_suffix(".html").name
            before = learner.shown()
            learner.page.locator(f"main a[href$='{following}']").first.click()
            wait_shown(learner.page, before + 1)


def first_heading(notebook: str) -> str:
    """The title the course gives a page (its first heading), as its links show it."""
    path = REPO / notebook
    return str(BUILDER.title_of(json.loads(path.read_text(encoding="utf-8")), path))

