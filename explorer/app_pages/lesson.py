"""Lessons: one generic page for every lesson in lessons/*.yaml. Checking is the engine's, via ui.lessons."""

import streamlit as st

from explorer.ui import lesson_state as ls
from explorer.ui import lesson_store, state
from explorer.ui import lesson_widgets as lw
from explorer.ui.lessons import LessonError, load_lessons

st.title("Lessons")

try:
    lessons = load_lessons()
except LessonError as e:
    st.error("A lesson file has problems:\n\n" + "\n".join(f"- {p}" for p in e.problems))
    st.stop()
if not lesson_store.restore(lessons):  # the progress kept in this browser has not arrived yet
    st.caption("Opening your progress kept in this browser…")
    st.stop()

ids = [lesson.id for lesson in lessons]
by_id = {lesson.id: lesson for lesson in lessons}
wanted = st.query_params.get("lesson")
if ls.PICKER not in st.session_state and wanted in by_id:
    st.session_state[ls.PICKER] = wanted
if st.session_state.get(ls.PICKER) not in by_id:
    st.session_state[ls.PICKER] = ids[0]

profile = state.current_profile()
size = state.card_size()
st.html(lw.css(size))

st.selectbox("Lesson", ids, key=ls.PICKER, format_func=lambda i: f"{by_id[i].number}. {by_id[i].title}")
lesson = by_id[st.session_state[ls.PICKER]]
st.query_params["lesson"] = lesson.id
st.caption(lesson.summary)

count = len(lesson.steps)
index = ls.current_step(lesson.id, count)
step = lesson.steps[index]
ls.mark_seen(lesson.id, step.id)
st.progress((index + 1) / count, text=f"Step {index + 1} of {count}")

st.subheader(step.title)
st.markdown(step.text)
lw.show_scenario(lesson, step, size)
if step.question is not None:
    lw.render_question(lesson, step, profile, size)
if step.widget is not None:
    lw.render_widget(lesson, step, profile, size)

st.divider()
back, middle, forward = st.columns([1, 2, 1])
back.button("◀ Back", key=ls.BACK, on_click=ls.go, args=(lesson.id, -1, count), disabled=index == 0,
            width="stretch")
if index < count - 1:
    forward.button("Next ▶", key=ls.NEXT, on_click=ls.go, args=(lesson.id, 1, count), type="primary",
                   width="stretch")
else:
    done = ls.summary(lesson)
    middle.success(f"🎉 End of the lesson: {done['right']} of {done['questions']} questions right.")
    position = ids.index(lesson.id)
    if position + 1 < len(ids):
        following = ids[position + 1]

        def open_next(target: str = following) -> None:
            st.session_state[ls.PICKER] = target

        forward.button("Next lesson ▶", key=ls.NEXT_LESSON, on_click=open_next, type="primary", width="stretch")

with st.expander("Start this lesson again"):
    st.caption("Forget your answers in this lesson and go back to its first step.")
    st.button("Reset this lesson", key=ls.RESET, on_click=ls.reset, args=(lesson.id,))

with st.sidebar:
    st.divider()
    lw.sidebar_progress(lessons, lesson.id)
lesson_store.keep()
