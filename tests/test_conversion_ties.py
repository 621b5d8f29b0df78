"""The conversion chart's tie dots follow the rules profile's tie rule, and agree with the engine's scoring."""

from __future__ import annotations

import pytest

from explorer.content.library import load_library
from explorer.engine.core.profiles import PROFILES, SIMPLE
from explorer.engine.core.tables import Mode
from explorer.engine.files.scenario import check_doc
from explorer.view.charts import figures as charts

EXAMPLES = {e.stem: e.doc for e in load_library() if e.stem in ("seed004-sun-65-65", "seed004-hokum-81-81")}


def test_under_the_buyer_fails_tie_rule_every_undoubled_tie_goes_to_the_counting_team():
    frame = charts.conversion_frame(profile=SIMPLE)
    assert set(frame["tie"]) == {"counting"}
    default = charts.conversion_frame()
    assert default.set_index(["mode", "raw"]).loc[("sun", 65), "tie"] == "buyer"


@pytest.mark.parametrize("pid", list(PROFILES))
@pytest.mark.parametrize("stem", sorted(EXAMPLES))
def test_the_charts_tie_reading_is_the_engines_verdict_on_a_tied_worked_example(stem, pid):
    doc = EXAMPLES[stem]
    out = check_doc(doc, profile=PROFILES[pid]).output
    assert out["comparison"]["NS"] == out["comparison"]["EW"], "a tied comparison"
    counting = out["counting_team"]
    raw = doc["points"][counting]
    mode = Mode(doc["contract"]["mode"])
    frame = charts.conversion_frame([mode], profile=PROFILES[pid]).set_index("raw")
    reading = frame.loc[raw, "tie"]
    buyer_team = "NS" if doc["contract"]["buyer"] in ("N", "S") else "EW"
    expected = {"counting": counting, "other": buyer_team, "buyer": buyer_team}[reading]
    assert out["winner"] == expected, (reading, out["winner"])
