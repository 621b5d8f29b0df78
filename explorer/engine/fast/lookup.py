"""The fast simulator's lookup tables: numpy arrays by card code, seat or level, built at import.

A hand is a 32-bit mask of :attr:`Card.code` bits (suit-major, so each suit is one byte). Every table
here is read off the engine: card strengths and points from :mod:`~explorer.engine.core.tables`, the
Baloot cards from :func:`~explorer.engine.rules.projects.has_baloot`, the conversion and the tie
units from :mod:`~explorer.engine.rules.scoring`, the seats' priority from
:func:`~explorer.engine.core.cards.priority_order` and Ekka from
:func:`~explorer.engine.rules.play.ekka_problem`. The simulator writes no rule value of its own.

>>> [DECK[c].code for c in range(3)], int(POP16[0b1011]), int(CONVERT[1, 78])
([0, 1, 2], 3, 8)
"""

from __future__ import annotations

from functools import cache

import numpy as np

from explorer.engine.core.cards import DECK, SEATS, SUITS, Rank, priority_order
from explorer.engine.core.contract import LEVELS, Level
from explorer.engine.core.tables import RAW_TOTAL, Mode, card_points, strength
from explorer.engine.rules.play import ekka_problem
from explorer.engine.rules.projects import has_baloot
from explorer.engine.rules.scoring import convert, tie_by_units

MODES = (Mode.SUN, Mode.HOKUM)
"""Mode index 0 is Sun, 1 is Hokum (as in :attr:`SimResult.hokum`)."""

NO_TRUMP = 4
"""The trump index of a Sun deal (``SUITS`` are 0..3)."""

FULL = np.uint32(0xFFFFFFFF)

# --- cards, by code 0..31 -----------------------------------------------------------------------

