"""``kind: deal``: check a recorded deal card by card, then score it; a deal in progress (its ``tricks`` stop before
the end, the last one possibly incomplete) is judged as far as it goes, with no score yet."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from explorer.engine.core.cards import SEATS, Card, Seat, Team
from explorer.engine.core.contract import Contract, Escalation
from explorer.engine.core.errors import ScenarioError, at
from explorer.engine.core.i18n import ENGLISH, Code, Msg, Style, plural
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.files.kinds.bidding import BiddingBlock, bidding_block
from explorer.engine.files.kinds.score import escalation_problems, projects_from, score_output
from explorer.engine.files.scenario import (
    CardT,
    Common,
    ContractIn,
    SeatT,
    TrickIn,
    read_model,
    register,
    team_scores,
)
from explorer.engine.game import (
    GameState,
    RecordedTrick,
    Replayed,
    Stage,
    replay_tricks,
    start_from_record,
)
from explorer.engine.rules.deal import deal_cards, hands_from_deck
from explorer.engine.rules.play import trick_winner
from explorer.engine.rules.projects import Project, has_baloot


class DealIn(Common):
    contract: ContractIn | None = None
    bidding: dict[str, Any] | None = None
    hands: dict[SeatT, list[CardT]] | None = None
    deck: list[CardT] | None = None
    cut: int | None = None
    projects: dict[SeatT, list[list[CardT]]] | None = None
    tricks: list[TrickIn]


def _hand_problems(hands: dict[Seat, list[Card]]) -> list[str]:
    problems: list[str] = []
    for seat in SEATS:
        if seat not in hands:
            problems.append(at(f"hands.{seat.value}", Msg("missing: a deal needs all four hands")))
        elif len(hands[seat]) != 8:
            problems.append(at(f"hands.{seat.value}", plural("holds {n} card; each hand has 8",
                                                                  "holds {n} cards; each hand has 8", len(hands[seat]))))
    seen: dict[Card, str] = {}
    for seat, hand in hands.items():
        for j, card in enumerate(hand):
            where = f"hands.{seat.value}[{j}]"
            if card in seen:
                problems.append(at(where, Msg("{card} is dealt twice (also at {other})", card=card, other=Code(seen[card]))))
            else:
                seen[card] = where
    return problems


def _upcard_problems(s: DealIn, hands: dict[Seat, list[Card]], taker: Seat | None) -> list[str]:
    """The bidding's upcard must be the card the deck turns up, and end in the taker's hand."""
    if s.bidding is None or not isinstance(s.bidding, dict) or "upcard" not in s.bidding:
        return []
    try:
        upcard = Card.parse(str(s.bidding["upcard"]))
    except ValueError:
        return []
    if s.deck is not None and s.dealer is not None:
        from explorer.engine.rules.deal import deal_cards
        dealt = deal_cards(s.deck, s.dealer, cut=s.cut or 0).upcard
        if dealt != upcard:
            return [at("bidding.upcard", Msg("{upcard}, but this deck and cut turn up {dealt} (card 21)", upcard=upcard, dealt=dealt))]
    if taker is not None and upcard not in hands.get(taker, ()):
        return [at("bidding.upcard", Msg("{upcard} should be in {seat}'s hand: {seat} took the upcard", upcard=upcard,
                                              seat=taker))]
    return []


def _trick_problems(tricks: list, hands: dict[Seat, list[Card]]) -> list[str]:
    """Structure only: at most 8 tricks of 4 cards (the last one may be in progress, 1 to 3 cards), each card
    held by the seat that plays it, none played twice."""
    problems: list[str] = []
    if len(tricks) > 8:
        problems.append(at("tricks", plural("{n} trick given; a whole deal has 8", "{n} tricks given; a whole deal has 8",
                                             len(tricks))))
    owner = {card: seat for seat, hand in hands.items() for card in hand}
    played: dict[Card, int] = {}
    for i, t in enumerate(tricks):
        in_progress = i == len(tricks) - 1 and 1 <= len(t.cards) <= 3
        if not t.cards:
            problems.append(at(f"tricks[{i}].cards", Msg("trick {trick} has no card; a trick in progress has 1 to 3",
                                                         trick=i + 1)))
        elif len(t.cards) != 4 and not in_progress:
            problems.append(at(f"tricks[{i}].cards", plural("trick {trick} has {n} card; a trick has 4",
                                                            "trick {trick} has {n} cards; a trick has 4", len(t.cards),
                                                            trick=i + 1)))
        seat = t.leader
        other = _leader_that_fits(t.cards, owner) if owner else None
        if other is not None and other is not t.leader:
            problems.append(at(f"tricks[{i}].leader", Msg(
                "{seat} is given as the leader of trick {trick}, but its cards were played in turn from {other} "
                "({card} is {other}'s)", seat=t.leader, trick=i + 1, other=other, card=t.cards[0])))
            for card in t.cards:
                played.setdefault(card, i)
            continue
        for j, card in enumerate(t.cards):
            where = f"tricks[{i}].cards[{j}]"
            if card in played:
                problems.append(at(where, Msg("{card} was already played in trick {trick}", card=card, trick=played[card] + 1)))
            elif owner and card in owner and owner[card] is not seat:
                problems.append(at(where, Msg("{seat} plays {card}, but {card} is in {other}'s hand", seat=seat, card=card,
                                              other=owner[card])))
            elif owner and card not in owner:
                problems.append(at(where, Msg("{card} is in no hand", card=card)))
            played[card] = i
            seat = seat.right
    return problems


def _leader_that_fits(cards: list[Card], owner: dict[Card, Seat]) -> Seat | None:
    """The one leader from whom these cards were played in turn by the seats holding them, if any."""
    fits = []
    for leader in SEATS:
        seat, ok = leader, True
        for card in cards:
            if owner.get(card) is not seat:
                ok = False
                break
            seat = seat.right
        if ok:
            fits.append(leader)
    return fits[0] if len(fits) == 1 else None


def resolve_contract(s: DealIn, profile: RuleProfile
                     ) -> tuple[Contract | None, Escalation | None, BiddingBlock | None, list[str]]:
    """The contract and escalation, from ``contract``/``escalation`` or from ``bidding`` (then also the block;
    its state is a redeal, with no contract, when everyone passed twice)."""
    if s.contract is not None and s.bidding is not None:
        return None, None, None, [at("bidding", Msg("give either contract or bidding, not both"))]
    if s.contract is not None:
        esc = s.escalation.engine() if s.escalation else Escalation()
        return s.contract.engine(), esc, None, []
    if s.bidding is None:
        return None, None, None, [at("contract", Msg("missing: give the contract (or the bidding)"))]
    block, problems = bidding_block(s.bidding, dealer=s.dealer, match=s.match, profile=profile, path="bidding")
    if problems:
        return None, None, None, problems
    if block.state.redeal:
        return None, None, block, []
    return block.state.contract, block.state.escalation, block, []


def resolve_hands(s: DealIn, contract: Contract, taker: Seat | None) -> tuple[dict[Seat, list[Card]], list[str]]:
    if s.hands is not None and s.deck is not None:
        return {}, [at("deck", Msg("give either hands or deck, not both"))]
    if s.hands is not None:
        return dict(s.hands), []
    if s.deck is None:
        return {}, [at("hands", Msg("missing: give the four original hands (or the deck and the cut)"))]
    return hands_from_deck(s.deck, cut=s.cut, dealer=s.dealer, contract=contract, taker=taker, path="deck")


def _redeal(s: DealIn, block: BiddingBlock) -> dict[str, Any]:
    """Everyone passed twice: a valid record of a cancelled deal, with no tricks and no score."""
    problems: list[str] = []
    if s.tricks:
        problems.append(at("bidding.calls", Msg("everyone passed twice: there is no contract to play")))
    hands: dict[str, list[str]] | None = None
    if s.deck is not None:
        _, dp = hands_from_deck(s.deck, cut=s.cut, dealer=s.dealer, taker=s.dealer, path="deck")
        problems += dp
        if not dp:
            dealt = deal_cards(s.deck, s.dealer, cut=s.cut or 0)
            hands = {seat.value: [str(c) for c in dealt.hand(seat)] for seat in SEATS}
            if dealt.upcard != block.state.upcard:
                problems.append(at("bidding.upcard", Msg("{upcard}, but this deck and cut turn up {dealt} (card 21)",
                                                         upcard=block.state.upcard, dealt=dealt.upcard)))
    elif s.hands is not None:
        hands = {seat.value: [str(c) for c in h] for seat, h in s.hands.items()}
    if problems:
        raise ScenarioError(problems)
    return {"valid": True, "error": None, "redeal": True, "tricks": [], "plays": [], "hands": hands,
            "points": None, "tricks_won": None, "baloot": None, "contract": None, "escalation": None,
            "score": None, "next_dealer": s.dealer.right.value, "complete": True, "to_play": None, "current": None}


@register("deal")
def judge_deal(doc: dict[str, Any], profile: RuleProfile) -> DealVerdict | dict[str, Any]:
    s: DealIn = read_model(DealIn, doc)
    problems: list[str] = []
    if s.dealer is None:
        problems.append(at("dealer", Msg("missing: the dealer's right leads the first trick")))
    contract, esc, block, cp = resolve_contract(s, profile)
    problems += cp
    if problems:
        raise ScenarioError(problems)
    if contract is None:
        return _redeal(s, block)
    taker = block.state.taker if block else None
    problems += escalation_problems(contract, esc, profile, s.match)
    hands, hp = resolve_hands(s, contract, taker)
    problems += hp
    if not hp:
        problems += _hand_problems(hands)
        problems += _upcard_problems(s, hands, taker)
    problems += _trick_problems(s.tricks, hands if not hp else {})
    baloot_seat = next((seat for seat in SEATS if has_baloot(hands.get(seat, ()), contract.trump)), None)
    projects, pp = projects_from(s.projects, contract.mode, contract.trump, baloot_seat)
    problems += pp
    for seat, lists in (s.projects or {}).items():
        for i, cs in enumerate(lists):
            for j, card in enumerate(cs):
                if hands.get(seat) and card not in hands[seat]:
                    problems.append(at(f"projects.{seat.value}[{i}][{j}]",
                                       Msg("{card} is not in {seat}'s original hand", card=card, seat=seat)))
    if problems:
        raise ScenarioError(problems)

    # Input is sound: the game model replays the record card by card (one code path with the practice table).
    start = start_from_record(
        dealer=s.dealer, match=team_scores(s.match), profile=profile, hands=hands,
        deck=s.deck if block is not None else None, cut=s.cut,
        upcard=block.state.upcard if block is not None else None,
        calls=block.calls if block is not None else (), escalation_calls=block.escalation if block else (),
        contract=contract, escalation=esc)
    if start.original_ is not None and start.contract is not None:
        assert {seat: sorted(start.original(seat), key=str) for seat in SEATS} == \
            {seat: sorted(hands[seat], key=str) for seat in SEATS}, "the game dealt other hands than the record's"
    run = replay_tricks(start, [RecordedTrick(t.leader, tuple(t.cards), t.ekka) for t in s.tricks],
                        {seat: lists for seat, lists in (s.projects or {}).items() if lists})
    return DealVerdict(run, tuple(s.tricks), hands, baloot_seat, contract, esc, projects, s.dealer, start)


@dataclass(frozen=True)
class DealVerdict:
    """The ``deal`` kind's verdict: the record replayed through the game model, card by card, and its score."""

    run: Replayed
    recorded: tuple[TrickIn, ...]
    hands: dict[Seat, list[Card]]
    baloot: Seat | None
    contract: Contract
    escalation: Escalation
    projects: dict[Seat, tuple[Project, ...]]
    dealer: Seat
    start: GameState

    def states(self) -> list[GameState]:
        """Every snapshot of the play, from the first card to the end (or to the refused action)."""
        out = [self.start]
        for a in self.run.state.actions[len(self.start.actions):]:
            out.append(out[-1].apply(a))
        return out

    @property
    def valid(self) -> bool:
        return self.run.error is None

    def to_dict(self, style: Style = ENGLISH) -> dict[str, Any]:
        """The JSON output of scenario-format.md (``valid``, ``error``, ``tricks``, ``points``, ``score``...)."""
        end, error = self.run.state, self.run.error
        tricks = [t for t in end.tricks if t.complete]
        if error is not None:                  # the tricks after the refused card are not part of the verdict
            tricks = tricks[: error.trick - 1]
        points, won = end.points
        ok = error is None
        complete = ok and end.stage is Stage.OVER
        cur = end.current if ok else None
        return {
            "valid": ok,
            "error": error.to_dict(style) if error else None,
            "tricks": [{"leader": t.leader.value, "cards": [str(c) for c in t.cards], "winner": t.winner.value,
                        "points": t.points, "ekka": self.recorded[t.number - 1].ekka} for t in tricks],
            "plays": [p.to_dict(style) for p in self.run.plays],
            "hands": {seat.value: [str(c) for c in self.hands[seat]] for seat in SEATS},
            "points": {t.value: points[t] for t in (Team.NS, Team.EW)} if ok else None,
            "tricks_won": {t.value: won[t] for t in (Team.NS, Team.EW)} if ok else None,
            "baloot": self.baloot.value if self.baloot else None,
            "contract": self.contract.to_dict(),
            "escalation": self.escalation.to_dict(),
            "score": (score_output(end.result, projects=self.projects, contract=self.contract, style=style,
                                   escalation=self.escalation) if complete else None),
            "redeal": False,
            "next_dealer": self.dealer.right.value,
            "complete": complete,
            "to_play": end.to_act.value if ok and not complete else None,
            "current": None if cur is None else {
                "leader": cur.leader.value, "cards": [str(c) for c in cur.cards], "ekka": cur.ekka,
                "winning": trick_winner(cur.leader, cur.cards, self.contract.mode, self.contract.trump).value},
        }
