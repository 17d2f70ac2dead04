"""binder/ builds what `make app` runs: same dependencies, the package installed, same config.

Binder itself cannot be reached from here, so these tests pin the consistency instead.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from urllib.parse import parse_qs, unquote, urlparse

from app_support import LAUNCHER, REPO, WELCOME, preheat_denied
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


def with_extras(extra: str) -> list[str]:
    """The requirements of one of kamplib's extras, with the extras it names (``kamplib[…]``)."""
    project = PYPROJECT["project"]
    out: list[str] = []
    for line in project["optional-dependencies"][extra]:
        req = Requirement(line)
        if canonicalize_name(req.name) == canonicalize_name(project["name"]):
            out += [r for named in sorted(req.extras) for r in with_extras(named)]
        else:
            out.append(line)
    return out


def test_binder_installs_exactly_the_package_and_app_dependencies() -> None:
    wanted = requirement_set([*PYPROJECT["project"]["dependencies"], *with_extras("app")])
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
    assert voila["template"] == "kamp"
    assert voila["allow_template_override"] == "NO"  # ?template= cannot pick another look
    assert (REPO / "app/share/voila/templates/kamp/index.html.j2").is_file()
    # which notebooks are pages: one list, for the server and the tests
    assert config["CourseApp"]["course_folders"] == [
        "index.ipynb", "tutorial", "sekskamp", "sjukamp", "notebooks"]
    # nbclient drops a cell's output when its messages come more than iopub_timeout (default 4 s)
    # after the cell finished; with ten learners starting at once a sample hand's many widget
    # messages took longer, and the hand was missing from the page.
    assert config["VoilaExecutor"]["iopub_timeout"] >= 30
    # the front page, the course steps and the chapters get pre-heated kernels (a forked start
    # cost a chapter page 0.3–0.4 s, BENCHMARKS.md "Pages"); .venv and the explorations do not
    # (they open within the target forked, and would only cost memory).
    denied = config["VoilaKernelManager"]["preheat_denylist"]

    def is_denied(path: str) -> bool:
        return preheat_denied(denied, path)

    assert not is_denied(WELCOME) and not is_denied("tutorial/07-poengregning.ipynb")
    assert is_denied("notebooks/00-husregler-under-lupen.ipynb")
    assert not is_denied("sekskamp/01-seksere-og-sjuere.ipynb")
    assert not is_denied("sjukamp/04-hel-sjukamp.ipynb")
    assert is_denied("tests/browser/one_button.ipynb")
    assert is_denied(".venv/share/jupyter/tutorial/01-example.ipynb")


def test_binder_start_points_voila_at_the_apps_template_and_words() -> None:
    start = BINDER / "start"
    assert os.access(start, os.X_OK), "binder/start must be executable"
    text = start.read_text()
    assert text.startswith("#!/usr/bin/env bash\n") and "set -euo pipefail" in text
    assert 'export JUPYTER_PATH="$PWD/app/share' in text
    assert 'export JUPYTER_CONFIG_PATH="$PWD/binder' in text
    assert text.rstrip().endswith('exec "$@"')
    assert LAUNCHER.SHARE == REPO / "app" / "share"  # where `make app` finds the template


def test_binder_config_gives_the_template_the_same_words_as_make_app() -> None:
    from traitlets.config import Config

    config = Config()
    source = (BINDER / "jupyter_server_config.py").read_text()
    exec(compile(source, str(BINDER / "jupyter_server_config.py"), "exec"),
         {"get_config": lambda: config, "__file__": str(BINDER / "jupyter_server_config.py")})
    assert config.VoilaConfiguration.resources == {"kamp": LAUNCHER.loading_texts()}
    assert config.VoilaConfiguration.resources["kamp"]["nb"]["app_loading"] == "Gjør klar siden …"
