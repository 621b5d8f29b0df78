"""The Classroom pages in Streamlit's test harness: the teacher starts a class and moves it with the secret in the
page's address only; a student joins with the link's code, answers by tapping, sees the verdict when revealed and
their own results at the end; a wrong or missing secret reaches no control; names are text."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from explorer.classroom.config import database_url
from explorer.classroom.db import make_engine
from explorer.classroom.service import Classroom
from explorer.ui import state as ks

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "explorer" / "app.py")
CONTROLS = (ks.CLASSROOM_ASK, ks.CLASSROOM_CLOSE, ks.CLASSROOM_REVEAL, ks.CLASSROOM_END, ks.CLASSROOM_DELETE)


@pytest.fixture
def svc(tmp_path, monkeypatch) -> Classroom:
    """The service on the database the app will open (its own folder for this test)."""
    monkeypatch.setenv("BALOOT_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("BALOOT_DB_URL", raising=False)
    return Classroom(make_engine(database_url()))


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def page(file: str, **params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    run(at)
    return run(at.switch_page(f"app_pages/{file}"))


def words(at: AppTest) -> str:
    return "\n".join(str(e.value) for kind in ("markdown", "caption", "info", "success", "error", "warning", "title",
                                                "header", "subheader") for e in getattr(at, kind))


def keys(at: AppTest) -> set[str]:
    return {b.key for b in at.button} | {g.key for g in at.button_group}


def faces(at: AppTest, key: str) -> list[str]:
    """The answers on offer in the pills ``key``, as drawn (a red card's face in Streamlit's ``:red[…]``)."""
    return list(at.button_group(key=key).options)


def tap(at: AppTest, key: str, face: str) -> AppTest:
    group = at.button_group(key=key)
    group.set_value(group.options.index(face))
    return run(at)


def test_the_teacher_starts_a_class_from_library_files_and_the_secret_stays_in_the_address(svc):
    at = page("classroom.py", files="play-follow-suit,score-sun-double-52")
    assert at.multiselect(key=ks.CLASSROOM_FILES).value == ["play-follow-suit", "score-sun-double-52"]
    at.button(key=ks.CLASSROOM_START).click()
    run(at)
    secret = at.query_params["teach"]
    secret = secret[0] if isinstance(secret, list) else secret
    cs = svc.teacher_state(secret)
    assert cs.steps == 2 and cs.phase == "lobby"
    shown = words(at) + "".join(h.proto.body for h in at.get("html"))
    assert cs.code[:3] in shown and secret not in shown          # the code and QR on screen, never the secret
    at.button(key=ks.CLASSROOM_ASK).click()
    run(at)
    assert svc.teacher_state(secret).phase == "open" and "Question 1 of 2" in words(at)


def test_a_lesson_opens_the_classroom_with_its_questions_chosen():
    at = page("lesson.py")
    at.button(key=ks.LESSON_CLASS).click()
    run(at)
    at = at.switch_page("app_pages/classroom.py")
    run(at)
    assert at.radio(key=ks.CLASSROOM_SOURCE).value == "lesson"
    assert at.selectbox(key=ks.CLASSROOM_LESSON).value == "01-cards"


@pytest.mark.parametrize("secret", ["", "not-the-secret", "x" * 32])
def test_the_teacher_page_without_the_secret_reaches_no_control(svc, secret):
    started = svc.start([{"library": "play-follow-suit"}])
    at = page("classroom.py", teach=secret) if secret else page("classroom.py")
    assert not keys(at) & set(CONTROLS)
    assert started.code not in words(at)
    if secret:
        assert "This teacher link does not open a class" in words(at)


@pytest.mark.parametrize("given", ["code", "seat"])
def test_the_join_code_or_a_seat_token_as_the_teacher_link_reaches_no_control(svc, given):
    started = svc.start([{"library": "play-follow-suit"}])
    seat = svc.join(started.code, "Nora", session="a")
    at = page("classroom.py", teach=started.code if given == "code" else seat)
    assert not keys(at) & set(CONTROLS) and "This teacher link does not open a class" in words(at)
    at = page("join.py", seat=seat, teach=started.teacher_secret[:8])  # a phone's page draws no control either
    assert not keys(at) & set(CONTROLS)
    assert svc.teacher_state(started.teacher_secret).phase == "lobby" and svc.teacher_state(started.teacher_secret).version == 0


def test_a_student_joins_from_the_link_answers_by_tapping_and_sees_the_verdict_when_revealed(svc):
    s = svc.start([{"library": "play-follow-suit"}, {"library": "score-sun-double-52"}])
    other = svc.join(s.code, "Fahd", session="other")
    at = page("join.py", c=s.code)
    assert at.text_input(key=ks.JOIN_CODE).value == s.code
    at.text_input(key=ks.JOIN_NAME).input("**Nora** [x](http://h) \u202e")
    at.button(key=ks.JOIN_GO).click()
    run(at)
    assert "seat" in at.query_params and "Waiting for the teacher" in words(at)
    assert "\\*\\*Nora\\*\\*" in words(at) and "\u202e" not in words(at) and "Fahd" not in words(at)
    svc.ask(s.teacher_secret)
    run(at)
    assert {"8♣", ":red[7♥]"} <= set(faces(at, ks.join_answer_key(0, "cards")))
    assert not keys(at) & set(CONTROLS)
    tap(at, ks.join_answer_key(0, "cards"), "8♣")
    assert "Your answer: **8♣**. Waiting for the verdict." in words(at)
    assert svc.tally(s.teacher_secret).answered == 1
    svc.answer(other, 0, "7H")
    svc.reveal(s.teacher_secret)
    run(at)
    assert "Right!" in words(at) and "The engine's answer: **A♣, 8♣**." in words(at)
    svc.ask(s.teacher_secret)
    run(at)
    tap(at, ks.join_answer_key(1, "choices"), "Yes")
    svc.end(s.teacher_secret)
    run(at)
    assert "You answered **2** of 2 questions right." in words(at)


def test_a_reload_keeps_the_seat_and_its_answer(svc):
    s = svc.start([{"library": "play-follow-suit"}])
    seat = svc.join(s.code, "Nora", session="a")
    svc.ask(s.teacher_secret)
    svc.answer(seat, 0, "AC")
    at = page("join.py", seat=seat)
    assert "Your answer: **A♣**." in words(at) and ks.join_answer_key(0, "cards") not in keys(at)


def test_a_tap_the_phone_holds_is_written_by_the_next_run_when_its_callback_was_lost(svc):
    # Streamlit resets a session's clicks when a run ends; a run ending beside the tap's own run (the phone's poll)
    # could wipe it before its callback ran. The pills' value is kept and sent again, and the page writes it.
    s = svc.start([{"library": "projects-higher-top-card"}])
    seat = svc.join(s.code, "Nora", session="a")
    svc.ask(s.teacher_secret)
    at = page("join.py", seat=seat)
    key = ks.join_answer_key(0, "choices")
    nobody = faces(at, key).index("Nobody")
    at.session_state[key] = nobody  # held by the phone, no callback
    run(at)
    assert svc.own_results(seat)[0].given is None and svc.tally(s.teacher_secret).answered == 1
    assert "Your answer: **Nobody**. Waiting for the verdict." in words(at) and key not in keys(at)
    run(at)  # the next poll: counted once
    assert svc.tally(s.teacher_secret).answered == 1


def test_the_answer_area_writes_the_tap_it_holds_once_and_only_on_the_pills_of_the_question_asked(svc):
    # The answer area is the phone's poll: each of its runs carries the pills' value and draws itself from the
    # database, so a tap whose own run was lost is written by the next poll, counted once however many polls carry it.
    from explorer.classroom.steps import options
    s = svc.start([{"library": "play-follow-suit"}, {"library": "score-sun-double-52"}])
    seat = svc.join(s.code, "Nora", session="a")
    svc.ask(s.teacher_secret)
    at = page("join.py", seat=seat)
    first = ks.join_answer_key(0, "cards")
    run(at)                                                       # a poll, nothing tapped
    assert svc.tally(s.teacher_secret).answered == 0 and first in keys(at)
    at.session_state[first] = 1                                   # the second card on offer, its callback lost
    run(at)
    run(at)                                                       # two polls: counted once
    assert svc.tally(s.teacher_secret).answered == 1
    asked = svc.questions(svc.teacher_state(s.teacher_secret))[0]
    assert svc.student_state(seat).own.given == options(asked)[1]
    assert "Waiting for the verdict." in words(at) and first not in keys(at)
    svc.reveal(s.teacher_secret)
    svc.ask(s.teacher_secret)
    at.session_state[first] = 1                                   # the last question's pills still held: not sent
    run(at)
    assert svc.tally(s.teacher_secret).answered == 0
    assert ks.join_answer_key(1, "choices") in keys(at)


def test_a_wrong_code_is_refused_with_a_sentence_and_the_form_stays(svc):
    svc.start([{"library": "play-follow-suit"}])
    at = page("join.py")
    at.text_input(key=ks.JOIN_CODE).input("ZZZ ZZZ")
    at.text_input(key=ks.JOIN_NAME).input("Nora")
    at.button(key=ks.JOIN_GO).click()
    run(at)
    assert "No class has this code" in words(at) and at.text_input(key=ks.JOIN_NAME).value == "Nora"


def test_a_student_may_read_the_class_in_arabic(svc):
    s = svc.start([{"library": "projects-higher-top-card"}])
    svc.ask(s.teacher_secret)
    at = page("join.py", c=s.code, lang="ar")
    assert at.button(key=ks.JOIN_GO).label == "انضم إلى الفصل"
    at.button(key=ks.JOIN_GO).click()
    run(at)
    assert "أي فريق تنحسب له مشاريعه؟" in words(at)
    assert set(faces(at, ks.join_answer_key(0, "choices"))) == {"الشمال والجنوب", "الشرق والغرب", "ولا أحد"}


def test_a_name_too_long_is_refused_with_its_length_and_the_field_keeps_it(svc):
    s = svc.start([{"library": "play-follow-suit"}])
    typed = "**Nora** \u202e" + "x" * 10_000
    at = page("join.py", c=s.code)
    at.text_input(key=ks.JOIN_NAME).input(typed)
    at.button(key=ks.JOIN_GO).click()
    run(at)
    assert "Your name is 10009 characters long; a name has at most 40." in words(at)
    assert at.text_input(key=ks.JOIN_NAME).value == typed and "seat" not in at.query_params
    assert svc.teacher_state(s.teacher_secret).joined == 0


@pytest.mark.parametrize("forged", [float("inf"), float("nan"), 2.5, -5, 1001, 10**30, "12", True])
def test_a_number_answer_out_of_the_fields_range_is_refused_with_the_range_and_never_counted(svc, forged,
                                                                                            monkeypatch):
    # the field sends only whole numbers from 0 to 1000; whatever else reaches the Send callback is refused, not
    # rounded or turned into an error
    from explorer.content.lessons import load_lessons
    from explorer.ui.classroom import student
    les = next(x for x in load_lessons() if x.id.startswith("07"))
    index = next(i for i, s in enumerate(les.steps) if s.question is not None and s.question.input == "number")
    s = svc.start([{"lesson": les.id, "index": index}])
    seat = svc.join(s.code, "Nora", session="a")
    svc.ask(s.teacher_secret)
    held: dict = {ks.JOIN_NUMBER: forged}
    monkeypatch.setattr(student, "ss", held)
    student._send_number(svc, seat, 0)
    assert str(held[ks.JOIN_REFUSED]) == "Type a whole number from 0 to 1000."
    assert svc.tally(s.teacher_secret).answered == 0
    held[ks.JOIN_NUMBER] = 16
    student._send_number(svc, seat, 0)
    assert svc.tally(s.teacher_secret).answered == 1
