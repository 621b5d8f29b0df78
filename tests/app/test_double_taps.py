"""A button that adds, removes or plays acts once per tap: a double tap (two clicks sent before the page is drawn
again, as a phone sends them 50 ms apart) adds one deal, undoes one change, plays one card or call. A tap on the
page drawn after the action is a new intent and acts (:mod:`explorer.ui.shell.once`)."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from explorer.content.lessons import load_lessons
from explorer.ui import state as keys
from tests.app.taps import double_tap, tap

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"


def open_page(page: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60).run()
    at.switch_page(f"app_pages/{page}").run()
    assert not at.exception, at.exception
    return at


def deals(at: AppTest) -> list[tuple[int, int]]:
    return [(r["NS"], r["EW"]) for r in at.session_state[keys.SHEET_DEALS]]


def type_deal(at: AppTest, ns: int, ew: int) -> None:
    at.number_input(key=keys.SHEET_NS).set_value(ns)
    at.number_input(key=keys.SHEET_EW).set_value(ew)


# --- the Score sheet -----------------------------------------------------------------------------------------

def test_a_double_tap_on_add_deal_adds_the_deal_once():
    at = open_page("score_sheet.py")
    type_deal(at, 16, 0)
    double_tap(at, keys.SHEET_ADD)
    assert deals(at) == [(16, 0)]


def test_a_second_tap_on_the_page_drawn_after_the_add_is_a_new_deal():
    at = open_page("score_sheet.py")
    type_deal(at, 16, 0)
    tap(at, keys.SHEET_ADD)
    type_deal(at, 16, 0)
    tap(at, keys.SHEET_ADD)
    assert deals(at) == [(16, 0), (16, 0)]


def test_a_double_tap_on_undo_undoes_one_change():
    at = open_page("score_sheet.py")
    for ns in (10, 20):
        type_deal(at, ns, 0)
        tap(at, keys.SHEET_ADD)
    double_tap(at, keys.SHEET_UNDO)
    assert deals(at) == [(10, 0)]


def test_a_double_tap_on_delete_deal_deletes_one_deal():
    at = open_page("score_sheet.py")
    for ns in (10, 20, 30):
        type_deal(at, ns, 0)
        tap(at, keys.SHEET_ADD)
    at.selectbox(key=keys.SHEET_DELETE_WHICH).select(1).run()
    double_tap(at, keys.SHEET_DELETE)
    assert deals(at) == [(20, 0), (30, 0)]


def test_a_double_tap_on_new_match_keeps_one_undo_step():
    at = open_page("score_sheet.py")
    type_deal(at, 10, 0)
    tap(at, keys.SHEET_ADD)
    double_tap(at, keys.SHEET_CLEAR)
    tap(at, keys.SHEET_UNDO)
    assert deals(at) == [(10, 0)]


# --- the Score calculator and the Deal checker --------------------------------------------------------------

def test_a_double_tap_on_add_to_score_sheet_in_the_score_calculator_adds_once():
    at = open_page("score_calculator.py")
    at.number_input(key=keys.SCORE_POINTS_NS).set_value(100)
    at.run()
    double_tap(at, keys.SCORE_ADD_TO_SHEET)
    assert len(deals(at)) == 1


def test_a_double_tap_on_add_to_score_sheet_in_the_deal_checker_adds_once():
    at = open_page("deal_checker.py")
    at.selectbox(key=keys.DEAL_LIBRARY_FILE).select("deal-hokum-clean").run()
    at.button(key=keys.DEAL_LOAD_FILE).click().run()
    at.button(key=keys.DEAL_END).click().run()
    double_tap(at, keys.DEAL_ADD_TO_SHEET)
    assert deals(at) == [(11, 5)]


# --- the practice table: its taps are the card table's events (tests/app/test_play_page.py double-taps them) ---------

# --- the lessons ------------------------------------------------------------------------------------------------

CUTTING = {lesson.id: lesson for lesson in load_lessons()}["05-cutting"]


def test_a_double_tap_on_next_moves_one_step():
    at = open_page("lesson.py")
    at.selectbox(key=keys.LESSON_PICKER).select("05-cutting").run()
    double_tap(at, keys.LESSON_NEXT)
    assert at.subheader[0].value == CUTTING.steps[1].title


def test_a_double_tap_on_an_answer_counts_one_attempt():
    at = open_page("lesson.py")
    at.selectbox(key=keys.LESSON_PICKER).select("05-cutting").run()
    for _ in range(CUTTING.index("trump-lead-overtake")):
        tap(at, keys.LESSON_NEXT)
    double_tap(at, keys.lesson_card_key("05-cutting", "trump-lead-overtake", "7H"))
    record = at.session_state[keys.LESSON_PROGRESS]["05-cutting"]["answers"]["trump-lead-overtake"]
    assert record["attempts"] == 1
