"""Issue 14: a bad file, text or link reaches a page in Arabic as Arabic sentences. The engine's problem lines are
rendered in the page's language as plain text (a place in the file kept left to right, what they quote from the
file shown as typed, never as Markdown); the English page as plain English sentences, cards as faces."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from explorer.ui import state as ks
from tests.app.arabic import APP, open_page
from tests.app.test_arabic_explore import english_on, ids, seen

BROKEN_DEAL = """kind: deal
dealer: S
contract: {mode: sun, buyer: N}
hands: {S: [XX], E: [], N: [], W: []}
tricks: []
"""

TRICKS_TWICE = """kind: deal
dealer: S
contract: {mode: sun, buyer: N}
tricks: []
tricks: []
"""


def read(markdown: str) -> str:
    """Markdown as a reader sees it: the backslash escapes that keep a problem plain removed."""
    return re.sub(r"\\(.)", r"\1", markdown)


def test_a_broken_deal_typed_in_arabic_lists_its_problems_in_arabic_with_their_places():
    at = open_page("deal_checker.py")
    at.text_area(key=ks.DEAL_TEXT).input(BROKEN_DEAL).run()
    assert english_on(at) == []
    message = at.error[0].value
    assert "- \u2066hands.S[0]\u2069: \u2068'XX'\u2069 ليست ورقة" in read(message), message  # the place kept LTR
    assert "`" not in message, "the problems are sentences, not code"


def test_a_key_written_twice_names_its_lines_in_arabic():
    at = open_page("deal_checker.py")
    at.text_area(key=ks.DEAL_TEXT).input(TRICKS_TWICE).run()
    assert english_on(at) == []
    assert "- tricks: المفتاح مكتوب مرتين (السطران 4 و5)؛ أبقِ واحدًا" in seen(read(at.error[0].value))
    assert at.text_area(key=ks.DEAL_TEXT).value == TRICKS_TWICE, "the text is kept as typed"


def test_a_bad_upload_in_arabic_names_the_yaml_problem_and_its_line_in_arabic():
    at = open_page("deal_checker.py")
    at.radio(key=ks.DEAL_SOURCE).set_value("upload").run()
    at.get("file_uploader")[0].upload("deal.yaml", b"kind: deal\nhands: &h {S: []}\nagain: *h\n", "application/x-yaml")
    at.run()
    assert english_on(at, allowed=("deal", "yaml")) == []
    message = seen(read(at.error[0].value))
    assert "- السطر 3، العمود 8: *h اسم مستعار" in message, message


def test_text_quoted_from_the_file_stays_plain_in_an_arabic_problem():
    at = open_page("deal_checker.py")
    at.text_area(key=ks.DEAL_TEXT).input(BROKEN_DEAL.replace("[XX]", "['**<b>x</b>**']")).run()
    problem = at.error[0].value.split("\n- ", 1)[1]
    assert "\\*\\*\\<b\\>x\\</b\\>\\*\\*" in problem, problem  # shown as typed: no bold, no tag
    assert not re.search(r"(?<!\\)[*<]", problem)


def test_the_english_page_says_the_engines_lines_as_plain_sentences_with_card_faces():
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    at.switch_page("app_pages/deal_checker.py")
    at.run()
    at.text_area(key=ks.DEAL_TEXT).input(BROKEN_DEAL.replace("[XX]", "[QH, QH]")).run()
    message = at.error[0].value
    assert "- hands.S[1]: Q♥ is dealt twice (also at hands.S[0])" in read(message), message
    assert "QH" not in message and "`" not in message and "\u2066" not in message
    at.text_area(key=ks.DEAL_TEXT).input(BROKEN_DEAL).run()
    assert "- hands.S[0]: 'XX' is not a card (write rank then suit, e.g. TH, 10H or t♥)" in read(at.error[0].value)


def test_compare_rules_names_a_scenario_the_engine_refuses_in_arabic_under_every_profile():
    doc = {"kind": "play", "contract": {"mode": "sun", "buyer": "N"}, "current": {"leader": "N", "cards": ["KC"]},
           "hand": ["QH", "9S", "QH"]}
    at = open_page("compare_rules.py", **{ks.page_key(ks.COMPARE, ks.INCOMING): {"doc": doc, "source": "a test"}})
    assert english_on(at, allowed=(*ids(), "test")) == []  # "a test": the source this test gives
    assert at.error, "each profile's column names the problem"
    for err in at.error:
        assert "\u2066hand[2]\u2069: \u2066Q♥\u2069 مكررة (وهي أيضًا في \u2066hand[0]\u2069)" in read(err.value), err.value
    cells = [str(v) for table in at.table for v in table.value.to_numpy().ravel()]
    assert any("مكررة" in c for c in cells), cells
