"""The control that lets an exploration play more games: a button, a progress bar, live results.

The page opens at once; the first games are played in the background while the progress bar
fills, and every view of the results (a table, a chart) is drawn again when a batch is done.
"More games" plays the next games of the same run, so the numbers only get surer.  The games
are jobs of :mod:`kamplib.site.background`: a thread at the lowest CPU priority in the Voilà
app, a Web Worker with a Python of its own in the browser edition, so the page's Python is free
for the learner all the while.  The browser's Python runs at about half of CPython's speed on
one core of a learner's device, so there a batch is a fifth as many games
(:data:`BROWSER_SHARE`); the button plays as many again.

A page starts the first batch with :meth:`MoreGames.start` in its last cell before the
navigation.  Voilà connects a page to its kernel before it has made the page's widgets, and a
widget update that arrives in between is lost: a first batch that ended then left the page
showing "playing …" and no results, though the kernel had them (seen on the tactics page, whose
hard bots make the page slow to draw).  So in the app the first batch's widgets send their final
state again a few times (:data:`RESEND_AFTER`); an update to a page that has its widgets changes
nothing.  :meth:`MoreGames.later` runs one more job once the first batch is in (the tactics
page's small tournament), and redraws the views when its result arrives.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from html import escape
from typing import Any

import ipywidgets as widgets

from kamplib.draw.display import MUTED
from kamplib.i18n import register, t
from kamplib.site import background
from kamplib.teach.explore import Experiment
from kamplib.widgets.base import Messages, button_row, guarded, html_box, stock_button

__all__ = ["MoreGames", "Later", "RESEND_AFTER", "BROWSER_SHARE"]

# Seconds after the first background batch at which its widgets send their state again (see
# above; the Voilà app only).
RESEND_AFTER = (2.0, 5.0, 10.0, 20.0, 40.0)
# In the browser edition a batch is this share of the app's (see above).
BROWSER_SHARE = 5
IN_BROWSER = sys.platform == "emscripten"

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
    "more_failed": {
        "nb": "Datamaskinen fikk ikke spilt spillene. Last inn siden på nytt for å prøve igjen.",
        "en": "The computer could not play the games. Reload the page to try again."},
})


@dataclass
class Later:
    """A job run once the first batch is in; ``result`` is None until it is done."""

    name: str
    args: Sequence[Any]
    kwargs: dict[str, Any]
    result: Any = None


class MoreGames(widgets.VBox):
    """Plays an :class:`~kamplib.teach.explore.Experiment` in batches of ``step`` games.

    ``view(render)`` gives an area that shows ``render(experiment)`` after every batch (a
    render that returns None shows the waiting sentence); :meth:`start` plays the first batch
    in the background, the button every next one.
    """

    def __init__(self, experiment: Experiment, step: int = 200, lang: str = "nb") -> None:
        super().__init__()
        self.add_class("kamp-more-games")
        self.experiment = experiment
        self.step = max(10, step // BROWSER_SHARE) if IN_BROWSER else step
        self.lang = lang
        self.messages = Messages(lang)
        self.views: list[tuple[widgets.HTML, Callable[[Experiment], Any]]] = []
        self.laters: list[Later] = []
        self.button = stock_button(t("more_games", lang, count=self.step), "kamp-more",
                                   on_click=self._on_more)
        self.bar = widgets.IntProgress(value=0, min=0, max=1,
                                       layout=widgets.Layout(width="16em"))
        self.bar.add_class("kamp-progress")
        self.status = html_box("kamp-more-status")
        self.children = [button_row([self.button, self.bar]), self.status,
                         self.messages.widget]
        self._lock = threading.Lock()
        self._jobs: background.Jobs | None = None
        self._left = 0  # jobs of the batch now playing
        self._idle = threading.Event()
        self._idle.set()
        self._batches = 0
        self._asked = False  # a batch was asked for: the results are on their way
        self._say()

    def view(self, render: Callable[[Experiment], Any]) -> widgets.HTML:
        """An area showing ``render(experiment)`` (what it returns, or each item of a list, as
        HTML), drawn again after every batch.  A plain HTML widget, not an Output area, so the
        browser edition's page script draws it with the stock controls."""
        out = html_box("kamp-more-view")
        self.views.append((out, render))
        self._draw(out, render)
        return out

    def later(self, name: str, *args: Any, **kwargs: Any) -> Later:
        """Job ``name`` (:data:`~kamplib.site.background.JOBS`), run once the first batch is
        in; the views are drawn again when its result arrives."""
        job = Later(name, args, kwargs)
        self.laters.append(job)
        return job

    def start(self) -> None:
        """Play a batch in the background (a page calls this in its last cell before the
        navigation, see the module's note).  What the page shows at once — the progress bar at
        zero, "playing …" — is set here, by the cell itself."""
        if not self._idle.is_set():
            return
        self._play()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the batch and the later jobs are done (tests); False on timeout."""
        return self._idle.wait(timeout)

    def close(self) -> None:
        """Stop the games with the widget (a page left: its worker or thread ends)."""
        if self._jobs is not None:
            self._jobs.close()
            self._jobs = None
        super().close()

    # -- running -----------------------------------------------------------------------------
    def _play(self) -> None:
        """Begin a batch: the page says so at once, the jobs go to the background."""
        if not self._asked:  # "press the button" becomes "the results are coming"
            self._asked = True
            for out, render in self.views:
                self._draw(out, render)
        tasks = self.experiment.tasks(self.step)
        self.button.disabled = True
        self.bar.max = self.step * len(self.experiment.variants)
        self.bar.value = 0
        self.status.value = escape(t("more_running", self.lang, count=self.step))
        self._idle.clear()
        self._left = len(tasks)
        jobs = self._runner()
        for variant, name, args in tasks:
            jobs.submit(name, args, None, partial(self._played, variant, args[2] - args[1]),
                        self._failed)

    def _runner(self) -> background.Jobs:
        if self._jobs is None:
            self._jobs = background.jobs()
        return self._jobs

    def _played(self, variant: int, games: int, rows: Any) -> None:
        with self._lock:
            self.experiment.add(variant, rows)
            self.bar.value = min(self.bar.max, self.bar.value + games)
            self._left -= 1
            if self._left:
                return
        self._batch_done()

    @guarded
    def _batch_done(self) -> None:
        self._batches += 1
        self.button.disabled = False
        self._say()
        self._draw_all()
        if self._batches == 1 and self.laters:
            self._left = len(self.laters)
            for job in self.laters:
                self._runner().submit(job.name, job.args, job.kwargs,
                                      partial(self._later_done, job), self._failed)
        else:
            self._finished()

    def _later_done(self, job: Later, result: Any) -> None:
        job.result = result
        with self._lock:
            self._left -= 1
            if self._left:
                return
        self._draw_all()
        self._finished()

    def _finished(self) -> None:
        if self._batches == 1 and isinstance(self._jobs, background.ThreadJobs):
            for delay in RESEND_AFTER:
                timer = threading.Timer(delay, self._resend)
                timer.daemon = True
                timer.start()
        self._idle.set()

    def _failed(self, reason: str) -> None:
        """A job failed: the learner is told plainly; the reason is for the developer."""
        print(f"kamp: background games failed: {reason}", file=sys.stderr)
        with self._lock:
            self._left = 0
        self.button.disabled = False
        self.messages.error(t("more_failed", self.lang))
        self._idle.set()

    def _resend(self) -> None:
        for widget in (self.status, self.bar, self.button, *(out for out, _ in self.views)):
            widget.send_state()

    @guarded
    def _on_more(self, _button: widgets.Button) -> None:
        if self._idle.is_set():
            self._play()

    # -- drawing -----------------------------------------------------------------------------
    def _say(self) -> None:
        games = self.experiment.games
        played = "more_played" if len(self.experiment.variants) > 1 else "more_played_one"
        self.status.value = escape(t(played, self.lang, games=games) if games
                                   else t(self._waiting_text(), self.lang))

    def _waiting_text(self) -> str:
        return "more_waiting" if self._asked else "more_press"

    def _draw_all(self) -> None:
        for out, render in self.views:
            self._draw(out, render)

    def _draw(self, out: widgets.HTML, render: Callable[[Experiment], Any]) -> None:
        shown = render(self.experiment) if self.experiment.games else None
        if shown is None:
            out.value = (f"<p class='kamp-waiting' style='{MUTED}'>"
                         f"{escape(t(self._waiting_text(), self.lang))}</p>")
            return
        items = shown if isinstance(shown, (list, tuple)) else (shown,)
        out.value = "".join(item._repr_html_() for item in items)
