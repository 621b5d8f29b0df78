"""The learner's progress in the lessons: which steps were seen and how each question was answered.

Progress lives for the session only, under ``lesson.progress``; :func:`summary` gives the
numbers the sidebar shows. The keys (``lesson.*``) are named in :mod:`explorer.ui.state`.

>>> summary(type("L", (), {"id": "x", "steps": [], "questions": []})())
{'steps_done': 0, 'steps': 0, 'right': 0, 'retried': 0, 'questions': 0}
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from explorer.ui import state
from explorer.view.words import t, tn


def _all() -> dict[str, dict[str, Any]]:
    return st.session_state.setdefault(state.LESSON_PROGRESS, {})


def progress(lesson_id: str) -> dict[str, Any]:
    """This lesson's progress record (created empty)."""
    rec = _all().setdefault(lesson_id, {"seen": set(), "answers": {}})
    return rec


def current_step(lesson_id: str, count: int) -> int:
    """The step shown in this lesson, kept inside ``0 .. count - 1``."""
    i = st.session_state.get(state.lesson_step_key(lesson_id), 0)
    i = max(0, min(int(i), count - 1))
    st.session_state[state.lesson_step_key(lesson_id)] = i
    return i


def go(lesson_id: str, delta: int, count: int) -> None:
    """Callback: move ``delta`` steps (clamped)."""
    i = st.session_state.get(state.lesson_step_key(lesson_id), 0) + delta
    st.session_state[state.lesson_step_key(lesson_id)] = max(0, min(i, count - 1))


def mark_seen(lesson_id: str, step_id: str) -> None:
    progress(lesson_id)["seen"].add(step_id)


def record(lesson_id: str, step_id: str, given: Any, feedback: Any) -> None:
    """Remember an answer and its feedback. Only the first attempt counts as right or wrong for the
    score; a later right answer is a retry (``ever_right`` without ``first_right``)."""
    answers = progress(lesson_id)["answers"]
    old = answers.get(step_id)
    correct = bool(feedback.correct)
    answers[step_id] = {
        "given": given,
        "feedback": feedback,
        "correct": correct,
        "first_right": correct if old is None else bool(old.get("first_right")),
        "ever_right": correct or bool(old and old.get("ever_right")),
        "attempts": int(old.get("attempts", 0)) + 1 if old else 1,
        "revealed": bool(old and old.get("revealed")),
    }


def reveal(lesson_id: str, step_id: str) -> None:
    """Callback: the learner asked to see the answer after a wrong one (it stays shown)."""
    rec = answer(lesson_id, step_id)
    if rec is not None:
        rec["revealed"] = True


def answer(lesson_id: str, step_id: str) -> dict[str, Any] | None:
    """The last answer to a step's question, or None."""
    return progress(lesson_id)["answers"].get(step_id)


def shows_answer(rec: dict[str, Any] | None) -> bool:
    """Whether the page may show the engine's answer: after a right answer, or once the learner asked.

    >>> shows_answer(None), shows_answer({"correct": False, "revealed": False}), shows_answer({"correct": True})
    (False, False, True)
    """
    return bool(rec) and (bool(rec.get("correct")) or bool(rec.get("revealed")))


def summary(lesson: Any) -> dict[str, int]:
    """``steps_done`` (seen, and answered when it has a question), ``steps``, ``right`` (at the first
    attempt), ``retried`` (right only after a wrong first attempt) and ``questions``."""
    rec = _all().get(lesson.id, {"seen": set(), "answers": {}})
    done = 0
    for s in lesson.steps:
        if s.id in rec["seen"] and (s.question is None or s.id in rec["answers"]):
            done += 1
    answers = [rec["answers"].get(s.id, {}) for s in lesson.questions]
    right = sum(1 for a in answers if a.get("first_right"))
    retried = sum(1 for a in answers if a.get("ever_right") and not a.get("first_right"))
    return {"steps_done": done, "steps": len(lesson.steps), "right": right, "retried": retried,
            "questions": len(lesson.questions)}


def score_words(s: dict[str, int]) -> str:
    """The questions' score in words: first attempts, and the retries apart.

    >>> score_words({"right": 4, "retried": 2, "questions": 6})
    '4 of 6 right at the first try, 2 more after a retry'
    >>> score_words({"right": 6, "retried": 0, "questions": 6})
    '6 of 6 right at the first try'
    """
    text = t("{right} of {questions} right at the first try", right=s["right"], questions=s["questions"])
    if s.get("retried"):
        text += tn(", {n} more after a retry", ", {n} more after a retry", s["retried"])
    return text


def reset(lesson_id: str) -> None:
    """Callback: forget a lesson's progress, answers and widget values; back to its first step."""
    _all().pop(lesson_id, None)
    prefixes = (f"{state.LESSON_QUESTION_PREFIX}{lesson_id}.", f"{state.LESSON_WIDGET_PREFIX}{lesson_id}.")
    for key in [k for k in st.session_state if isinstance(k, str) and k.startswith(prefixes)]:
        del st.session_state[key]
    st.session_state[state.lesson_step_key(lesson_id)] = 0
