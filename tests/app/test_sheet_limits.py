"""A score sheet holds at most 500 deals (sheet_io.MAX_DEALS), and every way of adding one says so at the 501st: the
sheet never grows past what its own files, links and this browser read back (a 501st deal made the kept sheet
"unreadable" after a reload)."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

from streamlit.testing.v1 import AppTest

from explorer.ui import state as keys
from explorer.ui.shell import browser_store
from explorer.view.sheet import files as sheet_io
from tests.app.taps import action, tap

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"
SHEET_KEY = browser_store.storage_key("sheet")
FULL = [{"NS": 0, "EW": 0, "note": "", "gahwa_winner": None}] * sheet_io.MAX_DEALS
"""500 deals of no points: the match is not decided, so only the limit can refuse a deal."""


def open_page(page: str, memory: dict[str, str]) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.session_state[keys.STORE_MEMORY] = dict(memory)
    at.run()
    at.switch_page(f"app_pages/{page}").run()
    assert not at.exception, at.exception
    return at


def full_sheet() -> dict[str, str]:
    return {SHEET_KEY: browser_store.encode(sheet_io.stored(FULL, []))}


def kept_deals(at: AppTest) -> int:
    return len(json.loads(at.session_state[keys.STORE_MEMORY][SHEET_KEY])["value"]["deals"])


def test_add_deal_refuses_the_501st_deal_and_the_sheet_reads_back():
    at = open_page("score_sheet.py", full_sheet())
    at.number_input(key=keys.SHEET_NS).set_value(16)
    at.number_input(key=keys.SHEET_EW).set_value(0)
    tap(at, keys.SHEET_ADD)
    assert len(at.session_state[keys.SHEET_DEALS]) == sheet_io.MAX_DEALS
    assert any("the sheet holds 500 deals, the most it keeps" in e.value for e in at.error), [e.value for e in at.error]
    again = open_page("score_sheet.py", at.session_state[keys.STORE_MEMORY])
    assert not [e.value for e in again.error if "could not be read" in e.value]


def test_the_score_calculator_refuses_the_501st_deal_with_a_message():
    at = open_page("score_calculator.py", full_sheet())
    at.number_input(key=keys.SCORE_POINTS_NS).set_value(100)
    at.run()
    tap(at, keys.SCORE_ADD_TO_SHEET)
    assert len(at.session_state[keys.SHEET_DEALS]) == sheet_io.MAX_DEALS
    assert any("500 deals" in str(t.proto.body) for t in at.toast), [t.proto.body for t in at.toast]
    assert kept_deals(at) == sheet_io.MAX_DEALS


def test_the_deal_checker_refuses_the_501st_deal_with_a_message():
    at = open_page("deal_checker.py", full_sheet())
    at.selectbox(key=keys.DEAL_LIBRARY_FILE).select("deal-hokum-clean").run()
    action(at, keys.DEAL_LOAD_FILE).click().run()
    action(at, keys.DEAL_END).click().run()
    tap(at, keys.DEAL_ADD_TO_SHEET)
    assert len(at.session_state[keys.SHEET_DEALS]) == sheet_io.MAX_DEALS
    assert any("500 deals" in str(t.proto.body) for t in at.toast), [t.proto.body for t in at.toast]
    assert kept_deals(at) == sheet_io.MAX_DEALS


def test_a_sheet_too_large_for_a_match_link_says_so_instead_of_offering_one_the_app_refuses():
    rng = random.Random(5)
    noisy = [{"NS": 0, "EW": 0, "note": "".join(rng.choice(string.ascii_letters) for _ in range(sheet_io.NOTE_LIMIT)),
              "gahwa_winner": None} for _ in range(sheet_io.MAX_DEALS)]
    at = open_page("score_sheet.py", {SHEET_KEY: browser_store.encode(sheet_io.stored(noisy, []))})
    assert any("too large for a match link" in c.value for c in at.caption)
    assert not any(f"?{sheet_io.LINK_PARAM}=" in c.value for c in at.code)
    small = open_page("score_sheet.py", {SHEET_KEY: browser_store.encode(sheet_io.stored(FULL, []))})
    link = next(c.value for c in small.code if f"?{sheet_io.LINK_PARAM}=" in c.value)
    assert sheet_io.read_link(link.split("=", 1)[1]) == FULL          # the link offered opens this very sheet
