"""Timings to read, not tests: ``python -m explorer.bench``.

Each section is a function that prints its figures; add a section by writing a function and
listing it in :data:`SECTIONS`.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from explorer.bench_load import concurrent_loads
from explorer.bench_table import practice_turn, practice_turn_expert

ROOT = Path(__file__).resolve().parent.parent
DEALS, SEED = 20_000, 7


def _heading(text: str) -> None:
    print(f"\n== {text}")


def simulator_rate() -> None:
    """Deals per second of the vectorised simulator, in this process (import not counted)."""
    _heading(f"Simulator: {DEALS:,} random legal deals, seed {SEED}")
    t0 = time.perf_counter()
    from explorer.engine.fast import simulate
    print(f"import explorer.engine.fast.simulate (numpy, tables): {time.perf_counter() - t0:.3f} s")
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


MEMORY_DEALS = (100_000, 1_000_000)
"""The ``--deals`` the memory section runs the command with."""


def _run_measured(cmd: list[str]) -> tuple[int, float, float, str]:
    """Run ``cmd`` from the project folder: its exit status, wall seconds, peak resident set in MB (the
    kernel's ``ru_maxrss`` for that one process, through ``os.wait4``) and its standard output."""
    with tempfile.TemporaryFile("w+") as out:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, text=True)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        return proc.returncode, wall, usage.ru_maxrss / 1024, out.read()


def simulate_command_memory() -> None:
    """Peak memory of the whole command at 100k and 1M deals, with and without ``--out`` (it streams
    chunk by chunk, so the peak should not grow with the deals), and its deals per second."""
    _heading("Command memory: peak resident set of python -m explorer simulate (seed 7)")
    with tempfile.TemporaryDirectory() as tmp:
        for deals in MEMORY_DEALS:
            for out in (False, True):
                cmd = [sys.executable, "-m", "explorer", "simulate", "--deals", str(deals), "--seed", str(SEED)]
                if out:
                    cmd += ["--out", str(Path(tmp) / "deals.csv")]
                code, wall, peak, text = _run_measured(cmd)
                if code != 0:
                    print(f"--deals {deals:,}: failed ({code}): {text.strip()}")
                    continue
                rate = text.splitlines()[0].rsplit(": ", 1)[-1].rstrip(".")
                print(f"--deals {deals:>9,} {'--out deals.csv' if out else 'no --out':<15}  peak {peak:7.1f} MB  "
                      f"wall {wall:6.2f} s ({deals / wall:,.0f} deals/s with start-up and writing)  "
                      f"play and score: {rate}")


