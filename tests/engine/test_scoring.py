"""The scoring pipeline (004, 000 §06, §07; rules-decisions.md "Scoring" and "Match").

Every expectation is worked out by hand from the rules text; the arithmetic is in each case's
comment or id. Hokum cases use hearts as trumps unless they say otherwise.
"""

from __future__ import annotations

import pytest

from explorer.engine.core.cards import Seat, Suit, Team, cards
from explorer.engine.core.contract import Contract, Escalation, Level
from explorer.engine.core.profiles import custom_profile
from explorer.engine.core.tables import Mode
from explorer.engine.rules.projects import declared_projects
from explorer.engine.rules.scoring import DealFacts, convert, score_deal, tie_by_units

PIPELINE = ("raw", "last_trick", "counting_team", "conversion", "complement", "projects", "baloot",
            "comparison", "tie_rule", "award", "match")
"""The step names in the order of the seed pipeline (004 "Correct order")."""


def run(mode: str = "hokum", buyer: str = "N", points: tuple[int, int] = (81, 81), *, level: str = "none",
        doubler: str | None = None, projects: dict[str, list[str]] | None = None, baloot: str | None = None,
        tricks: tuple[int, int] | None = None, dealer: str | None = "S",
        match: tuple[int, int] | None = None, ace: bool = False, profile="detailed") -> dict:
    """Score one deal written in notation; ``points`` and ``tricks`` are (NS, EW)."""
    m = Mode(mode)
    contract = Contract(m, Suit.H if m is Mode.HOKUM else None, Seat(buyer))
    esc = Escalation(Level(level), Seat(doubler) if doubler else None)
    shown = {Seat(s): tuple(p for t in texts for p in declared_projects(cards(t), m))
             for s, texts in (projects or {}).items()}
    facts = DealFacts(
        contract=contract, escalation=esc, points={Team.NS: points[0], Team.EW: points[1]},
        tricks_won={Team.NS: tricks[0], Team.EW: tricks[1]} if tricks else None,
        projects=shown, baloot=Seat(baloot) if baloot else None, first_seat_held_ace=ace,
        dealer=Seat(dealer) if dealer else None,
        match={Team.NS: match[0], Team.EW: match[1]} if match else None)
    return score_deal(facts, custom_profile(profile)).to_dict()


def teams(ns: int, ew: int) -> dict[str, int]:
    return {"NS": ns, "EW": ew}


# --- conversion and complement ----------------------------------------------------------------

@pytest.mark.parametrize(("raw", "game"), [
    pytest.param(0, 0, id="0"), pytest.param(5, 0, id="5-down"), pytest.param(6, 1, id="6-up"),
    pytest.param(15, 1, id="15-down"), pytest.param(16, 2, id="16-up"),
    pytest.param(65, 6, id="65-down-final-5-goes-down"), pytest.param(66, 7, id="66-up-004-example"),
    pytest.param(78, 8, id="78-up-000-worked-example"), pytest.param(81, 8, id="81-down"),
    pytest.param(85, 8, id="85-down"), pytest.param(86, 9, id="86-up"), pytest.param(106, 11, id="106-up"),
    pytest.param(155, 15, id="155-down"), pytest.param(156, 16, id="156-up"), pytest.param(162, 16, id="162"),
])
def test_hokum_conversion_rounds_units_0_to_5_down_and_6_to_9_up(raw, game):
    assert convert(raw, Mode.HOKUM) == game


@pytest.mark.parametrize(("raw", "game"), [
    pytest.param(0, 0, id="0"), pytest.param(4, 0, id="4-down"), pytest.param(5, 1, id="5-kept"),
    pytest.param(6, 2, id="6-up"), pytest.param(56, 12, id="56-up-004-example"),
    pytest.param(64, 12, id="64-down"), pytest.param(65, 13, id="65-final-5-kept-004-example"),
    pytest.param(66, 14, id="66-up"), pytest.param(74, 14, id="74-down"), pytest.param(75, 15, id="75-kept"),
    pytest.param(125, 25, id="125-kept"), pytest.param(126, 26, id="126-up"), pytest.param(130, 26, id="130"),
])
def test_sun_conversion_rounds_to_tens_keeping_a_final_5_then_divides_by_5(raw, game):
    assert convert(raw, Mode.SUN) == game


