"""The bidding and the escalation: a state machine of frozen, hashable snapshots (000 §03, 003).

:func:`start` gives the first snapshot, :func:`apply_call` the next one. The seat
asked is ``state.next`` (None once everything is settled). :func:`check_call`
never raises: it returns a :class:`CallVerdict` with ``legal``, the
:class:`BidRule` that decides it and a sentence a beginner understands;
:func:`legal_calls` lists every call of the seat asked with its verdict.

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

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from explorer.engine.core.cards import SUITS, Card, Seat, Suit, Team, priority_order
from explorer.engine.core.contract import Contract, Escalation, Level
from explorer.engine.core.enums import Titled
from explorer.engine.core.errors import CallError, CardError, IllegalCallError
from explorer.engine.core.i18n import ENGLISH, N_, NC_, Code, Msg, Style
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile
from explorer.engine.core.tables import Mode

# --- calls -----------------------------------------------------------------------------------------


class CallKind(Titled):
    """The words said at the table; the value is the scenario notation, the title a msgid (context ``CallKind``)."""

    PASS = "pass", NC_("CallKind", "Pass")
    HOKUM = "hokum", NC_("CallKind", "Hokum")
    SUN = "sun", NC_("CallKind", "Sun")
    ASHKAL = "ashkal", NC_("CallKind", "Ashkal")
    DOUBLE = "double", NC_("CallKind", "Double")
    TRIPLE = "triple", NC_("CallKind", "Triple")
    QUADRUPLE = "quadruple", NC_("CallKind", "Quadruple")
    GAHWA = "gahwa", NC_("CallKind", "Gahwa")

    @property
    def is_bid(self) -> bool:
        """Hokum, Sun and Ashkal: the calls that buy a contract."""
        return self in (CallKind.HOKUM, CallKind.SUN, CallKind.ASHKAL)

    @property
    def is_raise(self) -> bool:
        """Double, Triple, Quadruple and Gahwa: the escalation steps."""
        return self in _RAISE_LEVEL


BID_CALLS: tuple[CallKind, ...] = (CallKind.PASS, CallKind.HOKUM, CallKind.SUN, CallKind.ASHKAL)
"""The calls of the bidding."""

ESCALATION_CALLS: tuple[CallKind, ...] = (
    CallKind.PASS, CallKind.DOUBLE, CallKind.TRIPLE, CallKind.QUADRUPLE, CallKind.GAHWA)
"""The calls of the escalation after the bidding."""

_RAISE_LEVEL: dict[CallKind, Level] = {
    CallKind.DOUBLE: Level.DOUBLE, CallKind.TRIPLE: Level.TRIPLE,
    CallKind.QUADRUPLE: Level.QUADRUPLE, CallKind.GAHWA: Level.GAHWA,
}
_STEP_BEFORE: dict[Level, Level] = {
    Level.DOUBLE: Level.NONE, Level.TRIPLE: Level.DOUBLE,
    Level.QUADRUPLE: Level.TRIPLE, Level.GAHWA: Level.QUADRUPLE,
}
_LOCKABLE = (CallKind.DOUBLE, CallKind.QUADRUPLE, CallKind.TRIPLE, CallKind.GAHWA)

CALL_ALIASES: dict[str, str] = {
    "hukum": "hokum", "hakam": "hokum", "san": "sun", "bas": "pass", "wala": "pass",
    "three": "triple", "four": "quadruple", "qahwa": "gahwa",
}
"""Other spellings accepted for the calls."""

_CALL_RE = re.compile(r"^\s*(?:([SENWsenw])\s*[:\s]\s*)?([A-Za-z]+)(?:\s+(\S+))?\s*$")


def call_kind(text: str) -> CallKind:
    """Read a call's name (``pass``, ``hokum``, ``sun``, ``ashkal``, ``double``, ...; any case).

    >>> call_kind("Hukum")
    <CallKind.HOKUM: 'hokum'>
    """
    key = str(text).strip().lower()
    key = CALL_ALIASES.get(key, key)
    try:
        return CallKind(key)
    except ValueError:
        names = ", ".join(k.value for k in CallKind)
        raise CallError("{value} is not a call (use {names})", value=repr(text), names=Code(names)) from None


@dataclass(frozen=True, slots=True)
class Call:
    """One call: its kind, the suit of a Hokum, open or locked, and (optionally) the seat saying it."""

    kind: CallKind
    suit: Suit | None = None
    locked: bool = False
    seat: Seat | None = None

    def __post_init__(self) -> None:
        if self.suit is not None and self.kind is not CallKind.HOKUM:
            raise CallError("only a Hokum names a suit, not {call}", call=Code(self.kind.value))
        if self.locked and self.kind not in _LOCKABLE:
            raise CallError("only a Double or Quadruple is declared locked, not {call}", call=Code(self.kind.value))

    @classmethod
    def parse(cls, text: str | Call) -> Call:
        """Read ``pass``, ``hokum``, ``hokum D``, ``double locked``, with an optional seat: ``E: sun``.

        >>> Call.parse("N: hokum ♦")
        Call.parse('N: hokum D')
        """
        if isinstance(text, Call):
            return text
        m = _CALL_RE.match(str(text))
        if not m:
            raise CallError("{value} is not a call (write e.g. pass, hokum D, double locked, E: sun)", value=repr(text))
        seat = Seat.parse(m.group(1)) if m.group(1) else None
        kind = call_kind(m.group(2))
        extra = m.group(3)
        suit, locked = None, False
        if extra is not None:
            word = extra.lower()
            if kind in _LOCKABLE and word in ("locked", "open"):
                locked = word == "locked"
            elif kind is CallKind.HOKUM:
                try:
                    suit = Suit.parse(extra)
                except CardError as e:
                    raise CallError(e.msg) from None
            else:
                raise CallError("{value}: {call} takes no {extra}", value=repr(text), call=Code(kind.value),
                                extra=repr(extra))
        return cls(kind, suit, locked, seat)

    @property
    def name(self) -> str:
        """The call's name in scenario notation: ``pass``, ``hokum``, ..."""
        return self.kind.value

    def message(self) -> Msg:
        """The call in words: ``Hokum ♥``, ``Double (locked)``, ``Sun``."""
        if self.suit is not None:
            return Msg("{call} {suit:sym}", call=self.kind, suit=self.suit)
        if self.kind in (CallKind.DOUBLE, CallKind.QUADRUPLE):
            if self.locked:
                return Msg("{call} (locked)", call=self.kind)
            return Msg("{call} (open)", call=self.kind)
        return Msg("{call}", call=self.kind)

    @property
    def label(self) -> str:
        """The call in English words: ``Hokum ♥``, ``Double (locked)``, ``Sun`` (:meth:`message` to translate)."""
        return str(self.message())

    def by(self, seat: Seat | None) -> Call:
        """The same call said by ``seat``."""
        return replace(self, seat=seat)

    def __str__(self) -> str:
        text = self.kind.value
        if self.suit is not None:
            text += f" {self.suit.value}"
        if self.locked:
            text += " locked"
        return f"{self.seat.value}: {text}" if self.seat else text

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"


