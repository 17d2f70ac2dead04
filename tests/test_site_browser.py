"""The site in a real browser: walked from the front page by its links only (on the way, the
course steps' tables, drills and score sheets looked at as tests/table_checks.py says), choices
that follow the learner, the English interface, and the printable page printed to PDF.

The app is the shared course server (``course_app``, tests/conftest.py: as `make app` starts
it).  Screenshots land in the git-ignored `screenshots/site/` folder (with KAMP_SCREENSHOTS=1).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from app_support import (
    REPO,
    AppServer,
    kernel_id,
    new_learner,
    page_problems,
    pool_ready,
    require_chromium,
    shoot,
    wait_for_js,
    wait_rendered,
    wait_until,
)
from table_checks import STEPS as TABLE_STEPS
from table_checks import check_step

from kamplib.site.pages import FRONT, SITE

require_chromium()

SHOTS = REPO / "screenshots" / "site"
RENDER = "/voila/render/"
# What a page must never be: a server error, a refusal, a file listing.
BAD_PAGE = ("403", "404", "Forbidden", "Not Found", "Index of", "jp-DirListing",
            "voila-tree", "500: Internal")
# A link a learner shares: another game, other names, a house rule, English.
SHARED = "game=sjukamp&players=Anna,Bjørn,Kari&queen_points=5&lang=en"


@pytest.fixture(scope="module")
def app(course_app: AppServer) -> AppServer:
    return course_app  # the shared course server, settled (conftest.py)


@pytest.fixture
def learner(chromium: Any) -> Iterator[Any]:
    context = new_learner(chromium)
    # a page whose kernel is not pre-heated starts one first: slow on a busy machine
    context.set_default_navigation_timeout(180_000)
    yield context.new_page()
    context.close()


def site_path(url: str) -> str | None:
    """The page of the site a URL opens (``tutorial/02-pass.ipynb``), or None."""
    path = urlsplit(url).path
    return path.split(RENDER, 1)[1] if RENDER in path else None


def open_page(page: Any, url: str, app: AppServer) -> None:
    """Go to ``url`` and wait until its navigation (the last cell) is drawn."""
    response = page.goto(url)
    assert response is not None and response.ok, f"{url} answered {response and response.status}"
    settle(page)


def settle(page: Any) -> None:
    """Wait for the page and its navigation, the last cell (generous: the machine is shared)."""
    wait_rendered(page, timeout=180_000)
    page.wait_for_selector(".kamp-site-nav .kamp-nav", timeout=180_000)


def follow(app: AppServer, page: Any, link: Any) -> None:
    """Click ``link`` and wait for the page it opens, as a learner follows a link."""
    with page.expect_navigation():
        link.click()
    settle(page)


def check_page(page: Any, name: str) -> None:
    """No error, refusal or listing; the whole page in a screenshot."""
    html = page.content()
    text = page.inner_text("body")
    assert not [b for b in BAD_PAGE if b in text or f"class=\"{b}" in html], name
    assert page_problems(page) == [], name
    shoot(page, SHOTS / f"{name.replace('/', '_')}.png")


PHONE, LAPTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 900}
# What does not fit: the page scrolls sideways, or one of its tables needs scrolling of its own.
TOO_WIDE = """() => [document.documentElement.scrollWidth > innerWidth + 1 ? 'the page' : null,
  ...[...document.querySelectorAll('.kamp-table-wrap')].filter(
     e => e.scrollWidth > e.clientWidth + 1).map(e => e.innerText.slice(0, 60))
  ].filter(x => x)"""


def check_widths(page: Any, name: str) -> None:
    """At a phone's width nothing is wider than the screen, then the laptop's: both shot."""
    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        page.set_viewport_size(viewport)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => "
                      "requestAnimationFrame(r)))")
        assert page.evaluate(TOO_WIDE) == [], f"{name} at {viewport['width']} px"
        shoot(page, SHOTS / f"{name.replace('/', '_')}-{size}.png", full_page=True)


def site_links(page: Any) -> list[str]:
    """Every link of the page to another page of the site, as absolute URLs."""
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
    return [h for h in hrefs if site_path(h) is not None]


def open_with_kernel(app: AppServer, page: Any, path: str, query: str, *, pooled: bool) -> None:
    """Open ``path?query`` and check that its kernel came from the pre-heated pool (started
    before the request, its cells before ``page_query()`` run ahead) or was started for it."""
    if pooled:
        wait_until(lambda: pool_ready(app, path), 240, f"a pre-heated kernel for {path}")
    asked = len(app.log_text())
    open_page(page, f"{app.url(path)}?{query}", app)
    started = app.log_text().find(f"Kernel started: {kernel_id(page)}")
    assert started >= 0 and (started < asked) == pooled, (path, started, asked)


def test_the_whole_site_is_reached_from_the_front_page_by_its_links(app: AppServer,
                                                                  learner: Any) -> None:
    """Every page: no error, refusal or listing, nothing wider than a phone or a laptop; and on
    the course steps with a table, a drill or a score sheet, the looks of
    ``table_checks.check_step`` on the same load (those steps need no load of their own)."""
    start = app.url(FRONT)
    queue, seen = [start], {FRONT}
    while queue:
        url = queue.pop(0)
        if site_path(learner.url) != site_path(url):
            open_page(learner, url, app)
        check_page(learner, site_path(url) or url)
        check_widths(learner, site_path(url) or url)
        if site_path(url) in TABLE_STEPS:
            check_step(learner, str(site_path(url)))
            learner.set_viewport_size(LAPTOP)  # the next page loads as before, at a laptop's
        for link in site_links(learner):
            path = site_path(link)
            if path not in seen:
                seen.add(path)
                queue.append(link)
    assert seen == {p.path for p in SITE}


def test_the_pickers_choices_reach_a_play_page_and_the_printout(app: AppServer,
                                                             learner: Any) -> None:
    open_page(learner, app.url(FRONT), app)
    picker = learner.locator(".kamp-rules-picker")
    names = picker.locator(".kamp-players input")
    names.fill("Anna, Bjørn, Kari")
    names.press("Enter")
    picker.locator(".kamp-rule-queen_points select").select_option(label="5 poeng")
    wait_for_js(
        learner,
        "() => [...document.querySelectorAll('a.kamp-start-femkamp')].some("
        "a => a.href.includes('queen_points=5') && a.href.includes('Anna'))", timeout=30_000)
    # the front page's link into the course, then the course's own contents to Damer
    follow(app, learner, learner.locator("a.kamp-start-femkamp"))
    follow(app, learner, learner.locator(".kamp-nav a[href*='04-damer']").first)
    assert site_path(learner.url) == "tutorial/04-damer.ipynb"
    assert "Husregel: Poeng per dame (5 poeng)." in learner.inner_text(".kamp-page-head")
    learner.wait_for_selector(".kamp-play", timeout=60_000)
    table = learner.inner_text(".kamp-play")
    assert "Bjørn" in table and "Per" not in table
    check_page(learner, "choices-damer")
    # back to the front page and on to the printout, by links only
    follow(app, learner, learner.locator(".kamp-page-head a.kamp-home"))
    follow(app, learner, learner.locator(".kamp-front a[href*='03-utskrift']"))
    learner.wait_for_selector(".kamp-print", timeout=60_000)
    printout = learner.inner_text(".kamp-print")
    assert "+5 per dame" in printout and "Anna" in printout and "Bjørn" in printout
    check_page(learner, "choices-printout")


def test_lang_en_gives_an_english_interface(app: AppServer, learner: Any) -> None:
    open_page(learner, app.url(FRONT) + "?lang=en", app)
    front = learner.inner_text(".kamp-front")
    assert "The three games" in front and "written in Norwegian (bokmål)" in front
    follow(app, learner, learner.locator("a.kamp-start-sekskamp"))
    assert "lang=en" in learner.url
    open_page(learner, urljoin(learner.url, "02-trukket-trumf.ipynb?lang=en"), app)
    learner.wait_for_selector(".kamp-play", timeout=60_000)
    text = learner.inner_text("body")
    for english in ("To the front page", "Next:", "Trick", "Took it", "Points", "Hint",
                    "Undo", "Who takes the trick?", "may be played now"):
        assert english in text, english
    for norwegian in ("Til forsiden", "Neste:", "Tok stikket", "Tips", "Angre"):
        assert norwegian not in text, norwegian
    check_page(learner, "english-trumf")


# A page of the course or a chapter is pre-heated (voila.json's preheat_denylist spares the
# front page, tutorial/, sekskamp/ and sjukamp/; the shared server pre-heats the pooled pages of
# these tests, conftest.COURSE_APP_POOLED), an exploration is not: the choices in the URL must
# reach the page either way.
@pytest.mark.parametrize(("play", "printout", "pooled"), [
    ("sjukamp/03-finalen.ipynb", "tutorial/09-husregler.ipynb", True),
    ("notebooks/01-taktikk.ipynb", "notebooks/03-utskrift.ipynb", False),
], ids=["pre-heated", "started-for-the-page"])
def test_a_shared_link_brings_its_choices_to_a_play_page_and_the_printout(
        app: AppServer, learner: Any, play: str, printout: str, pooled: bool) -> None:
    open_with_kernel(app, learner, play, SHARED, pooled=pooled)
    assert "House rule: Points per queen (5 points)." in learner.inner_text(".kamp-page-head")
    learner.wait_for_selector(".kamp-play", timeout=60_000)
    table = learner.inner_text(".kamp-play")
    assert "Bjørn" in table and "Kari" in table and "Per" not in table
    assert "Hint" in table and "Tips" not in table
    for link in learner.eval_on_selector_all(".kamp-nav a", "els => els.map(e => e.href)"):
        assert "game=sjukamp" in link and "queen_points=5" in link and "lang=en" in link
    check_page(learner, f"shared-{play}")
    open_with_kernel(app, learner, printout, SHARED, pooled=pooled)
    learner.wait_for_selector(".kamp-print", timeout=60_000)
    text = learner.inner_text(".kamp-print")
    for part in ("Sjukamp: the rules on one page", "+5 per queen", "7 Finale",
                 "Sjukamp: score sheet", "Anna", "Bjørn", "Kari", "Queens 20"):
        assert part in re.sub(r"\s+", " ", text), part
    check_page(learner, f"shared-{printout}")
    with learner.expect_download() as download:
        learner.locator("a.kamp-download").first.click()
    assert download.value.suggested_filename == "sjukamp-summary.html"
    saved = Path(download.value.path()).read_text(encoding="utf-8")
    assert "+5 per queen" in saved and "Bjørn" in saved and "lang=\"en\"" in saved


def check_bad_choice(app: AppServer, learner: Any, path: str, *, pooled: bool) -> None:
    """Open ``path`` with a bad choice of each kind in its address: the page head says what was
    wrong, and the page goes on with the defaults."""
    open_with_kernel(app, learner, path, "queen_points=9&players=A&lang=xx", pooled=pooled)
    problems = learner.inner_text(".kamp-page-head")
    assert "«9» er ikke et av valgene (4 poeng, 5 poeng)" in problems
    assert "3 til 5 spillere" in problems
    assert "Språket i adressen kunne ikke brukes" in problems
    learner.wait_for_selector(".kamp-play", timeout=60_000)
    table = learner.inner_text(".kamp-play")
    assert "Kari" in table and "Tips" in table
    check_page(learner, f"bad-choice-{path}")


def test_a_bad_choice_in_the_address_is_said_and_the_defaults_used(app: AppServer,
                                                                   learner: Any) -> None:
    """On a pre-heated page; on a page whose kernel is started for it, see the next test."""
    check_bad_choice(app, learner, "sekskamp/02-trukket-trumf.ipynb", pooled=True)


def printed_pages(app: AppServer, learner: Any, query: str) -> list[str]:
    """The printout page with ``query`` printed by Chromium on A4: each PDF page's text."""
    from pypdf import PdfReader

    open_page(learner, f"{app.url('notebooks/03-utskrift.ipynb')}?{query}", app)
    learner.wait_for_selector(".kamp-print", timeout=60_000)
    learner.emulate_media(media="print")
    pdf = learner.pdf(format="A4", print_background=True)
    return [re.sub(r"\s+", " ", p.extract_text()) for p in PdfReader(io.BytesIO(pdf)).pages]


