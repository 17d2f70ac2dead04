"""Kernels forked from a nursery that has imported the course once (see ``zygote.py``).

A fresh Python kernel spends most of its start importing ipykernel, ipywidgets, pandas and
kamplib: about a CPU second each time, and some 75 MiB of memory of its own.  Forked from the
nursery it is ready in a fraction of that and shares those modules' memory with every sibling.
That is what lets a classroom open pages at once on a small machine (BENCHMARKS.md, "App").

Jupyter still manages every kernel as usual: ``ForkingKernelManager`` only swaps the step that
starts the process (its provisioner), for kernels whose command is this interpreter's own
``-m ipykernel_launcher``.  If the nursery is not ready, is being replaced, or fails, the kernel
is started the ordinary way, so a learner never waits on the nursery.

When a preloaded module's source changes (someone edits kamplib while `make app` runs), the next
kernel is started the ordinary way while a new nursery imports the new code; the old one is
retired and ends with its last kernel.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import logging
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from jupyter_client.connect import LocalPortCache
from jupyter_client.provisioning import LocalProvisioner
from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

ZYGOTE = Path(__file__).with_name("zygote.py")
REPLY_TIMEOUT = 30.0  # seconds; a loaded machine can be slow to fork
READY_TIMEOUT = 20.0  # seconds a kernel waits for a nursery that is still importing
LOOK_AT_SOURCES_EVERY = 1.0  # seconds
# No thread may exist in the nursery when it forks; one BLAS thread per kernel also suits a
# small machine that runs many kernels.
# The channels a kernel listens on, each on a port of its own (jupyter_client's port_names).
PORT_NAMES = ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port")
ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


class ForkServer:
    """The server's handle on its nursery: start it, ask it for kernels, replace it, stop it."""

    def __init__(self, modules: list[str], log: logging.Logger | None = None) -> None:
        self.modules = list(modules)
        self.log = log or logging.getLogger(__name__)
        self._folder = Path(tempfile.mkdtemp(prefix="kamp-nursery-"))
        self._generation = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._socket: Path | None = None
        self._retired: list[subprocess.Popen[bytes]] = []
        self._sources = self._source_files()
        self._fingerprint = self._stamp()
        self._looked_at = time.monotonic()

    # --- life cycle ---------------------------------------------------------------------------

    def start(self) -> None:
        """Start a nursery; it is ready once it has imported the modules and opened its socket."""
        self._generation += 1
        self._socket = self._folder / f"nursery-{self._generation}.sock"
        env = {**os.environ, **ONE_THREAD}
        self._process = subprocess.Popen(
            [sys.executable, str(ZYGOTE), str(self._socket), *self.modules], env=env,
        )
        self._fingerprint = self._stamp()
        self.log.info("Kernel nursery %s starting (pid %s), preloading %s",
                      self._generation, self._process.pid, ", ".join(self.modules))

    def stop(self) -> None:
        """Stop every nursery (the kernels themselves are shut down by the kernel manager)."""
        for process in [self._process, *self._retired]:
            if process is not None and process.poll() is None:
                process.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=5)
                if process.poll() is None:
                    process.kill()
                    process.wait(timeout=5)
        self._process = None
        self._retired = []
        for leftover in self._folder.glob("*"):
            with contextlib.suppress(OSError):
                leftover.unlink()
        with contextlib.suppress(OSError):
            self._folder.rmdir()

    @property
    def ready(self) -> bool:
        return (self._process is not None and self._process.poll() is None
                and self._socket is not None and self._socket.exists())

    # --- forking ------------------------------------------------------------------------------

    def can_fork(self, argv: list[str]) -> bool:
        """Only this interpreter's own ipykernel can be forked from the nursery."""
        return (
            len(argv) >= 3 and argv[1:3] == ["-m", "ipykernel_launcher"]
            and os.path.realpath(argv[0]) == os.path.realpath(sys.executable)
        )

    async def fork(self, argv: list[str], env: dict[str, str], cwd: str) -> int | None:
        """The pid of a new kernel forked from the nursery, or None: start it the ordinary way."""
        self._tidy()
        if self._sources_changed():
            self.log.info("Course code changed: a new kernel nursery imports it")
            await self._replace()
            return None
        if not self.can_fork(argv) or not await self._wait_ready():
            return None
        try:
            reply = await self._ask({"argv": argv, "env": env, "cwd": cwd})
        except (TimeoutError, OSError, ValueError) as error:
            self.log.warning("Kernel nursery did not answer (%r); starting a kernel directly",
                             error)
            with contextlib.suppress(TimeoutError, OSError, ValueError):
                await self._ask({"cancel": argv})  # no second kernel for the same page
            return None
        pid = reply.get("pid")
        return pid if isinstance(pid, int) and pid > 0 else None

    async def _wait_ready(self) -> bool:
        """A starting nursery is worth waiting for: it is ready sooner than a fresh Python."""
        deadline = time.monotonic() + READY_TIMEOUT
        while not self.ready:
            if self._process is None or self._process.poll() is not None:
                return False
            if time.monotonic() > deadline:
                return False
            await asyncio.sleep(0.05)
        return True

    async def _ask(self, message: dict[str, Any]) -> dict[str, Any]:
        assert self._socket is not None
        reader, writer = await asyncio.wait_for(
            asyncio.open_unix_connection(str(self._socket)), REPLY_TIMEOUT)
        try:
            writer.write(json.dumps(message).encode() + b"\n")
            await writer.drain()
            line = await asyncio.wait_for(reader.readline(), REPLY_TIMEOUT)
        finally:
            writer.close()
        reply = json.loads(line)
        if not isinstance(reply, dict):
            raise ValueError(f"unexpected reply {reply!r}")
        return reply

    async def _replace(self) -> None:
        """Retire the current nursery (it ends with its last kernel) and start a new one."""
        if self.ready:
            with contextlib.suppress(OSError, ValueError, TimeoutError):
                await self._ask({"retire": True})
        if self._process is not None:
            self._retired.append(self._process)
        self._sources = self._source_files()
        self.start()

    def _tidy(self) -> None:
        """Collect retired nurseries that have ended; restart a nursery that died."""
        self._retired = [p for p in self._retired if p.poll() is None]
        if self._process is not None and self._process.poll() is not None:
            self.log.warning("Kernel nursery ended (exit %s); starting another",
                             self._process.returncode)
            self.start()

    # --- watching the course's code -------------------------------------------------------------

    def _source_files(self) -> list[Path]:
        """The .py files of the preloaded packages that live outside site-packages."""
        files: list[Path] = []
        for name in {m.split(".")[0] for m in self.modules}:
            try:
                spec = importlib.util.find_spec(name)
            except (ImportError, ValueError):
                continue
            if spec is None or not spec.submodule_search_locations:
                continue
            for folder in spec.submodule_search_locations:
                if "site-packages" not in Path(folder).parts:
                    files += Path(folder).rglob("*.py")
        return files

    def _stamp(self) -> tuple[int, float]:
        newest = 0.0
        for path in self._sources:
            with contextlib.suppress(OSError):
                newest = max(newest, path.stat().st_mtime)
        return len(self._sources), newest

    def _sources_changed(self) -> bool:
        now = time.monotonic()
        if now - self._looked_at < LOOK_AT_SOURCES_EVERY:
            return False
        self._looked_at = now
        self._sources = self._source_files()
        return self._stamp() != self._fingerprint


