"""Deal checker: a whole recorded deal, checked card by card and replayed trick by trick."""

from __future__ import annotations

import hashlib
from typing import Any

import pandas as pd
import streamlit as st

from explorer.engine.cards import Seat, Team
from explorer.engine.errors import ScenarioError
from explorer.engine.play import seats_from
from explorer.engine.review import review
from explorer.engine.kinds.deal import DealVerdict
from explorer.engine.scenario import dump_yaml, parse_text, verdict_of
from explorer.engine.tables import RAW_TOTAL
from explorer.library import Entry, load_library
from explorer.sources import cite
from explorer.ui import cards as ui
from explorer.ui import inbox, nav, sidebar, state
from explorer.ui.replay import Replay, build_replay
from explorer.ui.replay_charts import deal_points_figure
from explorer.ui.text import code, code_lines, plain

PAGE = state.DEAL
DEFAULT_FILE = "deal-hokum-clean"
SOURCES = {"library": "From the library", "upload": "Upload a file", "type": "Type or paste"}


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
        inbox.send(PAGE, e.doc, f"the library ({e.stem}.yaml)")


def move(to: int) -> None:
    st.session_state[state.DEAL_POS] = to


def add_to_sheet(row: dict[str, Any], tid: str) -> None:
    ss = st.session_state
    ss.setdefault(state.SHEET_DEALS, [])
    ss[state.SHEET_DEALS] = [*ss[state.SHEET_DEALS], row]
    ss[state.DEAL_ADDED] = tid


# --- rendering -------------------------------------------------------------------------------

def hand_label(seat: Seat, r: Replay) -> str:
    tags = [f"{seat.title} ({seat.value}) · {seat.team.value}"]
    if seat is r.contract.buyer:
        tags.append("buyer")
    if seat is r.dealer:
        tags.append("dealer")
    return " · ".join(tags)


def show_hands(r: Replay, pos: int, size: str) -> None:
    s = r.step(pos)
    trump = r.contract.trump
    hand_size = "sm" if size == "md" else "md"
    for seat in seats_from(s.leader):
        hand = s.hands[seat]
        marks: dict[Any, str] = {}
        extra = ""
        if s.legal_seat is seat and s.legal and len(s.legal) < len(hand):
            marks = {c: "legal" for c in s.legal}
            extra = " · ✓ may play"
        if s.illegal and s.last.seat is seat:
            marks[s.card] = "illegal"
            extra = " · ✕ played illegally, ✓ allowed"
        turn = " · ▶ to play" if s.to_play is seat else ""
        label = f"{hand_label(seat, r)} · {len(hand)} card{'s' if len(hand) != 1 else ''}{turn}{extra}"
        st.html(ui.hand_html(hand, trump=trump, size=hand_size, highlight=marks, label=label))


def show_score(score: dict[str, Any], r: Replay, tid: str, title: str) -> None:
    st.subheader("Score of the deal")
    award = score.get("award")
    winner = score.get("winner")
    buyer_team = r.contract.buyer.team.value
    made = "made its contract" if score.get("buyer_made") else "failed"
    if award is None:
        st.success(f"**Gahwa**: {winner} wins the deal and with it the whole match "
                   f"(the buyer's team {buyer_team} {made}).")
    else:
        st.success(f"The buyer's team **{buyer_team} {made}**. The deal records "
                   f"**NS {award['NS']} · EW {award['EW']}** game points.")
    c1, c2, c3 = st.columns(3)
    comp = score.get("comparison") or {}
    c1.metric("NS records", "—" if award is None else award["NS"],
              help=f"Comparison total (cards + projects + Baloot): {comp.get('NS', '—')}")
    c2.metric("EW records", "—" if award is None else award["EW"],
              help=f"Comparison total (cards + projects + Baloot): {comp.get('EW', '—')}")
    c3.metric("Deal won by", winner or "—")
    steps = score.get("steps") or []
    if steps:
        with st.expander("How the score was reached, step by step", expanded=True):
            st.dataframe(pd.DataFrame([{"Step": s["step"].replace("_", " "), "What happens": s["detail"]}
                                       for s in steps]),
                         hide_index=True, width="stretch",
                         column_config={"Step": st.column_config.TextColumn(width="small"),
                                        "What happens": st.column_config.TextColumn(width="large")})
    row = {"NS": 0 if award is None else int(award["NS"]), "EW": 0 if award is None else int(award["EW"]),
           "note": f"Deal checker: {title}"[:120], "gahwa_winner": winner if award is None else None}
    added = st.session_state.get(state.DEAL_ADDED) == tid
    st.button("Added to the score sheet ✓" if added else "Add this deal to the score sheet",
              key=state.DEAL_ADD_TO_SHEET, on_click=add_to_sheet, args=(row, tid), disabled=added,
              help="Appends the award (or the Gahwa) to the match on the Score sheet page.")
    if added:
        st.page_link(nav.page_path("score_sheet.py"), label="Open the score sheet", icon="📝")


