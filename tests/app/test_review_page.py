"""The review of a deal's card play on the Deal checker, for any record, and the practice table's links to it."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from explorer.engine.core.cards import Seat
from explorer.engine.files.scenario import dump_yaml
from explorer.engine.game.state import GameState
from explorer.engine.players.selfplay import play_deal, table
from explorer.ui import state
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"


def open_deal_checker_with(doc: dict, *, at_position: int | None = None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=120).run()
    at.session_state[state.page_key(state.DEAL, state.INCOMING)] = {"doc": doc, "source": "a test"}
    if at_position is not None:
        at.session_state[state.DEAL_OPEN_AT] = at_position
    at.switch_page("app_pages/deal_checker.py").run()
    assert not at.exception, at.exception
    return at


def _random_deal(seed: int) -> dict:
    g, _ = play_deal(GameState.new(seed, dealer=Seat.W), table("random", "random", seed=seed))
    assert g.result is not None
    return g.record()


def test_any_deal_record_can_be_reviewed_and_each_mistake_goes_to_its_moment():
    doc = _random_deal(46)
    at = open_deal_checker_with(doc)
    at.multiselect(key=state.DEAL_REVIEW_SEATS).set_value(["S", "N"]).run()
    action(at, state.DEAL_REVIEW).click().run()
    assert not at.exception, at.exception
    _, seats, rv = at.session_state[state.DEAL_REVIEW_RESULT]
    assert seats == ("S", "N") and rv.mistakes, "random play makes mistakes"
    d = rv.mistakes[0]
    action(at, state.deal_review_go_key(0)).click().run()
    assert at.session_state[state.DEAL_POS] == d.cards_played
    assert any("was better by" in m.value for m in at.markdown)


def test_a_deal_sent_from_another_page_opens_at_the_moment_asked():
    doc = _random_deal(47)
    at = open_deal_checker_with(doc, at_position=9)
    assert at.session_state[state.DEAL_POS] == 9
    assert at.session_state[state.DEAL_TEXT] == dump_yaml(doc)
