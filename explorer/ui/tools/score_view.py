"""A deal's score as the app shows it: the pipeline step by step and the waterfall of each team.

Used by the Score calculator and the practice table, from the ``score`` output of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd
import streamlit as st

from explorer.engine.core.cards import Team
from explorer.engine.core.i18n import ENGLISH, N_, Msg, Style
from explorer.ui.shell import lang
from explorer.view.charts import explore as explore_charts

STEP_NAMES = {
    "raw": N_("Raw card points"), "last_trick": N_("Last trick"), "counting_team": N_("Counting team"),
    "conversion": N_("Conversion"), "complement": N_("Complement"), "projects": N_("Projects"),
    "baloot": N_("Baloot"), "comparison": N_("Comparison"), "tie_rule": N_("Tie rule"), "award": N_("Award"),
    "match": N_("Match"),
}
"""Each pipeline step's name as a heading (the English msgid; the table shows it in the page's language)."""


def pipeline_frame(o: Mapping[str, Any], style: Style = ENGLISH) -> pd.DataFrame:
    """One row per step: its name, the sentence (our readings marked), and each team's number.

    The step names are in ``style``'s language; the sentences come from the engine in the language it was asked
    in; the columns keep their keys (``Step``, ``Detail``, ``NS``, ``EW``) for :func:`column_names` to name.

    >>> from explorer.engine.files.scenario import check_doc
    >>> o = check_doc({"kind": "score", "contract": {"mode": "hokum", "trump": "H", "buyer": "N"},
    ...                "points": {"NS": 84, "EW": 78}}).output
    >>> f = pipeline_frame(o)
    >>> list(f["Step"][:3]), f.loc[f["Step"] == "Award", "NS"].item()
    (['Raw card points', 'Last trick', 'Counting team'], '8')
    """
    rows = []
    for s in o["steps"]:
        vals = s.get("values") or {}
        name = STEP_NAMES.get(s["step"])
        reading = " " + Msg("(our reading)").render(style) if s.get("our_reading") else ""
        rows.append({"Step": Msg(name).render(style) if name else s["step"],
                     "Detail": s["detail"] + reading,
                     "NS": str(vals.get("NS", "")), "EW": str(vals.get("EW", ""))})
    return pd.DataFrame(rows)


def column_names(style: Style = ENGLISH) -> dict[str, str]:
    """The pipeline table's headers in ``style``'s language: Step, Detail and the two teams.

    >>> column_names()
    {'Step': 'Step', 'Detail': 'Detail', 'NS': 'NS', 'EW': 'EW'}
    """
    return {"Step": Msg("Step").render(style), "Detail": Msg("Detail").render(style),
            "NS": Msg("{team}", team=Team.NS).render(style), "EW": Msg("{team}", team=Team.EW).render(style)}


def show_pipeline(o: Mapping[str, Any], *, chart_key: str) -> None:
    """The pipeline as a static table (its sentences wrap) and the waterfall chart, in the page's language."""
    style = lang.style()
    st.markdown(lang.t("**The score, step by step**"))
    st.table(pipeline_frame(o, style).rename(columns=column_names(style)).style.hide(axis="index"))
    st.plotly_chart(explore_charts.score_waterfall(o), key=chart_key)
