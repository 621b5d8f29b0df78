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

from explorer.engine.core.cards import Card, CardError, Seat, Suit, Team
from explorer.engine.core.contract import Contract, Escalation, Level
from explorer.engine.core.errors import InputError, ScenarioError, at, clip, problem, render_problems, short
from explorer.engine.core.i18n import ENGLISH, N_, Code, Msg, Style, plural
from explorer.engine.core.profiles import ProfileError, RuleProfile, custom_profile
from explorer.engine.core.tables import MATCH_TARGET, Mode
from explorer.engine.core.visible import visible
from explorer.engine.files.loader import MAX_ITEMS, load_yaml
from explorer.engine.rules.match import MAX_DEAL_AWARD, MAX_MATCH_TOTAL

MAX_SCENARIO_BYTES = 64 * 1024
"""Largest scenario accepted (a whole recorded deal is about 2 KB)."""

KIND_NAMES = ("play", "score", "projects", "bidding", "deal", "puzzle")

META_KEYS = ("title", "notes", "topic", "tags", "id", "question", "expect", "expect_errors", "answer", "explanation")
"""Keys for people (and lessons) that the engine ignores."""


# --- field types -----------------------------------------------------------------------------

def _card(v: Any) -> Card:
    if isinstance(v, Card):
        return v
    try:
        return Card.parse(_text(v, "a card (write rank then suit, e.g. TH)"))
    except CardError as e:
        raise e from None  # a ValueError: pydantic reports it, its msg renders in the reader's language


_WHAT = {"a card (write rank then suit, e.g. TH)": Msg("{value} is not a card (write rank then suit, e.g. TH)"),
         "a seat (use S, E, N or W)": Msg("{value} is not a seat (use S, E, N or W)"),
         "a team (use NS or EW)": Msg("{value} is not a team (use NS or EW)"),
         "a suit (use S H D C or ♠ ♥ ♦ ♣)": Msg("{value} is not a suit (use S H D C or ♠ ♥ ♦ ♣)")}


def _text(v: Any, what: str) -> str:
    """A scalar as text for a parser; a list, mapping, null or true/false is refused without writing it out."""
    if isinstance(v, bool) or v is None or not isinstance(v, (str, int, float)):
        template = _WHAT.get(what)
        if template is None:
            raise ValueError(f"{short(v)} is not {what}")
        raise InputError(template.text, value=short(v))
    return str(v)


def _notation(kind: type, what: str) -> Callable[[Any], Any]:
    """A field reader for a value written in the engine's notation (``kind.parse``), e.g. a seat."""
    def read(v: Any) -> Any:
        if isinstance(v, kind):
            return v
        try:
            return kind.parse(_text(v, what))
        except CardError as e:
            raise e from None  # a ValueError: pydantic reports it, its msg renders in the reader's language
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
        raise InputError("unknown contract mode {value} (use sun or hokum)", value=short(v)) from None


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
        raise InputError("unknown escalation level {value} (use none, double, triple, quadruple or gahwa)",
                         value=short(v)) from None


