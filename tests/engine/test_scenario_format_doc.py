"""data/scenarios/README.md, the scenario format's reference inside the project, says only what the
engine accepts and everything it accepts: every kind, key and profile option it names is one the
engine's pydantic models (and profiles.py) take, every key they take is named, every example is a
valid scenario, and every output key of an example is described.
"""

from __future__ import annotations

import re
import typing
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel

from explorer.engine.core.profiles import OPTIONS, PROFILES
from explorer.engine.files.kinds.bidding import BiddingBlockIn, BiddingIn
from explorer.engine.files.kinds.deal import DealIn
from explorer.engine.files.kinds.play import PlayIn
from explorer.engine.files.kinds.projects import ProjectsIn
from explorer.engine.files.kinds.puzzle import PuzzleIn
from explorer.engine.files.kinds.score import ScoreIn
from explorer.engine.files.scenario import KIND_NAMES, KINDS, Common, check_text

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "data" / "scenarios" / "README.md").read_text(encoding="utf-8")

MODELS: dict[str, type[BaseModel]] = {"play": PlayIn, "score": ScoreIn, "projects": ProjectsIn,
                                      "bidding": BiddingIn, "deal": DealIn, "puzzle": PuzzleIn}
FREE_FORM: dict[tuple[type[BaseModel], str], type[BaseModel]] = {(DealIn, "bidding"): BiddingBlockIn}
"""Fields typed as a plain mapping that the kind reads with a model of its own."""


def sections() -> dict[str, str]:
    parts = re.split(r"^## ", DOC, flags=re.M)[1:]
    return {p.split("\n", 1)[0].strip(): p.split("\n", 1)[1] for p in parts}


SECTIONS = sections()
KIND_SECTIONS = {m.group(1): body for title, body in SECTIONS.items()
                 if (m := re.match(r"kind: (\w+)", title))}


def table_names(body: str) -> list[str]:
    """The first column of every table row, when it is a name in backticks."""
    return re.findall(r"^\| `([^`]+)` \|", body, flags=re.M)


def inner_model(annotation: Any) -> type[BaseModel] | None:
    """The model inside ``X | None``, ``list[X]``, ``Annotated[X, ...]``; None for a plain value."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = inner_model(arg)
        if found is not None:
            return found
    return None


def resolve(model: type[BaseModel], path: str) -> list[tuple[type[BaseModel], str]]:
    """Each (model, field) a dotted path such as ``tricks[].cards`` goes through; KeyError if one is not a field."""
    out = []
    for part in path.split("."):
        name = part.removesuffix("[]")
        if model is None or name not in model.model_fields:
            raise KeyError(f"{path}: {name!r} is not a key of {getattr(model, '__name__', 'a plain value')}")
        out.append((model, name))
        model = FREE_FORM.get((model, name)) or inner_model(model.model_fields[name].annotation)
    return out


def documented() -> set[tuple[type[BaseModel], str]]:
    found = {pair for name in table_names(SECTIONS["Keys every kind accepts"]) for pair in resolve(Common, name)}
    for kind, body in KIND_SECTIONS.items():
        found |= {pair for name in table_names(body) for pair in resolve(MODELS[kind], name)}
    return found


def test_the_reference_describes_exactly_the_kinds_the_engine_judges():
    assert list(KIND_SECTIONS) == list(KIND_NAMES) and set(KINDS) == set(KIND_NAMES)


@pytest.mark.parametrize("section", ["Keys every kind accepts", *(f"kind: {k}" for k in KIND_NAMES)])
def test_every_key_the_reference_names_is_one_the_engine_accepts(section):
    title = next(t for t in SECTIONS if t.startswith(section))
    model = Common if section.startswith("Keys") else MODELS[section.removeprefix("kind: ")]
    names = table_names(SECTIONS[title])
    assert names, "the section has a table of keys"
    for name in names:
        resolve(model, name)  # raises KeyError naming the key the engine does not know


def test_every_key_the_engine_accepts_is_named_in_the_reference():
    pairs = documented()
    missing = [f"{Common.__name__}.{f}" for f in Common.model_fields if (Common, f) not in pairs]
    for kind, model in MODELS.items():
        own = [f for f in model.model_fields if f not in Common.model_fields or
               model.model_fields[f].annotation != Common.model_fields[f].annotation]
        missing += [f"kind {kind}: {f}" for f in own if (model, f) not in pairs]
    nested = {m for m, _ in pairs} - {Common, *MODELS.values()}
    missing += [f"{m.__name__}.{f}" for m in nested for f in m.model_fields if (m, f) not in pairs]
    assert not missing
    assert {m.__name__ for m in nested} >= {"ContractIn", "EscalationIn", "TrickIn", "BidCallIn", "RaiseCallIn",
                                            "BiddingBlockIn"}


EXAMPLES = re.findall(r"```yaml\n(.*?)```", DOC, flags=re.S)


@pytest.mark.parametrize("text", EXAMPLES, ids=[yaml.safe_load(t)["kind"] for t in EXAMPLES])
def test_every_example_in_the_reference_is_a_valid_scenario_and_its_output_keys_are_described(text):
    result = check_text(text)
    assert result.ok, result.errors
    kind = result.output["kind"]
    output_text = KIND_SECTIONS[kind].split("Output:", 1)[1]
    described = set(re.findall(r"`(\w+)`", output_text))
    assert set(result.output) - {"kind", "profile"} <= described


def test_the_reference_lists_every_profile_option_with_its_values_and_each_profiles_setting():
    body = SECTIONS["Rule profiles"]
    rows = [line.split("|")[1:-1] for line in body.splitlines() if re.match(r"\| `\w+` \| `", line)]
    header = next(line for line in body.splitlines() if line.startswith("| option"))
    profiles = [c.strip() for c in header.split("|")[3:-1]]
    assert profiles == list(PROFILES)
    assert [r[0].strip().strip("`") for r in rows] == list(OPTIONS)
    for name, values, *settings in rows:
        option = OPTIONS[name.strip().strip("`")]
        assert tuple(yaml.safe_load(v) for v in re.findall(r"`([^`]+)`", values)) == option.choices
        for profile, cell in zip(profiles, settings):
            assert yaml.safe_load(cell.strip().strip("`")) == getattr(PROFILES[profile], option.name)
    named = re.findall(r"^\| `(\w+)`(?: \(default\))? \| the ", body, flags=re.M)
    assert named == list(PROFILES)


def test_the_projects_readme_points_to_this_reference():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "data/scenarios/README.md" in readme and "shared/design" not in readme

