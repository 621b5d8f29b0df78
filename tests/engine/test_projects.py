"""Projects (000 §05, 002, 003; rules-decisions.md "Projects"): values, what a hand can show,
the comparison that gives one team project priority, and Baloot.

Every expectation below is written from the rules text, not from engine output.
"""

from __future__ import annotations

import pytest

from explorer.engine.core.cards import Seat, Suit, Team, cards
from explorer.engine.core.profiles import DETAILED, custom_profile
from explorer.engine.core.tables import Mode
from explorer.engine.files.scenario import check_text
from explorer.engine.rules.projects import (
    ProjectError,
    baloot_absorbed,
    compare_projects,
    declared_projects,
    find_projects,
    has_baloot,
    project_of,
)

SUN, HOKUM = Mode.SUN, Mode.HOKUM
S, E, N, W = Seat.S, Seat.E, Seat.N, Seat.W


def _projects(result) -> list[tuple[str, str]]:
    """(type, cards as text in project order) for each project a hand shows."""
    return [(p.type.value, " ".join(map(str, p.cards))) for p in result.projects]


# --- values: the table of 000 §05 (and 003's "Sun and Hukum at a glance") ------------------

@pytest.mark.parametrize(("text", "mode", "kind", "value"), [
    pytest.param("AS AH AD AC", SUN, "four_hundred", 40, id="four-aces-are-four-hundred-40-in-sun"),
    pytest.param("AS AH AD AC", HOKUM, "hundred", 10, id="four-aces-are-a-hundred-10-in-hokum"),
    pytest.param("KS KH KD KC", SUN, "hundred", 20, id="four-kings-20-in-sun"),
    pytest.param("KS KH KD KC", HOKUM, "hundred", 10, id="four-kings-10-in-hokum"),
    pytest.param("QS QH QD QC", SUN, "hundred", 20, id="four-queens-20-in-sun"),
    pytest.param("JS JH JD JC", HOKUM, "hundred", 10, id="four-jacks-10-in-hokum"),
    pytest.param("TS TH TD TC", SUN, "hundred", 20, id="four-tens-20-in-sun"),
    pytest.param("TS TH TD TC", HOKUM, "hundred", 10, id="four-tens-10-in-hokum"),
    pytest.param("AD KD QD JD TD", SUN, "hundred", 20, id="run-of-5-20-in-sun"),
    pytest.param("AD KD QD JD TD", HOKUM, "hundred", 10, id="run-of-5-10-in-hokum"),
    pytest.param("JC TC 9C 8C", SUN, "fifty", 10, id="run-of-4-10-in-sun"),
    pytest.param("JC TC 9C 8C", HOKUM, "fifty", 5, id="run-of-4-5-in-hokum"),
    pytest.param("9H 8H 7H", SUN, "sira", 4, id="run-of-3-4-in-sun"),
    pytest.param("9H 8H 7H", HOKUM, "sira", 2, id="run-of-3-2-in-hokum"),
])
def test_project_values_follow_the_table_of_000(text, mode, kind, value):
    p = project_of(cards(text), mode)
    assert (p.type.value, p.value) == (kind, value)


def test_sun_projects_are_worth_double_hokum_projects_except_four_aces():
    # 003: "Regular projects have double value in Sun"; four Aces are 40 against 10.
    for text in ("9H 8H 7H", "JC TC 9C 8C", "AD KD QD JD TD", "KS KH KD KC"):
        assert project_of(cards(text), SUN).value == 2 * project_of(cards(text), HOKUM).value
    assert project_of(cards("AS AH AD AC"), SUN).value == 4 * project_of(cards("AS AH AD AC"), HOKUM).value


@pytest.mark.parametrize("text", [
    pytest.param("QS JS TS", id="queen-jack-ten"),
    pytest.param("JS TS 9S", id="jack-ten-nine"),
    pytest.param("AS KS QS", id="ace-king-queen"),
    pytest.param("TS 9S 8S 7S", id="ten-down-to-seven"),
])
def test_runs_use_project_order_a_k_q_j_t_9_8_7(text):
    assert project_of(cards(text), SUN).type.value in ("sira", "fifty")


