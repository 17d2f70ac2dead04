"""The course server's own side, in Chromium: what a learner sees of it and what happens to
kernels when pages are closed.  Short `kernel_grace` for the test servers; screenshots of the
loading screen, the not-found and try-again pages and a step at 390×844 and 1280 wide land in the
git-ignored `screenshots/` folder (with KAMP_SCREENSHOTS=1).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from app_support import (
    REPO,
    WELCOME,
    AppServer,
    kernel_id,
    kernel_process,
    kernel_processes,
    new_learner,
    page_problems,
    pool_ready,
    preheat_only,
    quick_kernels,
    require_chromium,
    running_app,
    shoot,
    wait_for_js,
    wait_rendered,
    wait_until,
)

require_chromium()

SCREENSHOTS = REPO / "screenshots"
STEP = "tutorial/02-pass.ipynb"
# not pre-heated: its page is built while one waits
EXPLORATION = "notebooks/00-husregler-under-lupen.ipynb"
GRACE = 3.0
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
LEGAL = ".kamp-play .widget-hbox.kamp-hand button.kamp-card.kamp-legal"
CARDS = ".kamp-play .widget-hbox.kamp-hand button.kamp-card"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    # the step's pool alone (a pooled kernel is tested); the exploration is built on request
    with running_app(tmp_path_factory.mktemp("server-browser") / "voila.log",
                     [*preheat_only(STEP), *quick_kernels(GRACE, 0.5)],
                     env={"KAMP_PACE": "0"}) as server:
        yield server  # the bots without their pause: these tests are about kernels


def learner_page(browser: Any, viewport: dict[str, int] | None = None) -> tuple[Any, Any]:
    context = new_learner(browser, **({"viewport": viewport} if viewport else {}))
    return context, context.new_page()


def shot(page: Any, name: str, full: bool = False) -> None:
    shoot(page, SCREENSHOTS / f"{name}.png", full_page=full)


def kernel_alive(server: AppServer, kernel: str) -> bool:
    try:
        return bool(kernel_process(server.process.pid, kernel).is_running())
    except LookupError:
        return False


def open_step(page: Any, url: str) -> None:
    page.goto(url, timeout=180_000)
    wait_rendered(page, timeout=180_000)
    page.locator(LEGAL).first.wait_for(timeout=120_000)


def play_one(page: Any) -> None:
    """Play the first legal card and wait until the bots have answered."""
    before = page.locator(CARDS).count()
    page.locator(LEGAL).first.click()
    wait_for_js(page, "([sel, n]) => document.querySelectorAll(sel).length === n",
                      arg=[CARDS, before - 1], timeout=60_000)
    page.locator(LEGAL).first.wait_for(timeout=60_000)


# --- kernels and pages ----------------------------------------------------------------------

def test_a_closed_page_ends_its_kernel(app: AppServer, chromium: Any) -> None:
    context, page = learner_page(chromium)
    open_step(page, app.url(STEP))
    kernel = kernel_id(page)
    assert kernel_alive(app, kernel)
    page.close(run_before_unload=True)  # the learner closes the tab
    wait_until(lambda: not kernel_alive(app, kernel), 10, "the closed page's kernel to end")
    context.close()


def test_a_page_lost_without_goodbye_ends_its_kernel_after_the_grace(
    app: AppServer, chromium: Any,
) -> None:
    """A browser that vanishes (crash, phone asleep) sends no beacon: the grace ends it."""
    context, page = learner_page(chromium)
    open_step(page, app.url(STEP))
    kernel = kernel_id(page)
    context.close()  # no beforeunload
    wait_until(lambda: not kernel_alive(app, kernel), GRACE + 20,
               "the lost page's kernel to end")


def test_a_pooled_kernel_older_than_the_grace_serves_a_working_page(
    app: AppServer, chromium: Any,
) -> None:
    """Served from the pool long after the grace, the page works and, open and connected, keeps
    its kernel while the learner reads; on the same load, a step at a laptop's width keeps its
    text column readable (900–1100 px)."""
    # the pool filled again since the tests above took its kernels (its first fill, long ago,
    # says nothing of now: on a busy machine the refill may still be running the page's cells)
    wait_until(lambda: pool_ready(app, STEP), 120, "the pool")
    time.sleep(3 * GRACE)  # the pooled kernel has been idle far longer than the grace
    used = app.log_text().count(f"for {STEP}")
    context, page = learner_page(chromium, DESKTOP)
    open_step(page, app.url(STEP))
    assert app.log_text().count(f"for {STEP}") == used + 1, "not served from the pool"
    width = page.evaluate("() => document.querySelector('.kamp-column')"
                          ".getBoundingClientRect().width")
    assert 900 <= width <= 1100
    shot(page, "server-step-light-1280", full=True)
    kernel = kernel_id(page)
    play_one(page)
    time.sleep(3 * GRACE)  # reading the page a while: connected, so kept
    assert kernel_alive(app, kernel)
    play_one(page)
    assert page_problems(page) == []
    context.close()


def test_a_page_slow_to_connect_keeps_its_kernel(app: AppServer, chromium: Any) -> None:
    """Voilà's script arrives long after the page (a busy phone): until the front end connects,
    only the page's own calls say it is there, and they must come often enough for the grace."""
    context, page = learner_page(chromium)
    held: list[Any] = []
    page.route("**/voila/static/voila.js", lambda route: held.append(route))
    page.goto(app.url(STEP), wait_until="commit", timeout=180_000)
    wait_for_js(page, "() => window.cellLoaded === true", timeout=180_000)
    kernel = kernel_id(page)
    page.wait_for_timeout(2.5 * GRACE * 1000)  # no websocket all this time
    assert kernel_alive(app, kernel), "the open page lost its kernel before it could connect"
    assert len(held) == 1
    held[0].continue_()
    page.locator(LEGAL).first.wait_for(timeout=120_000)
    play_one(page)
    context.close()


