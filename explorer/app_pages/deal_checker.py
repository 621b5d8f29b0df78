"""Deal checker: a whole recorded deal, checked card by card and replayed trick by trick."""

from __future__ import annotations

import hashlib
from typing import Any

import pandas as pd
import streamlit as st

from explorer.content.library import Entry, load_library
from explorer.engine.core.cards import Notation, Seat, Team
from explorer.engine.core.errors import ScenarioError
from explorer.engine.core.i18n import N_
from explorer.engine.core.profiles import custom_profile
from explorer.engine.core.tables import RAW_TOTAL
from explorer.engine.files.kinds.deal import DealVerdict
from explorer.engine.files.scenario import dump_yaml, parse_text, verdict_of
from explorer.engine.players.review import review
from explorer.engine.rules.play import seats_from
from explorer.ui import state
from explorer.ui.review import panel as review_panel
from explorer.ui.sheet import store as sheet_store
from explorer.ui.shell import lang, once, sidebar
from explorer.ui.shell.lang import choose, in_this_language, t, tn
from explorer.ui.tools import hindsight, inbox
from explorer.ui.tools.inbox import cite_in
from explorer.view import cards as ui
from explorer.view import intake, nav
from explorer.view.charts.replay import deal_points_figure
from explorer.view.presentation import step_name
from explorer.view.replay import Replay, build_replay, seat_label
from explorer.view.sheet import files as sheet_io
from explorer.view.text import code, html_text, plain
from explorer.view.words import profile_words

PAGE = state.DEAL
DEFAULT_FILE = "deal-hokum-clean"
SOURCES = {"library": N_("From the library"), "upload": N_("Upload a file"), "type": N_("Type or paste")}


@st.cache_data(show_spinner=False)
def library_deals() -> dict[str, Entry]:
    """The library's whole deals (``kind: deal``), by file stem."""
    return {e.stem: e for e in load_library() if e.kind == "deal" and e.doc is not None}


