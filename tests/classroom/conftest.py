"""The classroom service on a real database: SQLite in a temporary folder, and PostgreSQL when its binaries are
installed (a throwaway cluster in a temporary folder, listening on a Unix socket only, stopped at the end).

``service`` runs each test on both (the PostgreSQL run is skipped, with the reason, where there is none); the
clock is the test's own, so expiry and rate limits are tested by moving time on, never by waiting.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from explorer.classroom.db import make_engine
from explorer.classroom.service import Classroom


class Clock:
    """A clock the test moves: ``clock.now += 3600``."""

    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if found:
        return Path(found[-1]).parent
    which = shutil.which("pg_ctl")
    return Path(which).parent if which else None


def _no_postgres_reason() -> str | None:
    if _pg_bin() is None:
        return "PostgreSQL is not installed (no initdb/pg_ctl under /usr/lib/postgresql/*/bin or on PATH)"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg 3 is not installed (pip install -e '.[postgres]')"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no postgres user to run the cluster as (initdb refuses root)"
    return None


class Cluster:
    """A throwaway PostgreSQL cluster; :meth:`new_url` creates a fresh database on it."""

    def __init__(self):
        self.bin = _pg_bin()
        self.dir = Path(tempfile.mkdtemp(prefix="baloot-pg-"))
        self.data, self.socket = self.dir / "data", self.dir / "socket"
        self.socket.mkdir()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
            shutil.chown(self.socket, "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.counter = itertools.count()

    def run(self, *args: str) -> None:
        subprocess.run([*self.as_user, *args], check=True, capture_output=True, text=True, timeout=120)

    def start(self) -> None:
        self.run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        options = f"-c listen_addresses='' -c unix_socket_directories={self.socket} -c fsync=off"
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.dir / "server.log"), "-o", options,
                 "-w", "-t", "60", "start")  # the log to a file: the server must not hold the test's pipes open

    def stop(self) -> None:
        try:
            self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def new_url(self) -> str:
        import psycopg
        name = f"classroom_{next(self.counter)}"
        with psycopg.connect(f"host={self.socket} user=postgres dbname=postgres", autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql+psycopg://postgres@/{name}?host={self.socket}"


@pytest.fixture(scope="session")
def pg_cluster():
    reason = _no_postgres_reason()
    if reason:
        pytest.skip(f"PostgreSQL run skipped: {reason}")
    cluster = Cluster()
    try:
        cluster.start()
    except subprocess.CalledProcessError as e:
        cluster.stop()
        pytest.skip(f"PostgreSQL run skipped: the throwaway cluster did not start: {e.stderr[-500:]}")
    yield cluster
    cluster.stop()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> Path:
    """A SQLite file migrated once; each test works on a copy (the migrations are tested on their own)."""
    path = tmp_path_factory.mktemp("template") / "classroom.sqlite3"
    make_engine(f"sqlite:///{path}").dispose()
    return path


@pytest.fixture(scope="session")
def pg_database(pg_cluster) -> str:
    """A PostgreSQL database migrated once; each test starts from its emptied tables."""
    url = pg_cluster.new_url()
    make_engine(url).dispose()
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        path = tmp_path / "data" / "classroom.sqlite3"
        path.parent.mkdir()
        shutil.copy(request.getfixturevalue("sqlite_template"), path)
        return f"sqlite:///{path}"
    url = request.getfixturevalue("pg_database")
    engine = make_engine(url, migrate_schema=False)
    with engine.begin() as conn:
        conn.exec_driver_sql("TRUNCATE classroom_answer, classroom_student, classroom_attempt, classroom_class "
                             "RESTART IDENTITY CASCADE")
    engine.dispose()
    return url


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(db_url, clock):
    engine = make_engine(db_url, migrate_schema=False)
    yield Classroom(engine, clock=clock)
    engine.dispose()
