"""Taps as a browser sends them, for AppTest: the action buttons of :mod:`explorer.ui.shell.once` by their name, and a
double tap (two clicks sent before the page is drawn again)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def action(at: AppTest, key: str):
    """The button named ``key`` as it is drawn now (an action button's key is ``<key>@<count>``)."""
    found = [b for b in at.button if b.key == key or (b.key or "").rpartition("@")[0] == key]
    assert len(found) == 1, (key, [b.key for b in at.button])
    return found[0]


def tap(at: AppTest, key: str) -> AppTest:
    action(at, key).click().run()
    assert not at.exception, at.exception
    return at


def double_tap(at: AppTest, key: str) -> AppTest:
    """Tap ``key`` twice before the page is drawn again: the browser sends the same widget values twice (the
    second tap comes before the first tap's page arrives, as two taps 50 ms apart on a phone)."""
    action(at, key).click()
    states = at._tree.get_widget_states()
    at._run(states)
    assert not at.exception, at.exception
    at._run(states)
    assert not at.exception, at.exception
    return at
