"""The UI layer stays in pieces a reader can hold: no module of ``explorer/ui`` or ``explorer/app_pages``
is over 600 lines (the game model issue's limit; two modules grew past it once, unnoticed)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "explorer"
LIMIT = 600
MODULES = sorted(p for folder in ("ui", "app_pages") for p in (ROOT / folder).rglob("*.py"))


def test_the_ui_folders_hold_modules():
    assert len(MODULES) > 20


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_ui_module_is_at_most_600_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= LIMIT, f"{path.relative_to(ROOT)} has {lines} lines: split it by job"
