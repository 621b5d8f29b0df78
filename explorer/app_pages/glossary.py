"""Glossary: Baloot words in English and Arabic, searchable (in Arabic, the Arabic word first)."""

import streamlit as st

from explorer.content.glossary import load_glossary, search
from explorer.ui import state
from explorer.ui.shell import lang
from explorer.ui.shell.lang import t, tn
from explorer.view.glossary import glossary_html
from explorer.view.text import plain


@st.cache_data
def _entries():
    return load_glossary()


entries = _entries()
language = lang.current()

st.title(t("Glossary"))
st.markdown(t(
    "The words of the Baloot table in English and Arabic, each with its meaning in one sentence "
    "and the rules documents it comes from (the Sources page says what each one is)."))
if language != "en":
    st.caption(t("Where players say a word in more than one way, the table gives the most common form first "
                 "and the others under it, and its meaning says which forms are contested."))

query = st.text_input(
    t("Search"),
    key=state.GLOSSARY_SEARCH,
    placeholder=t("English, Arabic or a word of the meaning: Gahwa, قهوة, trump …"),
)
found = search(entries, query or "", language)
if not found:
    st.info(t("No entry matches “{query}”.", query=plain(query)))
else:
    if query:
        st.caption(tn("{found} of {n} entry", "{found} of {n} entries", len(entries), found=len(found)))
    else:
        categories = sorted({e.shown_category(language) for e in entries})
        st.caption(tn("{n} entry: {categories}", "{n} entries: {categories}", len(entries), categories=categories))
    st.html(glossary_html(found, language))