def test_the_printout_prints_whole_on_a4(app: AppServer, learner: Any) -> None:
    text = printed_pages(app, learner, "players=Anna,Bjørn,Kari")
    assert len(text) == 2, [t[:80] for t in text]
    summary, sheet = text
    for part in ("Femkamp: kort oppsummering", "1 Pass", "5 Grand", "Kortstokken",
                 "Husregler vi spiller med", "Likt på lavest sum"):
        assert part in summary, part
    assert "Femkamp: poengark" in sheet and "Anna" in sheet and "Bjørn" in sheet
    # nothing else of the page is printed: not the picker, not the navigation
    assert not any("Forrige" in t or "Poeng per dame" in t.split("Husregler")[0] for t in text)
    learner.emulate_media(media="screen")
    # on screen the printout keeps its own alignment, not the notebook's right-aligned cells
    align = learner.eval_on_selector(".kamp-print .rounds td:nth-child(3)",
                                     "e => getComputedStyle(e).textAlign")
    assert align == "left"
    # and the summary is a download from the page, a page of its own with the names in it
    with learner.expect_download() as download:
        learner.locator("a.kamp-download").click()
    assert download.value.suggested_filename == "femkamp-oppsummering.html"
    page = Path(download.value.path()).read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "Bjørn" in page


