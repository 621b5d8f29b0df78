"""Share links: a scenario (with its profile) packed into a URL query value, and back.

The value is the scenario's JSON, zlib-compressed and base64url-encoded, with a version prefix.
Decoding checks every step and says what is wrong; it never raises anything but ScenarioError.
The JSON is read by :func:`explorer.engine.files.loader.load_json`, with the bounds of a scenario file.

>>> doc = {"kind": "score", "contract": {"mode": "sun", "buyer": "W"}, "points": {"NS": 65, "EW": 65}}
>>> decode_scenario(encode_scenario(doc)) == doc
True
>>> decode_scenario("v1.not-base64!")
Traceback (most recent call last):
...
explorer.engine.core.errors.ScenarioError: link: the scenario in this link is damaged (not valid base64)
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from explorer.engine.core.errors import ScenarioError, at
from explorer.engine.core.i18n import N_, Msg, plural
from explorer.engine.files.loader import MAX_ITEMS, load_json

PREFIX = "v1."
MAX_LINK_CHARS = 12_000
"""Longest scenario (or match) value a link carries, made or accepted (a whole deal packs into about 1,000).

The server sets the real limit, before the app sees the link: Streamlit serves pages with uvicorn, whose HTTP
parser (h11) buffers at most 16 KiB of a request's head (its first line, the link's whole address, and the
browser's headers and cookies) and answers a longer one with a bare "400 Invalid HTTP request received" or
drops the connection (on the loopback a head sent in one piece passes up to about 128 KiB). 12,000
characters leave room for the rest of the address and the headers, so every link the app makes opens, and a
longer one that still reaches the app gets its own message."""
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")
"""base64url without padding: the only characters :func:`encode_scenario` writes."""
MAX_JSON_BYTES = 64 * 1024


def encode_scenario(doc: dict[str, Any]) -> str:
    """A scenario as a compact, URL-safe string; never fails for text.

    A lone surrogate (half of a UTF-16 pair, which no UTF-8 text can hold) becomes U+FFFD, the
    replacement character, so the link is always made; two halves of one pair join into the
    character they encode.

    >>> decode_scenario(encode_scenario({"kind": "play", "title": "\\ud800 \\ud83d\\ude00"}))["title"]
    '\\ufffd 😀'
    """
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:
        raw = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").encode("utf-8")
    packed = zlib.compress(raw, 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


LINK = Msg("link")
"""Where a link's problems are: "link: ..." in English."""

_LINK_PROBLEMS = {
    "empty": (N_("the link holds no scenario"), N_("the link holds no match")),
    "version": (N_("this is not a scenario link of this app (unknown version)"),
                N_("this is not a match link of this app (unknown version)")),
    "base64": (N_("the scenario in this link is damaged (not valid base64)"),
               N_("the match in this link is damaged (not valid base64)")),
    "large": (N_("the scenario in this link is too large"), N_("the match in this link is too large")),
    "cut": (N_("the scenario in this link is damaged (cut short or altered)"),
            N_("the match in this link is damaged (cut short or altered)")),
    "after": (N_("the scenario in this link is damaged (something is written after its end)"),
              N_("the match in this link is damaged (something is written after its end)")),
    "mapping": (N_("the link does not hold a scenario (a mapping of keys)"),
                N_("the link does not hold a match (a mapping of keys)")),
}
"""A damaged link's problems, for a scenario and for a match (whole sentences: each language words them its way)."""


def decode_scenario(value: str, *, what: str = "scenario") -> dict[str, Any]:
    """The scenario packed by :func:`encode_scenario`; ScenarioError says what is wrong with a bad link.

    ``what`` names the content in the messages (the score sheet's match links say "match").

    >>> decode_scenario("v1.AAAAAAAAAA", what="match")
    Traceback (most recent call last):
    ...
    explorer.engine.core.errors.ScenarioError: link: the match in this link is damaged (cut short or altered)
    """
    def refuse(key: str, msg: Msg | None = None) -> ScenarioError:
        msg = msg or Msg(_LINK_PROBLEMS[key][0 if what == "scenario" else 1])
        if what not in ("scenario", "match"):
            return ScenarioError(at("link", msg.render().replace("match", what)))
        return ScenarioError(at(LINK, msg))

    if not isinstance(value, str) or not value:
        raise refuse("empty")
    if len(value) > MAX_LINK_CHARS:
        n = len(value)
        raise refuse("long", plural("the scenario in this link is too long ({n} character)",
                                    "the scenario in this link is too long ({n} characters)", n) if what == "scenario"
                     else plural("the match in this link is too long ({n} character)",
                                 "the match in this link is too long ({n} characters)", n))
    if not value.startswith(PREFIX):
        raise refuse("version")
    body = value[len(PREFIX):]
    if not _ALPHABET.fullmatch(body):  # "+", "/", "=" or spaces: not written by this app
        raise refuse("base64")
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise refuse("base64") from None
    try:
        d = zlib.decompressobj()
        raw = d.decompress(packed, MAX_JSON_BYTES + 1)
        if len(raw) > MAX_JSON_BYTES or d.unconsumed_tail:
            raise refuse("large")
        if not d.eof:  # cut inside the checksum: the data may be whole, the link is not
            raise zlib.error("incomplete stream")
    except zlib.error:
        raise refuse("cut") from None
    if d.unused_data:  # bytes after the stream's end (a second stream, anything): the link was altered
        raise refuse("after")
    # bounded like a file: depth, digits, text, keys given twice, and a scenario's lists at their count
    doc = load_json(raw, where=LINK, max_items=MAX_ITEMS if what == "scenario" else None)
    if not isinstance(doc, dict):
        raise refuse("mapping")
    return doc
