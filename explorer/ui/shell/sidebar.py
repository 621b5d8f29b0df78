"""The sidebar every page shares: the rules profile (named or custom) and the card size.

Pages read the profile with :func:`current_profile` and the card size with :func:`card_size`;
they never look up the sidebar's widgets. The keys are named in :mod:`explorer.ui.state`.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from explorer.engine.core.profiles import DEFAULT_PROFILE, OPTIONS, PROFILES, RuleProfile, custom_profile
from explorer.ui import state
from explorer.ui.shell import lang
from explorer.ui.shell.lang import in_this_language
from explorer.ui.shell.narrow_screen import close_sidebar_after_page_pick
from explorer.view.text import plain
from explorer.view.words import (
    format_option_value,
    option_meaning,
    option_source,
    option_title,
    profile_title,
)


def _selected_base() -> RuleProfile:
    pid = st.session_state.get(state.SIDEBAR_PROFILE_ID, DEFAULT_PROFILE.id)
    return PROFILES.get(pid, DEFAULT_PROFILE)


def _widget_keys() -> list[str]:
    return [state.SIDEBAR_PROFILE_ID, *(state.sidebar_option_key(n) for n in OPTIONS), state.SIDEBAR_LARGE_CARDS]


def _keep() -> None:
    """Callback of every sidebar widget: copy the choices to a plain key, which Streamlit never forgets."""
    ss = st.session_state
    ss[state.SIDEBAR_KEPT] = {k: ss[k] for k in _widget_keys() if k in ss}


def _restore() -> None:
    """Put the kept choices back into the widgets before they are drawn.

    A page switched to by a button (``st.switch_page``: the library's Compare rules, Open in its
    tool) starts a run in which the sidebar's widgets come back at their defaults while the browser
    still shows the user's choice: the rules profile fell back to the default and Large cards went
    off, silently. The kept copy holds the user's last choice (a change arrives through the callback
    first).
    """
    ss = st.session_state
    for k, v in (ss.get(state.SIDEBAR_KEPT) or {}).items():
        if k not in ss or ss[k] != v:  # set only what went back: a value set is sent to the browser as the
            ss[k] = v                  # widget's new value, over a choice the user may have made meanwhile


def _reset_options() -> None:
    """Callback: the custom-rule widgets take the selected profile's values."""
    base = _selected_base()
    for name in OPTIONS:
        st.session_state[state.sidebar_option_key(name)] = getattr(base, name)
    _keep()


def _option_help(name: str) -> str:
    info = OPTIONS[name]
    reading = " " + lang.t("This is our reading, not a seed's words.") if info.our_reading else ""
    return option_meaning(name) + "\n\n" + lang.t("Source: {source}.", source=option_source(name)) + reading


def profile_selector() -> RuleProfile:
    """The rules-profile selectbox and the "Custom rules" expander; stores and returns the profile.

    Call it inside ``st.sidebar`` on every run (``explorer/app.py`` does, via :func:`sidebar`).
    """
    ss = st.session_state
    _restore()
    if ss.get(state.SIDEBAR_PROFILE_ID) not in PROFILES:
        ss[state.SIDEBAR_PROFILE_ID] = DEFAULT_PROFILE.id
    base = _selected_base()
    for name in OPTIONS:
        ss.setdefault(state.sidebar_option_key(name), getattr(base, name))

    st.selectbox(
        lang.t("Rules profile"),
        list(PROFILES),
        key=state.SIDEBAR_PROFILE_ID,
        format_func=in_this_language({pid: profile_title(prof) for pid, prof in PROFILES.items()}.get),  # words of this run
        on_change=_reset_options,
        placeholder=lang.choose(),
        help=lang.t("Which table's rules the engine applies on every page. "
                    "The Rules page shows the profiles side by side."),
    )
    changes: dict[str, Any] = {}
    for name in OPTIONS:
        value = ss[state.sidebar_option_key(name)]
        if value != getattr(base, name) or type(value) is not type(getattr(base, name)):
            changes[name] = value
    # A constant label keeps the expander open while its options change.
    with st.expander(lang.t("Custom rules")):
        st.caption(lang.t("Start from {profile} and change single options.", profile=profile_title(base)))
        for name, info in OPTIONS.items():
            if isinstance(info.choices[0], bool):
                st.toggle(option_title(name), key=state.sidebar_option_key(name), help=_option_help(name), on_change=_keep)
            else:
                st.selectbox(
                    option_title(name),
                    list(info.choices),
                    key=state.sidebar_option_key(name),
                    format_func=in_this_language({v: format_option_value(v) for v in info.choices}.get),
                    help=_option_help(name),
                    on_change=_keep,
                    placeholder=lang.choose(),
                )
        st.button(
            lang.t("Reset to {profile}", profile=base.id if lang.current() == "en" else profile_title(base)),
            key=state.SIDEBAR_RESET,
            on_click=_reset_options,
            disabled=not changes,
            width="stretch",
        )
    try:
        profile = custom_profile({"base": base.id, **changes})
    except ValueError as exc:  # a stale widget value: fall back to the named profile
        st.warning(lang.t("Custom rules ignored: {error}", error=plain(exc)))
        profile = base
    ss[state.APP_PROFILE] = profile
    if changes:
        st.caption(lang.t("Using **{profile}**: {options}.", profile=profile_title(profile),
                          options=[option_title(n) for n in changes]))
    return profile


def current_profile() -> RuleProfile:
    """The rules profile chosen in the sidebar (the default before the sidebar has run)."""
    return st.session_state.get(state.APP_PROFILE, DEFAULT_PROFILE)


def card_size() -> str:
    """``"lg"`` when the sidebar's "Large cards" toggle is on, else ``"md"``."""
    return "lg" if st.session_state.get(state.SIDEBAR_LARGE_CARDS, False) else "md"


def sidebar() -> RuleProfile:
    """Everything the sidebar shows on every page: the rules profile and the display toggle."""
    with st.sidebar:
        lang.selector()
        profile = profile_selector()
        st.toggle(
            lang.t("Large cards (projector)"),
            key=state.SIDEBAR_LARGE_CARDS,
            help=lang.t("Bigger cards and tricks on every page, for a projector or a shared screen."),
            on_change=_keep,
        )
        close_sidebar_after_page_pick()
    _keep()
    return profile
