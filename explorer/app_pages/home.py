"""Start here: what the app is and where to go."""

import streamlit as st

from explorer.engine.core.cards import Seat, Suit, cards
from explorer.engine.core.i18n import N_
from explorer.engine.core.tables import Mode
from explorer.engine.rules.play import seats_from, trick_winner
from explorer.ui.shell import sidebar
from explorer.ui.shell.lang import t
from explorer.view import cards as ui
from explorer.view import nav

# Each column of links: (page file, label, icon, the line under it). A missing page raises.
SECTIONS = {
    N_("Learn"): [("play.py", N_("Practice table"), ":material/playing_cards:",
                   N_("Play deals against the computer, with the rules explained as they apply.")),
                  ("lesson.py", N_("Lessons"), ":material/school:", N_("From the deal to the score, one step at a time.")),
                  ("puzzles.py", N_("Puzzles"), ":material/extension:",
                   N_("Find the best card: every answer proved, a puzzle a day.")),
                  ("classroom.py", N_("Classroom"), ":material/groups:",
                   N_("Teachers: ask the room, and see every phone's answer arrive.")),
                  ("join.py", N_("Join a class"), ":material/login:", N_("Students: answer the projected question.")),
                  ("glossary.py", N_("Glossary"), ":material/translate:", N_("Sun, Hokum, Gahwa … in English and Arabic."))],
    N_("Settle a dispute"): [("trick_checker.py", N_("Trick checker"), ":material/fact_check:", N_("Was that card legal?")),
                             ("score_calculator.py", N_("Score calculator"), ":material/calculate:", N_("Who won the deal?")),
                             ("deal_checker.py", N_("Deal checker"), ":material/manage_search:", N_("A whole deal, step by step.")),
                             ("compare_rules.py", N_("Compare rules"), ":material/balance:", N_("One case under every profile.")),
                             ("score_sheet.py", N_("Score sheet"), ":material/edit_note:", N_("The match to 152.")),
                             ("charts.py", N_("Charts"), ":material/bar_chart:", N_("What random deals look like."))],
    N_("Reference"): [("rules.py", N_("Rules and profiles"), ":material/gavel:", N_("Where the tables differ, and why.")),
                      ("library.py", N_("Scenario library"), ":material/folder_open:", N_("Worked examples and disputed cases.")),
                      ("sources.py", N_("Sources"), ":material/menu_book:",
                       N_("The rules documents the app follows."))],
}

st.title(t("Baloot explorer"))
st.markdown(
    t("Learn Baloot step by step, and settle rule disputes with an engine that explains every verdict.  \n"
      "New to the game? Start with the lessons. Arguing over a hand? Bring it to a tool below.")
)

size = sidebar.card_size()
for column, (heading, links) in zip(st.columns(3, gap="large"), SECTIONS.items(), strict=True):
    with column:
        st.markdown(f"#### {t(heading)}")
        for file, label, icon, caption in links:
            st.page_link(nav.page_path(file), label=t(label), icon=icon, width="stretch")
            st.caption(t(caption))

st.divider()
st.subheader(t("A taste: the third player must cut"))
st.markdown(
    t("Hokum, hearts are trumps. West leads {kc} without announcing Ekka, and South follows with {c7}. "
      "East, West's partner, has no clubs: even though West is winning, East must trump, here with {qh}, "
      "because the lead was neither an Ace nor an Ekka. North plays {ac} and East's trump takes the trick. "
      "An Ekka on the King would have been false: North still held the Ace. "
      "(The worked example of the detailed Saudi rules, §9: see Sources.)",
      kc=ui.card_chip("KC"), c7=ui.card_chip("7C"), qh=ui.card_chip("QH"), ac=ui.card_chip("AC")),
    unsafe_allow_html=True,
)
taste = cards("KC 7C QH AC")
st.html(
    ui.trick_html(
        dict(zip(seats_from(Seat.W), taste, strict=True)),
        leader=Seat.W,
        winning=trick_winner(Seat.W, taste, Mode.HOKUM, Suit.H),
        center=ui.trump_badge(Mode.HOKUM, Suit.H, compact=True),
        size=size,
    )
)
