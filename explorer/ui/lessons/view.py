"""The Lessons page's step: its scenario, its question with the feedback, and the progress sidebar.

Rules stay in the engine and answer checking in :mod:`explorer.content.lessons`; these functions draw
a step and grade an answer by asking the engine. The interactive blocks are in
:mod:`explorer.ui.lessons.widgets`; every key comes from :mod:`explorer.ui.state`.
"""

from __future__ import annotations

import html
from dataclasses import replace
from typing import Any

import streamlit as st

from explorer.content.lessons import (
    Lesson,
    Step,
    bidding_state,
    choice_label,
    grade,
    judge,
    not_under,
    step_where,
    trick_view,
    trick_winner_reason,
)
from explorer.content.translations import content
from explorer.engine.core.cards import SEATS, Card, Seat, Suit, priority_order
from explorer.engine.core.contract import Level
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile
from explorer.engine.core.tables import PROJECT_ORDER, Mode
from explorer.engine.files.scenario import ContractIn, internal_error, read_model
from explorer.engine.rules.play import seats_from
from explorer.ui import state
from explorer.ui.lessons import state as ls
from explorer.ui.shell import lang, once, sidebar
from explorer.ui.shell.lang import in_this_language, t
from explorer.view import cards as ui
from explorer.view.text import plain
from explorer.view.words import problem_lines, profile_title, seat_label, seat_name

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
.bx-lesson-facts th { text-align: start; padding: .25em .8em .25em 0; color: #4b5a52; font-weight: 600;
  vertical-align: top; white-space: nowrap; }
.bx-lesson-facts td { padding: .25em .8em .25em 0; vertical-align: top; }
.bx-calls { display: flex; flex-wrap: wrap; gap: .3em; margin: .3em 0 .6em; }
.bx-call { padding: .1em .55em; border-radius: .8em; background: #eef6f1; border: 1px solid #9fc3ae;
  font-weight: 600; white-space: nowrap; }
