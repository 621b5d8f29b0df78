"""Buttons that add, remove or play act once per tap: a double tap adds one deal, plays one card.

Streamlit calls a button's callback for every click the browser sends, and the browser sends a click for each
tap on the page it shows, drawn or not since the last one. Two taps 50 ms apart (a phone's double tap) send two
clicks before the page is drawn again, each with the widget values the first one had: "Add deal" added the deal
twice, "Take back" took back two cards, a call button made the next call too. A check of the state inside the
callback does not tell the two taps apart (the second sees a page that looks fine), so the tap carries the state
it was drawn from:

- every button made here is drawn with the number of actions this session had made at that moment, in its key
  (so in the widget the browser names when it is tapped) and in its callback's arguments;
- its callback acts only when no action ran since (and counts one), so a page's drawing answers one tap: a
  second tap that arrives while the first one's run is going names the old widget, whose callback sees the count
  moved on and does nothing; a second tap after the page was drawn again names a widget that no longer exists,
  which Streamlit ignores.

A tap on a page drawn after the action is a new intent and acts (adding the same deal again on purpose works).
Call :func:`button` where ``st.button(..., on_click=...)`` was; the key given is the button's name, and the
drawn key is ``<key>@<count>`` (:func:`drawn_key`; its CSS class ``st-key-<key>-<count>``).

Buttons that only show or move to a place (Hint, Review, a page switch, "Go to the illegal card") stay plain
``st.button``: doing them twice gives the same page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from explorer.ui import state as keys


def count() -> int:
    """How many taps on action buttons this session has acted on."""
    return int(st.session_state.get(keys.APP_ACTIONS, 0))


def drawn_key(key: str, at: int | None = None) -> str:
    """The widget key of the action button ``key`` drawn when the session had made ``at`` actions (default: now).

    >>> drawn_key("sheet.add", 3)
    'sheet.add@3'
    """
    return f"{key}@{count() if at is None else at}"


def button(label: str, *, key: str, on_click: Callable[..., Any], args: tuple = (),
           kwargs: Mapping[str, Any] | None = None, where: Any = None, submit: bool = False, **options: Any) -> None:
    """An action button (``st.button``, or ``st.form_submit_button`` with ``submit``) in ``where`` (a column, a
    container; default the page) whose callback ``on_click(*args, **kwargs)`` runs once per drawing of the page.

    ``options`` are the button's own (``type``, ``help``, ``disabled``, ``width``, ``icon``...). There is no return
    value: the tap's effect is the callback's, which runs before the page is drawn again.
    """
    at = count()
    draw = (where or st).form_submit_button if submit else (where or st).button
    draw(label, key=drawn_key(key, at), on_click=_once, args=(at, on_click, tuple(args), dict(kwargs or {})),
         **options)


def _once(at: int, action: Callable[..., Any], args: tuple, kwargs: dict[str, Any]) -> None:
    if at != count():
        return  # a tap on a page drawn before the last action (the second tap of a double tap): it acted already
    st.session_state[keys.APP_ACTIONS] = at + 1
    action(*args, **kwargs)


def take(at: object) -> bool:
    """For a tap that carries the count it was drawn with (a component's event, ``{"n": count, ...}``): True, and
    counted, when no action ran since; False for the second event of a double tap (or one from a page drawn before
    the last action), which must do nothing.

    The card table sends its taps this way: it is drawn with :func:`count` and sends it back with each tap.
    """
    if not isinstance(at, int) or isinstance(at, bool) or at != count():
        return False
    st.session_state[keys.APP_ACTIONS] = at + 1
    return True
