"""The class's secrets and a student's name: the join code, the teacher's secret, the seat tokens, display names.

- The **join code** only joins: six letters and digits from an alphabet with no look-alikes (no 0/O, 1/I/L),
  easy to read off a projector and type on a phone; what protects it is the rate limit of wrong codes and the
  class's expiry (:mod:`explorer.classroom.service`), not its length.
- The **teacher's secret** moves the class: 192 random bits (``secrets.token_urlsafe``), in the teacher's link
  only; the database keeps its SHA-256.
- A **seat token** (128 bits) is a student's seat, in that student's link: it keeps the seat and the answers
  through a reload. The database keeps its SHA-256.
- A **display name** is text: control, format and bidi-override characters removed, whitespace runs made one
  space; longer than :data:`NAME_LIMIT` characters once cleaned, it is refused (the student shortens it: a name is
  not cut behind its owner's back). Pages show it as text, never as Markdown or HTML.

>>> clean_name("  Nora\\u202e  \\n**b** ")
'Nora **b**'
>>> normalise_code(" k7m-2qx ")
'K7M2QX'
"""

from __future__ import annotations

import hashlib
import re
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
_NAME_READ = 100_000
"""Characters of a typed name cleaned at most: a longer one is refused by its length as typed."""


def new_code() -> str:
    """A fresh join code (``K7M2QX``)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(typed: str) -> str:
    """A typed code as stored: capitals, without spaces or dashes (a code is shown as ``K7M 2QX``); the join link
    pasted whole gives its code.

    >>> normalise_code("http://10.0.0.5:8501/join?c=K7M2QX")
    'K7M2QX'
    """
    text = str(typed)[:2000]
    linked = re.search(r"[?&]c=([^&#\s]*)", text)
    if linked:
        text = linked.group(1)
    return "".join(ch for ch in text.upper() if ch.isalnum())[:20]


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
    """A display name as kept and shown: None when nothing is left (the student is anonymous). It may be longer
    than :data:`NAME_LIMIT` (:func:`name_length` says by how much): the caller refuses it.

    >>> clean_name("\\u2067\\u200f ") is None
    True
    """
    if typed is None:
        return None
    text = unicodedata.normalize("NFC", str(typed)[:_NAME_READ])
    kept = "".join(" " if ch.isspace() else ch for ch in text if unicodedata.category(ch) not in _REMOVED
                   or ch in "\t\n\r")
    return " ".join(kept.split()) or None


def name_length(typed: str | None) -> int:
    """The length of a typed name once cleaned (as typed beyond :data:`_NAME_READ` characters).

    >>> name_length("**Nora**\\u202e"), name_length(None)
    (8, 0)
    """
    if typed is not None and len(str(typed)) > _NAME_READ:
        return len(str(typed))
    return len(clean_name(typed) or "")
