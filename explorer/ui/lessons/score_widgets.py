"""The lessons' scoring blocks: the scoring pipeline, a score sheet to 152, and two charts.

Each block reads its widgets, asks the engine and draws the answer; the presets below are
scenario values (cards of a project, library files), not rules.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pandas as pd
import streamlit as st
import yaml

from explorer.content.lessons import ROOT, Lesson, Step
from explorer.content.translations import content
from explorer.engine.core.cards import SEATS, Card, Seat, Team
from explorer.engine.core.contract import Level
from explorer.engine.core.i18n import N_
from explorer.engine.core.profiles import RuleProfile, custom_profile
from explorer.engine.core.tables import MATCH_TARGET, RAW_TOTAL, Mode
from explorer.engine.fast.probabilities import exact_table
from explorer.engine.rules.bidding import allowed_levels
from explorer.engine.rules.match import MAX_DEAL_AWARD, Match, MatchError
from explorer.ui.lessons.view import (
    CONTRACTS,
    contract_doc,
    contract_label,
    contract_value,
    init,
    judged,
    widget_key,
)
from explorer.ui.shell import lang
from explorer.ui.shell.lang import choose, in_this_language, t
from explorer.view.charts import figures as charts
from explorer.view.words import format_option_value, option_title, problem_sentence, seat_label


@st.cache_resource(show_spinner=False)
def _lesson_charts(language: str) -> dict:
    """The lessons' charts that no rules option changes, built once per language (read-only figures)."""
    return {"chances": charts.probability_chart(charts.probability_frame(exact_table()), lang=language)}


@st.cache_resource(show_spinner=False)
def _conversion(tie_rule: str, language: str) -> charts.Chart:
    """The conversion chart under a tie rule (the only option it shows), built once per rule and language."""
    return charts.conversion_chart(profile=custom_profile({"tie_rule": tie_rule}), lang=language)


