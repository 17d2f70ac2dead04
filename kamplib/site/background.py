"""Work done beside the page: a thread in the Voilà app, a Web Worker in the browser edition.

An exploration lets bots play hundreds of games; meanwhile the learner reads, presses buttons and
plays a hand, so the games must not hold up the page's Python.  In the Voilà app they run in a
thread of the kernel at the lowest CPU priority.  The browser edition's Python (Pyodide) cannot
start threads, and a long loop in it would hold up every widget of the page, so there they run
in a Web Worker with a Python of its own (site/src/games.worker.js), and the answers come back
as messages.

Either way a *job* is one of :data:`kamplib.jobs.JOBS`, a function of kamplib called with
arguments that JSON can carry, whose result JSON can carry back: the same job runs in this
Python or in the worker's.  :func:`jobs` gives the runner that suits the Python it runs in.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from kamplib.jobs import run_job

__all__ = ["Jobs", "ThreadJobs", "WorkerJobs", "jobs", "lowest_priority", "WORKER_URL"]

# Where the browser edition's page tells its Python the games worker is (site/src/main.js).
WORKER_URL = "KAMP_GAMES_WORKER"

Done = Callable[[Any], None]
Failed = Callable[[str], None]


def lowest_priority() -> None:
    """Give the calling thread the lowest CPU priority (nice 19), where the system allows it.

    On Linux a thread's nice value is its own (``setpriority`` on the thread's id); elsewhere
    the thread keeps its priority.  The Voilà app's page that plays 2,000 games after it opens
    otherwise competed with the next page the learner opened (a Sekskamp page opened right
    after it: 1.85× the one-button page at normal priority, 1.39× at the lowest).
    """
    setpriority = getattr(os, "setpriority", None)
    if setpriority is None or not hasattr(threading, "get_native_id"):
        return
    with contextlib.suppress(OSError):
        setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)


class Jobs(Protocol):
    """Runs jobs one after another, away from the page's own work."""

    def submit(self, name: str, args: Sequence[Any], kwargs: dict[str, Any] | None,
               done: Done, failed: Failed) -> None:
        """Run job ``name``; then ``done(result)``, or ``failed(reason)`` if it raised."""

    def close(self) -> None:
        """Stop: jobs not yet done are dropped and their callbacks never called."""


class ThreadJobs:
    """One daemon thread at the lowest CPU priority, running the jobs in order (the Voilà app,
    and tests).  ``done`` and ``failed`` are called in that thread."""

    def __init__(self) -> None:
        self._queue: queue.Queue[tuple[str, Sequence[Any], dict[str, Any] | None, Done,
                                       Failed] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._closed = False

    def submit(self, name: str, args: Sequence[Any], kwargs: dict[str, Any] | None,
               done: Done, failed: Failed) -> None:
        if self._closed:
            return
        self._queue.put((name, args, kwargs, done, failed))
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, daemon=True, name="kamp-games")
            self._thread.start()

    def _work(self) -> None:
        lowest_priority()
        while (item := self._queue.get()) is not None:
            name, args, kwargs, done, failed = item
            try:
                result = run_job(name, args, kwargs)
            except Exception as error:  # said by the caller, in the learner's words
                if not self._closed:
                    failed(f"{type(error).__name__}: {error}")
            else:
                if not self._closed:
                    done(result)
            finally:
                self._queue.task_done()
        self._queue.task_done()

    def wait(self) -> None:
        """Wait until every job submitted so far is done (tests)."""
        self._queue.join()

    def close(self) -> None:
        self._closed = True
        self._queue.put(None)


class WorkerJobs:
    """The browser edition: jobs go to a Web Worker with its own Python (site/src/games.worker.js
    at ``url``); its answers arrive as messages, and ``done``/``failed`` are called from this
    Python's event loop, between whatever else the page asks of it."""

    def __init__(self, url: str) -> None:
        from urllib.parse import unquote

        from js import Object, Worker
        from pyodide.ffi import create_proxy, to_js

        # the page gives the worker's address with what it loads in the fragment; that goes as
        # the first message (a worker whose script a service worker answered from its cache
        # has lost the fragment from its own address)
        url, _, settings = url.partition("#")
        options = to_js({"type": "module"}, dict_converter=Object.fromEntries)
        self._worker = Worker.new(url, options)
        self._listener = create_proxy(self._message)
        self._errors = create_proxy(self._broken)
        self._worker.addEventListener("message", self._listener)
        self._worker.addEventListener("error", self._errors)
        self._waiting: dict[int, tuple[Done, Failed]] = {}
        self._count = 0
        self._worker.postMessage(to_js({"settings": unquote(settings)},
                                       dict_converter=Object.fromEntries))

    def submit(self, name: str, args: Sequence[Any], kwargs: dict[str, Any] | None,
               done: Done, failed: Failed) -> None:
        from js import Object
        from pyodide.ffi import to_js

        self._count += 1
        self._waiting[self._count] = (done, failed)
        message = {"id": self._count, "name": name, "args": json.dumps([list(args), kwargs or {}])}
        self._worker.postMessage(to_js(message, dict_converter=Object.fromEntries))

    def _message(self, event: Any) -> None:
        data = event.data.to_py()
        waiting = self._waiting.pop(int(data["id"]), None)
        if waiting is None:
            return
        done, failed = waiting
        if "error" in data:
            failed(str(data["error"]))
        else:
            done(json.loads(data["result"]))

    def _broken(self, event: Any) -> None:
        """The worker could not start (its script or Python failed to load): every job waiting
        is said to have failed."""
        reason = str(getattr(event, "message", "") or "the games worker did not start")
        waiting, self._waiting = self._waiting, {}
        for _, failed in waiting.values():
            failed(reason)

    def close(self) -> None:
        self._waiting.clear()
        self._worker.terminate()
        self._worker.removeEventListener("message", self._listener)
        self._worker.removeEventListener("error", self._errors)
        self._listener.destroy()
        self._errors.destroy()


def jobs() -> Jobs:
    """The runner for this Python: a Web Worker in the browser edition (whose page says where
    the worker's script is), a thread anywhere else."""
    url = os.environ.get(WORKER_URL)
    if sys.platform == "emscripten" and url:
        return WorkerJobs(url)
    return ThreadJobs()
