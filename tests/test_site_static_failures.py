"""The browser edition when something goes wrong: each failure its own sentence, and a «Prøv igjen»
that repeats the step that failed.

A server that refuses, a download broken off mid-way, one that stalls, a browser without
WebAssembly or without module workers, and «Neste» after the server has gone: the page says
which, in the learner's language, never waits for ever and never shows the browser's own error
page.  The site is served in this process by `make site-serve`'s handler (static_site_support.
LocalSite), so a test can stop it, start it again on the same port, or make it misbehave.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from app_support import require_chromium, wait_for_js
from static_site_support import SERVER, LocalSite, Offline, site_state, wait_shown

import kamplib.site.browser  # noqa: F401  (registers the browser edition's words)
from kamplib.i18n import t

require_chromium()

WASM = "pyodide.asm.wasm"
MEGABYTES = r"\d+,\d"


@pytest.fixture(scope="module")
def folder(built_site: tuple[Path, dict]) -> Path:
    return built_site[0]


@pytest.fixture
def learner(chromium: Any) -> Iterator[Offline]:
    person = Offline(chromium)
    yield person
    person.close()


def failed_with(page: Any, kind: str, timeout: float = 60_000) -> str:
    """Wait until the page has said failure ``kind``; return what the status line says."""
    wait_for_js(
        page,
        "kind => window.kampBoot !== undefined && window.kampBoot.state.failures.includes(kind)",
        arg=kind, timeout=timeout)
    return str(page.inner_text("#kamp-status .kamp-status-text"))


def retry(page: Any, lang: str = "nb") -> None:
    button = page.locator("#kamp-status button.kamp-retry")
    assert button.is_visible() and button.inner_text() == t("word_try_again", lang)
    button.click()


def requested(person: Offline, name: str) -> int:
    return sum(url.split("?")[0].endswith("/" + name) for url, _ in person.local)


def test_a_browser_without_webassembly_is_told_so_and_downloads_nothing(
        folder: Path, learner: Offline) -> None:
    site = LocalSite(folder).start()
    try:
        learner.context.add_init_script("delete globalThis.WebAssembly;")
        page = learner.context.new_page()
        page.goto(site.url("index.html?lang=en"))
        assert failed_with(page, "no_wasm") == t("browser_no_wasm", "en")
        assert page.locator("#kamp-status").get_attribute("data-kind") == "error"
        with page.expect_navigation():  # a browser whose setting was changed gets another go
            retry(page, "en")
        assert failed_with(page, "no_wasm") == t("browser_no_wasm", "en")
        assert requested(learner, WASM) == 0
    finally:
        site.stop()


def test_a_browser_without_module_workers_is_told_so(folder: Path, learner: Offline) -> None:
    site = LocalSite(folder).start()
    try:
        # a Worker that knows no options, as in browsers before module workers
        learner.context.add_init_script(
            "const Plain = Worker; globalThis.Worker = function (url) { return new Plain(url); };")
        page = learner.context.new_page()
        page.goto(site.url("index.html"))
        assert failed_with(page, "no_module_worker") == t("browser_no_module_worker", "nb")
        assert requested(learner, WASM) == 0
    finally:
        site.stop()


def test_a_refused_server_then_neste_with_the_server_gone(folder: Path,
                                                          learner: Offline) -> None:
    """The page itself arrived (from the browser's memory of it, here: from disk), the server
    refuses everything else; later, with Python running, the server goes away and «Neste» is
    pressed.  Both times: a sentence, and «Prøv igjen» works once the server is back."""
    site = LocalSite(folder)  # not listening: every connection is refused

    def from_disk(route: Any) -> None:
        path = route.request.url.removeprefix(site.base).split("?")[0]
        route.fulfill(path=str(folder / path))

    page = learner.context.new_page()
    page.route(re.compile(r".*/(index\.html|boot\.js|main\.css)(\?.*)?$"), from_disk)
    page.goto(site.url("index.html"))
    assert failed_with(page, "server_gone") == t("browser_server_gone", "nb")
    assert page.locator("main .kamp-output").count() == 0  # no Python ran, nothing pretended
    site.start()
    try:
        retry(page)
        wait_shown(page, 1, timeout=300_000)
        assert page.locator(".kamp-front").count() == 1

        site.stop()
        front = page.url
        page.locator("a.kamp-start-femkamp").first.click()
        assert failed_with(page, "page_failed") == t("browser_page_failed", "nb")
        assert page.url == front and page.locator(".kamp-front").count() == 1  # still here
        site.start()
        retry(page)
        wait_shown(page, 2)
        assert page.url == site.url("tutorial/00-velkommen.html")
        assert site_state(page)["errors"] == []
    finally:
        site.stop()


class BreaksOnce(SERVER.SiteHandler):
    """Sends half of Python's WebAssembly the first time it is asked for, then hangs up."""

    broken: ClassVar[set[str]] = set()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if self.path.split("?")[0].endswith(WASM) and WASM not in self.broken:
            self.broken.add(WASM)
            data = source.read()
            outputfile.write(data[: len(data) // 2])
            outputfile.flush()
            self.close_connection = True
            return
        super().copyfile(source, outputfile)


def test_a_download_broken_mid_way_says_how_far_it_came_and_tries_again(
        folder: Path, learner: Offline) -> None:
    site = LocalSite(folder, BreaksOnce).start()
    try:
        page = learner.context.new_page()
        page.goto(site.url("index.html"))
        said = failed_with(page, "broken")
        assert re.fullmatch(rf"Nedlastingen ble brutt etter {MEGABYTES} av {MEGABYTES} MB\. "
                            r"Sjekk nettet og prøv igjen\.", said), said
        retry(page)
        # the retry fetches what is missing and goes on to start Python (which the other tests
        # follow to the end)
        wait_for_js(page, "() => window.kampBoot.state.phase === 'python'",
                          timeout=300_000)
        assert page.evaluate("window.kampBoot.state.received") == \
            page.evaluate("window.kampBoot.state.total")
        assert requested(learner, WASM) >= 2
    finally:
        site.stop()


class StallsOnce(SERVER.SiteHandler):
    """Sends the first bytes of Python's WebAssembly, then nothing until ``go_on`` is set."""

    go_on = threading.Event()
    stalled: ClassVar[set[str]] = set()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if self.path.split("?")[0].endswith(WASM) and WASM not in self.stalled:
            self.stalled.add(WASM)
            outputfile.write(source.read(200_000))
            outputfile.flush()
            self.go_on.wait(120)
            self.close_connection = True
            return
        super().copyfile(source, outputfile)


def test_a_stalled_download_is_given_up_with_a_sentence_and_tried_again(
        folder: Path, learner: Offline) -> None:
    site = LocalSite(folder, StallsOnce).start()
    try:
        page = learner.context.new_page()
        page.clock.install()
        page.goto(site.url("index.html?lang=en"))
        # the figure, while the download moves: bytes of bytes, and a bar
        wait_for_js(page, "() => window.kampBoot.state.received > 0")
        wait_for_js(page, "() => /\\(\\d+%\\)/.test("
                          "document.querySelector('#kamp-status').innerText)")
        line = page.inner_text("#kamp-status .kamp-status-text")
        assert re.fullmatch(r"Downloading the course: \d+\.\d of \d+\.\d MB \(\d+%\)", line), line
        fraction = page.evaluate("document.querySelector('#kamp-status progress').value")
        assert 0 < fraction < 1
        boot = page.evaluate("window.kampBoot.STALL_SECONDS")
        page.clock.fast_forward((boot + 2) * 1000)
        said = failed_with(page, "stalled")
        assert re.fullmatch(rf"The download has not moved for {boot} seconds \(\d+\.\d of "
                            r"\d+\.\d MB downloaded\)\. The network may be too slow right now\.",
                            said), said
        StallsOnce.go_on.set()
        retry(page, "en")
        wait_for_js(page, "() => window.kampBoot.state.phase === 'python'",
                          timeout=120_000)
        assert page.evaluate("window.kampBoot.state.received") == \
            page.evaluate("window.kampBoot.state.total")
    finally:
        StallsOnce.go_on.set()
        site.stop()
