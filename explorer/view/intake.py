"""Reading a scenario that comes to a tool (a file, pasted text, a share link, another page), checking
its shape, and naming where it came from. No Streamlit: :mod:`explorer.ui.tools.inbox` shows the outcome.

Every problem is a message (an :class:`~explorer.engine.core.errors.Problem`, said in the page's language
where it is shown); where a scenario came from is kept as a message too (:func:`from_library`,
:func:`from_file`, or one of :data:`KNOWN_SOURCES`).

>>> read_link("v9.abc").errors
['link: this is not a scenario link of this app (unknown version)']
>>> check_shape({"kind": "score"}, ["play"], tool="Trick checker")[0]
'kind: this is a score scenario; the Trick checker takes play scenarios (open it in the Score calculator)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from explorer.content.library import kind_of
from explorer.content.sources import cite_all
from explorer.engine.core.cards import Notation
from explorer.engine.core.errors import ScenarioError, at, problem
from explorer.engine.core.i18n import N_, Msg, Style, plural
from explorer.engine.core.profiles import ProfileError, RuleProfile, custom_profile
from explorer.engine.core.visible import visible
from explorer.engine.files.kinds.bidding import BiddingIn
from explorer.engine.files.kinds.deal import DealIn
from explorer.engine.files.kinds.play import PlayIn
from explorer.engine.files.kinds.projects import ProjectsIn
from explorer.engine.files.kinds.puzzle import PuzzleIn
from explorer.engine.files.kinds.score import ScoreIn
from explorer.engine.files.scenario import (
    KIND_NAMES,
    MAX_SCENARIO_BYTES,
    META_KEYS,
    Checked,
    check_doc,
    internal_error,
    parse_text,
    read_model,
)
from explorer.engine.files.share import decode_scenario, encode_scenario  # noqa: F401  (doctests)  # noqa: F401  (doctests)

FILE_TYPES = ("yaml", "yml", "json")
"""File name endings the importer takes."""

TOOL_FOR_KIND: dict[str, tuple[str, str]] = {
    "play": ("trick_checker.py", N_("Trick checker")),
    "score": ("score_calculator.py", N_("Score calculator")),
    "deal": ("deal_checker.py", N_("Deal checker")),
    "bidding": ("compare_rules.py", N_("Compare rules")),
    "projects": ("compare_rules.py", N_("Compare rules")),
}
"""The page that opens each kind of scenario (bidding and projects: Compare rules; a puzzle is opened by none: the
Puzzles page trains with the shipped set, ``check`` proves a file)."""

_MODELS = {"play": PlayIn, "score": ScoreIn, "projects": ProjectsIn, "deal": DealIn, "bidding": BiddingIn,
           "puzzle": PuzzleIn}
_META_FIRST = ("title", "topic", "notes")


# --- reading files, pasted text and links (no Streamlit) ----------------------------------------

@dataclass
class Loaded:
    """A scenario read from somewhere: ``doc``, or ``errors`` (one line each, never both)."""

    doc: dict[str, Any] | None = None
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.doc is not None and not self.errors


def read_upload(data: bytes, name: str = "") -> Loaded:
    """An uploaded file (bytes) as a scenario: checks the name's ending, the size and the YAML.

    >>> read_upload(b"kind: play", "x.yaml").doc
    {'kind': 'play'}
    >>> read_upload(b"kind: play", "x.txt").errors
    ["file: 'x.txt' is not a .yaml, .yml or .json file"]
    >>> read_upload(b"- just\\n- a list", "x.yml").errors
    ['a scenario is a mapping of keys (kind:, ...), not a list']
    """
    if name and not name.lower().endswith(tuple("." + t for t in FILE_TYPES)):
        return Loaded(errors=[problem(Msg("file: {name} is not a .yaml, .yml or .json file", name=repr(name)))])
    if len(data) > MAX_SCENARIO_BYTES:
        return Loaded(errors=[problem(plural("file: too large ({size} byte; a scenario is at most {kib} KiB)",
                                             "file: too large ({size} bytes; a scenario is at most {kib} KiB)",
                                             len(data), size=f"{len(data):,}", kib=MAX_SCENARIO_BYTES // 1024))])
    return _read(parse_text, data)


def read_text(text: str) -> Loaded:
    """Pasted YAML or JSON text as a scenario.

    >>> read_text("kind: [").errors[0].startswith("line 1")
    True
    """
    return _read(parse_text, text)


def read_link(value: str) -> Loaded:
    """The ``?s=`` value of a share link as a scenario.

    >>> read_link(encode_scenario({"kind": "play"})).doc
    {'kind': 'play'}
    """
    return _read(decode_scenario, value)


def _read(reader: Callable[[Any], dict[str, Any]], value: Any) -> Loaded:
    try:
        return Loaded(doc=reader(value))
    except ScenarioError as e:
        return Loaded(errors=e.problems)
    except Exception as e:  # noqa: BLE001 - whatever arrives, one clear line and never a traceback
        return Loaded(errors=[problem(Msg("the scenario could not be read ({error})", error=type(e).__name__))])


def check_shape(doc: Mapping[str, Any], kinds: Iterable[str] = KIND_NAMES, *, tool: str = "",
                whole: bool = True) -> list[str]:
    """Problems that stop a tool from showing this scenario at all: the kind and, when ``whole``,
    unknown keys, values of the wrong type, cards that are not cards, an unknown profile.

    Problems a tool can show next to the inputs (a card both held and played, points that do not
    add up) are left to the engine's verdict.

    >>> check_shape({"a": 1})
    ['kind: missing (a scenario needs kind: play, score, projects, bidding, deal or puzzle)']
    """
    kinds = tuple(kinds)
    raw = doc.get("kind")
    kind = kind_of(doc)
    if raw is None:
        return [problem(Msg("kind: missing (a scenario needs kind: {kinds})", kinds=_either_kind(KIND_NAMES)))]
    if kind is None:
        return [problem(Msg("kind: unknown kind {value} (use {kinds})", value=repr(raw),
                            kinds=[_kind_word(k) for k in KIND_NAMES]))]
    if kind not in kinds and kind not in TOOL_FOR_KIND:
        return [problem(Msg("kind: this is a {kind} scenario; the {tool} takes {kinds} scenarios",
                            kind=_kind_word(kind), tool=Msg(tool or N_("tool")), kinds=_either_kind(kinds)))]
    if kind not in kinds:
        return [problem(Msg("kind: this is a {kind} scenario; the {tool} takes {kinds} scenarios (open it in the "
                            "{where})", kind=_kind_word(kind), tool=Msg(tool or N_("tool")),
                            kinds=_either_kind(kinds), where=Msg(TOOL_FOR_KIND[kind][1])))]
    if not whole:
        return []
    problems: list[str] = []
    try:
        custom_profile(doc.get("profile"))
    except ProfileError as e:
        problems.append(at("profile", e.msg))
    try:
        read_model(_MODELS[kind], {**doc, "kind": kind})
    except ScenarioError as e:
        problems += e.problems
    except Exception as e:  # noqa: BLE001 - a strange document must still give one clear line
        problems.append(problem(Msg("the scenario could not be read ({error})", error=f"{type(e).__name__}: {e}")))
    return problems


def split_meta(doc: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The keys for people (title, notes, expect, ...) and the rest.

    >>> split_meta({"title": "T", "kind": "play"})
    ({'title': 'T'}, {'kind': 'play'})
    """
    meta = {k: v for k, v in doc.items() if k in META_KEYS}
    rest = {k: v for k, v in doc.items() if k not in META_KEYS}
    return meta, rest


