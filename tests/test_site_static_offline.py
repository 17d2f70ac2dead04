"""The browser edition at the cabin: after one visit with a network, the course works without.

A learner opens the site once; the service worker (site/src/sw.js) keeps what the first page
downloads and then the rest, and the page says «Kurset er lagret for bruk uten nett».  Then the
network goes (`context.set_offline(True)`) and the server stops: the next steps, the score
sheet and the printout still work, a reload starts Python from what was kept, and the teachers'
page opens.  A rebuild with a changed page is announced («En ny utgave av kurset er klar») and,
after «Oppdater», shown whole: the new page, the new build's files only, the old cache gone.

One learner's browser profile for the file, in file order (``cabin``): the rebuild is announced
to the browser that kept the course at the first visit, so the course is kept once and Python
starts three times (the first visit, the reload without a network, the update), not four.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_support import LEAK_MARKERS, require_chromium, shoot, wait_for_js
from static_site_support import (
    BUILDER,
    LATER_PAGE,
    REPO,
    LocalSite,
    build_locked,
    manifest_with_test_pages,
    site_state,
    wait_shown,
)

import kamplib.site.browser  # noqa: F401  (registers the browser edition's words)
from kamplib.i18n import t

require_chromium()

SCREENSHOTS = REPO / "screenshots" / "static"
NEXT = ".kamp-site-nav a.kamp-next"


class Visitor:
    """One learner's browser profile (its own storage) and tab; every response noted."""

    def __init__(self, browser: Any) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.crashes: list[str] = []
        self.fetched: list[str] = []
        self.page.on("pageerror", lambda error: self.crashes.append(str(error)))
        self.context.on("response", lambda response: self.fetched.append(response.url))

    def open(self, url: str) -> None:
        self.page.goto(url)
        wait_shown(self.page, 1, timeout=300_000)

    def follow(self, selector: str) -> None:
        shown = site_state(self.page)["pagesShown"]
        self.page.locator(selector).first.click()
        wait_shown(self.page, shown + 1)

    def saved(self) -> None:
        """Wait until the whole course is kept and the page has said so."""
        wait_for_js(self.page, "() => window.kampBoot.state.saved === true",
                               timeout=300_000)

    def problems(self) -> list[str]:
        found = [f"page error: {c}" for c in self.crashes]
        found += [f"cell error: {e}" for e in site_state(self.page)["errors"]]
        text = self.page.inner_text("body")
        return found + [f"text contains {m!r}" for m in LEAK_MARKERS if m in text]

    def caches(self) -> list[str]:
        return list(self.page.evaluate("caches.keys()"))

    def close(self) -> None:
        self.context.close()


class Cabin:
    """The learner's profile and the site it visits: a copy of the built site, served on a
    port of its own that stays the same when the server stops and starts again."""

    def __init__(self, visitor: Visitor, site: LocalSite, folder: Path) -> None:
        self.visitor = visitor
        self.site = site
        self.folder = folder


@pytest.fixture(scope="module")
def cabin(chromium: Any, built_site: tuple[Path, dict],
          tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cabin]:
    folder = tmp_path_factory.mktemp("cabin") / "site"
    shutil.copytree(built_site[0], folder)
    place = Cabin(Visitor(chromium), LocalSite(folder), folder)
    yield place
    place.site.stop()
    place.visitor.close()


def build_id(folder: Path) -> str:
    found = re.search(r'data-kamp-build="([0-9a-f]+)"', (folder / "index.html").read_text())
    assert found
    return found[1]