SUIT_OF = np.array([c // 8 for c in range(32)], dtype=np.int64)
PLAIN_STR = np.array([strength(c.rank, trump=False) for c in DECK], dtype=np.int64)
TRUMP_STR = np.array([strength(c.rank, trump=True) for c in DECK], dtype=np.int64)
PLAIN_PTS = np.array([card_points(c.rank, trump=False) for c in DECK], dtype=np.int64)
TRUMP_PTS = np.array([card_points(c.rank, trump=True) for c in DECK], dtype=np.int64)
IS_ACE = np.array([c.rank is Rank.ACE for c in DECK])
ACE_MASK = np.uint32(sum(1 << c for c in range(32) if IS_ACE[c]))
BIT = np.array([1 << c for c in range(32)], dtype=np.uint32)
SUIT_MASK = np.array([0xFF << (8 * s) for s in range(4)] + [0], dtype=np.uint32)
"""Each suit's cards; index 4 is the empty mask: the 'trump suit' of a Sun deal."""
TRUMP_POWER = 16
"""Added to a trump's strength so that any trump beats any plain card."""


def _higher(table: np.ndarray) -> np.ndarray:
    """For each card, the mask of the cards of its suit that are stronger by ``table``."""
    out = np.zeros(32, dtype=np.uint32)
    for c in range(32):
        for d in range(32):
            if d // 8 == c // 8 and table[d] > table[c]:
                out[c] |= np.uint32(1 << d)
    return out


HIGHER_TRUMP = _higher(TRUMP_STR)
HIGHER_PLAIN = _higher(PLAIN_STR)


def _needed(holds, universe: frozenset = frozenset(DECK)) -> int | None:
    """The mask of the cards of ``universe`` that ``holds`` cannot do without (taking any one of them away
    makes it fail), or None when it fails even with all of them."""
    if not holds(universe):
        return None
    return sum(1 << c.code for c in universe if not holds(universe - {c}))


BALOOT_MASK = np.array([_needed(lambda cs, s=s: has_baloot(cs, s)) for s in SUITS] + [0], dtype=np.uint32)
"""The cards of Baloot, by trump index (the trump K and Q; none in Sun), as ``has_baloot`` finds them."""


def _ekka_need(lead, mode: Mode, trump) -> int:
    """The cards of the lead's suit that must be among the earlier tricks' for an Ekka on ``lead`` to hold
    (every card, the lead included, when it never holds), found by asking ``ekka_problem``."""
    others = frozenset(d for d in DECK if d.suit is lead.suit and d is not lead)
    rest = frozenset(DECK) - {lead}

    def holds(played: frozenset) -> bool:
        return ekka_problem(lead, rest - (others - played), mode, trump) is None

    need = _needed(holds, others)
    return int(FULL) if need is None else need


@cache
def ekka_needs() -> np.ndarray:
    """``needs[trump, card]``: the cards that must be among the earlier tricks' for an Ekka on ``card`` to
    hold, by trump index (4: Sun), read off :func:`~explorer.engine.rules.play.ekka_problem`.

    An Ekka that can never hold (on a trump) needs every card, the lead itself included, so
    ``needs & ~played`` is never empty for it. Built on first use (about 900 calls of the engine).
    """
    return np.array([[_ekka_need(lead, *((Mode.SUN, None) if t == NO_TRUMP else (Mode.HOKUM, SUITS[t])))
                      for lead in DECK] for t in range(5)], dtype=np.uint32)


# --- counting bits and picking one ---------------------------------------------------------------

POP8 = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)
POP16 = (POP8[:, None] + POP8[None, :]).reshape(-1)
"""Popcount of each 16-bit value."""
SEL8 = np.zeros((256, 8), dtype=np.int64)
"""``SEL8[b, k]``: the position of the ``k``-th set bit of byte ``b`` (lowest first)."""
for _b in range(256):
    for _j, _bit in enumerate(i for i in range(8) if _b >> i & 1):
        SEL8[_b, _j] = _bit
SHIFTS = np.array([0, 8, 16, 24], dtype=np.uint32)


def popcount(masks: np.ndarray) -> np.ndarray:
    """The number of cards in each mask."""
    return POP16[masks & np.uint32(0xFFFF)] + POP16[masks >> np.uint32(16)]


def pick(masks: np.ndarray, u: np.ndarray) -> np.ndarray:
    """A uniformly random set bit of each (non-zero) mask, chosen by ``u`` in [0, 1).

    The ``k``-th set bit (lowest first, ``k = floor(u * popcount)``), found by halves then bytes.

    >>> pick(np.array([0b1010, 0b1010], dtype=np.uint32), np.array([0.2, 0.7])).tolist()
    [1, 3]
    """
    lo = masks & np.uint32(0xFFFF)
    hi = masks >> np.uint32(16)
    c_lo = POP16[lo]
    k = (u * (c_lo + POP16[hi])).astype(np.int64)
    upper = k >= c_lo
    half = np.where(upper, hi, lo)
    k = np.where(upper, k - c_lo, k)
    low_byte = half & np.uint32(0xFF)
    c_byte = POP8[low_byte]
    upper8 = k >= c_byte
    byte = np.where(upper8, half >> np.uint32(8), low_byte)
    return SEL8[byte, np.where(upper8, k - c_byte, k)] + np.where(upper, 16, 0) + np.where(upper8, 8, 0)


def names(mask: int) -> list[str]:
    """The cards of a mask as text, lowest code first."""
    return [str(DECK[c]) for c in range(32) if mask >> c & 1]


# --- scoring: by mode, raw points, seat and level ------------------------------------------------

CONVERT = np.array([[convert(r, m) for r in range(max(RAW_TOTAL.values()) + 1)] for m in MODES], dtype=np.int64)
"""``CONVERT[mode, raw]``: the counting team's game points (``scoring.convert``)."""
TIE_CODE = {"counting": 0, "other": 1, "buyer": 2}
TIE = np.array([[TIE_CODE[tie_by_units(u, m)] for u in range(10)] for m in MODES], dtype=np.int64)
"""``TIE[mode, units]``: who wins a tie by the counting team's raw units (``scoring.tie_by_units``)."""
SEAT_PRIORITY = np.array([[priority_order(d).index(s) for s in SEATS] for d in SEATS], dtype=np.int64)
"""``SEAT_PRIORITY[dealer, seat]``: 0 for the dealer's right .. 3 for the dealer (ties between projects)."""
LEVEL_MULT = np.array([lv.multiplier for lv in LEVELS], dtype=np.int64)
LEVEL_MULTIPLIED = np.array([lv.is_multiplied for lv in LEVELS])
LEVEL_BY_DOUBLER = np.array([lv.by_doubler for lv in LEVELS])
GAHWA = LEVELS.index(Level.GAHWA)
