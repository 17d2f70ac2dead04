"""Who holds which kernel, how many there may be, and when a kernel ends.

Every Voilà page has a kernel of its own.  The rules, in one place:

- **Admission.**  A page request is admitted (a :class:`Ticket`) only while the server is under
  its kernel cap and the learner (one browser, known by its Jupyter user cookie) under the
  per-learner cap; otherwise :class:`Full`, and the learner gets the try-again page.  Kernels
  waiting in Voilà's pre-heated pool are not a learner's: the global cap leaves room for them.
- **A kernel is attended** while its page is being rendered (the GET is streaming), while a
  browser has its websocket open, while the page in a browser says it is there (the template's
  script calls ``/voila/kamp/alive/<kernel>`` every :func:`alive_every` seconds, from the page's
  first cell on: a slow browser may take long to load the scripts and connect), or while it
  waits in the pool.  Otherwise it is unattended; after ``grace`` seconds unattended it is shut
  down.  So a page that never runs in a browser (a bare GET), a closed page, and an aborted load
  all end within ``grace`` plus one look, and a page still being built or loaded is never ended.
- **Handed out fresh.**  A pooled kernel's idle clock starts when it is handed to a page, not
  when it was started; a pooled kernel that died is dropped from the pool and replaced.

The mixin sits on top of whatever kernel manager Voilà builds (with or without the pool), so
Voilà's own code paths stay as they are; see ``course_kernel_manager_factory``.
"""

from __future__ import annotations

import contextlib
import time
from collections import Counter
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.utils import ensure_async
from tornado.ioloop import PeriodicCallback

ALIVE_EVERY_MAX = 10.0  # seconds: an open page's call costs the server next to nothing


def alive_every(grace: float) -> float:
    """Seconds between an open page's "still here" calls: three within the grace, so a page
    whose front end is slow to connect keeps its kernel whatever the grace is set to."""
    return max(0.5, min(ALIVE_EVERY_MAX, grace / 3))


@dataclass(eq=False)
class Ticket:
    """One admitted page request; it claims the kernel Voilà gives the page."""

    client: str
    kernel_id: str | None = None


class Full(Exception):
    """No kernel for this request: the server (`who="server"`) or the learner is at the cap."""

    def __init__(self, who: str) -> None:
        super().__init__(who)
        self.who = who


# The ticket of the page request being served in this task (set by the page handler), so the
# kernel Voilà starts or takes from the pool for it is claimed by it.
CURRENT_TICKET: ContextVar[Ticket | None] = ContextVar("kamp_ticket", default=None)