def test_after_one_visit_the_course_works_without_a_network(cabin: Cabin) -> None:
    visitor, folder = cabin.visitor, cabin.folder
    site = cabin.site.start()
    page = visitor.page
    try:
        visitor.open(site.url("index.html"))
        visitor.saved()
        notice = page.locator("#kamp-saved")
        assert notice.is_visible()
        assert notice.inner_text().startswith(t("browser_saved", "nb"))
        # said in the page's flow, above the page: it covers nothing the learner is doing
        assert notice.evaluate("n => getComputedStyle(n).position") == "static"
        assert notice.evaluate("n => n.compareDocumentPosition(document.getElementById("
                               "'kamp-page')) & Node.DOCUMENT_POSITION_FOLLOWING")
        assert page.inner_text("#kamp-offline") == t("browser_saved", "nb")
        shoot(page, SCREENSHOTS / "test-saved-1280.png")
        notice.get_by_role("button", name=t("browser_close", "nb")).click()
        assert notice.is_hidden()
        assert visitor.caches() == [f"kamp-{build_id(folder)}"]
    finally:
        site.stop()
    visitor.context.set_offline(True)

    # the next steps, in the same Python
    visitor.follow("a.kamp-start-femkamp")
    assert page.url == site.url("tutorial/00-velkommen.html")
    visitor.follow(NEXT)
    visitor.follow(NEXT)
    assert page.url == site.url("tutorial/02-pass.html")
    page.locator(".kamp-play .kamp-hand button.kamp-card.kamp-legal").first.wait_for()
    assert visitor.problems() == []

    # a reload without a network: Python starts from what the browser kept
    page.goto(site.url("notebooks/02-poengark.html?lang=en"))
    wait_shown(page, 1, timeout=300_000)
    page.locator(".kamp-score-sheet-widget").first.wait_for()
    assert "Jonas" in page.inner_text("main")
    assert page.inner_text("#kamp-offline") == t("browser_saved", "en")
    page.set_viewport_size({"width": 390, "height": 844})
    shoot(page, SCREENSHOTS / "test-offline-sheet-390.png")
    page.set_viewport_size({"width": 1280, "height": 900})

    # the printout, made in the page and downloaded
    visitor.follow(NEXT)
    assert page.url == site.url("notebooks/03-utskrift.html?lang=en")
    with page.expect_download() as download:
        page.locator("a.kamp-download").first.click()
    printout = Path(download.value.path()).read_text(encoding="utf-8")
    assert printout.startswith("<!DOCTYPE html>")

    # and the teachers' page, by the footer's link, in the learner's language
    visitor.follow(".kamp-footer a.kamp-teacher-link")
    assert page.url == site.url("for-laerere.html?lang=en")
    assert page.locator("main .kamp-lang-en h1").inner_text() == \
        "For teachers: sharing the course"
    assert page.locator("main .kamp-lang-nb").is_hidden()
    assert visitor.problems() == []


def changed_repo(root: Path, later: str) -> Path:
    """A copy of the course's pages where the later test page says something else, with
    kamplib and pyproject.toml the repository's own (so only that page changes)."""
    root.mkdir(parents=True)
    for name in ("kamplib", "pyproject.toml"):
        (root / name).symlink_to(REPO / name)
    for name in ("index.ipynb", "tutorial", "sekskamp", "sjukamp", "notebooks", "tests/site"):
        source, target = REPO / name, root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        (shutil.copytree if source.is_dir() else shutil.copy2)(source, target)
    notebook = json.loads((root / LATER_PAGE).read_text(encoding="utf-8"))
    notebook["cells"][0]["source"] = [f"# {later}\n"]
    (root / LATER_PAGE).write_text(json.dumps(notebook), encoding="utf-8")
    return root


def test_a_rebuild_is_announced_and_shown_whole_after_the_update(cabin: Cabin,
                                                                 tmp_path: Path) -> None:
    """The learner of the test above, back on the network, on a page of the course it kept."""
    visitor, folder = cabin.visitor, cabin.folder
    later = BUILDER.page_url(LATER_PAGE)
    visitor.context.set_offline(False)
    site = cabin.site.start()
    page = visitor.page
    try:
        if page.url == "about:blank":  # this test alone: the first visit is this one
            visitor.open(site.url(later))
        else:  # (nothing of the course links to the test page: a link put into it)
            page.evaluate("url => { const a = document.createElement('a'); a.href = url; "
                          "a.id = 'kamp-test-link'; a.textContent = 'x'; "
                          "document.querySelector('main').prepend(a); }", site.url(later))
            visitor.follow("#kamp-test-link")
            assert page.url == site.url(later)
        visitor.saved()
        old = build_id(folder)
        assert "Moduler som kommer senere" in page.inner_text("main h1")

        # the teacher builds again with a changed page, into the folder the site is served from
        second = tmp_path / "second"
        build_locked(out=second, manifest=manifest_with_test_pages(),
                     repo=changed_repo(tmp_path / "repo", "Utgave to"))
        shutil.rmtree(folder)
        shutil.copytree(second, folder)
        new = build_id(folder)
        assert new != old

        # the open page still shows the old build, whole; the newer one installs beside it
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        notice = page.locator("#kamp-notice")
        notice.get_by_text(t("browser_update_ready", "nb")).wait_for(timeout=300_000)
        assert "Moduler som kommer senere" in page.inner_text("main h1")
        assert page.evaluate("document.documentElement.dataset.kampBuild") == old
        shoot(page, SCREENSHOTS / "test-update-1280.png")

        seen = len(visitor.fetched)
        with page.expect_navigation():
            notice.get_by_role("button", name=t("browser_update", "nb")).click()
        wait_for_js(page, "() => window.kampBoot !== undefined")
        assert page.inner_text("main h1") == "Utgave to"
        assert page.evaluate("document.documentElement.dataset.kampBuild") == new
        assert visitor.caches() == [f"kamp-{new}"]
        # nothing of the old build was asked for after the update: every static file is the
        # new build's (named by content, so each exists in the new folder)
        for url in visitor.fetched[seen:]:
            path = url.removeprefix(site.base).split("?")[0]
            assert (folder / path).is_file() or path == "", url
        assert visitor.crashes == []
    finally:
        site.stop()
