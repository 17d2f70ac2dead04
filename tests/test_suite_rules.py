"""Rules the test files themselves keep, so the suite stays as cheap as it was made.

- A browser test waits for a condition in a page with ``app_support.wait_for_js``, never with
  Playwright's ``wait_for_function`` directly: that one evaluates its condition at every
  animation frame unless given ``polling=``, and the page draws a frame each time, for as long
  as the test waits (BENCHMARKS.md, «Test suite», 3 Dec 18:50 and 20:11).
"""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# ``page.wait_for_function(``, ``self.page.wait_for_function (``: a call of the method
RAW_WAIT = re.compile(r"\.wait_for_function\s*\(")


def raw_waits(source: str) -> list[int]:
    """The lines of ``source`` that call Playwright's ``wait_for_function`` themselves."""
    return [number for number, line in enumerate(source.splitlines(), start=1)
            if RAW_WAIT.search(line)]


def test_the_detector_finds_a_raw_wait_and_passes_the_helper() -> None:
    source = ("page.wait_for_function('() => true', timeout=1000)\n"
              "wait_for_js(page, '() => true', timeout=1000)\n"
              "self.page.wait_for_function (\n"
              "page.wait_for_selector('.x')\n")
    assert raw_waits(source) == [1, 3]


def test_browser_tests_wait_through_the_one_helper() -> None:
    found = [f"{path.name}:{line}" for path in sorted(TESTS.rglob("*.py"))
             if path.name not in ("app_support.py", "test_suite_rules.py")  # the helper; above
             for line in raw_waits(path.read_text(encoding="utf-8"))]
    assert found == [], "use app_support.wait_for_js (it polls every 100 ms)"
