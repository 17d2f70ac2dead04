"""The learner's table in a real browser at a laptop's width (1280 × 900): a bot's card is
announced by name.  The other looks at the course steps' tables, drills and score sheets, at a
phone's width and a laptop's (nothing wider than the screen, every player's column and every
Fan Tan rank in view, the bots' cards announced by name, a round's summary before the next
round), are ``table_checks.check_step``, which the whole-site walk of tests/test_site_browser.py
runs on each step it loads.  Screenshots land in the git-ignored ``screenshots/`` folder (with
KAMP_SCREENSHOTS=1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_support import AppServer, new_learner, require_chromium, wait_rendered, wait_widgets
from table_checks import STEPS, WIDTHS, a_bots_card_is_announced_by_name

require_chromium()


@pytest.fixture(scope="module")
def app(course_app: AppServer) -> AppServer:
    return course_app  # the shared course server, the bots without their pause (conftest.py)


def open_page(chromium: Any, app: AppServer, step: str, width: str) -> tuple[Any, Any]:
    w, h = WIDTHS[width]
    context = new_learner(chromium)
    page = context.new_page()
    page.set_viewport_size({"width": w, "height": h})
    response = page.goto(app.url(step))
    assert response is not None and response.ok
    wait_rendered(page)
    if "application/vnd.jupyter.widget-view+json" in response.text():
        wait_widgets(page)
        page.wait_for_selector(".kamp-widget", state="visible", timeout=60_000)
    return context, page


def test_a_bots_card_is_announced_by_name_at_a_laptops_width(app: AppServer,
                                                              chromium: Any) -> None:
    """(At a phone's width: ``table_checks.check_step`` on 02-pass, in the whole-site walk.)
    A load of its own: the announcement is of the first card the learner plays."""
    step = next(s for s in STEPS if Path(s).name.startswith("02-"))
    context, page = open_page(chromium, app, step, "laptop")
    try:
        a_bots_card_is_announced_by_name(page, "laptop")
    finally:
        context.close()
