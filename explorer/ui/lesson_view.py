"""The Lessons page's step: its scenario, its question with the feedback, and the progress sidebar.

Rules stay in the engine and answer checking in :mod:`explorer.lessons`; these functions draw
a step and grade an answer by asking the engine. The interactive blocks are in
:mod:`explorer.ui.lesson_widgets`; every key comes from :mod:`explorer.ui.state`.
"""

from __future__ import annotations

import html
from typing import Any

import streamlit as st

from explorer.engine.cards import SEATS, Card, Seat, Suit, priority_order
from explorer.engine.play import seats_from
from explorer.engine.profiles import DEFAULT_PROFILE, RuleProfile
from explorer.engine.scenario import ContractIn, internal_error, read_model
from explorer.engine.tables import PROJECT_ORDER, Mode
from explorer.lessons import (
    Lesson,
    Step,
    bidding_state,
    grade,
    judge,
    not_under,
    trick_view,
    trick_winner_reason,
)
from explorer.ui import cards as ui
from explorer.ui import lesson_state as ls
from explorer.ui import sidebar, state
from explorer.ui.text import code_lines
from explorer.ui.words import seat_label

CONTRACTS = ("sun", "S", "H", "D", "C")
"""Contract choices of the editors: Sun, or Hokum with this trump suit."""



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


def card_label(card: Card | str, suffix: str = "") -> str:
    """A button label for a card: red suits in red (Streamlit markdown)."""
    card = Card.parse(card)
    text = card.pretty + suffix
    return f":red[{text}]" if card.suit.is_red else text


def contract_label(value: str) -> str:
    """A contract choice of the editors (:data:`CONTRACTS`).

    >>> contract_label("sun"), contract_label("H")
    ('☀ Sun (no trumps)', 'Hokum, ♥ hearts trumps')
    """
    if value == "sun":
        return "☀ Sun (no trumps)"
    suit = Suit.parse(value)
    return f"Hokum, {suit.symbol} {suit.title} trumps"


def mode_trump(contract: dict[str, Any]) -> tuple[Mode, Suit | None]:
    """A scenario's contract as the engine reads it (an unknown mode is an error, never Sun)."""
    c = read_model(ContractIn, contract)
    return c.mode, c.trump


def contract_value(contract: dict[str, Any]) -> str:
    """The contract choice (:data:`CONTRACTS`) of a scenario's contract."""
    mode, trump = mode_trump(contract)
    return "sun" if mode is Mode.SUN else trump.value


def contract_doc(value: str, buyer: str) -> dict[str, Any]:
    """A scenario's contract for a contract choice and a buyer."""
    if value == "sun":
        return {"mode": "sun", "buyer": buyer}
    return {"mode": "hokum", "trump": value, "buyer": buyer}


def show_problems(errors: list[str]) -> None:
    """The engine's problems with the learner's own scenario (they echo what was picked: shown as typed)."""
    st.warning("The engine cannot judge this yet:\n\n" + code_lines(errors))


def judged(trial: dict[str, Any], profile: RuleProfile) -> dict[str, Any] | None:
    """The engine's verdict on the learner's scenario, or None after showing why there is none."""
    try:
        checked = judge(trial, profile)
    except Exception as e:  # noqa: BLE001 - an engine bug is one line asking for a report, not a traceback
        show_problems([internal_error(e)])
        return None
    if not checked.ok:
        show_problems(checked.errors)
        return None
    return checked.output


# --- the step's scenario ---------------------------------------------------------------------------

def show_scenario(lesson: Lesson, step: Step, size: str) -> None:
    """Draw the step's scenario (or deal): the trick, the hands, the facts of a score, the calls."""
    doc = step.doc
    hide_order = asks_a_seat(step) and not ls.shows_answer(ls.answer(lesson.id, step.id))
    if doc is None:
        if step.deal is not None and step.widget != "deal_demo":
            dealer = step.deal.dealer
            names = {s: s.title for s in SEATS}
            names[dealer] = f"{dealer.title} · dealer"
            order = "" if hide_order else "<br>" + " → ".join(s.value for s in seats_from(Seat.S))
            st.html(ui.trick_html({}, names=names, size=size,
                                  center=f'<span class="bx-contract">anticlockwise ↺{order}</span>'))
        return
    if step.widget in ("play_puzzle", "trick_builder", "bidding_demo", "project_builder", "score_pipeline") \
            and step.question is None:
        return  # the widget shows it, editable
    kind = step.kind
    if kind == "play":
        rec = ls.answer(lesson.id, step.id) if step.question is not None else None
        _show_play(step, doc, size, solved=ls.shows_answer(rec) or bool(rec and rec["ever_right"]))
    elif kind == "projects":
        _show_projects(doc, size)
    elif kind == "score":
        _show_score(doc)
    elif kind == "bidding":
        _show_bidding(doc, size, show_order=not hide_order)


def asks_a_seat(step: Step) -> bool:
    """Whether the step's question is answered with a seat: then a drawn speaking or playing order
    (``E → N → W → S``) would answer it, and waits until the question is answered."""
    return step.question is not None and step.question.input == "seat"


