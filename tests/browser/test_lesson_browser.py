"""The Lessons page in a real browser: open the cutting lesson, answer a puzzle wrongly and rightly."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.runs import at_rest, pick, tap

pytestmark = pytest.mark.browser

PUZZLE = "trump-lead-overtake"
"""Lesson 5, step 4: West leads Q♥ (trumps); South holds K♥ 7♥ A♠ 8♣ and must overtake."""


def card_button(page: Page, card: str):
    """The button of one card in the puzzle's hand (Streamlit turns the key into a CSS class)."""
    return page.locator(f'[class*="st-key-lesson-q-05-cutting-{PUZZLE}-card-{card}-"] button')


def test_cutting_lesson_wrong_then_right(page: Page, base_url):
    page.goto(f"{base_url}/lesson")
    expect(page.get_by_role("heading", name="Lessons", level=1)).to_be_visible(timeout=30_000)
    at_rest(page)

    pick(page, page.get_by_role("combobox", name="Lesson"),
         page.get_by_role("option", name=re.compile("Playing and the cutting obligations")))
    expect(page.get_by_role("heading", name="How the play goes")).to_be_visible(timeout=30_000)

    for title in ("Holding the led suit", "Sun: no hearts", "Trump led by an opponent"):
        tap(page, page.get_by_role("button", name="Next ▶"))
        expect(page.get_by_role("heading", name=title)).to_be_visible()
    expect(page.locator(".bx-trick .bx-card")).to_have_count(1)     # West's Q♥ on the table

    tap(page, card_button(page, "7H"))                                 # illegal: K♥ must overtake
    error = page.locator('[data-testid="stAlertContentError"]')
    expect(error).to_contain_text("7♥ is not allowed", timeout=30_000)
    expect(error).to_contain_text("Try again")
    expect(error).not_to_contain_text("K♥")                           # the answer waits
    tap(page, page.get_by_role("button", name="Show the answer"))
    expect(error).to_contain_text("you must beat Q♥ with a higher trump: K♥", timeout=30_000)
    expect(page.locator('[data-testid="stAlertContentInfo"]')).to_contain_text("the King beats the Queen")

    tap(page, card_button(page, "KH"))                                 # legal, on the second try
    success = page.locator('[data-testid="stAlertContentSuccess"]')
    expect(success).to_contain_text("K♥ is legal", timeout=30_000)
    expect(success).to_contain_text("an opponent is winning with Q♥")
    expect(page.locator('[data-testid="stSidebar"]')).to_contain_text("0/13 right at the first try (+1 after a retry)")
    at_rest(page)
