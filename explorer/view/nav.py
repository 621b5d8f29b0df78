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


def to_top_html(token: str) -> str:
    """A script that scrolls the page to its top, for ``st.html(..., unsafe_allow_javascript=True)``.

    Streamlit keeps the scroll position of the page a button was clicked on, so a presentation
    step, or a scenario opened from far down the library, would open in its middle. The script runs
    when ``token`` changes (a new step, a new scenario), not on every rerun.

    >>> "scrollTop = 0" in to_top_html("step 2")
    True
    """
    safe = "".join(ch for ch in str(token) if ch.isalnum() or ch in " -_.")
    return ('<script>/* to the top: ' + safe + ' */\n'
            'for (const el of [document.querySelector(\'[data-testid="stMain"]\'), document.scrollingElement]) '
            '{ if (el) el.scrollTop = 0; }</script>')