class ForkedKernel:
    """What jupyter_client's local provisioner needs of a `Popen`, for a kernel the nursery forked.

    The kernel is the nursery's child, not ours: it is alive while its pid answers and is not a
    zombie waiting for the nursery to collect it.
    """

    stdin = stdout = stderr = None

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None and not _alive(self.pid):
            self.returncode = -1  # the nursery collected the exit status, not us
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(str(self.pid), timeout or 0)
            time.sleep(0.05)
        assert self.returncode is not None
        return self.returncode

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc: trust the signal test
    return stat.rsplit(")", 1)[-1].split()[0] != "Z"


class ForkProvisioner(LocalProvisioner):
    """Jupyter's local provisioner, starting the process by a fork from the nursery."""

    nursery: ForkServer | None = None  # set by the course app when it starts its nursery

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> Any:
        """Fork the kernel; it binds its own free ports and says which in its connection file.

        Jupyter picks ports that are free when it writes the connection file and the kernel
        binds them later: on a busy machine another process can take one meanwhile, and the
        kernel dies at start («Address already in use»; the walk, W33).  A forked kernel gets
        port 0 for each channel instead, binds whatever port is free at that moment (ipykernel
        does that for 0, and writes the ports it bound into the file), and the manager connects
        to those.  A kernel that does not say (it died, or took longer than the nursery's reply
        time) is stopped and one is started the ordinary way on the ports Jupyter chose."""
        nursery = ForkProvisioner.nursery
        env = kwargs.get("env") or dict(os.environ)
        cwd = str(kwargs.get("cwd") or os.getcwd())
        km: Any = self.parent
        path = Path(km.connection_file) if km is not None and km.transport == "tcp" else None
        chosen = json.loads(path.read_text()) if path is not None else None
        if path is not None and chosen is not None:
            _write_json(path, {**chosen, **dict.fromkeys(PORT_NAMES, 0)})
        pid = await nursery.fork(cmd, env, cwd) if nursery is not None else None
        bound = await self._bound_ports(path, pid) if pid is not None and path else None
        if pid is not None and path is not None and bound is None:
            self.log.warning("Forked kernel %s did not bind its ports; starting one directly",
                             pid)
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGKILL)
            pid = None
        if pid is None:
            if path is not None and chosen is not None:
                _write_json(path, chosen)  # the ports Jupyter chose, for the ordinary start
            return await super().launch_kernel(cmd, **kwargs)
        self.process = ForkedKernel(pid)  # type: ignore[assignment]
        self.pid = self.pgid = pid
        self.cwd = cwd
        if bound is not None and chosen is not None:
            for name, port in bound.items():  # the manager connects where the kernel listens
                setattr(km, name, port)
            info: dict[str, Any] = {**self.connection_info, **bound}
            self.connection_info = info  # type: ignore[assignment]
            if self.ports_cached:  # the ports Jupyter set aside for it are free again
                cache = LocalPortCache.instance()
                for name in PORT_NAMES:
                    cache.return_port(chosen.get(name))
        return self.connection_info

    async def _bound_ports(self, path: Path, pid: int) -> dict[str, int] | None:
        """The ports the forked kernel bound, once it has written them; None if it dies or
        has not within the nursery's reply time."""
        deadline = time.monotonic() + REPLY_TIMEOUT
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError, ValueError):
                info = json.loads(path.read_text())
                ports = {name: info.get(name) for name in PORT_NAMES}
                if all(isinstance(p, int) and p > 0 for p in ports.values()):
                    return ports
            if not _alive(pid):
                return None
            await asyncio.sleep(0.02)
        return None


class ForkingKernelManager(ServerKernelManager):
    """Jupyter server's kernel manager, forking its kernel from the nursery when it can."""

    async def _async_pre_start_kernel(self, **kw: Any) -> Any:
        if self.provisioner is None and ForkProvisioner.nursery is not None:
            self.kernel_id = self.kernel_id or kw.pop("kernel_id", None) or _new_id()
            self.provisioner = ForkProvisioner(
                kernel_id=self.kernel_id, kernel_spec=self.kernel_spec, parent=self,
            )
        return await super()._async_pre_start_kernel(**kw)


def _write_json(path: Path, info: dict[str, Any]) -> None:
    """Replace a connection file at once (a kernel reading it never sees half of it), keeping
    it readable by its owner only, as Jupyter writes it."""
    spare = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        json.dump(info, out, indent=2)
    os.replace(spare, path)


def _new_id() -> str:
    import uuid

    return str(uuid.uuid4())
