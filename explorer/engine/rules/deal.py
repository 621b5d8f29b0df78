"""The deal: seeded shuffle, the cut, 3 then 2 cards each, the upcard and the completion (000 §02).

Every card's journey is data: a :class:`DealStep` says where the card lay in the
deck, in which round it was dealt ("first 3", "then 2", "upcard", "completion"),
which seat received it and in what order. A lesson can replay a deal card by card.

Index 0 of a deck is its top card. The dealer's left cuts: the top ``cut`` cards
go under the rest. Dealing starts with the dealer's right and goes anticlockwise
(S → E → N → W).

>>> d = deal_cards(DECK, Seat.S)          # an unshuffled, uncut deck; S deals
>>> format_cards(d.hand(Seat.E))          # E, the dealer's right, is served first
'7S 8S 9S JH QH'
>>> d.upcard                              # card 21 lies face up
Card.parse('JD')
>>> done = complete(d, Seat.N)            # N bought: N takes the upcard plus 2
>>> format_cards(done.hand(Seat.N))
'TS JS QS KH AH JD 7C 8C'
>>> [len(done.hand(s)) for s in SEATS]
[8, 8, 8, 8]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from explorer.engine.core.cards import DECK, SEATS, Card, Seat, cards, format_cards, priority_order  # noqa: F401  (doctests)
from explorer.engine.core.enums import Titled
from explorer.engine.core.errors import DealError, at
from explorer.engine.core.i18n import N_, NC_, Code, Msg

UPCARD_INDEX = 20
"""Card 21 of the dealt order (index 20) is turned face up: the upcard."""

FIRST_ROUND_CARDS = 3
"""Cards each seat receives first, from the dealer's right round."""

SECOND_ROUND_CARDS = 2
"""Cards each seat receives next: five each before the bidding."""

TAKER_COMPLETION = 2
"""Cards the taker receives from the deck at completion, besides the upcard."""

OTHER_COMPLETION = 3
"""Cards every other seat receives at completion."""

Seed = int | str | bytes | None
"""Anything :class:`random.Random` accepts as a seed."""


class DealRound(Titled):
    """When a card leaves the deck; the value is how a lesson names the round, the title the same words (a
    msgid, context ``DealRound``), the doc the round in one sentence."""

    FIRST_THREE = ("first 3", NC_("DealRound", "first 3"),
                   N_("Three cards to each seat, starting with the dealer's right."))
    THEN_TWO = ("then 2", NC_("DealRound", "then 2"),
                N_("Then two cards to each seat in the same order, five each."))
    UPCARD = ("upcard", NC_("DealRound", "upcard"),
              N_("Card 21 is turned face up: the upcard the bidding is about."))
    COMPLETION = ("completion", NC_("DealRound", "completion"),
                  N_("After the bidding the taker gets the upcard plus 2 cards, every other seat 3."))


@dataclass(frozen=True, slots=True)
class DealStep:
    """One card's move: where it lay, the round, the seat receiving it (None: face up) and the order."""

    order: int
    card: Card
    position: int
    shuffled_position: int
    round: DealRound
    seat: Seat | None

    def describe(self) -> Msg:
        """The step in words, e.g. ``card 1 (7S): first 3 to E``."""
        if self.seat is None:
            return Msg("card {n} ({card}): {round} face up on the table", n=self.position + 1, card=self.card,
                       round=self.round)
        return Msg("card {n} ({card}): {round} to {seat}", n=self.position + 1, card=self.card, round=self.round,
                   seat=self.seat)


class _Steps:
    """Hands and card journeys read from ``steps`` (shared by :class:`Deal` and :class:`CompletedDeal`)."""

    steps: tuple[DealStep, ...]

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards a seat holds (five before the completion, eight after), in the order received."""
        return tuple(s.card for s in self.steps if s.seat is seat)

    def hands(self) -> dict[Seat, tuple[Card, ...]]:
        """Every seat's cards, seats in S E N W order."""
        return {seat: self.hand(seat) for seat in SEATS}

    def journey(self, card: Card | str) -> tuple[DealStep, ...]:
        """The steps of one card: one, or two for the upcard after the completion (face up, then to the taker)."""
        card = Card.parse(card)
        return tuple(s for s in self.steps if s.card == card)


@dataclass(frozen=True)
class Deal(_Steps):
    """The deal before the bidding: five cards each and the upcard, with every step as data."""

    dealer: Seat
    cut: int
    shuffled: tuple[Card, ...]
    steps: tuple[DealStep, ...]

    @property
    def cutter(self) -> Seat:
        """The dealer's left neighbour, who cuts."""
        return cutter(self.dealer)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck after the cut, top card first: the order the cards are dealt in."""
        return cut_deck(self.shuffled, self.cut)

    @property
    def upcard(self) -> Card:
        """Card 21, face up."""
        return self.deck[UPCARD_INDEX]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The 11 cards held back for the completion, top first."""
        return self.deck[UPCARD_INDEX + 1:]



