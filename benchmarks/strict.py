"""`mypy --strict` over all of kamplib, as the issue counts it: the project's mypy settings less
the list of modules not yet strict (pyproject.toml), so every module counts.

    .venv/bin/python benchmarks/strict.py            # errors, files, and the errors per file
    .venv/bin/python benchmarks/strict.py --repo ../other-checkout

Prints mypy's last line ("Found N errors in M files" or "Success") and the errors per file.
"""

from __future__ import annotations

import argparse
import collections
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent


def ini(settings: dict[str, Any]) -> str:
    """pyproject's [tool.mypy] as a mypy.ini, without the overrides that ignore errors."""

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "True" if v else "False"
        if isinstance(v, list):
            return ", ".join(map(str, v))
        return str(v)

    lines = ["[mypy]"]
    lines += [f"{k} = {value(v)}" for k, v in settings.items()
              if k not in ("overrides", "files")]
    for override in settings.get("overrides", []):
        if override.get("ignore_errors"):
            continue
        modules = override["module"]
        lines.append(f"[mypy-{','.join(modules if isinstance(modules, list) else [modules])}]")
        lines += [f"{k} = {value(v)}" for k, v in override.items() if k != "module"]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", type=Path, default=REPO)
    args = parser.parse_args()
    repo = args.repo.resolve()
    settings = tomllib.loads((repo / "pyproject.toml").read_text())["tool"].get("mypy", {})
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "mypy.ini"
        config.write_text(ini(settings))
        done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--config-file",
                               str(config), "--cache-dir", str(Path(tmp) / "cache"), "kamplib"],
                              cwd=repo, capture_output=True, text=True)
    out = done.stdout.strip().splitlines()
    per_file = collections.Counter(line.split(":", 1)[0] for line in out if ": error:" in line)
    for path, count in per_file.most_common():
        print(f"{count:4d}  {path}")
    print(out[-1] if out else done.stderr.strip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
