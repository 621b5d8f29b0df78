"""The Puzzles page under AppTest (the browser store answers from ``session_state[STORE_MEMORY]``): the daily puzzle
solved at the first tap moves the rating and starts the streak, and a reload keeps both; a wrong card says what it
loses, queues the puzzle and lets you retry; the queue's puzzle leaves it when solved; an illegal card is not an
attempt; damaged progress gives one message; a card the practice review flags comes back as a position to retry."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from explorer.engine.files.kinds.puzzle import recorded
from explorer.engine.files.scenario import resolve_profile
from explorer.engine.game.practice import Practice
from explorer.engine.game.state import Play
from explorer.engine.puzzles import collection
from explorer.engine.puzzles.prove import legal_cards
from explorer.ui import state
from explorer.ui.puzzles import board
from explorer.ui.shell import browser_store
from tests.app.taps import action, double_tap, tap

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"
PAGE = "app_pages/puzzles.py"
KEY = browser_store.storage_key("puzzles")
DAY = "2026-12-03"


@pytest.fixture(autouse=True)
def fixed_day(monkeypatch):
    monkeypatch.setattr(board, "today", lambda: DAY)


def open_page(memory: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    if memory is not None:
        at.session_state[state.STORE_MEMORY] = dict(memory)
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def kept(at: AppTest) -> dict:
    return json.loads(at.session_state[state.STORE_MEMORY][KEY])["value"]


def verdict(puzzle_id: str):
    e = collection.by_id(collection.load(), puzzle_id)
    return recorded(e.doc, resolve_profile(e.doc.get("profile")))


def shown_id(at: AppTest) -> str:
    return at.session_state[state.PUZZLES_TRY]["id"]


def card_key(card) -> str:
    return state.puzzles_card_key(str(card))


def drawn(at: AppTest, key: str) -> bool:
    """Whether the action button ``key`` is on the page (its key is ``<key>@<count>``)."""
    return any((b.key or "").rpartition("@")[0] == key for b in at.button)


def texts(elements) -> str:
    return "\n".join(e.value for e in elements)


def test_the_daily_puzzle_solved_at_the_first_tap_raises_the_rating_and_a_reload_keeps_the_streak():
    at = open_page()
    daily = collection.daily(collection.load(), DAY)
    assert shown_id(at) == daily.id
    v = verdict(daily.id)
    for card in v.answer:                      # a line of two: the second card after the others' replies
        tap(at, card_key(card))
    assert "Right" in texts(at.success)
    assert "is the answer" in texts(at.markdown)
    value = kept(at)
    assert value["player"]["rating"] > 1500 and value["daily"] == {"last": DAY, "streak": 1, "best": 1}
    again = open_page(at.session_state[state.STORE_MEMORY])
    assert "Today's puzzle is solved: 1 day in a row." in texts(again.success)
    assert "Your rating 1" in texts(again.caption) and f"rating {round(value['player']['rating'])}" in texts(again.caption)


def test_the_daily_puzzle_opened_again_once_solved_shows_its_solution_and_is_not_rated_again():
    at = open_page()
    daily = collection.daily(collection.load(), DAY)
    for card in verdict(daily.id).answer:
        tap(at, card_key(card))
    rating = kept(at)["player"]["rating"]
    again = open_page(at.session_state[state.STORE_MEMORY])          # a reload
    assert "is the answer" in texts(again.markdown)                 # the solution on the board
    assert not drawn(again, card_key(verdict(daily.id).answer[0])), "no hand to tap again"
    again.segmented_control(key=state.PUZZLES_MODE).set_value("rated").run()
    again.segmented_control(key=state.PUZZLES_MODE).set_value("daily").run()   # another mode and back
    assert not drawn(again, card_key(verdict(daily.id).answer[0]))
    value = kept(again)
    assert value["player"]["rating"] == rating and value["puzzles"][daily.id]["tries"] == 1


def test_the_daily_puzzle_found_after_its_answer_was_shown_does_not_count_the_day():
    at = open_page()
    daily = collection.daily(collection.load(), DAY)
    tap(at, state.PUZZLES_REVEAL)
    again = open_page(at.session_state[state.STORE_MEMORY])          # a reload, the hand to tap again
    for card in verdict(daily.id).answer:
        tap(again, card_key(card))
    value = kept(again)
    assert value["daily"]["last"] != DAY and value["puzzles"][daily.id]["tries"] == 1
    assert "Today's puzzle is solved" not in texts(again.success)


def test_a_puzzle_rated_once_is_not_rated_again_when_met_again():
    at = open_page()
    at.segmented_control(key=state.PUZZLES_MODE).set_value("rated").run()
    pid = shown_id(at)
    v = verdict(pid)
    tap(at, card_key(v.steps[0].proof.losses[0].card))               # a miss: rated
    rating = kept(at)["player"]["rating"]
    at.session_state[state.PUZZLES_TRY] = None                      # the same puzzle met again (a new try)
    at.run()
    assert shown_id(at) == pid and "not rated" in texts(at.caption)
    for card in v.answer:
        tap(at, card_key(card))
    value = kept(at)
    assert value["player"]["rating"] == rating and value["puzzles"][pid]["tries"] == 1
    assert value["mistakes"] == [], "found on a later try: it leaves the queue"
    tap(at, state.PUZZLES_NEXT)
    assert shown_id(at) != pid, "Rated offers a puzzle not tried yet"


def test_a_wrong_card_says_what_it_loses_queues_the_puzzle_and_the_queue_lets_it_go_once_solved():
    at = open_page()
    at.segmented_control(key=state.PUZZLES_MODE).set_value("rated").run()
    pid = shown_id(at)
    v = verdict(pid)
    wrong = v.steps[0].proof.losses[0].card
    tap(at, card_key(wrong))
    assert "loses" in texts(at.error) and "Try again" in texts(at.error)
    value = kept(at)
    assert value["mistakes"] == [pid] and value["player"]["rating"] < 1500
    for card in v.answer:
        tap(at, card_key(card))
    assert "Right" in texts(at.success)
    assert kept(at)["mistakes"] == [pid], "solved after a miss: still to retry later"
    at.segmented_control(key=state.PUZZLES_MODE).set_value("mistakes").run()
    assert shown_id(at) == pid
    rating = kept(at)["player"]["rating"]
    for card in v.answer:
        tap(at, card_key(card))
    value = kept(at)
    assert value["mistakes"] == [] and value["player"]["rating"] == rating, "a retry from the queue is not rated"


def test_an_illegal_card_says_the_rule_and_is_not_an_attempt():
    for e in collection.load():
        v = verdict(e.id)
        g = v.steps[0].state
        illegal = [c for c in g.hand(g.to_act) if c not in legal_cards(g)]
        if illegal:
            break
    else:
        pytest.skip("no shipped puzzle has an illegal card in hand")
    at = open_page()
    at.session_state[state.PUZZLES_SHOWN] = {"mode": "rated", "kind": "puzzle", "id": e.id}
    at.segmented_control(key=state.PUZZLES_MODE).set_value("rated").run()
    assert shown_id(at) == e.id
    tap(at, card_key(illegal[0]))
    reason = g.why_not(Play(illegal[0], False, g.to_act)).reason.render()
    assert at.info and not at.error
    assert reason.split(" ")[0] in texts(at.info)
    assert KEY not in at.session_state[state.STORE_MEMORY] or kept(at)["attempts"] == []


def test_damaged_progress_gives_one_message_and_the_page_starts_fresh():
    at = open_page({KEY: browser_store.encode({"player": {"rating": "high"}})})
    assert len(at.error) == 1 and "puzzle progress kept in this browser could not be read" in at.error[0].value
    assert "Your rating 1500" in texts(at.caption)
    assert action(at, card_key(next(iter(verdict(shown_id(at)).answer))))


def _practice_with_a_costly_card() -> Practice:
    """A one-deal practice whose human plays at random (seed 1: the review flags 9♦ in trick 1, K♦ is proved)."""
    p = Practice.new(seed=1, goal="deal")
    rng = random.Random(1)
    while not p.state.finished:
        if p.waiting_for_computer:
            p = p.step()
            continue
        acts = p.state.legal_actions()
        plays = [a for a in acts if isinstance(a, Play)]
        p = p.play(rng.choice(plays) if plays else acts[0])
    return p


def test_a_card_the_practice_review_flags_comes_back_as_a_position_to_retry():
    p = _practice_with_a_costly_card()
    at = open_page({browser_store.storage_key("practice"): browser_store.encode(p.to_json())})
    at.segmented_control(key=state.PUZZLES_MODE).set_value("mistakes").run()
    at.button(key=state.PUZZLES_REVIEW).click().run()
    assert not at.exception, at.exception
    retries = kept(at)["retries"]
    assert len(retries) == 1 and retries[0]["played"] not in retries[0]["accepted"]
    assert shown_id(at) == retries[0]["key"]
    tap(at, card_key(retries[0]["played"]))
    assert "not the answer" in texts(at.error)
    tap(at, card_key(retries[0]["accepted"][0]))
    assert kept(at)["retries"] == [] and kept(at)["reviewed"]
    stored = json.loads(at.session_state[state.STORE_MEMORY][browser_store.storage_key("practice")])["value"]
    assert stored == p.to_json(), "the practice match is only read"


def test_a_double_tap_on_a_card_is_one_attempt():
    at = open_page()
    at.segmented_control(key=state.PUZZLES_MODE).set_value("rated").run()
    pid = shown_id(at)
    v = verdict(pid)
    double_tap(at, card_key(v.steps[0].proof.losses[0].card))
    value = kept(at)
    assert len(value["attempts"]) == 1 and value["puzzles"][pid]["tries"] == 1
    assert at.session_state[state.PUZZLES_TRY]["wrong"] == [str(v.steps[0].proof.losses[0].card)]


def test_a_stored_position_the_rules_refuse_is_said_and_leaves_the_queue():
    forged = {"player": {"rating": 1500, "rd": 350, "vol": 0.06},
              "retries": [{"key": "1-1@3", "seed": "1-1", "dealer": "S", "match": [0, 0], "profile": "detailed",
                           "actions": ["S: play AS"], "played": "AS", "accepted": ["KS"]}]}
    at = open_page({KEY: browser_store.encode(forged)})
    at.segmented_control(key=state.PUZZLES_MODE).set_value("mistakes").run()
    assert not at.exception, at.exception
    assert "cannot be set up again" in texts(at.warning)
    assert kept(at)["retries"] == []


def test_showing_the_answer_counts_as_a_miss_and_plays_the_solution_out():
    at = open_page()
    at.segmented_control(key=state.PUZZLES_MODE).set_value("rated").run()
    pid = shown_id(at)
    tap(at, state.PUZZLES_REVEAL)
    v = verdict(pid)
    assert "The answer" in texts(at.info) and "is the answer" in texts(at.markdown)
    assert kept(at)["mistakes"] == [pid] and not [b for b in at.button if (b.key or "").startswith(state.PUZZLES_CARD_PREFIX)]
    assert any(str(c.pretty) in texts(at.info) for c in v.answer)


@pytest.mark.parametrize("change", [
    pytest.param({"profile": {"base": "nope"}}, id="unknown-rules"),
    pytest.param({"actions": []}, id="not-a-card-to-play"),
    pytest.param({"actions": ["S: **bold** [link](https://example.com)"]}, id="markdown-action"),
])
def test_a_forged_position_in_the_queue_is_said_as_plain_text_and_leaves_it(change):
    forged = {"player": {"rating": 1500, "rd": 350, "vol": 0.06},
              "retries": [{"key": "1-1@3", "seed": "1-1", "dealer": "S", "match": [0, 0], "profile": "detailed",
                           "actions": ["E: pass"], "played": "AS", "accepted": ["KS"], **change}]}
    at = open_page({KEY: browser_store.encode(forged)})
    at.segmented_control(key=state.PUZZLES_MODE).set_value("mistakes").run()
    assert not at.exception, at.exception
    at.run()                                  # the browser's answer to the write runs the page again: still said
    said = [w.value for w in at.warning if "cannot be set up again" in w.value]
    assert len(said) == 1 and "**" not in said[0] and "](" not in said[0], said
    assert kept(at)["retries"] == []
