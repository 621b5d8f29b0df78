"""The practice table in Arabic (``?lang=ar``): the setup, the bidding with the tutor's line under each call, the play
with a card's reason, the end of a deal with its score pipeline and score sheet, all with no English left, in the
table's data and on the page under it; the default players named in Arabic and typed names kept; the turn badge
«دورك» over you; a language switch in the middle of a deal keeps the deal."""

from __future__ import annotations

import re
from typing import Any

from streamlit.testing.v1 import AppTest

from explorer.engine.core.cards import Seat
from explorer.engine.core.profiles import DEFAULT_PROFILE
from explorer.engine.game.practice import Practice
from explorer.engine.game.state import Declare, Play, Stage
from explorer.engine.players import make_player
from explorer.ui import state
from explorer.view import words
from explorer.view.text import shown
from tests.app.arabic import english_words, open_page, page_texts
from tests.app.table_taps import act, data, tap
from tests.app.taps import action

ARABIC = re.compile(r"[\u0600-\u06FF]")


def practice(at: AppTest) -> Practice:
    return at.session_state[state.PLAY_PRACTICE]


def table_texts(d: dict[str, Any]) -> list[str]:
    """Every text the table shows: its words, the players, the calls and their lines, the reasons, the log, the end."""
    out = list(d["words"].values()) + list(d["names"].values()) + list(d["log"])
    for f in [d["table"], *d["frames"]]:
        out += list(f["bubbles"].values())
        if f["contract"]:
            out += [f["contract"]["word"], f["contract"]["level"], f["contract"]["text"]]
        if f["last"]:
            out.append(f["last"]["text"])
    you = d["you"] or {}
    for c in you.get("calls", []):
        out += [c["label"], c["help"]]
    out += [x["label"] for x in you.get("declare", [])] + list(you.get("cards", {}).values())
    out += [you.get("line") or ""]
    for said in (d["notice"], d["hint"]):
        out += [said["text"]] if said else []
    over = d["over"]
    if over:
        out += [over["deal"]["text"], over.get("confirm") or "", *(over.get("claim") or [])]
        out += [over["match"]["text"]] if over["match"] else []
    return out


def main_texts(at: AppTest) -> list[str]:
    """Everything read in the page's main area: sentences, widget labels and options, expanders, tables."""
    m = at.main
    texts = [shown(x) for x in page_texts(m)]
    texts += [e.label for e in m.get("expander")]
    for e in m.get("button_group"):
        texts += [str(o) for o in e.options]
    for e in m.get("table"):
        frame = e.value
        texts += [str(c) for c in frame.columns] + [str(v) for v in frame.to_numpy().ravel()]
    texts += [e.proto.label for e in m.get("download_button")]
    for e in m.get("dataframe"):
        frame = e.value
        texts += [str(c) for c in frame.columns] + [str(v) for v in frame.to_numpy().ravel()]
    return texts


def no_english(at: AppTest) -> None:
    assert not at.exception, at.exception
    kept = at.session_state[state.PLAY_PRACTICE] if state.PLAY_PRACTICE in at.session_state else None
    profile = words.profile_words(kept.profile if kept else DEFAULT_PROFILE)
    allowed = ["YAML", *re.findall(r"[A-Za-z]+", profile)]
    left = english_words(main_texts(at), allowed=allowed)
    if kept is not None:
        left += english_words(table_texts(data(at)), allowed=allowed)
    assert not left, f"English left on the Arabic practice table: {sorted(set(left))}"


def start(at: AppTest, seed: int = 16) -> AppTest:
    at.number_input(key=state.PLAY_SETUP_SEED).set_value(seed)
    action(at, state.PLAY_START).click().run()
    assert not at.exception, at.exception
    return at


def heuristic(p: Practice):
    return make_player("heuristic").choose(p.state.view(p.human)).action


def test_the_setup_in_arabic_names_the_default_players_in_arabic():
    at = open_page("play.py")
    no_english(at)
    boxes = {s: at.text_input(key=f"{state.PLAY_SETUP_NAMES}.{s}") for s in "NEW"}
    assert {s: b.placeholder for s, b in boxes.items()} == {"N": "نورة", "E": "فيصل", "W": "حمد"}
    assert not any(b.value for b in boxes.values()), "an empty box is the default player: nothing to lose on a switch"


