"""The Score sheet (Sakka) under AppTest: add, edit, delete, undo; 152, equal totals, Gahwa; CSV."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from explorer.ui import state as keys
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"
PAGE = "app_pages/score_sheet.py"


@pytest.fixture
def at() -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    app.switch_page(PAGE).run()
    assert not app.exception, app.exception
    return app


def add(at: AppTest, ns: int, ew: int, note: str = "") -> AppTest:
    at.number_input(key=keys.SHEET_NS).set_value(ns)
    at.number_input(key=keys.SHEET_EW).set_value(ew)
    if note:
        at.text_input(key=keys.SHEET_NOTE).input(note)
    action(at, keys.SHEET_ADD).click().run()
    assert not at.exception, at.exception
    return at


def add_kind(at: AppTest, kind: str) -> AppTest:
    at.radio(key=keys.SHEET_KIND).set_value(kind).run()
    action(at, keys.SHEET_ADD).click().run()
    assert not at.exception, at.exception
    return at


def totals(at: AppTest) -> tuple[str, str]:
    m = {x.label: x.value for x in at.metric}
    return m["NS total"], m["EW total"]


def edit(at: AppTest, edited_rows=None, deleted_rows=None) -> AppTest:
    """The data editor recipe of testing.md: assign the widget's state, then run."""
    key = keys.sheet_editor_key(at.session_state[keys.SHEET_EDITOR_VERSION])
    at.session_state[key] = {"edited_rows": edited_rows or {}, "added_rows": [],
                             "deleted_rows": deleted_rows or []}
    at.run()
    assert not at.exception, at.exception
    return at


def table(at: AppTest):
    """The deals on the sheet as (NS, EW) pairs."""
    return [(r["NS"], r["EW"]) for r in at.session_state[keys.SHEET_DEALS]]


def statuses(at: AppTest) -> str:
    return "\n".join(x.value for x in (*at.success, *at.warning, *at.info, *at.error))


def test_empty_sheet_explains_the_rule(at):
    assert at.title[0].value == "Score sheet (Sakka)"
    assert totals(at) == ("0", "0")
    assert "No deal yet" in statuses(at)
    assert action(at, keys.SHEET_UNDO).disabled


def test_adding_deals_by_hand_keeps_running_totals(at):
    add(at, 16, 0, note="Hokum by N")
    add(at, 8, 8)
    add(at, 0, 26)
    assert totals(at) == ("24", "34")
    rows = at.session_state[keys.SHEET_DEALS]
    assert rows[0] == {"NS": 16, "EW": 0, "note": "Hokum by N", "gahwa_winner": None}
    assert at.number_input(key=keys.SHEET_NS).value is None, "the inputs are emptied after Add (not 0: 26 gave 026)"
    fig = json.loads(at.get("plotly_chart")[0].proto.spec)
    ns = next(t for t in fig["data"] if t["name"] == "NS")
    assert ns["y"] == [0, 16, 24, 24]
    assert fig["layout"]["shapes"][0]["y0"] == 152


@pytest.mark.parametrize(("ns", "message"), [
    pytest.param(-5, "NS: -5 is negative", id="negative"),
])
def test_negative_points_are_refused_with_a_clear_message_and_the_input_kept(at, ns, message):
    add(at, 10, 10)
    add(at, ns, 3)
    assert any(message in e.value for e in at.error)
    assert at.number_input(key=keys.SHEET_NS).value == ns, "what the user typed stays"
    assert table(at) == [(10, 10)]


def test_undo_takes_back_the_last_change(at):
    add(at, 100, 40)
    add(at, 30, 26)
    add(at, 16, 0)
    assert totals(at) == ("146", "66")
    action(at, keys.SHEET_UNDO).click().run()
    assert totals(at) == ("130", "66")
    action(at, keys.SHEET_UNDO).click().run()
    action(at, keys.SHEET_UNDO).click().run()
    assert totals(at) == ("0", "0")
    assert action(at, keys.SHEET_UNDO).disabled


