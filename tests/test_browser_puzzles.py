"""«Finn det beste kortet» in Chromium at phone size, in the Voilà app and in the browser edition:
the page opens on a puzzle, a tap on a card answers it, the verdict, why and the play after the
card appear; after a reload the puzzle rating and the count of answers are the learner's
(kept in the browser's localStorage under ``kamp-learner/1``, nothing on a server), and the page
never showed the new learner's rating first.  Each test
has a browser context of its own, so its localStorage starts empty.
"""

from __future__ import annotations

import json
import re
from typing import Any

from app_support import new_learner, page_problems, wait_for_js, wait_rendered, wait_widgets
from static_site_support import Offline, SiteServer, wait_shown

PAGE = "notebooks/04-finn-det-beste-kortet"
PHONE = {"width": 390, "height": 844}
WIDGET = ".kamp-puzzles"
LEGAL = f"{WIDGET} .kamp-hand button.kamp-card.kamp-legal"
RATING = f"{WIDGET} .kamp-puzzle-rating"
LEARNER_KEY = "kamp-learner/1"
# Every text the rating line shows, in order, from the page's start (what a learner could have
# seen, however briefly): a returning learner saw the new learner's 1500 first, then theirs.
RATINGS_SEEN = f"""
window.kampRatingsSeen = [];
new MutationObserver(() => {{
  const box = document.querySelector({RATING!r});
  const text = box ? box.textContent.trim() : null;
  if (text && window.kampRatingsSeen.at(-1) !== text) window.kampRatingsSeen.push(text);
}}).observe(document, {{childList: true, subtree: true, characterData: true}});
"""


def _rating(page: Any) -> str:
    """The rating the page says, as digits (``1674``)."""
    found = re.search(r"(\d{3,4})", page.inner_text(RATING))
    assert found, page.inner_text(RATING)
    return found[1]


def _tap_until_answered(page: Any, card: str) -> None:
    """Tap ``card`` and wait for the verdict.  A tap that reached the page just as the puzzle
    was changed (the learner's data arriving) is answered «Oppgaven ble byttet …», and the
    learner taps again, on the card now shown."""
    page.locator(card).first.click()
    wait_for_js(page, """() => document.querySelector('.kamp-puzzles .kamp-puzzle-verdict p')
        || [...document.querySelectorAll('.kamp-puzzles .kamp-message')]
            .some(m => m.innerText.includes('byttet'))""", timeout=60_000)
    if page.locator(f"{WIDGET} .kamp-puzzle-verdict p").count() == 0:
        page.locator(card).first.click()
    page.wait_for_selector(f"{WIDGET} .kamp-puzzle-verdict p", timeout=60_000)


