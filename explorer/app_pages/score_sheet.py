"""Score sheet: the match (Sakka) to 152, deal by deal, with Undo, a chart and a CSV export."""

from __future__ import annotations

import copy
from typing import Any

import streamlit as st

from explorer.engine.core.cards import Team
from explorer.engine.core.tables import MATCH_TARGET
from explorer.engine.rules.match import NOTE_LIMIT, MatchDeal, MatchError
from explorer.ui import state as keys
from explorer.ui.sheet import store as sheet_store
from explorer.ui.shell import once
from explorer.ui.shell.lang import choose, in_this_language, t, tn
from explorer.view.charts.figures import SHOW_CONFIG
from explorer.view.charts.replay import match_figure
from explorer.view.sheet import table

ss = st.session_state
HISTORY_LIMIT = sheet_store.HISTORY_LIMIT


# --- the rows and the match they make ----------------------------------------------------------

def rows() -> list[dict[str, Any]]:
    return list(ss.get(keys.SHEET_DEALS) or [])


def commit(new_rows: list[dict[str, Any]], *messages: tuple[str, str], where: str = "table") -> None:
    """Store a new version of the sheet; the old one goes on the Undo stack."""
    history = list(ss.get(keys.SHEET_HISTORY) or [])
    history.append(copy.deepcopy(rows()))
    ss[keys.SHEET_HISTORY] = history[-HISTORY_LIMIT:]
    ss[keys.SHEET_DEALS] = new_rows
    ss[keys.SHEET_SEEN] = copy.deepcopy(new_rows)
    say(*messages, where=where)


def say(*messages: tuple[str, str], where: str = "table") -> None:
    """Queue messages next to the add form (``add``) or under the table (``table``), in place of the area's earlier
    ones. They stay shown while the sheet holds the rows it holds now (a rerun the browser asks for a moment later,
    when it has kept the sheet, does not take them away before they are read); a change of the sheet, or leaving
    the page, ends them."""
    now = copy.deepcopy(rows())
    ss[keys.SHEET_MESSAGES] = [*(m for m in ss.get(keys.SHEET_MESSAGES) or [] if m[2] != where),
                               *((lvl, text, where, now) for lvl, text in messages)]


def show_messages(where: str) -> None:
    pending = ss.get(keys.SHEET_MESSAGES) or []
    current = rows()
    kept = []
    for level, text, area, about in pending:
        if area != where:
            kept.append((level, text, area, about))
        elif about == current:
            {"error": st.error, "success": st.success, "info": st.info, "warning": st.warning}[level](text)
            kept.append((level, text, area, about))
    ss[keys.SHEET_MESSAGES] = kept


# --- callbacks -----------------------------------------------------------------------------------

def add_by_hand() -> None:
    kind = ss.get(keys.SHEET_KIND, "award")
    ns, ew = ss.get(keys.SHEET_NS), ss.get(keys.SHEET_EW)
    if kind == "award" and ns is None and ew is None:
        say(("error", t("The deal was not added: type its game points first (an empty field counts as 0).")),
            where="add")
        return
    row = table.row_for(kind, 0 if ns is None else ns, 0 if ew is None else ew, ss.get(keys.SHEET_NOTE) or "")
    try:
        new = table.add_row(rows(), row)
    except MatchError as e:
        say(("error", t("The deal was not added: {problems}.", problems=table.problems_text(e.problems))), where="add")
        return
    deal = MatchDeal.from_dict(new)
    commit([*rows(), new], ("success", t("Deal {n} added: {deal}.", n=len(rows()) + 1, deal=table.deal_words(deal))), where="add")
    ss[keys.SHEET_NS] = None
    ss[keys.SHEET_EW] = None
    ss[keys.SHEET_NOTE] = ""
    ss[keys.SHEET_KIND] = "award"


def undo() -> None:
    history = list(ss.get(keys.SHEET_HISTORY) or [])
    if not history:
        return
    previous = history.pop()
    ss[keys.SHEET_HISTORY] = history
    ss[keys.SHEET_DEALS] = previous
    ss[keys.SHEET_SEEN] = copy.deepcopy(previous)
    say(("info", tn("Undone: the sheet is back to {n} deal.", "Undone: the sheet is back to {n} deals.", len(previous))))


