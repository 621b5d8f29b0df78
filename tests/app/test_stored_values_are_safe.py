"""Whatever this browser keeps under the app's keys (any depth, size, type, encoding, envelope or shape),
every page opens: the value is read without an exception, named in one line on its page, left where it is
until the user changes something, then set aside under ``…:unreadable``. The browser store answers from
``session_state[STORE_MEMORY]`` under AppTest, so each payload is what a forged or damaged localStorage holds.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from explorer.ui import state
from explorer.ui.shell import browser_store
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"
DEEP = "[" * 1000
"""The issue's payload: about 1 KB of nested JSON that is not even closed."""


def envelope(value_text: str, **over) -> str:
    head = {"app": "baloot-explorer", "format": 1, **over}
    return json.dumps(head)[:-1] + ',"value":' + value_text + "}"


def sheet(deals_text: str, undo_text: str = "[]") -> str:
    return envelope('{"kind":"match","deals":' + deals_text + ',"undo":' + undo_text + "}")


def open_page(page: str, memory: dict[str, str]) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.session_state[state.STORE_MEMORY] = dict(memory)
    at.run()
    assert not at.exception, at.exception
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def named_once(at: AppTest, what: str) -> None:
    errors = [e.value for e in at.error if f"{what} kept in this browser could not be read" in e.value]
    assert len(errors) == 1, [e.value for e in at.error]


# Payloads of every kind that is not a usable value. Each is read without an exception on every store.
PAYLOADS = {
    "unclosed-nesting": DEEP,
    "deep-envelope": envelope("[" * 1000 + "]" * 1000),
    "deep-but-parsable": envelope("[" * 400 + "]" * 400),   # json.loads reads it; copying it would not
    "lone-surrogate-escape": envelope('"\\ud800"'),
    "lone-surrogate-raw": envelope('"\ud800x"'),
    "nan": envelope("NaN"),
    "infinity": envelope("[Infinity, -Infinity]"),
    "float-overflow": envelope("1e400"),
    "huge-int": envelope("1" * 5000),
    "long-int": envelope("12345678901234567890123"),
    "not-an-envelope-list": "[]",
    "not-an-envelope-null": "null",
    "not-an-envelope-string": '"baloot-explorer"',
    "no-value": json.dumps({"app": "baloot-explorer", "format": 1}),
    "format-float": envelope("1", format=1.5),
    "format-bool": envelope("1", format=True),
    "format-null": envelope("1", format=None),
    "format-huge": envelope("1", format=10**30),
    "duplicate-keys": '{"app":"baloot-explorer","format":1,"value":1,"value":2}',
    "value-null": envelope("null"),
    "value-string": envelope('"x"'),
    "value-number": envelope("7"),
    "value-list": envelope("[1, [2], {}]"),
    "value-mapping": envelope('{"": {"": []}}'),
    "control-characters": envelope('"\\u0000\\u001b[31m"'),
    "bom": "\ufeff" + envelope("1"),
    "too-large": envelope('"' + "x" * browser_store.MAX_CHARS + '"'),
}

SHEET_PAYLOADS = {
    "deals-mapping": sheet("{}"),
    "deals-nested": sheet("[[[[]]]]"),
    "deal-null": sheet("[null]"),
    "deal-note-mapping": sheet('[{"NS":1,"EW":0,"note":{"a":[1]}}]'),
    "deal-note-huge": sheet('[{"NS":1,"EW":0,"note":"' + "n" * 3000 + '"}]'),
    "deal-points-bool": sheet('[{"NS":true,"EW":0}]'),
    "deal-points-float": sheet('[{"NS":1.5,"EW":0}]'),
    "deal-points-huge": sheet('[{"NS":100000000000000,"EW":0}]'),
    "deal-points-nan": sheet('[{"NS":NaN,"EW":0}]'),
    "deal-points-infinity": sheet('[{"NS":Infinity,"EW":0}]'),
    "deal-points-overflow": sheet('[{"NS":1e400,"EW":0}]'),
    "deal-points-text-infinity": sheet('[{"NS":"inf","EW":"1e400"}]'),
    "deal-note-control": sheet('[{"NS":1,"EW":0,"note":"\\u001b[31mred\\u0007"}]'),
    "deal-gahwa-list": sheet('[{"NS":0,"EW":0,"gahwa_winner":["NS"]}]'),
    "deal-key-markdown": sheet('[{"NS":0,"EW":0,"**[x](https://example.com)**":1}]'),
    "undo-mapping": sheet("[]", "{}"),
    "undo-deep": sheet("[]", "[[[[[[]]]]]]"),
    "undo-null": sheet("[]", "[null]"),
    "kind-list": envelope('{"kind":[],"deals":[]}'),
    "kind-mapping": envelope('{"kind":{"a":1},"deals":[]}'),
}

