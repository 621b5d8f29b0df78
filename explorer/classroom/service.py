"""The classroom's operations, on a database every server process shares (no Streamlit, no module state).

A teacher :meth:`~Classroom.start`\\ s a class from a list of step specs (:mod:`explorer.classroom.steps`) and gets
its join code and the teacher's secret; students :meth:`~Classroom.join` with the code and get a seat token; the
teacher moves the class with the secret (:meth:`~Classroom.ask`: the first or the next question,
:meth:`~Classroom.close`, :meth:`~Classroom.reveal`, :meth:`~Classroom.end`), students :meth:`~Classroom.answer`
the open question with their token. Every refusal is a :class:`Refused` carrying a message.

- **Once**: an answer is unique per student and step (a database constraint): the same answer sent again
  counts once and says so, another answer to an answered question is refused.
- **Only the right person**: the code only joins; a seat token answers for its own seat only; every move of the
  class needs the teacher's secret; a student's view of the class holds no other student's name, nor whether an
  answer is right before the teacher reveals it.
- **Wrong codes are rate limited**: :data:`WRONG_CODE_LIMIT` a minute per session and per client address,
  counted in the database (so every server process counts them together).
- **Expiry**: a class is gone :data:`IDLE_SECONDS` after its last activity, or :data:`ENDED_SECONDS` after the
  teacher ended it (time to read the results and download them), or at once when the teacher deletes it; its
  students and answers are deleted with it (:meth:`~Classroom.expire`, run on every start and join; an expired
  class is refused before it is deleted).
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, and_, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from explorer.classroom import tokens
from explorer.classroom.db import WRITE
from explorer.classroom.schema import answers, attempts, classes, students
from explorer.classroom.steps import (
    MAX_STEPS,
    NUMBER_RANGE,
    ClassStep,
    StepError,
    grade_answer,
    options,
    resolve_all,
    valid_answer,
)
from explorer.engine.core.i18n import N_, Msg
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile, custom_profile

IDLE_SECONDS = 4 * 3600
"""A class nobody touched for this long (no move, no join, no answer) is deleted."""
ENDED_SECONDS = 3600
"""An ended class stays this long for its results, then is deleted."""
WRONG_CODE_LIMIT = 5
WRONG_CODE_WINDOW = 60.0
"""At most :data:`WRONG_CODE_LIMIT` wrong codes in :data:`WRONG_CODE_WINDOW` seconds, per session and per address."""
MAX_STUDENTS = 200

LOBBY, OPEN, CLOSED, REVEALED, ENDED = "lobby", "open", "closed", "revealed", "ended"
PHASES = (LOBBY, OPEN, CLOSED, REVEALED, ENDED)

REASONS: dict[str, str] = {
    "no_steps": N_("A class needs at least one question."),
    "too_many_steps": N_("A class has at most {n} questions."),
    "bad_step": N_("This set has a step without a question the engine can ask."),
    "teacher": N_("This teacher link does not open a class: it is wrong, or the class has ended and expired."),
    "too_many_codes": N_("Too many wrong codes: wait a minute, then try again."),
    "wrong_code": N_("No class has this code. Check the code on the screen and try again."),
    "ended": N_("This class has ended."),
    "full": N_("This class is full."),
    "long_name": N_("Your name is {n} characters long; a name has at most {limit}. Shorten it, or leave it empty "
                    "to stay anonymous."),
    "seat": N_("This seat is not in a class any more: join again with the code."),
    "not_open": N_("The question is closed: answers are not taken now."),
    "other_step": N_("That question is not the one asked now."),
    "not_an_option": N_("That is not one of the answers on offer."),
    "not_a_number": N_("Type a whole number from {low} to {high}."),
    "answered": N_("You have answered this question already."),
    "last_step": N_("This is the last question: end the class to see the results."),
    "not_asked": N_("No question is open."),
}
"""Why an operation is refused, by reason code: each a sentence for the person refused."""


class Refused(Exception):
    """An operation the service will not do: ``reason`` (a key of :data:`REASONS`) and its message."""

    def __init__(self, reason: str, **params: Any):
        self.reason = reason
        self.message = Msg(REASONS[reason], **params)
        super().__init__(str(self.message))


@dataclass(frozen=True)
class Started:
    class_id: int
    code: str
    teacher_secret: str


@dataclass(frozen=True)
class ClassState:
    """Where a class is: its questions, the step asked (``phase``: lobby, open, closed, revealed, ended)."""

    class_id: int
    code: str
    title: str
    specs: tuple[Mapping[str, Any], ...]
    profile: RuleProfile
    step: int
    phase: str
    version: int
    show_names: bool
    joined: int
    ended_at: float | None = None

    @property
    def steps(self) -> int:
        return len(self.specs)

    @property
    def last_step(self) -> bool:
        return self.step >= len(self.specs) - 1


@dataclass(frozen=True)
class Own:
    """A student's answer to one step: what was given, and whether it was right once the teacher revealed it."""

    step: int
    given: Any
    correct: bool | None


