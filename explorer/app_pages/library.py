"""Scenario library: worked examples and disputed cases, each opened in its tool or presented step by step."""

import streamlit as st

from explorer.content.library import Entry, load_library
from explorer.engine.core.i18n import N_
from explorer.engine.core.profiles import ProfileError, custom_profile
from explorer.ui import state
from explorer.ui.shell import lang, sidebar
from explorer.ui.shell.lang import choose, in_this_language, t, tn
from explorer.ui.tools import inbox
from explorer.view import intake, nav
from explorer.view.presentation import present_frames, shown_title
from explorer.view.text import code, plain
from explorer.view.words import problem_lines, profile_words

ss = st.session_state
ALL = "all"
TOPIC_ORDER = ["cutting", "play", "scoring", "ties", "projects", "baloot", "escalation", "kaboot", "match",
               "disputes", "deal", "bidding"]
KIND_BADGES = {"play": N_(":material/style: play"), "score": N_(":material/calculate: score"),
               "deal": N_(":material/timeline: deal"), "projects": N_(":material/view_module: projects"),
               "bidding": N_(":material/campaign: bidding")}
# Each kind of scenario: its icon and its kind (in the page's language).
PRESENT_CSS = """<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stExpandSidebarButton"],
[data-testid="stHeader"] {display: none !important;}
[data-testid="stMainBlockContainer"] {max-width: 1500px; padding-top: .8rem; padding-bottom: .8rem;}
[data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"] {gap: .6rem;}
[data-testid="stLayoutWrapper"]:has(> .st-key-library-alive),
[data-testid="stElementContainer"]:has(> [data-testid="stHtml"] > style:only-child),
[data-testid="stElementContainer"]:has(> [data-testid="stHtml"] > script:only-child) {display: none;}
.st-key-library-present-bar p {margin: 0;}
.st-key-library-present-title p {font-size: 1.05rem; font-weight: 600; color: #4b5a52;}
[data-testid="stMain"] h2 {font-size: 2rem; padding: .1rem 0 0; line-height: 1.2;}
html[dir="rtl"] [data-testid="stMain"] h2 {line-height: 1.6; padding-bottom: .2rem;}  /* Arabic dots below the line */
.st-key-library-present-text p, .st-key-library-present-text li {font-size: 1.5rem; line-height: 1.35;
 margin-bottom: .3rem;}
.st-key-library-present-body .bx-contract {font-size: 1.5rem;}
.st-key-library-present-body .bx-trick-lg .bx-center .bx-contract {font-size: 1.35rem;}
.st-key-library-present-body .bx-trick-md .bx-center .bx-contract {font-size: .85rem;}
.st-key-library-present-body .bx-trick {margin: 0;}
.st-key-library-present-body .bx-hand {margin: 0;}
@media (max-width: 640px) {
 .st-key-library-present-body .bx-card.bx-lg, .st-key-library-present-body .bx-slot.bx-lg {font-size: 24px;}
 .st-key-library-present-body .bx-trick-lg .bx-seatname {font-size: 1rem;}
 .st-key-library-present-body .bx-trick-lg {gap: .4em .8em; padding: .8em 1em;}
 .st-key-library-present-body .bx-contract {font-size: 1.1rem;}
 .st-key-library-present-body .bx-trick-lg .bx-center .bx-contract {font-size: .85rem;}
 [data-testid="stMain"] h2 {padding-top: .4rem;}
 .st-key-library-present-text p, .st-key-library-present-text li {font-size: 1.15rem;}
 [data-testid="stMain"] h2 {font-size: 1.5rem;}
}
</style>"""



@st.cache_data(show_spinner=False)
def library() -> list[Entry]:
    return load_library()


entries = library()
by_stem = {e.stem: e for e in entries}
inbox.persist(state.LIBRARY, {state.LIBRARY_SEARCH: "", state.LIBRARY_TOPIC: ALL, state.LIBRARY_PRESENT: None,
                              state.LIBRARY_STEP: 0})


def _present(stem: str) -> None:
    ss[state.LIBRARY_PRESENT] = stem
    ss[state.LIBRARY_STEP] = 0


def _step(delta: int | None, n: int) -> None:
    ss[state.LIBRARY_STEP] = 0 if delta is None else max(0, min(n - 1, ss.get(state.LIBRARY_STEP, 0) + delta))


def _exit() -> None:
    ss[state.LIBRARY_PRESENT] = None
    inbox.restore(state.LIBRARY, (state.LIBRARY_SEARCH, state.LIBRARY_TOPIC))  # the list as it was left


def _profile_for(doc: dict):
    """A scenario is judged under its own profile when it names one, else under the sidebar's."""
    return None if doc.get("profile") is not None else sidebar.current_profile()


def _profile_named(spec: object) -> str:
    """A file's own rules in words (a custom profile by its base and changed options), or its text as written when
    it names no profile the engine knows (the file's check says why)."""
    try:
        return profile_words(custom_profile(spec))
    except ProfileError:
        return code(str(spec))


