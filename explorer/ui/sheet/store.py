"""The Score sheet kept in this browser, opened from a match link or from a saved file.

The sheet is kept whatever page changes it (the Score calculator and the Deal checker add deals to
it): ``explorer/app.py`` calls :func:`sync` before every page and :func:`keep` after it. The Score
sheet page calls :func:`restore` before it reads its rows (False on the first run of a session, until
the browser has answered: the page then shows its title and stops, so it never shows an empty sheet
and then jumps), :func:`notices` under its title and :func:`share_and_open` in its lower part.
``commit`` is the page's own function that stores a new version of the sheet and puts the old one on
the Undo stack.

Whatever comes from a file, a link or the browser is shown as plain text (``st.code``), never as
Markdown.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import streamlit as st

from explorer.engine.core.cards import Team
from explorer.engine.core.errors import problem, render_problems
from explorer.engine.core.i18n import Msg
from explorer.engine.rules.match import Match, MatchError
from explorer.ui import state as keys
from explorer.ui import state as sheet_keys
from explorer.ui.shell import browser_store, lang
from explorer.ui.shell.lang import t, tn
from explorer.view.sheet import files as sheet_io
from explorer.view.sheet.table import csv_text
from explorer.view.sheet.table import problems_text as table_problems
from explorer.view.text import plain, plain_lines

HISTORY_LIMIT = 100
"""How many earlier versions of the sheet Undo keeps."""

NAME = "sheet"
"""The name the sheet is kept under: ``baloot-explorer:sheet``."""
WHAT = "score sheet"

Commit = Callable[..., None]
"""The page's ``commit(new_rows, *messages)``: a new version of the sheet, the old one to Undo."""

ss = st.session_state


def _rows() -> list[dict[str, Any]]:
    return list(ss.get(sheet_keys.SHEET_DEALS) or [])


def append(row: dict[str, Any]) -> int:
    """Add a deal another page scored (:func:`explorer.view.sheet.files.scored_row`) to the sheet; the number of deals.
    MatchError when the sheet holds :data:`~explorer.view.sheet.files.MAX_DEALS` already (nothing is added).

    The sheet page shows it as new (its rows differ from what it last showed) and keeps it in the browser."""
    sheet_io.check_room(_rows())
    ss[sheet_keys.SHEET_DEALS] = [*_rows(), row]
    return len(ss[sheet_keys.SHEET_DEALS])


def append_saying(row: dict[str, Any]) -> bool:
    """:func:`append`, and say in a toast what happened (the deal's number on the sheet, or why it was not added):
    the buttons of the Score calculator and the Deal checker. True when the deal was added."""
    try:
        n = append(row)
    except MatchError as e:
        st.toast(t("Not added to the score sheet: {problem}.", problem=table_problems(e.problems)),
                 icon=":material/block:")
        return False
    st.toast(t("Added to the score sheet (deal {n}).", n=n), icon=":material/scoreboard:")
    return True


def off_the_sheet() -> None:
    """Another page runs: the Score sheet page's messages ("Deal 3 added") end; they were about what it showed."""
    ss.pop(keys.SHEET_MESSAGES, None)


def _say(area: str, level: str, text: str, details: Sequence[str] = (), *,
         while_rows: Sequence[dict[str, Any]] | None = None) -> None:
    """Show ``text`` (ours: Markdown allowed) and ``details`` (from a file or link: plain) in ``area``, in the next run
    only, or, with ``while_rows``, in every run while the sheet still holds those rows: another tab's change is named
    until this tab changes the sheet, not only until the next rerun (a browser component's answer, a second later,
    would take it away before it is read)."""
    rows = None if while_rows is None else copy.deepcopy(list(while_rows))
    ss.setdefault(keys.SHEET_STORE_MESSAGES, {})[area] = (level, text, list(details), rows)


def _show(area: str) -> None:
    boxes = ss.get(keys.SHEET_STORE_MESSAGES, {})
    box = boxes.pop(area, None)
    if not box:
        return
    level, text, details, rows = box
    if rows is not None and rows == _rows():
        boxes[area] = box  # still true: shown again in the next run
    elif rows is not None:
        return  # the sheet changed since: the notice is out of date
    {"error": st.error, "success": st.success, "info": st.info, "warning": st.warning}[level](text)
    if not details:
        return
    lines = render_problems(details, lang.style())  # a file's or a link's problems, in the page's language
    if lang.is_rtl():  # right-to-left sentences read badly in a left-to-right code box
        st.markdown(plain_lines(lines))
    else:
        st.code("\n".join(lines), language=None, wrap_lines=True)


