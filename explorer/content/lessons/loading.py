"""Reading lesson files: each checked against the model and the engine, its problems placed in the file.

>>> [lesson.id for lesson in load_lessons()][:2]
['01-cards', '02-deal']
>>> parse_lesson({"title": "x"}, lesson_id="x")
Traceback (most recent call last):
...
explorer.content.lessons.model.LessonError: ...
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from explorer.content.lessons.model import (
    _ASK_KIND,
    _WIDGET_KIND,
    LESSONS_DIR,
    ROOT,
    Lesson,
    LessonError,
    Step,
)
from explorer.engine.core.errors import ScenarioError
from explorer.engine.files.loader import load_yaml
from explorer.engine.files.scenario import loc_path

# --- loading ---------------------------------------------------------------------------------------

def step_where(lesson: Lesson, step: Step) -> str | None:
    """Where a step's texts are in the content catalogue: ``lessons/05-cutting.yaml#third-cut`` (its msgctxt
    without the field), or None for a lesson not read from this repository's files."""
    if lesson.path is None:
        return None
    return f"{Path(_rel(lesson.path)).as_posix()}#{step.id}"


def _rel(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def _step_label(steps: Any, i: int) -> str:
    sid = None
    if isinstance(steps, list) and i < len(steps) and isinstance(steps[i], dict):
        sid = steps[i].get("id")
    return f"steps[{i}]" + (f" ({sid})" if sid else "")


def _where(loc: tuple[Any, ...], raw: dict[str, Any]) -> str:
    """A pydantic location as ``steps[3] (third-cut): question.expect``."""
    if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
        rest = loc_path(loc[2:])
        head = _step_label(raw.get("steps"), loc[1])
        return f"{head}: {rest}" if rest else head
    return loc_path(loc)


def _message(err: dict[str, Any]) -> str:
    msg = err.get("msg", "")
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
    typ = err.get("type", "")
    if typ == "missing":
        return "missing (required)"
    if typ == "extra_forbidden":
        return "is not a lesson key (see lessons/README.md)"
    if typ == "literal_error":
        return f"{err.get('input')!r} is not one of {msg.split('Input should be ', 1)[-1]}"
    return msg


def parse_lesson(raw: Any, *, lesson_id: str, path: Path | None = None) -> Lesson:
    """Validate a parsed lesson document; :class:`LessonError` names the file and the step of each problem."""
    name = _rel(path) if path else lesson_id
    if not isinstance(raw, dict):
        raise LessonError(f"{name}: a lesson is a mapping with title, summary and steps")
    try:
        lesson = Lesson.model_validate(raw)
    except ValidationError as e:
        lines = []
        for err in e.errors():
            line = f"{name}: {_where(tuple(err['loc']), raw)}: {_message(err)}"
            if line not in lines:
                lines.append(line)
        raise LessonError(lines) from None
    lesson._id = lesson_id
    lesson._path = path
    problems: list[str] = []
    if not lesson.steps:
        problems.append(f"{name}: steps: a lesson has at least one step")
    seen: set[str] = set()
    for i, step in enumerate(lesson.steps):
        if step.id is None:
            step.id = f"step-{i + 1}"
        where = f"{name}: steps[{i}] ({step.id})"
        if not re.fullmatch(r"[A-Za-z0-9_-]+", step.id):
            problems.append(f"{where}: id: use letters, digits, - and _ only")
        if step.id in seen:
            problems.append(f"{where}: id: {step.id!r} is used by another step")
        seen.add(step.id)
        if step.scenario_file is not None:
            file = (ROOT / step.scenario_file).resolve()
            if ROOT not in file.parents or not file.is_file():
                problems.append(f"{where}: scenario_file: {step.scenario_file} is not a file of this repository")
            else:
                try:
                    doc = load_yaml(file.read_bytes())
                except ScenarioError as e:
                    problems += [f"{where}: scenario_file: {step.scenario_file}: {p}" for p in e.problems]
                    doc = None
                if doc is not None and not (isinstance(doc, dict) and "kind" in doc):
                    problems.append(f"{where}: scenario_file: {step.scenario_file} is not a scenario (no kind:)")
                elif doc is not None:
                    step._doc = doc
        problems += [f"{where}: {p}" for p in _needs(step)]
    if problems:
        raise LessonError(problems)
    return lesson


def _needs(step: Step) -> list[str]:
    """What a question or widget requires of its step (a play scenario, a deal...)."""
    out: list[str] = []
    q = step.question
    kind = step.kind
    if q is not None:
        want = _ASK_KIND.get(q.ask)
        if want and kind != want:
            out.append(f"question.ask: {q.ask} needs a {want} scenario in the step"
                       + (f", not {kind}" if kind else ""))
        if q.ask == "verdict" and kind is None:
            out.append("question.ask: verdict needs a scenario in the step")
        if q.ask == "deal" and step.deal is None:
            out.append("question.ask: deal needs a deal: block in the step")
        if q.ask in ("trick_winner", "trick_points") and kind == "play":
            cards = (step.doc.get("current") or {}).get("cards") or []
            if not cards:
                out.append(f"question.ask: {q.ask} needs cards on the table (current.cards)")
    if step.widget in _WIDGET_KIND and kind is not None and kind != _WIDGET_KIND[step.widget]:
        out.append(f"widget: {step.widget} starts from a {_WIDGET_KIND[step.widget]} scenario, not {kind}")
    if step.widget == "play_puzzle" and kind is None:
        out.append("widget: play_puzzle needs a play scenario to start from")
    return out


@lru_cache(maxsize=64)
def _load_cached(path: str, mtime: int) -> Lesson:
    p = Path(path)
    try:  # the engine's safe reading: bounded, every problem located (bad bytes, depth, numbers...)
        raw = load_yaml(p.read_bytes())
    except ScenarioError as e:
        raise LessonError([f"{_rel(p)}: {problem}" for problem in e.problems]) from None
    except OSError as e:
        raise LessonError(f"{_rel(p)}: cannot be read ({e.strerror})") from None
    return parse_lesson(raw, lesson_id=p.stem, path=p)


def load_lesson(path: Path | str) -> Lesson:
    """One lesson file, validated (cached while the file is unchanged)."""
    p = Path(path).resolve()
    if not p.is_file():
        raise LessonError(f"{_rel(p)}: no such lesson file")
    return _load_cached(str(p), p.stat().st_mtime_ns)


def lesson_files(folder: Path = LESSONS_DIR) -> list[Path]:
    """The lesson files in name order."""
    return sorted(folder.glob("*.yaml"))


def load_lessons(folder: Path = LESSONS_DIR) -> list[Lesson]:
    """Every lesson in ``folder``, in file-name order; one LessonError with every file's problems."""
    lessons: list[Lesson] = []
    problems: list[str] = []
    for p in lesson_files(folder):
        try:
            lessons.append(load_lesson(p))
        except LessonError as e:
            problems += e.problems
    if problems:
        raise LessonError(problems)
    return lessons