# --- rules -----------------------------------------------------------------------------------------


class BidRule(enum.Enum):
    """The rule that allows or refuses a call; ``doc`` is the rule in one sentence."""

    PASS = "pass"
    PASS_DECLINES_CHANCE = "pass_declines_chance"
    PASS_KEEPS_HOKUM = "pass_keeps_hokum"
    PASS_ROUND_TWO = "pass_round_two"
    HOKUM_UPCARD_SUIT = "hokum_upcard_suit"
    SUN_DIRECT = "sun_direct"
    SUN_BEATS_HOKUM = "sun_beats_hokum"
    SUN_CHANCE_AFTER_HOKUM = "sun_chance_after_hokum"
    SUN_FROM_EARLIER_SEAT = "sun_from_earlier_seat"
    ASHKAL = "ashkal"
    HOKUM_TAKEOVER = "hokum_takeover"
    HOKUM_UPGRADE = "hokum_upgrade"
    HOKUM_OTHER_SUIT = "hokum_other_suit"
    SUN_ROUND_TWO = "sun_round_two"
    DOUBLE = "double"
    SUN_DOUBLE = "sun_double"
    TRIPLE = "triple"
    QUADRUPLE = "quadruple"
    GAHWA = "gahwa"
    ESCALATION_PASS = "escalation_pass"

    OUT_OF_TURN = "out_of_turn"
    BIDDING_OVER = "bidding_over"
    ESCALATION_OVER = "escalation_over"
    REDEAL = "redeal"
    ESCALATION_AFTER_BIDDING = "escalation_after_bidding"
    DECLINED = "declined"
    PASSED_IN_ROUND_TWO = "passed_in_round_two"
    HOKUM_WRONG_SUIT = "hokum_wrong_suit"
    HOKUM_NEEDS_SUIT = "hokum_needs_suit"
    HOKUM_NOT_UPCARD_SUIT = "hokum_not_upcard_suit"
    HOKUM_DOES_NOT_BEAT_HOKUM = "hokum_does_not_beat_hokum"
    HOKUM_DOES_NOT_BEAT_SUN = "hokum_does_not_beat_sun"
    TAKEOVER_NOT_ALLOWED = "takeover_not_allowed"
    ALREADY_HOLDS_BID = "already_holds_bid"
    UPGRADE_NOT_ALLOWED = "upgrade_not_allowed"
    SUN_ONLY_FROM_EARLIER_SEAT = "sun_only_from_earlier_seat"
    CHANCE_ONLY_EARLIER_SEATS = "chance_only_earlier_seats"
    ASHKAL_SEAT = "ashkal_seat"
    ASHKAL_AFTER_PASSES = "ashkal_after_passes"
    ASHKAL_OWN_TURN = "ashkal_own_turn"
    ASHKAL_NOT_IN_ROUND_TWO = "ashkal_not_in_round_two"
    DOUBLE_BY_OPPONENT = "double_by_opponent"
    TRIPLE_BY_DECLARER = "triple_by_declarer"
    QUADRUPLE_BY_DOUBLER = "quadruple_by_doubler"
    GAHWA_BY_DECLARER = "gahwa_by_declarer"
    ESCALATION_STEP = "escalation_step"
    ESCALATION_DECLINED = "escalation_declined"
    SUN_ONLY_DOUBLE = "sun_only_double"
    SUN_NEVER_LOCKED = "sun_never_locked"
    SUN_DOUBLE_THRESHOLD = "sun_double_threshold"
    OPEN_ONLY = "open_only"

    @property
    def doc(self) -> str:
        """The rule in one sentence."""
        return RULE_DOCS[self]

    @property
    def source(self) -> str:
        """Where the rule comes from: a seed section, a profile option, or our reading."""
        return RULE_SOURCES.get(self, "000 §03")


