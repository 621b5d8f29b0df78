"""Trick checker: which cards may the seat to play put down now, and why."""

import pandas as pd
import streamlit as st

from explorer.engine.cards import Card, Seat, Suit
from explorer.engine.play import ekka_problem, seats_from
from explorer.engine.tables import Mode
from explorer.ui import cards as ui
from explorer.ui import forms, inbox, sidebar, state
from explorer.ui.contract_widgets import seats_and_escalation
from explorer.ui.text import code_lines, plain
from explorer.ui.words import seat_label, suit_label

PAGE = state.TRICK
EXAMPLE = {
    "title": "Worked example 000 §09: the void third player must trump",
    "kind": "play", "dealer": "E", "contract": {"mode": "hokum", "trump": "H", "buyer": "N"},
    "current": {"leader": "N", "cards": ["KC", "7C"]},
    "hand": ["QH", "9S", "8S", "AS", "TD", "JD", "7S", "8D"],
}

st.title("Trick checker")
st.markdown("Was that card legal? Set the contract, the cards on the table and the hand of the seat to play: "
            "every card of the hand is marked legal ✓ or illegal ✕, with the rule and the reason.")

inbox.receive(PAGE, kinds=("play",), to_form=forms.play_form, defaults=forms.PLAY_DEFAULTS)
inbox.show_message(PAGE)


def _load_example() -> None:
    inbox.send(PAGE, EXAMPLE, "the worked example")


def _clear() -> None:
    st.session_state.update(forms.PLAY_DEFAULTS)
    for k in (state.page_key(PAGE, state.META), state.page_key(PAGE, state.PINNED_PROFILE)):
        st.session_state.pop(k, None)
    inbox.clear_message(PAGE)


def _switch_entry() -> None:
    ss = st.session_state
    to = ss[state.TRICK_ENTRY]
    before = dict(ss)
    before[state.TRICK_ENTRY] = "type" if to == "pick" else "pick"
    values, problems = forms.switch_entry(before, to)
    ss.update(values)
    if problems:
        inbox.set_message(PAGE, "error", problems, "the typed cards")


with st.container(horizontal=True):
    st.button("Load the worked example", key=state.TRICK_EXAMPLE, on_click=_load_example,
              help="000 §09: North leads K♣ without Ekka, West plays 7♣; South, void in clubs, must trump.")
    st.button("Empty the tool", key=state.TRICK_CLEAR, on_click=_clear)

profile, spec = inbox.rules_line(PAGE, sidebar.current_profile())
ss = st.session_state
# The widgets' values are in session state before they are drawn, so the scenario is known here.
core, line_problems = forms.play_doc({k: ss.get(k) for k in forms.PLAY_DEFAULTS})
doc = inbox.full_doc(PAGE, core, spec)
inbox.open_save_share(PAGE, doc if core["hand"] or core["current"]["cards"] else None, file_stem="trick")
seat_opts = list(forms.SEAT_IDS)

deal_col, trick_col = st.container(key="bx-wrap-trick").columns([1, 1.6], gap="large")
with deal_col:
    st.subheader("The deal")
    st.radio("Contract", ["hokum", "sun"], key=state.TRICK_MODE, horizontal=True,
             format_func=lambda m: "Hokum (trumps)" if m == "hokum" else "☀ Sun (no trumps)")
    sun = ss[state.TRICK_MODE] == "sun"
    st.selectbox("Trump suit", list(forms.SUITS), key=state.TRICK_TRUMP, format_func=suit_label, disabled=sun,
                 help="Sun has no trumps." if sun else None)
    c1, c2 = st.columns(2)
    seats_and_escalation(forms.TRICK_CONTRACT, c1, c2,
                         buyer_help="The declarer. It does not change which cards are legal.",
                         dealer_help="The dealer's right leads the first trick (000 §04).")
    lock_ok = forms.locked_allowed(ss[state.TRICK_MODE], ss[state.TRICK_LEVEL])
    st.checkbox("Locked (no trump lead unless the hand holds only trumps)", key=state.TRICK_LOCKED,
                disabled=not lock_ok,
                help="Only a Hokum Double or Quadruple is declared open or locked (000 §03)."
                if lock_ok else "Choose a Hokum Double or Quadruple to lock it.")

with trick_col:
    st.subheader("The trick")
    l1, l2 = st.columns([1, 1.4])
    l1.selectbox("Leader of this trick", seat_opts, key=state.TRICK_LEADER, format_func=seat_label)
    l2.radio("Enter cards by", ["pick", "type"], key=state.TRICK_ENTRY, horizontal=True, on_change=_switch_entry,
             format_func=lambda e: "picking from lists" if e == "pick" else "typing (KC 7C …)")
    typing = ss[state.TRICK_ENTRY] == "type"
    if typing:
        st.text_input("Cards on the table, in play order", key=state.TRICK_TABLE_TEXT, placeholder="KC 7C",
                      help="Rank then suit: 7 8 9 T (or 10) J Q K A and S H D C (or ♠ ♥ ♦ ♣).")
    else:
        st.multiselect("Cards on the table, in play order", list(forms.CARD_OPTIONS), key=state.TRICK_TABLE,
                       format_func=forms.card_option, max_selections=3, placeholder="The led card first…",
                       help="Pick them in the order they were played: the leader's card first. "
                            "Type KC to find K♣.")
    st.checkbox("The leader announced Ekka with this lead", key=state.TRICK_EKKA,
                help="Ekka: the lead is the highest card still unplayed in a plain suit. It frees a void "
                     "third player from trumping (000 §04).")
    if typing:
        st.text_input("Hand of the seat to play", key=state.TRICK_HAND_TEXT, placeholder="QH 9S 8S AS TD JD 7S 8D")
    else:
        st.multiselect("Hand of the seat to play", list(forms.CARD_OPTIONS), key=state.TRICK_HAND,
                       format_func=forms.card_option, max_selections=8, placeholder="Its cards…", wrap=True)
    with st.expander("Earlier in the deal (optional: for Ekka and the full history)"):
        st.text_area("Earlier tricks, one a line", key=state.TRICK_TRICKS, height=120,
                     placeholder="S: KD 7D AD 8D\nN: QS 8S AS 9S ekka",
                     help="The leader's seat, then the four cards in play order; add 'ekka' when the lead "
                          "was announced as Ekka. With earlier tricks the hand holds 8 minus their number.")
        if typing:
            st.text_input("Other cards already played", key=state.TRICK_PLAYED_TEXT,
                          help="Without the full tricks: cards gone in earlier tricks, for Ekka.")
        else:
            st.multiselect("Other cards already played", list(forms.CARD_OPTIONS), key=state.TRICK_PLAYED,
                           format_func=forms.card_option, wrap=True,
                           help="Without the full tricks: cards gone in earlier tricks, for Ekka.")

