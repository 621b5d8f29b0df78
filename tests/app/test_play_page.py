"""The practice table under AppTest: the setup, then the card table (one component) driven by taps as the browser
sends them. A tap is one run: the engine acts, plays the computers up to South's next decision, and the table is
given every state on the way; a refused tap changes nothing and the table says the engine's reason; a double tap
acts once; the match comes back in a new session (the browser store answers from ``session_state[STORE_MEMORY]``)."""

from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from explorer.engine.core.cards import Seat
from explorer.engine.game.practice import Practice
from explorer.engine.game.state import Play, Stage
from explorer.engine.players import make_player
from explorer.ui import state
from explorer.ui.shell import browser_store
from explorer.view.text import shown
from tests.app.table_taps import act, data, tap
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"
PAGE = "app_pages/play.py"
KEY = browser_store.storage_key("practice")


def open_page(*, memory: dict[str, str] | None = None, lang: str = "en") -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    if memory is not None:
        at.session_state[state.STORE_MEMORY] = dict(memory)
    if lang != "en":
        at.query_params["lang"] = lang
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def start(at: AppTest, seed: int = 16, **setup) -> AppTest:
    at.number_input(key=state.PLAY_SETUP_SEED).set_value(seed)     # a form: its values go with the submit
    for key, value in setup.items():
        at.segmented_control(key=key).set_value(value)
    action(at, state.PLAY_START).click().run()
    assert not at.exception, at.exception
    return at


def practice(at: AppTest) -> Practice:
    return at.session_state[state.PLAY_PRACTICE]


def heuristic(p: Practice):
    return make_player("heuristic").choose(p.state.view(p.human)).action


def test_start_deals_a_seeded_match_and_the_computers_act_up_to_your_first_decision_in_one_run():
    at = open_page()
    start(at, seed=12)
    p = practice(at)
    assert p.seed == 12 and p.deals[0].seed == "12-1" and p.human is Seat.S
    assert p.needs_you or p.state.finished
    d = data(at)
    assert d["table"]["turn"] == ("S" if p.needs_you else None)
    assert [f["act"] for f in d["frames"]][0] is None, "the first frame is the deal itself"
    assert len(d["frames"]) == len(p.state.actions) + 1
    assert d["you"]["calls"] and all(c["help"] for c in d["you"]["calls"]), "tutor mode: a line under each call"


def test_a_whole_deal_is_played_by_taps_one_run_each_and_the_table_is_given_every_state():
    at = start(open_page(), seed=16)
    for _ in range(40):
        p = practice(at)
        if p.state.finished:
            break
        before = len(p.state.actions)
        mine = heuristic(p)
        act(at, mine)
        after = practice(at)
        frames = data(at)["frames"]
        assert frames[0]["act"]["seat"] == "S" and len(frames) == len(after.state.actions) - before
        assert after.needs_you or after.state.finished
        table = data(at)["table"]
        assert table["hand"] == frames[-1]["hand"] and table["counts"] == frames[-1]["counts"]
    g = practice(at).state
    assert g.finished and g.stage is Stage.OVER
    over = data(at)["over"]
    assert over["deal"]["text"].startswith("This deal: Us") and over["next"] and over["again"]
    assert over["deal"]["tone"] in ("win", "loss", "even")
    assert at.get("plotly_chart") or at.expander, "how the deal was scored is under the table"


def _to_an_illegal_card(at: AppTest) -> tuple[Practice, list]:
    for _ in range(40):
        p = practice(at)
        if p.state.stage is Stage.PLAY and p.needs_you:
            legal = {a.card for a in p.state.legal_actions() if isinstance(a, Play)}
            illegal = [c for c in p.state.hand(Seat.S) if c not in legal]
            if illegal:
                return p, illegal
        act(at, heuristic(p))
    raise AssertionError("South never held a card it could not play")


def test_a_card_that_breaks_a_rule_carries_the_engines_reason_and_a_forced_tap_changes_nothing():
    at = start(open_page(), seed=16)
    p, illegal = _to_an_illegal_card(at)
    card = illegal[0]
    reasons = data(at)["you"]["cards"]
    assert reasons[str(card)] == shown(p.state.why_not(Play(card, seat=Seat.S)).reason.render(
        __import__("explorer.view.practice", fromlist=["style"]).style(
            {Seat.S: "You", Seat.N: "Noura", Seat.E: "Faisal", Seat.W: "Hamad"}, you=Seat.S)))
    assert "is not allowed" in reasons[str(card)]
    assert all(reasons[str(c)] == "" for c in p.state.hand(Seat.S) if c not in illegal)
    act(at, Play(card, seat=Seat.S))                     # a tap the table would not send: Python refuses it too
    assert practice(at).deals[-1].actions == p.deals[-1].actions
    notice = data(at)["notice"]
    assert notice["level"] == "error" and "is not allowed" in notice["text"]


