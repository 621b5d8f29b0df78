"""Classroom, the teacher's screen: start a class from a lesson or library files, show the code, the QR code and
the link, ask each question, watch the answers arrive, reveal the engine's verdict, end with the results."""

import streamlit as st

from explorer.classroom import service as cls
from explorer.classroom.service import Refused
from explorer.classroom.steps import askable
from explorer.content.lessons import LessonError, load_lessons
from explorer.content.library import load_library
from explorer.engine.core.profiles import custom_profile
from explorer.ui import state
from explorer.ui.classroom import board, teacher
from explorer.ui.classroom.connect import service
from explorer.ui.shell import lang, sidebar
from explorer.ui.shell.lang import t

CLASS_CSS = """<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stExpandSidebarButton"],
[data-testid="stHeader"] {display: none !important;}
[data-testid="stMainBlockContainer"] {max-width: 1500px; padding-top: .8rem;}
</style>"""


@st.cache_data(show_spinner=False)
def _askable(profile_spec) -> set[str]:
    profile = custom_profile(profile_spec)
    return {e.stem for e in load_library() if askable(e, profile)}


svc = service()
st.html(board.lv.css("lg") + board.CSS)  # the lessons' styles too: call chips, fact tables
secret = st.query_params.get("teach")
try:
    cs = svc.teacher_state(secret) if secret else None
except Refused as e:
    cs, refused = None, e
else:
    refused = None

if cs is None:
    st.title(t("Classroom"))
    st.markdown(t("Ask the room: the class answers the projected question on their phones and you see the answers "
                  "arrive. Pick a lesson or library files, start the class, and show this screen."))
    if refused is not None:
        st.error(refused.message.render(lang.style()), icon=":material/key_off:")
    try:
        lessons = load_lessons()
    except LessonError:
        lessons = []
    profile = sidebar.current_profile()
    files = [f for f in str(st.query_params.get("files") or "").split(",") if f]
    teacher.start_form(svc, lessons, load_library(), _askable(profile.to_spec()), profile,
                       st.query_params.get("lesson"), files)
    st.stop()

st.html(CLASS_CSS)
steps = svc.questions(cs)
teacher.refusal()
if cs.phase == cls.LOBBY:
    st.title(t("Join the class"), anchor=False)
    teacher.join_panel(cs.code, big=True)
    teacher.head_count(svc, secret)
    st.caption(t("Keep this page's address to yourself: it moves the class. The students need only the code."))
    teacher.controls(svc, secret, cs)
    teacher.warm_chart(steps[0])
    st.stop()

if cs.phase == cls.ENDED:
    st.title(t("The class's results"), anchor=False)
    teacher.results(svc, secret, steps)
    if st.button(t("Start a new class"), key=state.CLASSROOM_NEW):
        st.query_params.clear()
        st.rerun()
    st.stop()

step = steps[cs.step]
revealed = cs.phase == cls.REVEALED
judged = board.judge(step, cs.profile)
st.markdown(t("Question {i} of {n} · {phase}", i=cs.step + 1, n=cs.steps, phase=teacher.phase_words(cs)))
st.header(step.shown_title(lang.current()) if revealed else t("Question {i}", i=cs.step + 1), anchor=False)
teacher.controls(svc, secret, cs)  # above the board: on a 1280×720 projector the board fills the screen's height
left, right = st.columns([3, 2], gap="large")
with left:
    board.draw(step, size="lg", revealed=revealed, judged=judged, projector=True)
    if revealed:
        board.show_verdict(step, judged)
with right:
    teacher.live_answers(svc, secret, step, revealed, judged if revealed else None)
st.divider()
teacher.join_panel(cs.code, big=False)  # how many joined: in the answers' count (one fragment polls, not two)
