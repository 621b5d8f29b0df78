"""Streamlit blocks of the Lessons page: a step's scenario, its question, and its interactive widget.

Rules stay in the engine and answer checking in :mod:`explorer.ui.lessons`; these functions
read widgets, build scenarios, ask the engine and draw the result. Every key comes from
:mod:`explorer.ui.lesson_state`.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from typing import Any

import pandas as pd
import streamlit as st
import yaml

from explorer.engine.bidding import Call, CallKind, apply_call, check_call, explain, legal_calls, start
from explorer.engine.cards import DECK, SEATS, Card, Seat, Suit, Team
from explorer.engine.contract import Level
from explorer.engine.deal import DealRound, complete, cutter, deal_table, new_deal
from explorer.engine.match import MAX_DEAL_AWARD, Match, MatchError
from explorer.engine.profiles import RuleProfile
from explorer.engine.tables import MATCH_TARGET, PROJECT_ORDER, RAW_TOTAL, Mode
from explorer.ui import cards as ui
from explorer.ui import lesson_state as ls
from explorer.ui.lessons import (
    ROOT,
    Lesson,
    Step,
    bidding_state,
    grade,
    judge,
    scenario_profile,
    trick_points_reason,
    trick_view,
    trick_winner_reason,
)

SEAT_NAMES = {Seat.S: "South", Seat.E: "East", Seat.N: "North", Seat.W: "West"}
CONTRACTS = ("sun", "S", "H", "D", "C")
"""Contract choices of the editors: Sun, or Hokum with this trump suit."""

_CARD_RE = re.compile(r"\b([7-9TJQKA])([SHDC])\b")

_CSS = """
<style>
div[class*="st-key-lesson-q-"][class*="-card-"] button,
div[class*="st-key-lesson-w-"][class*="-pzcard-"] button {
  min-width: 3.4em; min-height: 4.4em; padding: .2em .5em; font-size: 1.35rem; font-weight: 700;
  background: #fff; border: 1px solid #aab4ae; border-radius: .35em; box-shadow: 0 1px 3px rgba(0,0,0,.22);
}
div[class*="st-key-lesson-q-"][class*="-card-"] button:hover,
div[class*="st-key-lesson-w-"][class*="-pzcard-"] button:hover {
  border-color: #1f6f4a; box-shadow: 0 0 0 .15em rgba(31,111,74,.35); transform: translateY(-2px);
}
div[class*="st-key-lesson-q-"][class*="-card-"] button p,
div[class*="st-key-lesson-w-"][class*="-pzcard-"] button p { font-size: 1.35rem; font-weight: 700; }
.bx-lesson-facts { border-collapse: collapse; margin: .2em 0 .8em; }
.bx-lesson-facts th { text-align: left; padding: .25em .8em .25em 0; color: #4b5a52; font-weight: 600;
  vertical-align: top; white-space: nowrap; }
.bx-lesson-facts td { padding: .25em .8em .25em 0; vertical-align: top; }
.bx-calls { display: flex; flex-wrap: wrap; gap: .3em; margin: .3em 0 .6em; }
.bx-call { padding: .1em .55em; border-radius: .8em; background: #eef6f1; border: 1px solid #9fc3ae;
  font-weight: 600; white-space: nowrap; }
