"""The Charts page in Arabic (``?lang=ar``): no exception and no English left on the page — its prose,
widget labels and options, the probability table, the captions and every chart's words — when it opens,
after its controls change, and after a cancelled simulation. (The sidebar is the shell's, tested there.)"""

from __future__ import annotations

import json
import re

import pytest
from streamlit.testing.v1 import AppTest

from explorer.ui import state
from tests.app.arabic import APP, english_words, open_page, page_texts
from tests.app.taps import action
from tests.engine.test_arabic_messages import ARABIC_INDIC_DIGIT, ARABIC_LETTER

_TOKEN = re.compile(r"%\{[^}]*\}|<[^>]+>")
ALLOWED = ("CSV", "PNG")


def _figures(at: AppTest) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("plotly_chart")]


def _figure_words(fig: dict) -> list[str]:
    layout = fig["layout"]
    texts = [layout.get("title", {}).get("text", "")]
    for name, axis in layout.items():
        if name.startswith(("xaxis", "yaxis")):
            texts += [axis.get("title", {}).get("text") or "", *axis.get("ticktext", [])]
    texts += [a.get("text", "") for a in layout.get("annotations", [])]
    for trace in fig["data"]:
        texts += [trace.get("name", ""), trace.get("hovertemplate", "")]
        texts += [v for v in trace.get("x", []) if isinstance(v, str)] if isinstance(trace.get("x"), list) else []
    return [_TOKEN.sub(" ", t) for t in texts if t]


def _everything(at: AppTest) -> list[str]:
    """What a person reads in the page's main area: prose, labels, options, table headers and cells, charts."""
    main = at.main
    texts = page_texts(main)
    for box in main.selectbox:
        texts += [str(o) for o in box.options]
    for slider in main.select_slider:
        texts += [str(o) for o in slider.options]
    for widget in (*main.number_input, *main.button, *main.get("download_button")):
        texts.append(str(getattr(widget, "help", "") or getattr(widget.proto, "help", "") or ""))
    for frame in (*main.dataframe, *main.table):
        table = frame.value
        texts += [str(c) for c in table.columns]
        texts += [str(v) for v in table.to_numpy().ravel()]
    for fig in _figures(at):
        texts += _figure_words(fig)
    return texts


def _assert_arabic(at: AppTest) -> None:
    assert not at.exception, at.exception
    texts = _everything(at)
    assert english_words(texts, allowed=ALLOWED) == [], english_words(texts, allowed=ALLOWED)
    assert not any(ARABIC_INDIC_DIGIT.search(t) for t in texts)
    assert ARABIC_LETTER.search(at.main.title[0].value)


@pytest.fixture(scope="module")
def page() -> AppTest:
    return open_page("charts.py", **{state.CHARTS_DEALS: 1_000})


def test_charts_page_in_arabic_has_no_english(page):
    _assert_arabic(page)
    assert page.main.title[0].value == "الرسوم البيانية"
    assert len(_figures(page)) == 7
    table = page.main.table[0].value                      # an HTML table: it flows right to left
    assert table.columns[0] == "المشروع" and table.shape[0] == 7


def test_charts_page_in_arabic_writes_counts_in_western_digits(page):
    captions = [c.value for c in page.main.caption]
    assert any("10,518,300" in c for c in captions)
    assert sum("1,000" in c for c in captions) == 5


def test_every_chart_on_the_arabic_page_is_mirrored(page):
    for fig in _figures(page):
        layout = fig["layout"]
        assert layout["xaxis"].get("autorange") == "reversed" or layout["xaxis"]["range"][0] > \
            layout["xaxis"]["range"][1], layout["title"]["text"]
        assert layout["yaxis"]["side"] == "right"
        assert layout["title"]["xanchor"] == "right"


def test_charts_page_in_arabic_after_changing_its_controls(page):
    page.selectbox(key=state.CHARTS_MODE).select("sun").run()
    _assert_arabic(page)
    page.number_input(key=state.CHARTS_SEED).set_value(3).run()
    _assert_arabic(page)
    page.select_slider(key=state.CHARTS_DEALS).set_value(2_000).run()
    _assert_arabic(page)
    assert any("صن فقط" in c.value and "2,000" in c.value for c in page.main.caption)


