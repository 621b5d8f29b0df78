"""Pieces a reader can hold in mind: no function in ``explorer/`` is over 80 lines, no module over 700, and no
module of the UI (``explorer/ui``, ``explorer/app_pages``) over 600 (the game model issue's limit; two UI modules
grew past it once, unnoticed).

A function's length runs from its ``def`` to its last line (its docstring included, its decorators not); a nested
function counts on its own and inside the one that holds it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "explorer"
FUNCTION_LIMIT = 80
MODULE_LIMIT = 700
UI_LIMIT = 600
UI_FOLDERS = ("explorer/ui", "explorer/app_pages")

MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _limit(path: Path) -> int:
    return UI_LIMIT if _rel(path).startswith(UI_FOLDERS) else MODULE_LIMIT


def long_functions(path: Path) -> dict[str, int]:
    """``path:name`` → lines, for each function (or method) of the module over :data:`FUNCTION_LIMIT` (``path``
    relative to the repository when the module is in it)."""
    where = _rel(path) if path.is_relative_to(ROOT) else path.name
    out: dict[str, int] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines = node.end_lineno - node.lineno + 1
            if lines > FUNCTION_LIMIT:
                out[f"{where}:{node.name}"] = lines
    return out


def module_lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_package_has_its_modules_and_the_ui_folders_theirs():
    assert len(MODULES) > 100
    assert sum(_rel(p).startswith(UI_FOLDERS) for p in MODULES) > 20


@pytest.mark.parametrize("path", MODULES, ids=_rel)
def test_a_module_and_its_functions_are_short_enough_to_read(path):
    too_long = long_functions(path)
    assert not too_long, f"functions over {FUNCTION_LIMIT} lines: {too_long}: split the decision from its sentences"
    lines = module_lines(path)
    assert lines <= _limit(path), f"{_rel(path)} has {lines} lines (at most {_limit(path)}): split it by job"


def test_the_counts_are_what_a_reader_sees(tmp_path):
    """A planted long function and module are found, decorators aside and nested functions counted."""
    body = "\n".join(f"    x{i} = {i}" for i in range(FUNCTION_LIMIT))
    src = tmp_path / "m.py"
    src.write_text(f"@staticmethod\ndef long():\n{body}\n\n\ndef short():\n    def inner():\n        pass\n",
                   encoding="utf-8")
    found = {name.rpartition(":")[2]: n for name, n in long_functions(src).items()}
    assert found == {"long": FUNCTION_LIMIT + 1}
    assert module_lines(src) == FUNCTION_LIMIT + 7
