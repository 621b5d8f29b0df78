"""Exact chances of holding projects, by counting hands (not by sampling).

A hand is a set of ``cards`` cards (8 for a whole hand, 5 for the first five cards dealt) drawn
from the 32-card deck; every such set is equally likely. For each suit, the cards of that suit
form a *pattern* of ranks: one of 2^8 = 256 subsets. An event that is a condition on each
suit's pattern separately is counted exactly by multiplying four polynomials, one per suit, whose
coefficient of x^j is the number of patterns of j cards meeting the condition; the coefficient of
x^cards in the product is the number of hands. Four of a kind (all four suits hold a rank) is a
condition that every suit's pattern contains that rank, so it is counted the same way, and a
"none of these four of a kind" condition by inclusion–exclusion over the ranks.

What the events mean (each kind counted on its own, so one card may count both in a run and in
a four of a kind, and a hand may hold several kinds at once):

- ``sira``, ``fifty``, ``hundred_run``: a suit shows this kind by its runs alone (project order
  A K Q J 10 9 8 7): a run of 3 is a Sira, 4 a Fifty, 5 to 7 a Hundred, all 8 cards of a suit a
  Hundred and a Sira.
- ``hundred_four``: four Kings, Queens, Jacks or Tens (a Hundred).
- ``four_aces``: four Aces (Four Hundred in Sun, a Hundred in Hokum).
- ``baloot``: the King and Queen of a given trump suit (the same for every suit).
- ``any_project``: a run of 3 or more, or four of a kind of A, K, Q, J or 10.

>>> probability("four_aces", cards=8)
Fraction(7, 3596)
>>> probability("baloot", cards=8)
Fraction(7, 124)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

from explorer.engine.core.cards import Rank, Suit
from explorer.engine.core.tables import FOUR_KIND_RANKS, PROJECT_ORDER

FULL_RANKS: tuple[Rank, ...] = tuple(reversed(PROJECT_ORDER))
"""The deck's ranks, lowest first in project order: 7 8 9 10 J Q K A (bit i of a pattern is rank i)."""

EVENTS: tuple[str, ...] = ("sira", "fifty", "hundred_run", "hundred_four", "four_aces", "baloot", "any_project")
"""The events :func:`probability` counts, in display order."""

EVENT_TITLES: dict[str, str] = {
    "sira": "Sira (run of 3)",
    "fifty": "Fifty (run of 4)",
    "hundred_run": "Hundred (run of 5 or more)",
    "hundred_four": "Hundred (four K, Q, J or 10)",
    "four_aces": "Four Aces (Four Hundred in Sun)",
    "baloot": "Baloot (trump K and Q)",
    "any_project": "Any project",
}
"""How the charts name each event."""

HAND_SIZES: tuple[int, ...] = (8, 5)
"""A whole hand, and the first five cards dealt before the bidding."""

RUN_KINDS: dict[int, tuple[str, ...]] = {3: ("sira",), 4: ("fifty",), 5: ("hundred_run",), 6: ("hundred_run",),
                                        7: ("hundred_run",), 8: ("hundred_run", "sira")}
"""What a maximal run of each length shows: the rest of a run longer than 5 makes a Sira only
when 3 cards are left (our reading, as in ``projects.declared_projects``)."""


@dataclass(frozen=True)
class Deck:
    """A deck of four suits and ``ranks`` (consecutive in project order, lowest first).

    The full deck is the default; the tests count smaller decks by brute force.
    """

    ranks: tuple[Rank, ...] = FULL_RANKS

    def __post_init__(self) -> None:
        idx = [FULL_RANKS.index(r) for r in self.ranks]
        if not idx or idx != list(range(idx[0], idx[0] + len(idx))):
            raise ValueError("a deck's ranks must be consecutive in project order, lowest first")

    @property
    def size(self) -> int:
        """Cards in the deck."""
        return 4 * len(self.ranks)

    def bit(self, rank: Rank) -> int:
        """The pattern bit of a rank, or 0 when the deck has no such rank."""
        return 1 << self.ranks.index(rank) if rank in self.ranks else 0


FULL_DECK = Deck()


def maximal_runs(pattern: int, width: int) -> list[int]:
    """Lengths of the maximal runs of consecutive set bits in a suit pattern.

    >>> maximal_runs(0b11101111, 8)
    [4, 3]
    """
    out, n = [], 0
    for i in range(width + 1):
        if i < width and pattern >> i & 1:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out


def suit_shows(pattern: int, width: int) -> frozenset[str]:
    """The run kinds a suit pattern shows by itself (see :data:`RUN_KINDS`)."""
    return frozenset(k for n in maximal_runs(pattern, width) for k in RUN_KINDS.get(n, ()))


Predicate = Callable[[int], bool]


