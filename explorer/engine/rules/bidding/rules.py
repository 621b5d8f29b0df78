"""The rules table of the bidding and the escalation: each rule's id, its sentence and where it comes from,
and the verdict on a call (000 §03, 003).

>>> BidRule.SUN_DIRECT.allows, BidRule.ASHKAL_SEAT.allows, BidRule("ashkal_not_in_round_two").doc
(True, False, 'There is no Ashkal in round 2.')
>>> BidRule.HOKUM_TAKEOVER.source
'003 pulls (option earlier_seat_takes_hokum)'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from explorer.engine.core.i18n import ENGLISH, N_, Msg, Style
from explorer.engine.rules.bidding.calls import Call, CallKind


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
    def allows(self) -> bool:
        """Whether the rule allows the call (the first group) or refuses it (the second)."""
        return self in ALLOWING

    @property
    def doc(self) -> str:
        """The rule in one sentence."""
        return RULE_DOCS[self]

    @property
    def source(self) -> str:
        """Where the rule comes from: a seed section, a profile option, or our reading."""
        return RULE_SOURCES.get(self, "000 §03")


ALLOWING: frozenset[BidRule] = frozenset({
    BidRule.PASS, BidRule.PASS_DECLINES_CHANCE, BidRule.PASS_KEEPS_HOKUM, BidRule.PASS_ROUND_TWO,
    BidRule.HOKUM_UPCARD_SUIT, BidRule.SUN_DIRECT, BidRule.SUN_BEATS_HOKUM, BidRule.SUN_CHANCE_AFTER_HOKUM,
    BidRule.SUN_FROM_EARLIER_SEAT, BidRule.ASHKAL, BidRule.HOKUM_TAKEOVER, BidRule.HOKUM_UPGRADE,
    BidRule.HOKUM_OTHER_SUIT, BidRule.SUN_ROUND_TWO, BidRule.DOUBLE, BidRule.SUN_DOUBLE, BidRule.TRIPLE,
    BidRule.QUADRUPLE, BidRule.GAHWA, BidRule.ESCALATION_PASS,
})
"""The rules that allow a call; every other rule refuses one."""

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
