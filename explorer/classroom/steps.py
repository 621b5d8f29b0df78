"""The questions of a class: a lesson's questions, or a set of library files, each a lesson :class:`Step`.

A class keeps its steps as small specs (JSON): ``{"lesson": "05-cutting", "index": 3}`` (a step of a lesson that
carries a question) or ``{"library": "play-follow-suit"}`` (a library file). :func:`resolve` turns a spec into a
:class:`ClassStep`: the lesson's own step, or for a library file a step whose question the engine can answer
(:func:`library_question`: the legal cards of a play, whether the buyer makes a score, which team scores its
projects, who buys in a bidding, whether a deal is clean). Every answer is graded by
:func:`explorer.content.lessons.grade`, as in the lessons; :func:`options` lists what a student may tap.

>>> step = resolve({"library": "play-follow-suit"})
>>> step.step.question.ask, sorted(options(step))
('legal_card', ['7H', '8C', '9D', 'AC', 'AD', 'JH', 'KD', 'KS'])
>>> grade_answer(step, "8C").correct, grade_answer(step, "7H").correct
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from explorer.content.lessons import (
    PAGE_STYLE,
    Feedback,
    Lesson,
    LessonError,
    NotUnderProfile,
    Question,
    Step,
    engine_answer,
    grade,
    judge,
    load_lessons,
    normalise,
    step_where,
    trick_view,
)
from explorer.content.library import Entry, load_entry
from explorer.content.translations import content
from explorer.engine.core.cards import SEATS, Seat
from explorer.engine.core.i18n import N_, Msg, Style
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile

MAX_STEPS = 40
"""The most questions a class may have."""
NUMBER_RANGE = (0, 1000)
"""The answers a number question accepts."""

NOBODY = N_("Nobody")
PROMPTS = {
    "play": N_("{seat} to play: tap a card {seat} may play."),
    "score": N_("Does the buyer make the contract?"),
    "projects": N_("Which team scores its projects?"),
    "bidding": N_("Who buys the contract? (Nobody: the cards are dealt again.)"),
    "deal": N_("Is every card of this deal legal?"),
}
"""The question a class asks of a library file, by kind."""


class StepError(ValueError):
    """A spec that names no question (an unknown lesson or file, a step without a question)."""


@dataclass(frozen=True)
class ClassStep:
    """One question of a class: the lesson step it asks (graded by the engine) and where it comes from."""

    spec: Mapping[str, Any]
    step: Step
    title: str
    where: str | None = None
    """The step's place in the content catalogue (``lessons/05-cutting.yaml#third-cut``), for its translations."""
    prompt_msg: Msg | None = None
    """A library file's question, as a message (a lesson's prompt is its author's text)."""

    @property
    def question(self) -> Question:
        return self.step.question

    def shown_title(self, lang: str) -> str:
        if self.where is None:
            return content(self.title, self.spec.get("library") and _library_where(self.spec["library"]), lang)
        return content(self.title, self.where + ".title", lang)

    def explanation(self, lang: str) -> str:
        """The author's explanation in ``lang``: the lesson's, or the library file's notes."""
        if self.where is None:
            return content(self.question.explain, f"data/scenarios/{self.spec['library']}.yaml#notes", lang)
        return content(self.question.explain, f"{self.where}.question.explain", lang)

    def prompt(self, lang: str) -> str:
        """The question in ``lang``: the library's message, or the lesson's prompt (its translation)."""
        if self.prompt_msg is not None:
            return self.prompt_msg.render(Style(lang=lang, cards="face"))
        return content(self.question.prompt, f"{self.where}.question.prompt" if self.where else None, lang)


def _library_where(stem: str) -> str:
    return f"data/scenarios/{stem}.yaml#title"


def lesson_specs(lesson: Lesson) -> list[dict[str, Any]]:
    """The specs of every step of ``lesson`` that asks a question."""
    return [{"lesson": lesson.id, "index": i} for i, s in enumerate(lesson.steps) if s.question is not None]


def library_specs(stems: Iterable[str]) -> list[dict[str, Any]]:
    return [{"library": stem} for stem in stems]


def library_question(entry: Entry, profile: RuleProfile | None = None) -> tuple[Question, Msg] | None:
    """The question a class asks of a library file and its prompt, or None when the engine has no answer to
    ask about (a file that cannot be read, a bidding that stops at an illegal call)."""
    if entry.doc is None or entry.errors:
        return None
    checked = judge(entry.doc, profile)
    if not checked.ok:
        return None
    out = checked.output
    kind = out.get("kind")
    explain = entry.notes or entry.title
    if kind == "play":
        seat = Seat.parse(out["to_play"])
        return (Question(prompt=PROMPTS["play"].format(seat=seat.title), ask="legal_card", input="card",
                         expect=list(out["legal"]), explain=explain),
                Msg(PROMPTS["play"], seat=Msg("{seat_title}", seat_title=seat.title, seat=seat)))
    if kind == "score" and isinstance(out.get("buyer_made"), bool):
        return (Question(prompt=PROMPTS["score"], ask="verdict", path="buyer_made", input="yes_no",
                         expect=out["buyer_made"], explain=explain), Msg(PROMPTS["score"]))
    if kind == "projects":
        choices = [{"label": "NS", "value": "NS"}, {"label": "EW", "value": "EW"}, {"label": NOBODY, "value": None}]
        return (Question(prompt=PROMPTS["projects"], ask="verdict", path="project_team", input="choice",
                         choices=choices, expect=out.get("project_team"), explain=explain), Msg(PROMPTS["projects"]))
    if kind == "bidding" and not out.get("error") and (out.get("contract") or out.get("redeal")):
        choices = [{"label": s.value, "value": s.value} for s in SEATS] + [{"label": NOBODY, "value": None}]
        buyer = (out.get("contract") or {}).get("buyer")
        return (Question(prompt=PROMPTS["bidding"], ask="verdict", path="contract.buyer" if buyer else "contract",
                         input="choice", choices=choices, expect=buyer, explain=explain), Msg(PROMPTS["bidding"]))
    if kind == "deal" and isinstance(out.get("valid"), bool):
        return (Question(prompt=PROMPTS["deal"], ask="verdict", path="valid", input="yes_no", expect=out["valid"],
                         explain=explain), Msg(PROMPTS["deal"]))
    return None


