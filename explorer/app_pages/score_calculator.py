"""Score calculator: who won the deal, what each team records, and every step of the pipeline."""

import streamlit as st

from explorer.content.translations import content
from explorer.engine.core.cards import Seat, Team
from explorer.ui import state
from explorer.ui.sheet import store as sheet_store
from explorer.ui.shell import lang, once, sidebar
from explorer.ui.shell.lang import choose, in_this_language, t, tn
from explorer.ui.tools import forms, inbox, score_view
from explorer.ui.tools.contract_widgets import seats_and_escalation
from explorer.ui.tools.verdict_bar import verdict_bar
from explorer.view import intake, nav
from explorer.view.charts import explore as explore_charts
from explorer.view.charts.figures import SHOW_CONFIG
from explorer.view.sheet import files as sheet_io
from explorer.view.words import NO_SEAT, problem_lines, score_words, seat_label, suit_label

PAGE = state.SCORE
EXAMPLE = {
    "title": "Worked example (tournament scoring guide): Sun, nonbuyer 56 with a Sira, buyer 74",
    "kind": "score", "dealer": "N", "contract": {"mode": "sun", "buyer": "E"},
    "points": {"NS": 56, "EW": 74}, "projects": {"S": [["QD", "KD", "AD"]]},
}

st.title(t("Score calculator"))
st.markdown(t("Who won the deal? Enter the contract, the raw card points and the projects: every step from "
              "the raw points to what each team records is shown, with the rule it follows."))

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
    inbox.set_message(PAGE, "success", [t("Counted the eight tricks: raw points {ns_team} {ns}, {ew_team} {ew}; tricks won {ns_team} {ns_tricks}, "
                                       "{ew_team} {ew_tricks}.", ns_team=Team.NS, ew_team=Team.EW, ns=got.points["NS"],
                                       ew=got.points["EW"], ns_tricks=got.tricks_won["NS"], ew_tricks=got.tricks_won["EW"])],
                   "the typed tricks")


with st.container(horizontal=True):
    st.button(t("Load the worked example"), key=state.SCORE_EXAMPLE, on_click=_load_example,
              help=t("The tournament scoring guide's example: Sun bought by East; North-South 56 raw with a Sira, East-West 74."))
    st.button(t("Empty the tool"), key=state.SCORE_CLEAR, on_click=_clear)
profile, spec = inbox.rules_line(PAGE, sidebar.current_profile())
# The widgets' values are in session state before they are drawn, so the scenario is known here.
core = forms.score_doc({k: ss.get(k) for k in forms.SCORE_DEFAULTS})
doc = inbox.full_doc(PAGE, core, spec)
points = core.get("points") or {}
inbox.open_save_share(PAGE, doc if points else None, file_stem="score")
seats = list(forms.SEAT_IDS)
total = forms.raw_total(ss[state.SCORE_MODE])
# The verdict is known before the widgets are drawn: the bar under the inputs shows it.
checked = intake.check(core, profile=profile, style=lang.style()) if len(points) == 2 else None
o = checked.output if checked is not None and checked.ok else None


def _add_to_sheet(o: dict, note: str) -> None:
    """Callback: append this deal's award (or its Gahwa winner) to the Score sheet's deals."""
    sheet_store.append_saying(sheet_io.scored_row(o["award"], o["winner"], note))

form = st.container(key="bx-wrap-score")
c_contract, c_points, c_projects = form.columns([1, 1, 1.1], gap="large")
with c_contract:
    st.subheader(t("Contract"))
    st.radio(t("Contract"), ["hokum", "sun"], key=state.SCORE_MODE, horizontal=True, on_change=_mode_changed,
             format_func=in_this_language(lambda m: t("Hokum") if m == "hokum" else t("☀ Sun")), label_visibility="collapsed")
    sun = ss[state.SCORE_MODE] == "sun"
    st.selectbox(t("Trump"), list(forms.SUITS), key=state.SCORE_TRUMP, format_func=in_this_language(suit_label), disabled=sun,
                 placeholder=choose())
    seats_and_escalation(forms.SCORE_CONTRACT,
                         buyer_help=t("The declarer (in Ashkal, the partner of the seat that called it)."),
                         dealer_help=t("Needed for the reverse Kaboot and when two projects tie exactly."),
                         doubler_help=t("The opponent of the buyer who said Double."))
    st.checkbox(t("Locked"), key=state.SCORE_LOCKED,
                disabled=not forms.locked_allowed(ss[state.SCORE_MODE], ss[state.SCORE_LEVEL]),
                help=t("Locked changes the play, not the score; only a Hokum Double or Quadruple is locked."))