class KernelLifecycle:
    """Admission, caps and ending of kernels; mixed in above Voilà's kernel manager."""

    max_kernels: int = 0  # kernels in all, the pool included (0: no cap)
    max_kernels_per_client: int = 0  # kernels one learner may hold (0: no cap)
    grace: float = 40.0  # seconds a kernel may stay unattended
    look_every: float = 5.0  # seconds between looks at every kernel

    def setup_lifecycle(self, *, max_kernels: int, max_kernels_per_client: int, grace: float,
                        look_every: float) -> None:
        self.max_kernels = max_kernels
        self.max_kernels_per_client = max_kernels_per_client
        self.grace = grace
        self.look_every = look_every
        self._tickets: set[Ticket] = set()
        self._owner: dict[str, str] = {}
        self._rendering: Counter[str] = Counter()
        self._unattended_since: dict[str, float] = {}
        self._heard_from: dict[str, float] = {}
        self._looker = PeriodicCallback(self.look_at_kernels, look_every * 1000)
        self._looker.start()

    # --- admission ------------------------------------------------------------------------------

    def pool_capacity(self) -> int:
        """How many kernels Voilà's pre-heated pools hold when full."""
        pools: dict[str, list] = getattr(self, "_pools", {})
        config: dict = getattr(self, "kernel_pools_config", {})
        default = config.get("default", {}).get("pool_size", 0)
        return sum(config.get(name, {}).get("pool_size", default) for name in pools)

    def learner_slots(self) -> int | None:
        """How many kernels learners may hold at once (None: no cap)."""
        if self.max_kernels <= 0:
            return None
        return max(self.max_kernels - self.pool_capacity(), 0)

    def held_by(self, client: str | None = None) -> int:
        """Kernels learners hold (or `client` holds), admitted requests still starting included."""
        owned = sum(1 for c in self._owner.values() if client is None or c == client)
        waiting = sum(1 for tk in self._tickets
                      if tk.kernel_id is None and (client is None or tk.client == client))
        return owned + waiting

    def admit(self, client: str) -> Ticket:
        """A ticket for one page request, or :class:`Full`.  No await between check and claim."""
        slots = self.learner_slots()
        if slots is not None and self.held_by() >= slots:
            raise Full("server")
        per_client = self.max_kernels_per_client
        if per_client > 0 and self.held_by(client) >= per_client:
            raise Full("client")
        ticket = Ticket(client)
        self._tickets.add(ticket)
        return ticket

    def release(self, ticket: Ticket) -> None:
        """The page request is over (sent, failed or abandoned): its kernel's clock may start."""
        self._tickets.discard(ticket)
        if ticket.kernel_id is not None:
            self._rendering[ticket.kernel_id] -= 1
            if self._rendering[ticket.kernel_id] <= 0:
                del self._rendering[ticket.kernel_id]

    def _claim(self, kernel_id: str) -> None:
        ticket = CURRENT_TICKET.get()
        if ticket is None or ticket.kernel_id is not None or ticket not in self._tickets:
            return
        ticket.kernel_id = kernel_id
        self._owner[kernel_id] = ticket.client
        self._rendering[kernel_id] += 1
        self._unattended_since.pop(kernel_id, None)
        kernel = self._kernels.get(kernel_id)  # type: ignore[attr-defined]
        if kernel is not None:
            kernel.last_activity = utcnow()  # fresh: its idle time starts now

    # --- Voilà's two ways of giving a page its kernel ----------------------------------------

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """A fresh kernel for a page (pool empty, off, or not matching the page's theme)."""
        kernel_id = await ensure_async(super().start_kernel(*args, **kwargs))  # type: ignore[misc]
        self._claim(kernel_id)
        return kernel_id

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        """A pre-heated kernel (and its pre-rendered cells) handed to a page."""
        render_task, cache, kernel_id = await super().get_rendered_notebook(  # type: ignore[misc]
            *args, **kwargs)
        self._claim(kernel_id)
        return render_task, cache, kernel_id

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return await ensure_async(
                super().shutdown_kernel(kernel_id, *args, **kwargs))  # type: ignore[misc]
        finally:
            self._forget(kernel_id)

    def _forget(self, kernel_id: str) -> None:
        self._owner.pop(kernel_id, None)
        self._unattended_since.pop(kernel_id, None)
        self._heard_from.pop(kernel_id, None)

    # --- ending kernels ---------------------------------------------------------------------------

    def pooled(self) -> dict[str, str]:
        """Kernels waiting in a pre-heated pool: kernel id -> notebook."""
        found: dict[str, str] = {}
        for notebook, pool in getattr(self, "_pools", {}).items():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    found[task.result()["kernel_id"]] = notebook
        return found

    def page_is_there(self, kernel_id: str) -> bool:
        """A page in a browser says it is still there (False: no such kernel)."""
        if kernel_id not in self._kernels:  # type: ignore[attr-defined]
            return False
        self._heard_from[kernel_id] = time.monotonic()
        return True

    def attended(self, kernel_id: str, now: float) -> bool:
        heard = self._heard_from.get(kernel_id)
        return bool(self._rendering.get(kernel_id)
                    or self._kernel_connections.get(kernel_id, 0) > 0  # type: ignore[attr-defined]
                    or (heard is not None and now - heard < self.grace))

    async def look_at_kernels(self) -> None:
        """End every kernel that has been unattended for `grace` seconds; mend the pools."""
        now = time.monotonic()
        pooled = self.pooled()
        running = set(self.list_kernel_ids())  # type: ignore[attr-defined]
        for kernel_id in [k for k in self._owner if k not in running]:
            self._forget(kernel_id)
        for kernel_id in [k for k in [*self._unattended_since, *self._heard_from]
                          if k not in running]:
            self._unattended_since.pop(kernel_id, None)
            self._heard_from.pop(kernel_id, None)
        for kernel_id in running:
            if kernel_id in pooled:
                self._unattended_since.pop(kernel_id, None)
                await self._mend_pool(kernel_id, pooled[kernel_id])
                continue
            if self.attended(kernel_id, now):
                self._unattended_since.pop(kernel_id, None)
                continue
            since = self._unattended_since.setdefault(kernel_id, now)
            if now - since >= self.grace:
                self.log.info(  # type: ignore[attr-defined]
                    "Ending kernel %s: no page has used it for %.0f s", kernel_id, now - since)
                with contextlib.suppress(Exception):
                    await self.shutdown_kernel(kernel_id, now=True)

    async def _mend_pool(self, kernel_id: str, notebook: str) -> None:
        """A pooled kernel that died is replaced, so the pool never hands out a dead one."""
        kernel = self._kernels.get(kernel_id)  # type: ignore[attr-defined]
        if kernel is None or await ensure_async(kernel.is_alive()):
            return
        self.log.warning("Pre-heated kernel %s for %s died; replacing it",  # type: ignore[attr-defined]
                         kernel_id, notebook)
        with contextlib.suppress(Exception):
            await self.shutdown_kernel(kernel_id, now=True)
        self.fill_if_needed(delay=0, notebook_name=notebook)  # type: ignore[attr-defined]

    def stop_lifecycle(self) -> None:
        looker = getattr(self, "_looker", None)
        if looker is not None:
            looker.stop()


def course_kernel_manager_factory(voila_factory: Callable[..., type]) -> Callable[..., type]:
    """Wrap Voilà's kernel-manager factory so its class gets :class:`KernelLifecycle` on top."""

    def factory(*args: Any, **kwargs: Any) -> type:
        base = voila_factory(*args, **kwargs)
        return type(f"Course{base.__name__}", (KernelLifecycle, base), {})

    return factory