def test_charts_page_in_arabic_after_a_cancelled_simulation():
    at = open_page("charts.py", **{state.CHARTS_DEALS: 20_000})
    settings = [20_000, 7, "random", json.dumps("detailed")]
    at.session_state[state.CHARTS_CANCELLED] = settings
    at.session_state[state.CHARTS_DONE] = (settings, 1)
    at.run()
    _assert_arabic(at)
    assert at.main.warning and ARABIC_LETTER.search(at.main.warning[0].value)
    assert action(at, state.CHARTS_RESUME).label == "أكمل المحاكاة"


def _page_drawing_a_waterfall() -> None:
    import streamlit as st

    from explorer.view.charts import explore as explore_charts
    out = {"converted": {"NS": 12, "EW": 14}, "comparison": {"NS": 12, "EW": 14}, "award": {"NS": 0, "EW": 26},
           "counting_team": "NS", "winner": "EW", "contract": {"mode": "sun", "buyer": "N"}, "steps": []}
    st.plotly_chart(explore_charts.score_waterfall(out))


def test_a_chart_drawn_on_an_arabic_page_without_lang_is_in_arabic_and_mirrored():
    """The other pages (score calculator, deal checker, score sheet, practice table) call the builders
    without ``lang``: the builders then take the page's language."""
    at = AppTest.from_function(_page_drawing_a_waterfall, default_timeout=30)
    at.query_params["lang"] = "ar"
    at.run()
    assert not at.exception, at.exception
    fig = _figures(at)[0]
    assert english_words(_figure_words(fig)) == []
    assert fig["layout"]["xaxis"]["autorange"] == "reversed" and fig["layout"]["yaxis"]["side"] == "right"
    english = AppTest.from_function(_page_drawing_a_waterfall, default_timeout=30).run()
    assert _figures(english)[0]["layout"]["title"]["text"] == "From card points to the award"


def _page_drawing_the_cached_charts() -> None:
    import streamlit as st

    from explorer.engine.fast.probabilities import exact_table
    from explorer.view.charts import figures as charts
    st.plotly_chart(charts.probability_chart(exact_table()).fig)
    st.plotly_chart(charts.conversion_chart().fig)


def test_the_figures_pages_cache_for_everyone_take_a_language_only_when_given():
    """The probability and conversion charts are cached by their pages for every session: drawn on an
    Arabic page without ``lang`` they stay English, so an Arabic visitor never fills an English reader's cache."""
    at = AppTest.from_function(_page_drawing_the_cached_charts, default_timeout=60)
    at.query_params["lang"] = "ar"
    at.run()
    assert not at.exception, at.exception
    titles = [f["layout"]["title"]["text"] for f in _figures(at)]
    assert titles[0].startswith("Chance of holding each project") and titles[1].startswith("Converting raw")


@pytest.mark.parametrize(("lesson_id", "step"), [("06-projects", 10), ("07-scoring", 4)])
def test_a_lessons_chart_reads_in_the_pages_language(lesson_id, step):
    """The lessons cache their two charts per language: an Arabic page draws them in Arabic, and an
    English reader after it still gets English."""
    at = open_page("lesson.py")
    at.selectbox(key=state.LESSON_PICKER).select(lesson_id).run()
    at.session_state[state.lesson_step_key(lesson_id)] = step
    at.run()
    assert not at.exception, at.exception
    [fig] = _figures(at)
    assert fig["layout"]["title"]["text"] and english_words(_figure_words(fig)) == []
    english = AppTest.from_file(str(APP), default_timeout=60).run()
    english.switch_page("app_pages/lesson.py").run()
    english.selectbox(key=state.LESSON_PICKER).select(lesson_id).run()
    english.session_state[state.lesson_step_key(lesson_id)] = step
    english.run()
    [fig] = _figures(english)
    assert re.search(r"[A-Za-z]{4}", fig["layout"]["title"]["text"])
