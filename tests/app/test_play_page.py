"""The practice table under AppTest: start a match, play a whole deal by its buttons, be told why a card or a
call is refused, take a card back, and find the match again in a new session (the browser store answers from
``session_state[STORE_MEMORY]`` under AppTest)."""

from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from explorer.engine.core.cards import Seat
from explorer.engine.game.practice import Practice
from explorer.engine.game.state import Declare, Play, Stage
from explorer.engine.players import make_player
from explorer.engine.rules.bidding import legal_calls
from explorer.ui import state
from explorer.ui.shell import browser_store
from explorer.view.text import shown
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"
PAGE = "app_pages/play.py"
KEY = browser_store.storage_key("practice")


def open_page(*, memory: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    if memory is not None:
        at.session_state[state.STORE_MEMORY] = dict(memory)
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def start(at: AppTest, seed: int = 12, **setup) -> AppTest:
    at.number_input(key=state.PLAY_SETUP_SEED).set_value(seed)     # a form: its values go with the submit
    for key, value in setup.items():
        at.segmented_control(key=key).set_value(value)
    action(at, state.PLAY_START).click().run()
    assert not at.exception, at.exception
    return at


def practice(at: AppTest) -> Practice:
    return at.session_state[state.PLAY_PRACTICE]


def until_me(at: AppTest) -> AppTest:
    """Rerun while the computer players act (one action a run under AppTest)."""
    for _ in range(80):
        p = practice(at)
        if p.state.finished or p.state.to_act is p.human:
            return at
        at.run()
        assert not at.exception, at.exception
    raise AssertionError("the computer players never gave South the turn")


def act(at: AppTest) -> AppTest:
    """South acts through the page's buttons, choosing as the heuristic player would."""
    p = practice(at)
    g = p.state
    choice = make_player("heuristic").choose(g.view(p.human)).action
    if g.stage in (Stage.BIDDING, Stage.DOUBLING):
        i = [v.call for v in legal_calls(g.bidding)].index(choice)
        action(at, state.play_call_key(i)).click().run()
    elif isinstance(choice, Declare):
        at.run()                                           # declared for South by the page
    else:
        action(at, state.play_card_key(str(choice.card))).click().run()
    assert not at.exception, at.exception
    return at


def test_the_table_starts_with_the_setup_and_deals_a_seeded_match():
    at = open_page()
    assert action(at, state.PLAY_START)
    start(at, seed=12)
    p = practice(at)
    assert p.seed == 12 and p.deals[0].seed == "12-1" and p.human is Seat.S
    assert any("seed 12-1" in shown(c.value) for c in at.caption)


def test_a_whole_deal_is_played_through_the_page_and_scored():
    at = start(open_page(), seed=12)
    for _ in range(60):
        until_me(at)
        if practice(at).state.finished:
            break
        act(at)
    g = practice(at).state
    assert g.finished
    if g.stage is Stage.OVER:
        assert any("This deal" in shown(s.value) or "Gahwa" in shown(s.value) for s in at.success)
        assert at.table, "the scoring pipeline is shown"
        assert action(at, state.PLAY_NEXT_DEAL)


def test_an_illegal_card_is_refused_with_the_engines_reason():
    at = start(open_page(), seed=12)
    illegal = []
    for _ in range(200):                       # play on (deal after deal) to South's first card that breaks a rule
        until_me(at)
        g = practice(at).state
        if g.finished:
            action(at, state.PLAY_NEXT_DEAL).click().run()
            continue
        if g.stage is Stage.PLAY and not any(isinstance(a, Declare) for a in g.legal_actions()):
            legal = {a.card for a in g.legal_actions() if isinstance(a, Play)}
            illegal = [c for c in g.hand(Seat.S) if c not in legal]
            if illegal:
                break
        act(at)
    assert illegal, "South never held a card it could not play"
    before = practice(at).deals[-1].actions
    action(at, state.play_card_key(str(illegal[0]))).click().run()
    assert practice(at).deals[-1].actions == before
    assert any("is not allowed" in shown(e.value) for e in at.error)


def test_an_illegal_call_button_says_why_it_is_refused():
    at = until_me(start(open_page(), seed=12))
    g = practice(at).state
    assert g.stage is Stage.BIDDING and g.to_act is Seat.S
    refused = [(i, v) for i, v in enumerate(legal_calls(g.bidding)) if not v.legal]
    i, v = refused[0]
    action(at, state.play_call_key(i)).click().run()
    assert practice(at).deals[-1].actions == g.actions and len(g.actions) == len(practice(at).state.actions)
    assert at.error and at.error[0].value


def test_take_back_undoes_souths_last_card():
    at = start(open_page(), seed=12)
    for _ in range(60):
        until_me(at)
        g = practice(at).state
        if g.stage is Stage.PLAY and g.to_act is Seat.S and any(a.startswith("S: play") for a in
                                                                 practice(at).deals[-1].actions):
            break
        act(at)
    hand = practice(at).state.hand(Seat.S)
    action(at, state.PLAY_TAKE_BACK).click().run()
    assert len(practice(at).state.hand(Seat.S)) == len(hand) + 1


def test_the_match_comes_back_in_a_new_session():
    at = start(open_page(), seed=14)
    until_me(at)
    act(at)
    kept = json.loads(at.session_state[state.STORE_MEMORY][KEY])["value"]
    assert kept["seed"] == 14
    again = open_page(memory=at.session_state[state.STORE_MEMORY])
    assert practice(again).seed == 14 and practice(again).deals[0].seed == "14-1"
    assert practice(again).deals[-1].actions[: len(kept["deals"][-1]["actions"])] == \
        tuple(kept["deals"][-1]["actions"])


def test_a_damaged_kept_match_gives_one_message_and_the_setup():
    memory = {KEY: json.dumps({"app": "baloot-explorer", "format": 1, "value": {"format": 1, "seed": "x"}})}
    at = open_page(memory=memory)
    assert action(at, state.PLAY_START)
    text = " ".join(str(e.value) for e in at.error) + " ".join(str(c.value) for c in at.code)
    assert "seed" in text


def test_next_deal_after_the_most_deals_a_practice_keeps_says_so():
    from explorer.engine.game.practice import MAX_DEALS
    from tests.engine.test_practice import redeals

    at = open_page(memory={KEY: browser_store.encode(redeals(5, MAX_DEALS))})
    action(at, state.PLAY_NEXT_DEAL).click().run()
    assert not at.exception, at.exception
    assert any("the most a practice keeps" in shown(e.value) for e in at.error), [e.value for e in at.error]
    assert len(practice(at).deals) == MAX_DEALS
