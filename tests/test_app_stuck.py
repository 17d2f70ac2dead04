"""No page stays on the loading screen (issue 14): a page opened at any moment shows its widget
views, or tells the learner what went wrong and offers to try again; so does a page whose
widgets lose their kernel.

The first two tests wait the way a learner does: the browser is left to itself (no Playwright
call while waiting) and each page tells a small listener in this process when it has drawn every
widget view its cells announce.  A test harness that holds a page's requests in Python (a
Playwright route does: its handler only runs inside a Playwright call) leaves such a page on its
loading screen, which is how the hang of issue 14 was seen.  One server for the module, and the
first test opens its page before the pre-heated pools are full.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from app_support import (
    REPO,
    AppServer,
    kernel_id,
    kernel_process,
    new_learner,
    preheat_only,
    require_chromium,
    running_app,
    shoot,
    tutorial_steps,
    wait_for_js,
    wait_widgets,
)

require_chromium()

SCREENSHOTS = REPO / "screenshots"
BOUND = 120.0  # seconds for a page to draw its widgets on a busy 2-core machine; not a benchmark
PATIENCE = 6.0  # CourseApp.front_end_patience here (30 s in the app): then a slow start offers
#                to try again
AT_START = "tutorial/09-husregler.ipynb"
TOGETHER = ["tutorial/02-pass.ipynb", "tutorial/04-damer.ipynb", "tutorial/06-grand.ipynb",
            "tutorial/08-hel-femkamp.ipynb", "tutorial/03-klover.ipynb"]
PROBLEM = "#kamp-loading-problem:not([hidden])"
LOST = "#kamp-lost:not([hidden])"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

# Runs in every page of a reporting learner: once the page has drawn as many widget views as
# its cells announce (Voilà puts each output in a script until its front end renders it), it
# loads `<listener>/<label>/widgets/<count>` as an image.
REPORT_JS = """
(() => {
  const listener = %s, label = %s;
  const views = 'application/vnd.jupyter.widget-view+json';
  let expected = null;
  const look = setInterval(() => {
    if (expected === null) {
      if (document.readyState === 'loading') { return; }
      expected = [...document.querySelectorAll(
        'script[type="application/vnd.voila.cell-output+json"]')]
        .filter((s) => s.textContent.includes(views)).length;
    }
    const drawn = document.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets').length;
    if (expected > 0 && drawn >= expected) {
      clearInterval(look);
      new Image().src = listener + '/' + label + '/widgets/' + expected;
    }
  }, 250);
})();
"""


class Listener:
    """What the pages report, heard on a port of this process (in a thread of its own)."""

    def __init__(self) -> None:
        self.heard: dict[str, str] = {}
        self._changed = threading.Condition()
        listener = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                label, _, what = self.path.strip("/").partition("/")
                with listener._changed:
                    listener.heard.setdefault(label, what)
                    listener._changed.notify_all()
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                """Quiet."""

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def wait(self, labels: list[str], timeout: float) -> dict[str, str]:
        """Block (no Playwright call) until every label has reported, or the timeout."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not all(label in self.heard for label in labels):
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._changed.wait(left)
            return {label: self.heard[label] for label in labels if label in self.heard}

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    # the course steps' pools (all of them pre-heating as the first page opens), not the
    # chapters' and the front page's, which no test here opens
    with running_app(tmp_path_factory.mktemp("stuck") / "voila.log",
                     [*preheat_only(*tutorial_steps()),
                      f"--CourseApp.front_end_patience={PATIENCE}"]) as server:
        yield server


@pytest.fixture
def listener() -> Iterator[Listener]:
    heard = Listener()
    yield heard
    heard.close()


def reporting_page(browser: Any, listener: Listener, label: str) -> tuple[Any, Any]:
    # the report is an image from the listener's port: another origin, which the pages' own
    # policy refuses (app/kampapp/guard.py); the test's instrument, not the page, is let through
    context = new_learner(browser, bypass_csp=True)
    context.add_init_script(REPORT_JS % (json.dumps(listener.base), json.dumps(label)))
    return context, context.new_page()


