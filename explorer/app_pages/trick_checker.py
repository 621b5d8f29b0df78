"""Trick checker: which cards may the seat to play put down now, and why."""

import pandas as pd
import streamlit as st

from explorer.engine.core.cards import Card, CardError, Seat, Suit
from explorer.engine.core.errors import render_problems, unplaced
from explorer.engine.core.i18n import N_
from explorer.engine.core.tables import Mode
from explorer.engine.rules.play import ekka_problem, seats_from, trick_winner
from explorer.ui import state
from explorer.ui.shell import lang, sidebar
from explorer.ui.shell.lang import choose, in_this_language, t, tn
from explorer.ui.tools import exact_values, forms, inbox
from explorer.ui.tools.card_taps import tap_cards
from explorer.ui.tools.contract_widgets import seats_and_escalation
from explorer.ui.tools.verdict_bar import play_line, verdict_bar
from explorer.view import cards as ui
from explorer.view import intake, seat_map
from explorer.view.text import code, plain
from explorer.view.words import problem_lines, seat_label, seat_name, suit_label

PAGE = state.TRICK
EXAMPLE = {
    "title": "Worked example (detailed Saudi rules, §9): the void third player must trump",
    "kind": "play", "dealer": "E", "contract": {"mode": "hokum", "trump": "H", "buyer": "N"},
    "current": {"leader": "N", "cards": ["KC", "7C"]},
    "hand": ["QH", "9S", "8S", "AS", "TD", "JD", "7S", "8D"],
}

st.title(t("Trick checker"))
st.markdown(t("Was that card legal? Set the contract, the cards on the table and the hand of the seat to play: "
              "every card of the hand is marked legal ✓ or illegal ✕, with the rule and the reason."))

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
    before[state.TRICK_ENTRY] = "type" if to == "tap" else "tap"
    values, problems = forms.switch_entry(before, to)
    ss.update(values)
    if problems:
        inbox.set_message(PAGE, "error", problems, "the typed cards")


with st.container(horizontal=True):
    st.button(t("Load the worked example"), key=state.TRICK_EXAMPLE, on_click=_load_example,
              help=t("The detailed Saudi rules' worked example (§9): North leads K♣ without Ekka, West plays 7♣; South, void in clubs, must trump."))
    st.button(t("Empty the tool"), key=state.TRICK_CLEAR, on_click=_clear)

profile, spec = inbox.rules_line(PAGE, sidebar.current_profile())
ss = st.session_state
# The widgets' values are in session state before they are drawn, so the scenario is known here.
core, line_problems = forms.play_doc({k: ss.get(k) for k in forms.PLAY_DEFAULTS})
doc = inbox.full_doc(PAGE, core, spec)
inbox.open_save_share(PAGE, doc if core["hand"] or core["current"]["cards"] else None, file_stem="trick")
seat_opts = ["N", "E", "S", "W"]


def rtl_line(text: str) -> str:
    """A sentence drawn inside a left-to-right box (the hand's caption): isolated right to left in Arabic, so its
    words and numbers keep their order."""
    return f"\u2067{text}\u2069" if lang.is_rtl() else text


size = sidebar.card_size()
mode = Mode(core["contract"]["mode"])
trump = Suit.parse(core["contract"]["trump"]) if mode is Mode.HOKUM else None
center = ui.trump_badge(mode, trump, compact=True)
# The verdict is known before the widgets are drawn: the line under the inputs shows it.
checked = ekka_false = None
legal_core = forms.without_hands(core)  # the other hands, optional, are checked with the exact values
if core["hand"] and not line_problems:
    checked = intake.check(legal_core, profile=profile, style=lang.style())
    if not checked.ok and core.get("ekka") and all(e.startswith(("ekka:", "current.ekka:")) for e in checked.errors):
        ekka_false = t("; ").join(render_problems([unplaced(e) for e in checked.errors], lang.style()))
        checked = intake.check({k: v for k, v in legal_core.items() if k != "ekka"}, profile=profile,
                               style=lang.style())
o = checked.output if checked is not None and checked.ok else None


def table_so_far() -> list[Card] | None:
    """The cards on the table as entered, if they can be a trick so far (cards, at most three, none twice)."""
    try:
        table = [Card.parse(c) for c in core["current"]["cards"]]
    except CardError:
        return None
    return table if len(table) <= 3 and len(set(table)) == len(table) else None


entered = table_so_far()
# The seat whose hand is asked for: known from the leader and the cards on the table, before any verdict.
seat_to_play = seats_from(Seat.parse(core["current"]["leader"]), len(entered) + 1)[-1] if entered is not None else None