def delete_chosen() -> None:
    which = ss.get(keys.SHEET_DELETE_WHICH)
    items = rows()
    if not isinstance(which, int) or not 1 <= which <= len(items):
        return
    gone = items.pop(which - 1)
    commit(items, ("info", t("Deal {n} deleted ({ns_team} {ns}, {ew_team} {ew}). Undo brings it back.", n=which,
                             ns_team=Team.NS, ew_team=Team.EW, ns=gone.get("NS"), ew=gone.get("EW"))))


def new_match() -> None:
    if rows():
        commit([], ("info", t("A new match: the sheet is empty. Undo brings the old match back.")))


# --- edits made in the table ------------------------------------------------------------------

def apply_editor_changes() -> None:
    """Apply the data editor's pending edits (validated; a bad value keeps the row as it was)."""
    version = int(ss.get(keys.SHEET_EDITOR_VERSION, 0))
    key = keys.sheet_editor_key(version)
    payload = ss.get(key)
    if not isinstance(payload, dict) or not any(payload.get(k) for k in ("edited_rows", "added_rows",
                                                                            "deleted_rows")):
        return
    new_rows, messages, changed = table.apply_edits(rows(), payload)
    if changed:
        commit(new_rows, *messages)
    else:
        say(*messages)
    ss[keys.SHEET_EDITOR_VERSION] = version + 1  # a fresh grid shows the rows as they are now
    ss.pop(key, None)


# --- the page -------------------------------------------------------------------------------------

ss.setdefault(keys.SHEET_DEALS, [])
ss.setdefault(keys.SHEET_HISTORY, [])
ss.setdefault(keys.SHEET_EDITOR_VERSION, 0)
ss.setdefault(keys.SHEET_NS, None)  # empty, not 0: typing 26 into "0" gave "026"
ss.setdefault(keys.SHEET_EW, None)
ss.setdefault(keys.SHEET_NOTE, "")
ss.setdefault(keys.SHEET_KIND, "award")
if not sheet_store.restore(commit):  # the sheet kept in this browser has not arrived yet: no empty flash
    st.title(t("Score sheet (Sakka)"))
    st.caption(t("Opening the score sheet kept in this browser…"))
    st.stop()
seen = ss.get(keys.SHEET_SEEN)
if seen is None:  # first visit: deals already there came from another page
    seen = []
if seen != rows():  # another page added deals: Undo must be able to take them back
    arrived = len(rows()) - len(seen)
    history = [*(ss.get(keys.SHEET_HISTORY) or []), copy.deepcopy(seen)]
    ss[keys.SHEET_HISTORY] = history[-HISTORY_LIMIT:]
    ss[keys.SHEET_SEEN] = copy.deepcopy(rows())
    if arrived > 0:
        say(("success", tn("{n} deal arrived from another page (Score calculator or Deal checker). Undo takes it back.",
                           "{n} deals arrived from another page (Score calculator or Deal checker). Undo takes them back.",
                           arrived)), where="add")
apply_editor_changes()

items = rows()
match, checked = table.evaluate(items)
decision = match.decision()
totals = match.totals()

st.title(t("Score sheet (Sakka)"))
sheet_store.notices(commit)
st.markdown(t(
    "Keep the score of a match. Each deal's award adds to its team's total; the first team to reach "
    "**{target}** with the **higher total** wins. **Equal totals** at or above {target} need "
    "another deal. A **Gahwa** ends the match for the team that wins it, whatever the totals. "
    "A deal **cancelled** because all four passed adds nothing. (The detailed Saudi rules, §7; the tournament "
    "scoring guide, “Winning the Sakka at 152”.)", target=MATCH_TARGET))

