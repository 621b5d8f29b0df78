"""Each page in a real browser: it renders and no exception box appears."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.runs import act, at_rest, enter, pick

pytestmark = pytest.mark.browser


def open_page(page: Page, base_url: str, path: str, heading: str) -> None:
    page.goto(f"{base_url}/{path}")
    expect(page.get_by_role("heading", name=heading, level=1)).to_be_visible(timeout=30_000)
    at_rest(page)


def test_home(page: Page, base_url):
    open_page(page, base_url, "", "Baloot explorer")
    expect(page.locator(".bx-trick .bx-card")).to_have_count(4)
    expect(page.locator('[data-testid="stSidebar"]')).to_contain_text("Rules profile")


def test_glossary(page: Page, base_url):
    open_page(page, base_url, "glossary", "Glossary")
    arabic = page.locator('.bx-glossary [dir="rtl"]', has_text="قهوة")
    expect(arabic).to_be_visible()
    assert arabic.evaluate("e => getComputedStyle(e).direction") == "rtl"
    enter(page, page.get_by_label("Search"), "Gahwa")
    expect(page.locator(".bx-glossary tbody tr")).to_have_count(1)


def test_rules(page: Page, base_url):
    open_page(page, base_url, "rules", "Rules and profiles")
    expect(page.locator('[data-testid="stDataFrame"]')).to_be_visible()
    expect(page.get_by_text(re.compile("Ace-upcard special cases"))).to_be_visible()


def test_profile_choice_follows_to_another_page(page: Page, base_url):
    open_page(page, base_url, "", "Baloot explorer")
    sidebar = page.locator('[data-testid="stSidebar"]')
    chooser = sidebar.get_by_role("combobox", name="Rules profile")
    pick(page, chooser, page.get_by_role("option", name=re.compile("tournament")))
    expect(chooser).to_have_value(re.compile("tournament"))
    expect(sidebar.get_by_text(re.compile("Start from Saudi tournament sheet"))).to_have_count(1)
    act(page, sidebar.get_by_role("link", name=re.compile("Rules and profiles")).click)
    expect(page.get_by_role("heading", name="Rules and profiles", level=1)).to_be_visible(timeout=30_000)
    expect(page.get_by_text(re.compile("In use now: Saudi tournament sheet"))).to_be_visible(timeout=30_000)
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)


# Every page opens with no exception at 1280×720 (this file's size) and 390×844: test_teacher_browser.py's
# test_every_page_opens_at_phone_and_projector_sizes_without_sideways_scrolling.
