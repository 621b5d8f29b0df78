"""The browser store's session logic under AppTest (a dict stands in for localStorage): when it writes,
when it holds back, and what a page learns from each answer."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from explorer.ui import state as keys
from explorer.ui.shell import browser_store
from tests.app.taps import action

KEY = browser_store.storage_key("counter")


def page():
    import streamlit as st

    from explorer.ui.shell import browser_store

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
    action(at, "add").click().run()
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
    action(at, "add").click().run()
    assert stored(at) == 1 and at.session_state[keys.STORE_MEMORY][KEY + ":unreadable"] == bad


def test_another_tabs_change_arrives_once_as_a_fresh_answer():
    at = session({KEY: browser_store.encode(2)})
    at.session_state[keys.STORE_MEMORY] = {KEY: browser_store.encode(9)}  # another tab saved
    at.run()
    assert at.session_state["count"] == 9 and at.session_state["fresh"] == 2
    assert not at.session_state["sent"]
    at.run()
    assert at.session_state["fresh"] == 2


# --- which answers rerun the page (the reader answers in a fragment; only news reruns the app) -------------

def _answer(text, seq=1, **more):
    return {"text": text, "tab": "t", "seq": seq, **more}


def test_a_first_answer_with_nothing_stored_does_not_rerun_the_page():
    assert not browser_store._news(browser_store._Slot(), _answer(None))


def test_a_first_answer_reruns_the_page_when_it_brings_a_value_a_problem_or_a_page_waits_for_it():
    assert browser_store._news(browser_store._Slot(), _answer('{"app":"baloot-explorer","format":1,"value":1}'))
    assert browser_store._news(browser_store._Slot(), _answer(None, error="SecurityError"))
    assert browser_store._news(browser_store._Slot(), _answer(None, size=300_000))
    assert browser_store._news(browser_store._Slot(waiting=True), _answer(None))


def test_a_change_made_before_the_first_answer_reruns_the_page_to_be_written():
    slot = browser_store._Slot()
    assert browser_store._news(slot, _answer(None)) is False
    slot.changed = True
    assert browser_store._news(slot, _answer(None))


def test_after_the_first_answer_only_another_text_reruns_the_page():
    slot = browser_store._Slot(known="a", answered=True, seen=("t", 1))
    assert not browser_store._news(slot, _answer("b", seq=1))  # the answer handled already
    assert not browser_store._news(slot, _answer("a", seq=2))  # the same text again
    assert browser_store._news(slot, _answer("b", seq=2))      # another tab's change


def _saves_before_any_answer():
    import streamlit as st

    from explorer.ui.shell import browser_store

    browser_store.save("counter", st.session_state.get("v", 0))  # the reader never drawn: no answer


def test_a_save_before_the_first_answer_writes_nothing_and_notes_a_change_for_the_answer_to_write():
    at = AppTest.from_function(_saves_before_any_answer, default_timeout=30)
    at.session_state[keys.STORE_MEMORY] = {}
    at.run()
    slot = at.session_state[keys.STORE_SLOTS]["counter"]
    assert (slot.first, slot.changed) == (browser_store.encode(0), False)
    at.session_state["v"] = 1
    at.run()
    slot = at.session_state[keys.STORE_SLOTS]["counter"]
    assert slot.changed and at.session_state[keys.STORE_MEMORY] == {}
    assert browser_store._news(slot, _answer(None))


# --- a write is made only over the text it was drawn from (compare-and-set) --------------------------------------

def _racing_page():
    import streamlit as st

    from explorer.ui import state as keys
    from explorer.ui.shell import browser_store

    got = browser_store.read("counter")
    if got.fresh:
        st.session_state["seen"] = [*st.session_state.get("seen", []), (got.value, got.base, got.refused)]
        if got.value is not None:
            st.session_state["count"] = got.value
    st.session_state.setdefault("count", 0)
    if st.session_state.pop("race", None) is not None:  # another tab writes after this run read, before it saves
        st.session_state[keys.STORE_MEMORY][browser_store.storage_key("counter")] = browser_store.encode(40)
        st.session_state["count"] += 1
    browser_store.save("counter", st.session_state["count"])


def test_a_write_drawn_before_another_tabs_is_not_made_and_the_page_learns_what_it_built_on():
    at = AppTest.from_function(_racing_page, default_timeout=30)
    at.session_state[keys.STORE_MEMORY] = {KEY: browser_store.encode(3)}
    at.run()
    at.session_state["race"] = True
    at.run()                                                    # this tab's 4 raced the other tab's 40
    assert stored(at) == 40                                      # not overwritten
    at.run()                                                    # the reader's answer to the refused write
    assert at.session_state["seen"][-1] == (40, 3, True)         # theirs, what this tab built on, refused
    assert at.session_state["count"] == 40 and stored(at) == 40


def test_an_unusable_text_is_set_aside_by_the_write_that_is_made_not_by_a_refused_one():
    bad = browser_store.encode("five")
    at = AppTest.from_function(_racing_page, default_timeout=30)
    at.session_state[keys.STORE_MEMORY] = {KEY: bad}
    at.run()
    at.session_state["race"] = True
    at.run()                                                    # the write that would set "five" aside is refused
    assert KEY + ":unreadable" not in at.session_state[keys.STORE_MEMORY]
    assert stored(at) == 40
