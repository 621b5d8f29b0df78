"""Share links, files and pasted scenarios: every library file survives scenario → link → scenario,
opening a link restores its tool exactly, and malformed links, files and pastes give a clear message,
never an exception, and never lose what the user typed."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest
import yaml
from streamlit.testing.v1 import AppTest

from explorer.engine.files.scenario import MAX_SCENARIO_BYTES, check_doc, dump_yaml
from explorer.engine.files.share import decode_scenario, encode_scenario
from explorer.ui import state as ks
from explorer.view import intake
from explorer.view.text import shown
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"
LIBRARY = sorted((ROOT / "data" / "scenarios").glob("*.yaml"))
PAGE_OF_KIND = {"play": ("trick_checker.py", ks.TRICK), "score": ("score_calculator.py", ks.SCORE)}
"""Play and score scenarios open in their tools; every other kind in Compare rules."""


def load(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def page_for(doc: dict) -> tuple[str, str]:
    return PAGE_OF_KIND.get(doc["kind"], ("compare_rules.py", ks.COMPARE))


def open_page(file: str, link: str | None = None) -> AppTest:
    """A fresh session: the app's first run, then the page (with ``?s=link`` when given)."""
    at = AppTest.from_file(str(APP), default_timeout=30).run()
    if link is not None:
        at.query_params["s"] = link
    at.switch_page(f"app_pages/{file}").run()
    assert not at.exception, at.exception
    return at


def tap(at: AppTest, cards_key: str, codes: list[str]) -> AppTest:
    """Tap cards one by one, as a user does: each tap is a run (so the order of the taps is kept)."""
    for code in codes:
        row = at.pills(key=ks.tap_key(cards_key, code[1]))
        row.set_value([*row.value, code])
        at.run()
        assert not at.exception, at.exception
    return at


def packed(payload: bytes) -> str:
    """A link value in the app's format holding any bytes (to forge tampered links)."""
    return "v1." + base64.urlsafe_b64encode(zlib.compress(payload)).decode().rstrip("=")


# --- scenario → link → scenario -----------------------------------------------------------------

@pytest.mark.parametrize("path", LIBRARY, ids=[p.stem for p in LIBRARY])
def test_every_library_file_survives_encode_and_decode(path):
    doc = load(path)
    value = encode_scenario(doc)
    assert value.startswith("v1.") and all(c.isalnum() or c in "-_." for c in value)
    assert decode_scenario(value) == doc


@pytest.fixture(scope="module")
def tools() -> dict[str, AppTest]:
    """One session per tool page; each test opens a new link in it (a link is read when it changes)."""
    return {file: open_page(file) for file in ("trick_checker.py", "score_calculator.py", "compare_rules.py")}


@pytest.mark.parametrize("path", LIBRARY, ids=[p.stem for p in LIBRARY])
def test_opening_the_link_restores_the_tool_exactly(tools, path):
    doc = load(path)
    file, page = page_for(doc)
    at = tools[file]
    at.query_params["s"] = encode_scenario(doc)
    at.run()
    assert not at.exception, at.exception
    assert not any("Could not open" in e.value for e in at.error), [e.value for e in at.error]
    if page != ks.COMPARE:  # Compare rules may show a profile under which the scenario is not valid
        assert not at.error, [e.value for e in at.error]
    assert at.session_state[ks.page_key(page, ks.DOC)] == doc
    assert any("from the link" in s.value for s in (*at.success, *at.caption))  # Compare rules: a small line
    expected = check_doc(doc).output
    if doc["kind"] == "play":
        body = "\n".join(h.value for h in at.html)
        for card in expected["legal"]:
            assert f'data-card="{card}" data-highlight="legal"' in body
        for card in expected["illegal"]:
            assert f'data-card="{card}" data-highlight="illegal"' in body
    elif doc["kind"] == "score" and expected["award"] is not None:
        metrics = {m.label: m.value for m in at.metric}
        assert metrics["NS records"] == str(expected["award"]["NS"])
        assert metrics["EW records"] == str(expected["award"]["EW"])
    if doc.get("profile") is not None and page != ks.COMPARE:
        assert any("the rules saved with this scenario" in i.value for i in at.info)
    # the address bar keeps a link to the same scenario
    assert decode_scenario(at.query_params["s"]) == doc


