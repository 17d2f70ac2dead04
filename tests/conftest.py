"""Fixtures the browser and app tests share, the markers that pick a part of the suite, the skips
when an extra is missing, and how `make test` runs the suite on several workers (pytest-xdist).

Shared fixtures: take these instead of starting your own, so a new browser test costs no start-up
of its own.  Each is made once per pytest process (one per xdist worker), when a test first asks:

- ``chromium``: Debian's chromium-headless-shell (``app_support.CHROMIUM``).  Open a context per
  test (``app_support.new_learner`` or ``static_site_support.Offline``) and close it at the end:
  contexts share nothing.
- ``course_app``: the course server as ``make app`` starts it, plus the test notebooks of
  ``tests/browser/`` and the bots without their pause (``KAMP_PACE=0``), pre-heating only the
  pages of ``COURSE_APP_POOLED``.  Tests of other files use it at the same time, so it is for
  tests that open pages and look at them; a test that needs other server options (a kernel
  grace, a cap, a pool), counts the server's kernels or reads its log starts its own with
  ``app_support.running_app``.
- ``built_site``: ``(folder, summary)`` of the browser edition as ``make site`` builds it, plus
  ``tests/site/feil.ipynb``: built once per run for every worker (a file lock), read-only.
- ``site_server``: ``built_site`` served as ``make site-serve`` serves it (``.url(path)``).

Markers (declared in ``pyproject.toml``): every notebook cell nbval runs is ``notebook``, the
tests that need the app extra (Voilà) are ``app`` and those of them in Chromium also
``browser``; every other test is ``unit``.  ``pytest -m unit`` runs the fast unit, property,
golden and fuzz tests alone, with only the test extra installed: a test file whose every test a
``-m`` expression deselects is not even imported (the app's own need Voilà to import).  Without
the app extra, plain ``pytest`` skips the app's test files and the notebooks, saying why.

Parallel (``make test``: ``pytest -n 2``, with ``--dist loadgroup`` from pyproject.toml): the
cells of a notebook and the tests of an app or browser file go to one worker together, in their
order (module fixtures and walks that follow one learner through the site depend on it); unit
tests are dealt out one by one (``work_unit``).  The heaviest files are dealt first
(``GROUP_ORDER``, the longest browser files first: ``LONGEST_FIRST``), so the run does not end
waiting on one long file.
"""

import importlib.util
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# Test files that need more than the test extra, and the markers their tests get: by name
# prefix (or a name ending in _browser.py), so a new browser test file is marked without being
# listed here.
PREFIX_MARKS = (("test_app_", ("app", "browser")), ("test_browser_", ("app", "browser")),
                ("test_site", ("app", "browser")), ("test_binder", ("app",)),
                ("test_light_", ("app",)))
# What a marker's tests need installed beyond the test extra, and the extra that brings it.
NEEDS = {"app": (("voila", "ipykernel", "ipywidgets"), "app"),
         "notebook": (("ipykernel", "ipywidgets"), "app")}
# A unit test that imports one of these (directly or through kamplib) needs the extra that
# brings it; without it the test is skipped, saying which extra to install.
EXTRA_OF = {"pandas": "sheets", "tqdm": "simulate", "ipywidgets": "notebooks",
            "IPython": "notebooks", "traitlets": "notebooks"}
# The unit tests that take seconds each (games played by the hundred, every page read, click
# storms): `make test` runs them, `make test-fast` (``-m "unit and not slow"``) leaves them out
# so the inner loop stays under a minute.  By node id prefix.
SLOW = (
    "tests/test_properties.py::test_random_games_keep_every_invariant",
    "tests/test_properties.py::test_legal_moves_and_the_check_are_one_rule",
    "tests/test_pages_follow.py::",
    "tests/test_progress.py::test_par_is_what_the_search_gets_on_the_same_cards",
    "tests/test_progress.py::test_goals_name_the_widgets_each_page_shows",
    "tests/test_widgets_drill.py::test_mixed_storm",
    "tests/test_widgets_play.py::test_click_storm",
    "tests/test_widgets_sheet.py::test_typing_storm",
    "tests/test_undo.py::test_undo_after_every_action_restores_the_state",
    "tests/test_teach_review.py::test_a_fantan_review_says_once_what_its_sum_counts",
)
# The order groups are dealt to the workers in: the longest first (a browser file takes
# minutes, a unit test a fraction of a second), so the run does not end on one long file.
GROUP_ORDER = ("browser", "app", "notebook", "unit")
# Within the browser files, the longest go first, longest first (each runs whole on one worker:
# a 5-minute file dealt last would end the run alone).  Seconds summed per file in a whole run
# of 3 Dec (benchmarks/suite_timeline.py): site_browser 485, site_static_browser 273,
# app_security 240, app_stuck 237, browser_screens 224, app_server_browser 195 (browser_table's
# 158 are the walk's now: tests/table_checks.py).
LONGEST_FIRST = ("test_site_browser.py", "test_site_static_browser.py", "test_app_security.py",
                 "test_app_stuck.py", "test_browser_screens.py", "test_app_server_browser.py")


