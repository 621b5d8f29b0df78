"""A deal's score as the app shows it: the pipeline step by step and the waterfall of each team.

Used by the Score calculator and the practice table, from the ``score`` output of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd
import streamlit as st

from explorer.ui import explore_charts

STEP_NAMES = {
    "raw": "Raw card points", "last_trick": "Last trick", "counting_team": "Counting team",
    "conversion": "Conversion", "complement": "Complement", "projects": "Projects", "baloot": "Baloot",
    "comparison": "Comparison", "tie_rule": "Tie rule", "award": "Award", "match": "Match",
}
"""Each pipeline step's name as a heading."""


def pipeline_frame(o: Mapping[str, Any]) -> pd.DataFrame:
    """One row per step: its name, the sentence (our readings marked), and each team's number.

    >>> from explorer.engine.scenario import check_doc
    >>> o = check_doc({"kind": "score", "contract": {"mode": "hokum", "trump": "H", "buyer": "N"},
    ...                "points": {"NS": 84, "EW": 78}}).output
    >>> f = pipeline_frame(o)
    >>> list(f["Step"][:3]), f.loc[f["Step"] == "Award", "NS"].item()
    (['Raw card points', 'Last trick', 'Counting team'], '8')
    """
    rows = []
    for s in o["steps"]:
        vals = s.get("values") or {}
        rows.append({"Step": STEP_NAMES.get(s["step"], s["step"]),
                     "Detail": s["detail"] + (" (our reading)" if s.get("our_reading") else ""),
                     "NS": str(vals.get("NS", "")), "EW": str(vals.get("EW", ""))})
    return pd.DataFrame(rows)


def show_pipeline(o: Mapping[str, Any], *, chart_key: str) -> None:
    """The pipeline as a static table (its sentences wrap) and the waterfall chart."""
    st.markdown("**The score, step by step**")
    st.table(pipeline_frame(o).style.hide(axis="index"))
    st.plotly_chart(explore_charts.score_waterfall(o), key=chart_key)
