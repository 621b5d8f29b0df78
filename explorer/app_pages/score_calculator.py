"""Score calculator: who won the deal, what each team records, and every step of the pipeline."""

import pandas as pd
import streamlit as st

from explorer.ui import explore_charts, forms, inbox, nav, sidebar, state
from explorer.ui.charts import SHOW_CONFIG
from explorer.ui.contract_widgets import seats_and_escalation
from explorer.ui.text import code_lines
from explorer.ui.verdict_bar import verdict_bar
from explorer.ui.words import NO_SEAT, score_words, seat_label, suit_label

PAGE = state.SCORE
EXAMPLE = {
    "title": "Worked example (tournament scoring guide): Sun, nonbuyer 56 with a Sira, buyer 74",
    "kind": "score", "dealer": "N", "contract": {"mode": "sun", "buyer": "E"},
    "points": {"NS": 56, "EW": 74}, "projects": {"S": [["QD", "KD", "AD"]]},
}
STEP_NAMES = {
    "raw": "Raw card points", "last_trick": "Last trick", "counting_team": "Counting team",
    "conversion": "Conversion", "complement": "Complement", "projects": "Projects", "baloot": "Baloot",
    "comparison": "Comparison", "tie_rule": "Tie rule", "award": "Award", "match": "Match",
}

st.title("Score calculator")
st.markdown("Who won the deal? Enter the contract, the raw card points and the projects: every step from "
            "the raw points to what each team records is shown, with the rule it follows.")

inbox.receive(PAGE, kinds=("score",), to_form=forms.score_form, defaults=forms.SCORE_DEFAULTS)
inbox.show_message(PAGE)
ss = st.session_state


def _load_example() -> None:
    inbox.send(PAGE, EXAMPLE, "the worked example")


def _clear() -> None:
    ss.update(forms.SCORE_DEFAULTS)
    for k in (state.page_key(PAGE, state.META), state.page_key(PAGE, state.PINNED_PROFILE)):
        ss.pop(k, None)
    inbox.clear_message(PAGE)


def _fill(changed: str, other: str, total: int) -> None:
    """Points (or tricks) of one team given: the other team gets the rest of the total."""
    v = ss.get(changed)
    if v is not None and 0 <= v <= total:
        ss[other] = total - v


def _mode_changed() -> None:
    _fill(state.SCORE_POINTS_NS, state.SCORE_POINTS_EW, forms.raw_total(ss[state.SCORE_MODE]))


def _count() -> None:
    got = forms.count_tricks(ss.get(state.SCORE_COUNT_TEXT, ""), mode=ss[state.SCORE_MODE], trump=ss[state.SCORE_TRUMP],
                          dealer=ss[state.SCORE_DEALER])
    if got.problems:
        inbox.set_message(PAGE, "error", got.problems, "the typed tricks")
        return
    ss.update({state.SCORE_POINTS_NS: got.points["NS"], state.SCORE_POINTS_EW: got.points["EW"],
               state.SCORE_TRICKS_GIVEN: True, state.SCORE_TRICKS_NS: got.tricks_won["NS"],
               state.SCORE_TRICKS_EW: got.tricks_won["EW"]})
    inbox.set_message(PAGE, "success", [f"Counted the eight tricks: NS {got.points['NS']}, EW {got.points['EW']} "
                                     f"raw points; tricks won NS {got.tricks_won['NS']}, EW {got.tricks_won['EW']}."],
                   "the typed tricks")


with st.container(horizontal=True):
    st.button("Load the worked example", key=state.SCORE_EXAMPLE, on_click=_load_example,
              help="The tournament scoring guide's example: Sun bought by East; North-South 56 raw with a Sira, East-West 74.")
    st.button("Empty the tool", key=state.SCORE_CLEAR, on_click=_clear)
profile, spec = inbox.rules_line(PAGE, sidebar.current_profile())
# The widgets' values are in session state before they are drawn, so the scenario is known here.
core = forms.score_doc({k: ss.get(k) for k in forms.SCORE_DEFAULTS})
doc = inbox.full_doc(PAGE, core, spec)
points = core.get("points") or {}
inbox.open_save_share(PAGE, doc if points else None, file_stem="score")
seats = list(forms.SEAT_IDS)
total = forms.raw_total(ss[state.SCORE_MODE])
# The verdict is known before the widgets are drawn: the bar under the inputs shows it.
checked = inbox.check(core, profile=profile) if len(points) == 2 else None
o = checked.output if checked is not None and checked.ok else None