def _file_marks(name: str) -> tuple[str, ...] | None:
    if name.startswith("test_") and name.endswith("_browser.py"):  # test_scorebook_browser.py
        return ("app", "browser")
    return next((marks for prefix, marks in PREFIX_MARKS if name.startswith(prefix)), None)


def _item_marks(path: Path) -> tuple[str, ...]:
    return ("notebook",) if path.suffix == ".ipynb" else _file_marks(path.name) or ("unit",)


def missing_extra(marks: tuple[str, ...]) -> str | None:
    """Why tests with ``marks`` cannot run here (a module of an extra is not installed), or None."""
    for mark in marks:
        modules, extra = NEEDS.get(mark, ((), ""))
        for module in modules:
            if importlib.util.find_spec(module) is None:
                return (f"needs the {extra} extra (pip install -e '.[test,{extra}]'): "
                        f"{module} is not installed")
    return None


def _extra_missing(error: BaseException | None) -> str | None:
    """Why a test could not run, when ``error`` is a module of an extra that is not installed."""
    while error is not None and not isinstance(error, ModuleNotFoundError):
        error = error.__cause__
    if error is None or not error.name:
        return None
    module = error.name.split(".")[0]
    if module not in EXTRA_OF or importlib.util.find_spec(module) is not None:
        return None
    extra = EXTRA_OF[module]
    return f"needs the {extra} extra (pip install -e '.[test,{extra}]'): {module} is not installed"


class UnitModule(pytest.Module):
    """A unit test file that is skipped, saying why, when it imports a module of a missing
    extra (ipywidgets for the widgets, pandas for the tables)."""

    def _getobj(self) -> Any:
        try:
            return super()._getobj()
        except self.CollectError as err:
            reason = _extra_missing(err)
            if reason is None:
                raise
            pytest.skip(reason, allow_module_level=True)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    """A unit test that reaches a module of a missing extra while it runs (kamplib imports
    pandas only when a table is asked for) is skipped with the extra's name, not failed."""
    try:
        return (yield)
    except ModuleNotFoundError as err:
        reason = _extra_missing(err)
        if reason is None:
            raise
        pytest.skip(reason)


class NeedsExtra(pytest.File):
    """A test file that is not imported, since what it needs is not installed: one skip."""

    reason = ""

    def collect(self) -> list[pytest.Item]:
        pytest.skip(self.reason)


def pytest_pycollect_makemodule(module_path: Path, parent: pytest.Collector) -> Any:
    marks = _file_marks(module_path.name)
    reason = missing_extra(marks) if marks else None
    if reason is None:
        return UnitModule.from_parent(parent, path=module_path) if marks is None else None
    skipped = NeedsExtra.from_parent(parent, path=module_path)
    skipped.reason = reason
    return skipped


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        marks = _item_marks(Path(str(item.path)))
        for mark in marks:
            item.add_marker(getattr(pytest.mark, mark))
        reason = missing_extra(marks)
        if reason is not None:
            item.add_marker(pytest.mark.skip(reason=reason))
        if item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
    rank = {path: (min(GROUP_ORDER.index(m) for m in _item_marks(path) if m in GROUP_ORDER),
                   LONGEST_FIRST.index(path.name) - len(LONGEST_FIRST)
                   if path.name in LONGEST_FIRST else 0)
            for path in {Path(str(item.path)) for item in items}}
    items.sort(key=lambda item: rank[Path(str(item.path))])  # stable: a file keeps its order


def work_unit(nodeid: str) -> str:
    """What xdist hands a worker at once: a whole notebook or app/browser file, else one test."""
    path = nodeid.split("::", 1)[0]
    return nodeid if _item_marks(Path(path)) == ("unit",) else path


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``--dist loadgroup`` (pyproject.toml), deal the work units of ``work_unit`` in the
    collection's order (heaviest first, see above).  xdist's own loadgroup would need an
    ``xdist_group`` mark per test, which it reads by renaming the test, and pytest 9 no longer
    lets it."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class FileUnits(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    config.option.loadscopereorder = False  # keep the order given above
    return FileUnits(config, log)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    marks = _file_marks(collection_path.name)
    markexpr = config.getoption("markexpr", "") or ""
    if not marks or not markexpr:
        return None
    from _pytest.mark.expression import Expression  # how -m itself reads the expression

    selected = Expression.compile(markexpr).evaluate(lambda name, **_: name in marks)
    return None if selected else True


