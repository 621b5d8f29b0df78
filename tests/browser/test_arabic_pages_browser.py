"""Issue 24 on the pages, in a real browser: the tool pages in Arabic at 390×844 (phone) and 1280×720 (projector) lay
out right to left without cutting anything off, code stays left to right, and the arrow keys go the way the buttons'
arrows point."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.runs import act, at_rest, tap

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
PROJECTOR = {"viewport": {"width": 1280, "height": 720}}


def open_arabic(page: Page, base_url: str, path: str) -> None:
    page.goto(f"{base_url}/{path}?lang=ar")
    at_rest(page)
    expect(page.locator("html")).to_have_attribute("dir", "rtl")


def box(page: Page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def test_the_tool_pages_in_arabic_on_a_phone_keep_code_left_to_right_and_cut_nothing_off(browser: Browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        open_arabic(page, base_url, "deal_checker")                      # the YAML editor is code
        editor = page.locator(".st-key-deal-text textarea")
        expect(editor).to_have_css("direction", "ltr")
        expect(editor).to_have_css("text-align", "left")

        open_arabic(page, base_url, "trick_checker")                     # the seat selector fits its column
        seats = page.locator(".st-key-trick-leader")
        column = seats.bounding_box()
        buttons = seats.locator('button[data-variant="segmented_control"]')
        expect(buttons).to_have_count(4)
        for i in range(4):
            b = buttons.nth(i).bounding_box()
            assert column["x"] - 0.5 <= b["x"] and b["x"] + b["width"] <= column["x"] + column["width"] + 0.5, \
                f"seat button {i} sticks out of its column: {b} in {column}"
        first = buttons.first                                            # the first seat is on the right, rounded there
        expect(first).to_have_css("border-top-right-radius", re.compile(r"^[1-9]"))
        expect(first).to_have_css("border-top-left-radius", "0px")
        expect(page.locator(".st-key-trick-entry")).to_contain_text("\u2066KC 7C …\u2069")

        open_arabic(page, base_url, "score_sheet")                       # the still-to-go figures wrap, not clip
        value = page.locator(".st-key-bx-metrics-sheet [data-testid='stMetricValue']").nth(2)
        expect(value).to_contain_text("152")
        clipped = value.evaluate("e => [...e.querySelectorAll('*')].some(x => x.scrollWidth > x.clientWidth + 1)")
        assert not clipped, "the metric's value is cut off"

        open_arabic(page, base_url, "glossary")                          # the meaning gets the width of the screen
        meaning = box(page, ".bx-glossary tbody tr td:nth-child(3)")
        assert meaning["width"] > 300, f"the glossary's meaning column is {meaning['width']} px wide"
        widths = page.evaluate("() => [document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]")
        assert widths[0] <= widths[1], f"the page scrolls sideways: {widths}"
        expect(page.locator('[data-testid="stException"]')).to_have_count(0)
    finally:
        context.close()


def test_in_arabic_presentation_mode_the_left_arrow_key_goes_forward_like_the_next_button(browser: Browser, base_url):
    """The Next button's arrow points left in Arabic, and its key is ←; → goes back."""
    context = browser.new_context(**PROJECTOR)
    page = context.new_page()
    try:
        open_arabic(page, base_url, "library")
        show = page.locator('[class*="st-key-library-show-"] button').first
        show.scroll_into_view_if_needed()
        tap(page, show)
        bar = page.locator(".st-key-library-present-bar")
        expect(bar).to_contain_text(re.compile("الخطوة\\s*\u2066?1\u2069?\\s*من"))
        act(page, lambda: page.locator("body").press("ArrowLeft"))
        expect(bar).to_contain_text(re.compile("الخطوة\\s*\u2066?2\u2069?\\s*من"))
        act(page, lambda: page.locator("body").press("ArrowRight"))
        expect(bar).to_contain_text(re.compile("الخطوة\\s*\u2066?1\u2069?\\s*من"), timeout=30_000)
    finally:
        context.close()
