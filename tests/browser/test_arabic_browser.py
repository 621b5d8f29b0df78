"""Issue 14 in a real browser: the app in Arabic on a phone (390×844, touch), right to left, no sideways scroll."""

import os
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.runs import at_rest, tap, wire

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
PUZZLE = "trump-lead-overtake"
"""Lesson 5, step 4: West leads Q♥ (trumps); South holds K♥ 7♥ A♠ 8♣ and must overtake."""
ISOLATES = "[\u2066-\u2069 ]*"
"""The bidi isolates around a card inside an Arabic sentence (they keep it left to right), and the space."""
SHOTS = os.environ.get("BX_SCREENSHOTS")
"""A folder to keep screenshots in (to look at them); unset, none are written."""


def no_sideways_scroll(page: Page) -> None:
    widths = page.evaluate("() => [document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]")
    assert widths[0] <= widths[1], f"the page scrolls sideways: scrollWidth {widths[0]} > clientWidth {widths[1]}"


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=False)


def test_a_lesson_question_in_arabic_on_a_phone_reads_right_to_left_without_sideways_scroll(browser: Browser,
                                                                                          base_url):
    context = browser.new_context(**PHONE)
    page = wire(context.new_page())
    try:
        page.goto(f"{base_url}/lesson?lang=ar&lesson=05-cutting")
        expect(page.get_by_role("heading", name="الدروس", level=1)).to_be_visible(timeout=30_000)
        at_rest(page)
        expect(page.locator("html")).to_have_attribute("dir", "rtl", timeout=45_000)  # the direction script can lag under load
        expect(page.locator("html")).to_have_attribute("lang", "ar")
        for step in (2, 3, 4):
            tap(page, page.get_by_role("button", name="التالي ◀"))
            expect(page.get_by_text(re.compile(f"الخطوة {ISOLATES}{step}{ISOLATES} من"))).to_be_visible()
        card = page.locator(f'[class*="st-key-lesson-q-05-cutting-{PUZZLE}-card-7H-"] button')
        expect(card).to_be_visible(timeout=30_000)
        expect(page.locator(".bx-trick .bx-card")).to_have_count(1)          # West's Q♥ on the table
        expect(page.locator(".bx-trick")).to_have_css("direction", "ltr")    # the table keeps its geography
        no_sideways_scroll(page)
        shot(page, "ar-phone-question")

        tap(page, card)                                                      # illegal: K♥ must overtake
        error = page.locator('[data-testid="stAlertContentError"]')
        expect(error).to_contain_text(re.compile(f"7♥{ISOLATES}ممنوعة"), timeout=30_000)
        expect(error).to_contain_text("حاول مرة أخرى")
        expect(error).not_to_contain_text("K♥")                              # the answer waits
        expect(error).to_have_css("direction", "rtl")
        tap(page, page.get_by_role("button", name="اعرض الإجابة"))
        expect(page.locator('[data-testid="stAlertContentInfo"]')).to_be_visible(timeout=30_000)

        tap(page, page.locator(f'[class*="st-key-lesson-q-05-cutting-{PUZZLE}-card-KH-"] button'))
        success = page.locator('[data-testid="stAlertContentSuccess"]')
        expect(success).to_contain_text(re.compile(f"K♥{ISOLATES}مسموحة"), timeout=30_000)
        assert not re.search(r"\b(?:is|the|not|allowed|legal)\b", success.inner_text()), success.inner_text()
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        expect(page.locator('[data-testid="stException"]')).to_have_count(0)
        no_sideways_scroll(page)
        shot(page, "ar-phone-answered")
    finally:
        context.close()


def test_the_disputed_trick_entered_by_taps_in_arabic_on_a_phone_gives_the_arabic_verdict(browser: Browser, base_url):
    """The Trick checker in Arabic on a phone: West leads K♣ in a hearts Hokum, North... South's 7♣ follows, and
    East holds Q♥ and no club: by taps only, the verdict line says in Arabic that Q♥ is the only legal card; the
    seat diagram keeps its geography (West on the left) and the page does not scroll sideways."""
    from tests.browser.test_phone_browser import card, verdict_bar

    context = browser.new_context(**PHONE)
    page = wire(context.new_page())
    try:
        page.goto(f"{base_url}/trick_checker?lang=ar")
        expect(page.get_by_role("heading", name="فاحص الأكلة", level=1)).to_be_visible(timeout=30_000)
        at_rest(page)
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        for locator in (page.locator(".st-key-trick-leader button", has_text="الغرب"), card(page, "table", "K♣"),
                        card(page, "table", "7♣"), card(page, "hand", "Q♥")):
            tap(page, locator)
        bar = verdict_bar(page, "trick")
        expect(bar).to_contain_text(re.compile(f"الدور على{ISOLATES}الشرق"), timeout=30_000)
        expect(bar).to_contain_text(re.compile(f"Q♥{ISOLATES}هي الورقة الوحيدة المسموحة"))
        expect(bar.locator('[data-testid="stMarkdownContainer"]').first).to_have_css("direction", "rtl")
        seats = page.locator(".bx-seatmap")
        expect(seats).to_have_css("direction", "ltr")                       # the table keeps its geography
        expect(seats.locator('[data-seat="S"][data-card="7C"]')).to_have_count(1)
        expect(seats.locator('.bx-sm-turn[data-seat="E"]')).to_contain_text("الدور")
        face = card(page, "hand", "A♠").locator("p")
        expect(face).to_have_css("direction", "ltr")                        # A♠ on its pill, not ♠A
        west, east = (seats.locator(f'.bx-sm-seat[data-seat="{s}"]').bounding_box() for s in ("W", "E"))
        assert west["x"] < east["x"], "West sits on the left of the diagram, East on the right"
        no_sideways_scroll(page)
        shot(page, "ar-phone-trick")
    finally:
        context.close()
