"""Done when (issue 23): on a phone (390×844, touch) a learner opens Puzzles, solves the daily puzzle (the streak
and the rating kept through a reload), misses a rated puzzle, and retries it from the mistakes queue."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from explorer.engine.puzzles import collection
from explorer.ui.puzzles.board import today
from tests.browser.runs import at_rest, tap

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
SCRIPT_DONE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
KEY = "baloot-explorer:puzzles"


def settle(page: Page) -> None:
    at_rest(page)


def kept(page: Page) -> dict:
    text = page.evaluate(f"localStorage.getItem({json.dumps(KEY)})")
    return {} if text is None else json.loads(text)["value"]


def tap_card(page: Page, card: str) -> None:
    tap(page, page.locator(f'[class*="st-key-puzzles-card-{card}-"] button'))


def shown_id(page: Page) -> str:
    caption = page.locator('[data-testid="stCaptionContainer"]').filter(has_text=re.compile(r"Puzzle \d+-\d+"))
    expect(caption.first).to_be_visible(timeout=60_000)
    return re.search(r"Puzzle (\d+-\d+)", caption.first.inner_text()).group(1)


def solve(page: Page, answer: list[str]) -> None:
    """Tap the answer's cards in turn: after each but the last the page asks for the next card, after the last it
    plays the solution out."""
    for i, card in enumerate(answer):
        tap_card(page, card)
        if i + 1 < len(answer):
            expect(page.get_by_text("now your next card")).to_be_visible(timeout=60_000)
        else:
            expect(page.get_by_text("The solution, played out")).to_be_visible(timeout=60_000)
        settle(page)


def doc(puzzle_id: str) -> dict:
    return collection.by_id(collection.load(), puzzle_id).doc


def test_a_learner_solves_the_daily_puzzle_on_a_phone_then_retries_a_missed_one_from_the_queue(browser: Browser,
                                                                                               base_url: str):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        page.goto(f"{base_url}/puzzles")
        settle(page)
        daily = shown_id(page)
        assert daily == collection.daily(collection.load(), today()).id
        settle(page)
        solve(page, doc(daily)["answer"])
        page.wait_for_function(f"() => (localStorage.getItem({json.dumps(KEY)}) || '').includes('\"streak\":1')",
                               timeout=30_000)
        rating = round(kept(page)["player"]["rating"])
        assert rating > 1500

        page.reload()
        expect(page.get_by_text("Today's puzzle is solved: 1 day in a row.")).to_be_visible(timeout=60_000)
        expect(page.get_by_text(f"Your rating {rating}")).to_be_visible()

        settle(page)
        tap(page, page.get_by_text("Rated", exact=True))
        rated = shown_id(page)
        while rated == daily:
            rated = shown_id(page)
        d = doc(rated)
        wrong = next(iter(d["losses"][0]))
        tap_card(page, wrong)
        expect(page.locator('[data-testid="stAlertContentError"]')).to_contain_text("loses", timeout=60_000)
        settle(page)
        page.wait_for_function(f"() => (localStorage.getItem({json.dumps(KEY)}) || '').includes('\"mistakes\":[\"{rated}\"]')",
                               timeout=30_000)

        tap(page, page.get_by_text(re.compile(r"My mistakes \(1\)")))
        assert shown_id(page) == rated
        solve(page, d["answer"])
        page.wait_for_function(f"() => (localStorage.getItem({json.dumps(KEY)}) || '').includes('\"mistakes\":[]')",
                               timeout=30_000)
        expect(page.locator('[data-testid="stException"]')).to_have_count(0)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    finally:
        context.close()
