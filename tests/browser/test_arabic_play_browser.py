"""The practice table in Arabic in a real browser, on a phone and on a projector: a deal played by tapping the
Arabic call buttons and the cards, an illegal card's reason in Arabic, the page right to left without sideways
scrolling while the hand stays left to right, and the Deal checker opened from the table still in Arabic."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from explorer.engine.core.cards import Seat
from explorer.engine.game.state import Declare, Play, Stage
from explorer.engine.players import make_player
from explorer.engine.rules.bidding import legal_calls
from explorer.view import practice as pv
from tests.browser.test_play_browser import SCRIPT_DONE, kept, no_sideways_scrolling, wait_for_my_turn

pytestmark = pytest.mark.browser

ARABIC = re.compile(r"[\u0600-\u06FF]")
SIZES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
         "projector": {"viewport": {"width": 1280, "height": 720}}}


@pytest.fixture(params=list(SIZES))
def table(request, browser, base_url):
    ctx = browser.new_context(**SIZES[request.param])
    page = ctx.new_page()
    page.goto(f"{base_url}/play?lang=ar")
    page.wait_for_selector(SCRIPT_DONE, timeout=30_000)
    start = page.locator("button", has_text="ابدأ")
    expect(start).to_be_visible(timeout=30_000)
    page.get_by_test_id("stNumberInputField").fill("16")  # played to its end (no Sawa claim), South meets a card it may not play
    page.keyboard.press("Tab")
    start.click()
    yield page
    ctx.close()


def test_a_deal_is_played_in_arabic_right_to_left_with_the_hand_left_to_right(table: Page):
    page = table
    assert page.evaluate("document.documentElement.dir") == "rtl"
    arabic = pv.style({}, "ar")
    seen_illegal = False
    actions = -1
    for _ in range(40):
        p = wait_for_my_turn(page, actions)
        g = p.state
        if g.finished:
            break
        actions = len(g.actions)
        no_sideways_scrolling(page)
        choice = make_player("heuristic").choose(g.view(Seat.S)).action
        if g.stage in (Stage.BIDDING, Stage.DOUBLING):
            call = next(v.call for v in legal_calls(g.bidding) if v.call == choice)
            label = pv.call_word(call, round_two=pv.in_round_two(g.bidding)).render(arabic)
            label = re.sub("[\u2066-\u2069]", "", label)
            page.locator(".st-key-play-calls").get_by_role("button", name=label, exact=True).click()
            continue
        if isinstance(choice, Declare):
            continue
        hand = page.locator(".st-key-play-hand")
        assert hand.evaluate("e => getComputedStyle(e).direction") == "ltr", "the hand is held left to right"
        first = hand.get_by_role("button").first
        assert first.evaluate("e => getComputedStyle(e.querySelector('p') || e).direction") == "ltr"
        legal = {a.card for a in g.legal_actions() if isinstance(a, Play)}
        illegal = [c for c in g.hand(Seat.S) if c not in legal]
        if illegal and not seen_illegal:
            hand.get_by_role("button", name=illegal[0].pretty, exact=True).click()
            alert = page.locator('[data-testid="stAlertContentError"]').first
            expect(alert).to_contain_text("ممنوعة")
            seen_illegal = True
            page.wait_for_selector(SCRIPT_DONE, timeout=30_000)
        hand.get_by_role("button", name=choice.card.pretty, exact=True).click()
    p = kept(page)
    assert p.state.finished and seen_illegal
    if p.state.stage is Stage.OVER:
        said = page.locator('[data-testid="stAlertContentSuccess"]').first.inner_text()
        assert re.match(r"^(هذه الجولة: لنا \d+، لهم \d+\.|قهوة)", re.sub("[\u2066-\u2069]", "", said)), said
        no_sideways_scrolling(page)
        page.locator("button", has_text="افتحها في فاحص الجولة").click()
        page.wait_for_url(re.compile(r"/deal_checker\?lang=ar"), timeout=30_000)
        page.wait_for_selector(SCRIPT_DONE, timeout=30_000)
        assert page.evaluate("document.documentElement.dir") == "rtl"
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
