"""The strong player (determinized sampling), its hints and the review of a deal."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from explorer.engine.core.cards import SEATS, Seat, cards
from explorer.engine.core.contract import Contract
from explorer.engine.core.errors import ScenarioError
from explorer.engine.core.tables import Mode
from explorer.engine.fast.playout import card_mask, greedy_policy, play_out, random_policy
from explorer.engine.game.state import GameState, Play, Stage, apply_all
from explorer.engine.players import make_player
from explorer.engine.players.review import COST_THRESHOLD, hint, review
from explorer.engine.players.selfplay import play_deal, table
from explorer.engine.rules.bidding import Call, CallKind


def _in_play(seed: int) -> GameState:
    g = apply_all(GameState.new(seed, dealer=Seat.S), ["E: hokum", "N: pass", "W: pass", "S: pass"])
    while g.stage is Stage.DOUBLING:
        g = g.apply(Call(CallKind.PASS))
    return g


def test_the_strong_player_picks_the_card_with_the_best_mean_outcome_and_says_why():
    g = _in_play(41)
    choice = make_player("strong", seed=1, samples=16).choose(g.view(g.to_act))
    plays = [a for a in g.legal_actions() if isinstance(a, Play)]
    assert set(choice.values) == set(plays)
    assert choice.values[choice.action] == max(choice.values.values())
    assert str(choice.action.card) in str(choice.why)


def test_the_strong_player_is_deterministic_for_a_seed_and_the_number_of_samples_is_configurable():
    g = _in_play(42)
    a = make_player("strong", seed=3, samples=8).choose(g.view(g.to_act))
    b = make_player("strong", seed=3, samples=8).choose(g.view(g.to_act))
    assert a == b
    c = make_player("strong", seed=3, samples=24).choose(g.view(g.to_act))
    assert set(c.values) == set(a.values)


def test_the_strong_players_decision_ignores_how_the_hidden_cards_really_lie():
    g = _in_play(43)
    seat = g.to_act
    hidden = [s for s in SEATS if s is not seat]
    rng = random.Random(5)
    pool = [c for s in hidden for c in g.hand(s)]
    for _ in range(3):
        rng.shuffle(pool)
        hands = {seat: g.hand(seat)}
        i = 0
        for s in hidden:
            n = len(g.hand(s))
            hands[s] = tuple(pool[i:i + n])
            i += n
        seat_hands = tuple(tuple(hands[s]) for s in SEATS)
        other = dataclasses.replace(g, hands_=seat_hands, original_=seat_hands)   # same public events
        assert other.view(seat) == g.view(seat)
        a = make_player("strong", seed=9, samples=12).choose(g.view(seat))
        b = make_player("strong", seed=9, samples=12).choose(other.view(seat))
        assert a.action == b.action and a.values == b.values


def test_the_greedy_play_out_policy_is_legal_and_beats_random_play():
    g = _in_play(44)
    hands = np.array([[card_mask(g.hand(s)) for s in SEATS]] * 200, dtype=np.uint32)
    kw = dict(dealer=g.dealer, contract=g.contract, escalation=g.escalation, profile=g.profile, rng=1)
    greedy = play_out(hands, **kw, policy=greedy_policy)          # raises if a card were illegal
    assert set(greedy.raw.sum(axis=1).tolist()) == {162}


def test_greedy_gives_points_to_a_partner_nobody_can_beat():
    """Sun: N leads the master AS, W follows; S, void in spades, adds an Ace or a ten, not a low card."""
    hands = {Seat.N: cards("AS 7S 8S 9S 7H 8H 9H 7D"), Seat.W: cards("KS QS JS TS 8D 9D JD QD"),
             Seat.S: cards("TC 7C KC QC TH AH KH QH"), Seat.E: cards("AC 8C 9C JC JH TD KD AD")}
    masks = np.array([[card_mask(hands[s]) for s in SEATS]], dtype=np.uint32)
    masks[0, SEATS.index(Seat.N)] &= ~np.uint32(1 << cards("AS")[0].code)
    masks[0, SEATS.index(Seat.W)] &= ~np.uint32(1 << cards("KS")[0].code)
    r = play_out(masks, cards("AS KS"), dealer=Seat.E, contract=Contract(Mode.SUN, None, Seat.N),
                 policy=greedy_policy)
    assert r.cards[0, 0, 2] in {c.code for c in cards("TC TH AH")}
    r2 = play_out(masks, cards("AS KS"), dealer=Seat.E, contract=Contract(Mode.SUN, None, Seat.N),
                  policy=random_policy, rng=3)
    assert len(r2) == 1


def test_a_hint_is_the_strong_choice_for_the_seat_to_act():
    g = _in_play(45)
    h = hint(g, seed=2, samples=8)
    assert h.action.seat is g.to_act and h.action in g.legal_actions()


def test_the_review_lists_the_decisions_that_cost_two_game_points_or_more():
    g, _ = play_deal(GameState.new(46, dealer=Seat.W), table("random", "random", seed=46))
    if g.stage is Stage.REDEAL:
        pytest.skip("passed twice")
    r = review(g.record(), ["S", "N"], samples=8, explain=False)
    assert r.decisions
    for d in r.decisions:
        assert d.seat in (Seat.S, Seat.N)
        assert d.cost == pytest.approx(max(d.values.values()) - d.values[d.played], abs=1e-9)
        assert d.values[d.best] == max(d.values.values())
    assert list(r.mistakes) == [d for d in r.decisions if d.cost >= COST_THRESHOLD]
    assert r.mistakes, "random play costs points somewhere in a whole deal"


def test_a_review_points_at_the_moment_of_each_decision():
    g, _ = play_deal(GameState.new(47, dealer=Seat.N), table("heuristic", "random", seed=47))
    from explorer.engine.files.scenario import verdict_of
    states = verdict_of(g.record()).states()
    for d in review(g.record(), ["E"], samples=6).decisions:
        assert states[d.index].to_act is Seat.E and states[d.index + 1].actions[-1] == d.played


def test_a_record_with_an_illegal_card_cannot_be_reviewed():
    g, _ = play_deal(GameState.new(48, dealer=Seat.E), table("heuristic", "heuristic", seed=48))
    doc = g.record()
    doc["tricks"][2]["cards"] = list(reversed(doc["tricks"][2]["cards"]))
    with pytest.raises(ScenarioError):
        review(doc, ["S"], samples=4)
