"""Shared test helpers."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


def pytest_collection_modifyitems(config, items):
    """Tests marked ``slow`` (bigger seeded sweeps) run only when asked for: ``pytest -m slow``."""
    if "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="a bigger sweep: run it with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