def test_editing_a_cell_changes_the_deal_and_the_totals(at):
    add(at, 100, 40)
    add(at, 30, 26)
    edit(at, {"0": {"NS": 110}})
    assert table(at) == [(110, 40), (30, 26)]
    assert totals(at) == ("140", "66")
    action(at, keys.SHEET_UNDO).click().run()
    assert table(at) == [(100, 40), (30, 26)]


@pytest.mark.parametrize(("value", "message"), [
    pytest.param(-3, "Deal 1 was not changed: NS: -3 is negative", id="negative"),
    pytest.param("lots", "Deal 1 was not changed: NS: 'lots' is not a whole number", id="not-a-number"),
    pytest.param(None, "Deal 1 was not changed: NS: is empty", id="emptied-cell"),
])
def test_a_bad_cell_edit_keeps_the_row_and_says_why(at, value, message):
    add(at, 100, 40)
    edit(at, {"0": {"NS": value}})
    assert any(message in e.value for e in at.error), [e.value for e in at.error]
    assert table(at) == [(100, 40)]
    assert totals(at) == ("100", "40")


def test_deleting_a_row_in_the_editor_and_with_the_button(at):
    add(at, 10, 0)
    add(at, 20, 0)
    add(at, 30, 0)
    edit(at, deleted_rows=[1])
    assert table(at) == [(10, 0), (30, 0)]
    at.selectbox(key=keys.SHEET_DELETE_WHICH).select(1).run()
    action(at, keys.SHEET_DELETE).click().run()
    assert table(at) == [(30, 0)]
    action(at, keys.SHEET_UNDO).click().run()
    assert table(at) == [(10, 0), (30, 0)]


def test_deal_to_delete_offers_the_newest_deal_as_deals_come(at):
    """After three deals it offered "Deal 1" (issue 12): it follows the number of deals."""
    assert at.selectbox(key=keys.SHEET_DELETE_WHICH).disabled
    for n in (1, 2, 3):
        add(at, 10 * n, 0)
        box = at.selectbox(key=keys.SHEET_DELETE_WHICH)
        assert box.value == n and box.options == [f"Deal {i}" for i in range(1, n + 1)]
    at.selectbox(key=keys.SHEET_DELETE_WHICH).select(1).run()
    assert at.selectbox(key=keys.SHEET_DELETE_WHICH).value == 1, "a chosen deal stays chosen"
    action(at, keys.SHEET_DELETE).click().run()
    assert table(at) == [(20, 0), (30, 0)]
    assert at.selectbox(key=keys.SHEET_DELETE_WHICH).value == 2


def test_points_start_empty_and_an_empty_deal_is_refused_with_a_message(at):
    """Fields that start at 0 turned a typed 26 into 026 on a phone: they start empty."""
    assert at.number_input(key=keys.SHEET_NS).value is None
    assert at.number_input(key=keys.SHEET_EW).value is None
    action(at, keys.SHEET_ADD).click().run()
    assert any("type its game points first" in e.value for e in at.error)
    assert table(at) == []
    at.number_input(key=keys.SHEET_EW).set_value(26)
    action(at, keys.SHEET_ADD).click().run()
    assert table(at) == [(0, 26)], "an empty field beside a typed one counts as 0"


def test_a_phone_gets_every_column_in_a_table_and_instructions_without_double_click(at):
    add(at, 16, 0, note="**bold**")
    add(at, 0, 26)
    phone = at.table[0].value
    assert list(phone.columns) == ["Deal", "NS", "EW", "NS total", "EW total", "Match", "Note"]
    assert phone["EW total"].tolist() == ["0", "26"]
    captions = [c.value for c in at.caption]
    phone_words = next(c for c in captions if c.startswith("To change a deal"))
    assert "double-click" not in phone_words.lower() and "press Delete" not in phone_words


