"""The two kinds of enumeration the engine has, written once.

- :class:`Singleton`: members hash by identity. Cards, suits and seats are hashed millions of
  times a second in the simulator, and an enum member is a singleton, so identity is exact and
  faster than :class:`enum.Enum`'s hash of the name.
- :class:`Titled`: each member is declared with its words, ``HOKUM = "hokum", "Hokum"`` (and a
  sentence, when it has one: ``UPCARD = "upcard", "upcard", "Card 21 is turned face up..."``).

``value`` stays the notation (what files and JSON say); ``title`` and ``doc`` are the English words
(msgids, except the suits' and seats' titles, which :mod:`~explorer.engine.core.i18n`'s formatter names
from its own lists). A word and its title are read together where they are declared.

>>> class Light(Titled):
...     RED = "red", "Red", "Stop."
...     GREEN = "green", "Green"
>>> Light("red").title, Light.RED.doc, Light.GREEN.doc, hash(Light.RED) == object.__hash__(Light.RED)
('Red', 'Stop.', '', True)
"""

from __future__ import annotations

import enum


class Singleton(enum.Enum):
    """An enumeration whose members hash by identity (they are singletons)."""

    __hash__ = object.__hash__


class Titled(Singleton):
    """Members declared ``NAME = value, title`` or ``NAME = value, title, doc`` (English msgids)."""

    title: str
    doc: str

    def __new__(cls, value: str, title: str, doc: str = "") -> Titled:
        member = object.__new__(cls)
        member._value_, member.title, member.doc = value, title, doc
        return member

