"""Who holds which kernel, how many there may be, and when a kernel ends.

Every Voilà page has a kernel of its own.  The rules, in one place:

- **Admission.**  A page request is admitted (a :class:`Ticket`) only while the server is under
  its kernel cap, the learner (one browser, known by its Jupyter user cookie) under the
  per-learner cap and the learner's address (a school behind one address is many learners)
  under the per-address cap; otherwise :class:`Full`, and the learner gets the try-again page.
  Kernels waiting in Voilà's pre-heated pool are not a learner's: the global cap leaves room
  for them.
- **A kernel belongs to the browser that opened it** (:meth:`KernelLifecycle.owner_of`): the
  server's guard (``guard.py``) lets only that browser's cookie use its REST API, websocket and
  keep-alive.
- **A kernel ends when its page has given no sign of life for ``grace`` seconds.**  A sign of
  life: the page is being rendered (the GET is streaming), the page's websocket is open *and
  has carried a message from the browser* (a real page asks for the kernel's info at once; a
  socket that only sits there holds nothing), the page in a browser said it is there (the
  template's script posts ``/voila/kamp/alive/<kernel>`` every :func:`alive_every` seconds, from
  the page's first cell on, with the owner's cookie and xsrf token), or the kernel waits in the
  pool.  The clock runs from the last sign (the end of the render, the socket's close, the last
  call), so a page that never runs in a browser (a bare GET), a closed tab and a vanished
  browser all end within ``grace`` plus one look, and a page still being built or loaded is
  never ended.
- **Handed out fresh.**  A pooled kernel's clock starts when it is handed to a page, not when
  it was started; a pooled kernel that died is dropped from the pool and replaced.

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
    address: str = ""
    kernel_id: str | None = None


class Full(Exception):
    """No kernel for this request: the server (`who="server"`), the learner (`"client"`) or
    the learner's address (`"address"`) is at its cap."""

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
    max_kernels_per_address: int = 0  # kernels the learners of one address may hold (0: no cap)
    grace: float = 40.0  # seconds a kernel may stay unattended
    look_every: float = 5.0  # seconds between looks at every kernel

    def setup_lifecycle(self, *, max_kernels: int, max_kernels_per_client: int,
                        max_kernels_per_address: int = 0, grace: float,
                        look_every: float) -> None:
        self.max_kernels = max_kernels
        self.max_kernels_per_client = max_kernels_per_client
        self.max_kernels_per_address = max_kernels_per_address
        self.grace = grace
        self.look_every = look_every
        self._tickets: set[Ticket] = set()
        self._owner: dict[str, str] = {}
        self._address: dict[str, str] = {}
        self._rendering: Counter[str] = Counter()
        self._sockets: dict[str, set[Any]] = {}  # the pages' open websockets, by kernel
        self._speaking: dict[str, set[object]] = {}  # open sockets that have carried a message
        self._last_sign: dict[str, float] = {}  # kernel -> when its page last showed life
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

    def held_by(self, client: str | None = None, address: str | None = None) -> int:
        """Kernels learners hold (or `client` holds, or the learners at `address`), admitted
        requests still starting included."""
        owned = sum(1 for kernel, c in self._owner.items()
                    if (client is None or c == client)
                    and (address is None or self._address.get(kernel) == address))
        waiting = sum(1 for tk in self._tickets
                      if tk.kernel_id is None and (client is None or tk.client == client)
                      and (address is None or tk.address == address))
        return owned + waiting

    def admit(self, client: str, address: str = "") -> Ticket:
        """A ticket for one page request, or :class:`Full`.  No await between check and claim."""
        slots = self.learner_slots()
        if slots is not None and self.held_by() >= slots:
            raise Full("server")
        per_client = self.max_kernels_per_client
        if per_client > 0 and self.held_by(client) >= per_client:
            raise Full("client")
        per_address = self.max_kernels_per_address
        if per_address > 0 and self.held_by(address=address) >= per_address:
            raise Full("address")
        ticket = Ticket(client, address)
        self._tickets.add(ticket)
        return ticket

    def owner_of(self, kernel_id: str) -> str | None:
        """The learner (user name) whose page the kernel serves; None for a pooled kernel, an
        unknown id, or one that has ended."""
        return self._owner.get(kernel_id)

    def release(self, ticket: Ticket) -> None:
        """The page request is over (sent, failed or abandoned): its kernel's clock may start."""
        self._tickets.discard(ticket)
        if ticket.kernel_id is not None:
            self._rendering[ticket.kernel_id] -= 1
            if self._rendering[ticket.kernel_id] <= 0:
                del self._rendering[ticket.kernel_id]
            self._sign_of_life(ticket.kernel_id)

    def _claim(self, kernel_id: str) -> None:
        ticket = CURRENT_TICKET.get()
        if ticket is None or ticket.kernel_id is not None or ticket not in self._tickets:
            return
        ticket.kernel_id = kernel_id
        self._owner[kernel_id] = ticket.client
        self._address[kernel_id] = ticket.address
        self._rendering[kernel_id] += 1
        self._sign_of_life(kernel_id)
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
        for table in (self._owner, self._address, self._speaking, self._last_sign):
            table.pop(kernel_id, None)
        for socket in self._sockets.pop(kernel_id, ()):  # the page hears at once, not by silence
            with contextlib.suppress(Exception):
                socket.close()

    # --- ending kernels ---------------------------------------------------------------------------

    def pooled(self) -> dict[str, str]:
        """Kernels waiting in a pre-heated pool: kernel id -> notebook."""
        found: dict[str, str] = {}
        for notebook, pool in getattr(self, "_pools", {}).items():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    found[task.result()["kernel_id"]] = notebook
        return found

    def _sign_of_life(self, kernel_id: str) -> None:
        self._last_sign[kernel_id] = time.monotonic()

    def page_is_there(self, kernel_id: str, client: str | None) -> bool:
        """The owner's page in a browser says it is still there (False: not this learner's
        kernel, or none at all, which the caller must not tell apart)."""
        if client is None or self._owner.get(kernel_id) != client \
                or kernel_id not in self._kernels:  # type: ignore[attr-defined]
            return False
        self._sign_of_life(kernel_id)
        return True

    def socket_opened(self, kernel_id: str, socket: Any) -> None:
        """A page's websocket to the kernel is open (closed by the server when the kernel ends)."""
        self._sockets.setdefault(kernel_id, set()).add(socket)

    def socket_spoke(self, kernel_id: str, socket: object) -> None:
        """The page's websocket carried a message from the browser: while it stays open, the
        kernel is attended."""
        if kernel_id in self._owner:
            self._speaking.setdefault(kernel_id, set()).add(socket)
            self._sign_of_life(kernel_id)

    def socket_closed(self, kernel_id: str, socket: object) -> None:
        """A websocket of the kernel closed (tab closed, browser gone): the clock starts now."""
        self._sockets.get(kernel_id, set()).discard(socket)
        speaking = self._speaking.get(kernel_id)
        if speaking is not None:
            speaking.discard(socket)
            if not speaking:
                del self._speaking[kernel_id]
        if kernel_id in self._owner:
            self._sign_of_life(kernel_id)

    def attended(self, kernel_id: str, now: float) -> bool:
        last = self._last_sign.setdefault(kernel_id, now)  # a kernel never seen: from now
        return bool(self._rendering.get(kernel_id) or self._speaking.get(kernel_id)
                    or now - last < self.grace)

    async def look_at_kernels(self) -> None:
        """End every kernel whose page has shown no sign of life for `grace` seconds; mend the
        pools."""
        now = time.monotonic()
        pooled = self.pooled()
        running = set(self.list_kernel_ids())  # type: ignore[attr-defined]
        for kernel_id in [k for k in {*self._owner, *self._last_sign, *self._speaking,
                                      *self._sockets} if k not in running]:
            self._forget(kernel_id)
        for kernel_id in running:
            if kernel_id in pooled:
                self._last_sign.pop(kernel_id, None)
                await self._mend_pool(kernel_id, pooled[kernel_id])
                continue
            if self.attended(kernel_id, now):
                continue
            self.log.info(  # type: ignore[attr-defined]
                "Ending kernel %s: no page has used it for %.0f s", kernel_id,
                now - self._last_sign[kernel_id])
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
