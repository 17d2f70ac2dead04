"""Each test of the page's choices is a page of its own (an app page has its own kernel)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kamplib.teach import choices as choices_module


@pytest.fixture(autouse=True)
def fresh_page() -> Iterator[None]:
    """No choices and no listeners left over from another test."""
    saved = dict(choices_module._state)
    choices_module._state.update(current=None, listeners=[])
    yield
    choices_module._state.clear()
    choices_module._state.update(saved)
