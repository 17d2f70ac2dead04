"""Issue 26 in the browser edition, in Chromium at phone size: what a learner did lasts.

One learner plays three cards and answers a drill on the Pass step; a heading's ¶ link and Back
leave the page's Python alone; Back and Forward between pages, and a reload, bring the round and
the drill's answer back (the round replayed from the ``kamp/1`` record the page kept in
localStorage); a typed score sheet comes back after a reload; the drill's goal met gives stars
that come back after a reload too; the front page's choices are in its address and come back
after Back.  A browser that keeps nothing still plays and says once that nothing is kept.  The
tests of this file follow one learner in order (a reload starts Python again: each costs a cold
start, so the learner has one first start for all of them).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from app_support import STARS_SEEN, wait_for_js
from static_site_support import Offline, SiteServer, site_state, wait_shown

PHONE = {"width": 390, "height": 844}
STEP = "tutorial/02-pass.html"
CARDS = ".kamp-play .widget-hbox.kamp-hand button.kamp-card"
LEGAL = CARDS + ".kamp-legal"
RESTORED = "() => document.body.innerText.includes('hentet tilbake')"
ANSWERED = ".kamp-feedback .kamp-right, .kamp-feedback .kamp-wrong"  # the drill's verdict shown
NO_STORAGE = """
Object.defineProperty(window, 'localStorage', {
  configurable: true, get() { throw new DOMException('no storage', 'SecurityError'); },
});
"""


class Tab:
    def __init__(self, browser: Any, base: str, script: str | None = None) -> None:
        self.offline = Offline(browser, viewport=PHONE)
        if script:
            self.offline.context.add_init_script(script)
        self.page = self.offline.context.new_page()
        self.base = base
        self.crashes: list[str] = []
        self.page.on("pageerror", lambda error: self.crashes.append(str(error)))

    def shown(self) -> int:
        return int(site_state(self.page)["pagesShown"])

    def open(self, path: str) -> None:
        """A new document at ``path``: Python starts again."""
        self.page.goto(self.base + path)
        wait_shown(self.page, 1, timeout=300_000)

    def go(self, path: str) -> None:
        """A link to ``path`` followed in the page (Python stays)."""
        before = self.shown()
        self.page.evaluate("""(href) => {
            const link = document.createElement('a');
            link.href = href;
            document.getElementById('kamp-page').append(link);
            link.click();
        }""", self.base + path)
        wait_shown(self.page, before + 1)

    def play(self, cards: int) -> None:
        page = self.page
        for _ in range(cards):
            page.wait_for_selector(LEGAL, state="visible", timeout=60_000)
            count = len(page.query_selector_all(CARDS))
            page.locator(LEGAL).first.click()
            wait_for_js(
                page,
                f"() => document.querySelectorAll({CARDS!r}).length < {count}", timeout=30_000)
        page.wait_for_selector(LEGAL, state="visible", timeout=60_000)

    def table(self) -> tuple[list[str], str, str, str]:
        """The learner's cards, the table's log, the drill's feedback and tally."""
        page = self.page
        cards = [b.get_attribute("title") or "" for b in page.query_selector_all(CARDS)]
        return (cards, page.inner_text(".kamp-log-box"), page.inner_text(".kamp-feedback"),
                page.inner_text(".kamp-tally"))

    def wait_kept(self, slot: str, text: str) -> None:
        """Until the browser keeps what ``slot``'s field holds now, and it has ``text``."""
        wait_for_js(self.page, """([slot, text]) => {
            const key = Object.keys(localStorage).find((k) => k.endsWith('#' + slot));
            const field = document.querySelector('.kamp-memory-slot-' + slot + ' input');
            return key && field && localStorage.getItem(key) === field.value
                && field.value.includes(text);
        }""", arg=[slot, text], timeout=10_000)


def goal_stars(page: Any, goal: int) -> str:
    """The stars the page's goals box shows for its ``goal``-th goal («1 av 3 stjerner»)."""
    return page.locator(".kamp-goals .kamp-star-mark").nth(goal).get_attribute(
        "aria-label") or ""


