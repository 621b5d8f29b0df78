"""Issue 24 on the pages: what a language switch, a select box and a code box show in Arabic."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from explorer.ui import state
from tests.app.arabic import APP


def _switch(at: AppTest, lang: str) -> AppTest:
    at.button_group(key=state.APP_LANG).set_value(lang).run()
    assert not at.exception
    return at


def test_after_a_language_switch_every_select_box_sends_its_choice_in_the_new_language():
    """A select box's choice travels to the browser as its words: a switch must send them again (the sidebar's
    profile box went on showing "Detailed Saudi rules" on an Arabic page, the Trick checker's boxes "East (E)")."""
    at = AppTest.from_file(str(APP), default_timeout=60).run()
    at.switch_page("app_pages/trick_checker.py").run()
    assert not at.exception
    _switch(at, "ar")
    profile = at.selectbox(key=state.SIDEBAR_PROFILE_ID).proto
    assert profile.set_value and profile.raw_value == "القواعد المفصّلة"
    dealer = at.selectbox(key=state.TRICK_DEALER).proto
    assert dealer.set_value and "الشرق" in dealer.raw_value, dealer.raw_value
    _switch(at, "en")
    profile = at.selectbox(key=state.SIDEBAR_PROFILE_ID).proto
    assert profile.set_value and profile.raw_value == "Detailed Saudi rules"