def _suit_poly(width: int, pred: Predicate, required: int) -> list[int]:
    """Coefficient j: the patterns of j cards that meet ``pred`` and hold every rank of ``required``."""
    out = [0] * (width + 1)
    for p in range(1 << width):
        if p & required == required and pred(p):
            out[p.bit_count()] += 1
    return out


def _mul(a: Sequence[int], b: Sequence[int], top: int) -> list[int]:
    out = [0] * (top + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if i + j > top:
                    break
                out[i + j] += x * y
    return out


def count_hands(cards: int, preds: Sequence[Predicate], required: Sequence[int] = (0, 0, 0, 0), *,
                deck: Deck = FULL_DECK) -> int:
    """Hands of ``cards`` cards where suit ``s``'s pattern meets ``preds[s]`` and holds ``required[s]``.

    >>> count_hands(8, [lambda p: True] * 4) == comb(32, 8)
    True
    """
    width = len(deck.ranks)
    poly = [1]
    for pred, req in zip(preds, required):
        poly = _mul(poly, _suit_poly(width, pred, req), cards)
    return poly[cards] if cards < len(poly) else 0


def _any(_: int) -> bool:
    return True


def _no_run(p: int) -> bool:
    """No three consecutive ranks in the pattern."""
    return not (p & (p >> 1) & (p >> 2))


def _four_kind_bits(deck: Deck, ranks: Sequence[Rank]) -> list[int]:
    return [deck.bit(r) for r in ranks if deck.bit(r)]


def _none_of_four_kinds(cards: int, pred: Predicate, bits: Sequence[int], deck: Deck) -> int:
    """Hands whose every suit meets ``pred`` and that hold no four of a kind among ``bits``."""
    total = 0
    for k in range(len(bits) + 1):
        for chosen in combinations(bits, k):
            req = sum(chosen)
            total += (-1) ** k * count_hands(cards, [pred] * 4, [req] * 4, deck=deck)
    return total


def count_event(event: str, cards: int = 8, *, trump: Suit = Suit.H, deck: Deck = FULL_DECK) -> int:
    """The number of ``cards``-card hands of ``deck`` holding ``event`` (one of :data:`EVENTS`)."""
    width = len(deck.ranks)
    total = comb(deck.size, cards)
    if event in ("sira", "fifty", "hundred_run"):
        return total - count_hands(cards, [lambda p: event not in suit_shows(p, width)] * 4, deck=deck)
    if event == "hundred_four":
        bits = _four_kind_bits(deck, [r for r in FOUR_KIND_RANKS if r is not Rank.ACE])
        return total - _none_of_four_kinds(cards, _any, bits, deck)
    if event == "four_aces":
        bit = deck.bit(Rank.ACE)
        return count_hands(cards, [_any] * 4, [bit] * 4, deck=deck) if bit else 0
    if event == "baloot":
        kq = deck.bit(Rank.KING) | deck.bit(Rank.QUEEN)
        if not (deck.bit(Rank.KING) and deck.bit(Rank.QUEEN)):
            return 0
        s = list(Suit).index(trump)
        return count_hands(cards, [_any] * 4, [kq if i == s else 0 for i in range(4)], deck=deck)
    if event == "any_project":
        bits = _four_kind_bits(deck, FOUR_KIND_RANKS)
        return total - _none_of_four_kinds(cards, _no_run, bits, deck)
    raise ValueError(f"unknown event {event!r} (use {', '.join(EVENTS)})")


@cache
def probability(event: str, cards: int = 8, *, trump: Suit = Suit.H, deck: Deck = FULL_DECK) -> Fraction:
    """The exact chance that a hand of ``cards`` cards holds ``event``."""
    return Fraction(count_event(event, cards, trump=trump, deck=deck), comb(deck.size, cards))


@dataclass(frozen=True)
class ExactRow:
    """One exact probability: the event, the hand size, the count of hands and the fraction."""

    event: str
    title: str
    cards: int
    count: int
    total: int
    fraction: Fraction
    seconds: float

    @property
    def value(self) -> float:
        return float(self.fraction)

    @property
    def one_in(self) -> float:
        """'1 in N' for a rare event."""
        return float(1 / self.fraction) if self.fraction else float("inf")


def exact_table(hand_sizes: Sequence[int] = HAND_SIZES, *, trump: Suit = Suit.H,
                deck: Deck = FULL_DECK) -> list[ExactRow]:
    """Every event for every hand size, with the time each count took (seconds)."""
    rows = []
    for cards in hand_sizes:
        for event in EVENTS:
            t0 = time.perf_counter()
            count = count_event(event, cards, trump=trump, deck=deck)
            dt = time.perf_counter() - t0
            total = comb(deck.size, cards)
            rows.append(ExactRow(event, EVENT_TITLES[event], cards, count, total, Fraction(count, total), dt))
    return rows
