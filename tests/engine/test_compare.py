"""One scenario under several profiles: disputed cases really are judged differently, and the option
responsible for a difference is found by changing one option at a time."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from explorer.content.library import load_library
from explorer.engine.core.profiles import OPTIONS, PROFILES, custom_profile
from explorer.engine.files.compare import judge_under, responsible_options, verdict_summary, with_option

ROOT = Path(__file__).resolve().parents[2]


def load(stem: str) -> dict:
    return yaml.safe_load((ROOT / "data" / "scenarios" / f"{stem}.yaml").read_text(encoding="utf-8"))


def test_library_has_disputed_cases_that_the_profiles_judge_differently():
    disputed = [e for e in load_library() if e.topic == "disputes"]
    assert len(disputed) >= 5
    differ = 0
    for e in disputed:
        results = judge_under(e.doc, {**PROFILES, "own": custom_profile(e.doc.get("profile"))})
        if len({json.dumps(verdict_summary(c), sort_keys=True) for c in results.values()}) > 1:
            differ += 1
    assert differ == len(disputed)


def test_every_option_that_changes_a_verdict_is_found_alone():
    doc = load("score-triple-projects-multiplier")
    flip = responsible_options(doc, PROFILES["detailed"], PROFILES["tournament"])
    assert flip.exact == ["projects_multiplier_above_double"]
    assert set(flip.differing) <= set(OPTIONS)


def test_a_tie_in_sun_is_decided_by_the_tie_rule_alone():
    doc = {"kind": "score", "dealer": "N", "contract": {"mode": "sun", "buyer": "E"}, "points": {"NS": 65, "EW": 65}}
    flip = responsible_options(doc, PROFILES["detailed"], PROFILES["simple"])
    assert flip.options == flip.exact == ["tie_rule"]


def test_changing_one_option_keeps_every_other():
    changed = with_option(PROFILES["detailed"], "tie_rule", "buyer_fails")
    assert changed.differences(PROFILES["detailed"]) == ["tie_rule"]
    assert with_option(PROFILES["detailed"], "tie_rule", PROFILES["detailed"].tie_rule) is PROFILES["detailed"]


def test_an_invalid_scenario_summarises_as_its_problems():
    judged = judge_under({"kind": "play"}, {"detailed": PROFILES["detailed"]})
    assert list(verdict_summary(judged["detailed"])) == ["errors"]
