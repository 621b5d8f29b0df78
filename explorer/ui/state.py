"""The one place that names ``st.session_state`` keys, and the sidebar every page shares.

Keys are prefixed by the page (or ``sidebar.``) that owns them. Pages read the rules
profile with :func:`current_profile`; they never look up the sidebar's widgets.
Add a page's keys here as constants, e.g. ``TRICK_HAND = "trick.hand"``.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from explorer.engine.profiles import DEFAULT_PROFILE, OPTIONS, PROFILES, RuleProfile, custom_profile

# --- sidebar (shared by every page) -------------------------------------------------
SIDEBAR_PROFILE_ID = "sidebar.profile_id"
"""Selectbox: the id of the named profile the rules start from."""
SIDEBAR_OPTION_PREFIX = "sidebar.option."
"""Prefix of the "Custom rules" widgets, one per option: ``sidebar.option.<option name>``."""
SIDEBAR_RESET = "sidebar.reset"
"""Button: set every custom option back to the selected profile."""
SIDEBAR_LARGE_CARDS = "sidebar.large_cards"
"""Toggle: projector-size cards (read it with :func:`card_size`)."""

PROFILE = "app.profile"
"""The :class:`RuleProfile` every page uses (named or custom); read it with :func:`current_profile`."""

# --- Reference pages ----------------------------------------------------------------
GLOSSARY_SEARCH = "glossary.search"

# Charts page (prefix "charts.")
CHARTS_DEALS = "charts.deals"
"""Select slider: how many deals to simulate."""
CHARTS_SEED = "charts.seed"
"""Number input: the simulation's seed."""
CHARTS_MODE = "charts.mode"
"""Selectbox: random contract, Sun only or Hokum only."""
CHARTS_CANCEL = "charts.cancel"
"""Button: stop the running simulation."""
CHARTS_RESUME = "charts.resume"
"""Button: finish a cancelled simulation."""
CHARTS_CANCELLED = "charts.cancelled"
"""The settings of the simulation the user cancelled (absent when none was)."""
CHARTS_DONE = "charts.done"
"""(settings, chunks finished) of the latest simulation."""
"""Text input: the glossary filter."""


def option_key(name: str) -> str:
    """The session key of the custom-rules widget of one option.

    >>> option_key("must_undertrump")
    'sidebar.option.must_undertrump'
    """
    return SIDEBAR_OPTION_PREFIX + name


def format_option_value(value: Any) -> str:
    """An option value as the app shows it: on/off, ×2, "at or below 100".

    >>> [format_option_value(v) for v in (True, 2, "at_or_below_100")]
    ['on', '×2', 'at or below 100']
    """
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return f"×{value}"
    return str(value).replace("_", " ")


def _selected_base() -> RuleProfile:
    pid = st.session_state.get(SIDEBAR_PROFILE_ID, DEFAULT_PROFILE.id)
    return PROFILES.get(pid, DEFAULT_PROFILE)


def _reset_options() -> None:
    """Callback: the custom-rule widgets take the selected profile's values."""
    base = _selected_base()
    for name in OPTIONS:
        st.session_state[option_key(name)] = getattr(base, name)


def _option_help(name: str) -> str:
    info = OPTIONS[name]
    reading = " This is our reading, not a seed's words." if info.our_reading else ""
    return f"{info.meaning}\n\nSource: {info.source}.{reading}"


def profile_selector() -> RuleProfile:
    """The rules-profile selectbox and the "Custom rules" expander; stores and returns the profile.

    Call it inside ``st.sidebar`` on every run (``explorer/app.py`` does, via :func:`sidebar`).
    """
    ss = st.session_state
    if ss.get(SIDEBAR_PROFILE_ID) not in PROFILES:
        ss[SIDEBAR_PROFILE_ID] = DEFAULT_PROFILE.id
    base = _selected_base()
    for name in OPTIONS:
        ss.setdefault(option_key(name), getattr(base, name))

    st.selectbox(
        "Rules profile",
        list(PROFILES),
        key=SIDEBAR_PROFILE_ID,
        format_func=lambda pid: PROFILES[pid].title,
        on_change=_reset_options,
        help="Which table's rules the engine applies on every page. "
        "The Rules page shows the profiles side by side.",
    )
    changes: dict[str, Any] = {}
    for name in OPTIONS:
        value = ss[option_key(name)]
        if value != getattr(base, name) or type(value) is not type(getattr(base, name)):
            changes[name] = value
    # A constant label keeps the expander open while its options change.
    with st.expander("Custom rules"):
        st.caption(f"Start from {base.title} and change single options.")
        for name, info in OPTIONS.items():
            if isinstance(info.choices[0], bool):
                st.toggle(info.title, key=option_key(name), help=_option_help(name))
            else:
                st.selectbox(
                    info.title,
                    list(info.choices),
                    key=option_key(name),
                    format_func=format_option_value,
                    help=_option_help(name),
                )
        st.button(
            f"Reset to {base.id}",
            key=SIDEBAR_RESET,
            on_click=_reset_options,
            disabled=not changes,
            width="stretch",
        )
    try:
        profile = custom_profile({"base": base.id, **changes})
    except ValueError as exc:  # a stale widget value: fall back to the named profile
        st.warning(f"Custom rules ignored: {exc}")
        profile = base
    ss[PROFILE] = profile
    if changes:
        st.caption(f"Using **{profile.title}**: " + ", ".join(OPTIONS[n].title for n in changes) + ".")
    return profile