def _add_to_sheet(o: dict, note: str) -> None:
    """Callback: append this deal's award (or its Gahwa winner) to the Score sheet's deals."""
    award = o["award"]
    deals = ss.setdefault(state.SHEET_DEALS, [])
    deals.append({"NS": int((award or {}).get("NS", 0)), "EW": int((award or {}).get("EW", 0)),
                  "note": note, "gahwa_winner": o["winner"] if award is None else None})
    st.toast(f"Added to the score sheet (deal {len(deals)}).", icon=":material/scoreboard:")

form = st.container(key="bx-wrap-score")
c_contract, c_points, c_projects = form.columns([1, 1, 1.1], gap="large")
with c_contract:
    st.subheader("Contract")
    st.radio("Contract", ["hokum", "sun"], key=state.SCORE_MODE, horizontal=True, on_change=_mode_changed,
             format_func=lambda m: "Hokum" if m == "hokum" else "☀ Sun", label_visibility="collapsed")
    sun = ss[state.SCORE_MODE] == "sun"
    st.selectbox("Trump", list(forms.SUITS), key=state.SCORE_TRUMP, format_func=suit_label, disabled=sun)
    seats_and_escalation(forms.SCORE_CONTRACT,
                         buyer_help="The declarer (in Ashkal, the partner of the seat that called it).",
                         dealer_help="Needed for the reverse Kaboot and when two projects tie exactly.",
                         doubler_help="The opponent of the buyer who said Double.")
    st.checkbox("Locked", key=state.SCORE_LOCKED,
                disabled=not forms.locked_allowed(ss[state.SCORE_MODE], ss[state.SCORE_LEVEL]),
                help="Locked changes the play, not the score; only a Hokum Double or Quadruple is locked.")

with c_points:
    st.subheader("Card points")
    a, b = st.columns(2)
    a.number_input("NS raw points", key=state.SCORE_POINTS_NS, step=1,
                   on_change=_fill, args=(state.SCORE_POINTS_NS, state.SCORE_POINTS_EW, total), placeholder="e.g. 84")
    b.number_input("EW raw points", key=state.SCORE_POINTS_EW, step=1,
                   on_change=_fill, args=(state.SCORE_POINTS_EW, state.SCORE_POINTS_NS, total), placeholder="e.g. 78")
    st.caption(f"With the last trick's 10: together {total} in {'Sun' if sun else 'Hokum'}. "
               "Type one team's points and the other's are filled in.")
    st.checkbox("Tricks won are known (to see a Kaboot)", key=state.SCORE_TRICKS_GIVEN)
    a, b = st.columns(2)
    a.number_input("NS tricks", key=state.SCORE_TRICKS_NS, step=1,
                   disabled=not ss[state.SCORE_TRICKS_GIVEN], on_change=_fill,
                   args=(state.SCORE_TRICKS_NS, state.SCORE_TRICKS_EW, 8))
    b.number_input("EW tricks", key=state.SCORE_TRICKS_EW, step=1,
                   disabled=not ss[state.SCORE_TRICKS_GIVEN], on_change=_fill,
                   args=(state.SCORE_TRICKS_EW, state.SCORE_TRICKS_NS, 8))
    with st.expander("Count the points from the eight tricks"):
        st.text_area("The eight tricks, one a line, cards in play order", key=state.SCORE_COUNT_TEXT, height=200,
                     placeholder="E: 7S TS KH JS\nW: 9C QC 8H AC\n…",
                     help="The leader's seat is optional: the dealer's right leads the first trick and each "
                          "winner the next. Only the points are counted; the Deal checker checks legality.")
        st.button("Count these tricks", key=state.SCORE_COUNT, on_click=_count)

with c_projects:
    st.subheader("Projects and Baloot")
    st.caption("The projects each seat showed, as cards; several projects separated by “;”.")
    for s in seats:
        st.text_input(f"{seat_label(s)} showed", key=state.score_project_key(s), placeholder="e.g. QD KD AD; 7S 8S 9S")
    st.selectbox("Baloot (trump K and Q) held by", [NO_SEAT, *seats], key=state.SCORE_BALOOT,
                 format_func=seat_label, disabled=sun, help="Hokum only.")
    st.checkbox("The dealer's right held an Ace (reverse Kaboot)", key=state.SCORE_FIRST_ACE, disabled=not sun,
                help="Only for the reverse Kaboot (Sun, tournament profile): the dealer's right bought, held an "
                     "Ace in its original eight cards, and its team took no trick.")

