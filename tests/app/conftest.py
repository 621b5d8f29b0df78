"""App tests: each test starts and ends in English outside a page run.

``explorer.ui.shell.lang.current()`` answers, outside a run, with the language of the latest run (AppTest formats a
selectbox's options with the page's ``format_func`` after the run); an Arabic page tested here must not leave
the pure modules' doctests and sentences, run later in the same process, in Arabic.
"""

import sys

import pytest


@pytest.fixture(autouse=True)
def _english_outside_a_run():
    yield
    lang = sys.modules.get("explorer.ui.shell.lang")
    if lang is not None:
        lang._last[0] = "en"
