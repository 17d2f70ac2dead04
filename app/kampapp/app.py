"""The course server: Voilà with the course's front door, pages, kernel rules and template.

What it adds to plain ``voila DIR`` (each part in its own module):

- the root URL opens the front page; only the course's own notebooks render
  (``course_folders``), everything else is our «not found» page (``pages``);
- kernels are capped (``max_kernels``, ``max_kernels_per_client``, ``max_kernels_per_address``)
  and end when no page uses them (``kernel_grace``); pooled kernels are never culled under a
  page (``kernels``);
- a kernel answers only the browser that opened its page, every response carries a content
  security policy, and state changes need the xsrf token (``guard``);
- kernels are forked from a nursery that imported the course once (``forkserver``);
- the page templates are compiled once for all pages (``TemplateCode``), not once per page;
- the ``kamp`` Voilà template: loading screen and server pages in bokmål (``?lang=en``), every
  asset local, a text column that fits a phone (``app/share/voila/templates/kamp``).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from jupyter_server.auth.login import LoginFormHandler
from jupyter_server.auth.logout import LogoutHandler
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.utils import url_path_join
from tornado.web import GZipContentEncoding, RedirectHandler
from traitlets import Float, Int, List, Unicode, default
from voila import app as voila_app
from voila import notebook_renderer
from voila.app import Voila
from voila.execute import VoilaExecutor
from voila.exporter import VoilaExporter
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import AllowListFileHandler, TemplateStaticFileHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from .forkserver import ForkingKernelManager, ForkProvisioner, ForkServer
from .guard import (
    KernelQuerySocket,
    OwnKernelHandler,
    OwnKernelShutdownHandler,
    OwnKernelSocket,
    SecurityHeaders,
)
from .kernels import alive_every, course_kernel_manager_factory
from .pages import (
    CourseFileHandler,
    CoursePageHandler,
    CoursePages,
    NotFoundHandler,
    PageThereHandler,
    TemplateFileHandler,
    with_server_pages,
)
from .texts import loading_texts

REPO = Path(__file__).resolve().parents[2]
SHARE = REPO / "app" / "share"  # holds voila/templates/kamp (found through JUPYTER_PATH)
WELCOME = "index.ipynb"
# What one kernel of a course page may grow to (MiB), forked or not, with room for the
# explorations' simulations: the default kernel cap is the machine's memory over this.
KERNEL_BUDGET_MIB = 150
# What a pre-heated kernel holds of its own while it waits (MiB): forked from the nursery, it
# shares the imported course with it (31–35 MiB USS measured, BENCHMARKS.md "Pages").
POOLED_KERNEL_MIB = 40
MEMORY_SHARE = 0.6  # of the machine's memory for kernels; the rest for the server and others
# A page's websocket is pinged this often (s); one that does not answer within the timeout is
# closed, so a browser that vanished without closing its connection is noticed.
# How often a kernel's process is looked at (s): a kernel that died is said to its page (which
# then says so to the learner) within about this long, not Jupyter's 3 s plus a restart.
KERNEL_DEATH_LOOK = 1.0
SOCKET_PING_EVERY = 10.0
SOCKET_PING_TIMEOUT = 20.0

# What a learner reads when a cell fails while the page is built.  Widgets catch their own errors
# and explain them in the page; this is the last line of defence, so it only says what to do.
CELL_ERROR_NB = (
    "Beklager, denne delen av siden kunne ikke vises. "
    "Last inn siden på nytt, eller gå videre til neste steg."
)


class LearnerExecutor(VoilaExecutor):
    """Voilà's executor with a learner-facing message in place of a stripped traceback."""

    def strip_code_cell_errors(self, cell: Any) -> Any:
        cell = super().strip_code_cell_errors(cell)
        if cell.get("cell_type") == "code":
            for output in cell["outputs"]:
                if output.get("output_type") == "error":
                    output["ename"] = "Feil"
                    output["evalue"] = CELL_ERROR_NB
                    output["traceback"] = [CELL_ERROR_NB]
        return cell


class TemplateCode(BytecodeCache):
    """Compiled page templates, in memory, shared by the renderers of every page.

    Voilà builds a new exporter, so a new Jinja environment, for each page it renders, and Jinja
    compiles every template again for a new environment: most of the server's CPU for a page
    (BENCHMARKS.md, "App").  The code is kept by template name and source checksum, so an
    edited template is compiled afresh.
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)  # resets itself if the source has changed

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self._code.clear()


TEMPLATE_CODE = TemplateCode()


class CourseExporter(VoilaExporter):
    """Voilà's exporter with its templates compiled once for the whole server."""

    def _create_environment(self) -> Any:
        environment = super()._create_environment()
        environment.bytecode_cache = TEMPLATE_CODE
        return environment


