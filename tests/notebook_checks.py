"""What running a notebook may not do, checked around every notebook nbval runs.

nbval runs each notebook in a fresh kernel of its own, cell by cell.  After its last cell:

- the repository's files are as they were before its first cell (``git status``: no page writes
  or changes a file, tracked or not ignored);
- a course page's kernel (the front page, ``tutorial/``, ``sekskamp/``, ``sjukamp/``, and the
  two explorations, which the browser edition runs too) has not imported pandas or matplotlib
  (issue 9 §5: the course needs only the engine, the teaching layer, the drawing and ipywidgets;
  the score sheet and printout pages in ``notebooks/`` work with pandas tables and may).

A failure is reported on the notebook's last cell.  ``tests/conftest.py`` registers the plugin.
"""

from __future__ import annotations

import subprocess
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
HEAVY_MODULES = ("pandas", "matplotlib")
LIGHT_FOLDERS = ("tutorial", "sekskamp", "sjukamp")
LIGHT_PAGES = ("index.ipynb", "notebooks/00-husregler-under-lupen.ipynb",
               "notebooks/01-taktikk.ipynb")


def is_light_page(notebook: Path) -> bool:
    """Whether a notebook is a course page (no pandas, no matplotlib)."""
    relative = notebook.resolve().relative_to(REPO)
    return relative.as_posix() in LIGHT_PAGES or relative.parts[0] in LIGHT_FOLDERS


def repo_changes() -> str | None:
    """``git status`` of the repository (changed tracked files and untracked files that are not
    ignored), or None outside a git work tree."""
    try:
        done = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"],
                              cwd=REPO, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def kernel_prints(kernel: Any, code: str, timeout: float = 60) -> str:
    """What ``code`` prints in an nbval notebook's kernel (nbval's ``RunningKernel``)."""
    msg_id = kernel.execute_cell_input(code, allow_stdin=False)
    kernel.await_reply(msg_id, timeout=timeout)
    printed = []
    while True:
        msg = kernel.get_message("iopub", timeout=timeout)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "stream":
            printed.append(msg["content"]["text"])
        elif msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return "".join(printed)


class NotebookChecks:
    """The pytest plugin: snapshot before a notebook's first cell, checks after its last."""

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, Any, Any]:
        cell = getattr(item, "cell_num", None)
        notebook: Any = item.parent
        if cell is None or item.path.suffix != ".ipynb" or notebook is None:
            return (yield)
        if cell == 0:
            notebook.kamp_files_before = repo_changes()
        result = yield
        if cell == sum(c.cell_type == "code" for c in notebook.nb.cells) - 1:
            before, after = getattr(notebook, "kamp_files_before", None), repo_changes()
            if before is not None and after is not None:
                assert after == before, f"running {item.path.name} changed files:\n{after}"
            if is_light_page(item.path):
                probe = f"import sys; print(*(m for m in {HEAVY_MODULES!r} if m in sys.modules))"
                loaded = kernel_prints(notebook.kernel, probe).split()
                assert loaded == [], f"the course page {item.path.name} imported {loaded}"
        return result
