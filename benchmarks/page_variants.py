"""Open times of page variants against the one-button notebook: which cell makes a page slow,
and what the pages opened before it cost it.

Run:  .venv/bin/python benchmarks/page_variants.py VARIANTS.json [--repeats 4]

VARIANTS.json maps a name to ``[notebook, [text, ...]]``: the notebook without its code cells
that contain any of the texts (an empty list: the page as it is).  Each variant is written
beside its notebook as ``99-probe<name>.ipynb`` (removed afterwards), every page is pre-heated,
and the variants are opened back to back in the file's order, ``--repeats`` times, on one
server (``benchmarks/pages.py`` mode ``all``), so a variant meets what the one before it left
running.  Medians and ratios to the baseline of the same run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import pages  # noqa: E402  (benchmarks/pages.py: its server modes, clocks and helpers)
from app_support import ONE_BUTTON, launch_chromium, new_learner, running_app  # noqa: E402


def write_variants(variants: dict[str, list]) -> dict[str, Path]:
    paths = {}
    for name, (notebook, drop) in variants.items():
        source = json.loads((ROOT / notebook).read_text(encoding="utf-8"))
        source["cells"] = [c for c in source["cells"] if c["cell_type"] != "code"
                           or not any(d in "".join(c["source"]) for d in drop)]
        path = (ROOT / notebook).parent / f"99-probe{name}.ipynb"
        path.write_text(json.dumps(source), encoding="utf-8")
        paths[name] = path
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("variants", type=Path)
    parser.add_argument("--repeats", type=int, default=4)
    args = parser.parse_args(argv)
    variants = json.loads(args.variants.read_text(encoding="utf-8"))
    paths = write_variants(variants)
    try:
        from playwright.sync_api import sync_playwright

        log = Path(tempfile.mkdtemp(prefix="kamp-variants-")) / "voila.log"
        opened: dict[str, list[float]] = {}
        with running_app(log, pages.MODES["all"], test_pages=True) as server, \
                sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            pages._pools_filled(server, 1 + len(pages.SITE) + len(paths), 300)
            pages.settle(server.process.pid)
            for _ in range(args.repeats):
                for name, path in [("baseline", None), *paths.items()]:
                    target = ONE_BUTTON if path is None else str(path.relative_to(ROOT))
                    context = new_learner(browser)
                    context.add_init_script(pages.BENCH.MARK_JS)
                    _page, ms, _what = pages.BENCH.open_page(context, server.url(target))
                    opened.setdefault(name, []).append(ms)
                    context.close()
                time.sleep(6)
            browser.close()
    finally:
        for path in paths.values():
            path.unlink()
    base = statistics.median(opened["baseline"])
    for name, times in opened.items():
        median = statistics.median(times)
        what = variants.get(name, ["", []])
        print(f"{name:14s} {median:6.0f} ms {median / base:5.2f}×  "
              f"{[round(t) for t in times]}  {what[0]} {what[1] or ''}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