def text_id(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def deal_form(doc: dict[str, Any]) -> dict[str, Any]:
    """A deal arriving in the inbox goes into the editor as YAML (a library deal as its file is written),
    replayed from the first card."""
    same = next((e.text for e in library_deals().values() if e.doc == doc), None)
    start = st.session_state.pop(state.DEAL_OPEN_AT, 0)
    return {state.DEAL_TEXT: same or dump_yaml(dict(doc)), state.DEAL_POS: int(start or 0)}


# --- callbacks (they run before the widgets are drawn) ---------------------------------------

def load_library_deal() -> None:
    e = library_deals().get(st.session_state.get(state.DEAL_LIBRARY_FILE))
    if e is not None:
        inbox.send(PAGE, e.doc, intake.from_library(e.stem))


def move(to: int) -> None:
    st.session_state[state.DEAL_POS] = to


def add_to_sheet(row: dict[str, Any], tid: str) -> None:
    if st.session_state.get(state.DEAL_ADDED) == tid:
        return  # this deal is on the sheet already (the button says so)
    if sheet_store.append_saying(row):
        st.session_state[state.DEAL_ADDED] = tid


# --- rendering -------------------------------------------------------------------------------

def hand_label(seat: Seat, r: Replay) -> str:
    text = t("{seat} · {team}", seat=seat_label(seat), team=seat.team)
    if seat is r.contract.buyer:
        text = t("{label} · buyer", label=text)
    if seat is r.dealer:
        text = t("{label} · dealer", label=text)
    return text


def show_hands(r: Replay, pos: int, size: str, best: dict[Any, str] | None = None) -> None:
    """The hands still held; ``best`` marks the seat to play's cards that keep the best award in hindsight."""
    s = r.step(pos)
    trump = r.contract.trump
    hand_size = "sm" if size == "md" else "md"
    for seat in seats_from(s.leader):
        hand = s.hands[seat]
        marks: dict[Any, str] = {}
        label = tn("{label} · {n} card", "{label} · {n} cards", len(hand), label=hand_label(seat, r))
        if s.to_play is seat:
            label = t("{label} · ▶ to play", label=label)
        if s.illegal and s.last.seat is seat:
            marks = {c: "legal" for c in s.legal if len(s.legal) < len(hand)}
            marks[s.card] = "illegal"
            label = t("{label} · ✕ played illegally, ✓ allowed", label=label)
        elif s.legal_seat is seat and s.legal and len(s.legal) < len(hand):
            marks = {c: "legal" for c in s.legal}
            label = t("{label} · ✓ may play", label=label)
        if best and s.to_play is seat and not s.illegal:
            marks = {**marks, **best}
            label = t("{label} · ◆ best with all hands open", label=label)
        st.html(ui.hand_html(hand, trump=trump, size=hand_size, highlight=marks, label=label))


def show_score(score: dict[str, Any], r: Replay, tid: str, title: str) -> None:
    st.subheader(t("Score of the deal"))
    award = score.get("award")
    winner = Team.parse(score["winner"]) if score.get("winner") else None
    buyer_team = r.contract.buyer.team
    if award is None:
        if score.get("buyer_made"):
            st.success(t("**Gahwa**: {winner} wins the deal and with it the whole match (the buyer's team "
                         "{buyer} made its contract).", winner=winner, buyer=buyer_team))
        else:
            st.success(t("**Gahwa**: {winner} wins the deal and with it the whole match (the buyer's team "
                         "{buyer} failed).", winner=winner, buyer=buyer_team))
    elif score.get("buyer_made"):
        st.success(t("The buyer's team **{buyer} made its contract**. The deal records **{ns} {a} · {ew} {b}** "
                     "game points.", buyer=buyer_team, ns=Team.NS, ew=Team.EW, a=award["NS"], b=award["EW"]))
    else:
        st.success(t("The buyer's team **{buyer} failed**. The deal records **{ns} {a} · {ew} {b}** game points.",
                     buyer=buyer_team, ns=Team.NS, ew=Team.EW, a=award["NS"], b=award["EW"]))
    c1, c2, c3 = st.columns(3)
    comp = score.get("comparison") or {}
    for col, team in ((c1, Team.NS), (c2, Team.EW)):
        col.metric(t("{team} records", team=team), "—" if award is None else award[team.value],
                   help=t("Comparison total (cards + projects + Baloot): {total}", total=comp.get(team.value, "—")))
    c3.metric(t("Deal won by"), t("{team}", team=winner) if winner else "—")
    steps = score.get("steps") or []
    if steps:
        with st.expander(t("How the score was reached, step by step"), expanded=True):
            # A static table, not a grid: each cell is a sentence that wraps (on a phone too) and reads right
            # to left in Arabic.
            frame = pd.DataFrame([{t("Step"): step_name(s["step"], lang.style()), t("What happens"): cite_in(s["detail"])}
                                  for s in steps])
            st.table(frame.style.hide(axis="index"))
    row = sheet_io.scored_row(award, winner.value if winner else None, t("Deal checker: {title}", title=title))
    added = st.session_state.get(state.DEAL_ADDED) == tid
    once.button(t("Added to the score sheet ✓") if added else t("Add this deal to the score sheet"),
                key=state.DEAL_ADD_TO_SHEET, on_click=add_to_sheet, args=(row, tid), disabled=added,
                help=t("Appends the award (or the Gahwa) to the match on the Score sheet page."))
    if added:
        st.page_link(nav.page_path("score_sheet.py"), label=t("Open the score sheet"), icon=":material/edit_note:")


def _replay_head(r: Replay) -> None:
    """The contract line, then whether every card is legal or the first illegal one and its reason."""
    err, c = r.error, r.contract
    head = t("bought by {buyer}, team {team} · dealer {dealer}", buyer=seat_label(c.buyer), team=c.buyer.team,
             dealer=seat_label(r.dealer))
    if r.escalation.level.value != "none":
        head = t("{head} · {level}", head=head, level=r.escalation.level)
        if r.escalation.locked:
            head = t("{head} (locked)", head=head)
    st.html(f'<div class="bx-replay-head">{ui.trump_badge(c.mode, c.trump)} &nbsp; {html_text(head)}</div>')
    if err:
        st.error(t("**✕ The first illegal card: trick {trick}, {seat} plays {card}.** {reason}", trick=err.trick,
                   seat=err.seat, card=Notation(str(err.card)), reason=plain(cite_in(err.reason.render(lang.style())))),
                 icon=":material/block:")
    else:
        st.success(t("✓ Every card of this deal is legal. Step through it below; the score is at the end."))


def _replay_controls(r: Replay, pos: int, n: int) -> None:
    """The Replay buttons (their keys), the slider and what the keyboard does."""
    err = r.error
    st.subheader(t("Replay"))
    # One row that wraps (two buttons a row on a phone) rather than columns, which a narrow screen stacks
    # one under the other: Forward would sit a screen away from the table it moves.
    row = st.container(horizontal=True, vertical_alignment="center", key="deal-replay-buttons")
    row.button(t("Beginning"), key=state.DEAL_START, on_click=move, args=(0,), disabled=pos == 0,
               icon=lang.pointing(":material/first_page:"), shortcut="Home", width="stretch",
               help=t("Before the first card (key: Home)"))
    row.button(t("Back"), key=state.DEAL_BACK, on_click=move, args=(pos - 1,), disabled=pos == 0,
               icon=lang.pointing(":material/chevron_left:"), shortcut=lang.arrow_key("Left"), width="stretch",
               help=t("One card back (key: ←)"))
    row.button(t("Forward"), key=state.DEAL_FORWARD, on_click=move, args=(pos + 1,), disabled=pos >= n,
               icon=lang.pointing(":material/chevron_right:"), icon_position="right", shortcut=lang.arrow_key("Right"),
               width="stretch", type="primary", help=t("One card forward (key: →)"))
    row.button(t("End"), key=state.DEAL_END, on_click=move, args=(n,), disabled=pos >= n,
               icon=lang.pointing(":material/last_page:"), icon_position="right", shortcut="End", width="stretch",
               help=t("The last card checked (key: End)"))
    if err and r.error_position is not None:
        row.button(t("Go to the illegal card"), key=state.DEAL_TO_ERROR, on_click=move, args=(r.error_position,),
                   disabled=pos == r.error_position, width="stretch")
    st.slider(t("Cards played (0 to {n})", n=n), 0, max(n, 1), key=state.DEAL_POS,
              help=t("Drag, or click the slider and use the ← and → keys to move one card."))
    with st.container(key="deal-keyboard-help"):  # a touch screen has no keys: hidden there (KEYBOARD_CSS)
        st.caption(t("Keyboard: ← and → step one card, Home and End jump to the start and the end "
                     "(when no text box has the focus). Tab reaches every button; Enter or Space presses it."))
    st.html(KEYBOARD_CSS)


# The keyboard's help is for a keyboard: a phone (no hover, a coarse pointer) does not show it. (A comment, not a
# docstring: Streamlit's magic writes a page's bare strings on the page.)
KEYBOARD_CSS = "<style>@media (hover: none) and (pointer: coarse) { .st-key-deal-keyboard-help { display: none; } }</style>"


def show_replay(r: Replay, size: str, tid: str, title: str, verdict: DealVerdict) -> None:
    ss = st.session_state
    n = r.last_position
    pos = max(0, min(int(ss.get(state.DEAL_POS, 0) or 0), n))
    ss[state.DEAL_POS] = pos
    err = r.error
    c = r.contract

    _replay_head(r)
    _replay_controls(r, pos, n)

    h = hindsight.Hindsight(verdict, (tid, verdict.start.profile)) if hindsight.toggle() else None
    s = r.step(pos)
    if size == "lg":  # projector cards need the whole width: the table, then the hands
        left, right = st.container(), st.container()
    else:
        left, right = st.columns([5, 6], gap="large")
    with left:
        marks = {s.last.seat: "illegal"} if s.illegal else None
        st.html(ui.trick_html(s.table, to_play=s.to_play, winning=s.winning if s.table else None,
                              leader=s.leader, highlight=marks,
                              center=ui.trump_badge(c.mode, c.trump, compact=True),
                              size=size))
        text = cite_in(r.describe(pos, lang.style()))
        if s.illegal:
            st.error(text)
        else:
            st.markdown(text)
        if pos == n and err is None and r.score is None:
            st.info(t("The deal was checked, but the engine gave no score for it."))
        elif pos == n and err is not None:
            st.caption(t("The check stops at the first illegal card, so this deal cannot be scored."))
        elif pos < n and err is None:
            st.caption(t("Card {pos} of {n}. The score appears after the last card.", pos=pos, n=n))
        if h is not None:
            hindsight.show_step(h, pos)
    with right:
        st.markdown(t("**Hands** in the order of play of trick {trick} (cards still held)", trick=s.trick))
        show_hands(r, pos, size, h.best_marks(pos) if h is not None else None)
    if h is not None:
        with st.expander(t("Hindsight: the cost of every card, and a Sawa claim"), expanded=True):
            hindsight.show_costs(h, pos)
            st.markdown(t("**Sawa (claim every trick left)** at this step, with all hands open:"))
            hindsight.show_sawa(h, pos)

    st.markdown(t("**Running card points** (raw, the last trick's 10 included at trick 8)"))
    m = st.columns(4)
    m[0].metric(t("{team} raw points", team=Team.NS), s.points[Team.NS])
    m[1].metric(t("{team} raw points", team=Team.EW), s.points[Team.EW])
    m[2].metric(t("{team} tricks", team=Team.NS), s.tricks_won[Team.NS])
    m[3].metric(t("{team} tricks", team=Team.EW), s.tricks_won[Team.EW])
    done = sum(s.tricks_won.values())
    rows = [row for row in r.points_by_trick() if row["trick"] <= done]
    st.plotly_chart(deal_points_figure(rows, current_trick=done, total=RAW_TOTAL[c.mode],
                                       buyer_team=c.buyer.team.value),
                    width="stretch", key=state.DEAL_CHART)

    if pos == n and err is None and r.score:
        show_score(r.score, r, tid, title)


def show_review(doc: dict[str, Any], profile: Any, tid: str) -> None:
    """The strong player's review of the card play of the seats asked about, with a link to each moment."""
    with st.expander(t("Review the card play (the strong player's view)")):
        st.caption(t("For each card of the chosen seats, the strong player imagines the hidden cards many times "
                     "and compares the card played with its own choice. Cards that cost 2 game points or more "
                     "on average are listed. It takes a few seconds a seat."))
        # Labels made in this run: a format_func is also called outside the script run (where no language is set).
        seat_words = {x: t("{seat}", seat=seat_label(Seat.parse(x))) for x in ("S", "E", "N", "W")}
        seats = st.multiselect(t("Seats to review"), list(seat_words), default=["S"], key=state.DEAL_REVIEW_SEATS,
                               format_func=in_this_language(seat_words.get), placeholder=choose(several=True))
        done = ss.get(state.DEAL_REVIEW_RESULT)
        if st.button(t("Review"), key=state.DEAL_REVIEW, disabled=not seats):
            with st.spinner(t("Reviewing each card…")):
                try:
                    done = (tid, tuple(seats), review(doc, seats, profile=profile))
                except ScenarioError as e:
                    st.error(inbox.problem_lines(e.problems))
                    return
            ss[state.DEAL_REVIEW_RESULT] = done
        if not done or done[0] != tid or done[1] != tuple(seats):
            return
        review_panel.mistakes(done[2], lambda m: m.render(lang.style()), you=False, go=t("Go there"),
                              go_key=state.deal_review_go_key, on_go=lambda d: move(d.cards_played))


# --- the page --------------------------------------------------------------------------------

ss = st.session_state
deals = library_deals()
default_stem = DEFAULT_FILE if DEFAULT_FILE in deals else next(iter(deals), None)
st.title(t("Deal checker"))
st.markdown(t(
    "Check a whole recorded deal: the engine follows every card in turn, stops at the first "
    "illegal one and says why, then scores the deal. Step through it trick by trick and card by card."
))
# A fresh page shows the library's example deal; one opened by a link shows that link's deal, or,
# when the link is damaged, an empty editor: never another deal's verdict under the link's error.
opened_by_link = bool(st.query_params.get("s")) and state.page_key(PAGE, state.FORM) not in ss
defaults = {state.DEAL_SOURCE: "library", state.DEAL_LIBRARY_FILE: default_stem, state.DEAL_POS: 0,
            state.DEAL_TEXT: "" if opened_by_link or default_stem is None else deals[default_stem].text}
inbox.receive(PAGE, kinds=("deal",), to_form=deal_form, defaults=defaults, whole=False)
inbox.show_message(PAGE)
size = sidebar.card_size()

with st.container(border=True):
    load_col, edit_col = st.columns([2, 3], gap="large")
    with load_col:
        st.markdown(t("**1. Load a deal**"))
        source_words = {k: t(v) for k, v in SOURCES.items()}  # made in this run, as every label of a choice
        source = st.radio(t("Where from"), list(SOURCES), key=state.DEAL_SOURCE, format_func=in_this_language(source_words.get),
                          horizontal=True, label_visibility="collapsed")
        if source == "library":
            st.selectbox(t("Deal from the library"), list(deals), key=state.DEAL_LIBRARY_FILE,
                         format_func=in_this_language({stem: e.shown_title(lang.current()) for stem, e in deals.items()}.get),
                         placeholder=choose())
            st.button(t("Load into the editor"), key=state.DEAL_LOAD_FILE, on_click=load_library_deal,
                      help=t("Replaces the text in the editor with this library deal."))
        elif source == "upload":
            inbox.file_uploader(PAGE, t("A scenario file (kind: deal), YAML or JSON"))
        else:
            st.markdown(t("Type or paste a deal in the editor. The format is in *Scenario files* "
                          "({kind}): the dealer, the four hands, the contract and the eight tricks.",
                          kind=code("kind: deal")))
    with edit_col:
        st.text_area(t("**2. The deal as YAML** (edit it here)"), key=state.DEAL_TEXT, height=300,
                     help=t("Changes are checked when you press Ctrl+Enter or click outside the box. "
                            "What you type stays here, even when it is wrong."))
        st.caption(t("Ctrl+Enter (⌘+Enter) or a click outside the box checks the text."))

text = ss.get(state.DEAL_TEXT) or ""
problems: list[str] = []
output: dict[str, Any] | None = None
doc: dict[str, Any] | None = None
profile = sidebar.current_profile()
if text.strip():
    try:
        doc = parse_text(text)
    except ScenarioError as e:
        problems = e.problems
other_kind = ""
if doc is not None:
    kind = str(doc.get("kind", "")).strip().lower()
    if kind and kind != "deal":
        other_kind = t("kind: this is a {kind} scenario; the Deal checker reads whole deals (kind: deal). "
                       "The Scenario library opens other kinds in their own tools.",
                       kind=plain(repr(kind)) if lang.current() == "en" else inbox.kind_words(kind))
    else:
        own_profile = doc.get("profile") is not None
        checked = intake.check(doc, profile=None if own_profile else profile, style=lang.style())
        if checked.errors:
            problems = checked.errors
        else:
            output = checked.output
            if own_profile:
                st.caption(t("This deal names its own rules ({profile}), so the sidebar's profile does not apply. "
                             "Remove the {line} line to follow the sidebar.",
                             profile=profile_words(custom_profile(doc["profile"])), line=code("profile:")))

if not text.strip():
    st.info(t("The editor is empty: load a deal from the library or a file, open a share link, or type one."),
            icon=":material/touch_app:")
elif problems or other_kind:
    st.error(t("**The engine cannot check this deal yet.** Fix these lines in the editor "
               "(the text is kept as you typed it):") + "\n\n"
             + (f"- {other_kind}" if other_kind else inbox.problem_lines(problems)))
elif output is not None:
    verdict = verdict_of(doc, profile=None if own_profile else profile)
    if not isinstance(verdict, DealVerdict):  # everyone passed twice: no contract, no card to replay
        st.info(t("Everyone passed twice: the deal is redealt, so there is no card to replay and nothing to score."))
    else:
        replay = build_replay(verdict, output.get("score"))
        show_replay(replay, size, text_id(text), str(doc.get("title") or t("a deal")), verdict)
        if replay.error is None:
            show_review(doc, None if own_profile else profile, text_id(text))
    with st.expander(t("Save or share this deal"), icon=":material/save:"):
        save, share = st.columns([1, 3])
        save.download_button(t("Save as YAML"), text.encode("utf-8"), icon=":material/download:", file_name="baloot-deal.yaml",
                             mime="application/x-yaml", key=state.DEAL_SAVE_YAML, on_click="ignore")
        with share:
            inbox.share_link("deal_checker.py", doc, t("Share link (copy button on the right): opens the Deal "
                                                       "checker with this deal, exactly as it is in the editor."))
