"""Bidding and escalation (000 §03, 003; rules-decisions.md "Bidding" and "Escalation").

Dealer S throughout unless said: priority order E (dealer's right), N, W, S (dealer);
upcard 9H. Each test id names the rule it pins.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
import yaml

from explorer.engine.core.cards import Seat, Suit, Team
from explorer.engine.core.contract import Level
from explorer.engine.core.profiles import DETAILED, TOURNAMENT, custom_profile
from explorer.engine.core.tables import Mode
from explorer.engine.files.kinds.bidding import contract_from_bidding
from explorer.engine.files.scenario import check_text
from explorer.engine.rules.bidding import (
    BidRule,
    Call,
    CallError,
    CallKind,
    IllegalCallError,
    Phase,
    apply_call,
    apply_calls,
    check_call,
    legal_calls,
    replay,
    start,
    sun_double_allowed,
)

S, E, N, W = Seat.S, Seat.E, Seat.N, Seat.W
PASS4 = ["E: pass", "N: pass", "W: pass", "S: pass"]
INSIDE = {"NS": 40, "EW": 120}   # Sun may be doubled under both profiles


def bid(calls, *, profile=DETAILED, match=None, dealer=S, upcard="9H"):
    return apply_calls(start(dealer, upcard, match=match, profile=profile), calls)


def legal_names(state) -> list[str]:
    return [str(v.call) for v in legal_calls(state) if v.legal]


# --- legal sequences: where the bidding goes ---------------------------------------------------

SEQUENCES = [
    pytest.param([], DETAILED, E, None, id="dealers-right-speaks-first"),
    pytest.param(["E: hokum"], DETAILED, N, None, id="round-one-hokum-in-upcard-suit"),
    pytest.param(["E: sun"], DETAILED, None, "Sun bought by E", id="sun-by-dealers-right-ends-bidding"),
    pytest.param(["E: hokum", "N: sun"], DETAILED, E, None, id="sun-beats-hokum"),
    pytest.param(["E: pass", "N: hokum", "W: sun"], DETAILED, E, None,
                 id="seat-later-than-sun-not-asked"),
    pytest.param(["E: pass", "N: hokum", "W: sun", "E: pass", "N: pass"], DETAILED, None, "Sun bought by W",
                 id="earlier-seats-decline-sun-stands"),
    pytest.param(["E: pass", "N: pass", "W: hokum", "S: pass"], DETAILED, E, None,
                 id="earlier-passer-may-call-sun-after-hokum"),
    pytest.param(["E: pass", "N: pass", "W: hokum", "S: pass", "E: pass", "N: pass"], DETAILED, N,
                 "Hokum ♥ bought by W", id="hokum-stands-when-earlier-seats-decline"),
    pytest.param(["E: pass", "N: pass", "W: hokum", "S: pass", "E: sun"], DETAILED, None, "Sun bought by E",
                 id="chance-sun-from-first-seat-ends-bidding"),
    pytest.param(["E: pass", "N: pass", "W: pass", "S: hokum", "E: pass", "N: sun"], DETAILED, None,
                 "Sun bought by N", id="declined-chance-not-asked-again"),
    pytest.param(["E: pass", "N: hokum", "W: sun", "E: pass", "N: sun"], DETAILED, None, "Sun bought by N",
                 id="sun-replaced-from-earlier-seat"),
    pytest.param(["E: pass", "N: pass", "W: ashkal"], DETAILED, E, None, id="ashkal-third-seat"),
    pytest.param(["E: pass", "N: pass", "W: ashkal", "E: pass", "N: pass"], DETAILED, None, "Sun bought by E",
                 id="ashkal-partner-is-declarer"),
    pytest.param(["E: pass", "N: pass", "W: pass", "S: ashkal", "E: pass", "N: pass", "W: pass"], DETAILED,
                 None, "Sun bought by N", id="ashkal-by-dealer"),
    pytest.param(PASS4, DETAILED, E, None, id="round-two-after-four-passes"),
    pytest.param([*PASS4, "E: hokum D", "N: pass", "W: pass", "S: pass"], DETAILED, N,
                 "Hokum ♦ bought by E", id="round-two-hokum-other-suit"),
    pytest.param([*PASS4, "E: hokum D", "N: sun"], DETAILED, None, "Sun bought by N",
                 id="round-two-later-seat-overrides-hokum-with-sun"),
    pytest.param([*PASS4, "E: sun"], DETAILED, None, "Sun bought by E", id="round-two-sun-ends-bidding"),
    pytest.param([*PASS4, "E: pass", "N: pass", "W: sun"], DETAILED, None, "Sun bought by W",
                 id="round-two-sun-by-later-seat-ends-bidding"),
    pytest.param(PASS4 * 2, DETAILED, None, None, id="redeal-when-all-pass-twice"),
    # options
    pytest.param(["E: pass", "N: pass", "W: hokum", "S: pass", "E: hokum"], TOURNAMENT, N,
                 "Hokum ♥ bought by E", id="earlier-seat-takes-hokum-on"),
    pytest.param(["E: pass", "N: pass", "W: pass", "S: hokum", "E: pass", "N: hokum"], TOURNAMENT, E,
                 "Hokum ♥ bought by N", id="takeover-closes-chances-of-later-seats"),
    pytest.param(["E: pass", "N: pass", "W: hokum", "S: pass", "E: pass", "N: pass"], TOURNAMENT, W, None,
                 id="hokum-bidder-asked-to-upgrade-when-option-on"),
    pytest.param(["E: pass", "N: pass", "W: hokum", "S: pass", "E: pass", "N: pass", "W: sun"], TOURNAMENT,
                 None, "Sun bought by W", id="hokum-bidder-upgrades-to-sun"),
    pytest.param(["E: pass", "N: pass", "W: hokum", "S: pass", "E: pass", "N: pass", "W: pass"], TOURNAMENT,
                 N, "Hokum ♥ bought by W", id="hokum-bidder-keeps-hokum"),
    pytest.param([*PASS4, "E: hokum D", "N: pass", "W: pass", "S: pass"], TOURNAMENT, E, None,
                 id="hokum-bidder-may-upgrade-in-round-two"),
    pytest.param(["E: hokum", "N: pass", "W: pass", "S: pass"], DETAILED, N, "Hokum ♥ bought by E",
                 id="upgrade-not-asked-when-option-off"),
]


@pytest.mark.parametrize("calls, profile, asked, contract", SEQUENCES)
def test_bidding_sequence(calls, profile, asked, contract):
    state = bid(calls, profile=profile)
    if contract is None:
        assert state.contract is None
    else:
        assert str(state.contract) == contract
    assert state.next is asked


def test_redeal_has_no_contract_and_refuses_every_call():
    state = bid(PASS4 * 2)
    assert (state.redeal, state.finished, state.phase, state.contract) == (True, True, Phase.REDEAL, None)
    assert legal_calls(state) == []
    v = check_call(state, "E: sun")
    assert (v.legal, v.rule) == (False, BidRule.REDEAL)
    assert "N deals next" not in str(v.reason) and "E deals next" in str(v.reason)


def test_ashkal_result_names_caller_declarer_and_taker():
    state = bid(["E: pass", "N: pass", "W: ashkal", "E: pass", "N: pass"])
    assert (state.caller, state.declarer, state.taker) == (W, E, E)
    assert state.contract.mode is Mode.SUN and state.contract.buyer is E


def test_hokum_result_has_trump_and_taker():
    state = bid([*PASS4, "E: pass", "N: hokum C", "W: pass", "S: pass"])
    assert state.contract.trump is Suit.C and state.taker is N


# --- refused calls: the rule and the reason ------------------------------------------------------

REFUSED = [
    pytest.param([], "N: pass", DETAILED, BidRule.OUT_OF_TURN, id="only-the-seat-asked-may-call"),
    pytest.param([], "E: hokum D", DETAILED, BidRule.HOKUM_WRONG_SUIT, id="round-one-hokum-only-upcard-suit"),
    pytest.param(["E: hokum"], "N: hokum", DETAILED, BidRule.HOKUM_DOES_NOT_BEAT_HOKUM,
                 id="later-hokum-does-not-beat-hokum"),
    pytest.param(["E: pass", "N: sun"], "E: hokum", DETAILED, BidRule.HOKUM_DOES_NOT_BEAT_SUN,
                 id="hokum-does-not-beat-sun"),
    pytest.param(["E: pass", "N: hokum", "W: sun"], "S: sun", DETAILED, BidRule.SUN_ONLY_FROM_EARLIER_SEAT,
                 id="sun-replaced-only-from-earlier-seat"),
    pytest.param(["E: pass", "N: pass", "W: hokum", "S: pass"], "S: sun", DETAILED,
                 BidRule.CHANCE_ONLY_EARLIER_SEATS, id="later-passer-gets-no-second-chance"),
    pytest.param(["E: pass", "N: pass", "W: pass", "S: hokum", "E: pass"], "E: sun", DETAILED,
                 BidRule.DECLINED, id="declined-seat-may-not-call-sun-later"),
    pytest.param([], "E: ashkal", DETAILED, BidRule.ASHKAL_SEAT, id="ashkal-not-for-first-seat"),
    pytest.param(["E: pass"], "N: ashkal", DETAILED, BidRule.ASHKAL_SEAT, id="ashkal-not-for-second-seat"),
    pytest.param(["E: hokum", "N: pass"], "W: ashkal", DETAILED, BidRule.ASHKAL_AFTER_PASSES,
                 id="ashkal-needs-every-earlier-seat-passed"),
    pytest.param(["E: pass", "N: pass", "W: pass", "S: hokum", "E: pass", "N: pass"], "W: ashkal", DETAILED,
                 BidRule.ASHKAL_OWN_TURN, id="ashkal-only-at-own-first-circuit-turn"),
    pytest.param(PASS4 + ["E: pass", "N: pass"], "W: ashkal", DETAILED, BidRule.ASHKAL_NOT_IN_ROUND_TWO,
                 id="no-ashkal-in-round-two"),
    pytest.param(PASS4, "E: hokum H", DETAILED, BidRule.HOKUM_NOT_UPCARD_SUIT,
                 id="round-two-hokum-not-in-upcard-suit"),
    pytest.param(PASS4, "E: hokum", DETAILED, BidRule.HOKUM_NEEDS_SUIT, id="round-two-hokum-names-its-suit"),
    pytest.param(PASS4 + ["E: hokum D"], "N: hokum S", DETAILED, BidRule.HOKUM_DOES_NOT_BEAT_HOKUM,
                 id="round-two-later-seat-overrides-only-with-sun"),
    pytest.param(PASS4 + ["E: pass", "N: hokum D"], "E: sun", DETAILED, BidRule.PASSED_IN_ROUND_TWO,
                 id="round-two-passer-may-not-call-sun-later"),
    pytest.param(["E: pass", "N: pass", "W: hokum", "S: pass"], "E: hokum", DETAILED,
                 BidRule.TAKEOVER_NOT_ALLOWED, id="earlier-seat-takes-hokum-off"),
    pytest.param(["E: pass", "N: hokum", "W: pass"], "N: sun", DETAILED, BidRule.UPGRADE_NOT_ALLOWED,
                 id="hokum-bidder-may-upgrade-off"),
    pytest.param([], "E: double", DETAILED, BidRule.ESCALATION_AFTER_BIDDING,
                 id="escalation-only-after-bidding"),
    pytest.param(["E: sun"], "N: sun", DETAILED, BidRule.BIDDING_OVER, id="no-call-after-bidding-ended"),
]


@pytest.mark.parametrize("calls, call, profile, rule", REFUSED)
def test_refused_call(calls, call, profile, rule):
    state = bid(calls, profile=profile)
    v = check_call(state, call)
    assert (v.legal, v.rule) == (False, rule), v.reason
    assert str(v.reason) and rule.doc
    with pytest.raises(IllegalCallError) as exc:
        apply_call(state, call)
    assert isinstance(exc.value, ValueError) and exc.value.verdict == v
    assert str(v.reason) in str(exc.value)


ALLOWED = [
    pytest.param([], "E: sun", BidRule.SUN_DIRECT, id="sun-may-be-called-directly"),
    pytest.param(["E: hokum"], "N: sun", BidRule.SUN_BEATS_HOKUM, id="sun-beats-hokum-rule"),
    pytest.param(["E: pass", "N: pass", "W: hokum", "S: pass"], "E: sun", BidRule.SUN_CHANCE_AFTER_HOKUM,
                 id="earlier-passer-sun-chance-rule"),
    pytest.param(["E: pass", "N: hokum", "W: sun"], "E: sun", BidRule.SUN_FROM_EARLIER_SEAT,
                 id="sun-from-earlier-seat-rule"),
    pytest.param(["E: pass", "N: pass"], "W: ashkal", BidRule.ASHKAL, id="ashkal-rule"),
    pytest.param(PASS4, "E: hokum D", BidRule.HOKUM_OTHER_SUIT, id="round-two-hokum-rule"),
    pytest.param(PASS4, "E: sun", BidRule.SUN_ROUND_TWO, id="round-two-sun-rule"),
    pytest.param(["E: pass", "N: pass", "W: hokum", "S: pass"], "E: pass", BidRule.PASS_DECLINES_CHANCE,
                 id="pass-in-chances-declines"),
    pytest.param(PASS4, "E: pass", BidRule.PASS_ROUND_TWO, id="pass-in-round-two-is-final"),
]


@pytest.mark.parametrize("calls, call, rule", ALLOWED)
def test_allowed_call_names_its_rule(calls, call, rule):
    state = bid(calls)
    v = check_call(state, call)
    assert (v.legal, v.rule) == (True, rule), v.reason
    after = apply_call(state, call)
    assert after.history[-1].rule is rule


@pytest.mark.parametrize("calls, seat, legal", [
    pytest.param([], E, ["E: pass", "E: hokum H", "E: sun"], id="first-seat-options"),
    pytest.param(["E: pass", "N: pass"], W, ["W: pass", "W: hokum H", "W: sun", "W: ashkal"],
                 id="third-seat-may-ashkal"),
    pytest.param(["E: hokum"], N, ["N: pass", "N: sun"], id="after-hokum-only-sun"),
    pytest.param(["E: pass", "N: hokum", "W: sun"], E, ["E: pass", "E: sun"], id="chance-only-sun"),
    pytest.param(PASS4, E, ["E: pass", "E: hokum S", "E: hokum D", "E: hokum C", "E: sun"],
                 id="round-two-options"),
])
def test_legal_calls_of_the_seat_asked(calls, seat, legal):
    state = bid(calls)
    assert state.next is seat
    assert legal_names(state) == legal
    for v in legal_calls(state):
        assert v.call.seat is seat and str(v.reason)
        assert v.legal or v.rule is not BidRule.OUT_OF_TURN


def test_takeover_is_offered_in_chances_when_option_on():
    state = bid(["E: pass", "N: pass", "W: hokum", "S: pass"], profile=TOURNAMENT)
    assert legal_names(state) == ["E: pass", "E: hokum H", "E: sun"]
    assert check_call(state, "E: hokum").rule is BidRule.HOKUM_TAKEOVER


def test_single_options_toggle_on_their_own():
    takeover = custom_profile({"base": "detailed", "earlier_seat_takes_hokum": True})
    upgrade = custom_profile({"base": "detailed", "hokum_bidder_may_upgrade": True})
    calls = ["E: pass", "N: pass", "W: hokum", "S: pass"]
    assert check_call(bid(calls, profile=takeover), "E: hokum").legal
    assert not check_call(bid(calls, profile=upgrade), "E: hokum").legal
    assert bid([*calls, "E: pass", "N: pass"], profile=upgrade).next is W
    assert bid([*calls, "E: pass", "N: pass"], profile=takeover).next is N   # escalation: N may Double


def test_out_of_turn_seat_that_may_speak_later_is_told_who_is_asked():
    state = bid(["E: pass", "N: hokum"])
    v = check_call(state, "E: sun")      # E will get its chance after the first circuit
    assert (v.legal, v.rule) == (False, BidRule.OUT_OF_TURN)
    assert str(v.reason) == "W is asked now, not E."


# --- escalation -----------------------------------------------------------------------------------

HOKUM_E = ["E: hokum", "N: pass", "W: pass", "S: pass"]   # Hokum ♥ bought by E; opponents N then S


ESCALATIONS = [
    pytest.param([], N, Level.NONE, None, False, id="opponents-asked-in-priority-order"),
    pytest.param(["N: double"], E, Level.DOUBLE, N, False, id="double-by-opponent"),
    pytest.param(["N: double locked"], E, Level.DOUBLE, N, True, id="double-may-be-locked"),
    pytest.param(["N: pass"], S, Level.NONE, None, False, id="second-opponent-asked-after-first-passes"),
    pytest.param(["N: pass", "S: double"], E, Level.DOUBLE, S, False, id="second-opponent-may-double"),
    pytest.param(["N: pass", "S: pass"], None, Level.NONE, None, False, id="both-opponents-pass-ends"),
    pytest.param(["N: double locked", "E: triple"], N, Level.TRIPLE, N, False, id="triple-by-declarer-is-open"),
    pytest.param(["N: double", "E: pass"], None, Level.DOUBLE, N, False, id="declarer-pass-ends-escalation"),
    pytest.param(["N: double", "E: triple", "N: quadruple locked"], E, Level.QUADRUPLE, N, True,
                 id="quadruple-by-same-doubler"),
    pytest.param(["N: double", "E: triple", "N: pass"], None, Level.TRIPLE, N, False,
                 id="doubler-pass-ends-escalation"),
    pytest.param(["N: double", "E: triple", "N: quadruple locked", "E: gahwa"], None, Level.GAHWA, N, False,
                 id="gahwa-by-declarer"),
    pytest.param(["N: double", "E: triple", "N: quadruple", "E: pass"], None, Level.QUADRUPLE, N, False,
                 id="declarer-may-decline-gahwa"),
]


@pytest.mark.parametrize("raises, asked, level, doubler, locked", ESCALATIONS)
def test_hokum_escalation(raises, asked, level, doubler, locked):
    state = bid(HOKUM_E + raises)
    assert state.next is asked
    assert (state.escalation.level, state.escalation.doubler, state.escalation.locked) == (level, doubler, locked)
    assert str(state.contract) == "Hokum ♥ bought by E"


ESCALATION_REFUSED = [
    pytest.param([], "W: double", BidRule.DOUBLE_BY_OPPONENT, id="double-only-by-opponent"),
    pytest.param([], "E: double", BidRule.DOUBLE_BY_OPPONENT, id="declarer-may-not-double"),
    pytest.param([], "S: double", BidRule.OUT_OF_TURN, id="first-opponent-asked-first"),
    pytest.param([], "E: triple", BidRule.ESCALATION_STEP, id="no-triple-before-double"),
    pytest.param(["N: double"], "W: triple", BidRule.TRIPLE_BY_DECLARER, id="triple-only-by-declarer"),
    pytest.param(["N: double"], "E: triple locked", BidRule.OPEN_ONLY, id="triple-is-always-open"),
    pytest.param(["N: double"], "S: double", BidRule.ESCALATION_STEP, id="no-second-double"),
    pytest.param(["N: double"], "E: quadruple", BidRule.QUADRUPLE_BY_DOUBLER, id="declarer-may-not-quadruple"),
    pytest.param(["N: double", "E: triple"], "S: quadruple", BidRule.QUADRUPLE_BY_DOUBLER,
                 id="quadruple-only-by-same-doubler"),
    pytest.param(["N: double", "E: triple", "N: quadruple"], "W: gahwa", BidRule.GAHWA_BY_DECLARER,
                 id="gahwa-only-by-declarer"),
    pytest.param(["N: double", "E: triple", "N: quadruple"], "E: gahwa locked", BidRule.OPEN_ONLY,
                 id="gahwa-is-always-open"),
    pytest.param(["N: pass"], "N: double", BidRule.ESCALATION_DECLINED, id="passed-opponent-not-asked-again"),
    pytest.param(["N: double", "E: pass"], "E: triple", BidRule.ESCALATION_OVER,
                 id="escalation-ends-when-raiser-passes"),
    pytest.param(["N: double", "E: triple", "N: quadruple", "E: gahwa"], "N: pass", BidRule.ESCALATION_OVER,
                 id="nothing-after-gahwa"),
    pytest.param([], "N: sun", BidRule.BIDDING_OVER, id="no-bid-during-escalation"),
]


@pytest.mark.parametrize("raises, call, rule", ESCALATION_REFUSED)
def test_escalation_refused(raises, call, rule):
    state = bid(HOKUM_E + raises)
    v = check_call(state, call)
    assert (v.legal, v.rule) == (False, rule), v.reason
    with pytest.raises(IllegalCallError):
        apply_call(state, call)


SUN_E = ["E: sun"]   # Sun bought by E (team EW); opponents N then S


@pytest.mark.parametrize("raises, call, rule", [
    pytest.param([], "N: double locked", BidRule.SUN_NEVER_LOCKED, id="locked-sun-refused"),
    pytest.param(["N: double"], "E: triple", BidRule.SUN_ONLY_DOUBLE, id="triple-in-sun-refused"),
    pytest.param(["N: double"], "N: quadruple", BidRule.SUN_ONLY_DOUBLE, id="quadruple-in-sun-refused"),
    pytest.param([], "W: double", BidRule.DOUBLE_BY_OPPONENT, id="sun-double-only-by-opponent"),
])
def test_sun_escalation_refused(raises, call, rule):
    state = bid(SUN_E + raises, match=INSIDE)
    v = check_call(state, call)
    assert (v.legal, v.rule) == (False, rule), v.reason


def test_sun_double_ends_escalation():
    state = bid(SUN_E + ["N: double"], match=INSIDE)
    assert state.finished and state.escalation.level is Level.DOUBLE and state.escalation.locked is False
    assert bid(SUN_E, match=INSIDE).history[-1].rule is BidRule.SUN_DIRECT


def test_ashkal_declarer_team_may_not_double_its_own_sun():
    state = bid(["E: pass", "N: pass", "W: pass", "S: ashkal", "E: pass", "N: pass", "W: pass"], match=INSIDE)
    assert state.contract.buyer is N and state.next is E          # E and W are N's opponents
    assert check_call(state, "S: double").rule is BidRule.DOUBLE_BY_OPPONENT


THRESHOLDS = [
    # (NS, EW), detailed ('below_100'), tournament ('at_or_below_100')
    pytest.param((101, 100), False, True, id="threshold-101-vs-100-disputed"),
    pytest.param((100, 101), False, True, id="threshold-100-vs-101-disputed"),
    pytest.param((101, 99), True, True, id="threshold-101-vs-99-both"),
    pytest.param((99, 150), True, True, id="threshold-99-vs-150-both"),
    pytest.param((100, 99), False, False, id="threshold-100-is-not-above-100"),
    pytest.param((100, 100), False, False, id="threshold-100-vs-100-neither"),
    pytest.param((101, 101), False, False, id="threshold-both-above-100-neither"),
    pytest.param((0, 0), False, False, id="threshold-match-start-neither"),
]


@pytest.mark.parametrize("score, detailed, tournament", THRESHOLDS)
def test_sun_double_threshold_under_both_profiles(score, detailed, tournament):
    match = {Team.NS: score[0], Team.EW: score[1]}
    assert sun_double_allowed(match, DETAILED) is detailed
    assert sun_double_allowed(match, TOURNAMENT) is tournament
    for profile, allowed in ((DETAILED, detailed), (TOURNAMENT, tournament)):
        state = bid(SUN_E, match={"NS": score[0], "EW": score[1]}, profile=profile)
        assert (state.next is N) is allowed            # outside the threshold nobody is asked
        v = check_call(state, "N: double")
        assert v.legal is allowed
        if not allowed:
            assert v.rule is BidRule.SUN_DOUBLE_THRESHOLD and f"NS {score[0]}, EW {score[1]}" in str(v.reason)


def test_hokum_double_needs_no_threshold():
    assert bid(HOKUM_E, match={"NS": 0, "EW": 0}).next is N


# --- snapshots, calls and robustness -------------------------------------------------------------


def test_snapshots_are_frozen_and_hashable():
    a = bid(["E: pass", "N: hokum"])
    b = bid(["E: pass", "N: hokum"])
    assert a == b and hash(a) == hash(b)
    assert len({a, b, bid(["E: pass"])}) == 2
    with pytest.raises(AttributeError):
        a.next = S  # type: ignore[misc]
    steps = [start(S, "9H")]
    for c in ["E: pass", "N: hokum", "W: sun"]:
        steps.append(apply_call(steps[-1], c))
    assert steps[1] == bid(["E: pass"])            # step back = an index into the list


@pytest.mark.parametrize("text, expected", [
    pytest.param("pass", Call(CallKind.PASS), id="parse-pass"),
    pytest.param("E: hokum ♦", Call(CallKind.HOKUM, Suit.D, seat=E), id="parse-hokum-with-suit-and-seat"),
    pytest.param("double locked", Call(CallKind.DOUBLE, locked=True), id="parse-double-locked"),
    pytest.param("Hukum", Call(CallKind.HOKUM), id="parse-alias"),
    pytest.param("four", Call(CallKind.QUADRUPLE), id="parse-four-is-quadruple"),
])
def test_call_notation(text, expected):
    assert Call.parse(text) == expected
    assert Call.parse(str(expected)) == expected


@pytest.mark.parametrize("text", ["sunn", "sun H", "pass locked", "hokum X", ""])
def test_unreadable_call_raises_call_error(text):
    with pytest.raises(CallError):
        Call.parse(text)


def test_replay_stops_at_the_first_illegal_call():
    state, index, verdict = replay(start(S, "9H"), ["E: pass", "N: pass", "S: sun", "W: pass"])
    assert index == 2 and verdict.rule is BidRule.OUT_OF_TURN and state == bid(["E: pass", "N: pass"])


@pytest.mark.parametrize("seed", range(60))
def test_random_walks_end_with_a_contract_or_redeal(seed: int):
    rng = random.Random(seed)
    profile = rng.choice([DETAILED, TOURNAMENT])
    match = {"NS": rng.choice([0, 99, 100, 101, 140]), "EW": rng.choice([0, 99, 100, 101, 140])}
    state = start(rng.choice(list(Seat)), rng.choice(["9H", "AS", "7D", "JC"]), match=match, profile=profile)
    for _ in range(40):
        if state.finished:
            break
        options = legal_calls(state)
        assert any(v.call.kind is CallKind.PASS and v.legal for v in options)
        for v in options:
            assert str(v.reason) and v.rule.doc
        # bias to bids so walks reach the escalation
        legal = [v.call for v in options if v.legal]
        pick = rng.choice([c for c in legal if c.kind is not CallKind.PASS] or legal) \
            if rng.random() < 0.35 else rng.choice(legal)
        state = apply_call(state, pick)
    assert state.finished
    assert state.redeal or state.contract is not None
    if state.contract is not None:
        assert state.taker is state.contract.buyer
        if state.contract.mode is Mode.SUN:
            assert state.escalation.level in (Level.NONE, Level.DOUBLE) and not state.escalation.locked
        if state.escalation.doubler is not None:
            assert state.escalation.doubler.team is not state.contract.buyer.team
    for v in (check_call(state, c) for c in ["pass", "sun", "double", "E: hokum D"]):
        assert not v.legal


def test_check_call_never_raises_on_any_call_in_any_state():
    calls = [Call(k, seat=s) for k in CallKind for s in Seat] + [Call(CallKind.HOKUM, x, seat=E) for x in Suit]
    calls += [Call(CallKind.DOUBLE, locked=True, seat=N), Call(CallKind.TRIPLE, locked=True, seat=E)]
    for seq in [[], ["E: pass", "N: hokum"], PASS4, PASS4 * 2, HOKUM_E, HOKUM_E + ["N: double"], SUN_E]:
        state = bid(seq, match=INSIDE)
        for c in calls:
            v = check_call(state, c)
            assert isinstance(v.legal, bool) and str(v.reason)


def test_start_reads_notation_and_match():
    state = start("s", "10h", match={"EW": 120, "NS": 40}, profile=TOURNAMENT)
    assert (state.dealer, str(state.upcard), state.match) == (S, "TH", (40, 120))
    assert replace(state, match=(0, 0)).sun_double_allowed is False


# --- the bidding kind ------------------------------------------------------------------------------

EXAMPLE = """
kind: bidding
dealer: S
upcard: 9H
match: {NS: 40, EW: 120}
calls:
  - {seat: E, call: pass}
  - {seat: N, call: hokum}
  - {seat: W, call: sun}
  - {seat: E, call: pass}
  - {seat: N, call: pass}
