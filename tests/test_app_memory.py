"""Issue 26 in the Voilà app, in Chromium at phone size: what a learner did lasts.

A round played three cards in comes back after a reload and after Back/Forward (replayed from
the ``kamp/1`` record the page kept in the browser's localStorage), a typed score sheet comes
back, and a browser that cannot store still plays and says once that nothing is kept.  (A
killed kernel and «Prøv igjen» → the same round: tests/test_app_security.py.)  Each test has a
browser context of its own, so its localStorage starts empty.
"""

from __future__ import annotations

from typing import Any

from app_support import STARS_SEEN, new_learner, wait_for_js, wait_rendered, wait_widgets

STEP = "tutorial/02-pass.ipynb"
SHEET_PAGE = "notebooks/02-poengark.ipynb"
PHONE = {"width": 390, "height": 844}
CARDS = ".kamp-play .widget-hbox.kamp-hand button.kamp-card"
LEGAL = CARDS + ".kamp-legal"
KEY = "kamp-memory/2:" + STEP + "#table-0"
# What a browser that keeps nothing does: every use of localStorage throws, as Safari's private
# windows did and as any browser does with site data turned off.
NO_STORAGE = """
Object.defineProperty(window, 'localStorage', {
  configurable: true, get() { throw new DOMException('no storage', 'SecurityError'); },
});
"""


def hand_and_log(page: Any) -> tuple[list[str], str]:
    """The learner's cards (their names) and the table's log: what must come back."""
    cards = [b.get_attribute("title") or "" for b in page.query_selector_all(CARDS)]
    return cards, page.inner_text(".kamp-log-box")


def open_table(page: Any, url: str) -> None:
    page.goto(url)
    wait_rendered(page)
    wait_widgets(page, 90_000)
    page.wait_for_selector(LEGAL, state="visible", timeout=60_000)


def play(page: Any, cards: int) -> None:
    """Play ``cards`` of the learner's cards, each after the bots have answered the last."""
    for _ in range(cards):
        page.wait_for_selector(LEGAL, state="visible", timeout=60_000)
        count = len(page.query_selector_all(CARDS))
        page.locator(LEGAL).first.click()
        wait_for_js(page, f"() => document.querySelectorAll({CARDS!r}).length < {count}",
                          timeout=30_000)
    page.wait_for_selector(LEGAL, state="visible", timeout=60_000)


def wait_kept(page: Any, cards: int) -> None:
    """Until the browser keeps the round with the learner's ``cards`` played (13 - cards left)."""
    wait_for_js(page, f"""() => {{
        const kept = JSON.parse(localStorage.getItem({KEY!r}) || 'null');
        return kept && document.querySelectorAll({CARDS!r}).length === 13 - {cards}
            && kept.data.record === JSON.parse(document.querySelector(
                '.kamp-memory-slot-table-0 input').value).data.record;
    }}""", timeout=10_000)


def wait_in_view(page: Any, selector: str) -> None:
    """Until the top of ``selector`` is on the screen, in its upper half."""
    try:
        wait_for_js(page, """(selector) => {
            const top = document.querySelector(selector).getBoundingClientRect().top;
            return top > -2 && top <= innerHeight / 2;
        }""", arg=selector, timeout=10_000)
    except Exception as error:  # what the page shows instead, for the failure's line
        seen = page.evaluate("""(selector) => {
            const box = document.querySelector(selector);
            return {top: box.getBoundingClientRect().top, scrollY, classes: box.className,
                    navigation: performance.getEntriesByType('navigation')[0].type};
        }""", selector)
        raise AssertionError(f"{selector} is not in view: {seen}") from error


