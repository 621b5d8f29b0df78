"""Scenario files (YAML or JSON) to engine objects and verdicts, with clear errors.

A scenario is one question about Baloot (see ``shared/design/scenario-format.md``).
:func:`check_text` reads one file's text and returns a :class:`Checked` holding
either the verdict (a JSON-ready dict) or the list of problems, one line each,
naming where each is. Nothing here raises for bad input.

>>> r = check_text('''
... kind: play
... dealer: W
... contract: {mode: hokum, trump: H, buyer: N}
... tricks: [{leader: S, cards: [KD, 7D, AD, 8D]}]
... current: {leader: N, cards: [KC, 7C]}
... hand: [QH, 9S, 8S, AS, TD, JD, 7S]
... ''')
>>> r.output["legal"], r.output["to_play"]
(['QH'], 'S')
>>> check_text("kind: play\\nhand: [XX]").errors
['contract: missing (this kind of scenario needs it)', 'current: missing (this kind of scenario needs it)', "hand[0]: 'XX' is not a card (write rank then suit, e.g. TH, 10H or t♥)"]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, BeforeValidator, ConfigDict, ValidationError, field_validator, model_validator

from .cards import Card, CardError, Seat, Suit, Team
from .contract import Contract, Escalation, Level
from .errors import ScenarioError, at, short
from .i18n import ENGLISH, Style
from .loader import load_yaml
from .match import MAX_DEAL_AWARD, MAX_MATCH_TOTAL
from .profiles import ProfileError, RuleProfile, custom_profile
from .tables import MATCH_TARGET, Mode

MAX_SCENARIO_BYTES = 64 * 1024
"""Largest scenario accepted (a whole recorded deal is about 2 KB)."""

KIND_NAMES = ("play", "score", "projects", "bidding", "deal")

META_KEYS = ("title", "notes", "topic", "tags", "id", "question", "expect", "expect_errors", "answer", "explanation")
"""Keys for people (and lessons) that the engine ignores."""


# --- field types -----------------------------------------------------------------------------

def _card(v: Any) -> Card:
    if isinstance(v, Card):
        return v
    try:
        return Card.parse(_text(v, "a card (write rank then suit, e.g. TH)"))
    except CardError as e:
        raise ValueError(str(e)) from None


def _text(v: Any, what: str) -> str:
    """A scalar as text for a parser; a list, mapping, null or true/false is refused without writing it out."""
    if isinstance(v, bool) or v is None or not isinstance(v, (str, int, float)):
        raise ValueError(f"{short(v)} is not {what}")
    return str(v)


def _notation(kind: type, what: str) -> Callable[[Any], Any]:
    """A field reader for a value written in the engine's notation (``kind.parse``), e.g. a seat."""
    def read(v: Any) -> Any:
        if isinstance(v, kind):
            return v
        try:
            return kind.parse(_text(v, what))
        except CardError as e:
            raise ValueError(str(e)) from None
    return read


_seat = _notation(Seat, "a seat (use S, E, N or W)")
_team = _notation(Team, "a team (use NS or EW)")
_suit = _notation(Suit, "a suit (use S H D C or ♠ ♥ ♦ ♣)")


def _lower(v: Any) -> str | None:
    """A name as a lookup key; None for anything that is not text (a list cannot be a dict key)."""
    return v.strip().lower() if isinstance(v, str) else None


def _mode(v: Any) -> Mode:
    if isinstance(v, Mode):
        return v
    key = _lower(v)
    key = {"hukum": "hokum", "hakam": "hokum", "san": "sun"}.get(key, key)
    try:
        return Mode(key)
    except ValueError:
        raise ValueError(f"unknown contract mode {short(v)} (use sun or hokum)") from None


def _level(v: Any) -> Level:
    if isinstance(v, Level):
        return v
    if v is None or v is False:
        return Level.NONE
    key = _lower(v)
    key = {"normal": "none", "three": "triple", "four": "quadruple", "qahwa": "gahwa"}.get(key, key)
    try:
        return Level(key)
    except ValueError:
        raise ValueError(
            f"unknown escalation level {short(v)} (use none, double, triple, quadruple or gahwa)") from None


