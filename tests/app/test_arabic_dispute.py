"""The dispute tools in Arabic (issue 14): the Trick checker, the Score calculator and the Score sheet with
``?lang=ar``, in the states a player reaches at the table. Each state raises nothing and leaves no English
word on the page but codes (cards, seats, teams, rule ids) and the names of file formats and keys.
"""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from explorer.ui import state as ks
from tests.app.arabic import empty_texts, english_words, open_page, page_texts
from tests.app.taps import action

TECHNICAL = ("CSV", "YAML", "JSON", "Enter", "Delete", "ekka", "alive")
"""Names that stay Latin: file formats, keys as the keyboard labels them, the word typed in a trick line, and the
label of the inbox's hidden marker widget (never shown)."""

_UNREAD = re.compile(r"\]\([^)]*\)|:material/[a-z_]+:|:(?:red|orange|green|blue|violet|gray|grey|primary)\[|"
                     "\u2066[^\u2069]*\u2069")
"""A link's address, an icon's or a colour's name, and what an Arabic sentence isolates as left to right."""


def english_on(at: AppTest) -> list[str]:
    assert not at.exception, at.exception
    texts = [_UNREAD.sub(" ", text) for text in page_texts(at.main)]
    texts += [_UNREAD.sub(" ", str(h.proto.body)) for h in at.main.get("html")]
    for table in at.main.table:
        frame = table.value
        texts += [str(c) for c in frame.columns] + [str(v) for v in frame.to_numpy().ravel()]
    return english_words([re.sub(r"<style>.*?</style>|<[^>]*>", " ", t, flags=re.S) for t in texts], allowed=TECHNICAL)


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, key: str) -> AppTest:
    action(at, key).click()
    return run(at)


def tap(at: AppTest, cards_key: str, codes: list[str]) -> AppTest:
    for code in codes:
        row = at.pills(key=ks.tap_key(cards_key, code[1]))
        row.set_value([*row.value, code] if code not in row.value else [c for c in row.value if c != code])
        run(at)
    return at


@pytest.fixture
def trick() -> AppTest:
    return open_page("trick_checker.py")


@pytest.fixture
def score() -> AppTest:
    return open_page("score_calculator.py")


@pytest.fixture
def sheet() -> AppTest:
    return open_page("score_sheet.py")


# --- Trick checker ------------------------------------------------------------------------------

def test_empty_trick_checker_is_all_arabic(trick):
    assert english_on(trick) == []
    assert english_words(empty_texts(trick)) == [], "every select box has an Arabic placeholder"
    assert trick.subheader[0].value == "الجولة"


def test_worked_example_in_arabic_names_the_seat_and_the_rule(trick):
    click(trick, ks.TRICK_EXAMPLE)
    assert english_on(trick) == []
    frame = trick.table[0].value
    assert list(frame.columns) == ["الورقة", "مسموحة؟", "السبب"]
    assert "الجنوب" in " ".join(m.value for m in trick.markdown)


def test_disputed_trick_entered_by_taps_marks_the_illegal_card_in_arabic(trick):
    """West leads K♣ in a hearts Hokum, North... the hand of the seat to play holds a club it must follow with."""
    trick.segmented_control(key=ks.TRICK_LEADER).set_value("W")
    run(trick)
    tap(trick, ks.TRICK_TABLE, ["KC", "7C"])
    tap(trick, ks.TRICK_HAND, ["QH", "AS", "8C"])
    frame = trick.table[0].value
    legal = dict(zip((re.sub("[\u2066-\u2069]", "", c) for c in frame.iloc[:, 0]), frame.iloc[:, 1], strict=True))
    assert legal["A♠"].startswith("✕") and legal["8♣"].startswith("✓")
    assert english_on(trick) == []
    assert any("يبدأ الغرب، ثم الجنوب، الشرق، الشمال" in re.sub("[\u2066-\u2069]", "", c.value)
               for c in trick.caption)


def test_ekka_claim_and_a_refused_tap_in_arabic(trick):
    click(trick, ks.TRICK_EXAMPLE)
    trick.checkbox(key=ks.TRICK_EKKA).check()
    run(trick)
    tap(trick, ks.TRICK_TABLE, ["8C", "9C"])  # a fourth card on the table is refused, and said
    assert trick.warning, "the false Ekka claim is said"
    # The engine's reason why the claim is false ("Ekka on KC is false: AC, TC are still unplayed and higher") is
    # one of its input-problem lines, made translatable in the engine separately; the page's own words are Arabic.
    assert set(english_on(trick)) <= {"Ekka", "on", "is", "false", "are", "still", "unplayed", "and", "higher"}


