"""Serve the Femkamp course with Voilà, the way `make app` and the browser tests start it.

Plain `voila DIR` opens on a file listing.  A learner should land on the welcome step and move
only through the course's own links (next/previous and the contents list), so this launcher is
Voilà itself plus three small things:

- the root URL and every `/voila/tree...` URL redirect to the welcome step, so no file listing
  is ever shown;
- a cell that fails while a page is built shows one short Norwegian sentence instead of Voilà's
  English hint about `--show_tracebacks` (the traceback itself is stripped by Voilà already);
- configuration is read from the repository's `voila.json` whatever the working directory.

Every other option is Voilà's own and can be given on the command line as usual, e.g.
`python app/serve.py --port=9000` or `--VoilaConfiguration.preheat_kernel=False`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from jupyter_server.base.handlers import path_regex
from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from traitlets import Unicode, default
from voila import notebook_renderer
from voila.app import Voila
from voila.execute import VoilaExecutor

REPO = Path(__file__).resolve().parent.parent
WELCOME = "tutorial/00-velkommen.ipynb"

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


class CourseApp(Voila):
    """Voilà serving the repository, with the course's welcome step as its front door."""

    name = "kamp-app"
    description = "Serve the kamp course with Voilà, opening at the welcome step."

    welcome = Unicode(
        WELCOME,
        config=True,
        help="Notebook (relative to the served folder) that the root URL opens.",
    )

    @default("config_file_paths")
    def _config_file_paths_default(self) -> list[str]:
        return [str(REPO)]

    @default("root_dir")
    def _default_root_dir(self) -> str:
        return str(REPO)

    def init_handlers(self) -> list:
        """Put the welcome redirects in front of Voilà's tree pages (tornado: first match wins)."""
        target = url_path_join(self.server_url, "voila/render", self.welcome)
        to_welcome = {"url": target, "permanent": False}
        front_door = [
            (self.server_url, RedirectHandler, to_welcome),
            (url_path_join(self.server_url, r"/voila/tree/?"), RedirectHandler, to_welcome),
            (url_path_join(self.server_url, r"/voila/tree" + path_regex), RedirectHandler,
             to_welcome),
        ]
        return front_door + super().init_handlers()


def main(argv: list[str] | None = None) -> None:
    """Start the course server (blocks until stopped)."""
    # Voilà builds its executor by name inside the renderer; hand it ours.
    notebook_renderer.VoilaExecutor = LearnerExecutor
    CourseApp.launch_instance(argv if argv is not None else sys.argv[1:])


if __name__ == "__main__":
    main()
