"""Nothing lost on reload: the score sheet kept in the browser, match links, file imports.

Each test gets a fresh browser context (empty localStorage). A "browser restart" is a new context
opened with the first one's ``storage_state``; "lock and come back" is a new page of the same context.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from explorer.view.sheet import files as sheet_io
from tests.browser.runs import at_rest, enter, tap

pytestmark = pytest.mark.browser

SCRIPT_DONE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
SHEET_KEY = "baloot-explorer:sheet"


def settle(page: Page) -> None:
    at_rest(page)


def no_exception(page: Page) -> None:
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)


def metric(page: Page, label: str):
    box = page.locator('[data-testid="stMetric"]').filter(has=page.get_by_text(label, exact=True))
    return box.locator('[data-testid="stMetricValue"]')


def open_sheet(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.get_by_role("heading", name="Score sheet (Sakka)", level=1)).to_be_visible(timeout=30_000)
    expect(page.get_by_role("button", name="Add deal")).to_be_visible(timeout=30_000)
    settle(page)


def add_deal(page: Page, ns: int, ew: int) -> None:
    for label, value in (("NS game points", ns), ("EW game points", ew)):
        field = page.get_by_role("spinbutton", name=label)
        enter(page, field, str(value))
    tap(page, page.get_by_role("button", name="Add deal"))
    expect(page.get_by_text(re.compile(rf"added: NS {ns}, EW {ew}\."))).to_be_visible()


def kept_sheet(page: Page) -> dict | None:
    text = page.evaluate(f"localStorage.getItem({json.dumps(SHEET_KEY)})")
    return None if text is None else json.loads(text)["value"]


def wait_kept(page: Page, deals: int) -> None:
    """The browser holds a sheet of ``deals`` deals (written after the run that changed it)."""
    page.wait_for_function(
        f"() => {{ const t = localStorage.getItem({json.dumps(SHEET_KEY)});"
        f" return t !== null && JSON.parse(t).value.deals.length === {deals}; }}", timeout=15_000)


def test_deals_totals_and_undo_survive_a_reload_a_new_page_and_a_browser_restart(
        page: Page, base_url: str, browser: Browser, tmp_path):
    open_sheet(page, f"{base_url}/score_sheet")
    expect(metric(page, "NS total")).to_have_text("0")
    add_deal(page, 100, 40)
    add_deal(page, 30, 26)
    wait_kept(page, 2)

    page.reload()
    open_sheet(page, page.url)
    expect(metric(page, "NS total")).to_have_text("130")
    expect(metric(page, "EW total")).to_have_text("66")
    expect(page.get_by_text("NS 130, EW 66: NS needs 22 more, EW 86.")).to_be_visible()
    expect(page.locator('[data-testid="stDataFrame"]')).to_be_visible()
    tap(page, page.get_by_role("button", name="Undo"))             # Undo survived the reload too
    expect(metric(page, "NS total")).to_have_text("100")
    wait_kept(page, 1)

    locked = page.context.new_page()                                   # the phone locked, a new tab later
    open_sheet(locked, f"{base_url}/score_sheet")
    expect(metric(locked, "NS total")).to_have_text("100")
    expect(metric(locked, "EW total")).to_have_text("40")

    state = tmp_path / "state.json"
    page.context.storage_state(path=str(state))
    restarted = browser.new_context(storage_state=str(state))
    try:
        again = restarted.new_page()
        open_sheet(again, f"{base_url}/score_sheet")
        expect(metric(again, "NS total")).to_have_text("100")
        expect(metric(again, "EW total")).to_have_text("40")
        no_exception(again)
    finally:
        restarted.close()
    no_exception(page)


RECORD_TOTALS = """
window.__nsTotals = [];
new MutationObserver(() => {
  const m = [...document.querySelectorAll('[data-testid="stMetric"]')].find(e => e.innerText.startsWith('NS total'));
  const v = m && m.querySelector('[data-testid="stMetricValue"]');
  if (v && window.__nsTotals[window.__nsTotals.length - 1] !== v.innerText) window.__nsTotals.push(v.innerText);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""
"""Records every value the NS total metric shows, from the first paint."""


def test_the_first_run_never_shows_an_empty_sheet_over_a_kept_one(page: Page, base_url: str):
    page.goto(f"{base_url}/")
    settle(page)
    kept = {"app": "baloot-explorer", "format": 1, "value": sheet_io.stored([{"NS": 70, "EW": 12}], [])}
    page.evaluate(f"localStorage.setItem({json.dumps(SHEET_KEY)}, {json.dumps(json.dumps(kept))})")
    page.add_init_script(RECORD_TOTALS)
    open_sheet(page, f"{base_url}/score_sheet")
    expect(metric(page, "NS total")).to_have_text("70")
    assert page.evaluate("window.__nsTotals") == ["70"]               # never 0 first
    assert kept_sheet(page)["deals"] == [{"NS": 70, "EW": 12, "note": "", "gahwa_winner": None}]


def test_a_change_in_one_tab_shows_in_the_other(context: BrowserContext, base_url: str):
    first, second = context.new_page(), context.new_page()
    open_sheet(first, f"{base_url}/score_sheet")
    open_sheet(second, f"{base_url}/score_sheet")
    add_deal(first, 60, 10)
    expect(metric(second, "NS total")).to_have_text("60")
    expect(second.get_by_text("The sheet was changed in another tab")).to_be_visible()
    add_deal(second, 16, 0)                                            # builds on the first tab's deal
    expect(metric(first, "NS total")).to_have_text("76")
    settle(first)
    settle(second)
    assert len(kept_sheet(first)["deals"]) == 2


def test_a_match_link_opens_the_match_in_a_fresh_browser(page: Page, base_url: str, browser: Browser):
    open_sheet(page, f"{base_url}/score_sheet")
    add_deal(page, 100, 40)
    add_deal(page, 60, 30)
    page.get_by_text("Open, save or share the sheet").click()        # an expander: no run
    link = page.locator('[data-testid="stCode"]', has_text="?match=").inner_text().strip()
    assert link.startswith(f"{base_url}/score_sheet?match=v1."), link

    other = browser.new_context()                                      # someone else at the table
    try:
        friend = other.new_page()
        open_sheet(friend, link)
        expect(metric(friend, "NS total")).to_have_text("160")
        expect(metric(friend, "EW total")).to_have_text("70")
        expect(friend.get_by_text("Opened the match from the link: 2 deals")).to_be_visible()
        expect(friend.get_by_text("NS wins the match in deal 2")).to_be_visible()
        assert "match=" not in friend.url                              # a reload does not ask again
        wait_kept(friend, 2)
        no_exception(friend)
    finally:
        other.close()


def test_a_link_to_another_match_asks_before_replacing_the_kept_sheet(page: Page, base_url: str):
    open_sheet(page, f"{base_url}/score_sheet")
    add_deal(page, 20, 10)
    wait_kept(page, 1)
    link = f"{base_url}/score_sheet?match={sheet_io.link_value([{'NS': 80, 'EW': 90}, {'NS': 5, 'EW': 0}])}"
    open_sheet(page, link)
    box = page.locator(".st-key-sheet-link_choice")
    expect(box).to_contain_text("The link: 2 deals, NS 85 · EW 90")
    expect(box).to_contain_text("Your sheet: 1 deal, NS 20 · EW 10")
    expect(metric(page, "NS total")).to_have_text("20")                # nothing replaced yet
    page.reload()                                                      # a reload asks again
    expect(page.locator(".st-key-sheet-link_choice")).to_be_visible(timeout=30_000)
    settle(page)
    tap(page, page.get_by_role("button", name="Keep my sheet"))
    expect(page.get_by_text("Kept your sheet; the linked match was not opened.")).to_be_visible()
    expect(metric(page, "NS total")).to_have_text("20")

    open_sheet(page, link)
    tap(page, page.get_by_role("button", name="Open the linked match"))
    expect(metric(page, "NS total")).to_have_text("85")
    tap(page, page.get_by_role("button", name="Undo"))               # the kept sheet comes back
    expect(metric(page, "NS total")).to_have_text("20")
    no_exception(page)


def test_a_damaged_link_says_so_and_leaves_the_sheet_alone(page: Page, base_url: str):
    open_sheet(page, f"{base_url}/score_sheet")
    add_deal(page, 20, 10)
    wait_kept(page, 1)
    good = sheet_io.link_value([{"NS": 1, "EW": 2}])
    open_sheet(page, f"{base_url}/score_sheet?match={good[:-6]}")
    expect(page.get_by_text("This match link could not be opened.")).to_be_visible()
    expect(page.locator('[data-testid="stCode"]', has_text="link: the match in this link is damaged")).to_be_visible()
    expect(metric(page, "NS total")).to_have_text("20")
    no_exception(page)


def test_a_damaged_kept_sheet_gives_one_message_and_an_empty_sheet(page: Page, base_url: str):
    page.goto(f"{base_url}/")
    settle(page)
    bad = {"app": "baloot-explorer", "format": 1,
           "value": {"kind": "match", "deals": [{"NS": 10, "EW": "lots"}], "undo": []}}
    page.evaluate(f"localStorage.setItem({json.dumps(SHEET_KEY)}, {json.dumps(json.dumps(bad))})")
    open_sheet(page, f"{base_url}/score_sheet")
    problem = page.locator(".st-key-store-problem-sheet")
    expect(problem).to_contain_text("The score sheet kept in this browser could not be read")
    expect(problem.locator('[data-testid="stCode"]')).to_have_text(
        "deal 1, EW: 'lots' is not a whole number of game points")
    expect(problem.get_by_role("button", name="Download what was kept")).to_be_visible()
    expect(metric(page, "NS total")).to_have_text("0")
    no_exception(page)
    add_deal(page, 16, 0)                                              # the damaged text is set aside
    wait_kept(page, 1)
    aside = page.evaluate(f"localStorage.getItem({json.dumps(SHEET_KEY + ':unreadable')})")
    assert json.loads(aside) == bad
    tap(page, problem.get_by_role("button", name="Close"))
    expect(page.locator(".st-key-store-problem-sheet")).to_have_count(0)


def test_importing_a_csv_with_a_bad_row_names_the_row_and_column(page: Page, base_url: str, tmp_path):
    open_sheet(page, f"{base_url}/score_sheet")
    add_deal(page, 20, 10)
    page.get_by_text("Open, save or share the sheet").click()
    bad = tmp_path / "bad.csv"
    bad.write_text('deal,NS,EW,gahwa_winner,cancelled,note,NS_total,EW_total,match\n'
                   '1,100,40,,False,"first, deal",100,40,\n'
                   '2,x,0,,False,,,,\n')
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(bad))
    expect(page.get_by_text("The file was not opened.")).to_be_visible(timeout=30_000)
    expect(page.locator('[data-testid="stCode"]', has_text="row 3, NS: 'x' is not a whole number")).to_be_visible()
    expect(metric(page, "NS total")).to_have_text("20")

    good = tmp_path / "good.csv"
    good.write_text('deal,NS,EW,gahwa_winner,cancelled,note,NS_total,EW_total,match\n'
                    '1,100,40,,False,"first, deal",100,40,\n'
                    '2,16,0,,False,"\'=SUM(A1)",116,40,\n')
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(good))
    expect(page.get_by_text("Opened the file: 2 deals, NS 116 · EW 40.")).to_be_visible(timeout=30_000)
    expect(metric(page, "NS total")).to_have_text("116")
    wait_kept(page, 2)
    assert kept_sheet(page)["deals"][1]["note"] == "=SUM(A1)"
    no_exception(page)


def test_a_browser_that_keeps_nothing_says_so_and_the_sheet_still_works(page: Page, base_url: str):
    page.add_init_script("Object.defineProperty(window, 'localStorage', {get() {"
                         " throw new DOMException('The operation is insecure.', 'SecurityError'); }});")
    open_sheet(page, f"{base_url}/score_sheet")
    problem = page.locator(".st-key-store-problem-sheet")
    expect(problem).to_contain_text("The score sheet is not kept in this browser")
    expect(problem.locator('[data-testid="stCode"]')).to_contain_text("SecurityError")
    add_deal(page, 16, 0)
    expect(metric(page, "NS total")).to_have_text("16")
    no_exception(page)
