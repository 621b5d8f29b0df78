"""The examples in the docstrings (card notation) run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import explorer

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(explorer.__path__, "explorer.")
    if not m.name.startswith(("explorer.app_pages", "explorer.app", "explorer.__main__"))
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
