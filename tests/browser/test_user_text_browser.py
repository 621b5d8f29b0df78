"""In a real browser: text from a link is shown as written (no image fetched, no link made), and a
damaged link leaves one message and an empty tool."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Page, expect

from explorer.engine.files.share import encode_scenario
from tests.browser.runs import at_rest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1:9"  # nothing listens there; a request to it is the leak this test looks for
TITLE = f"**b** ![i](http://{HOST}/t.gif) :red[R]"


def scenario(stem: str) -> dict:
    return yaml.safe_load((ROOT / "data" / "scenarios" / f"{stem}.yaml").read_text(encoding="utf-8"))


def open_link(page: Page, base_url: str, path: str, heading: str) -> None:
    page.goto(f"{base_url}/{path}")
    expect(page.get_by_role("heading", name=heading, level=1)).to_be_visible(timeout=30_000)
    at_rest(page)


def main_text(page: Page) -> str:
    return page.locator('[data-testid="stMain"]').inner_text().replace("\u2060", "")


def test_markdown_from_a_link_is_shown_as_written_and_fetches_nothing(page: Page, base_url):
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    main = page.locator('[data-testid="stMain"]')

    open_link(page, base_url, f"trick_checker?s={encode_scenario({**scenario('seed000-third-player-must-cut'), 'title': TITLE})}",
              "Trick checker")
    assert f"Opened “{TITLE}” from the link." in main_text(page)

    doc = {**scenario("score-escalated-tie-units"), "title": TITLE, "notes": f"see ![n](http://{HOST}/n.gif)"}
    open_link(page, base_url, f"compare_rules?s={encode_scenario(doc)}", "Compare rules")
    text = main_text(page)
    assert TITLE in text and doc["notes"] in text

    deal = {**scenario("deal-hokum-clean"), "dealer": f"![e](http://{HOST}/x.gif)"}
    open_link(page, base_url, f"deal_checker?s={encode_scenario(deal)}", "Deal checker")
    expect(main.locator('[data-testid="stAlert"]').filter(has_text="cannot check this deal")).to_be_visible()
    assert f"![e](http://{HOST}/x.gif)" in main_text(page)

    for tag, attr in (("img", "src"), ("a", "href")):
        expect(main.locator(f'{tag}[{attr}*="{HOST}"]')).to_have_count(0)
    assert not [u for u in fetched if HOST in u], "the page fetched something named in the scenario"


def test_a_damaged_link_in_the_deal_checker_leaves_an_empty_tool(page: Page, base_url):
    open_link(page, base_url, "deal_checker?s=v1.damaged", "Deal checker")
    main = page.locator('[data-testid="stMain"]')
    expect(main.locator('[data-testid="stAlert"]').filter(has_text="Could not open the link")).to_be_visible()
    expect(main.get_by_text("Every card of this deal is legal")).to_have_count(0)
    expect(main.locator(".bx-hand")).to_have_count(0)
    expect(main.locator("textarea").first).to_have_value("")
