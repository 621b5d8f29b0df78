"""The teacher's screen (the projector): start a class from a set, show the join code, the QR code and the link,
move the class, watch the answers arrive (a fragment polls the database every second), end with the results.

The teacher's secret is in this page's address only (``?teach=``); nothing on the page shows it.
"""

from __future__ import annotations

import html
from typing import Any

import streamlit as st

from explorer.classroom import service as cls
from explorer.classroom.service import Classroom, ClassState, Refused, decode, encode
from explorer.classroom.steps import ClassStep, library_specs, options
from explorer.content.lessons import Lesson
from explorer.content.library import Entry
from explorer.engine.core.i18n import N_
from explorer.ui import state
from explorer.ui.classroom import board
from explorer.ui.classroom.connect import page_url
from explorer.ui.shell import lang
from explorer.ui.shell.lang import choose, in_this_language, t, tn
from explorer.view import classroom as view
from explorer.view.charts.classroom import answers_chart
from explorer.view.charts.figures import SHOW_CONFIG
from explorer.view.text import html_text, plain

ss = st.session_state
LIVE_SECONDS = 1.0
"""How often the teacher's chart and head count poll the database."""
PHASE_WORDS = {cls.LOBBY: N_("Waiting for students"), cls.OPEN: N_("Answers open"),
               cls.CLOSED: N_("Answers closed"), cls.REVEALED: N_("Verdict shown"), cls.ENDED: N_("Class ended")}


def refusal() -> None:
    """The last refusal, once."""
    msg = ss.pop(state.CLASSROOM_REFUSED, None)
    if msg is not None:
        st.warning(msg.render(lang.style()), icon=":material/block:")


def _do(move, *args: Any) -> None:
    """Callback: a move of the class; a refusal is kept to be shown."""
    try:
        move(*args)
    except Refused as e:
        ss[state.CLASSROOM_REFUSED] = e.message


# --- starting ----------------------------------------------------------------------------------------------------

def start_form(svc: Classroom, lessons: list[Lesson], library: list[Entry], askable: set[str],
               profile, wanted_lesson: str | None, wanted_files: list[str]) -> None:
    """Pick the set (a lesson, or library files in order) and start; the page's address then holds the secret."""
    by_id = {x.id: x for x in lessons}
    with_questions = [x.id for x in lessons if x.questions]
    if state.CLASSROOM_SOURCE not in ss:
        ss[state.CLASSROOM_SOURCE] = "library" if wanted_files else "lesson"
        ss[state.CLASSROOM_LESSON] = wanted_lesson if wanted_lesson in with_questions else with_questions[0]
        ss[state.CLASSROOM_FILES] = [f for f in wanted_files if f in askable]
    language = lang.current()
    sources = {"lesson": t("A lesson's questions"), "library": t("Library files")}
    source = st.radio(t("Ask"), list(sources), key=state.CLASSROOM_SOURCE, horizontal=True,
                      format_func=in_this_language(sources.get))
    if source == "lesson":
        from explorer.ui.lessons.view import text_of
        names = {i: f"{by_id[i].number}. {text_of(by_id[i], 'title', by_id[i].title)}" for i in with_questions}
        chosen = st.selectbox(t("Lesson"), with_questions, key=state.CLASSROOM_LESSON,
                              format_func=in_this_language(names.get), placeholder=choose())
        from explorer.classroom.steps import lesson_specs
        specs = lesson_specs(by_id[chosen])
    else:
        titles = {e.stem: e.shown_title(language) for e in library if e.stem in askable}
        picked = st.multiselect(t("Library files, in the order asked"), list(titles), key=state.CLASSROOM_FILES,
                                format_func=in_this_language(titles.get), placeholder=t("Choose files"), select_all=False)
        specs = library_specs(picked)
    st.toggle(t("Show the names of those who join on the projector"), key=state.CLASSROOM_SHOW_NAMES)
    st.caption(tn("{n} question", "{n} questions", len(specs)))
    if st.button(t("Start a class"), key=state.CLASSROOM_START, type="primary", icon=":material/groups:",
                 disabled=not specs):
        try:
            started = svc.start(specs, profile, show_names=bool(ss.get(state.CLASSROOM_SHOW_NAMES)))
        except Refused as e:
            st.error(e.message.render(lang.style()))
            return
        st.query_params.clear()
        st.query_params["teach"] = started.teacher_secret
        if language != "en":
            st.query_params["lang"] = language
        st.rerun()


# --- the class ---------------------------------------------------------------------------------------------------

def join_panel(code: str, *, big: bool) -> None:
    """The join code, the QR code and the link (the link and the code are the app's, never a user's text)."""
    link = view.join_link(page_url(), code)
    qr = view.qr_html(link, size="16rem" if big else "9rem", label=t("QR code of the join link"))
    words = html_text(t("Join on your phone:"))
    st.html(f'<div style="display:flex;gap:1.5rem;align-items:center;flex-wrap:wrap">{qr}<div>'
            f'<div style="font-size:1.2rem">{words}</div>'
            f'<div class="bx-class-code" data-testid="class-code">{html.escape(view.shown_code(code))}</div>'
            f'<div class="bx-class-link">{html.escape(link)}</div></div></div>')


