"""Compare rules and the library's presentation as a teacher uses them: the picker names the scenario
compared, the custom column is named by its values, a scenario's own rules read as words, Large cards
reach the verdicts; a presentation keeps the scenario's title (which may state the answer) for its last
step and answers the keyboard. The browser half (heights at 1280×720, the scroll) is in
tests/browser/test_teacher_browser.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from explorer.ui import state as ks
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def compare_from_library(at: AppTest, stem: str) -> AppTest:
    """The library's "Compare rules" button; AppTest's next runs stay on Compare rules."""
    action(at, ks.page_key(ks.LIBRARY, "compare", stem)).click()
    run(at)
    assert at.title[0].value == "Compare rules"
    return at.switch_page("app_pages/compare_rules.py")


def texts(at: AppTest) -> str:
    return "\n".join(e.value for e in (*at.markdown, *at.caption, *at.success, *at.warning, *at.info, *at.subheader))


@pytest.fixture
def library() -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=30).run()
    return run(at.switch_page("app_pages/library.py"))


@pytest.mark.parametrize("stem", ["score-doubled-kaboot-fixed", "seed000-third-player-must-cut",
                                  "bidding-sun-over-hokum"])
def test_compare_opened_from_the_library_names_that_scenario_in_its_picker(library, stem):
    compare_from_library(library, stem)
    run(library)
    assert library.selectbox(key=ks.COMPARE_LIBRARY_FILE).value == stem
    library.switch_page("app_pages/glossary.py").run()        # and after a visit elsewhere
    run(library.switch_page("app_pages/compare_rules.py"))
    assert library.selectbox(key=ks.COMPARE_LIBRARY_FILE).value == stem


def test_a_scenario_from_another_tool_leaves_the_library_picker_empty(library):
    action(library, ks.page_key(ks.LIBRARY, "open", "seed000-third-player-must-cut")).click()
    run(library)
    run(library.switch_page("app_pages/trick_checker.py"))
    for suit, keep in (("S", ["9S", "8S"]), ("H", ["QH"]), ("D", []), ("C", [])):  # untap the others
        row = library.pills(key=ks.tap_key(ks.TRICK_HAND, suit))
        row.set_value([c for c in row.value if c in keep])
        run(library)
    assert library.session_state[ks.page_key(ks.TRICK, ks.DOC)]["hand"] == ["QH", "9S", "8S"]
    run(library.switch_page("app_pages/compare_rules.py"))
    action(library, ks.COMPARE_FROM_TRICK).click()
    run(library)
    assert library.selectbox(key=ks.COMPARE_LIBRARY_FILE).value is None
    assert action(library, ks.COMPARE_LOAD_FILE).disabled


def test_the_custom_column_is_named_by_its_options_values(library):
    run(compare_from_library(library, "seed000-third-player-must-cut"))
    library.toggle(key=ks.compare_option_key("third_seat_must_cut")).set_value(False)
    run(library)
    body = texts(library)
    assert "**Custom: Detailed Saudi rules, but Third seat must cut: off**" in body
    library.toggle(key=ks.compare_option_key("third_seat_must_cut")).set_value(True)
    run(library)
    assert "Third seat must cut: off" not in texts(library)
    assert "Custom (= Detailed Saudi rules; change its options below)" in texts(library)


def test_a_scenarios_own_custom_rules_read_as_words_not_a_python_dict(library):
    run(compare_from_library(library, "play-third-seat-free-variant"))
    body = texts(library)
    assert "The scenario names its rules (Detailed Saudi rules, but Third seat must cut\\: off)" in body
    assert "{'base'" not in body and "False" not in body


def test_the_verdicts_come_before_the_settings(library):
    run(compare_from_library(library, "score-escalated-tie-units"))
    order = [type(e).__name__ for e in library.main if type(e).__name__ in ("Expander", "Warning", "Success")]
    assert order.index("Warning") < order.index("Expander")


def test_large_cards_make_the_compared_hands_and_verdicts_larger(library):
    run(compare_from_library(library, "play-must-undertrump-simple"))
    hands = [h.value for h in library.html if h.value.startswith("<div class=\"bx-hand")]
    assert hands and all("bx-hand-sm" in h for h in hands)
    library.toggle(key=ks.SIDEBAR_LARGE_CARDS).set_value(True)
    run(library)
    hands = [h.value for h in library.html if h.value.startswith("<div class=\"bx-hand")]
    assert hands and all("bx-hand-md" in h for h in hands)
    assert any("st-key-compare-col-" in h.value and "font-size: 1.25rem" in h.value for h in library.html)


# --- the library's presentation ----------------------------------------------------------------

@pytest.mark.parametrize("stem", ["seed000-third-player-must-cut", "play-void-cannot-win-free",
                                  "score-tie-buyer-fails-simple", "bidding-sun-over-hokum"])
def test_a_presentation_shows_the_scenarios_title_only_on_its_last_step(library, stem):
    from explorer.content.library import load_library

    entry = next(e for e in load_library() if e.stem == stem)
    action(library, ks.page_key(ks.LIBRARY, "show", stem)).click()
    run(library)
    shown = []
    while True:
        top = [m.value for m in library.markdown]
        shown.append(any(entry.title in m.replace("\\", "") for m in top))
        assert any(entry.topic_title in m.replace("\\", "") for m in top) or shown[-1]
        if action(library, ks.LIBRARY_NEXT).disabled:
            break
        action(library, ks.LIBRARY_NEXT).click()
        run(library)
    assert shown[-1] and not any(shown[:-1]), shown


def test_the_presentation_buttons_answer_the_keyboard_and_a_clicker(library):
    action(library, ks.page_key(ks.LIBRARY, "show", "seed000-third-player-must-cut")).click()
    run(library)
    shortcuts = {b.key: b.proto.shortcut for b in library.button if b.key and b.key.startswith("library.")}
    assert shortcuts[ks.LIBRARY_NEXT].lower() == "right" and shortcuts[ks.LIBRARY_BACK].lower() == "left"
    assert shortcuts[ks.LIBRARY_EXIT].lower() in ("esc", "escape")