def show_replay(r: Replay, size: str, tid: str, title: str) -> None:
    ss = st.session_state
    n = r.last_position
    pos = max(0, min(int(ss.get(state.DEAL_POS, 0) or 0), n))
    ss[state.DEAL_POS] = pos
    err = r.error

    st.html(f'<div class="bx-replay-head">{ui.trump_badge(r.contract.mode, r.contract.trump)} '
            f"&nbsp; bought by <b>{r.contract.buyer.title} ({r.contract.buyer.value})</b>, "
            f"team {r.contract.buyer.team.value} · dealer {r.dealer.title} ({r.dealer.value})"
            f"{' · ' + r.escalation.level.title if r.escalation.level.value != 'none' else ''}"
            f"{' (locked)' if r.escalation.locked else ''}</div>")
    if err:
        st.error(f"**✕ The first illegal card: trick {err.trick}, {err.seat.value} plays {err.card}.** "
                 f"{plain(cite(err.reason.render(inbox.PAGE_STYLE)))}", icon="🚫")
    else:
        st.success("✓ Every card of this deal is legal. Step through it below; the score is at the end.")

    st.subheader("Replay")
    b = st.columns([1, 1, 1, 1, 2], vertical_alignment="center")
    b[0].button("⏮ Start", key=state.DEAL_START, on_click=move, args=(0,), disabled=pos == 0,
                shortcut="Home", width="stretch", help="Before the first card (key: Home)")
    b[1].button("◀ Back", key=state.DEAL_BACK, on_click=move, args=(pos - 1,), disabled=pos == 0,
                shortcut="Left", width="stretch", help="One card back (key: ←)")
    b[2].button("Forward ▶", key=state.DEAL_FORWARD, on_click=move, args=(pos + 1,), disabled=pos >= n,
                shortcut="Right", width="stretch", type="primary", help="One card forward (key: →)")
    b[3].button("End ⏭", key=state.DEAL_END, on_click=move, args=(n,), disabled=pos >= n,
                shortcut="End", width="stretch", help="The last card checked (key: End)")
    if err and r.error_position is not None:
        b[4].button("Go to the illegal card", key=state.DEAL_TO_ERROR, on_click=move, args=(r.error_position,),
                    disabled=pos == r.error_position, width="stretch")
    st.slider(f"Cards played (0 to {n})", 0, max(n, 1), key=state.DEAL_POS,
              help="Drag, or click the slider and use the ← and → keys to move one card.")
    st.caption("Keyboard: ← and → step one card, Home and End jump to the start and the end "
               "(when no text box has the focus). Tab reaches every button; Enter or Space presses it.")

    s = r.step(pos)
    if size == "lg":  # projector cards need the whole width: the table, then the hands
        left, right = st.container(), st.container()
    else:
        left, right = st.columns([5, 6], gap="large")
    with left:
        marks = {s.last.seat: "illegal"} if s.illegal else None
        st.html(ui.trick_html(s.table, to_play=s.to_play, winning=s.winning if s.table else None,
                              leader=s.leader, highlight=marks,
                              center=ui.trump_badge(r.contract.mode, r.contract.trump, compact=True),
                              size=size))
        text = cite(r.describe(pos, inbox.PAGE_STYLE))
        if s.illegal:
            st.error(text)
        else:
            st.markdown(text)
        if pos == n and err is None and r.score is None:
            st.info("The deal was checked, but the engine gave no score for it.")
        elif pos == n and err is not None:
            st.caption("The check stops at the first illegal card, so this deal cannot be scored.")
        elif pos < n and err is None:
            st.caption(f"Card {pos} of {n}. The score appears after the last card.")
    with right:
        st.markdown(f"**Hands** in the order of play of trick {s.trick} (cards still held)")
        show_hands(r, pos, size)

    st.markdown("**Running card points** (raw, the last trick's 10 included at trick 8)")
    m = st.columns(4)
    m[0].metric("NS raw points", s.points[Team.NS])
    m[1].metric("EW raw points", s.points[Team.EW])
    m[2].metric("NS tricks", s.tricks_won[Team.NS])
    m[3].metric("EW tricks", s.tricks_won[Team.EW])
    done = sum(s.tricks_won.values())
    rows = [row for row in r.points_by_trick() if row["trick"] <= done]
    st.plotly_chart(deal_points_figure(rows, current_trick=done, total=RAW_TOTAL[r.contract.mode],
                                       buyer_team=r.contract.buyer.team.value),
                    width="stretch", key=state.DEAL_CHART)

    if pos == n and err is None and r.score:
        show_score(r.score, r, tid, title)