@pytest.fixture(scope="module")
def tab(chromium: Any, site_server: SiteServer) -> Iterator[Tab]:
    person = Tab(chromium, site_server.base)
    person.open(STEP)
    yield person
    assert person.crashes == []
    person.offline.close()


def test_three_cards_and_a_drill_answer_stay_through_a_heading_link(tab: Tab) -> None:
    page = tab.page
    assert "Mål på denne siden" in page.inner_text(".kamp-goals")  # said before playing
    # the stars once the browser has said it keeps none (a new learner)
    page.locator(".kamp-goals .kamp-star-mark").nth(1).wait_for(timeout=30_000)
    assert goal_stars(page, 1) == "0 av 3 stjerner"
    tab.play(3)
    page.locator(".kamp-drill button.kamp-card-pick").first.click()
    page.locator(".kamp-drill button.kamp-check").click()
    page.wait_for_selector(ANSWERED, timeout=30_000)
    tab.wait_kept("table-0", '"record"')
    tab.wait_kept("drill-0", '"last":{')
    before, shown = tab.table(), tab.shown()
    assert len(before[0]) == 10
    anchor = page.locator("main h2 a.anchor-link").nth(1)
    anchor.click(force=True)  # shown on hover only
    page.wait_for_url("**#*", timeout=10_000)
    page.go_back()
    page.wait_for_timeout(1500)
    assert (tab.shown(), tab.table()) == (shown, before), "the ¶ link ran the page again"


def test_back_and_forward_bring_the_round_and_the_answer_back(tab: Tab) -> None:
    page = tab.page
    before = tab.table()
    tab.go("tutorial/03-klover.html")
    for step in (page.go_back, None):
        if step is None:
            shown = tab.shown()
            page.go_forward()
            wait_shown(page, shown + 1)
            shown = tab.shown()
            page.go_back()
            wait_shown(page, shown + 1)
        else:
            shown = tab.shown()
            step()
            wait_shown(page, shown + 1)
        wait_for_js(page, RESTORED, timeout=30_000)
        page.wait_for_selector(ANSWERED, timeout=30_000)
        assert tab.table() == before


def test_a_typed_sheet_and_the_round_come_back_after_a_reload(tab: Tab) -> None:
    page = tab.page
    before = tab.table()
    tab.go("tutorial/07-poengregning.html")
    cells = page.locator(".kamp-score-input input")
    for i, value in enumerate(("4", "fem", "2")):
        cells.nth(i).fill(value)
        cells.nth(i).press("Tab")
    tab.wait_kept("sheet-0", '"2"')
    page.reload()
    wait_shown(page, 1, timeout=300_000)
    wait_for_js(page, RESTORED, timeout=30_000)
    wait_for_js(page, """() => [...document.querySelectorAll('.kamp-score-input input')]
        .slice(0, 3).map((cell) => cell.value).join() === '4,fem,2'""", timeout=10_000)
    # the sheet brought back is on the screen (walk W13: two screens below it)
    wait_for_js(page, """() => {
        const top = document.querySelector('.kamp-score-sheet-widget')
            .getBoundingClientRect().top;
        return top > -2 && top <= innerHeight / 2;
    }""", timeout=10_000)
    tab.go(STEP)
    wait_for_js(page, RESTORED, timeout=30_000)
    page.wait_for_selector(ANSWERED, timeout=30_000)
    assert tab.table() == before
    tab.play(1)  # and it plays on
    assert len(tab.table()[0]) == 9