# --- presentation mode -----------------------------------------------------------------------
stem = ss.get(state.LIBRARY_PRESENT)
if stem and stem in by_stem and by_stem[stem].doc is not None:
    e = by_stem[stem]
    checked = intake.check(e.doc, profile=_profile_for(e.doc), style=lang.style())
    frames = present_frames(e.doc, checked, size="lg", style=lang.style())
    n = len(frames)
    i = max(0, min(n - 1, int(ss.get(state.LIBRARY_STEP, 0))))
    st.html(PRESENT_CSS)
    st.html(nav.to_top_html(f"{stem} step {i}"), unsafe_allow_javascript=True)
    with st.container(horizontal=True, vertical_alignment="center", gap="small", key="library-present-bar"):
        with st.container(key="library-present-title", width="stretch"):
            st.markdown(plain(shown_title(e.shown_title(lang.current()), e.shown_topic(lang.current()), i, n)))
        st.button(t("First step"), key=state.LIBRARY_FIRST, on_click=_step, args=(None, n), disabled=i == 0,
                  icon=lang.pointing(":material/first_page:"), shortcut="Home")
        st.button(t("Back"), key=state.LIBRARY_BACK, on_click=_step, args=(-1, n), disabled=i == 0,
                  icon=lang.pointing(":material/chevron_left:"), shortcut=lang.arrow_key("Left"))
        st.button(t("Next"), key=state.LIBRARY_NEXT, on_click=_step, args=(1, n), disabled=i == n - 1, type="primary",
                  icon=lang.pointing(":material/chevron_right:"), icon_position="right",
                  shortcut=lang.arrow_key("Right"))
        st.markdown(t("Step {i} of {n}", i=i + 1, n=n))
        if st.button(t("Start a class"), key=state.LIBRARY_CLASS, icon=":material/groups:",
                     help=t("Ask this scenario's question of the room: students answer on their phones.")):
            here = lang.current()
            st.switch_page(nav.page_path("classroom.py"),
                           query_params={"files": stem, **({"lang": here} if here != "en" else {})})
        st.button(t("Leave"), key=state.LIBRARY_EXIT, on_click=_exit, icon=":material/close:", shortcut="Esc",
                  help=t("Back to the library list."))
    frame = frames[i]
    st.header(frame.heading, anchor=False)
    with st.container(key="library-present-body"):
        if frame.body:
            st.html(frame.body)
    with st.container(key="library-present-text"):
        if frame.text:
            st.markdown(frame.text)
    st.stop()

# --- the list --------------------------------------------------------------------------------
language = lang.current()
st.title(t("Scenario library"))
st.markdown(t("Worked examples from the rules documents (see Sources), one case per cutting obligation, project "
              "comparisons, every tie rule and escalation level, Kaboot, and disputed cases where the profiles "
              "disagree. Open one in its tool, compare it under every profile, or **present** it step by step with "
              "large cards for a class."))

topics = sorted({e.topic for e in entries},
                key=lambda t: (TOPIC_ORDER.index(t) if t in TOPIC_ORDER else len(TOPIC_ORDER), t))
titles = {tp: next(e.shown_topic(language) for e in entries if e.topic == tp) for tp in topics}
s1, s2 = st.columns([2, 1])
query = s1.text_input(t("Search"), key=state.LIBRARY_SEARCH, placeholder=t("e.g. third, Kaboot, tie, Gahwa, disputed"))
topic = s2.selectbox(t("Topic"), [ALL, *topics], key=state.LIBRARY_TOPIC,
                     format_func=in_this_language({ALL: t("All topics"), **titles}.get), placeholder=choose())

shown = [e for e in entries if (not query or e.matches(query, language)) and (topic == ALL or e.topic == topic)]
st.caption(tn("{shown} of {n} scenario", "{shown} of {n} scenarios", len(entries), shown=len(shown)))
if not shown:
    st.info(t("No scenario matches. Try fewer or other words."), icon=":material/filter_alt_off:")

for tp in topics:
    group = [e for e in shown if e.topic == tp]
    if not group:
        continue
    st.subheader(plain(titles[tp]))
    for e in group:
        with st.container(border=True):
            st.markdown(f"**{plain(e.shown_title(language))}**")
            badge = t(KIND_BADGES[e.kind]) if e.kind in KIND_BADGES else plain(e.kind)
            if e.doc and e.doc.get("profile"):
                st.caption(t("{kind} · {file} · profile {profile}", kind=badge, file=code(e.stem + ".yaml"),
                             profile=_profile_named(e.doc["profile"])))
            else:
                st.caption(t("{kind} · {file}", kind=badge, file=code(e.stem + ".yaml")))
            if e.errors:
                st.error(t("This file cannot be read:") + "\n\n" + problem_lines(e.errors))
                continue
            if e.notes:
                st.markdown(plain(e.shown_notes(language)))
            with st.container(horizontal=True, vertical_alignment="center"):
                tool_file, tool_title = intake.TOOL_FOR_KIND.get(e.kind, ("compare_rules.py", "Compare rules"))
                if tool_file != "compare_rules.py":
                    if st.button(t("Open in the {tool}", tool=t(tool_title)), key=state.page_key(state.LIBRARY, "open", e.stem),
                                 width="content"):
                        inbox.open_in_tool(e.doc, intake.from_library(e.stem))
                if st.button(t("Compare rules"), key=state.page_key(state.LIBRARY, "compare", e.stem), width="content"):
                    inbox.send(state.COMPARE, e.doc, intake.from_library(e.stem))
                    st.switch_page(nav.page_path("compare_rules.py"))
                st.button(t("▶ Present"), key=state.page_key(state.LIBRARY, "show", e.stem), on_click=_present, args=(e.stem,),
                          help=t("Full screen, large cards, one step at a time."))
                share = t("Share link")
                st.markdown(f":material/link: [{share}](/{tool_file.removesuffix('.py')}?{inbox.link_query(e.doc)})",
                            help=t("A link that opens this scenario in its tool."))