@pytest.mark.parametrize(("mode", "points", "counting", "converted"), [
    # 004: 66 raw becomes 7, the other team receives 9; rounding its 96 on its own would give 10.
    pytest.param("hokum", (96, 66), "EW", teams(9, 7), id="hokum-66-gives-7-and-the-other-9-not-10"),
    pytest.param("hokum", (84, 78), "EW", teams(8, 8), id="hokum-000-example-78-gives-8-and-8"),
    pytest.param("hokum", (76, 86), "EW", teams(7, 9), id="hokum-86-gives-9-and-the-other-7-not-8"),
    pytest.param("sun", (74, 56), "EW", teams(14, 12), id="sun-56-gives-12-and-the-other-14"),
    pytest.param("sun", (65, 65), "EW", teams(13, 13), id="sun-65-gives-13-and-13"),
])
def test_only_the_counting_team_converts_the_other_gets_the_complement(mode, points, counting, converted):
    out = run(mode, "N", points)
    assert out["counting_team"] == counting
    assert out["converted"] == converted
    assert sum(out["converted"].values()) == (16 if mode == "hokum" else 26)


# --- the counting team at each level --------------------------------------------------------

@pytest.mark.parametrize(("buyer", "doubler", "level", "counting"), [
    pytest.param("N", None, "none", "EW", id="undoubled-the-buyers-opponents-count"),
    pytest.param("N", "E", "double", "NS", id="double-the-doublers-team-is-responsible-the-buyers-team-counts"),
    pytest.param("N", "E", "triple", "EW", id="triple-said-by-the-buyer-its-opponents-count"),
    pytest.param("N", "E", "quadruple", "NS", id="quadruple-said-by-the-doubler-the-buyers-team-counts"),
    pytest.param("N", "E", "gahwa", "EW", id="gahwa-said-by-the-buyer-its-opponents-count"),
    pytest.param("E", None, "none", "NS", id="undoubled-buyer-east"),
    pytest.param("E", "S", "double", "EW", id="double-by-south-buyer-east"),
    pytest.param("E", "S", "triple", "NS", id="triple-buyer-east"),
    pytest.param("E", "S", "quadruple", "EW", id="quadruple-by-south-buyer-east"),
])
def test_counting_team_is_the_opponents_of_the_latest_escalator(buyer, doubler, level, counting):
    assert run("hokum", buyer, (100, 62), level=level, doubler=doubler)["counting_team"] == counting


def test_sun_double_makes_the_buyers_team_count():
    out = run("sun", "E", (50, 80), level="double", doubler="N", match=(50, 120))
    assert out["counting_team"] == "EW"


# --- the tie rule by units -----------------------------------------------------------------

@pytest.mark.parametrize(("units", "expected"), [
    *[pytest.param(u, "counting", id=f"hokum-{u}-counting-wins") for u in (2, 3, 4, 5)],
    *[pytest.param(u, "other", id=f"hokum-{u}-counting-loses") for u in (6, 7, 8, 9, 0)],
    pytest.param(1, "buyer", id="hokum-1-favours-the-buyer"),
])
def test_hokum_tie_units_table(units, expected):
    assert tie_by_units(units, Mode.HOKUM) == expected


@pytest.mark.parametrize(("units", "expected"), [
    *[pytest.param(u, "counting", id=f"sun-{u}-counting-wins") for u in (1, 2, 3, 4)],
    *[pytest.param(u, "other", id=f"sun-{u}-counting-loses") for u in (6, 7, 8, 9)],
    pytest.param(0, "buyer", id="sun-0-favours-the-buyer"),
    pytest.param(5, "buyer", id="sun-5-favours-the-buyer"),
])
def test_sun_tie_units_table(units, expected):
    assert tie_by_units(units, Mode.SUN) == expected


