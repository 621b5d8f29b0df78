"""Errors for bad input: each names what is wrong and where it is."""

from __future__ import annotations

import builtins
import reprlib
from collections.abc import Iterable
from typing import Any

from explorer.engine.core.i18n import ENGLISH, Code, Msg, Style


class Problem(str):
    """One problem line: as a string, the English line (what files, JSON and tests compare); its
    :class:`~.i18n.Msg` renders it in another style (``render(style)``): a page's, with card faces, in its language.

    >>> p = at("hand[0]", Msg("{value} is not a card", value="'XX'"))
    >>> p, type(p).__name__
    ("hand[0]: 'XX' is not a card", 'Problem')
    """

    msg: Msg
    limit: int | None

    def __new__(cls, msg: Msg, limit: int | None = None) -> Problem:
        english = msg.render(ENGLISH)
        if limit is not None and len(english) > limit:
            english = english[: limit - 1] + "…"
        else:
            limit = None
        self = super().__new__(cls, english)
        self.msg, self.limit = msg, limit
        return self

    def render(self, style: Style = ENGLISH) -> str:
        """The line in ``style``: in :data:`~.i18n.ENGLISH` the line itself, as files and the command line
        write it; on a page (card faces, another language) its message rendered in that style.

        >>> from explorer.engine.core.cards import Card
        >>> p = at("hand[8]", Msg("{card} appears twice (also at {other})", card=Card.parse("QH"), other=Code("hand[0]")))
        >>> p.render(), p.render(Style(cards="face"))
        ('hand[8]: QH appears twice (also at hand[0])', 'hand[8]: Q♥ appears twice (also at hand[0])')
        """
        if style == ENGLISH:
            return str.__str__(self)
        out = self.msg.render(style)
        return out if self.limit is None or len(out) <= self.limit else out[: self.limit - 1] + "…"

    def __reduce__(self) -> tuple:
        return (Problem, (self.msg, self.limit))


def problem(message: Msg | str) -> str:
    """A message as a problem line (a plain string stays as it is: English in every language)."""
    if isinstance(message, Problem):
        return message
    return Problem(message) if isinstance(message, Msg) else message


def clip(line: str, limit: int = 300) -> str:
    """A problem line cut to ``limit`` characters (in every language)."""
    if len(line) <= limit:
        return line
    return Problem(line.msg, limit) if isinstance(line, Problem) else line[: limit - 1] + "…"


def render_problems(problems: Iterable[str], style: Style = ENGLISH) -> list[str]:
    """Problem lines in ``style``'s language (plain strings as they are)."""
    return [p.render(style) if isinstance(p, Problem) else str(p) for p in problems]


def joined(lines: Iterable[str]) -> Msg | str:
    """Problem lines as one message, joined by "; " in English (a plain string when none carries a message).

    >>> str(joined([at("a", Msg("no cards")), "b: x"]))
    'a: no cards; b: x'
    """
    lines = list(lines)
    if not any(isinstance(line, Problem) for line in lines):
        return "; ".join(lines)
    out: Msg | str = as_msg(lines[-1])
    for line in reversed(lines[:-1]):
        out = Msg("{first}; {rest}", first=as_msg(line), rest=out)
    return out


def unplaced(line: str) -> str:
    """A problem line without its place, for a page that already shows where it is (a sheet's row): each
    line of a joined problem loses its own place.

    >>> unplaced(at("deal 2, NS", Msg("{n} is negative", n=-2)))
    '-2 is negative'
    >>> unplaced("deal 2, NS: x")
    'x'
    """
    if isinstance(line, Problem):
        return problem(_unplaced(line.msg))
    return line.split(": ", 1)[-1]


def _unplaced(message: Msg | str) -> Msg | str:
    if isinstance(message, Msg) and message.text == "{where}: {problem}":
        return message.params["problem"]
    if isinstance(message, Msg) and message.text == "{first}; {rest}":
        return Msg("{first}; {rest}", first=_unplaced(message.params["first"]), rest=_unplaced(message.params["rest"]))
    return message


def as_msg(line: Msg | str) -> Msg | str:
    """A problem line's message (to nest it in another), or the plain string."""
    return line.msg if isinstance(line, Problem) else line


class InputError(ValueError):
    """A value that cannot be read, raised with an English template and its values (inside a pydantic
    validator, too: the problem line then renders in the reader's language). ``str(e)`` is the English."""

    def __init__(self, template: str, /, **params: Any) -> None:
        self.msg = Msg(template, **params)
        super().__init__(str(self.msg))


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


def at(path: str | Msg, message: Msg | str) -> str:
    """Join a location and a message: a :class:`Problem` (the location kept left to right, as written),
    or, for a plain English string, the joined string.

    >>> at("hand[2]", "XX is not a card"), at("", "the file is empty")
    ('hand[2]: XX is not a card', 'the file is empty')
    """
    if isinstance(message, (Msg, Problem)) or isinstance(path, Msg):
        inner = as_msg(message)
        if not path:
            return problem(inner)
        where = path if isinstance(path, Msg) else Code(as_msg(path))
        return Problem(Msg("{where}: {problem}", where=where, problem=inner))
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
