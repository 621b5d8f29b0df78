"""Page runs take turns: at most :data:`RUNS_AT_ONCE` run at once in this server, the others wait.

Streamlit runs each session's script in a thread of its own, and the threads share one interpreter lock with
the server's event loop, which answers the health check and carries every message to the browsers. Thirty
page loads at once left the loop one thirty-first of the lock while all thirty ran (the health check waited
as long as the loads); waiting their turn, the runs leave it free, and each load ends as soon as its own run
is done instead of all ending together (``python -m explorer.bench concurrent_loads``).

A run waits at most :data:`WAIT_LIMIT` seconds: one that never ends cannot keep the others out. The server's
threads hand the lock over every :data:`SWITCH_INTERVAL` seconds, not Python's 5 ms: after each read or write
the event loop waits that long at most for the lock to come back from a running page.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

RUNS_AT_ONCE = 2
"""Page runs executing at once; two, so that one long run (a chart of many deals) does not hold up the rest."""
WAIT_LIMIT = 10.0
"""Seconds a run waits for its turn before it goes ahead anyway."""

SWITCH_INTERVAL = 0.001
"""Seconds a thread may keep the interpreter lock while another waits for it (``sys.setswitchinterval``): with
1 ms the health check's worst wait under the load bench fell from about 1.1 s to 0.8 s on a busy machine."""

_turns = threading.BoundedSemaphore(RUNS_AT_ONCE)
"""The server's turns: a lock shared by the sessions, holding nothing of theirs."""


@contextmanager
def turn() -> Iterator[None]:
    """Run the block in a turn of its own (or after :data:`WAIT_LIMIT` seconds without one).

    >>> with turn(), turn():               # two runs at once take both turns ...
    ...     _turns.acquire(blocking=False)  # ... and a third would wait
    False
    >>> with turn():                       # the turns are back when the runs end
    ...     _turns.acquire(blocking=False) and _turns.release() is None
    True
    """
    if sys.getswitchinterval() > SWITCH_INTERVAL:  # the whole process's, set by its first run
        sys.setswitchinterval(SWITCH_INTERVAL)
    got = _turns.acquire(timeout=WAIT_LIMIT)
    try:
        yield
    finally:
        if got:
            _turns.release()
