"""The learner's progress in the lessons: which steps were seen and how each question was answered.

Progress lives for the session only, under ``lesson.progress``; :func:`summary` gives the
numbers the sidebar shows. The keys (``lesson.*``) are named in :mod:`explorer.ui.state`.

>>> summary(type("L", (), {"id": "x", "steps": [], "questions": []})())
{'steps_done': 0, 'steps': 0, 'right': 0, 'questions': 0}
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from explorer.ui import state


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
    """Remember an answer and its feedback; a question stays "right" once answered right."""
    answers = progress(lesson_id)["answers"]
    old = answers.get(step_id, {})
    answers[step_id] = {
        "given": given,
        "feedback": feedback,
        "correct": bool(feedback.correct),
        "ever_right": bool(old.get("ever_right")) or bool(feedback.correct),
        "attempts": int(old.get("attempts", 0)) + 1,
    }


def answer(lesson_id: str, step_id: str) -> dict[str, Any] | None:
    """The last answer to a step's question, or None."""
    return progress(lesson_id)["answers"].get(step_id)


def summary(lesson: Any) -> dict[str, int]:
    """``steps_done`` (seen, and answered when it has a question), ``steps``, ``right``, ``questions``."""
    rec = _all().get(lesson.id, {"seen": set(), "answers": {}})
    done = 0
    for s in lesson.steps:
        if s.id in rec["seen"] and (s.question is None or s.id in rec["answers"]):
            done += 1
    right = sum(1 for s in lesson.questions if rec["answers"].get(s.id, {}).get("ever_right"))
    return {"steps_done": done, "steps": len(lesson.steps), "right": right, "questions": len(lesson.questions)}


def reset(lesson_id: str) -> None:
    """Callback: forget a lesson's progress, answers and widget values; back to its first step."""
    _all().pop(lesson_id, None)
    prefixes = (f"{state.LESSON_QUESTION_PREFIX}{lesson_id}.", f"{state.LESSON_WIDGET_PREFIX}{lesson_id}.")
    for key in [k for k in st.session_state if isinstance(k, str) and k.startswith(prefixes)]:
        del st.session_state[key]
    st.session_state[state.lesson_step_key(lesson_id)] = 0
