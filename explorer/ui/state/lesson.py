"""Keys of the lessons (``lesson.``)."""

LESSON_PICKER = "lesson.picker"
"""Selectbox: the lesson shown (its id, e.g. ``05-cutting``)."""
LESSON_NEXT = "lesson.next"
"""Button: the next step."""
LESSON_BACK = "lesson.back"
"""Button: the previous step."""
LESSON_NEXT_LESSON = "lesson.next_lesson"
"""Button on the last step: open the next lesson."""
LESSON_CLASS = "lesson.class"
"""Button: start a class asking this lesson's questions (the Classroom page)."""
LESSON_RESET = "lesson.reset"
"""Button: forget this lesson's progress and answers and go back to its first step."""
LESSON_PROGRESS = "lesson.progress"
"""Dict: lesson id → ``{"seen": set of step ids, "answers": {step id: record}}`` (see ``lesson_state``)."""
LESSON_STEP_PREFIX = "lesson.step."
"""Prefix of the current step index of each lesson: :func:`lesson_step_key`."""
LESSON_QUESTION_PREFIX = "lesson.q."
"""Prefix of the question widgets: :func:`lesson_question_key`."""
LESSON_WIDGET_PREFIX = "lesson.w."
"""Prefix of the interactive blocks' widgets: :func:`lesson_widget_key`."""


def lesson_step_key(lesson_id: str) -> str:
    """A lesson's current step index."""
    return f"{LESSON_STEP_PREFIX}{lesson_id}"


def lesson_question_key(lesson_id: str, step_id: str, part: str) -> str:
    """One widget of a step's question: ``input``, ``check``, ``empty``, ``reveal`` or ``card.<CARD>``.

    >>> lesson_question_key("05-cutting", "follow-suit", "input")
    'lesson.q.05-cutting.follow-suit.input'
    """
    return f"{LESSON_QUESTION_PREFIX}{lesson_id}.{step_id}.{part}"


def lesson_card_key(lesson_id: str, step_id: str, card: str) -> str:
    """The button of one card in a card question."""
    return lesson_question_key(lesson_id, step_id, f"card.{card}")


def lesson_widget_key(lesson_id: str, step_id: str, part: str) -> str:
    """One widget of a step's interactive block (``deal_demo`` and the like)."""
    return f"{LESSON_WIDGET_PREFIX}{lesson_id}.{step_id}.{part}"




# Lesson progress kept in the browser
LESSON_RESTORED = "lesson.restored"
"""True once the progress kept in this browser has been merged into this session's."""