def askable(entry: Entry, profile: RuleProfile | None = None) -> bool:
    """Whether a class can ask a question of this library file."""
    return library_question(entry, profile) is not None


def resolve(spec: Mapping[str, Any], profile: RuleProfile | None = None, *, lessons: list[Lesson] | None = None,
            library: list[Entry] | None = None) -> ClassStep:
    """The question a spec names; :class:`StepError` when it names none."""
    if not isinstance(spec, Mapping):
        raise StepError("a step is a mapping")
    if "lesson" in spec:
        found = [x for x in (lessons if lessons is not None else load_lessons()) if x.id == spec["lesson"]]
        index = spec.get("index")
        if not found or not isinstance(index, int) or not 0 <= index < len(found[0].steps) \
                or found[0].steps[index].question is None:
            raise StepError(f"no question at {spec!r}")
        lesson = found[0]
        step = lesson.steps[index]
        return ClassStep(dict(spec), step, step.title, step_where(lesson, step))
    if "library" in spec:
        stem = spec["library"]
        entry = load_entry(stem) if library is None else next((e for e in library if e.stem == stem), None)
        asked = library_question(entry, profile) if entry is not None else None
        if asked is None:
            raise StepError(f"no question in the library file {spec['library']!r}")
        question, prompt = asked
        step = Step(id=entry.stem, title=entry.title, text=entry.notes or "", scenario=entry.doc, question=question)
        return ClassStep(dict(spec), step, entry.title, None, prompt)
    raise StepError(f"a step names a lesson or a library file, not {sorted(spec)}")


def resolve_all(specs: Iterable[Mapping[str, Any]], profile: RuleProfile | None = None) -> list[ClassStep]:
    """Every spec resolved (the lessons read once, each library file named read once)."""
    specs = list(specs)
    lessons = load_lessons() if any("lesson" in s for s in specs if isinstance(s, Mapping)) else []
    stems = {s["library"] for s in specs if isinstance(s, Mapping) and isinstance(s.get("library"), str)}
    library = [e for e in (load_entry(stem) for stem in sorted(stems)) if e is not None]
    return [resolve(s, profile, lessons=lessons, library=library) for s in specs]


def options(cs: ClassStep) -> list[Any] | None:
    """The answers a student may give: the cards to tap, the seats, teams, yes/no or the choices' values; None
    for a number (any whole number in :data:`NUMBER_RANGE`)."""
    q = cs.question
    if q.input == "card":
        doc = cs.step.doc or {}
        if q.ask == "trick_winner":
            return [str(c) for c in trick_view(doc).cards]
        return [str(c) for c in doc.get("hand") or []]
    if q.input == "seat":
        return [s.value for s in SEATS]
    if q.input == "team":
        return ["NS", "EW"]
    if q.input == "yes_no":
        return [True, False]
    if q.input == "choice":
        return [c.value for c in q.choices]
    return None


def valid_answer(cs: ClassStep, given: Any) -> bool:
    """Whether ``given`` is one of the answers on offer (a number: a whole number in range)."""
    allowed = options(cs)
    if allowed is None:
        return isinstance(given, int) and not isinstance(given, bool) and NUMBER_RANGE[0] <= given <= NUMBER_RANGE[1]
    return any(type(given) is type(a) and given == a for a in allowed)


def grade_answer(cs: ClassStep, given: Any, profile: RuleProfile | None = None,
                 style: Style = PAGE_STYLE) -> Feedback:
    """The engine's verdict on an answer, as the lessons grade it (its words in ``style``)."""
    try:
        return grade(cs.step, given, profile or DEFAULT_PROFILE, style, cs.where)
    except LessonError as e:  # pragma: no cover - resolve() has checked that the engine answers
        raise StepError(str(e)) from None


@dataclass(frozen=True)
class Verdict:
    """The engine's answer to a class's question: the answers on offer it counts right (or the number), why."""

    right: tuple[Any, ...]
    reason: str


def verdict(cs: ClassStep, profile: RuleProfile | None = None, style: Style = PAGE_STYLE) -> Verdict:
    """Which answers the engine counts right, and its reason in ``style``'s language (one engine run)."""
    q = cs.question
    try:
        answer = engine_answer(cs.step, profile or DEFAULT_PROFILE, style, cs.where)
    except NotUnderProfile:
        answer = engine_answer(cs.step, DEFAULT_PROFILE, style, cs.where)
    how = q.input if q.input != "choice" else None
    allowed = options(cs)
    if allowed is None:
        return Verdict((answer.value,), answer.reason)
    return Verdict(tuple(o for o in allowed if answer.accepts(normalise(o, how) if o is not None else None)),
                   answer.reason)
