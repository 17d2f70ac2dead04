"""The course app in a real browser: start it as `make app` does, then click through as learners.

Debian's Chromium through Playwright (see ../shared/STACK.md); nothing leaves the machine.
Screenshots of every step land in the git-ignored `screenshots/` folder (with KAMP_SCREENSHOTS=1).
"""

from __future__ import annotations

import http.client
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_support import (
    LEAK_MARKERS,
    ONE_BUTTON,
    REPO,
    WELCOME,
    AppServer,
    new_learner,
    page_problems,
    require_chromium,
    shoot,
    tutorial_steps,
    wait_for_js,
    wait_rendered,
    wait_widgets,
)

require_chromium()

SCREENSHOTS = REPO / "screenshots"
STEPS = tutorial_steps()
LEARNERS = 6  # at once on one step, each with a kernel of its own
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module")
def app(course_app: AppServer) -> AppServer:
    return course_app  # the shared course server, the bots without their pause (conftest.py)


@pytest.fixture
def learner(chromium: Any) -> Iterator[Any]:
    context = new_learner(chromium)
    # a page whose kernel is not pre-heated runs its cells first: slow on a busy machine
    context.set_default_navigation_timeout(180_000)
    yield context.new_page()
    context.close()


def open_step(page: Any, url: str) -> int:
    """Open a page, wait for Voilà and every widget view; return how many views it has."""
    response = page.goto(url)  # returns after the streamed page has fully arrived
    assert response is not None and response.ok, f"{url} answered {response and response.status}"
    return settle(page, response.text())


def settle(page: Any, html: str) -> int:
    """Wait until the page shows every widget view its HTML announces."""
    wait_rendered(page)
    expected = html.count(WIDGET_VIEW)
    if expected:
        wait_widgets(page)
        wait_for_js(
            page,
            "n => document.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets').length"
            " >= n", arg=expected, timeout=30_000,
        )
    return expected


def status_and_location(server: AppServer, path: str) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", path)
    reply = connection.getresponse()
    connection.close()
    return reply.status, reply.getheader("Location") or ""


def screenshot(page: Any, name: str) -> None:
    shoot(page, SCREENSHOTS / f"{name}.png", full_page=True)


# --- the front door --------------------------------------------------------------------------

def test_front_door_redirects_to_the_front_page(app: AppServer) -> None:
    """(Listings and every other path answer the not-found page: tests/test_app_server.py.)"""
    assert status_and_location(app, "/") == (302, f"/voila/render/{WELCOME}")


def test_root_url_opens_the_front_page_in_the_browser(app: AppServer, learner: Any) -> None:
    learner.goto(app.url("/"))
    assert learner.url == app.url(WELCOME)
    if (REPO / WELCOME).exists():
        wait_rendered(learner)
        assert page_problems(learner) == []
        screenshot(learner, "00-front-door")
    else:  # before the course lands the redirect still must not end on a file listing
        assert "voila-tree" not in learner.content()


def test_sources_are_stripped_and_theme_can_be_chosen(app: AppServer, learner: Any) -> None:
    open_step(learner, app.url(ONE_BUTTON))
    assert learner.query_selector_all(".jp-CodeCell .jp-InputArea") == []
    assert "add_class" not in learner.inner_text("body")
    assert "theme-light" in (learner.get_attribute("body", "class") or "")
    open_step(learner, app.url(ONE_BUTTON) + "?theme=dark")
    assert "theme-dark" in (learner.get_attribute("body", "class") or "")


# --- a learner never sees a traceback or source ------------------------------------------------

BROKEN = "tests/browser/broken.ipynb"  # a cell that raises, a button whose handler raises


def test_errors_show_a_short_message_never_a_traceback(app: AppServer, learner: Any) -> None:
    learner.goto(app.url(BROKEN))
    wait_rendered(learner)
    wait_widgets(learner)
    text = learner.inner_text("body")
    assert "Beklager, denne delen av siden kunne ikke vises." in text
    learner.click("button:has-text('Trykk meg')")
    time.sleep(1.0)  # give a leaked traceback time to arrive; there is no event to await
    text = learner.inner_text("body")
    leaks = [m for m in (*LEAK_MARKERS, "ZeroDivision", "blew up", "secret_source_marker")
             if m in text]
    assert leaks == [], f"the learner sees {leaks}: {text[:500]!r}"


# (the walk through every page by its links, with screenshots: tests/test_site_browser.py)


# --- a sample hand, a hint and the score sheet ------------------------------------------------

def step_named(prefix: str) -> str:
    """The course step whose file name starts with `prefix` (e.g. "02-")."""
    found = [step for step in STEPS if Path(step).name.startswith(prefix)]
    if not found:
        pytest.skip(f"the course has no step {prefix}* yet")
    return found[0]


def wait_changed(page: Any, selector: str, before: str, timeout: float = 30_000) -> str:
    """Wait until the text of `selector` differs from `before`; return the new text."""
    wait_for_js(
        page,
        "([sel, old]) => { const el = document.querySelector(sel);"
        " return el !== null && el.innerText !== old; }",
        arg=[selector, before], timeout=timeout,
    )
    return str(page.inner_text(selector))


