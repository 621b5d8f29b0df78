"""What the pages do with hostile files, pastes and links (issue 26): an escape PyYAML cannot turn into a
character, a link holding a 9,000-card hand, data after a link's end, a link longer than a link carries, a
scenario too long for a link, a title, a file name or a player's name that hides or moves text. Each gets
the app's own message (never a traceback or an exception's name), and the page stays usable.
"""

from __future__ import annotations

import base64
import zlib
from pathlib import Path

import yaml
from streamlit.testing.v1 import AppTest

from explorer.engine.files.share import MAX_LINK_CHARS, encode_scenario
from explorer.ui import state as ks
from explorer.view.text import shown
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"
ESCAPE_PAST_UNICODE = 'kind: play\ntitle: "\\U00110000"\n'
ESCAPE_PROBLEM = "line 2, column 9: the escape \\U00110000 is beyond the last Unicode character (\\U0010FFFF)"


def open_page(file: str, link: str | None = None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60).run()
    if link is not None:
        at.query_params["s"] = link
    at.switch_page(f"app_pages/{file}").run()
    assert not at.exception, at.exception
    return at


def errors(at: AppTest) -> str:
    return "\n".join(shown(e.value) for e in at.error)


def load(stem: str) -> dict:
    return yaml.safe_load((ROOT / "data" / "scenarios" / f"{stem}.yaml").read_text(encoding="utf-8"))


# --- what PyYAML raises --------------------------------------------------------------------------

def test_a_tool_upload_with_an_escape_past_unicode_names_its_place_not_an_exception():
    at = open_page("trick_checker.py")
    at.get("file_uploader")[0].upload("t.yaml", ESCAPE_PAST_UNICODE.encode(), "application/x-yaml").run()
    assert not at.exception, at.exception
    assert "Could not open the file t.yaml" in errors(at) and ESCAPE_PROBLEM in errors(at)
    assert "ValueError" not in errors(at)


def test_a_paste_with_an_escape_past_unicode_names_its_place():
    at = open_page("compare_rules.py")
    at.text_area(key=ks.page_key(ks.COMPARE, ks.PASTE)).input(ESCAPE_PAST_UNICODE)
    action(at, ks.page_key(ks.COMPARE, ks.PASTE_LOAD)).click().run()
    assert not at.exception, at.exception
    assert ESCAPE_PROBLEM in errors(at)


def test_a_yaml_score_sheet_with_an_escape_past_unicode_is_refused_with_its_place():
    at = open_page("score_sheet.py")
    data = b'kind: match\ndeals:\n- {NS: 16, EW: 0, note: "\\U00110000"}\n'
    at.get("file_uploader")[0].upload("sheet.yaml", data, "application/x-yaml").run()
    assert not at.exception, at.exception
    said = errors(at) + "\n".join(c.value for c in at.code)
    assert "The file was not opened" in said
    assert "line 3, column 26: the escape \\U00110000 is beyond the last Unicode character" in said
    assert at.session_state[ks.SHEET_DEALS] == []


# --- links -----------------------------------------------------------------------------------------

def test_a_link_holding_a_9000_card_hand_is_refused_at_its_count():
    link = encode_scenario({"kind": "play", "contract": {"mode": "sun", "buyer": "N"},
                            "current": {"leader": "N", "cards": []}, "hand": ["QH"] * 9000})
    at = open_page("trick_checker.py", link)
    assert "hand: holds 9000 items; a list or mapping in a scenario holds at most 64" in errors(at)
    assert at.session_state[ks.TRICK_HAND] == []


def test_a_link_with_data_after_its_end_is_refused():
    good = encode_scenario(load("seed000-third-player-must-cut"))
    body = good[3:]
    raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)) + zlib.compress(b'{"kind": "score"}')
    at = open_page("trick_checker.py", "v1." + base64.urlsafe_b64encode(raw).decode().rstrip("="))
    assert "the scenario in this link is damaged (something is written after its end)" in errors(at)


def test_a_link_longer_than_a_link_carries_gets_the_apps_own_message():
    at = open_page("trick_checker.py", "v1." + "A" * (MAX_LINK_CHARS + 500))
    assert f"the scenario in this link is too long ({MAX_LINK_CHARS + 503} characters)" in errors(at)


def _long_notes() -> dict:
    notes = " ".join(f"{i:x}{i * 7919 % 104729:x}" for i in range(3000))  # about 27 KB that does not compress away
    return {**load("seed000-third-player-must-cut"), "notes": notes}


def test_a_scenario_too_long_for_a_link_never_puts_one_in_the_address_bar_or_the_share_box():
    doc = _long_notes()
    assert len(encode_scenario(doc)) > MAX_LINK_CHARS
    at = open_page("trick_checker.py")
    at.text_area(key=ks.page_key(ks.TRICK, ks.PASTE)).input(yaml.safe_dump(doc))
    action(at, ks.page_key(ks.TRICK, ks.PASTE_LOAD)).click().run()
    assert not at.exception and not at.error, errors(at)
    assert "s" not in at.query_params, "a reload would send the server a link it refuses"
    said = "\n".join(shown(c.value) for c in at.caption)
    assert "No share link: this scenario packs into" in said and f"at most {MAX_LINK_CHARS}" in said
    assert not [c for c in at.code if "?s=" in c.value]


# --- text that hides or moves text -------------------------------------------------------------------

def test_a_title_with_a_right_to_left_override_opens_with_the_override_shown():
    doc = {**load("seed000-third-player-must-cut"), "title": "evil\u202egpj.yaml \u200bx"}
    at = open_page("trick_checker.py", encode_scenario(doc))
    said = "\n".join(shown(s.value) for s in (*at.success, *at.caption))
    assert "evil<U+202E>gpj.yaml <U+200B>x" in said and "\u202e" not in said


def test_compare_rules_shows_an_outside_title_with_its_isolates_shown():
    doc = {**load("bidding-redeal"), "title": "\u2067abc\u2069 \u2066"}
    at = open_page("compare_rules.py", encode_scenario(doc))
    heads = [shown(h.value) for h in at.subheader]
    assert "<U+2067>abc<U+2069> <U+2066>" in heads, heads


def test_an_uploaded_file_name_with_an_override_is_named_with_it_shown():
    at = open_page("trick_checker.py")
    at.get("file_uploader")[0].upload("a\u202elmay.yaml", b"kind: [", "application/x-yaml").run()
    assert "Could not open the file a<U+202E>lmay.yaml" in errors(at)


def test_a_hand_of_9000_typed_cards_is_refused_at_its_count_and_not_read_card_by_card(monkeypatch):
    from explorer.ui.tools import forms
    parsed: list[str] = []
    real = forms.Card.parse
    monkeypatch.setattr(forms.Card, "parse", lambda v: parsed.append(v) or real(v))
    assert len(forms.tokens("QH " * 9000)) == 9000 and len(parsed) <= 64, "past a list's most items, kept as typed"
    at = open_page("trick_checker.py")
    at.radio(key=ks.TRICK_ENTRY).set_value("type").run()
    at.text_input(key=ks.TRICK_HAND_TEXT).input("QH " * 9000).run()
    assert not at.exception, at.exception
    assert "names 9000 cards; a scenario names at most 128" in errors(at)


def test_the_scenario_shown_as_yaml_shows_its_hidden_characters():
    doc = {**load("bidding-redeal"), "title": "a\u202eb"}
    at = open_page("compare_rules.py", encode_scenario(doc))
    [shown_yaml] = [c.value for c in at.code if c.language == "yaml"]
    assert "title: a<U+202E>b" in shown_yaml and "\u202e" not in shown_yaml
