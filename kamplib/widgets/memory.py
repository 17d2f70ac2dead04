"""The learner's memory kept in the learner's browser: what a table, a sheet or a drill needs to
come back.

A table (or a score sheet, or a drill) holds a :class:`Memory`: a hidden text widget whose value
is what the learner did, in the forms the engine already trusts — a round or game as its
``kamp/1`` record (replayed through the engine when it comes back, so it can never be a state
the rules forbid), a sheet as typed, a drill's item and answer.  The widget's value lives in the
browser's copy of the widget too; the shared page script
(``app/share/voila/templates/kamp/static/kamp-memory.js``, in both editions) keeps it in the
browser's ``localStorage`` on every change, under the page and the slot
(:func:`kamplib.teach.store.page_key`; nothing is sent anywhere), and when the page is opened
again — a reload, Back, a tab closed and opened again, «Prøv igjen» after a lost kernel — writes
it back into the same slot; the widget then replays it.  A page that cannot store works as
before.

What travels, one JSON object in the widget's value (schema ``kamp-memory/2``)::

    {"schema": "kamp-memory/2", "kind": "table", "key": ..., "data": ...}   (kernel → browser)
    {"schema": "kamp-memory/2", "restore": {... the object above ...}}     (browser → kernel)

The slot is the widget's place on its page by kind (``kamp-memory-slot-table-0``,
``…-sheet-0``, ``…-drill-1``, counted in the order the page makes them), so a page with two
tables gives each its own back.  ``key`` says which table it was made as (its game, house
rules, seats, level): a page whose table has changed since (other house rules in the address)
starts afresh instead of showing a round of another table.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from kamplib.teach.store import PAGE_SCHEMA
from kamplib.widgets.base import Looks, bring_into_view

__all__ = ["SCHEMA", "Memory", "new_page"]

SCHEMA = PAGE_SCHEMA
MAX_MEMORY_CHARS = 2_000_000  # a whole Sjukamp record is about 30 kB; anything bigger is not ours
_SLOTS: Counter[str] = Counter()
_SHOWN: list[bool] = [False]  # a widget of the page has been brought back into view


def new_page() -> None:
    """Count slots from the start again (a page that runs in a Python that ran another page
    before it)."""
    _SLOTS.clear()
    _SHOWN[0] = False


class Memory:
    """One widget's memory: :meth:`keep` what it is now; ``on_restore`` gets what comes back."""

    def __init__(self, kind: str, on_restore: Callable[[Any], None],
                 looks: Looks | None = None, key: Any = None) -> None:
        self.kind = kind
        self.key = key
        self.slot = f"{kind}-{_SLOTS[kind]}"
        _SLOTS[kind] += 1
        self._on_restore = on_restore
        self._kept = ""
        self._data: Any = None
        self.widget = widgets.Text(value="", continuous_update=True,
                                   **(looks or Looks()).of(widgets.Text, display="none"))
        self.widget.add_class("kamp-memory")
        self.widget.add_class(f"kamp-memory-slot-{self.slot}")
        self.widget.observe(self._on_value, names="value")

    def keep(self, data: Any) -> None:
        """What the widget is now (a record's text, a sheet's cells): the browser keeps it."""
        self._data = data
        self._kept = json.dumps({"schema": SCHEMA, "kind": self.kind, "key": self.key,
                                 "data": data}, ensure_ascii=False, separators=(",", ":"))
        self.widget.value = self._kept

    def _on_value(self, change: dict[str, Any]) -> None:
        value = change.get("new")
        if value == self._kept or not isinstance(value, str):
            return
        data = self.restored(value)
        if data is not None and _canonical(data) != _canonical(self._data):
            self._on_restore(data)  # keeps the restored state (or refuses it)
        # the browser's copy is the widget's again.  Written once, after the restore: a state
        # written before it (the fresh one) could be kept by the browser if the page were left
        # at that moment, and the learner's own would be lost
        if self.widget.value != self._kept:
            self.widget.value = self._kept

    def shown_again(self, widget: widgets.DOMWidget) -> None:
        """The owner took back what the browser kept (a round, a sheet): after a reload the
        page brings ``widget`` into view, the first of the page only (walk W13: the learner
        was left at the page's top, or two screens below the round)."""
        if not _SHOWN[0]:
            _SHOWN[0] = True
            bring_into_view(widget, reloaded_only=True)

    def restored(self, value: str) -> Any:
        """The data of a restore request for this widget (its kind and key), or None (not
        one, broken, too big, or another widget's)."""
        if len(value) > MAX_MEMORY_CHARS:
            return None
        try:
            message = json.loads(value)
            kept = message["restore"]
            if message.get("schema") == SCHEMA and kept.get("schema") == SCHEMA \
                    and kept.get("kind") == self.kind \
                    and _canonical(kept.get("key")) == _canonical(self.key):
                return kept["data"]
        except (ValueError, TypeError, KeyError, AttributeError):
            pass
        return None


def _canonical(value: Any) -> str:
    """A value as JSON with sorted keys: what came back through the browser compares equal to
    what was kept (tuples become lists there)."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