def test_a_typed_name_is_kept_and_the_defaults_follow_the_language():
    at = open_page("play.py")
    at.text_input(key=f"{state.PLAY_SETUP_NAMES}.E").input("Sara")
    start(at)
    p = practice(at)
    assert p.name_of[Seat.E] == "Sara" and p.name_of[Seat.N] == "Noura", "a default is kept as the English default"
    assert data(at)["names"] == {"S": "أنت", "N": "نورة", "E": "Sara", "W": "حمد"}
    at.segmented_control(key=state.APP_LANG).set_value("en").run()
    assert not at.exception, at.exception
    assert data(at)["names"] == {"S": "You", "N": "Noura", "E": "Sara", "W": "Hamad"}


def test_a_deal_is_bid_played_refused_and_scored_in_arabic_with_no_english_left():
    at = start(open_page("play.py"), seed=16)   # a deal played to its end (no Sawa claim) in which South holds a card it may not play
    g = practice(at).state
    assert g.stage is Stage.BIDDING and g.to_act is Seat.S
    no_english(at)
    d = data(at)
    labels = [c["label"] for c in d["you"]["calls"]]
    assert "بس" in labels and any("حكم" in x or "صن" in x for x in labels), labels
    assert all(ARABIC.search(c["help"]) for c in d["you"]["calls"]), "the tutor's line under each call"
    assert d["words"]["your_turn"] == "دورك" and d["words"]["to_play"] == "الدور"
    assert d["words"]["dealer_mark"] == "م", "the dealer's mark is a letter of the page's language, not a Latin D"
    act(at, "S: ashkal")                                 # a call the table does not offer: the reason, in Arabic
    assert ARABIC.search(data(at)["notice"]["text"])
    no_english(at)
    illegal_seen = False
    for _ in range(40):
        p = practice(at)
        if p.state.finished:
            break
        no_english(at)
        if p.state.stage is Stage.PLAY and not illegal_seen:
            reasons = data(at)["you"]["cards"]
            refused = [why for why in reasons.values() if why]
            if refused:
                assert all(ARABIC.search(why) for why in refused), "a card's reason is in Arabic"
                illegal_seen = True
        act(at, heuristic(p))
    g = practice(at).state
    assert g.finished
    no_english(at)
    if g.stage is Stage.OVER:
        over = data(at)["over"]
        assert shown(over["deal"]["text"]).startswith(("هذه الجولة", "قهوة"))
        assert at.main.get("table") or at.main.get("expander"), "the score pipeline is under the table"
        assert any(e.label.startswith("النشرة") for e in at.main.get("expander")), "the score sheet"
        assert data(at)["words"]["next"] == "الجولة التالية"
        tap(at, {"do": "next"})
        no_english(at)
    assert illegal_seen, "South never held a card it could not play in this deal"


def test_switching_the_language_in_the_middle_of_a_deal_keeps_the_deal():
    at = start(open_page("play.py"), seed=16)
    for _ in range(6):                                   # into the play
        if practice(at).state.stage is Stage.PLAY or practice(at).state.finished:
            break
        act(at, heuristic(practice(at)))
    before = practice(at).to_json()
    at.segmented_control(key=state.APP_LANG).set_value("en").run()
    assert not at.exception, at.exception
    assert practice(at).to_json() == before
    english = " ".join(table_texts(data(at)))
    assert "Noura" in english and "نورة" not in english
    at.segmented_control(key=state.APP_LANG).set_value("ar").run()
    assert practice(at).to_json() == before
    no_english(at)


def test_your_own_declaration_a_hint_and_the_review_read_in_arabic():
    at = start(open_page("play.py"), seed=1)             # seed 1: South holds a Sira to declare
    at.toggle(key=state.PLAY_AUTO_DECLARE).set_value(False).run()
    declared = hinted = False
    for _ in range(40):
        p = practice(at)
        g = p.state
        if g.finished:
            break
        if not declared and any(isinstance(a, Declare) for a in g.legal_actions()):
            no_english(at)
            options = data(at)["you"]["declare"]
            assert options and all(ARABIC.search(o["label"]) for o in options)
            act(at, options[-1]["a"])                    # declaring nothing: told what was missed
            no_english(at)
            assert "أفضل إعلان" in data(at)["notice"]["text"]
            declared = True
            continue
        if g.stage is Stage.PLAY and not hinted:
            tap(at, {"do": "hint"})
            no_english(at)
            assert shown(data(at)["hint"]["text"]).startswith("التلميح")
            hinted = True
        mine = heuristic(p)
        act(at, mine if not isinstance(mine, Play) or mine in g.legal_actions() else g.legal_actions()[0])
    assert declared and hinted and practice(at).state.finished
    action(at, state.PLAY_REVIEW_BUTTON).click().run()
    no_english(at)
    assert any(shown(x).startswith(("المراجعة", "**المراجعة**")) for x in main_texts(at))
