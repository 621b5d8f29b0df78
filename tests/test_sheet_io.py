"""The score sheet as a document: its CSV and YAML files open again, match links and the kept value
round-trip, and every bad row or column is named."""

from __future__ import annotations

import csv
import io
import random

import pytest

from explorer.engine.rules.match import MatchError
from explorer.view.sheet import files as sheet_io
from explorer.view.sheet.table import csv_text

ROWS = [
    {"NS": 100, "EW": 40, "note": "Hokum ♥ by N, 84–78", "gahwa_winner": None},
    {"NS": 0, "EW": 0, "note": "", "gahwa_winner": None, "cancelled": True},
    {"NS": 16, "EW": 0, "note": '=SUM(A1) "quoted", comma', "gahwa_winner": None},
    {"NS": 0, "EW": 0, "note": "قهوة", "gahwa_winner": "EW"},
]


def random_rows(rng: random.Random, n: int) -> list[dict]:
    out = []
    for _ in range(n):
        kind = rng.choice(["award", "award", "award", "cancelled"])
        note = rng.choice(["", "x", "a, b", '"q"', "-3 +4", "@me", "line\nbreak", "ك"])
        if kind == "cancelled":
            out.append({"NS": 0, "EW": 0, "note": note, "gahwa_winner": None, "cancelled": True})
        else:
            out.append({"NS": rng.randint(0, 200), "EW": rng.randint(0, 200), "note": note, "gahwa_winner": None})
    return out


def test_the_sheets_own_csv_opens_again():
    assert sheet_io.read_csv(csv_text(ROWS)) == ROWS


@pytest.mark.parametrize("seed", range(5))
def test_random_sheets_round_trip_through_csv_yaml_link_and_the_kept_value(seed):
    rows = random_rows(random.Random(seed), 12)
    assert sheet_io.read_csv(csv_text(rows)) == rows
    assert sheet_io.read_file(sheet_io.yaml_text(rows).encode(), "s.yaml") == rows
    assert sheet_io.read_link(sheet_io.link_value(rows)) == rows
    assert sheet_io.read_stored(sheet_io.stored(rows, [rows[:1], []])) == (rows, [rows[:1], []])


@pytest.mark.parametrize("quoting", [csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC, csv.QUOTE_MINIMAL])
def test_csv_is_read_whatever_its_quoting(quoting):
    out = io.StringIO()
    writer = csv.writer(out, quoting=quoting)
    writer.writerow(["deal", "NS", "EW", "gahwa_winner", "cancelled", "note"])
    writer.writerow([1, 100, 40, "", "False", "a, b"])
    writer.writerow([2, 0, 0, "NS", "false", ""])
    assert sheet_io.read_csv(out.getvalue()) == [
        {"NS": 100, "EW": 40, "note": "a, b", "gahwa_winner": None},
        {"NS": 0, "EW": 0, "note": "", "gahwa_winner": "NS"},
    ]


def test_a_csv_with_the_screen_column_names_and_a_byte_order_mark_is_read():
    text = "\ufeffDeal,NS,EW,Gahwa winner,Cancelled,Note\r\n1,0,0,,True,\r\n2,0,0,EW,,\r\n"
    assert sheet_io.read_file(text.encode("utf-8"), "sheet.csv") == [
        {"NS": 0, "EW": 0, "note": "", "gahwa_winner": None, "cancelled": True},
        {"NS": 0, "EW": 0, "note": "", "gahwa_winner": "EW"}]


@pytest.mark.parametrize("text, problems", [
    pytest.param("deal,NS,EW\n1,100,40\n2,x,0\n", ["row 3, NS: 'x' is not a whole number of game points"],
                 id="not-a-number"),
    pytest.param("deal,NS,EW\n1,-4,40\n2,1,2\n3,16.5,0\n",
                 ["row 2, NS: -4 is negative; game points are 0 or more",
                  "row 4, NS: '16.5' is not a whole number of game points"], id="every-bad-row-named"),
    pytest.param("deal,NS,EW\n1,,40\n", ["row 2, NS: is empty; write a whole number (0 when the team scored "
                                         "nothing)"], id="empty-cell"),
    pytest.param("NS,EW,gahwa_winner\n0,0,XY\n", ["row 2, gahwa_winner: unknown team 'XY' for the Gahwa winner "
                                                  "(use NS or EW)"], id="bad-team"),
    pytest.param("NS,EW,cancelled\n0,0,maybe\n", ["row 2, cancelled: 'maybe' is not true or false"],
                 id="bad-flag"),
    pytest.param("NS,EW\n5,0,extra\n", ["row 2: 3 cells, but the header names 2 columns"], id="too-many-cells"),
    pytest.param("deal,points\n1,5\n", ["row 1: the header has no NS or EW column (the sheet's CSV starts "
                                        "with: deal,NS,EW,gahwa_winner,cancelled,note)"], id="no-ns-column"),
    pytest.param("\n\n", ["the file is empty"], id="empty"),
    pytest.param("NS,EW\n1000,0\n", ["row 2, NS: 1000 is more than one deal can award (at most 376: a doubled "
                                     "Sun reverse Kaboot with the most projects a team can show)"], id="too-big"),
])
def test_a_bad_csv_names_the_row_and_the_column(text, problems):
    with pytest.raises(sheet_io.SheetFileError) as e:
        sheet_io.read_csv(text)
    assert e.value.problems == problems


