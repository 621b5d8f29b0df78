"""The modules that decide or convert, but draw nothing, import no Streamlit: only pages, the inbox,
the sidebar and the lesson blocks do. Their logic can then be tested and reused without the app."""

from __future__ import annotations

import subprocess
import sys

import pytest

PURE = ["explorer.lessons", "explorer.library", "explorer.sources", "explorer.ui.forms", "explorer.ui.words", "explorer.ui.text",
        "explorer.ui.presentation", "explorer.ui.replay", "explorer.ui.state", "explorer.ui.nav",
        "explorer.ui.cards", "explorer.ui.glossary", "explorer.ui.intake", "explorer.ui.chart_language",
        "explorer.ui.sheet_io", "explorer.ui.turns", "explorer.ui.stored_text"]


@pytest.mark.parametrize("module", PURE)
def test_a_module_that_draws_nothing_imports_no_streamlit(module):
    code = f"import sys, {module}; print('streamlit' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False", f"{module} imports streamlit"
