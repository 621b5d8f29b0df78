"""The score sheet's table helpers: edits from the data editor, CSV export, chart data."""

from __future__ import annotations

import csv
import io

import pytest

from explorer.engine.rules.match import MatchError
from explorer.view.sheet.table import add_row, apply_edits, chart_data, csv_text, row_for, sheet_frame


def r(ns, ew, note="", gahwa=None):
    return {"NS": ns, "EW": ew, "note": note, "gahwa_winner": gahwa}


def test_csv_has_a_line_per_deal_with_running_totals_and_the_match_state():
    lines = list(csv.DictReader(io.StringIO(csv_text([r(100, 40, "first"), r(30, 26), r(30, 0)]))))
    assert [(x["deal"], x["NS"], x["EW"], x["NS_total"], x["EW_total"]) for x in lines] == [
        ("1", "100", "40", "100", "40"), ("2", "30", "26", "130", "66"), ("3", "30", "0", "160", "66")]
    assert lines[0]["note"] == "first"
    assert lines[2]["match"] == "★ NS wins"


def test_csv_of_an_empty_sheet_is_just_the_header():
    assert list(csv.reader(io.StringIO(csv_text([])))) == [
        ["deal", "NS", "EW", "gahwa_winner", "cancelled", "note", "NS_total", "EW_total", "match"]]


def test_edits_accept_good_values_and_keep_rows_with_bad_ones():
    rows = [r(10, 0), r(20, 0)]
    new, messages, changed = apply_edits(rows, {"edited_rows": {0: {"NS": 12}, "1": {"EW": -1}}})
    assert changed and new == [r(12, 0), r(20, 0)]
    assert [m[0] for m in messages] == ["success", "error"]
    assert "Deal 2 was not changed: EW: -1 is negative" in messages[1][1]
    assert rows == [r(10, 0), r(20, 0)], "the input list is not changed in place"


def test_setting_a_gahwa_winner_zeroes_the_points_and_says_so():
    new, messages, _ = apply_edits([r(16, 0)], {"edited_rows": {"0": {"Gahwa winner": "NS"}}})
    assert new == [r(0, 0, gahwa="NS")]
    assert "a Gahwa records no points" in messages[0][1]


def test_gahwa_with_points_typed_in_the_same_edit_is_refused():
    new, messages, changed = apply_edits([r(16, 0)], {"edited_rows": {"0": {"Gahwa winner": "NS", "NS": 5}}})
    assert not changed and new == [r(16, 0)]
    assert "a Gahwa deal records no points" in messages[0][1]


def test_deleted_rows_go_and_added_rows_are_checked():
    new, messages, changed = apply_edits([r(1, 0), r(2, 0), r(3, 0)], {
        "deleted_rows": [0, 2], "added_rows": [{"NS": 4, "EW": 0}, {"NS": "x", "EW": 0}]})
    assert changed and new == [r(2, 0), r(4, 0)]
    assert any("not added" in m[1] for m in messages)
    assert any("Deleted deals 1, 3" in m[1] for m in messages)


def test_no_deal_is_added_after_the_match_is_decided():
    with pytest.raises(MatchError, match="the match is over"):
        add_row([r(150, 0), r(2, 0)], row_for("award", 1, 1))
    assert add_row([r(150, 0)], row_for("award", 1, 1)) == r(1, 1)


def test_chart_data_stops_at_the_deciding_deal_and_skips_bad_rows():
    data = chart_data([r(100, 0), {"NS": "bad", "EW": 0}, r(0, 0, gahwa="EW"), r(5, 5)])
    assert data["rows"] == [{"deal": 1, "NS": 100, "EW": 0}, {"deal": 3, "NS": 100, "EW": 0}]
    assert (data["decided_at"], data["winner"], data["by_gahwa"]) == (3, "EW", True)


def test_frame_marks_deals_after_the_end_and_bad_rows():
    frame = sheet_frame([r(152, 0), r(1, 1), {"NS": -2, "EW": 0}])
    assert list(frame["Match"])[:2] == ["★ NS wins", "after the end: not counted"]
    assert list(frame["Match"])[2].startswith("✕ not counted: -2 is negative")


def test_csv_export_keeps_a_formula_like_note_inert_for_spreadsheets():
    from explorer.view.sheet.table import csv_text

    line = csv_text([{"NS": 16, "EW": 0, "note": "=HYPERLINK(\"x\")", "gahwa_winner": None}]).splitlines()[1]
    assert "'=HYPERLINK" in line and ",=HYPERLINK" not in line and '"=HYPERLINK' not in line


CALC = "=cmd|' /C calc'!A0"


@pytest.mark.parametrize("brk", ["\r", "\n", "\r\n", "\u2028"], ids=["cr", "lf", "crlf", "line-separator"])
def test_every_csv_field_is_quoted_so_a_line_break_in_a_note_stays_in_its_cell(brk):
    text = csv_text([r(16, 0, f"x{brk}{CALC}"), r(10, 0, "second")])
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert len(rows) == 3, rows  # the header and two deals: the note did not start a row
    assert [row[0] for row in rows[1:]] == ["1", "2"]
    assert text.count('"') == 2 * 9 * 3, "every field of every row, the header too, is quoted"


@pytest.mark.parametrize("note, inert", [
    pytest.param(f"x\r{CALC}", f"x\r'{CALC}", id="after-cr"),
    pytest.param(f"x\n{CALC}", f"x\n'{CALC}", id="after-lf"),
    pytest.param("x\r\n+1+1\n@SUM(A1)", "x\r\n'+1+1\n'@SUM(A1)", id="every-line"),
    pytest.param("\r=1", "'\r'=1", id="cr-first"),
    pytest.param("a = b - c", "a = b - c", id="formula-signs-inside-a-line-are-text"),
])
def test_csv_neutralises_a_formula_at_the_start_of_every_line_of_a_note(note, inert):
    rows = list(csv.DictReader(io.StringIO(csv_text([r(16, 0, note)]), newline="")))
    assert rows[0]["note"] == inert
