"""Plotly figure builders: engine results or DataFrames in, ``go.Figure`` out, no Streamlit.

Every builder returns a :class:`Chart`: the figure and the table it was drawn from (for a CSV
download). Figures carry a title; colours are the same everywhere (the buyer's team blue, the
other team orange; Sun gold, Hokum green).

Every builder of the app's figures (here, and in ``explore_charts``, ``replay_charts`` and
``practice_charts``) takes ``lang``: its words come from the page catalogues (:func:`words`) and the
finished figure passes through :func:`for_language`, which mirrors it for a right-to-left language
(the x axis runs right to left, the y axis stands on the right, the title and the legend start on
the right). ``lang=None`` means the language of the Streamlit page being drawn, or English outside
one (:func:`page_lang`), so the builders stay pure: a test passes ``lang`` and needs no Streamlit.
The two figures pages cache for every session (:func:`probability_chart`, :func:`conversion_chart`)
default to English instead: a page passes its language and caches by it. A right-to-left page also
lays its figures out left to right (:data:`explorer.ui.lang.RTL_CSS`: plotly measures its text in the document's direction).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from explorer.engine.i18n import N_, Msg, Style, is_rtl
from explorer.engine.probabilities import ExactRow
from explorer.engine.profiles import DEFAULT_PROFILE, RuleProfile
from explorer.engine.scoring import convert, undoubled_tie
from explorer.engine.simulate import SimResult
from explorer.engine.tables import GAME_POOL, RAW_TOTAL, Mode

BUYER_COLOUR = "#1f6fb4"
OTHER_COLOUR = "#e8822d"
MODE_COLOURS = {"sun": "#d4a017", "hokum": "#2e8b57"}
HAND_COLOURS = {8: "#4c5fd5", 5: "#9aa8f0"}
TIE_COLOURS = {"counting": "#2e8b57", "other": "#c0392b", "buyer": "#7f8c8d"}
TEMPLATE = "plotly_white"
MODE_ORDER = ("sun", "hokum")
MODE_TITLES = {"sun": N_("Sun"), "hokum": N_("Hokum")}
"""The contracts as the charts name them (msgids: :func:`words` translates them)."""
SHOW_CONFIG = {"displayModeBar": False, "displaylogo": False}
"""``st.plotly_chart(..., config=SHOW_CONFIG)``: no Plotly toolbar. It sat over the figures' titles (on a
phone, where a tap shows it, every time); the pages offer the downloads, Streamlit's own toolbar the
full screen, and the figures still zoom by dragging and reset with a double click."""


# --- language -----------------------------------------------------------------------------------

def page_lang(lang: str | None = None) -> str:
    """``lang`` itself, or (``None``) the language of the Streamlit page being drawn; English outside a page.

    >>> page_lang("ar"), page_lang()
    ('ar', 'en')
    """
    if lang is not None:
        return lang
    import sys
    if "streamlit" not in sys.modules:
        return "en"
    from streamlit.runtime.scriptrunner import get_script_run_ctx
    if get_script_run_ctx(suppress_warning=True) is None:
        return "en"
    from explorer.ui import lang as page_language
    return page_language.current()


def words(lang: str | None = None):
    """A ``t(template, **values)`` of the charts' language: the template looked up in the page catalogues,
    its values written as that language writes them (the same as :func:`explorer.ui.lang.t`, without Streamlit).

    >>> words("ar")("Sun"), words("en")("Sun")
    ('صن', 'Sun')
    """
    style = Style(lang=page_lang(lang), cards="face")

    def t(text: str, /, **params) -> str:
        return Msg(text, **params).render(style)
    return t


RLI, PDI = "\u2067", "\u2069"
_ARABIC = re.compile(r"[\u0600-\u06FF]")
_LINE = re.compile(r"(<br>|<extra>|</extra>)")


def rtl_text(text, /):
    """Words shown in a figure, right to left: each line holding Arabic letters in a right-to-left isolate.

    Plotly draws text in SVG, left to right whatever the page's direction: without the isolate, a line
    that starts with a number ("8 أوراق") or ends with a bracket is drawn in the wrong order. Lines are
    isolated one by one (plotly splits them at ``<br>``; a hover text's ``<extra>`` part is its own line).
    Text without Arabic (a card face, a number, a code) is left as it is.

    >>> rtl_text("8 أوراق<br>K♥") == "\u20678 أوراق\u2069<br>K♥"
    True
    """
    if not isinstance(text, str) or not _ARABIC.search(text):
        return text
    parts = _LINE.split(text)
    return "".join(p if _LINE.fullmatch(p) or not _ARABIC.search(p) or p.startswith(RLI) else RLI + p + PDI
                   for p in parts)


def _rtl_words(fig: go.Figure) -> None:
    """Every word of ``fig`` (title, axis titles and word ticks, notes, legend entries, word categories,
    hover texts) through :func:`rtl_text`."""
    layout = fig.layout
    layout.title.text = rtl_text(layout.title.text)
    for name in [k for k in layout if k.startswith(("xaxis", "yaxis"))]:
        axis = layout[name]
        axis.title.text = rtl_text(axis.title.text)
        if axis.ticktext is not None:
            axis.ticktext = [rtl_text(v) for v in axis.ticktext]
    for note in layout.annotations:
        note.text = rtl_text(note.text)
    for trace in fig.data:
        trace.name = rtl_text(trace.name)
        for field in ("x", "hovertext", "hovertemplate", "text"):
            value = getattr(trace, field, None) if field in trace else None
            if isinstance(value, str):
                trace[field] = rtl_text(value)
            elif value is not None and len(value) and any(isinstance(v, str) for v in value):
                trace[field] = [rtl_text(v) for v in value]


TITLE_WIDTH = 40
"""A right-to-left title longer than this (in characters) is written on two lines, so that it stays whole
on a phone (plotly never wraps a title; it cuts it at the figure's edge)."""
TITLE_TOP = 28
"""Pixels above a right-to-left title: the height of plotly's tool bar, shown on hover at the top right."""
PANEL_TITLE_WIDTH = 18
"""The same for the title of one of several panels side by side."""


def _two_lines(text: str) -> str:
    """``text`` broken before its bracket, or else at the space nearest its middle (unless it has lines).

    >>> _two_lines("حكم: من 16 (مجموع الأبناط 162)")
    'حكم: من 16<br>(مجموع الأبناط 162)'
    """
    if "<br>" in text or " " not in text:
        return text
    bracket = text.find(" (")
    if 0.25 * len(text) <= bracket <= 0.75 * len(text):
        return text[:bracket] + "<br>" + text[bracket + 1:]
    middle = len(text) // 2
    spaces = [i for i, c in enumerate(text) if c == " "]
    cut = min(spaces, key=lambda i: abs(i - middle))
    return text[:cut] + "<br>" + text[cut + 1:]


def _wrap_long_titles(fig: go.Figure) -> None:
    """Long titles of a right-to-left figure on two lines, with the room they need above the plot."""
    layout = fig.layout
    extra = 0
    title = layout.title.text
    lines = 1
    if title and len(title) > TITLE_WIDTH and "<br>" not in title:
        layout.title.text = _two_lines(title)
        extra += 30
        lines = 2
    panels = [a for a in layout.annotations if a.xref == "paper" and a.yanchor == "bottom" and a.y == 1]
    if len(panels) > 1 and any(len(a.text or "") > PANEL_TITLE_WIDTH for a in panels):
        for a in panels:
            a.update(text=_two_lines(a.text or ""), font_size=14)
        extra += 20
    if extra:
        # The plot keeps its height: the figure grows by the room the lines take.
        layout.update(height=(layout.height or 450) + extra,
                      margin_t=(layout.margin.t if layout.margin.t is not None else 80) + extra)
    # The title starts on the right, where plotly shows its tool bar on hover: the title goes just under it.
    # (Plotly anchors a title of two lines a line too high: it goes a line lower.)
    top = TITLE_TOP + 20 * (lines - 1)
    layout.title.update(yref="container", y=1 - top / (layout.height or 450), yanchor="top")


def _flip_anchor(anchor: str | None) -> str | None:
    return {"left": "right", "right": "left"}.get(anchor or "", anchor)


def for_language(fig: go.Figure, lang: str | None = None) -> go.Figure:
    """The figure as a reader of ``lang`` expects it: unchanged in a left-to-right language; mirrored in a
    right-to-left one. Mirrored: every x axis runs right to left (a fixed range is reversed, an automatic
    one ``autorange="reversed"``) and side-by-side panels swap places; every y axis stands on the right;
    the title, a horizontal legend (read from the right) and what is pinned to the paper (notes, shading)
    move to the other side; labels that point away from their point point the other way; the margins swap;
    every line of words is isolated right to left (:func:`rtl_text`).

    >>> fig = for_language(go.Figure(go.Bar(x=["a", "b"], y=[1, 2])), "ar")
    >>> fig.layout.xaxis.autorange, fig.layout.yaxis.side, fig.layout.title.xanchor
    ('reversed', 'right', 'right')
    """
    if not is_rtl(page_lang(lang)):
        return fig
    layout = fig.layout
    for name in [k for k in layout if k.startswith("xaxis")] or ["xaxis"]:
        axis = layout[name]
        if axis.range is not None and axis.autorange in (None, False):
            axis.range = tuple(reversed(axis.range))
        else:
            axis.autorange = "reversed"
        if axis.domain is not None:
            lo, hi = axis.domain
            axis.domain = (round(1 - hi, 10), round(1 - lo, 10))
    for name in [k for k in layout if k.startswith("yaxis")] or ["yaxis"]:
        layout[name].side = "right"
    x = layout.title.x
    layout.title.update(x=1 - (x if x is not None else 0.02),
                        xanchor=_flip_anchor(layout.title.xanchor) if layout.title.xanchor not in (None, "auto")
                        else "right")
    legend = layout.legend
    if legend.orientation == "h":
        legend.update(x=1 - (legend.x if legend.x is not None else 0),
                      xanchor=_flip_anchor(legend.xanchor) if legend.xanchor not in (None, "auto") else
                      ("left" if legend.x is not None and legend.x > 0.5 else "right"),
                      traceorder="reversed+grouped" if "grouped" in (legend.traceorder or "") else "reversed")
    margin = layout.margin
    if margin.l is not None or margin.r is not None:
        margin.l, margin.r = margin.r, margin.l
    for note in layout.annotations:
        if note.xref == "paper" or str(note.xref).endswith("domain"):  # None is the x axis: data, not paper
            if note.x is not None:
                note.x = 1 - note.x
        note.xanchor = _flip_anchor(note.xanchor)
        if note.xshift:
            note.xshift = -note.xshift
        if note.ax and note.axref in (None, "pixel"):
            note.ax = -note.ax
    for shape in layout.shapes:
        if shape.xref == "paper" or str(shape.xref).endswith("domain"):
            shape.x0, shape.x1 = 1 - shape.x1, 1 - shape.x0
    layout.hoverlabel.align = "right"
    _wrap_long_titles(fig)
    _rtl_words(fig)
    return fig


class Chart(NamedTuple):
    """A figure and the data it shows (one row per bar, point or box)."""

    fig: go.Figure
    data: pd.DataFrame


def _layout(fig: go.Figure, title: str, *, height: int = 420, **kw) -> go.Figure:
    fig.update_layout(title={"text": title, "x": 0.01, "xanchor": "left"}, template=TEMPLATE, height=height,
                      margin={"l": 60, "r": 20, "t": 70, "b": 55},
                      legend={"orientation": "h", "yanchor": "bottom", "y": 1.0, "xanchor": "right", "x": 1.0},
                      **kw)
    return fig


def _pct(p: float) -> str:
    if p >= 0.001:
        return f"{p:.1%}"
    return f"{p:.3%}"


def _modes_in(df: pd.DataFrame) -> list[str]:
    present = set(df["mode"]) if len(df) else set()
    return [m for m in MODE_ORDER if m in present] or list(MODE_ORDER)


# --- exact probabilities ------------------------------------------------------------------------

SHORT_TITLES = {
    "sira": N_("Sira<br>(run of 3)"), "fifty": N_("Fifty<br>(run of 4)"),
    "hundred_run": N_("Hundred<br>(run of 5+)"), "hundred_four": N_("Hundred<br>(four K, Q, J or 10)"),
    "four_aces": N_("Four Aces<br>(400 in Sun)"), "baloot": N_("Baloot<br>(trump K + Q)"),
    "any_project": N_("Any<br>project"),
}
"""Axis labels of the probability chart (two lines each)."""

PROJECT_TITLES = {
    "sira": N_("Sira (run of 3)"), "fifty": N_("Fifty (run of 4)"),
    "hundred_run": N_("Hundred (run of 5 or more)"), "hundred_four": N_("Hundred (four K, Q, J or 10)"),
    "four_aces": N_("Four Aces (Four Hundred in Sun)"), "baloot": N_("Baloot (trump K and Q)"),
    "any_project": N_("Any project"),
}
"""The projects as the probability table names them (the engine's ``EVENT_TITLES``, marked for translation)."""


def probability_frame(rows: Iterable[ExactRow]) -> pd.DataFrame:
    """One row per (event, hand size): the exact fraction, its value and "1 in N"."""
    return pd.DataFrame([{
        "event": r.event, "project": r.title, "cards": r.cards,
        "hand": "8 cards (whole hand)" if r.cards == 8 else f"first {r.cards} cards",
        "hands_with_it": r.count, "all_hands": r.total, "fraction": str(r.fraction),
        "probability": r.value, "one_in": round(r.one_in, 1), "seconds": r.seconds,
    } for r in rows])


def _hand(cards: int, t) -> str:
    return t("8 cards (whole hand)") if cards == 8 else t("first {cards} cards", cards=cards)


def probability_pivot(df: pd.DataFrame, *, lang: str | None = None) -> pd.DataFrame:
    """The exact probabilities as a table for people: one row per project, both hand sizes side by side."""
    t = words(lang)
    rows = []
    for event in dict.fromkeys(df["event"]):
        part = df[df["event"] == event].set_index("cards")
        row = {t("Project"): t(PROJECT_TITLES.get(event, part["project"].iloc[0]))}
        for cards in (8, 5):
            if cards in part.index:
                r = part.loc[cards]
                row[t("{cards} cards: chance", cards=cards) if cards == 8
                    else t("first {cards} cards: chance", cards=cards)] = _pct(float(r["probability"]))
                row[t("{cards} cards: 1 in", cards=cards) if cards == 8
                    else t("first {cards} cards: 1 in", cards=cards)] = f"{r['one_in']:,.1f}"
                row[t("{cards} cards: exact", cards=cards) if cards == 8
                    else t("first {cards} cards: exact", cards=cards)] = r["fraction"]
        rows.append(row)
    return pd.DataFrame(rows)


def probability_chart(rows: Iterable[ExactRow] | pd.DataFrame, *, lang: str = "en") -> Chart:
    """Bar chart of the exact chance of holding each project, for 8 cards and the first 5 cards.

    English unless ``lang`` says otherwise, never the page's language by itself: pages build this figure
    once for every session (``st.cache_resource``), so the language must be part of what they cache it by.
    """
    t = words(lang)
    df = rows if isinstance(rows, pd.DataFrame) else probability_frame(rows)
    fig = go.Figure()
    for cards in sorted(set(df["cards"]), reverse=True):
        part = df[df["cards"] == cards]
        fig.add_bar(
            x=[t(SHORT_TITLES[e]) if e in SHORT_TITLES else p for e, p in zip(part["event"], part["project"])],
            y=part["probability"], name=_hand(int(cards), t),
            marker_color=HAND_COLOURS.get(int(cards), "#888"),
            text=[_pct(p) for p in part["probability"]], textposition="outside", cliponaxis=False,
            customdata=np.stack([part["fraction"], part["one_in"]], axis=1),
            hovertemplate=("%{x}<br>%{y:.4%} = %{customdata[0]}<br>"
                           + t("1 in {n}", n="%{customdata[1]:,}") + "<extra>%{fullData.name}</extra>"),
        )
    _layout(fig, t("Chance of holding each project (exact, by counting hands)"), height=460, barmode="group")
    ticks = [0.0001, 0.001, 0.01, 0.1, 1]
    fig.update_yaxes(type="log", title=t("probability (log scale)"), range=[-4.4, 0.05], tickvals=ticks,
                     ticktext=["0.01%", "0.1%", "1%", "10%", "100%"])
    # Arabic labels are wider: let plotly turn them when a phone's screen has no room for them side by side.
    fig.update_xaxes(title=None, tickangle=None if is_rtl(page_lang(lang)) else 0)
    return Chart(for_language(fig, lang), df)


# --- simulated deals ----------------------------------------------------------------------------

CHART_COLUMNS: tuple[str, ...] = (
    "mode", "buyer_team", "raw_NS", "raw_EW", "buyer_raw", "converted_NS", "converted_EW", "award_NS",
    "award_EW", "buyer_made", "kaboot", "tie", *(f"trick{t}_points" for t in range(1, 9)))
"""The columns of a simulation the charts read (a CSV of ``simulate --out`` has them all)."""


def deals_frame(result: SimResult, columns: Sequence[str] | None = CHART_COLUMNS) -> pd.DataFrame:
    """A simulation as a DataFrame, one row per deal: the CSV columns the charts need (``columns=None``
    for all of them), plus each team's points seen from the buyer's side."""
    df = with_derived_columns(pd.DataFrame(result.arrays(None if columns is None else tuple(columns))))
    for col in ("mode", "buyer_team", "kaboot"):
        if col in df:
            df[col] = df[col].astype("category")
    return df


def with_derived_columns(df: pd.DataFrame) -> pd.DataFrame:
    """Add ``other_raw``, ``buyer_converted``/``other_converted`` and ``buyer_award``/``other_award``."""
    df = df.copy()
    if "kaboot" in df:
        df["kaboot"] = df["kaboot"].fillna("").astype(str)
    buyer_ns = df["buyer_team"] == "NS"
    df["other_raw"] = np.where(buyer_ns, df["raw_EW"], df["raw_NS"])
    df["buyer_converted"] = np.where(buyer_ns, df["converted_NS"], df["converted_EW"])
    df["other_converted"] = np.where(buyer_ns, df["converted_EW"], df["converted_NS"])
    df["buyer_award"] = np.where(buyer_ns, df["award_NS"], df["award_EW"])
    df["other_award"] = np.where(buyer_ns, df["award_EW"], df["award_NS"])
    return df


TEAMS = (("buyer's team", N_("buyer's team"), BUYER_COLOUR), ("other team", N_("other team"), OTHER_COLOUR))
"""The two sides of a simulated deal: the name in the chart's data, its msgid, its colour."""


def _team_histogram(df: pd.DataFrame, buyer_col: str, other_col: str, *, title: str, x_title: str,
                    bin_size: int, lang: str | None) -> Chart:
    t = words(lang)
    modes = _modes_in(df)
    fig = make_subplots(rows=1, cols=len(modes), subplot_titles=[t(MODE_TITLES[m]) for m in modes],
                        horizontal_spacing=0.08)
    rows = []
    for col, mode in enumerate(modes, start=1):
        part = df[df["mode"] == mode]
        n = max(len(part), 1)
        for (team, team_id, colour), column in zip(TEAMS, (buyer_col, other_col)):
            name = t(team_id)
            values = part[column].to_numpy()
            top = int(values.max()) if len(values) else 0
            edges = np.arange(0, top + bin_size + 1, bin_size)
            counts, _ = np.histogram(values, bins=edges)
            centres = edges[:-1] + (bin_size - 1) / 2
            hover = t("{team}<br>{what} {low}–{high}<br>{share} of deals ({count})", team=name, what=x_title,
                      low="%{customdata[0]}", high="%{customdata[1]}", share="%{y:.1%}",
                      count="%{customdata[2]:,}")
            fig.add_bar(x=centres, y=counts / n, name=name, marker_color=colour,
                        legendgroup=team, showlegend=col == 1,
                        customdata=np.stack([edges[:-1], edges[:-1] + bin_size - 1, counts], axis=1),
                        hovertemplate=hover + "<extra></extra>", row=1, col=col)
            rows += [{"mode": mode, "team": team, "from": int(a), "to": int(a + bin_size - 1), "deals": int(c),
                      "share": c / n} for a, c in zip(edges[:-1], counts)]
        fig.update_xaxes(title=x_title, row=1, col=col)
        fig.update_yaxes(tickformat=".0%", rangemode="tozero", row=1, col=col)
    fig.update_yaxes(title=t("share of deals"), row=1, col=1)
    _layout(fig, title, barmode="group", bargap=0.15, bargroupgap=0.0)
    fig.update_layout(legend={"y": 1.1, "yanchor": "bottom", "x": 1.0, "xanchor": "right"},
                      margin={"l": 60, "r": 20, "t": 95, "b": 55})
    return Chart(for_language(fig, lang), pd.DataFrame(rows))


def raw_points_histogram(df: pd.DataFrame, *, lang: str | None = None) -> Chart:
    """Histograms of the raw card points of the buyer's team and of the other team, Sun and Hokum."""
    t = words(lang)
    df = df if "other_raw" in df else with_derived_columns(df)
    return _team_histogram(df, "buyer_raw", "other_raw",
                           title=t("Raw card points of each team (last trick's 10 included)"),
                           x_title=t("raw points"), bin_size=10, lang=lang)


def converted_points_histogram(df: pd.DataFrame, *, lang: str | None = None) -> Chart:
    """Histograms of the converted card points (game points before projects) of both teams."""
    t = words(lang)
    df = df if "buyer_converted" in df else with_derived_columns(df)
    return _team_histogram(df, "buyer_converted", "other_converted",
                           title=t("Converted card points of each team (Hokum out of 16, Sun out of 26)"),
                           x_title=t("game points from cards"), bin_size=1, lang=lang)


def award_box(df: pd.DataFrame, *, lang: str | None = None) -> Chart:
    """Box plots of what each team records for the deal (the award), by contract."""
    t = words(lang)
    df = df if "buyer_award" in df else with_derived_columns(df)
    fig = go.Figure()
    rows = []
    for (team, team_id, colour), column in zip(TEAMS, ("buyer_award", "other_award")):
        x = df["mode"].map({m: t(title) for m, title in MODE_TITLES.items()})
        fig.add_box(x=x, y=df[column], name=t(team_id), marker_color=colour, boxmean=True,
                    boxpoints=False)
        for mode in _modes_in(df):
            v = df.loc[df["mode"] == mode, column]
            if len(v):
                q = v.quantile([0.25, 0.5, 0.75])
                rows.append({"mode": mode, "team": team, "mean": v.mean(), "min": v.min(), "q1": q[0.25],
                             "median": q[0.5], "q3": q[0.75], "max": v.max(), "deals": len(v)})
    _layout(fig, t("Game points each team records for the deal"), boxmode="group")
    fig.update_yaxes(title=t("game points (award)"))
    fig.update_xaxes(title=None)
    return Chart(for_language(fig, lang), pd.DataFrame(rows))


def _flag(column: pd.Series) -> np.ndarray:
    """A yes/no column as booleans, whether it holds bools or the strings of a CSV file."""
    if column.dtype == bool:
        return column.to_numpy()
    return column.astype(str).str.lower().isin(("true", "1", "yes")).to_numpy()


def _ci(k: int, n: int) -> float:
    """Half-width of the normal-approximation 95% interval of a share (fine for thousands of deals)."""
    if n == 0:
        return 0.0
    p = k / n
    return 1.96 * float(np.sqrt(p * (1 - p) / n))


OUTCOMES = (N_("Buyer fails"), N_("Kaboot (all 8 tricks)"), N_("Tie, settled by the tie rule"))
"""The outcomes :func:`outcome_rates` counts (msgids; the chart's data keeps the English)."""


def outcome_rates(df: pd.DataFrame, *, lang: str | None = None) -> Chart:
    """How often the buyer fails, a team takes every trick (Kaboot) and the comparison is a tie."""
    t = words(lang)
    kinds = ((OUTCOMES[0], ~_flag(df["buyer_made"])),
             (OUTCOMES[1], df["kaboot"].fillna("").astype(str) != ""),
             (OUTCOMES[2], _flag(df["tie"])))
    fig = go.Figure()
    rows = []
    modes = _modes_in(df)
    width = 0.8 / len(modes)
    for j, mode in enumerate(modes):
        sel = (df["mode"] == mode).to_numpy()
        n = int(sel.sum())
        ys, errs, labels = [], [], []
        for label, flag in kinds:
            k = int(np.asarray(flag)[sel].sum())
            p = k / n if n else 0.0
            ys.append(p)
            errs.append(_ci(k, n))
            labels.append(t(label))
            rows.append({"mode": mode, "outcome": label, "deals": n, "count": k, "share": p,
                         "ci95": _ci(k, n)})
        fig.add_bar(x=labels, y=ys, name=t(MODE_TITLES[mode]), marker_color=MODE_COLOURS[mode],
                    error_y={"type": "data", "array": errs, "visible": True, "thickness": 1.2, "width": 4},
                    hovertemplate="%{x}<br>%{y:.2%} ± %{error_y.array:.2%}<extra>%{fullData.name}</extra>")
        for i, (y, e) in enumerate(zip(ys, errs)):
            fig.add_annotation(x=i - 0.4 + width * (j + 0.5), y=y + e, text=f"{y:.1%}", showarrow=False,
                               yanchor="bottom", yshift=2, font={"size": 12})
    _layout(fig, t("How often the buyer fails, a Kaboot happens, and the comparison ties"), barmode="group")
    top = max((r["share"] + r["ci95"] for r in rows), default=0.1)
    fig.update_yaxes(title=t("share of deals (95% interval)"), tickformat=".0%", range=[0, top * 1.18])
    return Chart(for_language(fig, lang), pd.DataFrame(rows))


def trick_points_chart(df: pd.DataFrame, *, lang: str | None = None) -> Chart:
    """Average raw points in each trick (1 to 8; the 8th includes the last trick's 10), Sun and Hokum."""
    t = words(lang)
    cols = [f"trick{i}_points" for i in range(1, 9)]
    fig = go.Figure()
    rows = []
    for mode in _modes_in(df):
        part = df.loc[df["mode"] == mode, cols]
        means = part.mean().to_numpy() if len(part) else np.zeros(8)
        sds = part.std().to_numpy() if len(part) > 1 else np.zeros(8)
        fig.add_scatter(x=list(range(1, 9)), y=means, name=t(MODE_TITLES[mode]), mode="lines+markers",
                        line={"color": MODE_COLOURS[mode], "width": 3}, marker={"size": 8},
                        hovertemplate=t("trick {trick}: {points} points on average", trick="%{x}",
                                        points="%{y:.1f}") + "<extra>%{fullData.name}</extra>")
        rows += [{"mode": mode, "trick": i + 1, "mean_points": float(means[i]), "sd": float(sds[i]),
                  "deals": len(part)} for i in range(8)]
    _layout(fig, t("Average raw points in each trick"))
    fig.update_xaxes(title=t("trick number"), dtick=1)
    fig.update_yaxes(title=t("raw points (mean)"), rangemode="tozero")
    fig.add_annotation(x=8, y=0, yref="paper", yanchor="bottom", text=t("includes the last trick's 10"),
                       showarrow=False, font={"size": 11, "color": "#555"})
    return Chart(for_language(fig, lang), pd.DataFrame(rows))


# --- the conversion chart -----------------------------------------------------------------------

UP_COLOUR = "#f3d9a4"
KEPT_COLOUR = "#c9dcf0"
TIE_LABELS = {"counting": N_("tie: the counting team wins"), "other": N_("tie: the counting team loses"),
              "buyer": N_("tie: neutral, favours the buyer")}
ROUNDING = {"down": N_("down"), "up": N_("up"), "keeps the 5": N_("keeps the 5")}
"""The rounding column's values (msgids: the hover text translates them; the data keeps the English)."""


def conversion_frame(modes: Sequence[Mode] = (Mode.HOKUM, Mode.SUN), *,
                     profile: RuleProfile = DEFAULT_PROFILE) -> pd.DataFrame:
    """Every raw total of the counting team, its game points, the complement, rounding and who wins an
    undoubled tie under ``profile``'s tie rule.

    >>> row = conversion_frame([Mode.SUN]).loc[65]
    >>> int(row["game_points"]), row["rounding"]
    (13, 'keeps the 5')
    """
    rows = []
    for mode in modes:
        for raw in range(RAW_TOTAL[mode] + 1):
            units = raw % 10
            if mode is Mode.HOKUM:
                rounding = "down" if units <= 5 else "up"
            else:
                rounding = "down" if units <= 4 else ("keeps the 5" if units == 5 else "up")
            conv = convert(raw, mode)
            rows.append({"mode": mode.value, "raw": raw, "units": units, "game_points": conv,
                         "other_team": GAME_POOL[mode] - conv, "rounding": rounding,
                         "tie": undoubled_tie(units, mode, profile)})
    return pd.DataFrame(rows)


def conversion_chart(modes: Sequence[Mode] = (Mode.HOKUM, Mode.SUN), *,
                     profile: RuleProfile = DEFAULT_PROFILE, lang: str = "en") -> Chart:
    """Raw points → game points for the counting team, a step chart per contract, with the
    rounding zones shaded (where the raw total is rounded up) and who wins an undoubled tie under
    ``profile``'s tie rule. English unless ``lang`` says otherwise, like :func:`probability_chart`
    (built once for every session by the pages that show it)."""
    t = words(lang)
    df = conversion_frame(modes, profile=profile)
    fig = make_subplots(rows=1, cols=len(modes), horizontal_spacing=0.08,
                        subplot_titles=[t("{mode}: out of {pool} (raw total {raw})", mode=m, pool=GAME_POOL[m],
                                          raw=RAW_TOTAL[m]) for m in modes])
    for col, mode in enumerate(modes, start=1):
        part = df[df["mode"] == mode.value]
        xref = "x" if col == 1 else f"x{col}"
        yref = "y" if col == 1 else f"y{col}"
        for tens in range(0, RAW_TOTAL[mode] + 1, 10):
            lo, hi = tens + 6, min(tens + 9, RAW_TOTAL[mode])
            if lo <= hi:
                fig.add_shape(type="rect", x0=lo - 0.5, x1=hi + 0.5, y0=0, y1=1, xref=xref,
                              yref=f"{yref} domain", fillcolor=UP_COLOUR, opacity=0.5, line_width=0,
                              layer="below")
            if mode is Mode.SUN and tens + 5 <= RAW_TOTAL[mode]:
                fig.add_shape(type="rect", x0=tens + 4.5, x1=tens + 5.5, y0=0, y1=1, xref=xref,
                              yref=f"{yref} domain", fillcolor=KEPT_COLOUR, opacity=0.5, line_width=0,
                              layer="below")
        fig.add_scatter(x=part["raw"], y=part["game_points"], mode="lines", line_shape="hv",
                        line={"color": "#333", "width": 2}, name=t("game points"), legendgroup="steps",
                        showlegend=col == 1, hoverinfo="skip", row=1, col=col)
        for tie, label in TIE_LABELS.items():
            sub = part[part["tie"] == tie]
            if sub.empty:
                continue
            hover = t("{mode}: raw {raw} → {points} game points, the other team {other}<br>rounded {rounding}; "
                      "{tie}", mode=mode, raw="%{x}", points="%{y}", other="%{customdata[0]}",
                      rounding="%{customdata[1]}", tie=t(label))
            fig.add_scatter(
                x=sub["raw"], y=sub["game_points"], mode="markers", name=t(label), legendgroup=tie,
                showlegend=col == 1, marker={"color": TIE_COLOURS[tie], "size": 5},
                customdata=np.stack([sub["other_team"], sub["rounding"].map(lambda r: t(ROUNDING[r]))], axis=1),
                hovertemplate=hover + "<extra></extra>", row=1, col=col)
        fig.update_xaxes(title=t("raw points of the counting team"), range=[-2, RAW_TOTAL[mode] + 2],
                         row=1, col=col)
        fig.update_yaxes(range=[-0.5, GAME_POOL[mode] + 0.8], row=1, col=col)
    fig.update_yaxes(title=t("game points"), row=1, col=1)
    # A legend entry for the shading.
    fig.add_scatter(x=[None], y=[None], mode="markers", name=t("units 6–9: rounded up"),
                    marker={"symbol": "square", "size": 12, "color": UP_COLOUR}, showlegend=True)
    if Mode.SUN in modes:
        fig.add_scatter(x=[None], y=[None], mode="markers", name=t("Sun units 5: the 5 is kept"),
                        marker={"symbol": "square", "size": 12, "color": KEPT_COLOUR}, showlegend=True)
    _layout(fig, t("Converting raw points to game points (the other team gets the rest of 16 or 26)"),
            height=460)
    fig.update_layout(legend={"y": -0.22, "yanchor": "top", "x": 0, "xanchor": "left"},
                      margin={"l": 60, "r": 20, "t": 80, "b": 110})
    return Chart(for_language(fig, lang), df)


def all_simulation_charts(df: pd.DataFrame, *, lang: str | None = None) -> dict[str, Chart]:
    """Every chart of a simulation, by a short key."""
    return {
        "raw": raw_points_histogram(df, lang=lang),
        "converted": converted_points_histogram(df, lang=lang),
        "award": award_box(df, lang=lang),
        "outcomes": outcome_rates(df, lang=lang),
        "tricks": trick_points_chart(df, lang=lang),
    }