m = st.container(key="bx-metrics-sheet").columns(3)
last = checked[-1][0] if checked and checked[-1][0] is not None else None
m[0].metric(table.head("NS total"), totals[Team.NS], delta=last.ns if last and last.kind == "award" and last.ns else None)
m[1].metric(table.head("EW total"), totals[Team.EW], delta=last.ew if last and last.kind == "award" and last.ew else None)
need = match.to_go()
# Each team's figure stays with its name when the value wraps on a phone (no-break spaces inside a team's part).
m[2].metric(t("Still to reach {target}", target=MATCH_TARGET),
            "—" if decision else " · ".join(t("{team} {points}", team=table.head(team.value), points=need[team])
                                            .replace(" ", "\u00a0") for team in (Team.NS, Team.EW)))
status = table.match_words(match)
if decision is not None:
    st.success(status, icon=":material/trophy:")
elif match.needs_another_deal():
    st.warning(status, icon=":material/balance:")
else:
    st.info(status)
bad = [i + 1 for i, (d, _) in enumerate(checked) if d is None]
if bad:
    st.error(tn("Deal {numbers} is not counted until fixed: see the Match column.",
                "Deals {numbers} are not counted until fixed: see the Match column.", len(bad),
                numbers=", ".join(map(str, bad))))

st.subheader(t("Add a deal"))
with st.container(border=True):
    kind = st.radio(t("This deal"), list(table.KINDS), key=keys.SHEET_KIND, format_func=in_this_language(lambda k: t(table.KINDS[k])),
                    horizontal=True)
    c = st.columns([1, 1, 2, 1], vertical_alignment="bottom")
    points = kind == "award"
    c[0].number_input(t("{team} game points", team=Team.NS), step=1, key=keys.SHEET_NS, disabled=not points,
                      placeholder="0",
                      help=t("The award of the deal to North–South (the Score calculator's result). Empty counts as 0."))
    c[1].number_input(t("{team} game points", team=Team.EW), step=1, key=keys.SHEET_EW, disabled=not points,
                      placeholder="0", help=t("The award of the deal to East–West. Empty counts as 0."))
    c[2].text_input(t("Note (optional)"), key=keys.SHEET_NOTE, placeholder=t("e.g. Hokum ♥ by N, 84–78"),
                    max_chars=NOTE_LIMIT)
    once.button(t("Add deal"), key=keys.SHEET_ADD, on_click=add_by_hand, where=c[3], type="primary", width="stretch",
                disabled=decision is not None,
                help=t("The match is over: start a new match to add deals.") if decision else None)
    if decision is not None:
        st.caption(t("The match is over, so no deal can be added. **New match** (under the table) starts "
                     "a fresh sheet; Undo brings this one back."))
    if not points:
        st.caption(t("A Gahwa records no points: its winner takes the match at once.")
                   if kind.startswith("gahwa") else t("A cancelled deal records no points."))
    st.caption(t("The Score calculator and the Deal checker add their deals here with their "
                 "“Add to the score sheet” buttons."))
show_messages("add")