with c_points:
    st.subheader(t("Card points"))
    a, b = st.columns(2)
    a.number_input(t("{team} raw points", team=Team.NS), key=state.SCORE_POINTS_NS, step=1,
                   on_change=_fill, args=(state.SCORE_POINTS_NS, state.SCORE_POINTS_EW, total), placeholder=t("e.g. {n}", n=84))
    b.number_input(t("{team} raw points", team=Team.EW), key=state.SCORE_POINTS_EW, step=1,
                   on_change=_fill, args=(state.SCORE_POINTS_EW, state.SCORE_POINTS_NS, total), placeholder=t("e.g. {n}", n=78))
    st.caption(t("With the last trick's 10: together {total} in Sun. Type one team's points and the other's are filled in.", total=total)
                if sun else t("With the last trick's 10: together {total} in Hokum. Type one team's points and the other's are filled in.", total=total))
    st.checkbox(t("Tricks won are known (to see a Kaboot)"), key=state.SCORE_TRICKS_GIVEN)
    a, b = st.columns(2)
    a.number_input(t("{team} tricks", team=Team.NS), key=state.SCORE_TRICKS_NS, step=1,
                   disabled=not ss[state.SCORE_TRICKS_GIVEN], on_change=_fill,
                   args=(state.SCORE_TRICKS_NS, state.SCORE_TRICKS_EW, 8))
    b.number_input(t("{team} tricks", team=Team.EW), key=state.SCORE_TRICKS_EW, step=1,
                   disabled=not ss[state.SCORE_TRICKS_GIVEN], on_change=_fill,
                   args=(state.SCORE_TRICKS_EW, state.SCORE_TRICKS_NS, 8))
    with st.expander(t("Count the points from the eight tricks")):
        st.text_area(t("The eight tricks, one a line, cards in play order"), key=state.SCORE_COUNT_TEXT, height=200,
                     placeholder="E: 7S TS KH JS\nW: 9C QC 8H AC\n…",
                     help=t("The leader's seat is optional: the dealer's right leads the first trick and each "
                            "winner the next. Only the points are counted; the Deal checker checks legality."))
        st.button(t("Count these tricks"), key=state.SCORE_COUNT, on_click=_count)

with c_projects:
    st.subheader(t("Projects and Baloot"))
    st.caption(t("The projects each seat showed, as cards; several projects separated by “;”."))
    for s in seats:
        st.text_input(t("{seat} showed", seat=seat_label(s)), key=state.score_project_key(s),
                      placeholder=t("e.g. {cards}", cards="QD KD AD; 7S 8S 9S"))
    st.selectbox(t("Baloot (trump K and Q) held by"), [NO_SEAT, *seats], key=state.SCORE_BALOOT,
                 format_func=in_this_language(seat_label), disabled=sun, help=t("Hokum only."), placeholder=choose())
    st.checkbox(t("The dealer's right held an Ace (reverse Kaboot)"), key=state.SCORE_FIRST_ACE, disabled=not sun,
                help=t("Only for the reverse Kaboot (Sun, tournament profile): the dealer's right bought, held an "
                       "Ace in its original eight cards, and its team took no trick."))

with st.expander(t("Match totals before the deal"), expanded=bool(ss[state.SCORE_MATCH_GIVEN])):
    st.checkbox(t("Give the match totals (the Sun Double threshold and the race to 152 use them)"),
                key=state.SCORE_MATCH_GIVEN)
    a, b, _ = st.columns([1, 1, 2])
    a.number_input(t("{team} match total", team=Team.NS), key=state.SCORE_MATCH_NS, step=1, placeholder="0",
                   disabled=not ss[state.SCORE_MATCH_GIVEN])
    b.number_input(t("{team} match total", team=Team.EW), key=state.SCORE_MATCH_EW, step=1, placeholder="0",
                   disabled=not ss[state.SCORE_MATCH_GIVEN])

buyer_seat = Seat.parse(core["contract"]["buyer"])
note = (content(str(doc["title"]), None, lang.current()) if doc.get("title") else
        t("Sun bought by {seat}", seat=buyer_seat) if core["contract"]["mode"] == "sun" else
        t("Hokum bought by {seat}", seat=buyer_seat))