def play_out_rate() -> None:
    """Positions per second of :func:`play_out` from a position mid-deal (trick 4 in progress, Hokum
    doubled and locked), random legal play to the end and the score, by batch size."""
    import numpy as np

    from explorer.engine.core.cards import Seat, Suit
    from explorer.engine.core.contract import Contract, Escalation, Level
    from explorer.engine.core.tables import Mode
    from explorer.engine.fast.simulate import play_out, simulate
    _heading("Play-out: positions mid-deal played to the end and scored (13 cards down, Hokum doubled, locked)")
    kw: dict = dict(dealer=Seat.W, contract=Contract(Mode.HOKUM, Suit.H, Seat.N),
                    escalation=Escalation(Level.DOUBLE, Seat.E, locked=True))
    r = play_out(simulate(1, SEED).hands, rng=SEED, **kw)                 # a whole deal, played locked
    history = [int(c) for c in r.cards[0].reshape(-1)[:13]]
    now = r.hands[0].copy()
    for j, c in enumerate(history):
        now[(int(r.leaders[0, j // 4]) + j % 4) % 4] ^= np.uint32(1 << c)
    kw["announced"] = r.ekka[0, :4].tolist()
    play_out(np.tile(now, (10, 1)), history, **kw)                        # first-call costs
    for n in (100, 1_000, 10_000, 100_000):
        hands = np.tile(now, (n, 1))
        times = []
        for i in range(3):
            t0 = time.perf_counter()
            play_out(hands, history, rng=i, **kw)
            times.append(time.perf_counter() - t0)
        print(f"{n:>7,} positions: best {min(times) * 1000:8.1f} ms -> {n / min(times):,.0f} positions per second")


def exact_probability_times() -> None:
    """The time and the value of each exact probability (computed by counting)."""
    _heading("Exact probabilities (counting, fractions)")
    from explorer.engine.fast.probabilities import exact_table
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
    from explorer.engine.core.errors import ScenarioError
    from explorer.engine.files.loader import MAX_BYTES
    from explorer.engine.files.scenario import check_text
    from explorer.engine.files.share import decode_scenario, encode_scenario
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
    links = {"link of 9,000 values": {"kind": "play", "notes": [[1] * 300] * 30},
             "link holding a 9,000-card hand (issue 26)": {"kind": "play", "hand": ["QH"] * 9000}}
    for name, doc in links.items():
        link, best, said = encode_scenario(doc), float("inf"), "read"
        for _ in range(5):  # the best of five: the first run pays for imports and caches
            t0 = time.perf_counter()
            try:
                decode_scenario(link)
            except ScenarioError as e:
                said = e.problems[0]
            best = min(best, time.perf_counter() - t0)
        print(f"{name:<42} {len(link):6,} ch  {best * 1000:6.2f} ms  {said[:60]}")


def page_rerun_times() -> None:
    """Each page's rerun time under AppTest (after a first, warming run); the aim is under 0.3 s."""
    _heading("Pages: rerun time under AppTest (aim: under 0.3 s)")
    import logging

    from streamlit.testing.v1 import AppTest
    for name in ("streamlit", "streamlit.runtime.scriptrunner_utils.script_run_context"):
        logging.getLogger(name).setLevel(logging.ERROR)

    from explorer.view import nav
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


def player_decision_times(deals: int = 20) -> None:
    """Each computer player's decision time (median and p95), over whole deals against the heuristic, split
    into card play and the rest (bidding, doubling, declaring), and a whole self-played deal's time."""
    _heading(f"Computer players: decision time over {deals} deals each (one core)")
    from explorer.engine.core.cards import SEATS
    from explorer.engine.game.state import GameState, Play
    from explorer.engine.players import make_player

    def pct(xs: list[float], q: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else 0.0

    for name in ("random", "heuristic", "strong", "expert", "expert-fast"):
        cards_ms: list[float] = []
        other_ms: list[float] = []
        t_all = time.perf_counter()
        for i in range(deals):
            g = GameState.new(f"bench-{i}")
            players = {s: (make_player("expert", seed=f"{i}:{s.value}", level="fast") if name == "expert-fast"
                           and s.team.value == "NS" else make_player(name if s.team.value == "NS" else "heuristic",
                                                                     seed=f"{i}:{s.value}")) for s in SEATS}
            while not g.finished:
                seat = g.to_act
                t0 = time.perf_counter()
                choice = players[seat].choose(g.view(seat))
                dt = time.perf_counter() - t0
                if seat.team.value == "NS":
                    (cards_ms if isinstance(choice.action, Play) else other_ms).append(dt)
                g = g.apply(choice.action)
        total = time.perf_counter() - t_all
        print(f"{name:<10} cards: median {pct(cards_ms, .5):7.2f} ms, p95 {pct(cards_ms, .95):7.2f} ms "
              f"({len(cards_ms)} decisions); calls and declarations: median {pct(other_ms, .5):6.2f} ms; "
              f"a whole deal against the heuristic {total / deals * 1000:7.0f} ms")


def duel_strength(deals: int = 200) -> None:
    """The duplicate duels of the README: A's advantage per deal with its 95% interval (slow: minutes)."""
    _heading(f"Duels: {deals} duplicate deals each, seed 1 (python -m explorer duel A B --deals {deals} --seed 1)")
    from explorer.engine.players.selfplay import duel
    for a, b in (("heuristic", "random"), ("strong", "heuristic")):
        t0 = time.perf_counter()
        d = duel(a, b, deals=deals, seed=1)
        lo, hi = d.ci95
        ms = d.decision_ms()
        print(f"{a} against {b}: {d.points_per_deal:+.2f} game points per deal (95% interval {lo:+.2f} to "
              f"{hi:+.2f}); decision median/p95: " + ", ".join(f"{k} {v['median']:.2f}/{v['p95']:.2f} ms"
                                                           for k, v in ms.items())
              + f"; {time.perf_counter() - t0:.0f} s")


def inference(deals: int = 12, worlds: int = 96) -> None:
    """The expert's inference alone: over the card decisions of seeded self-play deals (strong against strong,
    from the fifth card on), the share of hidden cards that sampled worlds place in the right hand, uniform
    against weighted by the likelihood of the others' calls and cards (plays only, bids only, both; and with
    other noise levels), and the average log-likelihood gain of the true hands' placement."""
    _heading(f"Inference: hidden cards placed right, {worlds} worlds a position, {deals} strong self-play deals")
    import random as _random

    from explorer.engine.core.cards import SEATS
    from explorer.engine.game.state import GameState, Stage
    from explorer.engine.players import make_player
    from explorer.engine.players.inference import log_weights, normalized, placement
    from explorer.engine.players.sampling import sample_worlds
    kinds = {"uniform": None, "plays and bids (noise 0.5)": {}, "plays only": {"bids": False},
             "bids only": {"plays": False}, "noise 0.3": {"noise": 0.3}, "noise 0.7": {"noise": 0.7}}
    got: dict[str, list[float]] = {k: [] for k in kinds}
    times: list[float] = []
    for i in range(deals):
        g = GameState.new(f"inference-{i}")
        players = {s: make_player("strong", seed=f"{i}:{s.value}", samples=32) for s in SEATS}
        while not g.finished:
            seat = g.to_act
            view = g.view(seat)
            if g.stage is Stage.PLAY and len(view.played) >= 4 and len(view.hand) >= 2:
                ws = sample_worlds(view, worlds, _random.Random(f"{i}:{len(view.played)}"))
                truth = {s: g.hand(s) for s in SEATS if s is not seat}
                for name, opts in kinds.items():
                    t0 = time.process_time()
                    weights = None if opts is None else normalized(log_weights(view, ws, **opts))
                    if name.startswith("plays and bids"):
                        times.append((time.process_time() - t0) * 1000)
                    got[name].append(placement(ws, truth, weights))
            g = g.apply(players[seat].choose(view).action)
    for name, xs in got.items():
        print(f"{name:<28} {statistics.fmean(xs):.1%} of hidden cards placed right ({len(xs)} positions)")
    print(f"weighting {worlds} worlds: median {statistics.median(times):.1f} ms, p95 {_pct(times, .95):.1f} ms "
          f"of processor time")


EXPERT_DUELS = (("expert", "strong"), ("strong", "expert"), ("expert", "expert"), ("expert-bidding", "strong"),
                ("expert-play", "strong"), ("cheat", "strong"))
"""The expert's duel and its controls: the order swapped, against itself, the two hybrids, the upper bound."""


EXPERT_SEED = 12
"""The expert duels' seed: one no setting was chosen on (seed 1 chose the earlier expert's, 11 its solving depth)."""


def expert_duels(deals: int = 200, workers: int = 2) -> None:
    """The expert against strong and the controls (:data:`EXPERT_DUELS`), seed :data:`EXPERT_SEED`, with the pair
    standard deviation and how the contracts went (slow: about an hour on 2 cores)."""
    _heading(f"Expert duels: {deals} duplicate deals each, seed {EXPERT_SEED}, {workers} workers")
    from explorer.engine.players.selfplay import duel
    for a, b in EXPERT_DUELS:
        t0 = time.perf_counter()
        d = duel(a, b, deals=deals, seed=EXPERT_SEED, workers=workers)
        lo, hi = d.ci95
        bid = d.bidding()
        print(f"{a} against {b}: {d.points_per_deal:+.2f} game points per deal (95% interval {lo:+.2f} to "
              f"{hi:+.2f}), pair SD {d.pair_sd:.1f}; redealt {bid['redealt']:.1%}, failed {bid['failed']:.1%}, "
              f"Kaboot {bid['kaboot']:.1%}; " + ", ".join(f"{n} bought {bid[n]['bought']:.1%} (failed "
                                                          f"{bid[n]['failed']:.1%})" for n in dict.fromkeys((a, b)))
              + f"; {time.perf_counter() - t0:.0f} s")


SOLVER_POSITIONS = {8: 40, 6: 60, 4: 100}
"""Tricks left -> how many seeded random positions the solver section solves."""


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def _first_solve(env: dict[str, str]) -> str:
    """A fresh interpreter's import and first solve (a 6-trick position), as one line of figures."""
    code = ("import time; t0 = time.perf_counter(); from explorer.engine.solver.search import solve; "
            "from explorer.engine.solver.samples import random_position; t1 = time.perf_counter(); "
            "g = random_position(1, 6); t2 = time.perf_counter(); solve(g); t3 = time.perf_counter(); "
            "solve(random_position(2, 6)); t4 = time.perf_counter(); "
            "print(f'import {t1 - t0:.2f} s, first solve {t3 - t2:.2f} s, the next {(t4 - t3) * 1000:.0f} ms')")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, **env})
    return proc.stdout.strip() if proc.returncode == 0 else f"failed: {proc.stderr.strip()[-200:]}"


def solver() -> None:
    """The exact solver (explorer/engine/solver): median and p95 over seeded random positions at 8, 6 and 4
    tricks left (random contracts, levels and profiles, 0 to 3 cards on the table), per objective and for the
    whole ``solve`` output (the three objectives and every card's principal line); then the first call."""
    from explorer.engine.solver import jit
    from explorer.engine.solver.award import _TABLES as award_tables
    from explorer.engine.solver.award import Deal, scale
    from explorer.engine.solver.position import from_state
    from explorer.engine.solver.samples import random_position
    from explorer.engine.solver.search import solve
    _heading(f"Solver: exact values of every legal card ({'compiled, numba' if jit.COMPILED else 'plain Python'}; "
             f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    solve(random_position(0, 4))                                   # compiled or loaded before the timings
    runs = {"tricks": ("tricks",), "points": ("points",), "award": ("award",), "whole solve": None}
    for left, count in SOLVER_POSITIONS.items():
        positions = [random_position(f"bench-{left}-{i}", left) for i in range(count)]
        for name, objectives in runs.items():
            times, cpu = [], []
            for g in positions:
                award_tables.clear()                               # each position a new deal: its table too
                t0, c0 = time.perf_counter(), time.process_time()
                solve(g) if objectives is None else solve(g, objectives=objectives, lines=False)
                times.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
            print(f"{left} tricks left, {name:<11} median {statistics.median(times):7.1f} ms, p95 "
                  f"{_pct(times, .95):7.1f} ms, worst {max(times):7.1f} ms; this process's CPU: median "
                  f"{statistics.median(cpu):6.1f} ms, p95 {_pct(cpu, .95):6.1f} ms ({count} positions)")
        tables = []
        for i, g in enumerate(positions):                          # a new deal's award table, built alone
            pos = from_state(g)
            deal = Deal.of(g, g.projects(), pos.team)
            deal = Deal((f"bench-table-{left}-{i}", *deal.state_key), deal.facts, deal.profile, deal.team)
            t0 = time.perf_counter()
            scale(deal, pos.points_so_far, pos.remaining_points, pos.sweep)
            tables.append((time.perf_counter() - t0) * 1000)
        print(f"{left} tricks left, the award's table from the scoring pipeline for a new deal (inside 'award' "
              f"above; cached for the next position of the same deal): median {statistics.median(tables):.1f} ms")
    with tempfile.TemporaryDirectory() as cache:
        print("first call, compiling (an empty numba cache):", _first_solve({"NUMBA_CACHE_DIR": cache}))
        print("first call, from numba's cache on disk:      ", _first_solve({"NUMBA_CACHE_DIR": cache}))


SECTIONS: list[Callable[[], None]] = [simulator_rate, simulate_command_wall_time, simulate_command_memory,
                                      play_out_rate, solver, exact_probability_times, hostile_input_times,
                                      player_decision_times, page_rerun_times, practice_turn, practice_turn_expert,
                                      concurrent_loads, duel_strength, inference, expert_duels]
"""The sections, printed in order."""


def main(argv: list[str] | None = None) -> int:
    """All sections, or only those named: ``python -m explorer.bench player_decision_times duel_strength``."""
    names = list(sys.argv[1:] if argv is None else argv)
    by_name = {f.__name__: f for f in SECTIONS}
    unknown = [n for n in names if n not in by_name]
    if unknown:
        print(f"unknown section {unknown[0]!r} (sections: {', '.join(by_name)})", file=sys.stderr)
        return 2
    for section in ([by_name[n] for n in names] if names else SECTIONS):
        section()
    return 0


if __name__ == "__main__":
    sys.exit(main())