def show_review(doc: dict[str, Any], profile: Any, tid: str) -> None:
    """The strong player's review of the card play of the seats asked about, with a link to each moment."""
    with st.expander("Review the card play (the strong player's view)"):
        st.caption("For each card of the chosen seats, the strong player imagines the hidden cards many times "
                   "and compares the card played with its own choice. Cards that cost 2 game points or more "
                   "on average are listed. It takes a few seconds a seat.")
        seats = st.multiselect("Seats to review", ["S", "E", "N", "W"], default=["S"], key=state.DEAL_REVIEW_SEATS,
                               format_func=lambda s: f"{Seat.parse(s).title} ({s})")
        done = ss.get(state.DEAL_REVIEW_RESULT)
        if st.button("Review", key=state.DEAL_REVIEW, disabled=not seats):
            with st.spinner("Reviewing each card…"):
                try:
                    done = (tid, tuple(seats), review(doc, seats, profile=profile))
                except ScenarioError as e:
                    st.error(code_lines(e.problems))
                    return
            ss[state.DEAL_REVIEW_RESULT] = done
        if not done or done[0] != tid or done[1] != tuple(seats):
            return
        rv = done[2]
        if not rv.mistakes:
            st.success(f"None of the {len(rv.decisions)} card choices reviewed cost 2 game points or more.")
            return
        st.markdown(f"**{len(rv.mistakes)} of {len(rv.decisions)} card choices cost 2 game points or more:**")
        for i, d in enumerate(rv.mistakes):
            a, b = st.columns([4, 1], vertical_alignment="center")
            a.markdown(f"Trick {d.trick}, {plain(d.seat.title)} played {d.played.card.pretty}; "
                       f"{d.best.card.pretty} was better by {d.cost:.1f} game points.")
            b.button("Go there", key=state.deal_review_go_key(i), on_click=move, args=(d.cards_played,))


# --- the page --------------------------------------------------------------------------------

ss = st.session_state
deals = library_deals()
default_stem = DEFAULT_FILE if DEFAULT_FILE in deals else next(iter(deals), None)
st.title("Deal checker")
st.markdown(
    "Check a whole recorded deal: the engine follows every card in turn, stops at the first "
    "illegal one and says why, then scores the deal. Step through it trick by trick and card by card."
)
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
        st.markdown("**1. Load a deal**")
        source = st.radio("Where from", list(SOURCES), key=state.DEAL_SOURCE, format_func=SOURCES.get,
                          horizontal=True, label_visibility="collapsed")
        if source == "library":
            st.selectbox("Deal from the library", list(deals), key=state.DEAL_LIBRARY_FILE,
                         format_func=lambda stem: deals[stem].title)
            st.button("Load into the editor", key=state.DEAL_LOAD_FILE, on_click=load_library_deal,
                      help="Replaces the text in the editor with this library deal.")
        elif source == "upload":
            inbox.file_uploader(PAGE, "A scenario file (kind: deal), YAML or JSON")
        else:
            st.markdown("Type or paste a deal in the editor. The format is in *Scenario files* "
                        "(`kind: deal`): the dealer, the four hands, the contract and the eight tricks.")
    with edit_col:
        st.text_area("**2. The deal as YAML** (edit it here)", key=state.DEAL_TEXT, height=300,
                     help="Changes are checked when you press Ctrl+Enter or click outside the box. "
                          "What you type stays here, even when it is wrong.")
        st.caption("Ctrl+Enter (⌘+Enter) or a click outside the box checks the text.")

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
if doc is not None:
    kind = str(doc.get("kind", "")).strip().lower()
    if kind and kind != "deal":
        problems = [f"kind: this is a {kind!r} scenario; the Deal checker reads whole deals (kind: deal). "
                    "The Scenario library opens other kinds in their own tools."]
    else:
        own_profile = doc.get("profile") is not None
        checked = inbox.check(doc, profile=None if own_profile else profile)
        if checked.errors:
            problems = checked.errors
        else:
            output = checked.output
            if own_profile:
                st.caption(f"This deal names its own rules ({code('profile: ' + str(output['profile']))}), so the "
                           "sidebar's profile does not apply. Remove the `profile:` line to follow the sidebar.")

if not text.strip():
    st.info("The editor is empty: load a deal from the library or a file, open a share link, or type one.",
            icon="👆")
elif problems:
    st.error("**The engine cannot check this deal yet.** Fix these lines in the editor "
             "(the text is kept as you typed it):\n\n" + code_lines(problems))
elif output is not None:
    verdict = verdict_of(doc, profile=None if own_profile else profile)
    if not isinstance(verdict, DealVerdict):  # everyone passed twice: no contract, no card to replay
        st.info("Everyone passed twice: the deal is redealt, so there is no card to replay and nothing to score.")
    else:
        replay = build_replay(verdict, output.get("score"))
        show_replay(replay, size, text_id(text), str(doc.get("title") or "a deal"))
        if replay.error is None:
            show_review(doc, None if own_profile else profile, text_id(text))
    with st.expander("💾 Save or share this deal"):
        save, share = st.columns([1, 3])
        save.download_button("⬇️ Save as YAML", text.encode("utf-8"), file_name="baloot-deal.yaml",
                             mime="application/x-yaml", key=state.DEAL_DOWNLOAD, on_click="ignore")
        with share:
            inbox.share_link("deal_checker.py", doc, "Share link (copy button on the right): opens the Deal "
                                                     "checker with this deal, exactly as it is in the editor.")