def test_stars_appear_when_a_drill_goal_is_met_and_survive_a_reload(tab: Tab) -> None:
    """The learner of the tests above (a new learner's stars when the page first opened: the
    first test), back on the Pass step with one drill item answered: four more make the drill's
    goal of five items (stars by the misses)."""
    page = tab.page
    assert page.url.startswith(tab.base + STEP)
    page.wait_for_selector(ANSWERED, timeout=30_000)
    assert goal_stars(page, 1) == "0 av 3 stjerner"
    for _ in range(4):
        page.locator(".kamp-drill button.kamp-next").click()
        wait_for_js(page, f"() => !document.querySelector({ANSWERED!r})", timeout=30_000)
        page.locator(".kamp-drill button.kamp-card-pick").first.click()
        page.locator(".kamp-drill button.kamp-check").click()
        page.wait_for_selector(ANSWERED, timeout=30_000)
    wait_for_js(page, """(path) => {
        const kept = JSON.parse(localStorage.getItem('kamp-learner/1') || 'null');
        return kept && kept.stars[path] && kept.stars[path].drill >= 1;
    }""", arg="tutorial/02-pass.ipynb", timeout=10_000)
    earned = goal_stars(page, 1)
    stars = int(earned.split()[0])
    assert earned == f"{stars} av 3 stjerner" and stars >= 1
    here = f"{stars} av 6 stjerner"
    assert page.locator(f".kamp-site-nav [aria-label='{here}']").count() == 1
    page.add_init_script(STARS_SEEN)  # the next document's own start
    page.reload()
    wait_shown(page, 1, timeout=300_000)
    wait_for_js(page, "(earned) => [...document.querySelectorAll("
                      "'.kamp-goals .kamp-star-mark')][1]?.getAttribute('aria-label')"
                      " === earned", arg=earned, timeout=30_000)
    # no stars at all until the learner's own came: never a new learner's «0 av 3» first
    seen = page.evaluate("() => window.kampStarsSeen")
    assert seen == [f"0 av 3 stjerner | {earned}"], seen
    assert page.locator(f".kamp-site-nav [aria-label='{here}']").count() == 1
    tab.go("index.html")
    wait_for_js(page, "(stars) => document.querySelector(\".kamp-front-game"
                      "[data-game='femkamp']\")?.innerText.includes(stars + ' av 42')",
                      arg=stars, timeout=30_000)
    tab.go(STEP)  # where the next test of the learner starts, as after the test above


def test_the_front_pages_choices_are_in_its_address_and_come_back_after_back(tab: Tab) -> None:
    """Walk W21 and W29 in the browser edition: names and an own game of seven rounds chosen on
    the front page stay chosen, the page's address carries them (a reload reads the address
    as Back does), and Back from the next page shows them again."""
    page = tab.page
    tab.go("index.html")
    page.select_option(".kamp-game select", label="Eget spill (velg rundene)")
    page.fill(".kamp-players input", "Mormor, Jonas, Emma")
    page.press(".kamp-players input", "Enter")
    page.fill(".kamp-rule-order input", "Pass, Kløver, Damer, fan tan, Grand, Trumf, Grand")
    page.press(".kamp-rule-order input", "Enter")
    wait_for_js(page, "() => location.search.includes('trumf,grand') "
                      "&& location.search.includes('players=Mormor')", timeout=30_000)
    assert tab.base + "index.html?game=custom&players=Mormor,Jonas,Emma&order=" in page.url
    summary = page.inner_text(".kamp-rules-summary")
    assert summary.startswith("Eget spill med 3 spillere"), summary
    shown = tab.shown()
    page.locator("a.kamp-start-femkamp").first.click()
    wait_shown(page, shown + 1)
    page.go_back()
    wait_shown(page, shown + 2)
    assert "Eget" in page.eval_on_selector(".kamp-game select option:checked",
                                           "o => o.textContent")
    assert page.input_value(".kamp-players input") == "Mormor, Jonas, Emma"
    assert page.inner_text(".kamp-rules-summary") == summary


def test_a_browser_that_keeps_nothing_plays_and_says_so_once(chromium: Any,
                                                             site_server: SiteServer) -> None:
    person = Tab(chromium, site_server.base, NO_STORAGE)
    person.open(STEP)
    person.play(2)
    page = person.page
    page.wait_for_selector(".kamp-not-kept", state="visible", timeout=10_000)
    assert "blir ikke husket" in page.inner_text(".kamp-not-kept")
    person.go("tutorial/03-klover.html")
    person.play(1)
    assert page.locator(".kamp-not-kept").count() == 1
    assert person.crashes == []
    person.offline.close()
