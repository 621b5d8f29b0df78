"""Calls and their notation: the words said at the table, as a scenario writes them (000 §03).

>>> Call.parse("N: hokum ♦"), str(Call.parse("double locked"))
(Call.parse('N: hokum D'), 'double locked')
>>> call_kind("qahwa"), RAISE_LEVEL[CallKind.TRIPLE]
(<CallKind.GAHWA: 'gahwa'>, <Level.TRIPLE: 'triple'>)
>>> str(Call.parse("E: hokum H").message())
'Hokum ♥'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from explorer.engine.core.cards import Seat, Suit
from explorer.engine.core.contract import Level
from explorer.engine.core.enums import Titled
from explorer.engine.core.errors import CallError, CardError
from explorer.engine.core.i18n import NC_, Code, Msg


class CallKind(Titled):
    """The words said at the table; the value is the scenario notation, the title a msgid (context ``CallKind``)."""

    PASS = "pass", NC_("CallKind", "Pass")
    HOKUM = "hokum", NC_("CallKind", "Hokum")
    SUN = "sun", NC_("CallKind", "Sun")
    ASHKAL = "ashkal", NC_("CallKind", "Ashkal")
    DOUBLE = "double", NC_("CallKind", "Double")
    TRIPLE = "triple", NC_("CallKind", "Triple")
    QUADRUPLE = "quadruple", NC_("CallKind", "Quadruple")
    GAHWA = "gahwa", NC_("CallKind", "Gahwa")

    @property
    def is_bid(self) -> bool:
        """Hokum, Sun and Ashkal: the calls that buy a contract."""
        return self in (CallKind.HOKUM, CallKind.SUN, CallKind.ASHKAL)

    @property
    def is_raise(self) -> bool:
        """Double, Triple, Quadruple and Gahwa: the escalation steps."""
        return self in RAISE_LEVEL


BID_CALLS: tuple[CallKind, ...] = (CallKind.PASS, CallKind.HOKUM, CallKind.SUN, CallKind.ASHKAL)
"""The calls of the bidding."""

ESCALATION_CALLS: tuple[CallKind, ...] = (
    CallKind.PASS, CallKind.DOUBLE, CallKind.TRIPLE, CallKind.QUADRUPLE, CallKind.GAHWA)
"""The calls of the escalation after the bidding."""

RAISE_LEVEL: dict[CallKind, Level] = {
    CallKind.DOUBLE: Level.DOUBLE, CallKind.TRIPLE: Level.TRIPLE,
    CallKind.QUADRUPLE: Level.QUADRUPLE, CallKind.GAHWA: Level.GAHWA,
}
"""The level each raise brings the contract to."""

_LOCKABLE = (CallKind.DOUBLE, CallKind.QUADRUPLE, CallKind.TRIPLE, CallKind.GAHWA)
"""The calls that parse with ``locked``/``open`` (a locked Triple or Gahwa is read, then refused by the rules)."""

CALL_ALIASES: dict[str, str] = {
    "hukum": "hokum", "hakam": "hokum", "san": "sun", "bas": "pass", "wala": "pass",
    "three": "triple", "four": "quadruple", "qahwa": "gahwa",
}
"""Other spellings accepted for the calls."""

_CALL_RE = re.compile(r"^\s*(?:([SENWsenw])\s*[:\s]\s*)?([A-Za-z]+)(?:\s+(\S+))?\s*$")


def call_kind(text: str) -> CallKind:
    """Read a call's name (``pass``, ``hokum``, ``sun``, ``ashkal``, ``double``, ...; any case).

    >>> call_kind("Hukum")
    <CallKind.HOKUM: 'hokum'>
    """
    key = str(text).strip().lower()
    key = CALL_ALIASES.get(key, key)
    try:
        return CallKind(key)
    except ValueError:
        names = ", ".join(k.value for k in CallKind)
        raise CallError("{value} is not a call (use {names})", value=repr(text), names=Code(names)) from None


@dataclass(frozen=True, slots=True)
class Call:
    """One call: its kind, the suit of a Hokum, open or locked, and (optionally) the seat saying it."""

    kind: CallKind
    suit: Suit | None = None
    locked: bool = False
    seat: Seat | None = None

    def __post_init__(self) -> None:
        if self.suit is not None and self.kind is not CallKind.HOKUM:
            raise CallError("only a Hokum names a suit, not {call}", call=Code(self.kind.value))
        if self.locked and self.kind not in _LOCKABLE:
            raise CallError("only a Double or Quadruple is declared locked, not {call}", call=Code(self.kind.value))

    @classmethod
    def parse(cls, text: str | Call) -> Call:
        """Read ``pass``, ``hokum``, ``hokum D``, ``double locked``, with an optional seat: ``E: sun``.

        >>> Call.parse("N: hokum ♦")
        Call.parse('N: hokum D')
        """
        if isinstance(text, Call):
            return text
        m = _CALL_RE.match(str(text))
        if not m:
            raise CallError("{value} is not a call (write e.g. pass, hokum D, double locked, E: sun)", value=repr(text))
        seat = Seat.parse(m.group(1)) if m.group(1) else None
        kind = call_kind(m.group(2))
        extra = m.group(3)
        suit, locked = None, False
        if extra is not None:
            word = extra.lower()
            if kind in _LOCKABLE and word in ("locked", "open"):
                locked = word == "locked"
            elif kind is CallKind.HOKUM:
                try:
                    suit = Suit.parse(extra)
                except CardError as e:
                    raise CallError(e.msg) from None
            else:
                raise CallError("{value}: {call} takes no {extra}", value=repr(text), call=Code(kind.value),
                                extra=repr(extra))
        return cls(kind, suit, locked, seat)

    @property
    def name(self) -> str:
        """The call's name in scenario notation: ``pass``, ``hokum``, ..."""
        return self.kind.value

    def message(self) -> Msg:
        """The call in words: ``Hokum ♥``, ``Double (locked)``, ``Sun``."""
        if self.suit is not None:
            return Msg("{call} {suit:sym}", call=self.kind, suit=self.suit)
        if self.kind in (CallKind.DOUBLE, CallKind.QUADRUPLE):
            if self.locked:
                return Msg("{call} (locked)", call=self.kind)
            return Msg("{call} (open)", call=self.kind)
        return Msg("{call}", call=self.kind)

    @property
    def label(self) -> str:
        """The call in English words: ``Hokum ♥``, ``Double (locked)``, ``Sun`` (:meth:`message` to translate)."""
        return str(self.message())

    def by(self, seat: Seat | None) -> Call:
        """The same call said by ``seat``."""
        return replace(self, seat=seat)

    def __str__(self) -> str:
        text = self.kind.value
        if self.suit is not None:
            text += f" {self.suit.value}"
        if self.locked:
            text += " locked"
        return f"{self.seat.value}: {text}" if self.seat else text

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"
