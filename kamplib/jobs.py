"""The jobs that play many games: what an exploration asks for, by name, with arguments JSON can
carry, so the same job runs in this Python or in another one.

Where a job runs is the site's business (:mod:`kamplib.site.background`: a thread of the Voilà
kernel, or the browser edition's games worker, which calls :func:`run_job_json`); what a job is
and what it gives back is here, so an exploration played here (:meth:`Experiment.run
<kamplib.teach.explore.Experiment.run>`) gives the same as one played anywhere else.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Sequence
from typing import Any

__all__ = ["JOBS", "run_job", "run_job_json"]

# name -> "module:function"; each returns what JSON can carry
JOBS = {
    "play": "kamplib.simulate:play_chunk",
    "tournament": "kamplib.tournament:tournament",
}


def run_job(name: str, args: Sequence[Any] = (), kwargs: dict[str, Any] | None = None) -> Any:
    """Run job ``name`` here and return its result, as JSON would carry it back (tuples as
    lists), so a job gives the same wherever it ran."""
    module, _, function = JOBS[name].partition(":")
    result = getattr(importlib.import_module(module), function)(*args, **(kwargs or {}))
    return json.loads(json.dumps(result))


def run_job_json(name: str, args: str) -> str:
    """:func:`run_job` with its arguments (``[args, kwargs]``) and result as JSON text: what
    the games worker calls."""
    positional, named = json.loads(args)
    return json.dumps(run_job(name, positional, named))
