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

import codecs
import json
import math
import re
from collections.abc import Hashable
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.events import AliasEvent, MappingStartEvent, SequenceStartEvent
from yaml.nodes import MappingNode, Node
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import BaseResolver, Resolver
from yaml.scanner import Scanner

from explorer.engine.core.errors import ScenarioError, at, problem
from explorer.engine.core.i18n import N_, Code, Msg, plural
from explorer.engine.core.visible import visible
from explorer.engine.files.yaml_words import cut as _cut
from explorer.engine.files.yaml_words import place as _place
from explorer.engine.files.yaml_words import where as _where
from explorer.engine.files.yaml_words import yaml_problem as _yaml_problem

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

MAX_ITEMS = 64
"""Most items in one list or mapping of a scenario (a deck has 32 cards; a hand 8, a trick 4, a deal 8 tricks):
a longer one is refused at its count, before any of its items is read or judged (:func:`load_yaml` and
:func:`load_json` with ``max_items``; lessons and score sheets, whose lists are longer, give none)."""

MAX_PROBLEMS = 40
"""At most this many problem lines are reported for one file."""

NON_PRINTABLE = Reader.NON_PRINTABLE
"""Characters YAML does not allow in a file (control characters, lone surrogates, U+FFFE/F)."""

_SURROGATE = re.compile("[\ud800-\udfff]")
_WIDE_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"), (codecs.BOM_UTF16_LE, "UTF-16"),
              (codecs.BOM_UTF16_BE, "UTF-16"))
"""The byte order marks of the wide encodings (UTF-32's little-endian one starts like UTF-16's: it comes first)."""
_NAMES = {0: "NUL", 7: "BEL", 8: "backspace", 0x1B: "ESC", 0x7F: "DEL"}


class _LongNumber:
    """Stands for a number with too many digits until the check below reports it with its path."""

    def __init__(self, digits: int):
        self.digits = digits

    def __repr__(self) -> str:
        return f"a number of {self.digits} digits"


# --- YAML ----------------------------------------------------------------------------------------

def _byte_place(data: bytes, pos: int) -> Msg:
    """The place of a byte in a file's bytes (its column counted in bytes)."""
    return _place(data.count(b"\n", 0, pos) + 1, pos - data.rfind(b"\n", 0, pos))


def _long_number(digits: int) -> Msg:
    return Msg("a number of {digits} digits is too long (numbers in a scenario have at most {most} digits)",
               digits=digits, most=MAX_DIGITS)


def _deep() -> Msg:
    return Msg("lists and mappings nest more than {n} levels deep", n=MAX_DEPTH)


def _too_long_at(most: int) -> Msg:
    return Msg("a list or mapping holds more than {most} items here (a deck has 32 cards)", most=most)


def _too_many() -> Msg:
    return Msg("more than {n} values (a whole deal has about 200)", n=MAX_VALUES)


def _refuse(mark: Any, message: Msg | str) -> ScenarioError:
    return ScenarioError(at(_where(mark), message))


