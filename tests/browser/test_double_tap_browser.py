"""A real double tap (two clicks about 50 ms apart, sent while the first one's run is going) adds one deal.

AppTest can send the same click twice after the first run has ended (tests/app/test_double_taps.py); only a
browser sends the second click while the server is still running the first, which is the case a check inside
the callback alone could not catch. Each test then opens the Score sheet anew (a later page load, so both clicks
have been handled and kept) and counts the deals this browser keeps.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Page, expect

from explorer.engine.share import encode_scenario

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SCRIPT_DONE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
SHEET_KEY = "baloot-explorer:sheet"


def settle(page: Page) -> None:
    page.wait_for_selector(SCRIPT_DONE, timeout=30_000)


def double_tap(page: Page, name: str) -> None:
    """Two clicks on the button, 50 ms apart (a phone's double tap): the mouse goes down and up twice."""
    page.get_by_role("button", name=name).click(click_count=2, delay=25)


def kept_deals(page: Page) -> list:
    text = page.evaluate(f"localStorage.getItem({json.dumps(SHEET_KEY)})")
    return [] if text is None else json.loads(text)["value"]["deals"]


def open_sheet_and_count(page: Page, base_url: str) -> int:
    """The deals the Score sheet shows after the taps: opening it is the later action both taps came before."""
    page.goto(f"{base_url}/score_sheet")
    expect(page.get_by_role("button", name="Add deal")).to_be_visible(timeout=30_000)
    settle(page)
    return len(kept_deals(page))


def test_a_double_tap_on_add_deal_adds_one_deal(page: Page, base_url: str):
    page.goto(f"{base_url}/score_sheet")
    expect(page.get_by_role("button", name="Add deal")).to_be_visible(timeout=30_000)
    settle(page)
    for label, value in (("NS game points", 16), ("EW game points", 0)):
        field = page.get_by_role("spinbutton", name=label)
        field.fill(str(value))
        field.press("Enter")
    settle(page)
    double_tap(page, "Add deal")
    settle(page)
    assert open_sheet_and_count(page, base_url) == 1


def test_a_double_tap_on_add_to_score_sheet_in_the_score_calculator_adds_one_deal(page: Page, base_url: str):
    doc = yaml.safe_load((ROOT / "data/scenarios/score-kaboot-sun-with-sira.yaml").read_text(encoding="utf-8"))
    page.goto(f"{base_url}/score_calculator?s={encode_scenario(doc)}")
    expect(page.get_by_text(re.compile("from the link"))).to_be_visible(timeout=30_000)
    expect(page.get_by_role("button", name="Add to score sheet")).to_be_visible()
    settle(page)
    double_tap(page, "Add to score sheet")
    settle(page)
    assert open_sheet_and_count(page, base_url) == 1


def test_a_double_tap_on_add_in_the_deal_checker_adds_one_deal(page: Page, base_url: str):
    doc = yaml.safe_load((ROOT / "data/scenarios/deal-hokum-clean.yaml").read_text(encoding="utf-8"))
    page.goto(f"{base_url}/deal_checker?s={encode_scenario(doc)}")
    expect(page.get_by_text(re.compile("from the link"))).to_be_visible(timeout=30_000)
    settle(page)
    page.get_by_role("button", name="End").click()
    expect(page.get_by_role("button", name="Add this deal to the score sheet")).to_be_visible()
    settle(page)
    double_tap(page, "Add this deal to the score sheet")
    expect(page.get_by_role("button", name="Added to the score sheet ✓")).to_be_visible()
    settle(page)
    assert open_sheet_and_count(page, base_url) == 1
