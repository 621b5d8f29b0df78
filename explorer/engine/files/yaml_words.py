"""PyYAML's errors as messages: the place in the file, and PyYAML's description of a syntax error in the reader's
language (its English kept word for word). Used by :mod:`explorer.engine.files.loader`.

>>> import yaml
>>> try:
...     yaml.safe_load("kind: [play")
... except yaml.YAMLError as e:
...     print(yaml_problem(e, "kind: [play"))
line 1, column 12: malformed YAML: expected ',' or ']', but got '<stream end>'
>>> from explorer.engine.core.i18n import style_for
>>> print(where(None) == "", place(3, 5).render(style_for("ar")))
True السطر ⁦3⁩، العمود ⁦5⁩
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from explorer.engine.core.errors import at
from explorer.engine.core.i18n import N_, Code, Msg


def place(line: int, column: int) -> Msg:
    """A place in a file's text, as a message ("line 3, column 5")."""
    return Msg("line {line}, column {column}", line=line, column=column)


def where(mark: Any) -> Msg | str:
    return place(mark.line + 1, mark.column + 1) if mark is not None else ""


_YAML_PROBLEMS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"mapping values are not allowed here$"), N_("a colon (:) where no key can start")),
    (re.compile(r"could not find expected ':'$"), N_("a key without its colon (:)")),
    (re.compile(r"found character that cannot start any token$"), N_("a character that cannot start a value here")),
    (re.compile(r"found unexpected end of stream$"), N_("the file ends inside a quoted text")),
    (re.compile(r"found unknown escape character (?P<token>.+)$"), N_("unknown escape {token} in a quoted text")),
    (re.compile(r"expected a single document in the stream, but found another document$"),
     N_("a second document (---): a scenario file holds one")),
    (re.compile(r"expected (?P<expected>.+), but (?:found|got) (?P<token>.+)$"),
     N_("expected {expected}, but found {token}")),
    (re.compile(r"did not find expected (?P<expected>.+)$"), N_("did not find expected {expected}")),
    (re.compile(r"found a tab character (?:that violates indentation|where an indentation space is expected)$"),
     N_("a tab where YAML needs spaces to indent")),
    (re.compile(r"found undefined tag handle (?P<token>.+)$"), N_("undefined tag handle {token}")),
]
"""PyYAML's descriptions of syntax errors that a reader meets, as messages (other ones keep PyYAML's English)."""


_TOKENS = {"<stream end>": N_("the end of the file"), "<block end>": N_("the end of an indented block"),
           "<block mapping start>": N_("the start of an indented mapping"),
           "<block sequence start>": N_("the start of an indented list"), "<scalar>": N_("a value"),
           "<block entry>": N_("a list item (-)"), "<flow mapping end>": N_("a closing brace (}})"),
           "<flow sequence end>": N_("a closing bracket (])"), "<document start>": N_("a new document (---)")}
"""PyYAML's names of the places where a syntax error is found."""


def _tokens(text: str) -> Msg | Code:
    """PyYAML's token list (``',' or ']'``, ``'<stream end>'``) as a message: names in words, characters as they
    are, joined with the reader's "or"."""
    parts = text.split(" or ")
    if len(parts) == 2:
        return Msg("{first} or {second}", first=_tokens(parts[0]), second=_tokens(parts[1]))
    name = _TOKENS.get(text.strip("'\""))
    return Msg(name) if name else Code(text)


def _yaml_detail(problem: str) -> Msg:
    """PyYAML's description of a syntax error as a message; the English is PyYAML's own words."""
    for rx, template in _YAML_PROBLEMS:
        m = rx.match(problem)
        if m:
            detail = Msg(template, **{k: _tokens(v) for k, v in m.groupdict().items()})
            return Msg("malformed YAML: {problem}", problem=_English(problem, detail))
    return Msg("malformed YAML: {problem}", problem=problem)


class _English(Msg):
    """A message whose English is given text (PyYAML's, kept as it was) and whose other languages are ``detail``."""

    __slots__ = ("english",)

    def __init__(self, english: str, detail: Msg) -> None:
        super().__init__(detail.text, **detail.params)
        self.english = english

    def render(self, style: Any = None) -> str:
        if style is None or style.lang == "en":
            return self.english
        return super().render(style)


def yaml_problem(e: yaml.YAMLError, text: str) -> str:
    mark = getattr(e, "problem_mark", None)
    problem = getattr(e, "problem", None) or str(e).splitlines()[0]
    context = getattr(e, "context", None)
    if problem.startswith("but ") and context:  # "but found another document" says what only with its context
        problem = f"{context}, {problem}"
    if mark is None and getattr(e, "position", None) is not None:  # libyaml's reader errors
        pos = min(e.position, len(text))
        line, column = text.count("\n", 0, pos) + 1, pos - text.rfind("\n", 0, pos)
        return at(place(line, column), _yaml_detail(problem))
    return at(where(mark) or Code("YAML"), _yaml_detail(cut(problem, 200)))


def cut(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
