"""Scenario input and output for the Explore tools: files, share links, the library, widget forms.

Two halves:

* Pure helpers (no ``st`` call): reading an uploaded file, pasted text or a share link into a
  scenario with one clear line per problem; turning a scenario into the values of a tool's
  widgets and back (:func:`play_form`, :func:`play_doc`, :func:`score_form`,
  :func:`score_doc`); counting typed tricks; the per-profile verdict summaries and the option
  that flips a verdict (Compare rules); the library's files; the steps of presentation mode.
* Streamlit helpers that every tool calls in the same order: :func:`receive` (before the
  widgets: a share link once per page load, then anything waiting in ``<page>.incoming``),
  :func:`show_message`, :func:`rules_line`, :func:`open_save_share` and :func:`sync_link`.

A bad file or link never changes a tool's widgets: the tool keeps what the user typed (or
stays empty on a fresh page) and ``st.error`` names what is wrong.
"""

from __future__ import annotations

import copy
import functools
import html
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

import streamlit as st

from explorer.engine.cards import DECK, Card, CardError, Seat, Suit
from explorer.engine.errors import ScenarioError
from explorer.engine.play import trick_points, trick_winner
from explorer.engine.profiles import (
    DEFAULT_PROFILE,
    OPTIONS,
    PROFILES,  # noqa: F401  (doctests)
    ProfileError,
    RuleProfile,
    custom_profile,
)
from explorer.engine.scenario import (
    KIND_NAMES,
    MAX_SCENARIO_BYTES,
    META_KEYS,
    Checked,
    check_doc,
    dump_yaml,
    parse_text,
    read_model,
)
from explorer.engine.share import decode_scenario, encode_scenario
from explorer.engine.tables import LAST_TRICK_BONUS, RAW_TOTAL, Mode
from explorer.ui import cards as ui
from explorer.ui import explore_state as ks
from explorer.ui import nav

ROOT = Path(__file__).resolve().parents[2]
LIBRARY_DIR = ROOT / "data" / "scenarios"
"""The scenario library: ``data/scenarios/*.yaml``."""

FILE_TYPES = ("yaml", "yml", "json")
"""File name endings the importer takes."""

TOOL_FOR_KIND: dict[str, tuple[str, str]] = {
    "play": ("trick_checker.py", "Trick checker"),
    "score": ("score_calculator.py", "Score calculator"),
    "deal": ("deal_checker.py", "Deal checker"),
    "bidding": ("compare_rules.py", "Compare rules"),
    "projects": ("compare_rules.py", "Compare rules"),
}
"""The page that opens each kind of scenario (bidding and projects: Compare rules)."""

PAGE_TITLES = {ks.TRICK: "Trick checker", ks.SCORE: "Score calculator", ks.COMPARE: "Compare rules"}
PAGE_FILES = {ks.TRICK: "trick_checker.py", ks.SCORE: "score_calculator.py", ks.COMPARE: "compare_rules.py"}

LEVELS = ("none", "double", "triple", "quadruple", "gahwa")
LEVEL_TITLES = {"none": "None", "double": "Double", "triple": "Triple", "quadruple": "Quadruple (Four)",
                "gahwa": "Gahwa"}
SUITS = ("S", "H", "D", "C")
SEAT_IDS = ("S", "E", "N", "W")
NO_SEAT = ""
"""The "not given" choice of a seat selectbox (a selectbox shows None as an empty placeholder)."""
_META_FIRST = ("title", "topic", "notes")


# ============================================================================================
# Reading files, pasted text and links
# ============================================================================================

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
        return Loaded(errors=[f"file: {name!r} is not a .yaml, .yml or .json file"])
    if len(data) > MAX_SCENARIO_BYTES:
        return Loaded(errors=[f"file: too large ({len(data):,} bytes; a scenario is at most "
                              f"{MAX_SCENARIO_BYTES // 1024} KiB)"])
    return _parse(data)


def read_text(text: str) -> Loaded:
    """Pasted YAML or JSON text as a scenario.

    >>> read_text("kind: [").errors[0].startswith("line 1")
    True
    """
    return _parse(text)


def _parse(text: str | bytes) -> Loaded:
    try:
        return Loaded(doc=parse_text(text))
    except ScenarioError as e:
        return Loaded(errors=e.problems)


def read_link(value: str) -> Loaded:
    """The ``?s=`` value of a share link as a scenario.

    >>> read_link(encode_scenario({"kind": "play"})).doc
    {'kind': 'play'}
    >>> read_link("v9.abc").errors
    ['link: this is not a scenario link of this app (unknown version)']
    """
    try:
        return Loaded(doc=decode_scenario(value))
    except ScenarioError as e:
        return Loaded(errors=e.problems)


def _models() -> dict[str, type]:
    from explorer.engine.kinds.bidding import BiddingIn
    from explorer.engine.kinds.deal import DealIn
    from explorer.engine.kinds.play import PlayIn
    from explorer.engine.kinds.projects import ProjectsIn
    from explorer.engine.kinds.score import ScoreIn
    return {"play": PlayIn, "score": ScoreIn, "projects": ProjectsIn, "deal": DealIn, "bidding": BiddingIn}


def kind_of(doc: Mapping[str, Any]) -> str | None:
    """The scenario's kind in lower case, or None when missing or unknown."""
    kind = doc.get("kind")
    if isinstance(kind, str) and kind.strip().lower() in KIND_NAMES:
        return kind.strip().lower()
    return None


def check_shape(doc: Mapping[str, Any], kinds: Iterable[str] = KIND_NAMES, *, tool: str = "") -> list[str]:
    """Problems that stop a tool from showing this scenario at all: the kind, unknown keys,
    values of the wrong type, cards that are not cards, an unknown profile.

    Problems a tool can show next to the inputs (a card both held and played, points that do not
    add up) are left to the engine's verdict.

    >>> check_shape({"kind": "score"}, ["play"], tool="Trick checker")[0]
    'kind: this is a score scenario; the Trick checker takes play scenarios (open it in the Score calculator)'
    >>> check_shape({"a": 1})
    ['kind: missing (a scenario needs kind: play, score, projects, bidding or deal)']
    """
    kinds = tuple(kinds)
    raw = doc.get("kind")
    kind = kind_of(doc)
    if raw is None:
        return [f"kind: missing (a scenario needs kind: {', '.join(KIND_NAMES[:-1])} or {KIND_NAMES[-1]})"]
    if kind is None:
        return [f"kind: unknown kind {raw!r} (use {', '.join(KIND_NAMES)})"]
    if kind not in kinds:
        where = TOOL_FOR_KIND[kind][1]
        return [f"kind: this is a {kind} scenario; the {tool or 'tool'} takes "
                f"{' or '.join(kinds)} scenarios (open it in the {where})"]
    problems: list[str] = []
    try:
        custom_profile(doc.get("profile"))
    except ProfileError as e:
        problems.append(f"profile: {e}")
    try:
        read_model(_models()[kind], {**doc, "kind": kind})
    except ScenarioError as e:
        problems += e.problems
    except Exception as e:  # noqa: BLE001 - a strange document must still give one clear line
        problems.append(f"the scenario could not be read ({type(e).__name__}: {e})")
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


# ============================================================================================
# Cards in widgets
# ============================================================================================

