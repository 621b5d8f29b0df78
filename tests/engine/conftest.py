"""Fixtures the engine's tests share."""

from __future__ import annotations

import fcntl
import os
import pickle

import pytest


@pytest.fixture(scope="session")
def reachable_messages(tmp_path_factory) -> dict:
    """Every message reachable from the verdicts (test_messages.collect_messages), built once per test run.

    The walk takes a quarter of a minute of processor time and two modules read it (test_messages.py,
    test_arabic_messages.py): the first worker process to need it builds it under a lock, the others read its
    pickle (a worker that asks while it is being built waits for it).
    """
    from tests.engine.test_messages import collect_messages

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder, shared by its workers
    kept = root / "reachable-messages.pickle"
    with open(root / "reachable-messages.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if kept.exists():
            return pickle.loads(kept.read_bytes())
        messages = collect_messages()
        kept.write_bytes(pickle.dumps(messages))
        return messages
