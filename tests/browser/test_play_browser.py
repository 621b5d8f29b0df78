"""The practice table in a real browser on a phone: a whole deal played by tapping, an illegal card's reason,
and the match still there after a reload.

The test reads the match the page keeps in localStorage to know the cards, and taps what the heuristic
player would play, by the buttons' visible labels.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Page, expect

from explorer.engine.core.cards import Seat
from explorer.engine.core.i18n import ENGLISH
from explorer.engine.game.practice import Practice
from explorer.engine.game.state import Declare, Play, Stage
from explorer.engine.players import make_player
from explorer.engine.rules.bidding import legal_calls

pytestmark = pytest.mark.browser

SCRIPT_DONE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
KEY = "baloot-explorer:practice"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def kept(page: Page) -> Practice | None:
    text = page.evaluate(f"localStorage.getItem({json.dumps(KEY)})")
    return None if text is None else Practice.from_json(json.loads(text)["value"])


def wait_for_my_turn(page: Page, after: int) -> Practice:
    """The kept match once South is to act (or the deal is over) with more than ``after`` actions."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        p = kept(page)
        if p is not None and (len(p.state.actions) > after or p.state.finished) and \
                (p.state.finished or p.state.to_act is Seat.S):
            page.wait_for_selector(SCRIPT_DONE, timeout=30_000)
            return p
        page.wait_for_timeout(300)
    raise AssertionError("South's turn never came")


def no_sideways_scrolling(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.fixture
def phone(browser, base_url):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.goto(f"{base_url}/play")
    page.wait_for_selector(SCRIPT_DONE, timeout=30_000)
    expect(page.get_by_role("button", name="Start")).to_be_visible(timeout=30_000)
    page.get_by_test_id("stNumberInputField").fill("16")  # played to its end (no Sawa claim), South meets a card it may not play
    page.keyboard.press("Tab")
    page.get_by_role("button", name="Start").click()
    yield page
    ctx.close()


def test_a_whole_deal_is_played_by_tapping_on_a_phone_and_an_illegal_card_says_why(phone: Page):
    page = phone
    seen_illegal = False
    actions = -1
    for _ in range(40):
        p = wait_for_my_turn(page, actions)
        g = p.state
        if g.finished:
            break
        actions = len(g.actions)
        no_sideways_scrolling(page)
        view = g.view(Seat.S)
        choice = make_player("heuristic").choose(view).action
        if g.stage in (Stage.BIDDING, Stage.DOUBLING):
            label = next(v.call for v in legal_calls(g.bidding) if v.call == choice).message().render(ENGLISH)
            page.locator(".st-key-play-calls").get_by_role("button", name=label, exact=True).click()
            continue
        if isinstance(choice, Declare):                  # the page declares for South by itself
            continue
        legal = {a.card for a in g.legal_actions() if isinstance(a, Play)}
        illegal = [c for c in g.hand(Seat.S) if c not in legal]
        hand = page.locator(".st-key-play-hand")
        if illegal and not seen_illegal:
            hand.get_by_role("button", name=illegal[0].pretty, exact=True).click()
            expect(page.get_by_text("is not allowed", exact=False).first).to_be_visible()
            seen_illegal = True
            page.wait_for_selector(SCRIPT_DONE, timeout=30_000)
        hand.get_by_role("button", name=choice.card.pretty, exact=True).click()
    p = kept(page)
    assert p.state.finished
    if p.state.stage is Stage.OVER:
        expect(page.get_by_text(re.compile(r"^(This deal: Us \d+, Them \d+\.|Gahwa: .* wins the deal and the match\.)$"))
               ).to_be_visible()
        expect(page.get_by_role("button", name="Next deal")).to_be_visible()
    assert seen_illegal, "South never held a card it could not play in this deal"
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)


def test_the_match_in_progress_survives_a_reload(phone: Page):
    page = phone
    p = wait_for_my_turn(page, -1)
    page.reload()
    page.wait_for_selector(SCRIPT_DONE, timeout=30_000)
    expect(page.get_by_text("seed 16-1", exact=False)).to_be_visible(timeout=30_000)
    again = kept(page)
    assert again.deals[0].seed == "16-1" and again.state.actions[: len(p.state.actions)] == p.state.actions
