"""Every screen, measured in Chromium (issue 25): at 320 × 640, 390 × 844 and 1280 × 900, in the
light and the dark theme, no control past the screen's edge and no page that scrolls sideways,
text at least 4.5:1 against what is behind it (large text 3:1) — HTML text and the text drawn
inside pictures (a card's index, a chart's labels) alike —, card edges at least 3:1, every
control at least 24 × 24 px and every card in the learner's hand at least 44 px to tap
(``screen_checks.py`` measures the rendered page).  The dark theme is a real choice: no page
says it does not know it, and every link of the course carries it on.

Few loads: each page is loaded once per theme at a laptop's size and resized to a phone's (the
layout is CSS, so a resize shows what a load at that size would).  The pages are the front page,
a Sekskamp trump round where the learner deals and chooses trump, the Fan Tan step (its row of
ranks and the pass) with a drill of cards to pick, and the score sheet.  The browser edition
(``site_server``) is checked in the dark on the front page and one step, as a learner reaches
them by links.  Screenshots at 390 and 1280 land in the git-ignored ``screenshots/`` folder
(with KAMP_SCREENSHOTS=1).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from app_support import (
    REPO,
    AppServer,
    new_learner,
    require_chromium,
    shoot,
    wait_for_js,
    wait_rendered,
)
from screen_checks import CARD_TARGET, measure, problems
from static_site_support import Offline, SiteServer, wait_shown

require_chromium()

SCREENSHOTS = REPO / "screenshots" / "screens"
SIZES = {"laptop": (1280, 900), "phone": (390, 844), "small": (320, 640)}
THEMES = ("light", "dark")
PAGES = {
    "front": "index.ipynb",
    "trump-choice": "tests/browser/trump_choice.ipynb",
    "fan-tan": "tutorial/05-fan-tan.ipynb",
    "drill-cards": "tutorial/02-pass.ipynb",
    "score-sheet": "notebooks/02-poengark.ipynb",
}
DRAWN = "() => [...document.querySelectorAll('.jupyter-widgets')].some(e => e.offsetHeight > 0)"


def open_page(chromium: Any, url: str) -> tuple[Any, Any]:
    context = new_learner(chromium)
    page = context.new_page()
    response = page.goto(url, timeout=180_000)  # most run their cells as the page is asked
    assert response is not None and response.ok, url
    wait_rendered(page)
    wait_for_js(page, DRAWN, timeout=60_000)
    return context, page


def links_of_the_course(page: Any) -> list[str]:
    """Every link on the page to a page of the course (the app's or the site's), but the one
    that switches to the light look."""
    return [h for h in page.eval_on_selector_all("a[href]:not(.kamp-theme)",
                                                 "els => els.map(e => e.href)")
            if ".ipynb" in h or h.endswith(".html") or ".html?" in h]


def look_and_measure(page: Any, root: str, name: str) -> dict[str, dict[str, Any]]:
    """Each size's measures, with a screenshot of the phone's and the laptop's."""
    found = {}
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        found[size] = measure(page, root)
        if size != "small":
            shoot(page, SCREENSHOTS / f"{name}-{w}.png", full_page=True)
    return found


@pytest.fixture(scope="module")
def app(course_app: AppServer) -> AppServer:
    return course_app  # the shared course server, test pages allowed (conftest.py)


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("name", PAGES)
def test_every_screen_fits_reads_and_taps(app: AppServer, chromium: Any, name: str,
                                          theme: str) -> None:
    context, page = open_page(chromium, app.url(f"{PAGES[name]}?theme={theme}"))
    try:
        if name == "trump-choice":  # the dealer's choice is on the page, all four suits
            page.locator(".kamp-trump-choice").nth(3).wait_for(timeout=30_000)
        if name == "drill-cards":  # a drill of cards to pick, one picked (a pressed button)
            page.locator(".kamp-card-pick").first.click()
        assert page.locator(".kamp-choice-problem").count() == 0, "the look is a choice"
        if theme == "dark" and not PAGES[name].startswith("tests/"):  # a page of the course
            links = links_of_the_course(page)
            assert links, "a page of the course links to the course"
            assert all(parse_qs(urlsplit(h).query).get("theme") == ["dark"] for h in links), \
                [h for h in links if "theme=dark" not in h]
        found = look_and_measure(page, "#rendered_cells", f"{name}-{theme}")
        said = {size: problems(f) for size, f in found.items()}
        assert said == {size: [] for size in SIZES}, said
        for size, f in found.items():
            assert f["controls"] and f["textChecked"], (size, f)
            if name in ("trump-choice", "fan-tan"):  # a hand of cards, each a fingertip wide
                assert f["cardMin"] is not None and f["cardMin"] >= CARD_TARGET, (size, f)
                assert f["edgesChecked"], (size, f)
                assert f["svgTextChecked"], (size, f)  # the cards' indices measured too
    finally:
        context.close()


def test_the_browser_edition_is_dark_when_chosen(chromium: Any, site_server: SiteServer) -> None:
    """The site draws its own page: dark from the address on, no word about an unknown choice,
    the choice carried by its links to the next page, which is dark too."""
    learner = Offline(chromium, viewport={"width": 390, "height": 844})
    try:
        page = learner.context.new_page()
        page.goto(site_server.url("index.html?theme=dark"))
        wait_shown(page, 1, timeout=300_000)  # a cold start on a busy machine
        for step in ("front", "step"):
            assert page.evaluate("() => document.documentElement.classList.contains("
                                 "'kamp-dark')"), step
            assert page.locator(".kamp-choice-problem").count() == 0, step
            links = links_of_the_course(page)
            assert links and all("theme=dark" in h for h in links), links
            found = look_and_measure(page, "main", f"site-{step}-dark")
            said = {size: problems(f) for size, f in found.items()}
            assert said == {size: [] for size in SIZES}, said
            if step == "front":
                page.set_viewport_size({"width": 1280, "height": 900})
                page.locator("a.kamp-link[href*='tutorial/']").first.click()
                wait_shown(page, 2)
                assert "theme=dark" in page.url
        assert learner.elsewhere == []
    finally:
        learner.close()
