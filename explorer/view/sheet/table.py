"""The score sheet's rows as a table: validation, edits from the data editor, CSV and chart data.

No Streamlit here. A sheet row is ``{"NS": int, "EW": int, "note": str, "gahwa_winner": "NS"|"EW"|None}``
(plus ``"cancelled": True`` for a deal in which all passed), the format the Score calculator
appends to ``sheet.deals``. The match itself is :class:`explorer.engine.rules.match.Match`.

>>> rows = [{"NS": 100, "EW": 40, "note": "", "gahwa_winner": None}]
>>> new, messages, changed = apply_edits(rows, {"edited_rows": {"0": {"NS": -3}}})
>>> changed, messages[0][1]
(False, 'Deal 1 was not changed: NS: -3 is negative; game points are 0 or more.')
>>> sheet_frame(rows)["NS total"].tolist()
[100]
"""

from __future__ import annotations

import copy
import csv
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from explorer.engine.core import errors
from explorer.engine.core.cards import Team
from explorer.engine.core.errors import joined, render_problems, unplaced
from explorer.engine.core.i18n import N_
from explorer.engine.core.tables import MATCH_TARGET
from explorer.engine.rules.match import Match, MatchDeal, MatchError, row_place
from explorer.view.sheet import files as sheet_io
from explorer.view.text import plain
from explorer.view.words import lang_code, page_style, t, tn

if TYPE_CHECKING:  # pandas is imported where a table is made: every page keeps the sheet, one page draws it
    import pandas as pd

Row = dict[str, Any]
Message = tuple[str, str]
"""``(level, text)`` with level ``error``, ``success``, ``info`` or ``warning``."""

KINDS: dict[str, str] = {
    "award": N_("Points"),
    "gahwa_NS": N_("Gahwa won by NS"),
    "gahwa_EW": N_("Gahwa won by EW"),
    "cancelled": N_("Cancelled (all passed)"),
}
"""The kinds of deal the sheet's add form offers, with their labels."""

COLUMNS: dict[str, str] = {"NS": "NS", "EW": "EW", "Gahwa winner": "gahwa_winner", "Cancelled": "cancelled",
                           "Note": "note"}
"""Editable columns of the table → keys of a sheet row."""

FRAME_COLUMNS = ["Deal", "NS", "EW", "Gahwa winner", "Cancelled", "Note", "NS total", "EW total", "Match"]
CSV_NAMES = {"Deal": "deal", "Gahwa winner": "gahwa_winner", "Cancelled": "cancelled", "Note": "note",
             "NS total": "NS_total", "EW total": "EW_total", "Match": "match"}


Checked = list[tuple[MatchDeal | None, str | None]]


def evaluate(items: Sequence[Mapping[str, Any]]) -> tuple[Match, Checked]:
    """The match of the valid rows, and for every row its deal or its problem (bad rows do not count).

    >>> m, checked = evaluate([{"NS": 16, "EW": 0}, {"NS": "x", "EW": 0}])
    >>> m.totals()[Team.NS], checked[1][1]
    (16, "deal 2, NS: 'x' is not a whole number of game points")
    """
    out: Checked = []
    for i, row in enumerate(items):
        try:
            out.append((MatchDeal.from_dict(row, where=row_place("deal", i + 1)), None))
        except MatchError as e:
            out.append((None, errors.problem(joined(e.problems))))
    return Match(tuple(d for d, _ in out if d is not None)), out


def row_for(kind: str, ns: Any = 0, ew: Any = 0, note: str = "") -> Row:
    """The sheet row of a deal added by hand (``kind`` is a key of :data:`KINDS`).

    >>> row_for("gahwa_EW", 10, 3)
    {'NS': 0, 'EW': 0, 'note': '', 'gahwa_winner': 'EW'}
    """
    note = (note or "").strip()
    if kind.startswith("gahwa_"):
        return {"NS": 0, "EW": 0, "note": note, "gahwa_winner": kind.removeprefix("gahwa_")}
    if kind == "cancelled":
        return {"NS": 0, "EW": 0, "note": note, "gahwa_winner": None, "cancelled": True}
    return {"NS": ns, "EW": ew, "note": note, "gahwa_winner": None}