def controls(svc: Classroom, secret: str, cs: ClassState) -> None:
    """The teacher's buttons: ask (first or next), close, reveal, end. Each carries the class's version this screen
    shows, so a click delivered twice moves the class once (the service drops a move made on an older version)."""
    seen = cs.version
    with st.container(horizontal=True, gap="small"):
        if cs.phase == cls.LOBBY:
            st.button(t("Ask the first question"), key=state.CLASSROOM_ASK, type="primary", on_click=_do,
                      args=(svc.ask, secret, seen), icon=":material/play_arrow:")
        elif cs.phase != cls.ENDED:
            st.button(t("Close the answers"), key=state.CLASSROOM_CLOSE, on_click=_do, args=(svc.close, secret, seen),
                      disabled=cs.phase != cls.OPEN, icon=":material/lock:")
            st.button(t("Reveal the verdict"), key=state.CLASSROOM_REVEAL, on_click=_do,
                      args=(svc.reveal, secret, seen), disabled=cs.phase == cls.REVEALED,
                      type="primary" if cs.phase != cls.REVEALED else "secondary", icon=":material/gavel:")
            if not cs.last_step:
                st.button(t("Next question"), key=state.CLASSROOM_ASK, on_click=_do, args=(svc.ask, secret, seen),
                          type="primary" if cs.phase == cls.REVEALED else "secondary",
                          icon=lang.pointing(":material/chevron_right:"))
        if cs.phase != cls.ENDED:
            st.button(t("End the class"), key=state.CLASSROOM_END, on_click=_do, args=(svc.end, secret, seen),
                      type="primary" if cs.last_step and cs.phase == cls.REVEALED else "secondary",
                      icon=":material/flag:")


def _bars(step: ClassStep, counts: dict[str, int], judged) -> tuple[list[str], list[int], list[bool]]:
    """Every answer on offer (a number question: every number given), its count, and whether it is right."""
    offered = options(step)
    if offered is None:
        offered = sorted({decode(k) for k in counts}, key=lambda v: (not isinstance(v, int), v))
    right = set(encode(v) for v in judged.right) if judged is not None else set()
    return ([board.label(step, v) for v in offered], [counts.get(encode(v), 0) for v in offered],
            [encode(v) in right for v in offered])


def live_answers(svc: Classroom, secret: str, step: ClassStep, revealed: bool, judged) -> None:
    """The answers so far (polled every :data:`LIVE_SECONDS`): the chart, the count, the share right once shown."""
    @st.fragment(run_every=LIVE_SECONDS)
    def _live() -> None:
        try:
            tally = svc.tally(secret)
        except Refused:
            return
        st.markdown(t("**{answered}** of {joined} answered", answered=tally.answered, joined=tally.joined))
        labels, counts, right = _bars(step, tally.counts, judged)
        st.plotly_chart(answers_chart(labels, counts, right, revealed=revealed, lang=lang.current()),
                        key=state.CLASSROOM_CHART, config=SHOW_CONFIG, width="stretch")
        if revealed and tally.answered:
            st.markdown(t("**{share}** right ({right} of {answered})", share=f"{tally.share_right:.0%}",
                          right=tally.right, answered=tally.answered))
    _live()


WARM_CSS = """<style>.st-key-classroom-warm-chart {height: 0; overflow: hidden; margin: 0; padding: 0;}</style>"""


def warm_chart(step: ClassStep) -> None:
    """The first question's chart, drawn out of sight while the students join: the browser loads its charting
    library (megabytes of script) and the server builds its first figure then, not when the first answer arrives
    (4 to 11 s on a busy machine before; the issue asks for two)."""
    labels, counts, right = _bars(step, {}, None)
    st.html(WARM_CSS)
    with st.container(key=state.CLASSROOM_WARM):
        st.plotly_chart(answers_chart(labels, counts, right, revealed=False, lang=lang.current()),
                        key=state.CLASSROOM_WARM_CHART, config=SHOW_CONFIG, width="stretch")


def head_count(svc: Classroom, secret: str) -> None:
    """How many have joined (and their names, when the teacher chose to show them), polled every second."""
    @st.fragment(run_every=LIVE_SECONDS)
    def _count() -> None:
        try:
            cs = svc.teacher_state(secret)
            names = svc.names(secret) if cs.show_names else []
        except Refused:
            return
        st.markdown(tn("**{n}** student has joined", "**{n}** students have joined", cs.joined))
        if names:
            shown = [n if n else t("(anonymous)") for n in names]
            st.markdown(" · ".join(plain(n) for n in shown))
    _count()


def results(svc: Classroom, secret: str, steps: tuple[ClassStep, ...]) -> None:
    """Each question's results, and the CSV to download."""
    language = lang.current()
    titles = [s.shown_title(language) for s in steps]
    rows = [{t("Question"): r.index + 1, t("Title"): titles[r.index], t("Answers"): r.answered, t("Right"): r.right,
             t("Share right"): f"{r.share_right:.0%}"} for r in svc.results(secret)]
    st.dataframe(rows, hide_index=True, width="stretch")
    header = [t("Question"), t("Title"), t("Answers"), t("Right"), t("Share right")]
    st.download_button(t("Download the results (CSV)"), svc.results_csv(secret, titles, header),
                       file_name="class-results.csv", mime="text/csv", key=state.CLASSROOM_CSV,
                       icon=":material/download:")
    st.caption(t("The answers are deleted an hour after the end of the class, or now:"))
    st.button(t("Delete the class now"), key=state.CLASSROOM_DELETE, on_click=_do, args=(svc.delete, secret),
              icon=":material/delete:")


def phase_words(cs: ClassState) -> str:
    return t(PHASE_WORDS[cs.phase])
