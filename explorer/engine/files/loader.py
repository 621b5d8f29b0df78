"""The one safe way text becomes data: scenario files, standard input, share links and lessons.

:func:`load_yaml` reads YAML (and so JSON) text, :func:`load_json` the JSON inside a share link.
Both return plain Python data (dicts, lists, str, int, float, bool, None) or raise
:class:`ScenarioError` with one line per problem naming where it is, never anything else:

- size: at most ``max_bytes`` (64 KiB, the scenario limit, unless the caller says otherwise);
- text: UTF-8, and every string printable as YAML defines it (no NUL or other control
  character, no lone surrogate), in the raw text and in escapes (``"\\0"``, ``"\\ud800"``);
- structure: no alias (``*name``; see below), at most :data:`MAX_DEPTH` levels of lists and
  mappings, at most :data:`MAX_VALUES` values, no key written twice in one mapping, only the
  plain YAML types (a tag such as ``!!python/object`` or ``!!binary`` is refused);
- numbers: at most :data:`MAX_DIGITS` digits, finite (no ``.inf`` or ``.nan``).

Aliases are refused outright rather than bounded: a scenario never needs one (the app never
writes one: :func:`explorer.engine.files.scenario.dump_yaml` writes every value out), and without them
the work done is linear in the file's size, whatever its shape (a 492-byte file of ten aliases
nested eight deep stands for 10^8 values). Dates stay text (``2024-01-01`` is a string): no
scenario value is a date, and a date would not survive JSON.

The reading itself is PyYAML's: libyaml's parser when it is installed (five times faster),
else PyYAML's own, each feeding a composer that counts depth and values as it goes, so nothing
is expanded or nested past the bounds before it is refused.

>>> load_yaml("kind: play\\nhand: [QH, 9S]")
{'kind': 'play', 'hand': ['QH', '9S']}
>>> load_yaml("kind: play\\nkind: score")
Traceback (most recent call last):
...
explorer.engine.core.errors.ScenarioError: kind: the key is written twice (lines 1 and 2); keep one
>>> load_json(b'{"points": {"NS": 1e999}}')
Traceback (most recent call last):
...
explorer.engine.core.errors.ScenarioError: link: points.NS: infinity is not a number a scenario can hold
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Hashable
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.events import AliasEvent, MappingStartEvent, SequenceStartEvent
from yaml.nodes import MappingNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import BaseResolver, Resolver
from yaml.scanner import Scanner

from explorer.engine.core.errors import ScenarioError, at, problem
from explorer.engine.core.i18n import N_, Code, Msg

try:  # libyaml's parser (C), when PyYAML was built with it
    from yaml._yaml import CParser
except ImportError:  # pragma: no cover - depends on the installation
    CParser = None

MAX_BYTES = 64 * 1024
"""Default size limit (the scenario limit; a whole recorded deal is about 2 KB)."""

MAX_DEPTH = 16
"""Most levels of lists and mappings inside one another (the library's deepest file, with its
``expect:``, nests 7; a lesson 6)."""

MAX_VALUES = 10_000
"""Most values (scalars, lists and mappings) in one file (a whole deal has about 200)."""

MAX_DIGITS = 15
"""Most digits in a number: every number in Baloot is far smaller, and larger ones do not
survive JSON tools (JavaScript numbers are exact to 2^53, about 9 × 10^15)."""

MAX_PROBLEMS = 40
"""At most this many problem lines are reported for one file."""

NON_PRINTABLE = Reader.NON_PRINTABLE
"""Characters YAML does not allow in a file (control characters, lone surrogates, U+FFFE/F)."""

_SURROGATE = re.compile("[\ud800-\udfff]")
_NAMES = {0: "NUL", 7: "BEL", 8: "backspace", 0x1B: "ESC", 0x7F: "DEL"}


class _LongNumber:
    """Stands for a number with too many digits until the check below reports it with its path."""

    def __init__(self, digits: int):
        self.digits = digits


# --- YAML ----------------------------------------------------------------------------------------

def _place(line: int, column: int) -> Msg:
    """A place in a file's text, as a message ("line 3, column 5")."""
    return Msg("line {line}, column {column}", line=line, column=column)


def _where(mark: Any) -> Msg | str:
    return _place(mark.line + 1, mark.column + 1) if mark is not None else ""


def _deep() -> Msg:
    return Msg("lists and mappings nest more than {n} levels deep", n=MAX_DEPTH)


def _too_many() -> Msg:
    return Msg("more than {n} values (a whole deal has about 200)", n=MAX_VALUES)


def _refuse(mark: Any, message: Msg | str) -> ScenarioError:
    return ScenarioError(at(_where(mark), message))


