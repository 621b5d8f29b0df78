"""No import cycle anywhere in the explorer: an import hidden in a function to break one is still found."""

from __future__ import annotations

from pathlib import Path

from tests.shape.imports import PACKAGE, ROOT, cycles, import_graph

ENGINE = PACKAGE / "engine"


def test_the_explorer_has_no_import_cycle():
    found = cycles(import_graph(ROOT, PACKAGE))
    assert not found, "import cycles in explorer/:\n" + "\n".join(" → ".join(c) for c in found)


def test_the_graph_holds_the_engine_and_its_layers():
    graph = import_graph(ROOT, ENGINE)
    assert len(graph) > 40
    assert "explorer.engine.core.i18n" in graph["explorer.engine.core.cards"]
    assert "explorer.engine.core.cards" not in graph["explorer.engine.core.i18n"]      # messages know no cards
    assert "explorer.engine.core.errors" not in graph["explorer.engine.core.i18n"]
    for name, targets in graph.items():                                                # core imports only core
        if name.startswith("explorer.engine.core."):
            assert all(t.startswith("explorer.engine.core") for t in targets), (name, targets)


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path / "pkg"


def test_a_cycle_hidden_in_a_function_is_found_and_named(tmp_path):
    package = _tree(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from pkg.b import x\n",
        "pkg/b.py": "def f():\n    from pkg import a\n    return a\n",
        "pkg/c.py": "from . import a\n",
    })
    graph = import_graph(tmp_path, package)
    assert graph["pkg.b"] == {"pkg.a"} and graph["pkg.c"] == {"pkg.a"}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.a"]]


def test_an_import_runs_the_packages_above_its_module_but_not_the_importers_own(tmp_path):
    package = _tree(tmp_path, {
        "pkg/__init__.py": "from pkg.sub.one import x\n",
        "pkg/sub/__init__.py": "from .one import x\n",
        "pkg/sub/one.py": "from pkg.sub.two import y\n",
        "pkg/sub/two.py": "import pkg.other\n",
        "pkg/other.py": "from pkg.sub import one\n",
    })
    graph = import_graph(tmp_path, package)
    assert graph["pkg.sub.one"] == {"pkg.sub.two"}                 # pkg and pkg.sub hold it: no arrow to them
    assert graph["pkg.other"] == {"pkg.sub", "pkg.sub.one"}
    assert cycles(graph) == [["pkg.other", "pkg.sub.one", "pkg.sub.two", "pkg.other"]]          # the shortest
