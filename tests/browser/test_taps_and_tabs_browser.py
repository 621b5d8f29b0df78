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

from explorer.engine.files.share import encode_scenario
from explorer.view.sheet import files as sheet_io
from tests.browser.runs import at_rest, enter, tap

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHEET_KEY = "baloot-explorer:sheet"


def settle(page: Page) -> None:
    at_rest(page)


def double_tap(page: Page, name: str) -> None:
    """Two taps on the button 50 ms apart, as a phone's double tap: the second one is sent while the first one's run
    is going. (The 50 ms is the input being tested, not a wait for the page.)"""
    button = page.get_by_role("button", name=name)
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(50)
    page.mouse.click(x, y)


def kept_deals(page: Page) -> list:
    text = page.evaluate(f"localStorage.getItem({json.dumps(SHEET_KEY)})")
    return [] if text is None else json.loads(text)["value"]["deals"]


def open_sheet_and_count(page: Page, base_url: str) -> int:
    """The deals this browser keeps after the taps: once the first one is kept and the page is idle, the Score sheet
    is opened anew (a later page load, after both taps were handled) and its kept deals counted."""
    page.wait_for_function(f"() => (JSON.parse(localStorage.getItem({json.dumps(SHEET_KEY)}) || 'null')"
                           "?.value?.deals?.length || 0) >= 1", timeout=60_000)
    settle(page)
    page.goto(f"{base_url}/score_sheet")
    expect(page.get_by_role("button", name="Add deal")).to_be_visible(timeout=60_000)
    settle(page)
    return len(kept_deals(page))


def test_a_double_tap_on_add_deal_adds_one_deal(page: Page, base_url: str):
    page.goto(f"{base_url}/score_sheet")
    expect(page.get_by_role("button", name="Add deal")).to_be_visible(timeout=60_000)
    settle(page)
    for label, value in (("NS game points", 16), ("EW game points", 0)):
        enter(page, page.get_by_role("spinbutton", name=label), str(value))
    double_tap(page, "Add deal")
    settle(page)
    assert open_sheet_and_count(page, base_url) == 1


def test_a_double_tap_on_add_to_score_sheet_in_the_score_calculator_adds_one_deal(page: Page, base_url: str):
    doc = yaml.safe_load((ROOT / "data/scenarios/score-kaboot-sun-with-sira.yaml").read_text(encoding="utf-8"))
    page.goto(f"{base_url}/score_calculator?s={encode_scenario(doc)}")
    expect(page.get_by_text(re.compile("from the link"))).to_be_visible(timeout=60_000)
    expect(page.get_by_role("button", name="Add to score sheet")).to_be_visible(timeout=60_000)
    settle(page)
    double_tap(page, "Add to score sheet")
    settle(page)
    assert open_sheet_and_count(page, base_url) == 1


def test_a_double_tap_on_add_in_the_deal_checker_adds_one_deal(page: Page, base_url: str):
    doc = yaml.safe_load((ROOT / "data/scenarios/deal-hokum-clean.yaml").read_text(encoding="utf-8"))
    page.goto(f"{base_url}/deal_checker?s={encode_scenario(doc)}")
    expect(page.get_by_text(re.compile("from the link"))).to_be_visible(timeout=60_000)
    settle(page)
    tap(page, page.get_by_role("button", name="End"))
    expect(page.get_by_role("button", name="Add this deal to the score sheet")).to_be_visible()
    double_tap(page, "Add this deal to the score sheet")
    expect(page.get_by_role("button", name="Added to the score sheet ✓")).to_be_visible()
    settle(page)
    assert open_sheet_and_count(page, base_url) == 1


# --- another tab's write is never overwritten ------------------------------------------------------------------

def _row(ns: int, ew: int) -> dict:
    return {"NS": ns, "EW": ew, "note": "", "gahwa_winner": None}


def _add(page: Page, ns: int, ew: int) -> None:
    for label, value in (("NS game points", ns), ("EW game points", ew)):
        enter(page, page.get_by_role("spinbutton", name=label), str(value))
    tap(page, page.get_by_role("button", name="Add deal"))


def test_a_deal_added_while_another_tabs_write_is_unheard_of_keeps_both_deals(page: Page, base_url: str):
    """Another tab's write this tab has not heard of yet (a write in the same page fires no storage event there, as
    when two tabs write at the same moment): this tab's write is not made over it; the two are joined."""
    page.goto(f"{base_url}/score_sheet")
    expect(page.get_by_role("button", name="Add deal")).to_be_visible(timeout=60_000)
    settle(page)
    _add(page, 10, 0)
    page.wait_for_function(f"() => (localStorage.getItem({json.dumps(SHEET_KEY)}) || '').includes('\"NS\":10')")
    settle(page)
    other = {"app": "baloot-explorer", "format": 1,
             "value": sheet_io.stored([_row(10, 0), _row(5, 5)], [[_row(10, 0)]])}
    page.evaluate(f"localStorage.setItem({json.dumps(SHEET_KEY)}, {json.dumps(json.dumps(other))})")
    _add(page, 30, 6)
    expect(page.get_by_text(re.compile("both tabs' deals are kept"))).to_be_visible()
    settle(page)
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem({json.dumps(SHEET_KEY)})).value.deals.length === 3")
    assert [(d["NS"], d["EW"]) for d in kept_deals(page)] == [(10, 0), (5, 5), (30, 6)]