# --- where the time goes (benchmarks/suite_timeline.py) -----------------------------------------

class Timeline:
    """With KAMP_TIMELINE=FILE, each test phase's worker, start and end, a line of JSON each,
    written by the worker that ran it (the controller of an xdist run sees the reports too)."""

    def __init__(self, path: str) -> None:
        self.path = path

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if os.environ.get("PYTEST_XDIST_WORKER") is None and hasattr(report, "node"):
            return  # an xdist controller: the worker wrote it
        line = {"worker": os.environ.get("PYTEST_XDIST_WORKER", "main"), "test": report.nodeid,
                "when": report.when, "start": report.start, "stop": report.stop,
                "outcome": report.outcome}
        with open(self.path, "a", encoding="utf-8") as sink:  # one short write a line
            sink.write(json.dumps(line) + "\n")


# --- what the browser tests share ---------------------------------------------------------------

@pytest.fixture(scope="session")
def chromium(playwright: Any) -> Iterator[Any]:
    """Debian's chromium-headless-shell, one for each worker (launched as tests/app_support.py
    says; imported here only when a test asks, since it needs the app extra)."""
    from app_support import CHROMIUM, launch_chromium

    browser = launch_chromium(playwright, CHROMIUM)
    yield browser
    browser.close()


# The pages the shared course server pre-heats: those whose tests check that the kernel came from
# the pool (test_site_browser: a shared link's and a bad choice's pre-heated pages), and the two
# that many tests open (the front page, the Pass step), which a pooled kernel serves at once.
# `make app` pre-heats 21 pages.  A visit costs one run of the page's cells either way (a kernel
# started for it, or the pool's refill after it), so what pre-heating adds is the first fill:
# 21 runs at each worker's start (benchmarks/course_server_start.py), for pages most tests never
# open.  Every other page gets a kernel started for it, as a page that is not pre-heated does in
# the app.  (The pools as `make app` has them: tests/test_app_stuck.py pre-heats every step; a
# pooled kernel's life: test_app_server.py, test_app_server_browser.py.)
COURSE_APP_POOLED = ("index.ipynb", "tutorial/02-pass.ipynb", "tutorial/09-husregler.ipynb",
                     "sjukamp/03-finalen.ipynb", "sekskamp/02-trukket-trumf.ipynb")


@pytest.fixture(scope="session")
def course_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The course server as `make app` starts it, the test pages allowed, the bots' pause off
    (six learners playing six cards would wait 0.7 s for every bot card), and only the pages of
    ``COURSE_APP_POOLED`` pre-heated."""
    from app_support import preheat_only, running_app, wait_settled

    with running_app(tmp_path_factory.mktemp("course-app") / "voila.log",
                     preheat_only(*COURSE_APP_POOLED), test_pages=True,
                     env={"KAMP_PACE": "0"}) as server:
        # the first test's page is not the one that waits for the start-up
        wait_settled(server, COURSE_APP_POOLED)
        yield server


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder every worker of this run shares (pytest's base temp of the run; a worker's own
    is a folder in it).  pytest keeps the last three runs' and removes older ones."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The browser edition as `make site` builds it, plus the failing page: built once per run
    (the first worker to ask builds it, the others wait for it)."""
    from static_site_support import built

    return built(run_folder(tmp_path_factory) / "site")


@pytest.fixture(scope="session")
def site_server(built_site: tuple[Path, dict[str, Any]]) -> Iterator[Any]:
    """``built_site`` served as `make site-serve` serves it."""
    from static_site_support import serving

    with serving(built_site[0]) as server:
        yield server


# --- property tests -----------------------------------------------------------------------------

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
    if config.pluginmanager.hasplugin("nbval") and missing_extra(("notebook",)) is None:
        from notebook_kernels import NurseryKernels  # each notebook's kernel forked, as the app's

        kernels = NurseryKernels()  # `-p no:kamp-nursery-kernels`: each a fresh Python again
        if config.pluginmanager.register(kernels, "kamp-nursery-kernels"):
            kernels.install()
    if os.environ.get("KAMP_TIMELINE"):  # a plugin too, for the notebooks' cells
        config.pluginmanager.register(Timeline(os.environ["KAMP_TIMELINE"]), "kamp-timeline")
