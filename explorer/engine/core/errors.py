"""The engine's errors, one hierarchy (in the style of python-chess), and the problem lines of bad input.

Every error the engine raises is an :class:`EngineError`, a :class:`ValueError` with one message: ``e.msg``
(a :class:`~.i18n.Msg`, to render in the reader's language); ``str(e)`` is its English.

* :class:`InputError`: a value that cannot be read, raised with an English template (a msgid) and its values:
  :class:`CardError` (a card, suit, rank, seat or team), :class:`ProfileError`, :class:`CallError` (a call or
  an action as text), :class:`DealError` (a deck, a cut, a taker), :class:`ProjectError` (cards that are not a
  project), :class:`PlayerError` (a player's name); and, with one problem line each, :class:`ScenarioError`
  (``problems``; :class:`MatchError` for the score sheet) and :class:`PracticeError` (``lines``).
* :class:`IllegalActionError`: an action the rules refuse now, with the ``verdict`` (the rule and the reason);
  :class:`IllegalCallError` for a call of the bidding or the escalation.
* :class:`NoWorld`: no deal of the unseen cards fits what a seat has seen (a player's sampling).

>>> e = CardError("{value} is not a card", value="'XX'")
>>> isinstance(e, InputError) and isinstance(e, EngineError) and isinstance(e, ValueError), str(e)
(True, "'XX' is not a card")
>>> e.msg
Msg("'XX' is not a card")

The classes raised with a template as their first argument are the catalogue extraction's keywords
(``KEYWORDS`` in explorer/i18n_tools.py).
"""

from __future__ import annotations

import builtins
import reprlib
from collections.abc import Iterable
from typing import Any

from explorer.engine.core.i18n import ENGLISH, Code, Msg, Plain, Style


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


def message(line: Msg | str) -> Msg:
    """A message, a problem line or a plain string as a message (a plain string says the same in every style).

    >>> message("deal 2: x"), message(at("hand[0]", Msg("no cards")))
    (Msg('deal 2: x'), Msg('hand[0]: no cards'))
    """
    line = as_msg(line)
    return line if isinstance(line, Msg) else Plain(line)


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


# --- the errors ---------------------------------------------------------------------------------------


class EngineError(ValueError):
    """Base of every error the engine raises: ``msg`` says what is wrong (a :class:`~.i18n.Msg`, rendered in
    the reader's language), ``str(e)`` in English.

    Raised with a message, or with an English template and its values (``EngineError("{n} is negative",
    n=-2)``: the template is a msgid). A value that is itself an engine error stands for its message.
    """

    msg: Msg

    def __init__(self, message: Msg | str, /, **params: Any) -> None:
        if isinstance(message, Problem):
            message = message.msg
        if not isinstance(message, Msg):
            message = Msg(message, **{k: v.msg if isinstance(v, EngineError) else v for k, v in params.items()})
        self.msg = message
        super().__init__(str(message))


class InputError(EngineError):
    """A value that cannot be read, raised with an English template and its values (inside a pydantic
    validator, too: the problem line then renders in the reader's language). ``str(e)`` is the English."""


class CardError(InputError):
    """A card, seat, suit, rank or team written in a way the engine cannot read
    (``CardError("unknown seat {value} (use S, E, N or W)", value="'X'")``)."""


class ProfileError(InputError):
    """An unknown profile, an unknown option or a value an option does not take."""


class CallError(InputError):
    """A call or an action written in a way the engine cannot read (``'sunn'``, a suit on a Sun...)."""


class DealError(InputError):
    """A deck, cut or seat that cannot be dealt: the message names the value."""


class ProjectError(InputError):
    """Cards declared as a project that are not one; ``msg`` says why."""


class PlayerError(InputError):
    """An unknown player name."""


class ScenarioError(InputError):
    """A scenario that cannot be judged; ``problems`` holds one line per problem (``msg`` is them joined).

    Each line reads ``where: what is wrong``, e.g.
    ``tricks[3].cards[2]: 9H was already played in trick 1``.

    >>> e = ScenarioError([at("hand[0]", Msg("no cards")), "deal 2: x"])
    >>> e.problems, str(e)
    (['hand[0]: no cards', 'deal 2: x'], 'hand[0]: no cards; deal 2: x')
    """

    def __init__(self, problems: list[str] | str):
        if isinstance(problems, str):
            problems = [problems]
        self.problems: list[str] = list(problems)
        self.msg = message(joined(self.problems))
        ValueError.__init__(self, "; ".join(self.problems))


class MatchError(ScenarioError):
    """A deal or an edit the match cannot take; ``problems`` holds one line per problem."""


class PracticeError(InputError):
    """A stored practice that cannot be read back, or a change the match cannot take: the lines say what is
    wrong and where. ``str(e)`` is the English; ``e.render(style)`` the same lines in the reader's language.
    """

    def __init__(self, *lines: Msg | str) -> None:
        self.lines: list[str] = [problem(line) for line in lines]
        self.msg = message(joined(self.lines))
        ValueError.__init__(self, "; ".join(self.lines))

    def render(self, style: Style = ENGLISH) -> str:
        """The problem in ``style``'s language."""
        return "; ".join(render_problems(self.lines, style))


class IllegalActionError(EngineError):
    """An action the rules refuse now; ``verdict`` says which rule and why (its ``rule`` and ``reason``)."""

    def __init__(self, verdict: Any) -> None:
        self.verdict = verdict
        super().__init__(self.refusal(verdict))

    @staticmethod
    def refusal(verdict: Any) -> Msg:
        """The message of a refused action: the action as written, and the reason."""
        return Msg("{action}: {reason}", action=Code(str(verdict.action)), reason=verdict.reason)


class IllegalCallError(IllegalActionError):
    """A call the rules do not allow now; ``verdict`` (a ``CallVerdict``) says which rule and why."""

    @staticmethod
    def refusal(verdict: Any) -> Msg:
        """Who may not call what, and why."""
        call = verdict.call
        if call.seat is None:
            return Msg("No seat may call {call}: {reason}", call=call.message(), reason=verdict.reason)
        return Msg("{seat} may not call {call}: {reason}", seat=call.seat, call=call.message(), reason=verdict.reason)

    @property
    def message(self) -> Msg:
        """The same message as ``msg`` (the name this error's message had before the hierarchy)."""
        return self.msg


class NoWorld(EngineError, RuntimeError):
    """No deal of the unseen cards fits what has been seen (the view is inconsistent)."""


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