def test_reaching_152_with_the_higher_total_wins(at):
    add(at, 140, 100)
    add(at, 16, 0)
    assert totals(at) == ("156", "100")
    assert "NS wins the match in deal 2" in "\n".join(s.value for s in at.success)
    assert action(at, keys.SHEET_ADD).disabled, "no deal is added after the match is over"


def test_equal_totals_of_152_or_more_need_another_deal(at):
    add(at, 150, 150)
    add(at, 8, 8)
    assert totals(at) == ("158", "158")
    assert any("another deal is needed" in w.value for w in at.warning)
    assert not action(at, keys.SHEET_ADD).disabled
    add(at, 0, 16)
    assert "EW wins the match in deal 3" in "\n".join(s.value for s in at.success)


def test_a_gahwa_row_ends_the_match_whatever_the_totals(at):
    add(at, 140, 10)
    add_kind(at, "gahwa_EW")
    assert totals(at) == ("140", "10")
    assert "EW wins the match by Gahwa in deal 2" in "\n".join(s.value for s in at.success)
    assert at.session_state[keys.SHEET_DEALS][-1]["gahwa_winner"] == "EW"


def test_setting_the_gahwa_winner_in_the_table_zeroes_that_deal_and_ends_the_match(at):
    add(at, 60, 10)
    add(at, 16, 0)
    edit(at, {"1": {"Gahwa winner": "EW"}})
    rows = at.session_state[keys.SHEET_DEALS]
    assert rows[1] == {"NS": 0, "EW": 0, "note": "", "gahwa_winner": "EW"}
    assert "EW wins the match by Gahwa" in "\n".join(s.value for s in at.success)


def test_a_cancelled_deal_adds_nothing(at):
    add(at, 16, 0)
    add_kind(at, "cancelled")
    assert totals(at) == ("16", "0")
    assert at.session_state[keys.SHEET_DEALS][-1]["cancelled"] is True


def test_deals_from_the_score_calculator_appear_and_can_be_undone(at):
    add(at, 10, 6)
    at.session_state[keys.SHEET_DEALS] = [*at.session_state[keys.SHEET_DEALS],
                                          {"NS": 0, "EW": 26, "note": "calculator", "gahwa_winner": None}]
    at.run()
    assert not at.exception
    assert totals(at) == ("10", "32")
    assert any("arrived from another page" in s.value for s in at.success)
    action(at, keys.SHEET_UNDO).click().run()
    assert totals(at) == ("10", "6")


def test_a_bad_row_from_elsewhere_is_flagged_not_counted(at):
    at.session_state[keys.SHEET_DEALS] = [{"NS": 16, "EW": 0, "note": "", "gahwa_winner": None},
                                          {"NS": -4, "EW": 0, "note": "", "gahwa_winner": None}]
    at.run()
    assert not at.exception
    assert totals(at) == ("16", "0")
    assert any("Deal 2 is not counted until fixed" in e.value for e in at.error)


def test_csv_export_is_offered_once_there_are_deals(at):
    assert at.get("download_button")[0].proto.disabled
    add(at, 100, 40)
    button = at.get("download_button")[0]
    assert button.proto.label == "Save the sheet as CSV" and not button.proto.disabled
    # the CSV text itself is built by explorer.view.sheet.table.csv_text (tests/test_sheet_table.py)


def test_a_change_is_named_through_later_reruns_until_the_sheet_changes_again_or_the_page_is_left(at):
    # the browser asks for a rerun a moment after it keeps the sheet: the message must not vanish with it
    add(at, 60, 10)
    at.run()
    at.run()
    assert "Deal 1 added: NS 60, EW 10." in statuses(at)
    add(at, 16, 0)
    assert "Deal 2 added" in statuses(at) and "Deal 1 added" not in statuses(at)
    add(at, -5, 0)                                              # refused: the error takes the add area's place
    assert "Deal 2 added" not in statuses(at) and "is negative" in statuses(at)
    at.switch_page("app_pages/home.py").run()
    at.switch_page(PAGE).run()
    assert "is negative" not in statuses(at) and "added" not in statuses(at)
