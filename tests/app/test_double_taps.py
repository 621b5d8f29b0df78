"""A button that adds, removes or plays acts once per tap: a double tap (two clicks sent before the page is drawn
again, as a phone sends them 50 ms apart) adds one deal, undoes one change, plays one card or call. A tap on the
page drawn after the action is a new intent and acts (:mod:`explorer.ui.shell.once`)."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from explorer.content.lessons import load_lessons
from explorer.engine.game import Play, Stage
from explorer.engine.players import make_player
from explorer.engine.rules.bidding import legal_calls
from explorer.ui import state as keys
from tests.app.taps import action, double_tap, tap

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


# --- the practice table ---------------------------------------------------------------------------------------

def start_practice(seed: int = 16) -> AppTest:  # seed 16: a deal played to its end, no Sawa claim
    at = open_page("play.py")
    at.number_input(key=keys.PLAY_SETUP_SEED).set_value(seed)
    action(at, keys.PLAY_START).click().run()
    assert not at.exception, at.exception
    return at


def practice(at: AppTest):
    return at.session_state[keys.PLAY_PRACTICE]


def until_me(at: AppTest, stage: Stage) -> AppTest:
    """Play on (South as the heuristic player, the next deal when one ends) until South is to act in ``stage``."""
    for _ in range(300):
        p = practice(at)
        g = p.state
        if g.to_act is p.human and g.stage is stage:
            return at
        if g.finished:
            tap(at, keys.PLAY_NEXT_DEAL)
        elif g.to_act is p.human:
            choice = make_player("heuristic").choose(g.view(p.human)).action
            if g.stage in (Stage.BIDDING, Stage.DOUBLING):
                tap(at, keys.play_call_key([v.call for v in legal_calls(g.bidding)].index(choice)))
            elif isinstance(choice, Play):
                tap(at, keys.play_card_key(str(choice.card)))
            else:
                at.run()                                 # South's projects, declared by the page
        else:
            at.run()                                     # one computer action a run under AppTest
        assert not at.exception, at.exception
    raise AssertionError(f"South never got the turn in {stage}")


def test_a_double_tap_on_a_call_makes_one_call():
    at = until_me(start_practice(), Stage.BIDDING)
    before = len(practice(at).state.actions)
    double_tap(at, keys.play_call_key(0))                # Pass, or the first call South has
    mine = [a for a in practice(at).state.actions[before:] if str(a).startswith("S:")]
    assert len(mine) == 1, practice(at).state.actions[before:]


def test_a_double_tap_on_a_card_plays_one_card_and_says_nothing_wrong():
    at = until_me(start_practice(), Stage.PLAY)
    p = practice(at)
    card = next(a.card for a in p.state.legal_actions() if isinstance(a, Play))
    hand = len(p.state.hand(p.human))
    double_tap(at, keys.play_card_key(str(card)))
    after = practice(at)
    assert len(after.state.hand(after.human)) == hand - 1
    assert not at.error, [e.value for e in at.error]     # no "not your turn" or "not in your hand" for the echo


def test_a_double_tap_on_take_back_takes_back_one_card():
    at = start_practice()
    for _ in range(2):                                   # two of South's cards played in this deal
        until_me(at, Stage.PLAY)
        p = practice(at)
        card = next(a.card for a in p.state.legal_actions() if isinstance(a, Play))
        tap(at, keys.play_card_key(str(card)))
    until_me(at, Stage.PLAY)
    hand = len(practice(at).state.hand(practice(at).human))
    double_tap(at, keys.PLAY_TAKE_BACK)
    assert len(practice(at).state.hand(practice(at).human)) == hand + 1


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