def _match_total(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise InputError("{value} is not a whole number", value=short(v))
    if v < 0:
        raise InputError("{n} is negative: a match total is 0 or more", n=short(v))
    if v > MAX_MATCH_TOTAL:
        raise InputError("{n} is not a match total (at most {most}: 151 and then the largest award of one deal, "
                         "{award})", n=short(v), most=MAX_MATCH_TOTAL, award=MAX_DEAL_AWARD)
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
            raise InputError("a Hokum contract needs trump: S, H, D or C")
        if self.mode is Mode.SUN and self.trump is not None:
            raise InputError("a Sun contract has no trump (remove trump)")
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
    kind: Literal["play", "score", "projects", "bidding", "deal", "puzzle"]
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
                    template = (N_("{name}: {first} and {second} both name the team {code}; keep one")
                                if what == "team" else
                                N_("{name}: {first} and {second} both name the seat {code}; keep one"))
                    raise InputError(template, name=Code(name), first=short(seen[parsed], 20),
                                     second=short(key, 20), code=Code(parsed.value))
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
            raise InputError("NS {ns}, EW {ew}: {winner} has already won the match; a deal is played only while "
                             "both totals are below {target}, or equal at {target} or more",
                             ns=ns, ew=ew, winner=Team.NS if ns > ew else Team.EW, target=MATCH_TARGET)
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

    def problems(self, style: Style = ENGLISH) -> list[str]:
        """The problem lines in ``style``'s language (``errors`` holds them in English, as strings)."""
        return render_problems(self.errors, style)


def parse_text(text: str | bytes) -> dict[str, Any]:
    """YAML (or JSON) text to a mapping, with a clear error for empty, oversized or malformed files.

    The reading is :func:`explorer.engine.files.loader.load_yaml`'s: bounded in size, depth, values, items in one
    list or mapping (:data:`~explorer.engine.files.loader.MAX_ITEMS`) and digits, no alias, no key written twice, no
    control character (each refused with where it is).
    """
    doc = load_yaml(text, max_bytes=MAX_SCENARIO_BYTES, max_items=MAX_ITEMS)
    if doc is None:
        raise ScenarioError(problem(Msg("the file is empty (a scenario needs at least kind:)")))
    if not isinstance(doc, dict):
        what = {"list": Msg("a scenario is a mapping of keys (kind:, ...), not a list"),
                "str": Msg("a scenario is a mapping of keys (kind:, ...), not a str"),
                "int": Msg("a scenario is a mapping of keys (kind:, ...), not a int"),
                "float": Msg("a scenario is a mapping of keys (kind:, ...), not a float"),
                "bool": Msg("a scenario is a mapping of keys (kind:, ...), not a bool")}.get(type(doc).__name__)
        raise ScenarioError(problem(what) if what else
                            f"a scenario is a mapping of keys (kind:, ...), not a {type(doc).__name__}")
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
            out += ("." if out else "") + visible(str(part), one_line=True)  # a key from the file: nothing hidden
    return out


MAX_PROBLEMS = 40
"""At most this many problem lines are reported for one file."""


_PYDANTIC: dict[str, str] = {
    "missing": N_("missing (this kind of scenario needs it)"),
    "extra_forbidden": N_("is not a key of this scenario kind"),
    "bool_type": N_("{value} is not true or false"), "bool_parsing": N_("{value} is not true or false"),
    "int_type": N_("{value} is not a whole number"), "int_parsing": N_("{value} is not a whole number"),
    "int_from_float": N_("{value} is not a whole number"),
    "list_type": N_("should be a list, not {value}"),
    "dict_type": N_("should be a mapping of keys, not {value}"), "model_type": N_("should be a mapping of keys, not {value}"),
    "model_attributes_type": N_("should be a mapping of keys, not {value}"),
    # pydantic's own English, kept word for word (the English output does not change):
    "string_type": N_("Input should be a valid string"),
    "too_long": "", "too_short": "",  # see _SIZE
    "literal_error": N_("Input should be {expected}"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "less_than": N_("Input should be less than {lt}"),
    "greater_than": N_("Input should be greater than {gt}"),
    "string_too_long": N_("String should have at most {max_length} characters"),
    "string_too_short": N_("String should have at least {min_length} characters"),
}
_SIZE = {("too_long", "List"): N_("List should have at most {most} items after validation, not {actual}"),
         ("too_long", "Dictionary"): N_("Dictionary should have at most {most} items after validation, not {actual}"),
         ("too_short", "List"): N_("List should have at least {least} items after validation, not {actual}"),
         ("too_short", "Dictionary"): N_("Dictionary should have at least {least} items after validation, not {actual}")}
_CTX_TYPES = ("greater_than_equal", "less_than_equal", "less_than", "greater_than", "string_too_long",
              "string_too_short")
"""The pydantic error types a scenario can produce, as templates with the value (``{value}``, as written)."""


def _message(err: dict[str, Any]) -> Msg:
    """A pydantic error as a message (its location is added by the caller)."""
    typ = err.get("type", "")
    ctx = err.get("ctx") or {}
    cause = ctx.get("error")
    if isinstance(getattr(cause, "msg", None), Msg):
        return cause.msg  # raised by a validator of ours (InputError, CardError)
    if typ == "literal_error" and err.get("loc") == ("kind",):
        return Msg("unknown kind {value} (use {kinds})", value=short(err.get("input")), kinds=Code(", ".join(KIND_NAMES)))
    template = _PYDANTIC.get(typ)
    msg = err.get("msg", "")
    if template is not None:
        params = {"value": short(err.get("input"))}
        if typ in ("too_long", "too_short"):
            params.update(most=ctx.get("max_length"), least=ctx.get("min_length"), actual=ctx.get("actual_length"))
            template = _SIZE.get((typ, msg.split(" ", 1)[0]), "")
        elif typ == "literal_error":
            params["expected"] = Code(str(ctx.get("expected", "")))
        elif typ in _CTX_TYPES:
            params.update({k: v for k, v in ctx.items() if k in ("ge", "le", "lt", "gt", "max_length", "min_length")
                           and isinstance(v, int)})
        try:
            english = Msg(template, **params).render(ENGLISH) if template else None
        except (KeyError, IndexError, ValueError):
            english = None
        check = msg
        for prefix in ("Value error, ", "Assertion failed, "):
            check = check[len(prefix):] if check.startswith(prefix) else check
        if english is not None and (typ not in ("string_type", "too_long", "too_short", "literal_error", *_CTX_TYPES)
                                    or english == check):
            return Msg(template, **params)
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
    return Msg("{pydantic_error}", pydantic_error=msg)


def validation_problems(e: ValidationError) -> list[str]:
    """One line per pydantic error (a :class:`~.errors.Problem`), de-duplicated (unions repeat themselves)
    in linear time; past :data:`MAX_PROBLEMS` lines the rest are counted, not written."""
    out: dict[str, str] = {}
    rest: set[tuple] = set()
    for err in e.errors(include_url=False, include_context=True):
        if len(out) >= MAX_PROBLEMS:  # a line costs its sentence: the ones nobody is shown are counted
            rest.add((loc_path(err["loc"]), err.get("type")))
            continue
        line = clip(at(loc_path(err["loc"]), _message(err)))
        out.setdefault(str.__str__(line), line)
    return _cap(list(out.values()) + [""] * len(rest))


_MORE = re.compile(r"… and (\d+) more problems?$")


def _cap(problems: list[str]) -> list[str]:
    """At most MAX_PROBLEMS lines and one saying how many more; capping twice keeps the count."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    more = sum(int(m.group(1)) if (m := _MORE.match(p)) else 1 for p in problems[MAX_PROBLEMS:])
    return problems[:MAX_PROBLEMS] + [problem(plural("… and {n} more problem", "… and {n} more problems", more))]


MAX_CARDS_NAMED = 128
"""Most cards one scenario names: a deal's 32 cards in its hands, its tricks, its deck and its projects. More
is refused at the count, before a card is read: every card can cost a problem line, and judging thousands of
them took seconds."""


def cards_named(doc: Any) -> int:
    """How many values the lists of a scenario hold, its keys for people (title, tags, expect...) aside:
    its cards (no other list of a scenario holds text or numbers)."""
    stack = [v for k, v in doc.items() if k not in META_KEYS] if isinstance(doc, dict) else [doc]
    n = 0
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            n += sum(1 for v in value if not isinstance(v, (dict, list)))
            stack.extend(v for v in value if isinstance(v, (dict, list)))
    return n


def read_model(model: type[Model], doc: dict[str, Any]):
    """Validate a document against a model, raising ScenarioError with one line per problem; a document
    naming more cards than any scenario can (:data:`MAX_CARDS_NAMED`) is refused at that count."""
    named = cards_named(doc)
    if named > MAX_CARDS_NAMED:
        raise ScenarioError(problem(plural("names {n} card; a scenario names at most {most} (a deal's 32 cards in its "
                                           "hands, tricks, deck and projects)",
                                           "names {n} cards; a scenario names at most {most} (a deal's 32 cards in its "
                                           "hands, tricks, deck and projects)", named, most=MAX_CARDS_NAMED)))
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
        raise ScenarioError(at("--profile", _profile_msg(e))) from None
    try:
        return custom_profile(spec)
    except ProfileError as e:
        raise ScenarioError(at("profile", _profile_msg(e))) from None


def _profile_msg(e: ProfileError) -> Msg | str:
    """A profile's problem as a message when it carries one, else its English."""
    return e.msg if isinstance(getattr(e, "msg", None), Msg) else str(e)


def check_duplicates(named: list[tuple[str, Card]], problems: list[str], *, what: str = "") -> None:
    """Report every card that appears twice, naming both places."""
    seen: dict[Card, str] = {}
    for path, card in named:
        if card in seen:
            if not what:
                problems.append(at(path, Msg("{card} appears twice (also at {other})", card=card,
                                             other=Code(seen[card]))))
            else:
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
    from explorer.engine.files import kinds  # noqa: F401


def judge(doc: dict[str, Any], *, profile: str | RuleProfile | None = None, style: Style = ENGLISH
          ) -> dict[str, Any]:
    """The verdict for a parsed scenario, its sentences rendered in ``style``; raises ScenarioError for bad input.

    A kind's judge returns a typed verdict with ``to_dict(style)`` (or, for older kinds, the dict itself).
    """
    _load_kinds()
    kind = doc.get("kind")
    if kind is None:
        raise ScenarioError(at("kind", Msg("is missing (required: one of {kinds})", kinds=Code(", ".join(KIND_NAMES)))))
    if not isinstance(kind, str) or kind.strip().lower() not in KIND_NAMES:
        raise ScenarioError(at("kind", Msg("unknown kind {value} (use {kinds})", value=short(kind),
                                           kinds=Code(", ".join(KIND_NAMES)))))
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
        raise ScenarioError(at("kind", Msg("unknown kind {value} (use {kinds})", value=repr(doc.get("kind")),
                                           kinds=Code(", ".join(KIND_NAMES)))))
    return KINDS[kind]({**doc, "kind": kind}, resolve_profile(doc.get("profile"), profile))


def check_doc(doc: dict[str, Any], *, profile: str | RuleProfile | None = None, style: Style = ENGLISH) -> Checked:
    """Judge a parsed scenario; never raises for bad input.

    Only input errors become problem lines: an engine bug raises, so that the tests catch it (the
    command line and the app turn it into one line asking for a report, see :func:`internal_error`).
    """
    try:
        return Checked(output=judge(doc, profile=profile, style=style))
    except ScenarioError as e:
        return Checked(errors=_cap([clip(p) for p in e.problems]))
    except CardError as e:
        return Checked(errors=[problem(e.msg)])
    except ProfileError as e:
        return Checked(errors=[problem(_profile_msg(e))])


def internal_error(e: BaseException) -> str:
    """The one line a user sees for an engine bug (never a traceback): a :class:`~.errors.Problem`."""
    return problem(Msg("the engine could not judge this scenario (internal error {name}); please report it with "
                       "the file", name=Code(type(e).__name__)))


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
