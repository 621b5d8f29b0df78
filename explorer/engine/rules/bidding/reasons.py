"""What the bidding says: the sentence of each rule (:data:`REASONS`, keyed by :class:`~.rules.BidRule`), and
where the bidding stands (:func:`explain`).

The verdicts (:mod:`.verdicts`) decide which rule applies to a call; the sentence is made here from the
moment it is asked about (:class:`Asked`): a rule whose sentence depends on more than the rule (an open or a
locked Double, round 1 or 2) reads it from there.

>>> from explorer.engine.rules.bidding.machine import start
>>> s = start("S", "9H")
>>> str(reason(BidRule.HOKUM_UPCARD_SUIT, Asked(s, Seat.E, Call.parse("E: hokum"))))
"E calls Hokum: hearts (♥), the upcard's suit, are trumps."
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from explorer.engine.core.cards import SUITS, Seat, Suit
from explorer.engine.core.contract import Level
from explorer.engine.core.i18n import Msg
from explorer.engine.core.tables import Mode
from explorer.engine.rules.bidding.calls import RAISE_LEVEL, Call, CallKind
from explorer.engine.rules.bidding.escalation import step_before, threshold_text
from explorer.engine.rules.bidding.rules import BidRule
from explorer.engine.rules.bidding.state import BiddingState, Phase, Stage


@dataclass(frozen=True)
class Asked:
    """A call asked about: the snapshot, the seat saying it (None once nobody is asked), the call, and the list
    a recorded call comes from (``stage``: the bidding's calls or the escalation)."""

    state: BiddingState
    seat: Seat | None
    call: Call
    stage: Stage | None = None

    @property
    def bid(self) -> Msg | None:
        """The standing bid in words (``N's Hokum ♥``)."""
        st = self.state.standing
        return st.message() if st else None

    @property
    def bidder(self) -> Seat | None:
        """The seat of the standing bid."""
        return self.state.standing.seat if self.state.standing else None

    @property
    def buyer(self) -> Seat:
        """The declarer, once the bidding is over."""
        return self.state.contract.buyer

    @property
    def other_suits(self) -> list[Suit]:
        """The three suits a round-2 Hokum may name."""
        return [x for x in SUITS if x is not self.state.upcard.suit]


def reason(rule: BidRule, asked: Asked) -> Msg:
    """The sentence of ``rule`` for the call asked about."""
    return REASONS[rule](asked)


def over_reason(s: BiddingState) -> Msg:
    """Why the escalation is over."""
    if s.escalation.level is Level.GAHWA:
        return Msg("The escalation is over: Gahwa is the last step.")
    c = s.contract
    if c is not None and c.mode is Mode.SUN and s.escalation.level is Level.DOUBLE:
        return Msg("The escalation is over: a Sun may only be doubled.")
    if c is not None and c.mode is Mode.SUN and not s.sun_double_allowed:
        return Msg("Nobody may raise: Sun may be doubled only with {threshold}.", threshold=threshold_text(s.profile))
    passed = [x for x in s.order if x in s.escalation_passed]
    if passed:
        return Msg("The escalation is over: {seats} passed.", seats=passed)
    return Msg("The escalation is over.")


def _not_after_bidding(a: Asked) -> Msg:
    if a.stage != "escalation":
        return Msg("{call} comes only after the bidding has ended.", call=a.call.kind)
    if a.state.next is None:
        return Msg("The bidding is not over: nobody is still to call, so no {call} yet.", call=a.call.kind)
    return Msg("The bidding is not over: {seat} is still to call, so no {call} yet.", seat=a.state.next,
               call=a.call.kind)


def _escalation_step(a: Asked) -> Msg:
    kind, now = a.call.kind, a.state.escalation.level
    need = step_before(RAISE_LEVEL[kind])
    if now is Level.NONE:
        return Msg("{call} comes after {level}; nobody has doubled yet.", call=kind, level=need)
    return Msg("The contract stands at {now}; {call} comes only after {level}.", now=now, call=kind, level=need)


def _quadruple_by_doubler(a: Asked) -> Msg:
    doubler = a.state.escalation.doubler
    if doubler is not None:
        return Msg("Only {doubler}, who said Double, may Quadruple, not {seat}.", doubler=doubler, seat=a.seat)
    return Msg("Only the seat that says Double may Quadruple, not {seat}.", seat=a.seat)


def _double(a: Asked) -> Msg:
    if a.call.locked:
        return Msg("{seat}, an opponent of {buyer}, doubles locked.", seat=a.seat, buyer=a.buyer)
    return Msg("{seat}, an opponent of {buyer}, doubles open.", seat=a.seat, buyer=a.buyer)


_CALLS: dict[BidRule, Callable[[Asked], Msg]] = {
    # passes
    BidRule.PASS: lambda a: Msg("{seat} passes.", seat=a.seat),
    BidRule.PASS_DECLINES_CHANCE:
        lambda a: Msg("{seat} passes: it declines its chance and is not asked again.", seat=a.seat),
    BidRule.PASS_KEEPS_HOKUM: lambda a: Msg("{seat} passes and keeps its Hokum.", seat=a.seat),
    BidRule.PASS_ROUND_TWO: lambda a: Msg("{seat} passes; in round 2 that is final.", seat=a.seat),
    # Ashkal
    BidRule.ASHKAL: lambda a: Msg("{seat} calls Ashkal: a Sun for its partner {partner}, who takes the upcard "
                                  "and is the declarer.", seat=a.seat, partner=a.seat.partner),
    BidRule.ASHKAL_NOT_IN_ROUND_TWO: lambda a: Msg("There is no Ashkal in round 2."),
    BidRule.ASHKAL_SEAT: lambda a: Msg("Ashkal is for the third seat ({third}) or the dealer ({dealer}), not {seat}.",
                                       third=a.state.order[2], dealer=a.state.order[3], seat=a.seat),
    BidRule.ASHKAL_OWN_TURN:
        lambda a: Msg("{seat} could call Ashkal only at its own turn in the first circuit.", seat=a.seat),
    BidRule.ASHKAL_AFTER_PASSES: lambda a: Msg("Ashkal needs every seat before {seat} to have passed, but {bid} "
                                               "stands.", seat=a.seat, bid=a.bid),
    # who is not asked again
    BidRule.DECLINED: lambda a: (Msg("{seat} already kept its Hokum; it is not asked again.", seat=a.seat)
                                 if a.state.round == 2 else
                                 Msg("{seat} declined its extra chance and is not asked again.", seat=a.seat)),
    BidRule.PASSED_IN_ROUND_TWO: lambda a: Msg("{seat} passed in round 2 and may not call later.", seat=a.seat),
    # Hokum
    BidRule.HOKUM_UPCARD_SUIT: lambda a: Msg("{seat} calls Hokum: {suit} ({suit:sym}), the upcard's suit, are "
                                             "trumps.", seat=a.seat, suit=a.state.upcard.suit),
    BidRule.HOKUM_WRONG_SUIT: lambda a: Msg("In round 1 a Hokum is in the upcard's suit ({upcard:sym}), not "
                                            "{suit:sym}.", upcard=a.state.upcard.suit, suit=a.call.suit),
    BidRule.HOKUM_DOES_NOT_BEAT_SUN:
        lambda a: Msg("Sun beats Hokum: {seat} may not call Hokum over {bid}.", seat=a.seat, bid=a.bid),
    BidRule.ALREADY_HOLDS_BID: lambda a: (Msg("{seat} already holds the Hokum.", seat=a.seat)
                                          if a.call.kind is CallKind.HOKUM else
                                          Msg("{bid} already stands.", bid=a.bid)),
    BidRule.HOKUM_DOES_NOT_BEAT_HOKUM: lambda a: (
        Msg("{bid} stands; {seat}, a later seat, can beat it only with Sun.", bid=a.bid, seat=a.seat)
        if a.state.round == 1 else
        Msg("{bid} stands; in round 2 a later seat may override it only with Sun.", bid=a.bid)),
    BidRule.TAKEOVER_NOT_ALLOWED: lambda a: Msg("With this profile {seat} may not take over {bid}; its chance is "
                                                "to call Sun.", seat=a.seat, bid=a.bid),
    BidRule.HOKUM_TAKEOVER: lambda a: Msg("{seat}, an earlier seat, takes over {bid} (option "
                                          "earlier_seat_takes_hokum).", seat=a.seat, bid=a.bid),
    BidRule.HOKUM_NEEDS_SUIT:
        lambda a: Msg("A round-2 Hokum names its trump: one of {suits:value}.", suits=a.other_suits),
    BidRule.HOKUM_NOT_UPCARD_SUIT: lambda a: Msg("In round 2 Hokum must be in another suit than the upcard's "
                                                 "({upcard:sym}): {suits:value}.", upcard=a.state.upcard.suit,
                                                 suits=a.other_suits),
    BidRule.HOKUM_OTHER_SUIT: lambda a: Msg("{seat} calls Hokum in {suit} ({suit:sym}), a suit other than the "
                                            "upcard's.", seat=a.seat, suit=a.call.suit),
    # Sun
    BidRule.SUN_ROUND_TWO: lambda a: Msg("{seat} calls Sun; in round 2 a Sun ends the bidding.", seat=a.seat),
    BidRule.SUN_BEATS_HOKUM: lambda a: (
        Msg("{seat} calls Sun over {bid}: Sun beats Hokum, and a Sun ends round 2.", seat=a.seat, bid=a.bid)
        if a.state.round == 2 else
        Msg("{seat} calls Sun over {bid}: Sun beats Hokum.", seat=a.seat, bid=a.bid)),
    BidRule.SUN_DIRECT: lambda a: Msg("{seat} calls Sun: no trumps.", seat=a.seat),
    BidRule.SUN_CHANCE_AFTER_HOKUM: lambda a: Msg("{seat}, earlier than {bidder}, may still call Sun: Sun beats "
                                                  "{bid}.", seat=a.seat, bidder=a.bidder, bid=a.bid),
    BidRule.CHANCE_ONLY_EARLIER_SEATS: lambda a: Msg("{seat} answered {bid} with a pass; after the first circuit "
                                                     "only seats before {bidder} get another chance.", seat=a.seat,
                                                     bid=a.bid, bidder=a.bidder),
    BidRule.SUN_FROM_EARLIER_SEAT: lambda a: Msg("{seat}, earlier than {bidder}, takes the Sun: a Sun may be "
                                                 "replaced from an earlier seat.", seat=a.seat, bidder=a.bidder),
    BidRule.SUN_ONLY_FROM_EARLIER_SEAT: lambda a: Msg("{bid} stands; {seat} comes after {bidder}, and a Sun can be "
                                                      "replaced only by an earlier seat.", bid=a.bid, seat=a.seat,
                                                      bidder=a.bidder),
    BidRule.HOKUM_UPGRADE:
        lambda a: Msg("{seat} changes its own Hokum to Sun (option hokum_bidder_may_upgrade).", seat=a.seat),
    BidRule.UPGRADE_NOT_ALLOWED:
        lambda a: Msg("With this profile {seat} may not change its own Hokum to Sun.", seat=a.seat),
}

_RAISES: dict[BidRule, Callable[[Asked], Msg]] = {
    BidRule.ESCALATION_PASS: lambda a: (Msg("{seat} does not Double.", seat=a.seat)
                                        if a.state.escalation.level is Level.NONE else
                                        Msg("{seat} does not raise; the escalation ends.", seat=a.seat)),
    BidRule.SUN_ONLY_DOUBLE: lambda a: Msg("Sun may only be doubled: no {call} in Sun.", call=a.call.kind),
    BidRule.SUN_DOUBLE_THRESHOLD: lambda a: Msg("Sun may be doubled only with {threshold}; the match stands at NS "
                                                "{ns}, EW {ew}.", threshold=threshold_text(a.state.profile),
                                                ns=a.state.match[0], ew=a.state.match[1]),
    BidRule.SUN_NEVER_LOCKED:
        lambda a: Msg("A Sun Double is never locked: {seat} may Double only open.", seat=a.seat),
    BidRule.DOUBLE_BY_OPPONENT: lambda a: Msg("Only an opponent of the declarer {buyer} may Double; {seat} is on "
                                              "{buyer}'s team.", buyer=a.buyer, seat=a.seat),
    BidRule.TRIPLE_BY_DECLARER: lambda a: Msg("Only the declarer {buyer} may call {call}, not {seat}.",
                                              buyer=a.buyer, call=a.call.kind, seat=a.seat),
    BidRule.GAHWA_BY_DECLARER: lambda a: Msg("Only the declarer {buyer} may call {call}, not {seat}.",
                                             buyer=a.buyer, call=a.call.kind, seat=a.seat),
    BidRule.QUADRUPLE_BY_DOUBLER: _quadruple_by_doubler,
    BidRule.ESCALATION_STEP: _escalation_step,
    BidRule.OPEN_ONLY:
        lambda a: Msg("{call} is always open; only Double and Quadruple may be locked.", call=a.call.kind),
    BidRule.ESCALATION_DECLINED: lambda a: Msg("{seat} already passed its chance.", seat=a.seat),
    BidRule.SUN_DOUBLE: lambda a: Msg("{seat}, an opponent of {buyer}, doubles the Sun: the match is inside the "
                                      "threshold ({threshold}).", seat=a.seat, buyer=a.buyer,
                                      threshold=threshold_text(a.state.profile)),
    BidRule.DOUBLE: _double,
    BidRule.TRIPLE: lambda a: Msg("{seat}, the declarer, answers the Double with Triple (open).", seat=a.seat),
    BidRule.QUADRUPLE: lambda a: (Msg("{seat}, the doubler, answers the Triple with Quadruple locked.", seat=a.seat)
                                  if a.call.locked else
                                  Msg("{seat}, the doubler, answers the Triple with Quadruple open.", seat=a.seat)),
    BidRule.GAHWA: lambda a: Msg("{seat}, the declarer, calls Gahwa: the team that wins this deal wins the match.",
                                 seat=a.seat),
}

_TURNS: dict[BidRule, Callable[[Asked], Msg]] = {
    BidRule.OUT_OF_TURN: lambda a: Msg("{now} is asked now, not {seat}.", now=a.state.next, seat=a.seat),
    BidRule.BIDDING_OVER: lambda a: (
        Msg("The bidding is over ({contract}); no more bidding calls.", contract=a.state.contract.message())
        if a.stage == "bidding" else
        Msg("The bidding is over: {contract}.", contract=a.state.contract.message())),
    BidRule.ESCALATION_OVER: lambda a: over_reason(a.state),
    BidRule.REDEAL: lambda a: Msg("Everyone passed twice: the deal is cancelled and {seat} deals next.",
                                  seat=a.state.dealer.right),
    BidRule.ESCALATION_AFTER_BIDDING: _not_after_bidding,
}

REASONS: dict[BidRule, Callable[[Asked], Msg]] = {**_CALLS, **_RAISES, **_TURNS}
"""The sentence of each rule, made from the call asked about (every :class:`~.rules.BidRule` has one)."""


def explain(state: BiddingState) -> Msg:
    """Where the bidding stands, in one sentence.

    >>> from explorer.engine.core.cards import Card
    >>> from explorer.engine.rules.bidding.machine import start
    >>> print(explain(start(Seat.S, Card.parse("9H"))))
    Round 1: E (the dealer's right) is asked first.
    """
    if state.redeal:
        return Msg("Everyone passed twice: no score; {seat} deals next.", seat=state.dealer.right)
    if state.phase is Phase.FINISHED:
        esc, contract = state.escalation, state.contract.message()
        if esc.level is Level.NONE:
            return Msg("{contract}; {taker} takes the upcard.", contract=contract, taker=state.taker)
        if esc.locked:
            return Msg("{contract}, {level} locked; {taker} takes the upcard.", contract=contract, level=esc.level,
                       taker=state.taker)
        return Msg("{contract}, {level}; {taker} takes the upcard.", contract=contract, level=esc.level,
                   taker=state.taker)
    if state.phase is Phase.ESCALATION:
        return Msg("{contract}: {seat} may raise the stakes or pass.", contract=state.contract.message(),
                   seat=state.next)
    if not state.history:
        return Msg("Round 1: {seat} (the dealer's right) is asked first.", seat=state.next)
    if state.standing:
        return Msg("Round {round}: {bid} stands; {seat} is asked.", round=state.round, bid=state.standing.message(),
                   seat=state.next)
    return Msg("Round {round}: nobody has bid; {seat} is asked.", round=state.round, seat=state.next)
