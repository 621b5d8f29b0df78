"""The practice table's end-of-deal review panel: each flagged card with its sampled cost, the reasons in words and
the hindsight with all hands open, in English and in Arabic (the panel alone, on a deal played by a random South)."""

from __future__ import annotations

import random

import pytest
from streamlit.testing.v1 import AppTest

from explorer.engine.game.practice import Practice
from explorer.engine.game.state import Play
from explorer.ui import state
from explorer.view.text import shown
from tests.app.taps import action

PRACTICE = "test.review.practice"


def _panel() -> None:
    import streamlit as st

    from explorer.ui.review import panel
    p = st.session_state["test.review.practice"]
    panel.practice(p, p.state.record())


def finished_deal(seed: int) -> Practice:
    """One deal at the practice table, South playing at random (so that it makes mistakes)."""
    rng = random.Random(seed)
    p = Practice.new(seed, goal="deal")
    while not p.state.finished:
        if p.waiting_for_computer:
            p = p.step()
        else:
            p = p.play(rng.choice(p.state.legal_actions()))
    return p


@pytest.fixture(scope="module")
def played() -> Practice:
    p = finished_deal(5)
    assert any(isinstance(a, Play) for a in p.state.actions)
    return p


def reviewed(p: Practice, lang: str = "en") -> AppTest:
    at = AppTest.from_function(_panel, default_timeout=120)
    at.session_state[PRACTICE] = p
    at.session_state[state.APP_LANG] = lang
    at.run()
    action(at, state.PLAY_REVIEW_BUTTON).click().run()
    assert not at.exception, at.exception
    return at


def test_each_flagged_card_says_its_cost_why_and_its_cost_in_hindsight(played):
    at = reviewed(played)
    rv = at.session_state[state.PLAY_REVIEW][1]
    assert rv.mistakes, "a random South makes mistakes in this deal"
    texts = [shown(m.value) for m in at.markdown]
    captions = [shown(c.value) for c in at.caption]
    for i, d in enumerate(rv.mistakes):
        assert any(x.startswith(f"Trick {d.trick}: you played {d.played.card.pretty}") for x in texts)
        assert d.reasons and d.hindsight is not None
        assert action(at, state.play_review_open_key(i))
    assert sum(x.startswith("Why: ") for x in texts) >= len(rv.mistakes)
    assert sum(x.startswith("Hindsight, all hands open: ") for x in captions) == len(rv.mistakes)


def test_the_review_reads_in_arabic(played):
    at = reviewed(played, "ar")
    texts = [shown(m.value) for m in at.markdown] + [shown(c.value) for c in at.caption]
    assert any(x.startswith("السبب:") for x in texts), texts
    assert not any("Why" in x or "Hindsight" in x or "game points" in x for x in texts), texts
