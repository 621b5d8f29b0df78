"""Where the pages are: their folder, and the path ``st.Page``, ``st.page_link`` and ``st.switch_page`` take.

A link to a page that does not exist fails loudly (``st.page_link`` raises), so a misspelt file
name shows as an error on the page and in the tests, never as a link that quietly vanishes.

>>> page_path("trick_checker.py")
'app_pages/trick_checker.py'
>>> (PAGES_DIR / "trick_checker.py").is_file()
True
"""

from __future__ import annotations

from pathlib import Path

APP_DIR = Path(__file__).resolve().parent.parent
"""The folder of ``app.py``; page paths are relative to it."""

PAGES_DIR = APP_DIR / "app_pages"
"""The page scripts."""


def page_path(file: str) -> str:
    """The path ``st.Page`` and ``st.page_link`` take: ``app_pages/<file>``, relative to ``app.py``."""
    return f"app_pages/{file}"