CARD_OPTIONS: tuple[str, ...] = tuple(
    str(c) for s in (Suit.S, Suit.H, Suit.D, Suit.C)
    for c in sorted((c for c in DECK if c.suit is s), key=lambda c: -"789TJQKA".index(c.rank.value)))
"""The 32 cards for a multiselect, suit by suit (♠ ♥ ♦ ♣), ace down to seven."""


def card_option(code: str) -> str:
    """How a card reads in a multiselect: the face and the code to type, e.g. ``10♥ · TH``.

    >>> card_option("TH"), card_option("KC")
    ('10♥ · TH', 'K♣ · KC')
    """
    card = Card.parse(code)
    return f"{card.pretty} · {card}"


def tokens(text: str | None) -> list[str]:
    """Card tokens typed in a box, canonical where they are cards, as typed otherwise.

    >>> tokens("kc, 10h  K♣ xx")
    ['KC', 'TH', 'KC', 'xx']
    """
    out = []
    for t in re.split(r"[\s,;]+", (text or "").strip()):
        if not t:
            continue
        try:
            out.append(str(Card.parse(t)))
        except CardError:
            out.append(t)
    return out


def bad_tokens(items: Iterable[str]) -> list[str]:
    """The tokens that are not cards.

    >>> bad_tokens(["KC", "ZZ"])
    ['ZZ']
    """
    out = []
    for t in items:
        try:
            Card.parse(t)
        except CardError:
            out.append(t)
    return out


def trick_lines(tricks: Iterable[Mapping[str, Any]]) -> str:
    """Earlier tricks as the text area shows them: ``S: KD 7D AD 8D`` (``ekka`` at the end when announced)."""
    lines = []
    for t in tricks:
        line = f"{t['leader']}: {' '.join(str(c) for c in t['cards'])}"
        if t.get("ekka"):
            line += " ekka"
        lines.append(line)
    return "\n".join(lines)


_LINE = re.compile(r"^\s*([SENWsenw])\s*[:\-–]\s*(.*)$")


def parse_trick_lines(text: str, *, what: str = "earlier tricks",
                      need_leader: bool = True) -> tuple[list[dict[str, Any]], list[str]]:
    """Tricks typed one a line, ``S: KD 7D AD 8D`` with an optional ``ekka``; problems name the line.

    >>> parse_trick_lines("S: KD 7D AD 8D\\nN: qs 8d as 8s ekka")
    ([{'leader': 'S', 'cards': ['KD', '7D', 'AD', '8D']}, {'leader': 'N', 'cards': ['QS', '8D', 'AS', '8S'], 'ekka': True}], [])
    >>> parse_trick_lines("KD 7D AD 8D")[1]
    ["earlier tricks, line 1: start with the leader's seat, e.g. 'S: KD 7D AD 8D'"]
    """
    out: list[dict[str, Any]] = []
    problems: list[str] = []
    for n, line in enumerate((text or "").splitlines(), start=1):
        if not line.strip():
            continue
        m = _LINE.match(line)
        leader = None
        body = line
        if m:
            leader, body = m.group(1).upper(), m.group(2)
        elif need_leader:
            problems.append(f"{what}, line {n}: start with the leader's seat, e.g. 'S: KD 7D AD 8D'")
            continue
        toks = tokens(body)
        ekka = False
        if toks and toks[-1].lower() in ("ekka", "*"):
            ekka = True
            toks = toks[:-1]
        row: dict[str, Any] = {"leader": leader, "cards": toks}
        if ekka:
            row["ekka"] = True
        out.append(row)
    return out, problems


# ============================================================================================
# The Trick checker's form <-> a play scenario
# ============================================================================================

PLAY_DEFAULTS: dict[str, Any] = {
    ks.TRICK_MODE: "hokum", ks.TRICK_TRUMP: "H", ks.TRICK_BUYER: "N", ks.TRICK_DEALER: "E",
    ks.TRICK_LEVEL: "none", ks.TRICK_DOUBLER: NO_SEAT, ks.TRICK_LOCKED: False, ks.TRICK_LEADER: "N",
    ks.TRICK_ENTRY: "pick", ks.TRICK_TABLE: [], ks.TRICK_HAND: [], ks.TRICK_PLAYED: [],
    ks.TRICK_TABLE_TEXT: "", ks.TRICK_HAND_TEXT: "", ks.TRICK_PLAYED_TEXT: "", ks.TRICK_TRICKS: "",
    ks.TRICK_EKKA: False,
}
"""The Trick checker's widgets when empty (Hokum, hearts; E deals so N leads)."""

_PLAY_CARD_FIELDS = ((ks.TRICK_TABLE, ks.TRICK_TABLE_TEXT), (ks.TRICK_HAND, ks.TRICK_HAND_TEXT),
                     (ks.TRICK_PLAYED, ks.TRICK_PLAYED_TEXT))


def locked_allowed(mode: str, level: str) -> bool:
    """Only a Hokum Double or Quadruple is declared open or locked (000 §03)."""
    return mode == "hokum" and level in ("double", "quadruple")


PICK_LIMITS = {ks.TRICK_TABLE: 3, ks.TRICK_HAND: 8, ks.TRICK_PLAYED: 28}
"""How many cards each multiselect takes (3 on the table before the last seat, 8 in a hand)."""


def _fits_lists(values: Mapping[str, Any]) -> bool:
    """Whether the card fields fit the multiselects: not too many cards, none twice."""
    return all(len(values[k]) <= n and len(set(values[k])) == len(values[k]) for k, n in PICK_LIMITS.items())


