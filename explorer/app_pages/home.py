"""Start here: what the app is and where to go."""

import streamlit as st

from explorer.engine.cards import Seat, Suit, cards
from explorer.engine.play import seats_from, trick_winner
from explorer.engine.tables import Mode
from explorer.ui import cards as ui
from explorer.ui import nav, sidebar

# Each column of links: (page file, label, icon, the line under it). A missing page raises.
SECTIONS = {
    "Learn": [("play.py", "Practice table", ":material/playing_cards:", "Play deals against the computer, "
               "with the rules explained as they apply."),
              ("lesson.py", "Lessons", ":material/school:", "From the deal to the score, one step at a time."),
              ("glossary.py", "Glossary", ":material/translate:", "Sun, Hokum, Gahwa … in English and Arabic.")],
    "Settle a dispute": [("trick_checker.py", "Trick checker", ":material/style:", "Was that card legal?"),
                         ("score_calculator.py", "Score calculator", ":material/calculate:", "Who won the deal?"),
                         ("deal_checker.py", "Deal checker", ":material/manage_search:", "A whole deal, step by step."),
                         ("compare_rules.py", "Compare rules", ":material/balance:", "One case under every profile."),
                         ("score_sheet.py", "Score sheet", ":material/scoreboard:", "The match to 152."),
                         ("charts.py", "Charts", ":material/bar_chart:", "What random deals look like.")],
    "Reference": [("rules.py", "Rules and profiles", ":material/gavel:", "Where the tables differ, and why."),
                  ("library.py", "Scenario library", ":material/library_books:", "Worked examples and disputed cases."),
                  ("sources.py", "Sources", ":material/menu_book:", "The rules documents the app follows.")],
}

st.title("Baloot explorer")
st.markdown(
    "Learn Baloot step by step, and settle rule disputes with an engine that explains every verdict.  \n"
    "New to the game? Start with the lessons. Arguing over a hand? Bring it to a tool below."
)

size = sidebar.card_size()
for column, (heading, links) in zip(st.columns(3, gap="large"), SECTIONS.items(), strict=True):
    with column:
        st.markdown(f"#### {heading}")
        for file, label, icon, caption in links:
            st.page_link(nav.page_path(file), label=label, icon=icon, width="stretch")
            st.caption(caption)

st.divider()
st.subheader("A taste: the third player must cut")
st.markdown(
    f"Hokum, hearts are trumps. West leads {ui.card_chip('KC')} without announcing Ekka, "
    f"and South follows with {ui.card_chip('7C')}. East, West's partner, has no clubs: "
    f"even though West is winning, East must trump, here with {ui.card_chip('QH')}, "
    "because the lead was neither an Ace nor an Ekka. "
    f"North plays {ui.card_chip('AC')} and East's trump takes the trick. "
    "An Ekka on the King would have been false: North still held the Ace. "
    "(The worked example of the detailed Saudi rules, §9: see Sources.)",
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