@pytest.mark.parametrize("text, problems", [
    pytest.param("NS,EW,note\n1,0,a\x00b\n", ["row 2, note: the text holds the control character U+0000 (NUL); "
                                               "remove it"], id="nul"),
    pytest.param("NS,EW,note\n1,0,\x1b[31mred\n", ["row 2, note: the text holds the control character U+001B (ESC); "
                                                   "remove it"], id="esc"),
    pytest.param("NS,EW,deal\n1,0,\x07\n", ["row 2, deal: the text holds the control character U+0007 (BEL); "
                                             "remove it"], id="control-in-another-column"),
    pytest.param("NS,EW,note\n1,0," + "n" * 3000 + "\n", ["row 2, note: the note is 3000 characters long; a note "
                                                           "has at most 120"], id="long-note"),
    pytest.param('NS,EW,note\n1,0,"an open quote\n2,0,x\n', ['row 2: a quote (") opened in this row is never '
                                                             'closed, so the rest of the file would be one cell'],
                 id="unclosed-quote"),
    pytest.param('NS,EW,note\n1,0,"closed"early\n', ['row 2: a quote (") ends its cell before the cell ends (write '
                                                     'a quote inside a cell as "")'], id="stray-quote"),
    pytest.param("NS,EW,ns\n1,0,5\n", ["row 1: the columns NS and ns both give NS; keep one"], id="repeated-column"),
    pytest.param("NS,EW,gahwa,Gahwa winner\n1,0,,\n", ["row 1: the columns gahwa and Gahwa winner both give "
                                                        "gahwa_winner; keep one"], id="two-names-one-column"),
])
def test_a_csv_the_app_did_not_write_is_refused_with_the_place_of_each_problem(text, problems):
    with pytest.raises(sheet_io.SheetFileError) as e:
        sheet_io.read_csv(text)
    assert e.value.problems == problems


@pytest.mark.parametrize("ending", ["\r\n", "\r", "\n"])
def test_a_csv_is_read_whatever_its_line_endings_even_mixed(ending):
    text = f"NS,EW,note{ending}1,0,a\r\n2,0,b\r3,0,c\n4,0,d{ending}"
    assert [r["note"] for r in sheet_io.read_csv(text)] == ["a", "b", "c", "d"]


def test_a_formula_guard_apostrophe_is_taken_off_a_note_but_a_real_apostrophe_is_kept():
    rows = sheet_io.read_csv("NS,EW,note\n1,0,'=1+1\n2,0,'tis\n")
    assert [r["note"] for r in rows] == ["=1+1", "'tis"]


def test_too_many_rows_are_refused():
    text = "NS,EW\n" + "1,0\n" * (sheet_io.MAX_DEALS + 1)
    with pytest.raises(sheet_io.SheetFileError, match="more than a sheet holds"):
        sheet_io.read_csv(text)


@pytest.mark.parametrize("text, problem", [
    pytest.param("deals: [{NS: 1, EW: 2}\n", "line 2, column 1: malformed YAML", id="yaml-syntax"),
    pytest.param("kind: play\ncontract: {}\n", "this is a 'play' scenario, not a score sheet (kind: match)",
                 id="a-scenario-not-a-sheet"),
    pytest.param("kind: match\n", "the score sheet has no deals (a list under 'deals')", id="no-deals"),
    pytest.param("deals:\n- {NS: 1, EW: two}\n", "deal 1, EW: 'two' is not a whole number of game points",
                 id="bad-deal"),
    pytest.param("deals:\n- {NS: 1, EW: 2, colour: red}\n", "deal 1: unknown key 'colour'", id="unknown-key"),
    pytest.param("deals: 5\n", "the deals are a list, not int", id="deals-not-a-list"),
    pytest.param("just text\n", "a score sheet is a mapping with its deals, not str", id="plain-text"),
])
def test_a_bad_yaml_sheet_says_what_and_where(text, problem):
    with pytest.raises(sheet_io.SheetFileError) as e:
        sheet_io.read_file(text.encode(), "sheet.yaml")
    assert problem in "; ".join(e.value.problems)


