"""Plotly figure builders: engine results or DataFrames in, ``go.Figure`` out, no Streamlit.

Every builder returns a :class:`Chart`: the figure and the table it was drawn from (for a CSV
download). Figures carry a title; colours are the same everywhere (the buyer's team blue, the
other team orange; Sun gold, Hokum green).

Every builder takes ``lang`` and draws its words in it, mirrored for a right-to-left reader
(:mod:`explorer.view.charts.language`: :func:`words`, :func:`for_language`; ``lang=None`` is the page's
language). The two figures pages cache for every session (:func:`probability_chart`,
:func:`conversion_chart`) default to English instead: a page passes its language and caches by it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from explorer.engine.core.i18n import N_, is_rtl
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile
from explorer.engine.core.tables import GAME_POOL, RAW_TOTAL, Mode
from explorer.engine.fast.probabilities import ExactRow
from explorer.engine.fast.result import SimResult
from explorer.engine.rules.scoring import convert, rounding, rounding_zones, undoubled_tie
from explorer.view.charts.language import for_language, page_lang, rtl_text, words  # noqa: F401  (the builders' API)

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


TEAM_POINTS = {
    "raw": ("raw", N_("Raw card points of each team (last trick's 10 included)"), N_("raw points"), 10),
    "converted": ("converted", N_("Converted card points of each team (Hokum out of 16, Sun out of 26)"),
                  N_("game points from cards"), 1),
}
"""The two team histograms: the columns (``buyer_<stem>``, ``other_<stem>``), title, x axis title, bin size."""


def team_points_histogram(df: pd.DataFrame, points: str = "raw", *, lang: str | None = None) -> Chart:
    """Histograms of both teams' card points, Sun and Hokum: ``raw`` (the last trick's 10 included) or
    ``converted`` (the game points from cards, before projects)."""
    stem, title_id, x_title_id, bin_size = TEAM_POINTS[points]
    buyer_col, other_col = f"buyer_{stem}", f"other_{stem}"
    df = df if buyer_col in df and other_col in df else with_derived_columns(df)
    t = words(lang)
    title, x_title = t(title_id), t(x_title_id)
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
            conv = convert(raw, mode)
            rows.append({"mode": mode.value, "raw": raw, "units": units, "game_points": conv,
                         "other_team": GAME_POOL[mode] - conv, "rounding": rounding(raw, mode),
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
        for lo, hi, how in rounding_zones(mode):                     # the engine's zones: rounded up, 5 kept
            fig.add_shape(type="rect", x0=lo - 0.5, x1=hi + 0.5, y0=0, y1=1, xref=xref, yref=f"{yref} domain",
                          fillcolor=UP_COLOUR if how == "up" else KEPT_COLOUR, opacity=0.5, line_width=0,
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
        "raw": team_points_histogram(df, "raw", lang=lang),
        "converted": team_points_histogram(df, "converted", lang=lang),
        "award": award_box(df, lang=lang),
        "outcomes": outcome_rates(df, lang=lang),
        "tricks": trick_points_chart(df, lang=lang),
    }