.bx-call-pass { background: #f3f3f3; border-color: #ccc; font-weight: 400; }
.bx-call-raise { background: #fff1e6; border-color: #e8b48a; }
.bx-round { font-size: .8rem; color: #66736b; align-self: center; margin-right: .2em; }
</style>
"""


_CSS_LARGE = """
<style>
div[class*="st-key-lesson-q-"][class*="-card-"] button,
div[class*="st-key-lesson-w-"][class*="-pzcard-"] button { min-width: 4.6em; min-height: 6.2em; }
div[class*="st-key-lesson-q-"][class*="-card-"] button p,
div[class*="st-key-lesson-w-"][class*="-pzcard-"] button p { font-size: 2.3rem; }
</style>
"""


def css(size: str = "md") -> str:
    """Styles for the lesson page: card-shaped card buttons (bigger for ``lg``), fact tables, call chips."""
    return _CSS + (_CSS_LARGE if size == "lg" else "")


def pretty(text: str) -> str:
    """Card codes in an engine sentence shown with suit symbols: ``QH`` → ``Q♥``, ``TD`` → ``10♦``.

    >>> pretty("you must trump (QH); TD is allowed")
    'you must trump (Q♥); 10♦ is allowed'
    """
    return _CARD_RE.sub(lambda m: Card.parse(m.group(0)).pretty, text)


def card_label(card: Card | str, suffix: str = "") -> str:
    """A button label for a card: red suits in red (Streamlit markdown)."""
    card = Card.parse(card)
    text = card.pretty + suffix
    return f":red[{text}]" if card.suit.is_red else text


def _contract_label(value: str) -> str:
    if value == "sun":
        return "☀ Sun (no trumps)"
    suit = Suit.parse(value)
    return f"Hokum, {suit.symbol} {suit.title} trumps"


def _contract_value(contract: dict[str, Any]) -> str:
    if str(contract.get("mode", "sun")).lower() == "sun":
        return "sun"
    return Suit.parse(contract["trump"]).value


def _contract_doc(value: str, buyer: str) -> dict[str, Any]:
    if value == "sun":
        return {"mode": "sun", "buyer": buyer}
    return {"mode": "hokum", "trump": value, "buyer": buyer}


def _seat_label(seat: Seat | str) -> str:
    seat = seat if isinstance(seat, Seat) else Seat.parse(seat)
    return f"{SEAT_NAMES[seat]} ({seat.value})"


def _mode_trump(contract: dict[str, Any]) -> tuple[Mode, Suit | None]:
    if str(contract.get("mode", "sun")).lower() == "sun":
        return Mode.SUN, None
    return Mode.HOKUM, Suit.parse(contract["trump"])


def _problems(errors: list[str]) -> None:
    st.warning("The engine cannot judge this yet:\n\n" + "\n".join(f"- {pretty(e)}" for e in errors))


# --- the step's scenario ---------------------------------------------------------------------------

def show_scenario(lesson: Lesson, step: Step, size: str) -> None:
    """Draw the step's scenario (or deal): the trick, the hands, the facts of a score, the calls."""
    doc = step.doc
    if doc is None:
        if step.deal is not None and step.widget != "deal_demo":
            dealer = step.deal.dealer
            names = {s: SEAT_NAMES[s] for s in SEATS}
            names[dealer] = f"{SEAT_NAMES[dealer]} · dealer"
            st.html(ui.trick_html({}, names=names, size=size,
                                  center='<span class="bx-contract">anticlockwise<br>S → E → N → W</span>'))
        return
    if step.widget in ("play_puzzle", "trick_builder", "bidding_demo", "project_builder", "score_pipeline") \
            and step.question is None:
        return  # the widget shows it, editable
    kind = step.kind
    if kind == "play":
        rec = ls.answer(lesson.id, step.id) if step.question is not None else None
        _show_play(step, doc, size, solved=bool(rec and rec["ever_right"]))
    elif kind == "projects":
        _show_projects(doc, size)
    elif kind == "score":
        _show_score(doc)
    elif kind == "bidding":
        _show_bidding(doc, size)


def _show_play(step: Step, doc: dict[str, Any], size: str, *, solved: bool = False) -> None:
    mode, trump = _mode_trump(doc["contract"])
    badge = ui.trump_badge(mode, trump, compact=True)
    q = step.question
    tv = trick_view(doc)
    whole = len(tv.cards) == 4 or (q is not None and q.ask in ("trick_winner", "trick_points"))
    notes = []
    esc = doc.get("escalation") or {}
    if esc.get("locked"):
        notes.append("🔒 **Locked**: no trump lead unless the hand holds only trumps.")
    cur = doc.get("current") or {}
    if cur.get("ekka") or doc.get("ekka"):
        notes.append(f"📣 The leader announced **Ekka** on {tv.cards[0].pretty}.")
    played = doc.get("played") or [c for t in doc.get("tricks") or [] for c in t.get("cards", [])]
    if played:
        notes.append("Gone in earlier tricks: " + " ".join(Card.parse(c).pretty for c in played))
    if whole:
        plays = dict(zip(tv.seats, tv.cards, strict=True))
        winner = None
        if solved and len(tv.cards) == 4:    # once answered right, the winning card gets its star
            win, _ = trick_winner_reason(tv)
            winner = tv.seats[tv.cards.index(win)]
        st.html(ui.trick_html(plays, leader=tv.leader, winning=winner, center=badge, size=size))
    else:
        seats = tv.seats
        to_play = (seats[-1].right if seats else tv.leader)
        plays = dict(zip(seats, tv.cards, strict=True))
        names = {to_play: f"{SEAT_NAMES[to_play]} (you)"}
        st.html(ui.trick_html(plays, leader=tv.leader, to_play=to_play, names=names, center=badge, size=size))
        if q is None or q.input != "card":
            hand = doc.get("hand") or []
            st.html(ui.hand_html(hand, trump=trump, size=size, label=f"Your hand ({SEAT_NAMES[to_play]})"))
    for n in notes:
        st.markdown(n)


def project_hand_html(hand: list[Any], *, trump: Suit | None, size: str, label: str) -> str:
    """A hand grouped by suit in project order (A K Q J 10 9 8 7), so runs read as runs."""
    cards = [Card.parse(c) for c in hand]
    suits = ui.suit_order({c.suit for c in cards}, trump=trump)
    groups = []
    for suit in suits:
        run = sorted((c for c in cards if c.suit is suit), key=lambda c: PROJECT_ORDER.index(c.rank))
        cls = "bx-group bx-trumpgroup" if suit is trump else "bx-group"
        groups.append(f'<span class="{cls}">' + "".join(ui.card_html(c, size=size) for c in run) + "</span>")
    return (f'<div class="bx-hand bx-hand-{size}"><div class="bx-caption">{html.escape(label)}</div>'
            f'<div class="bx-cards">{"".join(groups)}</div></div>')


def _show_projects(doc: dict[str, Any], size: str) -> None:
    mode, trump = _mode_trump(doc["contract"])
    st.html(ui.trump_badge(mode, trump))
    for seat, hand in (doc.get("hands") or {}).items():
        st.html(project_hand_html(hand, trump=trump, size=size, label=_seat_label(seat)))


def _facts_html(rows: list[tuple[str, str]]) -> str:
    body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
    return f'<table class="bx-lesson-facts">{body}</table>'


def _show_score(doc: dict[str, Any]) -> None:
    c = doc["contract"]
    mode, trump = _mode_trump(c)
    buyer = Seat.parse(c["buyer"])
    rows = [("Contract", ui.trump_badge(mode, trump)),
            ("Buyer", f"{_seat_label(buyer)}, team {buyer.team.value}")]
    esc = doc.get("escalation") or {}
    level = str(esc.get("level") or "none")
    if level != "none":
        rows.append(("Raised to", f"{level.capitalize()} (Double said by {_seat_label(esc['doubler'])})"
                     if esc.get("doubler") else level.capitalize()))
    pts = doc.get("points") or {}
    rows.append(("Raw card points", f"NS {pts.get('NS')} · EW {pts.get('EW')} (last trick's 10 included)"))
    tw = doc.get("tricks_won")
    if tw:
        rows.append(("Tricks won", f"NS {tw.get('NS')} · EW {tw.get('EW')}"))
    for seat, lists in (doc.get("projects") or {}).items():
        shown = " and ".join(ui.cards_inline(cs) for cs in lists)
        rows.append((f"Project of {_seat_label(seat)}", shown))
    if doc.get("baloot"):
        rows.append(("Baloot", f"{_seat_label(doc['baloot'])} holds the trump K and Q"))
    if doc.get("match"):
        m = doc["match"]
        rows.append(("Match before the deal", f"NS {m.get('NS', 0)} · EW {m.get('EW', 0)}"))
    st.html(_facts_html(rows))


def _calls_html(calls: list[dict[str, Any]], escalation: list[dict[str, Any]] | None = None,
                rounds: list[int] | None = None) -> str:
    """The calls as chips, with a "Round 2" mark where the second round starts and the raises after."""
    chips = []
    for i, c in enumerate(calls):
        if rounds and i < len(rounds) and rounds[i] == 2 and (i == 0 or rounds[i - 1] != 2):
            chips.append('<span class="bx-round">Round 2:</span>')
        kind = str(c["call"]).lower()
        text = kind.capitalize()
        if c.get("suit"):
            text += " " + Suit.parse(c["suit"]).symbol
        cls = "bx-call bx-call-pass" if kind == "pass" else "bx-call"
        chips.append(f'<span class="{cls}">{c["seat"]}: {text}</span>')
    for j, c in enumerate(escalation or []):
        if j == 0:
            chips.append('<span class="bx-round">Raises:</span>')
        text = str(c["call"]).capitalize() + (" (locked)" if c.get("locked") else "")
        chips.append(f'<span class="bx-call bx-call-raise">{c["seat"]}: {text}</span>')
    if not chips:
        return '<div class="bx-calls"><span class="bx-round">No calls yet.</span></div>'
    return '<div class="bx-calls"><span class="bx-round">Calls so far:</span>' + "".join(chips) + "</div>"


def _show_bidding(doc: dict[str, Any], size: str) -> None:
    dealer = Seat.parse(doc["dealer"])
    left, right = st.columns([1, 4])
    with left:
        st.html(ui.upcard_html(doc["upcard"], size=size))
    with right:
        st.markdown(f"Dealer: **{_seat_label(dealer)}**. Speaking order: "
                    + " → ".join(s.value for s in _order(dealer)) + ".")
        if doc.get("match"):
            m = doc["match"]
            st.markdown(f"Match score before this deal: **NS {m.get('NS', 0)} · EW {m.get('EW', 0)}**.")
        st.html(_calls_html(doc.get("calls") or [], doc.get("escalation"), rounds=_rounds(doc)))


def _rounds(doc: dict[str, Any]) -> list[int]:
    """The bidding round (1 or 2) of each call of a bidding scenario, from the engine's history."""
    try:
        state, _ = bidding_state(doc)
    except ValueError:
        return []
    return [2 if r.phase.value == "round_two" else 1 for r in state.history if r.phase.is_bidding]


def _order(dealer: Seat) -> list[Seat]:
    first = dealer.right
    return [first, first.right, first.right.right, dealer]


# --- questions -------------------------------------------------------------------------------------

def _check(lesson_id: str, step: Step, given: Any, answered: bool | None = None) -> None:
    """Callback: grade an answer with the engine under the sidebar's profile and remember it.

    ``answered`` says whether the learner chose something (a choice's value may be None: "nobody").
    """
    from explorer.ui import state

    if not (given is not None if answered is None else answered):
        st.session_state[ls.question_key(lesson_id, step.id, "empty")] = True
        return
    st.session_state.pop(ls.question_key(lesson_id, step.id, "empty"), None)
    feedback = grade(step, given, state.current_profile())
    ls.record(lesson_id, step.id, given, feedback)


def _check_input(lesson_id: str, step: Step) -> None:
    _check(lesson_id, step, st.session_state.get(ls.question_key(lesson_id, step.id, "input")))


def render_question(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """The prompt, the answer widgets and the feedback of the step's question."""
    q = step.question
    lid = lesson.id
    st.markdown(f"**❓ {q.prompt}**")
    if q.input == "card":
        doc = step.doc
        if q.ask == "trick_winner":
            tv = trick_view(doc)
            options = [(str(c), card_label(c, f" · {s.value}")) for s, c in zip(tv.seats, tv.cards, strict=True)]
        else:
            mode, trump = _mode_trump(doc["contract"])
            hand = ui.sort_hand(doc.get("hand") or [], trump=trump)
            options = [(str(c), card_label(c)) for c in hand]
            st.caption("Your hand: click a card to play it.")
        with st.container(horizontal=True, gap="small"):
            for value, label in options:
                st.button(label, key=ls.card_key(lid, step.id, value), on_click=_check,
                          args=(lid, step, value))
    else:
        key = ls.question_key(lid, step.id, "input")
        if q.input == "number":
            st.number_input("Your answer", min_value=0, max_value=1000, step=1, value=None, key=key,
                            placeholder="a number")
        else:
            if q.input == "seat":
                options, fmt = [s.value for s in SEATS], lambda v: _seat_label(v)
            elif q.input == "team":
                options, fmt = ["NS", "EW"], lambda v: {"NS": "NS (South and North)", "EW": "EW (East and West)"}[v]
            elif q.input == "yes_no":
                options, fmt = [True, False], lambda v: "Yes" if v else "No"
            else:
                options = list(range(len(q.choices)))
                fmt = lambda i: q.choices[i].label  # noqa: E731
            st.radio("Your answer", options, index=None, format_func=fmt, key=key, horizontal=True,
                     label_visibility="collapsed")
        if q.input == "choice":
            def given_choice(lid=lid, step=step):
                i = st.session_state.get(ls.question_key(lid, step.id, "input"))
                _check(lid, step, None if i is None else step.question.choices[i].value, answered=i is not None)
            st.button("Check", key=ls.question_key(lid, step.id, "check"), on_click=given_choice, type="primary")
        else:
            st.button("Check", key=ls.question_key(lid, step.id, "check"), on_click=_check_input,
                      args=(lid, step), type="primary")
    if st.session_state.get(ls.question_key(lid, step.id, "empty")):
        st.warning("Choose an answer first.")
    rec = ls.answer(lid, step.id)
    if rec is not None:
        show_feedback(step, rec["feedback"], profile)


def show_feedback(step: Step, fb: Any, profile: RuleProfile) -> None:
    """Right or wrong, with the engine's reason; the author's explanation after a wrong answer."""
    q = step.question
    reason = pretty(fb.reason)
    if q.ask == "legal_card":
        if fb.correct:
            st.success(f"✓ **{fb.given} is legal.** {reason}")
        else:
            st.error(f"✕ **{fb.given} is not allowed.** {reason}")
    elif fb.correct:
        st.success(f"✓ **Right: {fb.answer}.** {reason}")
    else:
        st.error(f"✕ **Not quite.** You said {fb.given}; the engine says **{fb.answer}**. {reason}")
    if fb.differs_from_text:
        st.info(f"With your rules profile (**{profile.title}**) the engine's answer differs from this "
                "lesson's text, which follows the detailed Saudi rules. The engine's verdict above is "
                "the one for your table.")
    elif not fb.correct:
        st.info(f"💡 {q.explain}")


# --- widgets ---------------------------------------------------------------------------------------

def render_widget(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """The step's interactive block."""
    name = step.widget
    with st.container(border=True):
        {"trick_builder": trick_builder, "deal_demo": deal_demo, "bidding_demo": bidding_demo,
         "play_puzzle": play_puzzle, "project_builder": project_builder, "score_pipeline": score_pipeline,
         "match_sheet": match_sheet, "conversion_chart": conversion_chart,
         "project_chances": project_chances}[name](lesson, step, profile, size)


@st.cache_resource(show_spinner=False)
def _lesson_charts() -> dict:
    """The lessons' charts, built once (read-only figures)."""
    from explorer.engine.probabilities import exact_table
    from explorer.ui import charts
    return {"conversion": charts.conversion_chart(),
            "chances": charts.probability_chart(charts.probability_frame(exact_table()))}


def conversion_chart(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """Raw points to game points for Hokum and Sun, from the engine's conversion and tie rule."""
    st.plotly_chart(_lesson_charts()["conversion"].fig, key=_key(lesson, step, "chart"), width="stretch")
    st.caption("Exact, from the engine's conversion: the counting team's raw points → its game points; "
               "shaded: where the rounding goes up or down; dots: who wins a tie on those units.")


def project_chances(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """How likely each project is in a dealt hand, counted exactly."""
    st.plotly_chart(_lesson_charts()["chances"].fig, key=_key(lesson, step, "chart"), width="stretch")
    st.caption("Exact: counted over every possible hand of 8 cards and every first five cards "
               "(each project on its own). The Charts page has the numbers and a CSV.")


def _key(lesson: Lesson, step: Step, part: str) -> str:
    return ls.widget_key(lesson.id, step.id, part)


def _init(key: str, value: Any) -> None:
    st.session_state.setdefault(key, value)


def trick_builder(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """Any four cards in play order: the engine says who wins and what the trick is worth."""
    st.markdown("**🛠️ Build a trick**")
    doc = step.doc or {"contract": {"mode": "hokum", "trump": "H", "buyer": "N"},
                       "current": {"leader": "N", "cards": ["AH", "9H", "7H"]}, "hand": ["KH"]}
    tv = trick_view(doc)
    k = lambda p: _key(lesson, step, p)  # noqa: E731
    _init(k("contract"), _contract_value(doc["contract"]))
    _init(k("leader"), tv.leader.value)
    for i, c in enumerate(tv.cards[:4]):
        _init(k(f"card{i}"), str(c))
    a, b = st.columns(2)
    a.selectbox("Contract", CONTRACTS, format_func=_contract_label, key=k("contract"))
    b.selectbox("Leader", [s.value for s in SEATS], format_func=_seat_label, key=k("leader"))
    leader = Seat.parse(st.session_state[k("leader")])
    seats = [leader, leader.right, leader.right.right, leader.right.right.right]
    cols = st.columns(4)
    deck = [str(c) for c in DECK]
    chosen = []
    for i, (col, seat) in enumerate(zip(cols, seats, strict=True)):
        chosen.append(col.selectbox(f"{i + 1}. {_seat_label(seat)}", deck, key=k(f"card{i}"),
                                    format_func=lambda c: Card.parse(c).pretty))
    value = st.session_state[k("contract")]
    trial = {"kind": "play", "contract": _contract_doc(value, leader.value),
             "current": {"leader": leader.value, "cards": chosen[:3]}, "hand": chosen[3:]}
    checked = judge(trial, profile)
    if not checked.ok:
        _problems(checked.errors)
        return
    tv = trick_view(trial)
    win, why = trick_winner_reason(tv)
    total, sum_text = trick_points_reason(tv)
    winner_seat = tv.seats[tv.cards.index(win)]
    mode, trump = _mode_trump(trial["contract"])
    st.html(ui.trick_html(dict(zip(tv.seats, tv.cards, strict=True)), leader=leader, winning=winner_seat,
                          center=ui.trump_badge(mode, trump, compact=True), size=size))
    st.success(pretty(why))
    st.info(f"**{total} raw points:** {pretty(sum_text)}")
    st.caption("The engine does not know the players' other cards here, so it does not check "
               "whether each player had to follow suit: lesson 5 does that.")


def deal_demo(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """A seeded deal, card by card: the cut, 3 + 2, the upcard, the completion."""
    st.markdown("**🂠 Deal the cards**")
    block = step.deal
    k = lambda p: _key(lesson, step, p)  # noqa: E731
    _init(k("seed"), block.seed if block else 7)
    _init(k("dealer"), (block.dealer if block else Seat.S).value)
    _init(k("cut"), (block.cut if block and block.cut is not None else 12))
    _init(k("taker"), (block.taker or block.dealer.right).value if block else "E")
    _init(k("pos"), 0)
    c1, c2, c3, c4 = st.columns(4)
    c1.number_input("Shuffle seed", min_value=0, max_value=999_999, step=1, key=k("seed"),
                    help="Each seed shuffles the deck a different way. Change it for a new deal.")
    c2.selectbox("Dealer", [s.value for s in SEATS], format_func=_seat_label, key=k("dealer"))
    c3.number_input("Cut (cards lifted)", min_value=0, max_value=31, step=1, key=k("cut"),
                    help="The dealer's left lifts this many cards from the top and puts them underneath.")
    c4.selectbox("Buyer (takes the upcard)", [s.value for s in SEATS], format_func=_seat_label, key=k("taker"))
    dealer = Seat.parse(st.session_state[k("dealer")])
    done = complete(new_deal(int(st.session_state[k("seed")]), dealer=dealer, cut=int(st.session_state[k("cut")])),
                    Seat.parse(st.session_state[k("taker")]))
    total = len(done.steps)

    def move(to: int) -> None:
        st.session_state[k("pos")] = max(0, min(to, total))

    pos = min(int(st.session_state[k("pos")]), total)
    with st.container(horizontal=True, gap="small"):
        st.button("⏮ Start again", key=k("restart"), on_click=move, args=(0,))
        st.button("Next card ▶", key=k("next"), on_click=move, args=(pos + 1,), type="primary",
                  disabled=pos >= total)
        st.button("Deal 3 + 2 and the upcard ⏩", key=k("five"), on_click=move, args=(21,))
        st.button("Complete the hands ⏭", key=k("all"), on_click=move, args=(total,))
    st.slider("Moves shown", 0, total, key=k("pos"))
    pos = int(st.session_state[k("pos")])
    shown = done.steps[:pos]
    st.caption(f"{_seat_label(dealer)} deals; {_seat_label(cutter(dealer))}, on the dealer's left, cut "
               f"{done.deal.cut} cards. Dealing starts with {_seat_label(dealer.right)}, the dealer's right.")
    if shown:
        last = shown[-1]
        st.markdown(f"**Move {pos} of {total}:** {pretty(str(last.describe()))}. *{last.round.doc}*")
    else:
        st.markdown("**The shuffled, cut deck lies face down.** Click *Next card*.")
    hands: dict[Seat, list[Card]] = {s: [] for s in SEATS}
    up_visible = False
    for s in shown:
        if s.seat is None:
            up_visible = True
        else:
            if s.round is DealRound.COMPLETION and s.card == done.upcard:
                up_visible = False
            hands[s.seat].append(s.card)

    def hand_box(seat: Seat) -> None:
        tag = " · dealer" if seat is dealer else ""
        st.html(ui.hand_html(hands[seat], size="sm" if size == "md" else "md", sort=False,
                             label=f"{_seat_label(seat)}{tag}: {len(hands[seat])} cards"))

    top = st.columns([1, 2, 1])
    with top[1]:
        hand_box(Seat.N)
    mid = st.columns([2, 1, 2])
    with mid[0]:
        hand_box(Seat.W)
    with mid[1]:
        if up_visible:
            st.html(ui.upcard_html(done.upcard, size=size))
        left_in_deck = 32 - sum(len(h) for h in hands.values()) - int(up_visible)
        st.caption(f"Face down: {left_in_deck} cards")
    with mid[2]:
        hand_box(Seat.E)
    bottom = st.columns([1, 2, 1])
    with bottom[1]:
        hand_box(Seat.S)
    with st.expander("Every move as a table"):
        st.dataframe(pd.DataFrame(deal_table(shown), columns=["order", "card", "position", "round", "seat"]),
                     hide_index=True, width="stretch")


def _call_text(call: Call) -> str:
    text = call.kind.value + (f" {call.suit.value}" if call.suit else "") + (" locked" if call.locked else "")
    return f"{call.seat.value}: {text}"


def bidding_demo(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """Make the calls yourself: the engine lists every call of the seat asked, allowed or not, and why."""
    st.markdown("**🗣️ Your bidding table**")
    doc = step.doc or {"kind": "bidding", "dealer": "S", "upcard": "9H"}
    k = lambda p: _key(lesson, step, p)  # noqa: E731
    start_calls = []
    try:
        state0, _ = bidding_state(doc, profile)
        start_calls = [_call_text(c) for c in state0.calls]
    except ValueError:
        pass
    _init(k("dealer"), Seat.parse(doc["dealer"]).value)
    _init(k("upcard"), str(Card.parse(doc["upcard"])))
    m = doc.get("match") or {}
    _init(k("ns"), int(m.get("NS", 0)))
    _init(k("ew"), int(m.get("EW", 0)))
    _init(k("calls"), list(start_calls))
    c1, c2, c3, c4 = st.columns(4)
    c1.selectbox("Dealer", [s.value for s in SEATS], format_func=_seat_label, key=k("dealer"))
    c2.selectbox("Upcard", [str(c) for c in DECK], format_func=lambda c: Card.parse(c).pretty, key=k("upcard"))
    c3.number_input("Match: NS", min_value=0, max_value=300, step=1, key=k("ns"))
    c4.number_input("Match: EW", min_value=0, max_value=300, step=1, key=k("ew"))
    trial = {"kind": "bidding", "dealer": st.session_state[k("dealer")], "upcard": st.session_state[k("upcard")],
             "match": {"NS": int(st.session_state[k("ns")]), "EW": int(st.session_state[k("ew")])}}
    if doc.get("profile") is not None:
        trial["profile"] = doc["profile"]
    prof = scenario_profile(trial, profile)
    state = start(Seat.parse(trial["dealer"]), Card.parse(trial["upcard"]), match=trial["match"], profile=prof)
    kept: list[str] = []
    for text in st.session_state[k("calls")]:
        v = check_call(state, Call.parse(text))
        if not v.legal:
            st.caption(f"Your earlier calls from “{text}” on no longer fit the new settings and were dropped.")
            break
        state = apply_call(state, Call.parse(text))
        kept.append(text)
    if kept != st.session_state[k("calls")]:
        st.session_state[k("calls")] = kept
    left, right = st.columns([1, 4])
    with left:
        st.html(ui.upcard_html(trial["upcard"], size=size))
    with right:
        bids = [r.call for r in state.history if r.phase.is_bidding]
        raises = [r.call for r in state.history if not r.phase.is_bidding]
        st.html(_calls_html([{"seat": c.seat.value, "call": c.kind.value, "suit": c.suit.value if c.suit else None}
                             for c in bids],
                            [{"seat": c.seat.value, "call": c.kind.value, "locked": c.locked} for c in raises],
                            rounds=[2 if r.phase.value == "round_two" else 1
                                    for r in state.history if r.phase.is_bidding]))
        st.markdown(f"**{pretty(str(explain(state)))}**")

    def push(text: str) -> None:
        st.session_state[k("calls")] = [*st.session_state[k("calls")], text]
        st.session_state.pop(k("refused"), None)

    def refuse(label: str, reason: str) -> None:
        st.session_state[k("refused")] = f"✕ **{label}** is not allowed: {reason}"

    def undo() -> None:
        st.session_state[k("calls")] = st.session_state[k("calls")][:-1]
        st.session_state.pop(k("refused"), None)

    def restart() -> None:
        st.session_state[k("calls")] = []
        st.session_state.pop(k("refused"), None)

    if state.next is not None:
        options = legal_calls(state)
        st.markdown(f"**{_seat_label(state.next)} is asked.** Click a call (✓ allowed, ✕ not allowed):")
        with st.container(horizontal=True, gap="small"):
            for i, v in enumerate(options):
                label = ("✓ " if v.legal else "✕ ") + v.call.label
                if v.legal:
                    st.button(label, key=k(f"call{i}"), on_click=push, args=(_call_text(v.call),),
                              type="primary" if v.call.kind is not CallKind.PASS else "secondary")
                else:
                    st.button(label, key=k(f"call{i}"), on_click=refuse, args=(v.call.label, str(v.reason)))
        if st.session_state.get(k("refused")):
            st.error(pretty(st.session_state[k("refused")]))
        with st.expander("Why each call is allowed or not"):
            st.dataframe(pd.DataFrame([{"call": v.call.label, "allowed": "✓" if v.legal else "✕",
                                        "why": pretty(str(v.reason))} for v in options]),
                         hide_index=True, width="stretch")
    elif state.redeal:
        st.info("🔁 " + str(explain(state)))
    else:
        st.success("✅ " + pretty(str(explain(state))))
    with st.container(horizontal=True, gap="small"):
        st.button("↩ Undo last call", key=k("undo"), on_click=undo, disabled=not state.calls)
        st.button("⏮ Start again", key=k("restart"), on_click=restart)
    if state.history:
        with st.expander("Every call and the rule that allowed it"):
            st.dataframe(pd.DataFrame([{"seat": r.call.seat.value, "call": r.call.label,
                                        "why": pretty(str(r.reason))} for r in state.history]),
                         hide_index=True, width="stretch")


def play_puzzle(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """An editable trick: change the contract, the table and the hand, click a card for the verdict."""
    st.markdown("**🧩 Your own puzzle**")
    doc = step.doc
    k = lambda p: _key(lesson, step, p)  # noqa: E731
    cur = doc.get("current") or {}
    esc = doc.get("escalation") or {}
    _init(k("contract"), _contract_value(doc["contract"]))
    _init(k("leader"), Seat.parse(cur.get("leader", "N")).value)
    _init(k("table"), [str(Card.parse(c)) for c in cur.get("cards") or []])
    _init(k("hand"), [str(Card.parse(c)) for c in doc.get("hand") or []])
    _init(k("ekka"), bool(cur.get("ekka") or doc.get("ekka")))
    _init(k("locked"), bool(esc.get("locked")))
    _init(k("played"), [str(Card.parse(c)) for c in doc.get("played") or []])

    def back_to_example() -> None:
        for part in ("contract", "leader", "table", "hand", "ekka", "locked", "played", "verdict"):
            st.session_state.pop(k(part), None)

    deck = [str(c) for c in DECK]
    fmt = lambda c: Card.parse(c).pretty  # noqa: E731
    a, b = st.columns(2)
    a.selectbox("Contract", CONTRACTS, format_func=_contract_label, key=k("contract"))
    b.selectbox("Who led this trick?", [s.value for s in SEATS], format_func=_seat_label, key=k("leader"))
    st.multiselect("Cards on the table, in playing order (up to 3)", deck, max_selections=3, format_func=fmt,
                   key=k("table"))
    st.multiselect("Your hand (1 to 8 cards)", deck, max_selections=8, format_func=fmt, key=k("hand"))
    c1, c2, c3 = st.columns([1, 1, 2])
    c1.checkbox("Leader announced Ekka", key=k("ekka"))
    c2.checkbox("Locked (doubled locked)", key=k("locked"), disabled=st.session_state[k("contract")] == "sun")
    c3.multiselect("Cards gone in earlier tricks (for Ekka)", deck, format_func=fmt, key=k("played"))
    st.button("Back to the lesson's example", key=k("reset"), on_click=back_to_example)

    value = st.session_state[k("contract")]
    leader = Seat.parse(st.session_state[k("leader")])
    table = list(st.session_state[k("table")])
    hand = list(st.session_state[k("hand")])
    played = list(st.session_state[k("played")])
    buyer = leader
    trial: dict[str, Any] = {"kind": "play", "contract": _contract_doc(value, buyer.value),
                             "current": {"leader": leader.value, "cards": table,
                                         "ekka": bool(st.session_state[k("ekka")]) and bool(table)},
                             "hand": hand}
    if played:
        trial["played"] = played
    if st.session_state[k("locked")] and value != "sun":
        trial["escalation"] = {"level": "double", "doubler": buyer.right.value, "locked": True}
    checked = judge(trial, profile)
    if not checked.ok:
        _problems(checked.errors)
        return
    out = checked.output
    mode, trump = _mode_trump(trial["contract"])
    to_play = Seat.parse(out["to_play"])
    tv_seats = []
    seat = leader
    for _ in table:
        tv_seats.append(seat)
        seat = seat.right
    st.html(ui.trick_html(dict(zip(tv_seats, [Card.parse(c) for c in table], strict=True)), leader=leader,
                          to_play=to_play, names={to_play: f"{SEAT_NAMES[to_play]} (you)"},
                          center=ui.trump_badge(mode, trump, compact=True), size=size))
    verdicts = {v["card"]: v for v in out["verdicts"]}
    st.caption(f"You are {_seat_label(to_play)}. Click a card of your hand:")

    def pick_card(card: str) -> None:
        st.session_state[k("verdict")] = card

    with st.container(horizontal=True, gap="small"):
        for c in ui.sort_hand(hand, trump=trump):
            st.button(card_label(c), key=k(f"pzcard-{c}"), on_click=pick_card, args=(str(c),))
    pick = st.session_state.get(k("verdict"))
    if pick in verdicts:
        v = verdicts[pick]
        if v["legal"]:
            st.success(f"✓ **{Card.parse(pick).pretty} is legal.** {pretty(v['reason'])}")
        else:
            st.error(f"✕ **{Card.parse(pick).pretty} is not allowed.** {pretty(v['reason'])}")
    with st.expander("The engine's verdict on every card"):
        st.markdown(f"**Rule:** {pretty(out['rule'])}")
        st.dataframe(pd.DataFrame([{"card": Card.parse(v['card']).pretty, "legal": "✓" if v["legal"] else "✕",
                                    "why": pretty(v["reason"])} for v in out["verdicts"]]),
                     hide_index=True, width="stretch")


def project_builder(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """Pick 8 cards (and maybe an opponent's 8): the engine finds the projects and who scores."""
    st.markdown("**🃏 Build a hand**")
    doc = step.doc or {"contract": {"mode": "sun", "buyer": "S"}, "hands": {"S": []}}
    k = lambda p: _key(lesson, step, p)  # noqa: E731
    hands = doc.get("hands") or {}
    seats = list(hands)
    first = [str(Card.parse(c)) for c in hands[seats[0]]] if seats else []
    second = [str(Card.parse(c)) for c in hands[seats[1]]] if len(seats) > 1 else []
    _init(k("contract"), _contract_value(doc["contract"]))
    _init(k("hand"), first)
    _init(k("other_on"), bool(second))
    _init(k("other"), second)
    deck = [str(c) for c in DECK]
    fmt = lambda c: Card.parse(c).pretty  # noqa: E731
    st.selectbox("Contract", CONTRACTS, format_func=_contract_label, key=k("contract"))
    st.multiselect("Your hand (South): pick 8 cards", deck, max_selections=8, format_func=fmt, key=k("hand"))
    st.toggle("Compare with East's hand", key=k("other_on"))
    if st.session_state[k("other_on")]:
        st.multiselect("East's hand: pick 8 other cards", deck, max_selections=8, format_func=fmt, key=k("other"))
    value = st.session_state[k("contract")]
    trial_hands = {"S": list(st.session_state[k("hand")])}
    if st.session_state[k("other_on")]:
        trial_hands["E"] = list(st.session_state[k("other")])
    short = [s for s, h in trial_hands.items() if len(h) != 8]
    if short:
        st.info("Pick 8 cards for " + " and ".join(f"{_seat_label(s)} ({len(trial_hands[s])} so far)"
                                                  for s in short) + ".")
        return
    trial = {"kind": "projects", "contract": _contract_doc(value, "S"), "dealer": "W", "hands": trial_hands}
    checked = judge(trial, profile)
    if not checked.ok:
        _problems(checked.errors)
        return
    out = checked.output
    mode, trump = _mode_trump(trial["contract"])
    for seat, info in out["by_seat"].items():
        hand = trial_hands[seat]
        st.html(project_hand_html(hand, trump=trump, size=size, label=f"{_seat_label(seat)}, in project order"))
        if info["projects"]:
            for p in info["projects"]:
                st.markdown(f"- **{p['type'].replace('_', ' ').title()}**: "
                            + " ".join(Card.parse(c).pretty for c in p["cards"]) + f" = **{p['value']}**")
        else:
            st.markdown("- no project")
        if info["baloot"]:
            st.markdown("- **Baloot** (K and Q of trumps)" + ("" if info["baloot_separate"]
                                                              else ", inside the shown project"))
    pts = out["points"]
    if out["project_team"]:
        st.success(f"{pretty(out['reason'])} Game points: NS {pts['NS']}, EW {pts['EW']}.")
    else:
        st.info(f"{out['reason']} Game points: NS {pts['NS']}, EW {pts['EW']}.")


_NS_PROJECTS = {"none": None, "sira": ["AD", "KD", "QD"], "fifty": ["AD", "KD", "QD", "JD"],
                "hundred": ["AD", "KD", "QD", "JD", "TD"], "four_aces": ["AS", "AH", "AD", "AC"]}
_EW_PROJECTS = {"none": None, "sira": ["9C", "8C", "7C"], "fifty": ["TC", "9C", "8C", "7C"],
                "hundred": ["JC", "TC", "9C", "8C", "7C"]}
_PROJECT_LABEL = {"none": "none", "sira": "Sira (run of 3)", "fifty": "Fifty (run of 4)",
                  "hundred": "Hundred (run of 5)", "four_aces": "four Aces"}
_EXAMPLES = ["seed000-score-84-78", "seed004-hokum-81-81", "seed004-hokum-82-80", "seed004-hokum-56-fifty-106",
             "seed004-sun-65-65", "seed004-sun-66-64", "seed004-sun-56-sira-74", "score-double-pool-and-projects"]


@lru_cache(maxsize=32)
def _example(name: str) -> dict[str, Any]:
    """A worked example of data/scenarios/ (read once; callers do not change it)."""
    return yaml.safe_load((ROOT / "data" / "scenarios" / f"{name}.yaml").read_text(encoding="utf-8"))


def _score_inputs(doc: dict[str, Any]) -> dict[str, Any]:
    """Widget values for a score scenario (projects mapped to the nearest preset)."""
    c = doc["contract"]
    esc = doc.get("escalation") or {}
    vals: dict[str, Any] = {"contract": _contract_value(c), "buyer": Seat.parse(c["buyer"]).value,
                            "ns": int(doc["points"]["NS"]), "level": str(esc.get("level") or "none"),
                            "doubler": Seat.parse(esc["doubler"]).value if esc.get("doubler") else None,
                            "baloot": Seat.parse(doc["baloot"]).value if doc.get("baloot") else "none",
                            "kaboot": "none", "ns_project": "none", "ew_project": "none",
                            "dealer": Seat.parse(doc.get("dealer") or "W").value,
                            "match_ns": int((doc.get("match") or {}).get("NS", 0)),
                            "match_ew": int((doc.get("match") or {}).get("EW", 0))}
    tw = doc.get("tricks_won") or {}
    for team in ("NS", "EW"):
        if tw.get(team) == 8:
            vals["kaboot"] = team
    for seat, lists in (doc.get("projects") or {}).items():
        team = Seat.parse(seat).team.value
        n = len(lists[0]) if lists else 0
        same = lists and len({Card.parse(x).rank for x in lists[0]}) == 1
        preset = "four_aces" if same else {3: "sira", 4: "fifty", 5: "hundred"}.get(n, "none")
        if team == "EW" and preset == "four_aces":
            preset = "hundred"
        vals[f"{team.lower()}_project"] = preset
    return vals


def score_pipeline(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """Edit a deal's facts and watch every scoring step of the engine."""
    st.markdown("**🧮 The scoring pipeline**")
    doc = step.doc or _example("seed000-score-84-78")
    k = lambda p: _key(lesson, step, p)  # noqa: E731
    for name, v in _score_inputs(doc).items():
        _init(k(name), v)

    def load_example() -> None:
        name = st.session_state.get(k("example"))
        if name:
            for part, v in _score_inputs(_example(name)).items():
                st.session_state[k(part)] = v

    st.selectbox("Load a worked example", [None, *_EXAMPLES], key=k("example"), on_change=load_example,
                 format_func=lambda n: "—" if n is None else _example(n).get("title", n))
    a, b, c = st.columns(3)
    a.selectbox("Contract", CONTRACTS, format_func=_contract_label, key=k("contract"))
    b.selectbox("Buyer", [s.value for s in SEATS], format_func=_seat_label, key=k("buyer"))
    value = st.session_state[k("contract")]
    mode = Mode.SUN if value == "sun" else Mode.HOKUM
    total = RAW_TOTAL[mode]
    if st.session_state[k("ns")] > total:
        st.session_state[k("ns")] = total
    c.number_input(f"NS raw points (of {total})", min_value=0, max_value=total, step=1, key=k("ns"))
    ns = int(st.session_state[k("ns")])
    a2, b2, c2 = st.columns(3)
    levels = ["none", "double"] if mode is Mode.SUN else [lv.value for lv in Level]
    if st.session_state[k("level")] not in levels:
        st.session_state[k("level")] = "none"
    a2.selectbox("Raised to", levels, format_func=lambda v: Level(v).title, key=k("level"))
    buyer = Seat.parse(st.session_state[k("buyer")])
    opponents = [buyer.right.value, buyer.left.value]
    level = st.session_state[k("level")]
    if st.session_state.get(k("doubler")) not in opponents:
        st.session_state[k("doubler")] = opponents[0]
    b2.selectbox("Double said by", opponents, format_func=_seat_label, key=k("doubler"),
                 disabled=level == "none")
    c2.selectbox("Kaboot (all 8 tricks)", ["none", "NS", "EW"], key=k("kaboot"),
                 format_func=lambda v: "no" if v == "none" else f"{v} took all 8")
    a3, b3, c3 = st.columns(3)
    a3.selectbox("NS project (shown by South)", list(_NS_PROJECTS), format_func=_PROJECT_LABEL.get,
                 key=k("ns_project"))
    b3.selectbox("EW project (shown by East)", list(_EW_PROJECTS), format_func=_PROJECT_LABEL.get,
                 key=k("ew_project"))
    c3.selectbox("Baloot held by", ["none", *[s.value for s in SEATS]], key=k("baloot"),
                 format_func=lambda v: "nobody" if v == "none" else _seat_label(v), disabled=mode is Mode.SUN)
    with st.expander("Match score before the deal"):
        m1, m2 = st.columns(2)
        m1.number_input("NS", min_value=0, max_value=400, step=1, key=k("match_ns"))
        m2.number_input("EW", min_value=0, max_value=400, step=1, key=k("match_ew"))
    kaboot = st.session_state[k("kaboot")]
    if kaboot != "none":
        ns = total if kaboot == "NS" else 0
    trial: dict[str, Any] = {"kind": "score", "dealer": st.session_state[k("dealer")],
                             "contract": _contract_doc(value, buyer.value),
                             "escalation": {"level": level} | ({"doubler": st.session_state[k("doubler")]}
                                                                if level != "none" else {}),
                             "points": {"NS": ns, "EW": total - ns},
                             "match": {"NS": int(st.session_state[k("match_ns")]),
                                       "EW": int(st.session_state[k("match_ew")])}}
    if kaboot != "none":
        trial["tricks_won"] = {"NS": 8 if kaboot == "NS" else 0, "EW": 8 if kaboot == "EW" else 0}
    projects = {}
    if _NS_PROJECTS[st.session_state[k("ns_project")]]:
        projects["S"] = [_NS_PROJECTS[st.session_state[k("ns_project")]]]
    if _EW_PROJECTS[st.session_state[k("ew_project")]]:
        projects["E"] = [_EW_PROJECTS[st.session_state[k("ew_project")]]]
    if projects:
        trial["projects"] = projects
    if st.session_state[k("baloot")] != "none" and mode is Mode.HOKUM:
        trial["baloot"] = st.session_state[k("baloot")]
    st.caption(f"NS {ns} + EW {total - ns} = {total} raw points.")
    checked = judge(trial, profile)
    if not checked.ok:
        _problems(checked.errors)
        return
    out = checked.output
    award = out["award"]
    m1, m2, m3 = st.columns(3)
    m1.metric("NS record", "—" if award is None else award["NS"])
    m2.metric("EW record", "—" if award is None else award["EW"])
    m3.metric("Buyer's team", "made it ✓" if out["buyer_made"] else "failed ✕")
    st.markdown("**Step by step**")
    st.table(pd.DataFrame([{"step": s["step"].replace("_", " "), "what happens": pretty(s["detail"])}
                           for s in out["steps"]]).set_index("step"))


def match_sheet(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """A score sheet: one row per deal; the engine adds up and says when the match is over."""
    st.markdown("**📝 Score sheet**")
    k = lambda p: _key(lesson, step, p)  # noqa: E731
    start_rows = pd.DataFrame({"NS": [16, 8, 0, 26, 44, 21], "EW": [0, 8, 26, 0, 0, 0],
                               "Gahwa won by": ["no"] * 6})
    edited = st.data_editor(
        start_rows, key=k("sheet"), num_rows="dynamic", hide_index=True, width="stretch",
        column_config={
            "NS": st.column_config.NumberColumn("NS game points", min_value=0, max_value=MAX_DEAL_AWARD, step=1),
            "EW": st.column_config.NumberColumn("EW game points", min_value=0, max_value=MAX_DEAL_AWARD,
                                                step=1),
            "Gahwa won by": st.column_config.SelectboxColumn("Gahwa won by", options=["no", "NS", "EW"],
                                                             help="Tick a Gahwa deal: its winner wins the match."),
        })
    deals = []
    for row in edited.to_dict("records"):
        gahwa = row.get("Gahwa won by")
        gahwa = gahwa if gahwa in ("NS", "EW") else None
        points = {t: 0 if gahwa or pd.isna(row.get(t)) else int(row.get(t) or 0) for t in ("NS", "EW")}
        deals.append({**points, "gahwa_winner": gahwa})
    try:
        match = Match.from_rows(deals)
    except MatchError as e:
        st.error("The sheet has a problem: " + "; ".join(e.problems))
        return
    rows, verdict = [], None
    for s in match.running():
        if s.after_end:
            break
        note = (f"Gahwa won by {s.winner.value}" if s.by_gahwa else f"{s.winner.value} win" if s.winner
                else f"equal at {MATCH_TARGET}+: another deal" if s.another_deal else "")
        rows.append({"deal": s.deal, "NS": s.totals[Team.NS], "EW": s.totals[Team.EW], "note": note})
        if s.by_gahwa:
            verdict = ("win", f"Deal {s.deal} was a Gahwa: **{s.winner.value} win the match** at once, "
                              "whatever the totals.")
        elif s.winner:
            verdict = ("win", f"After deal {s.deal}: **{s.winner.value} win the match**, "
                              f"{s.totals[s.winner]} to {s.totals[s.winner.other]}.")
        elif s.another_deal:
            verdict = ("again", f"After deal {s.deal}: {s.totals[Team.NS]} all, at {MATCH_TARGET} or more: "
                                "play another deal.")
        else:
            verdict = None
    before = match.totals()
    st.caption("Running totals after each deal, added up by the engine:")
    st.dataframe(pd.DataFrame(rows, columns=["deal", "NS", "EW", "note"]), hide_index=True, width="stretch")
    if verdict and verdict[0] == "win":
        st.success("🏆 " + verdict[1] + (" Later rows are not counted." if match.extra_deals() else ""))
    elif verdict:
        st.info(verdict[1])
    else:
        lead = max(before.values())
        st.info(f"No winner yet: NS {before[Team.NS]}, EW {before[Team.EW]}. First to {MATCH_TARGET} "
                f"with the higher total wins ({MATCH_TARGET - lead} more for the leading team). "
                "Add a row for the next deal.")


def sidebar_progress(lessons: list[Lesson], current: str) -> None:
    """The learner's progress in every lesson: steps done and questions right."""
    st.markdown("**📖 Your progress**")
    lines = []
    for lesson in lessons:
        s = ls.summary(lesson)
        mark = "▶ " if lesson.id == current else ""
        done = " ✅" if s["steps_done"] == s["steps"] else ""
        lines.append(f"{mark}**{lesson.number}. {lesson.title}**{done}  \n"
                     f"{s['steps_done']}/{s['steps']} steps · {s['right']}/{s['questions']} questions right")
    st.markdown("\n\n".join(lines))
