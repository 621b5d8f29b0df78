"""Lesson progress kept in the browser, under AppTest (the browser store answers from
``session_state[STORE_MEMORY]``): with nothing stored the lessons work as before; an answer comes back
in a new session; bad kept progress gives one message and fresh progress."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from explorer.content.lessons import load_lessons
from explorer.ui import state
from explorer.ui import state as keys
from explorer.ui.shell import browser_store
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"
LESSON = "app_pages/lesson.py"
LESSONS_KEY = browser_store.storage_key("lessons")
CUTTING = {lesson.id: lesson for lesson in load_lessons()}["05-cutting"]
RIGHT = f"1/{len(CUTTING.questions)} right at the first try"
NONE_RIGHT = f"0/{len(CUTTING.questions)} right at the first try"


def open_page(page: str, *, memory: dict[str, str] | None = None) -> AppTest:
    """A new session (a reload) on ``page``, with ``memory`` as what this browser keeps."""
    at = AppTest.from_file(str(APP), default_timeout=30)
    if memory is not None:
        at.session_state[state.STORE_MEMORY] = dict(memory)
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def sidebar_text(at: AppTest) -> str:
    return "\n".join(m.value for m in at.sidebar.markdown)


def test_lessons_work_with_nothing_stored_and_keep_an_answer():
    at = open_page(LESSON)
    at.selectbox(key=keys.LESSON_PICKER).select("05-cutting").run()
    for _ in range(CUTTING.index("trump-lead-overtake")):
        action(at, keys.LESSON_NEXT).click().run()
    action(at, keys.lesson_card_key("05-cutting", "trump-lead-overtake", "KH")).click().run()
    assert not at.exception
    assert RIGHT in sidebar_text(at)
    value = json.loads(at.session_state[state.STORE_MEMORY][LESSONS_KEY])["value"]
    record = value["lessons"]["05-cutting"]["answers"]["trump-lead-overtake"]
    assert record["ever_right"] is True and record["given"] == "KH"

    again = open_page(LESSON, memory=at.session_state[state.STORE_MEMORY])
    again.selectbox(key=keys.LESSON_PICKER).select("05-cutting").run()
    assert RIGHT in sidebar_text(again)
    assert again.subheader[0].value == CUTTING.steps[CUTTING.index("trump-lead-overtake")].title
    assert any("K♥ is legal" in s.value for s in again.success)


@pytest.mark.parametrize("value, message", [
    pytest.param({"lessons": {"05-cutting": {"seen": "step"}}},
                 "lessons['05-cutting'].seen: a list of step ids, not str", id="seen-not-a-list"),
    pytest.param({"lessons": {"05-cutting": {"seen": [], "answers": {"x": {"attempts": 0}}}}},
                 "attempts: 0 is not a count of 1 or more", id="bad-attempts"),
    pytest.param([1, 2], "not lesson progress", id="not-progress"),
])
def test_bad_kept_progress_gives_one_message_and_fresh_progress(value, message):
    at = open_page(LESSON, memory={LESSONS_KEY: browser_store.encode(value)})
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "lesson progress kept in this browser could not be read" in errors[0], errors
    assert message in at.code[0].value
    assert NONE_RIGHT in sidebar_text(at)


def test_an_answer_given_as_another_tab_saved_its_own_keeps_both():
    at = open_page(LESSON)
    at.selectbox(key=keys.LESSON_PICKER).select("05-cutting").run()
    for _ in range(CUTTING.index("trump-lead-overtake")):
        action(at, keys.LESSON_NEXT).click().run()
    other = {"lessons": {"01-cards": {"seen": ["intro"], "answers": {}}}}
    at.session_state[state.STORE_MEMORY] = {LESSONS_KEY: browser_store.encode(other)}   # another tab saved ...
    action(at, keys.lesson_card_key("05-cutting", "trump-lead-overtake", "KH")).click().run()   # ... as this answers
    assert not at.exception, at.exception
    value = json.loads(at.session_state[state.STORE_MEMORY][LESSONS_KEY])["value"]
    assert "intro" in value["lessons"]["01-cards"]["seen"]                         # the other tab's progress
    assert value["lessons"]["05-cutting"]["answers"]["trump-lead-overtake"]["given"] == "KH"   # and this one's