@pytest.mark.parametrize(("text", "needle"), [
    pytest.param("AS TS KS", "not a run in project order", id="sun-playing-order-a-t-k-is-not-a-run"),
    pytest.param("KS JS TS", "not a run in project order", id="run-with-a-gap"),
    pytest.param("QS JH TS", "one suit", id="run-across-suits"),
    pytest.param("9S 9H 9D 9C", "four nines are not a project", id="four-nines-are-not-a-project"),
    pytest.param("8S 8H 8D 8C", "not a project", id="four-eights-are-not-a-project"),
    pytest.param("7S 7H 7D 7C", "not a project", id="four-sevens-are-not-a-project"),
    pytest.param("KS QS", "at least 3 cards", id="two-cards-are-not-a-project"),
    pytest.param("KS KH KD", "one suit", id="three-of-a-kind-is-not-a-project"),
    pytest.param("KS QS QS", "appears twice", id="a-card-twice-in-one-project"),
])
def test_cards_that_are_not_a_project_are_rejected_saying_why(text, needle):
    with pytest.raises(ProjectError, match=needle):
        project_of(cards(text), SUN)


@pytest.mark.parametrize(("text", "mode", "expected"), [
    pytest.param("AH KH QH JH TH 9H", SUN, [("hundred", "AH KH QH JH TH")], id="run-of-6-is-a-hundred"),
    pytest.param("AH KH QH JH TH 9H 8H", SUN, [("hundred", "AH KH QH JH TH")], id="run-of-7-is-a-hundred"),
    pytest.param("AH KH QH JH TH 9H 8H 7H", SUN, [("hundred", "AH KH QH JH TH"), ("sira", "9H 8H 7H")],
                 id="run-of-8-is-a-hundred-and-a-sira"),
])
def test_a_declared_run_longer_than_5_is_a_hundred_plus_what_the_rest_can_make(text, mode, expected):
    got = [(p.type.value, " ".join(map(str, p.cards))) for p in declared_projects(cards(text), mode)]
    assert got == expected


# --- detection: the best set a hand can show ---------------------------------------------------

@pytest.mark.parametrize(("hand", "mode", "trump", "expected"), [
    pytest.param("AS KS QS JS 7H 8H 9H 7D", HOKUM, Suit.D, [("fifty", "AS KS QS JS"), ("sira", "9H 8H 7H")],
                 id="fifty-and-sira-in-two-suits"),
    pytest.param("AS KS QS 8C 7H 9D TD JD", SUN, None, [("sira", "AS KS QS"), ("sira", "JD TD 9D")],
                 id="two-siras"),
    pytest.param("AS TS KS 9H 7H 8C JC 9D", SUN, None, [], id="no-project-in-sun-playing-order"),
    pytest.param("9S 9H 9D 9C 8S 8H 8D 8C", SUN, None, [], id="four-nines-and-four-eights-show-nothing"),
    pytest.param("AH KH QH JH TH 9H 8H 7H", SUN, None, [("hundred", "AH KH QH JH TH"), ("sira", "9H 8H 7H")],
                 id="run-of-8-hundred-plus-sira"),
    pytest.param("AH KH QH JH TH 9H 8H 7H", HOKUM, Suit.S, [("hundred", "AH KH QH JH TH"), ("sira", "9H 8H 7H")],
                 id="run-of-8-hundred-plus-sira-in-hokum"),
    pytest.param("AH KH QH JH TH 9H 7S 8S", SUN, None, [("hundred", "AH KH QH JH TH")],
                 id="run-of-6-is-one-hundred-only"),
    pytest.param("AS AH AD AC KH QH 7S 8S", SUN, None, [("four_hundred", "AC AD AH AS")],
                 id="four-aces-sun-four-hundred"),
    pytest.param("AS AH AD AC KH QH 7S 8S", HOKUM, Suit.D, [("hundred", "AC AD AH AS")],
                 id="four-aces-hokum-hundred"),
    # The ace of spades cannot serve twice: four Aces (40) and K Q J of spades (4) beat A K Q J (10).
    pytest.param("AS KS QS JS AH AD AC 7C", SUN, None, [("four_hundred", "AC AD AH AS"), ("sira", "KS QS JS")],
                 id="no-card-twice-four-aces-and-the-rest-of-the-run"),
    # Hokum: four Kings 10 + nothing, or two Siras 2 + 2: the Kings.
    pytest.param("KS QS JS KH QH JH KD KC", HOKUM, Suit.D, [("hundred", "KC KD KH KS")],
                 id="four-kings-beat-two-siras-sharing-the-kings"),
])
def test_a_hand_shows_its_best_set_of_projects(hand, mode, trump, expected):
    assert _projects(find_projects(cards(hand), mode, trump)) == expected


