"""The modules that decide or convert, but draw nothing, import no Streamlit: only pages, the inbox,
the sidebar and the lesson blocks do. Their logic can then be tested and reused without the app."""

from __future__ import annotations

import subprocess
import sys

import pytest

PURE = ["explorer.content.lessons", "explorer.content.library", "explorer.content.sources", "explorer.ui.tools.forms", "explorer.view.words", "explorer.view.text",
        "explorer.view.presentation", "explorer.view.replay", "explorer.ui.state", "explorer.view.nav",
        "explorer.view.cards", "explorer.content.glossary", "explorer.view.intake", "explorer.view.charts.language",
        "explorer.view.sheet.files"]


@pytest.mark.parametrize("module", PURE)
def test_a_module_that_draws_nothing_imports_no_streamlit(module):
    code = f"import sys, {module}; print('streamlit' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False", f"{module} imports streamlit"
