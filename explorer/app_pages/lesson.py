"""Lessons: one generic page for every lesson in lessons/*.yaml. Checking is the engine's, via explorer.content.lessons."""

import streamlit as st

from explorer.content.lessons import LessonError, load_lessons
from explorer.ui import state
from explorer.ui.lessons import state as ls
from explorer.ui.lessons import store as lesson_store
from explorer.ui.lessons import view as lv
from explorer.ui.lessons import widgets as lw
from explorer.ui.shell import lang, once, sidebar
from explorer.ui.shell.lang import choose, in_this_language, t
from explorer.view import nav
from explorer.view.words import problem_lines

st.title(t("Lessons"))

try:
    lessons = load_lessons()
except LessonError as e:
    st.error(t("A lesson file has problems:") + "\n\n" + problem_lines(e.problems))
    st.stop()
if not lesson_store.restore(lessons):  # the progress kept in this browser has not arrived yet
    st.caption(t("Opening your progress kept in this browser…"))
    st.stop()

ids = [lesson.id for lesson in lessons]
by_id = {lesson.id: lesson for lesson in lessons}
wanted = st.query_params.get("lesson")
if state.LESSON_PICKER not in st.session_state and wanted in by_id:
    st.session_state[state.LESSON_PICKER] = wanted
if st.session_state.get(state.LESSON_PICKER) not in by_id:
    st.session_state[state.LESSON_PICKER] = ids[0]

profile = sidebar.current_profile()
size = sidebar.card_size()
st.html(lv.css(size))

names = {i: f"{by_id[i].number}. {lv.text_of(by_id[i], 'title', by_id[i].title)}" for i in ids}
st.selectbox(t("Lesson"), ids, key=state.LESSON_PICKER, format_func=in_this_language(names.get), placeholder=choose())
lesson = by_id[st.session_state[state.LESSON_PICKER]]
st.query_params["lesson"] = lesson.id
st.caption(lv.text_of(lesson, "summary", lesson.summary))

count = len(lesson.steps)
index = ls.current_step(lesson.id, count)
step = lesson.steps[index]
ls.mark_seen(lesson.id, step.id)
st.progress((index + 1) / count, text=t("Step {n} of {count}", n=index + 1, count=count))

st.subheader(lv.text_of(lesson, "title", step.title, step))
st.markdown(lv.text_of(lesson, "text", step.text, step))
lv.show_scenario(lesson, step, size)
if step.question is not None:
    lv.render_question(lesson, step, profile, size)
if step.widget is not None:
    lw.render_widget(lesson, step, profile, size)

st.divider()
back, middle, forward = st.columns([1, 2, 1])
once.button(t("◀ Back"), key=state.LESSON_BACK, on_click=ls.go, args=(lesson.id, -1, count), where=back,
            disabled=index == 0, width="stretch")
if index < count - 1:
    once.button(t("Next ▶"), key=state.LESSON_NEXT, on_click=ls.go, args=(lesson.id, 1, count), where=forward,
                type="primary", width="stretch")
else:
    done = ls.summary(lesson)
    middle.success(t("End of the lesson: {score}.", score=ls.score_words(done)), icon=":material/celebration:")
    position = ids.index(lesson.id)
    if position + 1 < len(ids):
        following = ids[position + 1]

        def open_next(target: str = following) -> None:
            st.session_state[state.LESSON_PICKER] = target

        forward.button(t("Next lesson ▶"), key=state.LESSON_NEXT_LESSON, on_click=open_next, type="primary", width="stretch")

if lesson.questions and st.button(t("Start a class with this lesson's questions"), key=state.LESSON_CLASS,
                                  icon=":material/groups:"):
    here = lang.current()
    st.switch_page(nav.page_path("classroom.py"),
                   query_params={"lesson": lesson.id, **({"lang": here} if here != "en" else {})})

with st.expander(t("Start this lesson again")):
    st.caption(t("Forget your answers in this lesson and go back to its first step."))
    st.button(t("Reset this lesson"), key=state.LESSON_RESET, on_click=ls.reset, args=(lesson.id,))

with st.sidebar:
    st.divider()
    lv.sidebar_progress(lessons, lesson.id)
lesson_store.keep()
