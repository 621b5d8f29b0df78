"""The Explore tools in a real browser: share links open the right page with the right verdicts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Page, expect

from explorer.engine.files.share import encode_scenario
from tests.browser.runs import at_rest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def scenario(stem: str) -> dict:
    return yaml.safe_load((ROOT / "data" / "scenarios" / f"{stem}.yaml").read_text(encoding="utf-8"))


def open_link(page: Page, base_url: str, path: str, heading: str) -> None:
    page.goto(f"{base_url}/{path}")
    expect(page.get_by_role("heading", name=heading, level=1)).to_be_visible(timeout=30_000)
    at_rest(page)


def test_share_link_of_a_disputed_case_shows_both_verdicts_in_compare_rules(page: Page, base_url):
    value = encode_scenario(scenario("score-escalated-tie-units"))
    open_link(page, base_url, f"compare_rules?s={value}", "Compare rules")
    main = page.locator('[data-testid="stMain"]')
    expect(main.get_by_text(re.compile("The profiles disagree"))).to_be_visible()
    expect(main.get_by_text("Detailed Saudi rules", exact=True).first).to_be_visible()
    expect(main.get_by_text("Saudi tournament sheet", exact=True).first).to_be_visible()
    expect(main.get_by_text(re.compile(r"award NS 0 – EW 32")).first).to_be_visible()
    expect(main.get_by_text(re.compile(r"award NS 32 – EW 0")).first).to_be_visible()
    expect(main.get_by_text("escalated_tie").first).to_be_visible()
    assert "s=v1." in page.url  # the address bar still holds the scenario


def test_share_link_of_a_play_case_marks_the_cards_and_a_bad_link_says_why(page: Page, base_url):
    value = encode_scenario(scenario("seed000-third-player-must-cut"))
    open_link(page, base_url, f"trick_checker?s={value}", "Trick checker")
    expect(page.locator('.bx-hand [data-card="QH"][data-highlight="legal"]')).to_be_visible()
    expect(page.locator('.bx-hand [data-card="AS"][data-highlight="illegal"]')).to_be_visible()
    expect(page.get_by_text(re.compile("as third player you must trump")).first).to_be_visible()

    open_link(page, base_url, "trick_checker?s=v1.tampered!", "Trick checker")
    alert = page.locator('[data-testid="stAlert"]').filter(has_text="Could not open the link")
    expect(alert).to_be_visible()
    expect(alert).to_contain_text("damaged")
    expect(page.locator(".bx-hand")).to_have_count(0)
