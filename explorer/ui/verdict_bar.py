"""A tool's verdict in a line, right under its inputs, held at the bottom of the screen while they are filled in.

On a phone a tool's full verdict is screens below its inputs. The bar is drawn right after the
last input; CSS makes it sticky (``position: sticky; bottom: 0``), so while the user is still
among the inputs above it, it stays at the bottom edge of the screen, and once they scroll down to
it, it sits in its place under the inputs. Its content is the page's: a sentence and, for the
Score calculator, the button that adds the deal to the score sheet.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

PREFIX = "bx-verdict-bar-"
"""The container key (and CSS class ``st-key-…``) of a page's bar: ``bx-verdict-bar-<page>``."""

_CSS = """<style>
/* The bar's box (the wrapper around the keyed container) sticks to the bottom of the screen. */
[data-testid="stLayoutWrapper"]:has(> [class*="st-key-bx-verdict-bar-"]) {
  position: sticky; bottom: 0; z-index: 20; }
[class*="st-key-bx-verdict-bar-"] {
  background: #fbfcfa; box-shadow: 0 -2px 10px rgba(27, 42, 34, .14); }
</style>"""


def verdict_bar(page: str) -> Any:
    """The bar's container, to fill with ``with``: drawn where it is called (under the last input)."""
    st.html(_CSS)
    return st.container(border=True, key=PREFIX + page)