def test_a_round_comes_back_after_a_reload_and_after_back_and_forward(course_app: Any,
                                                                      chromium: Any) -> None:
    """Three cards in, a reload brings the round back and it plays on; a card later, Back and
    Forward bring it back too (one learner, one load of the step before the navigations)."""
    context = new_learner(chromium, viewport=PHONE)
    page = context.new_page()
    open_table(page, course_app.url(STEP))
    play(page, 3)
    wait_kept(page, 3)
    before = hand_and_log(page)
    assert len(before[0]) == 10
    page.reload()
    wait_rendered(page)
    wait_widgets(page, 90_000)
    wait_for_js(page, "() => document.body.innerText.includes('hentet tilbake')",
                      timeout=30_000)
    assert hand_and_log(page) == before, "the round after the reload is not the learner's"
    wait_in_view(page, ".kamp-play")  # not the page's top, three screens above (walk W13)
    play(page, 1)  # and it plays on
    assert len(hand_and_log(page)[0]) == 9
    wait_kept(page, 4)
    before = hand_and_log(page)
    page.locator(".kamp-site-nav a.kamp-next").first.click()
    page.wait_for_url("**/03-klover.ipynb*", timeout=30_000)
    wait_rendered(page)
    page.go_back()
    page.wait_for_url("**/02-pass.ipynb*", timeout=30_000)
    wait_rendered(page)
    wait_widgets(page, 90_000)
    wait_for_js(page, "() => document.body.innerText.includes('hentet tilbake')",
                      timeout=30_000)
    assert hand_and_log(page) == before, "Back did not bring the learner's round"
    page.go_forward()
    page.wait_for_url("**/03-klover.ipynb*", timeout=30_000)
    wait_rendered(page)
    page.go_back()
    wait_rendered(page)
    wait_widgets(page, 90_000)
    wait_for_js(page, "() => document.body.innerText.includes('hentet tilbake')",
                      timeout=30_000)
    assert hand_and_log(page) == before, "Forward and Back again lost the learner's round"
    context.close()


def test_only_a_new_deal_gives_a_new_deal(course_app: Any, chromium: Any) -> None:
    """«Ny utdeling» replaces what is kept: the reload then shows the new deal."""
    context = new_learner(chromium, viewport=PHONE)
    page = context.new_page()
    open_table(page, course_app.url(STEP))
    play(page, 1)
    first = hand_and_log(page)[0]
    page.locator(".kamp-play button.kamp-new-deal").click()
    page.locator(".kamp-play button.kamp-confirm-yes").click()  # the round in play goes
    wait_for_js(page, f"() => document.querySelectorAll({CARDS!r}).length === 13",
                      timeout=30_000)
    page.wait_for_timeout(1000)  # kept on the next look at the fields
    dealt = hand_and_log(page)[0]
    assert sorted(dealt) != sorted(first)
    page.reload()
    wait_rendered(page)
    wait_widgets(page, 90_000)
    wait_for_js(page, "() => document.body.innerText.includes('hentet tilbake')",
                      timeout=30_000)
    assert hand_and_log(page)[0] == dealt
    context.close()


def test_a_typed_score_sheet_comes_back_after_a_reload(course_app: Any,
                                                       chromium: Any) -> None:
    context = new_learner(chromium, viewport=PHONE)
    page = context.new_page()
    page.goto(course_app.url(SHEET_PAGE))
    wait_rendered(page)
    wait_widgets(page, 90_000)
    cells = page.locator(".kamp-score-input input")
    cells.first.wait_for(state="visible", timeout=60_000)
    for i, value in enumerate(("4", "fem", "2")):
        cells.nth(i).fill(value)
        cells.nth(i).press("Tab")
    wait_for_js(page, """() => Object.keys(localStorage).some((k) => {
        if (!k.endsWith('#sheet-0')) return false;
        const row = JSON.parse(localStorage.getItem(k)).data.texts[0];
        return ['4', 'fem', '2'].every((v) => Object.values(row).includes(v));
    })""", timeout=10_000)
    page.reload()
    wait_rendered(page)
    wait_widgets(page, 90_000)
    wait_for_js(page, "() => document.body.innerText.includes('hentet tilbake')",
                      timeout=30_000)
    wait_for_js(page, """() => [...document.querySelectorAll('.kamp-score-input input')]
        .slice(0, 3).map((cell) => cell.value).join() === '4,fem,2'""", timeout=10_000)
    context.close()