# --- what the learner sees of the server ------------------------------------------------------

def held_loading_screen(page: Any, url: str) -> None:
    """Open `url` with Voilà's script held back (never answered): the loading screen stays,
    with its last words, until the template's patience runs out (tests/test_app_stuck.py)."""
    page.route("**/voila/static/voila.js", lambda route: None)
    page.goto(url, wait_until="commit", timeout=180_000)
    wait_for_js(page, "() => window.cellLoaded === true", timeout=180_000)


def test_the_loading_screen_speaks_bokmal_and_english(app: AppServer, chromium: Any) -> None:
    """At a phone's width and a laptop's, each language's screen resized from one to the other
    (one load a language: the layout is CSS, so a resize shows what a load at that width
    would)."""
    context, page = learner_page(chromium, PHONE)
    held_loading_screen(page, app.url(EXPLORATION))
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        assert page.inner_text("#kamp-loading-title") == "Gjør klar siden …"
        assert page.inner_text("#loading_text").startswith("Kjører del ")
        assert page.get_attribute("html", "lang") == "nb"
        shot(page, f"server-loading-{viewport['width']}")
    held_loading_screen(page, app.url(EXPLORATION) + "?lang=en")
    for viewport in (DESKTOP, PHONE):
        page.set_viewport_size(viewport)
        assert page.inner_text("#kamp-loading-title") == "Getting the page ready …"
        assert page.inner_text("#loading_text").startswith("Running part ")
        assert page.get_attribute("html", "lang") == "en"
        assert "Executing" not in page.inner_text("body")
    context.close()


def test_not_found_page_in_the_browser(app: AppServer, chromium: Any) -> None:
    """At a phone's width and, the same page resized, a laptop's; then its link to the front
    page."""
    context, page = learner_page(chromium, PHONE)
    reply = page.goto(app.url("tests/browser/one_button.ipynb"))
    assert reply is not None and reply.status == 404
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        assert page.inner_text("h1") == "Fant ikke siden"
        shot(page, f"server-not-found-{viewport['width']}")
    page.click("a.kamp-to-front")
    page.wait_for_url(app.url(WELCOME))
    context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_text_column_uses_a_phones_width(app: AppServer, chromium: Any, theme: str) -> None:
    """Readable in either look at a phone's width; and no request of the page, nor of our
    not-found page after it, leaves the machine."""
    context, page = learner_page(chromium, PHONE)
    outside: list[str] = []

    def record(route: Any) -> None:
        if not route.request.url.startswith(app.base):
            outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    context.route("**/*", record)
    open_step(page, app.url(STEP) + ("?theme=dark" if theme == "dark" else ""))
    page.wait_for_timeout(1000)
    widths = page.evaluate("""() => ({
        page: document.documentElement.scrollWidth,
        text: Math.max(...[...document.querySelectorAll('.jp-RenderedMarkdown p')]
                       .map(p => p.getBoundingClientRect().width)),
        colour: getComputedStyle(document.querySelector('.jp-RenderedMarkdown p')).color,
        ground: getComputedStyle(document.querySelector('.kamp-column')).backgroundColor,
        note: getComputedStyle(document.querySelector('.kamp-note')).backgroundColor,
        noteText: getComputedStyle(document.querySelector('.kamp-note p')).color,
    })""")
    assert widths["page"] <= PHONE["width"], "the page scrolls sideways"
    assert widths["text"] >= PHONE["width"] - 40, f"text column only {widths['text']:.0f} px"
    light_text = _luminance(widths["colour"]) > 0.5
    light_ground = _luminance(widths["ground"]) > 0.5
    assert light_text != light_ground, widths  # readable: text and ground differ
    assert light_ground == (theme == "light")
    assert (_luminance(widths["noteText"]) > 0.5) != (_luminance(widths["note"]) > 0.5), widths
    shot(page, f"server-step-{theme}-390", full=True)
    page.goto(app.base + "/no/such/page")
    assert outside == []
    context.close()


def _luminance(css: str) -> float:
    parts = [float(v) for v in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
    return (0.2126 * parts[0] + 0.7152 * parts[1] + 0.0722 * parts[2]) / 255


# --- over the cap -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    with running_app(tmp_path_factory.mktemp("capped-browser") / "voila.log", [
        "--VoilaConfiguration.preheat_kernel=False", "--CourseApp.max_kernels_per_client=1",
        *quick_kernels(GRACE, 0.5),
    ]) as server:
        yield server


def test_over_the_cap_the_learner_is_asked_to_try_again(capped: AppServer,
                                                       chromium: Any) -> None:
    """The try-again page at a phone's width and, the same page resized, a laptop's."""
    context, first = learner_page(chromium, PHONE)
    first.goto(capped.url("tutorial/00-velkommen.ipynb"))
    wait_rendered(first)
    second = context.new_page()  # a second tab: over this learner's cap of 1
    reply = second.goto(capped.url("tutorial/00-velkommen.ipynb"))
    assert reply is not None and reply.status == 503
    for viewport in (PHONE, DESKTOP):
        second.set_viewport_size(viewport)
        assert second.inner_text("h1") == "Fullt akkurat nå"
        assert "prøv igjen" in second.inner_text("main")
        shot(second, f"server-try-again-{viewport['width']}")
    first.close(run_before_unload=True)  # closing the first tab frees the place
    kernel_gone = lambda: not kernel_processes(capped.process.pid)  # noqa: E731
    wait_until(kernel_gone, 15, "the closed tab's kernel to end")
    second.click("a.kamp-try-again")
    wait_rendered(second)
    assert page_problems(second) == []
    context.close()