def describe(rows: Sequence[dict[str, Any]]) -> str:
    """A match in a few words (no note: notes are the user's text).

    >>> describe([{"NS": 100, "EW": 40}, {"NS": 60, "EW": 20}])
    '2 deals, NS 160 · EW 60, won by NS'
    >>> describe([])
    'no deal'
    """
    if not rows:
        return t("no deal")
    try:
        match = Match.from_rows(rows)
    except ValueError:
        return tn("{n} deal", "{n} deals", len(rows))
    totals = match.totals()
    winner = match.winner()
    params = {"ns_team": Team.NS, "ew_team": Team.EW, "ns": totals[Team.NS], "ew": totals[Team.EW]}
    if winner:
        return tn("{n} deal, {ns_team} {ns} · {ew_team} {ew}, won by {team}",
                  "{n} deals, {ns_team} {ns} · {ew_team} {ew}, won by {team}", len(rows), team=winner, **params)
    return tn("{n} deal, {ns_team} {ns} · {ew_team} {ew}", "{n} deals, {ns_team} {ns} · {ew_team} {ew}", len(rows),
              **params)


# --- kept in the browser -------------------------------------------------------------------------

def sync(*, wait: bool = False) -> None:
    """Before every page: bring in the sheet kept in this browser (first answer, or another tab's change).
    ``wait``: the page (the Score sheet) shows nothing until the browser has answered."""
    got = browser_store.read(NAME, check=sheet_io.read_stored, wait=wait)
    if got.fresh:
        _adopt(got.value, None if got.base is None else got.base[0])


def restore(commit: Commit) -> bool:
    """On the Score sheet page: False until the browser has answered; then open a ``?match=`` link."""
    if not browser_store.ready(NAME):
        return False
    _open_link(commit)
    return True


def _adopt(value: tuple[list[dict[str, Any]], list[list[dict[str, Any]]]] | None,
           base: list[dict[str, Any]] | None = None) -> None:
    """The first answer fills the sheet (deals added on other pages meanwhile go after the kept ones);
    a later answer is another tab's change: this tab shows it, and Undo goes back to what it showed. When this tab
    changed the sheet too since ``base`` (the sheet as it last knew it kept), both changes meet: deals each tab added
    are all kept (:func:`merged`), else this tab's change is named as not kept (Undo brings it back)."""
    first = not ss.get(keys.SHEET_RESTORED)
    ss[keys.SHEET_RESTORED] = True
    if value is None:
        return
    kept, undo = value
    here = _rows()
    if first:
        _first(kept, undo, here)
        return
    if kept == here:
        ss[sheet_keys.SHEET_HISTORY] = undo[-HISTORY_LIMIT:]
        return
    both = merged(base, here, kept) if base is not None and here != base else None
    if both is not None:  # this tab and another added deals at the same moment: all are kept
        ss[sheet_keys.SHEET_HISTORY] = [*undo, copy.deepcopy(kept)][-HISTORY_LIMIT:]
        ss[sheet_keys.SHEET_DEALS] = both
        ss[sheet_keys.SHEET_SEEN] = copy.deepcopy(both)
        _say("top", "info", t("Another tab of this browser added deals to the sheet at the same moment as this one: "
                              "both tabs' deals are kept ({match}). **Undo** takes back this tab's.",
                              match=describe(both)), while_rows=both)
        return
    ss[sheet_keys.SHEET_HISTORY] = [*undo, copy.deepcopy(here)][-HISTORY_LIMIT:]
    ss[sheet_keys.SHEET_DEALS] = kept
    ss[sheet_keys.SHEET_SEEN] = copy.deepcopy(kept)
    if base is not None and here != base:  # this tab's own change could not be joined to the other's
        _say("top", "warning", t("Another tab of this browser changed the sheet at the same moment as this one, so "
                                 "this tab's change was not kept; this tab now shows the other's ({match}). **Undo** "
                                 "brings back what this tab showed.", match=describe(kept)), while_rows=kept)
        return
    _say("top", "info", t("The sheet was changed in another tab of this browser; this tab now shows it "
                          "({match}). **Undo** brings back what this tab showed.", match=describe(kept)),
         while_rows=kept)