def _answer_one(page: Any) -> tuple[str, str]:
    """Tap the first card that may be played; what the page says then, and the new rating."""
    page.wait_for_selector(LEGAL, state="visible", timeout=120_000)
    # the rating once the browser has said it keeps nothing for this learner (a new one)
    wait_for_js(page, "(box) => /\\d/.test(document.querySelector(box)?.innerText)",
                      arg=RATING, timeout=30_000)
    assert _rating(page) == "1500" and "foreløpig" in page.inner_text(RATING)
    # the page's goal, said before playing, with no stars yet
    goal = page.inner_text(".kamp-goals")
    assert "dine 5 siste svar på oppgaver fra samlingen" in goal, goal
    assert page.locator(".kamp-goals .kamp-star-mark").get_attribute("aria-label") == \
        "0 av 3 stjerner"
    hand = f"{WIDGET} .kamp-hand button.kamp-card"
    shown = page.locator(hand).all_inner_texts()
    card = page.locator(LEGAL).first
    tapped = card.inner_text()
    box = card.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    card.click()
    page.wait_for_selector(f"{WIDGET} .kamp-puzzle-verdict p", timeout=60_000)
    # the puzzle answered is the one the learner saw: the learner's data arriving from the
    # browser does not swap a new learner's cards under the tap (the CI run of 3 Dec)
    assert page.locator(hand).all_inner_texts() == shown
    verdict = page.inner_text(f"{WIDGET} .kamp-puzzle-verdict")
    assert verdict.startswith(("Riktig!", "Ikke helt")), verdict
    assert "Treneren spilte stillingen mange ganger" in verdict
    assert "Oppgaveratingen din gikk fra 1500 til" in verdict
    after = page.inner_text(f"{WIDGET} .kamp-puzzle-after")
    # the learner's own card said first: «Du la …», «Du spilte ut …», or in a trump round «Du
    # hadde ingen … og trumfet/kastet …» (under «Alle runder» the first puzzle may be any kind)
    assert "Slik kunne det gått videre etter" in after
    assert re.search(r"^Du (la|spilte ut|hadde ingen) ", after, re.M), after
    assert page.locator(f"{WIDGET} .kamp-puzzle-next").is_visible()
    # the cards that stand up now are the best (and those that are the same move), not the
    # learner's wrong one
    best = re.search(r"(?:Best er|Riktig!) (\S+?)\.?\s", verdict)
    assert best, verdict
    up = page.locator(LEGAL).all_inner_texts()
    assert best[1] in up and (tapped in up) == verdict.startswith("Riktig"), (best[1], up)
    # the page fits the phone: nothing wider than the screen
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"]
    rating = _rating(page)
    assert rating != "1500"
    # the browser keeps it: one answer and the new rating under the learner's key
    wait_for_js(page, """([key, rating]) => {
        const kept = JSON.parse(localStorage.getItem(key) || 'null');
        return kept && Object.keys(kept.solved).length === 1
            && String(Math.round(kept.rating.rating)) === rating;
    }""", arg=[LEARNER_KEY, rating], timeout=20_000)
    return verdict, rating


def _kept_after_reload(page: Any, rating: str) -> None:
    wait_for_js(page, """([selector, rating]) => {
        const box = document.querySelector(selector);
        return box && box.innerText.includes(rating)
            && box.innerText.includes('Du har svart på 1 oppgave');
    }""", arg=[RATING, rating], timeout=60_000)
    kept = json.loads(page.evaluate(f"() => localStorage.getItem({LEARNER_KEY!r})"))
    assert len(kept["solved"]) == 1 and kept["schema"] == LEARNER_KEY
    # from the page's start the line said nothing, then the learner's own rating: never the
    # new learner's 1500 while the browser's copy was on its way
    seen = page.evaluate("() => window.kampRatingsSeen")
    assert seen and all("1500" not in text for text in seen), seen
    # a new puzzle, not the one answered
    page.wait_for_selector(LEGAL, state="visible", timeout=60_000)


def _chosen_kind(page: Any) -> str:
    return str(page.eval_on_selector(f"{WIDGET} .kamp-puzzle-choice select",
                                     "s => s.options[s.selectedIndex].text"
                                     ".replace(/\\s/g, ' ')"))


def test_a_puzzle_answered_in_the_app_and_its_rating_after_a_reload(course_app: Any,
                                                                   chromium: Any) -> None:
    """... and the kind of puzzle chosen in «Oppgaver fra» is still chosen after the reload
    (walk W2: the page's address carries it)."""
    context = new_learner(chromium, viewport=PHONE)
    page = context.new_page()
    page.goto(course_app.url(f"{PAGE}.ipynb"))
    wait_rendered(page)
    wait_widgets(page, 90_000)
    _verdict, rating = _answer_one(page)
    page.select_option(f"{WIDGET} .kamp-puzzle-choice select", label="Femkamp: Fan Tan")
    wait_for_js(page, "() => location.search.includes('puzzles=femkamp-fantan')",
                      timeout=30_000)
    page.add_init_script(RATINGS_SEEN)  # the next document's own start
    page.reload()
    wait_rendered(page)
    wait_widgets(page, 90_000)
    _kept_after_reload(page, rating)
    assert _chosen_kind(page) == "Femkamp: Fan Tan"
    assert "Fan Tan" in page.inner_text(f"{WIDGET} .kamp-puzzle-heading")
    assert page_problems(page) == []
    context.close()