RULE_DOCS: dict[BidRule, str] = {
    BidRule.PASS: N_("A seat that is asked may always pass."),
    BidRule.PASS_DECLINES_CHANCE:
        N_("After the first circuit, a seat that passes its extra chance has declined and is not asked again."),
    BidRule.PASS_KEEPS_HOKUM: N_("The Hokum bidder may pass its chance to upgrade and keep its Hokum."),
    BidRule.PASS_ROUND_TWO: N_("A pass in round 2 is final: that seat may not call Sun later."),
    BidRule.HOKUM_UPCARD_SUIT: N_("Round 1: Hokum makes the upcard's suit trumps."),
    BidRule.SUN_DIRECT: N_("Sun (no trumps) may be called directly; earlier seats need not pass first."),
    BidRule.SUN_BEATS_HOKUM: N_("Sun beats Hokum: a seat may call Sun over a standing Hokum."),
    BidRule.SUN_CHANCE_AFTER_HOKUM:
        N_("After a Hokum, the seats before the bidder may still call Sun, earliest seat first."),
    BidRule.SUN_FROM_EARLIER_SEAT:
        N_("A Sun may be replaced by a Sun from an earlier seat, never from a later one."),
    BidRule.ASHKAL:
        N_("Ashkal: the third seat or the dealer, when every seat before it passed, calls Sun for its "
        "partner, who takes the upcard and is the declarer."),
    BidRule.HOKUM_TAKEOVER:
        N_("An earlier seat may take over the same Hokum from a later bidder (option earlier_seat_takes_hokum)."),
    BidRule.HOKUM_UPGRADE:
        N_("The Hokum bidder may change its own unlocked Hokum to Sun (option hokum_bidder_may_upgrade)."),
    BidRule.HOKUM_OTHER_SUIT: N_("Round 2: Hokum in one of the three suits other than the upcard's."),
    BidRule.SUN_ROUND_TWO: N_("Round 2: Sun may be called, and a Sun ends the bidding."),
    BidRule.DOUBLE: N_("Hokum: an opponent of the declarer may Double, open or locked."),
    BidRule.SUN_DOUBLE:
        N_("Sun: an opponent of the declarer may Double (open) when the match score is inside the threshold."),
    BidRule.TRIPLE: N_("After a Double the declarer may Triple (Triple is open)."),
    BidRule.QUADRUPLE: N_("After a Triple the same doubler may Quadruple, open or locked."),
    BidRule.GAHWA: N_("After a Quadruple the declarer may call Gahwa: the team that wins the deal wins the match."),
    BidRule.ESCALATION_PASS:
        N_("A seat that could raise may pass; when it passes, the escalation ends (at the Double step, "
        "when both opponents passed)."),
    BidRule.OUT_OF_TURN: N_("Only the seat the engine asks may call now."),
    BidRule.BIDDING_OVER: N_("The bidding is over: no more bidding calls."),
    BidRule.ESCALATION_OVER:
        N_("The escalation is over: the seat that could raise passed, Gahwa was reached, or nobody may raise."),
    BidRule.REDEAL: N_("Everyone passed twice: the deal is cancelled without score and passes to the next dealer."),
    BidRule.ESCALATION_AFTER_BIDDING: N_("Double and the other raises come only after the bidding has ended."),
    BidRule.DECLINED: N_("A seat that declined its extra chance is not asked again."),
    BidRule.PASSED_IN_ROUND_TWO: N_("A seat that passed in round 2 may not call later."),
    BidRule.HOKUM_WRONG_SUIT: N_("Round 1: a Hokum is always in the upcard's suit."),
    BidRule.HOKUM_NEEDS_SUIT: N_("Round 2: a Hokum must name its trump suit."),
    BidRule.HOKUM_NOT_UPCARD_SUIT: N_("Round 2: Hokum must be in one of the three suits other than the upcard's."),
    BidRule.HOKUM_DOES_NOT_BEAT_HOKUM: N_("A Hokum does not replace a standing Hokum; only Sun beats it."),
    BidRule.HOKUM_DOES_NOT_BEAT_SUN: N_("Sun beats Hokum: nobody may call Hokum over a standing Sun."),
    BidRule.TAKEOVER_NOT_ALLOWED:
        N_("With this profile an earlier seat may not take over the same Hokum (option earlier_seat_takes_hokum "
        "off): its chance is to call Sun."),
    BidRule.ALREADY_HOLDS_BID: N_("A seat cannot outbid its own standing bid with the same call."),
    BidRule.UPGRADE_NOT_ALLOWED:
        N_("With this profile the Hokum bidder may not change its own Hokum to Sun (option "
        "hokum_bidder_may_upgrade off)."),
    BidRule.SUN_ONLY_FROM_EARLIER_SEAT: N_("A Sun can be replaced only by a Sun from an earlier seat."),
    BidRule.CHANCE_ONLY_EARLIER_SEATS:
        N_("After the first circuit only the seats before the standing bidder get another chance; a seat "
        "that answered the bid with a pass is done."),
    BidRule.ASHKAL_SEAT: N_("Ashkal is for the third seat (the dealer's left) or the dealer only."),
    BidRule.ASHKAL_AFTER_PASSES: N_("Ashkal is allowed only when every seat before it passed."),
    BidRule.ASHKAL_OWN_TURN: N_("Ashkal is called at the seat's own turn in the first circuit, or not at all."),
    BidRule.ASHKAL_NOT_IN_ROUND_TWO: N_("There is no Ashkal in round 2."),
    BidRule.DOUBLE_BY_OPPONENT: N_("Only an opponent of the declarer may Double."),
    BidRule.TRIPLE_BY_DECLARER: N_("Only the declarer may Triple."),
    BidRule.QUADRUPLE_BY_DOUBLER: N_("Only the seat that said Double may Quadruple."),
    BidRule.GAHWA_BY_DECLARER: N_("Only the declarer may call Gahwa."),
    BidRule.ESCALATION_STEP: N_("The escalation goes one step at a time: Double, Triple, Quadruple, Gahwa."),
    BidRule.ESCALATION_DECLINED: N_("A seat that passed its chance to Double is not asked again."),
    BidRule.SUN_ONLY_DOUBLE: N_("Sun may only be doubled: no Triple, Quadruple or Gahwa in Sun."),
    BidRule.SUN_NEVER_LOCKED: N_("A Sun Double is never locked."),
    BidRule.SUN_DOUBLE_THRESHOLD:
        N_("Sun may be doubled only when one team is above 100 and the other below 100 (detailed) or "
        "at 100 or below (tournament) (option sun_double_threshold)."),
    BidRule.OPEN_ONLY: N_("Triple and Gahwa are always open: only Double and Quadruple may be locked."),
}
RULE_SOURCES: dict[BidRule, str] = {
    BidRule.PASS_DECLINES_CHANCE: "our reading of 000 §03",
    BidRule.PASS_KEEPS_HOKUM: "our reading of 003 (option hokum_bidder_may_upgrade)",
    BidRule.SUN_DIRECT: "000 §03; 003",
    BidRule.HOKUM_TAKEOVER: "003 pulls (option earlier_seat_takes_hokum)",
    BidRule.TAKEOVER_NOT_ALLOWED: "000 §03 gives no such right (option earlier_seat_takes_hokum off)",
    BidRule.HOKUM_UPGRADE: "our reading of 003 'contract upgrade' (option hokum_bidder_may_upgrade)",
    BidRule.UPGRADE_NOT_ALLOWED: "000 §03 gives no such right (option hokum_bidder_may_upgrade off)",
    BidRule.OUT_OF_TURN: "our reading of 000 §03 (order of speaking)",
    BidRule.CHANCE_ONLY_EARLIER_SEATS: "our reading of 000 §03 (order of speaking)",
    BidRule.DECLINED: "our reading of 000 §03 (order of speaking)",
    BidRule.ASHKAL_OWN_TURN: "our reading of 000 §03",
    BidRule.ESCALATION_PASS: "our reading of 000 §03 (escalation turn order)",
    BidRule.ESCALATION_DECLINED: "our reading of 000 §03 (escalation turn order)",
    BidRule.SUN_DOUBLE_THRESHOLD: "below_100: 000 §03; at_or_below_100: 003",
    BidRule.SUN_DOUBLE: "000 §03; 003 (option sun_double_threshold)",
    BidRule.ESCALATION_AFTER_BIDDING: "000 §03 ('after completion and before opening lead')",
}


