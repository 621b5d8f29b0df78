"""On a narrow screen the sidebar covers the page: close it once a page is picked in it.

Streamlit (1.67) closes the sidebar after a page pick only when the browser's user agent says
"phone" (``navigator.userAgent`` parsed as a mobile device); a narrow window that does not say so
(a tablet, a phone asking for the desktop site, a small laptop window) keeps the sidebar open over
the new page, and the user needs one more tap to see it. There is no Python option for this
(``initial_sidebar_state`` applies to the first load only; ``st.navigation`` has no such option).

The script below does what Streamlit's own phone rule does, for every window narrower than
Streamlit's ``md`` breakpoint (768 px, where the sidebar starts to overlay the page): after a click
on a page link of the sidebar's navigation, it presses the sidebar's own "Collapse sidebar" button,
if the sidebar is still open. It listens once per page load (a flag on ``window``) and touches
nothing else. Tested in Chromium at 390×844: tests/browser/test_phone_browser.py.
"""

from __future__ import annotations

import streamlit as st

BREAKPOINT_PX = 768
"""Streamlit's ``md`` breakpoint: below it the sidebar overlays the page."""

_SCRIPT = f"""<script>
(() => {{
  if (window.__bxCloseSidebarOnPick) return;
  window.__bxCloseSidebarOnPick = true;
  document.addEventListener("click", (event) => {{
    const link = event.target.closest && event.target.closest('[data-testid="stSidebarNavLink"]');
    if (!link || window.innerWidth >= {BREAKPOINT_PX}) return;
    // After Streamlit has handled the click (it may have closed the sidebar itself, on a phone).
    setTimeout(() => {{
      const bar = document.querySelector('[data-testid="stSidebar"]');
      const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
      if (bar && bar.getAttribute("data-collapsed") === "false" && close) close.click();
    }}, 50);
  }}, true);
}})();
</script>"""

_KEY = "bx-close-sidebar-on-pick"


def close_sidebar_after_page_pick() -> None:
    """Add the script (in a hidden container, so it takes no room). Call it on every run, in the sidebar."""
    with st.container(key=_KEY):
        st.html(f"<style>.st-key-{_KEY}{{display:none}}</style>{_SCRIPT}", unsafe_allow_javascript=True)