def test_a_puzzle_answered_in_the_browser_edition_and_its_rating_after_a_reload(
        chromium: Any, site_server: SiteServer) -> None:
    learner = Offline(chromium, viewport=PHONE)
    page = learner.context.new_page()
    crashes: list[str] = []
    page.on("pageerror", lambda error: crashes.append(str(error)))
    page.goto(site_server.base + f"{PAGE}.html")
    wait_shown(page, 1, timeout=300_000)
    _verdict, rating = _answer_one(page)
    # «Neste oppgave» on a phone, tapped where the thumb finds it under the explanation: the
    # new puzzle's heading is brought into view (walk W35: it stayed above the screen)
    page.locator(f"{WIDGET} .kamp-puzzle-next").scroll_into_view_if_needed()
    page.locator(f"{WIDGET} .kamp-puzzle-next").click()
    wait_for_js(page, """(widget) => {
        const top = document.querySelector(widget + ' .kamp-puzzle-heading')
            .getBoundingClientRect().top;
        return !document.querySelector(widget + ' .kamp-puzzle-verdict p')
            && top > -2 && top <= innerHeight / 2;
    }""", arg=WIDGET, timeout=30_000)
    page.add_init_script(RATINGS_SEEN)  # the next document's own start
    page.reload()
    wait_shown(page, 1, timeout=300_000)
    _kept_after_reload(page, rating)
    assert crashes == []
    learner.close()


def test_a_bad_move_in_a_round_comes_back_on_the_puzzle_page(course_app: Any,
                                                             chromium: Any) -> None:
    """The Pass step's table played with the first card allowed each time (the coach calls one
    of those moves «dårlig» on this deal): the round's end says so, and the puzzle page asks
    that position first, as the learner's own mistake."""
    context = new_learner(chromium, viewport=PHONE)
    page = context.new_page()
    page.goto(course_app.url("tutorial/02-pass.ipynb"))
    wait_rendered(page)
    wait_widgets(page, 90_000)
    cards = ".kamp-play .widget-hbox.kamp-hand button.kamp-card"
    for left in range(13, 0, -1):
        wait_for_js(page, f"""() => document.querySelectorAll({cards!r}).length === {left}
            && document.querySelector({cards + '.kamp-legal'!r})""", timeout=60_000)
        page.locator(cards + ".kamp-legal").first.click()
    page.wait_for_selector(".kamp-mistakes-kept", timeout=120_000)
    said = page.inner_text(".kamp-mistakes-kept")
    assert said.startswith("Treneren fant 1 dårlig trekk") and "Dine egne feil" in said
    wait_for_js(page, """(key) => {
        const kept = JSON.parse(localStorage.getItem(key) || 'null');
        return kept && kept.mistakes.length === 1;
    }""", arg=LEARNER_KEY, timeout=20_000)
    played = json.loads(page.evaluate(f"() => localStorage.getItem({LEARNER_KEY!r})"))[
        "mistakes"][0]["played"]
    page.goto(course_app.url(f"{PAGE}.ipynb"))
    wait_rendered(page)
    wait_widgets(page, 90_000)
    wait_for_js(page, """() => {
        const heading = document.querySelector('.kamp-puzzles .kamp-puzzle-heading');
        const question = document.querySelector('.kamp-puzzles .kamp-puzzle-question');
        return heading && heading.innerText.includes('Din egen feil')
            && question && question.innerText.includes('Her spilte du');
    }""", timeout=60_000)  # the widget's parts change one message after another
    question = page.inner_text(f"{WIDGET} .kamp-puzzle-question")
    assert question.startswith("Her spilte du") and "Finn et bedre kort" in question
    _tap_until_answered(page, f"{WIDGET} .kamp-hand button.kamp-card-{played}")
    verdict = page.inner_text(f"{WIDGET} .kamp-puzzle-verdict")
    assert verdict.startswith("Ikke helt") and "kommer igjen om en stund" in verdict
    assert page_problems(page) == []
    context.close()
