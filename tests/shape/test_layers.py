"""The layers of explorer/ARCHITECTURE.md, held by the import graph: the engine at the bottom, the pages at
the top, no arrow up and no cycle."""

from __future__ import annotations

import pytest

from tests.shape.imports import cycles, graph, modules, third_party

LAYERS = (
    ("explorer.engine", ("explorer.engine",)),
    ("explorer.content", ("explorer.engine", "explorer.content")),
    ("explorer.classroom", ("explorer.engine", "explorer.content", "explorer.classroom")),
    ("explorer.view", ("explorer.engine", "explorer.content", "explorer.view")),
    ("explorer.ui", ("explorer.engine", "explorer.content", "explorer.classroom", "explorer.view", "explorer.ui")),
    ("explorer.app_pages", ("explorer.engine", "explorer.content", "explorer.classroom", "explorer.view",
                            "explorer.ui")),
)
"""Each layer and the layers it may import (a page imports no other page)."""

NO_UI_LIBRARY = {"explorer.engine": ("streamlit", "plotly", "pandas"), "explorer.content": ("streamlit", "plotly", "pandas"),
                 "explorer.classroom": ("streamlit", "plotly", "pandas"), "explorer.view": ("streamlit",)}
"""The libraries a layer never imports: the engine, the content and the classroom's service know no UI; the view
draws without Streamlit."""


MIGRATIONS = "explorer.classroom.migrations"
"""Alembic's scripts: run by Alembic inside a migration (``alembic.context``), never imported on their own."""


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


@pytest.mark.parametrize("layer,allowed", LAYERS, ids=[layer for layer, _ in LAYERS])
def test_a_layer_imports_only_the_layers_below_it(layer, allowed):
    wrong = [f"{m} imports {t} (line {line})" for m, targets in graph().items() if _in(m, layer)
             for t, line in targets.items() if not any(_in(t, a) for a in allowed)]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("layer", list(NO_UI_LIBRARY))
def test_the_engine_content_classroom_and_view_import_no_ui_library_they_must_not(layer):
    banned = NO_UI_LIBRARY[layer]
    wrong = [f"{m} imports {lib}" for m in modules() if _in(m, layer) for lib in third_party(m) if lib in banned]
    assert not wrong, "\n".join(wrong)


def test_the_import_graph_has_no_cycle():
    assert cycles() == []


def test_the_graph_sees_every_module_and_a_planted_cycle_would_show(monkeypatch):
    """The checks above can fail: the graph knows the engine's modules, and a cycle put into it is found."""
    g = graph()
    assert "explorer.engine.core.cards" in g and "explorer.app" in g
    planted = {**g, "explorer.engine.core.cards": {**g["explorer.engine.core.cards"], "explorer.view.words": 1},
               "explorer.view.words": {**g["explorer.view.words"], "explorer.engine.core.cards": 1}}
    import tests.shape.imports as imports
    monkeypatch.setattr(imports, "graph", lambda: planted)
    assert any({"explorer.engine.core.cards", "explorer.view.words"} <= set(c) for c in imports.cycles())


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
    import json
    import subprocess
    import sys

    order = ["explorer.engine", "explorer.content", "explorer.classroom", "explorer.view"]
    names = {layer: sorted(m for m in modules() if _in(m, layer) and not _in(m, MIGRATIONS)) for layer in order}
    out = subprocess.run([sys.executable, "-c", _IMPORT_ALL % (order, names)], capture_output=True, text=True,
                         check=True)
    loaded = json.loads(out.stdout)
    assert loaded["explorer.engine"] == [] and loaded["explorer.content"] == [] and loaded["explorer.classroom"] == []
    assert "streamlit" not in loaded["explorer.view"]