def test_a_browser_that_keeps_nothing_plays_and_says_so_once(course_app: Any,
                                                             chromium: Any) -> None:
    context = new_learner(chromium, viewport=PHONE)
    context.add_init_script(NO_STORAGE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_table(page, course_app.url(STEP))
    play(page, 2)
    page.wait_for_selector("#kamp-not-kept", state="visible", timeout=10_000)
    assert page.locator(".kamp-not-kept").count() == 1
    assert "blir ikke husket" in page.inner_text("#kamp-not-kept")
    page.wait_for_timeout(1500)  # more looks at the fields: still one sentence
    assert page.locator(".kamp-not-kept").count() == 1
    assert len(hand_and_log(page)[0]) == 11
    assert errors == []
    context.close()


STARS = "() => JSON.parse(localStorage.getItem('kamp-learner/1') || 'null')"


def finish_round(page: Any) -> str:
    """Play the learner's cards to the end of the round; the stars it earned («2 av 3
    stjerner», as the summary says them to a screen reader)."""
    for _ in range(14):
        page.wait_for_selector(f"{LEGAL}, .kamp-earned", state="visible", timeout=60_000)
        if page.locator(".kamp-earned").count():
            break
        count = len(page.query_selector_all(CARDS))
        page.locator(LEGAL).first.click()
        wait_for_js(page, f"""() => document.querySelectorAll({CARDS!r}).length < {count}
            || document.querySelector('.kamp-earned')""", timeout=30_000)
    return page.locator(".kamp-earned .kamp-star-mark").get_attribute("aria-label") or ""


# The stars were lost in the browser (3 Dec 12:03 and after): the cause was found and fixed
# (175b45f: another tab's respelled copy taken in over them).  With the fix the test passed 3 of 4
# runs alone and in the whole file; the failing run's line was not kept, and the test asserted the
# contents list (another widget, drawn a moment after the one waited for) at once — now waited
# for.  It then passed twice in a row in the whole file (3 Dec 20:09 and 20:13), and its xfail
# mark went.
def test_stars_appear_when_a_goal_is_met_and_survive_a_reload(course_app: Any,
                                                              chromium: Any) -> None:
    context = new_learner(chromium, viewport=PHONE)
    front = context.new_page()  # the front page, open in another tab all along
    front.goto(course_app.url("index.ipynb"))
    wait_rendered(front)
    wait_widgets(front, 90_000)
    page = context.new_page()
    open_table(page, course_app.url(STEP))
    goals = page.locator(".kamp-goals .kamp-goals-box")
    assert "Mål på denne siden" in goals.inner_text()  # said before playing
    # the stars once the browser has said it keeps none (a new learner)
    goals.locator(".kamp-star-mark").first.wait_for(timeout=30_000)
    assert goals.locator(".kamp-star-mark").first.get_attribute("aria-label") == \
        "0 av 3 stjerner"
    earned = finish_round(page)
    stars = int(earned.split()[0])
    assert earned == f"{stars} av 3 stjerner" and stars >= 1
    assert "Par for denne utdelingen" in page.inner_text(".kamp-earned")
    wait_for_js(page, f"() => ({STARS})()?.stars?.[{STEP!r}]?.play === {stars}",
                      timeout=10_000)
    here = f"{stars} av 6 stjerner"  # the page's goals: the round and the drill
    # the contents list is another widget: redrawn in the same turn, shown a moment apart
    page.locator(f".kamp-site-nav [aria-label='{here}']").wait_for(timeout=10_000)
    page.add_init_script(STARS_SEEN)  # the next documents' own start
    # the other tab hears of it (the browser's storage event: its page takes the new copy)
    wait_for_js(front, f"""() => {{
        const game = document.querySelector(".kamp-front-game[data-game='femkamp']");
        return game && game.innerText.includes('{stars} av 42 stjerner');
    }}""", timeout=30_000)
    page.reload()
    wait_rendered(page)
    wait_widgets(page, 90_000)
    wait_for_js(page, f"""() => {{
        const mark = document.querySelector('.kamp-goals .kamp-star-mark');
        return mark && mark.getAttribute('aria-label') === '{earned}';
    }}""", timeout=30_000)
    page.locator(f".kamp-site-nav [aria-label='{here}']").wait_for(timeout=10_000)
    # no stars at all until the learner's own came: never a new learner's «0 av 3» first
    seen = page.evaluate("() => window.kampStarsSeen")
    assert seen == [f"{earned} | 0 av 3 stjerner"], seen
    page.goto(course_app.url("index.ipynb"))
    wait_rendered(page)
    wait_widgets(page, 90_000)
    wait_for_js(page, f"""() => {{
        const game = document.querySelector(".kamp-front-game[data-game='femkamp']");
        return game && game.innerText.includes('{stars} av 42 stjerner');
    }}""", timeout=30_000)
    wait_for_js(page, f"""() => document.querySelector('.kamp-progress-summary')
        ?.innerText.includes('{stars} av')""", timeout=10_000)
    context.close()


FRONT = "index.ipynb"
OWN_GAME = "Eget spill (velg rundene)"
SEVEN = "Pass, Kløver, Damer, fan tan, Grand, Trumf, Grand"


def front_choices(page: Any) -> tuple[str, str, str, str]:
    """What the front page's picker shows: the game chosen, the names, the order, the summary."""
    return (page.eval_on_selector(".kamp-game select",
                                  "s => s.options[s.selectedIndex].text.replace(/\\s/g, ' ')"),
            page.input_value(".kamp-players input"),
            page.input_value(".kamp-rule-order input"),
            page.inner_text(".kamp-rules-summary"))


def test_the_front_pages_choices_stay_after_a_reload_and_back(course_app: Any,
                                                              chromium: Any) -> None:
    """Names and an own game of seven rounds chosen on the front page: «Eget spill» stays
    chosen beside the seven rounds (walk W29), and the page's address carries the choices, so
    a reload and Back show them again (walk W21)."""
    context = new_learner(chromium, viewport=PHONE)
    page = context.new_page()
    page.goto(course_app.url(FRONT))
    wait_rendered(page)
    wait_widgets(page, 90_000)
    # as the walk did it (W29): a wrong order first, while the game is Femkamp, then the own
    # game chosen, then seven rounds
    page.fill(".kamp-rule-order input", "Pass, Klöver, Damer, Fantan, Grand, Trumf, <b>x</b>")
    page.press(".kamp-rule-order input", "Enter")
    page.wait_for_selector(".kamp-rules-picker .kamp-error", timeout=30_000)
    page.select_option(".kamp-game select", label=OWN_GAME)
    wait_for_js(page, "() => location.search.includes('game=custom')", timeout=30_000)
    page.fill(".kamp-players input", "Mormor, Jonas, Emma")
    page.press(".kamp-players input", "Enter")
    page.fill(".kamp-rule-order input", SEVEN)
    page.press(".kamp-rule-order input", "Enter")
    wait_for_js(page, "() => location.search.includes('trumf%2Cgrand') "
                      "|| location.search.includes('trumf,grand')", timeout=30_000)
    chosen = front_choices(page)
    assert chosen[0] == OWN_GAME, "«Eget spill» turned into another game"
    assert chosen[1:3] == ("Mormor, Jonas, Emma", SEVEN)  # as typed
    assert chosen[3].startswith("Eget spill med 3 spillere")
    # opened again from its address, the order is written as the page writes it
    chosen = (*chosen[:2], SEVEN.replace("fan tan", "Fan Tan"), chosen[3])
    assert "players=Mormor" in page.url and "game=custom" in page.url
    page.reload()
    wait_rendered(page)
    wait_widgets(page, 90_000)
    page.wait_for_selector(".kamp-rules-summary", timeout=30_000)
    assert front_choices(page) == chosen, "the reload lost the front page's choices"
    page.locator("a.kamp-start-femkamp").first.click()
    page.wait_for_url("**/tutorial/**", timeout=30_000)
    assert "players=Mormor" in page.url
    page.go_back()
    page.wait_for_url("**/index.ipynb?*", timeout=30_000)
    wait_rendered(page)
    wait_widgets(page, 90_000)
    page.wait_for_selector(".kamp-rules-summary", timeout=30_000)
    assert front_choices(page) == chosen, "Back lost the front page's choices"
    context.close()
