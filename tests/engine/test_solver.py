"""The exact solver against a plain minimax on the engine's rules, and the invariants of its values.

The minimax (tests/engine/minimax.py) shares no code with the solver's kernel: it plays play.py's legal cards
(Ekka leads both ways), play_tricks' winners and points, and score_deal's award. The positions are seeded and
random (explorer/engine/solver/samples.py): every profile option drawn, Sun and Hokum, every escalation level,
locked Hokum, 1 to 3 tricks left and 0 to 3 cards on the table, half of them played so that one team tends to
take every trick (Kaboot within reach). ``-m slow`` runs ten times as many.
"""

from __future__ import annotations

import os
from collections import Counter

import numpy as np
import pytest

from explorer.engine.core.contract import Level
from explorer.engine.core.profiles import OPTIONS
from explorer.engine.core.tables import Mode
from explorer.engine.files.scenario import check_doc
from explorer.engine.game import Play
from explorer.engine.solver import kernel as K
from explorer.engine.solver.award import Deal, scale
from explorer.engine.solver.position import from_state
from explorer.engine.solver.samples import random_position
from explorer.engine.solver.search import _WORK, solve
from tests.engine import minimax

FAST, SLOW = 480, 4800
OBJECTIVES = ("tricks", "points", "award")


def positions(count: int, start: int = 0):
    for seed in range(start, start + count):
        tricks_left = (1, 2, 2, 3)[seed % 4]
        yield seed, random_position(seed, tricks_left, sweeping=seed % 2 == 1)


def _agree(count: int, start: int = 0) -> Counter:
    seen: Counter = Counter()
    for seed, g in positions(count, start):
        sol = solve(g, lines=False)
        for objective in OBJECTIVES:
            want = minimax.card_values(g, objective)
            got = {v.card: getattr(v, objective) for v in sol.cards}
            assert got == want, (seed, objective, g.record())
        _count(seen, g, sol)
    return seen


def _count(seen: Counter, g, sol) -> None:
    """What the sample covered: modes, levels, locks, options, Ekka leads, Kaboots in reach."""
    seen[g.contract.mode.value] += 1
    seen[g.escalation.level.value] += 1
    seen["locked"] += g.escalation.locked
    for name in OPTIONS:
        seen[f"{name}={getattr(g.profile, name)}"] += 1
    seen["ekka lead"] += any(v.ekka for v in sol.cards)
    seen[f"on table {len(g.current.cards) if g.current else 0}"] += 1
    seen["sweep in reach"] += from_state(g).sweep in (1, 2)


def test_every_card_of_every_objective_equals_a_plain_minimax_on_the_engines_rules():
    seen = _agree(FAST)
    assert seen["sun"] and seen["hokum"] and seen["locked"] and seen["ekka lead"] > 5
    assert all(seen[level.value] for level in Level)
    assert all(seen[f"{name}={value}"] for name, info in OPTIONS.items() for value in info.choices)
    assert all(seen[f"on table {n}"] for n in range(4)) and seen["sweep in reach"] > 50


@pytest.mark.slow
def test_ten_times_more_positions_agree_with_the_minimax():
    _agree(SLOW, start=10_000)


def _line_score(g, sol_card) -> int:
    """The award ``check`` gives the record with the card's principal line played out to the end."""
    doc = g.record()
    tricks = doc["tricks"]
    cards = list(sol_card.line)
    state = g
    for card in cards:
        ekka = state.current is None and any(a.card is card and a.ekka for a in state.legal_actions()
                                             if isinstance(a, Play))
        if not tricks or len(tricks[-1]["cards"]) == 4:
            tricks.append({"leader": state.to_act.value, "cards": [], "ekka": ekka})
        tricks[-1]["cards"].append(str(card))
        state = state.apply(Play(card, ekka, state.to_act))
    out = check_doc(doc)
    assert out.ok and out.output["valid"] and out.output["complete"], (out.errors, out.output and out.output["error"])
    score = out.output["score"]
    team = g.to_act.team
    if score["award"] is None:
        return 152 if score["winner"] == team.value else -152
    return score["award"][team.value] - score["award"][team.other.value]


@pytest.mark.parametrize("tricks_left", [1, 2, 3, 4, 6, 8])
def test_the_award_of_each_card_is_what_check_scores_on_its_principal_line_played_out(tricks_left):
    for seed in range(12 if tricks_left < 6 else 4):
        g = random_position(f"line-{seed}", tricks_left, sweeping=seed % 2 == 0)
        for v in solve(g).cards:
            assert len(v.line) == 32 - len(g.played)
            assert _line_score(g, v) == v.award, (seed, str(v.card), g.record())


