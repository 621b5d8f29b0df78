"""The Deal checker under AppTest: load a deal, step through it, see the score or the first illegal card."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from streamlit.testing.v1 import AppTest

from explorer.ui import state as keys
from explorer.view.text import shown
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"
PAGE = "app_pages/deal_checker.py"
LIBRARY = ROOT / "data" / "scenarios"


def html_text(at: AppTest) -> str:
    return "\n".join(h.value for h in at.html)


def shown_text(at: AppTest) -> str:
    parts = [e.value for e in (*at.markdown, *at.error, *at.success, *at.info, *at.caption)]
    return "\n".join(str(p) for p in parts)


@pytest.fixture
def at() -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    app.switch_page(PAGE).run()
    assert not app.exception, app.exception
    return app


def load(at: AppTest, stem: str) -> AppTest:
    at.selectbox(key=keys.DEAL_LIBRARY_FILE).select(stem).run()
    action(at, keys.DEAL_LOAD_FILE).click().run()
    assert not at.exception, at.exception
    return at


def metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def test_page_opens_with_a_clean_deal_at_the_first_card(at):
    assert at.title[0].value == "Deal checker"
    assert at.slider(key=keys.DEAL_POS).value == 0
    assert "leads trick 1" in shown_text(at)
    assert html_text(at).count('class="bx-hand') >= 4
    assert action(at, keys.DEAL_BACK).disabled and not action(at, keys.DEAL_FORWARD).disabled


def test_the_replay_buttons_are_words_with_material_icons_that_point_along_the_line(at):
    buttons = [action(at, k) for k in (keys.DEAL_START, keys.DEAL_BACK, keys.DEAL_FORWARD, keys.DEAL_END)]
    assert [(b.label, b.proto.icon) for b in buttons] == [
        ("Beginning", ":material/first_page:"), ("Back", ":material/chevron_left:"),
        ("Forward", ":material/chevron_right:"), ("End", ":material/last_page:")]


def test_library_lists_every_deal_file(at):
    options = at.selectbox(key=keys.DEAL_LIBRARY_FILE).options
    stems = sorted(p.stem for p in LIBRARY.glob("deal-*.yaml"))
    assert len(options) == len(stems) >= 4


def test_clean_deal_steps_card_by_card_to_the_end_and_shows_the_score(at):
    load(at, "deal-hokum-clean")
    assert any("Every card of this deal is legal" in s.value for s in at.success)
    for expected in (1, 2, 3, 4):
        action(at, keys.DEAL_FORWARD).click().run()
        assert at.slider(key=keys.DEAL_POS).value == expected
    assert "W** wins trick 1" in shown_text(at)  # 7S TS KH JS: West's trump takes it
    assert "NS records" not in metrics(at), "the score is shown only at the end"
    action(at, keys.DEAL_BACK).click().run()
    assert at.slider(key=keys.DEAL_POS).value == 3
    action(at, keys.DEAL_END).click().run()
    assert not at.exception, at.exception
    assert at.slider(key=keys.DEAL_POS).value == 32
    m = metrics(at)
    assert (m["NS raw points"], m["EW raw points"]) == ("112", "50")
    assert (m["NS records"], m["EW records"]) == ("11", "5")
    assert any("NS made its contract" in s.value for s in at.success)
    assert action(at, keys.DEAL_FORWARD).disabled


def test_the_slider_moves_to_any_card(at):
    load(at, "deal-sun-clean")
    at.slider(key=keys.DEAL_POS).set_value(8).run()
    assert not at.exception
    assert "Trick 2, card 4" in shown_text(at)
    assert metrics(at)["NS tricks"] == "2"


def test_running_points_chart_follows_the_position(at):
    load(at, "deal-hokum-clean")
    action(at, keys.DEAL_END).click().run()
    fig = json.loads(at.get("plotly_chart")[0].proto.spec)
    ns = next(t for t in fig["data"] if t["name"] == "NS")
    assert ns["y"][0] == 0 and ns["y"][-1] == 112 and len(ns["y"]) == 9


def test_illegal_card_is_shown_with_trick_seat_card_and_reason(at):
    load(at, "deal-illegal-card")
    err = at.error[0].value
    assert "trick 1" in err and "W plays 7D" in err
    assert "must win the trick with a trump" in err
    action(at, keys.DEAL_TO_ERROR).click().run()
    assert at.slider(key=keys.DEAL_POS).value == 3
    body = html_text(at)
    assert 'data-card="7D" data-highlight="illegal"' in body
    assert 'data-card="KH" data-highlight="legal"' in body, "the card West had to play is marked"
    assert "NS records" not in metrics(at)
    assert any("cannot be scored" in c.value for c in at.caption)


def test_false_ekka_is_the_first_problem(at):
    load(at, "deal-false-ekka")
    err = at.error[0].value
    assert "trick 4" in err and "N plays QS" in err and "Ekka" in err


def test_bad_yaml_shows_a_message_keeps_the_text_and_raises_nothing(at):
    bad = "kind: deal\ndealer: S\nhands: [unclosed\n"
    at.text_area(key=keys.DEAL_TEXT).input(bad).run()
    assert not at.exception, at.exception
    assert at.text_area(key=keys.DEAL_TEXT).value == bad
    msg = at.error[0].value
    assert "cannot check this deal" in msg and "malformed YAML" in msg and "line 4" in msg
    assert not at.get("plotly_chart")


def test_invalid_deal_lists_the_engines_problem_lines(at):
    at.text_area(key=keys.DEAL_TEXT).input("kind: deal\ndealer: Q\ncontract: {mode: hokum, buyer: N}\ntricks: []\n").run()
    assert not at.exception
    msg = shown(at.error[0].value)
    assert "dealer: unknown seat 'Q'" in msg
    assert "contract: a Hokum contract needs trump" in msg


def test_another_kind_is_sent_to_its_own_tool(at):
    at.text_area(key=keys.DEAL_TEXT).input((LIBRARY / "seed000-score-84-78.yaml").read_text()).run()
    assert not at.exception
    assert "reads whole deals (kind: deal)" in at.error[0].value


def test_empty_text_says_so(at):
    at.text_area(key=keys.DEAL_TEXT).input("   ").run()
    assert not at.exception
    assert "empty" in at.info[0].value
    assert not at.error, "an empty editor is an empty tool, not an error"


def test_a_scenario_from_another_page_is_loaded(at):
    from explorer.engine.files.scenario import parse_text

    doc = parse_text((LIBRARY / "deal-illegal-card.yaml").read_text())
    at.session_state[keys.page_key(keys.DEAL, keys.INCOMING)] = {"doc": doc, "source": "the library"}
    at.run()
    assert not at.exception
    assert "W plays 7D" in at.error[0].value
    assert "kind: deal" in at.text_area(key=keys.DEAL_TEXT).value


def test_added_deal_reaches_the_score_sheet(at):
    load(at, "deal-hokum-clean")
    action(at, keys.DEAL_END).click().run()
    action(at, keys.DEAL_ADD_TO_SHEET).click().run()
    assert not at.exception
    rows = at.session_state[keys.SHEET_DEALS]
    assert [(r["NS"], r["EW"], r["gahwa_winner"]) for r in rows] == [(11, 5, None)]
    assert action(at, keys.DEAL_ADD_TO_SHEET).disabled, "the same deal is not added twice by accident"
    at.switch_page("app_pages/score_sheet.py").run()
    assert not at.exception
    assert metrics(at)["NS total"] == "11"
    assert any("arrived from another page" in s.value for s in at.success)
    action(at, keys.SHEET_UNDO).click().run()
    assert metrics(at)["NS total"] == "0", "Undo takes back a deal that arrived before the first visit"


def test_a_profile_named_in_the_file_is_used_and_said(at):
    text = (LIBRARY / "deal-hokum-clean.yaml").read_text() + "\nprofile: tournament\n"
    at.text_area(key=keys.DEAL_TEXT).input(text).run()
    assert not at.exception
    said = [c.value for c in at.caption if "names its own rules" in c.value]
    assert said and "Saudi tournament sheet" in said[0], "the file's rules are named in words"


def test_a_custom_profile_named_in_the_file_is_said_in_words_not_as_a_python_dict(at):
    text = (LIBRARY / "deal-hokum-clean.yaml").read_text() + "\nprofile: {base: detailed, third_seat_must_cut: false}\n"
    at.text_area(key=keys.DEAL_TEXT).input(text).run()
    assert not at.exception
    said = [c.value for c in at.caption if "names its own rules" in c.value]
    assert said and "Detailed Saudi rules, but Third seat must cut: off" in said[0]
    assert not any("{'base'" in c.value for c in at.caption)


def test_a_share_link_is_loaded_once(at):
    from explorer.engine.files.scenario import parse_text
    from explorer.engine.files.share import encode_scenario

    doc = parse_text((LIBRARY / "deal-false-ekka.yaml").read_text())
    at.query_params["s"] = encode_scenario(doc)
    at.run()
    assert not at.exception
    assert "N plays QS" in at.error[0].value
    at.text_area(key=keys.DEAL_TEXT).input("kind: deal\n").run()
    assert at.text_area(key=keys.DEAL_TEXT).value == "kind: deal\n", "the link does not overwrite later edits"


def test_a_damaged_link_says_so(at):
    at.query_params["s"] = "v1.not-base64!"
    at.run()
    assert not at.exception
    assert any("Could not open the link" in e.value and "not valid base64" in e.value for e in at.error)


def test_a_damaged_link_shows_one_message_and_an_empty_tool_never_another_deals_verdict():
    fresh = AppTest.from_file(str(APP), default_timeout=30).run()
    fresh.query_params["s"] = "v1.damaged"
    fresh.switch_page(PAGE).run()
    assert not fresh.exception, fresh.exception
    assert [e.value.split(".**")[0] for e in fresh.error] == ["**Could not open the link"]
    assert "The tool is empty" in fresh.error[0].value
    assert fresh.text_area(key=keys.DEAL_TEXT).value == ""
    assert not fresh.success, "no verdict of the library's default deal under the link's error"
    assert not fresh.get("plotly_chart") and 'class="bx-hand' not in html_text(fresh)


def test_a_checked_deal_offers_its_share_link_which_restores_it(at):
    from explorer.engine.files.share import decode_scenario

    load(at, "deal-hokum-clean")
    load(at, "deal-sun-clean")  # the link follows the deal in the editor, not the first one shown
    link = next(c.value for c in at.code if "?s=" in c.value)
    assert "deal_checker?s=v1." in link
    original = yaml.safe_load((LIBRARY / "deal-sun-clean.yaml").read_text(encoding="utf-8"))
    assert decode_scenario(link.split("?s=", 1)[1]) == original
