"""Join a class, the students' page: the short link (``/join?c=CODE``) or the code typed, a name or none, then the
question the teacher asks, answered by tapping, and one's own results at the end."""

import streamlit as st

from explorer.classroom.service import Refused
from explorer.ui import state
from explorer.ui.classroom import board, student
from explorer.ui.classroom.connect import service
from explorer.ui.shell import lang
from explorer.ui.shell.lang import NAMES, t

JOIN_CSS = """<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stExpandSidebarButton"],
[data-testid="stHeader"] {display: none !important;}
[data-testid="stMainBlockContainer"] {max-width: 720px; padding-top: .6rem;}
</style>"""

ss = st.session_state


def _language() -> None:
    ss[state.APP_LANG] = ss[state.JOIN_LANG]


svc = service()
st.html(board.lv.css() + board.CSS + JOIN_CSS)  # the lessons' styles too: call chips, fact tables
ss.setdefault(state.JOIN_LANG, lang.current())
st.segmented_control("Language · اللغة", list(NAMES), key=state.JOIN_LANG, format_func=NAMES.get, required=True,
                     selection_mode="single", on_change=_language, label_visibility="collapsed")

seat = st.query_params.get("seat")
me = None
if seat:
    try:
        me = svc.student_state(seat)
    except Refused as e:
        st.warning(e.message.render(lang.style()), icon=":material/event_busy:")
        del st.query_params["seat"]

if me is None:
    st.title(t("Join a class"), anchor=False)
    student.join_form(svc)
    st.stop()

student.seat_view(svc, seat, me)
