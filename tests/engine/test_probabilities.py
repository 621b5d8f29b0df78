"""Exact project probabilities: the counting agrees with brute force and with a seeded simulation."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb, sqrt

import numpy as np
import pytest

from explorer.engine.core.cards import Rank, Suit
from explorer.engine.core.tables import Mode
from explorer.engine.fast.probabilities import (
    EVENTS,
    FULL_RANKS,
    Deck,
    count_event,
    exact_table,
    probability,
    suit_shows,
)
from explorer.engine.fast.projects import suit_runs_table
from explorer.engine.fast.simulate import simulate

SMALL_DECKS = [
    pytest.param(Deck(FULL_RANKS[3:]), 5, id="5-ranks-5-cards"),        # 10 J Q K A: 20 cards
    pytest.param(Deck(FULL_RANKS[4:]), 8, id="4-ranks-8-cards"),        # J Q K A: two four of a kind fit
    pytest.param(Deck(FULL_RANKS[2:]), 5, id="6-ranks-5-cards"),        # 9 10 J Q K A: 24 cards
    pytest.param(Deck(FULL_RANKS[:5]), 6, id="low-5-ranks-6-cards"),    # 7 8 9 10 J: no K, Q or A
]


def _brute_events(hand: tuple[tuple[int, int], ...], ranks: tuple[Rank, ...], trump: int) -> set[str]:
    """The events of one hand, read straight from its cards (rank index, suit index)."""
    out = set()
    by_suit: dict[int, list[int]] = {}
    for r, s in hand:
        by_suit.setdefault(s, []).append(r)
    for rs in by_suit.values():
        rs = sorted(rs)
        runs, start = [], 0
        for i in range(1, len(rs) + 1):
            if i == len(rs) or rs[i] != rs[i - 1] + 1:
                runs.append(i - start)
                start = i
        for n in runs:
            if n == 3:
                out.add("sira")
            elif n == 4:
                out.add("fifty")
            elif n >= 5:
                out.add("hundred_run")
            if n == 8:
                out.add("sira")
            if n >= 3:
                out.add("any_project")
    counts: dict[Rank, int] = {}
    for r, _ in hand:
        counts[ranks[r]] = counts.get(ranks[r], 0) + 1
    for rank, n in counts.items():
        if n == 4 and rank in (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN):
            out |= {"hundred_four", "any_project"}
        if n == 4 and rank is Rank.ACE:
            out |= {"four_aces", "any_project"}
    if any(ranks[r] is Rank.KING and s == trump for r, s in hand) and \
            any(ranks[r] is Rank.QUEEN and s == trump for r, s in hand):
        out.add("baloot")
    return out


@pytest.mark.parametrize(("deck", "cards"), SMALL_DECKS)
def test_counting_agrees_with_brute_force_on_a_small_deck(deck, cards):
    all_cards = [(r, s) for s in range(4) for r in range(len(deck.ranks))]
    brute = dict.fromkeys(EVENTS, 0)
    for hand in combinations(all_cards, cards):
        for e in _brute_events(hand, deck.ranks, trump=1):
            brute[e] += 1
    counted = {e: count_event(e, cards, trump=Suit.H, deck=deck) for e in EVENTS}
    assert counted == brute


def test_closed_forms_on_the_full_deck():
    for n in (5, 8):
        assert probability("four_aces", n) == Fraction(comb(28, n - 4), comb(32, n))
        assert probability("baloot", n) == Fraction(comb(30, n - 2), comb(32, n))
        assert probability("baloot", n, trump=Suit.C) == probability("baloot", n, trump=Suit.S)
        four = sum((-1) ** (k + 1) * comb(4, k) * comb(32 - 4 * k, n - 4 * k) for k in (1, 2) if 4 * k <= n)
        assert probability("hundred_four", n) == Fraction(four, comb(32, n))
    assert probability("hundred_run", 5) == Fraction(4 * 4, comb(32, 5))       # 4 suits x 4 runs of 5
    assert probability("any_project", 8) > probability("sira", 8) > probability("fifty", 8)


def test_a_suit_shows_what_the_simulators_best_split_shows():
    table = suit_runs_table()[(Mode.SUN, False)]
    names = {3: "sira", 4: "fifty", 5: "hundred_run"}
    for b in range(256):
        assert suit_shows(b, 8) == {names[n] for _, n in table[b].runs}, bin(b)


def test_exact_table_covers_every_event_for_both_hand_sizes():
    rows = exact_table()
    assert [(r.cards, r.event) for r in rows] == [(n, e) for n in (8, 5) for e in EVENTS]
    assert all(0 < r.fraction < 1 and r.count == r.fraction * r.total for r in rows)


def _events_of_masks(masks: np.ndarray) -> dict[str, np.ndarray]:
    """The events of many hands (uint32 masks), by bit tricks independent of the counting code."""
    b = ((masks[:, None] >> np.array([0, 8, 16, 24], dtype=np.uint32)) & 0xFF).astype(np.int64)

    def runs_at_least(n):
        m = b.copy()
        for i in range(1, n):
            m &= b >> i
        return m != 0

    def exact_run(n):                           # a maximal run of exactly n bits somewhere in the byte
        block = (1 << n) - 1
        hit = np.zeros(b.shape, dtype=bool)
        for lo in range(0, 9 - n):
            found = (b >> lo) & block == block
            if lo > 0:
                found &= (b >> (lo - 1) & 1) == 0
            if lo + n < 8:
                found &= (b >> (lo + n) & 1) == 0
            hit |= found
        return hit

    four = b[:, 0] & b[:, 1] & b[:, 2] & b[:, 3]
    out = {
        "sira": (exact_run(3) | (b == 0xFF)).any(axis=1),
        "fifty": exact_run(4).any(axis=1),
        "hundred_run": runs_at_least(5).any(axis=1),
        "hundred_four": (four & 0b01111000) != 0,
        "four_aces": (four & 0b10000000) != 0,
        "baloot": (b[:, 1] & 0b01100000) == 0b01100000,              # hearts K and Q
    }
    out["any_project"] = runs_at_least(3).any(axis=1) | ((four & 0b11111000) != 0)
    return out


def test_a_large_seeded_simulation_falls_within_the_confidence_interval():
    r = simulate(30000, seed=2718)
    bits = (np.uint32(1) << r.deck.astype(np.uint32))
    for cards in (8, 5):
        # the four hands of every deal; for 5 cards, the first five cards each seat was dealt
        masks = np.concatenate([np.bitwise_or.reduce(bits[:, 8 * s:8 * s + cards], axis=1) for s in range(4)])
        if cards == 8:
            assert (masks == r.hands.T.reshape(-1)).all()
        got = _events_of_masks(masks)
        n = masks.shape[0]
        for e in EVENTS:
            p = float(probability(e, cards))
            se = sqrt(p * (1 - p) / n)
            assert abs(got[e].mean() - p) <= 4.5 * se + 1e-9, (cards, e, got[e].mean(), p)