def current_profile() -> RuleProfile:
    """The rules profile chosen in the sidebar (the default before the sidebar has run)."""
    return st.session_state.get(PROFILE, DEFAULT_PROFILE)


def card_size() -> str:
    """``"lg"`` when the sidebar's "Large cards" toggle is on, else ``"md"``."""
    return "lg" if st.session_state.get(SIDEBAR_LARGE_CARDS, False) else "md"


def sidebar() -> RuleProfile:
    """Everything the sidebar shows on every page: the rules profile and the display toggle."""
    with st.sidebar:
        profile = profile_selector()
        st.toggle(
            "Large cards (projector)",
            key=SIDEBAR_LARGE_CARDS,
            help="Bigger cards and tricks on every page, for a projector or a shared screen.",
        )
    return profile


# Browser store (explorer/ui/browser_store.py, prefix "store."): values kept in localStorage
STORE_SLOTS = "store.slots"
"""Dict: name of a stored value → what this session knows of it (last text read or written, problem)."""
STORE_MEMORY = "store.memory"
"""Under AppTest only (no browser): ``{localStorage key: text}`` standing in for localStorage."""
STORE_SESSION = "store.session"
"""A random token of this session; the ids of its writes start with it."""

# Score sheet kept in the browser, its match link and its file import (prefix "sheet.")
SHEET_RESTORED = "sheet.restored"
"""True once the sheet kept in this browser has been brought into this session."""
SHEET_STORE_MESSAGES = "sheet.store_messages"
"""``{area: (level, text, details)}``: the outcome of a link, a file or another tab's change, shown once."""
SHEET_LINK_SEEN = "sheet.link_seen"
"""The ``?match=`` link value already handled (a link is read once per session)."""
SHEET_LINK_PENDING = "sheet.link_pending"
"""``{"rows": [...], "link": str}``: a linked match waiting for the user's choice (another one is kept)."""
SHEET_LINK_CHOICE = "sheet.link_choice"
"""The box that asks what to do with a linked match when this browser keeps another one."""
SHEET_LINK_OPEN = "sheet.link_open"
SHEET_LINK_KEEP = "sheet.link_keep"
"""Buttons: open the linked match (the kept one goes to Undo) / keep the sheet as it is."""
SHEET_LINK_SAVE_MINE = "sheet.link_save_mine"
"""Download button in that box: the kept sheet as CSV."""
SHEET_SHARE_BOX = "sheet.share_box"
"""Expander: open a saved sheet, save it as YAML, its match link."""
SHEET_UPLOAD = "sheet.upload"
"""File uploader: a sheet saved as CSV or YAML, opened in place of the current one (Undo brings it back)."""
SHEET_DOWNLOAD_YAML = "sheet.download_yaml"
"""Download button: the sheet as YAML."""

# Lesson progress kept in the browser
LESSON_RESTORED = "lesson.restored"
"""True once the progress kept in this browser has been merged into this session's."""


def store_read_key(name: str) -> str:
    """The key of the invisible component that reads a stored value.

    >>> store_read_key("sheet")
    'store.read.sheet'
    """
    return f"store.read.{name}"


def store_write_key(name: str) -> str:
    """The key of the invisible component that writes a stored value."""
    return f"store.write.{name}"


def store_problem_key(name: str) -> str:
    """The key of the box that says why a stored value could not be used."""
    return f"store.problem.{name}"
