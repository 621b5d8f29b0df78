"""Write tests/golden/check_outputs.json: what ``check --json`` printed for every library file, every bad-input
fixture and a seeded sample of random deals under each profile, when the snapshot was taken.

Run it only to take a new snapshot on purpose (``python tests/golden/make_check_outputs.py``); the test
``test_check_output_contract.py`` then holds every later version of the engine to it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from explorer.engine.fast.simulate import sample_deal_docs  # noqa: E402
from explorer.engine.files.scenario import check_doc, check_text  # noqa: E402

PROFILES = ("detailed", "tournament", "simple")


def cases() -> dict[str, tuple[str, object]]:
    """Case name -> ("text", file text) or ("doc", a parsed scenario), with the profile override."""
    out: dict[str, tuple[str, object]] = {}
    for folder in ("data/scenarios", "tests/fixtures/invalid"):
        for path in sorted((ROOT / folder).glob("*.yaml")):
            for prof in (None, *PROFILES):
                out[f"{folder}/{path.name}@{prof or 'file'}"] = ("text", path.read_text("utf-8"), prof)
    for prof in PROFILES:
        for i, doc in enumerate(sample_deal_docs(12, seed=20261201, profile=prof)):
            doc = {k: v for k, v in doc.items() if k != "expect"}
            out[f"random-deal-{prof}-{i}"] = ("doc", doc, prof)
    return out


def run(case: tuple) -> dict:
    how, value, prof = case
    r = check_text(value, profile=prof) if how == "text" else check_doc(value, profile=prof)
    return {"output": r.output} if r.ok else {"errors": r.errors}


def main() -> None:
    snap = {name: {"input": case[1] if case[0] == "doc" else None, "profile": case[2], **run(case)}
            for name, case in cases().items()}
    (ROOT / "tests/golden/check_outputs.json").write_text(
        json.dumps(snap, ensure_ascii=False, indent=0, sort_keys=True) + "\n", "utf-8")
    print(f"{len(snap)} cases written")


if __name__ == "__main__":
    main()
