"""Timings to read, not tests: ``python -m explorer.bench``.

Each section is a function that prints its figures; add a section by writing a function and
listing it in :data:`SECTIONS`.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEALS, SEED = 20_000, 7


def _heading(text: str) -> None:
    print(f"\n== {text}")


def simulator_rate() -> None:
    """Deals per second of the vectorised simulator, in this process (import not counted)."""
    _heading(f"Simulator: {DEALS:,} random legal deals, seed {SEED}")
    t0 = time.perf_counter()
    from explorer.engine import simulate
    print(f"import explorer.engine.simulate (numpy, tables): {time.perf_counter() - t0:.3f} s")
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        simulate.simulate(DEALS, SEED)
        times.append(time.perf_counter() - t0)
    print(f"play and score: first {times[0]:.3f} s, best {min(times):.3f} s "
          f"-> {DEALS / min(times):,.0f} deals per second (first run {DEALS / times[0]:,.0f})")


def simulate_command_wall_time() -> None:
    """Wall time of the whole command, start-up included, measured from outside."""
    cmd = [sys.executable, "-m", "explorer", "simulate", "--deals", str(DEALS), "--seed", str(SEED)]
    _heading("Command: " + " ".join(["python", *cmd[1:]]))
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
        if proc.returncode != 0:
            print(f"failed ({proc.returncode}): {proc.stderr.strip()}")
            return
    print(f"wall time over 5 runs: best {min(times):.3f} s, median {statistics.median(times):.3f} s "
          f"-> {DEALS / min(times):,.0f} deals per second start-up included (best run)")
    print("its own report:", proc.stdout.splitlines()[0])
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import explorer.__main__"], cwd=ROOT, capture_output=True)
    print(f"start-up alone (python -c 'import explorer.__main__'): {time.perf_counter() - t0:.3f} s")


def exact_probability_times() -> None:
    """The time and the value of each exact probability (computed by counting)."""
    _heading("Exact probabilities (counting, fractions)")
    from explorer.engine.probabilities import exact_table
    t0 = time.perf_counter()
    rows = exact_table()
    total = time.perf_counter() - t0
    for r in rows:
        print(f"{r.cards} cards  {r.title:<34} {r.seconds * 1000:7.1f} ms   {r.value:9.5%}  = {r.fraction}"
              f"  (1 in {r.one_in:,.1f})")
    print(f"all {len(rows)} together: {total:.3f} s")


def hostile_input_times() -> None:
    """``check_text`` on the worst 64 KiB files found while hardening the loader (aim: under 1 s each)."""
    _heading("Hostile scenario files: check_text on 64 KiB shapes (aim: under 1 s each)")
    from explorer.engine.loader import MAX_BYTES
    from explorer.engine.scenario import check_text
    from explorer.engine.share import decode_scenario, encode_scenario
    n = MAX_BYTES - 100
    bomb = "a0: &a0 [" + ", ".join(["x"] * 10) + "]\n" + "".join(
        f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 9)) + "dealer: *a8\n"
    shapes = {
        "alias bomb (10^8 values if expanded)": bomb,
        "flow list of numbers": "kind: play\nx: [" + ",".join(["1"] * (n // 2 - 10)) + "]",
        "5,000 unknown keys": "kind: play\n" + "".join(f"k{i}: 1\n" for i in range(4990)),
        "9,000 bad cards": "kind: play\ncontract: {mode: sun, buyer: N}\ncurrent: {leader: N, cards: []}\n"
                           "hand: [" + ",".join(["XX"] * 9000) + "]\n",
        "30,000 nested lists": "[" * (n // 2) + "]" * (n // 2),
        "one 64 KiB line": "kind: play\ntitle: " + "a" * (n - 20),
        "lone-surrogate escapes (PyYAML fallback)": 'title: "' + "\\ud800" * (n // 7) + '"',
        "syntax error at the end (PyYAML re-reads)": "kind: play\nnotes: " + "word " * (n // 5 - 10) + "\n: ]",
        "9,000 values then a syntax error": "kind: play\nx: [" + ",".join(["1"] * 9000) + "]\n: ]",
        "64 KiB number": "kind: score\npoints: {NS: " + "9" * (n - 40) + "}",
    }
    check_text("kind: play")  # imports the kinds
    for name, text in shapes.items():
        t0 = time.perf_counter()
        result = check_text(text)
        dt = time.perf_counter() - t0
        print(f"{name:<42} {len(text.encode()):6,} B  {dt * 1000:6.0f} ms  {(result.errors or ['valid'])[0][:60]}")
    link = encode_scenario({"kind": "play", "notes": [[1] * 300] * 30})
    t0 = time.perf_counter()
    decode_scenario(link)
    print(f"{'link of 9,000 values':<42} {len(link):6,} ch  {(time.perf_counter() - t0) * 1000:6.0f} ms")


def page_rerun_times() -> None:
    """Each page's rerun time under AppTest (after a first, warming run); the aim is under 0.3 s."""
    _heading("Pages: rerun time under AppTest (aim: under 0.3 s)")
    import logging

    from streamlit.testing.v1 import AppTest
    for name in ("streamlit", "streamlit.runtime.scriptrunner_utils.script_run_context"):
        logging.getLogger(name).setLevel(logging.ERROR)

    from explorer.ui import nav
    app = str(ROOT / "explorer" / "app.py")
    pages = sorted(p.name for p in nav.PAGES_DIR.glob("*.py") if not p.name.startswith("_"))
    for name in pages:
        at = AppTest.from_file(app, default_timeout=60).run()
        at.switch_page(f"app_pages/{name}").run()
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            at.run()
            times.append(time.perf_counter() - t0)
        flag = "" if min(times) < 0.3 else "   <- over 0.3 s"
        error = "   EXCEPTION" if at.exception else ""
        print(f"{name:<24} best {min(times):.3f} s, median {statistics.median(times):.3f} s{flag}{error}")


SECTIONS: list[Callable[[], None]] = [simulator_rate, simulate_command_wall_time, exact_probability_times,
                                      hostile_input_times, page_rerun_times]
"""The sections, printed in order."""


def main() -> int:
    for section in SECTIONS:
        section()
    return 0


if __name__ == "__main__":
    sys.exit(main())
