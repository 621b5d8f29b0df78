"""A student's phone: join with the code (a name or none, a language of one's own), then the question asked,
answered by tapping; the verdict when the teacher reveals it; one's own results at the end.

The seat is in this page's address (``?seat=``), so a reload keeps it and its answers. While a question is asked,
the answer area is a fragment polled every :data:`WATCH_SECONDS`: a tap reruns it alone, each poll draws it from the
database, and the page is drawn again when the teacher moved the class. In the waiting room and at the results a
watcher fragment polls the class's version and draws nothing.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from explorer.classroom import service as cls
from explorer.classroom.service import Classroom, Refused, StudentState
from explorer.classroom.steps import NUMBER_RANGE, ClassStep, options
from explorer.classroom.tokens import NAME_LIMIT
from explorer.engine.core.i18n import Msg
from explorer.ui import state
from explorer.ui.classroom import board
from explorer.ui.classroom.connect import client_address, session_key
from explorer.ui.shell import lang
from explorer.ui.shell.lang import t, tn
from explorer.view import classroom as view
from explorer.view.text import plain

ss = st.session_state
WATCH_SECONDS = 2.0


def refusal() -> None:
    msg = ss.pop(state.JOIN_REFUSED, None)
    if msg is not None:
        st.warning(msg.render(lang.style()), icon=":material/block:")


def join_form(svc: Classroom) -> None:
    """The code (from the link or typed) and a name; a wrong code is counted and refused."""
    if state.JOIN_CODE not in ss and st.query_params.get("c"):
        ss[state.JOIN_CODE] = str(st.query_params.get("c"))[:20]
    # No max_chars: a browser drops a paste longer than it whole (the field stays empty, and the student joined as
    # anonymous); the service refuses a name too long with its length, and the field keeps it to shorten.
    st.text_input(t("Class code"), key=state.JOIN_CODE, placeholder="K7M 2QX")
    st.text_input(t("Your name (or leave it empty to stay anonymous)"), key=state.JOIN_NAME,
                  placeholder=t("At most {n} characters", n=NAME_LIMIT))
    refusal()
    if st.button(t("Join the class"), key=state.JOIN_GO, type="primary", icon=":material/login:", width="stretch"):
        try:
            seat = svc.join(ss.get(state.JOIN_CODE) or "", ss.get(state.JOIN_NAME),
                            session=session_key(state.JOIN_SESSION), address=client_address())
        except Refused as e:
            ss[state.JOIN_REFUSED] = e.message
            st.rerun()
        language = lang.current()
        st.query_params.clear()
        st.query_params["seat"] = seat
        if language != "en":
            st.query_params["lang"] = language
        st.rerun()


def watch(svc: Classroom, seat: str, drawn: int) -> None:
    """Rerun the page when the teacher moves the class (polled every :data:`WATCH_SECONDS`): the waiting room and the
    results, where nothing else changes between the teacher's moves."""
    @st.fragment(run_every=WATCH_SECONDS)
    def _watch() -> None:
        try:
            now = svc.version(seat)
        except Refused:
            now = -1
        if now != drawn:
            st.rerun()
    _watch()


def answer_area(svc: Classroom, seat: str, drawn: int) -> None:
    """The answers on offer, or the student's own answer, drawn from the database at every poll (every
    :data:`WATCH_SECONDS`); the page is drawn again when the teacher moved the class.

    A tap reruns this area only, and each poll draws it again whatever became of an earlier run: under load
    Streamlit may lose a run (the phone then waited for a redraw that never came, its answer already counted), and
    the next poll carries the tap the phone holds, writes it if its own run was lost (the service counts an answer
    once), and shows it answered.
    """
    @st.fragment(run_every=WATCH_SECONDS)
    def _area() -> None:
        try:
            me = svc.student_state(seat)
        except Refused:
            st.rerun()  # the class ended and was deleted: the page says so
        if me.cls.version != drawn or me.cls.phase in (cls.LOBBY, cls.ENDED):
            st.rerun()
        cs = svc.questions(me.cls)[me.cls.step]
        me = handed_over(svc, seat, me, cs)
        if me.cls.version != drawn:  # the teacher moved while the tap was written
            st.rerun()
        refusal()
        own_answer(svc, seat, cs, me)
    _area()


def own_answer(svc: Classroom, seat: str, cs: ClassStep, me: StudentState) -> None:
    """The pills to tap while the question is open and unanswered; else what the student answered, and whether it
    was right once revealed."""
    c = me.cls
    if me.own is None and c.phase == cls.OPEN:
        answer_buttons(svc, seat, cs, c.step)
    elif me.own is None:
        st.info(t("The answers are closed."), icon=":material/lock:")
    else:
        said = t("Your answer: **{answer}**.", answer=board.in_sentence(cs, [me.own.given]))
        if me.own.correct is None:
            st.info(said + " " + t("Waiting for the verdict."), icon=":material/hourglass_top:")
        elif me.own.correct:
            st.success(said + " " + t("Right!"), icon=":material/check_circle:")
        else:
            st.error(said + " " + t("Not this time."), icon=":material/cancel:")


