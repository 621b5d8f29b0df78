"""Which page files exist, and links to them that disappear while a page is not written yet."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

APP_DIR = Path(__file__).resolve().parent.parent
"""The folder of ``app.py``; page paths are relative to it."""

PAGES_DIR = APP_DIR / "app_pages"


def page_path(file: str) -> str:
    """The path ``st.Page`` and ``st.page_link`` take: ``app_pages/<file>``."""
    return f"app_pages/{file}"


def page_exists(file: str) -> bool:
    """Whether ``app_pages/<file>`` has been written."""
    return (PAGES_DIR / file).is_file()


def page_link(
    file: str, label: str, icon: str | None = None, *, caption: str | None = None, help: str | None = None
) -> bool:
    """``st.page_link`` to ``app_pages/<file>`` (and a caption under it) if that page exists.

    Returns whether the link was shown.
    """
    if not page_exists(file):
        return False
    st.page_link(page_path(file), label=label, icon=icon, help=help, width="stretch")
    if caption:
        st.caption(caption)
    return True