def test_a_scenario_built_in_the_tool_comes_back_identical_from_its_link():
    at = open_page("trick_checker.py")
    at.selectbox(key=ks.TRICK_DEALER).set_value("S")
    at.segmented_control(key=ks.TRICK_LEADER).set_value("E")
    at.run()
    tap(at, ks.TRICK_TABLE, ["KC", "7C", "8H"])
    tap(at, ks.TRICK_HAND, ["QH", "7H", "AS", "TS", "KD", "QD", "9D", "8S"])
    doc = at.session_state[ks.page_key(ks.TRICK, ks.DOC)]
    link = at.query_params["s"]
    assert decode_scenario(link) == doc
    assert any(c.value.endswith("/trick_checker?s=" + link) for c in at.code)
    at.segmented_control(key=ks.TRICK_LEADER).set_value("N").run()
    edited = at.query_params["s"]
    assert edited != link
    assert any(c.value.endswith("/trick_checker?s=" + edited) for c in at.code), "the link follows edits"
    again = open_page("trick_checker.py", link)
    assert again.session_state[ks.page_key(ks.TRICK, ks.DOC)] == doc
    assert again.session_state[ks.TRICK_TABLE] == ["KC", "7C", "8H"]
    assert 'data-card="QH" data-highlight="legal"' in "\n".join(h.value for h in again.html)


def test_the_link_carries_the_sidebar_profile():
    at = AppTest.from_file(str(APP), default_timeout=30).run()
    at.selectbox(key="sidebar.profile_id").select("simple").run()
    at.switch_page("app_pages/score_calculator.py").run()
    at.session_state[ks.page_key(ks.SCORE, ks.INCOMING)] = {"doc": load(ROOT / "data/scenarios/seed004-sun-65-65.yaml"),
                                                             "source": "a test"}
    at.run()  # the file names no profile, so the tool follows the sidebar
    assert any("chosen in the sidebar" in c.value for c in at.caption)
    doc = decode_scenario(at.query_params["s"])
    assert doc["profile"] == "simple"
    restored = open_page("score_calculator.py", at.query_params["s"])
    assert any("Simple online how-to" in i.value for i in restored.info)
    assert {m.label: m.value for m in restored.metric}["NS records"] == "26"  # a tie fails in simple


def test_the_scenario_profile_wins_over_the_sidebar_until_released():
    doc = load(ROOT / "data/scenarios/score-tie-buyer-fails-simple.yaml")
    at = open_page("score_calculator.py", encode_scenario(doc))
    assert {m.label: m.value for m in at.metric}["NS records"] == "26"
    action(at, ks.page_key(ks.SCORE, ks.UNPIN)).click().run()
    assert {m.label: m.value for m in at.metric}["NS records"] == "13"  # the sidebar's detailed profile
    assert "profile" not in decode_scenario(at.query_params["s"])


def test_export_is_the_scenario_as_yaml():
    doc = load(ROOT / "data/scenarios/seed000-third-player-must-cut.yaml")
    at = open_page("trick_checker.py", encode_scenario(doc))
    button = at.get("download_button")[0]
    assert button.proto.label.endswith("Save as YAML")
    assert yaml.safe_load(dump_yaml(at.session_state[ks.page_key(ks.TRICK, ks.DOC)])) == doc


# --- malformed links --------------------------------------------------------------------------

