"""The solver's award scale rests on one claim about the scoring pipeline: without a Kaboot, a deal's award to a
team never falls as that team's raw points rise. Checked here for every profile option that scores, every
level and tie rule, both buyers, projects on either side and Baloot, rather than trusted; and the Kaboots,
which are not always the best outcome, are placed on the scale by their award.
"""

from __future__ import annotations

import itertools

import pytest

from explorer.engine.core.cards import Seat, Team, cards
from explorer.engine.core.contract import Contract, Escalation, Level
from explorer.engine.core.profiles import custom_profile
from explorer.engine.core.tables import RAW_TOTAL, Mode
from explorer.engine.rules.projects import declared_projects
from explorer.engine.rules.scoring import DealFacts, score_deal
from explorer.engine.solver.award import AwardNotMonotone, Deal, award_of, scale

LEVELS = {Mode.SUN: (Level.NONE, Level.DOUBLE),
          Mode.HOKUM: (Level.NONE, Level.DOUBLE, Level.TRIPLE, Level.QUADRUPLE, Level.GAHWA)}


def _projects(mode: Mode, which: str) -> dict:
    ours = {Seat.S: tuple(declared_projects(cards("7C 8C 9C"), mode))}             # a Sira for NS
    theirs = {Seat.E: tuple(declared_projects(cards("TD JD QD KD"), mode))}        # a Fifty for EW
    return {"none": {}, "ours": ours, "theirs": theirs, "both": {**ours, **theirs}}[which]


def configurations(full: bool):
    options = dict(tie_rule=("units", "buyer_fails"), escalated_tie=("units", "doubler_loses"))
    if full:
        options |= dict(projects_multiplier_above_double=(2, 1), trump_project_priority=(False, True))
    names = list(options)
    for mode, levels in LEVELS.items():
        for level, values, buyer in itertools.product(levels, itertools.product(*options.values()), (Seat.S, Seat.E)):
            profile = custom_profile({"base": "detailed", **dict(zip(names, values))})
            doubler = buyer.right if level is not Level.NONE else None
            esc = Escalation(level, doubler)
            for which in (("none", "ours", "theirs", "both") if full else ("none", "both")):
                balooted = (None, Seat.N, Seat.W) if full else (None, Seat.W)
                for baloot in (balooted if mode is Mode.HOKUM else (None,)):
                    yield mode, profile, Contract(mode, cards("7H")[0].suit if mode is Mode.HOKUM else None,
                                                  buyer), esc, _projects(mode, which), baloot


def _awards(mode, profile, contract, esc, projects, baloot, team=Team.NS) -> list[int]:
    total = RAW_TOTAL[mode]
    out = []
    for p in range(total + 1):
        facts = DealFacts(contract=contract, escalation=esc, points={team: p, team.other: total - p},
                          projects=projects, baloot=baloot, dealer=Seat.W)
        out.append(award_of(score_deal(facts, profile), team))
    return out


def _check(full: bool) -> int:
    n = 0
    for config in configurations(full):
        awards = _awards(*config)
        falls = [p for p in range(1, len(awards)) if awards[p] < awards[p - 1]]
        assert not falls, (config, falls[:3], awards[falls[0] - 1: falls[0] + 1])
        n += 1
    return n


def test_without_a_kaboot_the_award_never_falls_as_the_teams_raw_points_rise():
    assert _check(full=False) == 192


@pytest.mark.slow
def test_the_award_never_falls_over_the_full_grid_of_options_projects_and_baloot():
    assert _check(full=True) > 1000


def test_a_kaboot_is_not_always_the_best_outcome_so_the_scale_places_it_by_its_award():
    """Hokum doubled under kaboot_escalation: fixed: a Kaboot gives 25, a won deal 16 x 2 = 32."""
    profile = custom_profile({"base": "detailed", "kaboot_escalation": "fixed"})
    contract = Contract(Mode.HOKUM, cards("7H")[0].suit, Seat.S)
    esc = Escalation(Level.DOUBLE, Seat.E)
    facts = DealFacts(contract=contract, escalation=esc, points={Team.NS: 162, Team.EW: 0},
                      tricks_won={Team.NS: 8, Team.EW: 0}, dealer=Seat.W)
    kaboot = award_of(score_deal(facts, profile), Team.NS)
    won = _awards(Mode.HOKUM, profile, contract, esc, {}, None)[-1]
    assert (kaboot, won) == (25, 32)
    deal = _deal(contract, esc, profile)
    sc = scale(deal, points_so_far=0, remaining=162, sweep=3)
    # the Kaboot (value 3q + 2 at the end) sits below the won deals that award more than 25
    q = max(p for p in range(163) if deal.award(p) <= 25)
    assert sc.dplus == 3 * q + 2 - 3 * 162 < 0
    assert list(sc.awards) == sorted(set(sc.awards))


def _deal(contract, esc, profile, projects=None, team=Team.NS) -> Deal:
    facts = DealFacts(contract=contract, escalation=esc, points={Team.NS: 0, Team.EW: 0}, projects=projects or {},
                      dealer=Seat.W)
    return Deal(("test", contract, esc, profile, team), facts, profile, team)


def test_the_scale_refuses_an_award_that_falls(monkeypatch):
    deal = _deal(Contract(Mode.SUN, None, Seat.S), Escalation(), custom_profile("detailed"))
    monkeypatch.setattr(Deal, "award", lambda self, points, kaboot=None: -points if kaboot is None else 0)
    with pytest.raises(AwardNotMonotone):
        scale(deal, points_so_far=0, remaining=130, sweep=0)


def test_gahwa_awards_plus_or_minus_the_match_target_for_the_deal_winner():
    profile = custom_profile("detailed")
    contract = Contract(Mode.HOKUM, cards("7S")[0].suit, Seat.S)
    awards = _awards(Mode.HOKUM, profile, contract, Escalation(Level.GAHWA), {}, None)
    assert set(awards) == {-152, 152} and awards[0] == -152 and awards[-1] == 152
