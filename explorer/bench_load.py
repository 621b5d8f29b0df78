"""The load section of ``python -m explorer.bench``: many sessions opening a page at once.

It starts the app (``streamlit run explorer/app.py`` on a free port of 127.0.0.1), opens sessions the way the
browser does, without a browser: a websocket to ``/_stcore/stream`` (subprotocol ``streamlit``) and a
``rerun_script`` BackMsg whose ClientState names the page by its URL path and carries the query string, as the
browser's first run sends it (and, as a browser, no websocket pings). A session's time is from its connection
to the ``script_finished`` ForwardMsg of that first run; one that does not finish within the time limit is
counted as such and closed. Meanwhile a thread asks ``/_stcore/health`` every 100 ms and keeps each answer's
latency. The server's resident memory and the processor time it used per session (which other work on the
machine changes less than the wall times) are read from Linux's /proc. Prints figures, asserts nothing.
"""

from __future__ import annotations

import asyncio
import http.client
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SESSIONS = 30
"""Sessions opened at once on each page."""
SESSION_LIMIT = 60.0
"""Seconds a session may take to finish its first run before it is counted as not finished."""
HEALTH_EVERY = 0.1
"""Seconds between two health checks (after the previous one answered)."""
START_LIMIT = 60.0
"""Seconds the server may take to answer its first health check."""


@dataclass
class Run:
    """One session's first run: seconds to its end (None: not finished in time) and whether it showed an error."""

    seconds: float | None
    exception: bool = False
    problem: str = ""


