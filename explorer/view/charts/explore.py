"""Figures for the Explore tools: a score verdict in, a ``go.Figure`` out. No Streamlit here.

>>> out = {"converted": {"NS": 12, "EW": 14}, "project_points": {"NS": 4, "EW": 0},
...        "baloot_points": {"NS": 0, "EW": 0}, "comparison": {"NS": 16, "EW": 14},
...        "award": {"NS": 30, "EW": 0}, "counting_team": "NS", "winner": "NS",
...        "contract": {"mode": "sun", "buyer": "E"}, "steps": [{"step": "raw", "values": {"NS": 56, "EW": 74}}]}
>>> fig = score_waterfall(out)
>>> [t.name for t in fig.data], list(fig.data[0].y)
(['NS', 'EW (buyer)'], [12, 4, 0, 0, 14, 0])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import plotly.graph_objects as go

from explorer.engine.core.cards import Team
from explorer.engine.core.i18n import N_
from explorer.view.charts.language import for_language, words

BUYER_COLOUR = "#1f6fb4"
OTHER_COLOUR = "#e8822d"
UP_COLOUR = "#2e8b57"
DOWN_COLOUR = "#c0392b"
TEMPLATE = "plotly_white"

STAGES = (N_("Cards"), N_("Projects"), N_("Baloot"), N_("Compared"), N_("Outcome"), N_("Award"))
"""The x axis: converted card points, the add-ons, the comparison total, the outcome's change, the award."""


def waterfall_values(out: Mapping[str, Any], team: str) -> tuple[list[int], list[str]]:
    """One team's bars: values and measures (``absolute``, ``relative``, ``total``), in :data:`STAGES` order.

    The outcome bar is the award minus the comparison: what the deal's result adds or takes away
    (a failed buyer loses its cards, the winner of a Double takes the multiplied pool, ...).
    """
    conv = int(out["converted"][team])
    proj = int((out.get("project_points") or {}).get(team, 0))
    bal = int((out.get("baloot_points") or {}).get(team, 0))
    comp = int(out["comparison"][team])
    award = out.get("award")
    values = [conv, proj, bal, 0]
    measures = ["absolute", "relative", "relative", "total"]
    if award is not None:
        values += [int(award[team]) - comp, 0]
        measures += ["relative", "total"]
    return values, measures


def score_waterfall(out: Mapping[str, Any], *, title: str | None = None, lang: str | None = None) -> go.Figure:
    """A grouped waterfall per team, from the converted card points to the award of the deal.

    The raw points (and which team was converted) are in the hover text of the first bar.
    At Gahwa there is no numeric award: the bars stop at the comparison and a note names the winner.
    ``lang``: the language of its words (``None``: the page's; see :func:`explorer.view.charts.figures.for_language`).
    """
    t = words(lang)
    buyer = out.get("contract", {}).get("buyer")
    buyer_team = None if buyer is None else ("NS" if buyer in ("N", "S") else "EW")
    raw = next((s.get("values") for s in out.get("steps") or [] if s.get("step") == "raw"), None) or {}
    fig = go.Figure()
    gahwa = out.get("award") is None
    for team in ("NS", "EW"):
        values, measures = waterfall_values(out, team)
        colour = BUYER_COLOUR if team == buyer_team else OTHER_COLOUR
        counted = t("counted") if out.get("counting_team") == team else t("the complement")
        hover = [t("raw {raw} → {points} ({counted})", raw=raw.get(team, "?"), points=values[0], counted=counted),
                 t("projects"), t("Baloot"), t("comparison"), t("outcome: award − comparison"),
                 t("award")][: len(values)]
        fig.add_trace(go.Waterfall(
            name=t("{team} (buyer)", team=Team(team)) if team == buyer_team else t("{team}", team=Team(team)),
            x=[t(stage) for stage in STAGES[: len(values)]], y=values, measure=measures,
            text=_labels(out, team, values, measures),
            textposition=["inside" if m == "relative" else "outside" for m in measures],
            insidetextanchor="middle", cliponaxis=False,
            hovertext=hover, hoverinfo="text+y+name",
            connector={"line": {"color": "#9aa5a0", "width": 1, "dash": "dot"}},
            increasing={"marker": {"color": UP_COLOUR}}, decreasing={"marker": {"color": DOWN_COLOUR}},
            totals={"marker": {"color": colour}},
        ))
    fig.update_layout(
        title=title or (t("From card points to the comparison (Gahwa: no numeric award)") if gahwa
                        else t("From card points to the award")),
        waterfallmode="group", template=TEMPLATE, height=400, yaxis_title=t("game points"),
        legend={"orientation": "h", "y": -0.18}, margin={"t": 60, "b": 40, "l": 50, "r": 20},
    )
    if gahwa:
        winner = out.get("winner")
        fig.add_annotation(text=t("Gahwa: {team} wins the match",
                                  team=Team(winner) if winner in ("NS", "EW") else winner),
                           xref="paper", yref="paper", x=1, y=1.08, showarrow=False,
                           font={"size": 14, "color": DOWN_COLOUR})
    return for_language(fig, lang)


def _labels(out: Mapping[str, Any], team: str, values: list[int], measures: list[str]) -> list[str]:
    """Bar labels: the running total on total bars, the change on the others (blank when 0)."""
    labels, running = [], 0
    for v, m in zip(values, measures, strict=True):
        if m == "total":
            labels.append(str(running))
            continue
        running = v if m == "absolute" else running + v
        labels.append(str(v) if m == "absolute" else (f"{v:+d}" if v else ""))
    return labels