def _show_play(step: Step, doc: dict[str, Any], size: str, *, solved: bool = False) -> None:
    mode, trump = mode_trump(doc["contract"])
    badge = ui.trump_badge(mode, trump, compact=True)
    q = step.question
    tv = trick_view(doc)
    whole = len(tv.cards) == 4 or (q is not None and q.ask in ("trick_winner", "trick_points"))
    notes = []
    esc = doc.get("escalation") or {}
    if esc.get("locked"):
        notes.append(":material/lock: **Locked**: no trump lead unless the hand holds only trumps.")
    cur = doc.get("current") or {}
    if cur.get("ekka") or doc.get("ekka"):
        notes.append(f":material/campaign: The leader announced **Ekka** on {tv.cards[0].pretty}.")
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
        to_play = seats_from(tv.leader, len(tv.cards) + 1)[-1]
        plays = dict(zip(tv.seats, tv.cards, strict=True))
        names = {to_play: f"{to_play.title} (you)"}
        st.html(ui.trick_html(plays, leader=tv.leader, to_play=to_play, names=names, center=badge, size=size))
        if q is None or q.input != "card":
            hand = doc.get("hand") or []
            st.html(ui.hand_html(hand, trump=trump, size=size, label=f"Your hand ({to_play.title})"))
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
    mode, trump = mode_trump(doc["contract"])
    st.html(ui.trump_badge(mode, trump))
    for seat, hand in (doc.get("hands") or {}).items():
        st.html(project_hand_html(hand, trump=trump, size=size, label=seat_label(seat)))


def _facts_html(rows: list[tuple[str, str]]) -> str:
    body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
    return f'<table class="bx-lesson-facts">{body}</table>'


def _show_score(doc: dict[str, Any]) -> None:
    c = doc["contract"]
    mode, trump = mode_trump(c)
    buyer = Seat.parse(c["buyer"])
    rows = [("Contract", ui.trump_badge(mode, trump)),
            ("Buyer", f"{seat_label(buyer)}, team {buyer.team.value}")]
    esc = doc.get("escalation") or {}
    level = str(esc.get("level") or "none")
    if level != "none":
        rows.append(("Raised to", f"{level.capitalize()} (Double said by {seat_label(esc['doubler'])})"
                     if esc.get("doubler") else level.capitalize()))
    pts = doc.get("points") or {}
    rows.append(("Raw card points", f"NS {pts.get('NS')} · EW {pts.get('EW')} (last trick's 10 included)"))
    tw = doc.get("tricks_won")
    if tw:
        rows.append(("Tricks won", f"NS {tw.get('NS')} · EW {tw.get('EW')}"))
    for seat, lists in (doc.get("projects") or {}).items():
        shown = " and ".join(ui.cards_inline(cs) for cs in lists)
        rows.append((f"Project of {seat_label(seat)}", shown))
    if doc.get("baloot"):
        rows.append(("Baloot", f"{seat_label(doc['baloot'])} holds the trump K and Q"))
    if doc.get("match"):
        m = doc["match"]
        rows.append(("Match before the deal", f"NS {m.get('NS', 0)} · EW {m.get('EW', 0)}"))
    st.html(_facts_html(rows))