def add_row(items: Sequence[Row], row: Mapping[str, Any]) -> Row:
    """The checked row to append, or MatchError (a bad value, or the match is already decided).

    >>> add_row([{"NS": 152, "EW": 0}], {"NS": 1, "EW": 0})
    Traceback (most recent call last):
    ...
    explorer.engine.core.errors.MatchError: the match is over: NS won it in deal 1 (start a new match)
    """
    deal = MatchDeal.from_dict(row)
    sheet_io.check_room(items)
    evaluate(items)[0].add(deal)
    return deal.to_dict()


def apply_edits(items: Sequence[Row], payload: Mapping[str, Any]) -> tuple[list[Row], list[Message], bool]:
    """Apply the data editor's ``{edited_rows, added_rows, deleted_rows}`` to the rows.

    Each edited row is checked: a bad value leaves that row as it was and gives an error
    message. Setting a Gahwa winner or "Cancelled" without touching the points sets them to 0.
    Returns the new rows, the messages and whether anything changed.
    """
    new_items = copy.deepcopy(list(items))
    messages: list[Message] = []
    changed = False
    edited = payload.get("edited_rows") or {}
    for raw_index, change in sorted(edited.items(), key=lambda kv: int(kv[0])):
        i = int(raw_index)
        if not 0 <= i < len(new_items) or not isinstance(change, Mapping):
            continue
        new = dict(new_items[i])
        for column, value in change.items():
            if column in COLUMNS:
                new[COLUMNS[column]] = value
        if not isinstance(new.get("note"), str):
            new["note"] = "" if new.get("note") is None or new.get("note") != new.get("note") else str(new["note"])
        points_untouched = "NS" not in change and "EW" not in change
        zeroed = ""
        if change.get("Gahwa winner") and points_untouched and (new.get("NS") or new.get("EW")):
            new["NS"], new["EW"] = 0, 0
            zeroed = " " + t("Its points are set to 0: a Gahwa records no points, its winner takes the match.")
        if change.get("Cancelled") is True and points_untouched and (new.get("NS") or new.get("EW")):
            new["NS"], new["EW"] = 0, 0
            zeroed = " " + t("Its points are set to 0: a cancelled deal adds nothing.")
        try:
            deal = MatchDeal.from_dict(new)
        except MatchError as e:
            messages.append(("error", t("Deal {n} was not changed: {problems}.", n=i + 1, problems=problems_text(e.problems))))
            continue
        if deal.to_dict() != new_items[i]:
            new_items[i] = deal.to_dict()
            changed = True
            messages.append(("success", t("Deal {n} changed: {deal}.", n=i + 1, deal=deal_words(deal)) + zeroed))
    for row in payload.get("added_rows") or []:
        try:
            sheet_io.check_room(new_items)
            deal = MatchDeal.from_dict({COLUMNS.get(k, k): v for k, v in (row or {}).items()})
        except MatchError as e:
            messages.append(("error", t("The new row was not added: {problems}.", problems=problems_text(e.problems))))
            continue
        new_items.append(deal.to_dict())
        changed = True
        messages.append(("success", t("Deal {n} added: {deal}.", n=len(new_items), deal=deal_words(deal))))
    gone = sorted({int(i) for i in payload.get("deleted_rows") or [] if 0 <= int(i) < len(new_items)},
                  reverse=True)
    for i in gone:
        new_items.pop(i)
        changed = True
    if gone:
        numbers = ", ".join(str(i + 1) for i in sorted(gone))
        messages.append(("info", tn("Deleted deal {numbers}. Undo brings it back.",
                                    "Deleted deals {numbers}. Undo brings them back.", len(gone), numbers=numbers)))
    return new_items, messages, changed


def problems_text(problems: Sequence[str]) -> str:
    """A deal's problems in one line, in the page's language."""
    return t("; ").join(render_problems(problems, page_style()))


def deal_words(deal: MatchDeal) -> str:
    """A deal in words, in the page's language (the English is :meth:`MatchDeal.describe`'s).

    >>> deal_words(MatchDeal.award(11, 5)), deal_words(MatchDeal.gahwa("NS"))
    ('NS 11, EW 5', 'Gahwa won by NS: NS wins the match')
    """
    if deal.kind == "gahwa":
        return t("Gahwa won by {team}: {team} wins the match", team=deal.gahwa_winner)
    if deal.kind == "cancelled":
        return t("cancelled (all passed): no score")
    return t("{ns_team} {ns}, {ew_team} {ew}", ns_team=Team.NS, ew_team=Team.EW, ns=deal.ns, ew=deal.ew)


