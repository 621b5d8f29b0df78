"""A tool's verdict in a line, right under its inputs, held at the bottom of the screen while they are filled in.

On a phone a tool's full verdict is screens below its inputs. The bar is drawn right after the
last input; CSS makes it sticky (``position: sticky; bottom: 0``), so while the user is still
among the inputs above it, it stays at the bottom edge of the screen, and once they scroll down to
it, it sits in its place under the inputs. Its content is the page's: a sentence and, for the
Score calculator, the button that adds the deal to the score sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from explorer.engine.core.cards import Card, Seat
from explorer.view.words import seat_name, t, tn

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


def play_line(o: Mapping[str, Any], hand_size: int) -> str:
    """A play verdict in two short sentences of Markdown, for the bar: the seat to play with what it must do
    (the engine's requirement, in the page's language), then the legal cards. Each sentence is one whole
    template, so a translator reorders its words.

    >>> play_line({"to_play": "E", "position": 3, "legal": ["QH"], "requirement": "you must trump"}, 1)
    '**East to play:** you must trump. **Q♥** is the only legal card.'
    >>> play_line({"to_play": "E", "position": 2, "legal": ["KC", "7C"],
    ...            "requirement": "you must follow suit with clubs"}, 8)
    '**East to play:** you must follow suit with clubs. Legal: **K♣ 7♣** (2 of 8 cards).'
    >>> play_line({"to_play": "N", "position": 1, "legal": ["AS", "7D"], "requirement": None}, 2)
    '**North leads.** Either card is legal.'
    """
    seat = seat_name(Seat.parse(o["to_play"]))
    must = o.get("requirement")
    if o.get("position") == 1:
        first = t("**{seat} leads:** {must}.", seat=seat, must=must) if must else t("**{seat} leads.**", seat=seat)
    else:
        first = (t("**{seat} to play:** {must}.", seat=seat, must=must) if must else
                 t("**{seat} to play.**", seat=seat))
    legal = [Card.parse(c) for c in o.get("legal") or []]
    n = len(legal)
    if n == 1:
        second = t("**{card}** is the only legal card.", card=legal[0])
    elif n == hand_size == 2:
        second = t("Either card is legal.")
    elif n == hand_size:
        second = tn("Its {n} card is legal.", "Any of its {n} cards is legal.", n)
    else:
        second = tn("Legal: **{cards}** ({legal} of {n} card).", "Legal: **{cards}** ({legal} of {n} cards).", hand_size,
                    cards=" ".join(c.pretty for c in legal), legal=n)
    return t("{first} {second}", first=first, second=second)
