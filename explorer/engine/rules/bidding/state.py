"""The bidding's snapshot: where it stands (:class:`Phase`), the standing bid, the calls made, and the
frozen, hashable :class:`BiddingState` the state machine (:mod:`.machine`) moves from one to the next.

>>> s = BiddingState(Seat.S, Card.parse("9H"), match=(40, 120))
>>> [x.value for x in s.order], s.match_totals[Team.EW], s.phase.is_bidding
(['E', 'N', 'W', 'S'], 120, True)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Literal

from explorer.engine.core.cards import Card, Seat, Suit, Team, priority_order
from explorer.engine.core.contract import Contract, Escalation
from explorer.engine.core.i18n import Msg
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile
from explorer.engine.core.tables import Mode
from explorer.engine.rules.bidding.calls import Call, CallKind
from explorer.engine.rules.bidding.escalation import sun_double_allowed
from explorer.engine.rules.bidding.rules import BidRule


class Phase(enum.Enum):
    """Where the bidding stands."""

    ROUND_ONE = "round_one"
    """The first circuit of round 1: every seat speaks once in priority order."""
    CHANCES = "chances"
    """After a circuit with a bid: the earlier seats' extra chances, then the Hokum bidder's upgrade."""
    ROUND_TWO = "round_two"
    """Round 2, one circuit: Hokum in another suit, or Sun."""
    ESCALATION = "escalation"
    """The contract is known: Double, Triple, Quadruple, Gahwa."""
    FINISHED = "finished"
    """Everything is settled."""
    REDEAL = "redeal"
    """Everyone passed twice: no contract, the next dealer deals."""

    @property
    def is_bidding(self) -> bool:
        """Whether calls of the bidding (not the escalation) are expected."""
        return self in (Phase.ROUND_ONE, Phase.CHANCES, Phase.ROUND_TWO)


Stage = Literal["bidding", "escalation"]
"""The list a recorded call comes from: the bidding's ``calls`` or the ``escalation`` after it."""


@dataclass(frozen=True, slots=True)
class Bid:
    """A standing bid: Hokum (with its trump), Sun or Ashkal, the seat that called it and the round."""

    kind: CallKind
    seat: Seat
    suit: Suit | None
    round: int
    index: int = 0

    @property
    def declarer(self) -> Seat:
        """The buyer: the caller, or in Ashkal the caller's partner."""
        return self.seat.partner if self.kind is CallKind.ASHKAL else self.seat

    @property
    def mode(self) -> Mode:
        """Hokum or Sun (Ashkal is a Sun)."""
        return Mode.HOKUM if self.kind is CallKind.HOKUM else Mode.SUN

    def message(self) -> Msg:
        """E.g. ``N's Hokum ♥``."""
        if self.suit is not None:
            return Msg("{seat}'s {call} {suit:sym}", seat=self.seat, call=self.kind, suit=self.suit)
        return Msg("{seat}'s {call}", seat=self.seat, call=self.kind)

    @property
    def label(self) -> str:
        """E.g. ``N's Hokum ♥`` in English (:meth:`message` to translate)."""
        return str(self.message())


@dataclass(frozen=True, slots=True)
class CallRecord:
    """A call made, with the rule that allowed it and the phase it was made in."""

    call: Call
    rule: BidRule
    reason: Msg
    phase: Phase


@dataclass(frozen=True)
class BiddingState:
    """A frozen, hashable snapshot of the bidding and escalation; ``next`` is the seat asked (or None)."""

    dealer: Seat
    upcard: Card
    match: tuple[int, int] = (0, 0)
    profile: RuleProfile = field(default=DEFAULT_PROFILE)
    history: tuple[CallRecord, ...] = ()
    phase: Phase = Phase.ROUND_ONE
    round: int = 1
    pos: int = 0
    standing: Bid | None = None
    declined: frozenset[Seat] = frozenset()
    escalation: Escalation = field(default=Escalation())
    escalation_passed: frozenset[Seat] = frozenset()
    next: Seat | None = None

    @property
    def calls(self) -> tuple[Call, ...]:
        """The calls made so far (bidding, then escalation), each with its seat."""
        return tuple(r.call for r in self.history)

    @property
    def order(self) -> tuple[Seat, Seat, Seat, Seat]:
        """Priority order: dealer's right, dealer's partner, dealer's left, dealer."""
        return priority_order(self.dealer)

    @property
    def match_totals(self) -> dict[Team, int]:
        """The match totals before the deal, by team."""
        return {Team.NS: self.match[0], Team.EW: self.match[1]}

    @property
    def finished(self) -> bool:
        """Nobody is left to ask (a contract with its escalation, or a redeal)."""
        return self.next is None

    @property
    def bidding_over(self) -> bool:
        """The bidding has ended: the contract is known (escalation may go on), or a redeal."""
        return not self.phase.is_bidding

    @property
    def redeal(self) -> bool:
        """Everyone passed twice: no score, the deal passes to the dealer's right."""
        return self.phase is Phase.REDEAL

    @property
    def declarer(self) -> Seat | None:
        """The buyer once the bidding is over (in Ashkal the caller's partner)."""
        if self.phase in (Phase.ESCALATION, Phase.FINISHED) and self.standing:
            return self.standing.declarer
        return None

    @property
    def contract(self) -> Contract | None:
        """The contract once the bidding is over: mode, trump and buyer (the declarer)."""
        b = self.standing
        if b is None or self.phase not in (Phase.ESCALATION, Phase.FINISHED):
            return None
        return Contract(b.mode, b.suit if b.mode is Mode.HOKUM else None, b.declarer)

    @property
    def taker(self) -> Seat | None:
        """The seat that receives the upcard: the declarer (in Ashkal the caller's partner)."""
        return self.declarer

    @property
    def caller(self) -> Seat | None:
        """The seat whose call bought the contract (in Ashkal, not the declarer)."""
        return self.standing.seat if self.contract else None

    @property
    def sun_double_allowed(self) -> bool:
        """Whether the match totals allow a Sun Double under this profile."""
        return sun_double_allowed(self.match_totals, self.profile)

    def earlier(self, a: Seat, b: Seat) -> bool:
        """Whether ``a`` comes before ``b`` in priority order."""
        return self.order.index(a) < self.order.index(b)
