"""Hypothesis profiles for the property tests, and the markers that pick a part of the suite.

``kamp`` (the default) keeps the whole property suite to a few seconds and is derandomized, so a
run in CI is repeatable; ``HYPOTHESIS_PROFILE=thorough`` explores many more games when hunting.

Markers (declared in ``pyproject.toml``): every notebook cell nbval runs is ``notebook``, the
tests that need the app extra (Voilà) are ``app`` and those of them in Chromium also
``browser``; every other test is ``unit``.  ``pytest -m unit`` runs the fast unit, property,
golden and fuzz tests alone, with only the test extra installed: a test file whose every test a
``-m`` expression deselects is not even imported (the app's own need Voilà to import).
"""

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# Test files that need more than the test extra, and the markers their tests get: by name
# prefix, so a new browser test file is marked without being listed here.
PREFIX_MARKS = (("test_app_", ("app", "browser")), ("test_browser_", ("app", "browser")),
                ("test_site", ("app", "browser")), ("test_binder", ("app",)),
                ("test_light_", ("app",)))


def _file_marks(name: str) -> tuple[str, ...] | None:
    return next((marks for prefix, marks in PREFIX_MARKS if name.startswith(prefix)), None)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path))
        marks = ("notebook",) if path.suffix == ".ipynb" else _file_marks(path.name) or ("unit",)
        for mark in marks:
            item.add_marker(getattr(pytest.mark, mark))


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    marks = _file_marks(collection_path.name)
    markexpr = config.getoption("markexpr", "") or ""
    if not marks or not markexpr:
        return None
    from _pytest.mark.expression import Expression  # how -m itself reads the expression

    selected = Expression.compile(markexpr).evaluate(lambda name, **_: name in marks)
    return None if selected else True


@pytest.fixture(scope="module")
def chromium(playwright: Any) -> Iterator[Any]:
    """Debian's Chromium, one for each browser test module (launched as tests/app_support.py
    says; imported here only when a test asks, since it needs the app extra)."""
    from app_support import launch_chromium

    browser = launch_chromium(playwright)
    yield browser
    browser.close()


settings.register_profile(
    "kamp",
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "kamp"))


def pytest_configure(config: pytest.Config) -> None:
    # a plugin, not hooks of this file: a conftest's item hooks reach only the tests beside it,
    # and nbval's cells live in index.ipynb, tutorial/, sekskamp/, sjukamp/ and notebooks/
    from notebook_checks import NotebookChecks

    config.pluginmanager.register(NotebookChecks(), "kamp-notebook-checks")
