"""The match (Sakka): 000 §07 "Ending the game" and 004 "Winning the Sakka at 152".

000 §07: "When a side reaches 152 the higher total wins; equal totals of at least 152 require
another deal. Gahwa ends the match regardless of previous scores."
004: "A team that reaches 152 or more wins if it has the higher total. If both teams are tied at
or above 152, play another deal. Gahwa overrides the numeric race."
rules-decisions.md "Match": a deal cancelled by all passing adds nothing.
"""

from __future__ import annotations

import pytest

from explorer.engine.core.cards import Team
from explorer.engine.core.tables import MATCH_TARGET
from explorer.engine.rules.match import Match, MatchDeal, MatchError, decide, whole_points
from explorer.engine.rules.scoring import match_result


def sheet(*rows) -> Match:
    """Rows as (NS, EW) pairs, "G:NS"/"G:EW" for a Gahwa won by that team, "X" for a cancelled deal."""
    deals = []
    for r in rows:
        if r == "X":
            deals.append(MatchDeal.cancelled_deal())
        elif isinstance(r, str) and r.startswith("G:"):
            deals.append(MatchDeal.gahwa(r[2:]))
        else:
            deals.append(MatchDeal.award(*r))
    return Match(tuple(deals))


def test_the_target_is_152_not_the_card_budgets_162_or_130():
    assert MATCH_TARGET == 152 == Match().target


# --- 000 §07 / 004: awards add up from 0 ------------------------------------------------------

def test_deal_awards_add_up_from_zero():
    m = sheet((16, 0), (8, 8), (0, 26))
    assert [(s.totals[Team.NS], s.totals[Team.EW]) for s in m.running()] == [(16, 0), (24, 8), (24, 34)]
    assert m.totals() == {Team.NS: 24, Team.EW: 34}


def test_an_empty_match_has_no_winner_and_zero_totals():
    m = Match()
    assert m.totals() == {Team.NS: 0, Team.EW: 0}
    assert m.winner() is None and not m.needs_another_deal()


def test_a_cancelled_deal_adds_nothing():
    m = sheet((100, 40), "X")
    assert m.totals() == {Team.NS: 100, Team.EW: 40}
    assert m.running()[-1].winner is None
    with pytest.raises(MatchError, match="cancelled deal"):
        MatchDeal(ns=5, cancelled=True)


# --- 000 §07 / 004: reaching 152 with the higher total wins -----------------------------------

@pytest.mark.parametrize(("rows", "winner", "at_deal"), [
    pytest.param([(140, 100), (16, 0)], Team.NS, 2, id="reaching-152-with-the-higher-total-wins"),
    pytest.param([(140, 151), (0, 1)], Team.EW, 2, id="exactly-152-is-enough"),
    pytest.param([(150, 140), (2, 16)], Team.EW, 2, id="both-cross-152-the-higher-total-wins"),
    pytest.param([(151, 0)], None, None, id="151-is-not-yet-the-target"),
    pytest.param([(152, 0), (0, 200)], Team.NS, 1, id="the-first-decision-stands"),
])
def test_winning_the_sakka_at_152(rows, winner, at_deal):
    m = sheet(*rows)
    assert m.winner() == winner
    assert m.decided_at() == at_deal


@pytest.mark.parametrize(("before", "award"), [
    pytest.param((140, 100), (16, 0), id="ns-crosses"),
    pytest.param((150, 150), (8, 8), id="equal-above-152"),
    pytest.param((10, 150), (26, 2), id="ew-crosses"),
    pytest.param((0, 0), (16, 0), id="far-from-152"),
])
def test_the_match_model_agrees_with_the_score_kinds_match_result(before, award):
    m = sheet(before, award)
    after, winner, again = match_result({Team.NS: before[0], Team.EW: before[1]},
                                        {Team.NS: award[0], Team.EW: award[1]})
    assert m.totals() == after
    assert m.winner() == winner
    assert m.needs_another_deal() == again


# --- equal totals at or above 152 need another deal --------------------------------------------

def test_equal_totals_of_at_least_152_require_another_deal():
    m = sheet((150, 150), (8, 8))
    assert m.winner() is None
    assert m.needs_another_deal()
    assert "another deal" in m.status()
    m = m.add(MatchDeal.award(0, 16))
    assert m.winner() is Team.EW and m.decided_at() == 3


def test_equal_totals_below_152_are_just_a_running_score():
    m = sheet((75, 75))
    assert m.winner() is None and not m.needs_another_deal()


def test_equal_again_after_the_extra_deal_needs_yet_another():
    m = sheet((150, 150), (8, 8), (8, 8))
    assert m.needs_another_deal() and m.winner() is None


def test_decide_reads_the_rule_directly():
    assert decide({Team.NS: 152, Team.EW: 151}) == (Team.NS, False)
    assert decide({Team.NS: 160, Team.EW: 160}) == (None, True)
    assert decide({Team.NS: 100, Team.EW: 100}) == (None, False)


