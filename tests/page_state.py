"""Each test of the page's choices is a page of its own (an app page has its own kernel)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kamplib.teach import choices as choices_module
from kamplib.teach import progress, store


@pytest.fixture(autouse=True)
def fresh_page() -> Iterator[None]:
    """No choices, no learner data, no open page and no listeners left over from another
    test."""
    saved = dict(choices_module._state)
    choices_module._state.update(current=None, listeners=[])
    learner, listeners, page = store._learner, list(store._listeners), list(progress._page)
    known = store._known
    store._learner, store._listeners[:], progress._page[:] = None, [], []
    store._known = False  # the browser has not answered yet
    store._browser_spelling.clear()
    yield
    choices_module._state.clear()
    choices_module._state.update(saved)
    store._learner, store._listeners[:], progress._page[:] = learner, listeners, page
    store._known = known