def calls_html(calls: list[dict[str, Any]], escalation: list[dict[str, Any]] | None = None,
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


def _show_bidding(doc: dict[str, Any], size: str, *, show_order: bool = True) -> None:
    dealer = Seat.parse(doc["dealer"])
    left, right = st.columns([1, 4])
    with left:
        st.html(ui.upcard_html(doc["upcard"], size=size))
    with right:
        order = (" Speaking order: " + " → ".join(s.value for s in priority_order(dealer)) + ".") if show_order else ""
        st.markdown(f"Dealer: **{seat_label(dealer)}**.{order}")
        if doc.get("match"):
            m = doc["match"]
            st.markdown(f"Match score before this deal: **NS {m.get('NS', 0)} · EW {m.get('EW', 0)}**.")
        st.html(calls_html(doc.get("calls") or [], doc.get("escalation"), rounds=_rounds(doc)))


def _rounds(doc: dict[str, Any]) -> list[int]:
    """The bidding round (1 or 2) of each call of a bidding scenario, from the engine's history."""
    try:
        state, _ = bidding_state(doc)
    except ValueError:
        return []
    return [2 if r.phase.value == "round_two" else 1 for r in state.history if r.phase.is_bidding]


# --- questions -------------------------------------------------------------------------------------

def _check(lesson_id: str, step: Step, given: Any, answered: bool | None = None) -> None:
    """Callback: grade an answer with the engine under the sidebar's profile and remember it.

    ``answered`` says whether the learner chose something (a choice's value may be None: "nobody").
    """
    if not (given is not None if answered is None else answered):
        st.session_state[state.lesson_question_key(lesson_id, step.id, "empty")] = True
        return
    st.session_state.pop(state.lesson_question_key(lesson_id, step.id, "empty"), None)
    feedback = grade(step, given, sidebar.current_profile())
    ls.record(lesson_id, step.id, given, feedback)


def _check_input(lesson_id: str, step: Step) -> None:
    _check(lesson_id, step, st.session_state.get(state.lesson_question_key(lesson_id, step.id, "input")))


def render_question(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """The prompt, the answer widgets and the feedback of the step's question."""
    q = step.question
    lid = lesson.id
    why_not = not_under(step, profile)
    if why_not:
        st.info(f"This example assumes the default rules ({DEFAULT_PROFILE.title}). With your rules profile "
                f"({profile.title}) its calls go another way: {why_not} So your answer is judged under the "
                "default rules.", icon=":material/gavel:")
    st.markdown(f":material/help: **{q.prompt}**")
    if q.input == "card":
        doc = step.doc
        if q.ask == "trick_winner":
            tv = trick_view(doc)
            options = [(str(c), card_label(c, f" · {s.value}")) for s, c in zip(tv.seats, tv.cards, strict=True)]
        else:
            mode, trump = mode_trump(doc["contract"])
            hand = ui.sort_hand(doc.get("hand") or [], trump=trump)
            options = [(str(c), card_label(c)) for c in hand]
            st.caption("Your hand: click a card to play it.")
        with st.container(horizontal=True, gap="small"):
            for value, label in options:
                st.button(label, key=state.lesson_card_key(lid, step.id, value), on_click=_check,
                          args=(lid, step, value))
    else:
        key = state.lesson_question_key(lid, step.id, "input")
        if q.input == "number":
            st.number_input("Your answer", min_value=0, max_value=1000, step=1, value=None, key=key,
                            placeholder="a number")
        else:
            if q.input == "seat":
                options, fmt = [s.value for s in SEATS], lambda v: seat_label(v)
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
                i = st.session_state.get(state.lesson_question_key(lid, step.id, "input"))
                _check(lid, step, None if i is None else step.question.choices[i].value, answered=i is not None)
            st.button("Check", key=state.lesson_question_key(lid, step.id, "check"), on_click=given_choice, type="primary")
        else:
            st.button("Check", key=state.lesson_question_key(lid, step.id, "check"), on_click=_check_input,
                      args=(lid, step), type="primary")
    if st.session_state.get(state.lesson_question_key(lid, step.id, "empty")):
        st.warning("Choose an answer first.")
    rec = ls.answer(lid, step.id)
    if rec is not None:
        show_feedback(lesson, step, rec, profile)


def show_feedback(lesson: Lesson, step: Step, rec: dict[str, Any], profile: RuleProfile) -> None:
    """Right, with the engine's reason; wrong, a "try again" that keeps the answer hidden until the
    learner asks for it; then the engine's answer, its reason and the author's explanation."""
    q = step.question
    fb = rec["feedback"]
    if not ls.shows_answer(rec):
        said = f"{fb.given} is not allowed" if q.ask == "legal_card" else f"Not quite: you said {fb.given}"
        st.error(f"✕ **{said}.** Try again, or show the answer.")
        st.button("Show the answer", key=state.lesson_question_key(lesson.id, step.id, "reveal"),
                  on_click=ls.reveal, args=(lesson.id, step.id))
        return
    reason = fb.reason
    if q.ask == "legal_card":
        if fb.correct:
            st.success(f"✓ **{fb.given} is legal.** {reason}")
        else:
            st.error(f"✕ **{fb.given} is not allowed.** The legal cards: **{fb.answer}**. {reason}")
    elif fb.correct:
        st.success(f"✓ **Right: {fb.answer}.** {reason}")
    else:
        st.error(f"✕ **Not quite.** You said {fb.given}; the engine says **{fb.answer}**. {reason}")
    if fb.differs_from_text and not fb.assumed_default:
        st.info(f"With your rules profile (**{profile.title}**) the engine's answer differs from this "
                "lesson's text, which follows the detailed Saudi rules. The engine's verdict above is "
                "the one for your table.")
    elif not fb.correct:
        st.info(q.explain, icon=":material/lightbulb:")


def widget_key(lesson: Lesson, step: Step, part: str) -> str:
    """The key of one widget of the step's interactive block."""
    return state.lesson_widget_key(lesson.id, step.id, part)


def init(key: str, value: Any) -> None:
    """A widget's first value (kept once the learner changes it)."""
    st.session_state.setdefault(key, value)


def sidebar_progress(lessons: list[Lesson], current: str) -> None:
    """The learner's progress in every lesson: steps done and questions right."""
    st.markdown(":material/school: **Your progress**")
    lines = []
    for lesson in lessons:
        s = ls.summary(lesson)
        mark = "▶ " if lesson.id == current else ""
        done = " :material/check_circle:" if s["steps_done"] == s["steps"] else ""
        retried = f" (+{s['retried']} after a retry)" if s["retried"] else ""
        lines.append(f"{mark}**{lesson.number}. {lesson.title}**{done}  \n"
                     f"{s['steps_done']}/{s['steps']} steps · {s['right']}/{s['questions']} right at the first try"
                     f"{retried}")
    st.markdown("\n\n".join(lines))