# Hokum, buyer N: EW counts. EW raw 76..85 converts to 8, so NS (86..77) gets 8: a tie.
# Units 2-5: EW (counting) wins; 6-9 and 0: EW loses; 1: the buyer (NS) wins.
@pytest.mark.parametrize(("ew_raw", "winner"), [
    pytest.param(82, "EW", id="units-2-counting-wins"), pytest.param(83, "EW", id="units-3-counting-wins"),
    pytest.param(84, "EW", id="units-4-counting-wins"), pytest.param(85, "EW", id="units-5-counting-wins"),
    pytest.param(76, "NS", id="units-6-counting-loses"), pytest.param(77, "NS", id="units-7-counting-loses"),
    pytest.param(78, "NS", id="units-8-counting-loses"), pytest.param(79, "NS", id="units-9-counting-loses"),
    pytest.param(80, "NS", id="units-0-counting-loses"), pytest.param(81, "NS", id="units-1-favours-buyer"),
])
def test_hokum_tie_is_read_from_the_counting_teams_units(ew_raw, winner):
    out = run("hokum", "N", (162 - ew_raw, ew_raw))
    assert out["comparison"] == teams(8, 8)
    assert out["winner"] == winner
    assert out["buyer_made"] is (winner == "NS")
    # Undoubled: a made contract keeps 8-8, a failed one gives the counting team 16-0.
    assert out["award"] == (teams(8, 8) if winner == "NS" else teams(0, 16))


# Sun, buyer E: NS counts. NS raw 86..94 converts to 18, EW (44..36) to 8; EW's Fifty (10) makes
# 18-18. Units 1-4: NS wins; 6-9: NS loses; 0: the buyer (EW) wins. 65-65 gives 13-13, units 5.
@pytest.mark.parametrize(("ns_raw", "projects", "winner"), [
    *[pytest.param(r, {"E": ["JC TC 9C 8C"]}, "NS", id=f"units-{r % 10}-counting-wins") for r in (91, 92, 93, 94)],
    *[pytest.param(r, {"E": ["JC TC 9C 8C"]}, "EW", id=f"units-{r % 10}-counting-loses") for r in (86, 87, 88, 89)],
    pytest.param(90, {"E": ["JC TC 9C 8C"]}, "EW", id="units-0-favours-buyer"),
    pytest.param(65, {}, "EW", id="units-5-favours-buyer"),
])
def test_sun_tie_is_read_from_the_counting_teams_units(ns_raw, projects, winner):
    out = run("sun", "E", (ns_raw, 130 - ns_raw), projects=projects)
    assert out["comparison"]["NS"] == out["comparison"]["EW"]
    assert out["winner"] == winner


@pytest.mark.parametrize(("mode", "points", "profile", "winner", "award"), [
    # Hokum 81-81, EW counts, units 1: the buyer NS wins by units; under 'buyer_fails' NS fails.
    pytest.param("hokum", (81, 81), "detailed", "NS", teams(8, 8), id="hokum-units-1-buyer-made"),
    pytest.param("hokum", (81, 81), "simple", "EW", teams(0, 16), id="hokum-simple-buyer-fails-the-tie"),
    # Hokum EW 82, units 2: the counting team wins under both rules.
    pytest.param("hokum", (80, 82), "simple", "EW", teams(0, 16), id="hokum-simple-counting-wins-anyway"),
    # Sun 65-65: neutral units favour the buyer N; 'buyer_fails' makes N's team fail.
    pytest.param("sun", (65, 65), "detailed", "NS", teams(13, 13), id="sun-65-65-buyer-made"),
    pytest.param("sun", (65, 65), "simple", "EW", teams(0, 26), id="sun-simple-buyer-fails-the-tie"),
    pytest.param("sun", (65, 65), {"base": "detailed", "tie_rule": "buyer_fails"}, "EW", teams(0, 26),
                 id="custom-profile-buyer-fails"),
])
def test_tie_rule_option_for_undoubled_deals(mode, points, profile, winner, award):
    out = run(mode, "N", points, profile=profile)
    assert out["winner"] == winner
    assert out["award"] == award


def test_buyer_fails_tie_rule_does_not_apply_at_double():
    # simple keeps the units rule at Double. Hokum buyer N, doubler E: NS counts; NS 81 ends in 1,
    # neutral: the buyer's team NS wins and takes 16 × 2.
    out = run("hokum", "N", (81, 81), level="double", doubler="E", profile="simple")
    assert out["winner"] == "NS"
    assert out["award"] == teams(32, 0)


