"""Baloot explorer: page config and navigation. Each page in app_pages/ does its own work."""

import streamlit as st

from explorer.ui import cards, nav, sheet_store, sidebar

st.set_page_config(page_title="Baloot explorer", page_icon="🃏", layout="wide")

# (section, file in app_pages/, title, icon). A file that does not exist stops the app with
# Streamlit's "could not be found" error: a misspelt page fails loudly.
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
    ("Reference", "sources.py", "Sources", ":material/menu_book:"),
]

sections: dict[str, list[st.Page]] = {}
for section, file, title, icon in PAGES:
    page = st.Page(nav.page_path(file), title=title, icon=icon, default=file == "home.py")
    sections.setdefault(section, []).append(page)

current = st.navigation(sections, expanded=True)
st.html(cards.css())
sidebar.sidebar()
sheet_store.sync()  # the score sheet kept in this browser, whatever page adds to it
current.run()
sheet_store.keep()
