"""The practice table speaks to its player (issue 26): a refusal about South reads as said to them, in English and
in Arabic, and a typed player's name that would hide or move text is shown with a visible marker."""

from __future__ import annotations

import html
from pathlib import Path

from streamlit.testing.v1 import AppTest

from explorer.engine.game.practice import Practice
from explorer.engine.rules.bidding import CallKind, legal_calls
from explorer.ui import state
from explorer.view.text import shown
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"


def open_table(lang: str = "en") -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    if lang != "en":
        at.query_params["lang"] = lang
    at.run()
    at.switch_page("app_pages/play.py").run()
    assert not at.exception, at.exception
    return at


def start(at: AppTest, seed: int = 12, **names: str) -> AppTest:
    at.number_input(key=state.PLAY_SETUP_SEED).set_value(seed)
    for seat, name in names.items():
        at.text_input(key=f"{state.PLAY_SETUP_NAMES}.{seat}").input(name)
    action(at, state.PLAY_START).click().run()
    assert not at.exception, at.exception
    for _ in range(80):
        p: Practice = at.session_state[state.PLAY_PRACTICE]
        if p.state.finished or p.state.to_act is p.human:
            return at
        at.run()
    raise AssertionError("South never got the turn")


def _tap_ashkal(at: AppTest) -> str:
    g = at.session_state[state.PLAY_PRACTICE].state
    [i] = [i for i, v in enumerate(legal_calls(g.bidding)) if v.call.kind is CallKind.ASHKAL and not v.legal]
    action(at, state.play_call_key(i)).click().run()
    assert not at.exception, at.exception
    return "\n".join(shown(e.value) for e in at.error)


def test_a_refused_call_is_said_to_the_player():
    said = _tap_ashkal(start(open_table(), seed=12))
    assert said == "Ashkal is for the third seat (Noura) or the dealer (Hamad), and you are neither."


def test_a_refused_call_is_said_to_the_player_in_arabic():
    said = _tap_ashkal(start(open_table("ar"), seed=12))
    assert "ولست أحدهما" in said and "أنت" not in said


def test_a_typed_name_that_hides_or_moves_text_is_shown_with_a_marker():
    at = start(open_table(), seed=12, E="Sa\u202era\u200b")
    page = " ".join([html.unescape(e.proto.body) for e in at.main.get("html")] + [shown(c.value) for c in at.caption]
                    + [shown(m.value) for m in at.markdown])
    assert "Sa<U+202E>ra<U+200B>" in page
    assert "\u202e" not in page and "\u200b" not in page