# Hokum, buyer N, doubler E; a tie of converted cards (8-8) with no projects.
@pytest.mark.parametrize(("level", "points", "profile", "winner", "award"), [
    # Double: NS counts; NS 78 ends in 8, the counting team loses -> EW; tournament: E's team loses.
    pytest.param("double", (78, 84), "detailed", "EW", teams(0, 32), id="double-units-8-counting-loses"),
    pytest.param("double", (78, 84), "tournament", "NS", teams(32, 0), id="double-doubler-loses-the-tie"),
    # Triple: EW counts; EW 82 ends in 2, the counting team wins -> EW; tournament: EW loses.
    pytest.param("triple", (80, 82), "detailed", "EW", teams(0, 48), id="triple-units-2-counting-wins"),
    pytest.param("triple", (80, 82), "tournament", "NS", teams(48, 0), id="triple-doubler-loses-the-tie"),
    # Quadruple: NS counts; NS 76 ends in 6 -> NS loses; tournament: EW (the doubler's team) loses.
    pytest.param("quadruple", (76, 86), "detailed", "EW", teams(0, 64), id="quadruple-units-6-counting-loses"),
    pytest.param("quadruple", (76, 86), "tournament", "NS", teams(64, 0), id="quadruple-doubler-loses-the-tie"),
    # Neutral units at Double: NS 81 ends in 1 -> the buyer's team NS (our reading).
    pytest.param("double", (81, 81), "detailed", "NS", teams(32, 0), id="double-neutral-units-favour-buyer"),
])
def test_escalated_tie_option(level, points, profile, winner, award):
    out = run("hokum", "N", points, level=level, doubler="E", profile=profile)
    assert out["comparison"] == teams(8, 8)
    assert out["winner"] == winner
    assert out["award"] == award


def test_doubler_loses_tie_in_a_sun_double():
    # Sun, buyer E, doubler N: EW counts. EW 86 -> 18, NS 44 -> 8 + Fifty 10 = 18. Units 6: EW loses
    # (detailed); tournament: N's team, which doubled, loses. Pool 26 × 2 + Fifty 10 × 2 = 72.
    args = dict(level="double", doubler="N", projects={"S": ["JC TC 9C 8C"]}, match=(90, 120))
    detailed = run("sun", "E", (44, 86), **args)
    tournament = run("sun", "E", (44, 86), profile="tournament", **args)
    assert detailed["comparison"] == teams(18, 18) == tournament["comparison"]
    assert (detailed["winner"], detailed["award"]) == ("NS", teams(72, 0))
    assert (tournament["winner"], tournament["award"]) == ("EW", teams(0, 72))


def test_neutral_tie_at_an_escalated_level_is_marked_as_our_reading():
    out = run("hokum", "N", (81, 81), level="double", doubler="E")
    tie = [s for s in out["steps"] if s["step"] == "tie_rule"]
    assert tie and tie[0].get("our_reading") is True


# --- the normal award ------------------------------------------------------------------------

@pytest.mark.parametrize(("kw", "winner", "award"), [
    # NS 100 -> 10 (complement of EW's 62 -> 6). N's Fifty (5) beats E's Sira: NS scores 5, E's
    # Sira nothing; E's Baloot stays with EW (2). NS 15 > EW 8: each records its own.
    pytest.param(dict(points=(100, 62), projects={"N": ["AS KS QS JS"], "E": ["9D 8D 7D"]}, baloot="E"),
                 "NS", teams(15, 8), id="buyer-made-each-records-its-own-cards-projects-and-baloot"),
    # Buyer made, no projects: 100/62 -> 10/6.
    pytest.param(dict(points=(100, 62)), "NS", teams(10, 6), id="buyer-made-plain"),
    # NS 50 -> 5 (EW 112 -> 11). N's Sira 2 and N's Baloot 2: NS 9 < EW 11, the buyer fails:
    # EW records 16 + 2 + 2 = 20, NS 0.
    pytest.param(dict(points=(50, 112), projects={"N": ["AS KS QS"]}, baloot="N"),
                 "EW", teams(0, 20), id="buyer-fails-its-projects-and-baloot-go-to-the-other-team"),
    # The 004 example in Hokum: nonbuyer 56 + Fifty against 106: 6 + 5 = 11 > 10, 21-0.
    pytest.param(dict(points=(106, 56), projects={"E": ["JD QD KD AD"]}),
                 "EW", teams(0, 21), id="004-hokum-56-fifty-against-106"),
])
def test_normal_award(kw, winner, award):
    out = run("hokum", "N", **kw)
    assert out["winner"] == winner
    assert out["buyer_made"] is (winner == "NS")
    assert out["award"] == award


