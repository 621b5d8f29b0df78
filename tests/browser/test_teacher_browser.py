"""The teacher with a projector (1280×720, Large cards on) and the phone (390×844, touch), in Chromium.

A presentation opens at its top and every step of it fits one 720-pixel screen; Compare rules shows its
verdicts within the first screen; a page switched to by a button keeps the sidebar's rules profile and
Large cards; the library's search survives a presentation; every page opens at both sizes with no
exception and nothing wider than the screen.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from explorer.content.library import load_library
from explorer.view import nav
from tests.browser.runs import at_rest, enter, pick, tap

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
ENTRIES = {e.stem: e for e in load_library()}
PRESENTED = ["play-void-cannot-win-free", "deal-illegal-card", "projects-four-kind-beats-five-run",
             "score-kaboot-sun-with-sira"]
"""The tallest step of each kind but bidding (measured over all 69 files at 1280×720: a deal's illegal card
636 px, a play verdict 613, a Kaboot's award 259, a projects hand 314, bidding 343)."""


def open_page(page: Page, base_url: str, path: str) -> None:
    page.goto(f"{base_url}/{path}")
    expect(page.locator('[data-testid="stMain"] h1').first).to_be_visible(timeout=30_000)
    at_rest(page)


def sidebar_large_cards(page: Page) -> None:
    tap(page, page.locator('[data-testid="stSidebar"]').get_by_text("Large cards (projector)"))


def visible(page: Page, selector: str):
    return page.locator(f"{selector}:visible").first


def main_scroll(page: Page) -> dict:
    return page.evaluate("""() => { const m = document.querySelector('[data-testid="stMain"]');
        return {top: m.scrollTop, scrollWidth: m.scrollWidth, clientWidth: m.clientWidth,
                docWidth: document.documentElement.scrollWidth, window: window.innerWidth}; }""")


def content_bottom(page: Page) -> int:
    """The lowest bottom edge of anything drawn in the page's main block, in viewport pixels."""
    return page.evaluate("""() => { let bottom = 0;
        for (const el of document.querySelectorAll('[data-testid="stMainBlockContainer"] *')) {
          const r = el.getBoundingClientRect();
          if (r.width > 0 && r.height > 0) bottom = Math.max(bottom, r.bottom); }
        return Math.round(bottom); }""")


@pytest.fixture
def projector(browser: Browser):
    context = browser.new_context(viewport=PROJECTOR)
    yield context.new_page()
    context.close()


@pytest.fixture
def phone(browser: Browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    yield context.new_page()
    context.close()


def present(page: Page, stem: str) -> int:
    """Press the library's Present button of ``stem`` (scrolling to it); the number of steps."""
    button = visible(page, f".st-key-library-show-{stem} button")
    button.scroll_into_view_if_needed()
    tap(page, button)
    expect(page.locator(".st-key-library-present-bar")).to_be_visible()
    return int(re.search(r"Step 1 of (\d+)", page.locator(".st-key-library-present-bar").inner_text()).group(1))


def test_every_presentation_step_fits_a_1280x720_projector_and_opens_at_its_top(projector: Page, base_url):
    open_page(projector, base_url, "library")
    sidebar_large_cards(projector)
    heights = {}
    for stem in PRESENTED:
        steps = present(projector, stem)
        heights[stem] = []
        for i in range(steps):
            bar = projector.locator(".st-key-library-present-bar")
            expect(bar).to_contain_text(f"Step {i + 1} of {steps}")
            assert main_scroll(projector)["top"] == 0, f"{stem} step {i + 1} does not open at its top"
            heights[stem].append(content_bottom(projector))
            title_shown = ENTRIES[stem].title in bar.inner_text()
            assert title_shown == (i == steps - 1), f"{stem} step {i + 1}: the title is shown only on the last step"
            if i < steps - 1:
                tap(projector, visible(projector, ".st-key-library-next button"))
        tap(projector, visible(projector, ".st-key-library-exit button"))
    too_tall = {s: max(h) for s, h in heights.items() if max(h) > PROJECTOR["height"]}
    assert not too_tall, f"steps taller than the screen: {too_tall} (all: {heights})"
    expect(projector.locator('[data-testid="stException"]')).to_have_count(0)


def test_the_keyboard_steps_through_a_presentation(projector: Page, base_url):
    open_page(projector, base_url, "library")
    present(projector, "seed000-third-player-must-cut")
    bar = projector.locator(".st-key-library-present-bar")
    projector.keyboard.press("ArrowRight")
    expect(bar).to_contain_text("Step 2 of 5", timeout=30_000)
    projector.keyboard.press("ArrowLeft")
    expect(bar).to_contain_text("Step 1 of 5", timeout=30_000)
    projector.keyboard.press("Escape")
    expect(projector.get_by_role("heading", name="Scenario library", level=1)).to_be_visible(timeout=30_000)


def test_the_library_search_is_kept_after_a_presentation(projector: Page, base_url):
    open_page(projector, base_url, "library")
    search = projector.get_by_label("Search", exact=True)
    enter(projector, search, "third")
    count = projector.get_by_text(re.compile(r"\d+ of \d+ scenarios")).inner_text()
    assert not count.startswith(str(len(ENTRIES)))
    present(projector, "seed000-third-player-must-cut")
    tap(projector, visible(projector, ".st-key-library-exit button"))
    expect(projector.get_by_label("Search", exact=True)).to_have_value("third")
    expect(projector.get_by_text(re.compile(r"\d+ of \d+ scenarios"))).to_have_text(count)


def test_a_button_that_switches_pages_keeps_the_sidebars_profile_and_large_cards(projector: Page, base_url):
    open_page(projector, base_url, "library")
    sidebar = projector.locator('[data-testid="stSidebar"]')
    sidebar_large_cards(projector)
    chooser = sidebar.get_by_role("combobox", name="Rules profile")
    pick(projector, chooser, projector.get_by_role("option", name=re.compile("tournament")))
    button = visible(projector, ".st-key-library-compare-play-must-undertrump-simple button")
    button.scroll_into_view_if_needed()
    tap(projector, button)
    expect(projector.get_by_role("heading", name="Compare rules", level=1)).to_be_visible()
    at_rest(projector)
    expect(chooser).to_have_value(re.compile("tournament"))
    hands = projector.locator('[class*="st-key-compare-col-"] .bx-hand')
    expect(hands.first).to_be_visible()
    assert all("bx-hand-md" in c for c in hands.evaluate_all("els => els.map(e => e.className)"))
    first = projector.locator('[class*="st-key-compare-col-"]').first.bounding_box()
    assert main_scroll(projector)["top"] == 0
    assert first["y"] < PROJECTOR["height"], f"the verdicts start {first['y']:.0f} px down"
    expect(projector.get_by_role("combobox", name="A scenario from the library")).to_have_value(
        re.compile(re.escape(ENTRIES["play-must-undertrump-simple"].title[:30])))


PAGES = sorted(p.stem for p in nav.PAGES_DIR.glob("*.py") if not p.name.startswith("_"))


@pytest.mark.parametrize("size", ["phone", "projector"])
def test_every_page_opens_at_phone_and_projector_sizes_without_sideways_scrolling(request, base_url, size):
    page: Page = request.getfixturevalue(size)
    assert len(PAGES) >= 11
    wide = []
    for name in PAGES:
        open_page(page, base_url, "" if name == "home" else name)
        m = main_scroll(page)
        if m["docWidth"] > m["window"] or m["scrollWidth"] > m["clientWidth"]:
            wide.append(f"{name}: {m}")
    assert not wide, "\n".join(wide)


def test_a_presentation_on_a_phone_does_not_scroll_sideways(phone: Page, base_url):
    open_page(phone, base_url, "library")
    steps = present(phone, "seed000-third-player-must-cut")
    for _ in range(steps):
        m = main_scroll(phone)
        assert m["docWidth"] <= m["window"] and m["scrollWidth"] <= m["clientWidth"], m
        nxt = visible(phone, ".st-key-library-next button")
        if nxt.is_disabled():
            break
        tap(phone, nxt)
