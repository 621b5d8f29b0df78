"""The fast simulator against the engine, rule option by rule option (issue 19).

For each named profile and each profile with one option of ``profiles.OPTIONS`` flipped from it, in
Sun and Hokum, open and locked, at every escalation level (none, Double, Triple, Quadruple, Gahwa):

- **played deals**: the simulator plays the same positions (the same hands; in the larger sweep also
  positions part-way through a deal), and the engine judges every turn: the cards the simulator let the seat choose
  from are exactly ``rules.play.legal_plays``, each leader announces Ekka exactly when
  ``ekka_problem`` allows, the tricks, raw points and tricks won are ``play_tricks``', and the
  award is ``scoring.score_deal``'s;
- **the award at its edges**: deals whose comparison is tied (every raw units digit the tie rule reads)
  or one step from a tie, and Kaboots by either team, over hands with no project, projects of one team
  or of both, a Baloot inside a project, four of a kind and a first seat without an Ace, chosen with
  the engine's own ``convert`` and ``find_projects``; the simulator's award module scores them at once
  and ``score_deal`` one by one.

The default run covers every configuration with one deal and the award cases of three setups; ``-m
slow`` runs the larger sweep (16 deals and 4 positions, every setup, both buyers, three splits on each
side of a tie). Every draw is seeded.
"""

from __future__ import annotations

import pytest

from explorer.engine.core.cards import Seat, Team
from explorer.engine.core.contract import LEVELS, Escalation, Level
from explorer.engine.core.profiles import PROFILES
from explorer.engine.core.tables import RAW_TOTAL, Mode
from explorer.engine.fast import award as fast_award
from explorer.engine.fast import playout as fast_playout
from explorer.engine.rules.scoring import score_deal
from tests.engine.simulator_vs_engine import (
    ESCALATIONS,
    PROFILE_FLIPS,
    ScoreCase,
    check_awards,
    check_played_deals,
    facts_of,
    score_cases,
)


def _tie_units(cases: list[ScoreCase], results, mode: Mode) -> set[int]:
    """The units digits of the counting team's raw points over the tied cases."""
    return {(c.raw_ns if res.counting_team is Team.NS else RAW_TOTAL[mode] - c.raw_ns) % 10
            for c, res in zip(cases, results) if res.kaboot is None and res.comparison[Team.NS] == res.comparison[Team.EW]}


@pytest.mark.parametrize(("mode", "escalation", "ekka"), ESCALATIONS)
def test_every_configuration_scores_a_tie_on_every_units_digit_and_a_kaboot_by_each_team(mode, escalation, ekka):
    """The award cases are not left to chance: whatever the profile picks as its extra setup, every
    configuration's cases hold a tie decided by each units digit of the counting team and a Kaboot by
    either team (as the engine scores them)."""
    for profile in PROFILES.values():
        cases = score_cases(mode, escalation, profile)
        results = [score_deal(facts_of(c, mode, escalation), profile) for c in cases]
        assert _tie_units(cases, results, mode) == set(range(10)), profile.id
        assert {res.kaboot for res in results} == {None, Team.NS, Team.EW}, profile.id


def test_the_setups_hold_a_reverse_kaboot_baloot_and_projects_inside_a_kaboot():
    prof = PROFILES["tournament"]
    for mode in (Mode.HOKUM, Mode.SUN):
        cases = score_cases(mode, Escalation(), prof, every_setup=True, both_buyers=True)
        results = [score_deal(facts_of(c, mode, Escalation()), prof) for c in cases]
        assert any(res.kaboot is not None and res.project_points[res.kaboot] for res in results), mode
        if mode is Mode.SUN:
            assert any(res.award and max(res.award.values()) >= 88 for res in results)   # a reverse Kaboot
        else:
            assert any(res.baloot_points[Team.NS] or res.baloot_points[Team.EW] for res in results)
            assert any(res.kaboot and c.setup.name == "baloot-inside-a-project" for c, res in zip(cases, results))


# --- every option, every level ------------------------------------------------------------------

@pytest.mark.parametrize(("mode", "escalation", "ekka"), ESCALATIONS)
@pytest.mark.parametrize("profile", PROFILE_FLIPS)
def test_the_simulator_plays_and_awards_as_the_engine_under_every_option(profile, mode, escalation, ekka):
    """A played deal (every turn's legal cards, Ekka, tricks, raw points, award), and the award at every
    tie and Kaboot of the setups: the simulator and the engine agree."""
    bad = check_played_deals(profile, mode, escalation, ekka, deals=1, positions=())
    bad += check_awards(profile, mode, escalation)
    assert not bad, bad[:5]


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "escalation", "ekka"), ESCALATIONS)
@pytest.mark.parametrize("profile", PROFILE_FLIPS)
def test_played_deals_agree_with_the_engine_over_a_larger_sweep(profile, mode, escalation, ekka):
    bad = check_played_deals(profile, mode, escalation, ekka, deals=16, positions=(3, 9, 17, 26))
    assert not bad, bad[:5]


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "escalation", "ekka"), ESCALATIONS)
@pytest.mark.parametrize("profile", PROFILE_FLIPS)
def test_the_award_agrees_with_the_engine_over_every_setup_and_buyer(profile, mode, escalation, ekka):
    bad = check_awards(profile, mode, escalation, every_setup=True, near=3, both_buyers=True)
    assert not bad, bad[:5]


# --- the comparison can fail ---------------------------------------------------------------------

def test_a_simulator_that_ignores_must_undertrump_is_caught(monkeypatch):
    """Proof that the played-deal comparison reads the legal cards: a play loop that forgets the option
    disagrees with the engine under the profile that sets it."""
    real = fast_playout._follow_legal
    monkeypatch.setattr(fast_playout, "_follow_legal", lambda hand, p, tr, tmask, third_cut, undertrump:
                        real(hand, p, tr, tmask, third_cut, False))
    bad = check_played_deals(PROFILES["simple"], Mode.HOKUM, Escalation(), True, deals=40, positions=())
    assert any("simulator allows" in b for b in bad), bad[:3]


def test_a_simulator_with_the_wrong_fixed_kaboot_is_caught(monkeypatch):
    """Proof that the award comparison reads the Kaboot values: a Triple Kaboot worth 25 instead of 75."""
    real = fast_award.profile_tables

    def wrong(profile):
        t = real(profile)
        kaboot = t.kaboot.copy()
        kaboot[:, LEVELS.index(Level.TRIPLE)] = 25
        return type(t)(kaboot, t.reverse_kaboot, t.project_multiplier, t.undoubled_tie)

    monkeypatch.setattr(fast_award, "profile_tables", wrong)
    bad = check_awards(PROFILES["tournament"], Mode.HOKUM, Escalation(Level.TRIPLE, Seat.E))
    assert any("award" in b and "sweep Team.NS" in b for b in bad), bad[:3]
