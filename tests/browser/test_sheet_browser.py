"""The Score sheet in a real browser: add three deals, undo one, the totals follow; no exception box."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.runs import at_rest, enter, tap

pytestmark = pytest.mark.browser


def metric(page: Page, label: str):
    """The value of the st.metric with this label."""
    box = page.locator('[data-testid="stMetric"]').filter(has=page.get_by_text(label, exact=True))
    return box.locator('[data-testid="stMetricValue"]')


def add_deal(page: Page, ns: int, ew: int) -> None:
    for label, value in (("NS game points", ns), ("EW game points", ew)):
        field = page.get_by_role("spinbutton", name=label)
        enter(page, field, str(value))  # Enter commits the value to the app
    tap(page, page.get_by_role("button", name="Add deal"))
    expect(page.get_by_text(re.compile(rf"added: NS {ns}, EW {ew}\."))).to_be_visible()


def test_add_three_deals_and_undo_one(page: Page, base_url):
    page.goto(f"{base_url}/score_sheet")
    expect(page.get_by_role("heading", name="Score sheet (Sakka)", level=1)).to_be_visible(timeout=30_000)
    at_rest(page)
    expect(metric(page, "NS total")).to_have_text("0")

    add_deal(page, 100, 40)
    expect(metric(page, "NS total")).to_have_text("100")
    expect(metric(page, "EW total")).to_have_text("40")
    add_deal(page, 30, 26)
    add_deal(page, 16, 0)
    expect(metric(page, "NS total")).to_have_text("146")
    expect(metric(page, "EW total")).to_have_text("66")
    expect(page.get_by_text("NS 146, EW 66: NS needs 6 more, EW 86.")).to_be_visible()

    tap(page, page.get_by_role("button", name="Undo"))
    expect(metric(page, "NS total")).to_have_text("130")
    expect(metric(page, "EW total")).to_have_text("66")
    expect(page.get_by_text("Undone: the sheet is back to 2 deals.")).to_be_visible()
    expect(page.locator('[data-testid="stDataFrame"]')).to_be_visible()
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)


def test_negative_points_give_a_message_not_an_exception(page: Page, base_url):
    page.goto(f"{base_url}/score_sheet")
    expect(page.get_by_role("heading", name="Score sheet (Sakka)", level=1)).to_be_visible(timeout=30_000)
    at_rest(page)
    field = page.get_by_role("spinbutton", name="NS game points")
    enter(page, field, "-5")
    tap(page, page.get_by_role("button", name="Add deal"))
    expect(page.get_by_text(re.compile("The deal was not added: NS: -5 is negative"))).to_be_visible()
    expect(field).to_have_value("-5")
    expect(metric(page, "NS total")).to_have_text("0")
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
