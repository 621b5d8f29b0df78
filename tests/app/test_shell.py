"""The app shell under AppTest: every page runs, the Reference pages show their content,
and the sidebar's rules profile reaches every page."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from explorer.content.glossary import load_glossary
from explorer.engine.core.profiles import OPTIONS, PROFILES, SIMPLE, TOURNAMENT
from explorer.ui import state
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"  # AppTest resolves relative paths against this test file
PAGES = sorted(p.name for p in (ROOT / "explorer" / "app_pages").glob("*.py"))


def html_text(at: AppTest) -> str:
    return "\n".join(h.value for h in at.html)


@pytest.fixture
def at() -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    assert not app.exception, app.exception
    return app


def test_app_starts_on_home(at):
    assert at.title[0].value == "Baloot explorer"
    assert "explains every verdict" in at.markdown[0].value
    assert at.session_state[state.APP_PROFILE] == PROFILES["detailed"]


@pytest.mark.parametrize("page", PAGES)
def test_every_page_runs_without_exception(at, page):
    at.switch_page(f"app_pages/{page}").run()
    assert not at.exception, at.exception
    assert at.title, f"{page} shows no title"


def test_every_page_file_is_in_the_navigation_list():
    import ast

    tree = ast.parse(APP.read_text(encoding="utf-8"))
    listed = {
        elt.elts[1].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "PAGES"
        for elt in node.value.elts
    }
    assert set(PAGES) <= listed, f"pages missing from PAGES in app.py: {set(PAGES) - listed}"


def test_home_links_to_every_other_page_and_only_to_pages_that_exist(at):
    # A link to a missing or misspelt page raises (st.page_link), so the fixture's run fails; a
    # page left out of the home page fails here.
    assert not at.exception, at.exception
    linked = [f"{link.proto.page}.py" for link in at.page_link]  # proto.page: the page's URL path
    assert sorted(linked) == sorted(set(PAGES) - {"home.py"})
    labels = [link.value for link in at.page_link]
    assert any(label.startswith("Glossary") for label in labels)
    assert any(label.startswith("Rules and profiles") for label in labels)


def test_home_shows_the_worked_example_trick(at):
    body = html_text(at)
    assert "bx-trick" in body and 'data-card="QH" data-highlight="winning"' in body


def test_glossary_shows_english_and_arabic_right_to_left(at):
    at.switch_page("app_pages/glossary.py").run()
    assert not at.exception
    body = html_text(at)
    assert "Gahwa" in body and "قهوة" in body
    assert '<div dir="rtl" lang="ar">قهوة</div>' in body
    assert body.count("<tr data-term=") == len(load_glossary())


@pytest.mark.parametrize("query", ["قهوة", "gahwa", "whole match"])
def test_glossary_search_filters(at, query):
    at.switch_page("app_pages/glossary.py").run()
    at.text_input(key=state.GLOSSARY_SEARCH).input(query).run()
    body = html_text(at)
    assert 'data-term="Gahwa"' in body
    assert 'data-term="Sun"' not in body


def test_glossary_search_without_match_says_so(at):
    at.switch_page("app_pages/glossary.py").run()
    at.text_input(key=state.GLOSSARY_SEARCH).input("zzzz").run()
    assert not at.exception
    assert "No entry matches" in at.info[0].value


def test_rules_page_has_a_row_per_option(at):
    at.switch_page("app_pages/rules.py").run()
    assert not at.exception
    frame = at.dataframe[0].value
    assert len(frame) == len(OPTIONS)
    assert list(frame["Name"]) == list(OPTIONS)
    for pid in PROFILES:
        assert pid in frame.columns
    reading = frame.set_index("Name")["Basis"]
    for name, info in OPTIONS.items():
        assert ("our reading" in reading[name]) == info.our_reading
    assert any("Ace-upcard" in i.value for i in at.info)


def test_choosing_tournament_reaches_session_state_and_other_pages(at):
    at.selectbox(key=state.SIDEBAR_PROFILE_ID).select("tournament").run()
    assert not at.exception
    assert at.session_state[state.APP_PROFILE] == TOURNAMENT
    at.switch_page("app_pages/rules.py").run()
    assert at.session_state[state.APP_PROFILE] == TOURNAMENT
    assert any("Saudi tournament sheet" in c.value for c in at.caption)


def test_custom_option_builds_a_custom_profile_on_the_chosen_base(at):
    at.selectbox(key=state.SIDEBAR_PROFILE_ID).select("tournament").run()
    at.toggle(key=state.sidebar_option_key("must_undertrump")).set_value(True).run()
    profile = at.session_state[state.APP_PROFILE]
    assert profile.id == "custom" and profile.base == "tournament"
    assert profile.must_undertrump is True
    assert profile.differences(TOURNAMENT) == ["must_undertrump"]
    at.switch_page("app_pages/rules.py").run()
    assert "custom (in use)" in at.dataframe[0].value.columns


def test_changing_the_base_profile_resets_custom_options(at):
    at.toggle(key=state.sidebar_option_key("reverse_kaboot")).set_value(True).run()
    assert at.session_state[state.APP_PROFILE].id == "custom"
    at.selectbox(key=state.SIDEBAR_PROFILE_ID).select("simple").run()
    assert at.session_state[state.APP_PROFILE] == SIMPLE
    assert at.toggle(key=state.sidebar_option_key("must_undertrump")).value is True


def test_reset_button_restores_the_named_profile(at):
    at.selectbox(key=state.sidebar_option_key("tie_rule")).select("buyer_fails").run()
    assert at.session_state[state.APP_PROFILE].tie_rule == "buyer_fails"
    action(at, state.SIDEBAR_RESET).click().run()
    assert at.session_state[state.APP_PROFILE] == PROFILES["detailed"]


def test_large_cards_toggle_switches_card_size(at):
    at.toggle(key=state.SIDEBAR_LARGE_CARDS).set_value(True).run()
    assert "bx-trick-lg" in html_text(at)