def match_words(match: Match) -> str:
    """The state of the match in one sentence, in the page's language (the English is :meth:`Match.status`'s).

    >>> match_words(Match.from_rows([{"NS": 100, "EW": 40}]))
    'NS 100, EW 40: NS needs 52 more, EW 112.'
    """
    if not match.deals:
        return t("No deal yet: the first team to reach {target} with the higher total wins.", target=match.target)
    d = match.decision()
    if d is not None:
        if d.by_gahwa:
            text = t("{team} wins the match by Gahwa in deal {deal}, whatever the totals.", team=d.winner, deal=d.deal)
        else:
            text = t("{team} wins the match in deal {deal}: {ns_team} {ns}, {ew_team} {ew} ({team} reached {target} "
                     "with the higher total).", team=d.winner, deal=d.deal, ns_team=Team.NS, ew_team=Team.EW,
                     ns=d.totals[Team.NS], ew=d.totals[Team.EW], target=match.target)
        extra = match.extra_deals()
        if extra:
            text += " " + tn("{n} deal after that one does not count.", "{n} deals after that one do not count.", extra)
        return text
    totals = match.totals()
    if match.needs_another_deal():
        return t("Equal totals of {points} at or above {target}: another deal is needed.", points=totals[Team.NS],
                 target=match.target)
    need = match.to_go()
    return t("{ns_team} {ns}, {ew_team} {ew}: {ns_team} needs {ns_need} more, {ew_team} {ew_need}.", ns_team=Team.NS,
             ew_team=Team.EW, ns=totals[Team.NS], ew=totals[Team.EW], ns_need=need[Team.NS], ew_need=need[Team.EW])


_SIDES = {Team.NS: N_("us"), Team.EW: N_("them")}
"""The teams as a paper sheet's columns name them (Arabic لنا / لهم)."""


def _status(deal: MatchDeal | None, problem: str | None, standing) -> str:
    if problem:
        return t("✕ not counted: {problem}", problem=render_problems([unplaced(problem)], page_style())[0])
    if standing.after_end:
        return t("after the end: not counted")
    if standing.winner is not None:
        # In Arabic the sheet's columns are لنا / لهم: its cells say the winner the same short way.
        team = standing.winner if lang_code() == "en" else t(_SIDES[standing.winner])
        if standing.by_gahwa:
            return t("★ {team} wins (Gahwa)", team=team)
        return t("★ {team} wins", team=team)
    if standing.another_deal:
        return t("equal at {target}+: another deal", target=MATCH_TARGET)
    if deal.kind == "cancelled":
        return t("cancelled: adds nothing")
    return ""