with st.expander("Match totals before the deal", expanded=bool(ss[state.SCORE_MATCH_GIVEN])):
    st.checkbox("Give the match totals (the Sun Double threshold and the race to 152 use them)",
                key=state.SCORE_MATCH_GIVEN)
    a, b, _ = st.columns([1, 1, 2])
    a.number_input("NS match total", key=state.SCORE_MATCH_NS, step=1, placeholder="0",
                   disabled=not ss[state.SCORE_MATCH_GIVEN])
    b.number_input("EW match total", key=state.SCORE_MATCH_EW, step=1, placeholder="0",
                   disabled=not ss[state.SCORE_MATCH_GIVEN])

note = str(doc.get("title") or f"{core['contract']['mode'].title()} bought by {core['contract']['buyer']}")
# The verdict in a line and the button to keep it, right under the inputs (held at the bottom of the
# screen until then): on a phone the full verdict is screens below.
typed = {team: ss.get(key) for team, key in (("NS", state.SCORE_POINTS_NS), ("EW", state.SCORE_POINTS_EW))}
beyond = [(team, v) for team, v in typed.items() if v is not None and not 0 <= v <= total]
with verdict_bar("score"):
    if len(points) < 2 and beyond:  # the other team's points were not filled in: say why
        team, v = beyond[0]
        st.markdown(f"**{team} {v:g} is not possible:** a {'Sun' if sun else 'Hokum'} deal has {total} raw "
                    f"points in all. Fix it and the other team's points are filled in."
                    if v > total else f"**{team} {v:g} is not possible:** raw points are never negative.")
    elif len(points) < 2:
        st.markdown("Enter the raw card points of both teams: who wins and the award show here.")
    elif o is None:
        st.markdown("**This deal cannot be scored as entered:** the verdict below names the problem.")
    else:
        st.markdown(score_words(o) + ". Every step is below.")
        st.button("Add to score sheet", key=state.SCORE_ADD_TO_SHEET, type="primary", icon=":material/add:",
                  on_click=_add_to_sheet, args=(o, note), help="Appends this award to the Score sheet's list of deals.")


st.divider()
st.subheader("Verdict")
if len(points) < 2:
    st.info("Enter the raw card points of both teams (or count them from the eight tricks).", icon=":material/touch_app:")
elif o is None:
    st.error("**This deal cannot be scored as entered.** Your inputs are kept; fix these:\n\n"
             + code_lines(checked.errors), icon=":material/block:")
else:
    st.markdown("### " + score_words(o).replace("**", ""))
    award = o["award"]
    m1, m2, m3, m4 = st.columns(4)
    if award is not None:
        m1.metric("NS records", award["NS"])
        m2.metric("EW records", award["EW"])
    else:
        m1.metric("Gahwa: the match goes to", o["winner"])
    after = o["match"]["after"]
    m3.metric("Match NS", after["NS"], delta=(award or {}).get("NS") or None)
    m4.metric("Match EW", after["EW"], delta=(award or {}).get("EW") or None)
    if o["match_winner"]:
        st.success(f"**{o['match_winner']} wins the match.**", icon=":material/trophy:")
    elif o["match"]["another_deal"]:
        st.warning("Equal totals at 152 or more: play another deal.", icon=":material/replay:")

    rows = []
    for s in o["steps"]:
        vals = s.get("values") or {}
        rows.append({"Step": STEP_NAMES.get(s["step"], s["step"]), "Detail": s["detail"]
                     + (" (our reading)" if s.get("our_reading") else ""),
                     "NS": str(vals.get("NS", "")), "EW": str(vals.get("EW", ""))})
    st.markdown("**The pipeline, step by step**")
    # A static table, not a grid: the details are sentences and must wrap, not be cut.
    st.table(pd.DataFrame(rows).style.hide(axis="index"))
    chart, words = st.columns([1.4, 1], gap="large")
    with chart:
        st.plotly_chart(explore_charts.score_waterfall(o), key=state.SCORE_WATERFALL, config=SHOW_CONFIG)
    recorded = (f"NS records **{award['NS']}**, EW records **{award['EW']}**." if award is not None else
                f"Gahwa has no numeric award: **{o['winner']}** wins the match at once.")
    words.markdown(f"**What each team records:** {recorded}\n\n**The match:** NS {o['match']['before']['NS']}"
                   f" – EW {o['match']['before']['EW']} before the deal, NS {after['NS']} – EW {after['EW']} "
                   "after it.")
    n = len(ss.get(state.SHEET_DEALS) or [])
    if n:
        words.page_link(nav.page_path("score_sheet.py"), label=f"Score sheet: {n} deal{'s' if n != 1 else ''}",
                        icon=":material/scoreboard:", width="stretch")

inbox.sync_link(PAGE, doc, empty=inbox.is_empty(PAGE))
