"""The practice table in Arabic (``?lang=ar``): the setup, the bidding, the play with an illegal tap, the end of a
deal with its score pipeline and score sheet, all with no English left; the default players named in Arabic and
typed names kept; a language switch in the middle of a deal keeps the deal."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from explorer.engine.core.cards import Seat
from explorer.engine.core.profiles import DEFAULT_PROFILE
from explorer.engine.game.practice import Practice
from explorer.engine.game.state import Declare, Play, Stage
from explorer.engine.players import make_player
from explorer.engine.rules.bidding import legal_calls
from explorer.ui import state
from explorer.view import words
from explorer.view.text import shown
from tests.app.arabic import english_words, open_page, page_texts
from tests.app.taps import action

ARABIC = re.compile(r"[\u0600-\u06FF]")


def practice(at: AppTest) -> Practice:
    return at.session_state[state.PLAY_PRACTICE]


def main_texts(at: AppTest) -> list[str]:
    """Everything read in the page's main area: sentences, widget labels and options, expanders, tables.

    The sidebar is the shell's (its own test); the rules profile's name comes from the shared vocabulary.
    """
    m = at.main
    texts = [shown(x) for x in page_texts(m)]
    texts += [e.label for e in m.get("expander")]
    for e in m.get("button_group"):
        texts += [str(o) for o in e.options]
    for e in m.get("multiselect"):
        texts += [str(o) for o in e.options]
    for e in m.get("table"):
        frame = e.value
        texts += [str(c) for c in frame.columns] + [str(v) for v in frame.to_numpy().ravel()]
    texts += [e.proto.label for e in m.get("download_button")]
    for e in m.get("dataframe"):
        frame = e.value
        texts += [str(c) for c in frame.columns] + [str(v) for v in frame.to_numpy().ravel()]
    return [re.sub(r":(?:red|gray)\[", "[", t) for t in texts]          # a card's colour directive is no word


def no_english(at: AppTest) -> None:
    assert not at.exception, at.exception
    kept = at.session_state[state.PLAY_PRACTICE] if state.PLAY_PRACTICE in at.session_state else None
    profile = words.profile_words(kept.profile if kept else DEFAULT_PROFILE)
    left = english_words(main_texts(at), allowed=["YAML", *re.findall(r"[A-Za-z]+", profile)])
    assert not left, f"English left on the Arabic practice table: {sorted(set(left))}"


def start(at: AppTest, seed: int = 12) -> AppTest:
    at.number_input(key=state.PLAY_SETUP_SEED).set_value(seed)
    action(at, state.PLAY_START).click().run()
    assert not at.exception, at.exception
    return at


def until_me(at: AppTest) -> AppTest:
    for _ in range(80):
        p = practice(at)
        if p.state.finished or p.state.to_act is p.human:
            return at
        at.run()
        assert not at.exception, at.exception
    raise AssertionError("the computer players never gave South the turn")


def act(at: AppTest) -> AppTest:
    """South acts through the page's buttons, as the heuristic player would."""
    p = practice(at)
    g = p.state
    choice = make_player("heuristic").choose(g.view(p.human)).action
    if g.stage in (Stage.BIDDING, Stage.DOUBLING):
        i = [v.call for v in legal_calls(g.bidding)].index(choice)
        action(at, state.play_call_key(i)).click().run()
    elif isinstance(choice, Declare):
        at.run()
    else:
        action(at, state.play_card_key(str(choice.card))).click().run()
    assert not at.exception, at.exception
    return at


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
    until_me(at)
    table = " ".join(e.proto.body for e in at.main.get("html"))
    assert "Sara" in table and "نورة" in table and "Noura" not in table
    at.segmented_control(key=state.APP_LANG).set_value("en").run()
    assert not at.exception, at.exception
    assert practice(at).name_of[Seat.E] == "Sara"
    table = " ".join(e.proto.body for e in at.main.get("html"))
    assert "Sara" in table and "Noura" in table