class _BoundedComposer(Composer):
    """PyYAML's composer, refusing aliases and counting depth and values as nodes are built."""

    def _start_counting(self) -> None:
        self.depth = 0
        self.values = 0
        self.max_items: int | None = None

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            raise _refuse(event.start_mark, Msg("{alias} is an alias; scenario files write every value out "
                                                "(aliases are not accepted)", alias=Code(f"*{event.anchor}")))
        if self.values >= MAX_VALUES:
            raise _refuse(event.start_mark, _too_many())
        self.values += 1
        if (self.max_items is not None and parent is not None and not isinstance(index, Node)
                and len(parent.value) >= self.max_items):  # an item of a sequence, or a key of a mapping
            raise _refuse(event.start_mark, _too_long_at(self.max_items))
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
        except (ValueError, KeyError, OverflowError, IndexError):  # IndexError: !!int "" and !!int "+"
            value = _cut(visible(str(node.value), one_line=True)) or "''"
            raise _refuse(node.start_mark, Msg(_NOT_A[what], value=value)
                          if what in _NOT_A else f"{value} is not {what}") from None

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

    def scan_flow_scalar_non_spaces(self, double: bool, start_mark: Any) -> Any:
        """PyYAML's reading of a quoted text, whose ``chr()`` raises for an escape past U+10FFFF
        (``"\\U00110000"``: ValueError, ``"\\UFFFFFFFF"``: OverflowError): refused at the escape."""
        try:
            return super().scan_flow_scalar_non_spaces(double, start_mark)
        except (ValueError, OverflowError):
            letter = self.buffer[self.pointer - 1]  # the scanner stands on the escape's hex digits
            mark = self.get_mark()
            escape = "\\" + letter + self.prefix(self.ESCAPE_CODES.get(letter, 0))
            raise ScenarioError(at(_place(mark.line + 1, mark.column - 1), Msg(
                "the escape {escape} is beyond the last Unicode character ({last})",
                escape=Code(escape), last=Code("\\U0010FFFF")))) from None

    def scan_yaml_directive_number(self, start_mark: Any) -> Any:
        """A ``%YAML`` version's number, its digits bounded (``int()`` of 4,301 digits raises ValueError)."""
        length = 0
        while "0" <= self.peek(length) <= "9":
            length += 1
        if length > MAX_DIGITS:
            raise _refuse(self.get_mark(), _long_number(length))
        return super().scan_yaml_directive_number(start_mark)


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
            raise ScenarioError(problem(plural("the file is too large ({size} byte; at most {most} KiB)",
                                               "the file is too large ({size} bytes; at most {most} KiB)", len(data),
                                               size=len(data), most=max_bytes // 1024)))
        wide = next((name for bom, name in _WIDE_BOMS if data.startswith(bom)), None)
        if wide:  # saved by an editor as UTF-16 or UTF-32: say so, rather than "not UTF-8 (byte 0xff)"
            raise ScenarioError(problem(Msg("the file is {encoding} text; save it as UTF-8", encoding=Code(wide))))
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise ScenarioError(at(_byte_place(data, e.start), Msg("the file is not UTF-8 text (byte {byte})",
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


def load_yaml(data: str | bytes, *, max_bytes: int | None = MAX_BYTES, max_items: int | None = None,
              stats: dict[str, int] | None = None, backend: type | None = None) -> Any:
    """YAML (or JSON) text to plain data within the bounds above; ScenarioError says what is wrong and where.

    ``max_items``: most items in one list or mapping (:data:`MAX_ITEMS` for a scenario), refused as the
    file is read. ``stats``, when given, receives ``values``: the nodes built, that is the work done (for
    tests). ``backend`` chooses the loader class (tests run both).
    """
    text = _decode(data, max_bytes)
    try:
        doc, duplicates = _load(text, backend or Loader, stats, max_items)
    except yaml.YAMLError as e:
        if backend is not None or Loader is PurePythonLoader:
            raise ScenarioError(_yaml_problem(e, text)) from None
        # libyaml found a syntax error: PyYAML's own parser decides (and words the message), so both
        # accept the same files (libyaml refuses "\ud83d\ude00", the way JSON writes an emoji)
        try:
            doc, duplicates = _load(text, PurePythonLoader, stats, max_items)
        except yaml.YAMLError as e:
            raise ScenarioError(_yaml_problem(e, text)) from None
    problems = value_problems(doc, duplicates, max_items=max_items)
    if problems:
        raise ScenarioError(problems)
    return doc


class _Unread(yaml.YAMLError):
    """libyaml's loader stopped with an exception that is not PyYAML's (none is known): PyYAML's own
    reader decides, and names the place."""


def _load(text: str, backend: type, stats: dict[str, int] | None, max_items: int | None = None
          ) -> tuple[Any, dict[int, list[tuple[Any, str]]]]:
    """One document read by ``backend``; any exception but PyYAML's becomes a located problem (PyYAML's
    own errors are worded by :func:`_yaml_problem`)."""
    loader = backend(text)
    loader.max_items = max_items
    try:
        return loader.get_single_data(), loader.duplicates
    except (ScenarioError, yaml.YAMLError):
        raise
    except Exception as e:  # noqa: BLE001 - RecursionError (cannot happen within MAX_DEPTH) or anything else
        if not hasattr(loader, "get_mark"):  # libyaml keeps its place to itself
            raise _Unread(type(e).__name__) from None
        mark = loader.get_mark()
        reason = _deep() if isinstance(e, RecursionError) else Msg(
            "malformed YAML: this cannot be read ({error})", error=Code(type(e).__name__))
        raise _refuse(mark, reason) from None
    finally:
        if stats is not None:
            stats["values"] = stats.get("values", 0) + loader.values
        loader.dispose()


# --- JSON (share links) ---------------------------------------------------------------------------

def load_json(data: str | bytes, *, where: str | Msg = "link", max_items: int | None = None) -> Any:
    """JSON text to plain data within the same bounds (``max_items`` as for :func:`load_yaml`); every problem
    line starts with ``where``."""
    damaged = Msg("the scenario in this link is damaged (not readable)")
    try:
        doc, duplicates = parse_json(data.decode("utf-8") if isinstance(data, bytes) else data)
    except ScenarioError as e:
        raise ScenarioError([at(where, p) for p in e.problems]) from None
    except UnicodeDecodeError as e:
        raise ScenarioError(at(where, at(_byte_place(data, e.start), damaged))) from None
    except json.JSONDecodeError as e:
        raise ScenarioError(at(where, at(_place(e.lineno, e.colno), damaged))) from None
    except Exception:  # noqa: BLE001 - none is known; whatever the decoder raises, one line
        raise ScenarioError(at(where, damaged)) from None
    problems = value_problems(doc, duplicates, max_items=max_items)
    if problems:
        raise ScenarioError([at(where, p) for p in problems])
    return doc


def parse_json(text: str) -> tuple[Any, dict[int, list[tuple[Any, str]]]]:
    """JSON text to plain data, and the keys written twice in each mapping, for :func:`value_problems` to name
    (with the numbers of more than :data:`MAX_DIGITS` digits, never converted). ValueError when the text is not
    JSON; ScenarioError when it nests too deep for Python's parser (a thousand ``[`` is about 1 KB).

    >>> parse_json('{"a": [1, 2]}')[0]
    {'a': [1, 2]}
    >>> parse_json("[" * 5000)
    Traceback (most recent call last):
    ...
    explorer.engine.core.errors.ScenarioError: lists and mappings nest more than 16 levels deep
    """
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
        return json.loads(text, object_pairs_hook=pairs, parse_int=number), duplicates
    except RecursionError:
        raise ScenarioError(problem(_deep())) from None


# --- the checks on loaded values, each reported with its path --------------------------------------

def value_problems(doc: Any, duplicates: dict[int, list[tuple[Any, str]]] | None = None, *,
                   max_items: int | None = None, max_values: int = MAX_VALUES, controls: bool = False) -> list[str]:
    """Problems of loaded data, one line each with its path: keys given twice, numbers too long or
    not finite, text with characters a file cannot hold, nesting past :data:`MAX_DEPTH`, more than
    ``max_values`` values, a list or mapping of more than ``max_items`` items (refused at its count,
    its items unread). Iterative, so any depth is safe; stops at :data:`MAX_PROBLEMS`.
    ``controls``: text may hold control characters (but never a lone surrogate, which no UTF-8 text holds).
    """
    duplicates = duplicates or {}
    out: list[str] = []
    stack: list[tuple[Any, str, int]] = [(doc, "", 0)]
    seen = 0
    while stack and len(out) < MAX_PROBLEMS:
        value, path, depth = stack.pop()
        seen += 1
        if seen > max_values:
            out.append(problem(_too_many() if max_values == MAX_VALUES else
                               Msg("more than {n} values", n=max_values)))
            break
        if isinstance(value, (dict, list)):
            if depth + 1 > MAX_DEPTH:
                out.append(at(path, _deep()))
                continue
            if max_items is not None and len(value) > max_items:
                out.append(at(path, plural("holds {n} item; a list or mapping in a scenario holds at most {most} "
                                           "(a deck has 32 cards)",
                                           "holds {n} items; a list or mapping in a scenario holds at most {most} "
                                           "(a deck has 32 cards)", len(value), most=max_items)))
                continue
            if isinstance(value, list):
                stack.extend((v, f"{path}[{i}]", depth + 1) for i, v in reversed(list(enumerate(value))))
                continue
            for key, lines in duplicates.get(id(value), ())[:MAX_PROBLEMS]:  # 40,000 times one key: 40 lines
                out.append(at(_join(path, key), Msg("the key is written twice ({lines}); keep one", lines=lines)
                              if lines else Msg("the key is written twice; keep one")))
            children = []
            for key, v in value.items():
                bad = scalar_problem(key, controls=controls)
                if bad:
                    out.append(at(path, Msg("the key {key}: {problem}",
                                            key=_cut(repr(key) if isinstance(key, str) else str(key)), problem=bad)))
                    continue
                children.append((v, _join(path, key), depth + 1))
            stack.extend(reversed(children))
            continue
        bad = scalar_problem(value, controls=controls)
        if bad:
            out.append(at(path, bad))
    return out[:MAX_PROBLEMS]


def scalar_problem(value: Any, *, controls: bool = False) -> Msg | None:
    """Why a loaded scalar cannot be part of a scenario (a message; ``str()`` of it is the English), or None.
    ``controls``: control characters are allowed in text (lone surrogates never are)."""
    if isinstance(value, _LongNumber):
        return _long_number(value.digits)
    if isinstance(value, float) and not math.isfinite(value):
        if math.isinf(value):
            return Msg("infinity is not a number a scenario can hold")
        return Msg("not-a-number (.nan) is not a number a scenario can hold")
    if isinstance(value, str):
        bad = (_SURROGATE if controls else NON_PRINTABLE).search(value)
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
        name = visible(key, one_line=True)
    else:
        name = _cut(repr(key) if isinstance(key, str) else str(key), 40)
    return f"{path}.{name}" if path else name
