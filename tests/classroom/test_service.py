"""The classroom's operations, each refusal and each limit, on SQLite and (where installed) PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import func, inspect, select

from explorer.classroom import service as cs
from explorer.classroom import tokens
from explorer.classroom.db import journal_mode, make_engine, revision
from explorer.classroom.schema import answers, attempts, classes, metadata, students
from explorer.classroom.service import Classroom, Refused

FIVE = [{"library": "play-follow-suit"}, {"library": "score-sun-double-52"}, {"library": "projects-higher-top-card"},
        {"library": "bidding-sun-over-hokum"}, {"library": "deal-illegal-card"}]
"""Five questions, one of each kind: legal cards (A♣ or 8♣), the buyer makes it (yes), which team scores its
projects (NS), who buys (W), is every card legal (no)."""
RIGHT = ["8C", True, "NS", "W", False]
WRONG = ["7H", False, "EW", "N", True]


def _flip_last(secret: str) -> str:
    """The secret with its last character changed: one character off."""
    return secret[:-1] + ("A" if secret[-1] != "A" else "B")


def refused(reason: str, call, *args, **kw) -> Refused:
    with pytest.raises(Refused) as e:
        call(*args, **kw)
    assert e.value.reason == reason, e.value
    return e.value


def rows(service: Classroom, table) -> int:
    with service.engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(table)).scalar_one()


@pytest.fixture
def started(service):
    return service.start(FIVE)


# --- the database --------------------------------------------------------------------------------------------------

def test_the_migrated_database_has_exactly_the_schemas_tables_and_columns(db_url):
    engine = make_engine(db_url)          # migrating a migrated database changes nothing
    found = inspect(engine)
    assert revision(engine) == "0001"
    for table in metadata.sorted_tables:
        assert {c["name"] for c in found.get_columns(table.name)} == set(table.columns.keys()), table.name
    assert set(found.get_table_names()) == {t.name for t in metadata.sorted_tables} | {"classroom_alembic_version"}
    engine.dispose()


def test_a_fresh_postgresql_database_is_migrated_on_first_use(request):
    url = request.getfixturevalue("pg_cluster").new_url()
    engine = make_engine(url)
    assert revision(engine) == "0001" and Classroom(engine).start(FIVE[:1]).code
    engine.dispose()


def test_sqlite_is_created_on_first_use_in_wal_mode_and_a_second_engine_does_not_migrate_again(tmp_path):
    path = tmp_path / "new" / "folder" / "classroom.sqlite3"
    engine = make_engine(f"sqlite:///{path}")
    assert path.is_file() and journal_mode(engine) == "wal"
    Classroom(engine).start(FIVE[:1])
    again = make_engine(f"sqlite:///{path}")
    assert revision(again) == "0001" and rows(Classroom(again), classes) == 1


def test_a_restart_a_new_engine_on_the_same_file_loses_nothing_answered(tmp_path, clock):
    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    first = Classroom(make_engine(url), clock=clock)
    s = first.start(FIVE)
    seats = [first.join(s.code, f"s{i}", session=f"k{i}") for i in range(3)]
    first.ask(s.teacher_secret)
    for seat in seats:
        first.answer(seat, 0, "8C")
    first.engine.dispose()
    second = Classroom(make_engine(url), clock=clock)
    assert second.tally(s.teacher_secret).answered == 3
    assert second.student_state(seats[0]).own.given == "8C"
    assert second.answer(seats[1], 0, "8C") is False   # still counted once


KILLED_SERVER = """
import sys
from explorer.classroom.db import make_engine
from explorer.classroom.service import Classroom
svc = Classroom(make_engine(sys.argv[1]))
s = svc.start([{"library": "play-follow-suit"}])
seats = [svc.join(s.code, f"s{i}", session=f"k{i}") for i in range(5)]
svc.ask(s.teacher_secret)
print(s.teacher_secret, flush=True)
for seat in seats:
    svc.answer(seat, 0, "8C")
    print(seat, flush=True)    # acknowledged: the phone has shown it