def test_004_sun_example_sira_decides_and_transfers():
    # Sun: nonbuyer 56 + Sira against buyer 74: 12 + 4 = 16 > 14; 26 + 4 = 30 to 0.
    out = run("sun", "E", (56, 74), projects={"S": ["QD KD AD"]})
    assert out["comparison"] == teams(16, 14)
    assert out["award"] == teams(30, 0)


def test_only_the_project_team_scores_projects():
    # N's Hundred (10) beats E's Fifty (5): EW's Fifty scores nothing.
    out = run("hokum", "N", (100, 62), projects={"N": ["KS QS JS TS 9S"], "E": ["JD TD 9D 8D"]})
    assert out["project_team"] == "NS"
    assert out["project_points"] == teams(10, 0)
    assert out["comparison"] == teams(20, 6)


def test_baloot_counts_for_its_owner_whoever_has_project_priority():
    # E's Fifty gives EW priority; N's Baloot still scores 2 for NS.
    out = run("hokum", "N", (100, 62), projects={"E": ["JD TD 9D 8D"]}, baloot="N")
    assert out["project_team"] == "EW"
    assert out["baloot_points"] == teams(2, 0)
    assert out["award"] == teams(12, 11)


@pytest.mark.parametrize(("projects", "baloot_points"), [
    pytest.param({"N": ["KH QH JH TH 9H"]}, teams(0, 0), id="five-run-with-trump-k-q-absorbs-baloot"),
    pytest.param({"N": ["KH QH JH"]}, teams(2, 0), id="sira-with-trump-k-q-still-scores-baloot"),
    pytest.param({"N": ["KH QH JH TH 9H"], "E": ["AS AD AC AH"]}, teams(2, 0),
                 id="baloot-separate-when-the-owners-team-lost-priority"),
])
def test_baloot_inside_a_shown_five_run(projects, baloot_points):
    out = run("hokum", "N", (100, 62), projects=projects, baloot="N")
    assert out["baloot_points"] == baloot_points


# --- Double, Triple, Quadruple -----------------------------------------------------------------

# Hokum, buyer N, doubler E. NS 100 / EW 62; N's Fifty (5); S's Baloot (2). NS wins at every level.
@pytest.mark.parametrize(("level", "profile", "award_ns"), [
    pytest.param("double", "detailed", 16 * 2 + 5 * 2 + 2, id="double-pool-x2-projects-x2-baloot-2"),
    pytest.param("double", "tournament", 16 * 2 + 5 * 2 + 2, id="double-projects-x2-in-tournament-too"),
    pytest.param("triple", "detailed", 16 * 3 + 5 * 2 + 2, id="triple-pool-x3-projects-x2-detailed"),
    pytest.param("triple", "tournament", 16 * 3 + 5 * 1 + 2, id="triple-projects-x1-tournament"),
    pytest.param("quadruple", "detailed", 16 * 4 + 5 * 2 + 2, id="quadruple-pool-x4-projects-x2-detailed"),
    pytest.param("quadruple", "tournament", 16 * 4 + 5 * 1 + 2, id="quadruple-projects-x1-tournament"),
    pytest.param("triple", {"base": "detailed", "projects_multiplier_above_double": 1}, 16 * 3 + 5 + 2,
                 id="custom-projects-multiplier-1"),
])
def test_escalated_award_winner_takes_everything(level, profile, award_ns):
    out = run("hokum", "N", (100, 62), level=level, doubler="E", projects={"N": ["AS KS QS JS"]},
              baloot="S", profile=profile)
    assert out["winner"] == "NS"
    assert out["award"] == teams(award_ns, 0)


def test_escalated_baloot_stays_2_and_goes_to_the_winner_whoever_held_it():
    # E holds the Baloot but NS wins the Double: 32 + 5 × 2 + 2 = 44, EW 0.
    out = run("hokum", "N", (100, 62), level="double", doubler="E", projects={"N": ["AS KS QS JS"]},
              baloot="E")
    assert out["award"] == teams(44, 0)


def test_doublers_team_wins_the_double():
    # Doubler E: NS counts, 60 -> 6, EW 10: EW wins 32, the buyer fails.
    out = run("hokum", "N", (60, 102), level="double", doubler="E")
    assert (out["winner"], out["buyer_made"], out["award"]) == ("EW", False, teams(0, 32))


