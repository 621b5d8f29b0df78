"""Plotly figures for the deal replay and the match score sheet: plain data in, ``go.Figure`` out.

No Streamlit here. Team colours are the same in both charts (NS green, EW purple), and each
line also carries its team's name at its end, so colour is never the only cue. ``lang`` gives the
language of their words and mirrors them for Arabic (:func:`explorer.view.charts.figures.for_language`).

>>> fig = deal_points_figure([{"trick": 0, "NS": 0, "EW": 0}, {"trick": 1, "NS": 16, "EW": 0}], current_trick=1)
>>> [t.name for t in fig.data]
['NS', 'EW']
>>> fig = match_figure([{"deal": 1, "NS": 100, "EW": 60}, {"deal": 2, "NS": 160, "EW": 76}], decided_at=2)
>>> fig.layout.shapes[0].y0
152
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import plotly.graph_objects as go

from explorer.engine.core.cards import Team
from explorer.engine.core.i18n import is_rtl
from explorer.engine.core.tables import MATCH_TARGET
from explorer.view.charts.language import for_language, page_lang, words

TEAM_COLOURS = {"NS": "#1f6f4a", "EW": "#7b3fa0"}
"""NS green (the app's colour), EW purple; both readable on white and for common colour blindness."""
TEAM_DASH = {"NS": "solid", "EW": "dash"}
"""Line styles, so the two teams differ in more than colour."""
TEMPLATE = "plotly_white"


def _layout(fig: go.Figure, title: str, *, lang: str | None, height: int = 360) -> go.Figure:
    legend = {"orientation": "h", "yanchor": "bottom", "y": 1.0, "xanchor": "right", "x": 1.0}
    margin = {"l": 55, "r": 30, "t": 70, "b": 50}
    if is_rtl(page_lang(lang)):
        # The teams' Arabic names ("الشمال والجنوب") are long: more room at the lines' ends, and the legend
        # under the plot, where a phone's narrow width cannot stack it onto the title.
        legend.update(yanchor="top", y=-0.22)
        margin.update(r=110, t=60, b=95)
        height += 35
    fig.update_layout(title={"text": title, "x": 0.01, "xanchor": "left"}, template=TEMPLATE, height=height,
                      margin=margin, legend=legend, hovermode="x unified")
    return fig


def _end_labels(fig: go.Figure, x: float, last: Mapping[str, int] | None, t) -> None:
    """Each team's name and value at the end of its line (one label when they are equal)."""
    if not last:
        return
    if last["NS"] == last["EW"]:
        fig.add_annotation(x=x, y=last["NS"], text=t("{ns} = {ew} = {points}", ns=Team.NS, ew=Team.EW,
                                                     points=last["NS"]),
                           showarrow=False, xanchor="left", xshift=8)
        return
    for team in ("NS", "EW"):
        fig.add_annotation(x=x, y=last[team], text=t("{team} {points}", team=Team(team), points=last[team]),
                           showarrow=False, xanchor="left", xshift=8, font={"color": TEAM_COLOURS[team]})


def deal_points_figure(rows: Sequence[Mapping[str, int]], *, current_trick: int | None = None,
                       total: int | None = None, buyer_team: str | None = None,
                       lang: str | None = None) -> go.Figure:
    """Running raw card points of each team after each finished trick (trick 0: nothing yet).

    ``rows`` are ``{trick, NS, EW}``; ``current_trick`` draws a marker line at the replay's
    trick; ``total`` (162 or 130) fixes the y axis so the lines do not jump while stepping.
    """
    t = words(lang)
    fig = go.Figure()
    tricks = [r["trick"] for r in rows]
    for team in ("NS", "EW"):
        name = t("{team}", team=Team(team))
        label = t("{team} (buyer's team)", team=Team(team)) if team == buyer_team else name
        fig.add_trace(go.Scatter(
            x=tricks, y=[r[team] for r in rows], name=name, mode="lines+markers",
            line={"color": TEAM_COLOURS[team], "dash": TEAM_DASH[team], "width": 3},
            marker={"size": 8, "symbol": "circle" if team == "NS" else "diamond"},
            hovertemplate=t("{team}: {points} raw points", team=label, points="%{y}") + "<extra></extra>",
        ))
    _end_labels(fig, tricks[-1] if tricks else 0, rows[-1] if rows else None, t)
    if current_trick is not None:
        fig.add_vline(x=current_trick, line={"color": "#9aa5a0", "dash": "dot", "width": 1})
    fig.update_xaxes(title=t("after trick"), range=[-0.3, 8.9], tickmode="array", tickvals=list(range(9)))
    fig.update_yaxes(title=t("raw card points"), rangemode="tozero",
                     range=[0, total * 1.05] if total else None)
    return for_language(_layout(fig, t("Running card points per team"), lang=lang), lang)


def match_figure(rows: Sequence[Mapping[str, int]], *, target: int = MATCH_TARGET,
                 decided_at: int | None = None, winner: str | None = None, by_gahwa: bool = False,
                 lang: str | None = None) -> go.Figure:
    """Running match totals of each team after each deal, with the target line (152).

    ``rows`` are ``{deal, NS, EW}`` (the totals after that deal); a point at deal 0 is added.
    ``decided_at`` marks the deal that decided the match (``winner``, ``by_gahwa`` label it).
    """
    t = words(lang)
    fig = go.Figure()
    deals = [0, *(r["deal"] for r in rows)]
    for team in ("NS", "EW"):
        ys = [0, *(r[team] for r in rows)]
        name = t("{team}", team=Team(team))
        fig.add_trace(go.Scatter(
            x=deals, y=ys, name=name, mode="lines+markers",
            line={"color": TEAM_COLOURS[team], "dash": TEAM_DASH[team], "width": 3},
            marker={"size": 8, "symbol": "circle" if team == "NS" else "diamond"},
            hovertemplate=t("{team}: {points} after deal {deal}", team=name, points="%{y}", deal="%{x}")
            + "<extra></extra>",
        ))
    _end_labels(fig, deals[-1], {"NS": rows[-1]["NS"], "EW": rows[-1]["EW"]} if rows else {"NS": 0, "EW": 0}, t)
    fig.add_hline(y=target, line={"color": "#c0392b", "dash": "dash", "width": 2},
                  annotation_text=t("{target} wins", target=target), annotation_position="top left")
    if decided_at is not None and winner:
        team = Team(winner) if winner in ("NS", "EW") else winner
        text = t("{team} wins by Gahwa", team=team) if by_gahwa else t("{team} wins", team=team)
        y = next((r[winner] for r in rows if r["deal"] == decided_at), target)
        fig.add_annotation(x=decided_at, y=y, text=text, showarrow=True, arrowhead=2, ax=-50, ay=-30,
                           font={"color": TEAM_COLOURS.get(winner, "#333")})
    top = max([target, *(r[side] for r in rows for side in ("NS", "EW"))])
    fig.update_xaxes(title=t("after deal"), tickmode="linear", dtick=1, range=[-0.3, max(deals) + 0.9])
    fig.update_yaxes(title=t("game points"), range=[0, top * 1.18])
    return for_language(_layout(fig, t("The match (Sakka): running totals"), lang=lang), lang)
