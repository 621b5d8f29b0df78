"""The class's secrets and a student's name: the join code, the teacher's secret, the seat tokens, display names.

- The **join code** only joins: six letters and digits from an alphabet with no look-alikes (no 0/O, 1/I/L),
  easy to read off a projector and type on a phone; what protects it is the rate limit of wrong codes and the
  class's expiry (:mod:`explorer.classroom.service`), not its length.
- The **teacher's secret** moves the class: 192 random bits (``secrets.token_urlsafe``), in the teacher's link
  only; the database keeps its SHA-256.
- A **seat token** (128 bits) is a student's seat, in that student's link: it keeps the seat and the answers
  through a reload. The database keeps its SHA-256.
- A **display name** is text: control, format and bidi-override characters removed, whitespace runs made one
  space, cut to :data:`NAME_LIMIT` characters. Pages show it as text, never as Markdown or HTML.

>>> clean_name("  Nora\\u202e  \\n**b** ")
'Nora **b**'
>>> normalise_code(" k7m-2qx ")
'K7M2QX'
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""The join code's characters: digits and capitals without 0, 1, I, L and O (read alike on a screen)."""
CODE_LENGTH = 6
TEACHER_SECRET_BYTES = 24
"""192 bits: more than the 128 the issue asks for."""
SEAT_TOKEN_BYTES = 16
NAME_LIMIT = 40
"""The longest display name, in characters (after cleaning)."""


def new_code() -> str:
    """A fresh join code (``K7M2QX``)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(typed: str) -> str:
    """A typed code as stored: capitals, without spaces or dashes (a code is shown as ``K7M 2QX``)."""
    return "".join(ch for ch in str(typed).upper() if ch.isalnum())[:20]


def looks_like_code(code: str) -> bool:
    """Whether a normalised code could be a join code (its length and alphabet)."""
    return len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code)


def new_teacher_secret() -> str:
    return secrets.token_urlsafe(TEACHER_SECRET_BYTES)


def new_seat_token() -> str:
    return secrets.token_urlsafe(SEAT_TOKEN_BYTES)


def digest(secret: str) -> str:
    """The SHA-256 (hex) of a secret, as the database keeps it."""
    return hashlib.sha256(str(secret).encode("utf-8", "replace")).hexdigest()


_REMOVED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
"""Unicode categories removed from a name: controls, format characters (the bidi overrides and isolates, zero
width joiners...), surrogates, private use, unassigned, line and paragraph separators."""


def clean_name(typed: str | None) -> str | None:
    """A display name as kept and shown: None when nothing is left (the student is anonymous)."""
    if typed is None:
        return None
    text = unicodedata.normalize("NFC", str(typed)[: NAME_LIMIT * 8])
    kept = "".join(" " if ch.isspace() else ch for ch in text if unicodedata.category(ch) not in _REMOVED
                   or ch in "\t\n\r")
    kept = " ".join(kept.split())[:NAME_LIMIT].strip()
    return kept or None
