"""The course app in a real browser: start it as `make app` does, then click through as learners.

Debian's Chromium through Playwright (see ../shared/STACK.md); nothing leaves the machine.
Screenshots of every step land in the git-ignored `screenshots/` folder.
"""

from __future__ import annotations

import http.client
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from app_support import (
    LEAK_MARKERS,
    ONE_BUTTON,
    REPO,
    WELCOME,
    AppServer,
    launch_chromium,
    new_learner,
    page_problems,
    running_app,
    tutorial_steps,
    wait_rendered,
    wait_widgets,
)

pytest.importorskip("playwright.sync_api")
if not Path("/usr/bin/chromium").exists():  # pragma: no cover - CI installs it in .ci/run
    pytest.fail("Chromium is missing: `apt-get install -y chromium` (see .ci/run)",
                pytrace=False)

SCREENSHOTS = REPO / "screenshots"
STEPS = tutorial_steps()
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    with running_app(tmp_path_factory.mktemp("app") / "voila.log") as server:
        yield server


@pytest.fixture(scope="module")
def chromium(playwright: Any) -> Iterator[Any]:
    browser = launch_chromium(playwright)
    yield browser
    browser.close()


@pytest.fixture
def learner(chromium: Any) -> Iterator[Any]:
    context = new_learner(chromium)
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
        page.wait_for_function(
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
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


# --- the front door --------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/voila/tree", "/voila/tree/", "/voila/tree/tutorial",
                                  "/voila/tree/tests/browser"])
def test_front_door_redirects_to_welcome_step_not_a_listing(app: AppServer, path: str) -> None:
    status, location = status_and_location(app, path)
    assert (status, location) == (302, f"/voila/render/{WELCOME}")


def test_root_url_opens_welcome_step_in_the_browser(app: AppServer, learner: Any) -> None:
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

BROKEN_CELLS = [
    "import ipywidgets as widgets\n"
    "secret_source_marker = 1\n"
    "def explode(_):\n"
    "    raise RuntimeError('handler blew up')\n"
    "button = widgets.Button(description='Trykk meg')\n"
    "button.on_click(explode)\n"
    "button",
    "raise ZeroDivisionError('cell blew up')",
]


def test_errors_show_a_short_message_never_a_traceback(
    tmp_path: Path, learner: Any,
) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in BROKEN_CELLS])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, tmp_path / "broken.ipynb")
    with running_app(tmp_path / "voila.log",
                     [str(tmp_path), "--CourseApp.welcome=broken.ipynb"]) as server:
        learner.goto(server.url("/"))
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


# --- the walk through the course ---------------------------------------------------------------

@pytest.fixture(scope="module")
def walker(chromium: Any) -> Iterator[Any]:
    """One learner who walks the whole course by clicking "next"."""
    context = new_learner(chromium)
    yield context.new_page()
    context.close()


def link_to(page: Any, step: str) -> Any:
    """The link on the page that leads to `step` (relative hrefs, as the course writes them)."""
    name = Path(step).name
    for anchor in page.query_selector_all("a[href]"):
        href = anchor.get_attribute("href") or ""
        if href.split("?")[0].split("#")[0].endswith(name):
            return anchor
    return None


ARRIVED: dict[str, str] = {}  # step URL -> HTML of the page the previous step's "next" opened


@pytest.mark.parametrize("index", range(len(STEPS)), ids=[Path(s).stem for s in STEPS])
def test_walk_course_step(app: AppServer, walker: Any, index: int) -> None:
    step = STEPS[index]
    html = ARRIVED.pop(app.url(step), None)
    if html is None or walker.url != app.url(step):  # first step, or the previous test failed
        response = walker.goto(app.url("/") if index == 0 else app.url(step))
        assert response is not None and response.ok
        html = response.text()
    assert walker.url == app.url(step)
    settle(walker, html)
    screenshot(walker, Path(step).stem)
    assert page_problems(walker) == []
    # the course's own navigation: previous and next, never via a listing
    if index > 0:
        assert link_to(walker, STEPS[index - 1]) is not None, f"{step}: no link back"
    if index + 1 < len(STEPS):
        following = link_to(walker, STEPS[index + 1])
        assert following is not None, f"{step}: no link to {STEPS[index + 1]}"
        with walker.expect_navigation() as navigation:
            following.click()
        response = navigation.value
        assert response is not None and response.ok
        ARRIVED[walker.url] = response.text()


# --- ten learners at once ----------------------------------------------------------------------

def test_ten_learners_at_once_each_get_their_own_kernel(app: AppServer, chromium: Any) -> None:
    contexts = [new_learner(chromium) for _ in range(10)]
    try:
        pages = [context.new_page() for context in contexts]
        for page in pages:  # start all ten loads at once, before waiting for any of them
            page.evaluate("url => { window.location.href = url; }", app.url(ONE_BUTTON))
        for page in pages:
            wait_rendered(page, timeout=120_000)
            wait_widgets(page, timeout=60_000)
        kernels = {page.evaluate(
            "() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
            ".kernelId") for page in pages}
        assert len(kernels) == 10
        for clicks, page in enumerate(pages, start=1):
            for _ in range(clicks):
                page.click(".kamp-baseline-button")
        for clicks, page in enumerate(pages, start=1):
            page.wait_for_function(
                "n => document.querySelector('.kamp-baseline-table td')?.textContent.trim()"
                " === String(n)", arg=clicks, timeout=30_000,
            )
            assert page_problems(page) == []
    finally:
        for context in contexts:
            context.close()

