"""Lessons as data: load ``lessons/*.yaml``, validate them, and check answers by asking the engine.

No ``streamlit`` here: the page (``explorer/app_pages/lesson.py``) and the widgets
(:mod:`explorer.ui.lessons.view`, :mod:`explorer.ui.lessons.widgets`) render; this module
decides. The schema is documented in ``lessons/README.md``.

It lives in ``explorer/content``, not in ``explorer/ui`` (it draws nothing and imports no UI
library) and not in ``explorer/engine`` (the engine holds the rules and knows nothing of
lessons, as it knows nothing of the app): it is the lessons' model, which asks the engine
every answer, every reason and every number of the rule tables. Its modules: :mod:`.model` (what a file may
say), :mod:`.loading` (reading and checking files), :mod:`.answers` (asking the engine), :mod:`.grading`
(a learner's answer against the engine's).

A question never stores its answer as the truth: ``expect`` is what the author
wrote from the rules, and :func:`engine_answer` asks the engine. The tests fail when
the two disagree, so the prose cannot drift from the rules.

>>> lesson = load_lesson(LESSONS_DIR / "01-cards.yaml")
>>> step = lesson.step("sun-winner")
>>> engine_answer(step).value
'TD'
>>> grade(step, "AC").correct
False
"""

from explorer.content.lessons.answers import (
    EngineAnswer,
    bidding_state,
    choice_label,
    deal_facts,
    deal_of,
    display,
    engine_answer,
    judge,
    read_path,
    scenario_profile,
    table_facts,
    trick_points_reason,
    trick_view,
    trick_winner_reason,
)
from explorer.content.lessons.grading import (
    Feedback,
    agrees,
    check_lesson,
    expected,
    grade,
    not_under,
    play_rule_ids,
)
from explorer.content.lessons.loading import lesson_files, load_lesson, load_lessons, parse_lesson, step_where
from explorer.content.lessons.model import (
    ASKS,
    INPUTS,
    LESSONS_DIR,
    PAGE_STYLE,
    ROOT,
    WIDGETS,
    Choice,
    DealBlock,
    Lesson,
    LessonError,
    NotUnderProfile,
    Question,
    Step,
    normalise,
)

__all__ = [
    "ASKS",
    "Choice",
    "DealBlock",
    "EngineAnswer",
    "Feedback",
    "INPUTS",
    "LESSONS_DIR",
    "Lesson",
    "PAGE_STYLE",
    "LessonError",
    "NotUnderProfile",
    "Question",
    "ROOT",
    "Step",
    "WIDGETS",
    "agrees",
    "bidding_state",
    "check_lesson",
    "choice_label",
    "deal_facts",
    "deal_of",
    "display",
    "engine_answer",
    "expected",
    "grade",
    "judge",
    "lesson_files",
    "load_lesson",
    "load_lessons",
    "normalise",
    "not_under",
    "parse_lesson",
    "play_rule_ids",
    "read_path",
    "scenario_profile",
    "step_where",
    "table_facts",
    "trick_points_reason",
    "trick_view",
    "trick_winner_reason",
]