def live_trick() -> None:
    """The trick as entered so far, at the table: each card on the seat that played it, the seat to play,
    the dealer and the buyer, and the direction of play."""
    leader = Seat.parse(core["current"]["leader"])
    table = entered or []
    seats = seats_from(leader, len(table) + 1)
    winning = trick_winner(leader, table, mode, trump) if table else None
    roles: dict[Seat, list[str]] = {seats[-1]: ["to play"]}
    for i, seat in enumerate(seats[:-1]):
        roles[seat] = ["leads" if i == 0 else ("2nd", "3rd")[i - 1]] + (["wins"] if seat is winning else [])
    for key, role in ((state.TRICK_DEALER, "deals"), (state.TRICK_BUYER, "buys")):
        if ss.get(key):
            roles.setdefault(Seat.parse(ss[key]), []).append(role)
    st.html(seat_map.seat_map_html(roles, cards=dict(zip(seats, table)), turn=seats[-1], label=N_("This trick")))
    st.caption(seat_map.play_order_words(leader))
    if core["current"]["cards"] and not table:
        st.caption(t("The cards on the table show here once they are cards, at most three and none twice."))


deal_col, trick_col = st.container(key="bx-wrap-trick").columns([1, 1.6], gap="large")
with deal_col:
    st.subheader(t("The deal"))
    st.radio(t("Contract"), ["hokum", "sun"], key=state.TRICK_MODE, horizontal=True,
             format_func=in_this_language(lambda m: t("Hokum (trumps)") if m == "hokum" else t("☀ Sun (no trumps)")))
    sun = ss[state.TRICK_MODE] == "sun"
    st.selectbox(t("Trump suit"), list(forms.SUITS), key=state.TRICK_TRUMP, format_func=in_this_language(suit_label), disabled=sun,
                 help=t("Sun has no trumps.") if sun else None, placeholder=choose())
    seats_and_escalation(forms.TRICK_CONTRACT,
                         buyer_help=t("The declarer. It does not change which cards are legal."),
                         dealer_help=t("The dealer's right leads the first trick (the detailed Saudi rules, §4)."), seat_map=False)
    lock_ok = forms.locked_allowed(ss[state.TRICK_MODE], ss[state.TRICK_LEVEL])
    st.checkbox(t("Locked (no trump lead)"), key=state.TRICK_LOCKED, disabled=not lock_ok,
                help=t("Locked: no trump may be led unless the hand holds only trumps. Only a Hokum Double or "
                       "Quadruple is declared open or locked (the detailed Saudi rules, §3).")
                + ("" if lock_ok else " " + t("Choose a Hokum Double or Quadruple to lock it.")))

with trick_col:
    st.subheader(t("The trick"))
    st.segmented_control(t("Leader of this trick"), seat_opts, key=state.TRICK_LEADER, format_func=in_this_language(seat_name),
                         required=True, width="stretch")
    live_trick()
    st.radio(t("Enter cards by"), ["tap", "type"], key=state.TRICK_ENTRY, horizontal=True, on_change=_switch_entry,
             format_func=in_this_language(lambda e: t("tapping them") if e == "tap" else t("typing (KC 7C …)")))
    typing = ss[state.TRICK_ENTRY] == "type"
    hand_label = t("Hand of {seat}", seat=seat_name(seat_to_play)) if seat_to_play else t("Hand of the seat to play")
    if typing:
        st.text_input(t("Cards on the table, in play order"), key=state.TRICK_TABLE_TEXT, placeholder="KC 7C",
                      help=t("Rank then suit: 7 8 9 T (or 10) J Q K A and S H D C (or ♠ ♥ ♦ ♣)."))
    else:
        tap_cards(state.TRICK_TABLE, t("Cards on the table, in play order"), limit=forms.TAP_LIMITS[state.TRICK_TABLE],
                  help=t("Tap them in the order they were played, the leader's card first; the table above shows "
                         "the seat each one lands on. Tap a card again to take it back."),
                  full=t("At most 3 cards are on the table before the seat to play: tap a card to take it back."))
    st.checkbox(t("The leader announced Ekka with this lead"), key=state.TRICK_EKKA,
                help=t("Ekka: the lead is the highest card still unplayed in a plain suit. It frees a void "
                       "third player from trumping (the detailed Saudi rules, §4)."))
    if typing:
        st.text_input(hand_label, key=state.TRICK_HAND_TEXT, placeholder="QH 9S 8S AS TD JD 7S 8D")
    else:
        tap_cards(state.TRICK_HAND, hand_label, limit=forms.TAP_LIMITS[state.TRICK_HAND],
                  help=t("The cards the seat to play holds now: all of them, or only those in question."),
                  full=t("A hand holds at most 8 cards: tap a card to take it back."))
    exact_values.hands_inputs(core, seat_to_play, typing)
    with st.expander(t("Earlier in the deal (optional: for Ekka and the full history)")):
        st.text_area(t("Earlier tricks, one a line"), key=state.TRICK_TRICKS, height=120,
                     placeholder="S: KD 7D AD 8D\nN: QS 8S AS 9S ekka",
                     help=t("The leader's seat, then the four cards in play order; add 'ekka' when the lead "
                            "was announced as Ekka. With earlier tricks the hand holds 8 minus their number."))
        if typing:
            st.text_input(t("Other cards already played"), key=state.TRICK_PLAYED_TEXT,
                          help=t("Without the full tricks: cards gone in earlier tricks, for Ekka."))
        else:
            tap_cards(state.TRICK_PLAYED, t("Other cards already played"), limit=forms.TAP_LIMITS[state.TRICK_PLAYED],
                      help=t("Without the full tricks: cards gone in earlier tricks, for Ekka."))