def test_a_deal_is_bid_played_refused_and_scored_in_arabic_with_no_english_left():
    at = until_me(start(open_page("play.py"), seed=16))   # a deal played to its end (no Sawa claim) in which South holds a card it may not play
    g = practice(at).state
    assert g.stage is Stage.BIDDING and g.to_act is Seat.S
    no_english(at)
    labels = [b.label for b in at.main.button if b.key and b.key.startswith("play.call")]
    assert "بس" in labels and any("حكم" in x or "صن" in x for x in labels), labels

    refused = [i for i, v in enumerate(legal_calls(g.bidding)) if not v.legal]
    if refused:                                        # an illegal call: the reason, in Arabic
        action(at, state.play_call_key(refused[0])).click().run()
        assert at.error and ARABIC.search(at.error[0].value)
        no_english(at)

    illegal_seen = False
    for _ in range(80):
        until_me(at)
        g = practice(at).state
        if g.finished:
            break
        no_english(at)
        if g.stage is Stage.PLAY and not illegal_seen and not any(isinstance(a, Declare) for a in g.legal_actions()):
            legal = {a.card for a in g.legal_actions() if isinstance(a, Play)}
            illegal = [c for c in g.hand(Seat.S) if c not in legal]
            if illegal:
                before = practice(at).deals[-1].actions
                action(at, state.play_card_key(str(illegal[0]))).click().run()
                assert practice(at).deals[-1].actions == before
                assert at.error and ARABIC.search(at.error[0].value), "the refusal is in Arabic"
                no_english(at)
                illegal_seen = True
        act(at)
    g = practice(at).state
    assert g.finished
    no_english(at)
    if g.stage is Stage.OVER:
        assert any(shown(s.value).startswith(("هذه الجولة", "قهوة")) for s in at.success)
        assert at.main.get("table"), "the score pipeline is shown"
        assert any(e.label.startswith("النشرة") for e in at.main.get("expander")), "the score sheet"
        assert action(at, state.PLAY_NEXT_DEAL).label == "الجولة التالية"
        action(at, state.PLAY_NEXT_DEAL).click().run()
        no_english(at)
    assert illegal_seen, "South never held a card it could not play in this deal"


def test_switching_the_language_in_the_middle_of_a_deal_keeps_the_deal():
    at = until_me(start(open_page("play.py"), seed=14))
    for _ in range(30):                                # into the play
        until_me(at)
        if practice(at).state.stage is Stage.PLAY or practice(at).state.finished:
            break
        act(at)
    before = practice(at).to_json()
    at.segmented_control(key=state.APP_LANG).set_value("en").run()
    assert not at.exception, at.exception
    assert practice(at).to_json() == before
    english = " ".join(main_texts(at))
    assert "Noura" in english and "نورة" not in english
    at.segmented_control(key=state.APP_LANG).set_value("ar").run()
    assert practice(at).to_json() == before
    no_english(at)


def test_your_own_declaration_a_hint_and_the_review_read_in_arabic():
    at = start(open_page("play.py"), seed=1)             # seed 1: South holds a Sira to declare
    at.toggle(key=state.PLAY_AUTO_DECLARE).set_value(False).run()
    declared = hinted = False
    for _ in range(80):
        until_me(at)
        g = practice(at).state
        if g.finished:
            break
        if not declared and any(isinstance(a, Declare) for a in g.legal_actions()):
            no_english(at)
            assert at.main.multiselect and ARABIC.search(at.main.multiselect[0].options[0])
            action(at, state.PLAY_DECLARE_BUTTON).click().run()     # declaring nothing: told what was missed
            no_english(at)
            assert any("أفضل إعلان" in shown(i.value) for i in at.info)
            declared = True
            continue
        if g.stage is Stage.PLAY and not hinted:
            action(at, state.PLAY_HINT_BUTTON).click().run()
            no_english(at)
            assert at.success and shown(at.success[0].value).startswith("التلميح")
            hinted = True
        act(at)
    assert declared and hinted and practice(at).state.finished
    action(at, state.PLAY_REVIEW_BUTTON).click().run()
    no_english(at)
    assert any(shown(x).startswith(("المراجعة", "**المراجعة**")) for x in main_texts(at))