def _match_total(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{short(v)} is not a whole number")
    if v < 0:
        raise ValueError(f"{v} is negative: a match total is 0 or more")
    if v > MAX_MATCH_TOTAL:
        raise ValueError(f"{v} is not a match total (at most {MAX_MATCH_TOTAL}: 151 and then the largest "
                         f"award of one deal, {MAX_DEAL_AWARD})")
    return v


CardT = Annotated[Card, BeforeValidator(_card)]
SeatT = Annotated[Seat, BeforeValidator(_seat)]
TeamT = Annotated[Team, BeforeValidator(_team)]
SuitT = Annotated[Suit, BeforeValidator(_suit)]
ModeT = Annotated[Mode, BeforeValidator(_mode)]
LevelT = Annotated[Level, BeforeValidator(_level)]
MatchTotalT = Annotated[int, BeforeValidator(_match_total)]
"""A team's match total before the deal: a whole number from 0 to MAX_MATCH_TOTAL."""


class Model(BaseModel):
    """Base for scenario parts: unknown keys are errors, values are read strictly."""

    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


class ContractIn(Model):
    mode: ModeT
    trump: SuitT | None = None
    buyer: SeatT

    @model_validator(mode="after")
    def _trump_matches_mode(self) -> ContractIn:
        if self.mode is Mode.HOKUM and self.trump is None:
            raise ValueError("a Hokum contract needs trump: S, H, D or C")
        if self.mode is Mode.SUN and self.trump is not None:
            raise ValueError("a Sun contract has no trump (remove trump)")
        return self

    def engine(self) -> Contract:
        return Contract(self.mode, self.trump, self.buyer)


class EscalationIn(Model):
    level: LevelT = Level.NONE
    doubler: SeatT | None = None
    locked: bool = False

    def engine(self) -> Escalation:
        return Escalation(self.level, self.doubler, self.locked)


class TrickIn(Model):
    leader: SeatT
    cards: list[CardT]
    ekka: bool = False


_SEAT_OR_TEAM_KEYS: dict[str, tuple[Callable[[Any], Any], str]] = {
    "match": (_team, "team"), "points": (_team, "team"), "tricks_won": (_team, "team"),
    "hands": (_seat, "seat"), "projects": (_seat, "seat")}
"""Mappings keyed by seat or team, in every kind that has them."""


class Common(Model):
    """Keys every kind accepts."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["play", "score", "projects", "bidding", "deal"]
    profile: str | dict[str, Any] | None = None
    dealer: SeatT | None = None
    match: dict[TeamT, MatchTotalT] | None = None
    contract: ContractIn | None = None
    escalation: EscalationIn | None = None
    title: Any = None
    notes: Any = None
    topic: Any = None
    tags: Any = None
    id: Any = None
    question: Any = None
    expect: Any = None
    expect_errors: Any = None
    answer: Any = None
    explanation: Any = None

    @model_validator(mode="before")
    @classmethod
    def _keys_name_distinct_seats_and_teams(cls, data: Any) -> Any:
        """``{NS: 100, ns: 62}`` would keep one of the two silently: each seat or team is named once."""
        if not isinstance(data, dict):
            return data
        for name, (parse, what) in _SEAT_OR_TEAM_KEYS.items():
            block = data.get(name)
            if not isinstance(block, dict):
                continue
            seen: dict[Any, Any] = {}
            for key in block:
                try:
                    parsed = parse(key)
                except ValueError:
                    continue  # the key's own check reports it
                if parsed in seen:
                    raise ValueError(f"{name}: {short(seen[parsed], 20)} and {short(key, 20)} both name the "
                                     f"{what} {parsed.value}; keep one")
                seen[parsed] = key
        return data

    @field_validator("match")
    @classmethod
    def _match_not_over(cls, m: dict[Team, int] | None) -> dict[Team, int] | None:
        """Totals before a deal: both below 152, or equal at 152 or more (another deal is needed)."""
        if m is None:
            return m
        ns, ew = m.get(Team.NS, 0), m.get(Team.EW, 0)
        if max(ns, ew) >= MATCH_TARGET and ns != ew:
            raise ValueError(f"NS {ns}, EW {ew}: {'NS' if ns > ew else 'EW'} has already won the match; a deal "
                             f"is played only while both totals are below {MATCH_TARGET}, or equal at "
                             f"{MATCH_TARGET} or more")
        return m


# --- reading files ---------------------------------------------------------------------------

@dataclass
class Checked:
    """The result of checking one scenario: ``output`` (a verdict) or ``errors`` (one line each)."""

    output: dict[str, Any] | None = None
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def parse_text(text: str | bytes) -> dict[str, Any]:
    """YAML (or JSON) text to a mapping, with a clear error for empty, oversized or malformed files.

    The reading is :func:`explorer.engine.loader.load_yaml`'s: bounded in size, depth, values and
    digits, no alias, no key written twice, no control character (each refused with where it is).
    """
    doc = load_yaml(text, max_bytes=MAX_SCENARIO_BYTES)
    if doc is None:
        raise ScenarioError("the file is empty (a scenario needs at least kind:)")
    if not isinstance(doc, dict):
        raise ScenarioError(f"a scenario is a mapping of keys (kind:, ...), not a {type(doc).__name__}")
    return doc


def loc_path(loc: tuple[Any, ...]) -> str:
    """A pydantic error location as ``tricks[3].cards[2]``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in ("[key]",):
            continue
        elif isinstance(part, str) and part.startswith(("function-", "literal[", "list[", "dict[")):
            continue
        elif isinstance(part, str) and "[" in part:
            continue
        else:
            out += ("." if out else "") + str(part)
    return out


MAX_PROBLEMS = 40
"""At most this many problem lines are reported for one file."""


def _message(err: dict[str, Any]) -> str:
    msg = err.get("msg", "")
    typ = err.get("type", "")
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
    if typ == "missing":
        return "missing (this kind of scenario needs it)"
    if typ == "extra_forbidden":
        return "is not a key of this scenario kind"
    if typ == "literal_error" and err.get("loc") == ("kind",):
        return f"unknown kind {short(err.get('input'))} (use {', '.join(KIND_NAMES)})"
    if typ in ("bool_type", "bool_parsing"):
        return f"{short(err.get('input'))} is not true or false"
    if typ in ("int_type", "int_parsing", "int_from_float"):
        return f"{short(err.get('input'))} is not a whole number"
    if typ in ("list_type",):
        return f"should be a list, not {short(err.get('input'))}"
    if typ in ("dict_type", "model_type", "model_attributes_type"):
        return f"should be a mapping of keys, not {short(err.get('input'))}"
    return msg


def validation_problems(e: ValidationError) -> list[str]:
    """One line per pydantic error, de-duplicated (unions repeat themselves) in linear time."""
    out: dict[str, None] = {}
    for err in e.errors(include_url=False, include_context=False):
        line = at(loc_path(err["loc"]), _message(err))
        out.setdefault(line if len(line) <= 300 else line[:299] + "…")
    return _cap(list(out))


_MORE = re.compile(r"… and (\d+) more problems?$")


def _cap(problems: list[str]) -> list[str]:
    """At most MAX_PROBLEMS lines and one saying how many more; capping twice keeps the count."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    more = sum(int(m.group(1)) if (m := _MORE.match(p)) else 1 for p in problems[MAX_PROBLEMS:])
    return problems[:MAX_PROBLEMS] + [f"… and {more} more problem{'' if more == 1 else 's'}"]


def read_model(model: type[Model], doc: dict[str, Any]):
    """Validate a document against a model, raising ScenarioError with one line per problem."""
    try:
        return model.model_validate(doc)
    except ValidationError as e:
        raise ScenarioError(validation_problems(e)) from None


def resolve_profile(spec: Any, override: str | RuleProfile | None = None) -> RuleProfile:
    """The scenario's profile, or the override (``--profile``) when given."""
    try:
        if override is not None:
            return custom_profile(override)
    except ProfileError as e:
        raise ScenarioError(at("--profile", str(e))) from None
    try:
        return custom_profile(spec)
    except ProfileError as e:
        raise ScenarioError(at("profile", str(e))) from None


def check_duplicates(named: list[tuple[str, Card]], problems: list[str], *, what: str = "") -> None:
    """Report every card that appears twice, naming both places."""
    seen: dict[Card, str] = {}
    for path, card in named:
        if card in seen:
            problems.append(at(path, f"{card} appears twice (also at {seen[card]}){what}"))
        else:
            seen[card] = path


def team_scores(d: dict[Team, int] | None) -> dict[Team, int]:
    """Match totals or points for both teams (missing ones are 0)."""
    d = d or {}
    return {Team.NS: int(d.get(Team.NS, 0)), Team.EW: int(d.get(Team.EW, 0))}


def teams_json(d: dict[Team, Any]) -> dict[str, Any]:
    return {t.value: d[t] for t in (Team.NS, Team.EW)}


Judge = Callable[[dict[str, Any], RuleProfile], Any]
KINDS: dict[str, Judge] = {}
"""Kind name → judge: ``judge(doc, profile) -> output``; raises ScenarioError for bad input."""


def register(kind: str) -> Callable[[Judge], Judge]:
    def deco(fn: Judge) -> Judge:
        KINDS[kind] = fn
        return fn
    return deco


def _load_kinds() -> None:
    # Kind modules register themselves on import.
    from . import kinds  # noqa: F401


def judge(doc: dict[str, Any], *, profile: str | RuleProfile | None = None, style: Style = ENGLISH
          ) -> dict[str, Any]:
    """The verdict for a parsed scenario, its sentences rendered in ``style``; raises ScenarioError for bad input.

    A kind's judge returns a typed verdict with ``to_dict(style)`` (or, for older kinds, the dict itself).
    """
    _load_kinds()
    kind = doc.get("kind")
    if kind is None:
        raise ScenarioError(at("kind", f"is missing (required: one of {', '.join(KIND_NAMES)})"))
    if not isinstance(kind, str) or kind.strip().lower() not in KIND_NAMES:
        raise ScenarioError(at("kind", f"unknown kind {short(kind)} (use {', '.join(KIND_NAMES)})"))
    kind = kind.strip().lower()
    doc = {**doc, "kind": kind}
    prof = resolve_profile(doc.get("profile"), profile)
    handler = KINDS.get(kind)
    if handler is None:
        raise ScenarioError(at("kind", f"the {kind} kind is not available yet"))
    out = handler(doc, prof)
    if not isinstance(out, dict):
        out = out.to_dict(style)
    return {"kind": kind, "profile": prof.id, **out}


def verdict_of(doc: dict[str, Any], *, profile: str | RuleProfile | None = None) -> Any:
    """A kind's typed verdict (e.g. a ``deal``'s :class:`~.kinds.deal.DealVerdict`, with its game states);
    raises ScenarioError for bad input."""
    _load_kinds()
    kind = str(doc.get("kind", "")).strip().lower()
    if kind not in KINDS:
        raise ScenarioError(at("kind", f"unknown kind {doc.get('kind')!r} (use {', '.join(KIND_NAMES)})"))
    return KINDS[kind]({**doc, "kind": kind}, resolve_profile(doc.get("profile"), profile))


def check_doc(doc: dict[str, Any], *, profile: str | RuleProfile | None = None, style: Style = ENGLISH) -> Checked:
    """Judge a parsed scenario; never raises for bad input.

    Only input errors become problem lines: an engine bug raises, so that the tests catch it (the
    command line and the app turn it into one line asking for a report, see :func:`internal_error`).
    """
    try:
        return Checked(output=judge(doc, profile=profile, style=style))
    except ScenarioError as e:
        return Checked(errors=_cap([p if len(p) <= 300 else p[:299] + "…" for p in e.problems]))
    except (ProfileError, CardError) as e:
        return Checked(errors=[str(e)])


def internal_error(e: BaseException) -> str:
    """The one line a user sees for an engine bug (never a traceback)."""
    return (f"the engine could not judge this scenario (internal error {type(e).__name__}); "
            "please report it with the file")


def check_text(text: str | bytes, *, profile: str | RuleProfile | None = None, style: Style = ENGLISH) -> Checked:
    """Read and judge one scenario file's text; never raises for bad input."""
    try:
        doc = parse_text(text)
    except ScenarioError as e:
        return Checked(errors=e.problems)
    return check_doc(doc, profile=profile, style=style)


class _WrittenOutDumper(yaml.SafeDumper):
    """Writes a value used twice in full each time: scenario files refuse aliases (``*id001``)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump_yaml(doc: dict[str, Any]) -> str:
    """A scenario as readable YAML (cards stay as text, key order kept, no alias).

    >>> hand = ["QH", "9S"]
    >>> parse_text(dump_yaml({"kind": "play", "hand": hand, "played": hand}))["played"]
    ['QH', '9S']
    """
    return yaml.dump(doc, Dumper=_WrittenOutDumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=100)
