"""One scenario under several rules profiles: the part of each verdict that decides the question,
and the options responsible when two profiles disagree.

>>> from explorer.engine.core.profiles import PROFILES
>>> d = {"kind": "score", "dealer": "N", "contract": {"mode": "sun", "buyer": "E"},
...      "points": {"NS": 65, "EW": 65}}
>>> judged = judge_under(d, {"detailed": PROFILES["detailed"], "simple": PROFILES["simple"]})
>>> [verdict_summary(c)["award"] for c in judged.values()]
[{'NS': 13, 'EW': 13}, {'NS': 26, 'EW': 0}]
>>> responsible_options(d, PROFILES["detailed"], PROFILES["simple"]).exact
['tie_rule']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from explorer.engine.core.profiles import RuleProfile
from explorer.engine.files.scenario import Checked, check_doc


def verdict_summary(checked: Checked) -> dict[str, Any]:
    """The part of a verdict that decides the question, to compare profiles with.

    Play: the legal cards and the rule; score: winner, award and match; projects: the team
    and points; bidding: the outcome or the illegal call; deal: validity, first error and award.
    Invalid input under a profile: its problem lines.

    >>> verdict_summary(Checked(errors=["hand: x"]))
    {'errors': ['hand: x']}
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


def judge_under(doc: Mapping[str, Any], profiles: Mapping[str, RuleProfile]) -> dict[str, Checked]:
    """The scenario judged under each profile (the scenario's own ``profile`` is overridden)."""
    return {name: check_doc(dict(doc), profile=p) for name, p in profiles.items()}


def with_option(profile: RuleProfile, name: str, value: Any) -> RuleProfile:
    """A copy of a profile with one option changed (the profile itself when it already has that value).

    >>> from explorer.engine.core.profiles import DEFAULT_PROFILE
    >>> with_option(DEFAULT_PROFILE, "tie_rule", "buyer_fails").tie_rule
    'buyer_fails'
    """
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
    """Re-judge the scenario under the reference with one of the other profile's option values at a time."""
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
