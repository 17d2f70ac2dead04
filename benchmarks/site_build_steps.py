"""Where a build of the browser edition spends its time: each step of scripts/build_site.py timed.

    .venv/bin/python benchmarks/site_build_steps.py QUALITY [--cache DIR] [--out DIR]

QUALITY is the precompressed files' Brotli quality (11: `make site`; 9: the tests' builds).  With
an empty ``--cache`` the build starts from nothing, as on a fresh clone (npm packages, wheels,
the compile in Pyodide, the compression); delete only ``DIR/compressed`` to time the compression
alone.  Prints seconds per step and the total.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))
import build_site  # noqa: E402

STEPS = ("page_texts", "npm_modules", "browser_wheels", "kamplib_wheel", "compiled",
         "python_files", "bundle", "icons", "precompress", "settle_modes")


def timed(name: str) -> None:
    step = getattr(build_site, name)

    @functools.wraps(step)
    def run(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        result = step(*args, **kwargs)
        print(f"{name}: {time.perf_counter() - started:.1f} s", flush=True)
        return result

    setattr(build_site, name, run)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("quality", type=int)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/kamp-build-steps/cache"))
    parser.add_argument("--out", type=Path, default=Path("/tmp/kamp-build-steps/site"))
    args = parser.parse_args()
    for name in STEPS:
        timed(name)
    started = time.perf_counter()
    build_site.build(args.out.resolve(), cache=args.cache.resolve(), brotli=args.quality)
    print(f"total: {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