def page_state(page: Any) -> Any:
    """What a page shows (for the failure message only)."""
    return page.evaluate("""() => ({
        loading: !!document.getElementById('loading'),
        step: (document.getElementById('loading_text') || {}).textContent,
        views: document.querySelectorAll('.jupyter-widgets').length,
        themeLoaded: !!window.themeLoaded, cellLoaded: !!window.cellLoaded})""")


def pools_filled(app: AppServer) -> int:
    return app.log_text().count("Kernel pool of")


def assert_all_drew(pages: dict[str, Any], heard: dict[str, str]) -> None:
    missing = {label: page_state(page) for label, page in pages.items() if label not in heard}
    assert not missing, f"no widget views within {BOUND:.0f} s: {missing}"
    assert all(what.startswith("widgets/") and int(what.split("/")[1]) > 0
               for what in heard.values()), heard
    assert [label for label, page in pages.items() if page.is_visible(LOST)] == []


# --- pages left to themselves ------------------------------------------------------------------

def test_a_page_opened_as_the_server_starts_draws_its_widgets(
    chromium: Any, listener: Listener, app: AppServer,
) -> None:
    # Chromium is launched before the server starts (fixtures are set up in this order), so
    # the page is opened while the server is still pre-heating its pools, even on a fast machine
    context, page = reporting_page(chromium, listener, "at-start")
    assert pools_filled(app) < len(tutorial_steps()), "the pools were full before the page"
    page.goto(app.url(AT_START), timeout=180_000)  # the streamed page has arrived
    heard = listener.wait(["at-start"], BOUND)
    assert_all_drew({"at-start": page}, heard)
    context.close()


def test_pages_opened_together_all_draw_their_widgets(
    app: AppServer, chromium: Any, listener: Listener,
) -> None:
    """Five learners open five steps at the same moment (a pre-heated step among them)."""
    opened = {}
    contexts = []
    for step in TOGETHER:
        label = step.split("/")[-1].split("-")[0]
        context, page = reporting_page(chromium, listener, label)
        contexts.append(context)
        page.goto(app.url(step), wait_until="commit", timeout=180_000)
        opened[label] = page
    heard = listener.wait(list(opened), BOUND)
    assert_all_drew(opened, heard)
    for context in contexts:
        context.close()


# --- a front end that fails or is slow to start -----------------------------------------------

def shot(page: Any, name: str) -> None:
    shoot(page, SCREENSHOTS / f"{name}.png")


def test_a_front_end_that_cannot_start_says_so_and_trying_again_works(
    app: AppServer, chromium: Any,
) -> None:
    """At a phone's width and, the same page resized, a laptop's (the message is laid out by
    CSS: a resize shows what a load at that width would)."""
    context = new_learner(chromium, viewport=PHONE)
    page = context.new_page()
    page.route("**/voila/static/voila.js", lambda route: route.abort())
    page.goto(app.url(AT_START), timeout=180_000)
    page.wait_for_selector(PROBLEM, timeout=30_000)
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        assert page.inner_text("#kamp-loading-title") == "Noe gikk galt"
        assert page.inner_text("#kamp-loading-problem-text") == (
            "Siden klarte ikke å starte i nettleseren. Prøv igjen, eller gå til forsiden.")
        assert page.inner_text("#kamp-loading-problem .kamp-to-front") == "Til forsiden"
        assert page.is_hidden(".kamp-loading-bar") and page.is_hidden("#loading_text")
        shot(page, f"stuck-failed-{viewport['width']}")
    page.unroute("**/voila/static/voila.js")
    with page.expect_navigation():
        page.click("#kamp-loading-problem .kamp-try-again")
    wait_widgets(page, timeout=BOUND * 1000)
    assert page.query_selector("#loading") is None
    context.close()


