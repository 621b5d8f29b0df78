"""The shipped puzzles (data/puzzles/): at least 300, across the themes, Sun and Hokum and the three profiles; every
one of them proved again on every run (a seeded sample with its answers, themes and seat too); ``check`` tells a
tampered puzzle apart (a verdict saying what differs) from a file that is not a puzzle (its problem lines)."""

from __future__ import annotations

import collections
import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from explorer.engine.core.errors import ScenarioError
from explorer.engine.files.kinds.puzzle import recorded
from explorer.engine.files.scenario import check_doc, dump_yaml, parse_text, resolve_profile
from explorer.engine.puzzles.collection import PUZZLES_DIR
from explorer.engine.puzzles.themes import Theme

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(PUZZLES_DIR.glob("*.yaml"))
DOCS = {p.stem: parse_text(p.read_bytes()) for p in FILES}
SAMPLE = sorted(random.Random(20261202).sample(sorted(DOCS), 3))


def test_the_shipped_set_has_300_puzzles_across_themes_modes_and_profiles():
    assert len(DOCS) >= 300
    themes = collections.Counter(t for d in DOCS.values() for t in d["themes"])
    assert {t.value for t in Theme} <= set(themes), f"themes never shipped: {set(t.value for t in Theme) - set(themes)}"
    modes = collections.Counter(d["contract"]["mode"] for d in DOCS.values())
    profiles = collections.Counter(d["profile"] for d in DOCS.values())
    assert min(modes["sun"], modes["hokum"]) >= 100 and set(profiles) == {"detailed", "tournament", "simple"}
    assert min(profiles.values()) >= 90
    assert sum(p.stat().st_size for p in FILES) < 2_000_000
    assert all(d["id"] == p.stem for p, d in zip(FILES, DOCS.values()))


def _checked(stem: str) -> dict:
    r = check_doc(DOCS[stem])
    assert r.ok, r.errors
    return r.output


@pytest.mark.parametrize("stem", SAMPLE)
def test_a_seeded_sample_of_the_shipped_puzzles_is_proved_again(stem):
    out = _checked(stem)
    assert out["valid"] and out["proved"], out["error"]
    doc = DOCS[stem]
    assert out["answer"] == doc["answer"] and out["margin"] >= doc["margin"] and out["themes"] == doc["themes"]
    v = recorded(doc, resolve_profile(doc["profile"]))
    assert [str(c) for c in v.answer] == doc["answer"] and v.seat.value == "S"


@pytest.mark.parametrize("stem", sorted(DOCS))
def test_every_shipped_puzzle_is_proved_again(stem):  # all 320 on every run: about 18 s on one core
    out = _checked(stem)
    assert out["valid"], out["error"]


def _tamper(stem: str, **changes) -> dict:
    doc = copy.deepcopy(DOCS[stem])
    doc.update(changes)
    return doc


CHEAP = min(DOCS, key=lambda s: DOCS[s]["worlds"][0]["count"])
"""The shipped puzzle with the fewest worlds to solve."""


def test_a_wrong_answer_is_a_verdict_that_says_which_card_comes_close():
    doc = DOCS[CHEAP]
    wrong = next(iter(doc["losses"][0]))
    out = check_doc(_tamper(CHEAP, answer=[wrong], worlds=doc["worlds"][:1], losses=None, line=None)).output
    assert not out["valid"] and not out["proved"] and f"{wrong} is not proved" in out["error"]


@pytest.mark.parametrize("change, words", [
    pytest.param({"margin": 99}, "the margin is", id="margin-too-high"),
    pytest.param({"themes": ["kaboot", "ekka"]}, "the themes are", id="other-themes"),
])
def test_a_puzzle_whose_numbers_differ_from_the_proof_is_not_valid(change, words):
    out = check_doc(_tamper(CHEAP, **change)).output
    assert out["proved"] and not out["valid"] and words in out["error"]


def test_a_recorded_total_of_worlds_that_does_not_fit_is_named():
    worlds = copy.deepcopy(DOCS[CHEAP]["worlds"])
    worlds[0]["total"] += 1
    out = check_doc(_tamper(CHEAP, worlds=worlds)).output
    assert not out["valid"] and "arrangements of the hidden cards fit" in out["error"]


@pytest.mark.parametrize("change, where", [
    pytest.param({"worlds": [{"method": "sample", "count": 5000, "total": 9, "seed": "x"}]}, "worlds[0].count",
                 id="too-many-worlds"),
    pytest.param({"answer": ["XX"]}, "answer[0]", id="not-a-card"),
    pytest.param({"answer": []}, "answer", id="no-answer"),
    pytest.param({"line": ["7C"]}, "line[0]", id="line-not-the-answer"),
    pytest.param({"tricks": []}, "line[0]", id="not-the-position"),
    pytest.param({"themes": ["kaboot", "**bold**"]}, "themes[1]: '**bold**' is not a theme", id="not-a-theme"),
])
def test_a_file_that_is_not_a_puzzle_gets_its_problem_lines(change, where):
    r = check_doc(_tamper(CHEAP, **change))
    assert not r.ok and any(where in e for e in r.errors), r.errors


def _start(stem: str):
    return recorded(DOCS[stem], resolve_profile(DOCS[stem].get("profile"))).start


def test_an_answer_the_player_does_not_hold_is_named_where_it_is_not_an_internal_error():
    g = _start(CHEAP)
    other = next(c for c in g.hand(g.to_act.left))
    r = check_doc(_tamper(CHEAP, answer=[str(other)], losses=None, line=None))
    assert r.errors == [f"answer[0]: {other} is not in {g.to_act.value}'s hand."], r.errors


def test_an_answer_the_rules_refuse_is_named_with_the_rule():
    from explorer.engine.puzzles.prove import legal_cards
    stem, card = next((s, c) for s in sorted(DOCS) for g in [_start(s)] for c in g.hand(g.to_act)
                      if c not in legal_cards(g))
    r = check_doc(_tamper(stem, answer=[str(card)], losses=None, line=None, worlds=DOCS[stem]["worlds"][:1]))
    assert not r.ok and len(r.errors) == 1 and r.errors[0].startswith("answer[0]: "), r.errors
    assert "not in" not in r.errors[0] and str(card) in r.errors[0], r.errors


def test_check_prints_the_proof_in_arabic_and_its_json_keys(tmp_path):
    f = tmp_path / "p.yaml"
    f.write_text(dump_yaml(DOCS[CHEAP]), encoding="utf-8")
    text = subprocess.run([sys.executable, "-m", "explorer", "check", str(f), "--lang", "ar"], capture_output=True,
                          text=True, cwd=ROOT)
    assert text.returncode == 0 and "هي الحل" in text.stdout, text.stderr
    out = json.loads(json.dumps(_checked(CHEAP)))
    assert out["kind"] == "puzzle" and out["valid"] and out["explanation"]
    assert set(out) >= {"answer", "margin", "worlds", "themes", "proved", "valid", "error", "losses", "line"}


def test_a_recorded_puzzle_refuses_what_is_not_a_puzzle():
    with pytest.raises(ScenarioError):
        recorded(_tamper(CHEAP, answer=[]), resolve_profile("detailed"))


def test_a_puzzle_sent_to_a_tool_is_named_as_a_puzzle_the_tool_does_not_take():
    from explorer.view.intake import TOOL_FOR_KIND, check_shape
    assert check_shape(DOCS[CHEAP], ("play",), tool="Trick checker") == [
        "kind: this is a puzzle scenario; the Trick checker takes play scenarios"]
    assert "puzzle" not in TOOL_FOR_KIND
