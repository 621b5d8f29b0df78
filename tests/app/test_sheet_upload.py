"""A score sheet file the app did not write is refused with the place of each problem, in the page's language: a
control character, a note of a page of text, a quote left open, a column given twice (each was accepted)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from explorer.ui import state as keys
from explorer.view.text import shown
from tests.app.arabic import english_words

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"

BAD = {
    "esc": ("NS,EW,note\n1,0,\x1b[31mred\n", "row 2, note", "U+001B"),
    "long-note": ("NS,EW,note\n1,0," + "n" * 3000 + "\n", "row 2, note", "3000"),
    "unclosed-quote": ('NS,EW,note\n1,0,"open\n2,0,x\n', "row 2", '"'),
    "repeated-column": ("NS,EW,ns\n1,0,5\n", "row 1", "ns"),
}


def upload(lang: str, text: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.session_state[keys.STORE_MEMORY] = {}
    if lang != "en":
        at.query_params["lang"] = lang
    at.run()
    at.switch_page("app_pages/score_sheet.py").run()
    at.get("file_uploader")[0].upload("sheet.csv", text.encode("utf-8"), "text/csv")
    at.run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_csv_upload_names_each_problem_with_its_row_in_english(case):
    text, place, detail = BAD[case]
    at = upload("en", text)
    assert any("The file was not opened." in e.value for e in at.error)
    lines = "\n".join(c.value for c in at.code)
    assert place in lines and detail in lines, lines
    assert at.session_state[keys.SHEET_DEALS] == []                         # the sheet is as it was


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_csv_upload_names_each_problem_with_its_row_in_arabic(case):
    text, _, detail = BAD[case]
    at = upload("ar", text)
    said = shown("\n".join(m.value for m in at.markdown if "الصف" in m.value))
    assert said and detail in said, said
    assert english_words([said], allowed=("ns", "note", "red")) == [], said
