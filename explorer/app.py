"""Baloot explorer: page config and navigation. Each page in app_pages/ does its own work."""

import streamlit as st

from explorer.ui import cards, lang, nav, sheet_store, sidebar

st.set_page_config(page_title="Baloot explorer", page_icon="🃏", layout="wide")

# (section, file in app_pages/, title, icon). A file that does not exist stops the app with
# Streamlit's "could not be found" error: a misspelt page fails loudly.
PAGES = [
    ("Play", "play.py", "Practice table", ":material/playing_cards:"),
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

lang.current()  # the language first (``?lang=ar`` or the sidebar's switch): the titles are in it
sections: dict[str, list[st.Page]] = {}
for section, file, title, icon in PAGES:
    page = st.Page(nav.page_path(file), title=lang.t(title), icon=icon, default=file == "home.py",
                   url_path=file.removesuffix(".py"))
    sections.setdefault(lang.t(section), []).append(page)

current = st.navigation(sections, expanded=True)
st.html(cards.css())
lang.apply_direction()
lang.keep_in_url()
sidebar.sidebar()
sheet_store.sync()  # the score sheet kept in this browser, whatever page adds to it
current.run()
sheet_store.keep()
