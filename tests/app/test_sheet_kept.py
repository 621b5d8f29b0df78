"""The score sheet kept in the browser, under AppTest: components do not run there, so the browser store
answers at once from ``session_state[STORE_MEMORY]`` (a dict standing in for localStorage). With nothing
stored the sheet works as before; a kept sheet comes back in a new session; a damaged one gives one
message and an empty sheet; match links open, or ask first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from explorer.ui import state
from explorer.ui import state as keys
from explorer.ui.shell import browser_store
from explorer.view.sheet import files as sheet_io
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"
SHEET = "app_pages/score_sheet.py"
LESSON = "app_pages/lesson.py"
SHEET_KEY = browser_store.storage_key("sheet")
LESSONS_KEY = browser_store.storage_key("lessons")


def open_page(page: str, *, memory: dict[str, str] | None = None, link: str | None = None) -> AppTest:
    """A new session (a reload) on ``page``, with ``memory`` as what this browser keeps."""
    at = AppTest.from_file(str(APP), default_timeout=30)
    if memory is not None:
        at.session_state[state.STORE_MEMORY] = dict(memory)
    if link is not None:
        at.query_params[sheet_io.LINK_PARAM] = link
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def add(at: AppTest, ns: int, ew: int) -> None:
    at.number_input(key=keys.SHEET_NS).set_value(ns)
    at.number_input(key=keys.SHEET_EW).set_value(ew)
    action(at, keys.SHEET_ADD).click().run()
    assert not at.exception, at.exception


def totals(at: AppTest) -> tuple[str, str]:
    m = {x.label: x.value for x in at.metric}
    return m["NS total"], m["EW total"]


def kept(at: AppTest) -> dict:
    return json.loads(at.session_state[state.STORE_MEMORY][SHEET_KEY])["value"]


def memory_with(value) -> dict[str, str]:
    return {SHEET_KEY: browser_store.encode(value)}


# --- the score sheet -----------------------------------------------------------------------------

def test_the_sheet_works_with_nothing_stored_and_keeps_what_is_added():
    at = open_page(SHEET)
    assert totals(at) == ("0", "0")
    assert any("No deal yet" in i.value for i in at.info)
    add(at, 100, 40)
    add(at, 30, 26)
    assert totals(at) == ("130", "66")
    assert kept(at)["deals"] == [{"NS": 100, "EW": 40, "note": "", "gahwa_winner": None},
                                 {"NS": 30, "EW": 26, "note": "", "gahwa_winner": None}]
    assert len(kept(at)["undo"]) == 2


def test_a_reload_brings_back_the_deals_the_totals_and_undo():
    first = open_page(SHEET)
    add(first, 100, 40)
    add(first, 30, 26)
    again = open_page(SHEET, memory=first.session_state[state.STORE_MEMORY])
    assert totals(again) == ("130", "66")
    assert not again.error and not again.warning
    action(again, keys.SHEET_UNDO).click().run()
    assert totals(again) == ("100", "40")
    assert len(kept(again)["deals"]) == 1


def test_opening_the_sheet_writes_nothing_it_has_not_changed():
    value = sheet_io.stored([{"NS": 70, "EW": 12, "note": "", "gahwa_winner": None}], [])
    memory = memory_with(value)
    at = open_page(SHEET, memory=memory)
    assert totals(at) == ("70", "12")
    assert at.session_state[state.STORE_MEMORY] == memory


def test_deals_added_on_other_pages_before_the_sheet_was_opened_go_after_the_kept_ones():
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.session_state[state.STORE_MEMORY] = memory_with(sheet_io.stored([{"NS": 50, "EW": 10}], []))
    at.session_state[keys.SHEET_DEALS] = [{"NS": 0, "EW": 26, "note": "calculator", "gahwa_winner": None}]
    at.run()
    at.switch_page(SHEET).run()
    assert not at.exception
    assert totals(at) == ("50", "36")
    assert any("arrived from another page" in s.value for s in at.success)
    assert [d["NS"] for d in kept(at)["deals"]] == [50, 0]


@pytest.mark.parametrize("text, message", [
    pytest.param("{oops", "it is damaged (not readable JSON)", id="damaged"),
    pytest.param(json.dumps({"app": "baloot-explorer", "format": 0, "value": []}),
                 "saved by an older version of the app (format 0)", id="older-version"),
    pytest.param(browser_store.encode({"kind": "match", "deals": [{"NS": 10, "EW": "lots"}]}),
                 "deal 1, EW: 'lots' is not a whole number of game points", id="bad-deal"),
    pytest.param(browser_store.encode({"kind": "match", "deals": [{"NS": 1, "EW": 1}] * 600}),
                 "600 deals is more than a sheet holds", id="oversized"),
])
def test_a_bad_kept_sheet_gives_one_message_and_an_empty_sheet(text, message):
    at = open_page(SHEET, memory={SHEET_KEY: text})
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "score sheet kept in this browser could not be read" in errors[0], errors
    assert message in at.code[0].value                                 # plain text, never Markdown
    assert totals(at) == ("0", "0")
    assert at.session_state[state.STORE_MEMORY][SHEET_KEY] == text   # not overwritten by an empty sheet
    add(at, 16, 0)
    memory = at.session_state[state.STORE_MEMORY]
    assert memory[SHEET_KEY + ":unreadable"] == text                  # set aside, not lost
    assert len(kept(at)["deals"]) == 1
    action(at, state.store_problem_key("sheet") + ".close").click().run()
    assert not at.error


def test_a_match_link_opens_on_an_empty_sheet():
    rows = [{"NS": 100, "EW": 40}, {"NS": 60, "EW": 30}]
    at = open_page(SHEET, link=sheet_io.link_value(rows))
    assert totals(at) == ("160", "70")
    assert any("Opened the match from the link: 2 deals" in s.value for s in at.success)
    assert sheet_io.LINK_PARAM not in at.query_params
    assert len(kept(at)["deals"]) == 2


def test_a_link_to_another_match_asks_and_keep_leaves_the_sheet_alone():
    memory = memory_with(sheet_io.stored([{"NS": 20, "EW": 10, "note": "", "gahwa_winner": None}], []))
    at = open_page(SHEET, memory=memory, link=sheet_io.link_value([{"NS": 80, "EW": 90}]))
    assert totals(at) == ("20", "10")
    assert at.session_state[state.SHEET_LINK_PENDING]["rows"][0]["NS"] == 80
    assert at.session_state[state.STORE_MEMORY] == memory
    action(at, state.SHEET_LINK_KEEP).click().run()
    assert totals(at) == ("20", "10")
    assert sheet_io.LINK_PARAM not in at.query_params
    assert at.session_state[state.STORE_MEMORY] == memory


def test_a_link_to_another_match_opened_on_request_keeps_the_old_one_on_undo():
    memory = memory_with(sheet_io.stored([{"NS": 20, "EW": 10}], []))
    at = open_page(SHEET, memory=memory, link=sheet_io.link_value([{"NS": 80, "EW": 90}]))
    action(at, state.SHEET_LINK_OPEN).click().run()
    assert totals(at) == ("80", "90")
    assert kept(at)["undo"][-1] == [{"NS": 20, "EW": 10, "note": "", "gahwa_winner": None}]
    action(at, keys.SHEET_UNDO).click().run()
    assert totals(at) == ("20", "10")


def test_a_damaged_link_says_so_in_plain_text_and_leaves_the_sheet_alone():
    memory = memory_with(sheet_io.stored([{"NS": 20, "EW": 10}], []))
    at = open_page(SHEET, memory=memory, link="v1.**not-a-link**")
    assert any("This match link could not be opened." in e.value for e in at.error)
    assert any("the match in this link is damaged" in c.value for c in at.code)
    assert totals(at) == ("20", "10")


def test_a_kept_sheet_changed_by_another_tab_is_shown_and_undo_goes_back():
    at = open_page(SHEET)
    add(at, 10, 0)
    other = sheet_io.stored([{"NS": 10, "EW": 0}, {"NS": 5, "EW": 5}], [])
    at.session_state[state.STORE_MEMORY] = memory_with(other)          # another tab saved
    at.run()
    assert totals(at) == ("15", "5")
    assert any("changed in another tab" in i.value for i in at.info)
    action(at, keys.SHEET_UNDO).click().run()
    assert totals(at) == ("10", "0")


def test_another_tabs_change_stays_named_through_reruns_until_this_tab_changes_the_sheet():
    at = open_page(SHEET)
    add(at, 10, 0)
    other = sheet_io.stored([{"NS": 10, "EW": 0}, {"NS": 5, "EW": 5}], [])
    at.session_state[state.STORE_MEMORY] = memory_with(other)
    at.run()
    at.run()                                                            # a rerun the user did not ask for
    assert any("changed in another tab" in i.value for i in at.info), [i.value for i in at.info]
    add(at, 1, 0)                                                       # this tab changes the sheet
    assert not any("changed in another tab" in i.value for i in at.info), [i.value for i in at.info]


def row(ns: int, ew: int) -> dict:
    return {"NS": ns, "EW": ew, "note": "", "gahwa_winner": None}


def test_two_tabs_adding_at_the_same_moment_keep_both_deals_and_undo_takes_back_only_this_tabs():
    at = open_page(SHEET)
    add(at, 10, 0)
    other = sheet_io.stored([row(10, 0), row(5, 5)], [[row(10, 0)]])
    at.session_state[state.STORE_MEMORY] = memory_with(other)          # another tab added a deal ...
    add(at, 30, 6)                                                      # ... as this one adds its own
    assert [(d["NS"], d["EW"]) for d in at.session_state[keys.SHEET_DEALS]] == [(10, 0), (5, 5), (30, 6)]
    assert any("both tabs' deals are kept" in i.value for i in at.info), [i.value for i in at.info]
    assert [(d["NS"], d["EW"]) for d in kept(at)["deals"]] == [(10, 0), (5, 5), (30, 6)]
    action(at, keys.SHEET_UNDO).click().run()                           # Undo takes back this tab's deal only
    assert [(d["NS"], d["EW"]) for d in kept(at)["deals"]] == [(10, 0), (5, 5)]


def test_a_change_that_cannot_be_joined_to_another_tabs_is_named_and_undo_brings_it_back():
    at = open_page(SHEET)
    add(at, 10, 0)
    add(at, 20, 0)
    at.selectbox(key=keys.SHEET_DELETE_WHICH).select(1).run()
    at.session_state[state.STORE_MEMORY] = memory_with(sheet_io.stored([row(10, 0), row(20, 0), row(5, 5)], []))
    action(at, keys.SHEET_DELETE).click().run()                         # this tab deletes as the other adds
    assert any("this tab's change was not kept" in w.value for w in at.warning), [w.value for w in at.warning]
    assert [(d["NS"], d["EW"]) for d in kept(at)["deals"]] == [(10, 0), (20, 0), (5, 5)]   # the other's, whole
    action(at, keys.SHEET_UNDO).click().run()
    assert [(d["NS"], d["EW"]) for d in at.session_state[keys.SHEET_DEALS]] == [(20, 0)]


def test_a_deal_added_on_the_deal_checker_is_kept_before_the_sheet_is_ever_opened():
    memory = memory_with(sheet_io.stored([{"NS": 50, "EW": 10, "note": "", "gahwa_winner": None}], []))
    at = open_page("app_pages/deal_checker.py", memory=memory)
    at.selectbox(key=keys.DEAL_LIBRARY_FILE).select("deal-hokum-clean").run()
    action(at, keys.DEAL_LOAD_FILE).click().run()
    action(at, keys.DEAL_END).click().run()
    action(at, keys.DEAL_ADD_TO_SHEET).click().run()
    assert not at.exception
    assert [(d["NS"], d["EW"]) for d in kept(at)["deals"]] == [(50, 10), (11, 5)]

    again = open_page(SHEET, memory=at.session_state[state.STORE_MEMORY])   # the phone was locked
    assert totals(again) == ("61", "15")


def test_a_later_link_of_the_same_match_opens_at_once():
    first = [{"NS": 20, "EW": 10, "note": "", "gahwa_winner": None}]
    memory = memory_with(sheet_io.stored(first, []))
    at = open_page(SHEET, memory=memory, link=sheet_io.link_value([*first, {"NS": 5, "EW": 30}]))
    assert totals(at) == ("25", "40")
    assert any("continues your sheet with 1 more deal" in s.value for s in at.success)
    assert state.SHEET_LINK_PENDING not in at.session_state
