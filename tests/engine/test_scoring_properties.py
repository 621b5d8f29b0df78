"""Invariants of the scoring pipeline over many generated deals (hypothesis, derandomized).

The rules behind them: only one team converts and the other gets the complement of 16 or 26
(000 §06, 004); an undoubled deal hands out the pool plus the eligible projects and Baloot; at
Double, Triple and Quadruple the winner takes everything and the loser records 0; a Kaboot
leaves the other team with 0; the match total is the sum of the awards (000 §07).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.engine.core.cards import SEATS, Seat, Suit, Team, cards
from explorer.engine.core.contract import Contract, Escalation, Level
from explorer.engine.core.profiles import PROFILES
from explorer.engine.core.tables import GAME_POOL, KABOOT_AWARD, RAW_TOTAL, Mode
from explorer.engine.rules.projects import project_of
from explorer.engine.rules.scoring import DealFacts, convert, project_multiplier, score_deal

PIPELINE = ("raw", "last_trick", "counting_team", "conversion", "complement", "projects", "baloot",
            "comparison", "tie_rule", "award", "match")

SETTINGS = settings(derandomize=True, max_examples=300, deadline=None)

# Projects each seat may show; no card is used twice and none is the trump K or Q of hearts,
# so any seat may also hold the Baloot.
MENU: dict[Seat, tuple[tuple[str, ...], ...]] = {
    Seat.S: ((), ("9S 8S 7S",), ("AS KS QS JS",), ("AS KS QS JS TS",)),
    Seat.E: ((), ("9D 8D 7D",), ("AD KD QD JD TD",)),
    Seat.N: ((), ("9C 8C 7C",), ("QC JC TC 9C",)),
    Seat.W: ((), ("9H 8H 7H",)),
}


@st.composite
def deals(draw, *, levels: tuple[Level, ...] | None = None, kaboot: bool = False):
    """Valid facts of one deal, and the profile to score it with."""
    mode = draw(st.sampled_from([Mode.HOKUM, Mode.SUN]))
    buyer = draw(st.sampled_from(SEATS))
    allowed = ((Level.NONE, Level.DOUBLE, Level.TRIPLE, Level.QUADRUPLE, Level.GAHWA)
               if mode is Mode.HOKUM else (Level.NONE, Level.DOUBLE))
    if levels is not None:
        allowed = tuple(x for x in allowed if x in levels)
    level = draw(st.sampled_from(allowed))
    doubler = draw(st.sampled_from([buyer.right, buyer.left])) if level is not Level.NONE else None
    total = RAW_TOTAL[mode]
    if kaboot:
        sweeper = draw(st.sampled_from([Team.NS, Team.EW]))
        points = {sweeper: total, sweeper.other: 0}
        tricks = {sweeper: 8, sweeper.other: 0}
    else:
        ns = draw(st.integers(0, total))
        points = {Team.NS: ns, Team.EW: total - ns}
        tricks = None
    shown = {}
    for seat in SEATS:
        texts = draw(st.sampled_from(MENU[seat]))
        if texts:
            shown[seat] = tuple(project_of(cards(t), mode) for t in texts)
    baloot = draw(st.sampled_from([None, *SEATS])) if mode is Mode.HOKUM else None
    dealer = draw(st.sampled_from(SEATS))
    before = draw(st.tuples(st.integers(0, 151), st.integers(0, 151)))
    facts = DealFacts(
        contract=Contract(mode, Suit.H if mode is Mode.HOKUM else None, buyer),
        escalation=Escalation(level, doubler), points=points, tricks_won=tricks, projects=shown,
        baloot=baloot, first_seat_held_ace=draw(st.booleans()) if mode is Mode.SUN else False,
        dealer=dealer, match={Team.NS: before[0], Team.EW: before[1]})
    profile = draw(st.sampled_from(list(PROFILES.values())))
    return facts, profile


# --- conversion ---------------------------------------------------------------------------------

@SETTINGS
@given(st.integers(0, 162))
def test_every_hokum_split_of_162_converts_to_a_total_of_16(raw):
    facts = DealFacts(Contract(Mode.HOKUM, Suit.H, Seat.N), Escalation(),
                      {Team.EW: raw, Team.NS: 162 - raw})
    out = score_deal(facts)
    assert out.converted[Team.NS] + out.converted[Team.EW] == 16
    assert min(out.converted.values()) >= 0


@SETTINGS
@given(st.integers(0, 130))
def test_every_sun_split_of_130_converts_to_a_total_of_26(raw):
    facts = DealFacts(Contract(Mode.SUN, None, Seat.N), Escalation(), {Team.EW: raw, Team.NS: 130 - raw})
    out = score_deal(facts)
    assert out.converted[Team.NS] + out.converted[Team.EW] == 26
    assert min(out.converted.values()) >= 0


@SETTINGS
@given(st.integers(0, 161))
def test_hokum_conversion_is_rounding_to_the_nearest_ten_and_never_decreases(raw):
    game = convert(raw, Mode.HOKUM)
    assert abs(10 * game - raw) <= 5
    assert convert(raw + 1, Mode.HOKUM) >= game


@SETTINGS
@given(st.integers(0, 129))
def test_sun_conversion_keeps_a_final_5_and_never_decreases(raw):
    game = convert(raw, Mode.SUN)
    assert abs(5 * game - raw) <= 4
    assert (5 * game == raw) is (raw % 5 == 0)
    assert convert(raw + 1, Mode.SUN) >= game


@SETTINGS
@given(st.integers(0, 162))
def test_hokum_rounding_both_sides_would_break_the_pool_only_when_both_units_are_6(raw):
    # Why the other team takes the complement (000 §06, 004: 66 and 96 would make 17).
    both = convert(raw, Mode.HOKUM) + convert(162 - raw, Mode.HOKUM)
    assert both == (17 if raw % 10 == 6 else 16)


@SETTINGS
@given(st.integers(0, 130))
def test_sun_complement_equals_the_other_sides_own_rounding(raw):
    assert convert(raw, Mode.SUN) + convert(130 - raw, Mode.SUN) == 26


# --- awards -------------------------------------------------------------------------------

@SETTINGS
@given(deals(levels=(Level.NONE,)))
def test_undoubled_deal_hands_out_the_pool_plus_projects_and_baloot(case):
    facts, profile = case
    out = score_deal(facts, profile)
    pool = GAME_POOL[facts.contract.mode]
    extra = sum(out.project_points.values()) + sum(out.baloot_points.values())
    assert sum(out.award.values()) == pool + extra
    buyer = facts.contract.buyer.team
    if out.buyer_made:
        assert out.award == out.comparison
    else:
        assert out.award[buyer] == 0 and out.award[buyer.other] == pool + extra


@SETTINGS
@given(deals(levels=(Level.DOUBLE, Level.TRIPLE, Level.QUADRUPLE)))
def test_award_of_a_multiplied_deal_has_one_zero_side(case):
    facts, profile = case
    out = score_deal(facts, profile)
    level = facts.escalation.level
    assert out.award[out.winner.other] == 0
    expected = (GAME_POOL[facts.contract.mode] * level.multiplier
                + sum(out.project_points.values()) * project_multiplier(level, profile)
                + sum(out.baloot_points.values()))
    assert out.award[out.winner] == expected


@SETTINGS
@given(deals())
def test_the_winner_never_has_the_lower_comparison(case):
    facts, profile = case
    out = score_deal(facts, profile)
    assert out.comparison[out.winner] >= out.comparison[out.winner.other]
    steps = [s.step for s in out.steps]
    assert ("tie_rule" in steps) is (out.comparison[Team.NS] == out.comparison[Team.EW])


@SETTINGS
@given(deals(kaboot=True))
def test_kaboot_leaves_the_other_team_with_nothing(case):
    facts, profile = case
    out = score_deal(facts, profile)
    sweeper = Team.NS if facts.tricks_won[Team.NS] == 8 else Team.EW
    assert out.kaboot is sweeper and out.winner is sweeper
    if facts.escalation.level is Level.GAHWA:
        assert out.award is None and out.match_winner is sweeper
    else:
        assert out.award[sweeper.other] == 0
        assert out.award[sweeper] >= KABOOT_AWARD[facts.contract.mode]


@SETTINGS
@given(deals())
def test_gahwa_and_only_gahwa_has_no_numeric_award(case):
    facts, profile = case
    out = score_deal(facts, profile)
    gahwa = facts.escalation.level is Level.GAHWA
    assert (out.award is None) is gahwa
    if gahwa:
        assert out.match_winner is out.winner


@SETTINGS
@given(deals())
def test_match_total_is_the_total_before_plus_the_award(case):
    facts, profile = case
    out = score_deal(facts, profile)
    if out.award is None:
        return
    for t in (Team.NS, Team.EW):
        assert out.match_after[t] == facts.match[t] + out.award[t]
    hi = max(out.match_after.values())
    if hi < 152:
        assert out.match_winner is None and not out.another_deal
    elif out.match_after[Team.NS] == out.match_after[Team.EW]:
        assert out.match_winner is None and out.another_deal
    else:
        assert out.match_after[out.match_winner] == hi


@SETTINGS
@given(deals(), deals(kaboot=True))
def test_steps_follow_the_pipeline_order_each_with_a_detail(case, kaboot_case):
    for facts, profile in (case, kaboot_case):
        out = score_deal(facts, profile)
        names = [s.step for s in out.steps]
        assert [n for n in PIPELINE if n in names] == names
        assert names[:6] == list(PIPELINE[:6]) and names[-2:] == ["award", "match"]
        assert all(str(s.detail).strip() for s in out.steps)


def _rotate(seat: Seat | None) -> Seat | None:
    return None if seat is None else seat.right


@SETTINGS
@given(deals())
def test_the_rules_do_not_care_which_team_is_which(case):
    # Moving everyone one seat to the right swaps NS and EW and must swap every team result.
    facts, profile = case
    moved = DealFacts(
        contract=Contract(facts.contract.mode, facts.contract.trump, facts.contract.buyer.right),
        escalation=Escalation(facts.escalation.level, _rotate(facts.escalation.doubler)),
        points={t.other: v for t, v in facts.points.items()},
        tricks_won={t.other: v for t, v in facts.tricks_won.items()} if facts.tricks_won else None,
        projects={s.right: ps for s, ps in facts.projects.items()}, baloot=_rotate(facts.baloot),
        first_seat_held_ace=facts.first_seat_held_ace, dealer=_rotate(facts.dealer),
        match={t.other: v for t, v in facts.match.items()})
    a, b = score_deal(facts, profile), score_deal(moved, profile)
    assert b.winner is a.winner.other
    assert b.counting_team is a.counting_team.other
    assert b.buyer_made is a.buyer_made
    assert {t.other: v for t, v in a.comparison.items()} == b.comparison
    if a.award is None:
        assert b.award is None
    else:
        assert {t.other: v for t, v in a.award.items()} == b.award
