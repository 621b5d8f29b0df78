"""Where the classroom's database is: one setting, else a SQLite file in the app's data folder.

``BALOOT_DB_URL`` (or ``db_url`` in ``.streamlit/secrets.toml``, read by the app) is any SQLAlchemy URL, e.g.
``postgresql+psycopg://user:password@host/baloot`` for several server replicas behind a load balancer. Without it
the database is ``classroom.sqlite3`` in ``BALOOT_DATA_DIR``, by default ``$XDG_DATA_HOME/baloot-explorer``
(``~/.local/share/baloot-explorer``), created on first use.

>>> database_url({"BALOOT_DATA_DIR": "/srv/baloot"})
'sqlite:////srv/baloot/classroom.sqlite3'
>>> database_url({"BALOOT_DB_URL": "postgresql+psycopg://u@db/baloot"}, secret="sqlite:///ignored")
'postgresql+psycopg://u@db/baloot'
>>> database_url({"HOME": "/home/t"}, secret="sqlite:////tmp/c.db")
'sqlite:////tmp/c.db'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

DB_URL_VARIABLE = "BALOOT_DB_URL"
DATA_DIR_VARIABLE = "BALOOT_DATA_DIR"
DB_FILE = "classroom.sqlite3"


def data_dir(env: Mapping[str, str] | None = None) -> Path:
    """The folder of the default SQLite file: ``BALOOT_DATA_DIR``, else ``$XDG_DATA_HOME/baloot-explorer``, else
    ``~/.local/share/baloot-explorer``."""
    env = os.environ if env is None else env
    if env.get(DATA_DIR_VARIABLE):
        return Path(env[DATA_DIR_VARIABLE]).expanduser()
    base = env.get("XDG_DATA_HOME") or str(Path(env.get("HOME") or Path.home()) / ".local" / "share")
    return Path(base) / "baloot-explorer"


def database_url(env: Mapping[str, str] | None = None, secret: str | None = None) -> str:
    """The database's SQLAlchemy URL: ``BALOOT_DB_URL``, else the app's ``db_url`` secret, else the SQLite file."""
    env = os.environ if env is None else env
    if env.get(DB_URL_VARIABLE):
        return env[DB_URL_VARIABLE]
    if secret:
        return secret
    return f"sqlite:///{(data_dir(env) / DB_FILE).as_posix()}"
