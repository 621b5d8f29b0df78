"""The score sheet as a document: kept in the browser, packed in a match link, saved as CSV or YAML.

No Streamlit here. One document, ``{"kind": "match", "deals": [row, ...]}`` (rows as
:mod:`explorer.view.sheet.table` describes them), is the sheet's YAML file and the content of a match
link (packed like the scenario links, by :mod:`explorer.engine.files.share`); the browser also keeps the
Undo versions under ``"undo"``. Every way in goes through the engine's :meth:`Match.from_rows` /
:meth:`MatchDeal.from_dict`, so a bad value is named where it is: ``row 3, NS: 'x' is not a whole
number of game points``.

>>> rows = [{"NS": 100, "EW": 40, "note": "", "gahwa_winner": None}]
>>> read_link(link_value(rows)) == rows
True
>>> read_csv("deal,NS,EW,note\\n1,100,40,\\n2,x,0,\\n")
Traceback (most recent call last):
...
explorer.view.sheet.files.SheetFileError: row 3, NS: 'x' is not a whole number of game points
"""

from __future__ import annotations

import copy
import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any

import yaml

from explorer.engine.core.errors import ScenarioError, as_msg, at, joined, problem, short
from explorer.engine.core.i18n import Code, Msg, plural
from explorer.engine.files.loader import load_yaml, scalar_problem
from explorer.engine.files.share import decode_scenario, encode_scenario
from explorer.engine.rules.match import NOTE_LIMIT, Match, MatchDeal, MatchError, row_place

Row = dict[str, Any]

KIND = "match"
"""The ``kind`` of a sheet document."""
LINK_PARAM = "match"
"""The query parameter of a match link: ``/score_sheet?match=v1.…``."""
STORED_UNDO = 30
"""How many Undo versions the browser keeps with the sheet."""
MAX_DEALS = 500
"""The most deals a file, a link or the browser may bring (a real match has a few dozen)."""
MAX_FILE_BYTES = 1024 * 1024
"""The largest sheet file read: the uploader's limit (1 MB). The sheet's own files are well under it (500 deals with
notes of 120 four-byte characters make a 270 KB YAML file)."""
FILE_TYPES = ("csv", "yaml", "yml")
"""The files the sheet opens: its own CSV and YAML exports."""
ROW_KEYS = frozenset({"NS", "EW", "cancelled", "gahwa_winner", "note"})
"""The keys of a sheet row."""


class SheetFileError(MatchError):
    """A file, a link or a stored value that is not a score sheet; ``problems`` names each place (messages:
    a page says them in its language)."""


def _too_many(count: int) -> str:
    return problem(plural("{n} deal is more than a sheet holds (at most {limit})",
                          "{n} deals is more than a sheet holds (at most {limit})", count, limit=MAX_DEALS))


def check_room(rows: Sequence[Any], adding: int = 1) -> None:
    """MatchError when ``adding`` more deals would take the sheet past :data:`MAX_DEALS`: its files, its match link and
    this browser would not read it back.

    >>> check_room([{"NS": 0, "EW": 0}] * MAX_DEALS)
    Traceback (most recent call last):
    ...
    explorer.engine.core.errors.MatchError: the sheet holds 500 deals, the most it keeps; start a new match (Undo brings this one back), or save this one as a file first
    """
    if len(rows) + adding > MAX_DEALS:
        raise MatchError(problem(Msg("the sheet holds {limit} deals, the most it keeps; start a new match (Undo brings "
                                     "this one back), or save this one as a file first", limit=MAX_DEALS)))


def _empty() -> str:
    return problem(Msg("the file is empty"))



def scored_row(award: Mapping[str, int] | None, winner: str | None, note: str) -> Row:
    """The sheet row of a deal another page scored (Score calculator, Deal checker), made by the engine's
    :class:`MatchDeal`: its award; or, with no numeric award, the Gahwa its winner took, or (no winner
    either: everyone passed twice) a cancelled deal. Its note (a scenario's title) is cut to :data:`NOTE_LIMIT`
    characters.

    >>> scored_row({"NS": 16, "EW": 0}, "NS", "Kaboot")
    {'NS': 16, 'EW': 0, 'note': 'Kaboot', 'gahwa_winner': None}
    >>> scored_row(None, "EW", "x" * 200)["gahwa_winner"], len(scored_row(None, "EW", "x" * 200)["note"])
    ('EW', 120)
    """
    note = note[:NOTE_LIMIT]
    if award is not None:
        return MatchDeal.award(int(award["NS"]), int(award["EW"]), note=note).to_dict()
    return (MatchDeal.gahwa(winner, note=note) if winner else MatchDeal.cancelled_deal(note=note)).to_dict()