def test_sun_double_pool_is_52_and_projects_double():
    # Sun, buyer E, doubler N, EW counts: 80 -> 16, NS 10. E's Fifty 10: EW 26 > 10.
    out = run("sun", "E", (50, 80), level="double", doubler="N", projects={"E": ["JC TC 9C 8C"]},
              match=(50, 120))
    assert out["award"] == teams(0, 26 * 2 + 10 * 2)


# --- Kaboot ------------------------------------------------------------------------------

@pytest.mark.parametrize(("kw", "profile", "award"), [
    pytest.param(dict(mode="hokum", points=(162, 0), tricks=(8, 0)), "detailed", teams(25, 0),
                 id="hokum-kaboot-25"),
    pytest.param(dict(mode="sun", points=(130, 0), tricks=(8, 0)), "detailed", teams(44, 0),
                 id="sun-kaboot-44"),
    pytest.param(dict(mode="hokum", points=(162, 0), tricks=(8, 0), projects={"N": ["AS KS QS JS"]}),
                 "detailed", teams(25 + 5, 0), id="kaboot-plus-own-projects-with-priority"),
    # E's Hundred beats N's Fifty: EW has priority, so NS's projects do not count and EW's vanish.
    pytest.param(dict(mode="hokum", points=(162, 0), tricks=(8, 0),
                      projects={"N": ["AS KS QS JS"], "E": ["KD QD JD TD 9D"]}),
                 "detailed", teams(25, 0), id="kaboot-own-projects-only-with-priority"),
    pytest.param(dict(mode="sun", points=(130, 0), tricks=(8, 0), projects={"S": ["9S 8S 7S"]}),
                 "detailed", teams(44 + 4, 0), id="sun-kaboot-plus-sira"),
    # The buyer's opponents sweep: EW records 25, the buyer 0.
    pytest.param(dict(mode="hokum", points=(0, 162), tricks=(0, 8)), "detailed", teams(0, 25),
                 id="kaboot-against-the-buyer"),
    # Undoubled Kaboot with the sweeper's own Baloot: +2 in detailed and simple (000's teaching
    # agreement), not in tournament.
    pytest.param(dict(mode="hokum", points=(162, 0), tricks=(8, 0), baloot="S"), "detailed", teams(27, 0),
                 id="undoubled-kaboot-baloot-detailed"),
    pytest.param(dict(mode="hokum", points=(162, 0), tricks=(8, 0), baloot="S"), "simple", teams(27, 0),
                 id="undoubled-kaboot-baloot-simple"),
    pytest.param(dict(mode="hokum", points=(162, 0), tricks=(8, 0), baloot="S"), "tournament", teams(25, 0),
                 id="undoubled-kaboot-no-baloot-tournament"),
    pytest.param(dict(mode="hokum", points=(162, 0), tricks=(8, 0), baloot="S"),
                 {"base": "tournament", "undoubled_kaboot_baloot": True}, teams(27, 0),
                 id="undoubled-kaboot-baloot-custom-on"),
    # The other team's Baloot is lost with the rest.
    pytest.param(dict(mode="hokum", points=(162, 0), tricks=(8, 0), baloot="E"), "detailed", teams(25, 0),
                 id="kaboot-other-teams-baloot-scores-nothing"),
    # N's Hundred K-9 of trumps holds the Baloot: 25 + 10, no separate 2.
    pytest.param(dict(mode="hokum", points=(162, 0), tricks=(8, 0), baloot="N",
                      projects={"N": ["KH QH JH TH 9H"]}), "detailed", teams(35, 0),
                 id="kaboot-baloot-inside-the-hundred"),
])
def test_kaboot_award(kw, profile, award):
    mode = kw.pop("mode")
    out = run(mode, "N", profile=profile, **kw)
    assert out["kaboot"] == ("NS" if award["NS"] else "EW")
    assert out["award"] == award