@dataclass(frozen=True, slots=True)
class CallVerdict:
    """Whether a call is allowed now, the rule that decides it, and the reason (a :class:`Msg`)."""

    call: Call
    legal: bool
    rule: BidRule
    reason: Msg

    def to_dict(self, style: Style = ENGLISH) -> dict[str, object]:
        """JSON-ready: call, suit, locked, legal, rule (id) and the reason rendered in ``style``."""
        return {"call": self.call.name, "suit": self.call.suit.value if self.call.suit else None,
                "locked": self.call.locked if self.call.kind in (CallKind.DOUBLE, CallKind.QUADRUPLE) else None,
                "legal": self.legal, "rule": self.rule.value, "reason": self.reason.render(style)}


# --- state -----------------------------------------------------------------------------------------


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


# --- score threshold -------------------------------------------------------------------------------


def sun_double_allowed(match: Mapping[Team, int] | None, profile: RuleProfile = DEFAULT_PROFILE) -> bool:
    """Whether Sun may be doubled: one team above 100, the other below (or at) 100 per the profile.

    >>> from explorer.engine.core.profiles import TOURNAMENT
    >>> m = {Team.NS: 101, Team.EW: 100}
    >>> sun_double_allowed(m), sun_double_allowed(m, TOURNAMENT)
    (False, True)
    """
    m = match or {}
    ns, ew = int(m.get(Team.NS, 0)), int(m.get(Team.EW, 0))
    hi, lo = max(ns, ew), min(ns, ew)
    if profile.sun_double_threshold == "at_or_below_100":
        return hi > 100 and lo <= 100
    return hi > 100 and lo < 100


