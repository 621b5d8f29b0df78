"""The interactive blocks of the lessons: build a trick, deal the cards, bid, solve a puzzle, find projects.

Each block reads its widgets, builds a scenario, asks the engine (through :mod:`explorer.content.lessons`)
and draws the answer. The scoring blocks (the pipeline, the score sheet, the charts) are in
:mod:`explorer.ui.lessons.score_widgets`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st

from explorer.content.lessons import (
    Lesson,
    Step,
    bidding_state,
    scenario_profile,
    trick_points_reason,
    trick_view,
    trick_winner_reason,
)
from explorer.engine.core.cards import DECK, SEATS, Card, Seat
from explorer.engine.core.i18n import text as render
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.core.tables import ProjectType
from explorer.engine.rules.bidding import (
    BiddingState,
    Call,
    CallKind,
    apply_call,
    check_call,
    explain,
    legal_calls,
    start,
)
from explorer.engine.rules.deal import DealRound, complete, cutter, deal_table, new_deal
from explorer.engine.rules.play import seats_from
from explorer.ui.lessons import score_widgets as scoring
from explorer.ui.lessons import state as ls
from explorer.ui.lessons.view import (
    CONTRACTS,
    calls_html,
    card_label,
    contract_doc,
    contract_label,
    contract_value,
    init,
    judged,
    mode_trump,
    project_hand_html,
    widget_key,
)
from explorer.ui.shell import lang, once
from explorer.ui.shell.lang import choose, in_this_language, t, tn
from explorer.view import cards as ui
from explorer.view.words import option_meaning, option_title, seat_label, seat_name


def render_widget(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """The step's interactive block."""
    blocks = {"trick_builder": trick_builder, "deal_demo": deal_demo, "bidding_demo": bidding_demo,
              "play_puzzle": play_puzzle, "project_builder": project_builder, **scoring.BLOCKS}
    with st.container(border=True):
        blocks[step.widget](lesson, step, profile, size)