def join_meta(core: Mapping[str, Any], meta: Mapping[str, Any], profile_spec: Any = None) -> dict[str, Any]:
    """A scenario in the order people read it: title, topic, notes, kind, profile, the rest, then expect.

    >>> list(join_meta({"kind": "play", "hand": []}, {"expect": {}, "title": "T"}, "simple"))
    ['title', 'kind', 'profile', 'hand', 'expect']
    """
    out: dict[str, Any] = {k: meta[k] for k in _META_FIRST if k in meta}
    out["kind"] = core.get("kind")
    if profile_spec is not None:
        out["profile"] = profile_spec
    out.update({k: v for k, v in core.items() if k not in ("kind", "profile")})
    out.update({k: v for k, v in meta.items() if k not in _META_FIRST})
    return out


PAGE_STYLE = Style(cards="face")
"""How the engine's sentences read on a page: card faces (``K♣``); codes (``KC``) are for files and JSON."""


def check(doc: Mapping[str, Any], *, profile: RuleProfile | None = None, style: Style = PAGE_STYLE) -> Checked:
    """The engine's verdict for a page: ``check_doc`` with card faces in its sentences (in ``style``'s
    language: a page passes ``lang.style()``) and the rules documents cited by name
    (:func:`explorer.content.sources.cite`), and an engine bug turned into the one line that asks for a report
    (``internal_error``) instead of a traceback on the page."""
    try:
        checked = check_doc(dict(doc), profile=profile, style=style)
    except Exception as e:  # noqa: BLE001 - a bug reaches the user as one line; the tests call check_doc
        return Checked(errors=[internal_error(e)])
    return replace(checked, output=_cite_all(checked.output, style.lang)) if checked.ok else checked


def _cite_all(value: Any, language: str) -> Any:
    return cite_all(value) if language == "en" else cite_all(value, language)


# --- where a scenario comes from, and what is wrong with it, in the page's language ---------------

KNOWN_SOURCES = (N_("the link"), N_("the pasted text"), N_("the worked example"), N_("the typed cards"),
                 N_("the typed tricks"), N_("the practice table"), N_("this input"), N_("Compare rules"),
                 N_("the Trick checker"), N_("the Score calculator"))
"""Where a scenario may come from, as the tools name it (a plain string source is looked up in the catalogue)."""


def from_library(stem: str) -> Msg:
    """The source of a library scenario: ``the library (deal-hokum-clean.yaml)`` (the file name kept left to
    right in a right-to-left sentence)."""
    return Msg("the library ({file})", file=Notation(stem + ".yaml"))


def from_file(name: str) -> Msg:
    """The source of an uploaded file: ``the file my-deal.yaml`` (what would hide or move text in the name shown
    as a marker)."""
    return Msg("the file {name}", name=visible(name, one_line=True))


KIND_WORDS = {"play": N_("play"), "score": N_("score"), "deal": N_("deal"), "projects": N_("projects"),
               "bidding": N_("bidding"), "puzzle": N_("puzzle")}
"""The kinds of scenario in words (msgids), as a sentence names them."""


def _kind_word(kind: str) -> Msg | str:
    return Msg(KIND_WORDS[kind]) if kind in KIND_WORDS else kind


def _either_kind(kinds: Iterable[str]) -> Msg | str:
    """Kinds of scenario as a choice: ``play``, ``play or score``, ``play, score or deal``."""
    words = [_kind_word(k) for k in kinds]
    return words[0] if len(words) == 1 else Msg("{first} or {last}", first=words[:-1], last=words[-1])
