"""Baloot explorer: page config and navigation. Each page in app_pages/ does its own work."""

import streamlit as st

from explorer.ui import cards, nav, sheet_store, sidebar

st.set_page_config(page_title="Baloot explorer", page_icon="🃏", layout="wide")

# (section, file in app_pages/, title, icon). A file that does not exist stops the app with
# Streamlit's "could not be found" error: a misspelt page fails loudly.
PAGES = [
    ("Learn", "home.py", "Start here", ":material/home:"),
    ("Learn", "lesson.py", "Lessons", ":material/school:"),
    ("Explore", "trick_checker.py", "Trick checker", ":material/playing_cards:"),
    ("Explore", "score_calculator.py", "Score calculator", ":material/calculate:"),
    ("Explore", "deal_checker.py", "Deal checker", ":material/manage_search:"),
    ("Explore", "compare_rules.py", "Compare rules", ":material/balance:"),
    ("Explore", "score_sheet.py", "Score sheet", ":material/scoreboard:"),
    ("Explore", "charts.py", "Charts", ":material/bar_chart:"),
    ("Reference", "library.py", "Scenario library", ":material/library_books:"),
    ("Reference", "glossary.py", "Glossary", ":material/translate:"),
    ("Reference", "rules.py", "Rules and profiles", ":material/gavel:"),
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