def threshold_text(profile: RuleProfile) -> Msg:
    """The profile's Sun Double threshold in words."""
    if profile.sun_double_threshold == "at_or_below_100":
        return Msg("one team above 100 and the other at 100 or below")
    return Msg("one team above 100 and the other below 100")


# --- verdicts --------------------------------------------------------------------------------------


def _ok(call: Call, rule: BidRule, reason: Msg) -> CallVerdict:
    return CallVerdict(call, True, rule, reason)


def _no(call: Call, rule: BidRule, reason: Msg) -> CallVerdict:
    return CallVerdict(call, False, rule, reason)


def _bid_verdict(s: BiddingState, seat: Seat, call: Call) -> CallVerdict:
    """The verdict on a bidding call by ``seat``, as if it were asked now (turn not checked)."""
    st, kind, rnd = s.standing, call.kind, s.round
    bid = st.message() if st else None
    spoke = s.phase is Phase.ROUND_ONE and s.order.index(seat) < s.pos
    if kind is CallKind.PASS:
        if s.phase is Phase.ROUND_TWO:
            return _ok(call, BidRule.PASS_ROUND_TWO, Msg("{seat} passes; in round 2 that is final.", seat=seat))
        if s.phase is Phase.CHANCES:
            if st and st.seat is seat:
                return _ok(call, BidRule.PASS_KEEPS_HOKUM, Msg("{seat} passes and keeps its Hokum.", seat=seat))
            return _ok(call, BidRule.PASS_DECLINES_CHANCE,
                       Msg("{seat} passes: it declines its chance and is not asked again.", seat=seat))
        return _ok(call, BidRule.PASS, Msg("{seat} passes.", seat=seat))

    if kind is CallKind.ASHKAL:
        if rnd == 2:
            return _no(call, BidRule.ASHKAL_NOT_IN_ROUND_TWO, Msg("There is no Ashkal in round 2."))
        if seat not in s.order[2:]:
            return _no(call, BidRule.ASHKAL_SEAT,
                       Msg("Ashkal is for the third seat ({third}) or the dealer ({dealer}), not {seat}.",
                           third=s.order[2], dealer=s.order[3], seat=seat))
        if s.phase is Phase.CHANCES or spoke:
            return _no(call, BidRule.ASHKAL_OWN_TURN,
                       Msg("{seat} could call Ashkal only at its own turn in the first circuit.", seat=seat))
        if st is not None:
            return _no(call, BidRule.ASHKAL_AFTER_PASSES,
                       Msg("Ashkal needs every seat before {seat} to have passed, but {bid} stands.",
                           seat=seat, bid=bid))
        return _ok(call, BidRule.ASHKAL,
                   Msg("{seat} calls Ashkal: a Sun for its partner {partner}, who takes the upcard "
                       "and is the declarer.", seat=seat, partner=seat.partner))

    if rnd == 2 and seat in s.declined:
        if st and st.seat is seat:
            return _no(call, BidRule.DECLINED,
                       Msg("{seat} already kept its Hokum; it is not asked again.", seat=seat))
        return _no(call, BidRule.PASSED_IN_ROUND_TWO,
                   Msg("{seat} passed in round 2 and may not call later.", seat=seat))
    if s.phase is Phase.CHANCES and seat in s.declined:
        return _no(call, BidRule.DECLINED,
                   Msg("{seat} declined its extra chance and is not asked again.", seat=seat))

    if kind is CallKind.HOKUM:
        if rnd == 1:
            up = s.upcard.suit
            if call.suit is not None and call.suit is not up:
                return _no(call, BidRule.HOKUM_WRONG_SUIT,
                           Msg("In round 1 a Hokum is in the upcard's suit ({upcard:sym}), not {suit:sym}.",
                               upcard=up, suit=call.suit))
            if st is None:
                return _ok(call, BidRule.HOKUM_UPCARD_SUIT,
                           Msg("{seat} calls Hokum: {suit} ({suit:sym}), the upcard's suit, are trumps.",
                               seat=seat, suit=up))
            if st.kind is not CallKind.HOKUM:
                return _no(call, BidRule.HOKUM_DOES_NOT_BEAT_SUN,
                           Msg("Sun beats Hokum: {seat} may not call Hokum over {bid}.", seat=seat, bid=bid))
            if st.seat is seat:
                return _no(call, BidRule.ALREADY_HOLDS_BID, Msg("{seat} already holds the Hokum.", seat=seat))
            if not s.earlier(seat, st.seat):
                return _no(call, BidRule.HOKUM_DOES_NOT_BEAT_HOKUM,
                           Msg("{bid} stands; {seat}, a later seat, can beat it only with Sun.", bid=bid, seat=seat))
            if not s.profile.earlier_seat_takes_hokum:
                return _no(call, BidRule.TAKEOVER_NOT_ALLOWED,
                           Msg("With this profile {seat} may not take over {bid}; its chance is to call Sun.",
                               seat=seat, bid=bid))
            return _ok(call, BidRule.HOKUM_TAKEOVER,
                       Msg("{seat}, an earlier seat, takes over {bid} (option earlier_seat_takes_hokum).",
                           seat=seat, bid=bid))
        if call.suit is None:
            return _no(call, BidRule.HOKUM_NEEDS_SUIT,
                       Msg("A round-2 Hokum names its trump: one of {suits:value}.", suits=_other_suits(s)))
        if call.suit is s.upcard.suit:
            return _no(call, BidRule.HOKUM_NOT_UPCARD_SUIT,
                       Msg("In round 2 Hokum must be in another suit than the upcard's ({upcard:sym}): "
                           "{suits:value}.", upcard=s.upcard.suit, suits=_other_suits(s)))
        if st is None:
            return _ok(call, BidRule.HOKUM_OTHER_SUIT,
                       Msg("{seat} calls Hokum in {suit} ({suit:sym}), a suit other than the upcard's.",
                           seat=seat, suit=call.suit))
        if st.seat is seat:
            return _no(call, BidRule.ALREADY_HOLDS_BID, Msg("{seat} already holds the Hokum.", seat=seat))
        return _no(call, BidRule.HOKUM_DOES_NOT_BEAT_HOKUM,
                   Msg("{bid} stands; in round 2 a later seat may override it only with Sun.", bid=bid))

    # Sun
    if rnd == 2:
        if st is None:
            return _ok(call, BidRule.SUN_ROUND_TWO,
                       Msg("{seat} calls Sun; in round 2 a Sun ends the bidding.", seat=seat))
        if st.seat is seat:
            return _upgrade(s, seat, call)
        return _ok(call, BidRule.SUN_BEATS_HOKUM,
                   Msg("{seat} calls Sun over {bid}: Sun beats Hokum, and a Sun ends round 2.", seat=seat, bid=bid))
    if st is None:
        return _ok(call, BidRule.SUN_DIRECT, Msg("{seat} calls Sun: no trumps.", seat=seat))
    if st.seat is seat:
        if st.kind is CallKind.HOKUM:
            return _upgrade(s, seat, call)
        return _no(call, BidRule.ALREADY_HOLDS_BID, Msg("{bid} already stands.", bid=bid))
    if st.kind is CallKind.HOKUM:
        if s.earlier(seat, st.seat):
            return _ok(call, BidRule.SUN_CHANCE_AFTER_HOKUM,
                       Msg("{seat}, earlier than {bidder}, may still call Sun: Sun beats {bid}.",
                           seat=seat, bidder=st.seat, bid=bid))
        if s.phase is Phase.CHANCES or spoke:
            return _no(call, BidRule.CHANCE_ONLY_EARLIER_SEATS,
                       Msg("{seat} answered {bid} with a pass; after the first circuit only seats before "
                           "{bidder} get another chance.", seat=seat, bid=bid, bidder=st.seat))
        return _ok(call, BidRule.SUN_BEATS_HOKUM,
                   Msg("{seat} calls Sun over {bid}: Sun beats Hokum.", seat=seat, bid=bid))
    if s.earlier(seat, st.seat):
        return _ok(call, BidRule.SUN_FROM_EARLIER_SEAT,
                   Msg("{seat}, earlier than {bidder}, takes the Sun: a Sun may be replaced from an "
                       "earlier seat.", seat=seat, bidder=st.seat))
    return _no(call, BidRule.SUN_ONLY_FROM_EARLIER_SEAT,
               Msg("{bid} stands; {seat} comes after {bidder}, and a Sun can be replaced only by an "
                   "earlier seat.", bid=bid, seat=seat, bidder=st.seat))


