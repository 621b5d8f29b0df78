"""A card picker offers no "Select all" (issue 12): choosing all 32 cards for a hand, a trick or the
cards played is never an answer, so Streamlit's bulk option (``select_all``, on by default since 1.5x)
must be off. Read from the code, without running Streamlit."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "explorer"

MAY_SELECT_ALL = {
    "Seats to review": "all four seats is a sensible review (explorer/app_pages/deal_checker.py)",
}
"""Multiselects whose "Select all" means something, by label, with the reason."""


def _multiselects() -> list[tuple[str, int, str, ast.Call]]:
    found = []
    for path in sorted(APP.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "multiselect":
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Call) and getattr(first.func, "id", None) in ("t", "N_") and first.args:
                    first = first.args[0]  # t("Your hand") or N_(...): a label marked for translation
                label = first.value if isinstance(first, ast.Constant) else "?"
                found.append((str(path.relative_to(ROOT)), node.lineno, label, node))
    return found


def test_no_card_picker_offers_select_all():
    calls = _multiselects()
    assert any("hand" in label.lower() for _, _, label, _ in calls), "no card picker found: is the scan right?"
    problems = []
    for where, line, label, node in calls:
        if label in MAY_SELECT_ALL:
            continue
        flag = next((kw.value for kw in node.keywords if kw.arg == "select_all"), None)
        if not (isinstance(flag, ast.Constant) and flag.value is False):
            problems.append(f"{where}:{line}: {label!r} offers Select all (pass select_all=False)")
    assert not problems, "\n".join(problems)


def test_the_multiselects_allowed_to_select_all_still_exist():
    labels = {label for _, _, label, _ in _multiselects()}
    assert set(MAY_SELECT_ALL) <= labels, set(MAY_SELECT_ALL) - labels
