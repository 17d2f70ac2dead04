"""The examples in the engine's docstrings run as written (doctest), and every public function
of the engine shows one: the examples are the engine's shortest documentation."""

from __future__ import annotations

import doctest
import importlib
import inspect

import pytest
from test_layers import ENGINE

# Every engine module shows an example of each public function (the round interface included).
NO_EXAMPLES_YET: set[str] = set()


@pytest.mark.parametrize("name", sorted(ENGINE))
def test_the_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


@pytest.mark.parametrize("name", sorted(ENGINE - NO_EXAMPLES_YET))
def test_every_public_function_shows_an_example(name: str) -> None:
    module = importlib.import_module(name)
    missing = [n for n in getattr(module, "__all__", ())
               if inspect.isfunction(getattr(module, n, None))
               and getattr(module, n).__module__ == name
               and ">>>" not in (getattr(module, n).__doc__ or "")]
    assert missing == []
