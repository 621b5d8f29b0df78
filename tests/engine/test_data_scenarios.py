"""Every scenario in data/ is judged, and those carrying ``expect`` give the answer the seeds give."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from explorer.engine.files.scenario import check_text

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = sorted((ROOT / "data" / "scenarios").glob("*.yaml"))
INVALID = sorted((ROOT / "tests" / "fixtures" / "invalid").glob("*.yaml"))


def _subset(expected, actual, path="") -> list[str]:
    if isinstance(expected, dict) and isinstance(actual, dict):
        out = []
        for k, v in expected.items():
            out += _subset(v, actual.get(k), f"{path}.{k}")
        return out
    return [] if expected == actual else [f"{path}: expected {expected!r}, engine says {actual!r}"]


@pytest.mark.parametrize("path", LIBRARY, ids=[p.stem for p in LIBRARY])
def test_library_scenario_matches_its_expected_answer(path: Path):
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc.get("title"), "every library scenario has a title"
    result = check_text(path.read_text(encoding="utf-8"))
    assert result.ok, result.errors
    assert not _subset(doc.get("expect") or {}, result.output)


@pytest.mark.parametrize("path", INVALID, ids=[p.stem for p in INVALID])
def test_invalid_fixture_is_rejected_with_a_named_problem(path: Path):
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    result = check_text(path.read_text(encoding="utf-8"))
    assert not result.ok
    for needle in doc["expect_errors"]:
        assert any(needle in e for e in result.errors), result.errors


def test_check_command_judges_the_whole_library_in_order():
    proc = subprocess.run([sys.executable, "-m", "explorer", "check", *map(str, LIBRARY), "--json"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert [x["file"] for x in lines] == [str(p) for p in LIBRARY]
    assert all("errors" not in x for x in lines)
