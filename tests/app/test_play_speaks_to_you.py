"""The practice table speaks to its player (issue 26): a refusal about South reads as said to them, in English and
in Arabic, and a typed player's name that would hide or move text is shown with a visible marker."""

from __future__ import annotations

import json

from explorer.engine.core.cards import Seat
from explorer.engine.game.state import Stage
from explorer.ui import state
from tests.app.table_taps import act, data
from tests.app.taps import action
from tests.app.test_play_page import open_page, practice


def start(at, seed: int = 12, **names: str):
    at.number_input(key=state.PLAY_SETUP_SEED).set_value(seed)
    for seat, name in names.items():
        at.text_input(key=f"{state.PLAY_SETUP_NAMES}.{seat}").input(name)
    action(at, state.PLAY_START).click().run()
    assert not at.exception, at.exception
    return at


def _tap_ashkal(at) -> str:
    g = practice(at).state
    assert g.stage is Stage.BIDDING and g.to_act is Seat.S
    act(at, "S: ashkal")                                  # not offered: the table's calls are the legal ones
    assert practice(at).state.actions == g.actions
    return data(at)["notice"]["text"]


def test_a_refused_call_is_said_to_the_player():
    said = _tap_ashkal(start(open_page(), seed=12))
    assert said == "Ashkal is for the third seat (Noura) or the dealer (Hamad), and you are neither."


def test_a_refused_call_is_said_to_the_player_in_arabic():
    said = _tap_ashkal(start(open_page(lang="ar"), seed=12))
    assert "ولست أحدهما" in said and "أنت" not in said


def test_a_typed_name_that_hides_or_moves_text_is_shown_with_a_marker():
    at = start(open_page(), seed=12, E="Sa\u202era\u200b")
    table = json.dumps(data(at), ensure_ascii=False)
    assert data(at)["names"]["E"] == "Sa<U+202E>ra<U+200B>"
    assert "\u202e" not in table and "\u200b" not in table