LESSON_PAYLOADS = {
    "attempts-overflow": envelope('{"lessons":{"05-cutting":{"answers":{"x":{"attempts":1e400}}}}}'),
    "lessons-list": envelope('{"lessons":[]}'),
    "lesson-key-long": envelope('{"lessons":{"' + "k" * 5000 + '":{}}}'),
    "seen-of-lists": envelope('{"lessons":{"05-cutting":{"seen":[[1]]}}}'),
    "seen-of-numbers": envelope('{"lessons":{"05-cutting":{"seen":[1, null, true]}}}'),
    "answers-list": envelope('{"lessons":{"05-cutting":{"answers":[]}}}'),
    "feedback-list": envelope('{"lessons":{"05-cutting":{"answers":{"x":{"attempts":1,"feedback":[]}}}}}'),
    "feedback-extra": envelope('{"lessons":{"05-cutting":{"answers":{"x":{"attempts":1,"feedback":{"z":1}}}}}}'),
    "given-mapping": envelope('{"lessons":{"05-cutting":{"answers":{"trump-lead-overtake":{"attempts":1,'
                              '"correct":true,"ever_right":true,"given":{"a":[[{}]]},"feedback":{"correct":true,'
                              '"given":"K","answer":"K","reason":"r","explain":""}}}}}}'),
}

PRACTICE_PAYLOADS = {
    "practice-list": envelope("[]"),
    "profile-deep": envelope('{"format":1,"seed":1,"goal":"match","difficulty":"heuristic","profile":'
                             + "{\"a\":" * 12 + "1" + "}" * 12 + ',"names":{"S":"a","N":"b","E":"c","W":"d"},'
                             '"deals":[{"seed":"1-1","dealer":"S","match":[0,0],"actions":[]}]}'),
    "profile-list": envelope('{"format":1,"seed":1,"goal":"match","difficulty":"heuristic","profile":[1],'
                             '"names":{"S":"a","N":"b","E":"c","W":"d"},'
                             '"deals":[{"seed":"1-1","dealer":"S","match":[0,0],"actions":[]}]}'),
    "profile-options-wrong": envelope('{"format":1,"seed":1,"goal":"match","difficulty":"heuristic","profile":'
                                      '{"base":{"x":1},"options":[[]]},"names":{"S":"a","N":"b","E":"c","W":"d"},'
                                      '"deals":[{"seed":"1-1","dealer":"S","match":[0,0],"actions":[]}]}'),
    "actions-odd": envelope('{"format":1,"seed":1,"goal":"match","difficulty":"heuristic",'
                            '"names":{"S":"a","N":"b","E":"c","W":"d"},'
                            '"deals":[{"seed":"1-1","dealer":"S","match":[0,0],"actions":["S: play","::", "\\u0000"]}]}'),
    "seed-overflow": envelope('{"format":1,"seed":1e400,"goal":"match","difficulty":"heuristic",'
                              '"names":{"S":"a","N":"b","E":"c","W":"d"},'
                              '"deals":[{"seed":"1-1","dealer":"S","match":[0,0],"actions":[]}]}'),
    "match-nan": envelope('{"format":1,"seed":1,"goal":"match","difficulty":"heuristic",'
                          '"names":{"S":"a","N":"b","E":"c","W":"d"},'
                          '"deals":[{"seed":"1-1","dealer":"S","match":[NaN,0],"actions":[]}]}'),
    "deals-of-numbers": envelope('{"format":1,"seed":1,"goal":"match","difficulty":"heuristic",'
                                 '"names":{"S":"a","N":"b","E":"c","W":"d"},"deals":[1,2]}'),
}