def _upgrade(s: BiddingState, seat: Seat, call: Call) -> CallVerdict:
    if s.profile.hokum_bidder_may_upgrade:
        return _ok(call, BidRule.HOKUM_UPGRADE,
                   Msg("{seat} changes its own Hokum to Sun (option hokum_bidder_may_upgrade).", seat=seat))
    return _no(call, BidRule.UPGRADE_NOT_ALLOWED,
               Msg("With this profile {seat} may not change its own Hokum to Sun.", seat=seat))


def _other_suits(s: BiddingState) -> list[Suit]:
    return [x for x in SUITS if x is not s.upcard.suit]


def _raise_verdict(s: BiddingState, seat: Seat, call: Call) -> CallVerdict:
    """The verdict on an escalation call by ``seat`` once the contract is known (turn not checked)."""
    contract = s.contract
    assert contract is not None
    b, esc, kind = contract.buyer, s.escalation, call.kind
    over = s.phase is Phase.FINISHED
    if kind is CallKind.PASS:
        if over:
            return _no(call, BidRule.ESCALATION_OVER, _over_reason(s))
        if esc.level is Level.NONE:
            return _ok(call, BidRule.ESCALATION_PASS, Msg("{seat} does not Double.", seat=seat))
        return _ok(call, BidRule.ESCALATION_PASS, Msg("{seat} does not raise; the escalation ends.", seat=seat))
    level = _RAISE_LEVEL[kind]
    if contract.mode is Mode.SUN:
        if kind is not CallKind.DOUBLE:
            return _no(call, BidRule.SUN_ONLY_DOUBLE, Msg("Sun may only be doubled: no {call} in Sun.", call=kind))
        if not s.sun_double_allowed:
            ns, ew = s.match
            return _no(call, BidRule.SUN_DOUBLE_THRESHOLD,
                       Msg("Sun may be doubled only with {threshold}; the match stands at NS {ns}, EW {ew}.",
                           threshold=threshold_text(s.profile), ns=ns, ew=ew))
        if call.locked:
            return _no(call, BidRule.SUN_NEVER_LOCKED,
                       Msg("A Sun Double is never locked: {seat} may Double only open.", seat=seat))
    if kind is CallKind.DOUBLE and seat.team is b.team:
        return _no(call, BidRule.DOUBLE_BY_OPPONENT,
                   Msg("Only an opponent of the declarer {buyer} may Double; {seat} is on {buyer}'s team.",
                       buyer=b, seat=seat))
    if kind in (CallKind.TRIPLE, CallKind.GAHWA) and seat is not b:
        rule = BidRule.TRIPLE_BY_DECLARER if kind is CallKind.TRIPLE else BidRule.GAHWA_BY_DECLARER
        return _no(call, rule, Msg("Only the declarer {buyer} may call {call}, not {seat}.",
                                   buyer=b, call=kind, seat=seat))
    if kind is CallKind.QUADRUPLE:
        doubler = esc.doubler
        if (doubler is not None and seat is not doubler) or (doubler is None and seat.team is b.team):
            if doubler is not None:
                why = Msg("Only {doubler}, who said Double, may Quadruple, not {seat}.", doubler=doubler, seat=seat)
            else:
                why = Msg("Only the seat that says Double may Quadruple, not {seat}.", seat=seat)
            return _no(call, BidRule.QUADRUPLE_BY_DOUBLER, why)
    need = _STEP_BEFORE[level]
    if esc.level is not need:
        if esc.level is Level.NONE:
            text = Msg("{call} comes after {level}; nobody has doubled yet.", call=kind, level=need)
        else:
            text = Msg("The contract stands at {now}; {call} comes only after {level}.",
                       now=esc.level, call=kind, level=need)
        return _no(call, BidRule.ESCALATION_STEP, text)
    if call.locked and kind in (CallKind.TRIPLE, CallKind.GAHWA):
        return _no(call, BidRule.OPEN_ONLY,
                   Msg("{call} is always open; only Double and Quadruple may be locked.", call=kind))
    if over:
        return _no(call, BidRule.ESCALATION_OVER, _over_reason(s))
    if seat in s.escalation_passed:
        return _no(call, BidRule.ESCALATION_DECLINED, Msg("{seat} already passed its chance.", seat=seat))
    if kind is CallKind.DOUBLE:
        if contract.mode is Mode.SUN:
            return _ok(call, BidRule.SUN_DOUBLE,
                       Msg("{seat}, an opponent of {buyer}, doubles the Sun: the match is inside the threshold "
                           "({threshold}).", seat=seat, buyer=b, threshold=threshold_text(s.profile)))
        if call.locked:
            return _ok(call, BidRule.DOUBLE, Msg("{seat}, an opponent of {buyer}, doubles locked.", seat=seat, buyer=b))
        return _ok(call, BidRule.DOUBLE, Msg("{seat}, an opponent of {buyer}, doubles open.", seat=seat, buyer=b))
    if kind is CallKind.TRIPLE:
        return _ok(call, BidRule.TRIPLE,
                   Msg("{seat}, the declarer, answers the Double with Triple (open).", seat=seat))
    if kind is CallKind.QUADRUPLE:
        if call.locked:
            return _ok(call, BidRule.QUADRUPLE,
                       Msg("{seat}, the doubler, answers the Triple with Quadruple locked.", seat=seat))
        return _ok(call, BidRule.QUADRUPLE,
                   Msg("{seat}, the doubler, answers the Triple with Quadruple open.", seat=seat))
    return _ok(call, BidRule.GAHWA,
               Msg("{seat}, the declarer, calls Gahwa: the team that wins this deal wins the match.", seat=seat))