@dataclass(frozen=True)
class CompletedDeal(_Steps):
    """The deal after the completion: eight cards each; ``steps`` holds all 33 moves (the upcard moves twice)."""

    deal: Deal
    taker: Seat
    steps: tuple[DealStep, ...]

    @property
    def dealer(self) -> Seat:
        """The dealer of the deal."""
        return self.deal.dealer

    @property
    def upcard(self) -> Card:
        """The card that lay face up and went to the taker."""
        return self.deal.upcard



def shuffled_deck(seed: Seed = None) -> tuple[Card, ...]:
    """The 32 cards in the order ``random.Random(seed)`` shuffles them, top card first.

    >>> shuffled_deck(7) == shuffled_deck(7), sorted(shuffled_deck(7), key=lambda c: c.code) == list(DECK)
    (True, True)
    """
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return tuple(deck)


def first_dealer(seed: Seed = None) -> Seat:
    """A random first dealer, chosen by ``random.Random(seed)``.

    >>> first_dealer(3) == first_dealer(3)
    True
    """
    return random.Random(seed).choice(SEATS)


def next_dealer(dealer: Seat) -> Seat:
    """The deal rotates to the dealer's right (also after everyone passed twice).

    >>> next_dealer(Seat.S)
    <Seat.E: 'E'>
    """
    return dealer.right


def dealers(first: Seat, count: int) -> list[Seat]:
    """The dealers of ``count`` successive deals, starting with ``first``.

    >>> [s.value for s in dealers(Seat.N, 5)]
    ['N', 'W', 'S', 'E', 'N']
    """
    out: list[Seat] = []
    seat = first
    for _ in range(count):
        out.append(seat)
        seat = next_dealer(seat)
    return out


def cutter(dealer: Seat) -> Seat:
    """The seat that cuts: the dealer's left neighbour.

    >>> cutter(Seat.S)
    <Seat.W: 'W'>
    """
    return dealer.left


def cut_deck(deck: Sequence[Card], position: int) -> tuple[Card, ...]:
    """Cut the deck: the top ``position`` cards go under the rest (0 leaves it as it is).

    >>> format_cards(cut_deck(cards("7S 8S 9S TS JS"), 2))
    '9S TS JS 7S 8S'
    """
    n = len(deck)
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < max(n, 1):
        raise DealError("cut {value} is not a cut position (use 0 to {last}: how many cards are lifted from the top "
                        "and put under)", value=repr(position), last=max(n - 1, 0))
    return tuple(deck[position:]) + tuple(deck[:position])


def _check_deck(deck: Sequence[Card]) -> tuple[Card, ...]:
    got = tuple(Card.parse(c) for c in deck)
    if len(got) != len(DECK):
        raise DealError(Msg("a deck has {n} cards, not {got}", n=len(DECK), got=len(got)))
    seen: set[Card] = set()
    for i, c in enumerate(got):
        if c in seen:
            raise DealError(Msg("{where}: {card} appears twice", where=Code(f"deck[{i}]"), card=c))
        seen.add(c)
    return got


def deal_cards(deck: Sequence[Card], dealer: Seat, *, cut: int = 0) -> Deal:
    """Cut ``deck`` (top card first) and deal 3 then 2 to each seat from the dealer's right; card 21 face up.

    >>> d = deal_cards(DECK, Seat.W, cut=8)     # the spades go under; S is the dealer's right
    >>> format_cards(d.hand(Seat.S)), d.upcard
    ('7H 8H 9H JD QD', Card.parse('JC'))
    """
    shuffled = _check_deck(deck)
    dealer = Seat.parse(dealer) if not isinstance(dealer, Seat) else dealer
    order = priority_order(dealer)
    cut_order = cut_deck(shuffled, cut)
    steps: list[DealStep] = []

    def shuffled_pos(p: int) -> int:
        return (p + cut) % len(shuffled)

    for rnd, count in ((DealRound.FIRST_THREE, FIRST_ROUND_CARDS), (DealRound.THEN_TWO, SECOND_ROUND_CARDS)):
        for seat in order:
            for _ in range(count):
                p = len(steps)
                steps.append(DealStep(p, cut_order[p], p, shuffled_pos(p), rnd, seat))
    steps.append(DealStep(UPCARD_INDEX, cut_order[UPCARD_INDEX], UPCARD_INDEX,
                          shuffled_pos(UPCARD_INDEX), DealRound.UPCARD, None))
    return Deal(dealer, cut, shuffled, tuple(steps))


