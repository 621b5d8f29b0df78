"""The card table in Arabic in a real browser, on a phone and on a projector: the words right to left, the seats'
geography kept (West on the left, East on the right, North at the top), your hand held left to right, the turn badge
«دورك» over you, and the score, the trick, your hand and the calls in view without scrolling at 390x844 and at
1280x720; a call tapped by its Arabic label is played back and the table comes back to you."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from explorer.engine.game.practice import Look, Practice
from explorer.ui.shell.stored_text import encode
from tests.browser.test_play_browser import KEY, SCRIPT_DONE, in_view, settled

pytestmark = pytest.mark.browser

SIZES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
         "projector": {"viewport": {"width": 1280, "height": 720}}}


@pytest.fixture(params=list(SIZES))
def table(request, browser, base_url):
    ctx = browser.new_context(**SIZES[request.param])
    page = ctx.new_page()
    page.goto(f"{base_url}/play?lang=ar")
    page.wait_for_selector(SCRIPT_DONE, timeout=60_000)
    p = Practice.new(16, look=Look(pace="fast"))                 # South's first call of seed 16's deal
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, encode(p.to_json())])
    page.goto(f"{base_url}/play?lang=ar")
    settled(page)
    yield page
    ctx.close()


def test_the_arabic_table_reads_right_to_left_keeps_the_seats_and_fits_the_screen(table: Page):
    page = table
    root = page.locator(".bx-root")
    assert page.evaluate("document.documentElement.dir") == "rtl" and root.get_attribute("dir") == "rtl"
    west, east, north = (page.locator(f'.bx-seat[data-seat="{s}"]').bounding_box() for s in "WEN")
    assert west["x"] < east["x"] and north["y"] < west["y"], "the table's geography is kept"
    assert page.locator(".bx-hand").evaluate("e => getComputedStyle(e).direction") == "ltr", "cards held left to right"
    expect(page.locator('.bx-seat[data-seat="S"] .bx-turnbadge')).to_have_text("دورك")
    for part in (".bx-score", ".bx-center", ".bx-hand", ".bx-calls"):
        in_view(page, part)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    calls = page.locator(".bx-calls .bx-act")
    expect(calls.first.locator(".bx-help")).not_to_be_empty()                # the tutor's line under each call
    seq = root.get_attribute("data-seq")
    page.locator('.bx-calls .bx-act[data-action="S: pass"]').click()
    settled(page, seq)
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
