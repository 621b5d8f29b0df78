"""Lesson progress as kept in the browser: the model's dict round-trips, bad kept values are named."""

from __future__ import annotations

import re

import pytest

from explorer.content.lessons import grade, load_lessons
from explorer.ui.lessons.store import ProgressError, export, read_progress, resume_steps
from explorer.ui.shell import browser_store

LESSONS = {lesson.id: lesson for lesson in load_lessons()}


def progress_with_answers() -> dict:
    lesson = LESSONS["05-cutting"]
    step = lesson.steps[lesson.index("trump-lead-overtake")]
    right = grade(step, "KH")
    return {"05-cutting": {"seen": {s.id for s in lesson.steps[:4]},
                           "answers": {step.id: {"given": "KH", "feedback": right, "correct": True,
                                                 "first_right": False, "ever_right": True, "attempts": 2,
                                                 "revealed": True}}},
            "01-cards": {"seen": set(), "answers": {}}}


def test_progress_with_graded_answers_round_trips_through_the_stored_text():
    progress = progress_with_answers()
    text = browser_store.encode(export(progress))
    assert browser_store.decode(text, check=read_progress) == progress
    assert browser_store.encode(export(read_progress(export(progress)))) == text   # one spelling


@pytest.mark.parametrize("attempts, first_right", [(1, True), (2, False)])
def test_progress_kept_before_first_attempts_counted_apart_counts_only_a_single_right_attempt(attempts, first_right):
    value = export(progress_with_answers())
    record = value["lessons"]["05-cutting"]["answers"]["trump-lead-overtake"]
    del record["first_right"], record["revealed"]
    record["attempts"] = attempts
    read = read_progress(value)["05-cutting"]["answers"]["trump-lead-overtake"]
    assert read["first_right"] is first_right and read["revealed"] is False


def test_a_restored_lesson_opens_at_the_furthest_step_seen():
    lesson = LESSONS["05-cutting"]
    progress = {"05-cutting": {"seen": {lesson.steps[0].id, lesson.steps[3].id}, "answers": {}}}
    assert resume_steps(progress, {"05-cutting": [s.id for s in lesson.steps]}) == {"05-cutting": 3}


@pytest.mark.parametrize("mutate, message", [
    pytest.param(lambda v: v["lessons"]["05-cutting"]["answers"]["trump-lead-overtake"].update(correct="yes"),
                 ".correct: 'yes' is not true or false", id="correct-not-bool"),
    pytest.param(lambda v: v["lessons"]["05-cutting"]["answers"]["trump-lead-overtake"]["feedback"].pop("reason"),
                 ".feedback: not the feedback of an answer", id="feedback-field-missing"),
    pytest.param(lambda v: v["lessons"]["05-cutting"]["answers"]["trump-lead-overtake"]["feedback"].update(reason=3),
                 ".feedback.reason: 3 is not str", id="feedback-reason-not-text"),
    pytest.param(lambda v: v["lessons"]["05-cutting"]["seen"].append(""),
                 "lessons['05-cutting'].seen: '' is not an id", id="empty-step-id"),
    pytest.param(lambda v: v["lessons"].update({"x" * 101: {}}), "is not an id", id="id-too-long"),
    pytest.param(lambda v: v.pop("lessons"), "not lesson progress", id="no-lessons"),
])
def test_damaged_progress_is_refused_with_the_place_named(mutate, message):
    progress = progress_with_answers()
    value = export(progress)
    mutate(value)
    with pytest.raises(ProgressError, match=re.escape(message)):
        read_progress(value)
