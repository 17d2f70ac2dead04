"""The kernel nursery: one Python process that has imported the course once and forks kernels.

Started by the course server (``forkserver.ForkServer``) as ``python zygote.py SOCKET MODULE...``.
It imports the modules every course page needs (ipykernel, ipywidgets, kamplib…), freezes them
out of the garbage collector's reach, and then waits on a Unix socket.  Each request is one JSON
line ``{"argv": [...], "env": {...}, "cwd": "..."}``, the command jupyter_client would have run
(``python -m ipykernel_launcher -f CONNECTION_FILE``); the nursery forks, and the child becomes
that kernel: new session, the request's environment and folder, fresh random seeds.  The reply is
``{"pid": N}``.  A forked kernel starts in a fraction of the time of a fresh interpreter and
shares the imported modules' memory with its siblings (copy-on-write).

``{"cancel": [...argv]}`` ends the kernel forked for that command, if any (the server gave up
waiting for the reply and started it the ordinary way).  ``{"retire": true}`` stops accepting
requests; a retired nursery (the server started a new one
after the course's code changed) exits once its last kernel has ended, so no learner loses a
kernel.  The nursery also exits when the server that started it is gone.

No threads may exist when forking: the server starts it with one BLAS/OpenMP thread.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import json
import os
import signal
import socket
import sys
import time
import traceback

MAX_REQUEST = 1 << 20  # one environment and one command line; anything larger is refused
ACCEPT_TICK = 1.0  # seconds between looks at the parent and the children


def main(argv: list[str]) -> int:
    sock_path, *modules = argv
    if sys.path and os.path.abspath(sys.path[0]) == os.path.dirname(os.path.abspath(__file__)):
        sys.path.pop(0)  # a kernel does not see the app's folder
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception:  # a module that fails to import is imported again by its page
            print(f"[kamp-nursery] could not preload {name}:", file=sys.stderr)
            traceback.print_exc()
    gc.collect()
    gc.freeze()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(sock_path)
    listener.listen(64)
    listener.settimeout(ACCEPT_TICK)
    parent = os.getppid()
    children: set[int] = set()
    forked_for: dict[str, int] = {}  # command line -> pid, so a request can be cancelled
    accepting = True
    while True:
        _reap(children)
        if len(forked_for) > len(children):
            forked_for = {line: pid for line, pid in forked_for.items() if pid in children}
        if os.getppid() != parent or (not accepting and not children):
            return 0
        if not accepting:
            time.sleep(ACCEPT_TICK)
            continue
        try:
            conn, _ = listener.accept()
        except TimeoutError:
            continue
        with conn:
            conn.settimeout(10)
            try:
                request = json.loads(_read_line(conn))
            except (OSError, ValueError) as error:
                _reply(conn, {"error": f"bad request: {error}"})
                continue
            if "cancel" in request:
                pid = forked_for.pop(json.dumps(request["cancel"]), None)
                if pid in children:
                    with contextlib.suppress(OSError):
                        os.killpg(pid, signal.SIGKILL)
                _reply(conn, {"cancelled": pid})
                continue
            if request.get("retire"):
                accepting = False
                listener.close()
                with contextlib.suppress(OSError):
                    os.unlink(sock_path)
                _reply(conn, {"retired": True})
                continue
            pid = os.fork()
            if pid == 0:
                _become_kernel(request, listener, conn)  # never returns
            children.add(pid)
            forked_for[json.dumps(request.get("argv"))] = pid
            _reply(conn, {"pid": pid})


def _read_line(conn: socket.socket) -> bytes:
    data = b""
    while not data.endswith(b"\n"):
        chunk = conn.recv(65536)
        if not chunk:
            break
        data += chunk
        if len(data) > MAX_REQUEST:
            raise ValueError("request too large")
    return data


def _reply(conn: socket.socket, message: dict) -> None:
    with contextlib.suppress(OSError):
        conn.sendall(json.dumps(message).encode() + b"\n")


def _reap(children: set[int]) -> None:
    """Collect ended kernels so none lingers as a zombie."""
    while children:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            children.clear()
            return
        if pid == 0:
            return
        children.discard(pid)


def _become_kernel(request: dict, listener: socket.socket, conn: socket.socket) -> None:
    """In the child: turn into the kernel the request describes, then exit (never return)."""
    code = 1
    try:
        listener.close()
        conn.close()
        for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, signal.SIG_DFL)
        os.setsid()  # its own process group: the server signals the kernel and what it starts
        cwd = request.get("cwd") or os.getcwd()
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update({str(k): str(v) for k, v in request["env"].items()})
        os.environ["JPY_PARENT_PID"] = str(os.getppid())  # the kernel ends if the nursery does
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        _fresh_randomness()
        sys.path.insert(0, cwd)  # as `python -m ipykernel_launcher` started in that folder
        argv = request["argv"]
        sys.argv = ["ipykernel_launcher", *argv[3:]]
        from ipykernel.kernelapp import IPKernelApp

        app = IPKernelApp.instance()
        app.initialize()
        _hook_preloaded_into(app)
        app.start()
        code = 0
    except SystemExit as leaving:
        code = leaving.code if isinstance(leaving.code, int) else 0
    except BaseException:
        traceback.print_exc()
    finally:
        os._exit(code)


def _hook_preloaded_into(app: object) -> None:
    """Do for the new kernel what preloaded modules do when first imported inside a kernel.

    ipywidgets registers its comm targets (``jupyter.widget`` and ``jupyter.widget.control``)
    at import, if a kernel is running; in the nursery none was, and a page's ``import
    ipywidgets`` does nothing a second time.  Without the control target a page's widget
    manager falls back to asking every widget model for its state one message at a time
    (227 round trips through the server for the Pass step) instead of one.
    """
    widgets = sys.modules.get("ipywidgets")
    if widgets is not None and getattr(app, "kernel", None) is not None:
        widgets.register_comm_target()


def _fresh_randomness() -> None:
    """Each kernel gets its own random state, not a copy of the nursery's."""
    import random
    import tempfile

    random.seed()
    tempfile._name_sequence = None  # type: ignore[attr-defined]
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
