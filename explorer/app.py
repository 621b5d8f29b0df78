"""Baloot explorer: page config and navigation. Each page in app_pages/ does its own work."""

import streamlit as st

from explorer.ui import cards, nav, sheet_store, state

st.set_page_config(page_title="Baloot explorer", page_icon="🃏", layout="wide")

# (section, file in app_pages/, title, icon). A page whose file does not exist yet is skipped,
# so a new page only needs its file and its line here.
PAGES = [
    ("Learn", "home.py", "Start here", "🏠"),
    ("Learn", "lesson.py", "Lessons", "📖"),
    ("Explore", "trick_checker.py", "Trick checker", "♠️"),
    ("Explore", "score_calculator.py", "Score calculator", "🧮"),
    ("Explore", "deal_checker.py", "Deal checker", "🔎"),
    ("Explore", "compare_rules.py", "Compare rules", "⚖️"),
    ("Explore", "score_sheet.py", "Score sheet", "📝"),
    ("Explore", "charts.py", "Charts", "📊"),
    ("Reference", "library.py", "Scenario library", "🗂️"),
    ("Reference", "glossary.py", "Glossary", "🔤"),
    ("Reference", "rules.py", "Rules and profiles", "📜"),
]

sections: dict[str, list[st.Page]] = {}
for section, file, title, icon in PAGES:
    if nav.page_exists(file):
        page = st.Page(nav.page_path(file), title=title, icon=icon, default=file == "home.py")
        sections.setdefault(section, []).append(page)

current = st.navigation(sections, expanded=True)
st.html(cards.css())
state.sidebar()
sheet_store.sync()  # the score sheet kept in this browser, whatever page adds to it
current.run()
sheet_store.keep()
