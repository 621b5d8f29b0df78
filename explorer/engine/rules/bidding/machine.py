"""The bidding's state machine: :func:`start` gives the first snapshot, :func:`apply_call` the next one, and the
seat asked is ``state.next`` (None once everything is settled). :func:`check_call` never raises: it returns a
:class:`~.rules.CallVerdict` (legal, the rule, the reason); :func:`legal_calls` lists every call of the seat
asked with its verdict. The order of speaking is in the package's documentation (:mod:`explorer.engine.rules.bidding`).

>>> s = apply_calls(start(Seat.S, Card.parse("9H")), ["E: pass", "N: hokum", "W: pass", "S: pass"])
>>> s.next.value, [v.call.name for v in legal_calls(s) if v.legal]     # E, earlier than N, has its chance
('E', ['pass', 'sun'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from explorer.engine.core.cards import SUITS, Card, Seat, Team
from explorer.engine.core.contract import Escalation, Level
from explorer.engine.core.errors import IllegalCallError
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile
from explorer.engine.core.tables import Mode
from explorer.engine.rules.bidding.calls import RAISE_LEVEL, Call, CallKind
from explorer.engine.rules.bidding.escalation import allowed_levels
from explorer.engine.rules.bidding.reasons import Asked, reason
from explorer.engine.rules.bidding.rules import BidRule, CallVerdict
from explorer.engine.rules.bidding.state import Bid, BiddingState, CallRecord, Phase, Stage
from explorer.engine.rules.bidding.verdicts import call_rule


def check_call(state: BiddingState, call: Call | str, *, stage: Stage | None = None) -> CallVerdict:
    """The verdict on a call (by ``call.seat``, or else by the seat asked); never raises for a rules question.

    ``stage`` says which list a recorded call comes from ("bidding" or "escalation"):
    a bidding call after the bidding, or an escalation call before its end, is refused.

    >>> s = apply_calls(start(Seat.S, Card.parse("9H")), ["pass", "pass"])
    >>> check_call(s, Call.parse("W: ashkal")).legal, check_call(s, Call.parse("S: ashkal")).rule.name
    (True, 'OUT_OF_TURN')
    """
    call = Call.parse(call)
    seat = call.seat or state.next
    call = call.by(seat)
    rule = _rule_now(state, seat, call, stage)
    return CallVerdict(call, rule.allows, rule, reason(rule, Asked(state, seat, call, stage)))


def _rule_now(state: BiddingState, seat: Seat | None, call: Call, stage: Stage | None) -> BidRule:
    """The rule deciding ``call`` by ``seat`` now: the list it comes from, the turn, then the call itself."""
    if stage == "bidding" and not state.phase.is_bidding:
        return BidRule.REDEAL if state.redeal else BidRule.BIDDING_OVER
    if stage == "escalation" and state.phase.is_bidding:
        return BidRule.ESCALATION_AFTER_BIDDING
    if seat is None:                       # finished, and the call names no seat
        if state.redeal:
            return BidRule.REDEAL
        return BidRule.BIDDING_OVER if call.kind.is_bid else BidRule.ESCALATION_OVER
    rule = call_rule(state, seat, call)
    if rule.allows and seat is not state.next:
        return BidRule.ESCALATION_OVER if state.next is None else BidRule.OUT_OF_TURN
    return rule


def _candidates(state: BiddingState, seat: Seat) -> list[Call]:
    if state.phase.is_bidding:
        if state.round == 1:
            hokum = [Call(CallKind.HOKUM, state.upcard.suit, seat=seat)]
        else:
            hokum = [Call(CallKind.HOKUM, x, seat=seat) for x in SUITS]
        return [Call(CallKind.PASS, seat=seat), *hokum, Call(CallKind.SUN, seat=seat),
                Call(CallKind.ASHKAL, seat=seat)]
    return [Call(CallKind.PASS, seat=seat), Call(CallKind.DOUBLE, seat=seat),
            Call(CallKind.DOUBLE, locked=True, seat=seat), Call(CallKind.TRIPLE, seat=seat),
            Call(CallKind.QUADRUPLE, seat=seat), Call(CallKind.QUADRUPLE, locked=True, seat=seat),
            Call(CallKind.GAHWA, seat=seat)]


def legal_calls(state: BiddingState) -> list[CallVerdict]:
    """Every call of the seat asked, each with its verdict (an empty list once finished).

    >>> s = start(Seat.S, Card.parse("9H"))
    >>> [(v.call.name, v.legal) for v in legal_calls(s)]
    [('pass', True), ('hokum', True), ('sun', True), ('ashkal', False)]
    """
    if state.next is None:
        return []
    return [check_call(state, c) for c in _candidates(state, state.next)]


# --- moving on -------------------------------------------------------------------------------------


def start(dealer: Seat | str, upcard: Card | str, *, match: Mapping[Team | str, int] | None = None,
          profile: RuleProfile = DEFAULT_PROFILE) -> BiddingState:
    """The first snapshot: nobody has spoken; the dealer's right is asked.

    >>> start("S", "9H").next
    <Seat.E: 'E'>
    """
    seat = dealer if isinstance(dealer, Seat) else Seat.parse(dealer)
    card = Card.parse(upcard)
    totals = {Team.parse(k) if not isinstance(k, Team) else k: int(v) for k, v in (match or {}).items()}
    s = BiddingState(seat, card, (totals.get(Team.NS, 0), totals.get(Team.EW, 0)), profile)
    return _advance(s)


def _has_call(s: BiddingState, seat: Seat) -> bool:
    return any(call_rule(s, seat, c).allows for c in _candidates(s, seat) if c.kind is not CallKind.PASS)


def _advance(s: BiddingState) -> BiddingState:
    """Settle the phase and find the seat to ask."""
    if s.phase in (Phase.ROUND_ONE, Phase.ROUND_TWO):
        for i in range(s.pos, 4):
            if _has_call(s, s.order[i]):
                return replace(s, next=s.order[i])
        if s.standing is None:
            if s.round == 1:
                return _advance(replace(s, phase=Phase.ROUND_TWO, round=2, pos=0, declined=frozenset()))
            return replace(s, phase=Phase.REDEAL, pos=4, next=None)
        s = replace(s, phase=Phase.CHANCES, pos=4)
    if s.phase is Phase.CHANCES:
        st = s.standing
        assert st is not None
        for seat in s.order:
            if seat is st.seat:
                break
            if seat not in s.declined and _has_call(s, seat):
                return replace(s, next=seat)
        heard = any(r.call.seat is not st.seat for r in s.history[st.index + 1:])
        if (st.kind is CallKind.HOKUM and s.profile.hokum_bidder_may_upgrade
                and st.seat not in s.declined and heard):
            return replace(s, next=st.seat)
        s = replace(s, phase=Phase.ESCALATION)
    if s.phase is Phase.ESCALATION:
        seat = _raiser(s)
        return replace(s, next=seat, phase=Phase.ESCALATION if seat else Phase.FINISHED)
    return replace(s, next=None)


def _raiser(s: BiddingState) -> Seat | None:
    """The seat asked in the escalation, or None when it is over."""
    c = s.contract
    assert c is not None
    b, esc, passed = c.buyer, s.escalation, s.escalation_passed
    if esc.level is Level.NONE:
        if c.mode is Mode.SUN and not s.sun_double_allowed:
            return None
        return next((o for o in s.order if o.team is not b.team and o not in passed), None)
    if esc.level is allowed_levels(c.mode)[-1]:          # a Sun Double, a Gahwa: nothing above
        return None
    seat = esc.doubler if esc.level is Level.TRIPLE else b
    return None if seat in passed else seat


def apply_call(state: BiddingState, call: Call | str, *, stage: Stage | None = None) -> BiddingState:
    """The next snapshot after a legal call; raises :class:`IllegalCallError` for an illegal one.

    >>> s = apply_call(start(Seat.S, Card.parse("9H")), "E: sun")   # a Sun by the dealer's right ends it
    >>> str(s.contract), s.finished
    ('Sun bought by E', True)
    >>> apply_call(s, "N: sun")
    Traceback (most recent call last):
    ...
    explorer.engine.core.errors.IllegalCallError: N may not call Sun: The bidding is over: Sun bought by E.
    """
    v = check_call(state, call, stage=stage)
    if not v.legal:
        raise IllegalCallError(v)
    c, seat = v.call, v.call.seat
    assert seat is not None
    if c.kind is CallKind.HOKUM and c.suit is None:
        c = replace(c, suit=state.standing.suit if state.standing else state.upcard.suit)
    rec = CallRecord(c, v.rule, v.reason, state.phase)
    s = replace(state, history=state.history + (rec,))
    if state.phase.is_bidding:
        if c.kind is CallKind.PASS:
            if state.phase is not Phase.ROUND_ONE:
                s = replace(s, declined=s.declined | {seat})
        else:
            s = replace(s, standing=Bid(c.kind, seat, c.suit, state.round, len(state.history)))
        if state.phase is not Phase.CHANCES:
            s = replace(s, pos=state.order.index(seat) + 1)
        if state.round == 2 and c.kind is CallKind.SUN:
            s = replace(s, phase=Phase.ESCALATION)
        return _advance(s)
    esc = state.escalation
    if c.kind is CallKind.PASS:
        s = replace(s, escalation_passed=s.escalation_passed | {seat})
    elif c.kind is CallKind.DOUBLE:
        s = replace(s, escalation=Escalation(Level.DOUBLE, seat, c.locked))
    elif c.kind is CallKind.QUADRUPLE:
        s = replace(s, escalation=Escalation(Level.QUADRUPLE, esc.doubler, c.locked))
    else:
        s = replace(s, escalation=Escalation(RAISE_LEVEL[c.kind], esc.doubler, False))
    return _advance(s)


def apply_calls(state: BiddingState, calls: Iterable[Call | str]) -> BiddingState:
    """Apply several calls in order (each must be legal).

    >>> s = apply_calls(start(Seat.S, Card.parse("9H")), ["pass"] * 8)
    >>> s.redeal, s.finished
    (True, True)
    """
    for c in calls:
        state = apply_call(state, c)
    return state


def replay(state: BiddingState, calls: Iterable[Call | str], *, stage: Stage | None = None
           ) -> tuple[BiddingState, int | None, CallVerdict | None]:
    """Apply calls until one is illegal: the last snapshot, the index of the illegal call and its verdict.

    >>> s, i, v = replay(start(Seat.S, Card.parse("9H")), ["E: pass", "N: pass", "W: pass", "E: ashkal"])
    >>> i, v.rule.name
    (3, 'ASHKAL_SEAT')
    """
    for i, c in enumerate(calls):
        v = check_call(state, c, stage=stage)
        if not v.legal:
            return state, i, v
        state = apply_call(state, c, stage=stage)
    return state, None, None
