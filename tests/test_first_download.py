"""The browser edition's first download (scripts/site_payload.py) in plain Python: a package
left out of it leaves nothing behind that Python would import in its place."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))

import site_payload  # noqa: E402


def test_a_package_left_out_leaves_no_empty_folder_to_import_instead(tmp_path: Path) -> None:
    """``importlib/resources/`` kept as an empty folder made ``from importlib import resources``
    an empty namespace package in the browser (no ``files``), and the finder of the rest was
    never asked."""
    source, first = tmp_path / "source.zip", tmp_path / "first.zip"
    with zipfile.ZipFile(source, "w") as archive:
        for name, text in (("pkg/", ""), ("pkg/sub/", ""), ("pkg/__init__.py", ""),
                           ("pkg/sub/__init__.py", "from .core import files\n"),
                           ("pkg/sub/core.py", "def files():\n    return 1\n")):
            archive.writestr(name, text)
    more: dict[str, bytes] = {}
    site_payload.split(source, first, site_payload.keeper(["pkg"]), more)
    assert zipfile.ZipFile(first).namelist() == ["pkg/", "pkg/__init__.py"]
    assert sorted(more) == ["pkg/sub/__init__.py", "pkg/sub/core.py"]
    # as Python imports from it: the left-out package is not found (so the finder of the rest
    # is asked), instead of an empty package without its names
    found = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(first)!r}); "
         "import importlib.util; print(importlib.util.find_spec('pkg.sub'))"],
        capture_output=True, text=True, check=True).stdout.strip()
    assert found == "None"
