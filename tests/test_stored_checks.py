"""Each reader of a value kept in the browser (the score sheet's, the lessons', the practice match's) takes any
JSON the browser store lets through and either returns the value or refuses it with a ValueError naming the
place: never another exception (a TypeError or a RecursionError would break the page on every load).

The values are what :func:`explorer.ui.shell.browser_store.decode` passes on: JSON within the engine's bounds
(:data:`explorer.engine.files.loader.MAX_DEPTH` levels, finite numbers of at most 15 digits, no lone surrogate).
Hypothesis draws them two ways: any JSON at all, and a kept value with one part replaced by any JSON (the shapes a
reader meets deep inside a value that looks right at its top).
"""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.content.lessons import Feedback
from explorer.engine.files.loader import MAX_DEPTH
from explorer.engine.game.practice import Practice
from explorer.ui.lessons import store as lesson_store
from explorer.ui.shell import browser_store
from explorer.view.sheet import files as sheet_io

SCALARS = (st.none() | st.booleans() | st.integers(-10**15 + 1, 10**15 - 1)
           | st.floats(allow_nan=False, allow_infinity=False)
           | st.text(st.characters(exclude_categories=("Cs",)), max_size=20)
           | st.sampled_from(["NS", "EW", "KH", "S", "match", "1-1", "S: pass", "S: play KH", "heuristic",
                              "attempts", "feedback", "", "deals", "undo", "lessons"]))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8) | st.sampled_from(["NS", "EW", "note", "seen", "answers",
                                                                                    "given", "format", "seed"]),
                                      inner, max_size=4), max_leaves=30)


def _sheet_value():
    rows = [{"NS": 16, "EW": 0, "note": "x", "gahwa_winner": None}, {"NS": 0, "EW": 0, "note": "", "gahwa_winner": "EW"}]
    return sheet_io.stored(rows, [[], rows[:1]])


def _lessons_value():
    fb = Feedback(True, "K♥", "K♥", "reason", "explain")
    progress = {"05-cutting": {"seen": {"a", "b"}, "answers": {"a": {"given": "KH", "feedback": fb, "correct": True,
                                                                      "ever_right": True, "first_right": True,
                                                                      "attempts": 1, "revealed": False}}}}
    return lesson_store.export(progress)


def _practice_value():
    p = Practice.new(seed=7)
    while p.waiting_for_computer:
        p = p.step()
    return p.to_json()


READERS = {"sheet": (sheet_io.read_stored, _sheet_value()), "lessons": (lesson_store.read_progress, _lessons_value()),
           "practice": (Practice.from_json, _practice_value())}


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


def _replaced(value, path, new):
    if not path:
        return new
    out = copy.deepcopy(value)
    at = out
    for step in path[:-1]:
        at = at[step]
    at[path[-1]] = new
    return out


def _within_the_store(value) -> bool:
    """Whether the browser store would pass this value on (its bounds, as decode applies them)."""
    try:
        browser_store.decode(browser_store.encode(value))
    except browser_store.StoreError:
        return False
    return True


def _reads_or_refuses(reader, value) -> None:
    try:
        reader(value)
    except ValueError:
        pass


def test_each_kept_value_reads_back_as_it_was_written():
    for reader, value in READERS.values():
        reader(json.loads(json.dumps(value)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=JSON)
def test_any_json_is_read_or_refused_with_a_value_error(value):
    if _within_the_store(value):
        for reader, _ in READERS.values():
            _reads_or_refuses(reader, value)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(sorted(READERS)), data=st.data())
def test_a_kept_value_with_one_part_replaced_by_any_json_is_read_or_refused(which, data):
    reader, value = READERS[which]
    path = data.draw(st.sampled_from(list(_paths(value))))
    new = data.draw(JSON)
    changed = _replaced(value, path, new)
    if _within_the_store(changed):
        _reads_or_refuses(reader, changed)


def test_the_deepest_value_the_store_passes_is_read_or_refused():
    deep = [[]]
    for _ in range(MAX_DEPTH - 2):
        deep = [deep]
    for reader, value in READERS.values():
        for path in _paths(value):
            changed = _replaced(value, path, deep)
            if _within_the_store(changed):
                _reads_or_refuses(reader, changed)


PREFIX = '{"app":"baloot-explorer","format":1,"value":'
TOKENS = st.sampled_from(["[", "]", "{", "}", '"', ",", ":", "0", "-1", "1e400", "NaN", "Infinity", "true", "null",
                          '"a"', '"\\ud800"', "\ud800", "\\u0000", "\x00", "123456789012345678901234567890", " ",
                          '"value"', '"format"', "\ufeff", "é", "𝄞"])
TEXT = st.builds(lambda head, body: (PREFIX if head else "") + "".join(body), st.booleans(),
                 st.lists(TOKENS, max_size=60))


@settings(max_examples=400, deadline=None)
@given(text=TEXT | st.text(max_size=80))
def test_any_stored_text_is_decoded_or_refused_with_a_store_error(text):
    for reader, _ in READERS.values():
        try:
            browser_store.decode(text, check=reader)
        except browser_store.StoreError as e:
            assert str(e) and e.message