class _BoundedComposer(Composer):
    """PyYAML's composer, refusing aliases and counting depth and values as nodes are built."""

    def _start_counting(self) -> None:
        self.depth = 0
        self.values = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            raise _refuse(event.start_mark, Msg("{alias} is an alias; scenario files write every value out "
                                                "(aliases are not accepted)", alias=Code(f"*{event.anchor}")))
        if self.values >= MAX_VALUES:
            raise _refuse(event.start_mark, _too_many())
        self.values += 1
        if event.anchor is not None and event.anchor in self.anchors:
            first = self.anchors[event.anchor].start_mark
            raise _refuse(event.start_mark, Msg("{anchor} is defined twice (first at line {line})",
                                                anchor=Code(f"&{event.anchor}"), line=first.line + 1))
        if not isinstance(event, (SequenceStartEvent, MappingStartEvent)):
            return super().compose_node(parent, index)
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _refuse(event.start_mark, _deep())
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


_NOT_A = {"a whole number": N_("{value} is not a whole number"), "a number": N_("{value} is not a number"),
          "true or false": N_("{value} is not true or false")}

_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("bool", "float", "int", "null")}


class _PlainResolver(BaseResolver):
    """YAML 1.1's implicit types, without dates, merge keys (``<<``) and the ``=`` value key."""

    yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag in _PLAIN_TAGS]
        for first, resolvers in Resolver.yaml_implicit_resolvers.items()
    }


class _PlainConstructor(SafeConstructor):
    """PyYAML's safe constructor for the plain types only; duplicate keys and long numbers noted."""

    def _start_noting(self) -> None:
        self.duplicates: dict[int, list[tuple[Any, str]]] = {}

    def construct_undefined(self, node: Any) -> Any:
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        raise _refuse(node.start_mark, Msg("the tag {tag} is not accepted (a scenario holds text, numbers, "
                                           "true/false, lists and mappings)", tag=Code(tag[:40])))

    def _plain(self, node: Any, convert: Any, what: str) -> Any:
        try:
            return convert(self, node)
        except (ValueError, KeyError, OverflowError):
            raise _refuse(node.start_mark, Msg(_NOT_A[what], value=_cut(str(node.value)))
                          if what in _NOT_A else f"{_cut(str(node.value))} is not {what}") from None

    def construct_int(self, node: Any) -> Any:
        text = self.construct_scalar(node).replace("_", "").lstrip("+-")
        digits = len((text[2:] if text[:2] in ("0x", "0o", "0b") else text).replace(":", ""))
        if digits > MAX_DIGITS:
            return _LongNumber(digits)
        value = self._plain(node, SafeConstructor.construct_yaml_int, "a whole number")
        if abs(value) >= 10 ** MAX_DIGITS:
            return _LongNumber(len(str(abs(value))))
        return value

    def construct_float(self, node: Any) -> Any:
        return self._plain(node, SafeConstructor.construct_yaml_float, "a number")

    def construct_bool(self, node: Any) -> Any:
        return self._plain(node, SafeConstructor.construct_yaml_bool, "true or false")

    def construct_str(self, node: Any) -> str:
        text = self.construct_scalar(node)
        if _SURROGATE.search(text):  # "\ud83d\ude00" written as two escapes is one character
            text = text.encode("utf-16", "surrogatepass").decode("utf-16", "surrogatepass")
        return text

    def construct_map(self, node: Any) -> Any:
        if not isinstance(node, MappingNode):  # an explicit !!map on a list or a text
            raise _refuse(node.start_mark, Msg("!!map is written on a value that is not a mapping"))
        data: dict[Any, Any] = {}
        yield data
        lines: dict[Any, int] = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node)
            if not isinstance(key, Hashable):
                raise _refuse(key_node.start_mark, Msg("a list or mapping cannot be a key"))
            line = key_node.start_mark.line + 1
            if key in lines:
                self.duplicates.setdefault(id(data), []).append(
                    (key, Msg("lines {first} and {second}", first=lines[key], second=line) if lines[key] != line
                     else Msg("line {line}", line=line)))
            else:
                lines[key] = line
            data[key] = self.construct_object(value_node)


_PlainConstructor.yaml_constructors = {
    "tag:yaml.org,2002:null": SafeConstructor.construct_yaml_null,
    "tag:yaml.org,2002:bool": _PlainConstructor.construct_bool,
    "tag:yaml.org,2002:int": _PlainConstructor.construct_int,
    "tag:yaml.org,2002:float": _PlainConstructor.construct_float,
    "tag:yaml.org,2002:str": _PlainConstructor.construct_str,
    "tag:yaml.org,2002:seq": SafeConstructor.construct_yaml_seq,
    "tag:yaml.org,2002:map": _PlainConstructor.construct_map,
    None: _PlainConstructor.construct_undefined,
}
_PlainConstructor.yaml_multi_constructors = {}


