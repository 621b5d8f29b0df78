"""Start here: what the app is and where to go."""

import streamlit as st

from explorer.engine.cards import Seat, Suit, cards
from explorer.engine.play import seats_from, trick_winner
from explorer.engine.tables import Mode
from explorer.ui import cards as ui
from explorer.ui import nav, sidebar


def link(file: str, label: str, icon: str, caption: str) -> None:
    """A link to a page (an unknown file raises: it never vanishes quietly) and a line under it."""
    st.page_link(nav.page_path(file), label=label, icon=icon, width="stretch")
    st.caption(caption)


st.title("Baloot explorer")
st.markdown(
    "Learn Baloot step by step, and settle rule disputes with an engine that explains every verdict.  \n"
    "New to the game? Start with the lessons. Arguing over a hand? Bring it to a tool below."
)

size = sidebar.card_size()
learn, explore, look_up = st.columns(3, gap="large")

with learn:
    st.markdown("#### Learn")
    link("lesson.py", "Lessons", "📖", "From the deal to the score, one step at a time.")
    link("glossary.py", "Glossary", "🔤", "Sun, Hokum, Gahwa … in English and Arabic.")

with explore:
    st.markdown("#### Settle a dispute")
    link("trick_checker.py", "Trick checker", "♠️", "Was that card legal?")
    link("score_calculator.py", "Score calculator", "🧮", "Who won the deal?")
    link("deal_checker.py", "Deal checker", "🔎", "A whole deal, step by step.")
    link("compare_rules.py", "Compare rules", "⚖️", "One case under every profile.")
    link("score_sheet.py", "Score sheet", "📝", "The match to 152.")
    link("charts.py", "Charts", "📊", "What random deals look like.")

with look_up:
    st.markdown("#### Reference")
    link("rules.py", "Rules and profiles", "📜", "Where the tables differ, and why.")
    link("library.py", "Scenario library", "🗂️", "Worked examples and disputed cases.")

st.divider()
st.subheader("A taste: the third player must cut")
st.markdown(
    f"Hokum, hearts are trumps. West leads {ui.card_chip('KC')} without announcing Ekka, "
    f"and South follows with {ui.card_chip('7C')}. East, West's partner, has no clubs: "
    f"even though West is winning, East must trump, here with {ui.card_chip('QH')}, "
    "because the lead was neither an Ace nor an Ekka. "
    f"North plays {ui.card_chip('AC')} and East's trump takes the trick. "
    "An Ekka on the King would have been false: North still held the Ace. "
    "(The worked example of the detailed Saudi rules, 000 §09.)",
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
