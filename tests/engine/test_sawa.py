"""Sawa (سوا) claims against a brute force on the engine's rules, and on recorded deals in progress.

The brute force (below, on tests/engine/minimax.py's moves and tricks: play.py's legal cards, Ekka leads both
ways, play_tricks' winners) asks directly whether the claiming team can win every trick left whatever the
defence plays; it shares nothing with the solver's kernel. The positions are seeded (samples.py), half of them
played so that one team tends to sweep, so that claims that hold and claims that fail both occur.
"""

from __future__ import annotations

from pathlib import Path

from explorer.engine.core.cards import Seat, Team
from explorer.engine.core.i18n import ENGLISH, Style, text
from explorer.engine.files.scenario import parse_text, verdict_of
from explorer.engine.game import Play
from explorer.engine.solver.samples import random_position
from explorer.engine.solver.sawa import check_sawa
from tests.engine import minimax

SCENARIOS = Path(__file__).parents[2] / "data" / "scenarios"


def sweeps(state, node, team: Team) -> bool:
    """Whether ``team`` wins every trick left from ``node`` against any defence (exhaustive)."""
    if node.done == 8:
        return True
    results = []
    for card, ekka in minimax.moves(state, node):
        nxt = minimax.child(state, node, card, ekka)
        results.append(nxt.done == node.done or nxt.won[team] > node.won[team])
        if results[-1]:
            results[-1] = sweeps(state, nxt, team)
    mine = minimax._seat(node).team is team
    return any(results) if mine else all(results)


def recorded(name: str):
    v = verdict_of(parse_text((SCENARIOS / name).read_text()))
    return v.run.state, v.projects


def test_a_claim_holds_exactly_when_the_brute_force_finds_every_trick_for_the_claiming_team():
    seen = {True: 0, False: 0}
    for seed in range(160):
        g = random_position(f"sawa-{seed}", (1, 2, 3, 3)[seed % 4], sweeping=seed % 3 != 0)
        for claimant in (g.to_act, g.to_act.right):
            want = sweeps(g, minimax.root(g), claimant.team)
            got = check_sawa(g, claimant)
            assert got.holds == want, (seed, claimant, g.record())
            seen[want] += 1
    assert seen[True] > 30 and seen[False] > 30, seen


def test_the_tricks_the_claiming_team_is_sure_of_are_the_minimax_tricks():
    for seed in range(60):
        g = random_position(f"sawa-tricks-{seed}", 1 + seed % 3, sweeping=seed % 2 == 0)
        left = 8 - len(g.completed_tricks)
        best = max(minimax.card_values(g, "tricks").values())
        for claimant in (g.to_act, g.to_act.right):
            sure = best if claimant.team is g.to_act.team else left - best
            v = check_sawa(g, claimant)
            assert (v.tricks, v.tricks_left) == (sure, left), (seed, claimant)


def test_a_failed_claim_comes_with_a_legal_defence_that_takes_a_trick():
    failed = 0
    for seed in range(40):
        g = random_position(f"sawa-line-{seed}", 2 + seed % 6, sweeping=seed % 2 == 0)
        for claimant in (g.to_act, g.to_act.right):
            v = check_sawa(g, claimant)
            if v.holds:        # the claiming team's way to take them all
                assert all(t.winner.team is claimant.team for t in v.line_tricks)
                assert len(v.line_tricks) == v.tricks_left
                continue
            failed += 1
            # the whole rest of the deal, every card legal (line_tricks plays it through the engine)
            assert len(v.line) == 32 - len(g.played)
            assert len(v.line_tricks) == v.tricks_left
            taken = sum(t.winner.team is claimant.team for t in v.line_tricks)
            assert taken == v.tricks < v.tricks_left          # the line is best play for the tricks
            lost = v.first_lost
            assert lost is not None and lost.winner.team is not claimant.team
            assert str(lost.cards[lost.seat_index(lost.winner)]) in text(v.reasons()[1])
    assert failed > 10


def test_the_recorded_kaboot_in_reach_is_a_sawa_for_north_south_and_not_for_east_west():
    g, projects = recorded("deal-in-progress-kaboot.yaml")
    assert g.to_act is Seat.S
    for seat in (Seat.S, Seat.N):
        v = check_sawa(g, seat, projects)
        assert v.holds and v.tricks == v.tricks_left == 7
        assert text(v.summary()) == f"Sawa holds: {seat.value}'s team NS takes all 7 tricks left against any defence."
    v = check_sawa(g, Seat.E, projects)
    assert not v.holds and v.tricks == 0
    # South's 7♣ under North's A♣: North-South take the trick on the table, the defence's first
    first = v.first_lost
    assert first.number == 2 and first.winner is Seat.N
    assert text(v.reasons()[1], Style(cards="face")) == "The defence that beats it: N wins trick 2 with A♣."


def test_the_last_trick_decides_the_claim_by_the_card_that_wins_it():
    g, projects = recorded("deal-in-progress-last-trick.yaml")
    (trick,) = check_sawa(g, g.to_act, projects).line_tricks or (None,)
    winner = g.apply(Play(g.hand(g.to_act)[0], False, g.to_act))
    while not winner.finished:
        winner = winner.apply(Play(winner.hand(winner.to_act)[0], False, winner.to_act))
    taker = winner.tricks[-1].winner
    for seat in Seat:
        assert check_sawa(g, seat, projects).holds == (seat.team is taker.team)
    assert trick is None or trick.winner is taker


def test_a_finished_deal_has_nothing_to_claim_and_says_so():
    g = random_position("sawa-over", 1, 3)
    last = g.apply(g.legal_actions()[0])
    v = check_sawa(last, Seat.S)
    assert not v.holds and v.tricks_left == 0
    assert text(v.summary(), ENGLISH) == "Nothing to claim: the deal is over, no card is left to play."
    assert v.reasons() == [v.summary()]
