"""Glossary: Baloot words in English and Arabic, searchable."""

import streamlit as st

from explorer.ui import state
from explorer.ui.glossary import glossary_html, load_glossary, search
from explorer.ui.text import plain


@st.cache_data
def _entries():
    return load_glossary()


entries = _entries()

st.title("Glossary")
st.markdown(
    "The words of the Baloot table in English and Arabic, each with its meaning in one sentence "
    "and the rules documents it comes from (the Sources page says what each one is)."
)

query = st.text_input(
    "Search",
    key=state.GLOSSARY_SEARCH,
    placeholder="English, Arabic or a word of the meaning: Gahwa, قهوة, trump …",
)
found = search(entries, query or "")
if not found:
    st.info(f"No entry matches “{plain(query)}”.")
else:
    st.caption(
        f"{len(found)} of {len(entries)} entries"
        if query
        else f"{len(entries)} entries: " + ", ".join(sorted({e.category for e in entries}))
    )
    st.html(glossary_html(found))
