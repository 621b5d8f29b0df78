"""The practice_turn section of ``python -m explorer.bench``: what a player waits for at the card table.

It starts the app (``streamlit run explorer/app.py`` on a free port of 127.0.0.1), opens the Practice table in headless
Chromium (Debian's ``/usr/bin/chromium``) on the phone viewport (390x844, touch), and plays seeded single deals, each
kept in the browser with the playback set to instant, South tapping what the heuristic player would (a copy of the
match in this process, moved by the same engine, says what that is: the computers' choices are seeded by the deal and
the moment, so both copies play the same cards). A turn's time is the table's own measure: from the tap to the moment
your next decision is drawn playable (``globalThis.__bxTurns``, written by ``explorer/ui/practice/table.js``), the
computers' cards included; the server's part is from the tap's run start to the table's data
(``data-server-ms``). Prints figures, asserts nothing; ends with one line::

    practice_turn: median N ms, p95 M ms from a tap to your next playable turn (browser); server K ms
"""

from __future__ import annotations

import json
import os
import statistics
import time

from explorer.bench_load import app_server, free_port

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
SEEDS = (16, 21, 33, 40)
"""The deals played (single-deal practices dealt from these seeds)."""
STATE = ".bx-root[data-state]"
LIMIT_MS = 120_000


def _pct(xs: list[float], q: float) -> float:
    """The value at quantile ``q`` of ``xs`` (the nearest rank below).

    >>> _pct([300, 100, 200, 900], .95), _pct([], .5)
    (900, nan)
    """
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def _wait_for_table(page, seq: str | None) -> None:
    """Until the table shows a new playback (not ``seq``) with your decision playable, or the deal's end."""
    page.wait_for_function(
        """(seq) => { const r = [...document.querySelectorAll('[data-testid="stBidiComponentIsolated"]')]
            .map(e => e.shadowRoot && e.shadowRoot.querySelector('.bx-root')).find(Boolean);
          return r && r.dataset.seq !== seq && (r.dataset.state === 'ready' || r.dataset.state === 'over'); }""",
        arg=seq, timeout=LIMIT_MS, polling=20)


def _play_deal(page, base: str, seed: int, level: str = "heuristic") -> list[dict]:
    """One seeded deal played by taps, the three computers at ``level``; the table's turn times of it."""
    from explorer.engine.core.cards import Seat
    from explorer.engine.game.practice import Look, Practice
    from explorer.engine.game.state import Play
    from explorer.engine.players import make_player
    from explorer.ui.shell.stored_text import encode, storage_key

    p = Practice.new(seed, goal="deal", look=Look(pace="instant"), levels={s: level for s in (Seat.N, Seat.E, Seat.W)})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [storage_key("practice"), encode(p.to_json())])
    page.goto(f"{base}/play")
    _wait_for_table(page, None)
    p, _ = p.advance()
    root = page.locator(".bx-root")
    while not p.state.finished:
        action = make_player("heuristic").choose(p.state.view(p.human)).action
        seq = root.get_attribute("data-seq")
        if isinstance(action, Play):
            page.locator(f'.bx-hand [data-card="{action.card}"]').tap()
        else:
            page.locator(f'.bx-actions [data-action="{action}"]').tap()
        _wait_for_table(page, seq)
        p, _ = p.act(action)
    return page.evaluate("globalThis.__bxTurns || []")


def practice_turn(seeds: tuple[int, ...] = SEEDS, level: str = "heuristic") -> None:
    """Tap to your next playable turn at the practice table, in a real browser on a phone (playback instant)."""
    from playwright.sync_api import sync_playwright

    print(f"\n== Practice table: a tap to your next playable turn, headless Chromium at 390x844, playback instant, "
          f"the computers at level {level} (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    turns: list[dict] = []
    t0 = time.perf_counter()
    with app_server(port), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_context(**PHONE).new_page()
            page.goto(f"{base}/play")
            page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=LIMIT_MS)
            for seed in seeds:
                got = _play_deal(page, base, seed, level)
                turns += got
                ms = [x["ms"] for x in got]
                print(f"deal {seed}-1: {len(ms)} turns, median {statistics.median(ms):.0f} ms, worst {max(ms):.0f} ms"
                      if ms else f"deal {seed}-1: no turn of yours after a tap")
        finally:
            browser.close()
    ms = [x["ms"] for x in turns]
    server = [float(x["server"]) for x in turns if isinstance(x.get("server"), (int, float))]
    print(f"{len(ms)} turns in {time.perf_counter() - t0:.0f} s; load average now {os.getloadavg()[0]:.1f}; "
          f"worst {max(ms, default=float('nan')):.0f} ms; server p95 {_pct(server, .95):.0f} ms")
    print(json.dumps({"turns_ms": [round(x) for x in ms]}))
    print(f"practice_turn{'' if level == 'heuristic' else '_' + level}: median {statistics.median(ms):.0f} ms, p95 {_pct(ms, .95):.0f} ms from a tap to your next "
          f"playable turn (browser); server {statistics.median(server):.0f} ms")


def practice_turn_expert() -> None:
    """:func:`practice_turn` with the three computers at the expert level (each thinking up to a second at the first
    trick): what the strongest table costs a player in waiting."""
    practice_turn(level="expert")