size = sidebar.card_size()
mode = Mode(core["contract"]["mode"])
trump = Suit.parse(core["contract"]["trump"]) if mode is Mode.HOKUM else None
center = ui.trump_badge(mode, trump, compact=True)

st.divider()
st.subheader("Verdict")
if line_problems:
    st.error("**The earlier tricks cannot be read.**\n\n" + code_lines(line_problems))
elif not core["hand"]:
    st.info("Choose the cards of the hand of the seat to play (and the cards already on the table).", icon=":material/touch_app:")
else:
    checked = inbox.check(core, profile=profile)
    ekka_false = None
    if not checked.ok and core.get("ekka") and all(e.startswith(("ekka:", "current.ekka:"))
                                                   for e in checked.errors):
        ekka_false = "; ".join(e.split(": ", 1)[1] for e in checked.errors)
        checked = inbox.check({k: v for k, v in core.items() if k != "ekka"}, profile=profile)
    if not checked.ok:
        st.error("**These inputs are not a possible moment of a deal.** Fix them and the verdict appears; "
                 "your inputs are kept.\n\n" + code_lines(checked.errors), icon=":material/block:")
        st.caption("Where: `hand` is the hand, `current.cards` the cards on the table, `played` the other "
                   "cards played, `tricks[0]` the first line of earlier tricstate.")
    else:
        o = checked.output
        to_play = Seat.parse(o["to_play"])
        winning = Seat.parse(o["winning"]) if o["winning"] else None
        leader = Seat.parse(core["current"]["leader"])
        table = core["current"]["cards"]
        seats = list(seats_from(leader, len(table)))
        # Projector-size cards need the whole width: the trick above the hand.
        left, right = st.columns([1, 1.5], gap="large") if size != "lg" else (st.container(), st.container())
        with left:
            st.html(ui.trick_html(dict(zip(seats, table, strict=True)), leader=leader, to_play=to_play,
                                  winning=winning, center=center, size=size))
            if winning is not None:
                win_card = Card.parse(table[seats.index(winning)])
                st.markdown(f"**Winning now:** {winning.title} ({winning.team.value}) with "
                            f"{ui.card_chip(win_card)}", unsafe_allow_html=True)
            else:
                st.markdown(f"**{to_play.title} leads**: no card is on the table yet.")
        with right:
            marks = {c: "legal" for c in o["legal"]} | {c: "illegal" for c in o["illegal"]}
            st.html(ui.hand_html(core["hand"], trump=trump, size=size, highlight=marks,
                                 label=f"{to_play.title} ({to_play.value}) to play, position {o['position']}"))
            n = len(o["legal"])
            st.markdown(f"**{to_play.title} may play {n} of {len(core['hand'])} cards:** "
                        + ui.cards_inline(ui.sort_hand(o["legal"], trump=trump)), unsafe_allow_html=True)
            st.markdown(f"**Why:** {o['rule']}")
            st.caption(f"Rule `{o['rule_id']}`: {o['rule_text']}")
        if ekka_false:
            st.warning(f"**The Ekka claim does not hold.** {plain(ekka_false)} The verdict treats the lead as made "
                       "without Ekka.", icon=":material/warning:")
        elif o["ekka"]:
            lead = Card.parse(table[0])
            st.success(f"**The Ekka claim holds:** {lead.pretty} is the highest {lead.suit.title[:-1]} still "
                       "unplayed (cards in earlier tricks count as played; cards in hands do not).", icon=":material/check_circle:")
        elif table and not o["ekka"]:
            lead = Card.parse(table[0])
            played = [Card.parse(c) for t in core.get("tricks") or [] for c in t["cards"]] + \
                     [Card.parse(c) for c in core.get("played") or []]
            if ekka_problem(lead, played, mode, trump) is None:
                st.caption(f"{lead.pretty} is the highest {lead.suit.title[:-1]} still unplayed: the leader "
                           "could have announced Ekka.")
        rows = [{"Card": Card.parse(v["card"]).pretty, "Legal": "✓ legal" if v["legal"] else "✕ illegal",
                 "Why": v["reason"].removeprefix(o["rule"]).strip() or v["reason"]} for v in o["verdicts"]]
        st.caption(f"Card by card (each under: “{o['rule']}”)")
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch",
                     column_config={"Why": st.column_config.TextColumn(width="large")})

inbox.sync_link(PAGE, doc, empty=inbox.is_empty(PAGE))