def _send(svc: Classroom, seat: str, step: int, value: Any) -> None:
    """The answer tapped (sent twice counts once; a refusal is shown)."""
    try:
        svc.answer(seat, step, value)
    except Refused as e:
        ss[state.JOIN_REFUSED] = e.message


def _send_number(svc: Classroom, seat: str, step: int) -> None:
    value = ss.get(state.JOIN_NUMBER)
    if value is None:
        ss[state.JOIN_REFUSED] = Msg("Type a number first.")
        return
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # 16.0 is 16; 2.5, inf or nan go as they are, and the service refuses them with the range
    _send(svc, seat, step, value)


def _held(cs: ClassStep, key: str) -> tuple[bool, Any]:
    """(True, the answer) when the phone holds a tap on the pills ``key`` (their values are the answers' places: an
    answer may be None, "nobody"), else (False, None)."""
    place = ss.get(key)
    offered = options(cs) or ()
    if not isinstance(place, int) or isinstance(place, bool) or not 0 <= place < len(offered):
        return False, None
    return True, offered[place]


def _tapped(svc: Classroom, seat: str, cs: ClassStep, step: int, key: str) -> None:
    """Callback: the answer tapped, written before the page is drawn again."""
    held, value = _held(cs, key)
    if held:
        _send(svc, seat, step, value)


def answer_buttons(svc: Classroom, seat: str, cs: ClassStep, step: int) -> None:
    """The answers on offer to tap, one pill each (a number: a field and Send).

    The tap is a value the phone keeps (``st.pills``), not a button's one-off click: a click is carried once, and
    when it arrives while the phone's poll run is still ending (Streamlit starts the click's run beside it, and the
    ending run resets every click of the session) it is lost, the phone keeping its buttons. A value is sent again
    with every run the phone asks for, so whichever run draws the question next finds it and writes it (the
    service counts an answer once), and the page is drawn from the database.
    """
    offered = options(cs)
    if offered is None:
        st.number_input(t("Your answer"), min_value=NUMBER_RANGE[0], max_value=NUMBER_RANGE[1], step=1, value=None,
                        key=state.JOIN_NUMBER, placeholder=t("a number"))
        st.button(t("Send"), key=state.JOIN_SEND, type="primary", on_click=_send_number, args=(svc, seat, step),
                  width="stretch")
        return
    cards = cs.question.input == "card"
    faces = [board.lv.card_label(v) if cards else plain(board.label(cs, v)) for v in offered]
    st.pills(t("Your answer"), range(len(offered)), format_func=faces.__getitem__, key=answer_key(cs, step),
             label_visibility="collapsed", on_change=_tapped, args=(svc, seat, cs, step, answer_key(cs, step)),
             width="stretch")


def answer_key(cs: ClassStep, step: int) -> str:
    """The answer pills of a step: ``join.answer.0.cards`` (a card's face styled as a card), ``join.answer.1.choices``."""
    return state.join_answer_key(step, "cards" if cs.question.input == "card" else "choices")


def handed_over(svc: Classroom, seat: str, me: StudentState, cs: ClassStep) -> StudentState:
    """The student's state, with the answer the phone holds written first if its callback was lost."""
    c = me.cls
    if me.own is not None or c.phase != cls.OPEN:
        return me
    held, value = _held(cs, answer_key(cs, c.step))
    if not held:
        return me
    _send(svc, seat, c.step, value)
    return svc.student_state(seat)


def seat_view(svc: Classroom, seat: str, me: StudentState) -> None:
    """The class as this student sees it, at the step asked."""
    c = me.cls
    who = plain(me.name) if me.name else t("anonymous")
    st.caption(t("Class {code} · you are {name}", code=view.shown_code(c.code), name=who))
    refusal()
    if c.phase == cls.ENDED:
        watch(svc, seat, c.version)
        own_results(svc, seat)
        return
    if c.phase == cls.LOBBY:
        watch(svc, seat, c.version)
        st.info(t("You are in. Waiting for the teacher to ask the first question."), icon=":material/hourglass_top:")
        return
    cs = svc.questions(c)[c.step]
    st.subheader(t("Question {i} of {n}", i=c.step + 1, n=c.steps), anchor=False)
    revealed = c.phase == cls.REVEALED
    board.draw(cs, size="md", revealed=revealed)
    answer_area(svc, seat, c.version)
    if revealed:
        board.show_verdict(cs, board.judge(cs, c.profile))


def own_results(svc: Classroom, seat: str) -> None:
    """This student's answers to every question of the class."""
    me = svc.student_state(seat)
    mine = {o.step: o for o in svc.own_results(seat)}
    steps = svc.questions(me.cls)
    right = sum(1 for o in mine.values() if o.correct)
    st.subheader(t("The class has ended"), anchor=False)
    st.markdown(tn("You answered **{right}** of {n} question right.", "You answered **{right}** of {n} questions right.",
                   len(steps), right=right))
    language = lang.current()
    rows = []
    for i, cs in enumerate(steps):
        o = mine.get(i)
        rows.append({t("Question"): i + 1, t("Your answer"): board.label(cs, o.given) if o else "—",
                     t("Right"): (t("Yes") if o.correct else t("No")) if o else "—",
                     t("Title"): cs.shown_title(language)})  # the title last: a phone shows the answers first
    st.dataframe(rows, hide_index=True, width="stretch")
