"""The expert player: inference that places the hidden cards better than uniform sampling, exact endgames that
agree with the solver, bidding by sampling, and duels whose figures do not depend on the number of workers."""

from __future__ import annotations

import random

import numpy as np

from explorer.engine.core.cards import SEATS, Seat
from explorer.engine.game.state import GameState, Play, Stage
from explorer.engine.players import make_player
from explorer.engine.players.base import IN_APP, PLAYERS
from explorer.engine.players.bidsim import best_call, call_likelihood, sample_deals
from explorer.engine.players.expert import solved_values, world_state
from explorer.engine.players.inference import log_weights, normalized, placement, resample
from explorer.engine.players.sampling import consistent, sample_worlds
from explorer.engine.players.selfplay import duel
from explorer.engine.rules.bidding import Call, CallKind


def _play_until(seed: int, cards_down: int, name: str = "heuristic", *, played: bool = False) -> GameState:
    """The heuristic's self-play of deal ``seed`` up to ``cards_down`` cards down (with ``played``, the first deal
    from ``seed`` on that is not redealt)."""
    g = GameState.new(seed)
    players = {s: make_player(name, seed=f"{seed}:{s.value}") for s in SEATS}
    while not g.finished and not (g.stage is Stage.PLAY and len(g.view(g.to_act).played) >= cards_down):
        g = g.apply(players[g.to_act].choose(g.view(g.to_act)).action)
    return _play_until(seed + 1000, cards_down, name, played=True) if played and g.finished else g


def test_the_expert_is_offered_in_the_app_after_strong_and_the_measuring_players_are_not():
    assert IN_APP.index("expert") == IN_APP.index("strong") + 1
    for name in ("cheat", "expert-bidding", "expert-play"):
        assert name in PLAYERS and name not in IN_APP


def test_inference_places_the_hidden_cards_better_than_uniform_sampling():
    """Over seeded self-play positions (the heuristic's, mid-deal), the worlds weighted by the likelihood of the
    other seats' calls and cards put more hidden cards in the hand that holds them than the same worlds equally
    weighted."""
    uniform, weighted = [], []
    for seed in range(12):
        g = _play_until(seed, 12)
        if g.finished:
            continue
        view = g.view(g.to_act)
        worlds = sample_worlds(view, 64, random.Random(seed))
        truth = {s: g.hand(s) for s in SEATS if s is not view.seat}
        uniform.append(placement(worlds, truth))
        weighted.append(placement(worlds, truth, normalized(log_weights(view, worlds))))
    assert len(uniform) >= 8
    assert np.mean(weighted) > np.mean(uniform) + 0.02, (np.mean(weighted), np.mean(uniform))


def test_resampling_keeps_worlds_consistent_with_the_view_and_follows_the_weights():
    g = _play_until(3, 10, played=True)
    view = g.view(g.to_act)
    worlds = sample_worlds(view, 20, random.Random(1))
    logw = [0.0] * 19 + [50.0]                                   # one world all but certain
    drawn = resample(worlds, logw, 10, random.Random(2))
    assert len(drawn) == 10 and all(w is worlds[-1] for w in drawn)
    assert all(consistent(view, w) for w in resample(worlds, [0.0] * 20, 10, random.Random(2)))


def test_the_exact_endgame_of_the_true_world_is_the_solvers_award():
    """Valued on the one world that is the truth, each card's endgame value is the solver's award there."""
    from explorer.engine.solver.search import solve
    g = _play_until(5, 20, played=True)
    view = g.view(g.to_act)
    plays = [a for a in view.legal_actions() if isinstance(a, Play)]
    truth = {s: g.hand(s) for s in SEATS if s is not view.seat}
    assert world_state(view, truth).hands_ == g.hands_
    got = solved_values(view, plays, [truth])
    exact = {v.card: v.award for v in solve(g, objectives=("award",), lines=False).cards}
    assert got == {a: float(exact[a.card]) for a in plays}


def test_a_pass_is_likelier_from_a_weak_hand_than_from_a_buying_hand():
    """The calls made so far weigh the sampled deals: a seat that passed probably held no buying hand."""
    g = GameState.new(8, dealer=Seat.S)
    g = g.apply(Call(CallKind.PASS).by(g.to_act))                 # the first seat passes
    view = g.view(g.to_act)
    deals = sample_deals(view, 200, random.Random(1))
    first = Seat.S.right
    from explorer.engine.players.heuristic import hokum_strength
    strong = [f for f, _ in deals if hokum_strength([*f[first], view.upcard], view.upcard.suit) >= 6.0]
    weak = [f for f, _ in deals if hokum_strength([*f[first], view.upcard], view.upcard.suit) < 3.0]
    assert strong and weak
    assert max(call_likelihood(view, f) for f in strong) < min(call_likelihood(view, f) for f in weak)