GOOD = encode_scenario(load(ROOT / "data/scenarios/seed000-third-player-must-cut.yaml"))
BAD_LINKS = [
    pytest.param("hello world", "unknown version", id="garbage"),
    pytest.param(GOOD[: len(GOOD) // 2], "damaged", id="truncated"),
    pytest.param("v2." + GOOD[3:], "unknown version", id="wrong-version"),
    pytest.param("v1.not-base64!", "not valid base64", id="not-base64"),
    pytest.param("v1." + base64.urlsafe_b64encode(b"just some bytes").decode(), "damaged", id="base64-not-zlib"),
    pytest.param(packed(b"\xff\xfe\x00"), "damaged", id="not-text"),
    pytest.param(packed(json.dumps([1, 2, 3]).encode()), "does not hold a scenario", id="base64-of-a-list"),
    pytest.param(packed(json.dumps({"hello": "world"}).encode()), "kind: missing", id="base64-of-a-mapping"),
    pytest.param(packed(json.dumps({"kind": "poker"}).encode()), "unknown kind", id="unknown-kind"),
    pytest.param(packed(json.dumps({"kind": "score"}).encode()), "this is a score scenario", id="wrong-tool"),
    pytest.param(packed(json.dumps({**decode_scenario(GOOD), "hand": ["QH", 7]}).encode()), "hand[1]",
                 id="tampered-card"),
    pytest.param(packed(json.dumps({**decode_scenario(GOOD), "cheat": True}).encode()),
                 "cheat: is not a key", id="unknown-key"),
    pytest.param(packed(json.dumps({**decode_scenario(GOOD), "profile": "casino"}).encode()),
                 "unknown profile", id="unknown-profile"),
    pytest.param("v1." + "A" * 20_000, "too long", id="too-long"),
]


@pytest.mark.parametrize(("link", "needle"), BAD_LINKS)
def test_a_malformed_link_gives_a_clear_message_and_an_empty_tool(link, needle):
    at = open_page("trick_checker.py", link)
    assert at.error, "a bad link must be named in st.error"
    message = shown(at.error[0].value)
    assert "Could not open the link" in message and "The tool is empty" in message
    assert needle in message
    assert at.session_state[ks.TRICK_HAND] == []
    assert any("hand of the seat to play" in i.value for i in at.info)
    assert "s" not in at.query_params  # the bad value is not kept in the address bar


@pytest.mark.parametrize(("link", "needle"), BAD_LINKS[:3] + BAD_LINKS[6:8])
def test_a_malformed_link_in_compare_rules_gives_the_message(link, needle):
    at = open_page("compare_rules.py", link)
    assert needle in shown(at.error[0].value)
    assert any("Choose a scenario" in i.value for i in at.info)


def test_a_bad_link_after_typing_keeps_the_inputs():
    at = open_page("trick_checker.py")
    tap(at, ks.TRICK_HAND, ["QH", "AS"])
    at.query_params["s"] = "v1.garbage!"
    at.run()
    assert not at.exception
    assert "keeps what it showed before" in at.error[0].value
    assert at.session_state[ks.TRICK_HAND] == ["QH", "AS"]


# --- malformed files and pasted text ----------------------------------------------------------

BAD_FILES = [
    pytest.param("x.yaml", b"\xff\xd8\xff\xe0 binary", "not UTF-8", id="binary"),
    pytest.param("x.yaml", b"kind: play\nhand: [QH, AS\n", "malformed YAML", id="broken-yaml"),
    pytest.param("x.json", b'{"kind": "play", ', "malformed YAML", id="broken-json"),
    pytest.param("x.yaml", b"- a\n- list\n", "not a list", id="a-list"),
    pytest.param("x.yaml", b"", "empty", id="empty"),
    pytest.param("x.yaml", b"kind: play\nnotes: " + b"x" * MAX_SCENARIO_BYTES, "too large", id="too-large"),
    pytest.param("x.txt", b"kind: play", "not a .yaml", id="wrong-ending"),
]


@pytest.mark.parametrize(("name", "data", "needle"), BAD_FILES)
def test_read_upload_names_the_problem(name, data, needle):
    got = intake.read_upload(data, name)
    assert got.doc is None and got.errors
    assert any(needle in e for e in got.errors), got.errors


@pytest.mark.parametrize(("name", "data", "needle"), [p for p in BAD_FILES if p.id != "wrong-ending"])
def test_a_bad_upload_keeps_the_previous_scenario(name, data, needle):
    doc = load(ROOT / "data/scenarios/seed000-third-player-must-cut.yaml")
    at = open_page("trick_checker.py", encode_scenario(doc))
    at.get("file_uploader")[0].upload(name, data, "application/x-yaml")
    at.run()
    assert not at.exception, at.exception
    message = shown(at.error[0].value)  # the file name is shown as typed, Markdown escaped
    assert f"Could not open the file {name}" in message and needle in message
    assert "keeps what it showed before" in message
    assert at.session_state[ks.page_key(ks.TRICK, ks.DOC)] == doc
    assert at.session_state[ks.TRICK_TABLE] == ["KC", "7C"]


def test_a_good_upload_opens_the_scenario():
    doc = load(ROOT / "data/scenarios/seed004-sun-56-sira-74.yaml")
    at = open_page("score_calculator.py")
    at.get("file_uploader")[0].upload("sira.yaml", dump_yaml(doc).encode(), "application/x-yaml")
    at.run()
    assert any("from the file sira.yaml" in shown(s.value) for s in at.success)
    assert {m.label: m.value for m in at.metric}["NS records"] == "30"


def test_an_upload_of_the_wrong_kind_names_the_right_tool():
    at = open_page("trick_checker.py")
    data = (ROOT / "data/scenarios/seed004-sun-65-65.yaml").read_bytes()
    at.get("file_uploader")[0].upload("tie.yaml", data, "application/x-yaml")
    at.run()
    assert "open it in the Score calculator" in at.error[0].value


def test_a_bad_paste_keeps_what_the_user_typed():
    at = open_page("score_calculator.py")
    at.number_input(key=ks.SCORE_POINTS_NS).set_value(70).run()
    at.text_area(key=ks.page_key(ks.SCORE, ks.PASTE)).input("kind: score\npoints: {NS: 1")
    action(at, ks.page_key(ks.SCORE, ks.PASTE_LOAD)).click().run()
    assert not at.exception
    assert "Could not open the pasted text" in at.error[0].value
    assert at.number_input(key=ks.SCORE_POINTS_NS).value == 70
    assert at.number_input(key=ks.SCORE_POINTS_EW).value == 92


def test_a_good_paste_in_json_opens_the_scenario():
    doc = load(ROOT / "data/scenarios/score-sun-double-52.yaml")
    at = open_page("compare_rules.py")
    at.text_area(key=ks.page_key(ks.COMPARE, ks.PASTE)).input(json.dumps(doc))
    action(at, ks.page_key(ks.COMPARE, ks.PASTE_LOAD)).click().run()
    assert at.session_state[ks.page_key(ks.COMPARE, ks.DOC)] == doc
    assert decode_scenario(at.query_params["s"]) == doc


@pytest.mark.parametrize(("change", "needle"), [
    pytest.param({"hand": ["QH", "9S", "8S", "AS", "TD", "JD", "7S", "8D", "7H"]}, "holds 9 cards", id="nine-cards"),
    pytest.param({"current": {"leader": "N", "cards": ["KC", "7C", "8C", "9C"]}}, "4 cards are already down",
                 id="four-on-the-table"),
    pytest.param({"hand": ["QH", "QH", "9S"]}, "Q♥ appears twice", id="card-twice"),
])
def test_a_link_to_an_impossible_position_opens_with_the_engine_problem(change, needle):
    doc = {**decode_scenario(GOOD), **change}
    at = open_page("trick_checker.py", encode_scenario(doc))
    assert any(needle in shown(e.value) for e in at.error), [e.value for e in at.error]
    assert at.radio(key=ks.TRICK_ENTRY).value == "type"  # taps cannot hold it; the text boxes can
    assert at.session_state[ks.page_key(ks.TRICK, ks.DOC)] == doc