def card_code(button: Any) -> str:
    """The card a hand button stands for, from its `kamp-card-XX` class."""
    classes = (button.get_attribute("class") or "").split()
    return next(c.removeprefix("kamp-card-") for c in classes
                if c.startswith("kamp-card-") and len(c) == len("kamp-card-") + 2)


def test_sample_hand_refuses_explains_and_plays_with_the_bots(app: AppServer, learner: Any) -> None:
    open_step(learner, app.url(step_named("02-")))
    table = ".kamp-play .kamp-table"
    hand = learner.locator(".kamp-play").first.locator(".widget-hbox.kamp-hand")  # the widget
    cards = hand.locator("button.kamp-card")
    legal = hand.locator("button.kamp-card.kamp-legal")
    illegal = hand.locator("button.kamp-card.kamp-illegal")

    def play_legal() -> tuple[str, str]:
        """Play the first legal card; wait for the bots' replies; return (card, new table)."""
        before, count = learner.inner_text(table), cards.count()
        card = card_code(legal.first)
        legal.first.click()
        after = wait_changed(learner, table, before)
        wait_for_js(
            learner,
            "n => document.querySelectorAll('.kamp-play .kamp-hand button.kamp-card').length === n",
            arg=count - 1, timeout=30_000)
        legal.first.wait_for(timeout=30_000)  # the learner's turn again
        return card, after

    # lead legal cards until the learner has to follow suit (then some cards are refused)
    for _ in range(12):
        if illegal.count():
            break
        play_legal()
    assert illegal.count() and legal.count(), "the sample hand never asked to follow suit"

    cards_before = cards.count()
    refused_card = illegal.first.inner_text()
    message = ".kamp-play .kamp-message"
    shown = learner.inner_text(message)
    illegal.first.click()
    reason = wait_changed(learner, message, shown)
    assert "må" in reason, f"the refusal should say what the rule demands: {reason!r}"
    assert cards.count() == cards_before, "a refused card changed the hand"
    assert refused_card in hand.inner_text()

    learner.locator(".kamp-play .kamp-hint").first.click()
    hint = wait_changed(learner, ".kamp-play .kamp-hint-text", "")
    assert hint.strip(), "asking for a hint should show one"

    played, after = play_legal()
    collected = learner.locator(f".kamp-play .kamp-last-trick svg[data-card='{played}']")
    assert collected.count() == 1, f"{played} should lie in the collected trick: {after!r}"
    assert learner.locator(".kamp-play .kamp-last-trick svg[data-card]").count() == 4, (
        "the three bots should have answered the learner's card")
    assert learner.locator(".kamp-play .kamp-last-trick .kamp-winning").count() == 1
    screenshot(learner, "sample-hand-played")
    assert page_problems(learner) == []


def test_score_sheet_step_shows_kari_and_siri_sharing_the_win_at_7(
    app: AppServer, learner: Any,
) -> None:
    open_step(learner, app.url(step_named("07-")))
    winners_per_sheet = learner.evaluate(
        """() => [...document.querySelectorAll('table.kamp-score-sheet')].map(table =>
             [...table.querySelectorAll('td.kamp-total.kamp-winner')].map(cell =>
               [cell.dataset.player, cell.innerText.trim()]))"""
    )
    assert [["Kari", "7"], ["Siri", "7"]] in winners_per_sheet, winners_per_sheet
    screenshot(learner, "score-sheet-winners")


# --- six learners at once -----------------------------------------------------------------------

def test_six_learners_at_once_each_play_their_own_sample_hand(
    app: AppServer, chromium: Any,
) -> None:
    """Six learners open the Pass step together; learner i plays i cards.  Each must end with
    13 - i cards in hand and a table of their own: separate kernels, nothing mixed up.  (A
    whole class at once is measured by benchmarks/app.py classroom, not tested here.)"""
    url = app.url(step_named("02-"))
    contexts = [new_learner(chromium) for _ in range(LEARNERS)]
    try:
        pages = [context.new_page() for context in contexts]
        for page in pages:  # start every load at once, before waiting for any of them
            page.evaluate("u => { window.location.href = u; }", url)
        for page in pages:
            wait_rendered(page, timeout=180_000)
            wait_widgets(page, timeout=120_000)
        kernels = {page.evaluate(
            "() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
            ".kernelId") for page in pages}
        assert len(kernels) == LEARNERS

        hand = ".kamp-play .widget-hbox.kamp-hand"
        count = f"document.querySelector('{hand}').querySelectorAll('button.kamp-card').length"
        for page in pages:
            page.locator(f"{hand} button.kamp-card.kamp-legal").first.wait_for(timeout=60_000)
            assert page.evaluate(f"() => {count}") == 13
        for move in range(1, LEARNERS + 1):  # everyone still playing clicks at the same time
            playing = [(i, page) for i, page in enumerate(pages, start=1) if i >= move]
            for _, page in playing:
                page.locator(f"{hand} button.kamp-card.kamp-legal").first.click()
            for _, page in playing:
                wait_for_js(page, f"n => {count} === n", arg=13 - move, timeout=60_000)
                page.locator(f"{hand} button.kamp-card.kamp-legal").first.wait_for(
                    timeout=60_000)  # the learner's turn again after the bots' replies
        for i, page in enumerate(pages, start=1):
            assert page.evaluate(f"() => {count}") == 13 - i
            assert page_problems(page) == []
    finally:
        for context in contexts:
            context.close()
