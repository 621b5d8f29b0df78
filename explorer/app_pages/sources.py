"""Sources: the four rules documents the app follows, what each is, what the app takes from it, which profile."""

import streamlit as st

from explorer.engine.profiles import DEFAULT_PROFILE, PROFILES
from explorer.sources import SOURCES, sources_of
from explorer.ui import nav

st.title("Sources")
st.markdown(
    "The rules in this app come from four documents about Saudi Baloot. The pages cite them by the names "
    "below: *the detailed Saudi rules, §9* is section 9 of the first one. Where the documents disagree, "
    "each **rules profile** (chosen in the sidebar) follows one of them; the Rules page shows every "
    "difference option by option.")

for source in SOURCES.values():
    with st.container(border=True):
        st.subheader(source.title, anchor=False)
        st.markdown(f"**What it is.** {source.what}")
        st.markdown(f"**What the app takes from it.** {source.takes}")
        followed = [PROFILES[p] for p in source.profiles]
        default = " (the default)" if DEFAULT_PROFILE in followed else ""
        together = [s.title for s in sources_of(source.profiles[0]) if s is not source] if followed else []
        with_others = f", together with the {' and the '.join(together)}" if together else ""
        st.markdown(f"**Rules profile.** *{' and '.join(p.title for p in followed)}*{default}{with_others}.")
        st.caption(f"In scenario files, the command line's output and the design notes it is cited by the "
                   f"number of its file, `{source.number}`.")

st.page_link(nav.page_path("rules.py"), label="Rules and profiles: every option, its value in each profile",
             icon=":material/rule:")
