"""The import graph of the explorer package, read from the source (every import, function-level ones too)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "explorer"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {module_name(p): p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}


def _imports(path: Path) -> list[tuple[str, list[str], int]]:
    """(module, names, line) for each import statement, relative ones resolved."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(a.name, [], node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            out.append((target, [a.name for a in node.names], node.lineno))
    return out


@cache
def graph() -> dict[str, dict[str, int]]:
    """module -> {imported explorer module: line of the first import}. ``from pkg import sub`` counts as an
    import of ``pkg.sub`` (not of the package's ``__init__``), so a package that registers its modules is not a
    cycle with them."""
    mods = modules()
    edges: dict[str, dict[str, int]] = {}
    for name, path in mods.items():
        out: dict[str, int] = {}
        for target, names, line in _imports(path):
            if not target.startswith("explorer"):
                continue
            subs = [f"{target}.{n}" for n in names if f"{target}.{n}" in mods]
            if subs:
                for s in subs:
                    out.setdefault(s, line)
                if len(subs) == len(names):
                    continue
            while target not in mods and "." in target:
                target = target.rpartition(".")[0]
            if target in mods and target != name:
                out.setdefault(target, line)
        edges[name] = out
    return edges


@cache
def third_party(name: str) -> frozenset[str]:
    """The top-level names of the modules ``name`` imports from outside the package."""
    return frozenset(t.split(".")[0] for t, _, _ in _imports(modules()[name]) if t and not t.startswith("explorer"))


def cycles() -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    edges = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out