# --- Gahwa ends the match regardless of previous scores ----------------------------------------

def test_gahwa_ends_the_match_regardless_of_previous_scores():
    m = sheet((140, 10), "G:EW")
    assert m.winner() is Team.EW
    assert m.decision().by_gahwa
    assert m.totals() == {Team.NS: 140, Team.EW: 10}
    assert "Gahwa" in m.status()


def test_a_gahwa_deal_has_no_numeric_award():
    with pytest.raises(MatchError, match="no points"):
        MatchDeal(ns=16, gahwa_winner=Team.NS)
    assert MatchDeal.gahwa("NS").points == {Team.NS: 0, Team.EW: 0}


def test_gahwa_in_the_first_deal_wins_from_zero():
    assert sheet("G:NS").winner() is Team.NS


# --- editing returns new matches --------------------------------------------------------------

def test_add_edit_delete_return_new_matches_and_leave_the_old_one():
    m0 = sheet((16, 0))
    m1 = m0.add(MatchDeal.award(0, 26))
    m2 = m1.edit(0, MatchDeal.award(8, 8))
    m3 = m2.delete(1)
    assert len(m0) == 1 and len(m1) == 2 and len(m3) == 1
    assert m0.deals[0].ns == 16
    assert m2.deals[0] == MatchDeal.award(8, 8)
    assert m3.totals() == {Team.NS: 8, Team.EW: 8}
    assert hash(m3) == hash(sheet((8, 8)))


def test_no_deal_is_added_once_the_match_is_decided():
    m = sheet((152, 0))
    with pytest.raises(MatchError, match="the match is over: NS won it in deal 1"):
        m.add(MatchDeal.award(1, 1))


def test_an_earlier_edit_can_decide_the_match_before_later_deals():
    m = sheet((100, 0), (40, 0), (16, 0)).edit(0, MatchDeal.award(140, 0))
    assert m.decided_at() == 2
    assert m.extra_deals() == 1
    assert "does not count" in m.status()
    assert m.totals() == {Team.NS: 180, Team.EW: 0}, "a deal after the decision does not count"
    assert [s.after_end for s in m.running()] == [False, False, True]


@pytest.mark.parametrize("index", [-1, 3, "1"])
def test_editing_a_deal_that_does_not_exist_names_it(index):
    m = sheet((1, 1), (2, 2), (3, 3))
    with pytest.raises(MatchError, match="there is no deal"):
        m.delete(index)


# --- rows: what the score sheet stores ----------------------------------------------------------

def test_rows_round_trip():
    rows = [{"NS": 16, "EW": 0, "note": "a", "gahwa_winner": None},
            {"NS": 0, "EW": 0, "note": "", "gahwa_winner": "EW"}]
    assert Match.from_rows(rows).to_rows() == rows


@pytest.mark.parametrize(("row", "message"), [
    pytest.param({"NS": -5, "EW": 0}, "deal 1, NS: -5 is negative", id="negative-points"),
    pytest.param({"NS": "ten", "EW": 0}, "deal 1, NS: 'ten' is not a whole number", id="not-a-number"),
    pytest.param({"NS": 2.5, "EW": 0}, "not a whole number", id="fraction"),
    pytest.param({"NS": None, "EW": 0}, "deal 1, NS: is empty", id="empty-cell"),
    pytest.param({"NS": True, "EW": 0}, "not a whole number", id="bool"),
    pytest.param({"NS": 0, "EW": 0, "gahwa_winner": "XY"}, "unknown team 'XY'", id="unknown-team"),
    pytest.param({"NS": 4, "EW": 0, "gahwa_winner": "NS"}, "a Gahwa deal records no points", id="gahwa-with-points"),
])
def test_bad_rows_say_what_and_where(row, message):
    with pytest.raises(MatchError) as e:
        Match.from_rows([row])
    assert any(message in p for p in e.value.problems), e.value.problems


def test_every_bad_row_is_reported_not_just_the_first():
    with pytest.raises(MatchError) as e:
        Match.from_rows([{"NS": -1, "EW": 0}, {"NS": 0, "EW": 0}, {"NS": 0, "EW": "x"}])
    assert [p.split(":")[0] for p in e.value.problems] == ["deal 1, NS", "deal 3, EW"]


@pytest.mark.parametrize(("value", "points"), [(16, 16), (16.0, 16), (" 7 ", 7), (0, 0)])
def test_whole_points_accepts_what_a_table_cell_holds(value, points):
    assert whole_points(value) == points


def test_a_deal_award_beyond_what_any_deal_can_give_is_refused():
    from explorer.engine.rules.match import MAX_DEAL_AWARD, Match, MatchError

    Match.from_rows([{"NS": MAX_DEAL_AWARD, "EW": 0}])
    with pytest.raises(MatchError, match="more than one deal can award"):
        Match.from_rows([{"NS": 1000, "EW": 0}])
