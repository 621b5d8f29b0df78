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

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, BeforeValidator, ConfigDict, StrictInt, ValidationError, model_validator

from .cards import Card, CardError, Seat, Suit, Team
from .contract import Contract, Escalation, Level
from .errors import ScenarioError, at
from .i18n import ENGLISH, Style
from .profiles import ProfileError, RuleProfile, custom_profile
from .tables import Mode

MAX_SCENARIO_BYTES = 64 * 1024
"""Largest scenario accepted (a whole recorded deal is about 2 KB)."""

KIND_NAMES = ("play", "score", "projects", "bidding", "deal")

META_KEYS = ("title", "notes", "topic", "tags", "id", "question", "expect", "expect_errors", "answer", "explanation")
"""Keys for people (and lessons) that the engine ignores."""


# --- field types -----------------------------------------------------------------------------

def _card(v: Any) -> Card:
    if isinstance(v, Card):
        return v
    if isinstance(v, bool) or v is None or isinstance(v, (list, dict)):
        raise ValueError(f"{short(v)} is not a card (write rank then suit, e.g. TH)")
    try:
        return Card.parse(str(v))
    except CardError as e:
        raise ValueError(str(e)) from None


def _seat(v: Any) -> Seat:
    if isinstance(v, Seat):
        return v
    try:
        return Seat.parse(str(v))
    except CardError as e:
        raise ValueError(str(e)) from None


def _team(v: Any) -> Team:
    if isinstance(v, Team):
        return v
    try:
        return Team.parse(str(v))
    except CardError as e:
        raise ValueError(str(e)) from None


def _suit(v: Any) -> Suit:
    if isinstance(v, Suit):
        return v
    try:
        return Suit.parse(str(v))
    except CardError as e:
        raise ValueError(str(e)) from None


def _lower(v: Any) -> Any:
    return v.strip().lower() if isinstance(v, str) else v


def _mode(v: Any) -> Mode:
    if isinstance(v, Mode):
        return v
    key = _lower(v)
    key = {"hukum": "hokum", "hakam": "hokum", "san": "sun"}.get(key, key)
    try:
        return Mode(key)
    except ValueError:
        raise ValueError(f"unknown contract mode {v!r} (use sun or hokum)") from None


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
            f"unknown escalation level {v!r} (use none, double, triple, quadruple or gahwa)") from None


CardT = Annotated[Card, BeforeValidator(_card)]
SeatT = Annotated[Seat, BeforeValidator(_seat)]
TeamT = Annotated[Team, BeforeValidator(_team)]
SuitT = Annotated[Suit, BeforeValidator(_suit)]
ModeT = Annotated[Mode, BeforeValidator(_mode)]
LevelT = Annotated[Level, BeforeValidator(_level)]


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


class Common(Model):
    """Keys every kind accepts."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["play", "score", "projects", "bidding", "deal"]
    profile: str | dict[str, Any] | None = None
    dealer: SeatT | None = None
    match: dict[TeamT, StrictInt] | None = None
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
    """YAML (or JSON) text to a mapping, with a clear error for empty, oversized or malformed files."""
    if isinstance(text, bytes):
        if len(text) > MAX_SCENARIO_BYTES:
            raise ScenarioError(f"the file is too large ({len(text)} bytes; a scenario is at most "
                                f"{MAX_SCENARIO_BYTES // 1024} KiB)")
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ScenarioError("the file is not UTF-8 text") from None
    if len(text.encode("utf-8")) > MAX_SCENARIO_BYTES:
        raise ScenarioError(f"the file is too large (a scenario is at most {MAX_SCENARIO_BYTES // 1024} KiB)")
    if not text.strip():
        raise ScenarioError("the file is empty (a scenario needs at least kind:)")
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "YAML"
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise ScenarioError(at(where, f"malformed YAML: {problem}")) from None
    except Exception as e:  # noqa: BLE001 - any loader failure is bad input
        raise ScenarioError(f"malformed YAML: {e}") from None
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


def short(value: Any, limit: int = 60) -> str:
    """A value as it appears in an error line, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
    """One line per pydantic error, de-duplicated (unions repeat themselves)."""
    out: list[str] = []
    for err in e.errors():
        line = at(loc_path(err["loc"]), _message(err))
        if len(line) > 300:
            line = line[:299] + "…"
        if line not in out:
            out.append(line)
    return _cap(out)


def _cap(problems: list[str]) -> list[str]:
    if len(problems) <= MAX_PROBLEMS:
        return problems
    return problems[:MAX_PROBLEMS] + [f"… and {len(problems) - MAX_PROBLEMS} more problems"]


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
        raise ScenarioError(at("kind", f"unknown kind {kind!r} (use {', '.join(KIND_NAMES)})"))
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


def dump_yaml(doc: dict[str, Any]) -> str:
    """A scenario as readable YAML (cards stay as text, key order kept)."""
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)
