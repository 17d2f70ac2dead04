"""The notebooks nbval runs get their kernels as the course app's do: forked from a nursery.

nbval starts a fresh Python for each notebook's kernel, and each spent most of its start
importing ipykernel, ipywidgets and kamplib (BENCHMARKS.md, "Test suite", 3 Dec 17:30).  The
course server forks its kernels from a nursery that has imported those once
(``app/kampapp/zygote.py``, ``forkserver.py``); this plugin gives each pytest process (each xdist
worker) one such nursery, started when its first notebook needs a kernel, and has nbval's kernel
manager fork from it.  The kernel is still a new process of its own, in the notebook's folder,
with the environment jupyter_client gives it, and nbval and ``tests/notebook_checks.py`` check it
as before.  The nursery imports no module a course page may not import (``PRELOAD``: no pandas,
no matplotlib), so the check that a course page's kernel has not loaded them is as strong as
before: a preloaded module that pulled pandas in would fail every course page, not hide one.

When the nursery cannot fork (not ready in time, or a kernel that is not this interpreter's
ipykernel), the kernel starts the ordinary way, as in the app.  ``-p no:kamp-nursery-kernels``
turns the plugin off (tests/conftest.py registers it).
"""

from __future__ import annotations

import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from jupyter_client.manager import KernelManager

APP = Path(__file__).resolve().parent.parent / "app"
# What the course pages import, as the course app's nursery preloads it
# (kampapp.app.CourseApp.preload); tests/test_pages.py checks none of it loads pandas.
PRELOAD = ("ipykernel.ipkernel", "ipywidgets", "kamplib.widgets", "kamplib.widgets.site",
           "kamplib.teach.examples", "kamplib.teach.notes", "kamplib.teach.tables",
           "kamplib.site.front")


class ForkingKernelManager(KernelManager):
    """jupyter_client's kernel manager, its kernel started by the nursery's provisioner."""

    async def _async_pre_start_kernel(self, **kw: Any) -> Any:
        from kampapp.forkserver import ForkProvisioner

        if self.provisioner is None and ForkProvisioner.nursery is not None:
            self.kernel_id = self.kernel_id or kw.pop("kernel_id", None) or str(uuid.uuid4())
            self.provisioner = ForkProvisioner(
                kernel_id=self.kernel_id, kernel_spec=self.kernel_spec, parent=self)
        return await super()._async_pre_start_kernel(**kw)


class NurseryKernels:
    """The pytest plugin: this process's nursery, and nbval's kernels forked from it."""

    def __init__(self) -> None:
        self.nursery: Any = None

    def install(self) -> None:
        """Have nbval start its kernels with :meth:`manager` (nbval.kernel's KernelManager)."""
        import nbval.kernel

        nbval.kernel.KernelManager = self.manager

    def manager(self, **kwargs: Any) -> KernelManager:
        if self.nursery is None:
            if str(APP) not in sys.path:
                sys.path.insert(0, str(APP))
            try:
                from kampapp.forkserver import ForkProvisioner, ForkServer
            except ModuleNotFoundError:  # no Jupyter server (the app extra): a fresh Python
                return KernelManager(**kwargs)

            self.nursery = ForkServer(list(PRELOAD))
            self.nursery.start()
            ForkProvisioner.nursery = self.nursery
        return ForkingKernelManager(**kwargs)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self) -> None:
        if self.nursery is not None:
            from kampapp.forkserver import ForkProvisioner

            self.nursery.stop()
            self.nursery = ForkProvisioner.nursery = None
