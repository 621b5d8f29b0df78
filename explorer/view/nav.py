"""Where the pages are: their folder, and the path ``st.Page``, ``st.page_link`` and ``st.switch_page`` take.

A link to a page that does not exist fails loudly (``st.page_link`` raises), so a misspelt file
name shows as an error on the page and in the tests, never as a link that quietly vanishes.

>>> page_path("trick_checker.py")
'app_pages/trick_checker.py'
>>> (PAGES_DIR / "trick_checker.py").is_file()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

APP_DIR = Path(__file__).resolve().parent.parent
"""The folder of ``app.py``; page paths are relative to it."""

PAGES_DIR = APP_DIR / "app_pages"
"""The page scripts."""


CLASS_PAGES = frozenset({"join", "classroom"})
"""The classroom's pages (URL paths): in a class they draw their own screen, without the app's sidebar."""
CLASS_KEYS = ("seat", "c", "teach")
"""What puts an address in a class: a student's seat, the join link's code, the teacher's secret."""


def in_a_class(query: Mapping[str, object]) -> bool:
    """Whether an address opens a class (``?seat=``, ``?c=``, ``?teach=``): its page draws no navigation, no sidebar
    and keeps no score sheet. A class of phones and the projector poll the database every second or two, and every
    run redraws the whole page in each browser: without the sidebar a phone's run costs it a third.

    >>> in_a_class({"seat": "x"}), in_a_class({"c": "K7M2QX", "lang": "ar"}), in_a_class({"files": "a"})
    (True, True, False)
    """
    return any(k in query for k in CLASS_KEYS)


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