# The verdict in a line, right under the last input (held at the bottom of the screen until then).
with verdict_bar("trick"):
    if line_problems:
        st.markdown(t("**The earlier tricks cannot be read:** the verdict below says where."))
    elif not core["hand"]:
        st.markdown(t("Tap the hand of the seat to play: its legal cards show here."))
    elif o is None:
        st.markdown(t("**These inputs are not a possible moment of a deal:** the verdict below names the problem."))
    else:
        st.markdown(play_line(o, len(core["hand"])))

st.divider()
st.subheader(t("Verdict"))
if line_problems:
    st.error(t("**The earlier tricks cannot be read.**") + "\n\n"
             + problem_lines(line_problems))
elif not core["hand"]:
    st.info(t("Choose the cards of the hand of the seat to play (and the cards already on the table)."),
            icon=":material/touch_app:")
elif o is None:
    st.error(t("**These inputs are not a possible moment of a deal.** Fix them and the verdict appears; "
               "your inputs are kept.") + "\n\n" + problem_lines(checked.errors), icon=":material/block:")
    st.caption(t("Where: `hand` is the hand, `current.cards` the cards on the table, `played` the other "
                 "cards played, `tricks[0]` the first line of earlier tricks."))
else:
    to_play = Seat.parse(o["to_play"])
    winning = Seat.parse(o["winning"]) if o["winning"] else None
    leader = Seat.parse(core["current"]["leader"])
    table = core["current"]["cards"]
    seats = list(seats_from(leader, len(table)))
    if size == "lg":  # projector-size cards: the whole trick again, large, above the hand
        st.html(ui.trick_html(dict(zip(seats, table, strict=True)), leader=leader, to_play=to_play,
                              winning=winning, center=center, size=size))
    left, right = st.columns([1.5, 1], gap="large") if size != "lg" else (st.container(), st.container())
    with left:
        marks = {c: "legal" for c in o["legal"]} | {c: "illegal" for c in o["illegal"]}
        st.html(ui.hand_html(core["hand"], trump=trump, size=size, highlight=marks,
                             label=rtl_line(t("{seat} to play, position {position}", seat=seat_label(to_play),
                                                   position=o["position"]))))
        n = len(o["legal"])
        st.markdown(tn("**{seat} may play {n} of {total} cards:**", "**{seat} may play {n} of {total} cards:**", n,
                       seat=seat_name(to_play), total=len(core["hand"])) + " "
                    + ui.cards_inline(ui.sort_hand(o["legal"], trump=trump)), unsafe_allow_html=True)
    with right:
        if winning is not None:
            win_card = Card.parse(table[seats.index(winning)])
            st.markdown(t("**Winning now:** {seat} ({team}) with", seat=seat_name(winning), team=winning.team) + " "
                        + ui.card_chip(win_card), unsafe_allow_html=True)
        else:
            st.markdown(t("**{seat} leads**: no card is on the table yet.", seat=seat_name(to_play)))
        st.markdown(t("**Why:** {rule}", rule=o["rule"]))
        st.caption(t("Rule {id}: {text}", id=code(o["rule_id"]), text=o["rule_text"]))
    if ekka_false:
        st.warning(t("**The Ekka claim does not hold.** {why} The verdict treats the lead as made without Ekka.",
                   why=plain(ekka_false)), icon=":material/warning:")
    elif o["ekka"]:
        lead = Card.parse(table[0])
        st.success(t("**The Ekka claim holds:** {card} is the highest {suit:one} still unplayed (cards in earlier "
                     "tricks count as played; cards in hands do not).", card=lead, suit=lead.suit),
                   icon=":material/check_circle:")
    elif table and not o["ekka"]:
        lead = Card.parse(table[0])
        played = [Card.parse(c) for trick in core.get("tricks") or [] for c in trick["cards"]] + \
                 [Card.parse(c) for c in core.get("played") or []]
        if ekka_problem(lead, played, mode, trump) is None:
            st.caption(t("{card} is the highest {suit:one} still unplayed: the leader could have announced Ekka.",
                         card=lead, suit=lead.suit))
    rows = [{t("Card"): t("{card}", card=Card.parse(v["card"])), t("Legal"): t("✓ legal") if v["legal"] else t("✕ illegal"),
             t("Why"): v["reason"].removeprefix(o["rule"]).strip() or v["reason"]} for v in o["verdicts"]]
    st.caption(t("Card by card (each under: “{rule}”)", rule=o["rule"]))
    # A static table, not a grid: the reasons are sentences and must wrap on a phone, not be cut.
    st.table(pd.DataFrame(rows).style.hide(axis="index"))
    exact_values.show(core, profile, to_play, trump, size)

inbox.sync_link(PAGE, doc, empty=inbox.is_empty(PAGE))
