"""``kind: deal``: check a whole recorded deal card by card, then score it."""

from __future__ import annotations

from typing import Any

from ..cards import SEATS, Card, Rank, Seat, Team
from ..contract import Contract, Escalation
from ..errors import ScenarioError, at
from ..play import PlayState, check_play, ekka_problem, legal_plays, trick_points, trick_winner
from ..profiles import RuleProfile
from ..projects import has_baloot
from ..scenario import CardT, Common, ContractIn, SeatT, TrickIn, read_model, register
from ..tables import LAST_TRICK_BONUS, Mode
from .score import escalation_problems, projects_from, score_verdict


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
            problems.append(at(f"hands.{seat.value}", "missing: a deal needs all four hands"))
        elif len(hands[seat]) != 8:
            problems.append(at(f"hands.{seat.value}", f"holds {len(hands[seat])} cards; each hand has 8"))
    seen: dict[Card, str] = {}
    for seat, hand in hands.items():
        for j, card in enumerate(hand):
            where = f"hands.{seat.value}[{j}]"
            if card in seen:
                problems.append(at(where, f"{card} is dealt twice (also at {seen[card]})"))
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
        from ..deal import deal_cards
        dealt = deal_cards(s.deck, s.dealer, cut=s.cut or 0).upcard
        if dealt != upcard:
            return [at("bidding.upcard", f"{upcard}, but this deck and cut turn up {dealt} (card 21)")]
    if taker is not None and upcard not in hands.get(taker, ()):
        return [at("bidding.upcard", f"{upcard} should be in {taker.value}'s hand: {taker.value} took the upcard")]
    return []


def _trick_problems(tricks: list, hands: dict[Seat, list[Card]]) -> list[str]:
    """Structure only: 8 tricks of 4 cards, each card held by the seat that plays it, none played twice."""
    problems: list[str] = []
    if len(tricks) != 8:
        problems.append(at("tricks", f"{len(tricks)} tricks given; a whole deal has 8"))
    owner = {card: seat for seat, hand in hands.items() for card in hand}
    played: dict[Card, int] = {}
    for i, t in enumerate(tricks):
        if len(t.cards) != 4:
            problems.append(at(f"tricks[{i}].cards", f"trick {i + 1} has {len(t.cards)} cards; a trick has 4"))
        seat = t.leader
        other = _leader_that_fits(t.cards, owner) if owner else None
        if other is not None and other is not t.leader:
            problems.append(at(f"tricks[{i}].leader", f"{t.leader.value} is given as the leader of trick {i + 1}, "
                                                      f"but its cards were played in turn from {other.value} "
                                                      f"({t.cards[0]} is {other.value}'s)"))
            for card in t.cards:
                played.setdefault(card, i)
            continue
        for j, card in enumerate(t.cards):
            where = f"tricks[{i}].cards[{j}]"
            if card in played:
                problems.append(at(where, f"{card} was already played in trick {played[card] + 1}"))
            elif owner and card in owner and owner[card] is not seat:
                problems.append(at(where, f"{seat.value} plays {card}, but {card} is in "
                                          f"{owner[card].value}'s hand"))
            elif owner and card not in owner:
                problems.append(at(where, f"{card} is in no hand"))
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


def resolve_contract(s: DealIn, profile: RuleProfile) -> tuple[Contract, Escalation, Seat | None, list[str]]:
    """The contract and escalation, from ``contract``/``escalation`` or from ``bidding``."""
    if s.contract is not None and s.bidding is not None:
        return None, None, None, [at("bidding", "give either contract or bidding, not both")]
    if s.contract is not None:
        esc = s.escalation.engine() if s.escalation else Escalation()
        return s.contract.engine(), esc, None, []
    if s.bidding is None:
        return None, None, None, [at("contract", "missing: give the contract (or the bidding)")]
    try:
        from .bidding import contract_from_bidding
    except ImportError:
        return None, None, None, [at("bidding", "reading a deal's bidding is not available yet; give contract")]
    return contract_from_bidding(s.bidding, dealer=s.dealer, match=s.match, profile=profile, path="bidding")


