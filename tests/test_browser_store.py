"""The browser store's stored text: one spelling per value, and a clear reason for every bad text."""

from __future__ import annotations

import json

import pytest

from explorer.ui.shell import browser_store as bs


def envelope(value, **over) -> str:
    return json.dumps({"app": "baloot-explorer", "format": 1, "value": value, **over})


def test_a_value_round_trips_through_its_stored_text():
    value = {"deals": [{"NS": 16, "EW": 0, "note": "كبوت “x”", "gahwa_winner": None}], "undo": []}
    assert bs.decode(bs.encode(value)) == value


def test_equal_values_give_equal_texts_whatever_the_key_order():
    assert bs.encode({"a": 1, "b": [1, 2]}) == bs.encode({"b": [1, 2], "a": 1})


def test_the_key_is_namespaced_and_names_are_checked():
    assert bs.storage_key("sheet") == "baloot-explorer:sheet"
    with pytest.raises(ValueError):
        bs.storage_key("no spaces")


@pytest.mark.parametrize("text, message", [
    pytest.param("{not json", "it is damaged (not readable JSON)", id="damaged-json"),
    pytest.param("", "it is damaged (not readable JSON)", id="empty"),
    pytest.param('["a list"]', "it was not saved by this app (or it is damaged)", id="not-an-envelope"),
    pytest.param(json.dumps({"app": "other-app", "format": 1, "value": 1}),
                 "it was not saved by this app (or it is damaged)", id="another-app"),
    pytest.param(envelope([], format=0), "it was saved by an older version of the app (format 0), which this "
                 "one cannot read", id="older-version"),
    pytest.param(envelope([], format=7), "it was saved by a newer version of the app (format 7); this one reads "
                 "format 1", id="newer-version"),
    pytest.param(envelope([], format="1"), "its format '1' is unknown", id="format-not-a-number"),
    pytest.param(envelope("x" * bs.MAX_CHARS), f"it is too large ({len(envelope('x' * bs.MAX_CHARS)):,} "
                 f"characters, at most {bs.MAX_CHARS:,})", id="oversized"),
])
def test_a_bad_stored_text_gives_one_clear_reason(text, message):
    with pytest.raises(bs.StoreError) as e:
        bs.decode(text)
    assert str(e.value) == message


def test_the_check_refuses_a_value_with_its_own_message():
    def check(value):
        if value != "ok":
            raise ValueError(f"deal 1, NS: {value!r} is not a whole number of game points")
        return value

    assert bs.decode(envelope("ok"), check=check) == "ok"
    with pytest.raises(bs.StoreError, match=r"^deal 1, NS: 'x' is not a whole number of game points$"):
        bs.decode(envelope("x"), check=check)


@pytest.mark.parametrize("value, message", [
    pytest.param({1, 2}, "Object of type set is not JSON serializable", id="not-json"),
    pytest.param(float("nan"), "Out of range float values are not JSON compliant", id="nan"),
    pytest.param("x" * bs.MAX_CHARS, "too large to keep in the browser", id="oversized"),
])
def test_a_value_that_cannot_be_kept_is_refused_before_it_is_written(value, message):
    with pytest.raises(bs.StoreError, match=message):
        bs.encode(value)
