"""Lesson progress kept in this browser, anonymously (as lichess keeps Learn progress).

:mod:`explorer.ui.lessons.state` stays the model; this module reads and writes its progress dict
(which steps were seen, each answer with its feedback) through :mod:`explorer.ui.shell.browser_store`.
The lesson page calls :func:`restore` before it shows a step (False on the first run of a session,
until the browser has answered) and :func:`keep` at its end.

Only the progress is kept, not the step each tab shows: two tabs that adopt each other's progress then
hold equal values and stop writing. A restored lesson opens at the furthest step seen.

>>> value = {"lessons": {"01-cards": {"seen": ["b", "a"], "answers": {}}}}
>>> progress = read_progress(value)
>>> progress["01-cards"]["seen"] == {"a", "b"}, export(progress) == {"lessons": {"01-cards": {"seen": ["a", "b"], "answers": {}}}}
(True, True)
>>> read_progress({"lessons": {"01-cards": {"seen": "a"}}})
Traceback (most recent call last):
...
explorer.ui.lessons.store.ProgressError: lessons['01-cards'].seen: a list of step ids, not str
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from explorer.content.lessons import Feedback
from explorer.engine.core.errors import at, short
from explorer.engine.core.i18n import N_, Code, Msg
from explorer.ui import state as keys
from explorer.ui.shell import browser_store
from explorer.ui.shell.lang import t

NAME = "lessons"
"""The name the progress is kept under: ``baloot-explorer:lessons``."""
WHAT = N_("lesson progress")
MAX_ID = 100
"""The longest lesson or step id accepted."""

_FEEDBACK_TYPES = {f.name: (bool if f.type in ("bool", bool) else str) for f in dataclasses.fields(Feedback)}
_FEEDBACK_REQUIRED = {f.name for f in dataclasses.fields(Feedback) if f.default is dataclasses.MISSING}
"""Fields added later have defaults, so progress kept before them still reads."""


class ProgressError(ValueError):
    """Kept progress that does not fit the model; the message says where (``problems``: the line, a message a page
    says in its language)."""

    def __init__(self, where: str, message: Msg) -> None:
        self.problems = [at(where, message)]
        super().__init__(self.problems[0])


def _id(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_ID:
        raise ProgressError(where, Msg("{value} is not an id", value=short(value)))
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ProgressError(where, Msg("{value} is not true or false", value=short(value)))
    return value


MAX_GIVEN = 200
"""The longest answer kept (a card, a seat, a number or a choice's value: a few characters)."""


def _given(value: Any, where: str) -> Any:
    """An answer as the question widgets give it: nothing, yes/no, a number, a text, or a list of them."""
    items = value if isinstance(value, list) and len(value) <= 32 else [value]
    for item in items:
        if item is None or isinstance(item, (bool, int)) or (isinstance(item, str) and len(item) <= MAX_GIVEN):
            continue
        raise ProgressError(where, Msg("not an answer (a card, a seat, a number, yes or no, or a choice)"))
    return value


def _answer(rec: Any, where: str) -> dict[str, Any]:
    if not isinstance(rec, Mapping):
        raise ProgressError(where, Msg("an answer is a mapping, not {type}", type=Code(type(rec).__name__)))
    attempts = rec.get("attempts")
    if not isinstance(attempts, int) or isinstance(attempts, bool) or attempts < 1:
        raise ProgressError(f"{where}.attempts", Msg("{value} is not a count of 1 or more", value=short(attempts)))
    fb = rec.get("feedback")
    if not isinstance(fb, Mapping) or not _FEEDBACK_REQUIRED <= set(fb) <= set(_FEEDBACK_TYPES):
        raise ProgressError(f"{where}.feedback", Msg("not the feedback of an answer"))
    for name, kind in _FEEDBACK_TYPES.items():
        if name in fb and not isinstance(fb[name], kind):
            raise ProgressError(f"{where}.feedback.{name}", Msg("{value} is not {type}", value=short(fb[name]),
                                                                 type=Code(kind.__name__)))
    ever_right = _bool(rec.get("ever_right"), f"{where}.ever_right")
    return {
        "given": _given(rec.get("given"), f"{where}.given"),
        "feedback": Feedback(**fb),
        "correct": _bool(rec.get("correct"), f"{where}.correct"),
        "ever_right": ever_right,
        # kept before first attempts were told apart: only a single right attempt is surely a first
        "first_right": _bool(rec.get("first_right", ever_right and attempts == 1), f"{where}.first_right"),
        "attempts": attempts,
        "revealed": _bool(rec.get("revealed", False), f"{where}.revealed"),
    }


def read_progress(value: Any) -> dict[str, dict[str, Any]]:
    """The model's progress dict from a kept value; ProgressError names the first place that is wrong."""
    if not isinstance(value, Mapping) or not isinstance(value.get("lessons"), Mapping):
        raise ProgressError("", Msg("not lesson progress (a mapping with {key})", key=Code("lessons")))
    out: dict[str, dict[str, Any]] = {}
    for lesson_id, rec in value["lessons"].items():
        where = f"lessons[{short(lesson_id, 40)}]"
        _id(lesson_id, where)
        if not isinstance(rec, Mapping):
            raise ProgressError(where, Msg("a lesson's progress is a mapping, not {type}", type=Code(type(rec).__name__)))
        seen = rec.get("seen", [])
        if not isinstance(seen, list):
            raise ProgressError(f"{where}.seen", Msg("a list of step ids, not {type}", type=Code(type(seen).__name__)))
        answers = rec.get("answers", {})
        if not isinstance(answers, Mapping):
            raise ProgressError(f"{where}.answers", Msg("a mapping of step ids, not {type}",
                                                        type=Code(type(answers).__name__)))
        out[lesson_id] = {
            "seen": {_id(s, f"{where}.seen") for s in seen},
            "answers": {_id(k, f"{where}.answers"): _answer(a, f"{where}.answers[{short(k, 40)}]")
                        for k, a in answers.items()},
        }
    return out


def export(progress: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The JSON value of the model's progress dict (sets as sorted lists, feedback as a mapping)."""
    lessons = {}
    for lesson_id, rec in progress.items():
        lessons[lesson_id] = {
            "seen": sorted(rec.get("seen", ())),
            "answers": {step: {"given": a["given"], "correct": bool(a["correct"]),
                               "ever_right": bool(a["ever_right"]), "first_right": bool(a.get("first_right")),
                               "attempts": int(a["attempts"]), "revealed": bool(a.get("revealed")),
                               "feedback": dataclasses.asdict(a["feedback"])}
                        for step, a in rec.get("answers", {}).items()},
        }
    return {"lessons": lessons}


def resume_steps(progress: Mapping[str, Mapping[str, Any]], steps: Mapping[str, Sequence[str]]) -> dict[str, int]:
    """For each lesson with progress, the index of the furthest step seen.

    >>> resume_steps({"a": {"seen": {"s1", "s3"}}}, {"a": ["s1", "s2", "s3", "s4"], "b": ["t"]})
    {'a': 2}
    """
    out = {}
    for lesson_id, rec in progress.items():
        order = list(steps.get(lesson_id, ()))
        seen = [order.index(s) for s in rec.get("seen", ()) if s in order]
        if seen:
            out[lesson_id] = max(seen)
    return out


def merged(base: Mapping[str, Mapping[str, Any]] | None, mine: Mapping[str, Mapping[str, Any]],
           theirs: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Another tab's progress joined to this tab's: every step seen in either, and each answer as the tab that last
    answered it has it (this tab's where it answered since ``base``, the progress it had built on).

    >>> a = {"x": {"seen": {"s1"}, "answers": {}}}
    >>> mine = {"x": {"seen": {"s1", "s2"}, "answers": {"s2": "mine"}}}
    >>> theirs = {"x": {"seen": {"s1", "s3"}, "answers": {"s3": "theirs"}}, "y": {"seen": {"t"}, "answers": {}}}
    >>> m = merged(a, mine, theirs)
    >>> sorted(m["x"]["seen"]), m["x"]["answers"], sorted(m)
    (['s1', 's2', 's3'], {'s3': 'theirs', 's2': 'mine'}, ['x', 'y'])
    """
    out = copy.deepcopy(dict(theirs))
    before = base or {}
    for lesson_id, rec in mine.items():
        into = out.setdefault(lesson_id, {"seen": set(), "answers": {}})
        into["seen"] = set(into.get("seen", ())) | set(rec.get("seen", ()))
        was = before.get(lesson_id, {}).get("answers", {})
        for step, answer in rec.get("answers", {}).items():
            if answer != was.get(step) or step not in into["answers"]:
                into["answers"][step] = copy.deepcopy(answer)
    return out


def restore(lessons: Sequence[Any]) -> bool:
    """Bring in the progress kept in this browser; False until the browser has answered."""
    got = browser_store.read(NAME, check=read_progress, wait=True)
    if not got.ready:
        return False
    browser_store.problem_box(NAME, t(WHAT))
    first = not st.session_state.get(keys.LESSON_RESTORED)
    st.session_state[keys.LESSON_RESTORED] = True
    if got.fresh and got.value is not None:
        mine = st.session_state.get(keys.LESSON_PROGRESS)
        changed_here = not first and mine and mine != got.base  # answered here too, as another tab wrote
        st.session_state[keys.LESSON_PROGRESS] = merged(got.base, mine, got.value) if changed_here else \
            copy.deepcopy(got.value)
        if first:
            order = {lesson.id: [s.id for s in lesson.steps] for lesson in lessons}
            for lesson_id, index in resume_steps(got.value, order).items():
                st.session_state.setdefault(keys.lesson_step_key(lesson_id), index)
    return True


def keep() -> None:
    """Keep this session's progress in the browser (written only when it changed)."""
    browser_store.save(NAME, export(st.session_state.get(keys.LESSON_PROGRESS, {})))
