"""The learner's memory kept in the learner's browser: what a table or a sheet needs to come back.

A table (or a score sheet) holds a :class:`Memory`: a hidden text widget whose value is what the
learner did, in the forms the engine already trusts — a round or game as its ``kamp/1`` record
(replayed through the engine when it comes back, so it can never be a state the rules forbid),
a sheet as what was typed.  The widget's value lives in the browser's copy of the widget too,
so when the kernel or the server goes away the page still holds it: the page's script
(app/share/voila/templates/kamp/static/kamp-page.js) keeps it in the browser's ``localStorage``
(nothing is sent anywhere), and when the learner tries again the new page's script writes it back
into the same slot; the table then replays it.  A page that cannot store works as before.

What travels, one JSON object in the widget's value (schema ``kamp-memory/1``)::

    {"schema": "kamp-memory/1", "kind": "record" | "sheet", "data": ...}    (kernel → browser)
    {"schema": "kamp-memory/1", "restore": {... the object above ...}}     (browser → kernel)

The slot is the table's place on its page (``kamp-memory-slot-N``, counted in the order the
tables are made), so a page with two tables gives each its own back.  The browser edition
(site/) draws the same widgets; its page script needs the same few lines to keep and give back
the value (issue 26 builds a round that survives a reload on this schema).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from kamplib.widgets.base import Looks

__all__ = ["SCHEMA", "Memory"]

SCHEMA = "kamp-memory/1"
MAX_MEMORY_CHARS = 2_000_000  # a whole Sjukamp record is about 30 kB; anything bigger is not ours
_SLOTS = itertools.count()


class Memory:
    """One table's memory: :meth:`keep` what it is now; ``on_restore`` gets what comes back."""

    def __init__(self, kind: str, on_restore: Callable[[Any], None],
                 looks: Looks | None = None) -> None:
        self.kind = kind
        self.slot = next(_SLOTS)
        self._on_restore = on_restore
        self._kept = ""
        self.widget = widgets.Text(value="", continuous_update=True,
                                   **(looks or Looks()).of(widgets.Text, display="none"))
        self.widget.add_class("kamp-memory")
        self.widget.add_class(f"kamp-memory-slot-{self.slot}")
        self.widget.observe(self._on_value, names="value")

    def keep(self, data: Any) -> None:
        """What the table is now (a record's text, a sheet's cells): the browser holds it."""
        self._kept = json.dumps({"schema": SCHEMA, "kind": self.kind, "data": data},
                                ensure_ascii=False, separators=(",", ":"))
        self.widget.value = self._kept

    def _on_value(self, change: dict[str, Any]) -> None:
        value = change.get("new")
        if value == self._kept or not isinstance(value, str) or len(value) > MAX_MEMORY_CHARS:
            return
        data = self.restored(value)
        self.widget.value = self._kept  # the browser's copy is the table's again
        if data is not None:
            self._on_restore(data)

    def restored(self, value: str) -> Any:
        """The data of a restore request for this table's kind, or None (not one, broken, or
        another kind's)."""
        try:
            message = json.loads(value)
            kept = message["restore"]
            if message.get("schema") == SCHEMA and kept.get("schema") == SCHEMA \
                    and kept.get("kind") == self.kind:
                return kept["data"]
        except (ValueError, TypeError, KeyError, AttributeError):
            pass
        return None
