"""Text from outside shows what it holds (issue 26): a bidi override, an isolate or embedding left open, a
zero-width or other invisible character, a control character is shown as a visible marker (``<U+202E>``),
by one function (:func:`explorer.engine.core.visible.visible`) that the page helpers (``plain``, ``html_text``,
``code``) and the command line use. The app's own isolates, which its Arabic sentences put around the
values they quote, are kept.
"""

from __future__ import annotations

import json

import pytest

from explorer.engine.core.cards import Seat
from explorer.engine.core.i18n import Msg, Style
from explorer.engine.core.visible import json_escaped, visible
from explorer.view.text import code, html_text, plain, shown

HIDDEN = [
    pytest.param("\u202e", id="right-to-left-override"), pytest.param("\u202d", id="left-to-right-override"),
    pytest.param("\u202a", id="left-to-right-embedding"), pytest.param("\u202b", id="right-to-left-embedding"),
    pytest.param("\u202c", id="pop-directional-formatting"), pytest.param("\u2066", id="left-to-right-isolate"),
    pytest.param("\u2067", id="right-to-left-isolate"), pytest.param("\u2068", id="first-strong-isolate"),
    pytest.param("\u2069", id="pop-directional-isolate"), pytest.param("\u200e", id="left-to-right-mark"),
    pytest.param("\u200f", id="right-to-left-mark"), pytest.param("\u061c", id="arabic-letter-mark"),
    pytest.param("\u200b", id="zero-width-space"), pytest.param("\u200c", id="zero-width-non-joiner"),
    pytest.param("\u200d", id="zero-width-joiner"), pytest.param("\u2060", id="word-joiner"),
    pytest.param("\ufeff", id="zero-width-no-break-space"), pytest.param("\u00ad", id="soft-hyphen"),
    pytest.param("\u2062", id="invisible-times"), pytest.param("\u180e", id="mongolian-vowel-separator"),
    pytest.param("\U000e0041", id="tag-latin-capital-a"), pytest.param("\U000e0001", id="language-tag"),
    pytest.param("\U000e0100", id="variation-selector-17"), pytest.param("\u3164", id="hangul-filler"),
    pytest.param("\u2028", id="line-separator"), pytest.param("\u2029", id="paragraph-separator"),
    pytest.param("\x1b", id="escape"), pytest.param("\x00", id="nul"), pytest.param("\x85", id="next-line"),
    pytest.param("\x7f", id="delete"), pytest.param("\ud800", id="lone-surrogate"),
]


@pytest.mark.parametrize("ch", HIDDEN)
def test_a_hidden_or_text_moving_character_from_outside_is_shown_as_its_code(ch):
    marker = f"<U+{ord(ch):04X}>"
    assert visible(f"Noura{ch}x") == f"Noura{marker}x"
    assert ch not in visible(f"a{ch}b")


@pytest.mark.parametrize("ch", HIDDEN)
def test_every_page_helper_shows_the_marker(ch):
    marker = f"<U+{ord(ch):04X}>"
    assert marker in shown(plain(f"a{ch}b"))
    assert ch not in plain(f"a{ch}b") or ch == "\u2060", "plain() adds word joiners of its own, to break links"
    assert marker.replace("<", "&lt;").replace(">", "&gt;") in html_text(f"a{ch}b")
    assert marker in code(f"a{ch}b") and ch not in code(f"a{ch}b")


def test_text_that_hides_nothing_is_left_as_it_is():
    for text in ("Noura", "نورة وفيصل", "Q♥ 10♦", "tab\tand\nlines", "a\u00a0b", "Ⅻ ﬁ 𝒳 漢字"):
        assert visible(text) == text


def test_an_emoji_keeps_its_joiners_its_selectors_and_its_flag_tags():
    for emoji in ("👩\u200d🔬", "👨\u200d👩\u200d👧", "🏳\ufe0f\u200d🌈", "👍🏽", "❤\ufe0f",
                  "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"):
        assert visible(f"x {emoji} y") == f"x {emoji} y", emoji
    assert visible("a\u200db") == "a<U+200D>b", "a joiner between letters hides something"


def test_the_apps_own_isolates_are_kept_in_a_sentence_and_an_outside_one_left_open_is_shown():
    arabic = Msg("the file {name}", name="x.yaml").render(Style("ar"))
    assert "\u2068" in arabic and visible(arabic, sentence=True) == arabic
    assert plain(arabic).count("\u2068") == 1 and plain(arabic).count("\u2069") == 1
    assert visible("\u2067 open", sentence=True) == "<U+2067> open"
    assert visible("a\u2069 b", sentence=True) == "a<U+2069> b"
    assert visible("\u202e\u2066x\u2069", sentence=True) == "<U+202E>\u2066x\u2069", "an override is never kept"


def test_a_name_typed_for_a_seat_is_shown_with_its_markers_in_every_language():
    names = {Seat.N: "Nou\u202era", Seat.S: "You"}
    for lang in ("en", "ar"):
        line = Msg("{seat} passes.", seat=Seat.N).render(Style(lang, seats=names))
        assert "Nou<U+202E>ra" in line and "\u202e" not in line


def test_one_line_text_shows_its_line_ends_too():
    assert visible("a.yaml\nb.yaml: forged", one_line=True) == "a.yaml<U+000A>b.yaml: forged"
    assert visible("a\tb\r", one_line=True) == "a<U+0009>b<U+000D>"


def test_markers_are_stable():
    once = visible("\u202eab\u200b\U000e0041")
    assert visible(once) == once and visible(once, sentence=True) == once


def test_json_keeps_the_exact_text_with_the_hidden_characters_escaped():
    doc = {"file": "a\u202eb\u2066c\U000e0041.yaml", "note": "plain"}
    line = json_escaped(json.dumps(doc, ensure_ascii=False))
    assert json.loads(line) == doc and all(ch not in line for ch in "\u202e\u2066\U000e0041")
