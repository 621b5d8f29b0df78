"""The browser store's session logic under AppTest (a dict stands in for localStorage): when it writes,
when it holds back, and what a page learns from each answer."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from explorer.ui import browser_store
from explorer.ui import state as keys

KEY = browser_store.storage_key("counter")


def page():
    import streamlit as st

    from explorer.ui import browser_store

    def check(value):
        if not isinstance(value, int):
            raise ValueError(f"{value!r} is not a count")
        return value

    got = browser_store.read("counter", check=check)
    if got.fresh:
        st.session_state["count"] = got.value or 0
        st.session_state["fresh"] = st.session_state.get("fresh", 0) + 1
    st.session_state.setdefault("count", 0)
    if st.button("add", key="add"):
        st.session_state["count"] += 1
    browser_store.problem_box("counter", "counter")
    st.session_state["sent"] = browser_store.save("counter", st.session_state["count"])
    st.session_state["loaded"] = browser_store.load("counter", check=check)


def session(memory: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_function(page, default_timeout=30)
    if memory is not None:
        at.session_state[keys.STORE_MEMORY] = dict(memory)
    at.run()
    assert not at.exception, at.exception
    return at


def stored(at: AppTest):
    text = at.session_state[keys.STORE_MEMORY].get(KEY)
    return None if text is None else json.loads(text)["value"]


def test_nothing_stored_then_each_change_is_written_once():
    at = session()
    assert stored(at) == 0 and at.session_state["sent"]                   # the starting value
    at.run()
    assert not at.session_state["sent"]                                     # unchanged: no write
    at.button(key="add").click().run()
    assert stored(at) == 1 and at.session_state["sent"]
    assert at.session_state["loaded"] == 1 and at.session_state["fresh"] == 1


def test_a_kept_value_comes_back_and_is_not_rewritten():
    at = session({KEY: browser_store.encode(5)})
    assert at.session_state["count"] == 5 and not at.session_state["sent"]


def test_an_unusable_value_is_held_until_the_user_changes_something_then_set_aside():
    bad = browser_store.encode("five")
    at = session({KEY: bad})
    assert at.session_state["count"] == 0
    assert "'five' is not a count" in at.code[0].value
    at.run()
    assert at.session_state[keys.STORE_MEMORY] == {KEY: bad}                # held, not overwritten
    at.button(key="add").click().run()
    assert stored(at) == 1 and at.session_state[keys.STORE_MEMORY][KEY + ":unreadable"] == bad


def test_another_tabs_change_arrives_once_as_a_fresh_answer():
    at = session({KEY: browser_store.encode(2)})
    at.session_state[keys.STORE_MEMORY] = {KEY: browser_store.encode(9)}  # another tab saved
    at.run()
    assert at.session_state["count"] == 9 and at.session_state["fresh"] == 2
    assert not at.session_state["sent"]
    at.run()
    assert at.session_state["fresh"] == 2
