"""Baloot explorer: page config and navigation. Each page in app_pages/ does its own work."""

import streamlit as st

from explorer.engine.core.i18n import N_
from explorer.ui.sheet import store as sheet_store
from explorer.ui.shell import lang, sidebar, turns
from explorer.view import cards, nav

st.set_page_config(page_title=lang.t("Baloot explorer"), page_icon="🃏", layout="wide")

# (section, file in app_pages/, title, icon). A file that does not exist stops the app with
# Streamlit's "could not be found" error: a misspelt page fails loudly.
PAGES = [
    (N_("Play"), "play.py", N_("Practice table"), ":material/playing_cards:"),
    (N_("Learn"), "home.py", N_("Start here"), ":material/home:"),
    (N_("Learn"), "lesson.py", N_("Lessons"), ":material/school:"),
    (N_("Learn"), "puzzles.py", N_("Puzzles"), ":material/extension:"),
    (N_("Learn"), "classroom.py", N_("Classroom"), ":material/groups:"),
    (N_("Learn"), "join.py", N_("Join a class"), ":material/login:"),
    (N_("Explore"), "trick_checker.py", N_("Trick checker"), ":material/fact_check:"),
    (N_("Explore"), "score_calculator.py", N_("Score calculator"), ":material/calculate:"),
    (N_("Explore"), "deal_checker.py", N_("Deal checker"), ":material/manage_search:"),
    (N_("Explore"), "compare_rules.py", N_("Compare rules"), ":material/balance:"),
    (N_("Explore"), "score_sheet.py", N_("Score sheet"), ":material/edit_note:"),
    (N_("Explore"), "charts.py", N_("Charts"), ":material/bar_chart:"),
    (N_("Reference"), "library.py", N_("Scenario library"), ":material/folder_open:"),
    (N_("Reference"), "glossary.py", N_("Glossary"), ":material/translate:"),
    (N_("Reference"), "rules.py", N_("Rules and profiles"), ":material/gavel:"),
    (N_("Reference"), "sources.py", N_("Sources"), ":material/menu_book:"),
]

with turns.turn():  # runs take turns, so that many at once leave the server free to answer (ui/turns.py)
    lang.current()  # the language first (``?lang=ar`` or the sidebar's switch): the titles are in it
    sections: dict[str, list[st.Page]] = {}
    for section, file, title, icon in PAGES:
        page = st.Page(nav.page_path(file), title=lang.t(title), icon=icon, default=file == "home.py",
                       url_path=file.removesuffix(".py"))
        sections.setdefault(lang.t(section), []).append(page)

    in_class = nav.in_a_class(st.query_params)  # a class's phones and projector: no navigation, no sidebar (view/nav.py)
    current = st.navigation(sections, expanded=True, position="hidden" if in_class else "sidebar")
    in_class = in_class and current.url_path in nav.CLASS_PAGES
    st.html(cards.css())
    lang.apply_direction()
    lang.keep_in_url()
    if not in_class:
        sidebar.sidebar()
        sheet_store.sync(wait=current.url_path == "score_sheet")  # the sheet kept in this browser, whatever page adds to it
    if current.url_path != "score_sheet":
        sheet_store.off_the_sheet()
    current.run()
    if not in_class:
        sheet_store.keep()