def conversion_chart(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """Raw points to game points for Hokum and Sun, from the engine's conversion and the sidebar's tie rule."""
    st.plotly_chart(_conversion(profile.tie_rule, lang.current()).fig, key=widget_key(lesson, step, "chart"), width="stretch")
    st.caption(t("Exact, from the engine's conversion: the counting team's raw points → its game points; "
                 "shaded: where the rounding goes up or down; dots: who wins an undoubled tie on those units "
                 "with your rules ({option}: {value}).", option=option_title("tie_rule"),
                 value=format_option_value(profile.tie_rule)))


def project_chances(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """How likely each project is in a dealt hand, counted exactly."""
    st.plotly_chart(_lesson_charts(lang.current())["chances"].fig, key=widget_key(lesson, step, "chart"), width="stretch")
    st.caption(t("Exact: counted over every possible hand of 8 cards and every first five cards "
                 "(each project on its own). The Charts page has the numbers and a CSV."))


_NS_PROJECTS = {"none": None, "sira": ["AD", "KD", "QD"], "fifty": ["AD", "KD", "QD", "JD"],
                "hundred": ["AD", "KD", "QD", "JD", "TD"], "four_aces": ["AS", "AH", "AD", "AC"]}
_EW_PROJECTS = {"none": None, "sira": ["9C", "8C", "7C"], "fifty": ["TC", "9C", "8C", "7C"],
                "hundred": ["JC", "TC", "9C", "8C", "7C"]}
_PROJECT_LABEL = {"none": N_("none"), "sira": N_("Sira (run of 3)"), "fifty": N_("Fifty (run of 4)"),
                  "hundred": N_("Hundred (run of 5)"), "four_aces": N_("four Aces")}
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
    vals: dict[str, Any] = {"contract": contract_value(c), "buyer": Seat.parse(c["buyer"]).value,
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


def _trial(k: Callable[[str], str], value: str, buyer: Seat, level: str, ns: int, total: int,
           mode: Mode) -> dict[str, Any]:
    """The score scenario the widgets describe (``k`` names a widget's key), for the engine to judge."""
    kaboot = st.session_state[k("kaboot")]
    trial: dict[str, Any] = {"kind": "score", "dealer": st.session_state[k("dealer")],
                             "contract": contract_doc(value, buyer.value),
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
    return trial


def _show_pipeline(out: dict[str, Any]) -> None:
    """The award, whether the buyer made it, and the engine's scoring steps in a table."""
    award = out["award"]
    m1, m2, m3 = st.columns(3)
    m1.metric(t("NS record"), "—" if award is None else award["NS"])
    m2.metric(t("EW record"), "—" if award is None else award["EW"])
    m3.metric(t("Buyer's team"), t("made it ✓") if out["buyer_made"] else t("failed ✕"))
    st.markdown(t("**Step by step**"))
    step_col, what_col = t("step"), t("what happens")
    st.table(pd.DataFrame([{step_col: _step_name(s["step"]), what_col: s["detail"]}
                           for s in out["steps"]]).set_index(step_col))


def score_pipeline(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """Edit a deal's facts and watch every scoring step of the engine."""
    st.markdown(":material/calculate: " + t("**The scoring pipeline**"))
    doc = step.doc or _example("seed000-score-84-78")
    k = lambda p: widget_key(lesson, step, p)  # noqa: E731
    for name, v in _score_inputs(doc).items():
        init(k(name), v)

    def load_example() -> None:
        name = st.session_state.get(k("example"))
        if name:
            for part, v in _score_inputs(_example(name)).items():
                st.session_state[k(part)] = v

    titles = {n: content(_example(n).get("title", n), f"data/scenarios/{n}.yaml#title", lang.current())
              for n in _EXAMPLES}
    st.selectbox(t("Load a worked example"), [None, *_EXAMPLES], key=k("example"), on_change=load_example,
                 format_func=in_this_language(lambda n: "—" if n is None else titles.get(n, n)), placeholder=choose())
    a, b, c = st.columns(3)
    a.selectbox(t("Contract"), CONTRACTS, format_func=in_this_language(contract_label), key=k("contract"),
                placeholder=choose())
    b.selectbox(t("Buyer"), [s.value for s in SEATS], format_func=in_this_language(seat_label), key=k("buyer"),
                placeholder=choose())
    value = st.session_state[k("contract")]
    mode = Mode.SUN if value == "sun" else Mode.HOKUM
    total = RAW_TOTAL[mode]
    if st.session_state[k("ns")] > total:
        st.session_state[k("ns")] = total
    c.number_input(t("NS raw points (of {total})", total=total), min_value=0, max_value=total, step=1, key=k("ns"))
    ns = int(st.session_state[k("ns")])
    a2, b2, c2 = st.columns(3)
    levels = [lv.value for lv in allowed_levels(mode)]
    if st.session_state[k("level")] not in levels:
        st.session_state[k("level")] = "none"
    level_words = {v: t("{level}", level=Level(v)) for v in levels}
    a2.selectbox(t("Raised to"), levels, format_func=in_this_language(level_words.get), key=k("level"),
                 placeholder=choose())
    buyer = Seat.parse(st.session_state[k("buyer")])
    opponents = [buyer.right.value, buyer.left.value]
    level = st.session_state[k("level")]
    if st.session_state.get(k("doubler")) not in opponents:
        st.session_state[k("doubler")] = opponents[0]
    b2.selectbox(t("Double said by"), opponents, format_func=in_this_language(seat_label), key=k("doubler"),
                 disabled=level == "none", placeholder=choose())
    kaboot_words = {"none": t("no"), "NS": t("{team} took all 8", team=_team("NS")),
                    "EW": t("{team} took all 8", team=_team("EW"))}
    c2.selectbox(t("Kaboot (all 8 tricks)"), ["none", "NS", "EW"], key=k("kaboot"), format_func=in_this_language(kaboot_words.get),
                 placeholder=choose())
    projects = {v: t(label) for v, label in _PROJECT_LABEL.items()}
    a3, b3, c3 = st.columns(3)
    a3.selectbox(t("NS project (shown by South)"), list(_NS_PROJECTS), format_func=in_this_language(projects.get),
                 key=k("ns_project"), placeholder=choose())
    b3.selectbox(t("EW project (shown by East)"), list(_EW_PROJECTS), format_func=in_this_language(projects.get),
                 key=k("ew_project"), placeholder=choose())
    holders = {"none": t("nobody"), **{s.value: seat_label(s) for s in SEATS}}
    c3.selectbox(t("Baloot held by"), list(holders), key=k("baloot"), format_func=in_this_language(holders.get),
                 disabled=mode is Mode.SUN, placeholder=choose())
    with st.expander(t("Match score before the deal")):
        m1, m2 = st.columns(2)
        m1.number_input(t("NS"), min_value=0, max_value=400, step=1, key=k("match_ns"))
        m2.number_input(t("EW"), min_value=0, max_value=400, step=1, key=k("match_ew"))
    kaboot = st.session_state[k("kaboot")]
    if kaboot != "none":
        ns = total if kaboot == "NS" else 0
    trial = _trial(k, value, buyer, level, ns, total, mode)
    st.caption(t("NS {ns} + EW {ew} = {total} raw points.", ns=ns, ew=total - ns, total=total))
    out = judged(trial, profile)
    if out is None:
        return
    _show_pipeline(out)


_STEP_NAMES = {"raw": N_("raw"), "last_trick": N_("last trick"), "counting_team": N_("counting team"), "conversion": N_("conversion"), "complement": N_("complement"),
               "projects": N_("projects"), "baloot": N_("baloot"), "comparison": N_("comparison"),
               "tie_rule": N_("tie rule"), "award": N_("award"), "match": N_("match"), "kaboot": N_("kaboot"),
               "escalation": N_("escalation"), "gahwa": N_("gahwa"), "reverse_kaboot": N_("reverse kaboot")}
"""The engine's scoring steps (``steps[].step`` of a score verdict) in words."""


def _step_name(step: str) -> str:
    """A scoring step's name: ``tie rule``, in the page's language."""
    return t(_STEP_NAMES[step]) if step in _STEP_NAMES else step.replace("_", " ")


def _team(code: str) -> Any:
    """A team code as the page writes it: ``NS`` in English, the team's name in another language."""
    return code if lang.current() == "en" else Team.parse(code)


def match_sheet(lesson: Lesson, step: Step, profile: RuleProfile, size: str) -> None:
    """A score sheet: one row per deal; the engine adds up and says when the match is over."""
    st.markdown(":material/edit_note: " + t("**Score sheet**"))
    k = lambda p: widget_key(lesson, step, p)  # noqa: E731
    no = t("no")  # "no Gahwa": any value but NS or EW reads as no Gahwa, whatever the language it was typed in
    start_rows = pd.DataFrame({"NS": [16, 8, 0, 26, 44, 21], "EW": [0, 8, 26, 0, 0, 0],
                               "Gahwa won by": [no] * 6})
    edited = st.data_editor(
        start_rows, key=k("sheet"), num_rows="dynamic", hide_index=True, width="stretch",
        column_config={
            "NS": st.column_config.NumberColumn(t("NS game points"), min_value=0, max_value=MAX_DEAL_AWARD, step=1),
            "EW": st.column_config.NumberColumn(t("EW game points"), min_value=0, max_value=MAX_DEAL_AWARD,
                                                step=1),
            "Gahwa won by": st.column_config.SelectboxColumn(t("Gahwa won by"), options=[no, "NS", "EW"],
                                                             help=t("Tick a Gahwa deal: its winner wins the match.")),
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
        st.error(t("The sheet has a problem: {problems}", problems=t("; ").join(problem_sentence(p) for p in e.problems)))
        return
    rows, verdict = [], None
    for s in match.running():
        if s.after_end:
            break
        winner = _team(s.winner.value) if s.winner else None
        note = (t("Gahwa won by {team}", team=winner) if s.by_gahwa else t("{team} win", team=winner) if s.winner
                else t("equal at {target}+: another deal", target=MATCH_TARGET) if s.another_deal else "")
        rows.append({"deal": s.deal, "NS": s.totals[Team.NS], "EW": s.totals[Team.EW], "note": note})
        if s.by_gahwa:
            verdict = ("win", t("Deal {n} was a Gahwa: **{team} win the match** at once, whatever the totals.",
                                n=s.deal, team=winner))
        elif s.winner:
            verdict = ("win", t("After deal {n}: **{team} win the match**, {points} to {other}.", n=s.deal, team=winner,
                                points=s.totals[s.winner], other=s.totals[s.winner.other]))
        elif s.another_deal:
            verdict = ("again", t("After deal {n}: {points} all, at {target} or more: play another deal.", n=s.deal,
                                  points=s.totals[Team.NS], target=MATCH_TARGET))
        else:
            verdict = None
    before = match.totals()
    st.caption(t("Running totals after each deal, added up by the engine:"))
    st.dataframe(pd.DataFrame(rows, columns=["deal", "NS", "EW", "note"]), hide_index=True, width="stretch",
                 column_config={"deal": t("deal"), "NS": t("NS"), "EW": t("EW"), "note": t("note")})
    if verdict and verdict[0] == "win":
        later = " " + t("Later rows are not counted.") if match.extra_deals() else ""
        st.success(verdict[1] + later, icon=":material/emoji_events:")
    elif verdict:
        st.info(verdict[1])
    else:
        lead = max(before.values())
        st.info(t("No winner yet: NS {ns}, EW {ew}. First to {target} with the higher total wins ({more} more for the "
                  "leading team). Add a row for the next deal.", ns=before[Team.NS], ew=before[Team.EW],
                  target=MATCH_TARGET, more=MATCH_TARGET - lead))


BLOCKS = {"score_pipeline": score_pipeline, "match_sheet": match_sheet, "conversion_chart": conversion_chart,
          "project_chances": project_chances}
"""The blocks of this module, by the name a lesson step gives."""