@pytest.mark.parametrize("hand", [
    pytest.param("AS AH AD AC KS KH KD KC", id="four-aces-and-four-kings"),
])
def test_two_four_of_a_kind_in_one_hand_both_count(hand):
    got = find_projects(cards(hand), SUN)
    assert sorted(p.value for p in got.projects) == [20, 40]


# --- Baloot: trump K and Q in one hand, Hokum only --------------------------------------------

@pytest.mark.parametrize(("hand", "trump", "expected"), [
    pytest.param("KH QH 7S 8S 9S 7D 8D 9D", Suit.H, True, id="trump-king-and-queen-make-baloot"),
    pytest.param("KH QS 7S 8S 9S 7D 8D 9D", Suit.H, False, id="king-without-the-queen-of-trumps"),
    pytest.param("KS QS 7H 8H 9H 7D 8D 9D", Suit.H, False, id="king-and-queen-of-a-plain-suit"),
    pytest.param("KH QH 7S 8S 9S 7D 8D 9D", None, False, id="no-baloot-in-sun"),
])
def test_baloot_is_the_trump_king_and_queen_in_hokum_only(hand, trump, expected):
    assert has_baloot(cards(hand), trump) is expected


def test_find_projects_sees_no_baloot_in_sun_even_if_a_trump_is_passed():
    assert find_projects(cards("KH QH 7S 8S 9S 7D 8D 9D"), SUN, Suit.H).baloot is False


@pytest.mark.parametrize(("projects", "absorbed"), [
    pytest.param(["KH QH JH TH 9H"], True, id="five-card-run-with-trump-k-q-absorbs-baloot"),
    pytest.param(["AH KH QH JH TH"], True, id="five-card-run-from-the-ace-with-k-q-absorbs"),
    pytest.param(["KS KH KD KC"], True, id="four-kings-absorb-baloot"),
    pytest.param(["QS QH QD QC"], True, id="four-queens-absorb-baloot"),
    pytest.param(["KH QH JH"], False, id="sira-with-trump-k-q-scores-baloot-too"),
    pytest.param(["KH QH JH TH"], False, id="fifty-with-trump-k-q-scores-baloot-too"),
    pytest.param(["JS JH JD JC"], False, id="four-jacks-leave-baloot-separate"),
    pytest.param(["AS AH AD AC"], False, id="four-aces-leave-baloot-separate"),
    pytest.param(["KS QS JS TS 9S"], False, id="five-run-in-a-plain-suit-leaves-baloot-separate"),
])
def test_baloot_is_not_separate_inside_a_five_run_four_kings_or_four_queens(projects, absorbed):
    ps = [project_of(cards(t), HOKUM) for t in projects]
    assert baloot_absorbed(ps, Suit.H) is absorbed


@pytest.mark.parametrize(("hand", "separate", "value"), [
    # Five-card trump run K-9: a Hundred (10), Baloot inside it.
    pytest.param("KH QH JH TH 9H 7S 8D 9C", False, 10, id="trump-five-run-hundred-holds-the-baloot"),
    # Trump Fifty K-T (5) and Baloot (2).
    pytest.param("KH QH JH TH 7S 8S 8D 9C", True, 7, id="trump-fifty-and-baloot"),
    # Trump K Q alone: Baloot only.
    pytest.param("KH QH 9S 7S 8D 9D 7C 8C", True, 2, id="baloot-alone"),
    # Four kings (10) hold the Baloot; K Q J of trumps is a Sira but shares the king.
    pytest.param("KS KH KD KC QH JH 7S 8S", False, 10, id="four-kings-hold-the-baloot"),
])
def test_hand_value_counts_baloot_only_when_separate(hand, separate, value):
    got = find_projects(cards(hand), HOKUM, Suit.H)
    assert got.baloot is True
    assert (got.baloot_separate, got.value) == (separate, value)