def sheet_frame(items: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    """The table the sheet shows: the rows, each team's running total and the match's state.

    >>> f = sheet_frame([{"NS": 150, "EW": 150}, {"NS": 8, "EW": 8}])
    >>> list(f["Match"])
    ['', 'equal at 152+: another deal']
    """
    import pandas as pd

    match, checked = evaluate(items)
    standings = iter(match.running())
    out = []
    for i, (row, (deal, problem)) in enumerate(zip(items, checked), start=1):
        standing = next(standings) if deal is not None else None
        out.append({
            "Deal": i,
            "NS": pd.to_numeric(row.get("NS"), errors="coerce"),
            "EW": pd.to_numeric(row.get("EW"), errors="coerce"),
            "Gahwa winner": row.get("gahwa_winner") or None,
            "Cancelled": row.get("cancelled") is True,
            "Note": str(row.get("note") or ""),
            "NS total": standing.totals[Team.NS] if standing else None,
            "EW total": standing.totals[Team.EW] if standing else None,
            "Match": _status(deal, problem, standing),
        })
    frame = pd.DataFrame(out, columns=FRAME_COLUMNS)
    return frame.astype({"Deal": "Int64", "NS": "Float64", "EW": "Float64", "Cancelled": "bool",
                         "NS total": "Int64", "EW total": "Int64", "Gahwa winner": "object"})


_HEADS = {"Deal": N_("Deal"), "Gahwa winner": N_("Gahwa winner"), "Cancelled": N_("Cancelled"), "Note": N_("Note"),
          "Match": N_("Match")}


def head(column: str) -> str:
    """A column's header in the page's language: in Arabic the teams are لنا (NS) and لهم (EW), as on a paper sheet.

    >>> head("NS total"), head("Gahwa winner")
    ('NS total', 'Gahwa winner')
    """
    if lang_code() == "en":
        return column
    team_heads = {"NS": N_("Us (NS)"), "EW": N_("Them (EW)"), "NS total": N_("Total, us"),
                  "EW total": N_("Total, them")}
    return t(team_heads.get(column) or _HEADS.get(column, column))


READING_COLUMNS = ["Deal", "NS", "EW", "NS total", "EW total", "Match", "Note"]
"""The read-only table of a narrow screen: what each deal gave, the running totals and the match."""


def reading_frame(items: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    """The rows as text for a table that wraps (a phone): whole numbers, blanks where a row is not counted.

    ``st.table`` reads Markdown in its cells, so the texts (a note, a problem quoting a value from a
    file or a link) are made plain (:func:`explorer.view.text.plain`): they show as written.

    >>> reading_frame([{"NS": 152, "EW": 0, "note": "x"}]).iloc[0].tolist()
    ['1', '152', '0', '152', '0', '★ NS wins', 'x']
    >>> from explorer.view.text import shown
    >>> shown(reading_frame([{"NS": 1, "EW": 0, "note": "**b**"}]).loc[0, "Note"])
    '**b**'
    """
    import pandas as pd

    frame = sheet_frame(items)

    def whole(value: Any) -> str:
        return "" if pd.isna(value) else f"{value:g}" if isinstance(value, float) else str(value)

    out = frame[READING_COLUMNS].copy()
    for column in ("Deal", "NS", "EW", "NS total", "EW total"):
        out[column] = [whole(v) for v in frame[column]]
    for column in ("Match", "Note"):
        out[column] = [plain(v) for v in frame[column]]
    return out.astype(str)


def csv_text(items: Sequence[Mapping[str, Any]]) -> str:
    """The sheet as CSV: one line per deal with the running totals and the match's state.

    Every field is quoted, so a line break inside a note stays inside its cell, and every text
    is made inert for spreadsheets (:func:`_inert`).

    >>> csv_text([{"NS": 16, "EW": 0, "note": "a", "gahwa_winner": None}]).splitlines()[1]
    '"1","16","0","","False","a","16","0",""'
    """
    import pandas as pd

    frame = sheet_frame(items).rename(columns=CSV_NAMES)
    for team in ("NS", "EW"):
        points = frame[team].dropna()
        if (points == points.round()).all():
            frame[team] = frame[team].astype("Int64")  # 16, not 16.0 (blank when a cell is empty)
    for column in frame.columns:
        if frame[column].dtype == object or pd.api.types.is_string_dtype(frame[column]):
            frame[column] = frame[column].map(_inert)
    return frame.to_csv(index=False, quoting=csv.QUOTE_ALL)


_FORMULA_START = re.compile(r"(?:^|(?<=[\r\n]))(?=[=+\-@\t\r])")
"""Where a spreadsheet would start reading a formula: the start of the text or of any line in it."""


def _inert(text: Any) -> Any:
    """Text a spreadsheet would run as a formula (=, +, -, @, tab or CR first, at the start or after
    any line break) gets an apostrophe there.

    >>> _inert("=1+1"), _inert("fine"), _inert("x\\r=cmd|' /C calc'!A0")
    ("'=1+1", 'fine', "x\\r'=cmd|' /C calc'!A0")
    """
    if isinstance(text, str):
        return _FORMULA_START.sub("'", text)
    return text


def chart_data(items: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """What :func:`explorer.view.charts.replay.match_figure` needs: running totals by row number up to the
    deciding deal, that deal's row number, the winner and whether it was a Gahwa.

    >>> chart_data([{"NS": 152, "EW": 0}, {"NS": 0, "EW": 9}])["rows"]
    [{'deal': 1, 'NS': 152, 'EW': 0}]
    """
    match, checked = evaluate(items)
    numbers = [i for i, (d, _) in enumerate(checked, start=1) if d is not None]
    rows = [{"deal": n, "NS": s.totals[Team.NS], "EW": s.totals[Team.EW]}
            for n, s in zip(numbers, match.running())]
    decision = match.decision()
    decided_at = numbers[decision.deal - 1] if decision else None
    if decided_at is not None:
        rows = [r for r in rows if r["deal"] <= decided_at]
    return {"rows": rows, "decided_at": decided_at,
            "winner": decision.winner.value if decision else None,
            "by_gahwa": bool(decision and decision.by_gahwa)}
