"""The teacher's chart of a class's answers: one bar an answer on offer, the right ones marked once revealed.

No Streamlit: the page passes the answers' labels and counts, and whether the verdict is shown (before it, every
bar has one colour, so the projector gives nothing away).

>>> fig = answers_chart(["A♣", "8♣", "7♥"], [3, 1, 0], [True, True, False], revealed=True, lang="en")
>>> [b for b in fig.data[0].y], fig.data[0].marker.color[2]
([3, 1, 0], '#b0b7b3')
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from explorer.view.charts.language import for_language, rtl_text, words

RIGHT_COLOUR, OTHER_COLOUR, OPEN_COLOUR = "#2e8b57", "#b0b7b3", "#1f6fb4"


def answers_chart(labels: Sequence[str], counts: Sequence[int], right: Sequence[bool], *, revealed: bool,
                  lang: str | None = None, height: int = 340) -> go.Figure:
    """A bar a possible answer: how many gave it; green for the right ones once ``revealed``."""
    t = words(lang)
    total = sum(counts)
    colours = [(RIGHT_COLOUR if ok else OTHER_COLOUR) if revealed else OPEN_COLOUR for ok in right]
    text = [f"{n} · {n / total:.0%}" if total else "0" for n in counts]
    fig = go.Figure(go.Bar(x=[rtl_text(lbl) for lbl in labels], y=list(counts), text=text, textposition="outside",
                           marker={"color": colours}, cliponaxis=False,
                           hovertemplate="%{x}: %{y}<extra></extra>"))
    fig.update_layout(template="plotly_white", height=height, margin={"l": 40, "r": 20, "t": 20, "b": 40},
                      yaxis={"title": rtl_text(t("Answers")), "rangemode": "tozero", "dtick": max(1, total // 8 or 1)},
                      xaxis={"type": "category", "tickfont": {"size": 18}}, showlegend=False,
                      font={"size": 16}, transition={"duration": 0})
    return for_language(fig, lang)
