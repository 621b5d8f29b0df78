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