def machine_memory_mib() -> int:
    """The memory this server may use: the machine's, or its container's limit if lower."""
    total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    for limit_file in ("/sys/fs/cgroup/memory.max",
                       "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        with contextlib.suppress(OSError, ValueError):
            total = min(total, int(Path(limit_file).read_text().strip()))
    return total // 2**20


class CourseApp(Voila):
    """Voilà serving the repository's course, with the course's rules for pages and kernels."""

    name = "kamp-app"
    description = "Serve the kamp course with Voilà, opening at the front page."

    welcome = Unicode(
        WELCOME, config=True,
        help="Notebook (relative to the served folder) that the root URL opens.",
    )
    course_folders = List(
        Unicode(), [], config=True,
        help="Folders (relative to the served folder) whose notebooks are course pages, and "
             "single pages (an entry ending in .ipynb); "
             "every other path answers the not-found page.  Set in voila.json.",
    )
    max_kernels = Int(
        0, config=True,
        help="Kernels in all, pre-heated ones included; 0: the machine's memory allows it "
             f"(a {MEMORY_SHARE:.0%} share: {POOLED_KERNEL_MIB} MiB a pre-heated kernel, "
             f"{KERNEL_BUDGET_MIB} MiB a learner's).",
    )
    max_kernels_per_client = Int(
        8, config=True,
        help="Kernels one browser may hold at once (its open pages, and closed ones for "
             "kernel_grace seconds); 0: no limit.",
    )
    max_kernels_per_address = Int(
        64, config=True,
        help="Kernels the learners behind one address may hold at once (a school or a home "
             "network is one address): two classes of 30 on a page each, or one class moving "
             "from page to page; 0: no limit.  A server for one school behind one address may "
             "set it to max_kernels.",
    )
    trusted_proxies = List(
        Unicode(), [], config=True,
        help="Addresses of reverse proxies in front of the server: only a request from one of "
             "these has its X-Forwarded-For read for the learner's address (nobody else's is "
             "believed).",
    )
    kernel_grace = Float(
        40.0, config=True,
        help="Seconds a kernel lives after its page's last sign of life (rendering, a "
             "websocket that has spoken and is open, the page's keep-alive call): a page never "
             "opened, closed or lost ends this long after.",
    )
    kernel_look_every = Float(5.0, config=True, help="Seconds between looks at every kernel.")
    front_end_patience = Float(
        30.0, config=True,
        help="Seconds after a page's cells have arrived before a front end that has not "
             "started yet is said to be slow, with a way to try again.",
    )
    preload = List(
        Unicode(), ["ipykernel.ipkernel", "ipywidgets", "kamplib.widgets", "kamplib.widgets.site",
                    "kamplib.teach.examples", "kamplib.teach.notes", "kamplib.teach.tables",
                    "kamplib.site.front"],
        config=True,
        help="Modules the kernel nursery imports once for every kernel; empty: no nursery, "
             "every kernel starts a fresh Python.",
    )

    @default("config_file_paths")
    def _config_file_paths_default(self) -> list[str]:
        return [str(REPO)]

    @default("root_dir")
    def _default_root_dir(self) -> str:
        return str(REPO)

    def kernel_cap(self) -> int:
        """`max_kernels`, or what the machine's memory holds: the pre-heated pools at what a
        waiting kernel costs, and at least four learners' kernels beside them (with 21 pooled
        kernels counted at a learner's budget, a 4 GB server had no room for a learner)."""
        if self.max_kernels > 0:
            return self.max_kernels
        manager = getattr(self, "kernel_manager", None)
        pool_capacity = getattr(manager, "pool_capacity", None)
        pooled = pool_capacity() if pool_capacity is not None else 0
        room = machine_memory_mib() * MEMORY_SHARE - pooled * POOLED_KERNEL_MIB
        return pooled + max(int(room / KERNEL_BUDGET_MIB), 4)

    def init_settings(self) -> dict:
        """Voilà's settings, with our kernel manager, template texts and page rules."""
        # Voilà hands `VoilaConfiguration.resources` (read from the config) to the template.
        extra = self.config.VoilaConfiguration.get("resources")
        extra = dict(extra) if isinstance(extra, dict) else {}
        self.config.VoilaConfiguration.resources = {
            **extra, "kamp": loading_texts(),
            "kamp_alive_ms": round(1000 * alive_every(self.kernel_grace)),
            "kamp_patience_ms": round(1000 * self.front_end_patience),
        }
        self.config.KernelRestarter.time_to_dead = KERNEL_DEATH_LOOK
        if self.preload:
            self.config.MappingKernelManager.kernel_manager_class = (
                f"{ForkingKernelManager.__module__}.{ForkingKernelManager.__name__}")
        settings = super().init_settings()
        cap = self.kernel_cap()  # the kernel manager and its pools exist from here on
        self.kernel_manager.setup_lifecycle(
            max_kernels=cap,
            max_kernels_per_client=self.max_kernels_per_client,
            max_kernels_per_address=self.max_kernels_per_address,
            grace=self.kernel_grace,
            look_every=self.kernel_look_every,
        )
        self.log.info("Kernel cap %s (%s pre-heated included), %s per browser, %s per address; "
                      "unattended kernels end after %.0f s", cap,
                      self.kernel_manager.pool_capacity(), self.max_kernels_per_client or "no cap",
                      self.max_kernels_per_address or "no cap", self.kernel_grace)
        settings["kamp_course"] = CoursePages(self.root_dir, self.course_folders)
        settings["kamp_trusted_proxies"] = tuple(self.trusted_proxies)
        # tornado.web.Application(**settings) takes `transforms` from here: our headers on
        # every response, then what tornado would have used itself.
        settings["transforms"] = [SecurityHeaders] + (
            [GZipContentEncoding] if settings.get("compress_response") else [])
        settings["xsrf_cookies"] = True  # every state change carries the page's token
        settings["websocket_ping_interval"] = SOCKET_PING_EVERY
        settings["websocket_ping_timeout"] = SOCKET_PING_TIMEOUT
        return settings

    def init_handlers(self) -> list:
        """Voilà's handlers, ours in place of its page, listing and file handlers, and every
        HTML error (an unknown asset too) shown as one of the server's own pages."""
        replaced = {
            TornadoVoilaHandler: CoursePageHandler, AllowListFileHandler: CourseFileHandler,
            TemplateStaticFileHandler: TemplateFileHandler, KernelHandler: OwnKernelHandler,
            VoilaKernelWebsocketHandler: OwnKernelSocket,
            VoilaShutdownKernelHandler: OwnKernelShutdownHandler,
            RequestInfoSocketHandler: KernelQuerySocket,
        }
        # no listing, no contents API, and no login or logout: the course has no accounts
        dropped = (TornadoVoilaTreeHandler, VoilaContentsHandler, LoginFormHandler,
                   LogoutHandler)
        handlers = []
        for pattern, handler, *rest in super().init_handlers():
            if isinstance(handler, type) and issubclass(handler, dropped):
                continue
            handlers.append((pattern, replaced.get(handler) or with_server_pages(handler), *rest))
        target = url_path_join(self.server_url, "voila/render", self.welcome)
        ours = [
            (self.server_url, RedirectHandler, {"url": target, "permanent": False}),
            (url_path_join(self.server_url, r"/voila/kamp/alive/([-0-9a-f]{36})"),
             PageThereHandler),
        ]
        return ours + handlers + [(r".*", NotFoundHandler)]

    def start(self) -> None:
        nursery = ForkServer(list(self.preload), log=self.log) if self.preload else None
        if nursery is not None:
            nursery.start()
            ForkProvisioner.nursery = nursery
        try:
            super().start()
        finally:
            ForkProvisioner.nursery = None
            if nursery is not None:
                nursery.stop()

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self.kernel_manager.stop_lifecycle()
        super().stop()


def install() -> None:
    """Point Voilà at our executor, exporter, kernel manager and template (before the app
    starts)."""
    notebook_renderer.VoilaExecutor = LearnerExecutor
    notebook_renderer.VoilaExporter = CourseExporter
    if not getattr(voila_app.voila_kernel_manager_factory, "kamp", False):
        factory = course_kernel_manager_factory(voila_app.voila_kernel_manager_factory)
        factory.kamp = True  # type: ignore[attr-defined]
        voila_app.voila_kernel_manager_factory = factory
    paths = os.environ.get("JUPYTER_PATH", "").split(os.pathsep)
    if str(SHARE) not in paths:
        os.environ["JUPYTER_PATH"] = os.pathsep.join([str(SHARE), *filter(None, paths)])


def main(argv: list[str] | None = None) -> None:
    install()
    CourseApp.launch_instance(argv)