@pytest.mark.parametrize("page", ["app_pages/home.py", "app_pages/trick_checker.py", "app_pages/score_sheet.py",
                                  "app_pages/charts.py", "app_pages/play.py", "app_pages/lesson.py"])
def test_a_deeply_nested_kept_sheet_breaks_no_page(page):
    at = open_page(page, {browser_store.storage_key("sheet"): DEEP})
    if page.endswith("score_sheet.py"):
        named_once(at, "score sheet")


@pytest.mark.parametrize("text", [pytest.param(v, id=k) for k, v in {**PAYLOADS, **SHEET_PAYLOADS}.items()])
def test_any_kept_sheet_text_is_named_in_one_line_and_set_aside_on_the_first_change(text):
    key = browser_store.storage_key("sheet")
    at = open_page("app_pages/score_sheet.py", {key: text})
    named_once(at, "score sheet")
    assert at.session_state[state.STORE_MEMORY][key] == text                # not overwritten yet
    at.number_input(key=state.SHEET_NS).set_value(16)
    at.number_input(key=state.SHEET_EW).set_value(0)
    action(at, state.SHEET_ADD).click().run()
    assert not at.exception, at.exception
    memory = at.session_state[state.STORE_MEMORY]
    assert memory[key + ":unreadable"] == text                               # set aside, not lost
    assert json.loads(memory[key])["value"]["deals"] == [{"NS": 16, "EW": 0, "note": "", "gahwa_winner": None}]


@pytest.mark.parametrize("text", [pytest.param(v, id=k) for k, v in {**PAYLOADS, **PRACTICE_PAYLOADS}.items()])
def test_any_kept_practice_text_is_named_in_one_line_and_the_setup_shows(text):
    at = open_page("app_pages/play.py", {browser_store.storage_key("practice"): text})
    named_once(at, "match in progress")
    assert action(at, state.PLAY_START)


@pytest.mark.parametrize("text", [pytest.param(v, id=k) for k, v in {**PAYLOADS, **LESSON_PAYLOADS}.items()])
def test_any_kept_lesson_progress_text_is_named_in_one_line(text):
    at = open_page("app_pages/lesson.py", {browser_store.storage_key("lessons"): text})
    named_once(at, "lesson progress")


def test_a_forged_match_of_200_finished_deals_is_named_and_the_setup_shows():
    from explorer.engine.game.practice import Practice

    p = Practice.new(seed=7)
    while not p.state.finished:
        p = p.step() if p.waiting_for_computer else p.play(p.state.legal_actions()[0])
    first = p.to_json()
    forged = browser_store.encode({**first, "deals": first["deals"] * 200})
    at = open_page("app_pages/play.py", {browser_store.storage_key("practice"): forged})
    named_once(at, "match in progress")
    assert any("deals" in c.value and "60" in c.value for c in at.code), [c.value for c in at.code]
    assert action(at, state.PLAY_START)


@pytest.mark.parametrize("text", [pytest.param(PAYLOADS[k], id=k) for k in ("not-an-envelope-list", "format-huge")]
                         + [pytest.param(PRACTICE_PAYLOADS[k], id=k) for k in ("actions-odd", "seed-overflow")])
def test_a_kept_practice_the_play_page_cannot_read_leaves_the_puzzles_queue_open(text):
    """The Puzzles page only looks at the practice match (a reader of its own, ``practice@peek``): an unreadable one
    raised ValueError (the set-aside key was made from the reader's name) instead of being passed over."""
    at = open_page("app_pages/puzzles.py", {browser_store.storage_key("practice"): text})
    at.segmented_control(key=state.PUZZLES_MODE).set_value("mistakes").run()
    assert not at.exception, at.exception
    assert at.session_state[state.STORE_MEMORY][browser_store.storage_key("practice")] == text   # only looked at