def trick_builder(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """Any four cards in play order: the engine says who wins and what the trick is worth."""
    st.markdown(":material/construction: " + t("**Build a trick**"))
    doc = step.doc or {"contract": {"mode": "hokum", "trump": "H", "buyer": "N"},
                       "current": {"leader": "N", "cards": ["AH", "9H", "7H"]}, "hand": ["KH"]}
    tv = trick_view(doc)
    k = lambda p: widget_key(lesson, step, p)  # noqa: E731
    init(k("contract"), contract_value(doc["contract"]))
    init(k("leader"), tv.leader.value)
    for i, c in enumerate(tv.cards[:4]):
        init(k(f"card{i}"), str(c))
    a, b = st.columns(2)
    a.selectbox(t("Contract"), CONTRACTS, format_func=in_this_language(contract_label), key=k("contract"), placeholder=choose())
    b.selectbox(t("Leader"), [s.value for s in SEATS], format_func=in_this_language(seat_label), key=k("leader"), placeholder=choose())
    leader = Seat.parse(st.session_state[k("leader")])
    seats = seats_from(leader)
    cols = st.columns(4)
    deck = [str(c) for c in DECK]
    chosen = []
    for i, (col, seat) in enumerate(zip(cols, seats, strict=True)):
        chosen.append(col.selectbox(f"{i + 1}. {seat_label(seat)}", deck, key=k(f"card{i}"),
                                    format_func=in_this_language(lambda c: Card.parse(c).pretty),
                                    placeholder=choose()))
    value = st.session_state[k("contract")]
    trial = {"kind": "play", "contract": contract_doc(value, leader.value),
             "current": {"leader": leader.value, "cards": chosen[:3]}, "hand": chosen[3:]}
    if judged(trial, profile) is None:
        return
    tv = trick_view(trial)
    win, why = trick_winner_reason(tv, lang.style())
    total, sum_text = trick_points_reason(tv, lang.style())
    winner_seat = tv.seats[tv.cards.index(win)]
    mode, trump = mode_trump(trial["contract"])
    st.html(ui.trick_html(dict(zip(tv.seats, tv.cards, strict=True)), leader=leader, winning=winner_seat,
                          center=ui.trump_badge(mode, trump, compact=True), size=size))
    st.success(why)
    st.info(t("**{total} raw points:** {sum}", total=total, sum=sum_text))
    st.caption(t("The engine does not know the players' other cards here, so it does not check "
                 "whether each player had to follow suit: lesson 5 does that."))


def _dealt_hands(shown: list, upcard: Card) -> tuple[dict[Seat, list[Card]], bool]:
    """Each seat's cards after the moves shown, and whether the upcard lies face up (it does until its taker
    receives it in the completion)."""
    hands: dict[Seat, list[Card]] = {s: [] for s in SEATS}
    up_visible = False
    for s in shown:
        if s.seat is None:
            up_visible = True
        else:
            if s.round is DealRound.COMPLETION and s.card == upcard:
                up_visible = False
            hands[s.seat].append(s.card)
    return hands, up_visible


def _deal_board(hands: dict[Seat, list[Card]], up_visible: bool, upcard: Card, dealer: Seat, size: str) -> None:
    """The four hands around the table, the upcard and the cards still face down."""

    def hand_box(seat: Seat) -> None:
        name = t("{seat} · dealer", seat=seat_label(seat)) if seat is dealer else seat_label(seat)
        st.html(ui.hand_html(hands[seat], size="sm" if size == "md" else "md", sort=False,
                             label=lang.tn("{seat}: {n} card", "{seat}: {n} cards", len(hands[seat]), seat=name)))

    top = st.columns([1, 2, 1])
    with top[1]:
        hand_box(Seat.N)
    mid = st.columns([2, 1, 2])
    with mid[0]:
        hand_box(Seat.W)
    with mid[1]:
        if up_visible:
            st.html(ui.upcard_html(upcard, size=size))
        left_in_deck = 32 - sum(len(h) for h in hands.values()) - int(up_visible)
        st.caption(lang.tn("Face down: {n} card", "Face down: {n} cards", left_in_deck))
    with mid[2]:
        hand_box(Seat.E)
    bottom = st.columns([1, 2, 1])
    with bottom[1]:
        hand_box(Seat.S)


def _deal_moves_table(shown: list) -> None:
    """Every move shown, in a table under an expander."""
    with st.expander(t("Every move as a table")):
        rows = [{**row, "card": Card.parse(row["card"]).pretty} for row in deal_table(shown)]
        frame = pd.DataFrame(rows, columns=["order", "card", "position", "round", "seat"])
        if lang.current() != "en":
            frame["round"] = [t("{round}", round=s.round) for s in shown]
            frame["seat"] = [seat_name(s.seat) if s.seat else "—" for s in shown]
        st.dataframe(frame, hide_index=True, width="stretch",
                     column_config={"order": t("order"), "card": t("card"), "position": t("position"),
                                    "round": t("round"), "seat": t("seat")})


def deal_demo(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """A seeded deal, card by card: the cut, 3 + 2, the upcard, the completion."""
    st.markdown(":material/style: " + t("**Deal the cards**"))
    block = step.deal
    k = lambda p: widget_key(lesson, step, p)  # noqa: E731
    init(k("seed"), block.seed if block else 7)
    init(k("dealer"), (block.dealer if block else Seat.S).value)
    init(k("cut"), (block.cut if block and block.cut is not None else 12))
    init(k("taker"), (block.taker or block.dealer.right).value if block else "E")
    init(k("pos"), 0)
    c1, c2, c3, c4 = st.columns(4)
    c1.number_input(t("Shuffle seed"), min_value=0, max_value=999_999, step=1, key=k("seed"),
                    help=t("Each seed shuffles the deck a different way. Change it for a new deal."))
    c2.selectbox(t("Dealer"), [s.value for s in SEATS], format_func=in_this_language(seat_label), key=k("dealer"), placeholder=choose())
    c3.number_input(t("Cut (cards lifted)"), min_value=0, max_value=31, step=1, key=k("cut"),
                    help=t("The dealer's left lifts this many cards from the top and puts them underneath."))
    c4.selectbox(t("Buyer (takes the upcard)"), [s.value for s in SEATS], format_func=in_this_language(seat_label), key=k("taker"), placeholder=choose())
    dealer = Seat.parse(st.session_state[k("dealer")])
    done = complete(new_deal(int(st.session_state[k("seed")]), dealer=dealer, cut=int(st.session_state[k("cut")])),
                    Seat.parse(st.session_state[k("taker")]))
    total = len(done.steps)

    def move(to: int) -> None:
        st.session_state[k("pos")] = max(0, min(to, total))

    pos = min(int(st.session_state[k("pos")]), total)
    with st.container(horizontal=True, gap="small"):
        st.button(t("Start again"), key=k("restart"), on_click=move, args=(0,),
                  icon=lang.pointing(":material/first_page:"))
        st.button(t("Next card"), key=k("next"), on_click=move, args=(pos + 1,), type="primary",
                  disabled=pos >= total, icon=lang.pointing(":material/chevron_right:"), icon_position="right")
        st.button(t("Deal 3 + 2 and the upcard"), key=k("five"), on_click=move, args=(21,),
                  icon=lang.pointing(":material/fast_forward:"), icon_position="right")
        st.button(t("Complete the hands"), key=k("all"), on_click=move, args=(total,),
                  icon=lang.pointing(":material/last_page:"), icon_position="right")
    st.slider(t("Moves shown"), 0, total, key=k("pos"))
    pos = int(st.session_state[k("pos")])
    shown = done.steps[:pos]
    # Who gets the first card (the dealer's right) answers the step's seat question: it waits for the answer.
    answered = step.question is None or ls.shows_answer(ls.answer(lesson.id, step.id))
    if answered:
        st.caption(tn("{dealer} deals; {cutter}, on the dealer's left, cut {n} card. Dealing starts with {first}, the "
                      "dealer's right.",
                      "{dealer} deals; {cutter}, on the dealer's left, cut {n} cards. Dealing starts with {first}, the "
                      "dealer's right.", done.deal.cut, dealer=seat_label(dealer), cutter=seat_label(cutter(dealer)),
                      first=seat_label(dealer.right)))
    else:
        st.caption(tn("{dealer} deals; {cutter}, on the dealer's left, cut {n} card.",
                      "{dealer} deals; {cutter}, on the dealer's left, cut {n} cards.", done.deal.cut,
                      dealer=seat_label(dealer), cutter=seat_label(cutter(dealer))))
    if shown:
        last = shown[-1]
        st.markdown(t("**Move {n} of {total}:** {move}. *{rule}*", n=pos, total=total,
                      move=render(last.describe(), lang.style()), rule=t(last.round.doc)))
    else:
        st.markdown(t("**The shuffled, cut deck lies face down.** Click *Next card*."))
    hands, up_visible = _dealt_hands(shown, done.upcard)

    _deal_board(hands, up_visible, done.upcard, dealer, size)
    _deal_moves_table(shown)


def _call_text(call: Call) -> str:
    text = call.kind.value + (f" {call.suit.value}" if call.suit else "") + (" locked" if call.locked else "")
    return f"{call.seat.value}: {text}"


def _replayed(state: BiddingState, calls: list[str]) -> tuple[BiddingState, list[str], str | None]:
    """The bidding after the calls still allowed under the current settings, those calls, and the first call that
    no longer fits (None: every call kept)."""
    kept: list[str] = []
    for text in calls:
        if not check_call(state, Call.parse(text)).legal:
            return state, kept, text
        state = apply_call(state, Call.parse(text))
        kept.append(text)
    return state, kept, None


def _call_buttons(k: Callable[[str], str], state: BiddingState, push: Callable[[str], None],
                  refuse: Callable[[str, str], None]) -> None:
    """A button for every call of the seat asked (✓ allowed, ✕ not), the last refusal, and why each call is allowed
    or not."""
    options = legal_calls(state)
    style = lang.style()
    st.markdown(t("**{seat} is asked.** Click a call (✓ allowed, ✕ not allowed):", seat=seat_label(state.next)))
    with st.container(horizontal=True, gap="small"):
        for i, v in enumerate(options):
            said = render(v.call.message(), style)
            label = ("✓ " if v.legal else "✕ ") + said
            if v.legal:
                once.button(label, key=k(f"call{i}"), on_click=push, args=(_call_text(v.call),),
                            type="primary" if v.call.kind is not CallKind.PASS else "secondary")
            else:
                st.button(label, key=k(f"call{i}"), on_click=refuse, args=(said, render(v.reason, style)))
    if st.session_state.get(k("refused")):
        st.error(st.session_state[k("refused")])
    with st.expander(t("Why each call is allowed or not")):
        st.dataframe(pd.DataFrame([{"call": render(v.call.message(), style), "allowed": "✓" if v.legal else "✕",
                                    "why": render(v.reason, style)} for v in options]),
                     hide_index=True, width="stretch",
                     column_config={"call": t("call"), "allowed": t("allowed"), "why": t("why")})


def _call_history(state: BiddingState) -> None:
    """Every call made and the rule that allowed it, under an expander."""
    if not state.history:
        return
    with st.expander(t("Every call and the rule that allowed it")):
        style = lang.style()
        st.dataframe(pd.DataFrame([{"seat": r.call.seat.value if style.lang == "en" else seat_name(r.call.seat),
                                    "call": render(r.call.message(), style),
                                    "why": render(r.reason, style)} for r in state.history]),
                     hide_index=True, width="stretch",
                     column_config={"seat": t("seat"), "call": t("call"), "why": t("why")})


def bidding_demo(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """Make the calls yourself: the engine lists every call of the seat asked, allowed or not, and why."""
    st.markdown(":material/record_voice_over: " + t("**Your bidding table**"))
    doc = step.doc or {"kind": "bidding", "dealer": "S", "upcard": "9H"}
    k = lambda p: widget_key(lesson, step, p)  # noqa: E731
    start_calls = []
    try:
        state0, _ = bidding_state(doc, profile)
        start_calls = [_call_text(c) for c in state0.calls]
    except ValueError:
        pass
    init(k("dealer"), Seat.parse(doc["dealer"]).value)
    init(k("upcard"), str(Card.parse(doc["upcard"])))
    m = doc.get("match") or {}
    init(k("ns"), int(m.get("NS", 0)))
    init(k("ew"), int(m.get("EW", 0)))
    init(k("calls"), list(start_calls))
    c1, c2 = st.columns(2)
    c1.selectbox(t("Dealer"), [s.value for s in SEATS], format_func=in_this_language(seat_label), key=k("dealer"), placeholder=choose())
    c2.selectbox(t("Upcard"), [str(c) for c in DECK], format_func=in_this_language(lambda c: Card.parse(c).pretty), key=k("upcard"), placeholder=choose())
    with st.expander(t("Match score before this deal (it matters only for a Sun Double)")):
        st.caption(t("The game points each team has in the match so far. A Sun may be doubled only when "
                     "the match score allows it ({option}, lesson 4); nothing else in the bidding looks at it.",
                     option=option_title("sun_double_threshold")), help=option_meaning("sun_double_threshold"))
        m1, m2 = st.columns(2)
        m1.number_input(t("NS (South and North)"), min_value=0, max_value=300, step=1, key=k("ns"))
        m2.number_input(t("EW (East and West)"), min_value=0, max_value=300, step=1, key=k("ew"))
    trial = {"kind": "bidding", "dealer": st.session_state[k("dealer")], "upcard": st.session_state[k("upcard")],
             "match": {"NS": int(st.session_state[k("ns")]), "EW": int(st.session_state[k("ew")])}}
    if doc.get("profile") is not None:
        trial["profile"] = doc["profile"]
    prof = scenario_profile(trial, profile)
    state = start(Seat.parse(trial["dealer"]), Card.parse(trial["upcard"]), match=trial["match"], profile=prof)
    state, kept, dropped = _replayed(state, st.session_state[k("calls")])
    if dropped is not None:
        st.caption(t("Your earlier calls from “{call}” on no longer fit the new settings and were dropped.",
                     call=dropped))
    if kept != st.session_state[k("calls")]:
        st.session_state[k("calls")] = kept
    left, right = st.columns([1, 4])
    with left:
        st.html(ui.upcard_html(trial["upcard"], size=size))
    with right:
        bids = [r.call for r in state.history if r.phase.is_bidding]
        raises = [r.call for r in state.history if not r.phase.is_bidding]
        st.html(calls_html([{"seat": c.seat.value, "call": c.kind.value, "suit": c.suit.value if c.suit else None}
                             for c in bids],
                            [{"seat": c.seat.value, "call": c.kind.value, "locked": c.locked} for c in raises],
                            rounds=[2 if r.phase.value == "round_two" else 1
                                    for r in state.history if r.phase.is_bidding]))
        st.markdown(f"**{render(explain(state), lang.style())}**")

    def push(text: str) -> None:
        st.session_state[k("calls")] = [*st.session_state[k("calls")], text]
        st.session_state.pop(k("refused"), None)

    def refuse(label: str, reason: str) -> None:
        st.session_state[k("refused")] = t("✕ **{call}** is not allowed: {reason}", call=label, reason=reason)

    def undo() -> None:
        st.session_state[k("calls")] = st.session_state[k("calls")][:-1]
        st.session_state.pop(k("refused"), None)

    def restart() -> None:
        st.session_state[k("calls")] = []
        st.session_state.pop(k("refused"), None)

    if state.next is not None:
        _call_buttons(k, state, push, refuse)
    elif state.redeal:
        st.info(render(explain(state), lang.style()), icon=":material/replay:")
    else:
        st.success(render(explain(state), lang.style()), icon=":material/check_circle:")
    with st.container(horizontal=True, gap="small"):
        once.button(t("↩ Undo last call"), key=k("undo"), on_click=undo, disabled=not state.calls)
        st.button(t("Start again"), key=k("restart"), on_click=restart,
                  icon=lang.pointing(":material/first_page:"))
    _call_history(state)


def play_puzzle(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """An editable trick: change the contract, the table and the hand, click a card for the verdict."""
    st.markdown(":material/extension: " + t("**Your own puzzle**"))
    doc = step.doc
    k = lambda p: widget_key(lesson, step, p)  # noqa: E731
    cur = doc.get("current") or {}
    esc = doc.get("escalation") or {}
    init(k("contract"), contract_value(doc["contract"]))
    init(k("leader"), Seat.parse(cur.get("leader", "N")).value)
    init(k("table"), [str(Card.parse(c)) for c in cur.get("cards") or []])
    init(k("hand"), [str(Card.parse(c)) for c in doc.get("hand") or []])
    init(k("ekka"), bool(cur.get("ekka") or doc.get("ekka")))
    init(k("locked"), bool(esc.get("locked")))
    init(k("played"), [str(Card.parse(c)) for c in doc.get("played") or []])

    def back_to_example() -> None:
        for part in ("contract", "leader", "table", "hand", "ekka", "locked", "played", "verdict"):
            st.session_state.pop(k(part), None)

    deck = [str(c) for c in DECK]
    fmt = lambda c: Card.parse(c).pretty  # noqa: E731
    a, b = st.columns(2)
    a.selectbox(t("Contract"), CONTRACTS, format_func=in_this_language(contract_label), key=k("contract"), placeholder=choose())
    b.selectbox(t("Who led this trick?"), [s.value for s in SEATS], format_func=in_this_language(seat_label), key=k("leader"), placeholder=choose())
    st.multiselect(t("Cards on the table, in playing order (up to 3)"), deck, max_selections=3, format_func=in_this_language(fmt),
                   key=k("table"), placeholder=t("Choose cards"), select_all=False)
    st.multiselect(t("Your hand (1 to 8 cards)"), deck, max_selections=8, format_func=in_this_language(fmt), key=k("hand"),
                   placeholder=t("Choose cards"), select_all=False)
    c1, c2, c3 = st.columns([1, 1, 2])
    c1.checkbox(t("Leader announced Ekka"), key=k("ekka"))
    c2.checkbox(t("Locked (doubled locked)"), key=k("locked"), disabled=st.session_state[k("contract")] == "sun")
    c3.multiselect(t("Cards gone in earlier tricks (for Ekka)"), deck, format_func=in_this_language(fmt), key=k("played"),
                   placeholder=t("Choose cards"), select_all=False)
    st.button(t("Back to the lesson's example"), key=k("reset"), on_click=back_to_example)

    value = st.session_state[k("contract")]
    leader = Seat.parse(st.session_state[k("leader")])
    table = list(st.session_state[k("table")])
    hand = list(st.session_state[k("hand")])
    played = list(st.session_state[k("played")])
    buyer = leader
    trial: dict[str, Any] = {"kind": "play", "contract": contract_doc(value, buyer.value),
                             "current": {"leader": leader.value, "cards": table,
                                         "ekka": bool(st.session_state[k("ekka")]) and bool(table)},
                             "hand": hand}
    if played:
        trial["played"] = played
    if st.session_state[k("locked")] and value != "sun":
        trial["escalation"] = {"level": "double", "doubler": buyer.right.value, "locked": True}
    out = judged(trial, profile)
    if out is None:
        return
    mode, trump = mode_trump(trial["contract"])
    to_play = Seat.parse(out["to_play"])
    st.html(ui.trick_html(dict(zip(seats_from(leader, len(table)), table, strict=True)), leader=leader,
                          to_play=to_play, names={to_play: t("{seat} (you)", seat=seat_name(to_play))},
                          center=ui.trump_badge(mode, trump, compact=True), size=size))
    verdicts = {v["card"]: v for v in out["verdicts"]}
    st.caption(t("You are {seat}. Click a card of your hand:", seat=seat_label(to_play)))

    def pick_card(card: str) -> None:
        st.session_state[k("verdict")] = card

    with st.container(horizontal=True, gap="small"):
        for c in ui.sort_hand(hand, trump=trump):
            st.button(card_label(c), key=k(f"pzcard-{c}"), on_click=pick_card, args=(str(c),))
    pick = st.session_state.get(k("verdict"))
    if pick in verdicts:
        v = verdicts[pick]
        if v["legal"]:
            st.success(t("✓ **{card} is legal.** {reason}", card=Card.parse(pick), reason=v["reason"]))
        else:
            st.error(t("✕ **{card} is not allowed.** {reason}", card=Card.parse(pick), reason=v["reason"]))
    with st.expander(t("The engine's verdict on every card")):
        st.markdown(t("**Rule:** {rule}", rule=out["rule"]))
        st.dataframe(pd.DataFrame([{"card": Card.parse(v['card']).pretty, "legal": "✓" if v["legal"] else "✕",
                                    "why": v["reason"]} for v in out["verdicts"]]),
                     hide_index=True, width="stretch",
                     column_config={"card": t("card"), "legal": t("legal"), "why": t("why")})


def project_builder(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """Pick 8 cards (and maybe an opponent's 8): the engine finds the projects and who scores."""
    st.markdown(":material/style: " + t("**Build a hand**"))
    doc = step.doc or {"contract": {"mode": "sun", "buyer": "S"}, "hands": {"S": []}}
    k = lambda p: widget_key(lesson, step, p)  # noqa: E731
    hands = doc.get("hands") or {}
    seats = list(hands)
    first = [str(Card.parse(c)) for c in hands[seats[0]]] if seats else []
    second = [str(Card.parse(c)) for c in hands[seats[1]]] if len(seats) > 1 else []
    init(k("contract"), contract_value(doc["contract"]))
    init(k("hand"), first)
    init(k("other_on"), bool(second))
    init(k("other"), second)
    deck = [str(c) for c in DECK]
    fmt = lambda c: Card.parse(c).pretty  # noqa: E731
    st.selectbox(t("Contract"), CONTRACTS, format_func=in_this_language(contract_label), key=k("contract"), placeholder=choose())
    st.multiselect(t("Your hand (South): pick 8 cards"), deck, max_selections=8, format_func=in_this_language(fmt), key=k("hand"),
                   placeholder=t("Choose cards"), select_all=False)
    st.toggle(t("Compare with East's hand"), key=k("other_on"))
    if st.session_state[k("other_on")]:
        st.multiselect(t("East's hand: pick 8 other cards"), deck, max_selections=8, format_func=in_this_language(fmt), key=k("other"),
                       placeholder=t("Choose cards"), select_all=False)
    value = st.session_state[k("contract")]
    trial_hands = {"S": list(st.session_state[k("hand")])}
    if st.session_state[k("other_on")]:
        trial_hands["E"] = list(st.session_state[k("other")])
    short = [s for s, h in trial_hands.items() if len(h) != 8]
    if short:
        st.info(t("Pick 8 cards for {seats}.", seats=t(" and ").join(
            t("{seat} ({n} so far)", seat=seat_label(s), n=len(trial_hands[s])) for s in short)))
        return
    trial = {"kind": "projects", "contract": contract_doc(value, "S"), "dealer": "W", "hands": trial_hands}
    out = judged(trial, profile)
    if out is None:
        return
    mode, trump = mode_trump(trial["contract"])
    for seat, info in out["by_seat"].items():
        hand = trial_hands[seat]
        st.html(project_hand_html(hand, trump=trump, size=size,
                                  label=t("{seat}, in project order", seat=seat_label(seat))))
        if info["projects"]:
            for p in info["projects"]:
                faces = " ".join(Card.parse(c).pretty for c in p["cards"])
                st.markdown("- " + t("**{project}**: {cards} = **{value}**", project=ProjectType(p["type"]),
                                     cards=faces, value=p["value"]))
        else:
            st.markdown("- " + t("no project"))
        if info["baloot"]:
            st.markdown("- " + (t("**Baloot** (K and Q of trumps)") if info["baloot_separate"]
                                else t("**Baloot** (K and Q of trumps), inside the shown project")))
    pts = out["points"]
    said = t("{reason} Game points: NS {ns}, EW {ew}.", reason=out["reason"], ns=pts["NS"], ew=pts["EW"])
    if out["project_team"]:
        st.success(said)
    else:
        st.info(said)