def test_typed_bad_and_duplicate_cards_are_said_in_arabic(trick):
    trick.radio(key=ks.TRICK_ENTRY).set_value("type")
    run(trick)
    trick.text_input(key=ks.TRICK_HAND_TEXT).input("QH QH ZZ")
    run(trick)
    assert trick.error, "the problem is shown"
    trick.radio(key=ks.TRICK_ENTRY).set_value("tap")
    run(trick)
    assert trick.session_state[ks.TRICK_ENTRY] == "type", "the typed text is kept"
    assert english_on(trick) == []


# --- Score calculator ---------------------------------------------------------------------------

def test_empty_score_calculator_is_all_arabic(score):
    assert english_on(score) == []
    assert english_words(empty_texts(score)) == [], "every select box has an Arabic placeholder"


def test_worked_example_score_in_arabic(score):
    click(score, ks.SCORE_EXAMPLE)
    assert english_on(score) == []
    assert score.table, "the pipeline is shown"


def test_a_doubled_hokum_with_projects_scored_in_arabic(score):
    score.selectbox(key=ks.SCORE_DEALER).set_value("N")
    score.selectbox(key=ks.SCORE_LEVEL).set_value("double")
    run(score)
    score.selectbox(key=ks.SCORE_DOUBLER).set_value("E")
    score.text_input(key=ks.score_project_key("S")).input("7S 8S 9S")
    score.selectbox(key=ks.SCORE_BALOOT).set_value("W")
    run(score)
    score.number_input(key=ks.SCORE_POINTS_NS).set_value(90)
    run(score)
    assert score.session_state[ks.SCORE_POINTS_EW] == 72
    assert english_on(score) == []
    click(score, ks.SCORE_ADD_TO_SHEET)
    assert english_on(score) == []


@pytest.mark.parametrize("points", [170, -4])
def test_impossible_points_are_said_in_arabic(score, points):
    score.number_input(key=ks.SCORE_POINTS_NS).set_value(points)
    run(score)
    assert english_on(score) == []
    assert score.number_input(key=ks.SCORE_POINTS_NS).value == points, "what was typed stays"


def test_bad_project_cards_are_said_in_arabic(score):
    score.number_input(key=ks.SCORE_POINTS_NS).set_value(80)
    score.text_input(key=ks.score_project_key("N")).input("QD QD KD")
    run(score)
    assert score.error
    assert english_on(score) == []


# --- Score sheet --------------------------------------------------------------------------------

def add(sheet: AppTest, ns: int | None, ew: int | None, kind: str = "award") -> AppTest:
    sheet.radio(key=ks.SHEET_KIND).set_value(kind)
    run(sheet)
    if kind == "award":
        sheet.number_input(key=ks.SHEET_NS).set_value(ns)
        sheet.number_input(key=ks.SHEET_EW).set_value(ew)
    return click(sheet, ks.SHEET_ADD)


def test_empty_score_sheet_is_all_arabic(sheet):
    assert english_words(empty_texts(sheet)) == [], "every select box has an Arabic placeholder"
    assert english_on(sheet) == []
    assert sheet.title[0].value.startswith("النشرة")


def test_score_sheet_with_deals_and_a_match_won_in_arabic(sheet):
    add(sheet, 100, 40)
    add(sheet, None, None, kind="cancelled")
    assert english_on(sheet) == []
    add(sheet, 60, 16)
    assert english_on(sheet) == []
    frame = sheet.table[0].value
    assert list(frame.columns) == ["الجولة", "لنا (NS)", "لهم (EW)", "مجموعنا", "مجموعهم", "المباراة", "ملاحظة"]
    assert any("يفوز" in s.value for s in sheet.success)


def test_score_sheet_gahwa_and_an_empty_add_in_arabic(sheet):
    click(sheet, ks.SHEET_ADD)  # nothing typed: said, in Arabic
    assert sheet.error
    add(sheet, None, None, kind="gahwa_EW")
    assert english_on(sheet) == []


def test_a_bad_row_in_the_sheet_is_said_in_arabic():
    sheet = open_page("score_sheet.py", **{ks.SHEET_DEALS: [{"NS": -3, "EW": 0, "note": "", "gahwa_winner": None}]})
    assert sheet.error
    assert english_on(sheet) == []
