"""Rule profiles: every option of rules-decisions.md, the named profiles, custom profiles.

Rules read ``profile.must_undertrump`` and the like, never a profile's name.

>>> get_profile("simple").must_undertrump
True
>>> custom_profile({"base": "detailed", "tie_rule": "buyer_fails"}).tie_rule
'buyer_fails'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Literal, get_args

from explorer.engine.core.errors import ProfileError, short
from explorer.engine.core.i18n import Code


@dataclass(frozen=True)
class OptionInfo:
    """What an option means, the values it takes and the seed each value comes from."""

    name: str
    title: str
    meaning: str
    choices: tuple[Any, ...]
    source: str
    our_reading: bool = False


OPTIONS: dict[str, OptionInfo] = {
    o.name: o
    for o in (
        OptionInfo(
            "third_seat_must_cut", "Third seat must cut",
            "A void third player whose partner led and is winning must trump, unless the lead "
            "was an Ace or a valid Ekka. Off: a void player is always free when the partner wins.",
            (True, False), "000 §04; 002; 003"),
        OptionInfo(
            "automatic_ekka", "Ekka is called automatically",
            "A lead of the highest card still unplayed in a plain suit counts as Ekka without an "
            "announcement (off: only an announced, valid Ekka frees the third player).",
            (False, True), "off: 000 §04 ('announced'); on: 002 ('the game calls it for you')"),
        OptionInfo(
            "must_undertrump", "Must undertrump",
            "A void player facing an opponent's winning trump that it cannot beat must still "
            "play a trump (off: discard or undertrump freely).",
            (False, True), "off: 000 §04, 003; on: 002"),
        OptionInfo(
            "earlier_seat_takes_hokum", "Earlier seat may take the same Hokum",
            "An earlier seat may take over the same Hokum from a later bidder.",
            (False, True), "on: 003 (pulls)"),
        OptionInfo(
            "hokum_bidder_may_upgrade", "Hokum bidder may upgrade to Sun",
            "The Hokum bidder may change its own unlocked Hokum to Sun.",
            (False, True), "on: 003 (contract upgrade)", our_reading=True),
        OptionInfo(
            "sun_double_threshold", "Sun Double threshold",
            "When Sun may be doubled: 'below_100' = one team above 100 and the other below 100; "
            "'at_or_below_100' = one team above 100 and the other at 100 or below. Match totals "
            "before the deal.",
            ("below_100", "at_or_below_100"), "below_100: 000 §03; at_or_below_100: 003"),
        OptionInfo(
            "trump_project_priority", "Trump project priority",
            "At equal value, a project in the trump suit wins the comparison.",
            (False, True), "off: 000 §05 ('without trump priority')"),
        OptionInfo(
            "tie_rule", "Tie rule (undoubled and Gahwa)",
            "'units': a tied comparison is decided by the counting team's raw units; "
            "'buyer_fails': the buyer must score more than the other team.",
            ("units", "buyer_fails"), "units: 000 §06, 004; buyer_fails: 002"),
        OptionInfo(
            "escalated_tie", "Tie rule at Double, Triple and Quadruple",
            "'units': the units rule at every level; 'doubler_loses': the team that "
            "originally called Double loses a tie.",
            ("units", "doubler_loses"), "units: 000 §06; doubler_loses: 004"),
        OptionInfo(
            "projects_multiplier_above_double", "Project multiplier at Triple and Quadruple",
            "Eligible projects are multiplied by this at Triple and Quadruple (always 2 at Double).",
            (2, 1), "2: 000 §06; 1: 004"),
        OptionInfo(
            "kaboot_escalation", "Kaboot when escalated",
            "'multiply': 25/44 times the level (Hokum 2/3/4, Sun 2); 'fixed': Double keeps "
            "25/44, Triple 75, Quadruple 100.",
            ("multiply", "fixed"), "multiply: 000 §06; fixed: 004 (Triple/Quadruple provisional)"),
        OptionInfo(
            "undoubled_kaboot_baloot", "Baloot in an undoubled Kaboot",
            "The sweeping team's own Baloot adds 2 in an undoubled Kaboot.",
            (True, False), "on: 000 §06 (a teaching agreement, not a verified rule); off: 004 silent"),
        OptionInfo(
            "reverse_kaboot", "Reverse Kaboot",
            "Sun: when the dealer's right bought, its team takes no trick and that seat held an "
            "Ace, the sweeping team records 88 plus its eligible projects.",
            (False, True), "on: 004"),
    )
}
"""Every profile option with its meaning, values and source."""


SunDoubleThreshold = Literal["below_100", "at_or_below_100"]
"""When Sun may be doubled: one team above 100 and the other below 100, or at 100 or below."""
TieRule = Literal["units", "buyer_fails"]
"""A tied comparison, undoubled and at Gahwa: decided by the counting team's raw units, or the buyer fails."""
EscalatedTie = Literal["units", "doubler_loses"]
"""A tied comparison at Double, Triple and Quadruple: the units rule, or the team that doubled loses."""
KabootEscalation = Literal["multiply", "fixed"]
"""An escalated Kaboot: 25/44 times the level, or fixed values (Double 25/44, Triple 75, Quadruple 100)."""
ProjectMultiplier = Literal[2, 1]
"""Eligible projects at Triple and Quadruple are multiplied by this."""


