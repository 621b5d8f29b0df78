"""Start here: what the app is and where to go."""

import streamlit as st

from explorer.engine.cards import Seat, Suit, cards
from explorer.engine.play import trick_winner
from explorer.engine.tables import Mode
from explorer.ui import cards as ui
from explorer.ui import nav, state

st.title("Baloot explorer")
st.markdown(
    "Learn Baloot step by step, and settle rule disputes with an engine that explains every verdict.  \n"
    "New to the game? Start with the lessons. Arguing over a hand? Bring it to a tool below."
)

size = state.card_size()
learn, explore, look_up = st.columns(3, gap="large")

with learn:
    st.markdown("#### Learn")
    nav.page_link("lesson.py", "Lessons", "📖", caption="From the deal to the score, one step at a time.")
    nav.page_link("glossary.py", "Glossary", "🔤", caption="Sun, Hokum, Gahwa … in English and Arabic.")

with explore:
    st.markdown("#### Settle a dispute")
    shown = nav.page_link("trick_checker.py", "Trick checker", "♠️", caption="Was that card legal?")
    shown |= nav.page_link("score_calculator.py", "Score calculator", "🧮", caption="Who won the deal?")
    shown |= nav.page_link("deal_checker.py", "Deal checker", "🔎", caption="A whole deal, step by step.")
    shown |= nav.page_link("compare_rules.py", "Compare rules", "⚖️", caption="One case under every profile.")
    shown |= nav.page_link("score_sheet.py", "Score sheet", "📝", caption="The match to 152.")
    shown |= nav.page_link("charts.py", "Charts", "📊", caption="What random deals look like.")
    if not shown:
        st.caption("The tools are on their way.")

with look_up:
    st.markdown("#### Reference")
    nav.page_link("rules.py", "Rules and profiles", "📜", caption="Where the tables differ, and why.")
    nav.page_link("library.py", "Scenario library", "🗂️", caption="Worked examples and disputed cases.")

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
st.html(
    ui.trick_html(
        dict(zip([Seat.W, Seat.S, Seat.E, Seat.N], cards("KC 7C QH AC"), strict=True)),
        leader=Seat.W,
        winning=trick_winner(Seat.W, cards("KC 7C QH AC"), Mode.HOKUM, Suit.H),
        center=ui.trump_badge(Mode.HOKUM, Suit.H, compact=True),
        size=size,
    )
)
