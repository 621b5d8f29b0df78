"""The rules the UI asks the engine, each written once: the sentence tables keyed by the rule (bidding, trick
play), the levels and locks a contract allows, the conversion's rounding zones, the fixed Kaboot awards, and the
one test of an Ekka. Each is checked against the code that uses it (the bidding machine, the conversion, the
game model), so a table cannot drift from the rules it stands for."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from explorer.engine.core.cards import DECK, SEATS, Card, Seat, Suit
from explorer.engine.core.contract import LEVELS, Level
from explorer.engine.core.profiles import DEFAULT_PROFILE, PROFILES
from explorer.engine.core.tables import FIXED_KABOOT, KABOOT_AWARD, RAW_TOTAL, Mode
from explorer.engine.game import GameState, Play, Stage
from explorer.engine.rules import play
from explorer.engine.rules.bidding import (
    ALLOWING,
    REASONS,
    BidRule,
    Call,
    CallKind,
    allowed_levels,
    apply_call,
    legal_calls,
    lockable_levels,
    may_lock,
    start,
)
from explorer.engine.rules.play import REQUIREMENTS, SITUATIONS, PlayRule, ekka_problem, ekka_valid
from explorer.engine.rules.scoring import convert, kaboot_base, rounding, rounding_zones

# --- the sentence tables -----------------------------------------------------------------------------------------


def test_every_bidding_rule_has_its_sentence():
    assert set(REASONS) == set(BidRule)


def test_every_trick_rule_of_an_obligation_has_its_situation_and_a_restricting_rule_its_requirement():
    assert set(SITUATIONS) == set(PlayRule) - {PlayRule.NOT_IN_HAND}         # that one is a card's, not a seat's
    free = {PlayRule.LEAD_FREE, PlayRule.SUN_VOID_FREE, PlayRule.VOID_NO_TRUMP, PlayRule.PARTNER_WINNING_FREE,
            PlayRule.THIRD_SEAT_ACE_LED, PlayRule.THIRD_SEAT_EKKA, PlayRule.VOID_CANNOT_WIN_FREE}
    assert set(REQUIREMENTS) == set(SITUATIONS) - free


def test_a_rule_without_a_requirement_allows_the_whole_hand():
    rng = random.Random(2)
    for _ in range(3000):
        deck = list(DECK)
        rng.shuffle(deck)
        mode = rng.choice(list(Mode))
        s = play.PlayState(mode=mode, trump=rng.choice(list(Suit)) if mode is Mode.HOKUM else None,
                           leader=rng.choice(SEATS), cards=tuple(deck[:rng.randrange(4)]),
                           hand=tuple(deck[4:4 + rng.randrange(1, 9)]), locked=rng.random() < .3)
        ob = play.obligation(s)
        assert ob.requirement is not None or ob.allowed == frozenset(s.hand), (ob.rule, s)
        assert ob.allowed, (ob.rule, s)


# --- the escalation a contract allows ------------------------------------------------------------------------------


def _escalations(mode: Mode) -> set[tuple[Level, bool]]:
    """Every (level, locked) the bidding machine lets a contract of ``mode`` reach, calls chosen every way."""
    s = start(Seat.S, Card.parse("9H"), match={"NS": 40, "EW": 120}, profile=DEFAULT_PROFILE)
    s = apply_call(s, "E: hokum" if mode is Mode.HOKUM else "E: sun")
    while s.phase.is_bidding:
        s = apply_call(s, f"{s.next.value}: pass")
    reached, todo = set(), [s]
    while todo:
        s = todo.pop()
        reached.add((s.escalation.level, s.escalation.locked))
        todo += [apply_call(s, v.call) for v in legal_calls(s) if v.legal and v.call.kind is not CallKind.PASS]
    return reached


@pytest.mark.parametrize("mode", list(Mode))
def test_the_levels_and_locks_a_contract_allows_are_those_the_bidding_reaches(mode):
    reached = _escalations(mode)
    assert {level for level, _ in reached} == set(allowed_levels(mode))
    assert {level for level, locked in reached if locked} == set(lockable_levels(mode))
    for level in LEVELS:
        assert may_lock(mode, level) == (level in lockable_levels(mode))


def test_every_call_the_bidding_allows_is_decided_by_an_allowing_rule():
    s = apply_call(start(Seat.S, Card.parse("9H")), "E: hokum")
    assert all((v.rule in ALLOWING) == v.legal for v in legal_calls(s))


# --- the conversion ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", list(Mode))
def test_the_rounding_zones_are_where_the_conversion_rounds_up_or_keeps_the_5(mode):
    zoned = {raw: how for lo, hi, how in rounding_zones(mode) for raw in range(lo, hi + 1)}
    for raw in range(RAW_TOTAL[mode] + 1):
        down = convert(raw - raw % 10, mode)                  # the tens alone
        added = convert(raw, mode) - down
        assert rounding(raw, mode) == zoned.get(raw, "down")
        assert added == {"down": 0, "keeps the 5": 1, "up": 1 if mode is Mode.HOKUM else 2}[zoned.get(raw, "down")]
    assert all(lo <= hi for lo, hi, _ in rounding_zones(mode))
    assert (mode is Mode.SUN) == any(how == "keeps the 5" for _, _, how in rounding_zones(mode))


def test_a_fixed_kaboot_takes_the_table_at_triple_and_quadruple_and_keeps_its_award_at_double():
    fixed = replace(DEFAULT_PROFILE, kaboot_escalation="fixed")
    assert FIXED_KABOOT == {Level.TRIPLE: 75, Level.QUADRUPLE: 100}
    for level, award in FIXED_KABOOT.items():
        assert kaboot_base(Mode.HOKUM, level, fixed) == award
    assert kaboot_base(Mode.HOKUM, Level.DOUBLE, fixed) == KABOOT_AWARD[Mode.HOKUM]
    assert kaboot_base(Mode.HOKUM, Level.TRIPLE, DEFAULT_PROFILE) == 3 * KABOOT_AWARD[Mode.HOKUM]   # multiply


# --- Ekka ----------------------------------------------------------------------------------------------------------


def test_an_ekka_is_valid_exactly_when_no_problem_is_found():
    rng = random.Random(4)
    for _ in range(400):
        played = rng.sample(DECK, rng.randrange(0, 24))
        mode = rng.choice(list(Mode))
        trump = rng.choice(list(Suit)) if mode is Mode.HOKUM else None
        for card in DECK:
            assert ekka_valid(card, played, mode, trump) == (ekka_problem(card, played, mode, trump) is None)


def _hokum_first(actions, rng):
    """A random action, but a Hokum bid whenever there is one and a pass in the doubling: Hokum deals to play."""
    calls = {a.kind: a for a in actions if isinstance(a, Call)}
    if CallKind.HOKUM in calls:
        return calls[CallKind.HOKUM]
    if CallKind.PASS in calls:
        return calls[CallKind.PASS]
    return rng.choice(actions)


@pytest.mark.parametrize("automatic", [False, True])
def test_the_game_offers_and_calls_ekka_exactly_on_a_valid_lead(automatic):
    profile = replace(PROFILES["detailed"], automatic_ekka=automatic)
    rng = random.Random(8)
    seen = 0
    for seed in range(40):
        g = GameState.new(seed, profile=profile)
        while not g.finished:
            actions = g.legal_actions()
            if g.stage is Stage.PLAY and g.current is None and g.contract.mode is Mode.HOKUM:
                v = g.view(g.to_act)
                ps = v.play_state()
                for card in {a.card for a in actions if isinstance(a, Play)}:
                    offered = Play(card, True, g.to_act) in actions
                    valid = ekka_valid(card, ps.played, ps.mode, ps.trump)
                    assert offered == (valid and not automatic), (seed, card)
                    after = g.apply(Play(card, False, g.to_act))
                    assert after.tricks[-1].ekka == (valid and automatic), (seed, card)
                    seen += valid
            g = g.apply(_hokum_first(actions, rng))
    assert seen > 20
