"""Icons and symbols that draw on a computer without an emoji font (a typical projector PC).

Emoji need an emoji font: without one (this machine, many projector PCs) they show as empty boxes.
Pictures are Streamlit's bundled Material icons (``:material/…:``), which always render; text keeps
only symbols that DejaVu Sans draws (♠ ♥ ✓ ✕ ★ ☀ …), the font such a Linux PC falls back to.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import unicodedata
from functools import cache
from pathlib import Path

import pytest
from streamlit.material_icon_names import ALL_MATERIAL_ICONS

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "explorer"
MATERIAL = re.compile(r"^:material/([a-z0-9_]+):$")

class _Unmark(ast.NodeTransformer):
    """``N_("Lessons")`` (a text marked for translation) read as the text itself."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if getattr(node.func, "id", None) == "N_" and len(node.args) == 1:
            return node.args[0]
        return self.generic_visit(node)


def _pages() -> list[tuple[str, str, str, str]]:
    """``PAGES`` of explorer/app.py, read without running Streamlit (its N_() markers read as their texts)."""
    tree = ast.parse((APP / "app.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "PAGES" for t in node.targets):
            return ast.literal_eval(_Unmark().visit(node.value))
    raise AssertionError("explorer/app.py has no PAGES list")


def _strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module (docstrings left out: people never see them)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings]


@cache
def _dejavu_draws(ch: str) -> bool:
    out = subprocess.run(["fc-list", f":charset={ord(ch):x}", "family"], capture_output=True, text=True,
                         check=True).stdout
    return any(family.strip() == "DejaVu Sans" for line in out.splitlines() for family in line.split(","))


def test_every_page_icon_in_the_sidebar_is_a_bundled_material_icon():
    for _, file, title, icon in _pages():
        m = MATERIAL.match(icon)
        assert m, f"{file} ({title}): {icon!r} is not a :material/…: icon"
        assert m.group(1) in ALL_MATERIAL_ICONS, f"{file}: no Material icon named {m.group(1)!r}"


def test_a_page_has_the_same_icon_on_the_home_page_as_in_the_sidebar():
    sidebar = {file: icon for _, file, _, icon in _pages()}
    tree = ast.parse((APP / "app_pages" / "home.py").read_text(encoding="utf-8"))
    sections = next(ast.literal_eval(_Unmark().visit(n.value)) for n in tree.body
                    if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", None) == "SECTIONS")
    links = [link for group in sections.values() for link in group]
    assert links
    for file, label, icon, _ in links:
        assert icon == sidebar[file], f"home page link {label!r}: {icon!r}, the sidebar shows {sidebar[file]!r}"


def test_every_icon_argument_is_a_bundled_material_icon():
    for path in [APP / "app.py", *sorted((APP / "app_pages").glob("*.py")), *sorted((APP / "ui").glob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            for kw in node.keywords:
                value = kw.value
                if isinstance(value, ast.Call) and getattr(value.func, "attr", None) == "pointing" and value.args:
                    value = value.args[0]  # lang.pointing(":material/first_page:"): mirrored in Arabic
                if kw.arg == "icon" and isinstance(value, ast.Constant) and isinstance(value.value, str):
                    m = MATERIAL.match(value.value)
                    assert m and m.group(1) in ALL_MATERIAL_ICONS, \
                        f"{path.name}:{node.lineno}: icon={value.value!r} is not a bundled Material icon"


def test_an_icon_that_points_along_the_line_is_mirrored_in_arabic_by_a_bundled_material_icon():
    from explorer.ui.shell.lang import MIRRORED_ICONS

    for icon, mirror in MIRRORED_ICONS.items():
        for name in (icon, mirror):
            m = MATERIAL.match(name)
            assert m and m.group(1) in ALL_MATERIAL_ICONS, f"{name!r} is not a bundled Material icon"
        assert MIRRORED_ICONS.get(mirror) == icon, f"{mirror!r} does not mirror back to {icon!r}"


def test_text_on_the_pages_needs_no_emoji_font():
    if shutil.which("fc-list") is None:
        pytest.fail("fc-list (fontconfig) is missing: install chromium, which brings it")
    assert _dejavu_draws("♠") and not _dejavu_draws("\U0001F3C6"), "fc-list does not answer as expected"
    problems = []
    for path in [APP / "app.py", *sorted((APP / "app_pages").glob("*.py")), *sorted((APP / "ui").glob("*.py"))]:
        for line, text in _strings(path):
            for ch in sorted({c for c in text if ord(c) > 127 and not "\u0600" <= c <= "\u06ff"
                              and unicodedata.category(c) != "Cf"}):  # bidi isolates draw nothing
                if not _dejavu_draws(ch):
                    problems.append(f"{path.relative_to(ROOT)}:{line}: {ch!r} (U+{ord(ch):04X})")
    assert not problems, "symbols that need an emoji font:\n" + "\n".join(problems)
