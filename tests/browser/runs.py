"""Waiting for the app's script runs by what goes over its websocket, not by time.

A tap on a Streamlit page sends a ``rerun_script`` message; the server answers with ``new_session`` when a run starts
and ``script_finished`` when it ends (a run cut short by a newer request ends with ``FINISHED_EARLY_FOR_RERUN``, or,
with ``runner.fastReruns``, sends no end at all; the newer run follows). A fragment's rerun asked for while a whole
run is going may be dropped by the server (the run removed the fragment), so it is not waited for. A page's ``data-test-script-state`` says "notRunning" until the server's ``new_session`` arrives, so a test
that waits for it right after a tap can go on before the tap's run has even started, and its next tap lands on a
page about to be redrawn: with the action buttons' once-per-drawing rule (explorer/ui/shell/once.py) that tap is
ignored, by design. Here a test waits until every run it asked for has ended:

- :func:`wire` a page before it opens its first address (fixtures ``page``, ``phone``, ``laptop`` do);
- :func:`act` does one thing that starts a run (a tap, Enter in a field, an option picked) on a page at rest,
  then waits until the server has started a run after the last request and ended it;
- :func:`pick` picks an option of a select box (opening the list is no act: it starts no run);
- :func:`at_rest` waits for the same without doing anything (after ``goto`` and ``reload``: the first run, and the
  browser store's answer a moment later if it came).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from weakref import WeakKeyDictionary

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

SCRIPT_DONE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
READER = "store.read"
"""The browser store's readers' keys (``store.read.<name>``, explorer/ui/shell/browser_store.py): each answers a
moment after the page appears, with a rerun of its own."""
READERS = """() => [...document.querySelectorAll('[class*="st-key-store-read-"]')]
  .map(e => [...e.classList].find(c => c.startsWith('st-key-store-read-')).slice('st-key-store-read-'.length))"""
"""The names of the readers on the page (``sheet``, ``lessons``...)."""
ENDED = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
         ForwardMsg.FINISHED_WITH_COMPILE_ERROR}
"""A run's end that no newer run follows from (FINISHED_EARLY_FOR_RERUN is followed by the run that cut it)."""
WAIT_MS = 90_000
"""Longest wait for one run chain on a loaded 2-core machine (a failure, not a pause: the wait ends at the state)."""


class Wire:
    """The page's current websocket as a list of events: ``"asked"`` (a rerun sent), ``"started"``, ``"ended"``
    (a run's last end) and ``"cut"`` (a run ended early for a newer one). A new websocket (``goto``, ``reload``)
    starts a new list."""

    def __init__(self, page: Page):
        self.page = page
        self.events: list[str] = []
        page.on("websocket", self._attach)

    def _attach(self, ws) -> None:
        events: list[str] = []
        self.events = events
        ws.on("framesent", lambda payload: self._sent(events, payload))
        ws.on("framereceived", lambda payload: self._received(events, payload))

    @staticmethod
    def _sent(events: list[str], payload) -> None:
        msg = BackMsg.FromString(payload if isinstance(payload, bytes) else payload.encode())
        if msg.WhichOneof("type") == "rerun_script":
            if not msg.rerun_script.fragment_id:
                events.append("asked")
            else:  # the server drops a fragment's rerun when a full run going has removed the fragment
                running = max(_last(events, "started"), -1) > max(_last(events, "ended"), _last(events, "cut"))
                events.append("asked-fragment-mid-run" if running else "asked-fragment")
            for w in msg.rerun_script.widget_states.widgets:
                if READER + "." in w.id and '"stored"' in w.json_value:
                    # named as the reader's CSS class names it (Streamlit writes "-" for "@", "." and the like)
                    events.append("answered:" + re.sub(r"[^\w-]", "-", w.id.rsplit(READER + ".", 1)[1]))

    @staticmethod
    def _received(events: list[str], payload) -> None:
        msg = ForwardMsg.FromString(payload if isinstance(payload, bytes) else payload.encode())
        kind = msg.WhichOneof("type")
        if kind == "new_session":
            events.append("started")
        elif kind == "script_finished":
            events.append("ended" if msg.script_finished in ENDED else "cut")

    def asked(self) -> int:
        return sum(x.startswith("asked") for x in self.events)

    def at_rest(self) -> bool:
        """A run has started after the last request it must answer, and the last run started has ended."""
        e = self.events
        asked = max(_last(e, "asked"), _last(e, "asked-fragment"))
        return -1 < asked < _last(e, "started") < _last(e, "ended")

    def wait(self, done: Callable[[], bool], what: str) -> None:
        waited = 0
        while not done():
            if waited > WAIT_MS:
                raise AssertionError(f"{self.page.url}: {what} did not happen within {WAIT_MS // 1000} s; "
                                     f"the websocket's events: {self.events[-30:]}")
            self.page.wait_for_timeout(25)  # lets Playwright deliver the websocket's events; the loop waits for state
            waited += 25


def _last(events: list[str], name: str) -> int:
    return max((i for i, x in enumerate(events) if x == name), default=-1)


_wires: WeakKeyDictionary[Page, Wire] = WeakKeyDictionary()


def wire(page: Page) -> Page:
    """Follow ``page``'s runs from its next websocket on (call it before the page opens an address)."""
    if page not in _wires:
        _wires[page] = Wire(page)
    return page


def _wire_of(page: Page) -> Wire:
    try:
        return _wires[page]
    except KeyError:
        raise AssertionError("wire(page) before the page opens an address: its runs are not followed") from None


def at_rest(page: Page) -> None:
    """Until every run the page asked for has ended (on a page with a browser store, after its reader's answer),
    and the page shows it; fail on an exception shown."""
    w = _wire_of(page)
    w.wait(w.at_rest, "the page's runs ending")
    readers = {"answered:" + name for name in page.evaluate(READERS)}
    if not readers <= set(w.events):
        w.wait(lambda: readers <= set(w.events), f"the browser store's readers {sorted(readers)} answering")
        w.wait(w.at_rest, "the runs after the readers' answers ending")
    page.wait_for_selector(SCRIPT_DONE, timeout=WAIT_MS)
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)


def act(page: Page, do: Callable[[], object]) -> None:
    """Do one thing that starts a run, on a page at rest, then wait until the run (and any it led to) has ended."""
    w = _wire_of(page)
    at_rest(page)
    before = w.asked()
    do()
    w.wait(lambda: w.asked() > before, "a run asked for by the tap")
    at_rest(page)


def tap(page: Page, locator) -> None:
    """Tap ``locator`` (a click on a screen without touch), then wait for the run it starts to end."""
    touch = bool(page.evaluate("'ontouchstart' in window"))
    act(page, locator.tap if touch else locator.click)


def enter(page: Page, field, value: str | None = None) -> None:
    """Type ``value`` into ``field`` (if given) and press Enter, which sends it to the app; wait for its run."""
    if value is not None:
        field.fill(value)
    act(page, lambda: field.press("Enter"))


def pick(page: Page, box, option) -> None:
    """Open the select box ``box`` and pick ``option`` (a locator in the open list), then wait for its run.

    Opening the list sends nothing to the app, so it is opened again when a redraw closed it before the option
    showed (a widget redrawn by the store's answer or the page's direction script); the pick itself is one act.
    """
    at_rest(page)
    for attempt in range(4):
        box.click()
        try:
            option.wait_for(state="visible", timeout=5_000)
            break
        except PlaywrightTimeoutError:
            if attempt == 3:
                raise
            page.keyboard.press("Escape")
    act(page, option.click)
