"""The layers of explorer/ARCHITECTURE.md, held by the import graph: the engine at the bottom, the pages at the
top, no arrow up, and no UI library below the ui layer."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.shape.imports import PACKAGE, ROOT, import_graph, module_name, third_party

LAYERS = (
    ("explorer.engine", ("explorer.engine",)),
    ("explorer.content", ("explorer.engine", "explorer.content")),
    ("explorer.classroom", ("explorer.engine", "explorer.content", "explorer.classroom")),
    ("explorer.view", ("explorer.engine", "explorer.content", "explorer.view")),
    ("explorer.ui", ("explorer.engine", "explorer.content", "explorer.classroom", "explorer.view", "explorer.ui")),
    ("explorer.app_pages", ("explorer.engine", "explorer.content", "explorer.classroom", "explorer.view",
                            "explorer.ui")),
)
"""Each layer and the layers it may import (a page imports no other page; ``explorer`` itself, the package, is
imported by every module's name and says nothing)."""

NO_UI_LIBRARY = {"explorer.engine": ("streamlit", "plotly", "pandas"), "explorer.content": ("streamlit", "plotly", "pandas"),
                 "explorer.classroom": ("streamlit", "plotly", "pandas"), "explorer.view": ("streamlit",)}
"""The libraries a layer never imports: the engine, the content and the classroom's service know no UI; the view
draws without Streamlit."""


MIGRATIONS = "explorer.classroom.migrations"
"""Alembic's scripts: run by Alembic inside a migration (``alembic.context``), never imported on their own."""


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _modules() -> dict[str, object]:
    return {module_name(p, ROOT): p for p in sorted(PACKAGE.rglob("*.py")) if "__pycache__" not in p.parts}


def _breaches(graph: dict[str, set[str]], layer: str, allowed: tuple[str, ...]) -> list[str]:
    return [f"{m} imports {t}" for m, targets in graph.items() if _in(m, layer)
            for t in sorted(targets) if t != "explorer" and not any(_in(t, a) for a in allowed)]


@pytest.mark.parametrize("layer,allowed", LAYERS, ids=[layer for layer, _ in LAYERS])
def test_a_layer_imports_only_the_layers_below_it(layer, allowed):
    wrong = _breaches(import_graph(ROOT, PACKAGE), layer, allowed)
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("layer", list(NO_UI_LIBRARY))
def test_the_engine_content_classroom_and_view_import_no_ui_library_they_must_not(layer):
    banned = NO_UI_LIBRARY[layer]
    wrong = [f"{m} imports {lib}" for m, path in _modules().items() if _in(m, layer)
             for lib in sorted(third_party(path)) if lib in banned]
    assert not wrong, "\n".join(wrong)


def test_a_layer_breach_would_be_seen():
    """The check can fail: an arrow from the engine up into the view, planted in the graph, is named."""
    real = import_graph(ROOT, PACKAGE)
    planted = {**real, "explorer.engine.core.cards": {*real["explorer.engine.core.cards"], "explorer.view.words"}}
    assert _breaches(planted, "explorer.engine", ("explorer.engine",)) == [
        "explorer.engine.core.cards imports explorer.view.words"]


_IMPORT_ALL = """
import importlib, json, sys
loaded = {}
for layer in %r:
    for name in %r[layer]:
        importlib.import_module(name)
    loaded[layer] = sorted(m for m in ("streamlit", "plotly", "pandas") if m in sys.modules)
print(json.dumps(loaded))
"""


def test_importing_every_module_of_the_engine_content_and_view_loads_no_ui_library_they_must_not():
    """The same, as Python sees it: a fresh interpreter imports the engine's modules, then the content's, then
    the view's (every module found by walking the folders), and says which UI libraries were loaded by then."""
    order = ["explorer.engine", "explorer.content", "explorer.classroom", "explorer.view"]
    names = {layer: sorted(m for m in _modules() if _in(m, layer) and not _in(m, MIGRATIONS)) for layer in order}
    out = subprocess.run([sys.executable, "-c", _IMPORT_ALL % (order, names)], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    loaded = json.loads(out.stdout)
    assert loaded["explorer.engine"] == [] and loaded["explorer.content"] == [] and loaded["explorer.classroom"] == []
    assert "streamlit" not in loaded["explorer.view"]
