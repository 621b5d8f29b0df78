"""Errors for bad input: each names what is wrong and where it is."""

from __future__ import annotations

import builtins
import reprlib
from typing import Any


class ScenarioError(ValueError):
    """A scenario that cannot be judged; ``problems`` holds one line per problem.

    Each line reads ``where: what is wrong``, e.g.
    ``tricks[3].cards[2]: 9H was already played in trick 1``.
    """

    def __init__(self, problems: list[str] | str):
        if isinstance(problems, str):
            problems = [problems]
        self.problems: list[str] = list(problems)
        super().__init__("; ".join(self.problems))


def at(path: str, message: str) -> str:
    """Join a location and a message.

    >>> at("hand[2]", "XX is not a card"), at("", "the file is empty")
    ('hand[2]: XX is not a card', 'the file is empty')
    """
    return f"{path}: {message}" if path else message


class _BoundedRepr(reprlib.Repr):
    """``repr`` that looks at a bounded part of any value: the first items of a list, the start of a
    text, the size (not the digits) of a huge number."""

    def __init__(self, limit: int):
        super().__init__()
        self.maxlevel = 3
        self.maxdict = self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = 8
        self.maxstring = self.maxother = self.maxlong = limit + 1

    def repr_str(self, x: str, level: int) -> str:
        return builtins.repr(x[: self.maxstring])

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() <= 3 * self.maxlong:  # about maxlong digits: cheap to write
            return builtins.repr(x)
        digits = int(x.bit_length() * 0.30103) + 1
        if abs(x) < 10 ** (digits - 1):
            digits -= 1
        return f"a number of {digits} digits"

    def repr_dict(self, x: dict, level: int) -> str:  # insertion order, not sorted: no work on the rest
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        items = []
        for i, (k, v) in enumerate(x.items()):
            if i >= self.maxdict:
                items.append("...")
                break
            items.append(f"{self.repr1(k, level - 1)}: {self.repr1(v, level - 1)}")
        return "{" + ", ".join(items) + "}"


def short(value: Any, limit: int = 60) -> str:
    """A value as it appears in an error line, cut to ``limit`` characters; the work is bounded
    whatever the value's size.

    >>> short("XX"), short([1, 2]), short(10 ** 5000)
    ("'XX'", '[1, 2]', 'a number of 5001 digits')
    >>> short(list(range(10 ** 6)))
    '[0, 1, 2, 3, 4, 5, 6, 7, ...]'
    """
    text = _BoundedRepr(limit).repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