# --- comparison: which team has project priority ---------------------------------------------

def _cmp(shown_by_seat: dict, mode=HOKUM, trump=Suit.H, dealer=S, profile=DETAILED):
    ps = {seat: [project_of(cards(t), mode) for t in texts] for seat, texts in shown_by_seat.items()}
    return compare_projects(ps, mode=mode, trump=trump, dealer=dealer, profile=profile)


# Dealer S: the priority order is E (dealer's right), N, W, S.
@pytest.mark.parametrize(("shown_by_seat", "mode", "best_seat"), [
    pytest.param({E: ["9C 8C 7C"], N: ["JD TD 9D 8D"]}, HOKUM, N, id="higher-value-wins-fifty-over-sira"),
    pytest.param({E: ["AD KD QD JD"], N: ["9C 8C 7C"]}, HOKUM, E, id="fifty-to-the-ace-over-a-sira"),
    pytest.param({E: ["9S 8S 7S"], N: ["AS AH AD AC"]}, SUN, N, id="sun-four-hundred-beats-everything"),
    # Isolating the rule: the four Jacks rank below the run's Ace, yet four of a kind comes first
    # at equal value (these two sets could not come from one deck, which does not matter here).
    pytest.param({E: ["AD KD QD JD TD"], W: ["JS JH JD JC"]}, HOKUM, W,
                 id="equal-value-four-of-a-kind-beats-five-run-before-top-card-hokum"),
    pytest.param({E: ["AD KD QD JD TD"], W: ["TS TH TD TC"]}, SUN, W,
                 id="equal-value-four-tens-beat-five-run-to-the-ace-sun"),
    pytest.param({E: ["KS KH KD KC"], W: ["QC JC TC 9C 8C"]}, SUN, E, id="sun-four-kings-beat-a-five-run"),
    pytest.param({E: ["KS KH KD KC"], N: ["AS AH AD AC"]}, HOKUM, N, id="hokum-four-aces-beat-four-kings-by-rank"),
    pytest.param({E: ["AS AH AD AC"], W: ["KD QD JD TD 9D"]}, HOKUM, E, id="hokum-four-aces-beat-a-five-run"),
    pytest.param({W: ["AS KS QS"], E: ["KH QH JH"]}, SUN, W, id="higher-top-card-wins-sira-to-ace"),
    pytest.param({W: ["KS QS JS TS 9S"], E: ["QH JH TH 9H 8H"]}, SUN, W, id="higher-top-card-wins-five-runs"),
    pytest.param({S: ["KS QS JS"], E: ["KH QH JH"]}, SUN, E, id="exact-tie-dealers-right-first"),
    pytest.param({W: ["KS QS JS"], N: ["KH QH JH"]}, SUN, N, id="exact-tie-dealers-partner-before-left"),
    pytest.param({S: ["KS QS JS"], W: ["KH QH JH"]}, SUN, W, id="exact-tie-dealers-left-before-dealer"),
])
def test_best_single_project_decides_priority(shown_by_seat, mode, best_seat):
    trump = Suit.H if mode is HOKUM else None
    got = _cmp(shown_by_seat, mode=mode, trump=trump)
    assert got.best_seat is best_seat
    assert got.project_team is best_seat.team


def test_exact_tie_with_another_dealer_changes_the_winner():
    # Dealer E: the priority order is N, W, S, E, so now N comes before E.
    got = _cmp({E: ["KS QS JS"], N: ["KH QH JH"]}, mode=SUN, trump=None, dealer=E)
    assert got.best_seat is N


def test_exact_tie_without_a_dealer_asks_for_the_dealer():
    got = _cmp({E: ["KS QS JS"], N: ["KH QH JH"]}, mode=SUN, trump=None, dealer=None)
    assert got.needs_dealer


