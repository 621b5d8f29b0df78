"""Sawa (سوا) at the practice table under AppTest: the table offers the claim only when your team takes every trick
left, and a claim shows the rest of the deal at once: the table is given its cards as quick frames, and the end of
the deal lists the claimed tricks."""

from __future__ import annotations

from explorer.engine.core.cards import Seat
from explorer.ui.shell import browser_store
from tests.app.table_taps import data, tap
from tests.app.test_play_page import KEY, open_page, practice
from tests.engine.test_practice_sawa import _first


def test_your_sawa_claims_every_trick_left_and_the_table_shows_the_rest_of_the_deal_quickly():
    p = _first(True)
    at = open_page(memory={KEY: browser_store.encode(p.to_json())})
    assert practice(at).state.to_act is Seat.S and data(at)["you"]["sawa"]
    tap(at, {"do": "sawa"})
    after = practice(at)
    assert after.state.finished and after.deals[-1].sawa is Seat.S
    frames = data(at)["frames"]
    assert len(frames) == 32 - len(p.state.played) and all(f["quick"] for f in frames)
    claim = data(at)["over"]["claim"]
    assert "claimed Sawa: every trick left goes to us." in claim[0]      # from your chair, not the code "NS"
    left = 8 - len(p.state.completed_tricks)
    assert len(claim) == left + 1 and all("won by" in line for line in claim[1:])


def test_no_sawa_offered_when_the_claim_would_fail_and_a_forced_claim_says_why():
    p = _first(False)
    at = open_page(memory={KEY: browser_store.encode(p.to_json())})
    assert practice(at).state.to_act is Seat.S and not data(at)["you"]["sawa"]
    tap(at, {"do": "sawa"})
    assert practice(at).deals == p.deals
    assert data(at)["notice"]["text"].startswith("Sawa fails")
