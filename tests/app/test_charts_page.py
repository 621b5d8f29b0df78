"""The Charts page under AppTest: it runs, shows plotly charts with captions and downloads,
follows the sidebar's profile, and a cancelled simulation keeps the deals already played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from explorer.engine.core.profiles import SIMPLE
from explorer.engine.fast.simulate import CHUNK
from explorer.ui import state
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"
PAGE = ROOT / "explorer" / "app_pages" / "charts.py"
DEALS, SEED, MODE = "charts.deals", "charts.seed", "charts.mode"


def _figures(at: AppTest) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("plotly_chart")]


def _titles(at: AppTest) -> list[str]:
    return [f["layout"]["title"]["text"] for f in _figures(at)]


@pytest.fixture(scope="module")
def charts_at() -> AppTest:
    at = AppTest.from_file(str(PAGE), default_timeout=60)
    at.session_state[DEALS] = 2_000
    at.run()
    assert not at.exception, at.exception
    return at


def test_page_shows_every_chart_with_a_caption(charts_at):
    titles = _titles(charts_at)
    assert len(titles) == 7
    assert titles[0].startswith("Chance of holding each project")
    assert titles[-1].startswith("Converting raw points to game points")
    captions = [c.value for c in charts_at.caption]
    assert any("exact: counted over all 10,518,300 hands" in c for c in captions)
    assert sum("simulated with 2,000 deals, seed 7" in c for c in captions) == 5
    assert any("exact, from the engine's conversion" in c for c in captions)


def test_page_offers_csv_downloads_and_the_probability_table(charts_at):
    keys = [b.proto.id for b in charts_at.get("download_button")]
    assert sum("charts.csv." in k for k in keys) == 7
    table = charts_at.dataframe[0].value
    assert list(table["Project"])[0] == "Sira (run of 3)"
    assert table.shape[0] == 7


def test_page_reruns_with_other_settings(charts_at):
    charts_at.selectbox(key=MODE).select("hokum").run()
    charts_at.number_input(key=SEED).set_value(3).run()
    assert not charts_at.exception, charts_at.exception
    figs = _figures(charts_at)
    raw = next(f for f in figs if f["layout"]["title"]["text"].startswith("Raw card points"))
    assert len(raw["data"]) == 2                                       # Hokum only: one panel
    assert any("seed 3 (Hokum only" in c.value for c in charts_at.caption)


def test_page_in_the_app_follows_the_sidebar_profile():
    at = AppTest.from_file(str(APP), default_timeout=60).run()
    at.session_state[DEALS] = 1_000
    at.switch_page("app_pages/charts.py").run()
    assert not at.exception, at.exception
    at.selectbox(key=state.SIDEBAR_PROFILE_ID).select("simple").run()
    assert not at.exception, at.exception
    assert any(f"rules: {SIMPLE.title}" in c.value for c in at.caption)
    assert len(at.get("plotly_chart")) == 7


def test_a_cancelled_simulation_keeps_the_chunks_already_played():
    at = AppTest.from_file(str(PAGE), default_timeout=60)
    at.session_state[DEALS] = 20_000
    at.run()
    settings = [20_000, 7, "random", json.dumps("detailed")]
    at.session_state["charts.cancelled"] = settings
    at.session_state["charts.done"] = (settings, 1)
    at.run()
    assert not at.exception, at.exception
    assert any(f"{CHUNK:,} of 20,000 deals" in w.value for w in at.warning)
    assert any(f"simulated with {CHUNK:,} deals" in c.value for c in at.caption)
    action(at, "charts.resume").click().run()
    assert not at.warning
    assert any("simulated with 20,000 deals" in c.value for c in at.caption)


def test_no_plotly_toolbar_sits_over_the_chart_titles(charts_at):
    """Plotly's toolbar covered the titles (on a phone a tap shows it): every chart is drawn without it."""
    configs = [json.loads(c.proto.config) for c in charts_at.get("plotly_chart")]
    assert configs and all(c.get("displayModeBar") is False for c in configs)