def test_one_team_alone_has_priority_with_any_project():
    got = _cmp({N: ["9C 8C 7C"], S: ["JD TD 9D 8D"]}, dealer=None)
    assert (got.best_seat, got.project_team) == (S, Team.NS)


def test_no_project_shown_means_no_project_team():
    got = _cmp({}, dealer=None)
    assert got.project_team is None and got.best is None


# Hokum, hearts trump, dealer S (order E, N, W, S): E's plain Sira to the king against W's
# trump Sira to the queen.
@pytest.mark.parametrize(("option", "best_seat"), [
    pytest.param(False, E, id="without-trump-priority-the-higher-top-card-wins"),
    pytest.param(True, W, id="with-trump-priority-the-trump-project-wins-the-tie-of-value"),
])
def test_trump_project_priority_option(option, best_seat):
    prof = custom_profile({"base": "detailed", "trump_project_priority": option})
    got = _cmp({E: ["KS QS JS"], W: ["QH JH TH"]}, trump=Suit.H, profile=prof)
    assert got.best_seat is best_seat


def test_trump_project_priority_never_beats_a_higher_value():
    prof = custom_profile({"base": "detailed", "trump_project_priority": True})
    got = _cmp({E: ["KS QS JS TS"], W: ["QH JH TH"]}, trump=Suit.H, profile=prof)
    assert got.best_seat is E


def test_trump_project_priority_is_off_in_every_named_profile():
    # 000 §05: "without trump priority"; rules-decisions: off in all three.
    for pid in ("detailed", "tournament", "simple"):
        got = _cmp({E: ["KS QS JS"], W: ["QH JH TH"]}, trump=Suit.H, profile=custom_profile(pid))
        assert got.best_seat is E


# --- the projects kind: by_seat, best, project_team, points -------------------------------------

def _judge(text: str) -> dict:
    r = check_text(text)
    assert r.ok, r.errors
    return r.output


def test_projects_kind_reports_each_seat_the_best_project_the_team_and_points():
    # Hokum spades, dealer N (priority order W, S, E, N).
    # E: Fifty A-J of spades (5) + Sira 9-7 of hearts (2) + Baloot K Q of spades, separate (2).
    # W: Sira Q-T of diamonds (2). S: Sira K-J of clubs (2). E's Fifty is the best single project.
    out = _judge("""
kind: projects
contract: {mode: hokum, trump: S, buyer: E}
dealer: N
hands:
  E: [AS, KS, QS, JS, 7H, 8H, 9H, 7D]
  W: [QD, JD, TD, 8S, 7S, AH, 8C, 9C]
  S: [KC, QC, JC, 9S, TS, TH, JH, 8D]
""")
    assert set(out) >= {"by_seat", "best", "project_team", "points"}
    assert out["by_seat"]["E"]["projects"] == [
        {"type": "fifty", "cards": ["AS", "KS", "QS", "JS"], "value": 5},
        {"type": "sira", "cards": ["9H", "8H", "7H"], "value": 2},
    ]
    assert out["by_seat"]["E"]["baloot"] is True
    assert out["by_seat"]["W"]["projects"] == [{"type": "sira", "cards": ["QD", "JD", "TD"], "value": 2}]
    assert out["by_seat"]["S"]["projects"] == [{"type": "sira", "cards": ["KC", "QC", "JC"], "value": 2}]
    assert out["best"] == {"seat": "E", "type": "fifty", "cards": ["AS", "KS", "QS", "JS"], "value": 5}
    assert out["project_team"] == "EW"
    # EW scores all its projects (5 + 2 + 2) and E's Baloot (2); NS's Sira scores nothing.
    assert out["points"] == {"NS": 0, "EW": 11}


