"""The bidding and the escalation: a state machine of frozen, hashable snapshots (000 §03, 003).

:func:`start` gives the first snapshot, :func:`apply_call` the next one. The seat
asked is ``state.next`` (None once everything is settled). :func:`check_call`
never raises: it returns a :class:`CallVerdict` with ``legal``, the
:class:`BidRule` that decides it and a sentence a beginner understands;
:func:`legal_calls` lists every call of the seat asked with its verdict.

The modules: :mod:`.calls` (the calls and their notation), :mod:`.rules` (the rules table: each rule's id,
sentence and source, and the verdict), :mod:`.escalation` (the levels and locks a contract allows, the Sun
Double's threshold), :mod:`.state` (the snapshot), :mod:`.verdicts` (which rule decides a call),
:mod:`.reasons` (each rule's sentence) and :mod:`.machine` (the state machine). Everything is imported here.

Order of speaking (rules-decisions.md "Bidding", our reading of 000 §03):

* Round 1, first circuit: every seat speaks once in priority order (the dealer's
  right first, the dealer last): pass, Hokum in the upcard's suit, Sun, or
  Ashkal (third seat or dealer, every seat before it having passed).
* Then the chances: each seat earlier than the standing bidder that has not
  declined is asked, earliest first, and may call Sun (or, with the option
  ``earlier_seat_takes_hokum``, take over the same Hokum). A seat that passes
  here has declined and is not asked again; a new bid restarts the chances
  for the seats earlier than it that have not declined.
* A seat is asked only when it has a call other than pass: seats later than a
  standing Sun are never asked, so a Sun by the dealer's right ends the bidding.
* Option ``hokum_bidder_may_upgrade`` (our reading of 003's "contract
  upgrade"): once nobody else is left to ask, the holder of a standing Hokum
  is asked once whether it changes it to Sun (pass keeps the Hokum), provided
  another seat has spoken since its Hokum (otherwise it has just had Sun on
  offer). In round 2 too.
* Option ``earlier_seat_takes_hokum`` (003's pulls): in the chances, an
  earlier seat may call the same Hokum and take it; the chances then go on
  only for the seats earlier than the new bidder (as after a new Sun), so the
  seats between the two bidders are not asked again. No takeover in round 2,
  where every seat before the Hokum bidder has passed, and a round-2 pass is final.
* Round 2 (all four passed): one circuit; Hokum in one of the three other
  suits, or Sun. After a Hokum the later seats may only say Sun or pass; a Sun
  ends the bidding; a round-2 pass is final (no chances in round 2, so a
  round-2 passer never calls Sun later). No Ashkal. All four pass: redeal.

Escalation (our reading of the turn order; the steps are 000 §03): after the
bidding the declarer's two opponents are asked in priority order whether to
Double (open or locked); after a Double the declarer (the buyer; in Ashkal the
caller's partner) may Triple (open); then the same doubler may Quadruple (open
or locked); then the declarer may call Gahwa (open). Each step may be declined
by passing, and the escalation ends when the seat that could raise passes
(at the Double step: when both opponents passed). Sun: Double only, never
locked, and only under the profile's score threshold on the match totals before
the deal; outside it nobody is asked.

Not implemented: the Ace-upcard special cases that 003 names but does not give.

>>> s = start(Seat.S, Card.parse("9H"), match={"NS": 40, "EW": 120})
>>> s = apply_calls(s, ["E: pass", "N: hokum", "W: sun"])    # S, later than W's Sun, is not asked
>>> s.next, [v.call.name for v in legal_calls(s) if v.legal]
(<Seat.E: 'E'>, ['pass', 'sun'])
>>> s = apply_calls(s, ["E: pass", "N: pass"])
>>> str(s.contract), s.next.value, s.phase.value              # N may Double (NS 40 < 100 < 120)
('Sun bought by W', 'N', 'escalation')
>>> str(check_call(s, Call.parse("N: double locked")).reason)
'A Sun Double is never locked: N may Double only open.'
>>> s = apply_call(s, Call.parse("N: double"))
>>> s.finished, s.escalation.level.value
(True, 'double')
"""

from explorer.engine.core.cards import Card, Seat  # noqa: F401  (doctests)
from explorer.engine.core.contract import Level  # noqa: F401
from explorer.engine.core.errors import CallError, IllegalCallError  # noqa: F401
from explorer.engine.rules.bidding.calls import (  # noqa: F401
    BID_CALLS,
    CALL_ALIASES,
    ESCALATION_CALLS,
    RAISE_LEVEL,
    Call,
    CallKind,
    call_kind,
)
from explorer.engine.rules.bidding.escalation import (  # noqa: F401
    allowed_levels,
    lockable_levels,
    may_lock,
    step_before,
    sun_double_allowed,
    threshold_text,
)
from explorer.engine.rules.bidding.machine import (  # noqa: F401
    apply_call,
    apply_calls,
    check_call,
    legal_calls,
    replay,
    start,
)
from explorer.engine.rules.bidding.reasons import REASONS, Asked, explain, over_reason, reason  # noqa: F401
from explorer.engine.rules.bidding.rules import ALLOWING, RULE_DOCS, RULE_SOURCES, BidRule, CallVerdict  # noqa: F401
from explorer.engine.rules.bidding.state import Bid, BiddingState, CallRecord, Phase, Stage  # noqa: F401
from explorer.engine.rules.bidding.verdicts import bid_rule, call_rule, raise_rule  # noqa: F401
