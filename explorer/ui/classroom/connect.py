"""The classroom service of this server process: one engine (a connection pool) cached with
``st.cache_resource``; every class's state is in the database, so any number of processes serve one class."""

from __future__ import annotations

import secrets as random_tokens

import streamlit as st

from explorer.classroom.config import database_url
from explorer.classroom.db import make_engine
from explorer.classroom.service import Classroom


def _secret_url() -> str | None:
    """``db_url`` from ``.streamlit/secrets.toml`` (None without a secrets file or without the key)."""
    try:
        value = st.secrets.get("db_url")
    except Exception:  # noqa: BLE001 - no secrets file: Streamlit raises; the environment or the default decides
        return None
    return str(value) if value else None


@st.cache_resource(show_spinner=False)
def _service(url: str) -> Classroom:
    return Classroom(make_engine(url))


def service() -> Classroom:
    """The classroom on this app's database (created and migrated on first use)."""
    return _service(database_url(secret=_secret_url()))


def client_address() -> str | None:
    """The client's address as Streamlit sees it (None where it cannot tell)."""
    try:
        return st.context.ip_address
    except Exception:  # noqa: BLE001 - not in a browser session (a test harness)
        return None


def session_key(key: str) -> str:
    """A random id of this browser session, kept in ``st.session_state[key]``."""
    if key not in st.session_state:
        st.session_state[key] = random_tokens.token_urlsafe(12)
    return st.session_state[key]


def page_url() -> str:
    """The address of the page in the browser (for the join link), or localhost outside a browser."""
    try:
        return st.context.url or "http://localhost:8501/"
    except Exception:  # noqa: BLE001
        return "http://localhost:8501/"
