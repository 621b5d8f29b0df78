"""Cards entered by tapping their faces: one row per suit (``st.pills``), rows that wrap on a phone.

A card field is four rows of pills (keys :func:`explorer.ui.state.tap_key`), which say which cards
are chosen, and a plain list under the field's own key (``trick.table``...), which keeps the order
they were tapped in across the rows: the cards on the table stay in play order
(:func:`explorer.ui.tools.forms.tapped_cards` reads both). The rows are the user's widgets: the page never
sets them on a rerun (only a loaded scenario does, like any other widget), so what the screen shows
and what is judged cannot drift apart. Tapping a chosen card again takes it back. Entering a trick
is a tap per card, where the lists took two taps and some typing per card.
"""

from __future__ import annotations

from functools import cache

import streamlit as st

from explorer.engine.core.cards import Suit
from explorer.ui import state
from explorer.ui.shell.lang import in_this_language, t, tn
from explorer.ui.tools import forms
from explorer.view.cards import button_face

_CSS = """<style>
/* Tappable cards: compact pills, so a suit's eight cards fit one row on a 390 px phone. */
[class*="st-key-bx-taps"] [data-testid="stButtonGroup"] button[data-variant="pills"] {
  min-height: 2.1rem; padding: 0 .45rem; font-size: 1rem; }
[class*="st-key-bx-taps"] [data-testid="stButtonGroup"] > div:last-child { gap: .3rem; }
/* Right to left, a card keeps its rank before its suit (A♠, not ♠A); the row runs from the ace on the right. */
html[dir="rtl"] [class*="st-key-bx-taps"] button p { direction: ltr; unicode-bidi: isolate; }
</style>"""


@cache  # pure, and asked for each of a field's 32 pills on every run
def face(code: str) -> str:
    """A card on a pill: its face, red for hearts and diamonds (Markdown).

    >>> face("QH"), face("TC")
    (':red[Q♥]', '10♣')
    """
    return button_face(code)


def _tapped(cards_key: str, suit: str, limit: int) -> None:
    """Callback of a row: a new card goes to the end of the order; a tap beyond ``limit`` is undone."""
    ss = st.session_state
    row = state.tap_key(cards_key, suit)
    cards = forms.tapped_cards(ss, cards_key)
    if len(cards) > limit:
        before = set(ss.get(cards_key) or [])
        ss[row] = [c for c in ss.get(row) or [] if c in before]
        ss[state.tap_refused_key(cards_key)] = True
        cards = forms.tapped_cards(ss, cards_key)
    ss[cards_key] = cards


def tap_cards(cards_key: str, label: str, *, limit: int, help: str | None = None, full: str = "") -> None:
    """The rows of tappable cards (♠ ♥ ♦ ♣, ace down to seven) that show and edit ``cards_key``.

    ``full`` is said under the rows once when a tap was refused because ``limit`` cards were chosen.
    """
    ss = st.session_state
    with st.container(key=f"bx-taps-{cards_key.replace('.', '-')}", gap="small"):
        st.html(_CSS)
        st.markdown(f"**{label}**", help=help)
        for suit in forms.SUITS:
            st.pills(t("{label}: {suit}", label=label, suit=Suit.parse(suit)), forms.SUIT_OPTIONS[suit], selection_mode="multi",
                     key=state.tap_key(cards_key, suit), format_func=in_this_language(face), on_change=_tapped, args=(cards_key, suit, limit),
                     label_visibility="collapsed", wrap=True)
        if ss.pop(state.tap_refused_key(cards_key), False):
            st.caption(full or tn("At most {n} card here: tap a chosen card to take it back first.",
                                  "At most {n} cards here: tap a chosen card to take it back first.", limit))