def new_deal(seed: Seed = None, *, dealer: Seat | None = None, cut: int | None = None) -> Deal:
    """A seeded deal: shuffle with ``random.Random(seed)``, then (when not given) a random dealer and cut.

    >>> new_deal(11) == new_deal(11)
    True
    >>> new_deal(11, dealer=Seat.S, cut=0).shuffled == shuffled_deck(11)
    True
    """
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    if dealer is None:
        dealer = rng.choice(SEATS)
    if cut is None:
        cut = rng.randint(1, len(DECK) - 1)
    return deal_cards(deck, dealer, cut=cut)


def taker_for(caller: Seat, *, ashkal: bool = False) -> Seat:
    """The seat that receives the upcard: the caller, or in Ashkal the caller's partner.

    >>> taker_for(Seat.W, ashkal=True)
    <Seat.E: 'E'>
    """
    return caller.partner if ashkal else caller


def complete(deal: Deal, taker: Seat) -> CompletedDeal:
    """Complete the hands from the dealer's right round: the taker gets the upcard plus 2, every other seat 3.

    >>> done = complete(deal_cards(DECK, Seat.S), Seat.S)
    >>> [str(s.describe()) for s in done.journey("JD")]
    ['card 21 (JD): upcard face up on the table', 'card 21 (JD): completion to S']
    """
    if not isinstance(taker, Seat):
        raise DealError("taker {value} is not a seat (use S, E, N or W)", value=repr(taker))
    cut_order = deal.deck
    steps = list(deal.steps)
    up = steps[UPCARD_INDEX]
    p = UPCARD_INDEX + 1
    for seat in priority_order(deal.dealer):
        if seat is taker:
            steps.append(DealStep(len(steps), up.card, up.position, up.shuffled_position,
                                  DealRound.COMPLETION, seat))
            count = TAKER_COMPLETION
        else:
            count = OTHER_COMPLETION
        for _ in range(count):
            steps.append(DealStep(len(steps), cut_order[p], p, (p + deal.cut) % len(cut_order),
                                  DealRound.COMPLETION, seat))
            p += 1
    return CompletedDeal(deal, taker, tuple(steps))


def hands_from_deck(deck: Iterable[Card], *, cut: int | None, dealer: Seat | None, contract: Any = None,
                    taker: Seat | None = None, path: str = "deck"
                    ) -> tuple[dict[Seat, list[Card]], list[str]]:
    """The eight-card hands a recorded deck deals (for scenarios): hands and one problem line each.

    ``taker`` defaults to ``contract.buyer`` (the upcard goes to the declarer, also in Ashkal).

    >>> hands, problems = hands_from_deck(DECK, cut=0, dealer=Seat.S, taker=Seat.N)
    >>> format_cards(hands[Seat.N]), problems
    ('TS JS QS KH AH JD 7C 8C', [])
    """
    problems: list[str] = []
    items = list(deck)
    if dealer is None:
        problems.append(at(path, Msg("dealing needs the dealer (dealer:)")))
    if taker is None and contract is not None:
        taker = getattr(contract, "buyer", None)
    if taker is None:
        problems.append(at(path, Msg("dealing needs the seat that takes the upcard (the contract's buyer)")))
    try:
        _check_deck(items)
    except DealError as e:
        problems.append(at(path, e.msg))
    position = 0 if cut is None else cut
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < len(DECK):
        problems.append(at("cut", Msg("{value} is not a cut position (use 0 to {last})", value=repr(position),
                                      last=len(DECK) - 1)))
    if problems:
        return {}, problems
    done = complete(deal_cards(items, dealer, cut=position), taker)
    return {seat: list(hand) for seat, hand in done.hands().items()}, []


def deal_table(steps: Iterable[DealStep]) -> list[dict[str, Any]]:
    """The steps as rows (order, card, position, shuffled_position, round, seat) for a table or JSON."""
    return [{"order": s.order, "card": str(s.card), "position": s.position,
             "shuffled_position": s.shuffled_position, "round": s.round.value,
             "seat": s.seat.value if s.seat else None} for s in steps]


def count_by_round(steps: Iterable[DealStep]) -> Mapping[DealRound, int]:
    """How many moves each round made (33 after completion: 12 + 8 + 1 + 12).

    >>> {r.value: n for r, n in count_by_round(complete(new_deal(1), Seat.E).steps).items()}
    {'first 3': 12, 'then 2': 8, 'upcard': 1, 'completion': 12}
    """
    out = {r: 0 for r in DealRound}
    for s in steps:
        out[s.round] += 1
    return out
