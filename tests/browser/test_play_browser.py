"""The card table in a real browser on a phone (390x844, touch): one seeded deal played to its end by tapping the
table, the playback instant. At every decision the hand, the trick and the score are in view without scrolling; a
card that breaks a rule shows the engine's reason and nothing is sent; the previous trick can be seen with its winner;
a reload in the middle of a trick brings back the same position.

The test keeps its own copy of the match, moved by the same engine (the computers' choices are seeded by the deal and
the moment), to know what South should tap: the heuristic player's choice.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from explorer.engine.core.cards import Seat
from explorer.engine.game.practice import Look, Practice
from explorer.engine.game.state import Play, Stage
from explorer.engine.players import make_player
from explorer.ui.shell.stored_text import encode, storage_key

pytestmark = pytest.mark.browser

SCRIPT_DONE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
KEY = storage_key("practice")
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
TABLE_SETTLED = """(seq) => { const r = [...document.querySelectorAll('[data-testid="stBidiComponentIsolated"]')]
    .map(e => e.shadowRoot && e.shadowRoot.querySelector('.bx-root')).find(Boolean);
  return !!r && r.dataset.seq !== seq && (r.dataset.state === 'ready' || r.dataset.state === 'over'); }"""


def kept(page: Page) -> Practice | None:
    text = page.evaluate(f"localStorage.getItem({json.dumps(KEY)})")
    return None if text is None else Practice.from_json(json.loads(text)["value"])


def settled(page: Page, seq: str | None = None) -> None:
    """Until the table shows a new playback with your decision playable, or the deal's end."""
    page.wait_for_function(TABLE_SETTLED, arg=seq, timeout=60_000, polling=50)


def kept_up_to(page: Page, p: Practice) -> None:
    """Until the browser keeps the match as far as ``p`` (the store writes after the table is drawn)."""
    page.wait_for_function(f"(n) => {{ const t = localStorage.getItem({json.dumps(KEY)}); "
                           "return t && JSON.parse(t).value.deals.at(-1).actions.length === n; }",
                           arg=len(p.deals[-1].actions), timeout=30_000, polling=50)


def in_view(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    view = page.viewport_size
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 1, (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"] + 1, (selector, box)


def test_a_whole_deal_is_played_by_tapping_the_table_on_a_phone(browser, base_url):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.goto(f"{base_url}/play")
    page.wait_for_selector(SCRIPT_DONE, timeout=60_000)
    expect(page.get_by_role("button", name="Start")).to_be_visible(timeout=30_000)   # nothing kept: the setup
    p = Practice.new(16, goal="deal", look=Look(pace="instant"))  # seed 16: played to its end, a card South may not play
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, encode(p.to_json())])
    page.goto(f"{base_url}/play")
    settled(page)
    p, _ = p.advance()
    table = page.locator(".bx-root")
    refused = previous = reloaded = False
    for _ in range(40):
        if p.state.finished:
            break
        assert table.get_attribute("data-state") == "ready" and table.get_attribute("data-turn") == "S"
        for part in (".bx-hand", ".bx-center", ".bx-score"):
            in_view(page, part)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "no sideways scroll"
        g = p.state
        if g.stage is Stage.PLAY and not refused:
            legal = {a.card for a in g.legal_actions() if isinstance(a, Play)}
            illegal = [c for c in g.hand(Seat.S) if c not in legal]
            if illegal:
                seq = table.get_attribute("data-seq")
                page.locator(f'.bx-hand [data-card="{illegal[0]}"]').tap()
                expect(page.locator(".bx-status")).to_contain_text("is not allowed")
                assert table.get_attribute("data-refused") == str(illegal[0])
                assert table.get_attribute("data-seq") == seq and table.get_attribute("data-state") == "ready"
                refused = True
        if g.completed_tricks and not previous:
            page.locator('.bx-tool[data-tool="last"]').tap()
            last = g.completed_tricks[-1]
            panel = page.locator('.bx-panel[data-panel="last"]')
            expect(panel).to_contain_text(f"trick {last.number} ({last.points} points)")
            assert panel.locator(".bx-card").count() == 4
            page.locator(".bx-panel .bx-tool").tap()
            expect(panel).to_be_hidden()
            previous = True
        if g.stage is Stage.PLAY and g.current is not None and not reloaded:
            kept_up_to(page, p)
            page.reload()
            settled(page)
            on_table = page.locator(".bx-slot .bx-card").evaluate_all("cs => cs.map(c => c.dataset.card)")
            assert sorted(on_table) == sorted(str(c) for c in g.current.cards)
            hand = page.locator(".bx-hand .bx-card").evaluate_all("cs => cs.map(c => c.dataset.card)")
            assert sorted(hand) == sorted(str(c) for c in g.hand(Seat.S))
            reloaded = True
        action = make_player("heuristic").choose(g.view(Seat.S)).action
        seq = table.get_attribute("data-seq")
        if isinstance(action, Play):
            page.locator(f'.bx-hand [data-card="{action.card}"]').tap()
        else:
            page.locator(f'.bx-actions [data-action="{action}"]').tap()
        settled(page, seq)
        p, _ = p.act(action)
    assert p.state.finished and refused and previous and reloaded
    expect(page.locator(".bx-result").first).to_contain_text("This deal: Us")
    expect(page.locator('.bx-act[data-do="next"]')).to_be_hidden()          # one deal: nothing after it
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
    kept_up_to(page, p)
    assert kept(page).deals == p.deals
    ctx.close()
