"""Serve the kamp course with Voilà, the way `make app` and the browser tests start it.

`python app/serve.py [--port=P] [Voilà options]`.  The server itself is `kampapp` (next to this
file): Voilà plus the course's front door, allow-list of pages, kernel caps and lifecycle, forked
kernels and template; its settings are read from the repository's `voila.json` whatever the
working directory, and every option can be given on the command line as usual, e.g.
`--CourseApp.max_kernels=40` or `--VoilaConfiguration.preheat_kernel=False`.
"""

from __future__ import annotations

import sys
from pathlib import Path

APP = Path(__file__).resolve().parent
if str(APP) not in sys.path:
    sys.path.insert(0, str(APP))

from kampapp.app import (  # noqa: E402
    CELL_ERROR_NB,
    KERNEL_BUDGET_MIB,
    MEMORY_SHARE,
    POOLED_KERNEL_MIB,
    REPO,
    SHARE,
    WELCOME,
    CourseApp,
    machine_memory_mib,
    main,
)
from kampapp.texts import loading_texts  # noqa: E402

__all__ = ["CELL_ERROR_NB", "KERNEL_BUDGET_MIB", "MEMORY_SHARE", "POOLED_KERNEL_MIB", "REPO",
           "SHARE", "WELCOME",
           "CourseApp", "loading_texts", "machine_memory_mib", "main"]

if __name__ == "__main__":
    main(sys.argv[1:])
