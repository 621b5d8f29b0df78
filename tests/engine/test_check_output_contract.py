"""``check --json`` keeps every key and value it printed when the snapshot was taken (new keys may be added).

Tools outside the project read these outputs (scenario-format.md: "none may be renamed"). The snapshot,
``tests/golden/check_outputs.json``, holds the outputs for every library file and bad-input fixture under
each profile, and for a seeded sample of random deals; ``tests/golden/make_check_outputs.py`` wrote it.
A case that was invalid input must stay invalid input (its wording may improve).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from explorer.engine.files.scenario import check_doc, check_text

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = json.loads((ROOT / "tests/golden/check_outputs.json").read_text("utf-8"))


def _missing(old: Any, new: Any, path: str = "$") -> list[str]:
    """Where ``new`` lacks a key of ``old`` or holds another value (extra keys in ``new`` are fine)."""
    if isinstance(old, dict):
        if not isinstance(new, dict):
            return [f"{path}: was a mapping, now {new!r:.80}"]
        out: list[str] = []
        for k, v in old.items():
            if k not in new:
                out.append(f"{path}.{k}: missing")
            else:
                out += _missing(v, new[k], f"{path}.{k}")
        return out
    if isinstance(old, list):
        if not isinstance(new, list) or len(new) != len(old):
            return [f"{path}: was a list of {len(old)}, now {new!r:.80}"]
        return [p for i, (a, b) in enumerate(zip(old, new)) for p in _missing(a, b, f"{path}[{i}]")]
    return [] if old == new and type(old) is type(new) else [f"{path}: was {old!r:.80}, now {new!r:.80}"]


def _now(name: str, case: dict[str, Any]):
    if case["input"] is not None:
        return check_doc(case["input"], profile=case["profile"])
    file = name.rsplit("@", 1)[0]
    return check_text((ROOT / file).read_bytes(), profile=case["profile"])


@pytest.mark.parametrize("name", sorted(SNAPSHOT))
def test_check_json_keeps_every_key_and_value(name: str) -> None:
    case = SNAPSHOT[name]
    now = _now(name, case)
    if "errors" in case:
        assert not now.ok, f"{name} was invalid input and is now judged: {now.output}"
        return
    assert now.ok, f"{name} was judged and is now invalid: {now.errors}"
    diff = _missing(case["output"], now.output)
    assert not diff, "\n".join(diff[:20])