escalation:
  - {seat: N, call: double, locked: false}
"""


def scenario(calls=(), escalation=None, **extra) -> str:
    doc = {"kind": "bidding", "dealer": "S", "upcard": "9H", **extra,
           "calls": [dict(zip(("seat", "call"), c.split(": "))) for c in calls]}
    if escalation is not None:
        doc["escalation"] = [dict(zip(("seat", "call"), c.split(": "))) for c in escalation]
    return yaml.safe_dump(doc, sort_keys=False)


def test_kind_format_example():
    r = check_text(EXAMPLE)
    assert r.ok, r.errors
    out = r.output
    assert out["finished"] is True and out["next"] is None and out["legal_calls"] == []
    assert out["contract"] == {"mode": "sun", "buyer": "W", "taker": "W", "caller": "W", "ashkal": False}
    assert out["escalation"] == {"level": "double", "doubler": "N", "locked": False}
    assert out["redeal"] is False and out["error"] is None
    assert [h["rule"] for h in out["history"]] == [
        "pass", "hokum_upcard_suit", "sun_beats_hokum", "pass_declines_chance", "pass_declines_chance",
        "sun_double"]
    assert out["history"][1]["suit"] == "H" and out["history"][5]["locked"] is False


@pytest.mark.parametrize("text, keys", [
    pytest.param(scenario(["E: pass", "N: hokum"]), {"finished": False, "next": "W", "legal_calls": ["pass", "sun"],
                                                       "contract": None}, id="kind-next-and-legal-calls"),
    pytest.param(scenario(["E: pass", "N: pass", "W: ashkal", "E: pass", "N: pass"]),
                 {"contract": {"mode": "sun", "buyer": "E", "taker": "E", "caller": "W", "ashkal": True}},
                 id="kind-ashkal-partner-buys-and-takes"),
    pytest.param(scenario(PASS4 * 2), {"redeal": True, "finished": True, "contract": None}, id="kind-redeal"),
    pytest.param(scenario(["E: hokum", "N: pass", "W: pass", "S: pass"]),
                 {"finished": False, "next": "N", "legal_calls": ["pass", "double"],
                  "contract": {"mode": "hokum", "trump": "H", "buyer": "E", "taker": "E", "caller": "E",
                               "ashkal": False}}, id="kind-contract-known-during-escalation"),
])
def test_kind_outputs(text, keys):
    r = check_text(text)
    assert r.ok, r.errors
    for k, v in keys.items():
        assert r.output[k] == v, k


@pytest.mark.parametrize("text, index, rule", [
    pytest.param(scenario(["N: pass"]), 0, "out_of_turn", id="kind-out-of-turn-is-a-verdict"),
    pytest.param(scenario(["E: pass", "N: hokum", "W: sun", "S: sun"]), 3, "sun_only_from_earlier_seat",
                 id="kind-later-seat-sun-is-a-verdict"),
    pytest.param(scenario(["E: sun", "N: pass"]), 1, "bidding_over", id="kind-call-after-bidding-ended"),
    pytest.param(scenario(["E: hokum"], ["N: double"]), 1, "escalation_after_bidding",
                 id="kind-escalation-before-bidding-ended"),
    pytest.param(scenario(["E: hokum", "N: pass", "W: pass", "S: pass"], ["W: double"]), 4, "double_by_opponent",
                 id="kind-error-index-counts-calls-then-escalation"),
    pytest.param(scenario(["E: sun"], ["N: double"], match={"NS": 101, "EW": 100}), 1, "sun_double_threshold",
                 id="kind-sun-double-outside-threshold"),
    pytest.param(scenario(PASS4 * 2, ["N: double"]), 8, "redeal", id="kind-double-after-redeal"),
])
def test_kind_illegal_call_is_a_verdict(text, index, rule):
    r = check_text(text)
    assert r.ok, r.errors
    err = r.output["error"]
    assert (err["index"], err["rule"]) == (index, rule) and err["reason"]


def test_kind_state_is_the_one_before_the_illegal_call():
    out = check_text(scenario(["E: pass", "N: hokum", "S: sun", "W: pass"])).output
    assert out["error"]["index"] == 2 and out["next"] == "W" and len(out["history"]) == 2
    assert out["error"]["reason"] == "W is asked now, not S."


def test_kind_profile_override_settles_the_threshold_dispute():
    text = scenario(["E: sun"], ["N: double"], match={"NS": 101, "EW": 100})
    assert check_text(text).output["error"]["rule"] == "sun_double_threshold"
    out = check_text(text, profile="tournament").output
    assert out["error"] is None and out["escalation"]["level"] == "double"


@pytest.mark.parametrize("text, problem", [
    pytest.param(scenario(["E: pass", "N: pass", "W: pass", "S: sunn"]),
                 "calls[3].call: 'sunn' is not a call (use pass, hokum, sun, ashkal)", id="bad-call-name"),
    pytest.param(scenario(["Q: pass"]), "calls[0].seat: unknown seat 'Q'", id="bad-seat"),
    pytest.param(scenario(["E: pass"]).replace("upcard: 9H", "upcard: 9X"), "upcard: '9X' is not a card",
                 id="upcard-not-a-card"),
    pytest.param(scenario([*PASS4, "E: hokum"]), "calls[4].suit: a round-2 Hokum names its trump suit",
                 id="round-two-hokum-without-suit"),
    pytest.param(scenario(["E: double"]), "calls[0].call: 'double' is an escalation call", id="double-in-calls"),
    pytest.param(scenario(["E: sun"], ["N: sun"]), "escalation[0].call: 'sun' is a bidding call",
                 id="bid-in-escalation"),
    pytest.param(scenario(["E: sun"], ["N: redouble"]), "escalation[0].call: 'redouble' is not an escalation call",
                 id="bad-escalation-name"),
    pytest.param("kind: bidding\nupcard: 9H\n", "dealer: missing", id="dealer-missing"),
    pytest.param("kind: bidding\ndealer: S\n", "upcard: missing", id="upcard-missing"),
    pytest.param("kind: bidding\ndealer: S\nupcard: 9H\ncalls: [{seat: E, call: sun, suit: H}]",
                 "calls[0].suit: only a Hokum names a suit", id="suit-on-sun"),
    pytest.param("kind: bidding\ndealer: S\nupcard: 9H\ncalls: [{seat: E, call: sun}]\n"
                 "escalation: [{seat: N, call: pass, locked: true}]",
                 "escalation[0].locked: a pass is neither open nor locked", id="locked-pass"),
    pytest.param("kind: bidding\ndealer: S\nupcard: 9H\ncalls: [{seat: E, call: sun, bid: 3}]",
                 "calls[0].bid: is not a key", id="unknown-key"),
])
def test_kind_bad_input_is_named(text, problem):
    r = check_text(text)
    assert not r.ok
    assert any(problem in e for e in r.errors), r.errors


def test_contract_from_bidding_for_deal_scenarios():
    block = {"upcard": "9H", "calls": [{"seat": "E", "call": "pass"}, {"seat": "N", "call": "pass"},
                                       {"seat": "W", "call": "ashkal"}, {"seat": "E", "call": "pass"},
                                       {"seat": "N", "call": "pass"}]}
    contract, esc, taker, problems = contract_from_bidding(block, dealer=S, match=None, profile=DETAILED)
    assert problems == [] and str(contract) == "Sun bought by E" and taker is E and esc.level is Level.NONE
    *_, problems = contract_from_bidding({**block, "calls": block["calls"][:2]}, dealer=S, match=None,
                                         profile=DETAILED)
    assert problems == ["bidding.calls: the bidding is not finished: W is still to call"]
    *_, problems = contract_from_bidding({"upcard": "9H", "calls": [{"seat": "N", "call": "pass"}]},
                                         dealer=S, match=None, profile=DETAILED)
    assert problems == ["bidding.calls[0]: E is asked now, not N."]
    *_, problems = contract_from_bidding({"upcard": "ZZ"}, dealer=S, match=None, profile=DETAILED)
    assert problems and problems[0].startswith("bidding.upcard:")


@pytest.mark.parametrize("name, detailed_error, tournament_error", [
    pytest.param("bidding-sun-double-threshold-disputed", "sun_double_threshold", None,
                 id="library-threshold-dispute-flips-with-profile"),
    pytest.param("bidding-earlier-seat-takes-hokum", "takeover_not_allowed", None,
                 id="library-takeover-dispute-flips-with-profile"),
])
def test_library_disputes_differ_between_profiles(name, detailed_error, tournament_error):
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "data" / "scenarios" / f"{name}.yaml").read_text()
    for profile, rule in (("detailed", detailed_error), ("tournament", tournament_error)):
        err = check_text(text, profile=profile).output["error"]
        assert (err and err["rule"]) == rule


@pytest.mark.parametrize("call, rule", [
    pytest.param("sun", BidRule.BIDDING_OVER, id="seatless-bid-after-end"),
    pytest.param("double", BidRule.ESCALATION_OVER, id="seatless-raise-after-end"),
    pytest.param("pass", BidRule.ESCALATION_OVER, id="seatless-pass-after-end"),
])
def test_call_without_seat_after_the_end(call, rule):
    state = bid(HOKUM_E + ["N: pass", "S: pass"])
    assert state.finished and state.calls[-1] == Call(CallKind.PASS, seat=S)
    assert check_call(state, call).rule is rule
