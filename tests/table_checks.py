"""What a course step's table, drill or score sheet must show in Chromium, at a phone's width
(390 × 844) and a laptop's (1280 × 900): nothing of ours wider than the screen, every Fan Tan rank
and every player's column in view, a bot's card announced by name, a round's summary before the
next round.

``check_step`` looks at a step already loaded (its widgets drawn).  The whole-site walk of
tests/test_site_browser.py runs it on each of ``STEPS`` as it passes, so these looks cost no
load of their own; tests/test_browser_table.py runs the laptop's announcement on a load of its
own.  Screenshots of both widths land in the git-ignored ``screenshots/`` folder (with
KAMP_SCREENSHOTS=1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app_support import REPO, SCREENSHOTS_WANTED, shoot, tutorial_steps, wait_for_js, wait_widgets

from kamplib.seating import default_players

SCREENSHOTS = REPO / "screenshots"
WIDTHS = {"phone": (390, 844), "laptop": (1280, 900)}
# The course steps with a table, a drill or a score sheet on them.
STEPS = [s for s in tutorial_steps() if Path(s).name[:2] in {"01", "02", "03", "04", "05",
                                                              "06", "07", "08"}]


def shot(page: Any, name: str) -> None:
    """Each of our widgets on the page, as the learner sees it."""
    if not SCREENSHOTS_WANTED:
        return
    for i, element in enumerate(page.query_selector_all(".kamp-widget")):
        element.scroll_into_view_if_needed()
        shoot(element, SCREENSHOTS / f"table-{name}-{i}.png")


TOO_WIDE = """w => [...document.querySelectorAll('.kamp-widget, .kamp-widget *')]
  .filter(e => { const r = e.getBoundingClientRect();
                 return r.width > 0 && r.height > 0 && (r.right > w + 1 || r.left < -1); })
  .filter(e => !e.closest('.kamp-style'))
  .slice(0, 5).map(e => e.tagName + '.' + [...e.classList].join('.') + ' ' +
                   Math.round(e.getBoundingClientRect().left) + '..' +
                   Math.round(e.getBoundingClientRect().right))"""


def every_fantan_rank_is_on_the_screen(page: Any, w: int) -> None:
    rows = page.query_selector_all(".kamp-play .kamp-fantan-row")
    assert len(rows) == 4
    for row in rows:
        places = row.query_selector_all(":scope > svg, :scope > .kamp-slot")
        assert len(places) == 13
        for place in places:
            box = place.bounding_box()
            assert box is not None and box["width"] >= 8 and box["x"] + box["width"] <= w + 1


def every_players_column_of_the_score_sheet_is_on_the_screen(page: Any, w: int) -> None:
    sheet = page.locator(".kamp-score-sheet-widget").first
    heads = sheet.locator("table.kamp-score-sheet th[data-player]")
    assert heads.count() == 4
    for i in range(heads.count()):
        box = heads.nth(i).bounding_box()
        assert box is not None and box["width"] > 0 and box["x"] + box["width"] <= w + 1
    inputs = sheet.locator(".kamp-score-input input")
    assert inputs.count() == 20
    for i in range(inputs.count()):
        box = inputs.nth(i).bounding_box()
        assert box is not None and box["x"] + box["width"] <= w + 1


# What a step's own table must show at both widths, looked at on the same load.
AT_EACH_WIDTH = {"05": every_fantan_rank_is_on_the_screen,
                 "07": every_players_column_of_the_score_sheet_is_on_the_screen}


def check_step(page: Any, step: str) -> None:
    """At a phone's width and then, the same page resized, at a laptop's (the layout is CSS,
    so a resize shows what a load at that width would): nothing of ours wider than the screen,
    every Fan Tan rank (05) and every player's column of the score sheet (07) in view at both
    widths; then, at the phone's width again, a bot's card announced by name (02) and a whole
    round played to its summary (08).  The page is left at the phone's width."""
    number = Path(step).name[:2]
    wait_widgets(page)
    page.wait_for_selector(".kamp-widget", state="visible", timeout=60_000)
    assert page.query_selector_all(".kamp-widget"), f"{step} shows none of our widgets"
    for width, (w, h) in WIDTHS.items():
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("() => new Promise(done => requestAnimationFrame("
                      "() => requestAnimationFrame(done)))")
        assert page.evaluate(TOO_WIDE, w) == [], f"{step} at {w} px"
        shot(page, f"{Path(step).stem}-{width}")
        if number in AT_EACH_WIDTH:
            AT_EACH_WIDTH[number](page, w)
    assert page.query_selector_all(".kamp-error") == []
    page.set_viewport_size({"width": WIDTHS["phone"][0], "height": WIDTHS["phone"][1]})
    if number == "02":
        a_bots_card_is_announced_by_name(page, "phone")
    if number == "08":
        a_round_ends_with_its_summary_before_the_next_round(page)


def legal_card(page: Any) -> Any:
    return page.locator(".kamp-play .kamp-hand button.kamp-card.kamp-legal").first


def a_bots_card_is_announced_by_name(page: Any, width: str) -> None:
    bot = default_players()[1]  # the learner takes the first seat, the next is a bot's
    legal_card(page).click()
    page.wait_for_selector(f".kamp-play .kamp-log li[data-player='{bot}']", timeout=30_000)
    said = page.inner_text(".kamp-play .kamp-log")
    assert f"{bot} la " in said or f"{bot} spilte ut " in said
    assert page.inner_text(".kamp-play .kamp-announce").strip()
    page.wait_for_selector(".kamp-play .kamp-move-rating .kamp-rating", timeout=30_000)
    shot(page, f"played-{width}")


def a_round_ends_with_its_summary_before_the_next_round(page: Any) -> None:
    cards = page.locator(".kamp-play .kamp-hand button.kamp-card")
    for left in range(13, 0, -1):
        wait_for_js(
            page,
            "n => document.querySelectorAll('.kamp-play .kamp-hand button.kamp-card')"
            ".length === n", arg=left, timeout=30_000)
        legal_card(page).wait_for(timeout=30_000)
        legal_card(page).click()
    page.wait_for_selector(".kamp-play .kamp-summary", timeout=60_000)
    assert cards.count() == 0
    summary = page.inner_text(".kamp-play .kamp-summary")
    assert "Runde 1: Pass er ferdig. Du fikk" in summary
    assert "Neste runde: Kløver." in summary
    assert page.locator(".kamp-play .kamp-summary table.kamp-score-sheet").count() == 1
    assert "Runde 1: Pass" in page.inner_text(".kamp-play .kamp-status")
    shot(page, "round-summary-phone")
    page.locator(".kamp-play button.kamp-next-round").click()
    wait_for_js(
        page,
        "() => document.querySelector('.kamp-play .kamp-status').innerText"
        ".includes('Runde 2: Kløver')", timeout=30_000)
    assert page.locator(".kamp-play .kamp-summary").count() == 0
    assert page.locator(".kamp-play .kamp-move-rating .kamp-rating").count() == 0