# Hokum, buyer N, doubler E, NS sweeps; N's Fifty (5), S's Baloot (2).
@pytest.mark.parametrize(("level", "profile", "award_ns"), [
    pytest.param("double", "detailed", 25 * 2 + 5 * 2 + 2, id="double-multiply-50"),
    pytest.param("triple", "detailed", 25 * 3 + 5 * 2 + 2, id="triple-multiply-75"),
    pytest.param("quadruple", "detailed", 25 * 4 + 5 * 2 + 2, id="quadruple-multiply-100"),
    pytest.param("double", "tournament", 25 + 5 * 2 + 2, id="double-fixed-keeps-25"),
    pytest.param("triple", "tournament", 75 + 5 * 1 + 2, id="triple-fixed-75"),
    pytest.param("quadruple", "tournament", 100 + 5 * 1 + 2, id="quadruple-fixed-100"),
    pytest.param("double", {"base": "detailed", "kaboot_escalation": "fixed"}, 25 + 5 * 2 + 2,
                 id="custom-fixed-double"),
])
def test_escalated_kaboot(level, profile, award_ns):
    out = run("hokum", "N", (162, 0), tricks=(8, 0), level=level, doubler="E", projects={"N": ["AS KS QS JS"]},
              baloot="S", profile=profile)
    assert out["kaboot"] == "NS"
    assert out["award"] == teams(award_ns, 0)


@pytest.mark.parametrize(("profile", "award_ew"), [
    pytest.param("detailed", 44 * 2 + 10 * 2, id="sun-doubled-kaboot-multiply-88"),
    pytest.param("tournament", 44 + 10 * 2, id="sun-doubled-kaboot-fixed-44"),
])
def test_escalated_sun_kaboot(profile, award_ew):
    out = run("sun", "E", (0, 130), tricks=(0, 8), level="double", doubler="N",
              projects={"W": ["JC TC 9C 8C"]}, match=(90, 120), profile=profile)
    assert out["award"] == teams(0, award_ew)


# --- reverse Kaboot (004; tournament) -----------------------------------------------------------

# Sun, dealer S: the dealer's right is E.
@pytest.mark.parametrize(("kw", "profile", "award"), [
    pytest.param(dict(buyer="E", points=(130, 0), tricks=(8, 0), ace=True), "tournament", teams(88, 0),
                 id="reverse-kaboot-88"),
    pytest.param(dict(buyer="E", points=(130, 0), tricks=(8, 0), ace=True, projects={"N": ["9S 8S 7S"]}),
                 "tournament", teams(88 + 4, 0), id="reverse-kaboot-plus-eligible-projects"),
    pytest.param(dict(buyer="E", points=(130, 0), tricks=(8, 0), ace=True), "detailed", teams(44, 0),
                 id="no-reverse-kaboot-in-detailed"),
    pytest.param(dict(buyer="E", points=(130, 0), tricks=(8, 0), ace=True),
                 {"base": "detailed", "reverse_kaboot": True}, teams(88, 0), id="custom-reverse-kaboot-on"),
    pytest.param(dict(buyer="E", points=(130, 0), tricks=(8, 0), ace=False), "tournament", teams(44, 0),
                 id="no-reverse-kaboot-without-the-ace"),
    pytest.param(dict(buyer="W", points=(130, 0), tricks=(8, 0), ace=True), "tournament", teams(44, 0),
                 id="no-reverse-kaboot-when-the-buyer-is-not-the-dealers-right"),
    pytest.param(dict(buyer="E", points=(0, 130), tricks=(0, 8), ace=True), "tournament", teams(0, 44),
                 id="no-reverse-kaboot-when-the-buyers-team-sweeps"),
])
def test_reverse_kaboot(kw, profile, award):
    buyer = kw.pop("buyer")
    out = run("sun", buyer, dealer="S", profile=profile, **kw)
    assert out["award"] == award


# --- Gahwa -------------------------------------------------------------------------------

@pytest.mark.parametrize(("points", "profile", "winner"), [
    pytest.param((100, 62), "detailed", "NS", id="gahwa-buyer-wins-the-match"),
    pytest.param((60, 102), "detailed", "EW", id="gahwa-buyer-fails-other-team-wins-the-match"),
    pytest.param((81, 81), "detailed", "NS", id="gahwa-tie-units-1-buyer"),
    pytest.param((81, 81), "simple", "EW", id="gahwa-tie-buyer-fails-in-simple"),
    pytest.param((80, 82), "tournament", "EW", id="gahwa-tie-units-2-counting-wins"),
])
def test_gahwa_has_no_award_and_the_deal_winner_wins_the_match(points, profile, winner):
    out = run("hokum", "N", points, level="gahwa", doubler="E", match=(0, 150), profile=profile)
    assert out["award"] is None
    assert out["winner"] == winner
    assert out["match_winner"] == winner
    assert out["match"]["after"] == teams(0, 150)