def test_a_double_tap_on_a_card_plays_one_card_and_says_nothing_wrong():
    at = start(open_page(), seed=16)
    for _ in range(40):
        if practice(at).state.stage is Stage.PLAY and practice(at).needs_you:
            break
        act(at, heuristic(practice(at)))
    p = practice(at)
    card = next(a for a in p.state.legal_actions() if isinstance(a, Play))
    act(at, card, twice=True)
    after = practice(at)
    mine = [a for a in after.state.actions[len(p.state.actions):] if a.seat is Seat.S]
    assert len(mine) == 1 and data(at)["notice"] is None


def test_a_double_tap_on_a_call_makes_one_call():
    at = start(open_page(), seed=16)
    p = practice(at)
    assert p.state.stage is Stage.BIDDING and p.needs_you
    act(at, "S: pass", twice=True)
    mine = [a for a in practice(at).state.actions if a.seat is Seat.S]
    assert len(mine) == 1


def test_take_back_undoes_your_last_call_then_your_last_card():
    at = start(open_page(), seed=16)
    p = practice(at)
    tap(at, {"do": "back"})
    assert practice(at) is p or practice(at).deals == p.deals, "nothing of yours to take back yet"
    act(at, "S: pass")
    after = practice(at)
    if not after.state.finished:
        assert data(at)["you"]["back"]
        tap(at, {"do": "back"})
        assert practice(at).deals[-1].actions == p.deals[-1].actions and data(at)["frames"] == []


def test_a_hint_for_a_call_says_the_tutors_call_and_why():
    at = start(open_page(), seed=16)
    p = practice(at)
    assert p.state.stage is Stage.BIDDING and p.needs_you
    tap(at, {"do": "hint"})
    from explorer.engine.players.review import hint
    want = hint(p.state, seed=p.deals[-1].seed, player=p.hints_by).action
    got = data(at)["hint"]
    assert got["a"] == str(want) and got["text"].startswith("Hint: ")
    assert practice(at).deals == p.deals, "a hint changes nothing"


def test_deal_again_asks_first_and_the_score_sheet_keeps_the_replayed_deal():
    at = start(open_page(), seed=16)
    while not practice(at).state.finished:
        act(at, heuristic(practice(at)))
    row = practice(at).state.match_deal()
    over = data(at)["over"]
    assert f"Us {row.ns}, Them {row.ew}" in over["confirm"]
    tap(at, {"do": "again"})
    p = practice(at)
    assert p.deals[-1].earlier == ((row.ns, row.ew),) and p.match.totals()[Seat.S.team] == 0
    sheet = [e for e in at.expander if e.label.startswith("Score sheet")]
    assert sheet, [e.label for e in at.expander]
    cells = " ".join(str(v) for v in sheet[0].dataframe[0].value.to_numpy().ravel())
    assert f"Dealt again; before: Us {row.ns} – Them {row.ew}" in cells


def _finished_match(winner_is_us: bool) -> Practice:
    from tests.engine.test_practice import _finished_match as finished
    for seed in range(3, 40):
        p = finished(seed)
        if (p.match.winner() is Seat.S.team) is winner_is_us:
            return p
    raise AssertionError("no seeded match with that winner")


def test_the_end_of_a_lost_match_says_so_as_a_loss_offers_a_new_match_and_no_deal_again():
    p = _finished_match(False)
    at = open_page(memory={KEY: browser_store.encode(p.to_json())})
    over = data(at)["over"]
    assert over["match"]["tone"] == "loss" and over["match"]["text"].startswith("They win the match")
    assert over["new"] and not over["next"] and not over["again"]
    tap(at, {"do": "again"})                              # a forged tap: a finished match's score stays
    assert practice(at).deals == p.deals and data(at)["notice"]["level"] == "error"
    tap(at, {"do": "new"})
    q = practice(at)
    assert q.seed != p.seed and len(q.deals) == 1 and q.level_of == p.level_of and q.target == p.target


def test_forged_taps_for_what_the_table_does_not_offer_mid_match_change_nothing():
    """The table offers Deal again at a deal's end and New match at the match's end; sent by hand in the middle of a
    table-mode match they restarted the deal (every card seen, taken back) and threw the match away."""
    at = open_page()
    at.toggle(key=state.PLAY_SETUP_TUTOR).set_value(False)             # table mode: nothing is taken back
    start(at, seed=16)
    assert not practice(at).tutor
    for _ in range(12):
        p = practice(at)
        if p.state.stage is Stage.PLAY:
            break
        act(at, heuristic(p))
    before = practice(at)
    act(at, heuristic(before))
    p = practice(at)
    assert p.deals[-1].actions != before.deals[-1].actions
    tap(at, {"do": "again"})
    assert practice(at).deals == p.deals and data(at)["notice"]["level"] == "error"
    tap(at, {"do": "new"})
    assert practice(at).deals == p.deals and practice(at).seed == p.seed
    tap(at, {"do": "no such thing", "a": {"x": [1]}})
    assert practice(at).deals == p.deals


