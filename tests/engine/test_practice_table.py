"""What the card table is given, without a browser or Streamlit (explorer/view/practice_table.py): one frame per game
state in the order they came, a trick just won held with its winner, your decision with the engine's reason for
each card you may not play and a tutor's line for each call, the calls the game model allows, why a seat is not
asked, and the deal's end in your terms."""

from __future__ import annotations

import pytest

from explorer.engine.core.cards import Card, Seat, Team
from explorer.engine.game.practice import Practice
from explorer.engine.game.state import Call, Declare, Play, Stage
from explorer.engine.players import make_player
from explorer.engine.rules.bidding import start
from explorer.engine.rules.bidding.machine import apply_call
from explorer.view import practice as pv
from explorer.view import practice_table as pt

say = str


def heuristic(p: Practice):
    return make_player("heuristic").choose(p.state.view(p.human)).action


def _decisions(seed: int = 16, goal: str = "deal"):
    """Each of South's decisions in a seeded deal, with the states the table was given after the one before."""
    p, states = Practice.new(seed, goal=goal).advance()
    before = None
    while True:
        yield p, states, before
        if p.state.finished:
            return
        before = p.state
        p, states = p.act(heuristic(p))


def test_each_frame_is_one_state_more_and_a_trick_just_won_is_held_with_its_winner_and_points():
    won = 0
    for p, states, before in _decisions():
        frames = pt.frames(states, p, say=say, before=before)
        for g, f in zip(states, frames):
            assert f["turn"] == (g.to_act.value if g.to_act else None)
            assert f["counts"] == {s.value: len(g.hand(s)) for s in Seat}
            assert [c["c"] for c in f["hand"]] == [str(c) for c in pt.sort_hand(g.hand(Seat.S),
                                                                             trump=g.contract.trump if g.contract else None)]
            if f["won"]:
                last = g.completed_tricks[-1]
                assert f["won"] == {"seat": last.winner.value, "points": last.points, "n": last.number}
                assert [x["card"]["c"] for x in f["trick"]] == [str(c) for c in last.cards]
                won += 1
            elif g.current is not None:
                assert [x["card"]["c"] for x in f["trick"]] == [str(c) for c in g.current.cards]
        assert [f["act"]["seat"] for f in frames] == [str(g.actions[-1]).split(":")[0] for g in states]
    assert won == 8, "every trick is shown won, once"


def test_your_cards_carry_the_engines_reason_when_they_break_a_rule_and_nothing_when_they_are_legal():
    checked = 0
    for p, _, _ in _decisions():
        you = pt.your_turn(p, say=say)
        if p.state.finished or p.state.stage is not Stage.PLAY:
            continue
        legal = {a.card for a in p.state.legal_actions() if isinstance(a, Play)}
        for c in p.state.hand(Seat.S):
            why = you["cards"][str(c)]
            assert (why == "") == (c in legal)
            if why:
                assert why == str(p.state.why_not(Play(c, seat=Seat.S)).reason)
                checked += 1
    assert checked, "South never held a card it could not play"


def test_the_calls_offered_are_the_game_models_each_with_the_tutors_line():
    p, _ = Practice.new(16).advance()
    you = pt.your_turn(p, say=say)
    assert [c["a"] for c in you["calls"]] == [str(a) for a in p.state.legal_actions()]
    assert all(c["help"] for c in you["calls"]) and you["hint"]
    quiet = pt.your_turn(p.with_settings(tutor=False), say=say)
    assert all(c["help"] == "" for c in quiet["calls"]) and not quiet["hint"] and not quiet["back"]


@pytest.mark.parametrize("call, words", [
    pytest.param("pass", "Do not buy now", id="pass-round-1"),
    pytest.param("hokum", "Buy with spades as trumps", id="hokum"),
    pytest.param("sun", "Buy with no trumps", id="sun"),
])
def test_each_call_says_what_it_means_here(call, words):
    p, _ = Practice.new(16).advance()
    g = p.state
    assert g.upcard == Card.parse("KS")
    assert words in str(pv.call_help(Call.parse(call), g, you=Seat.S))


def test_the_doubling_calls_say_what_they_multiply_and_a_locked_one_what_it_forbids():
    from explorer.engine.game.state import GameState
    g = GameState.new(3, dealer=Seat.S)
    for a in ("E: hokum",):
        g = g.apply(a)
    while g.stage is Stage.BIDDING:
        g = g.apply(next(a for a in g.legal_actions() if a.kind.value == "pass"))
    assert g.stage is Stage.DOUBLING
    texts = {str(a): str(pv.call_help(a, g)) for a in g.legal_actions()}
    assert any("multiplied by 2" in t and "locked" not in t for t in texts.values())
    assert any("multiplied by 2, and locked: nobody may lead a trump" in t for t in texts.values())


def test_a_sun_by_the_dealers_right_says_why_the_others_are_not_asked_and_why_nobody_doubles():
    b = start(Seat.S, Card.parse("9H"))
    said = [str(m) for m in pv.skipped_turns(b, apply_call(b, "E: sun"), you=Seat.S)]
    assert said == ["N is not asked: E's Sun stands; N comes after E, and a Sun can be replaced only by an earlier seat.",
                    "W is not asked: E's Sun stands; W comes after E, and a Sun can be replaced only by an earlier seat.",
                    "You are not asked: E's Sun stands; S comes after E, and a Sun can be replaced only by an earlier "
                    "seat.",
                    "No Double: Sun may be doubled only with one team above 100 and the other below 100; the match "
                    "stands at 0 for us, 0 for them."]


def test_no_seat_is_said_skipped_when_the_next_seat_speaks():
    b = start(Seat.S, Card.parse("9H"))
    assert pv.skipped_turns(b, apply_call(b, "E: pass")) == []


def test_the_end_of_a_deal_is_said_in_your_terms_and_offers_what_may_follow():
    *_, (p, _, _) = _decisions(16, goal="match")
    over = pt.deal_over(p, say=say)
    award = p.state.result.award
    tone = "win" if award[Team.NS] > award[Team.EW] else "loss" if award[Team.NS] < award[Team.EW] else "even"
    assert over["deal"] == {"text": f"This deal: Us {award[Team.NS]}, Them {award[Team.EW]}.", "tone": tone}
    assert over["next"] and over["again"] and not over["new"] and over["match"] is None
    assert pt.deal_over(p.deal_again(), say=say) is None


def test_your_own_declarations_are_the_game_models_best_first_and_none_last():
    p = Practice.new(1, auto_declare=False)                     # seed 1: South holds a Sira
    for _ in range(40):
        p, _ = p.advance()
        if p.state.finished or any(isinstance(a, Declare) for a in p.state.legal_actions()):
            break
        p = p.play(heuristic(p))
    you = pt.your_turn(p, say=say)
    declare = [a for a in p.state.legal_actions() if isinstance(a, Declare)]
    assert [d["a"] for d in you["declare"]] == [str(a) for a in declare]
    assert you["declare"][-1]["label"] == "Declare nothing" and you["declare"][0]["label"].startswith("Declare ")
    assert not you["cards"], "the projects come before the card"
