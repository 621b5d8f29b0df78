"""Grading a learner's answer against the engine's, and checking that a lesson's prose agrees with the engine.

>>> from explorer.content.lessons.loading import LESSONS_DIR, load_lesson
>>> step = load_lesson(LESSONS_DIR / "01-cards.yaml").step("sun-winner")
>>> grade(step, "TD").correct, grade(step, "AC").correct
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from explorer.content.lessons.answers import (
    EngineAnswer,
    bidding_state,
    deal_of,
    display,
    engine_answer,
    judge,
    normalise,
)
from explorer.content.lessons.loading import _rel
from explorer.content.lessons.model import PAGE_STYLE, Lesson, LessonError, NotUnderProfile, Step
from explorer.content.translations import content
from explorer.engine.core.cards import Card, CardError
from explorer.engine.core.errors import ScenarioError
from explorer.engine.core.i18n import Msg, Style
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile


@dataclass(frozen=True)
class Feedback:
    """How one answer was judged: right or not, the engine's reason, the author's explanation."""

    correct: bool
    given: str
    answer: str
    reason: str
    explain: str
    differs_from_text: bool = False
    assumed_default: bool = False
    """The scenario's calls do not happen this way under the learner's profile, so the answer was judged
    under the default rules the lesson assumes (see :func:`not_under`)."""
    broken: str = ""
    """For a card that is not allowed: the rule it breaks, said without naming the right card (a hint before the
    answer is shown)."""


def expected(step: Step) -> Any:
    """The author's ``expect``, normalised like an answer (a sorted list for ``legal_card``)."""
    q = step.question
    if q.ask == "legal_card":
        return sorted(normalise(c, "card") for c in q.expect)
    return normalise(q.expect, q.input if q.input != "choice" else None) if q.expect is not None else None


def agrees(step: Step, answer: EngineAnswer) -> bool:
    """Whether the engine's answer is the one the lesson's text expects."""
    want = expected(step)
    if step.question.ask == "legal_card":
        return sorted(answer.accepted) == want
    return answer.value == want


def not_under(step: Step, profile: RuleProfile | None, style: Style = PAGE_STYLE) -> str | None:
    """Why the step's question cannot be asked under ``profile`` (the engine's words), or None when it can.

    Then the lesson assumes the default rules and :func:`grade` judges the answer under them.
    """
    if step.question is None or profile is None or step.doc is None or step.doc.get("profile") is not None:
        return None
    try:
        engine_answer(step, profile, style)
    except NotUnderProfile as e:
        return e.reason
    return None


def grade(step: Step, given: Any, profile: RuleProfile | None = None, style: Style = PAGE_STYLE,
          where: str | None = None) -> Feedback:
    """Judge a learner's answer against the engine (under ``profile`` unless the scenario names one).

    A question that ``profile`` cannot ask (:func:`not_under`) is judged under the default rules. The feedback's
    words are in ``style``'s language; ``where`` (``lessons/05-cutting.yaml#third-cut``) finds the translations
    of the author's texts (choice labels, the explanation).
    """
    q = step.question
    try:  # one engine run: a question ``profile`` cannot ask (:func:`not_under`) falls back to the default rules
        answer, assumed_default = engine_answer(step, profile, style, where), False
    except NotUnderProfile:
        answer, assumed_default = engine_answer(step, DEFAULT_PROFILE, style, where), True
    how = q.input if q.input != "choice" else None
    try:
        value = normalise(given, how) if given is not None else None
    except (ValueError, TypeError, CardError):
        value = given
    correct = answer.accepts(value)
    reason = answer.reason
    broken = ""
    if q.ask in ("legal_card",) and isinstance(value, str) and value in answer.verdicts:
        reason = answer.verdicts[value][1]
        if not answer.verdicts[value][0]:
            broken = rule_broken(value, answer.requirement, style)
    shown = display(given, q, style, where)
    explained = content(q.explain, f"{where}.question.explain" if where else None, style.lang)
    return Feedback(correct, shown, answer.display, reason, explained, not agrees(step, answer), assumed_default,
                    broken)


def rule_broken(card: str, requirement: str, style: Style = PAGE_STYLE) -> str:
    """What rule a card that is not allowed breaks, without naming the card that is (the engine's requirement:
    "you must follow suit with hearts").

    >>> rule_broken("KS", "you must follow suit with hearts")
    'K♠ breaks the rule here: you must follow suit with hearts.'
    >>> rule_broken("KS", "")
    'K♠ breaks a rule of this trick.'
    """
    if not requirement:
        return Msg("{card} breaks a rule of this trick.", card=Card.parse(card)).render(style)
    return Msg("{card} breaks the rule here: {requirement}.", card=Card.parse(card),
               requirement=requirement).render(style)


def check_lesson(lesson: Lesson, profile: RuleProfile | None = None) -> list[str]:
    """Every scenario judged and every ``expect`` compared with the engine: one line per disagreement."""
    name = _rel(lesson.path) if lesson.path else lesson.id
    problems: list[str] = []
    for i, step in enumerate(lesson.steps):
        where = f"{name}: steps[{i}] ({step.id})"
        if step.doc is not None:
            checked = judge(step.doc, profile)
            problems += [f"{where}: scenario: {e}" for e in checked.errors]
            if checked.ok and step.kind == "bidding" and step.question and step.question.ask == "call_legal":
                _, err = bidding_state(step.doc, profile)
                if err:
                    problems.append(f"{where}: scenario: an illegal call stops the bidding: {err}")
        if step.deal is not None:
            try:
                deal_of(step.deal)
            except ValueError as e:
                problems.append(f"{where}: deal: {e}")
        if step.question is None or any(p.startswith(where) for p in problems):
            continue
        try:
            answer = engine_answer(step, profile)
        except (LessonError, KeyError, ScenarioError, ValueError) as e:
            lines = e.problems if isinstance(e, LessonError) else [str(e)]
            problems += [f"{where}: question: {x}" for x in lines]
            continue
        if not agrees(step, answer):
            problems.append(f"{where}: question.expect is {step.question.expect!r} but the engine says "
                            f"{answer.value!r} ({answer.reason})")
    return problems


def play_rule_ids(lessons: Iterable[Lesson], profile: RuleProfile | None = None) -> set[str]:
    """The engine's ``rule_id`` for every play scenario with a question in these lessons."""
    out: set[str] = set()
    for lesson in lessons:
        for step in lesson.questions:
            if step.kind == "play":
                checked = judge(step.doc, profile)
                if checked.ok:
                    out.add(checked.output["rule_id"])
    return out


def lesson_by_id(lessons: Iterable[Lesson], lesson_id: str) -> Lesson:
    for lesson in lessons:
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(lesson_id)