def resolve_hands(s: DealIn, contract: Contract, taker: Seat | None) -> tuple[dict[Seat, list[Card]], list[str]]:
    if s.hands is not None and s.deck is not None:
        return {}, [at("deck", "give either hands or deck, not both")]
    if s.hands is not None:
        return dict(s.hands), []
    if s.deck is None:
        return {}, [at("hands", "missing: give the four original hands (or the deck and the cut)")]
    try:
        from ..deal import hands_from_deck
    except ImportError:
        return {}, [at("deck", "dealing from a deck is not available yet; give hands")]
    return hands_from_deck(s.deck, cut=s.cut, dealer=s.dealer, contract=contract, taker=taker, path="deck")


@register("deal")
def judge_deal(doc: dict[str, Any], profile: RuleProfile) -> dict[str, Any]:
    s: DealIn = read_model(DealIn, doc)
    problems: list[str] = []
    if s.dealer is None:
        problems.append(at("dealer", "missing: the dealer's right leads the first trick"))
    contract, esc, taker, cp = resolve_contract(s, profile)
    problems += cp
    if problems:
        raise ScenarioError(problems)
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
                                       f"{card} is not in {seat.value}'s original hand"))
    if problems:
        raise ScenarioError(problems)

    mode, trump = contract.mode, contract.trump
    locked = esc.locked
    remaining = {seat: list(hands[seat]) for seat in SEATS}
    played: list[Card] = []
    out_tricks: list[dict[str, Any]] = []
    raw = {Team.NS: 0, Team.EW: 0}
    won = {Team.NS: 0, Team.EW: 0}
    expected_leader = s.dealer.right
    error: dict[str, Any] | None = None
    plays: list[dict[str, Any]] = []
    for i, t in enumerate(s.tricks):
        if t.leader is not expected_leader:
            why = ("the dealer's right leads the first trick" if i == 0
                   else f"{expected_leader.value} won trick {i}")
            error = {"trick": i + 1, "card": str(t.cards[0]), "seat": t.leader.value,
                     "reason": f"{t.leader.value} cannot lead trick {i + 1}: {why}."}
            break
        if t.ekka:
            bad = ekka_problem(t.cards[0], played, mode, trump)
            if bad:
                error = {"trick": i + 1, "card": str(t.cards[0]), "seat": t.leader.value, "reason": str(bad)}
                break
        seat = t.leader
        for j, card in enumerate(t.cards):
            state = PlayState(mode=mode, trump=trump, leader=t.leader, cards=tuple(t.cards[:j]),
                              hand=tuple(remaining[seat]), played=frozenset(played), ekka=t.ekka,
                              locked=locked, profile=profile)
            v = check_play(state, card)
            plays.append({"trick": i + 1, "seat": seat.value, "card": str(card), "legal": v.legal,
                          "rule": v.rule.value, "reason": str(v.reason),
                          "allowed": [str(c) for c in legal_plays(state)]})
            if not v.legal:
                error = {"trick": i + 1, "card": str(card), "seat": seat.value, "reason": str(v.reason),
                         "rule": v.rule.value}
                break
            remaining[seat].remove(card)
            seat = seat.right
        if error:
            break
        winner = trick_winner(t.leader, t.cards, mode, trump)
        pts = trick_points(t.cards, mode, trump) + (LAST_TRICK_BONUS if i == 7 else 0)
        raw[winner.team] += pts
        won[winner.team] += 1
        played.extend(t.cards)
        out_tricks.append({"leader": t.leader.value, "cards": [str(c) for c in t.cards],
                           "winner": winner.value, "points": pts, "ekka": t.ekka})
        expected_leader = winner

    result: dict[str, Any] = {
        "valid": error is None,
        "error": error,
        "tricks": out_tricks,
        "plays": plays,
        "hands": {seat.value: [str(c) for c in hands[seat]] for seat in SEATS},
        "points": {t.value: raw[t] for t in (Team.NS, Team.EW)} if error is None else None,
        "tricks_won": {t.value: won[t] for t in (Team.NS, Team.EW)} if error is None else None,
        "baloot": baloot_seat.value if baloot_seat else None,
        "contract": contract.to_dict(),
        "escalation": esc.to_dict(),
        "score": None,
    }
    if error is None:
        first = s.dealer.right
        held_ace = any(c.rank is Rank.ACE for c in hands[first])
        result["score"] = score_verdict(
            contract=contract, escalation=esc, points=raw, tricks_won=won, projects=projects,
            baloot=baloot_seat, first_seat_held_ace=held_ace and mode is Mode.SUN, dealer=s.dealer,
            match=s.match, profile=profile)
    return result
