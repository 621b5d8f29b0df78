"""Seeded random full deals: 2,000 deals played to the end by picking uniformly among the legal cards.

Each deal checks the invariants of the seeds: 32 distinct cards in 8 tricks, each trick led by the
winner of the one before (the dealer's right leads the first, 000 §04), raw points 162 in Hokum and
130 in Sun with the last trick's 10 (000 §01, 004), every card legal when played, a held led suit
always followed. Point values are written here from 000 §01, not taken from the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace

import pytest

from explorer.engine.core.cards import DECK, SEATS, SUITS, Card, Seat, Suit, priority_order
from explorer.engine.core.profiles import DETAILED, SIMPLE, TOURNAMENT, RuleProfile
from explorer.engine.core.tables import Mode
from explorer.engine.rules.play import PlayRule, PlayState, check_play, legal_plays, trick_winner

PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
"""Sun and plain-suit card points (000 §01)."""
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
"""Hokum trump card points (000 §01)."""
PLAIN_ORDER = "A T K Q J 9 8 7".split()
"""Plain suits, strongest first: for the Ekka announcement."""

DEALS_PER_PROFILE = 500
NO_CUT = replace(DETAILED, id="custom", third_seat_must_cut=False)
PROFILES = {"detailed": DETAILED, "tournament": TOURNAMENT, "simple": SIMPLE, "no-third-seat-cut": NO_CUT}


@dataclass
class Deal:
    """One deal as played: contract, the tricks (leader, cards, winner) and what was checked."""

    dealer: Seat
    mode: Mode
    trump: Suit | None
    locked: bool
    tricks: list[tuple[Seat, list[Card], Seat]] = field(default_factory=list)
    rules: Counter = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)


def _points(card: Card, trump: Suit | None) -> int:
    return (TRUMP_POINTS if card.suit is trump else PLAIN_POINTS)[card.rank.value]


def _ekka_holds(lead: Card, trump: Suit | None, played: list[Card]) -> bool:
    """The lead is a plain card and every higher card of its suit is in an earlier trick."""
    if lead.suit is trump:
        return False
    above = PLAIN_ORDER[: PLAIN_ORDER.index(lead.rank.value)]
    return all(Card.parse(r + lead.suit.value) in played for r in above)


def play_random_deal(rng: random.Random, profile: RuleProfile) -> Deal:
    """Deal 32 cards, pick a random contract, play 8 tricks choosing uniformly among the legal cards."""
    deck = list(DECK)
    rng.shuffle(deck)
    dealer = rng.choice(SEATS)
    mode = rng.choice((Mode.SUN, Mode.HOKUM))
    trump = rng.choice(SUITS) if mode is Mode.HOKUM else None
    locked = mode is Mode.HOKUM and rng.random() < 0.25
    hands = {seat: deck[8 * i: 8 * i + 8] for i, seat in enumerate(priority_order(dealer))}
    deal = Deal(dealer, mode, trump, locked)
    played: list[Card] = []
    leader = dealer.right
    for t in range(8):
        trick: list[Card] = []
        ekka = False
        seat = leader
        for _ in range(4):
            hand = hands[seat]
            state = PlayState(mode=mode, trump=trump, leader=leader, cards=tuple(trick), hand=tuple(hand),
                              played=frozenset(played), ekka=ekka, locked=locked, profile=profile)
            legal = legal_plays(state)
            card = rng.choice(legal)
            verdict = check_play(state, card)
            deal.rules[verdict.rule] += 1
            if not verdict.legal:
                deal.problems.append(f"trick {t + 1}: {seat.value} played {card}: {verdict.reason}")
            if trick and any(c.suit is trick[0].suit for c in hand) and card.suit is not trick[0].suit:
                deal.problems.append(f"trick {t + 1}: {seat.value} did not follow suit with {card}")
            if not trick and _ekka_holds(card, trump, played) and rng.random() < 0.7:
                ekka = True  # the leader announces a valid Ekka
            hand.remove(card)
            trick.append(card)
            seat = seat.right
        winner = trick_winner(leader, trick, mode, trump)
        deal.tricks.append((leader, trick, winner))
        played += trick
        leader = winner
    return deal


def check_deal(deal: Deal) -> None:
    """The invariants every complete deal satisfies."""
    assert not deal.problems, deal.problems
    assert len(deal.tricks) == 8
    cards_played = [c for _, trick, _ in deal.tricks for c in trick]
    assert len(cards_played) == 32 and set(cards_played) == set(DECK)
    assert deal.tricks[0][0] is deal.dealer.right
    for (_, _, winner), (next_leader, _, _) in zip(deal.tricks, deal.tricks[1:]):
        assert next_leader is winner
    for leader, trick, winner in deal.tricks:
        assert len(trick) == 4 and winner in SEATS
        trumps = [c for c in trick if c.suit is deal.trump]
        won_with = trick[(SEATS.index(winner) - SEATS.index(leader)) % 4]
        assert won_with.suit is (deal.trump if trumps else trick[0].suit)
    if deal.locked:  # 000 §03: locked forbids a trump lead unless the hand holds only trumps
        plays: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}  # each seat's card of each trick
        for leader, trick, _ in deal.tricks:
            for k, c in enumerate(trick):
                plays[SEATS[(SEATS.index(leader) + k) % 4]].append(c)
        for t, (leader, trick, _) in enumerate(deal.tricks):
            if trick[0].suit is deal.trump:
                held = plays[leader][t:]  # the leader's hand before this trick
                assert all(c.suit is deal.trump for c in held), (t + 1, held)
    team_points = {seat.team: 0 for seat in SEATS}
    for i, (_, trick, winner) in enumerate(deal.tricks):
        team_points[winner.team] += sum(_points(c, deal.trump) for c in trick) + (10 if i == 7 else 0)
    assert sum(team_points.values()) == (162 if deal.mode is Mode.HOKUM else 130)


ALWAYS = {PlayRule.LEAD_FREE, PlayRule.FOLLOW_SUIT, PlayRule.SUN_VOID_FREE, PlayRule.TRUMP_LEAD_OVERTAKE,
          PlayRule.TRUMP_LEAD_ANY_TRUMP, PlayRule.VOID_NO_TRUMP, PlayRule.VOID_MUST_WIN_WITH_TRUMP,
          PlayRule.PARTNER_WINNING_FREE, PlayRule.LOCKED_NO_TRUMP_LEAD}
"""Obligations every profile has."""
THIRD_SEAT = {PlayRule.THIRD_SEAT_MUST_CUT, PlayRule.THIRD_SEAT_ACE_LED, PlayRule.THIRD_SEAT_EKKA}


@pytest.mark.parametrize(
    "profile_id, met, never",
    [
        pytest.param("detailed", ALWAYS | THIRD_SEAT | {PlayRule.VOID_CANNOT_WIN_FREE},
                     {PlayRule.VOID_MUST_UNDERTRUMP}, id="detailed"),
        pytest.param("tournament", ALWAYS | THIRD_SEAT | {PlayRule.VOID_CANNOT_WIN_FREE},
                     {PlayRule.VOID_MUST_UNDERTRUMP}, id="tournament"),
        pytest.param("simple", ALWAYS | THIRD_SEAT | {PlayRule.VOID_MUST_UNDERTRUMP},
                     {PlayRule.VOID_CANNOT_WIN_FREE}, id="simple-must-undertrump"),
        pytest.param("no-third-seat-cut", ALWAYS | {PlayRule.VOID_CANNOT_WIN_FREE},
                     THIRD_SEAT | {PlayRule.VOID_MUST_UNDERTRUMP}, id="no-third-seat-cut"),
    ],
)
def test_random_legal_deals_keep_every_invariant(profile_id, met, never):
    """500 seeded deals per profile (2,000 in all); together they meet every obligation of the profile."""
    profile = PROFILES[profile_id]
    rules: Counter = Counter()
    modes: Counter = Counter()
    base = 10_000 * (list(PROFILES).index(profile_id) + 1)
    for seed in range(base, base + DEALS_PER_PROFILE):
        deal = play_random_deal(random.Random(seed), profile)
        check_deal(deal)
        rules += deal.rules
        modes[deal.mode, deal.locked] += 1
    assert modes[Mode.SUN, False] and modes[Mode.HOKUM, False] and modes[Mode.HOKUM, True]
    assert met <= set(rules), f"never met: {met - set(rules)}"
    assert not never & set(rules), f"met although the profile has no such rule: {never & set(rules)}"
    assert PlayRule.NOT_IN_HAND not in rules


def test_a_seeded_deal_is_repeatable():
    a = play_random_deal(random.Random(7), DETAILED)
    b = play_random_deal(random.Random(7), DETAILED)
    assert a.tricks == b.tricks and a.mode is b.mode and a.trump is b.trump


def test_the_deal_checker_catches_a_missing_card():
    deal = play_random_deal(random.Random(1), DETAILED)
    leader, trick, winner = deal.tricks[3]
    deal.tricks[3] = (leader, trick[:3] + [trick[2]], winner)  # a duplicated card, one card missing
    with pytest.raises(AssertionError):
        check_deal(deal)