# The longest printout there is: Sjukamp at five, a line for every house rule changed.
LONGEST = ("game=sjukamp&players=Anna,Bjørn,Kari,Ola,Per&queen_points=5&ace_low_in_pass=true&"
           "clubs_take_all_zero=true&last_round_double=true&tie_break=extra_grand&trump=draw&"
           "fantan_voluntary_pass=true&lang=en")


def test_the_longest_printout_prints_whole_on_a4_summary_then_sheet(app: AppServer,
                                                                      learner: Any) -> None:
    text = printed_pages(app, learner, LONGEST)
    assert len(text) == 2, [t[:80] for t in text]
    summary, sheet = text
    for part in ("Sjukamp: the rules on one page", "7 Finale", "The deck", "House rules we play",
                 "Ace low in Pass: on", "On a tie for the lead: one more Grand",
                 # the summary's last sentence, so nothing of it is cut off
                 "of the tied players the lowest new total wins (still tied: another Grand)."):
        assert part in summary, part
    for part in ("Sjukamp: score sheet", "Per", "7. Finale 64", "Total",
                 "so a total can be negative."):
        assert part in sheet, part
    learner.emulate_media(media="screen")


def test_an_exploration_says_a_bad_choice_and_shows_its_first_results(app: AppServer,
                                                                      learner: Any) -> None:
    """A page whose kernel is started for it (an exploration is not pre-heated) says the bad
    choices of its address and goes on with the defaults, as the pre-heated page above; then
    its games, the defaults', reach it.  (One load of the page for both: its kernel plays 500
    games for each load.)"""
    check_bad_choice(app, learner, "notebooks/01-taktikk.ipynb", pooled=False)
    # The first batch plays in the background once the page is drawn; its results must reach
    # the page (an update Voilà delivers before the page's widgets exist is lost: see
    # kamplib/widgets/explore.py).
    wait_for_js(
        learner,
        "() => document.querySelector('.kamp-more-status').innerText"
        ".includes('Datamaskinen har spilt 300 spill')", timeout=240_000)
    # the views follow the status line as each is drawn (the second has a chart to make, the
    # third plays its small run of 200 games first)
    wait_for_js(
        learner,
        "() => { const v = [...document.querySelectorAll('.kamp-more-view')];"
        " return v.length >= 3 && v[0].innerText.includes('snittsum')"
        " && v[1].innerText.includes('Pass') && v[2].innerText.includes('200'); }",
        timeout=120_000)
    # the measured tournaments: «vanskelig» ahead of «middels», with its margin of error
    from kamplib.tournament import measured

    hard = measured(challenger="search", opponent="heuristic", game="femkamp", kind=None)[0]
    shown = f"{hard['ahead_by']:.1f}".replace(".", ",") + " ± "
    rows = learner.eval_on_selector_all("table tr", "els => els.map(e => e.innerText)")
    assert any(r.startswith("vanskelig") and shown in r for r in rows), rows
    check_page(learner, "exploration-results")
    check_widths(learner, "exploration-results")  # the results' tables fit a phone too


def test_a_game_record_is_a_download_from_the_page(app: AppServer, learner: Any) -> None:
    """(The printout's download: test_the_printout_prints_whole_on_a4, on the same page.)"""
    from kamplib.record import read_record

    open_page(learner, app.url("tutorial/08-hel-femkamp.ipynb"), app)
    with learner.expect_download() as download:
        learner.locator("a.kamp-download[download='femkamp-eksempel.json']").click()
    record = Path(download.value.path()).read_text(encoding="utf-8")
    assert read_record(record).is_over
