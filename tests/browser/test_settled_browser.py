"""A page that has nothing new to adopt does not rerun once it has appeared (Chromium, 390×844 and 1280×720).

The browser store's reader answers a second or so after a page appears. That answer used to rerun the
whole app on every load of every page, redrawing the widgets under the user's finger (a list just opened,
a value just chosen). It now reruns only the reader's fragment, and the app only when the answer brings
something: a stored value to adopt, a problem to say, a page waiting for it, another tab's change.

The runs are counted on the app's websocket: each run ends with a ``script_finished`` message that says
whether the app or only a fragment ran.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

pytestmark = pytest.mark.browser

SCRIPT_DONE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1280, "height": 720}}
SIZES = {"phone": PHONE, "laptop": LAPTOP}
APP_RUN = "FINISHED_SUCCESSFULLY"
FRAGMENT_RUN = "FINISHED_FRAGMENT_RUN_SUCCESSFULLY"
STORED_SHEET = json.dumps({"app": "baloot-explorer", "format": 1,
                           "value": {"deals": [{"NS": 100, "EW": 40}], "undo": []}}, separators=(",", ":"))


class Wire:
    """What went over the page's websocket: the runs' ends, and whether the store's reader has answered."""

    def __init__(self, page: Page):
        self.page = page
        self.finished: list[str] = []
        self.answered_at: int | None = None  # how many runs had ended when the reader's answer was sent
        page.on("websocket", self._attach)

    def _attach(self, ws) -> None:
        ws.on("framereceived", self._received)
        ws.on("framesent", self._sent)

    def _received(self, payload) -> None:
        msg = ForwardMsg.FromString(payload if isinstance(payload, bytes) else payload.encode())
        if msg.WhichOneof("type") == "script_finished":
            self.finished.append(ForwardMsg.ScriptFinishedStatus.Name(msg.script_finished))

    def _sent(self, payload) -> None:
        msg = BackMsg.FromString(payload if isinstance(payload, bytes) else payload.encode())
        if msg.WhichOneof("type") != "rerun_script" or self.answered_at is not None:
            return
        for widget in msg.rerun_script.widget_states.widgets:
            if widget.id.endswith("store.read.sheet") and '"stored"' in widget.json_value:
                self.answered_at = len(self.finished)

    def until(self, done: Callable[[], bool], what: str) -> None:
        for _ in range(300):  # up to 30 s on a loaded machine
            if done():
                return
            self.page.wait_for_timeout(100)
        pytest.fail(f"{self.page.url}: {what} did not happen; runs ended: {self.finished}")

    def settled(self) -> list[str]:
        """Wait until the reader has answered and the run its answer started has ended; the runs' ends."""
        self.until(lambda: self.answered_at is not None, "the store's reader answering")
        self.until(lambda: any(s in (APP_RUN, FRAGMENT_RUN) for s in self.finished[max(self.answered_at, 1):]),
                   "the run after the reader's answer ending")
        self.page.wait_for_selector(SCRIPT_DONE, timeout=30_000)
        expect(self.page.locator('[data-testid="stException"]')).to_have_count(0)
        return list(self.finished)


def _open(browser: Browser, size: str, path: str, *, stored: str | None = None):
    context = browser.new_context(**SIZES[size])
    if stored is not None:
        context.add_init_script(f"localStorage.setItem('baloot-explorer:sheet', {json.dumps(stored)});")
    page = context.new_page()
    return context, page, Wire(page)


@pytest.mark.parametrize("size", ["phone", "laptop"])
@pytest.mark.parametrize("path", ["trick_checker", "score_calculator"])
def test_a_page_with_nothing_stored_runs_once_and_the_stores_answer_reruns_only_its_reader(
        browser: Browser, base_url, path, size):
    context, page, wire = _open(browser, size, path)
    try:
        page.goto(f"{base_url}/{path}")
        expect(page.locator('[data-testid="stMain"] h1').first).to_be_visible(timeout=30_000)
        assert wire.settled() == [APP_RUN, FRAGMENT_RUN], (
            f"{path} at {size}: the page ran again after it appeared (runs: {wire.finished})")
    finally:
        context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_buyer_and_dealer_chosen_right_after_the_page_appears_survive_the_stored_sheet_arriving(
        browser: Browser, base_url, size):
    context, page, wire = _open(browser, size, "score_calculator", stored=STORED_SHEET)
    try:
        page.goto(f"{base_url}/score_calculator")
        main = page.get_by_test_id("stMain")
        chosen = {"Buyer": "South (S)", "Dealer": "West (W)"}
        for label, option in chosen.items():
            box = main.get_by_role("combobox", name=label)
            for _ in range(4):  # a fresh headless page may take the first click as focus only
                if box.get_attribute("aria-expanded") == "true":
                    break
                box.tap() if size == "phone" else box.click()
                page.wait_for_timeout(150)
            page.get_by_role("option", name=option, exact=True).click()
        wire.settled()
        # the stored sheet is news: the app ran again to adopt it, and kept the choices made before
        for label, option in chosen.items():
            expect(main.get_by_role("combobox", name=label)).to_have_value(option)
    finally:
        context.close()