class _BoundedScanner(Scanner):
    """PyYAML's scanner with flow levels capped: its simple-key check costs one step per open level."""

    def fetch_flow_collection_start(self, TokenClass: Any) -> None:
        if self.flow_level >= MAX_DEPTH:
            raise _refuse(self.get_mark(), f"lists and mappings nest more than {MAX_DEPTH} levels deep")
        super().fetch_flow_collection_start(TokenClass)


class PurePythonLoader(Reader, _BoundedScanner, Parser, _BoundedComposer, _PlainConstructor, _PlainResolver):
    """The loader without libyaml (PyYAML's own reader, scanner and parser)."""

    def __init__(self, stream: str):
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        BaseResolver.__init__(self)
        self._start_counting()
        self._start_noting()


if CParser is not None:
    class CLoader(_BoundedComposer, CParser, _PlainConstructor, _PlainResolver):
        """libyaml's parser for the events; the composing and constructing above (in Python)."""

        def __init__(self, stream: str):
            CParser.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            BaseResolver.__init__(self)
            self._start_counting()
            self._start_noting()

    Loader: type = CLoader
else:  # pragma: no cover - depends on the installation
    Loader = PurePythonLoader


def _decode(data: str | bytes, max_bytes: int | None) -> str:
    """Bytes or text to text within the size limit; located problems for bad bytes and characters."""
    if isinstance(data, bytes):
        if max_bytes is not None and len(data) > max_bytes:
            raise ScenarioError(problem(Msg("the file is too large ({size} bytes; at most {most} KiB)",
                                            size=len(data), most=max_bytes // 1024)))
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            line = data.count(b"\n", 0, e.start) + 1
            column = e.start - data.rfind(b"\n", 0, e.start)
            raise ScenarioError(at(_place(line, column), Msg("the file is not UTF-8 text (byte {byte})",
                                                             byte=Code(f"0x{data[e.start]:02x}")))) from None
    else:
        text = data.removeprefix("\ufeff")
        if max_bytes is not None and (len(text) > max_bytes
                                      or len(text.encode("utf-8", "surrogatepass")) > max_bytes):
            raise ScenarioError(problem(Msg("the file is too large (at most {most} KiB)", most=max_bytes // 1024)))
    bad = NON_PRINTABLE.search(text)
    if bad:
        pos = bad.start()
        line = text.count("\n", 0, pos) + 1
        column = pos - text.rfind("\n", 0, pos)
        raise ScenarioError(at(_place(line, column), Msg("the file holds {char}, which a scenario file cannot hold",
                                                         char=_char(bad.group()))))
    return text


def load_yaml(data: str | bytes, *, max_bytes: int | None = MAX_BYTES, stats: dict[str, int] | None = None,
              backend: type | None = None) -> Any:
    """YAML (or JSON) text to plain data within the bounds above; ScenarioError says what is wrong and where.

    ``stats``, when given, receives ``values``: the nodes built, that is the work done (for tests). ``backend`` chooses the loader class (tests run both).
    """
    text = _decode(data, max_bytes)
    try:
        doc, duplicates = _load(text, backend or Loader, stats)
    except yaml.YAMLError as e:
        if backend is not None or Loader is PurePythonLoader:
            raise ScenarioError(_yaml_problem(e, text)) from None
        # libyaml found a syntax error: PyYAML's own parser decides (and words the message), so both
        # accept the same files (libyaml refuses "\ud83d\ude00", the way JSON writes an emoji)
        try:
            doc, duplicates = _load(text, PurePythonLoader, stats)
        except yaml.YAMLError as e:
            raise ScenarioError(_yaml_problem(e, text)) from None
    problems = value_problems(doc, duplicates)
    if problems:
        raise ScenarioError(problems)
    return doc


def _load(text: str, backend: type, stats: dict[str, int] | None) -> tuple[Any, dict[int, list[tuple[Any, str]]]]:
    loader = backend(text)
    try:
        return loader.get_single_data(), loader.duplicates
    except RecursionError:  # cannot happen within MAX_DEPTH; one clear line if it ever does
        raise ScenarioError(problem(_deep())) from None
    finally:
        if stats is not None:
            stats["values"] = stats.get("values", 0) + loader.values
        loader.dispose()


_YAML_PROBLEMS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"mapping values are not allowed here$"), N_("a colon (:) where no key can start")),
    (re.compile(r"could not find expected ':'$"), N_("a key without its colon (:)")),
    (re.compile(r"found character that cannot start any token$"), N_("a character that cannot start a value here")),
    (re.compile(r"found unexpected end of stream$"), N_("the file ends inside a quoted text")),
    (re.compile(r"found unknown escape character (?P<token>.+)$"), N_("unknown escape {token} in a quoted text")),
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


def _yaml_problem(e: yaml.YAMLError, text: str) -> str:
    mark = getattr(e, "problem_mark", None)
    problem = getattr(e, "problem", None) or str(e).splitlines()[0]
    if mark is None and getattr(e, "position", None) is not None:  # libyaml's reader errors
        pos = min(e.position, len(text))
        line, column = text.count("\n", 0, pos) + 1, pos - text.rfind("\n", 0, pos)
        return at(_place(line, column), _yaml_detail(problem))
    return at(_where(mark) or Code("YAML"), _yaml_detail(_cut(problem, 200)))


# --- JSON (share links) ---------------------------------------------------------------------------

def load_json(data: str | bytes, *, where: str | Msg = "link") -> Any:
    """JSON text to plain data within the same bounds; every problem line starts with ``where``."""
    duplicates: dict[int, list[tuple[Any, str]]] = {}

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in items:
            if key in out:
                duplicates.setdefault(id(out), []).append((key, ""))
            out[key] = value
        return out

    def number(text: str) -> Any:
        digits = len(text.lstrip("-"))
        return _LongNumber(digits) if digits > MAX_DIGITS else int(text)

    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        doc = json.loads(text, object_pairs_hook=pairs, parse_int=number)
    except RecursionError:
        raise ScenarioError(at(where, _deep())) from None
    except (UnicodeDecodeError, ValueError):  # JSONDecodeError is a ValueError
        raise ScenarioError(at(where, Msg("the scenario in this link is damaged (not readable)"))) from None
    problems = value_problems(doc, duplicates)
    if problems:
        raise ScenarioError([at(where, p) for p in problems])
    return doc


# --- the checks on loaded values, each reported with its path --------------------------------------

def value_problems(doc: Any, duplicates: dict[int, list[tuple[Any, str]]] | None = None) -> list[str]:
    """Problems of loaded data, one line each with its path: keys given twice, numbers too long or
    not finite, text with characters a file cannot hold, nesting past :data:`MAX_DEPTH`, more than
    :data:`MAX_VALUES` values. Iterative, so any depth is safe; stops at :data:`MAX_PROBLEMS`.
    """
    duplicates = duplicates or {}
    out: list[str] = []
    stack: list[tuple[Any, str, int]] = [(doc, "", 0)]
    seen = 0
    while stack and len(out) < MAX_PROBLEMS:
        value, path, depth = stack.pop()
        seen += 1
        if seen > MAX_VALUES:
            out.append(problem(_too_many()))
            break
        if isinstance(value, (dict, list)):
            if depth + 1 > MAX_DEPTH:
                out.append(at(path, _deep()))
                continue
            if isinstance(value, list):
                stack.extend((v, f"{path}[{i}]", depth + 1) for i, v in reversed(list(enumerate(value))))
                continue
            for key, lines in duplicates.get(id(value), ()):
                out.append(at(_join(path, key), Msg("the key is written twice ({lines}); keep one", lines=lines)
                              if lines else Msg("the key is written twice; keep one")))
            children = []
            for key, v in value.items():
                bad = scalar_problem(key)
                if bad:
                    out.append(at(path, Msg("the key {key}: {problem}",
                                            key=_cut(repr(key) if isinstance(key, str) else str(key)), problem=bad)))
                    continue
                children.append((v, _join(path, key), depth + 1))
            stack.extend(reversed(children))
            continue
        bad = scalar_problem(value)
        if bad:
            out.append(at(path, bad))
    return out[:MAX_PROBLEMS]


def scalar_problem(value: Any) -> Msg | None:
    """Why a loaded scalar cannot be part of a scenario (a message; ``str()`` of it is the English), or None."""
    if isinstance(value, _LongNumber):
        return Msg("a number of {digits} digits is too long (numbers in a scenario have at most {most} digits)",
                   digits=value.digits, most=MAX_DIGITS)
    if isinstance(value, float) and not math.isfinite(value):
        if math.isinf(value):
            return Msg("infinity is not a number a scenario can hold")
        return Msg("not-a-number (.nan) is not a number a scenario can hold")
    if isinstance(value, str):
        bad = NON_PRINTABLE.search(value)
        if bad:
            return Msg("the text holds {char}; remove it", char=_char(bad.group()))
    return None


def _char(ch: str) -> Msg:
    code = ord(ch)
    if 0xD800 <= code <= 0xDFFF:
        return Msg("{code}, half of a UTF-16 surrogate pair (not a character on its own)", code=Code(f"U+{code:04X}"))
    name = _NAMES.get(code)
    if name:
        return Msg("the control character {code} ({name})", code=Code(f"U+{code:04X}"), name=Code(name))
    return Msg("the control character {code}", code=Code(f"U+{code:04X}"))


def _join(path: str, key: Any) -> str:
    if isinstance(key, str) and len(key) <= 40 and not NON_PRINTABLE.search(key):
        name = key
    else:
        name = _cut(repr(key) if isinstance(key, str) else str(key), 40)
    return f"{path}.{name}" if path else name


def _cut(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
