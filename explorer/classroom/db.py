"""Open the classroom's database and bring its schema up to date.

The same code runs on SQLite and PostgreSQL. SQLite gets what several sessions writing at once need: the file's
folder created on first use, WAL mode (readers never wait for the writer), a busy timeout (a writer waits for
another rather than failing), foreign keys on, and ``BEGIN IMMEDIATE`` for the transactions that write (a
deferred transaction that reads then writes can fail at once with "database is locked" when another wrote in
between; an immediate one takes the write lock first and waits its turn). Reads begin as usual.

The schema is Alembic's (``migrations/``): :func:`migrate` runs ``upgrade head`` on the engine's connection, in
the program, at start; a database at the newest revision is left as it is.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

BUSY_TIMEOUT_MS = 10_000
"""How long a SQLite writer waits for another before it gives up."""

WRITE = {"classroom_write": True}
"""The execution option of a connection that writes: on SQLite its transactions begin IMMEDIATE."""

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def make_engine(url: str, *, migrate_schema: bool = True) -> Engine:
    """A SQLAlchemy engine on ``url`` (SQLite's folder created, its pragmas set), its schema migrated."""
    parsed = make_url(url)
    sqlite = parsed.get_backend_name() == "sqlite"
    kwargs: dict = {}
    if sqlite:
        database = parsed.database or ""
        if database and database != ":memory:" and not database.startswith("file:"):
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        kwargs["connect_args"] = {"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False}
    else:
        kwargs["pool_pre_ping"] = True
    engine = create_engine(url, **kwargs)
    if sqlite:
        _sqlite_pragmas(engine)
    if migrate_schema:
        migrate(engine)
    return engine


def _sqlite_pragmas(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None  # the driver opens no transaction itself: ``begin`` below does
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection):
        writes = connection.get_execution_options().get("classroom_write", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")


def journal_mode(engine: Engine) -> str:
    """SQLite's journal mode (``wal``), for the tests and the README's claim."""
    with engine.connect() as conn:
        return str(conn.exec_driver_sql("PRAGMA journal_mode").scalar()).lower()


def migrate(engine: Engine) -> None:
    """Run the migrations up to the newest revision on ``engine`` (nothing when it is there already)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.execution_options(**WRITE).begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "head")


def revision(engine: Engine) -> str | None:
    """The database's Alembic revision (None before the first migration)."""
    from alembic.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn, opts={"version_table": "classroom_alembic_version"}) \
            .get_current_revision()
