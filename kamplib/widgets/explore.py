"""The control that lets an exploration play more games: a button, a progress bar, live results.

The page opens at once; the first games are played in the background while the progress bar
fills, and every view of the results (a table, a chart) is drawn again when a batch is done.
"More games" plays the next games of the same run, so the numbers only get surer.

A page starts the first batch with :meth:`MoreGames.start` in its last cell before the
navigation.  Voilà connects a page to its kernel before it has made the page's widgets, and a
widget update that arrives in between is lost: a first batch that ended then left the page
showing "playing …" and no results, though the kernel had them (seen on the tactics page, whose
hard bots make the page slow to draw).  So a background batch sends its final state again a
few times (:data:`RESEND_AFTER`); an update to a page that has its widgets changes nothing.

The background games run at the machine's lowest CPU priority (:func:`lowest_priority`): the
house-rules page plays 2,000 games (about 12 s on one core) after it opens, and they compete
with the next page the learner opens and with every other learner's on the same server (a
Sekskamp page opened right after it: 1.85× the one-button page at normal priority, 1.39× at
the lowest, in two side-by-side probes of four repeats).
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from kamplib.draw.display import MUTED, Html
from kamplib.i18n import register, t
from kamplib.teach.explore import Experiment
from kamplib.widgets.base import Messages, button_row, guarded, html_box, stock_button

__all__ = ["MoreGames", "RESEND_AFTER", "lowest_priority"]

# Seconds after a background batch at which its widgets send their state again (see above).
RESEND_AFTER = (2.0, 5.0, 10.0, 20.0, 40.0)

register({
    "more_games": {"nb": "Spill {count} spill til", "en": "Play {count} more games"},
    "more_played": {"nb": "{games} spill med hver variant er spilt.",
                    "en": "{games} {games:game|games} played with each variant."},
    "more_played_one": {"nb": "Datamaskinen har spilt {games} spill.",
                        "en": "The computer has played {games} {games:game|games}."},
    "more_running": {"nb": "Datamaskinen spiller {count} spill til …",
                     "en": "The computer is playing {count} more games …"},
    "more_waiting": {"nb": "Resultatene kommer når de første spillene er ferdige.",
                     "en": "The results appear when the first games are done."},
    "more_press": {"nb": "Trykk på knappen, så spiller datamaskinen.",
                   "en": "Press the button, and the computer plays."},
})


def lowest_priority() -> None:
    """Give the calling thread the lowest CPU priority (nice 19), where the system allows it.

    On Linux a thread's nice value is its own (``setpriority`` on the thread's id); elsewhere
    (another system, Pyodide in the browser edition) the thread keeps its priority.
    """
    setpriority = getattr(os, "setpriority", None)
    if setpriority is None or not hasattr(threading, "get_native_id"):
        return
    with contextlib.suppress(OSError):
        setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)


class MoreGames(widgets.VBox):
    """Plays an :class:`~kamplib.teach.explore.Experiment` in batches of ``step`` games.

    ``view(render)`` gives an area that shows ``render(experiment)`` after every batch;
    :meth:`start` plays the first batch in the background, the button every next one.
    """

    def __init__(self, experiment: Experiment, step: int = 200, lang: str = "nb") -> None:
        super().__init__()
        self.add_class("kamp-more-games")
        self.experiment = experiment
        self.step = step
        self.lang = lang
        self.messages = Messages(lang)
        self.views: list[tuple[widgets.Output, Callable[[Experiment], Any]]] = []
        self.button = stock_button(t("more_games", lang, count=step), "kamp-more",
                                   on_click=self._on_more)
        self.bar = widgets.IntProgress(value=0, min=0, max=1,
                                       layout=widgets.Layout(width="16em"))
        self.bar.add_class("kamp-progress")
        self.status = html_box("kamp-more-status")
        self.children = [button_row([self.button, self.bar]), self.status,
                         self.messages.widget]
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._asked = False  # a batch was asked for: the results are on their way
        self._say()

    def view(self, render: Callable[[Experiment], Any]) -> widgets.Output:
        """An area showing ``render(experiment)``, drawn again after every batch."""
        out = widgets.Output()
        out.add_class("kamp-more-view")
        self.views.append((out, render))
        self._draw(out, render)
        return out

    def start(self) -> None:
        """Play a batch in the background (a page calls this in its last cell before the
        navigation, see the module's note).  What the page shows at once — the progress bar at
        zero, "playing …" — is set here, by the cell itself."""
        if self._thread is not None and self._thread.is_alive():
            return
        self._begin()
        self._thread = threading.Thread(target=self._guarded_play, daemon=True)
        self._thread.start()

    def wait(self) -> None:
        """Wait for a batch running in the background (tests)."""
        if self._thread is not None:
            self._thread.join()

    # -- running -----------------------------------------------------------------------------
    def run(self) -> None:
        """Play one more batch now, with the progress bar, then redraw every view."""
        self._begin()
        self._play()

    def _begin(self) -> None:
        if not self._asked:  # "press the button" becomes "the results are coming"
            self._asked = True
            for out, render in self.views:
                self._draw(out, render)
        self.button.disabled = True
        self.bar.max = self.step * len(self.experiment.variants)
        self.bar.value = 0
        self.status.value = escape(t("more_running", self.lang, count=self.step))

    def _play(self) -> None:
        with self._lock:
            try:
                self.experiment.run(self.step, progress=self._advance)
            finally:
                self.button.disabled = False
            self._say()
            for out, render in self.views:
                self._draw(out, render)

    def _advance(self, games: int) -> None:
        self.bar.value = min(self.bar.max, self.bar.value + games)

    @guarded
    def _guarded_play(self) -> None:
        lowest_priority()
        self._play()
        for delay in RESEND_AFTER:
            timer = threading.Timer(delay, self._resend)
            timer.daemon = True
            timer.start()

    def _resend(self) -> None:
        for widget in (self.status, self.bar, self.button, *(out for out, _ in self.views)):
            widget.send_state()

    @guarded
    def _on_more(self, _button: widgets.Button) -> None:
        self.run()

    # -- drawing -----------------------------------------------------------------------------
    def _say(self) -> None:
        games = self.experiment.games
        played = "more_played" if len(self.experiment.variants) > 1 else "more_played_one"
        self.status.value = escape(t(played, self.lang, games=games) if games
                                   else t(self._waiting_text(), self.lang))

    def _waiting_text(self) -> str:
        return "more_waiting" if self._asked else "more_press"

    def _draw(self, out: widgets.Output, render: Callable[[Experiment], Any]) -> None:
        out.outputs = ()
        if not self.experiment.games:
            out.append_display_data(Html(f"<p class='kamp-waiting' style='{MUTED}'>"
                                         f"{escape(t(self._waiting_text(), self.lang))}</p>"))
            return
        shown = render(self.experiment)
        for item in shown if isinstance(shown, (list, tuple)) else (shown,):
            out.append_display_data(item)