def test_a_slow_front_end_offers_to_try_again_and_the_page_still_comes(
    app: AppServer, chromium: Any,
) -> None:
    """Voilà's script held back past the patience: the learner is told (here in English), and
    the page shows itself as soon as the script arrives."""
    context = new_learner(chromium, viewport=PHONE)
    page = context.new_page()
    held: list[Any] = []
    page.route("**/voila/static/voila.js", lambda route: held.append(route))
    page.goto(app.url(AT_START) + "?lang=en", wait_until="commit", timeout=180_000)
    wait_for_js(page, "() => window.cellLoaded === true", timeout=180_000)
    assert page.query_selector(PROBLEM) is None, "the message came before the patience ran out"
    page.wait_for_selector(PROBLEM, timeout=(PATIENCE + 30) * 1000)
    assert page.inner_text("#kamp-loading-title") == "Getting the page ready …"
    assert page.inner_text("#kamp-loading-problem-text") == (
        "This is taking longer than usual. Wait a little longer, or try again.")
    assert page.inner_text("#kamp-loading-problem .kamp-try-again") == "Try again"
    assert page.get_attribute("#kamp-loading-problem .kamp-to-front", "href").endswith(
        "?lang=en")
    shot(page, "stuck-slow-390")
    assert len(held) == 1
    held[0].continue_()
    wait_widgets(page, timeout=BOUND * 1000)
    assert page.query_selector("#loading") is None
    context.close()


# --- widgets without a kernel -----------------------------------------------------------------

LOST_NB = ("Siden har mistet kontakten med serveren, så knappene virker ikke lenger. Trykk "
           "«Prøv igjen» for å fortsette: runden og poengarket ditt blir med.")


def test_a_page_whose_kernel_is_gone_says_so_and_trying_again_works(
    app: AppServer, chromium: Any,
) -> None:
    """The server no longer knows the page's kernel when the front end asks for it.  At a
    phone's width and, the same page resized, a laptop's."""
    context = new_learner(chromium, viewport=PHONE)
    page = context.new_page()
    gone = "**/api/kernels/*"
    page.route(gone, lambda route: route.fulfill(status=404, json={"message": "gone"}))
    page.goto(app.url(AT_START), timeout=180_000)
    page.wait_for_selector(LOST, timeout=BOUND * 1000)
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        assert page.is_visible(LOST)
        assert page.inner_text("#kamp-lost-text") == LOST_NB
        assert page.inner_text("#kamp-lost .kamp-try-again") == "Prøv igjen"
        shown_as_python = re.findall(r"\w+\((?:value|children)=", page.inner_text("body"))
        assert shown_as_python == [], "widgets shown as their Python text"
        shot(page, f"stuck-lost-{viewport['width']}")
    page.unroute(gone)
    with page.expect_navigation():
        page.click("#kamp-lost .kamp-try-again")
    wait_widgets(page, timeout=BOUND * 1000)
    assert not page.is_visible(LOST)
    context.close()


def test_a_page_whose_kernel_dies_says_so(app: AppServer, chromium: Any) -> None:
    context = new_learner(chromium)
    page = context.new_page()
    page.goto(app.url(AT_START) + "?lang=en", timeout=180_000)
    wait_widgets(page, timeout=BOUND * 1000)
    assert not page.is_visible(LOST)
    kernel_process(app.process.pid, kernel_id(page)).kill()
    page.wait_for_selector(LOST, timeout=60_000)
    assert page.inner_text("#kamp-lost-text") == (
        "The page has lost its connection to the server, so its buttons no longer work. "
        "Press “Try again” to carry on: your round and score sheet come along.")
    page.mouse.move(640, 450)
    page.mouse.wheel(0, 4000)  # read on: the bar stays in view
    wait_for_js(page, "() => (document.scrollingElement || document.body).scrollTop > 1000")
    box = page.locator("#kamp-lost").bounding_box()
    assert box is not None and abs(box["y"]) < 2, box
    shot(page, "stuck-lost-scrolled-1280")
    context.close()