def test_gahwa_kaboot_wins_the_match_without_an_award():
    out = run("hokum", "N", (162, 0), tricks=(8, 0), level="gahwa", doubler="E", match=(10, 140))
    assert (out["kaboot"], out["award"], out["match_winner"]) == ("NS", None, "NS")


# --- the match to 152 --------------------------------------------------------------------

@pytest.mark.parametrize(("match", "points", "after", "winner", "again"), [
    # 140/100, buyer N makes 100/62 -> 10/6: 150/106, nobody at 152.
    pytest.param((140, 100), (100, 62), teams(150, 106), None, False, id="below-152-no-winner"),
    # 142/100 + 10/6 = 152/106: NS reaches 152 exactly with the higher total.
    pytest.param((142, 100), (100, 62), teams(152, 106), "NS", False, id="reaching-152-exactly-wins"),
    # 148/150 + 10/6 = 158/156: both past 152, the higher total wins.
    pytest.param((148, 150), (100, 62), teams(158, 156), "NS", False, id="both-past-152-higher-wins"),
    # 140/150, the buyer N fails (60 against 102): 140/166: EW wins.
    pytest.param((140, 150), (60, 102), teams(140, 166), "EW", False, id="the-other-team-crosses"),
    # 150/150 + 8/8 (84-78, the 000 example) = 158/158: another deal.
    pytest.param((150, 150), (84, 78), teams(158, 158), None, True, id="equal-totals-past-152-another-deal"),
    # 152/152 (a previous equal total) + the buyer fails 16-0 = 152/168: EW.
    pytest.param((152, 152), (60, 102), teams(152, 168), "EW", False, id="after-an-equal-total-the-next-deal-decides"),
])
def test_match_to_152(match, points, after, winner, again):
    out = run("hokum", "N", points, match=match)
    assert out["match"]["after"] == after
    assert out["match_winner"] == winner
    assert out["match"]["another_deal"] is again


def test_match_starts_from_zero():
    out = run("hokum", "N", (100, 62))
    assert out["match"]["before"] == teams(0, 0)
    assert out["match"]["after"] == out["award"]


# --- the pipeline order ---------------------------------------------------------------------

@pytest.mark.parametrize(("kw", "names"), [
    pytest.param(dict(points=(100, 62)),
                 ["raw", "last_trick", "counting_team", "conversion", "complement", "projects", "comparison",
                  "award", "match"], id="plain"),
    # NS 10 + Baloot 2 against EW 6 + Sira 2: no tie.
    pytest.param(dict(points=(100, 62), baloot="N", projects={"E": ["9S 8S 7S"]}),
                 ["raw", "last_trick", "counting_team", "conversion", "complement", "projects", "baloot",
                  "comparison", "award", "match"], id="baloot-without-tie"),
    # EW 79 -> 8, NS 8: NS 8 + Baloot 2 against EW 8 + Sira 2, a tie.
    pytest.param(dict(points=(83, 79), baloot="N", projects={"E": ["9S 8S 7S"]}),
                 ["raw", "last_trick", "counting_team", "conversion", "complement", "projects", "baloot",
                  "comparison", "tie_rule", "award", "match"], id="baloot-and-tie"),
    pytest.param(dict(points=(162, 0), tricks=(8, 0)),
                 ["raw", "last_trick", "counting_team", "conversion", "complement", "projects", "comparison",
                  "award", "match"], id="kaboot"),
    pytest.param(dict(points=(81, 81), level="gahwa", doubler="E"),
                 ["raw", "last_trick", "counting_team", "conversion", "complement", "projects", "comparison",
                  "tie_rule", "award", "match"], id="gahwa-tie"),
])
def test_steps_follow_the_seed_pipeline_order(kw, names):
    out = run("hokum", "N", **kw)
    got = [s["step"] for s in out["steps"]]
    assert got == names
    assert [n for n in PIPELINE if n in got] == got
    assert all(isinstance(s["detail"], str) and len(s["detail"]) > 10 for s in out["steps"])