@dataclass(frozen=True)
class StudentState:
    """What a student's page may know: the class's state, the student's own name and own answer, nothing else."""

    cls: ClassState
    name: str | None
    own: Own | None


@dataclass(frozen=True)
class Tally:
    """The answers to the step asked: how many joined, answered and were right, and the count of each answer."""

    step: int
    joined: int
    answered: int
    right: int
    counts: dict[str, int] = field(default_factory=dict)
    """Each answer given (its JSON) and how many gave it."""
    right_answers: frozenset[str] = frozenset()
    """The answers (JSON) counted right."""

    @property
    def share_right(self) -> float:
        return self.right / self.answered if self.answered else 0.0


@dataclass(frozen=True)
class StepResult:
    index: int
    spec: Mapping[str, Any]
    answered: int
    right: int

    @property
    def share_right(self) -> float:
        return self.right / self.answered if self.answered else 0.0


def encode(value: Any) -> str:
    """An answer as stored and counted: canonical JSON (``"QH"``, ``true``, ``12``, ``null``)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def decode(text: str) -> Any:
    return json.loads(text)


class Classroom:
    """The classroom's operations on ``engine`` (its schema migrated: :func:`explorer.classroom.db.make_engine`).

    ``clock`` gives the time in seconds (tests pass their own to move time on). The instance keeps no state of a
    class: only the questions read from a class's specs, cached (the lessons and the library do not change while
    the app runs)."""

    def __init__(self, engine: Engine, clock: Callable[[], float] = time.time):
        self.engine = engine
        self.writer = engine.execution_options(**WRITE)
        self.clock = clock
        self._steps: dict[tuple[str, str], tuple[ClassStep, ...]] = {}

    # --- questions -------------------------------------------------------------------------------
    def questions(self, state: ClassState) -> tuple[ClassStep, ...]:
        """The questions of a class (resolved from its specs once per process)."""
        key = (encode(list(state.specs)), encode(state.profile.to_spec()))
        if key not in self._steps:
            if len(self._steps) > 64:
                self._steps.clear()
            self._steps[key] = tuple(resolve_all(state.specs, state.profile))
        return self._steps[key]

    # --- the teacher -----------------------------------------------------------------------------
    def start(self, specs: Sequence[Mapping[str, Any]], profile: RuleProfile | None = None, *, title: str = "",
              show_names: bool = False) -> Started:
        """A new class asking ``specs`` (judged under ``profile``): its code and the teacher's secret."""
        specs = [dict(s) for s in specs]
        if not specs:
            raise Refused("no_steps")
        if len(specs) > MAX_STEPS:
            raise Refused("too_many_steps", n=MAX_STEPS)
        profile = profile or DEFAULT_PROFILE
        try:
            resolve_all(specs, profile)
        except StepError:
            raise Refused("bad_step") from None
        self.expire()
        secret, now = tokens.new_teacher_secret(), self.clock()
        row = {"teacher_hash": tokens.digest(secret), "steps_json": encode(specs),
               "profile_json": encode(profile.to_spec()), "title": str(title)[:200], "show_names": bool(show_names),
               "step": 0, "phase": LOBBY, "version": 0, "created_at": now, "last_activity": now}
        for _ in range(20):  # a code already in use by a live class: draw another
            code = tokens.new_code()
            try:
                with self.writer.begin() as conn:
                    class_id = conn.execute(insert(classes).values(code=code, **row)).inserted_primary_key[0]
                return Started(int(class_id), code, secret)
            except IntegrityError:
                continue
        raise RuntimeError("no free join code after 20 draws")  # pragma: no cover - 31**6 codes

    def _live(self, now: float):
        return and_(classes.c.last_activity >= now - IDLE_SECONDS,
                    or_(classes.c.ended_at.is_(None), classes.c.ended_at >= now - ENDED_SECONDS))

    def _state(self, conn, row) -> ClassState:
        joined = conn.execute(select(func.count()).select_from(students)
                              .where(students.c.class_id == row.id)).scalar_one()
        return ClassState(row.id, row.code, row.title, tuple(decode(row.steps_json)),
                          custom_profile(decode(row.profile_json)), row.step, row.phase, row.version,
                          bool(row.show_names), int(joined), row.ended_at)

    def _teacher_row(self, conn, secret: str):
        if not isinstance(secret, str) or not secret:
            raise Refused("teacher")
        row = conn.execute(select(classes).where(classes.c.teacher_hash == tokens.digest(secret),
                                                 self._live(self.clock()))).first()
        if row is None:
            raise Refused("teacher")
        return row

    def teacher_state(self, secret: str) -> ClassState:
        """The class the teacher's secret opens; :class:`Refused` ``teacher`` for any other secret."""
        with self.engine.connect() as conn:
            return self._state(conn, self._teacher_row(conn, secret))

    def _move(self, secret: str, decide: Callable[[Any], dict[str, Any]], seen: int | None = None) -> ClassState:
        """Apply a teacher's move. With ``seen`` (the class's version the teacher's screen showed), a move made on
        a screen that had not seen the class's last move is dropped and the class returned as it is: a click the
        page delivered twice (a poll's run and the click's run both ending in the callback) moves the class once,
        and "Next question" never skips a question."""
        now = self.clock()
        with self.writer.begin() as conn:
            row = self._teacher_row(conn, secret)
            if seen is not None and row.version != seen:
                return self._state(conn, row)
            changes = decide(row)
            conn.execute(update(classes).where(classes.c.id == row.id)
                         .values(version=classes.c.version + 1, last_activity=now, **changes))
            return self._state(conn, conn.execute(select(classes).where(classes.c.id == row.id)).one())

    def ask(self, secret: str, seen: int | None = None) -> ClassState:
        """Open the first question (from the lobby) or the next one (after the last, :class:`Refused`)."""
        def decide(row):
            if row.phase == ENDED:
                raise Refused("ended")
            if row.phase == LOBBY:
                return {"phase": OPEN, "step": 0}
            if row.step + 1 >= len(decode(row.steps_json)):
                raise Refused("last_step")
            return {"phase": OPEN, "step": row.step + 1}
        return self._move(secret, decide, seen)

    def close(self, secret: str, seen: int | None = None) -> ClassState:
        """Stop taking answers to the question asked."""
        def decide(row):
            if row.phase != OPEN:
                raise Refused("not_asked" if row.phase in (LOBBY, ENDED) else "not_open")
            return {"phase": CLOSED}
        return self._move(secret, decide, seen)

    def reveal(self, secret: str, seen: int | None = None) -> ClassState:
        """Show the engine's verdict on every screen (closing the question if it was open)."""
        def decide(row):
            if row.phase not in (OPEN, CLOSED, REVEALED):
                raise Refused("not_asked")
            return {"phase": REVEALED}
        return self._move(secret, decide, seen)

    def end(self, secret: str, seen: int | None = None) -> ClassState:
        """End the class: no more answers; the results stay :data:`ENDED_SECONDS`, then everything is deleted."""
        def decide(row):
            if row.phase == ENDED:
                raise Refused("ended")
            return {"phase": ENDED, "ended_at": self.clock()}
        return self._move(secret, decide, seen)

    def set_show_names(self, secret: str, show: bool) -> ClassState:
        """Whether the projector shows the names of those who joined."""
        return self._move(secret, lambda row: {"show_names": bool(show)})

    def delete(self, secret: str) -> None:
        """Delete the class now, with its students and answers."""
        with self.writer.begin() as conn:
            row = self._teacher_row(conn, secret)
            self._delete_classes(conn, [row.id])

    def names(self, secret: str) -> list[str | None]:
        """The display names of those who joined, in the order they joined (None: anonymous), when the teacher
        chose to show them; an empty list otherwise."""
        with self.engine.connect() as conn:
            row = self._teacher_row(conn, secret)
            if not row.show_names:
                return []
            return list(conn.execute(select(students.c.name).where(students.c.class_id == row.id)
                                     .order_by(students.c.id)).scalars())

    def tally(self, secret: str) -> Tally:
        """The answers to the question asked, counted."""
        with self.engine.connect() as conn:
            row = self._teacher_row(conn, secret)
            state = self._state(conn, row)
            given = conn.execute(select(answers.c.given_json, answers.c.correct)
                                 .where(answers.c.class_id == row.id, answers.c.step == row.step)).all()
        counts = Counter(g for g, _ in given)
        right = frozenset(g for g, ok in given if ok)
        return Tally(row.step, state.joined, len(given), sum(1 for _, ok in given if ok), dict(counts), right)

    def results(self, secret: str) -> list[StepResult]:
        """Each question's answers and right answers."""
        with self.engine.connect() as conn:
            row = self._teacher_row(conn, secret)
            rows = conn.execute(select(answers.c.step, answers.c.correct).where(answers.c.class_id == row.id)).all()
        specs = decode(row.steps_json)
        out = []
        for i, spec in enumerate(specs):
            mine = [ok for step, ok in rows if step == i]
            out.append(StepResult(i, spec, len(mine), sum(1 for ok in mine if ok)))
        return out

    def results_csv(self, secret: str, titles: Sequence[str], header: Sequence[str]) -> str:
        """The results as CSV: one row a question (its number, its title, answers, right, share right)."""
        buf = io.StringIO()
        writer = csv.writer(buf)
        writer.writerow(header)
        for r in self.results(secret):
            title = titles[r.index] if r.index < len(titles) else ""
            writer.writerow([r.index + 1, _csv_safe(title), r.answered, r.right, f"{r.share_right:.0%}"])
        return buf.getvalue()

    # --- the students ----------------------------------------------------------------------------
    def join(self, code: str, name: str | None, *, session: str, address: str | None = None) -> str:
        """A seat in the class with this code: its token. Wrong codes are rate limited per session and address."""
        if tokens.name_length(name) > tokens.NAME_LIMIT:
            raise Refused("long_name", n=tokens.name_length(name), limit=tokens.NAME_LIMIT)
        self.expire()
        now = self.clock()
        keys = [f"session:{str(session)[:100]}"] + ([f"address:{str(address)[:100]}"] if address else [])
        wanted = tokens.normalise_code(code)
        with self.writer.begin() as conn:
            recent = conn.execute(select(attempts.c.key, func.count()).where(
                attempts.c.key.in_(keys), attempts.c.at > now - WRONG_CODE_WINDOW).group_by(attempts.c.key)).all()
            if any(n >= WRONG_CODE_LIMIT for _, n in recent):
                raise Refused("too_many_codes")
            row = conn.execute(select(classes).where(classes.c.code == wanted, self._live(now))).first() \
                if tokens.looks_like_code(wanted) else None
            if row is None:
                conn.execute(insert(attempts), [{"key": k, "at": now} for k in keys])
        if row is None:  # the wrong code is counted (committed) before the refusal
            raise Refused("wrong_code")
        with self.writer.begin() as conn:
            if row.phase == ENDED:
                raise Refused("ended")
            joined = conn.execute(select(func.count()).select_from(students)
                                  .where(students.c.class_id == row.id)).scalar_one()
            if joined >= MAX_STUDENTS:
                raise Refused("full")
            token = tokens.new_seat_token()
            conn.execute(insert(students).values(class_id=row.id, token_hash=tokens.digest(token),
                                                 name=tokens.clean_name(name), joined_at=now))
            conn.execute(update(classes).where(classes.c.id == row.id).values(last_activity=now))
        return token

    def _seat(self, conn, token: str):
        if not isinstance(token, str) or not token:
            raise Refused("seat")
        found = conn.execute(select(students, classes.c.id.label("cid")).join(classes, classes.c.id == students.c.class_id)
                             .where(students.c.token_hash == tokens.digest(token), self._live(self.clock()))).first()
        if found is None:
            raise Refused("seat")
        return found

    def version(self, token: str) -> int:
        """The class's version as a student's page polls it (one small query): it changes at every teacher's move."""
        with self.engine.connect() as conn:
            seat = self._seat(conn, token)
            return conn.execute(select(classes.c.version).where(classes.c.id == seat.class_id)).scalar_one()

    def student_state(self, token: str) -> StudentState:
        """The class as this student may see it, with the student's own answer to the step asked."""
        with self.engine.connect() as conn:
            seat = self._seat(conn, token)
            state = self._state(conn, conn.execute(select(classes).where(classes.c.id == seat.class_id)).one())
            mine = conn.execute(select(answers.c.given_json, answers.c.correct).where(
                answers.c.student_id == seat.id, answers.c.step == state.step)).first()
        own = None
        if mine is not None and state.phase != LOBBY:
            shown = state.phase in (REVEALED, ENDED)
            own = Own(state.step, decode(mine.given_json), bool(mine.correct) if shown else None)
        return StudentState(state, seat.name, own)

    def answer(self, token: str, step: int, given: Any) -> bool:
        """Answer the open question ``step`` for this seat: True when counted now, False when this same answer was
        counted already (sent twice); :class:`Refused` otherwise (another answer, a closed or other question)."""
        now = self.clock()
        with self.engine.connect() as conn:
            seat = self._seat(conn, token)
            state = self._state(conn, conn.execute(select(classes).where(classes.c.id == seat.class_id)).one())
        self._check_answerable(state, step)
        cs = self.questions(state)[step]
        if not valid_answer(cs, given):
            if options(cs) is None:
                raise Refused("not_a_number", low=NUMBER_RANGE[0], high=NUMBER_RANGE[1])
            raise Refused("not_an_option")
        correct = grade_answer(cs, given, state.profile).correct
        value = encode(given)
        try:
            with self.writer.begin() as conn:
                current = conn.execute(select(classes.c.step, classes.c.phase)
                                       .where(classes.c.id == state.class_id)).one()
                if current.phase != OPEN or current.step != step:  # the teacher moved meanwhile
                    self._check_answerable(state, step, current.phase, current.step)
                conn.execute(insert(answers).values(class_id=state.class_id, student_id=seat.id, step=step,
                                                    given_json=value, correct=correct, at=now))
                conn.execute(update(classes).where(classes.c.id == state.class_id).values(last_activity=now))
            return True
        except IntegrityError:
            with self.engine.connect() as conn:
                before = conn.execute(select(answers.c.given_json).where(
                    answers.c.student_id == seat.id, answers.c.step == step)).scalar_one()
            if before == value:
                return False
            raise Refused("answered") from None

    @staticmethod
    def _check_answerable(state: ClassState, step: int, phase: str | None = None, current: int | None = None) -> None:
        phase = state.phase if phase is None else phase
        current = state.step if current is None else current
        if phase == ENDED:
            raise Refused("ended")
        if not isinstance(step, int) or isinstance(step, bool) or step != current or phase == LOBBY:
            raise Refused("other_step")
        if phase != OPEN:
            raise Refused("not_open")

    def own_results(self, token: str) -> list[Own]:
        """This student's answers to every question asked so far (right or not once revealed)."""
        with self.engine.connect() as conn:
            seat = self._seat(conn, token)
            row = conn.execute(select(classes.c.step, classes.c.phase).where(classes.c.id == seat.class_id)).one()
            mine = conn.execute(select(answers.c.step, answers.c.given_json, answers.c.correct)
                                .where(answers.c.student_id == seat.id).order_by(answers.c.step)).all()
        hidden = row.step if row.phase in (OPEN, CLOSED) else None  # the question asked keeps its verdict till revealed
        return [Own(s, decode(g), None if s == hidden else bool(ok)) for s, g, ok in mine]

    # --- expiry ----------------------------------------------------------------------------------
    def expire(self) -> int:
        """Delete the classes past their time (with their students and answers) and the old wrong-code counts;
        the number of classes deleted."""
        now = self.clock()
        with self.writer.begin() as conn:
            gone = list(conn.execute(select(classes.c.id).where(~self._live(now))).scalars())
            self._delete_classes(conn, gone)
            conn.execute(delete(attempts).where(attempts.c.at <= now - WRONG_CODE_WINDOW))
        return len(gone)

    @staticmethod
    def _delete_classes(conn, ids: list[int]) -> None:
        if not ids:
            return
        conn.execute(delete(answers).where(answers.c.class_id.in_(ids)))
        conn.execute(delete(students).where(students.c.class_id.in_(ids)))
        conn.execute(delete(classes).where(classes.c.id.in_(ids)))


def _csv_safe(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (a title starting with ``=``, ``+``, ``-``, ``@``)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