@pytest.mark.parametrize("tricks_left", [1, 2, 3, 4, 6])
def test_tricks_and_points_stay_within_what_is_left_and_both_sides_points_add_up(tricks_left):
    for seed in range(15):
        g = random_position(f"sum-{seed}", tricks_left)
        rest = minimax.remaining_points(g)
        sol = solve(g, objectives=("tricks", "points"), lines=False)
        for v in sol.cards:
            assert 0 <= v.tricks <= tricks_left and 0 <= v.points <= rest
            after = g.apply(Play(v.card, v.ekka, g.to_act))
            ended = after.tricks[-1] if after.tricks[-1].complete else None
            mine = 0 if ended is None or ended.winner.team is not g.to_act.team else ended.points
            if after.finished:
                assert v.points == mine
                continue
            # the seat to play next maximises its own team's points from its trick on
            best = max(x.points for x in solve(after, objectives=("points",), lines=False).cards)
            left = rest - (ended.points if ended else 0)
            if after.to_act.team is g.to_act.team:
                assert v.points == mine + best, (seed, str(v.card))
            else:
                assert v.points == mine + left - best, (seed, str(v.card))


@pytest.mark.parametrize("objective", OBJECTIVES)
def test_the_best_cards_value_is_the_positions_value(objective):
    """The position searched as a whole (the seat to play choosing inside the search) is worth its best card."""
    for seed in range(10):
        g = random_position(f"root-{seed}", 3 + seed % 4, sweeping=seed % 2 == 0)
        best = max(getattr(v, objective) for v in solve(g, objectives=(objective,), lines=False).cards)
        pos = from_state(g)
        sc = scale(Deal.of(g, g.projects(), pos.team), pos.points_so_far, pos.remaining_points, pos.sweep) \
            if objective == "award" else None
        M, buf = _WORK.M, np.zeros(64, dtype=np.int64)
        M[:K.WSIZE] = pos.params(objective, sc.dplus if sc else 0, sc.dminus if sc else 0)
        M[K.SOFF:K.SOFF + 40] = pos.S
        st, gen = pos.state_vector(objective), _WORK.next_generation()
        if sc is None:
            full = int(M[K.A]) * pos.remaining_points + int(M[K.B]) * pos.tleft
            value = int(K.drive(M, st, K.OP_EXACT, 0, full, full // 2, gen, buf))
        else:
            buf[:len(sc.awards)] = sc.thresholds
            value = sc.award_at(int(K.drive(M, st, K.OP_LEVEL, len(sc.awards), 0, 0, gen, buf)))
        assert value == best, (seed, objective)


def test_a_finished_deal_or_the_bidding_has_nothing_to_solve():
    g = random_position("over", 1, 3)
    last = g.apply(g.legal_actions()[0])
    assert last.finished and solve(last).seat is None and solve(last).cards == ()


def test_the_team_is_the_seat_to_plays_and_best_lists_every_card_of_the_top_award():
    g = random_position("best", 3)
    sol = solve(g)
    assert sol.seat is g.to_act
    top = max(v.award for v in sol.cards)
    assert list(sol.best) == [v.card for v in sol.cards if v.award == top]
    keys = [(-v.award, -v.points, -v.tricks) for v in sol.cards]
    assert keys == sorted(keys)


def test_sun_deals_never_announce_ekka_and_hokum_leads_announce_it_only_on_the_highest_card_out():
    for seed in range(30):
        g = random_position(f"ekka-{seed}", 5, 0, mode=Mode.HOKUM if seed % 2 else Mode.SUN)
        for v in solve(g, objectives=("tricks",), lines=False).cards:
            offered = Play(v.card, True, g.to_act) in g.legal_actions()
            if g.contract.mode is Mode.SUN:
                assert not v.ekka
            elif not g.profile.automatic_ekka:
                assert v.ekka == offered


def test_the_pure_python_fallback_gives_the_compiled_answers():
    """The same kernel, not compiled (BALOOT_PURE_PYTHON=1), in a fresh interpreter."""
    import json
    import subprocess
    import sys
    code = ("import json; from explorer.engine.solver.samples import random_position; "
            "from explorer.engine.solver.search import solve; from explorer.engine.solver.jit import COMPILED; "
            "assert not COMPILED; "
            "print(json.dumps([solve(random_position(s, 1 + s % 2)).to_dict() for s in range(4)]))")
    env = {**os.environ, "BALOOT_PURE_PYTHON": "1"}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == [solve(random_position(s, 1 + s % 2)).to_dict() for s in range(4)]
