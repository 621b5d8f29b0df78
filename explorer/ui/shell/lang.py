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

import re
from collections.abc import Callable
from enum import Enum
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


ARROW_KEYS: dict[str, str] = {"Left": "Right", "Right": "Left"}
"""The arrow keys, each with the one that points the other way."""


def arrow_key(key: str) -> str:
    """The key of a button whose icon is :func:`pointing`: the arrow that points the way its icon does.

    In Arabic the Next button's arrow points left, so its key is ← (and Back's is →): the keys do what their arrows
    show, as a right-to-left reader expects from the button's picture and its key hint. Home and End are not
    arrows and keep their meaning (the first step, the last)."""
    return ARROW_KEYS.get(key, key) if is_rtl() else key


def choose(*, several: bool = False) -> str:
    """A select box's text while nothing is chosen or typed (Streamlit's own is the English "Choose an option"):
    every select box passes it as ``placeholder=``."""
    return t("Choose") if not several else t("Choose one or more")


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
                         selection_mode="single", required=True, label_visibility="visible", on_change=reword)


def _shows_words(value: Any) -> bool:
    """Whether a kept widget value is one a box shows as the words of its option (a select box's choice, a
    multiselect's list): the values ``reword`` sets again. Buttons and toggles (bool), uploads and tables are
    never set (Streamlit refuses a button's or an upload's value from the session state)."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, (str, int, float, Enum)):
        return True
    return isinstance(value, (list, tuple)) and all(isinstance(v, (str, Enum)) and not isinstance(v, bool)
                                                    for v in value)


def reword() -> None:
    """Callback of the language switch: every select box shows its choice in the new language.

    A select box keeps the words of its choice in the browser (its value travels as the option's words), and with
    a key its identity does not change with the language: after a switch the box went on showing "Detailed Saudi
    rules" on an Arabic page (and «الشمال» on an English one) although its options were reworded. Setting each
    kept value again, before the page is drawn, sends it anew in this run's words. Only values a box could show
    are set (see :func:`_shows_words`); setting a text box's own text or a number again changes nothing. (A widget
    that refuses a value from the session state and keeps a string, such as ``st.chat_input``, must not be keyed
    on a page: the app has none.)"""
    ss = st.session_state
    for key in list(ss.keys()):
        if key != state.APP_LANG and isinstance(key, str) and _shows_words(ss[key]):
            ss[key] = ss[key]


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
/* A full stop or a comma after a card chip sits on the chip's left in Arabic, and the stop's ink is on the far side
   of its advance: it read as «7♣ .» with a space. The chip gives back that much on its left. */
html[dir="rtl"] .bx-chip { margin-left: -0.1em; }
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
/* A segmented control's buttons overlap by a pixel and round their outer corners: Streamlit does it for left to
   right only (each button's right margin is -1px, so the first one, on the right, stuck out of its column by a
   pixel and lost its border there, and the rounded corners were the inner ones). Mirrored here. */
html[dir="rtl"] button[data-variant="segmented_control"] { margin-right: 0; margin-left: -1px; border-radius: 0; }
html[dir="rtl"] button[data-variant="segmented_control"]:first-child {
  border-top-right-radius: 0.5rem; border-bottom-right-radius: 0.5rem; }
html[dir="rtl"] button[data-variant="segmented_control"]:last-child { margin-left: 0;
  border-top-left-radius: 0.5rem; border-bottom-left-radius: 0.5rem; }
</style>"""

CODE_INPUTS: tuple[str, ...] = (state.DEAL_TEXT, state.TRICK_TABLE_TEXT, state.TRICK_HAND_TEXT, state.TRICK_PLAYED_TEXT,
                                state.TRICK_TRICKS, state.SCORE_COUNT_TEXT)
"""The keys of the text boxes that hold code (YAML, JSON, card codes such as ``KC 7C``): on an Arabic page they stay
left to right, their placeholder too. So do every tool's paste box (``<page>.paste``) and the Score calculator's
projects (``score.projects.<seat>``); a new box for codes adds its key here."""
CODE_KEY_PARTS: tuple[str, ...] = ("." + state.PASTE, state.SCORE_PROJECT_PREFIX, state.TRICK_HANDS_TEXT_PREFIX)
"""Parts of keys that name a box of code wherever they occur (the paste box of every tool, a seat's projects, the
Trick checker's other hands)."""


def css_class(key: str) -> str:
    """The class Streamlit gives the element of a widget with this key (each character other than a letter, a digit,
    ``_`` or ``-`` becomes ``-``).

    >>> css_class("trick.table_text")
    'st-key-trick-table_text'
    """
    return "st-key-" + re.sub(r"[^A-Za-z0-9_-]", "-", key)


def _code_inputs_css() -> str:
    boxes = [f".{css_class(k)}" for k in CODE_INPUTS] + [f'[class*="{css_class(p)[len("st-key-"):]}"]'
                                                         for p in CODE_KEY_PARTS]
    fields = ", ".join(f'html[dir="rtl"] {box} {field}' for box in boxes for field in ("textarea", "input"))
    return f"<style>{fields} {{ direction: ltr; text-align: left; }}</style>"


def apply_direction() -> None:
    """Set ``dir`` and ``lang`` on the page (every run: a page switch keeps them) and the RTL style sheet."""
    lang = current()
    rtl = lang in RTL
    _direction(key="app.direction", data={"dir": "rtl" if rtl else "ltr", "lang": lang})
    st.html("<style>.st-key-app-direction {display: none;}</style>" + (RTL_CSS + _code_inputs_css() if rtl else ""))