.bx-call-pass { background: #f3f3f3; border-color: #ccc; font-weight: 400; }
.bx-call-raise { background: #fff1e6; border-color: #e8b48a; }
.bx-round { font-size: .8rem; color: #66736b; align-self: center; margin-inline-end: .2em; }
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
    return ui.button_face(card, suffix)


def contract_label(value: str) -> str:
    """A contract choice of the editors (:data:`CONTRACTS`).

    >>> contract_label("sun"), contract_label("H")
    ('☀ Sun (no trumps)', 'Hokum, ♥ hearts trumps')
    """
    if value == "sun":
        return t("☀ Sun (no trumps)")
    suit = Suit.parse(value)
    return t("Hokum, {symbol} {suit} trumps", symbol=suit.symbol, suit=suit)


def text_of(lesson: Lesson, field: str, english: str, step: Step | None = None) -> str:
    """A lesson's text for people in the page's language: ``field`` is ``title``, ``summary``, or a step's
    ``title``, ``text``, ``question.prompt`` (the content catalogue's context, see explorer.content.translations)."""
    language = lang.current()
    if language == "en" or lesson.path is None:
        return english
    where = step_where(lesson, step) + "." + field if step is not None else \
        (step_where(lesson, lesson.steps[0]) or "").split("#", 1)[0] + "#" + field
    return content(english, where, language)


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
    """The engine's problems with the learner's own scenario: plain sentences in the page's language, cards as
    faces (what they quote from the scenario shown as typed)."""
    st.warning(t("The engine cannot judge this yet:") + "\n\n" + problem_lines(errors))


def judged(trial: dict[str, Any], profile: RuleProfile) -> dict[str, Any] | None:
    """The engine's verdict on the learner's scenario, or None after showing why there is none."""
    try:
        checked = judge(trial, profile, lang.style())
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
    rec = ls.answer(lesson.id, step.id) if step.question is not None else None
    draw_scenario(step, size, hide_order=asks_a_seat(step) and not ls.shows_answer(ls.answer(lesson.id, step.id)),
                  solved=ls.shows_answer(rec) or bool(rec and rec["ever_right"]))


def draw_scenario(step: Step, size: str, *, hide_order: bool = False, solved: bool = False) -> None:
    """Draw a step's scenario as the lessons do (the classroom's projector and phones too): ``hide_order`` keeps
    a speaking or playing order back (it would answer a seat question), ``solved`` stars a trick's winner."""
    doc = step.doc
    if doc is None:
        if step.deal is not None and step.widget != "deal_demo":
            dealer = step.deal.dealer
            names = {s: seat_name(s) for s in SEATS}
            names[dealer] = t("{seat} · dealer", seat=seat_name(dealer))
            order = "" if hide_order else '<br><bdi dir="ltr">' + " → ".join(s.value for s in seats_from(Seat.S)) + "</bdi>"
            turning = html.escape(t("anticlockwise ↺"))
            st.html(ui.trick_html({}, names=names, size=size,
                                  center=f'<span class="bx-contract">{turning}{order}</span>'))
        return
    if step.widget in ("play_puzzle", "trick_builder", "bidding_demo", "project_builder", "score_pipeline") \
            and step.question is None:
        return  # the widget shows it, editable
    kind = step.kind
    if kind == "play":
        _show_play(step, doc, size, solved=solved)
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
        notes.append(":material/lock: " + t("**Locked**: no trump lead unless the hand holds only trumps."))
    cur = doc.get("current") or {}
    if cur.get("ekka") or doc.get("ekka"):
        notes.append(":material/campaign: " + t("The leader announced **Ekka** on {card}.", card=tv.cards[0]))
    played = doc.get("played") or [c for trick in doc.get("tricks") or [] for c in trick.get("cards", [])]
    if played:
        gone = " ".join(Card.parse(c).pretty for c in played)
        notes.append(t("Gone in earlier tricks: {cards}", cards=gone if lang.current() == "en" else
                       [Card.parse(c) for c in played]))
    if whole:
        plays = dict(zip(tv.seats, tv.cards, strict=True))
        winner = None
        if solved and len(tv.cards) == 4:    # once answered right, the winning card gets its star
            win, _ = trick_winner_reason(tv, lang.style())
            winner = tv.seats[tv.cards.index(win)]
        st.html(ui.trick_html(plays, leader=tv.leader, winning=winner, center=badge, size=size))
    else:
        to_play = seats_from(tv.leader, len(tv.cards) + 1)[-1]
        plays = dict(zip(tv.seats, tv.cards, strict=True))
        names = {to_play: t("{seat} (you)", seat=seat_name(to_play))}
        st.html(ui.trick_html(plays, leader=tv.leader, to_play=to_play, names=names, center=badge, size=size))
        if q is None or q.input != "card":
            hand = doc.get("hand") or []
            st.html(ui.hand_html(hand, trump=trump, size=size, label=t("Your hand ({seat})", seat=seat_name(to_play))))
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
    english = lang.current() == "en"
    rows = [(t("Contract"), ui.trump_badge(mode, trump)),
            (t("Buyer"), t("{seat}, team {team}", seat=seat_label(buyer),
                           team=buyer.team.value if english else buyer.team))]
    esc = doc.get("escalation") or {}
    level = str(esc.get("level") or "none")
    if level != "none":
        named = level.capitalize() if english else t("{level}", level=Level(level))
        rows.append((t("Raised to"), t("{level} (Double said by {seat})", level=named, seat=seat_label(esc["doubler"]))
                     if esc.get("doubler") else named))
    pts = doc.get("points") or {}
    rows.append((t("Raw card points"), t("NS {ns} · EW {ew} (last trick's 10 included)", ns=pts.get("NS"),
                                         ew=pts.get("EW"))))
    tw = doc.get("tricks_won")
    if tw:
        rows.append((t("Tricks won"), t("NS {ns} · EW {ew}", ns=tw.get("NS"), ew=tw.get("EW"))))
    for seat, lists in (doc.get("projects") or {}).items():
        shown = t(" and ").join(ui.cards_inline(cs) for cs in lists)
        rows.append((t("Project of {seat}", seat=seat_label(seat)), shown))
    if doc.get("baloot"):
        rows.append((t("Baloot"), t("{seat} holds the trump K and Q", seat=seat_label(doc["baloot"]))))
    if doc.get("match"):
        m = doc["match"]
        rows.append((t("Match before the deal"), t("NS {ns} · EW {ew}", ns=m.get("NS", 0), ew=m.get("EW", 0))))
    st.html(_facts_html([(html.escape(k), v) for k, v in rows]))


def calls_html(calls: list[dict[str, Any]], escalation: list[dict[str, Any]] | None = None,
                rounds: list[int] | None = None) -> str:
    """The calls as chips, with a "Round 2" mark where the second round starts and the raises after."""
    english = lang.current() == "en"
    round_two, raises_word = html.escape(t("Round 2:")), html.escape(t("Raises:"))
    chips = []
    for i, c in enumerate(calls):
        if rounds and i < len(rounds) and rounds[i] == 2 and (i == 0 or rounds[i - 1] != 2):
            chips.append(f'<span class="bx-round">{round_two}</span>')
        kind = str(c["call"]).lower()
        text = kind.capitalize() if english else _call_word(kind, rounds[i] if rounds and i < len(rounds) else 1)
        if c.get("suit"):
            text += " " + Suit.parse(c["suit"]).symbol
        cls = "bx-call bx-call-pass" if kind == "pass" else "bx-call"
        chips.append(f'<span class="{cls}">{_chip_seat(c["seat"])}: {html.escape(text)}</span>')
    for j, c in enumerate(escalation or []):
        if j == 0:
            chips.append(f'<span class="bx-round">{raises_word}</span>')
        kind = str(c["call"]).lower()
        text = (kind.capitalize() if english else _call_word(kind, 1)) + (t(" (locked)") if c.get("locked") else "")
        chips.append(f'<span class="bx-call bx-call-raise">{_chip_seat(c["seat"])}: {html.escape(text)}</span>')
    if not chips:
        return '<div class="bx-calls"><span class="bx-round">' + html.escape(t("No calls yet.")) + "</span></div>"
    return ('<div class="bx-calls"><span class="bx-round">' + html.escape(t("Calls so far:")) + "</span>"
            + "".join(chips) + "</div>")


def _chip_seat(seat: str) -> str:
    """A call chip's seat: its letter in English, its name in another language."""
    return html.escape(str(seat)) if lang.current() == "en" else html.escape(seat_name(seat))


def _call_word(kind: str, round_no: int) -> str:
    """A call in the page's language (not English): the engine's words; a pass is «بس» in round 1, «ولا» in 2."""
    from explorer.engine.rules.bidding import CallKind
    try:
        call = CallKind(kind)
    except ValueError:
        return kind
    if call is CallKind.PASS:
        return t("Pass (round 2)") if round_no == 2 else t("{call}", call=call)
    return t("{call}", call=call)


def _show_bidding(doc: dict[str, Any], size: str, *, show_order: bool = True) -> None:
    dealer = Seat.parse(doc["dealer"])
    left, right = st.columns([1, 4])
    with left:
        st.html(ui.upcard_html(doc["upcard"], size=size))
    with right:
        if lang.current() == "en":
            spoken = " → ".join(s.value for s in priority_order(dealer))
        else:
            spoken = t(" ← ").join(seat_name(s) for s in priority_order(dealer))
        order = (" " + t("Speaking order: {order}.", order=spoken)) if show_order else ""
        st.markdown(t("Dealer: **{seat}**.", seat=seat_label(dealer)) + order)
        if doc.get("match"):
            m = doc["match"]
            st.markdown(t("Match score before this deal: **NS {ns} · EW {ew}**.", ns=m.get("NS", 0), ew=m.get("EW", 0)))
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
    why_not = not_under(step, profile, lang.style())
    if why_not:
        st.info(t("This example assumes the default rules ({default}). With your rules profile ({profile}) its calls "
                  "go another way: {why} So your answer is judged under the default rules.",
                  default=profile_title(DEFAULT_PROFILE), profile=profile_title(profile), why=why_not),
                icon=":material/gavel:")
    st.markdown(f":material/help: **{text_of(lesson, 'question.prompt', q.prompt, step)}**")
    if q.input == "card":
        doc = step.doc
        if q.ask == "trick_winner":
            tv = trick_view(doc)
            english = lang.current() == "en"
            options = [(str(c), card_label(c, f" · {s.value}" if english else f" · {seat_name(s)}"))
                       for s, c in zip(tv.seats, tv.cards, strict=True)]
        else:
            mode, trump = mode_trump(doc["contract"])
            hand = ui.sort_hand(doc.get("hand") or [], trump=trump)
            options = [(str(c), card_label(c)) for c in hand]
            st.caption(t("Your hand: click a card to play it."))
        with st.container(horizontal=True, gap="small"):
            for value, label in options:
                once.button(label, key=state.lesson_card_key(lid, step.id, value), on_click=_check,
                            args=(lid, step, value))
    else:
        key = state.lesson_question_key(lid, step.id, "input")
        if q.input == "number":
            st.number_input(t("Your answer"), min_value=0, max_value=1000, step=1, value=None, key=key,
                            placeholder=t("a number"))
        else:
            if q.input == "seat":
                labels = {s.value: seat_label(s) for s in SEATS}
            elif q.input == "team":
                labels = {"NS": t("NS (South and North)"), "EW": t("EW (East and West)")}
            elif q.input == "yes_no":
                labels = {True: t("Yes"), False: t("No")}
            else:
                where = step_where(lesson, step)
                labels = {i: choice_label(q, i, lang.style(), where) for i in range(len(q.choices))}
            st.radio(t("Your answer"), list(labels), index=None, format_func=in_this_language(labels.get), key=key, horizontal=True,
                     label_visibility="collapsed")
        if q.input == "choice":
            def given_choice(lid=lid, step=step):
                i = st.session_state.get(state.lesson_question_key(lid, step.id, "input"))
                _check(lid, step, None if i is None else step.question.choices[i].value, answered=i is not None)
            once.button(t("Check"), key=state.lesson_question_key(lid, step.id, "check"), on_click=given_choice,
                        type="primary")
        else:
            once.button(t("Check"), key=state.lesson_question_key(lid, step.id, "check"), on_click=_check_input,
                        args=(lid, step), type="primary")
    if st.session_state.get(state.lesson_question_key(lid, step.id, "empty")):
        st.warning(t("Choose an answer first."))
    rec = ls.answer(lid, step.id)
    if rec is not None:
        show_feedback(lesson, step, rec, profile)


def show_feedback(lesson: Lesson, step: Step, rec: dict[str, Any], profile: RuleProfile) -> None:
    """Right, with the engine's reason; wrong, a "try again" that keeps the answer hidden until the
    learner asks for it; then the engine's answer, its reason and the author's explanation."""
    q = step.question
    fb = feedback_in_language(lesson, step, rec, profile)
    if not ls.shows_answer(rec):
        if q.ask == "legal_card" and fb.broken:    # which rule the card breaks, never which card is right
            st.error(t("✕ **{answer} is not allowed.** {broken} Try again, or show the answer.", answer=fb.given,
                       broken=fb.broken))
        else:
            said = t("{answer} is not allowed", answer=fb.given) if q.ask == "legal_card" else \
                t("Not quite: you said {answer}", answer=fb.given)
            st.error(t("✕ **{said}.** Try again, or show the answer.", said=said))
        st.button(t("Show the answer"), key=state.lesson_question_key(lesson.id, step.id, "reveal"),
                  on_click=ls.reveal, args=(lesson.id, step.id))
        return
    reason = fb.reason
    if q.ask == "legal_card":
        if fb.correct:
            st.success(t("✓ **{card} is legal.** {reason}", card=fb.given, reason=reason))
        else:
            st.error(t("✕ **{card} is not allowed.** The legal cards: **{legal}**. {reason}", card=fb.given,
                       legal=fb.answer, reason=reason))
    elif fb.correct:
        st.success(t("✓ **Right: {answer}.** {reason}", answer=fb.answer, reason=reason))
    else:
        st.error(t("✕ **Not quite.** You said {given}; the engine says **{answer}**. {reason}", given=fb.given,
                   answer=fb.answer, reason=reason))
    if fb.differs_from_text and not fb.assumed_default:
        st.info(t("With your rules profile (**{profile}**) the engine's answer differs from this lesson's text, which "
                  "follows the detailed Saudi rules. The engine's verdict above is the one for your table.",
                  profile=profile_title(profile)))
    else:  # right or wrong: the author's explanation (a step's rule often waits here, not above its question)
        st.info(fb.explain, icon=":material/lightbulb:")


def feedback_in_language(lesson: Lesson, step: Step, rec: dict[str, Any], profile: RuleProfile) -> Any:
    """The feedback of a kept answer, said anew in the page's language: the engine grades the kept answer again
    (its verdict, right or wrong, stays the one recorded). The kept words are never shown as they were kept: they
    come from this browser's storage, which anyone can write (a link, colour or image in them would come alive).
    The learner's answer is shown as written (:func:`plain`)."""
    fb = rec["feedback"]
    try:
        again = grade(step, rec.get("given"), profile, lang.style(), step_where(lesson, step))
    except Exception:  # noqa: BLE001 - a feedback that cannot be redone in words is shown as it was kept, as text
        again = replace(fb, answer=plain(fb.answer), reason=plain(fb.reason), explain=plain(fb.explain),
                        broken=plain(fb.broken))
    return replace(again, correct=fb.correct, given=plain(again.given))


def widget_key(lesson: Lesson, step: Step, part: str) -> str:
    """The key of one widget of the step's interactive block."""
    return state.lesson_widget_key(lesson.id, step.id, part)


def init(key: str, value: Any) -> None:
    """A widget's first value (kept once the learner changes it)."""
    st.session_state.setdefault(key, value)


def sidebar_progress(lessons: list[Lesson], current: str) -> None:
    """The learner's progress in every lesson: steps done and questions right."""
    st.markdown(":material/school: " + t("**Your progress**"))
    lines = []
    for lesson in lessons:
        s = ls.summary(lesson)
        mark = "▶ " if lesson.id == current else ""
        done = " :material/check_circle:" if s["steps_done"] == s["steps"] else ""
        retried = t(" (+{n} after a retry)", n=s["retried"]) if s["retried"] else ""
        lines.append(f"{mark}**{lesson.number}. {text_of(lesson, 'title', lesson.title)}**{done}  \n"
                     + t("{done}/{steps} steps · {right}/{questions} right at the first try", done=s["steps_done"],
                         steps=s["steps"], right=s["right"], questions=s["questions"]) + retried)
    st.markdown("\n\n".join(lines))