def test_a_file_that_is_not_text_is_refused():
    with pytest.raises(sheet_io.SheetFileError, match="not UTF-8 text"):
        sheet_io.read_file(b"\xff\xfe\x00garbage", "sheet.csv")


def test_a_yaml_sheet_may_be_a_bare_list_of_deals():
    assert sheet_io.read_file(b"- {NS: 16, EW: 0}\n", "s.yml") == [
        {"NS": 16, "EW": 0, "note": "", "gahwa_winner": None}]


@pytest.mark.parametrize("cut", [1, 5, 20])
def test_a_damaged_match_link_says_it_is_damaged(cut):
    value = sheet_io.link_value(ROWS)
    with pytest.raises(sheet_io.SheetFileError, match=r"^link: the match in this link is damaged"):
        sheet_io.read_link(value[:-cut])


def test_a_scenario_link_is_not_a_match_link():
    from explorer.engine.files.share import encode_scenario
    with pytest.raises(sheet_io.SheetFileError, match="not a score sheet"):
        sheet_io.read_link(encode_scenario({"kind": "score", "points": {"NS": 1, "EW": 1}}))


def test_the_kept_value_holds_the_last_undo_versions_only():
    history = [[{"NS": i, "EW": 0}] for i in range(50)]
    kept = sheet_io.stored([], history)
    assert len(kept["undo"]) == sheet_io.STORED_UNDO
    assert kept["undo"][-1] == [{"NS": 49, "EW": 0}]


def test_a_damaged_undo_version_is_named():
    value = sheet_io.stored(ROWS, [[{"NS": "x", "EW": 0}]])
    with pytest.raises(sheet_io.SheetFileError, match=r"^Undo version 1: deal 1, NS: 'x'"):
        sheet_io.read_stored(value)


def _alias_bomb(levels: int) -> str:
    """A few hundred bytes of YAML whose aliases stand for 9**levels strings once expanded."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    lines.append("kind: match\ndeals: [" + ", ".join([f"*a{levels - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def test_a_yaml_sheet_with_an_alias_bomb_is_refused_at_its_first_alias():
    bomb = _alias_bomb(10)
    assert len(bomb) < 700
    with pytest.raises(sheet_io.SheetFileError) as e:
        sheet_io.read_file(bomb.encode(), "match.yaml")
    assert e.value.problems == ["line 2, column 10: *a0 is an alias; scenario files write every value out "
                                "(aliases are not accepted)"]


def test_a_deal_that_is_a_huge_nested_list_is_named_in_a_short_line():
    nested: list = ["lol"] * 9
    for _ in range(7):
        nested = [nested] * 9
    with pytest.raises(sheet_io.SheetFileError) as e:
        sheet_io.read_rows([nested])
    (line,) = e.value.problems
    assert line.startswith("deal 1: a deal is a mapping {NS, EW, note, gahwa_winner}, not [[[") and len(line) < 150


# --- what the app writes, the app reads (at the most deals a sheet holds) -------------------------------------

def largest_sheet(note: str) -> list[dict]:
    """A sheet of MAX_DEALS deals, each with ``note`` (the notes make its files and links as large as they get)."""
    return [{"NS": 100 + i % 50, "EW": 62, "note": note, "gahwa_winner": None} for i in range(sheet_io.MAX_DEALS)]


WIDE = "𝄞" * sheet_io.NOTE_LIMIT
"""A note of NOTE_LIMIT characters of four bytes each (the longest a note can make a file)."""


@pytest.mark.parametrize("note", ["", "Hokum ♥ by N, 84–78", WIDE], ids=["no-note", "short-note", "widest-note"])
def test_the_files_of_the_largest_sheet_open_again(note):
    rows = largest_sheet(note)
    assert sheet_io.read_file(sheet_io.yaml_text(rows).encode("utf-8"), "s.yaml") == rows
    assert sheet_io.read_file(csv_text(rows).encode("utf-8"), "s.csv") == rows


def test_a_match_link_is_offered_only_when_the_app_opens_it_again():
    plain_rows = largest_sheet("")
    value, why = sheet_io.match_link(plain_rows)
    assert why is None and sheet_io.read_link(value) == plain_rows
    rng = random.Random(3)
    noisy = largest_sheet("")
    for row in noisy:                                       # notes that do not compress: the link grows past its bound
        row["note"] = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(sheet_io.NOTE_LIMIT))
    value, why = sheet_io.match_link(noisy)
    assert value is None and "too" in str(why)
    with pytest.raises(sheet_io.SheetFileError):             # which is why it is not offered
        sheet_io.read_link(sheet_io.link_value(noisy))


def test_a_sheet_with_the_most_deals_takes_no_more():
    with pytest.raises(MatchError, match=r"the sheet holds 500 deals, the most it keeps"):
        sheet_io.check_room(largest_sheet(""))
    sheet_io.check_room(largest_sheet("")[:-1])