def test_a_contract_is_bought_only_when_it_beats_passing_by_its_margin():
    passing, hokum, sun = Call(CallKind.PASS), Call(CallKind.HOKUM), Call(CallKind.SUN)
    assert best_call(None, {passing: 0.0, hokum: 1.5, sun: 3.0}, buy_margin=2.0, sun_margin=4.0) is passing
    assert best_call(None, {passing: 0.0, hokum: 2.5, sun: 3.0}, buy_margin=2.0, sun_margin=4.0) is hokum
    assert best_call(None, {passing: -3.0, hokum: 0.0, sun: 9.0}, buy_margin=2.0, sun_margin=4.0) is sun
    assert best_call(None, {hokum: 5.0}) is None                    # no pass to compare with: not its call


def test_the_expert_decides_the_same_from_the_same_view():
    g = _play_until(9, 6, played=True)
    view = g.view(g.to_act)
    one = make_player("expert", seed=4, level="fast").choose(view)
    two = make_player("expert", seed=4, level="fast").choose(view)
    assert one.action == two.action and one.values == two.values


def test_a_duels_figures_do_not_depend_on_the_number_of_workers():
    one = duel("expert", "strong", deals=3, seed=21, options_a={"level": "fast"}, workers=1)
    two = duel("expert", "strong", deals=3, seed=21, options_a={"level": "fast"}, workers=2)
    assert one.diffs == two.diffs and one.rounds == two.rounds
    assert one.to_dict()["bidding"] == two.to_dict()["bidding"]
    assert [len(one.times[n]) for n in ("expert", "strong")] == [len(two.times[n]) for n in ("expert", "strong")]


def test_the_cheat_sees_every_hand_only_through_play_deal():
    """The cheat is given the state by play_deal (``sees_all``); its card is the solver's best there."""
    from explorer.engine.players.selfplay import play_deal
    from explorer.engine.solver.search import solve
    g = _play_until(2, 16, played=True)
    cheat = make_player("cheat", seed=1)
    choice = cheat.choose_open(g)
    best = solve(g, objectives=("award",), lines=False)
    assert choice.action.card in best.best
    players = {s: make_player("cheat", seed=s.value, level="fast") if s.team.value == "NS"
               else make_player("heuristic", seed=s.value) for s in SEATS}
    end, _ = play_deal(GameState.new(4), players)
    assert end.finished


def test_duel_refuses_a_number_of_workers_that_is_not_one_to_64():
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    p = subprocess.run([sys.executable, "-m", "explorer", "duel", "heuristic", "random", "--deals", "2", "--workers",
                        "0"], cwd=root, capture_output=True, text=True)
    assert p.returncode == 2 and "--workers 0" in p.stderr and "Traceback" not in p.stderr


def test_the_expert_bids_by_the_heuristics_rule_unless_asked_to_bid_by_sampling():
    from explorer.engine.players.heuristic import HeuristicPlayer
    g = GameState.new(12)
    view = g.view(g.to_act)
    assert make_player("expert", seed=1).choose(view).action == HeuristicPlayer(seed=1).choose(view).action
    assert make_player("expert", bidding="sampled").sampled_bidding and make_player("expert-bidding").sampled_bidding
    import pytest
    with pytest.raises(ValueError, match="unknown bidding"):
        make_player("expert", bidding="loud")


def test_a_paired_duel_of_one_player_against_itself_plays_both_tables_alike_and_a_variant_differs():
    """Seeded by seat alone, the same sampling player makes the same choices at both tables (every deal 0); unpaired,
    its seeds differ between the tables; a variant differs from its base only where its options lead it apart."""
    same = duel("strong", "strong", deals=3, seed=4, options_a={"samples": 8}, options_b={"samples": 8}, paired=True)
    assert same.diffs == [0.0, 0.0, 0.0]
    apart = duel("strong", "strong", deals=3, seed=4, options_a={"samples": 8}, options_b={"samples": 8})
    assert any(d != 0 for d in apart.diffs)
    variant = duel("strong", "strong", deals=3, seed=4, options_a={"samples": 8}, options_b={"samples": 9}, paired=True)
    assert any(d != 0 for d in variant.diffs)
