"""The app's language: English or Arabic (right to left), chosen in the sidebar and kept in the URL.

Pages write every sentence for people through :func:`t` (a template with ``{fields}`` and their
values), so the sentence is looked up in the language's gettext catalogue and its values (cards,
seats, numbers) are rendered as that language writes them: ``t("{seat} plays {card}.", seat=s,
card=c)``. The catalogues of the app's pages are ``explorer/locale/<lang>/LC_MESSAGES/ui-*.po``
(one per group of pages, extracted by ``python -m explorer.i18n_tools extract``); the engine's
sentences come translated already when a page asks the engine with :func:`style`.

In Arabic the document is laid out right to left (``dir="rtl"`` and ``lang="ar"`` on the page,
set by a tiny components v2 script), text is right-aligned, and what must keep its geography or
its order (the table around a trick, card faces, hands, card codes) stays left to right.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from explorer.engine.core.cards import Seat
from explorer.engine.core.i18n import LANGUAGES, Style
from explorer.ui import state
from explorer.view import language as view_language
from explorer.view.language import t, tn  # noqa: F401  (pages write their sentences with lang.t)

NAMES: dict[str, str] = {"en": "English", "ar": "العربية"}
"""Each language by its own name, as the selector shows it."""
RTL: frozenset[str] = frozenset({"ar"})
"""Languages written right to left."""


_UNSET = object()


def current() -> str:
    """The language of this run: the sidebar's choice, first read from ``?lang=`` (English by default, and outside
    a run)."""
    if get_script_run_ctx(suppress_warning=True) is None:
        return "en"
    ss = st.session_state
    lang = ss.get(state.APP_LANG, _UNSET)  # one look-up: every sentence of a run asks
    if lang is _UNSET:
        asked = st.query_params.get("lang", "en")
        lang = ss[state.APP_LANG] = asked if asked in LANGUAGES else "en"
    return lang if lang in LANGUAGES else "en"


view_language.provide(current)  # the view modules (no Streamlit) draw in this run's language


def in_this_language(format_func: Callable[[Any], str]) -> Callable[[Any], str]:
    """A widget's ``format_func`` that words its options in this run's language, whenever it is called (Streamlit's
    test harness calls it after the run, outside any page)."""
    lang = current()

    def formatted(value: Any) -> str:
        with view_language.speaking(lang):
            return format_func(value)
    return formatted


def is_rtl() -> bool:
    return current() in RTL


MIRRORED_ICONS: dict[str, str] = {
    ":material/first_page:": ":material/last_page:", ":material/last_page:": ":material/first_page:",
    ":material/fast_forward:": ":material/fast_rewind:", ":material/fast_rewind:": ":material/fast_forward:",
    ":material/chevron_left:": ":material/chevron_right:", ":material/chevron_right:": ":material/chevron_left:",
}
"""Material icons that point along the line, with their mirror image (the icon font does not mirror itself)."""


def pointing(icon: str) -> str:
    """A Material icon that points along the reading direction: a right-to-left page mirrors it.

    In Arabic the first step is on the right, so "to the start" points right (``last_page``'s picture)."""
    return MIRRORED_ICONS.get(icon, icon) if is_rtl() else icon


def style(seats: dict[Seat, str] | None = None, *, cards: str = "face") -> Style:
    """How the engine's sentences are rendered on a page: this language, card faces, and seat names."""
    return Style(lang=current(), cards=cards, seats=dict(seats or {}))




def keep_in_url() -> None:
    """Write the language into the URL (``?lang=ar``) so a reload, a new tab or a shared link keeps it."""
    lang = current()
    if lang == "en":
        if "lang" in st.query_params:
            del st.query_params["lang"]
    elif st.query_params.get("lang") != lang:
        st.query_params["lang"] = lang


def selector() -> None:
    """The language switch (in the sidebar); the page reruns in the chosen language."""
    st.segmented_control("Language · اللغة", list(NAMES), key=state.APP_LANG, format_func=NAMES.get,
                         selection_mode="single", required=True, label_visibility="visible")


_DIRECTION_JS = r"""
export default function ({data}) {
  const root = document.documentElement;
  root.setAttribute("dir", data.dir);
  root.setAttribute("lang", data.lang);
}
"""

_direction = st.components.v2.component("baloot-explorer.direction", js=_DIRECTION_JS)

RTL_CSS = """<style>
/* Arabic: the page flows right to left; the table, the cards and codes keep their own direction. */
html[dir="rtl"] [data-testid="stMarkdownContainer"], html[dir="rtl"] [data-testid="stCaptionContainer"],
html[dir="rtl"] [data-testid="stHeading"], html[dir="rtl"] label, html[dir="rtl"] [data-testid="stAlertContentInfo"],
html[dir="rtl"] [data-testid="stAlertContentError"], html[dir="rtl"] [data-testid="stAlertContentSuccess"],
html[dir="rtl"] [data-testid="stAlertContentWarning"] { text-align: right; direction: rtl; }
html[dir="rtl"] .bx-trick, html[dir="rtl"] .bx-card, html[dir="rtl"] .bx-cards, html[dir="rtl"] .bx-hand,
html[dir="rtl"] code, html[dir="rtl"] pre, html[dir="rtl"] .bx-chip { direction: ltr; }
html[dir="rtl"] .bx-seatname, html[dir="rtl"] .bx-center { direction: rtl; }
html[dir="rtl"] [data-testid="stTable"] table { direction: rtl; }
/* Plotly measures its text in a hidden #js-plotly-tester of the document: measured right to left it puts a y
   axis title on its tick labels, so every figure lays out left to right (its Arabic lines carry their own
   direction: chart_language.rtl_text). */
html[dir="rtl"] [data-testid="stPlotlyChart"], html[dir="rtl"] .js-plotly-plot,
html[dir="rtl"] #js-plotly-tester { direction: ltr; }
html[dir="rtl"] [data-testid="stTable"] th, html[dir="rtl"] [data-testid="stTable"] td { text-align: right; }
/* The sidebar sits on the right; collapsed (width 0, shifted by Streamlit towards the left) it must not show a
   strip of itself over the page on a phone. */
html[dir="rtl"] [data-testid="stSidebar"] { overflow: hidden; }
/* Lists: the items right-aligned, the bullets inside the column on the right. */
html[dir="rtl"] [data-testid="stMarkdownContainer"] li { text-align: right; }
html[dir="rtl"] [data-testid="stMarkdownContainer"] :is(ul, ol) { padding-left: 0; padding-right: 1.2em;
  margin-left: 0; margin-right: 0; }
/* A progress bar fills from the right. */
html[dir="rtl"] [data-testid="stProgress"] > div:last-child { transform: scaleX(-1); }
/* A card on a button (K♥) keeps its rank before its suit. */
html[dir="rtl"] [class*="-card-"] button p { direction: ltr; unicode-bidi: isolate; }
</style>"""


def apply_direction() -> None:
    """Set ``dir`` and ``lang`` on the page (every run: a page switch keeps them) and the RTL style sheet."""
    lang = current()
    rtl = lang in RTL
    _direction(key="app.direction", data={"dir": "rtl" if rtl else "ltr", "lang": lang})
    st.html("<style>.st-key-app-direction {display: none;}</style>" + (RTL_CSS if rtl else ""))