def _first(kept: list[dict[str, Any]], undo: list[list[dict[str, Any]]], here: list[dict[str, Any]]) -> None:
    room = max(sheet_io.MAX_DEALS - len(kept), 0)
    if len(here) > room:  # added on other pages before the kept sheet arrived, and it is full
        _say("top", "warning", tn("{n} deal added on another page was not put on the sheet: it holds {limit} "
                                  "deals, the most it keeps.",
                                  "{n} deals added on other pages were not put on the sheet: it holds {limit} "
                                  "deals, the most it keeps.", len(here) - room, limit=sheet_io.MAX_DEALS))
    ss[sheet_keys.SHEET_DEALS] = kept + here[:room]  # here: deals from other pages this session, not yet seen
    ss[sheet_keys.SHEET_SEEN] = copy.deepcopy(kept)
    ss[sheet_keys.SHEET_HISTORY] = undo[-HISTORY_LIMIT:]


def merged(base: Sequence[dict[str, Any]], mine: Sequence[dict[str, Any]],
           theirs: Sequence[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """Two tabs' sheets joined, when each only added deals to ``base`` (the sheet both started from): ``base``, the
    other tab's new deals, then this tab's (a deal is known by its place after ``base``, so the same deal added in
    both tabs is two deals, as two people added it). None when either deleted or changed a deal, or the sheet would
    pass :data:`~explorer.view.sheet.files.MAX_DEALS`.

    >>> a, b, c = {"NS": 1, "EW": 0}, {"NS": 2, "EW": 0}, {"NS": 3, "EW": 0}
    >>> merged([a], [a, b], [a, c]) == [a, c, b], merged([a], [a, b], [a, b]) == [a, b, b], merged([a, b], [a], [a, b, c])
    (True, True, None)
    """
    n = len(base)
    if list(mine[:n]) != list(base) or list(theirs[:n]) != list(base) or len(mine) + len(theirs) - n > sheet_io.MAX_DEALS:
        return None
    return [*copy.deepcopy(list(theirs)), *copy.deepcopy(list(mine[n:]))]


def keep() -> None:
    """After every page: keep the sheet and its last Undo versions in this browser (written only when
    they changed, and only once the browser has answered)."""
    history = ss.get(sheet_keys.SHEET_HISTORY) or []
    for undo in (sheet_io.STORED_UNDO, 5, 0):
        try:
            browser_store.save(NAME, sheet_io.stored(_rows(), history, undo=undo))
            return
        except browser_store.StoreError as e:
            why = problem(e.message)
    _say("top", "warning", t("This sheet is too large to keep in the browser; it lasts as long as this tab. "
                             "Save it as CSV to keep it."), [why])


# --- match links ---------------------------------------------------------------------------------

def _drop_link() -> None:
    if sheet_io.LINK_PARAM in st.query_params:
        del st.query_params[sheet_io.LINK_PARAM]


def _open_link(commit: Commit) -> None:
    """Open a ``?match=`` link once: at once on an empty sheet or one the link continues, else ask."""
    link = st.query_params.get(sheet_io.LINK_PARAM)
    if not link or link == ss.get(keys.SHEET_LINK_SEEN):
        return
    ss[keys.SHEET_LINK_SEEN] = link
    try:
        linked = sheet_io.read_link(link)
    except sheet_io.SheetFileError as e:
        _say("top", "error", t("**This match link could not be opened.** The sheet is as it was; ask for "
                               "a fresh link."), e.problems)
        _drop_link()
        return
    here = _rows()
    if linked == here:
        _say("top", "info", t("The match link holds the match this sheet already shows."))
    elif not here:
        commit(linked)
        _say("top", "success", t("Opened the match from the link: {match}.", match=describe(linked)))
    elif linked[:len(here)] == here:  # a later link of the same match: nothing kept is lost
        commit(linked)
        more = len(linked) - len(here)
        _say("top", "success", tn("Opened the match from the link: it continues your sheet with {n} more deal "
                                  "({match}). **Undo** goes back.",
                                  "Opened the match from the link: it continues your sheet with {n} more deals "
                                  "({match}). **Undo** goes back.", more, match=describe(linked)))
    else:
        ss[keys.SHEET_LINK_PENDING] = {"rows": linked}
        return  # the link stays in the address bar until the user chooses
    _drop_link()


def _open_pending(commit: Commit) -> None:
    pending = ss.pop(keys.SHEET_LINK_PENDING, None)
    if pending:
        commit(pending["rows"])
        _say("top", "success", t("Opened the match from the link: {match}. **Undo** brings back the sheet you had.",
                                 match=describe(pending["rows"])))
    _drop_link()


def _keep_mine() -> None:
    ss.pop(keys.SHEET_LINK_PENDING, None)
    _say("top", "info", t("Kept your sheet; the linked match was not opened."))
    _drop_link()


def notices(commit: Commit) -> None:
    """Under the page title: why the kept sheet could not be read, the link's choice, their outcomes."""
    browser_store.problem_box(NAME, WHAT)
    _show("top")
    pending = ss.get(keys.SHEET_LINK_PENDING)
    if not pending:
        return
    with st.container(border=True, key=keys.SHEET_LINK_CHOICE):
        st.markdown(t("**A match link was opened, and this browser keeps another match.**"))
        st.markdown("- " + t("The link: {match}.", match=describe(pending["rows"])) + "\n- "
                    + t("Your sheet: {match}.", match=describe(_rows())))
        c = st.columns([1, 1, 1], vertical_alignment="bottom")
        c[0].button(t("Open the linked match"), key=keys.SHEET_LINK_OPEN, type="primary", width="stretch",
                    on_click=_open_pending, args=(commit,))
        c[1].button(t("Keep my sheet"), key=keys.SHEET_LINK_KEEP, width="stretch", on_click=_keep_mine)
        c[2].download_button(t("Save my sheet as CSV first"), csv_text(_rows()), file_name="baloot-score-sheet.csv",
                             mime="text/csv", key=keys.SHEET_LINK_SAVE_MINE, on_click="ignore", width="stretch")
        st.caption(t("Opening the linked match puts your sheet on the Undo stack: **Undo** brings it back."))


# --- files and the share link ---------------------------------------------------------------------

def _on_upload(commit: Commit) -> None:
    upload = ss.get(keys.SHEET_UPLOAD)
    if upload is None:
        return
    try:
        rows = sheet_io.read_file(upload.getvalue(), upload.name)
    except sheet_io.SheetFileError as e:
        _say("file", "error", t("**The file was not opened.** The sheet is as it was. What is wrong "
                                "(rows counted as in a spreadsheet, the header is row 1):"), e.problems)
        return
    had = bool(_rows())
    commit(rows)
    _say("file", "success", t("Opened the file: {match}.", match=describe(rows))
                            + (" " + t("**Undo** brings back the sheet you had.") if had else ""))


def share_url(value: str, page_file: str = "score_sheet.py") -> str:
    """The match link of a sheet (its ``?match=`` value, :func:`explorer.view.sheet.files.match_link`): this app's
    address, the Score sheet page, ``?match=``."""
    url_path = Path(page_file).stem
    try:
        base = (st.context.url or "").split("?", 1)[0].rstrip("/")
    except Exception:  # noqa: BLE001 - no browser (AppTest): a relative link
        base = ""
    if base.endswith("/" + url_path):
        base = base[: -len(url_path) - 1]
    return f"{base}/{url_path}?{sheet_io.LINK_PARAM}={value}"


def share_and_open(commit: Commit) -> None:
    """The "Open, save or share" expander: open a CSV/YAML sheet, save as YAML, the match link."""
    items = _rows()
    with st.expander(t("Open, save or share the sheet"), icon=":material/folder_open:", key=keys.SHEET_SHARE_BOX):
        left, right = st.columns(2, gap="medium")
        with left:
            st.file_uploader(t("Open a saved sheet (CSV or YAML)"), type=list(sheet_io.FILE_TYPES),
                             key=keys.SHEET_UPLOAD, on_change=_on_upload, args=(commit,), max_upload_size=1,
                             help=t("A file saved from this page. It replaces the sheet; Undo brings the "
                                    "old one back."))
            _show("file")
        with right:
            if items:
                st.download_button(t("Save the sheet as YAML"), sheet_io.yaml_text(items),
                                   file_name="baloot-score-sheet.yaml", mime="application/x-yaml",
                                   key=keys.SHEET_DOWNLOAD_YAML, on_click="ignore", width="stretch")
                value, why = sheet_io.match_link(items)
                if value is None:  # a link this app would refuse is not offered
                    st.caption(t("This sheet is too large for a match link, so none is offered: save it as YAML "
                                 "and send the file. The reason:"))
                    reason = why.render(lang.style()) if isinstance(why, Msg) else str(why)
                    if lang.is_rtl():  # right-to-left sentences read badly in a left-to-right code box
                        st.caption(plain(reason))
                    else:
                        st.code(reason, language=None, wrap_lines=True)
                else:
                    st.caption(t("Match link: send it to the others at the table; it opens this match, as it "
                                 "is now, on their phone (send a new one after more deals)."))
                    st.code(share_url(value), language=None, wrap_lines=True)
            else:
                st.caption(t("Nothing to save or share yet."))
        st.caption(t("This browser keeps the sheet by itself (nothing is sent anywhere): it is still here "
                     "after a reload or a restart of the browser."))
