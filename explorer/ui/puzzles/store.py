"""The puzzle progress kept in this browser (ratings, attempts, daily streak, mistakes queue), never on a server.

:mod:`explorer.engine.puzzles.progress` is the model; this module reads and writes it through
:mod:`explorer.ui.shell.browser_store` under ``baloot-explorer:puzzles``, as the lessons keep their progress. Another
tab's change is joined to this tab's (:func:`~explorer.engine.puzzles.progress.merged`). The practice match kept by
the Play page is only looked at (:func:`practice`), through a reader of its own.
"""

from __future__ import annotations

import streamlit as st

from explorer.engine.core.i18n import N_
from explorer.engine.game.practice import Practice
from explorer.engine.puzzles import progress as pm
from explorer.ui import state as keys
from explorer.ui.shell import browser_store
from explorer.ui.shell.lang import t

NAME = "puzzles"
"""The name the progress is kept under: ``baloot-explorer:puzzles``."""
WHAT = N_("puzzle progress")
PRACTICE = "practice"
"""The Play page's stored match (read, never written here)."""


def restore() -> bool:
    """Bring in the progress kept in this browser; False until the browser has answered."""
    got = browser_store.read(NAME, check=pm.from_json, wait=True)
    if not got.ready:
        return False
    browser_store.problem_box(NAME, t(WHAT))
    first = not st.session_state.get(keys.PUZZLES_RESTORED)
    st.session_state[keys.PUZZLES_RESTORED] = True
    mine = st.session_state.get(keys.PUZZLES_PROGRESS)
    if got.fresh and got.value is not None:
        changed_here = not first and mine is not None and mine != got.base
        st.session_state[keys.PUZZLES_PROGRESS] = pm.merged(got.base, mine, got.value) if changed_here else got.value
    elif mine is None:
        st.session_state[keys.PUZZLES_PROGRESS] = pm.Progress()
    return True


def progress() -> pm.Progress:
    return st.session_state.get(keys.PUZZLES_PROGRESS) or pm.Progress()


def set_progress(p: pm.Progress) -> None:
    st.session_state[keys.PUZZLES_PROGRESS] = p


def keep() -> None:
    """Keep this session's progress in the browser (written only when it changed)."""
    try:
        browser_store.save(NAME, pm.to_json(progress()))
    except browser_store.StoreError as e:
        st.caption(t("Your puzzle progress is not kept in this browser: {reason}", reason=e.message))


def practice() -> tuple[bool, Practice | None]:
    """The practice match the Play page keeps in this browser: (the browser has answered, the match or None)."""
    got = browser_store.peek(PRACTICE, check=Practice.from_json)
    if not got.ready:
        return False, None
    if got.fresh:
        st.session_state[keys.PUZZLES_PRACTICE] = got.value
    return True, st.session_state.get(keys.PUZZLES_PRACTICE)
