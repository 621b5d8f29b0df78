"""The text a value is kept as in this browser (localStorage), and back: no Streamlit.

A value is stored under ``baloot-explorer:<name>`` as ``{"app": "baloot-explorer", "format": 1, "value": ...}``
(:func:`encode`). The format version is inside the value, not in the key, so a value written by another version is
found and named in a message instead of being silently ignored. :func:`decode` reads any text a browser may hold
(any depth, size, type, encoding, envelope or shape) and either returns the value, passed through the page's
``check``, or raises :class:`StoreError` saying why it is unusable, in one line: :mod:`explorer.ui.shell.browser_store`
then sets it aside.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from explorer.engine.core.errors import ScenarioError, joined, short
from explorer.engine.core.i18n import Code, Msg, plural
from explorer.engine.files.loader import parse_json, value_problems

_log = logging.getLogger(__name__)

NAMESPACE = "baloot-explorer"
"""The prefix of every localStorage key of this app."""
FORMAT = 1
"""The version of the stored envelope; a value of another version is reported, not read."""
MAX_REASONS = 5
"""At most this many problems name why a stored text is unusable (one line of a page)."""
MAX_CHARS = 250_000
"""The longest stored text read or written (localStorage holds about 5 million characters per site)."""

class StoreError(ValueError):
    """A value that cannot be stored, or a stored text that cannot be read; the message says why.

    ``message`` is the reason as a :class:`Msg` (a page shows it in its language); ``str()`` is its English.
    """

    def __init__(self, message: str | Msg):
        self.message = message
        super().__init__(str(message))


def too_large(size: int) -> Msg:
    """Why a stored text is set aside: its size, in characters."""
    return plural("it is too large ({n:,} character, at most {most:,})", "it is too large ({n:,} characters, at most {most:,})",
                  size, most=MAX_CHARS)


def storage_key(name: str) -> str:
    """The localStorage key of a value.

    >>> storage_key("sheet")
    'baloot-explorer:sheet'
    """
    if not name or not all(c.isalnum() or c in "-_." for c in name):
        raise ValueError(f"a stored value's name is letters, digits, '-', '_' or '.', not {name!r}")
    return f"{NAMESPACE}:{name}"


def encode(value: Any) -> str:
    """The stored text of a JSON-able value (one spelling per value, so equal values give equal texts).

    >>> encode({"b": 1, "a": [True, None]})
    '{"app":"baloot-explorer","format":1,"value":{"a":[true,null],"b":1}}'
    >>> encode({1, 2})
    Traceback (most recent call last):
    ...
    explorer.ui.shell.stored_text.StoreError: the value cannot be kept in the browser (Object of type set is not JSON serializable)
    """
    try:
        text = json.dumps({"app": NAMESPACE, "format": FORMAT, "value": value}, ensure_ascii=False,
                          sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as e:
        raise StoreError(Msg("the value cannot be kept in the browser ({error})", error=str(e))) from None
    if len(text) > MAX_CHARS:
        raise StoreError(plural("the value is too large to keep in the browser ({n:,} character, at most {most:,})",
                                "the value is too large to keep in the browser ({n:,} characters, at most {most:,})",
                                len(text), most=MAX_CHARS))
    return text


def decode(text: str, *, check: Callable[[Any], Any] | None = None) -> Any:
    """The value of a stored text, passed through ``check``; StoreError says what is wrong, whatever the text.

    The text is read as the engine reads a share link's JSON (:func:`explorer.engine.files.loader.parse_json`): any
    depth is safe (past :data:`~explorer.engine.files.loader.MAX_DEPTH` levels it is refused), and so are numbers too
    long or not finite and lone surrogates. Text may hold control characters: each ``check`` says which of its
    fields cannot.

    >>> decode(encode([1, 2]))
    [1, 2]
    >>> decode('{"app":"baloot-explorer","format":0,"value":[]}')
    Traceback (most recent call last):
    ...
    explorer.ui.shell.stored_text.StoreError: it was saved by an older version of the app (format 0), which this one cannot read
    >>> decode('{"app":"baloot-explorer","format":1,"value":{"NS":1e400}}')
    Traceback (most recent call last):
    ...
    explorer.ui.shell.stored_text.StoreError: NS: infinity is not a number a scenario can hold
    """
    if not isinstance(text, str):
        raise StoreError(Msg("it is not text"))
    if len(text) > MAX_CHARS:
        raise StoreError(too_large(len(text)))
    try:
        doc, duplicates = parse_json(text)
    except ScenarioError as e:
        raise StoreError(joined(e.problems)) from None
    except ValueError:
        raise StoreError(Msg("it is damaged (not readable JSON)")) from None
    if not isinstance(doc, dict) or doc.get("app") != NAMESPACE or "value" not in doc:
        raise StoreError(Msg("it was not saved by this app (or it is damaged)"))
    _check_format(doc.get("format"))
    problems = value_problems(doc["value"], duplicates, max_values=MAX_CHARS, controls=True)
    if problems:
        raise StoreError(joined(problems[:MAX_REASONS]))
    return doc["value"] if check is None else _checked(doc["value"], check)


def _check_format(version: Any) -> None:
    exact = type(version) is int  # not a bool, not 1.0
    if exact and version == FORMAT:
        return
    if exact and version < FORMAT:
        raise StoreError(Msg("it was saved by an older version of the app (format {version}), which this one "
                             "cannot read", version=version))
    if exact:
        raise StoreError(Msg("it was saved by a newer version of the app (format {version}); this one reads "
                             "format {current}", version=version, current=FORMAT))
    raise StoreError(Msg("its format {version} is unknown", version=short(version)))


def _checked(value: Any, check: Callable[[Any], Any]) -> Any:
    try:
        return check(value)
    except StoreError:
        raise
    except ValueError as e:  # the callers' model errors (MatchError, PracticeError...) are ValueErrors
        lines = getattr(e, "lines", None) or getattr(e, "problems", None)  # problem lines, in any language
        raise StoreError(joined(lines[:MAX_REASONS]) if lines else str(e)) from None
    except Exception as e:  # noqa: BLE001 - a check that fails on a shape it did not foresee is a bug, logged;
        # the value is still set aside and named in one line, so no page breaks on what a browser keeps
        _log.exception("the check of a stored value failed")
        raise StoreError(Msg("it could not be read (the app failed on it: {error})",
                             error=Code(type(e).__name__))) from None