sys.stdin.readline()           # killed here, its connections open
"""


def test_a_server_killed_without_warning_loses_no_answer_it_acknowledged(tmp_path):
    import os
    import signal
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    root = Path(__file__).resolve().parents[2]
    server = subprocess.Popen([sys.executable, "-c", KILLED_SERVER, url], cwd=root, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    secret = server.stdout.readline().strip()
    acknowledged = [server.stdout.readline().strip() for _ in range(5)]
    os.kill(server.pid, signal.SIGKILL)
    server.wait()
    restarted = Classroom(make_engine(url))
    assert restarted.tally(secret).answered == 5
    assert [restarted.student_state(seat).own.given for seat in acknowledged] == ["8C"] * 5


# --- starting ------------------------------------------------------------------------------------------------------

def test_a_class_needs_questions_the_engine_can_ask(service):
    refused("no_steps", service.start, [])
    refused("too_many_steps", service.start, FIVE * 9)
    refused("bad_step", service.start, [{"library": "no-such-file"}])
    refused("bad_step", service.start, [{"library": "bidding-earlier-seat-takes-hokum"}])  # stops at an illegal call
    refused("bad_step", service.start, [{"lesson": "01-cards", "index": 0}])               # a step without a question
    assert rows(service, classes) == 0


def test_the_join_code_is_short_unambiguous_and_the_teacher_secret_has_at_least_128_bits(service, started):
    assert tokens.looks_like_code(started.code) and not set(started.code) & set("01ILO")
    import base64
    assert len(base64.urlsafe_b64decode(started.teacher_secret + "==")) * 8 >= 128
    assert started.code not in started.teacher_secret


def test_the_database_keeps_no_secret_only_their_hashes(service, started):
    seat = service.join(started.code, "Nora", session="a")
    with service.engine.connect() as conn:
        dump = " ".join(str(v) for t in (classes, students) for r in conn.execute(select(t)) for v in r)
    assert started.teacher_secret not in dump and seat not in dump
    assert tokens.digest(started.teacher_secret) in dump


def test_two_classes_get_different_codes_and_secrets(service):
    a, b = service.start(FIVE[:1]), service.start(FIVE[:1])
    assert a.code != b.code and a.teacher_secret != b.teacher_secret


# --- the teacher's secret ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("move", ["ask", "close", "reveal", "end", "delete", "tally", "results", "names",
                                  "teacher_state"])
def test_every_move_and_view_of_the_teacher_needs_the_teachers_secret(service, started, move):
    seat = service.join(started.code, "Nora", session="a")
    for wrong in ("", "x" * 32, started.code, seat, _flip_last(started.teacher_secret), None):
        refused("teacher", getattr(service, move), wrong)
    other = service.start(FIVE[:1])
    service.ask(other.teacher_secret)
    assert service.teacher_state(started.teacher_secret).phase == cs.LOBBY  # another class's secret moved only it


def test_show_names_needs_the_secret_too(service, started):
    refused("teacher", service.set_show_names, "wrong", True)
    assert service.teacher_state(started.teacher_secret).show_names is False


# --- joining and the rate limit -------------------------------------------------------------------------------------

def test_a_student_joins_with_the_code_as_typed_and_gets_a_seat(service, started):
    typed = started.code[:3].lower() + " - " + started.code[3:]
    seat = service.join(typed, "  Nora ", session="a", address="10.0.0.1")
    st = service.student_state(seat)
    assert st.name == "Nora" and st.cls.phase == cs.LOBBY and st.cls.joined == 1 and st.own is None


def test_the_join_link_pasted_as_the_code_joins_its_class(service, started):
    seat = service.join(f"http://10.0.0.5:8501/join?c={started.code}&lang=ar", None, session="a")
    assert service.student_state(seat).cls.code == started.code


def test_a_name_is_cleaned_and_none_when_empty(service, started):
    seat = service.join(started.code, " **b** \u202e<img src=x>\u0000\n x", session="a")
    assert service.student_state(seat).name == "**b** <img src=x> x"
    assert service.student_state(service.join(started.code, " \u200f\u2066 ", session="b")).name is None
    assert service.student_state(service.join(started.code, None, session="c")).name is None


@pytest.mark.parametrize("length", [tokens.NAME_LIMIT + 1, 10_000])
def test_a_name_too_long_is_refused_with_its_length_and_nobody_joins(service, started, length):
    typed = "\u202e**" + "x" * (length - 4) + "**"          # the override is not counted: it is removed
    with pytest.raises(cs.Refused) as e:
        service.join(started.code, typed, session="a")
    assert e.value.reason == "long_name" and e.value.message.params == {"n": length, "limit": tokens.NAME_LIMIT}
    assert service.teacher_state(started.teacher_secret).joined == 0
    exact = "\u202e" + "x" * tokens.NAME_LIMIT
    assert service.student_state(service.join(started.code, exact, session="a")).name == "x" * tokens.NAME_LIMIT


def test_wrong_codes_are_refused_and_counted_a_few_a_minute_per_session(service, started, clock):
    for i in range(cs.WRONG_CODE_LIMIT):
        refused("wrong_code", service.join, "ZZZZZZ" if i % 2 else "nope", None, session="a")
    refused("too_many_codes", service.join, started.code, None, session="a")   # even the right one, for a minute
    service.join(started.code, None, session="b")                             # another session is not held back
    clock.now += cs.WRONG_CODE_WINDOW + 1
    assert service.join(started.code, None, session="a")


def test_wrong_codes_are_counted_per_address_across_sessions(service, started):
    for i in range(cs.WRONG_CODE_LIMIT):
        refused("wrong_code", service.join, "ZZZZZZ", None, session=f"s{i}", address="192.0.2.7")
    refused("too_many_codes", service.join, started.code, None, session="fresh", address="192.0.2.7")
    assert service.join(started.code, None, session="fresh", address="192.0.2.8")


def test_the_rate_limit_is_kept_in_the_database_for_every_server_process(service, started, db_url, clock):
    other_process = Classroom(make_engine(db_url), clock=clock)
    for _ in range(cs.WRONG_CODE_LIMIT):
        refused("wrong_code", other_process.join, "ZZZZZZ", None, session="a")
    refused("too_many_codes", service.join, started.code, None, session="a")
    other_process.engine.dispose()


def test_an_ended_class_takes_no_one_new(service, started):
    service.end(started.teacher_secret)
    refused("ended", service.join, started.code, "late", session="a")


# --- answering -----------------------------------------------------------------------------------------------------

def test_an_answer_sent_twice_counts_once_and_another_answer_is_refused(service, started):
    seat = service.join(started.code, "Nora", session="a")
    service.ask(started.teacher_secret)
    assert service.answer(seat, 0, "8C") is True
    assert service.answer(seat, 0, "8C") is False
    refused("answered", service.answer, seat, 0, "AC")
    t = service.tally(started.teacher_secret)
    assert (t.answered, t.right, t.counts) == (1, 1, {'"8C"': 1})


def test_a_student_answers_only_the_open_question_with_an_answer_on_offer(service, started):
    seat = service.join(started.code, "Nora", session="a")
    refused("other_step", service.answer, seat, 0, "8C")             # the lobby: nothing asked yet
    service.ask(started.teacher_secret)
    refused("other_step", service.answer, seat, 1, True)              # not the question asked
    refused("other_step", service.answer, seat, True, "8C")
    refused("not_an_option", service.answer, seat, 0, "QS")           # not in the hand
    refused("not_an_option", service.answer, seat, 0, "<b>8C</b>")
    service.close(started.teacher_secret)
    refused("not_open", service.answer, seat, 0, "8C")
    service.ask(started.teacher_secret)
    refused("other_step", service.answer, seat, 0, "8C")             # the class moved on
    refused("not_an_option", service.answer, seat, 1, "yes")         # a yes/no question takes true or false
    assert service.answer(seat, 1, True)
    assert service.tally(started.teacher_secret).answered == 1


def test_a_number_question_takes_a_whole_number_in_range(service):
    s = service.start([{"lesson": "01-cards", "index": 3}])
    assert _asks_number("01-cards", 3)
    seat = service.join(s.code, None, session="a")
    service.ask(s.teacher_secret)
    for bad in (-1, 1001, 2.5, "12", True, float("inf"), float("nan"), 10**30):
        refused("not_a_number", service.answer, seat, 0, bad)
    with pytest.raises(Refused) as e:
        service.answer(seat, 0, 2.5)
    assert str(e.value.message) == "Type a whole number from 0 to 1000.", "the refusal names the range"
    assert service.answer(seat, 0, 12)


def _asks_number(lesson_id: str, index: int) -> bool:
    from explorer.content.lessons import load_lessons
    lesson = next(x for x in load_lessons() if x.id == lesson_id)
    return index < len(lesson.steps) and lesson.steps[index].question is not None \
        and lesson.steps[index].question.input == "number"


def test_a_seat_answers_only_for_itself(service, started):
    nora, fahd = service.join(started.code, "Nora", session="a"), service.join(started.code, "Fahd", session="b")
    service.ask(started.teacher_secret)
    for forged in ("", "x" * 22, started.teacher_secret, started.code, _flip_last(nora)):
        refused("seat", service.answer, forged, 0, "8C")
    service.answer(nora, 0, "8C")
    assert service.student_state(fahd).own is None                   # Fahd's seat is untouched
    service.answer(fahd, 0, "7H")
    assert service.student_state(nora).own.given == "8C"


def test_a_student_sees_no_other_name_and_no_verdict_before_the_reveal(service, started):
    seat = service.join(started.code, "Nora", session="a")
    service.join(started.code, "Fahd", session="b")
    service.ask(started.teacher_secret)
    service.answer(seat, 0, "7H")
    st = service.student_state(seat)
    assert "Fahd" not in repr(st) and st.own.correct is None
    assert [o.correct for o in service.own_results(seat)] == [None]
    service.close(started.teacher_secret)
    assert service.student_state(seat).own.correct is None
    service.reveal(started.teacher_secret)
    assert service.student_state(seat).own.correct is False and service.own_results(seat)[0].correct is False


def test_names_show_on_the_projector_only_when_the_teacher_chooses(service, started):
    service.join(started.code, "Nora", session="a")
    service.join(started.code, "", session="b")
    assert service.names(started.teacher_secret) == []
    service.set_show_names(started.teacher_secret, True)
    assert service.names(started.teacher_secret) == ["Nora", None]


# --- the teacher's moves -------------------------------------------------------------------------------------------

def test_the_class_moves_lobby_open_closed_revealed_next_and_end_each_move_a_new_version(service, started):
    secret = started.teacher_secret
    seen = [service.teacher_state(secret).version]
    refused("not_asked", service.close, secret)
    refused("not_asked", service.reveal, secret)
    for i in range(len(FIVE)):
        st = service.ask(secret)
        assert (st.step, st.phase) == (i, cs.OPEN)
        assert service.close(secret).phase == cs.CLOSED
        refused("not_open", service.close, secret)
        assert service.reveal(secret).phase == cs.REVEALED
        seen.append(st.version)
    refused("last_step", service.ask, secret)
    assert service.end(secret).phase == cs.ENDED
    refused("ended", service.end, secret)
    refused("ended", service.ask, secret)
    assert seen == sorted(set(seen))


def test_a_teachers_move_made_on_an_older_version_is_dropped_so_next_question_never_skips_one(service, started):
    secret = started.teacher_secret
    lobby = service.teacher_state(secret).version
    first = service.ask(secret, seen=lobby)
    assert (first.step, first.phase) == (0, cs.OPEN)
    again = service.ask(secret, seen=lobby)                 # the same click delivered a second time
    assert (again.step, again.phase, again.version) == (0, cs.OPEN, first.version)
    revealed = service.reveal(secret, seen=first.version)
    assert service.close(secret, seen=first.version).phase == cs.REVEALED   # a stale tab's Close: nothing moves
    second = service.ask(secret, seen=revealed.version)
    assert service.ask(secret, seen=revealed.version).step == second.step == 1  # Next twice: question 2, not 3
    assert service.end(secret, seen=revealed.version).phase == cs.OPEN
    assert service.end(secret, seen=second.version).phase == cs.ENDED


def test_a_question_can_be_revealed_while_still_open(service, started):
    service.ask(started.teacher_secret)
    assert service.reveal(started.teacher_secret).phase == cs.REVEALED


def test_results_count_each_step_and_each_student_sees_their_own(service, started):
    secret = started.teacher_secret
    seats = [service.join(started.code, f"s{i}", session=f"k{i}") for i in range(4)]
    for step in range(len(FIVE)):
        service.ask(secret)
        for i, seat in enumerate(seats):
            if i <= step:  # step 0: one answer; later steps more
                service.answer(seat, step, RIGHT[step] if i % 2 == 0 else WRONG[step])
        service.reveal(secret)
    service.end(secret)
    res = service.results(secret)
    assert [(r.answered, r.right) for r in res] == [(1, 1), (2, 1), (3, 2), (4, 2), (4, 2)]
    assert [(o.step, o.correct) for o in service.own_results(seats[1])] == [(1, False), (2, False), (3, False),
                                                                            (4, False)]
    text = service.results_csv(secret, ["=cmd()", "b", "c", "d", "e"], ["#", "question", "answers", "right", "share"])
    lines = text.splitlines()
    assert lines[0] == "#,question,answers,right,share" and lines[1] == "1,'=cmd(),1,1,100%"
    assert lines[4] == "4,d,4,2,50%"


def test_a_lesson_is_a_class_of_its_questions(service):
    from explorer.classroom.steps import lesson_specs
    from explorer.content.lessons import load_lessons
    lesson = next(x for x in load_lessons() if x.id == "05-cutting")
    s = service.start(lesson_specs(lesson))
    assert service.teacher_state(s.teacher_secret).steps == len(lesson.questions)


# --- expiry --------------------------------------------------------------------------------------------------------

def test_a_class_expires_hours_after_its_last_activity_with_its_answers(service, started, clock):
    seat = service.join(started.code, "Nora", session="a")
    service.ask(started.teacher_secret)
    clock.now += cs.IDLE_SECONDS - 10
    service.answer(seat, 0, "8C")                       # an answer is activity
    clock.now += cs.IDLE_SECONDS - 10
    assert service.teacher_state(started.teacher_secret).phase == cs.OPEN
    clock.now += 20
    refused("teacher", service.teacher_state, started.teacher_secret)   # refused before it is deleted
    refused("seat", service.student_state, seat)
    refused("wrong_code", service.join, started.code, None, session="b")
    assert service.expire() == 0 and rows(service, classes) == 0 and rows(service, answers) == 0
    assert rows(service, students) == 0


def test_an_ended_class_keeps_its_results_an_hour_then_is_deleted(service, started, clock):
    seat = service.join(started.code, "Nora", session="a")
    service.ask(started.teacher_secret)
    service.answer(seat, 0, "8C")
    service.end(started.teacher_secret)
    clock.now += cs.ENDED_SECONDS - 5
    assert service.results(started.teacher_secret)[0].answered == 1 and service.own_results(seat)
    clock.now += 10
    assert service.expire() == 1 and rows(service, answers) == 0 and rows(service, students) == 0


def test_the_teacher_can_delete_a_class_at_once(service, started):
    seat = service.join(started.code, "Nora", session="a")
    service.ask(started.teacher_secret)
    service.answer(seat, 0, "8C")
    service.delete(started.teacher_secret)
    assert rows(service, answers) == rows(service, students) == rows(service, classes) == 0
    refused("seat", service.version, seat)


def test_old_wrong_code_counts_are_deleted(service, started, clock):
    refused("wrong_code", service.join, "ZZZZZZ", None, session="a", address="192.0.2.1")
    assert rows(service, attempts) == 2
    clock.now += cs.WRONG_CODE_WINDOW + 1
    service.expire()
    assert rows(service, attempts) == 0
