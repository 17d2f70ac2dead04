"""binder/ builds what `make app` runs: same dependencies, the package installed, same config.

Binder itself cannot be reached from here, so these tests pin the consistency instead.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from urllib.parse import parse_qs, unquote, urlparse

from app_support import REPO, WELCOME
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

BINDER = REPO / "binder"
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())


def requirement_set(lines: list[str]) -> dict[str, str]:
    """Name -> specifier (and marker), comparable whatever the spelling or order."""
    found: dict[str, str] = {}
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        req = Requirement(line)
        found[canonicalize_name(req.name)] = f"{req.specifier}|{req.marker or ''}"
    return found


def test_binder_installs_exactly_the_package_and_app_dependencies() -> None:
    project = PYPROJECT["project"]
    wanted = requirement_set([*project["dependencies"], *project["optional-dependencies"]["app"]])
    binder = requirement_set((BINDER / "requirements.txt").read_text().splitlines())
    assert binder == wanted


def test_postbuild_is_executable_and_installs_kamplib() -> None:
    post_build = BINDER / "postBuild"
    assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"
    text = post_build.read_text()
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in text
    assert re.search(r"^python -m pip install (--no-deps )?-e \.$", text, re.MULTILINE)


def test_binder_python_satisfies_requires_python() -> None:
    version = (BINDER / "runtime.txt").read_text().strip().removeprefix("python-")
    assert SpecifierSet(PYPROJECT["project"]["requires-python"]).contains(f"{version}.0")


def test_readme_binder_link_opens_the_voila_walkthrough() -> None:
    readme = (REPO / "README.md").read_text()
    links = re.findall(r"https://mybinder\.org/v2/gh/[^\s)\]]+", readme)
    assert links, "README needs a Binder link"
    for link in links:
        url = urlparse(link)
        assert re.fullmatch(r"/v2/gh/[\w.-]+/[\w.-]+/[\w./-]+", url.path), link
        assert unquote(parse_qs(url.query)["urlpath"][0]) == f"voila/render/{WELCOME}"


def test_voila_json_holds_the_learner_settings() -> None:
    """Read by `make app` and by Voilà on Binder alike (both start in the repository root)."""
    config = json.loads((REPO / "voila.json").read_text())
    voila = config["VoilaConfiguration"]
    assert voila["strip_sources"] is True
    assert voila["show_tracebacks"] is False
    culling = config["MappingKernelManager"]
    assert culling["cull_interval"] > 0 and culling["cull_idle_timeout"] > 0
    # nbclient drops a cell's output when its messages come more than iopub_timeout (default 4 s)
    # after the cell finished; with ten learners starting at once a sample hand's many widget
    # messages took longer, and the hand was missing from the page.
    assert config["VoilaExecutor"]["iopub_timeout"] >= 30
    # only course steps get pre-heated kernels; .venv and the explorations would cost memory.
    # Voilà matches these against absolute paths (rglob of the served folder), by re.match or
    # substring.
    denied = config["VoilaKernelManager"]["preheat_denylist"]

    def is_denied(path: str) -> bool:
        full = str(REPO / path)
        return any(p in full or re.match(p, full) for p in denied)

    assert not is_denied(WELCOME) and not is_denied("tutorial/07-poengregning.ipynb")
    assert is_denied("notebooks/sekskamp.ipynb")
    assert is_denied("tests/browser/one_button.ipynb")
    assert is_denied(".venv/share/jupyter/tutorial/01-example.ipynb")
