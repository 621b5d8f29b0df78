"""Which rule decides a call: the decisions of the bidding and the escalation, each a rule id
(:class:`~.rules.BidRule`); its sentence comes from :mod:`.reasons`.

The seat's turn is not checked here (the state machine does that, :func:`~.machine.check_call`): a rule
says what the call would be if the seat were asked now.

>>> from explorer.engine.rules.bidding.machine import apply_calls, start
>>> s = apply_calls(start(Seat.S, Card.parse("9H")), ["E: pass", "N: hokum"])
>>> call_rule(s, Seat.W, Call.parse("sun")).name, call_rule(s, Seat.W, Call.parse("hokum")).name
('SUN_BEATS_HOKUM', 'HOKUM_DOES_NOT_BEAT_HOKUM')
"""

from __future__ import annotations

from explorer.engine.core.cards import Card, Seat  # noqa: F401  (doctests)
from explorer.engine.core.tables import Mode
from explorer.engine.rules.bidding.calls import RAISE_LEVEL, Call, CallKind
from explorer.engine.rules.bidding.escalation import allowed_levels, may_lock, step_before
from explorer.engine.rules.bidding.rules import BidRule
from explorer.engine.rules.bidding.state import BiddingState, Phase


def call_rule(s: BiddingState, seat: Seat, call: Call) -> BidRule:
    """The rule deciding ``call`` by ``seat``, as if it were asked now: a redeal, a raise before the end of
    the bidding, a bid after it, or the rule of the bidding or of the escalation."""
    if s.phase is Phase.REDEAL:
        return BidRule.REDEAL
    if s.phase.is_bidding:
        return BidRule.ESCALATION_AFTER_BIDDING if call.kind.is_raise else bid_rule(s, seat, call)
    if call.kind.is_bid:
        return BidRule.BIDDING_OVER
    return raise_rule(s, seat, call)


# --- the bidding -------------------------------------------------------------------------------------------


def bid_rule(s: BiddingState, seat: Seat, call: Call) -> BidRule:
    """The rule deciding a call of the bidding (pass, Hokum, Sun, Ashkal) by ``seat``."""
    if call.kind is CallKind.PASS:
        return _pass_rule(s, seat)
    if call.kind is CallKind.ASHKAL:
        return _ashkal_rule(s, seat)
    refused = _declined_rule(s, seat)
    if refused is not None:
        return refused
    if call.kind is CallKind.HOKUM:
        return _hokum_rule(s, seat, call) if s.round == 1 else _round_two_hokum_rule(s, seat, call)
    return _sun_rule(s, seat)


def _spoke(s: BiddingState, seat: Seat) -> bool:
    """Whether ``seat`` has already had its turn in the first circuit."""
    return s.phase is Phase.ROUND_ONE and s.order.index(seat) < s.pos


def _pass_rule(s: BiddingState, seat: Seat) -> BidRule:
    if s.phase is Phase.ROUND_TWO:
        return BidRule.PASS_ROUND_TWO
    if s.phase is Phase.CHANCES:
        keeps = s.standing is not None and s.standing.seat is seat
        return BidRule.PASS_KEEPS_HOKUM if keeps else BidRule.PASS_DECLINES_CHANCE
    return BidRule.PASS


def _ashkal_rule(s: BiddingState, seat: Seat) -> BidRule:
    if s.round == 2:
        return BidRule.ASHKAL_NOT_IN_ROUND_TWO
    if seat not in s.order[2:]:
        return BidRule.ASHKAL_SEAT
    if s.phase is Phase.CHANCES or _spoke(s, seat):
        return BidRule.ASHKAL_OWN_TURN
    if s.standing is not None:
        return BidRule.ASHKAL_AFTER_PASSES
    return BidRule.ASHKAL


def _declined_rule(s: BiddingState, seat: Seat) -> BidRule | None:
    """A seat that is done for this bidding (it passed in round 2, or declined its chance), or None."""
    st = s.standing
    if s.round == 2 and seat in s.declined:
        return BidRule.DECLINED if st and st.seat is seat else BidRule.PASSED_IN_ROUND_TWO
    if s.phase is Phase.CHANCES and seat in s.declined:
        return BidRule.DECLINED
    return None


def _hokum_rule(s: BiddingState, seat: Seat, call: Call) -> BidRule:
    """A Hokum in round 1: in the upcard's suit, over no bid or as an earlier seat's takeover."""
    st = s.standing
    if call.suit is not None and call.suit is not s.upcard.suit:
        return BidRule.HOKUM_WRONG_SUIT
    if st is None:
        return BidRule.HOKUM_UPCARD_SUIT
    if st.kind is not CallKind.HOKUM:
        return BidRule.HOKUM_DOES_NOT_BEAT_SUN
    if st.seat is seat:
        return BidRule.ALREADY_HOLDS_BID
    if not s.earlier(seat, st.seat):
        return BidRule.HOKUM_DOES_NOT_BEAT_HOKUM
    if not s.profile.earlier_seat_takes_hokum:
        return BidRule.TAKEOVER_NOT_ALLOWED
    return BidRule.HOKUM_TAKEOVER