st.subheader(t("The deals"))
frame = table.sheet_frame(items)
# Two views of the same rows, one shown by screen width: a computer gets the editable grid; a phone,
# where a grid is cut off after a few columns and cannot be double-clicked, gets a table that wraps.
st.html("""<style>
@media (max-width: 639.98px) { [data-testid="stLayoutWrapper"]:has(> .st-key-bx-sheet-grid),
  .st-key-bx-sheet-grid { display: none; } }
@media (min-width: 640px) { [data-testid="stLayoutWrapper"]:has(> .st-key-bx-sheet-list),
  .st-key-bx-sheet-list { display: none; } }
/* Arabic heads are wider words (مجموعنا, المباراة): tighter cells keep the table whole on a phone. */
@media (max-width: 639.98px) { html[dir="rtl"] .st-key-bx-sheet-list :is(th, td) { padding: .3rem .25rem;
  font-size: .85rem; } }
</style>""")
if items:
    grid, listed = st.container(key="bx-sheet-grid"), st.container(key="bx-sheet-list")
    grid.data_editor(
        frame,
        key=keys.sheet_editor_key(int(ss[keys.SHEET_EDITOR_VERSION])),
        hide_index=True,
        width="stretch",
        num_rows="delete",
        column_order=["Deal", "NS", "EW", "NS total", "EW total", "Match", "Gahwa winner", "Cancelled", "Note"],
        disabled=["Deal", "NS total", "EW total", "Match"],
        column_config={
            "Deal": st.column_config.NumberColumn(table.head("Deal"), width="small", format="%d"),
            "NS": st.column_config.NumberColumn(table.head("NS"), help=t("Game points of the deal to {team} (0 or more)", team=Team.NS),
                                                step=1, format="%d", width="small"),
            "EW": st.column_config.NumberColumn(table.head("EW"), help=t("Game points of the deal to {team} (0 or more)", team=Team.EW),
                                                step=1, format="%d", width="small"),
            "Gahwa winner": st.column_config.SelectboxColumn(
                table.head("Gahwa winner"), options=["NS", "EW"], width=120,
                help=t("Set for a Gahwa deal: that team wins the match (the deal's points become 0).")),
            "Cancelled": st.column_config.CheckboxColumn(table.head("Cancelled"), width=100,
                                                         help=t("All four passed: the deal adds nothing.")),
            "Note": st.column_config.TextColumn(table.head("Note"), width=150, max_chars=NOTE_LIMIT),
            "NS total": st.column_config.NumberColumn(table.head("NS total"), format="%d", width="small"),
            "EW total": st.column_config.NumberColumn(table.head("EW total"), format="%d", width="small"),
            "Match": st.column_config.TextColumn(table.head("Match"), width="large"),
        },
    )
    grid.caption(t("Double-click a cell to change it (Enter keeps the change). To delete a deal, tick its row "
                   "on the left and press Delete, or choose it below and press Delete deal."))
    shown = table.reading_frame(items)
    listed.table(shown.rename(columns={c: table.head(c) for c in shown.columns}).style.hide(axis="index"))
    listed.caption(t("To change a deal, delete it below and add it again; Undo takes back any change. On a "
                     "computer the table can also be edited in place."))
else:
    st.caption(t("No deal yet. Add one above, or from the Score calculator or the Deal checker."))

show_messages("table")
numbers = list(range(1, len(items) + 1)) or [None]
if ss.get(keys.SHEET_DELETE_WHICH) not in numbers or ss.get(keys.SHEET_DELETE_FOR) != len(items):
    ss[keys.SHEET_DELETE_WHICH] = numbers[-1]  # a deal came or went: the newest is the likely one to delete
    ss[keys.SHEET_DELETE_FOR] = len(items)
b = st.columns([1, 1, 1, 1, 2], vertical_alignment="bottom")
once.button(t("Undo"), icon=":material/undo:", key=keys.SHEET_UNDO, on_click=undo, where=b[0],
            disabled=not ss.get(keys.SHEET_HISTORY), width="stretch", help=t("Back to the sheet before the last change."))
b[1].selectbox(t("Deal to delete"), numbers, key=keys.SHEET_DELETE_WHICH,
               format_func=in_this_language(lambda v: "—" if v is None else t("Deal {n}", n=v)), disabled=not items,
               placeholder=choose())
once.button(t("Delete deal"), key=keys.SHEET_DELETE, on_click=delete_chosen, where=b[2], disabled=not items,
            width="stretch")
once.button(t("New match"), key=keys.SHEET_CLEAR, on_click=new_match, where=b[3], disabled=not items, width="stretch",
            help=t("Empty the sheet (Undo brings it back)."))
b[4].download_button(t("Save the sheet as CSV"), data=table.csv_text(items), file_name="baloot-score-sheet.csv",
                     mime="text/csv", key=keys.SHEET_DOWNLOAD, on_click="ignore", disabled=not items,
                     width="stretch")

sheet_store.share_and_open(commit)

if match.deals:
    chart = table.chart_data(items)
    st.plotly_chart(match_figure(chart["rows"], decided_at=chart["decided_at"], winner=chart["winner"],
                                 by_gahwa=chart["by_gahwa"]),
                    width="stretch", key=keys.SHEET_CHART, config=SHOW_CONFIG)
