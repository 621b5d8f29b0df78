"""Every chart of the app in Arabic: its words (title, axes, legend, hover texts, word ticks, notes) are
Arabic, its numbers Western digits, and it is mirrored for a right-to-left reader (x axis right to left,
y axis on the right, title on the right); in English the same builders draw what they always drew.
No Streamlit here: the builders take ``lang``."""

from __future__ import annotations

import re
import subprocess
import sys

import plotly.graph_objects as go
import pytest

from explorer.engine.core.cards import Card
from explorer.engine.fast.probabilities import exact_table
from explorer.engine.fast.simulate import simulate
from explorer.engine.game.state import Play
from explorer.view.charts import explore as explore_charts
from explorer.view.charts import figures as charts
from explorer.view.charts import practice as practice_charts
from explorer.view.charts import replay as replay_charts
from tests.app.arabic import english_words
from tests.engine.test_arabic_messages import ARABIC_INDIC_DIGIT, ARABIC_LETTER

_TOKEN = re.compile(r"%\{[^}]*\}|<[^>]+>")
_ISOLATES = re.compile("[\u2066-\u2069]")


def _plain(texts) -> list[str]:
    """Texts without their bidi isolates (what the words are, not how they are ordered on screen)."""
    return [_ISOLATES.sub("", str(t)) for t in texts]


@pytest.fixture(scope="module")
def deals():
    return charts.deals_frame(simulate(1500, seed=5))


OUT = {"converted": {"NS": 12, "EW": 14}, "project_points": {"NS": 4, "EW": 0}, "baloot_points": {"NS": 0, "EW": 0},
       "comparison": {"NS": 16, "EW": 14}, "award": {"NS": 30, "EW": 0}, "counting_team": "NS", "winner": "NS",
       "contract": {"mode": "sun", "buyer": "E"}, "steps": [{"step": "raw", "values": {"NS": 56, "EW": 74}}]}
GAHWA = {**OUT, "award": None}
TRICKS = [{"trick": 0, "NS": 0, "EW": 0}, {"trick": 1, "NS": 16, "EW": 0}, {"trick": 2, "NS": 16, "EW": 30}]
MATCH = [{"deal": 1, "NS": 100, "EW": 60}, {"deal": 2, "NS": 160, "EW": 76}]


def _figures(lang: str, deals) -> dict[str, go.Figure]:
    """Every figure builder of the app, in ``lang``."""
    sim = charts.all_simulation_charts(deals, lang=lang)
    return {
        "probabilities": charts.probability_chart(exact_table(), lang=lang).fig,
        "conversion": charts.conversion_chart(lang=lang).fig,
        **{name: chart.fig for name, chart in sim.items()},
        "waterfall": explore_charts.score_waterfall(OUT, lang=lang),
        "waterfall_gahwa": explore_charts.score_waterfall(GAHWA, lang=lang),
        "deal_points": replay_charts.deal_points_figure(TRICKS, current_trick=2, total=162, buyer_team="NS",
                                                        lang=lang),
        "match": replay_charts.match_figure(MATCH, decided_at=2, winner="NS", lang=lang),
        "hint": practice_charts.hint_chart({Play(Card.parse("KH")): 3.5, Play(Card.parse("7S"), ekka=True): -1.0},
                                           Play(Card.parse("KH")), lang=lang),
    }


def _words(fig: go.Figure) -> list[str]:
    """What a person reads on a figure: title, axis titles, word ticks, legend entries, hover texts, notes."""
    layout = fig.layout
    texts = [layout.title.text or ""]
    for name in layout:
        if name.startswith(("xaxis", "yaxis")):
            axis = layout[name]
            texts += [axis.title.text or "", *(axis.ticktext or ())]
    texts += [a.text or "" for a in layout.annotations]
    for trace in fig.data:
        texts.append(trace.name or "")
        x = getattr(trace, "x", None)
        texts += [str(v) for v in (() if x is None else x) if isinstance(v, str)]
        texts.append(getattr(trace, "hovertemplate", None) or "")
        hovertext = getattr(trace, "hovertext", None)
        texts += [hovertext] if isinstance(hovertext, str) else list(hovertext or ())
        customdata = getattr(trace, "customdata", None)
        if customdata is not None:
            texts += [str(v) for row in customdata for v in row if isinstance(v, str)]
    return [_TOKEN.sub(" ", t) for t in texts if t]


@pytest.fixture(scope="module")
def arabic(deals):
    return _figures("ar", deals)


@pytest.fixture(scope="module")
def english(deals):
    return _figures("en", deals)


def test_every_chart_in_arabic_has_arabic_words_and_no_english(arabic):
    for name, fig in arabic.items():
        words = _words(fig)
        assert ARABIC_LETTER.search(fig.layout.title.text), name
        assert english_words(words) == [], (name, english_words(words))
        assert not any(ARABIC_INDIC_DIGIT.search(w) for w in words), name


