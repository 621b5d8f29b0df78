"""Chart builders: engine results in, plotly figures (with titles and the expected traces) and their
data out. No Streamlit here."""

from __future__ import annotations

import io

import pandas as pd
import plotly.graph_objects as go
import pytest

from explorer.engine.core.tables import Mode
from explorer.engine.fast.probabilities import EVENTS, exact_table
from explorer.engine.fast.simulate import CSV_COLUMNS, simulate, write_csv
from explorer.engine.rules.scoring import convert
from explorer.view.charts import figures as charts


@pytest.fixture(scope="module")
def deals() -> pd.DataFrame:
    return charts.deals_frame(simulate(3000, seed=21))


def _title(fig: go.Figure) -> str:
    return fig.layout.title.text


def test_probability_chart_has_a_bar_trace_per_hand_size_and_a_bar_per_project():
    chart = charts.probability_chart(exact_table())
    assert _title(chart.fig).startswith("Chance of holding each project")
    assert [t.type for t in chart.fig.data] == ["bar", "bar"]
    assert [t.name for t in chart.fig.data] == ["8 cards (whole hand)", "first 5 cards"]
    assert all(len(t.x) == len(EVENTS) for t in chart.fig.data)
    assert chart.fig.layout.yaxis.type == "log"
    assert set(chart.data["event"]) == set(EVENTS) and len(chart.data) == 2 * len(EVENTS)
    pivot = charts.probability_pivot(chart.data)
    assert pivot.shape[0] == len(EVENTS) and "8 cards: exact" in pivot


def test_histograms_show_both_teams_in_sun_and_hokum(deals):
    for chart, words in ((charts.team_points_histogram(deals, "raw"), "Raw card points"),
                         (charts.team_points_histogram(deals, "converted"), "Converted card points")):
        assert _title(chart.fig).startswith(words)
        assert [t.name for t in chart.fig.data] == ["buyer's team", "other team"] * 2
        assert [a.text for a in chart.fig.layout.annotations] == ["Sun", "Hokum"]
        data = chart.data
        assert set(data["mode"]) == {"sun", "hokum"}
        for (mode, _team), part in data.groupby(["mode", "team"]):
            assert part["deals"].sum() == (deals["mode"] == mode).sum()


def test_histogram_of_one_mode_has_one_panel():
    one = charts.deals_frame(simulate(500, seed=2, mode="sun"))
    chart = charts.team_points_histogram(one, "raw")
    assert len(chart.fig.data) == 2 and [a.text for a in chart.fig.layout.annotations] == ["Sun"]
    assert chart.data["to"].max() >= 130


def test_award_box_outcomes_and_trick_points(deals):
    box = charts.award_box(deals)
    assert _title(box.fig).startswith("Game points each team records")
    assert [t.type for t in box.fig.data] == ["box", "box"]
    assert set(box.data["team"]) == {"buyer's team", "other team"}

    rates = charts.outcome_rates(deals)
    assert _title(rates.fig).startswith("How often the buyer fails")
    assert [t.name for t in rates.fig.data] == ["Sun", "Hokum"]
    fails = rates.data[rates.data["outcome"] == "Buyer fails"]
    expect = (~deals["buyer_made"]).groupby(deals["mode"], observed=True).mean()
    for _, row in fails.iterrows():
        assert row["share"] == pytest.approx(expect[row["mode"]])

    tricks = charts.trick_points_chart(deals)
    assert _title(tricks.fig).startswith("Average raw points in each trick")
    assert [list(t.x) for t in tricks.fig.data] == [list(range(1, 9))] * 2
    totals = tricks.data.groupby("mode")["mean_points"].sum()
    assert totals["sun"] == pytest.approx(130) and totals["hokum"] == pytest.approx(162)


def test_charts_read_a_csv_written_by_the_simulator(tmp_path):
    path = tmp_path / "deals.csv"
    result = simulate(400, seed=8)
    write_csv(result, str(path))
    df = pd.read_csv(path)
    assert list(df.columns) == CSV_COLUMNS
    from_csv = charts.outcome_rates(charts.with_derived_columns(df)).data
    direct = charts.outcome_rates(charts.deals_frame(result)).data
    assert from_csv["count"].tolist() == direct["count"].tolist()


def test_conversion_chart_is_a_step_chart_with_tie_units_marked():
    chart = charts.conversion_chart()
    assert _title(chart.fig).startswith("Converting raw points to game points")
    steps = [t for t in chart.fig.data if t.name == "game points"]
    assert len(steps) == 2 and all(t.line.shape == "hv" for t in steps)
    names = {t.name for t in chart.fig.data}
    assert set(charts.TIE_LABELS.values()) <= names
    assert len(chart.fig.layout.shapes) > 20                         # the rounding zones
    df = chart.data
    for mode in (Mode.HOKUM, Mode.SUN):
        part = df[df["mode"] == mode.value]
        assert part["game_points"].tolist() == [convert(r, mode) for r in part["raw"]]
    hokum = df[df["mode"] == "hokum"].set_index("raw")
    assert tuple(hokum.loc[78, ["game_points", "other_team", "tie"]]) == (8, 8, "other")     # seed 000 §09
    sun = df[df["mode"] == "sun"].set_index("raw")
    assert tuple(sun.loc[65, ["game_points", "rounding", "tie"]]) == (13, "keeps the 5", "buyer")


def test_every_chart_has_a_title_and_data_for_a_csv(deals):
    built = [charts.probability_chart(exact_table()), charts.conversion_chart(),
             *charts.all_simulation_charts(deals).values()]
    for chart in built:
        assert isinstance(chart.fig, go.Figure) and _title(chart.fig)
        buf = io.StringIO()
        chart.data.to_csv(buf, index=False)
        assert len(buf.getvalue().splitlines()) == len(chart.data) + 1 > 1