@dataclass
class Health:
    """The health checks' latencies while sessions ran, and the checks that failed."""

    latencies: list[float] = field(default_factory=list)
    failures: int = 0


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on now (the system's choice)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _health_once(port: int, timeout: float) -> float | None:
    """Seconds ``/_stcore/health`` took to answer "ok", or None if it failed or took longer than ``timeout``."""
    t0 = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", "/_stcore/health")
        response = conn.getresponse()
        ok = response.status == 200 and response.read().strip() == b"ok"
    except OSError:
        return None
    finally:
        conn.close()
    return time.perf_counter() - t0 if ok else None


@contextmanager
def app_server(port: int):
    """The app served on ``127.0.0.1:port`` until the block ends (then stopped); raises if it does not start."""
    cmd = [sys.executable, "-m", "streamlit", "run", str(ROOT / "explorer" / "app.py"), "--server.port", str(port),
           "--server.address", "127.0.0.1", "--server.headless", "true", "--browser.gatherUsageStats", "false"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + START_LIMIT
        while _health_once(port, 1.0) is None:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the app did not start on port {port} (exit status {proc.poll()})")
            time.sleep(0.2)
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextmanager
def health_watch(port: int):
    """A thread asking ``/_stcore/health`` every :data:`HEALTH_EVERY` seconds until the block ends."""
    health, stop = Health(), threading.Event()

    def poll() -> None:
        while not stop.is_set():
            latency = _health_once(port, SESSION_LIMIT)
            if latency is None:
                health.failures += 1
            else:
                health.latencies.append(latency)
            stop.wait(HEALTH_EVERY)

    thread = threading.Thread(target=poll, daemon=True)
    thread.start()
    try:
        yield health
    finally:
        stop.set()
        thread.join(SESSION_LIMIT + 5)


def _rerun_message(page: str, query: str) -> bytes:
    """The BackMsg the browser sends for a page's first run: no page hash yet, the page by its URL path.

    >>> from streamlit.proto.BackMsg_pb2 import BackMsg
    >>> state = BackMsg.FromString(_rerun_message("trick_checker", "s=v1.x")).rerun_script
    >>> state.page_name, state.query_string, state.page_script_hash
    ('trick_checker', 's=v1.x', '')
    """
    from streamlit.proto.BackMsg_pb2 import BackMsg
    msg = BackMsg()
    state = msg.rerun_script
    state.query_string, state.page_script_hash, state.page_name = query, "", page
    state.context_info.timezone, state.context_info.locale = "UTC", "en-US"
    state.context_info.url = f"http://127.0.0.1/{page}" + (f"?{query}" if query else "")
    return msg.SerializeToString()


async def _one_session(port: int, page: str, query: str, limit: float) -> Run:
    """Open a session, ask for the page's first run and wait for its end (at most ``limit`` seconds)."""
    import websockets
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    t0 = time.perf_counter()
    exception = False
    try:
        async with asyncio.timeout(limit):
            async with websockets.connect(f"ws://127.0.0.1:{port}/_stcore/stream", subprotocols=["streamlit"],
                                          max_size=None, open_timeout=limit, ping_interval=None) as ws:
                await ws.send(_rerun_message(page, query))
                async for data in ws:
                    msg = ForwardMsg.FromString(data)
                    kind = msg.WhichOneof("type")
                    if kind == "delta" and msg.delta.new_element.WhichOneof("type") == "exception":
                        exception = True
                    elif kind == "script_finished":
                        if msg.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                            continue  # the page asked for a rerun: its end is the next run's
                        return Run(time.perf_counter() - t0, exception)
                return Run(None, exception, "the server closed the connection")
    except TimeoutError:
        return Run(None, exception, f"not finished in {limit:.0f} s")
    except (OSError, websockets.WebSocketException) as e:
        return Run(None, exception, f"{type(e).__name__}: {e}")


async def _sessions(port: int, page: str, query: str, n: int, limit: float) -> list[Run]:
    return list(await asyncio.gather(*(_one_session(port, page, query, limit) for _ in range(n))))


def open_sessions(port: int, page: str, query: str = "", n: int = 1, limit: float = SESSION_LIMIT) -> list[Run]:
    """``n`` sessions opening ``page`` (its URL path, "" for the home page) with ``query``, all at once."""
    return asyncio.run(_sessions(port, page, query, n, limit))


def _percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def _summary(runs: list[Run], health: Health) -> str:
    """The line of a page's figures.

    >>> _summary([Run(1.0), Run(3.0), Run(None, problem="not finished in 60 s")], Health([0.01, 0.5]))
    '2/3 finished; p50  2.00 s, p95  3.00 s, max  3.00 s; not finished in 60 s; health: 2 checks, max   500 ms, p95  500 ms'
    """
    done = [r.seconds for r in runs if r.seconds is not None]
    parts = [f"{len(done)}/{len(runs)} finished"]
    if done:
        parts.append(f"p50 {statistics.median(done):5.2f} s, p95 {_percentile(done, .95):5.2f} s, "
                     f"max {max(done):5.2f} s")
    errors = sum(r.exception for r in runs)
    if errors:
        parts.append(f"{errors} showed an exception")
    problems = sorted({r.problem for r in runs if r.problem})
    if problems:
        parts.append("; ".join(problems))
    if health.latencies:
        parts.append(f"health: {len(health.latencies)} checks, max {max(health.latencies) * 1000:5.0f} ms, "
                     f"p95 {_percentile(health.latencies, .95) * 1000:4.0f} ms")
    if health.failures:
        parts.append(f"{health.failures} health checks failed")
    return "; ".join(parts)


LINKED = ROOT / "data" / "scenarios" / "play-third-seat-must-cut.yaml"
"""The library scenario the link case opens in the Trick checker (``?s=``, as the library's share link)."""


def load_pages() -> dict[str, tuple[str, str]]:
    """The pages the load section opens: name -> (URL path, query string)."""
    from explorer.engine.files.loader import load_yaml
    from explorer.engine.files.share import encode_scenario
    link = encode_scenario(load_yaml(LINKED.read_text(encoding="utf-8")))
    return {"Home": ("", ""), "Trick checker": ("trick_checker", ""),
            "Trick checker, link ?s=": ("trick_checker", f"s={link}")}


def concurrent_loads(sessions: int = SESSIONS, port: int | None = None) -> None:
    """``sessions`` sessions opening each page at once on a fresh server: each session's time to its first run's
    end (p50/p95/max) and the health check's latency meanwhile (aim: all within 5 s, health under 1 s)."""
    port = port or free_port()
    print(f"\n== Load: {sessions} sessions opening a page at once over the websocket (aim: each within 5 s, "
          f"health check under 1 s); load average before {os.getloadavg()[0]:.2f}")
    pages = load_pages()
    with app_server(port) as server:
        print(f"server started: {_rss_mb(server.pid)} resident")
        for name, (page, query) in pages.items():
            first = open_sessions(port, page, query)[0]
            alone = open_sessions(port, page, query)[0]
            cpu = _cpu_seconds(server.pid)
            with health_watch(port) as health:
                runs = open_sessions(port, page, query, sessions)
            used = _cpu_seconds(server.pid)
            per = f"{(used - cpu) / sessions * 1000:.0f} ms" if cpu is not None and used is not None else "?"
            print(f"{name:<24} alone: first {_seconds(first)}, again {_seconds(alone)}; "
                  f"{sessions} at once: {_summary(runs, health)}; server {_rss_mb(server.pid)}, "
                  f"processor {per} a session")
    print(f"load average after {os.getloadavg()[0]:.2f} (1 min), {os.getloadavg()[1]:.2f} (5 min)")


def _rss_mb(pid: int) -> str:
    """The resident memory of process ``pid`` (Linux's /proc), or "?" where it cannot be read."""
    try:
        with open(f"/proc/{pid}/status") as f:
            kb = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
    except (OSError, StopIteration, ValueError):
        return "?"
    return f"{kb / 1024:.0f} MB"


def _cpu_seconds(pid: int) -> float | None:
    """The processor time process ``pid`` has used (user and system, Linux's /proc), or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _seconds(run: Run) -> str:
    return (f"{run.seconds:.2f} s" if run.seconds is not None else run.problem) + (" (exception)" if run.exception
                                                                                   else "")


if __name__ == "__main__":
    concurrent_loads(int(sys.argv[1]) if len(sys.argv) > 1 else SESSIONS,
                     int(sys.argv[2]) if len(sys.argv) > 2 else None)