def _over_reason(s: BiddingState) -> Msg:
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


def _verdict(s: BiddingState, seat: Seat, call: Call) -> CallVerdict:
    """The verdict on ``call`` by ``seat`` as if it were asked now (turn not checked)."""
    if s.phase is Phase.REDEAL:
        return _no(call, BidRule.REDEAL,
                   Msg("Everyone passed twice: the deal is cancelled and {seat} deals next.", seat=s.dealer.right))
    if s.phase.is_bidding:
        if call.kind.is_raise:
            return _no(call, BidRule.ESCALATION_AFTER_BIDDING,
                       Msg("{call} comes only after the bidding has ended.", call=call.kind))
        return _bid_verdict(s, seat, call)
    if call.kind.is_bid:
        return _no(call, BidRule.BIDDING_OVER, Msg("The bidding is over: {contract}.", contract=s.contract.message()))
    return _raise_verdict(s, seat, call)


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
    if stage == "bidding" and not state.phase.is_bidding:
        if state.redeal:
            return _verdict(state, seat or state.dealer, call)
        return _no(call, BidRule.BIDDING_OVER,
                   Msg("The bidding is over ({contract}); no more bidding calls.", contract=state.contract.message()))
    if stage == "escalation" and state.phase.is_bidding:
        if state.next is None:
            why = Msg("The bidding is not over: nobody is still to call, so no {call} yet.", call=call.kind)
        else:
            why = Msg("The bidding is not over: {seat} is still to call, so no {call} yet.", seat=state.next,
                      call=call.kind)
        return _no(call, BidRule.ESCALATION_AFTER_BIDDING, why)
    if seat is None:                       # finished, and the call names no seat
        if state.redeal:
            return _verdict(state, state.dealer, call)
        if call.kind.is_bid:
            return _no(call, BidRule.BIDDING_OVER,
                       Msg("The bidding is over: {contract}.", contract=state.contract.message()))
        return _no(call, BidRule.ESCALATION_OVER, _over_reason(state))
    v = _verdict(state, seat, call)
    if v.legal and seat is not state.next:
        if state.next is None:
            return _no(call, BidRule.ESCALATION_OVER, _over_reason(state))
        return _no(call, BidRule.OUT_OF_TURN, Msg("{now} is asked now, not {seat}.", now=state.next, seat=seat))
    return v


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
    return any(_verdict(s, seat, c).legal for c in _candidates(s, seat) if c.kind is not CallKind.PASS)


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
    if c.mode is Mode.SUN or esc.level is Level.GAHWA:
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
        s = replace(s, escalation=Escalation(_RAISE_LEVEL[c.kind], esc.doubler, False))
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


def explain(state: BiddingState) -> Msg:
    """Where the bidding stands, in one sentence.

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