def _round_two_hokum_rule(s: BiddingState, seat: Seat, call: Call) -> BidRule:
    """A Hokum in round 2: in another suit than the upcard's, over no bid."""
    if call.suit is None:
        return BidRule.HOKUM_NEEDS_SUIT
    if call.suit is s.upcard.suit:
        return BidRule.HOKUM_NOT_UPCARD_SUIT
    if s.standing is None:
        return BidRule.HOKUM_OTHER_SUIT
    if s.standing.seat is seat:
        return BidRule.ALREADY_HOLDS_BID
    return BidRule.HOKUM_DOES_NOT_BEAT_HOKUM


def _sun_rule(s: BiddingState, seat: Seat) -> BidRule:
    """A Sun: over no bid, over a Hokum, over a later seat's Sun, or the Hokum bidder's own upgrade."""
    st = s.standing
    if st is None:
        return BidRule.SUN_ROUND_TWO if s.round == 2 else BidRule.SUN_DIRECT
    if st.seat is seat:
        if s.round == 2 or st.kind is CallKind.HOKUM:
            return BidRule.HOKUM_UPGRADE if s.profile.hokum_bidder_may_upgrade else BidRule.UPGRADE_NOT_ALLOWED
        return BidRule.ALREADY_HOLDS_BID
    if s.round == 2:
        return BidRule.SUN_BEATS_HOKUM
    if st.kind is CallKind.HOKUM:
        if s.earlier(seat, st.seat):
            return BidRule.SUN_CHANCE_AFTER_HOKUM
        if s.phase is Phase.CHANCES or _spoke(s, seat):
            return BidRule.CHANCE_ONLY_EARLIER_SEATS
        return BidRule.SUN_BEATS_HOKUM
    return BidRule.SUN_FROM_EARLIER_SEAT if s.earlier(seat, st.seat) else BidRule.SUN_ONLY_FROM_EARLIER_SEAT


# --- the escalation ------------------------------------------------------------------------------------------


def raise_rule(s: BiddingState, seat: Seat, call: Call) -> BidRule:
    """The rule deciding an escalation call by ``seat`` once the contract is known: the levels and locks its
    contract allows (:mod:`.escalation`), who may say each step, one step at a time, and who has passed."""
    contract = s.contract
    assert contract is not None
    over = s.phase is Phase.FINISHED
    if call.kind is CallKind.PASS:
        return BidRule.ESCALATION_OVER if over else BidRule.ESCALATION_PASS
    level = RAISE_LEVEL[call.kind]
    refused = _contract_refuses(s, call) or _not_this_seat(s, seat, call)
    if refused is not None:
        return refused
    if s.escalation.level is not step_before(level):
        return BidRule.ESCALATION_STEP
    if call.locked and not may_lock(contract.mode, level):
        return BidRule.OPEN_ONLY
    if over:
        return BidRule.ESCALATION_OVER
    if seat in s.escalation_passed:
        return BidRule.ESCALATION_DECLINED
    if call.kind is CallKind.DOUBLE:
        return BidRule.SUN_DOUBLE if contract.mode is Mode.SUN else BidRule.DOUBLE
    return {CallKind.TRIPLE: BidRule.TRIPLE, CallKind.QUADRUPLE: BidRule.QUADRUPLE,
            CallKind.GAHWA: BidRule.GAHWA}[call.kind]


def _contract_refuses(s: BiddingState, call: Call) -> BidRule | None:
    """A Sun's limits: a level it does not allow, a Double outside the match-score threshold, a lock."""
    mode, level = s.contract.mode, RAISE_LEVEL[call.kind]
    if level not in allowed_levels(mode):
        return BidRule.SUN_ONLY_DOUBLE                    # only a Sun allows fewer levels
    if mode is Mode.SUN and not s.sun_double_allowed:
        return BidRule.SUN_DOUBLE_THRESHOLD
    if mode is Mode.SUN and call.locked and not may_lock(mode, level):
        return BidRule.SUN_NEVER_LOCKED
    return None


def _not_this_seat(s: BiddingState, seat: Seat, call: Call) -> BidRule | None:
    """A raise by a seat that may not say it: Double by an opponent, Triple and Gahwa by the declarer,
    Quadruple by the doubler."""
    buyer, kind = s.contract.buyer, call.kind
    if kind is CallKind.DOUBLE and seat.team is buyer.team:
        return BidRule.DOUBLE_BY_OPPONENT
    if kind in (CallKind.TRIPLE, CallKind.GAHWA) and seat is not buyer:
        return BidRule.TRIPLE_BY_DECLARER if kind is CallKind.TRIPLE else BidRule.GAHWA_BY_DECLARER
    if kind is CallKind.QUADRUPLE:
        doubler = s.escalation.doubler
        if (doubler is not None and seat is not doubler) or (doubler is None and seat.team is buyer.team):
            return BidRule.QUADRUPLE_BY_DOUBLER
    return None
