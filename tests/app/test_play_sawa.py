"""Sawa (سوا) at the practice table under AppTest: the button appears only when your team takes every trick left,
and a claim shows the rest of the deal at once, trick by trick, with the score."""

from __future__ import annotations

from explorer.engine.core.cards import Seat
from explorer.ui import state
from explorer.ui.shell import browser_store
from explorer.view.text import shown
from tests.app.taps import action
from tests.app.test_play_page import KEY, open_page, practice
from tests.engine.test_practice_sawa import _first


def said(at) -> str:
    return "\n".join(shown(str(e.value)) for e in (*at.markdown, *at.info, *at.success, *at.error))


def test_your_sawa_button_claims_every_trick_left_and_shows_the_rest_of_the_deal():
    p = _first(True)
    at = open_page(memory={KEY: browser_store.encode(p.to_json())})
    assert practice(at).state.to_act is Seat.S
    action(at, state.PLAY_SAWA).click().run()
    assert not at.exception, at.exception
    after = practice(at)
    assert after.state.finished and after.deals[-1].sawa is Seat.S
    text = said(at)
    assert "claimed Sawa: every trick left goes to" in text
    left = 8 - len(p.state.completed_tricks)
    assert text.count("won by") == left
    assert "a trick for the defence" not in text


def test_no_sawa_button_when_the_claim_would_fail():
    p = _first(False)
    at = open_page(memory={KEY: browser_store.encode(p.to_json())})
    assert practice(at).state.to_act is Seat.S
    assert not [b for b in at.button if b.key == state.PLAY_SAWA]