@dataclass(frozen=True)
class RuleProfile:
    """A table's rules: one field per option of rules-decisions.md."""

    id: str = "detailed"
    title: str = "Detailed Saudi rules"
    third_seat_must_cut: bool = True
    automatic_ekka: bool = False
    must_undertrump: bool = False
    earlier_seat_takes_hokum: bool = False
    hokum_bidder_may_upgrade: bool = False
    sun_double_threshold: SunDoubleThreshold = "below_100"
    trump_project_priority: bool = False
    tie_rule: TieRule = "units"
    escalated_tie: EscalatedTie = "units"
    projects_multiplier_above_double: ProjectMultiplier = 2
    kaboot_escalation: KabootEscalation = "multiply"
    undoubled_kaboot_baloot: bool = True
    reverse_kaboot: bool = False
    base: str = field(default="detailed", compare=False)

    def options(self) -> dict[str, Any]:
        """The option values, by name (no id or title)."""
        d = asdict(self)
        return {k: d[k] for k in OPTIONS}

    def differences(self, other: RuleProfile) -> list[str]:
        """Names of the options whose values differ between two profiles."""
        a, b = self.options(), other.options()
        return [k for k in OPTIONS if a[k] != b[k]]

    def to_spec(self) -> str | dict[str, Any]:
        """The scenario-file form: the id of a named profile, or ``{base, option: value}``."""
        if self.id in PROFILES and PROFILES[self.id] == self:
            return self.id
        base = PROFILES.get(self.base, DETAILED)
        spec: dict[str, Any] = {"base": base.id}
        for k in base.differences(self):
            spec[k] = getattr(self, k)
        return spec


PLAY_OPTIONS = ("third_seat_must_cut", "automatic_ekka", "must_undertrump")
"""The options that change which cards are legal."""

DETAILED = RuleProfile()
TOURNAMENT = RuleProfile(
    id="tournament", title="Saudi tournament sheet", base="tournament",
    earlier_seat_takes_hokum=True, hokum_bidder_may_upgrade=True,
    sun_double_threshold="at_or_below_100", escalated_tie="doubler_loses",
    projects_multiplier_above_double=1, kaboot_escalation="fixed",
    undoubled_kaboot_baloot=False, reverse_kaboot=True,
)
SIMPLE = RuleProfile(
    id="simple", title="Simple online how-to", base="simple",
    must_undertrump=True, tie_rule="buyer_fails", automatic_ekka=True,
)

PROFILES: dict[str, RuleProfile] = {p.id: p for p in (DETAILED, TOURNAMENT, SIMPLE)}
"""The named profiles, by id; ``detailed`` is the default."""

DEFAULT_PROFILE = DETAILED


def get_profile(profile_id: str) -> RuleProfile:
    """A named profile by id."""
    try:
        return PROFILES[str(profile_id).strip().lower()]
    except KeyError:
        raise ProfileError("unknown profile {value} (use {ids})", value=short(profile_id),
                           ids=Code(", ".join(PROFILES))) from None


def custom_profile(spec: str | Mapping[str, Any] | RuleProfile | None) -> RuleProfile:
    """A profile from a scenario's ``profile`` value: an id, or ``{base: id, option: value}``."""
    if spec is None:
        return DEFAULT_PROFILE
    if isinstance(spec, RuleProfile):
        return spec
    if isinstance(spec, str):
        return get_profile(spec)
    if not isinstance(spec, Mapping):
        raise ProfileError("profile must be a profile id or a mapping, not {type}", type=Code(type(spec).__name__))
    spec = dict(spec)
    base = get_profile(spec.pop("base", "detailed"))
    changes: dict[str, Any] = {}
    for key, value in spec.items():
        info = OPTIONS.get(str(key))
        if info is None:
            raise ProfileError("unknown rule option {value} (options: {options})", value=short(key),
                               options=Code(", ".join(OPTIONS)))
        if value not in info.choices or type(value) is not type(info.choices[0]):
            choices = ", ".join(repr(c).lower() if isinstance(c, bool) else repr(c)
                                for c in info.choices)
            raise ProfileError("option {key}: {value} is not one of {choices}", key=Code(str(key)), value=short(value),
                               choices=Code(choices))
        changes[key] = value
    if not changes:
        return base
    return replace(base, id="custom", title=f"Custom (based on {base.id})", base=base.id, **changes)


def profile_table() -> list[dict[str, Any]]:
    """One row per option: its title, each named profile's value, the source and whether it is our reading."""
    rows = []
    for name, info in OPTIONS.items():
        row: dict[str, Any] = {"option": name, "title": info.title}
        for pid, prof in PROFILES.items():
            row[pid] = getattr(prof, name)
        row["source"] = info.source
        row["our_reading"] = info.our_reading
        row["meaning"] = info.meaning
        rows.append(row)
    return rows


assert set(OPTIONS) == {f.name for f in fields(RuleProfile)} - {"id", "title", "base"}
for _f in fields(RuleProfile):
    if _f.name in OPTIONS:
        _t = {"SunDoubleThreshold": SunDoubleThreshold, "TieRule": TieRule, "EscalatedTie": EscalatedTie,
              "KabootEscalation": KabootEscalation, "ProjectMultiplier": ProjectMultiplier, "bool": bool}[_f.type]
        assert set(OPTIONS[_f.name].choices) == (set(get_args(_t)) if _t is not bool else {True, False}), _f.name