def test_every_chart_in_arabic_has_arabic_axis_titles(arabic):
    for name, fig in arabic.items():
        titles = [fig.layout[a].title.text for a in fig.layout if a.startswith(("xaxis", "yaxis"))]
        titles = [t for t in titles if t]
        assert titles and all(ARABIC_LETTER.search(t) for t in titles), (name, titles)


def test_every_chart_in_arabic_is_mirrored(arabic):
    """x axes run right to left (reversed autorange, or a fixed range written high to low), y axes stand on
    the right, and the title starts on the right."""
    for name, fig in arabic.items():
        layout = fig.layout
        xs = [layout[a] for a in layout if a.startswith("xaxis")] or [layout.xaxis]
        for axis in xs:
            assert axis.autorange == "reversed" or (axis.range is not None and axis.range[0] > axis.range[1]), name
        for axis in [layout[a] for a in layout if a.startswith("yaxis")] or [layout.yaxis]:
            assert axis.side == "right", name
        assert layout.title.xanchor == "right" and layout.title.x > 0.5, name


def test_side_by_side_panels_swap_places_in_arabic(arabic, english):
    """The first panel (Sun in the histograms, Hokum in the conversion) is read first: on the right in Arabic."""
    for name in ("raw", "converted", "conversion"):
        en, ar = english[name].layout, arabic[name].layout
        assert en.xaxis.domain[0] == 0 and ar.xaxis.domain[1] == 1, name
        assert [a.text for a in ar.annotations][:1] and ar.annotations[0].x > 0.5, name


def test_arabic_charts_name_teams_contracts_and_outcomes_in_the_players_words(arabic):
    assert _plain(t.name for t in arabic["raw"].data)[:2] == ["فريق المشتري", "الفريق الآخر"]
    assert _plain(a.text for a in arabic["raw"].layout.annotations) == ["صن", "حكم"]
    assert _plain(arabic["outcomes"].data[0].x) == ["سقوط المشتري", "كبوت (الأكلات الثماني كلها)",
                                                     "تعادل تحسمه قاعدة التعادل"]
    assert _plain(t.name for t in arabic["match"].data) == ["الشمال والجنوب", "الشرق والغرب"]
    assert "إكة" in arabic["hint"].data[0].x[1] and arabic["hint"].data[0].x[0] == "K♥"


def test_arabic_lines_are_isolated_right_to_left_so_plotly_draws_them_in_order(arabic):
    """Plotly draws SVG text left to right: each line with Arabic is a right-to-left isolate, so "8 أوراق"
    starts on the right; a card face alone is left as it is."""
    legend = arabic["probabilities"].data[0].name
    assert legend.startswith("\u2067") and legend.endswith("\u2069") and "8" in legend
    tick = arabic["probabilities"].data[0].x[0]
    assert tick.count("\u2067") == tick.count("<br>") + 1
    assert arabic["hint"].data[0].x[0] == "K♥"


def test_english_charts_are_not_mirrored(english):
    for name, fig in english.items():
        layout = fig.layout
        assert layout.xaxis.autorange != "reversed", name
        assert layout.yaxis.side in (None, "left"), name
        assert english_words(_words(fig)), name


def test_english_charts_keep_their_words(english):
    assert [t.name for t in english["raw"].data][:2] == ["buyer's team", "other team"]
    assert english["waterfall"].data[1].name == "EW (buyer)"
    assert list(english["waterfall"].data[0].x) == ["Cards", "Projects", "Baloot", "Compared", "Outcome", "Award"]
    assert english["hint"].data[0].x[1] == "7♠ (Ekka)"
    assert english["match"].layout.title.text == "The match (Sakka): running totals"


def test_the_chart_builders_import_no_streamlit():
    modules = "explorer.view.charts.figures, explorer.view.charts.explore, explorer.view.charts.replay, explorer.view.charts.practice"
    code = f"import sys, {modules}; print('streamlit' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_builder_without_lang_outside_a_page_draws_english():
    assert charts.page_lang() == "en"
    assert explore_charts.score_waterfall(OUT).layout.title.text == "From card points to the award"


def test_notes_on_the_data_stay_on_their_data_when_mirrored(arabic, english):
    """A note at a data point (an outcome's share above its bar, the last trick's note at trick 8) keeps its
    x: the reversed axis carries it; only notes pinned to the paper move to the other side."""
    for name in ("outcomes", "tricks", "match"):
        data_notes = lambda fig: [a.x for a in fig.layout.annotations if a.xref in (None, "x")]  # noqa: E731
        assert data_notes(arabic[name]) == data_notes(english[name]), name
    assert arabic["tricks"].layout.xaxis.range is None
