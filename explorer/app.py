"""Baloot explorer: page config and navigation. Each page in app_pages/ does its own work."""

import streamlit as st

from explorer.engine.i18n import N_
from explorer.ui import cards, lang, nav, sheet_store, sidebar

st.set_page_config(page_title=lang.t("Baloot explorer"), page_icon="🃏", layout="wide")

# (section, file in app_pages/, title, icon). A file that does not exist stops the app with
# Streamlit's "could not be found" error: a misspelt page fails loudly.
PAGES = [
    (N_("Play"), "play.py", N_("Practice table"), ":material/playing_cards:"),
    (N_("Learn"), "home.py", N_("Start here"), "🏠"),
    (N_("Learn"), "lesson.py", N_("Lessons"), "📖"),
    (N_("Explore"), "trick_checker.py", N_("Trick checker"), "♠️"),
    (N_("Explore"), "score_calculator.py", N_("Score calculator"), "🧮"),
    (N_("Explore"), "deal_checker.py", N_("Deal checker"), "🔎"),
    (N_("Explore"), "compare_rules.py", N_("Compare rules"), "⚖️"),
    (N_("Explore"), "score_sheet.py", N_("Score sheet"), "📝"),
    (N_("Explore"), "charts.py", N_("Charts"), "📊"),
    (N_("Reference"), "library.py", N_("Scenario library"), "🗂️"),
    (N_("Reference"), "glossary.py", N_("Glossary"), "🔤"),
    (N_("Reference"), "rules.py", N_("Rules and profiles"), "📜"),
    (N_("Reference"), "sources.py", N_("Sources"), ":material/menu_book:"),
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
