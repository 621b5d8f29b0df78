"""The practice table's chart: what each legal card is worth on average, by the strong player's reckoning.

>>> from explorer.engine.core.cards import Card
>>> from explorer.engine.game import Play
>>> fig = hint_chart({Play(Card.parse("KH")): 3.5, Play(Card.parse("7S")): -1.0}, Play(Card.parse("KH")))
>>> list(fig.data[0].x), fig.data[0].y[0]
(['K♥', '7♠'], 3.5)
"""

from __future__ import annotations

from collections.abc import Mapping

import plotly.graph_objects as go

from explorer.engine.game.state import Action, Play
from explorer.view.charts.language import for_language, words

CHOSEN, OTHER = "#1f6f4a", "#9bb5a6"


def hint_chart(values: Mapping[Action, float], chosen: Action, *, title: str | None = None,
               axis: str | None = None, lang: str | None = None) -> go.Figure:
    """One bar per legal card, best first; the hinted card in the table's green. ``title`` and ``axis``
    default to the chart's own words in ``lang`` (mirrored for Arabic: :func:`explorer.view.charts.figures.for_language`)."""
    t = words(lang)
    items = sorted(((a, v) for a, v in values.items() if isinstance(a, Play)), key=lambda av: -av[1])
    labels = [t("{card} (Ekka)", card=a.card) if a.ekka else a.card.pretty for a, _ in items]
    fig = go.Figure(go.Bar(x=labels, y=[round(v, 2) for _, v in items],
                           marker_color=[CHOSEN if a == chosen else OTHER for a, _ in items],
                           text=[f"{v:+.1f}" for _, v in items], textposition="outside"))
    fig.update_layout(title=title or t("Expected game points of each card"),
                      yaxis_title=axis or t("game points for your team, on average"), height=300,
                      margin=dict(l=40, r=10, t=60, b=30), template="plotly_white", showlegend=False)
    return for_language(fig, lang)


def _wrapped(label: str, width: int = 9) -> str:
    """A category label on two lines at its middle space when it is long, so that it stands upright on a phone."""
    if len(label) <= width or " " not in label:
        return label
    spaces = [i for i, c in enumerate(label) if c == " "]
    cut = min(spaces, key=lambda i: abs(i - len(label) / 2))
    return label[:cut] + "<br>" + label[cut + 1:]


def upright_labels(fig: go.Figure) -> go.Figure:
    """The same figure with its category labels upright, long ones on two lines: at 390 px the end-of-deal chart's
    tilted labels ran into each other (in Arabic most of all).

    >>> fig = upright_labels(go.Figure(go.Bar(x=["Card points", "The final award"], y=[1, 2])))
    >>> list(fig.data[0].x), fig.layout.xaxis.tickangle
    (['Card<br>points', 'The final<br>award'], 0)
    """
    for trace in fig.data:
        if getattr(trace, "x", None) is not None:
            trace.x = [_wrapped(str(x)) for x in trace.x]
    fig.update_xaxes(tickangle=0, automargin=True, tickfont={"size": 11})
    return fig