# The verdict in a line and the button to keep it, right under the inputs (held at the bottom of the
# screen until then): on a phone the full verdict is screens below.
typed = {team: ss.get(key) for team, key in (("NS", state.SCORE_POINTS_NS), ("EW", state.SCORE_POINTS_EW))}
beyond = [(team, v) for team, v in typed.items() if v is not None and not 0 <= v <= total]
with verdict_bar("score"):
    if len(points) < 2 and beyond:  # the other team's points were not filled in: say why
        team, v = beyond[0]
        vt = f"{v:g}"
        if v <= total:
            st.markdown(t("**{team} {value} is not possible:** raw points are never negative.", team=Team(team), value=vt))
        elif sun:
            st.markdown(t("**{team} {value} is not possible:** a Sun deal has {total} raw points in all. Fix it and the "
                          "other team's points are filled in.", team=Team(team), value=vt, total=total))
        else:
            st.markdown(t("**{team} {value} is not possible:** a Hokum deal has {total} raw points in all. Fix it and the "
                          "other team's points are filled in.", team=Team(team), value=vt, total=total))
    elif len(points) < 2:
        st.markdown(t("Enter the raw card points of both teams: who wins and the award show here."))
    elif o is None:
        st.markdown(t("**This deal cannot be scored as entered:** the verdict below names the problem."))
    else:
        st.markdown(t("{verdict}. Every step is below.", verdict=score_words(o)))
        once.button(t("Add to score sheet"), key=state.SCORE_ADD_TO_SHEET, type="primary", icon=":material/add:",
                    on_click=_add_to_sheet, args=(o, note), help=t("Appends this award to the Score sheet's list of deals."))


st.divider()
st.subheader(t("Verdict"))
if len(points) < 2:
    st.info(t("Enter the raw card points of both teams (or count them from the eight tricks)."), icon=":material/touch_app:")
elif o is None:
    st.error(t("**This deal cannot be scored as entered.** Your inputs are kept; fix these:") + "\n\n"
             + problem_lines(checked.errors), icon=":material/block:")
else:
    st.markdown("### " + score_words(o).replace("**", ""))
    award = o["award"]
    m1, m2, m3, m4 = st.columns(4)
    if award is not None:
        m1.metric(t("{team} records", team=Team.NS), award["NS"])
        m2.metric(t("{team} records", team=Team.EW), award["EW"])
    else:
        m1.metric(t("Gahwa: the match goes to"), t("{team}", team=Team(o["winner"])))
    after = o["match"]["after"]
    m3.metric(t("Match {team}", team=Team.NS), after["NS"], delta=(award or {}).get("NS") or None)
    m4.metric(t("Match {team}", team=Team.EW), after["EW"], delta=(award or {}).get("EW") or None)
    if o["match_winner"]:
        st.success(t("**{team} wins the match.**", team=Team(o["match_winner"])), icon=":material/trophy:")
    elif o["match"]["another_deal"]:
        st.warning(t("Equal totals at 152 or more: play another deal."), icon=":material/replay:")

    st.markdown(t("**The pipeline, step by step**"))
    # A static table, not a grid: the details are sentences and must wrap, not be cut.
    style = lang.style()
    st.table(score_view.pipeline_frame(o, style).rename(columns=score_view.column_names(style)).style.hide(axis="index"))
    chart, words = st.columns([1.4, 1], gap="large")
    with chart:
        st.plotly_chart(explore_charts.score_waterfall(o), key=state.SCORE_WATERFALL, config=SHOW_CONFIG)
    recorded = (t("{ns_team} records **{ns}**, {ew_team} records **{ew}**.", ns_team=Team.NS, ew_team=Team.EW,
                  ns=award["NS"], ew=award["EW"]) if award is not None else
                t("Gahwa has no numeric award: **{team}** wins the match at once.", team=Team(o["winner"])))
    words.markdown(t("**What each team records:** {recorded}", recorded=recorded) + "\n\n"
                   + t("**The match:** {ns_team} {ns_before} – {ew_team} {ew_before} before the deal, {ns_team} {ns_after} – "
                       "{ew_team} {ew_after} after it.", ns_team=Team.NS, ew_team=Team.EW,
                       ns_before=o["match"]["before"]["NS"], ew_before=o["match"]["before"]["EW"],
                       ns_after=after["NS"], ew_after=after["EW"]))
    n = len(ss.get(state.SHEET_DEALS) or [])
    if n:
        words.page_link(nav.page_path("score_sheet.py"), label=tn("Score sheet: {n} deal", "Score sheet: {n} deals", n),
                        icon=":material/scoreboard:", width="stretch")

inbox.sync_link(PAGE, doc, empty=inbox.is_empty(PAGE))