def test_projects_kind_baloot_of_the_losing_team_still_scores():
    # Hokum hearts, dealer S (order E, N, W, S). N: Hundred K-9 of hearts holding the trump K Q.
    # E: four Aces, a Hundred too (10); four of a kind beats the run: EW has priority.
    # N's run scores nothing, so its Baloot is separate: NS records 2.
    out = _judge("""
kind: projects
contract: {mode: hokum, trump: H, buyer: N}
dealer: S
hands:
  N: [KH, QH, JH, TH, 9H, 7S, 8S, 7D]
  E: [AS, AH, AD, AC, 8D, 9D, 7C, 8C]
""")
    assert out["best"]["seat"] == "E" and out["best"]["type"] == "hundred"
    assert out["project_team"] == "EW"
    assert out["by_seat"]["N"]["baloot"] is True
    assert out["points"] == {"NS": 2, "EW": 10}


def test_projects_kind_baloot_inside_the_winning_five_run_is_not_separate():
    out = _judge("""
kind: projects
contract: {mode: hokum, trump: H, buyer: N}
dealer: S
hands:
  N: [KH, QH, JH, TH, 9H, 7S, 8S, 7D]
  E: [AS, KS, QS, 8D, 9D, 7C, 8C, TC]
""")
    assert out["project_team"] == "NS"
    assert out["points"] == {"NS": 10, "EW": 0}


def test_projects_kind_sun_four_aces_are_four_hundred():
    out = _judge("""
kind: projects
contract: {mode: sun, buyer: W}
dealer: S
hands:
  W: [AS, AH, AD, AC, 8D, 9D, 7C, 8C]
""")
    assert out["best"]["type"] == "four_hundred"
    assert out["points"] == {"NS": 0, "EW": 40}


@pytest.mark.parametrize(("projects", "needle"), [
    pytest.param("{N: [[AS, KS, JS]]}", "not a project", id="gap-in-the-run"),
    pytest.param("{N: [[9S, 9H, 9D, 9C]]}", "four nines are not a project", id="four-nines"),
    pytest.param("{N: [[AS, KS]]}", "at least 3 cards", id="two-cards"),
    pytest.param("{N: [[AS, KS, QS]], S: [[KS, KH, KD, KC]]}", "KS is used twice", id="card-in-two-projects"),
])
def test_declared_projects_that_are_not_projects_are_named_errors(projects, needle):
    r = check_text(f"kind: score\ncontract: {{mode: sun, buyer: E}}\npoints: {{NS: 65, EW: 65}}\n"
                   f"projects: {projects}\n")
    assert not r.ok
    assert any(e.startswith("projects.") and needle in e for e in r.errors), r.errors


def test_a_card_repeated_inside_one_project_is_one_problem():
    r = check_text("kind: score\ncontract: {mode: sun, buyer: E}\npoints: {NS: 65, EW: 65}\n"
                   "projects: {N: [[AS, AS, KS]]}\n")
    assert r.errors == ["projects.N[0][1]: AS is used twice (also at projects.N[0][0]); "
                        "a card cannot serve in two projects"]


def test_an_empty_project_says_it_has_no_cards():
    with pytest.raises(ProjectError, match="^no cards: a project needs at least 3 cards"):
        project_of([], SUN)


@pytest.mark.parametrize(("hand", "trump", "shown", "baloot_separate"), [
    pytest.param("KS QS JS TS 9S 8S 7H 7D", Suit.S, ["KS QS JS TS 9S"], False,
                 id="hundred-is-the-top-five-of-a-six-card-trump-run-so-baloot-is-inside"),
    pytest.param("AS KS QS JS TS 9S 8S 7S", Suit.S, ["AS KS QS JS TS", "9S 8S 7S"], False,
                 id="eight-card-run-shows-a-to-ten-and-nine-to-seven-as-declared"),
    pytest.param("AS KS QS JS TS 9S 8S 7H", Suit.H, ["AS KS QS JS TS"], False,
                 id="seven-card-run-hundred-from-the-top"),
])
def test_hundred_from_a_longer_run_is_its_top_five_as_when_declared(hand, trump, shown, baloot_separate):
    found = find_projects(cards(hand), Mode.HOKUM, trump)
    assert [" ".join(map(str, p.cards)) for p in found.projects] == shown
    assert found.baloot_separate is baloot_separate
    declared = [q for s in shown for q in declared_projects(cards(s), Mode.HOKUM)]
    assert [p.cards for p in declared] == [p.cards for p in found.projects]