def test_a_reload_brings_back_the_same_position_with_nothing_played_back():
    at = start(open_page(), seed=16)
    for _ in range(12):                                  # into the play, mid-trick
        p = practice(at)
        if p.state.stage is Stage.PLAY and p.state.current is not None:
            break
        act(at, heuristic(p))
    assert practice(at).state.current is not None
    table = data(at)["table"]
    again = open_page(memory=at.session_state[state.STORE_MEMORY])
    assert practice(again) == practice(at)
    d = data(again)
    assert d["frames"] == [] and d["table"]["trick"] == table["trick"] and d["table"]["hand"] == table["hand"]


def test_a_match_kept_by_the_first_version_still_opens():
    stored = {"format": 1, "seed": 7, "profile": "detailed", "goal": "match", "difficulty": "strong", "tutor": True,
              "auto_declare": True, "names": {"S": "You", "E": "Faisal", "N": "Sara", "W": "Hamad"},
              "deals": [{"seed": "7-1", "dealer": "W", "match": [0, 0], "actions": ["S: pass"]}]}
    at = open_page(memory={KEY: browser_store.encode(stored)})
    assert practice(at).level_of[Seat.E] == "strong" and data(at)["names"]["N"] == "Sara"
    assert data(at)["you"] or practice(at).state.finished, "kept while East was to act: the computers act on opening"
    kept = json.loads(at.session_state[state.STORE_MEMORY][KEY])["value"]
    assert kept["format"] == 2 and kept["levels"] == {"E": "strong", "N": "strong", "W": "strong"}


def test_the_table_settings_change_the_look_and_the_levels_and_are_kept():
    at = start(open_page(), seed=16)
    at.segmented_control(key=state.PLAY_PACE).set_value("instant").run()
    at.segmented_control(key=state.PLAY_BACKS).set_value("sadu").run()
    at.selectbox(key=state.play_level_key("E")).select("strong").run()
    assert not at.exception, at.exception
    p = practice(at)
    assert p.look.pace == "instant" and p.look.backs == "sadu" and p.level_of[Seat.E] == "strong"
    assert data(at)["look"]["backs"] == "sadu"
    tap(at, {"do": "sound", "on": True})
    kept = json.loads(at.session_state[state.STORE_MEMORY][KEY])["value"]
    assert kept["look"] == {"pace": "instant", "backs": "sadu", "felt": "green", "sound": True}


def test_the_setup_offers_a_level_per_computer_and_what_to_play_to():
    at = open_page()
    at.selectbox(key=state.play_setup_level_key("W")).select("random")
    start(at, seed=12, **{state.PLAY_SETUP_GOAL: "101"})
    p = practice(at)
    assert p.level_of[Seat.W] == "random" and p.level_of[Seat.E] == "heuristic" and p.target == 101
    assert data(at)["words"]["goal"] == "to 101"


def test_a_damaged_kept_match_gives_one_message_and_the_setup():
    memory = {KEY: json.dumps({"app": "baloot-explorer", "format": 1, "value": {"format": 1, "seed": "x"}})}
    at = open_page(memory=memory)
    assert action(at, state.PLAY_START)
    text = " ".join(str(e.value) for e in at.error) + " ".join(str(c.value) for c in at.code)
    assert "seed" in text


def test_next_deal_after_the_most_deals_a_practice_keeps_says_so():
    from explorer.engine.game.practice import MAX_DEALS
    from tests.engine.test_practice import redeals

    at = open_page(memory={KEY: browser_store.encode(redeals(5, MAX_DEALS))})
    tap(at, {"do": "next"})
    assert "the most a practice keeps" in data(at)["notice"]["text"]
    assert len(practice(at).deals) == MAX_DEALS


def test_a_double_tap_on_take_back_takes_back_one_decision():
    at = start(open_page(), seed=16)
    for _ in range(40):                                   # two of South's cards played in this deal
        p = practice(at)
        if p.state.stage is Stage.PLAY and p.needs_you and \
                sum(a.startswith("S: play") for a in p.deals[-1].actions) == 2:
            break
        act(at, heuristic(p))
    hand = len(practice(at).state.hand(Seat.S))
    tap(at, {"do": "back"}, twice=True)
    assert len(practice(at).state.hand(Seat.S)) == hand + 1