def play_form(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The Trick checker's widget values for a play scenario (its shape already checked).

    Cards go into the multiselects; a scenario they cannot hold (nine cards in a hand, a card
    twice) goes into the text boxes instead, so the engine can say what is wrong with it.
    """
    from explorer.engine.kinds.play import PlayIn
    s = read_model(PlayIn, {**doc, "kind": "play"})
    out = {
        **PLAY_DEFAULTS,
        **_contract_form(s, PLAY_DEFAULTS, TRICK_CONTRACT),
        ks.TRICK_LEADER: s.current.leader.value,
        ks.TRICK_ENTRY: "pick",
        ks.TRICK_TABLE: [str(x) for x in s.current.cards],
        ks.TRICK_HAND: [str(x) for x in s.hand],
        ks.TRICK_PLAYED: [str(x) for x in (s.played or [])],
        ks.TRICK_TRICKS: trick_lines({"leader": t.leader.value, "cards": t.cards, "ekka": t.ekka}
                                     for t in (s.tricks or [])),
        ks.TRICK_EKKA: bool(s.ekka) or bool(s.current.ekka),
    }
    if not _fits_lists(out):
        out[ks.TRICK_ENTRY] = "type"
        for pick_key, text_key in _PLAY_CARD_FIELDS:
            out[text_key], out[pick_key] = " ".join(out[pick_key]), []
    return out


def play_cards(values: Mapping[str, Any], pick_key: str) -> list[str]:
    """One card field of the form, from the multiselect or the text box (by the entry mode)."""
    text_key = dict(_PLAY_CARD_FIELDS)[pick_key]
    if values.get(ks.TRICK_ENTRY, "pick") == "type":
        return tokens(values.get(text_key, ""))
    return list(values.get(pick_key) or [])


class ContractKeys(NamedTuple):
    """The session keys of one tool's contract and escalation widgets."""

    mode: str
    dealer: str
    trump: str
    buyer: str
    level: str
    doubler: str
    locked: str


TRICK_CONTRACT = ContractKeys(ks.TRICK_MODE, ks.TRICK_DEALER, ks.TRICK_TRUMP, ks.TRICK_BUYER, ks.TRICK_LEVEL,
                              ks.TRICK_DOUBLER, ks.TRICK_LOCKED)
SCORE_CONTRACT = ContractKeys(ks.SCORE_MODE, ks.SCORE_DEALER, ks.SCORE_TRUMP, ks.SCORE_BUYER, ks.SCORE_LEVEL,
                              ks.SCORE_DOUBLER, ks.SCORE_LOCKED)


def _contract_doc(kind: str, v: Mapping[str, Any], k: ContractKeys) -> dict[str, Any]:
    """The kind, dealer, contract and escalation a tool's widgets describe (shared by the tools)."""
    mode = v[k.mode]
    doc: dict[str, Any] = {"kind": kind}
    if v[k.dealer]:
        doc["dealer"] = v[k.dealer]
    contract: dict[str, Any] = {"mode": mode}
    if mode == "hokum":
        contract["trump"] = v[k.trump]
    contract["buyer"] = v[k.buyer]
    doc["contract"] = contract
    level, doubler = v[k.level], v[k.doubler]
    locked = bool(v[k.locked]) and locked_allowed(mode, level)
    if level != "none" or doubler or locked:
        esc: dict[str, Any] = {"level": level}
        if doubler:
            esc["doubler"] = doubler
        if locked:
            esc["locked"] = True
        doc["escalation"] = esc
    return doc


def _contract_form(s: Any, defaults: Mapping[str, Any], k: ContractKeys) -> dict[str, Any]:
    """The widget values of a read scenario's dealer, contract and escalation (the inverse of _contract_doc)."""
    c, esc = s.contract, s.escalation
    return {
        k.mode: c.mode.value,
        k.trump: c.trump.value if c.trump else defaults[k.trump],
        k.buyer: c.buyer.value,
        k.dealer: s.dealer.value if s.dealer else NO_SEAT,
        k.level: esc.level.value if esc else "none",
        k.doubler: esc.doubler.value if esc and esc.doubler else NO_SEAT,
        k.locked: bool(esc and esc.locked),
    }


def play_doc(values: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The play scenario the Trick checker's widgets describe, and problems in the earlier-tricks box."""
    v = {**PLAY_DEFAULTS, **values}
    doc = _contract_doc("play", v, TRICK_CONTRACT)
    tricks, problems = parse_trick_lines(v[ks.TRICK_TRICKS])
    if tricks or problems:
        doc["tricks"] = tricks
    doc["current"] = {"leader": v[ks.TRICK_LEADER], "cards": play_cards(v, ks.TRICK_TABLE)}
    if v[ks.TRICK_EKKA]:
        doc["ekka"] = True
    doc["hand"] = play_cards(v, ks.TRICK_HAND)
    played = play_cards(v, ks.TRICK_PLAYED)
    if played:
        doc["played"] = played
    return doc, problems


def switch_entry(values: Mapping[str, Any], to: str) -> tuple[dict[str, Any], list[str]]:
    """Widget values after switching between picking and typing cards; problems keep the typed text.

    >>> switch_entry({ks.TRICK_HAND_TEXT: "kc 7c", ks.TRICK_ENTRY: "type"}, "pick")[0][ks.TRICK_HAND]
    ['KC', '7C']
    >>> switch_entry({ks.TRICK_HAND_TEXT: "kc zz", ks.TRICK_ENTRY: "type"}, "pick")[1]
    ["hand: 'zz' is not a card; fix it before switching to the lists"]
    """
    out: dict[str, Any] = {ks.TRICK_ENTRY: to}
    problems: list[str] = []
    names = {ks.TRICK_TABLE: "cards on the table", ks.TRICK_HAND: "hand", ks.TRICK_PLAYED: "cards played"}
    for pick_key, text_key in _PLAY_CARD_FIELDS:
        if to == "type":
            out[text_key] = " ".join(values.get(pick_key) or [])
        else:
            items = tokens(values.get(text_key, ""))
            bad = bad_tokens(items)
            if bad:
                problems.append(f"{names[pick_key]}: {', '.join(map(repr, bad))} "
                                f"{'is' if len(bad) == 1 else 'are'} not a card; fix it before switching to the lists")
            if len(set(items)) != len(items):
                problems.append(f"{names[pick_key]}: a card is there twice; fix it before switching to the lists")
            elif len(items) > PICK_LIMITS[pick_key]:
                problems.append(f"{names[pick_key]}: {len(items)} cards, more than the list takes "
                                f"({PICK_LIMITS[pick_key]}); fix it before switching to the lists")
            out[pick_key] = items
    if problems:
        return {ks.TRICK_ENTRY: "type"}, problems
    return out, []


# ============================================================================================
# The Score calculator's form <-> a score scenario
# ============================================================================================

SCORE_DEFAULTS: dict[str, Any] = {
    ks.SCORE_MODE: "hokum", ks.SCORE_TRUMP: "H", ks.SCORE_BUYER: "N", ks.SCORE_DEALER: "S",
    ks.SCORE_LEVEL: "none", ks.SCORE_DOUBLER: NO_SEAT, ks.SCORE_LOCKED: False,
    ks.SCORE_POINTS_NS: None, ks.SCORE_POINTS_EW: None,
    ks.SCORE_TRICKS_GIVEN: False, ks.SCORE_TRICKS_NS: 0, ks.SCORE_TRICKS_EW: 8, ks.SCORE_COUNT_TEXT: "",
    **{ks.project_key(s): "" for s in SEAT_IDS},
    ks.SCORE_BALOOT: NO_SEAT, ks.SCORE_FIRST_ACE: False,
    ks.SCORE_MATCH_GIVEN: False, ks.SCORE_MATCH_NS: 0, ks.SCORE_MATCH_EW: 0,
}
"""The Score calculator's widgets when empty."""


def projects_text(lists: Iterable[Iterable[Any]]) -> str:
    """A seat's projects as typed: ``QD KD AD; 7S 8S 9S``."""
    return "; ".join(" ".join(str(c) for c in cs) for cs in lists)


def parse_projects_text(text: str) -> list[list[str]]:
    """``QD KD AD; 7S 8S 9S`` (or ``|`` between projects) to lists of card tokens.

    >>> parse_projects_text("qd kd ad; 7s 8s 9s")
    [['QD', 'KD', 'AD'], ['7S', '8S', '9S']]
    """
    out = []
    for part in re.split(r"[;|\n]+", text or ""):
        toks = tokens(part)
        if toks:
            out.append(toks)
    return out


def score_form(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The Score calculator's widget values for a score scenario (its shape already checked)."""
    from explorer.engine.kinds.score import ScoreIn
    s = read_model(ScoreIn, {**doc, "kind": "score"})
    pts = {t.value: v for t, v in s.points.items()}
    out = {
        **SCORE_DEFAULTS,
        **_contract_form(s, SCORE_DEFAULTS, SCORE_CONTRACT),
        ks.SCORE_POINTS_NS: pts.get("NS"),
        ks.SCORE_POINTS_EW: pts.get("EW"),
        ks.SCORE_BALOOT: s.baloot.value if s.baloot else NO_SEAT,
        ks.SCORE_FIRST_ACE: bool(s.first_seat_held_ace),
    }
    if s.tricks_won is not None:
        tw = {t.value: v for t, v in s.tricks_won.items()}
        out.update({ks.SCORE_TRICKS_GIVEN: True, ks.SCORE_TRICKS_NS: tw.get("NS", 0),
                    ks.SCORE_TRICKS_EW: tw.get("EW", 0)})
    if s.match is not None:
        m = {t.value: v for t, v in s.match.items()}
        out.update({ks.SCORE_MATCH_GIVEN: True, ks.SCORE_MATCH_NS: m.get("NS", 0), ks.SCORE_MATCH_EW: m.get("EW", 0)})
    for seat, lists in (s.projects or {}).items():
        out[ks.project_key(seat.value)] = projects_text(lists)
    return out


def score_doc(values: Mapping[str, Any]) -> dict[str, Any]:
    """The score scenario the Score calculator's widgets describe (``points`` left out until both are given)."""
    v = {**SCORE_DEFAULTS, **values}
    doc = _contract_doc("score", v, SCORE_CONTRACT)
    if v[ks.SCORE_MATCH_GIVEN]:
        doc["match"] = {"NS": int(v[ks.SCORE_MATCH_NS] or 0), "EW": int(v[ks.SCORE_MATCH_EW] or 0)}
    ns, ew = v[ks.SCORE_POINTS_NS], v[ks.SCORE_POINTS_EW]
    if ns is not None or ew is not None:
        doc["points"] = {k: int(x) for k, x in (("NS", ns), ("EW", ew)) if x is not None}
    if v[ks.SCORE_TRICKS_GIVEN]:
        doc["tricks_won"] = {"NS": int(v[ks.SCORE_TRICKS_NS] or 0), "EW": int(v[ks.SCORE_TRICKS_EW] or 0)}
    projects = {s: parse_projects_text(v[ks.project_key(s)]) for s in SEAT_IDS}
    projects = {s: p for s, p in projects.items() if p}
    if projects:
        doc["projects"] = projects
    if v[ks.SCORE_BALOOT]:
        doc["baloot"] = v[ks.SCORE_BALOOT]
    if v[ks.SCORE_FIRST_ACE]:
        doc["first_seat_held_ace"] = True
    return doc


@dataclass
class Counted:
    """Raw points and tricks counted from typed tricks, with one row per trick."""

    points: dict[str, int] | None
    tricks_won: dict[str, int] | None
    rows: list[dict[str, Any]]
    problems: list[str]


def count_tricks(text: str, *, mode: str, trump: str | None, dealer: str | None) -> Counted:
    """Count eight typed tricks (``E: 7S TS KH JS`` or only the cards; the dealer's right leads the
    first, each winner the next): raw points with the last trick's 10, and tricks won. Legality is
    not checked here (that is the Deal checker's job).

    >>> c = count_tricks("\\n".join(["KS 7S 8S 9S"] * 1), mode="sun", trump=None, dealer="S")
    >>> c.problems
    ['eight tricks are needed, one a line (1 given)']
    """
    lines, problems = parse_trick_lines(text, what="tricks", need_leader=False)
    if problems:
        return Counted(None, None, [], problems)
    if len(lines) != 8:
        return Counted(None, None, [], [f"eight tricks are needed, one a line ({len(lines)} given)"])
    m = Mode(mode)
    t_suit = Suit.parse(trump) if (m is Mode.HOKUM and trump) else None
    seen: dict[str, int] = {}
    for i, t in enumerate(lines, start=1):
        if len(t["cards"]) != 4:
            problems.append(f"tricks, line {i}: {len(t['cards'])} cards; a trick has 4")
        for c in t["cards"]:
            try:
                Card.parse(c)
            except CardError as e:
                problems.append(f"tricks, line {i}: {e}")
                continue
            if c in seen:
                problems.append(f"tricks, line {i}: {c} was already played in trick {seen[c]}")
            else:
                seen[c] = i
    leader = Seat.parse(lines[0]["leader"]) if lines[0]["leader"] else (Seat.parse(dealer).right if dealer else None)
    if leader is None:
        problems.append("tricks, line 1: give the leader (e.g. 'E: 7S TS KH JS') or choose the dealer")
    if problems:
        return Counted(None, None, [], problems)
    points = {"NS": 0, "EW": 0}
    won = {"NS": 0, "EW": 0}
    rows = []
    for i, t in enumerate(lines, start=1):
        if t["leader"]:
            leader = Seat.parse(t["leader"])
        cs = [Card.parse(c) for c in t["cards"]]
        winner = trick_winner(leader, cs, m, t_suit)
        pts = trick_points(cs, m, t_suit) + (LAST_TRICK_BONUS if i == 8 else 0)
        points[winner.team.value] += pts
        won[winner.team.value] += 1
        rows.append({"trick": i, "leader": leader.value, "cards": " ".join(c.pretty for c in cs),
                     "winner": winner.value, "team": winner.team.value, "points": pts})
        leader = winner
    return Counted(points, won, rows, [])


def raw_total(mode: str) -> int:
    """162 in Hokum, 130 in Sun."""
    return RAW_TOTAL[Mode(mode)]


# ============================================================================================
# Compare rules: the verdict under several profiles, and the option that flips it
# ============================================================================================

def verdict_summary(checked: Checked) -> dict[str, Any]:
    """The part of a verdict that decides the question, to compare profiles with.

    Play: the legal cards and the rule; score: winner, award and match; projects: the team
    and points; bidding: the outcome or the illegal call; deal: validity, first error and award.
    Invalid input under a profile: its problem lines.
    """
    if not checked.ok:
        return {"errors": list(checked.errors)}
    o = checked.output or {}
    kind = o.get("kind")
    if kind == "play":
        return {"legal": o["legal"], "rule_id": o["rule_id"]}
    if kind == "score":
        return {"winner": o["winner"], "buyer_made": o["buyer_made"], "award": o["award"],
                "kaboot": o["kaboot"], "match_winner": o["match_winner"]}
    if kind == "projects":
        return {"project_team": o["project_team"], "points": o["points"]}
    if kind == "bidding":
        err = o.get("error")
        return {"finished": o["finished"], "contract": o["contract"], "escalation": o["escalation"],
                "redeal": o["redeal"], "error": {"index": err["index"], "rule": err["rule"]} if err else None}
    if kind == "deal":
        score = o.get("score") or {}
        err = o.get("error")
        return {"valid": o["valid"], "error": {"trick": err["trick"], "card": err["card"]} if err else None,
                "winner": score.get("winner"), "award": score.get("award"),
                "match_winner": score.get("match_winner")}
    return {"output": o}


def verdict_words(checked: Checked) -> str:
    """The verdict in one line of Markdown.

    >>> verdict_words(Checked(errors=["hand: x"]))
    '**Not a valid scenario here** (1 problem)'
    """
    if not checked.ok:
        n = len(checked.errors)
        return f"**Not a valid scenario here** ({n} problem{'s' if n != 1 else ''})"
    o = checked.output or {}
    kind = o.get("kind")
    if kind == "play":
        return f"{o['to_play']} may play **{', '.join(Card.parse(c).pretty for c in o['legal'])}**"
    if kind == "score":
        return score_words(o)
    if kind == "projects":
        team = o.get("project_team")
        pts = o["points"]
        head = f"**{team} has project priority**" if team else "**No projects**"
        return f"{head}: NS {pts['NS']}, EW {pts['EW']}"
    if kind == "bidding":
        err = o.get("error")
        if err:
            return f"**Call {err['index'] + 1} is illegal**: {err['reason']}"
        if o.get("redeal"):
            return "**All pass twice: the cards are dealt again**"
        c = o.get("contract")
        if not c:
            return f"**Bidding goes on**: {o.get('next')} to call"
        esc = o.get("escalation") or {}
        level = esc.get("level", "none")
        trump = f" {Suit.parse(c['trump']).symbol}" if c.get("trump") else ""
        extra = f", {LEVEL_TITLES[level]} by {esc.get('doubler')}" if level != "none" else ""
        return f"**{c['mode'].title()}{trump} bought by {c['buyer']}**{extra}"
    if kind == "deal":
        if not o.get("valid"):
            e = o.get("error") or {}
            return f"**Illegal card** in trick {e.get('trick')}: {e.get('seat')} plays {e.get('card')}"
        return "Every card legal; " + score_words(o.get("score") or {})
    return ""


def score_words(o: Mapping[str, Any]) -> str:
    """A score verdict in one line: who wins and the award."""
    if not o:
        return ""
    award = o.get("award")
    if award is None:
        return f"**{o['winner']} wins the deal and the match (Gahwa)**"
    made = "the buyer makes it" if o.get("buyer_made") else "the buyer fails"
    kab = f", Kaboot by {o['kaboot']}" if o.get("kaboot") else ""
    return f"**{o['winner']} wins** ({made}{kab}): award **NS {award['NS']} – EW {award['EW']}**"


def judge_under(doc: Mapping[str, Any], profiles: Mapping[str, RuleProfile]) -> dict[str, Checked]:
    """The scenario judged under each profile (the scenario's own ``profile`` is overridden)."""
    return {name: check_doc(dict(doc), profile=p) for name, p in profiles.items()}


def with_option(profile: RuleProfile, name: str, value: Any) -> RuleProfile:
    """A copy of a profile with one option changed."""
    if getattr(profile, name) == value:
        return profile
    return replace(profile, id="custom", title=f"{profile.title} with {name} = {value}", **{name: value})


@dataclass
class Flip:
    """Why one profile's verdict differs from the reference: the options that change it one at a time."""

    options: list[str]
    """Options that, changed alone on the reference, change its verdict."""
    exact: list[str]
    """Among them, those that alone reproduce the other profile's verdict."""
    differing: list[str]
    """All options on which the two profiles differ."""


def responsible_options(doc: Mapping[str, Any], reference: RuleProfile, other: RuleProfile) -> Flip:
    """Re-judge the scenario under the reference with one of the other profile's option values at a time.

    >>> d = {"kind": "score", "dealer": "N", "contract": {"mode": "sun", "buyer": "E"}, "points": {"NS": 65, "EW": 65}}
    >>> responsible_options(d, PROFILES["detailed"], PROFILES["simple"]).exact
    ['tie_rule']
    """
    base = verdict_summary(check_doc(dict(doc), profile=reference))
    target = verdict_summary(check_doc(dict(doc), profile=other))
    names = reference.differences(other)
    flips, exact = [], []
    for name in names:
        got = verdict_summary(check_doc(dict(doc), profile=with_option(reference, name, getattr(other, name))))
        if got != base:
            flips.append(name)
            if got == target:
                exact.append(name)
    return Flip(flips, exact, names)


def option_words(name: str, reference: RuleProfile, other: RuleProfile) -> str:
    """``Tie rule (undoubled and Gahwa) (tie_rule): units in detailed, buyer fails in simple``."""
    info = OPTIONS[name]

    def fmt(v: Any) -> str:
        if isinstance(v, bool):
            return "on" if v else "off"
        if isinstance(v, int):
            return f"×{v}"
        return str(v).replace("_", " ")
    return (f"**{info.title}** (`{name}`): {fmt(getattr(reference, name))} in {reference.id}, "
            f"{fmt(getattr(other, name))} in {other.id}")


# ============================================================================================
# The library
# ============================================================================================

TOPIC_TITLES = {
    "cutting": "Following and cutting (legal cards)",
    "play": "Following and cutting (legal cards)",
    "scoring": "Scoring and ties",
    "ties": "Scoring and ties",
    "projects": "Projects",
    "baloot": "Baloot",
    "escalation": "Double, Triple, Four and Gahwa",
    "kaboot": "Kaboot and reverse Kaboot",
    "match": "The match to 152",
    "disputes": "Disputed cases (the profiles differ)",
    "deal": "Whole deals",
    "bidding": "Bidding",
}
"""How the library names each topic (a file's ``topic:``, else its kind)."""


@dataclass
class Entry:
    """One library file."""

    stem: str
    title: str
    notes: str
    topic: str
    kind: str
    doc: dict[str, Any] | None
    errors: list[str]

    @property
    def topic_title(self) -> str:
        return TOPIC_TITLES.get(self.topic, self.topic.replace("_", " ").capitalize())

    def matches(self, query: str) -> bool:
        """Every word of the query appears in the title, notes, topic, kind or file name.

        An Arabic word of the glossary stands for its English term, so "كبوت" finds the Kaboot cases.
        """
        hay = " ".join((self.title, self.notes, self.topic, self.topic_title, self.kind, self.stem)).lower()
        return all(any(w in hay for w in _english(word)) for word in query.lower().split())


def _english(word: str) -> list[str]:
    """The word, and the English glossary terms whose Arabic is that word."""
    return [word, *_arabic_to_english().get(word, ())]


@functools.cache
def _arabic_to_english() -> dict[str, tuple[str, ...]]:
    """Glossary Arabic term → its English term and other names, lower case (read once)."""
    from explorer.ui.glossary import load_glossary
    try:
        entries = load_glossary()
    except Exception:  # noqa: BLE001 - search still works on English words without the glossary
        return {}
    return {e.arabic.strip().lower(): (e.term.lower(), *(a.lower() for a in e.also)) for e in entries if e.arabic}


def load_library(folder: Path = LIBRARY_DIR) -> list[Entry]:
    """Every ``*.yaml`` of the library, sorted by file name; a broken file is listed with its problems."""
    out = []
    for path in sorted(folder.glob("*.yaml")):
        loaded = read_upload(path.read_bytes(), path.name)
        doc = loaded.doc
        if doc is None:
            out.append(Entry(path.stem, path.stem, "", "other", "?", None, loaded.errors))
            continue
        kind = kind_of(doc) or "?"
        topic = str(doc.get("topic") or kind)
        out.append(Entry(path.stem, str(doc.get("title") or path.stem), " ".join(str(doc.get("notes") or "").split()),
                         topic, kind, doc, []))
    return out


# ============================================================================================
# Presentation mode: a scenario one action at a time
# ============================================================================================

@dataclass
class Frame:
    """One step of a presentation: a heading, HTML to show big, and a sentence under it."""

    heading: str
    body: str = ""
    text: str = ""


def _contract_line(o: Mapping[str, Any]) -> str:
    c = o.get("contract") or {}
    if not c:
        return ""
    badge = ui.trump_badge(c["mode"], c.get("trump"))
    return f"{badge} &nbsp; bought by <b>{Seat.parse(c['buyer']).title}</b>"


def _trick(leader: Seat, played: list[str], *, size: str, center: str, to_play: Seat | None = None,
           winning: Seat | None = None, marks: Mapping[Seat, str] | None = None) -> str:
    seats, seat = [], leader
    for _ in played:
        seats.append(seat)
        seat = seat.right
    return ui.trick_html(dict(zip(seats, played, strict=True)), leader=leader, to_play=to_play,
                         winning=winning, center=center, size=size, highlight=marks)


def _side_by_side(left: str, right: str) -> str:
    """Two blocks in a row (wrapping on a narrow screen): a trick and a hand, for a projector."""
    return ('<div style="display:flex;flex-wrap:wrap;gap:1.5rem 2.5rem;align-items:center">'
            f'<div style="flex:0 0 auto">{left}</div><div style="flex:1 1 30rem">{right}</div></div>')


def present_frames(doc: Mapping[str, Any], checked: Checked, *, size: str = "lg") -> list[Frame]:
    """The steps of a scenario for a teacher: a trick card by card then the verdict (play), the
    scoring pipeline step by step (score), a whole deal card by card (deal), each hand then the
    priority (projects), each call then the contract (bidding)."""
    if not checked.ok:
        return [Frame("This scenario cannot be judged", "", "\n".join(f"- {e}" for e in checked.errors))]
    o = checked.output or {}
    kind = o.get("kind")
    if kind == "play":
        return _play_frames(doc, o, size)
    if kind == "score":
        return _score_frames(o, size)
    if kind == "deal":
        return _deal_frames(doc, o, size)
    if kind == "projects":
        return _projects_frames(doc, o, size)
    if kind == "bidding":
        return _bidding_frames(doc, o, size)
    return [Frame("Verdict", "", verdict_words(checked))]


def _play_frames(doc: Mapping[str, Any], o: Mapping[str, Any], size: str) -> list[Frame]:
    cur = doc.get("current") or {}
    leader = Seat.parse(cur.get("leader", "S"))
    table = [str(Card.parse(c)) for c in cur.get("cards") or []]
    c = o["contract"]
    mode, trump = Mode(c["mode"]), (Suit.parse(c["trump"]) if c.get("trump") else None)
    center = ui.trump_badge(mode, trump, compact=True)
    frames = [Frame("The contract", _contract_line(o) + _trick(leader, [], size=size, center=center),
                    f"{leader.title} leads this trick.")]
    from explorer.engine.play import trick_winner as winner_of
    for i in range(1, len(table) + 1):
        w = winner_of(leader, [Card.parse(x) for x in table[:i]], mode, trump)
        seat = leader
        for _ in range(i - 1):
            seat = seat.right
        ekka = " and announces **Ekka**" if i == 1 and o.get("ekka") else ""
        frames.append(Frame(f"Card {i}: {seat.title}", _trick(leader, table[:i], size=size, center=center,
                                                            winning=w),
                            f"{seat.title} plays {Card.parse(table[i - 1]).pretty}{ekka}. "
                            f"{w.title} is winning."))
    me = Seat.parse(o["to_play"])
    hand = list(doc.get("hand") or [])
    winning = Seat.parse(o["winning"]) if o.get("winning") else None
    small = "md" if size == "lg" else size
    frames.append(Frame(f"{me.title} to play: which cards are legal?",
                        _side_by_side(_trick(leader, table, size=small, center=center, to_play=me, winning=winning),
                                      ui.hand_html(hand, trump=trump, size=size, label=f"{me.title}'s hand")),
                        "Think before the next step."))
    marks = {x: "legal" for x in o["legal"]} | {x: "illegal" for x in o["illegal"]}
    frames.append(Frame("The verdict",
                        _side_by_side(_trick(leader, table, size=small, center=center, to_play=me, winning=winning),
                                      ui.hand_html(hand, trump=trump, size=size, highlight=marks,
                                                   label=f"{me.title}'s hand")),
                        f"{o['rule']}\n\n*Rule:* {o['rule_text']}"))
    return frames


def _score_frames(o: Mapping[str, Any], size: str) -> list[Frame]:
    frames = [Frame("The deal", _contract_line(o), "The scoring pipeline, one step at a time.")]
    steps = o.get("steps") or []
    for i, s in enumerate(steps, start=1):
        vals = s.get("values") or {}
        nums = " &nbsp; ".join(f"<b>{html.escape(k)}</b> {v}" for k, v in vals.items())
        body = f'<div style="font-size:2rem">{nums}</div>' if nums else ""
        frames.append(Frame(f"Step {i} of {len(steps)}: {s['step'].replace('_', ' ')}", body, s["detail"]))
    frames.append(Frame("The award", "", score_words(o)))
    return frames


def _deal_frames(doc: Mapping[str, Any], o: Mapping[str, Any], size: str) -> list[Frame]:
    c = o["contract"]
    mode, trump = Mode(c["mode"]), (Suit.parse(c["trump"]) if c.get("trump") else None)
    center = ui.trump_badge(mode, trump, compact=True)
    frames = [Frame("The deal", _contract_line(o), "Every card in turn, as the engine checks it.")]
    err = o.get("error")
    from explorer.engine.play import trick_winner as winner_of
    for i, t in enumerate(doc.get("tricks") or [], start=1):
        leader = Seat.parse(t["leader"])
        cs = [str(Card.parse(x)) for x in t["cards"]]
        for j in range(1, len(cs) + 1):
            seat = leader
            for _ in range(j - 1):
                seat = seat.right
            bad = err is not None and err["trick"] == i and err["card"] == cs[j - 1]
            w = winner_of(leader, [Card.parse(x) for x in cs[:j]], mode, trump)
            marks = {seat: "illegal"} if bad else None
            text = f"{seat.title} plays {Card.parse(cs[j - 1]).pretty}."
            if bad:
                frames.append(Frame(f"Trick {i}, card {j}: illegal", _trick(
                    leader, cs[:j], size=size, center=center, marks=marks), f"**Illegal.** {err['reason']}"))
                return frames
            if j == 4:
                text += f" {w.title} wins trick {i}."
            frames.append(Frame(f"Trick {i}, card {j}", _trick(leader, cs[:j], size=size, center=center,
                                                              winning=w), text))
    if err is not None:
        frames.append(Frame("Not a valid deal", "", err.get("reason", "")))
        return frames
    pts = o.get("points") or {}
    frames.append(Frame("The score", "", f"Raw points: NS {pts.get('NS')}, EW {pts.get('EW')}. "
                        + score_words(o.get("score") or {})))
    return frames


def _projects_frames(doc: Mapping[str, Any], o: Mapping[str, Any], size: str) -> list[Frame]:
    c = o["contract"]
    trump = Suit.parse(c["trump"]) if c.get("trump") else None
    frames = [Frame("The contract", _contract_line(o), "Which projects may each hand show, and who scores?")]
    for seat, hand in (doc.get("hands") or {}).items():
        s = Seat.parse(seat)
        found = o["by_seat"].get(s.value, {})
        shown = [str(x) for p in found.get("projects", []) for x in p["cards"]]
        names = ", ".join(f"{p['type'].replace('_', ' ').title()} ({p['value']})" for p in found.get("projects", []))
        baloot = " It holds the Baloot (trump K and Q)." if found.get("baloot") else ""
        frames.append(Frame(f"{s.title}'s hand", ui.hand_html(hand, trump=trump, size=size,
                                                              highlight={x: "winning" for x in shown}),
                            f"{s.title} may show: {names or 'nothing'}.{baloot}"))
    frames.append(Frame("Who scores?", "", f"{o.get('reason', '')}\n\nPoints: NS {o['points']['NS']}, "
                                           f"EW {o['points']['EW']}."))
    return frames


def _bidding_frames(doc: Mapping[str, Any], o: Mapping[str, Any], size: str) -> list[Frame]:
    frames = [Frame("The upcard", ui.upcard_html(o["upcard"], size=size),
                    f"{Seat.parse(o['dealer']).title} deals; {Seat.parse(o['order'][0]).title} speaks first.")]
    for h in o.get("history") or []:
        frames.append(Frame(f"Call {h['index'] + 1}: {Seat.parse(h['seat']).title}", "", h["reason"]))
    err = o.get("error")
    if err:
        frames.append(Frame(f"Call {err['index'] + 1}: illegal", "", err["reason"]))
    frames.append(Frame("The outcome", "", verdict_words(Checked(output=dict(o)))))
    return frames


# ============================================================================================
# Streamlit: receiving, messages, the rules line, open/save/share, the link in the URL
# ============================================================================================

def _ss() -> Any:
    return st.session_state


def set_message(page: str, level: str, lines: list[str], source: str = "") -> None:
    """Remember a message about the last import, shown by :func:`show_message` until the next one."""
    _ss()[ks.page_key(page, ks.MESSAGE)] = {"level": level, "lines": list(lines), "source": source}


def send(page: str, doc: Mapping[str, Any], source: str) -> None:
    """Put a scenario in a page's inbox; the page loads it on its next run (before its widgets)."""
    _ss()[ks.page_key(page, ks.INCOMING)] = {"doc": dict(doc), "source": source}


def receive(page: str, *, kinds: tuple[str, ...], to_form: Callable[[Mapping[str, Any]], dict[str, Any]] | None,
            defaults: Mapping[str, Any] | None = None) -> None:
    """Before the widgets: read ``?s=`` once per page load, then load what waits in the inbox.

    A scenario that fits is written into the widgets (``to_form``) or, for Compare rules, into
    ``<page>.doc``; one that does not leaves everything as it was and sets an error message.
    """
    ss = _ss()
    link = st.query_params.get("s")
    seen_key = ks.page_key(page, ks.LINK_SEEN)
    if link and link != ss.get(seen_key):
        ss[seen_key] = link
        got = read_link(link)
        if got.ok:
            send(page, got.doc, "the link")
        else:
            set_message(page, "error", got.errors, "the link")
    box = ss.pop(ks.page_key(page, ks.INCOMING), None)
    if defaults:
        persist(page, defaults)
    if not box:
        return
    doc, source = box.get("doc"), box.get("source", "")
    if not isinstance(doc, Mapping):
        set_message(page, "error", ["the scenario is not a mapping of keys"], source)
        return
    problems = check_shape(doc, kinds, tool=PAGE_TITLES.get(page, ""))
    if problems:
        set_message(page, "error", problems, source)
        return
    meta, core = split_meta(doc)
    if to_form is not None:
        try:
            form = to_form(core)
        except Exception as e:  # noqa: BLE001 - the shape check passed; still, never a traceback
            set_message(page, "error", [f"the scenario could not be put into the tool ({e})"], source)
            return
        ss.update(form)
        if defaults:
            remember(page, defaults)
    else:
        ss[ks.page_key(page, ks.DOC)] = dict(doc)
    ss[ks.page_key(page, ks.PINNED_PROFILE)] = doc.get("profile")
    ss[ks.page_key(page, ks.META)] = {"meta": meta, "original": dict(doc), "core": None, "fresh": True}
    title = meta.get("title")
    set_message(page, "success", [f"Opened {('“' + str(title) + '”') if title else 'the scenario'} from {source}."],
                source)


def persist(page: str, defaults: Mapping[str, Any]) -> None:
    """Keep a page's widget values while the user is on another page; call once per run, before the widgets.

    Streamlit forgets (or rewinds to an earlier value) the state of widgets that a run does not
    draw, so leaving a tool would empty it. Each run copies the values to ``<page>.form`` (a plain
    key, never forgotten) and draws a hidden marker widget, ``<page>.alive``. When the marker is
    gone, the user has been elsewhere (or this is the page's first run): every value is put back
    from the copy before the widgets are drawn.
    """
    ss = _ss()
    saved = ss.get(ks.page_key(page, ks.FORM)) or {}
    returning = ks.page_key(page, ks.ALIVE) not in ss
    for k, v in defaults.items():
        if returning and k in saved:
            ss[k] = copy.deepcopy(saved[k])
        elif k not in ss:
            ss[k] = copy.deepcopy(v)
    remember(page, defaults)
    with st.container(key=f"{page}-alive"):
        st.html(f"<style>.st-key-{page}-alive{{display:none}}</style>")
        st.checkbox("alive", key=ks.page_key(page, ks.ALIVE), label_visibility="collapsed")


def remember(page: str, defaults: Mapping[str, Any]) -> None:
    """Copy the page's widget values to ``<page>.form`` now (after changing them in the script)."""
    ss = _ss()
    ss[ks.page_key(page, ks.FORM)] = {k: copy.deepcopy(ss[k]) for k in defaults if k in ss}


def show_message(page: str) -> None:
    """The last import's outcome: a clear error naming each problem, or a short confirmation."""
    msg = _ss().get(ks.page_key(page, ks.MESSAGE))
    if not msg:
        return
    if msg["level"] == "error":
        src = msg.get("source") or "this input"
        lines = "\n".join(f"- `{line}`" if len(line) < 160 else f"- {line}" for line in msg["lines"])
        kept = ("The tool is empty." if is_empty(page) else "The tool keeps what it showed before.")
        if src == "the link":
            kept += " Ask whoever sent it for a fresh link, or open a scenario another way."
        st.error(f"**Could not open {src}.** {kept}\n\n{lines}", icon="🚫")
    else:
        st.success(msg["lines"][0], icon="✅")


def is_empty(page: str) -> bool:
    """Whether a tool's widgets are all at their empty values (Compare rules: no scenario yet)."""
    ss = _ss()
    defaults = {ks.TRICK: PLAY_DEFAULTS, ks.SCORE: SCORE_DEFAULTS}.get(page)
    if defaults is None:
        return ss.get(ks.page_key(page, ks.DOC)) is None
    return all(ss.get(k, v) == v for k, v in defaults.items())


def clear_message(page: str) -> None:
    _ss().pop(ks.page_key(page, ks.MESSAGE), None)


def _unpin(page: str) -> None:
    _ss()[ks.page_key(page, ks.PINNED_PROFILE)] = None


def effective_profile(page: str, sidebar: RuleProfile) -> tuple[RuleProfile, Any, bool]:
    """The profile a tool judges with, its scenario-file form, and whether it came with the scenario."""
    spec = _ss().get(ks.page_key(page, ks.PINNED_PROFILE))
    if spec is not None:
        try:
            prof = custom_profile(spec)
            return prof, spec, True
        except ProfileError:
            _ss()[ks.page_key(page, ks.PINNED_PROFILE)] = None
    spec = None if sidebar == DEFAULT_PROFILE else sidebar.to_spec()
    return sidebar, spec, False


def rules_line(page: str, sidebar: RuleProfile) -> tuple[RuleProfile, Any]:
    """Show which rules judge this tool (the scenario's own profile, or the sidebar's) and return them."""
    prof, spec, pinned = effective_profile(page, sidebar)
    if pinned:
        left, right = st.columns([4, 1], vertical_alignment="center")
        left.info(f"Judged under **{prof.title}**, the rules saved with this scenario. "
                  f"The sidebar's choice ({sidebar.title}) is not used here.", icon="📜")
        right.button("Use the sidebar's rules", key=ks.page_key(page, ks.UNPIN), on_click=_unpin, args=(page,),
                     width="stretch")
    else:
        st.caption(f"Rules: **{prof.title}** (chosen in the sidebar).")
    return prof, spec


def full_doc(page: str, core: dict[str, Any], spec: Any) -> dict[str, Any]:
    """The tool's scenario: exactly the one loaded while its inputs and rules are unchanged; after a
    change, the inputs with the loaded title, topic and notes (``expect`` is dropped) and the profile."""
    ss = _ss()
    box = ss.get(ks.page_key(page, ks.META))
    meta: dict[str, Any] = {}
    if box:
        if box.get("fresh"):
            box["core"], box["fresh"] = core, False
        original = box.get("original") or {}
        if core == box.get("core") and spec == original.get("profile"):
            doc = dict(original)
            ss[ks.page_key(page, ks.DOC)] = doc
            return doc
        meta = {k: v for k, v in box["meta"].items() if k in ("title", "notes", "topic", "tags")}
    doc = join_meta(core, meta, spec)
    ss[ks.page_key(page, ks.DOC)] = doc
    return doc


def _on_upload(page: str, kinds: tuple[str, ...]) -> None:
    f = _ss().get(ks.page_key(page, ks.UPLOAD))
    if f is None:
        return
    got = read_upload(f.getvalue(), f.name)
    source = f"the file {f.name}"
    if got.ok:
        send(page, got.doc, source)
    else:
        set_message(page, "error", got.errors, source)


def _on_paste(page: str) -> None:
    text = _ss().get(ks.page_key(page, ks.PASTE), "")
    got = read_text(text)
    if got.ok:
        send(page, got.doc, "the pasted text")
    else:
        set_message(page, "error", got.errors, "the pasted text")


def share_url(page_file: str, doc: Mapping[str, Any]) -> str:
    """The share link of a scenario on a page: the app's address, the page, ``?s=``."""
    url_path = Path(page_file).stem
    base = ""
    try:
        base = (st.context.url or "").rstrip("/")
    except Exception:  # noqa: BLE001 - no browser (tests): a relative link
        base = ""
    if base.endswith("/" + url_path):
        base = base[: -len(url_path) - 1]
    return f"{base}/{url_path}?s={encode_scenario(dict(doc))}"


def open_save_share(page: str, doc: Mapping[str, Any] | None, *, kinds: tuple[str, ...], file_stem: str,
                    expanded: bool = False) -> None:
    """The "Open, save or share" expander: upload or paste a scenario, download it as YAML, its share link."""
    with st.expander("📂 Open, save or share this scenario", expanded=expanded):
        up, paste, out = st.columns(3, gap="medium")
        with up:
            st.file_uploader(
                "Open a scenario file", type=list(FILE_TYPES), key=ks.page_key(page, ks.UPLOAD),
                on_change=_on_upload, args=(page, kinds), max_upload_size=1,
                help=f"A .yaml, .yml or .json scenario of at most {MAX_SCENARIO_BYTES // 1024} KiB "
                     "(the format of data/scenarios/).")
        with paste:
            st.text_area("…or paste one (YAML or JSON)", key=ks.page_key(page, ks.PASTE), height=110,
                         placeholder="kind: play\ncontract: {mode: hokum, trump: H, buyer: N}\n…")
            st.button("Open the pasted scenario", key=ks.page_key(page, ks.PASTE_LOAD), on_click=_on_paste,
                      args=(page,))
        with out:
            if doc:
                st.download_button("⬇️ Save as YAML", dump_yaml(dict(doc)), file_name=f"{file_stem}.yaml",
                                   mime="application/x-yaml", key=ks.page_key(page, "download"))
                # st.code, not a keyed text box: a keyed widget keeps its first value, so the link
                # would go stale after an edit; the code block redraws and has a copy button.
                st.caption("Share link (copy button on the right): opens this page with this scenario "
                           "and its rules profile. The address bar holds the same link.")
                st.code(share_url(PAGE_FILES.get(page, page + ".py"), doc), language=None, wrap_lines=True)
            else:
                st.caption("Nothing to save yet.")


def sync_link(page: str, doc: Mapping[str, Any] | None, *, empty: bool) -> None:
    """Keep ``?s=`` in the address bar equal to the tool's scenario (none while the tool is empty)."""
    seen_key = ks.page_key(page, ks.LINK_SEEN)
    if empty or doc is None:
        if "s" in st.query_params and _ss().get(seen_key) == st.query_params.get("s"):
            del st.query_params["s"]
        return
    value = encode_scenario(dict(doc))
    if st.query_params.get("s") != value:
        st.query_params["s"] = value
    _ss()[seen_key] = value


INBOX_OF_FILE = {**{f: p for p, f in PAGE_FILES.items()}, "deal_checker.py": "deal"}
"""The page prefix whose ``<prefix>.incoming`` inbox each tool reads (the Deal checker reads ``deal.incoming``)."""


def open_in_tool(doc: Mapping[str, Any], source: str) -> None:
    """Go to the tool for this scenario's kind, carrying the scenario (its inbox, or ``?s=``)."""
    kind = kind_of(doc) or "play"
    file = TOOL_FOR_KIND[kind][0]
    page = INBOX_OF_FILE.get(file)
    if page is not None:
        send(page, doc, source)
        st.switch_page(nav.page_path(file))
    st.switch_page(nav.page_path(file), query_params={"s": encode_scenario(dict(doc))})


def tool_available(kind: str) -> tuple[str, str] | None:
    """The (file, title) of the page that opens this kind, if that page exists."""
    file, title = TOOL_FOR_KIND.get(kind, (None, None))
    if file and nav.page_exists(file):
        return file, title
    return None


def seat_label(seat: str | None) -> str:
    """A seat for a selectbox: ``South (S)``; :data:`NO_SEAT` reads as "not given".

    >>> seat_label("S"), seat_label(NO_SEAT)
    ('South (S)', '— not given')
    """
    return "— not given" if not seat else f"{Seat.parse(seat).title} ({seat})"


def suit_label(suit: str) -> str:
    """``♥ hearts``."""
    s = Suit.parse(suit)
    return f"{s.symbol} {s.title}"


def team_of(seat: str) -> str:
    return Seat.parse(seat).team.value

