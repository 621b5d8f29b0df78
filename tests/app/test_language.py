"""The app's language: ``?lang=ar`` opens it in Arabic, the choice is kept in the URL, English is the default."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from explorer.ui import state

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"


def test_the_app_opens_in_english_by_default_and_keeps_no_lang_in_the_url():
    at = AppTest.from_file(str(APP), default_timeout=30).run()
    assert not at.exception
    assert at.session_state[state.APP_LANG] == "en" and "lang" not in at.query_params


def test_a_link_with_lang_ar_opens_the_app_in_arabic_and_keeps_it_in_the_url():
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.query_params["lang"] = "ar"
    at.run()
    assert not at.exception
    assert at.session_state[state.APP_LANG] == "ar"
    assert at.query_params.get("lang") in ("ar", ["ar"])


def test_an_unknown_language_in_the_url_falls_back_to_english():
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.query_params["lang"] = "../../etc"
    at.run()
    assert not at.exception and at.session_state[state.APP_LANG] == "en"