# --- the document --------------------------------------------------------------------------------

def match_doc(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The sheet document of some rows (the YAML file's and the link's content).

    >>> match_doc([{"NS": 16, "EW": 0}])
    {'kind': 'match', 'deals': [{'NS': 16, 'EW': 0}]}
    """
    return {"kind": KIND, "deals": [dict(r) for r in rows]}


def read_rows(items: Any, *, what: str = "deal") -> list[Row]:
    """Sheet rows checked by the engine and written as the sheet writes them; SheetFileError lists
    every problem, each named ``<what> <n>``.

    >>> read_rows([{"NS": "16", "EW": 0.0}])
    [{'NS': 16, 'EW': 0, 'note': '', 'gahwa_winner': None}]
    >>> read_rows([{"NS": 1, "EW": 2, "colour": "red"}])
    Traceback (most recent call last):
    ...
    explorer.view.sheet.files.SheetFileError: deal 1: unknown key 'colour' (a deal has NS, EW, cancelled, gahwa_winner, note)
    """
    if not isinstance(items, list):
        raise SheetFileError(problem(Msg("the deals are a list, not {type}", type=Code(type(items).__name__))))
    if len(items) > MAX_DEALS:
        raise SheetFileError(_too_many(len(items)))
    problems: list[str] = []
    for i, row in enumerate(items, start=1):
        if isinstance(row, Mapping):
            extra = sorted(str(k) for k in row if k not in ROW_KEYS)
            if extra:
                problems.append(at(row_place(what, i), Msg("unknown key {key} (a deal has NS, EW, cancelled, "
                                                           "gahwa_winner, note)", key=short(extra[0]))))
    try:
        return Match.from_rows(items, label=what, problems=problems).to_rows()
    except MatchError as e:
        raise SheetFileError(e.problems) from None


def read_doc(doc: Any) -> list[Row]:
    """The rows of a sheet document (or of a bare list of rows); SheetFileError says what is wrong.

    >>> read_doc({"kind": "score", "points": {}})
    Traceback (most recent call last):
    ...
    explorer.view.sheet.files.SheetFileError: this is a 'score' scenario, not a score sheet (kind: match)
    """
    if isinstance(doc, list):
        return read_rows(doc)
    if not isinstance(doc, Mapping):
        raise SheetFileError(problem(Msg("a score sheet is a mapping with its deals, not {type}", type=Code(type(doc).__name__))))
    kind = doc.get("kind", KIND)
    if kind != KIND:
        raise SheetFileError(problem(Msg("this is a {kind} scenario, not a score sheet (kind: {match})", kind=short(kind),
                                          match=Code(KIND))))
    if "deals" not in doc:
        raise SheetFileError(problem(Msg("the score sheet has no deals (a list under 'deals')")))
    return read_rows(doc["deals"])


# --- kept in the browser -------------------------------------------------------------------------

def stored(rows: Sequence[Mapping[str, Any]], history: Sequence[Sequence[Mapping[str, Any]]],
           *, undo: int = STORED_UNDO) -> dict[str, Any]:
    """What the browser keeps: the deals and the last ``undo`` Undo versions.

    >>> stored([{"NS": 1, "EW": 0}], [[], [{"NS": 1, "EW": 0}]], undo=1)["undo"]
    [[{'NS': 1, 'EW': 0}]]
    """
    kept = list(history)[-undo:] if undo > 0 else []
    return {**match_doc(rows), "undo": [[dict(r) for r in version] for version in kept]}


def read_stored(value: Any) -> tuple[list[Row], list[list[Row]]]:
    """The deals and Undo versions the browser kept; SheetFileError names what is damaged.

    >>> read_stored({"kind": "match", "deals": [{"NS": 1, "EW": "two"}], "undo": []})
    Traceback (most recent call last):
    ...
    explorer.view.sheet.files.SheetFileError: deal 1, EW: 'two' is not a whole number of game points
    """
    rows = read_doc(value)
    undo = value.get("undo", []) if isinstance(value, Mapping) else []
    if not isinstance(undo, list) or len(undo) > max(STORED_UNDO, 100):
        raise SheetFileError(problem(Msg("the Undo versions are damaged (not a list of sheets)")))
    history = []
    for n, version in enumerate(undo, start=1):
        try:
            history.append(read_rows(version))
        except SheetFileError as e:
            raise SheetFileError([at(Msg("Undo version {n}", n=n), as_msg(p)) for p in e.problems]) from None
    return rows, history


# --- match links ---------------------------------------------------------------------------------

def link_value(rows: Sequence[Mapping[str, Any]]) -> str:
    """The ``?match=`` value of a sheet: its document packed like a scenario link."""
    return encode_scenario(match_doc(rows))


def match_link(rows: Sequence[Mapping[str, Any]]) -> tuple[str | None, str | Msg | None]:
    """The ``?match=`` value of a sheet if this app opens it again (``(value, None)``), else ``(None, why)``: a long
    sheet with notes that do not compress makes a link past the bounds :func:`read_link` keeps.
    """
    value = link_value(rows)
    try:
        read_link(value)
    except SheetFileError as e:
        return None, joined(e.problems)
    return value, None


def read_link(value: str) -> list[Row]:
    """The rows of a ``?match=`` value; SheetFileError says what is wrong with a damaged link.

    >>> read_link("v1.broken!")
    Traceback (most recent call last):
    ...
    explorer.view.sheet.files.SheetFileError: link: the match in this link is damaged (not valid base64)
    """
    try:
        doc = decode_scenario(value, what="match")
    except ScenarioError as e:
        raise SheetFileError(e.problems) from None
    return read_doc(doc)


# --- files ---------------------------------------------------------------------------------------

def yaml_text(rows: Sequence[Mapping[str, Any]]) -> str:
    """The sheet as a YAML file that :func:`read_file` opens again.

    >>> print(yaml_text([{"NS": 16, "EW": 0, "note": "", "gahwa_winner": None}]), end="")
    # Baloot score sheet (Sakka): open it again on the Score sheet page.
    kind: match
    deals:
    - NS: 16
      EW: 0
      note: ''
      gahwa_winner: null
    """
    body = yaml.safe_dump(match_doc(copy.deepcopy(list(rows))), sort_keys=False, allow_unicode=True)
    return "# Baloot score sheet (Sakka): open it again on the Score sheet page.\n" + body


_CSV_COLUMNS = {"ns": "NS", "ew": "EW", "gahwa_winner": "gahwa_winner", "gahwa": "gahwa_winner",
                "cancelled": "cancelled", "note": "note"}
"""CSV header (lower case, spaces as ``_``) → row key; other columns (deal, totals, match) are read
by nobody: the engine computes them again."""
_TRUE = {"true", "yes", "1", "y"}
_FALSE = {"false", "no", "0", "n", ""}


def _uninert(note: str) -> str:
    """The note as typed: undo the apostrophe the CSV export puts before a formula-like note.

    >>> _uninert("'=1+1"), _uninert("'quoted'")
    ('=1+1', "'quoted'")
    """
    if note[:1] == "'" and note[1:2] in ("=", "+", "-", "@", "\t", "\r"):
        return note[1:]
    return note


def _flag(text: str) -> Any:
    low = text.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    return text  # MatchDeal.from_dict names it: "'maybe' is not true or false"


def _records(text: str) -> list[tuple[int, list[str]]]:
    """The CSV's non-empty records, numbered as a spreadsheet shows them (the header is row 1). Any line ending is a
    line ending (Windows, old Mac and Unix ones mixed in one file); a quote left open, or one that ends its cell
    early, is a problem of its row rather than a cell swallowing the rest of the file."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    reader = csv.reader(io.StringIO(text), strict=True)
    records: list[list[str]] = []
    while True:
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error as e:
            raise SheetFileError(at(row_place("row", len(records) + 1), _csv_problem(str(e)))) from None
        records.append(record)
    return [(n, r) for n, r in enumerate(records, start=1) if any(cell.strip() for cell in r)]


def _csv_problem(error: str) -> Msg:
    if "unexpected end of data" in error:
        return Msg('a quote (") opened in this row is never closed, so the rest of the file would be one cell')
    if "expected after" in error:
        return Msg('a quote (") ends its cell before the cell ends (write a quote inside a cell as "")')
    return Msg("the CSV is not readable ({error})", error=Code(error))


def _header(head_row: int, header: list[str]) -> list[str]:
    """The header's column names (lower case, spaces as ``_``); SheetFileError when NS or EW is missing or a column the
    sheet reads is there twice (the last one would silently win)."""
    names = [h.strip().lstrip("\ufeff").lower().replace(" ", "_") for h in header]
    missing = [c for c in ("NS", "EW") if c.lower() not in names]
    if missing:
        raise SheetFileError(at(row_place("row", head_row), Msg(
            "the header has no {columns} column (the sheet's CSV starts with: {header})",
            columns=Code(" or ".join(missing)), header=Code("deal,NS,EW,gahwa_winner,cancelled,note"))))
    first: dict[str, int] = {}
    for i, name in enumerate(names):
        key = _CSV_COLUMNS.get(name)
        if key in first:
            raise SheetFileError(at(row_place("row", head_row), Msg(
                "the columns {first} and {second} both give {key}; keep one", first=Code(header[first[key]].strip()),
                second=Code(header[i].strip()), key=Code(key))))
        if key:
            first[key] = i
    return names


def _row(n: int, names: list[str], header: list[str], record: list[str]) -> tuple[Row, list[str]]:
    """One record as a sheet row, and the problems of its cells (a control character, in any column)."""
    row: Row = {}
    problems = []
    for i, (name, value) in enumerate(zip(names, record)):
        bad = scalar_problem(value)
        if bad is not None:
            problems.append(at(Msg("{where}, {field}", where=row_place("row", n), field=Code(header[i].strip())), bad))
            continue
        key = _CSV_COLUMNS.get(name)
        if key in ("NS", "EW", "gahwa_winner"):
            row[key] = value.strip() or None
        elif key == "cancelled":
            row[key] = _flag(value)
        elif key == "note":
            row[key] = _uninert(value)
    return row, problems


def read_csv(text: str) -> list[Row]:
    """The rows of the sheet's CSV export (quoted or not); SheetFileError names each bad row and column.

    Rows are numbered as a spreadsheet shows them: the header is row 1, the first deal row 2.
    """
    numbered = _records(text)
    if not numbered:
        raise SheetFileError(_empty())
    head_row, header = numbered[0]
    names = _header(head_row, header)
    if len(numbered) - 1 > MAX_DEALS:
        raise SheetFileError(_too_many(len(numbered) - 1))
    rows: list[Row] = []
    problems: list[str] = []
    for n, record in numbered[1:]:
        if len(record) > len(names):
            problems.append(at(row_place("row", n), plural("{n} cell, but the header names {columns} columns",
                                                           "{n} cells, but the header names {columns} columns",
                                                           len(record), columns=len(names))))
            continue
        row, bad = _row(n, names, header, record)
        if bad:
            problems += bad
            continue
        try:
            rows.append(MatchDeal.from_dict(row, where=row_place("row", n)).to_dict())
        except MatchError as e:
            problems += e.problems
    if problems:
        raise SheetFileError(problems)
    return rows


def read_yaml(text: str) -> list[Row]:
    """The rows of a YAML (or JSON) sheet, read by the engine's bounded loader (no aliases, bounded depth,
    size and numbers: an "alias bomb" is refused at once); SheetFileError names the line of a problem.

    >>> read_yaml("a: &a [1, 2]\\nb: *a\\n")
    Traceback (most recent call last):
    ...
    explorer.view.sheet.files.SheetFileError: line 2, column 4: *a is an alias; scenario files write every value out (aliases are not accepted)
    """
    try:
        doc = load_yaml(text, max_bytes=MAX_FILE_BYTES)
    except ScenarioError as e:
        raise SheetFileError(e.problems) from None
    if doc is None:
        raise SheetFileError(_empty())
    return read_doc(doc)


def read_file(data: bytes, name: str = "") -> list[Row]:
    """The rows of a sheet file (CSV, or YAML/JSON), chosen by its name, else by its first line."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise SheetFileError(problem(Msg("the file is not UTF-8 text (byte {n})", n=e.start + 1))) from None
    suffix = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if suffix == "csv":
        return read_csv(text)
    if suffix in ("yaml", "yml", "json"):
        return read_yaml(text)
    first = text.lstrip().split("\n", 1)[0]
    return read_csv(text) if "," in first and ":" not in first else read_yaml(text)
