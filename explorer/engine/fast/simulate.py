"""Fast random legal deals for the charts: thousands of deals at once, in lock-step, on card codes.

Every deal is dealt at random (a uniformly random split of the 32 cards into four hands of 8),
gets a contract (random, or the one asked for) and a random dealer, and is played to the end by
four players who each pick uniformly at random among the cards the rules allow. Then it is
scored: projects (each seat shows the set :func:`~explorer.engine.rules.projects.find_projects` would
find), Baloot, conversion, comparison, tie rule, Kaboot and the award (undoubled, or at the
escalation level a play-out is given).

The play is vectorised with numpy: a hand is a 32-bit mask of :attr:`Card.code` bits (suit-major,
so each suit is one byte), all deals play trick 1 together, then trick 2, and so on, and the
cards each seat may play come from bit operations on precomputed tables. The checked engine
(:mod:`.play`, :mod:`.scoring`) stays the one source of the rules: :func:`sample_deal_docs`
writes simulated deals as ``deal`` scenarios and the tests pass them through
:func:`explorer.engine.files.scenario.check_doc`, which must agree card by card and point by point.

One play loop serves both :func:`simulate` (fresh random deals) and :func:`play_out`, which plays
given positions of one deal to the end and scores them: the hands each seat holds now (different in
every position), the cards played so far (a trick may be in progress), the contract and the
escalation (locked Hokum, Double to Gahwa), with random legal play or a :data:`Policy` passed in.
That is what a player's rollouts need: sample the hidden hands, play them out, read the scores.

Deals are reproducible from ``(deals, seed, mode, profile)``: they are made in chunks of
:data:`CHUNK` deals, chunk ``i`` drawing from ``numpy.random.default_rng([seed, i])``, so deal
``k`` is the same whatever the number of deals asked for.

>>> doc = random_deal(7, mode="hokum")
>>> doc["kind"], doc["contract"]["mode"], len(doc["tricks"]), sum(doc["expect"]["points"].values())
('deal', 'hokum', 8, 162)
>>> r = simulate(1000, seed=3, mode="sun")
>>> set((r.raw[:, 0] + r.raw[:, 1]).tolist())
{130}
"""

from __future__ import annotations

import contextlib
import csv
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, TextIO

import numpy as np

from explorer.engine.core.cards import DECK, RANKS, SEATS, SUITS, Card, Rank, Seat, Suit
from explorer.engine.core.contract import LEVELS, NO_ESCALATION, Contract, Escalation, Level
from explorer.engine.core.profiles import DEFAULT_PROFILE, ProfileError, RuleProfile, custom_profile
from explorer.engine.core.tables import (
    BALOOT_POINTS,
    FOUR_KIND_RANKS,
    GAME_POOL,
    KABOOT_AWARD,
    LAST_TRICK_BONUS,
    PROJECT_VALUES,
    REVERSE_KABOOT_AWARD,
    RUN_TYPE,
    Mode,
    ProjectType,
    card_points,
    strength,
)
from explorer.engine.rules.play import ekka_problem, play_tricks
from explorer.engine.rules.scoring import convert, tie_by_units

CHUNK = 10_000
"""Deals per chunk; chunk ``i`` of a run draws from ``default_rng([seed, i])``."""

HOKUM_SHARE = 0.5
"""When the mode is random: the chance that a deal is Hokum (else Sun)."""

MODES = (Mode.SUN, Mode.HOKUM)
"""Mode index 0 is Sun, 1 is Hokum (as in :attr:`SimResult.hokum`)."""

TEAM_NAMES = ("NS", "EW")
"""Team index 0 is NS (seats S and N, even indices), 1 is EW: ``team = seat & 1``."""

# --- card tables, by code 0..31 -----------------------------------------------------------------

_SUIT_OF = np.array([c // 8 for c in range(32)], dtype=np.int64)
_PLAIN_STR = np.array([strength(c.rank, trump=False) for c in DECK], dtype=np.int64)
_TRUMP_STR = np.array([strength(c.rank, trump=True) for c in DECK], dtype=np.int64)
_PLAIN_PTS = np.array([card_points(c.rank, trump=False) for c in DECK], dtype=np.int64)
_TRUMP_PTS = np.array([card_points(c.rank, trump=True) for c in DECK], dtype=np.int64)
_IS_ACE = np.array([c.rank is Rank.ACE for c in DECK])
_BIT = np.array([1 << c for c in range(32)], dtype=np.uint32)
_SUIT_MASK = np.array([0xFF << (8 * s) for s in range(4)] + [0], dtype=np.uint32)
"""Index 4 is the empty mask: the 'trump suit' of a Sun deal."""
_TRUMP_POWER = 16
"""Added to a trump's strength so that any trump beats any plain card."""


def _higher(table: np.ndarray) -> np.ndarray:
    """For each card, the mask of the cards of its suit that are stronger by ``table``."""
    out = np.zeros(32, dtype=np.uint32)
    for c in range(32):
        for d in range(32):
            if d // 8 == c // 8 and table[d] > table[c]:
                out[c] |= np.uint32(1 << d)
    return out


_HIGHER_TRUMP = _higher(_TRUMP_STR)
_HIGHER_PLAIN = _higher(_PLAIN_STR)
_KQ_MASK = np.array([(1 << (8 * s + RANKS.index(Rank.KING))) | (1 << (8 * s + RANKS.index(Rank.QUEEN)))
                     for s in range(4)] + [0], dtype=np.uint32)
_ACE_MASK = np.uint32(sum(1 << c for c in range(32) if _IS_ACE[c]))

_POP8 = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)
_SEL8 = np.zeros((256, 8), dtype=np.int64)
for _b in range(256):
    for _j, _bit in enumerate(i for i in range(8) if _b >> i & 1):
        _SEL8[_b, _j] = _bit
_SHIFTS = np.array([0, 8, 16, 24], dtype=np.uint32)

_CONVERT = np.array([[convert(r, m) for r in range(200)] for m in MODES], dtype=np.int64)
_TIE_CODE = {"counting": 0, "other": 1, "buyer": 2}
_TIE = np.array([[_TIE_CODE[tie_by_units(u, m)] for u in range(10)] for m in MODES], dtype=np.int64)
_POOL = np.array([GAME_POOL[m] for m in MODES], dtype=np.int64)
_KABOOT = np.array([KABOOT_AWARD[m] for m in MODES], dtype=np.int64)


_POP16 = (_POP8[:, None] + _POP8[None, :]).reshape(-1)
"""Popcount of each 16-bit value."""


def _pick(masks: np.ndarray, u: np.ndarray) -> np.ndarray:
    """A uniformly random set bit of each (non-zero) mask, chosen by ``u`` in [0, 1).

    The ``k``-th set bit (lowest first, ``k = floor(u * popcount)``), found by halves then bytes.
    """
    lo = masks & np.uint32(0xFFFF)
    hi = masks >> np.uint32(16)
    c_lo = _POP16[lo]
    k = (u * (c_lo + _POP16[hi])).astype(np.int64)
    upper = k >= c_lo
    half = np.where(upper, hi, lo)
    k = np.where(upper, k - c_lo, k)
    low_byte = half & np.uint32(0xFF)
    c_byte = _POP8[low_byte]
    upper8 = k >= c_byte
    byte = np.where(upper8, half >> np.uint32(8), low_byte)
    return _SEL8[byte, np.where(upper8, k - c_byte, k)] + np.where(upper, 16, 0) + np.where(upper8, 8, 0)


# --- projects by table lookup ------------------------------------------------------------------
# A suit's cards are one byte: bit i is RANKS[i] (7 8 9 T J Q K A), so a run in project order
# (A K Q J T 9 8 7) is a block of consecutive bits. Each of the 256 bytes gets its best split into
# runs of 3-5 once; four of a kind (A K Q J T in all four bytes) is tried on top of that.

_RUN_VALUE = {m: {n: PROJECT_VALUES[t][m] for n, t in RUN_TYPE.items()} for m in MODES}
_FK_BITS = tuple(RANKS.index(r) for r in FOUR_KIND_RANKS)
_FK_MASK = sum(1 << b for b in _FK_BITS)
_K_BIT, _Q_BIT, _A_BIT = RANKS.index(Rank.KING), RANKS.index(Rank.QUEEN), RANKS.index(Rank.ACE)


def packed_project_key(value: int, *, four_kind: bool, top_bit: int, trump_first: bool = False) -> int:
    """One integer that orders projects as :func:`projects.project_key` does (without the seat).

    Value first, then (with trump priority) a trump-suit project, then four of a kind over a run,
    then the top card (``top_bit`` is its rank index in ``RANKS``, the Ace highest).

    >>> packed_project_key(10, four_kind=True, top_bit=6) > packed_project_key(10, four_kind=False, top_bit=7)
    True
    """
    return ((value * 2 + int(trump_first)) * 2 + int(four_kind)) * 8 + top_bit


def _fk_value(bit: int, mode: Mode) -> int:
    kind = ProjectType.FOUR_HUNDRED if bit == _A_BIT and mode is Mode.SUN else ProjectType.HUNDRED
    return PROJECT_VALUES[kind][mode]


def _decompositions(b: int) -> list[tuple[tuple[int, int], ...]]:
    """Every set of disjoint runs (lowest bit, length 3-5) inside byte ``b``, the empty set included."""
    if not b & (b >> 1) & (b >> 2):
        return [()]
    runs = [(lo, n) for n in (3, 4, 5) for lo in range(0, 9 - n) if (b >> lo) & ((1 << n) - 1) == (1 << n) - 1
            and not (n == 5 and (b >> (lo + 5)) & 1)]   # a Hundred is the top five of its run
    out: list[tuple[tuple[int, int], ...]] = [()]

    def grow(start: int, chosen: tuple[tuple[int, int], ...], used: int) -> None:
        for i in range(start, len(runs)):
            lo, n = runs[i]
            m = ((1 << n) - 1) << lo
            if not used & m:
                nxt = chosen + (runs[i],)
                out.append(nxt)
                grow(i + 1, nxt, used | m)

    grow(0, (), 0)
    return out


@dataclass(frozen=True)
class SuitRuns:
    """The best split of one suit's byte into runs, in one mode, with or without a live Baloot."""

    runs: tuple[tuple[int, int], ...]
    total: int
    value: int
    key: int
    absorbs_baloot: bool


def _best_splits(b: int) -> dict[tuple[Mode, bool], SuitRuns]:
    """The best split of byte ``b`` in each mode, with and without a live Baloot, ranked as
    ``find_projects`` ranks sets: total (Baloot included), then the best project, then fewer projects."""
    decs = _decompositions(b)
    out: dict[tuple[Mode, bool], SuitRuns] = {}
    for mode in MODES:
        values = _RUN_VALUE[mode]
        if len(decs) == 1:                                  # no run at all: the common case
            none = SuitRuns((), 0, 0, 0, False)
            out[(mode, False)] = none
            out[(mode, True)] = SuitRuns((), BALOOT_POINTS, 0, 0, False)
            continue
        scored = []
        for d in decs:
            value = sum(values[n] for _, n in d)
            absorbs = any(n == 5 and lo <= _Q_BIT and _K_BIT <= lo + 4 for lo, n in d)
            key = max((packed_project_key(values[n], four_kind=False, top_bit=lo + n - 1) for lo, n in d),
                      default=0)
            scored.append((d, value, absorbs, key))
        for live in (False, True):
            best: tuple | None = None
            for d, value, absorbs, key in scored:
                total = value + (BALOOT_POINTS if live and not absorbs else 0)
                rank = (total, key, -len(d))
                if best is None or rank > best:
                    best = rank
                    out[(mode, live)] = SuitRuns(tuple(sorted(d, key=lambda r: -(r[0] + r[1]))), total, value,
                                                 key, live and absorbs)
    return out


@cache
def suit_runs_table() -> dict[tuple[Mode, bool], tuple[SuitRuns, ...]]:
    """For each mode and Baloot state, the best :class:`SuitRuns` of each of the 256 suit bytes."""
    per_byte = [_best_splits(b) for b in range(256)]
    return {(m, live): tuple(p[(m, live)] for p in per_byte) for m in MODES for live in (False, True)}


def _table_arrays() -> tuple[np.ndarray, ...]:
    t = suit_runs_table()
    shape = (2, 2, 256)
    total, value, key, absorbs, count = (np.zeros(shape, dtype=np.int64) for _ in range(5))
    for mi, m in enumerate(MODES):
        for live in (0, 1):
            for b, sr in enumerate(t[(m, bool(live))]):
                total[mi, live, b], value[mi, live, b] = sr.total, sr.value
                key[mi, live, b], absorbs[mi, live, b] = sr.key, sr.absorbs_baloot
                count[mi, live, b] = len(sr.runs)
    return total, value, key, absorbs, count


_RT_TOTAL, _RT_VALUE, _RT_KEY, _RT_ABSORBS, _RT_COUNT = _table_arrays()
_FK_VALUE = np.array([[_fk_value(i, m) if i in _FK_BITS else 0 for i in range(8)] for m in MODES], dtype=np.int64)
_FK_KEY = np.array([[packed_project_key(_fk_value(i, m), four_kind=True, top_bit=i) if i in _FK_BITS else 0
                     for i in range(8)] for m in MODES], dtype=np.int64)
_FK_OPTIONS = [1 << i for i in _FK_BITS] + [(1 << i) | (1 << j) for x, i in enumerate(_FK_BITS)
                                            for j in _FK_BITS[x + 1:]]
"""The four of a kind a hand may show: one or two of A K Q J T (8 cards hold at most two)."""
_KQ_BITS = (1 << _K_BIT) | (1 << _Q_BIT)


@dataclass(frozen=True)
class HandProjectsFast:
    """What each hand shows, as arrays over hands: project value, best key (for the comparison),
    whether it holds Baloot and whether its shown projects absorb it, and the four of a kind used
    (a byte of rank bits)."""

    value: np.ndarray
    key: np.ndarray
    baloot: np.ndarray
    absorbed: np.ndarray
    four_kinds: np.ndarray


def _hand_bytes(masks: np.ndarray) -> np.ndarray:
    return ((masks[..., None] >> _SHIFTS) & np.uint32(0xFF)).astype(np.int64)


def _evaluate(b: np.ndarray, mi: np.ndarray, trump: np.ndarray, baloot: np.ndarray, used: np.ndarray | int,
              trump_priority: bool) -> tuple[np.ndarray, ...]:
    """Score of showing the four of a kind ``used`` plus each suit's best runs of what is left:
    (rank for the choice, project value, comparison key, Baloot absorbed)."""
    used = np.broadcast_to(np.asarray(used, dtype=np.int64), mi.shape)
    suit_is_trump = np.arange(4)[None, :] == trump[:, None]
    live = (suit_is_trump & (baloot & ((used & _KQ_BITS) == 0))[:, None]).astype(np.int64)
    left = b & ~used[:, None]
    m2 = mi[:, None]
    total = _RT_TOTAL[m2, live, left].sum(axis=1)
    value = _RT_VALUE[m2, live, left].sum(axis=1)
    count = _RT_COUNT[m2, live, left].sum(axis=1)
    skey = _RT_KEY[m2, live, left]
    key = skey.max(axis=1)
    cmp_key = (skey + np.where(suit_is_trump & (skey > 0), 16, 0)).max(axis=1) if trump_priority else key
    absorbed = (_RT_ABSORBS[m2, live, left] != 0).any(axis=1) | (baloot & ((used & _KQ_BITS) != 0))
    for i in _FK_BITS:
        has = (used >> i & 1) != 0
        v = np.where(has, _FK_VALUE[mi, i], 0)
        total, value, count = total + v, value + v, count + has
        k = np.where(has, _FK_KEY[mi, i], 0)
        key, cmp_key = np.maximum(key, k), np.maximum(cmp_key, k)
    rank = (total << 16) | (key << 4) | (15 - count)
    return rank, value, cmp_key, absorbed


def hand_projects(masks: np.ndarray, hokum: np.ndarray, trump: np.ndarray, *,
                  trump_priority: bool = False) -> HandProjectsFast:
    """Projects of many hands at once (any shape), by table lookup; agrees with ``find_projects``.

    ``masks`` are hand masks (uint32), ``hokum`` whether each hand's deal is Hokum, ``trump`` the
    trump suit index (4 in Sun), all broadcast to one shape. ``key`` includes the trump-suit bit
    when ``trump_priority`` is set (the profile option), for the comparison between seats.
    """
    masks = np.asarray(masks, dtype=np.uint32)
    shape = masks.shape
    hokum = np.broadcast_to(hokum, shape).reshape(-1).astype(bool)
    trump = np.broadcast_to(trump, shape).reshape(-1).astype(np.int64)
    masks = masks.reshape(-1)
    kq = _KQ_MASK[trump]
    baloot = hokum & (kq != 0) & ((masks & kq) == kq)
    b = _hand_bytes(masks)                                          # (n, 4 suits)
    mi = hokum.astype(np.int64)
    _, value, key, absorbed = _evaluate(b, mi, trump, baloot, 0, trump_priority)
    four_kinds = np.zeros(masks.shape[0], dtype=np.int64)
    fk = b[:, 0] & b[:, 1] & b[:, 2] & b[:, 3] & _FK_MASK
    idx = np.flatnonzero(fk)
    if idx.size:
        sb, smi, st, sbal, sfk = b[idx], mi[idx], trump[idx], baloot[idx], fk[idx]
        best_rank = _evaluate(sb, smi, st, sbal, 0, trump_priority)[0]
        best_used = np.zeros(idx.size, dtype=np.int64)
        sv, sk, sa = value[idx], key[idx], absorbed[idx]
        for used in _FK_OPTIONS:
            ok = (sfk & used) == used
            if not ok.any():
                continue
            rank, v, k, a = _evaluate(sb, smi, st, sbal, used, trump_priority)
            better = ok & (rank > best_rank)
            best_rank = np.where(better, rank, best_rank)
            sv, sk, sa = np.where(better, v, sv), np.where(better, k, sk), np.where(better, a, sa)
            best_used = np.where(better, used, best_used)
        value[idx], key[idx], absorbed[idx], four_kinds[idx] = sv, sk, sa, best_used
    return HandProjectsFast(value.reshape(shape), key.reshape(shape), baloot.reshape(shape),
                            (absorbed & baloot).reshape(shape), four_kinds.reshape(shape))



def shown_projects(mask: int, mode: Mode | str, trump: Suit | str | None = None) -> list[list[int]]:
    """The projects one hand shows, as lists of card codes (highest first), by the tables.

    >>> from explorer.engine.core.cards import cards
    >>> h = sum(1 << c.code for c in cards("AS KS QS JS 7H 8H 9H 7D"))
    >>> [[str(DECK[c]) for c in p] for p in shown_projects(h, "hokum", "S")]
    [['AS', 'KS', 'QS', 'JS'], ['9H', '8H', '7H']]
    """
    mode = Mode(mode) if isinstance(mode, str) else mode
    if mode is Mode.SUN or trump is None:
        t_idx = 4
    else:
        t_idx = SUITS.index(trump if isinstance(trump, Suit) else Suit.parse(trump))
    r = hand_projects(np.array([mask], dtype=np.uint32), np.array([mode is Mode.HOKUM]), np.array([t_idx]))
    used = int(r.four_kinds[0])
    b = [(mask >> (8 * s)) & 0xFF for s in range(4)]
    fk = [[s * 8 + i for s in range(4)] for i in range(7, -1, -1) if used >> i & 1]
    baloot = bool(r.baloot[0])
    absorbed_by_fk = bool(used & ((1 << _K_BIT) | (1 << _Q_BIT)))
    runs = []
    for s in range(4):
        live = baloot and s == t_idx and not absorbed_by_fk
        sr = suit_runs_table()[(mode, live)][b[s] & ~used]
        for lo, n in sr.runs:
            runs.append([s * 8 + i for i in range(lo + n - 1, lo - 1, -1)])
    return fk + runs


# --- the simulation ----------------------------------------------------------------------------

@dataclass
class SimResult:
    """Simulated deals as arrays, one row per deal. Seats and suits are indices into ``SEATS`` and
    ``SUITS``; teams are 0 = NS, 1 = EW; ``trump`` is 4 in Sun."""

    seed: int
    profile: RuleProfile
    deal: np.ndarray            # (n,) global deal number from 0
    dealer: np.ndarray          # (n,)
    hokum: np.ndarray           # (n,) bool
    trump: np.ndarray           # (n,) 0..3, 4 in Sun
    buyer: np.ndarray           # (n,)
    level: np.ndarray           # (n,) int8 escalation level, an index into contract.LEVELS (0: none)
    doubler: np.ndarray         # (n,) int8 the seat that said Double, -1 when none
    locked: np.ndarray          # (n,) bool: locked Hokum (no trump lead from a hand holding another suit)
    hands: np.ndarray           # (n, 4) uint32 original hands by seat
    deck: np.ndarray            # (n, 32) the shuffled deck: seat s holds deck[8s:8s+8], dealt in that order
    cards: np.ndarray           # (n, 8, 4) card codes in play order
    leaders: np.ndarray         # (n, 8)
    winners: np.ndarray         # (n, 8)
    ekka: np.ndarray            # (n, 8) bool: the leader announced a (valid) Ekka
    legal: np.ndarray           # (n, 8, 4) uint32: the cards the seat to play could play
    trick_points: np.ndarray    # (n, 8) raw points of each trick, the last with its 10
    raw: np.ndarray             # (n, 2) raw points by team, last trick included
    tricks_won: np.ndarray      # (n, 2)
    shown_value: np.ndarray     # (n, 4) project value each seat shows
    project_team: np.ndarray    # (n,) -1 when nobody showed a project
    project_points: np.ndarray  # (n, 2) project points each team scores (after priority)
    baloot_seat: np.ndarray     # (n,) -1 when nobody held trump K and Q
    baloot_points: np.ndarray   # (n, 2)
    converted: np.ndarray       # (n, 2)
    comparison: np.ndarray      # (n, 2)
    tie: np.ndarray             # (n,) bool: equal comparison, decided by the tie rule
    kaboot: np.ndarray          # (n,) sweeping team, -1 when none
    winner: np.ndarray          # (n,) team
    buyer_made: np.ndarray      # (n,) bool
    award: np.ndarray           # (n, 2); (0, 0) at Gahwa, a deal with no numeric award (read winner)

    def __len__(self) -> int:
        return int(self.deal.shape[0])

    @property
    def buyer_team(self) -> np.ndarray:
        return self.buyer & 1

    def columns(self) -> dict[str, list]:
        """One list per CSV column (plain Python values), in the column order of :data:`CSV_COLUMNS`."""
        return {k: v.tolist() for k, v in self.arrays().items()}

    def arrays(self, names: tuple[str, ...] | list[str] | None = None) -> dict[str, np.ndarray]:
        """One array per CSV column (all of :data:`CSV_COLUMNS`, or only ``names``)."""
        bt = self.buyer_team
        ar = np.arange(len(self))
        seat = np.array([s.value for s in SEATS] + [""])
        team = np.array(list(TEAM_NAMES) + [""])
        suit = np.array([s.value for s in SUITS] + [""])
        out: dict[str, Any] = {
            "deal": self.deal, "seed": np.full(len(self), self.seed),
            "profile": np.full(len(self), self.profile.id),
            "dealer": seat[self.dealer], "mode": np.where(self.hokum, "hokum", "sun"),
            "trump": suit[self.trump], "buyer": seat[self.buyer], "buyer_team": team[bt],
            "raw_NS": self.raw[:, 0], "raw_EW": self.raw[:, 1], "buyer_raw": self.raw[ar, bt],
            "converted_NS": self.converted[:, 0], "converted_EW": self.converted[:, 1],
            "comparison_NS": self.comparison[:, 0], "comparison_EW": self.comparison[:, 1],
            "tie": self.tie, "winner": team[self.winner], "buyer_made": self.buyer_made,
            "kaboot": team[self.kaboot], "tricks_NS": self.tricks_won[:, 0],
            "projects_NS": self.project_points[:, 0], "projects_EW": self.project_points[:, 1],
            "baloot": seat[self.baloot_seat],
            "baloot_NS": self.baloot_points[:, 0], "baloot_EW": self.baloot_points[:, 1],
            "award_NS": self.award[:, 0], "award_EW": self.award[:, 1],
        }
        for t in range(8):
            out[f"trick{t + 1}_points"] = self.trick_points[:, t]
            out[f"trick{t + 1}_winner"] = seat[self.winners[:, t]]
        return {k: np.asarray(out[k]) for k in (names or CSV_COLUMNS)}


CSV_COLUMNS = (["deal", "seed", "profile", "dealer", "mode", "trump", "buyer", "buyer_team", "raw_NS",
                "raw_EW", "buyer_raw", "converted_NS", "converted_EW", "comparison_NS", "comparison_EW",
                "tie", "winner", "buyer_made", "kaboot", "tricks_NS", "projects_NS", "projects_EW",
                "baloot", "baloot_NS", "baloot_EW", "award_NS", "award_EW"]
               + [f"trick{t}_{w}" for t in range(1, 9) for w in ("points", "winner")])
"""The columns of ``simulate --out``, one row per deal."""


def _index(value: Any, names: tuple, what: str, parse) -> int | None:
    if value is None:
        return None
    try:
        return names.index(parse(value))
    except (ValueError, AttributeError):
        raise ValueError(f"unknown {what} {value!r}") from None


def _mode_index(mode: Mode | str | None) -> int | None:
    if mode is None:
        return None
    try:
        return MODES.index(mode if isinstance(mode, Mode) else Mode(str(mode).strip().lower()))
    except ValueError:
        raise ValueError(f"unknown mode {mode!r} (use sun or hokum)") from None


def _simulate_chunk(seed: int, chunk: int, m: int, *, mode: int | None, trump: int | None,
                    buyer: int | None, dealer: int | None, profile: RuleProfile, ekka: bool) -> SimResult:
    """The first ``m`` deals of chunk ``chunk``: the random draws are always a whole chunk's."""
    rng = np.random.default_rng([seed, chunk])
    keys = rng.random((CHUNK, 32))
    d_dealer = rng.integers(0, 4, CHUNK)
    d_mode = rng.random(CHUNK) < HOKUM_SHARE
    d_trump = rng.integers(0, 4, CHUNK)
    d_buyer = rng.integers(0, 4, CHUNK)
    plays = rng.random((32, CHUNK))

    n = m
    perm = np.argsort(keys[:n], axis=1)
    hands = np.bitwise_or.reduce(_BIT[perm].reshape(n, 4, 8), axis=2)     # (n, 4) by seat
    dealer_a = d_dealer[:n] if dealer is None else np.full(n, dealer)
    hokum = d_mode[:n] if mode is None else np.full(n, mode == 1)
    trump_a = np.where(hokum, d_trump[:n] if trump is None else trump, 4)
    buyer_a = d_buyer[:n] if buyer is None else np.full(n, buyer)
    p = _play(hands, first=(dealer_a + 1) & 3, hokum=hokum, trump=trump_a, profile=profile, u=plays[:, :n],
              ekka=ekka)
    return _score(seed=seed, start=chunk * CHUNK, profile=profile, dealer=dealer_a, hokum=hokum,
                  trump=trump_a, buyer=buyer_a, level=np.zeros(n, dtype=np.int8),
                  doubler=np.full(n, -1, dtype=np.int8), locked=np.zeros(n, dtype=bool), hands=hands,
                  deck=perm.astype(np.int8), play=p)


@dataclass(frozen=True)
class Turn:
    """What a :data:`Policy` sees at one turn, for every position at once (arrays over positions).

    Arrays are views into the play loop's state: read them, do not write to them.
    """

    trick: int                 # 0..7
    position: int              # 0 for the leader .. 3
    seat: np.ndarray           # (n,) the seat to play
    legal: np.ndarray          # (n,) uint32: the cards it may play (never empty)
    hands: np.ndarray          # (n, 4) uint32: what each seat holds now
    trick_cards: np.ndarray    # (n, position) card codes already in this trick, in play order
    winning: np.ndarray        # (n,) position in the trick of the card winning so far (0 at the lead)
    played: np.ndarray         # (n,) uint32: the cards of earlier tricks
    hokum: np.ndarray          # (n,) bool
    trump: np.ndarray          # (n,) trump suit index, 4 in Sun
    u: np.ndarray              # (n,) uniform draws in [0, 1) for this turn, for a policy's own chance


Policy = Callable[[Turn], np.ndarray]
"""A way to choose cards: given a :class:`Turn`, one legal card code per position."""


def random_policy(turn: Turn) -> np.ndarray:
    """A uniformly random legal card for each position (what :func:`simulate` plays)."""
    return _pick(turn.legal, turn.u)


def greedy_policy(turn: Turn) -> np.ndarray:
    """A sensible card for each position, seeing every hand (a play-out is a known deal).

    Leading: the strongest master card (no card left in another hand beats it), else the cheapest card.
    Following, with the partner winning: the most points when nobody after can take the trick, else the
    cheapest card; with an opponent winning: the cheapest card that wins when playing last, the strongest
    one before, and the cheapest card when none wins. Cheapest means fewest points, then weakest, trumps
    kept. It always picks among ``turn.legal``.
    """
    n = turn.legal.shape[0]
    ar = np.arange(n)
    legal = (turn.legal[:, None] & _BIT[None, :]) != 0
    is_trump = turn.hokum[:, None] & (_SUIT_OF[None, :] == turn.trump[:, None])
    pts = np.where(is_trump, _TRUMP_PTS[None, :], _PLAIN_PTS[None, :])
    strength = np.where(is_trump, _TRUMP_STR[None, :] + _TRUMP_POWER, _PLAIN_STR[None, :])
    cheap = -(pts * 20 + strength + is_trump * 400)
    if turn.position == 0:
        own = turn.hands[ar, turn.seat]
        others = (turn.hands[:, 0] | turn.hands[:, 1] | turn.hands[:, 2] | turn.hands[:, 3]) & ~own
        higher = np.where(is_trump, _HIGHER_TRUMP[None, :], _HIGHER_PLAIN[None, :])
        master = (higher & others[:, None]) == 0
        score = np.where(master, 10_000 + pts * 20 + strength, cheap)
    else:
        led = _SUIT_OF[turn.trick_cards[:, 0]]
        follows = _SUIT_OF[None, :] == led[:, None]
        power = np.where(is_trump, strength, np.where(follows, _PLAIN_STR[None, :], 0))
        win_card = turn.trick_cards[ar, turn.winning]
        win_trump = turn.hokum & (_SUIT_OF[win_card] == turn.trump)
        win_power = np.where(win_trump, _TRUMP_STR[win_card] + _TRUMP_POWER,
                             np.where(_SUIT_OF[win_card] == led, _PLAIN_STR[win_card], 0))
        partner = ((turn.position - turn.winning) % 2) == 0
        last = turn.position == 3
        if turn.position == 2:
            nxt = turn.hands[ar, (turn.seat + 1) & 3]
            holds = (nxt[:, None] & _BIT[None, :]) != 0
            can_follow = (holds & follows).any(axis=1)
            usable = holds & np.where(can_follow[:, None], follows, True)
            safe = np.where(usable, power, 0).max(axis=1) < win_power
        else:
            safe = np.full(n, last)
        give = pts * 20 - is_trump * 400 - strength
        beats = power > win_power[:, None]
        opponent = np.where(beats, 10_000 + (-(strength + pts) if last else strength), cheap)
        score = np.where(partner[:, None], np.where(safe[:, None], give, cheap), opponent)
    return np.where(legal, score, np.iinfo(np.int64).min).argmax(axis=1)


@dataclass
class _Played:
    cards: np.ndarray
    legal: np.ndarray
    leaders: np.ndarray
    winners: np.ndarray
    ekka: np.ndarray
    tpoints: np.ndarray


def _play(hands: np.ndarray, *, first: np.ndarray, hokum: np.ndarray, trump: np.ndarray, profile: RuleProfile,
          u: np.ndarray, ekka: bool, locked: np.ndarray | None = None, history: np.ndarray | None = None,
          announced: np.ndarray | None = None, policy: Policy | None = None) -> _Played:
    """Play every deal from its first lead to the end, all deals in lock-step: the one play loop.

    ``hands`` are the original hands (n, 4), ``first`` the first leader, ``u`` (32, n) the uniform draw
    of each turn. The first ``len(history)`` turns play the ``history`` cards (card codes, the same for
    every deal), the leaders of those tricks announcing Ekka as ``announced`` says; a history card the
    rules do not allow raises ValueError. Later turns play the ``policy`` card (default: uniformly
    random), the leader announcing Ekka whenever it holds when ``ekka`` is set. ``locked``: locked
    Hokum, per deal (no trump lead from a hand that holds another suit).
    """
    n = hands.shape[0]
    ar = np.arange(n)
    k = 0 if history is None else len(history)
    tmask = _SUIT_MASK[trump]
    third_cut = profile.third_seat_must_cut
    undertrump = profile.must_undertrump
    auto_ekka = profile.automatic_ekka
    lock = None if locked is None or not np.any(locked) else np.asarray(locked, dtype=bool) & hokum

    live = hands.T.copy().reshape(-1)                                     # seat-major: seat * n + deal
    cards_out = np.zeros((n, 8, 4), dtype=np.int8)
    legal_out = np.zeros((n, 8, 4), dtype=np.uint32)
    leaders = np.zeros((n, 8), dtype=np.int8)
    winners = np.zeros((n, 8), dtype=np.int8)
    ekka_out = np.zeros((n, 8), dtype=bool)
    tpoints = np.zeros((n, 8), dtype=np.int64)
    leader = first
    played = np.zeros(n, dtype=np.uint32)
    zero = np.uint32(0)

    def choose(t: int, p: int, seat: np.ndarray, legal: np.ndarray, win_pos) -> np.ndarray:
        turn = t * 4 + p
        if turn < k:
            card = np.full(n, history[turn], dtype=np.int64)
            what = "the rules do not allow it"
        elif policy is None:
            return _pick(legal, u[turn])
        else:
            view = live.reshape(4, n).T
            view.flags.writeable = False
            card = np.asarray(policy(Turn(t, p, seat, legal, view, cards_out[:, t, :p], np.broadcast_to(win_pos, n),
                                          played, hokum, trump, u[turn])), dtype=np.int64)
            what = "the policy chose a card the rules do not allow"
        if card.shape != (n,):
            raise ValueError(f"the policy returned {card.shape[0] if card.ndim else 'no'} cards for {n} positions")
        known = (card >= 0) & (card < 32)
        bad = np.flatnonzero(~known | ((legal & _BIT[np.where(known, card, 0)]) == 0))
        if len(bad):
            i = int(bad[0])
            c = DECK[int(card[i])] if known[i] else int(card[i])
            raise ValueError(f"position {i}: trick {t + 1}, {SEATS[int(seat[i])].value} plays {c}, but "
                             f"{what} (allowed: {' '.join(_names(int(legal[i])))})")
        return card

    for t in range(8):
        # The lead: any card of the hand (locked Hokum: no trump unless the hand holds only trumps).
        flat = leader * n + ar
        hand = live[flat]
        legal = hand
        if lock is not None:
            trumps = hand & tmask
            legal = np.where(lock & (trumps != 0) & (trumps != hand), hand & ~tmask, hand)
        card = choose(t, 0, leader, legal, 0)
        bit = _BIT[card]
        live[flat] = hand ^ bit
        trick_mask = bit.copy()
        legal_out[:, t, 0] = legal
        cards_out[:, t, 0] = card
        led_trump = (bit & tmask) != 0
        pts = np.where(led_trump, _TRUMP_PTS[card], _PLAIN_PTS[card])
        led = _SUIT_OF[card]
        ledmask = _SUIT_MASK[led]
        lead_ace = _IS_ACE[card]
        # The highest card still unplayed in a plain suit: an Ekka the leader may announce, and that
        # frees the third player unannounced under ``automatic_ekka``.
        top_plain = hokum & ~led_trump & ((_HIGHER_PLAIN[card] & ~played) == 0)
        if t * 4 < k:
            lead_ekka = np.full(n, bool(announced is not None and t < len(announced) and announced[t]))
        elif ekka:
            lead_ekka = top_plain & ~lead_ace
        else:
            lead_ekka = np.zeros(n, dtype=bool)
        free_third = lead_ace | (top_plain if auto_ekka else lead_ekka)
        win_pos = np.zeros(n, dtype=np.int64)
        win_card = card
        win_power = np.where(led_trump, _TRUMP_STR[card] + _TRUMP_POWER, _PLAIN_STR[card])
        for p in (1, 2, 3):
            seat = (leader + p) & 3
            flat = seat * n + ar
            hand = live[flat]
            of_led = hand & ledmask
            trumps = hand & tmask
            partner = (win_pos & 1) == (p & 1)
            beat = np.where(win_power > _TRUMP_POWER, _HIGHER_TRUMP[win_card], ~zero)
            # Trump led: beat an opponent's winning trump when possible, else any trump.
            higher = of_led & beat
            on_trump = np.where(partner | (higher == 0), of_led, higher)
            # Plain suit led, void, holding a trump: an opponent winning ...
            winners_t = trumps & beat
            vs_opp = np.where(winners_t != 0, winners_t, trumps if undertrump else hand)
            # ... or the partner winning (the third-seat cut unless an Ace or an Ekka was led).
            vs_partner = np.where(free_third, hand, trumps) if (p == 2 and third_cut) else hand
            void = np.where(trumps == 0, hand, np.where(partner, vs_partner, vs_opp))
            plain = np.where(of_led != 0, of_led, void)
            legal = np.where(led_trump, np.where(of_led != 0, on_trump, hand), plain)

            card = choose(t, p, seat, legal, win_pos)
            bit = _BIT[card]
            live[flat] = hand ^ bit
            trick_mask |= bit
            legal_out[:, t, p] = legal
            cards_out[:, t, p] = card
            is_trump = (bit & tmask) != 0
            pts += np.where(is_trump, _TRUMP_PTS[card], _PLAIN_PTS[card])
            power = np.where(is_trump, _TRUMP_STR[card] + _TRUMP_POWER,
                             np.where(_SUIT_OF[card] == led, _PLAIN_STR[card], 0))
            better = power > win_power
            win_pos = np.where(better, p, win_pos)
            win_card = np.where(better, card, win_card)
            win_power = np.where(better, power, win_power)
        winner = (leader + win_pos) & 3
        if t == 7:
            pts += LAST_TRICK_BONUS
        leaders[:, t] = leader
        winners[:, t] = winner
        ekka_out[:, t] = lead_ekka
        tpoints[:, t] = pts
        played |= trick_mask
        leader = winner
    return _Played(cards_out, legal_out, leaders, winners, ekka_out, tpoints)


_LEVEL_MULT = np.array([lv.multiplier for lv in LEVELS], dtype=np.int64)
_LEVEL_MULTIPLIED = np.array([lv.is_multiplied for lv in LEVELS])
_LEVEL_BY_DOUBLER = np.array([lv.by_doubler for lv in LEVELS])
_DOUBLE, _TRIPLE, _QUADRUPLE, _GAHWA = (LEVELS.index(lv) for lv in
                                         (Level.DOUBLE, Level.TRIPLE, Level.QUADRUPLE, Level.GAHWA))


def _score(*, seed: int, start: int, profile: RuleProfile, dealer, hokum, trump, buyer, level, doubler, locked,
           hands, deck, play: _Played) -> SimResult:
    """Score every deal as :func:`scoring.score_deal` does, at its escalation level (``level`` indexes
    :data:`~explorer.engine.core.contract.LEVELS`, ``doubler`` is a seat or -1)."""
    n = hands.shape[0]
    ar = np.arange(n)
    teams = np.arange(2)[None, :]
    mi = hokum.astype(np.int64)
    tpoints, winners = play.tpoints, play.winners
    team_of_trick = winners & 1
    raw = np.stack([(tpoints * (team_of_trick == t)).sum(axis=1) for t in (0, 1)], axis=1)
    won = np.stack([(team_of_trick == t).sum(axis=1) for t in (0, 1)], axis=1)

    hp = hand_projects(hands, hokum[:, None], trump[:, None], trump_priority=profile.trump_project_priority)
    seats = np.arange(4)[None, :]
    prio = (seats - dealer[:, None] - 1) & 3                     # 0 for the dealer's right
    full = np.where(hp.key > 0, hp.key * 4 + (3 - prio), -1)
    best_seat = full.argmax(axis=1)
    has_projects = full.max(axis=1) >= 0
    pteam = np.where(has_projects, best_seat & 1, -1)
    team_value = np.stack([hp.value[:, [t, t + 2]].sum(axis=1) for t in (0, 1)], axis=1)
    project_points = np.where(pteam[:, None] == teams, team_value, 0)

    has_baloot = hp.baloot.any(axis=1)
    baloot_seat = np.where(has_baloot, hp.baloot.argmax(axis=1), -1)
    owner_team = baloot_seat & 1
    owner_absorbed = hp.absorbed[ar, np.maximum(baloot_seat, 0)]
    separate = has_baloot & ~((owner_team == pteam) & owner_absorbed)
    baloot_points = np.where(separate[:, None] & (owner_team[:, None] == teams), BALOOT_POINTS, 0)

    # The responsible team: the buyer's, or at Double and Quadruple the doubler's; the other counts.
    level = np.asarray(level, dtype=np.int64)
    doubler = np.asarray(doubler, dtype=np.int64)
    multiplied = _LEVEL_MULTIPLIED[level]
    bt = buyer & 1
    responsible = np.where(_LEVEL_BY_DOUBLER[level] & (doubler >= 0), doubler & 1, bt)
    counting = 1 - responsible
    raw_counting = raw[ar, counting]
    conv = _CONVERT[mi, raw_counting]
    pool = _POOL[mi]
    converted = np.where(teams == counting[:, None], conv[:, None], (pool - conv)[:, None])
    comparison = converted + project_points + baloot_points

    kaboot = np.where(won[:, 0] == 8, 0, np.where(won[:, 1] == 8, 1, -1))
    tie = (kaboot < 0) & (comparison[:, 0] == comparison[:, 1])
    code = _TIE[mi, raw_counting % 10]                              # the units rule
    tie_winner = np.where(code == _TIE_CODE["counting"], counting,
                          np.where(code == _TIE_CODE["other"], responsible, bt))
    if profile.tie_rule == "buyer_fails":                           # undoubled and Gahwa
        tie_winner = np.where(multiplied, tie_winner, 1 - bt)
    if profile.escalated_tie == "doubler_loses":                    # Double, Triple, Quadruple
        tie_winner = np.where(multiplied & (doubler >= 0), 1 - (doubler & 1), tie_winner)
    winner = np.where(kaboot >= 0, kaboot,
                      np.where(comparison[:, 0] > comparison[:, 1], 0,
                               np.where(comparison[:, 1] > comparison[:, 0], 1, tie_winner)))
    buyer_made = winner == bt

    other = 1 - bt
    project_sum = project_points.sum(axis=1)
    baloot_sum = baloot_points.sum(axis=1)
    failed_total = pool + project_sum + baloot_sum
    award = np.where(buyer_made[:, None], comparison,
                     np.where(teams == other[:, None], failed_total[:, None], 0))
    # Double, Triple, Quadruple: the winner records the pool times the level, the projects times the
    # project multiplier, and the Baloot; the loser 0.
    pm = np.where(level == _DOUBLE, 2, np.where(multiplied, profile.projects_multiplier_above_double, 1))
    escalated = pool * _LEVEL_MULT[level] + project_sum * pm + baloot_sum
    award = np.where(multiplied[:, None], np.where(teams == winner[:, None], escalated[:, None], 0), award)
    # Kaboot: the sweeping team records 25/44 (or the reverse Kaboot's 88, at its level), its own
    # projects if it holds project priority, and its own Baloot (profile option), the other team 0.
    sweeper = np.maximum(kaboot, 0)
    own_projects = np.where(pteam == sweeper, project_points[ar, sweeper], 0)
    own_absorbed = np.where(pteam == sweeper, owner_absorbed, False)
    baloot_counts = multiplied | (level == _GAHWA) | profile.undoubled_kaboot_baloot
    own_baloot = has_baloot & (owner_team == sweeper) & ~own_absorbed & baloot_counts
    first = (dealer + 1) & 3
    first_ace = (hands[ar, first] & _ACE_MASK) != 0
    reverse = (profile.reverse_kaboot & ~hokum & (buyer == first) & (sweeper != bt) & first_ace)
    base = _KABOOT[mi]
    if profile.kaboot_escalation == "multiply":
        base = np.where(multiplied, base * np.where(hokum, _LEVEL_MULT[level], 2), base)
        reverse_base = np.where(multiplied, 2 * REVERSE_KABOOT_AWARD, REVERSE_KABOOT_AWARD)
    else:
        base = np.where(level == _TRIPLE, 75, np.where(level == _QUADRUPLE, 100, base))
        reverse_base = REVERSE_KABOOT_AWARD
    base = np.where(reverse, reverse_base, base)
    k_award = base + own_projects * pm + np.where(own_baloot, BALOOT_POINTS, 0)
    award = np.where((kaboot >= 0)[:, None], np.where(teams == sweeper[:, None], k_award[:, None], 0), award)
    award = np.where((level == _GAHWA)[:, None], 0, award)          # Gahwa: the match, no numeric award

    return SimResult(
        seed=seed, profile=profile, deal=start + ar, dealer=dealer, hokum=hokum, trump=trump, buyer=buyer,
        level=level.astype(np.int8), doubler=doubler.astype(np.int8), locked=np.asarray(locked, dtype=bool),
        hands=hands, deck=deck, cards=play.cards, leaders=play.leaders, winners=winners, ekka=play.ekka,
        legal=play.legal, trick_points=tpoints, raw=raw, tricks_won=won, shown_value=hp.value,
        project_team=pteam, project_points=project_points, baloot_seat=baloot_seat,
        baloot_points=baloot_points, converted=converted, comparison=comparison, tie=tie, kaboot=kaboot,
        winner=winner, buyer_made=buyer_made, award=award)


def concat(parts: list[SimResult]) -> SimResult:
    """Several results (chunks) as one."""
    if len(parts) == 1:
        return parts[0]
    first = parts[0]
    fields = {k: np.concatenate([getattr(p, k) for p in parts]) for k in SimResult.__dataclass_fields__
              if k not in ("seed", "profile")}
    return SimResult(seed=first.seed, profile=first.profile, **fields)


def _options_of(seed: int, mode, trump, buyer, dealer, profile) -> dict[str, Any]:
    if int(seed) < 0:
        raise ValueError(f"seed {seed} is negative (use 0 or more)")
    mi = _mode_index(mode)
    ti = _index(trump, SUITS, "trump suit", lambda v: v if isinstance(v, Suit) else Suit.parse(v))
    if ti is not None and mi == 0:
        raise ValueError("a Sun contract has no trump suit")
    bi = _index(buyer, SEATS, "seat", lambda v: v if isinstance(v, Seat) else Seat.parse(v))
    di = _index(dealer, SEATS, "seat", lambda v: v if isinstance(v, Seat) else Seat.parse(v))
    return dict(mode=mi, trump=ti, buyer=bi, dealer=di, profile=custom_profile(profile))


def chunk_count(deals: int) -> int:
    """How many chunks :func:`simulate` plays ``deals`` deals in."""
    return -(-max(int(deals), 0) // CHUNK)


def simulate_chunk(index: int, deals: int, seed: int = 0, *, mode: Mode | str | None = None,
                   trump: Suit | str | None = None, buyer: Seat | str | None = None,
                   dealer: Seat | str | None = None, profile: RuleProfile | str | dict | None = None,
                   ekka: bool = True) -> SimResult:
    """Chunk ``index`` of the deals of :func:`simulate` (deals ``index * CHUNK`` onwards)."""
    if not 0 <= index < max(chunk_count(deals), 1):
        raise ValueError(f"chunk {index} is not one of the {chunk_count(deals)} chunks of {deals} deals")
    opts = _options_of(seed, mode, trump, buyer, dealer, profile)
    m = max(min(CHUNK, int(deals) - index * CHUNK), 0)
    return _simulate_chunk(int(seed), index, m, ekka=ekka, **opts)


def iter_chunks(deals: int, seed: int = 0, *, mode: Mode | str | None = None, trump: Suit | str | None = None,
                buyer: Seat | str | None = None, dealer: Seat | str | None = None,
                profile: RuleProfile | str | dict | None = None, ekka: bool = True) -> Iterator[SimResult]:
    """The deals of :func:`simulate`, one chunk of :data:`CHUNK` (or fewer, at the end) at a time.

    ``mode``, ``trump``, ``buyer`` and ``dealer`` fix the contract and the dealer; left as None each
    is drawn at random (Hokum or Sun half and half, any trump suit, any seat). With ``ekka`` the
    leader announces Ekka whenever it holds (Hokum, a plain card other than an Ace); without it the
    leader never announces, and only the profile's ``automatic_ekka`` frees the third player on such
    a lead.
    """
    if deals < 0:
        raise ValueError(f"deals {deals} is negative")
    opts = _options_of(seed, mode, trump, buyer, dealer, profile)
    for chunk in range(chunk_count(deals)):
        m = min(CHUNK, deals - chunk * CHUNK)
        yield _simulate_chunk(int(seed), chunk, m, ekka=ekka, **opts)


def simulate(deals: int, seed: int = 0, *, mode: Mode | str | None = None, trump: Suit | str | None = None,
             buyer: Seat | str | None = None, dealer: Seat | str | None = None,
             profile: RuleProfile | str | dict | None = None, ekka: bool = True) -> SimResult:
    """Play ``deals`` seeded random legal deals to the end and score them (see the module doc)."""
    parts = list(iter_chunks(deals, seed, mode=mode, trump=trump, buyer=buyer, dealer=dealer,
                             profile=profile, ekka=ekka))
    if not parts:
        parts = [_simulate_chunk(int(seed), 0, 0, ekka=ekka,
                                 **_options_of(seed, mode, trump, buyer, dealer, profile))]
    return concat(parts)


# --- playing given positions out --------------------------------------------------------------

def card_mask(cards: Iterable[Card | str | int]) -> int:
    """The hand mask (bit ``card.code`` set for each card) of cards given as Cards, text or codes.

    >>> card_mask(["7S", "8S"]), card_mask([0, 1]) == card_mask([Card.parse("7S"), "8S"])
    (3, True)
    """
    return sum(1 << c for c in _codes(cards))


def _codes(items: Iterable[Card | str | int]) -> list[int]:
    out = []
    for x in items:
        if isinstance(x, Card):
            out.append(x.code)
        elif isinstance(x, str):
            out.append(Card.parse(x).code)
        elif isinstance(x, (int, np.integer)) and 0 <= int(x) < 32:
            out.append(int(x))
        else:
            raise ValueError(f"{x!r} is not a card (a Card, its text such as 'JS', or a code 0..31)")
    return out


def play_out(hands: np.ndarray | Sequence[Sequence[int]], history: Sequence[Card | str | int] = (), *,
             dealer: Seat | str, contract: Contract, escalation: Escalation = NO_ESCALATION,
             announced: Sequence[bool] = (), profile: RuleProfile | str | dict | None = None,
             rng: int | np.random.Generator = 0, policy: Policy | None = None, ekka: bool = True) -> SimResult:
    """Play ``n`` given positions of one deal to the end and score them, in lock-step.

    Every position shares the deal so far: the ``dealer``, the ``contract`` and ``escalation`` (locked
    Hokum included), and the ``history``, the cards played from the first lead in play order (a
    trick may be in progress), with ``announced[t]`` saying whether the leader of trick ``t`` announced
    Ekka. Only the cards each seat holds now differ: ``hands[i, s]`` is the mask (:func:`card_mask`)
    of what seat ``SEATS[s]`` holds in position ``i``. The history is replayed through the same play
    loop as :func:`simulate` (a card the rules do not allow raises ValueError); then each seat plays the
    card ``policy`` picks from the cards the rules allow (default :func:`random_policy`, drawing from
    ``rng``), the leader announcing Ekka whenever it holds when ``ekka`` is set. The result holds whole
    deals (original hands rebuilt from the history, history included), scored at the escalation level.

    >>> from explorer.engine.core.cards import cards
    >>> deal = {"S": "JH 9H AS TS KS 7C 8C 9C", "E": "AH TH KH QS JS AC TC KC",
    ...         "N": "QH 8H 7H 9S 8S QC JC AD", "W": "7S TD KD QD JD 9D 8D 7D"}
    >>> history = cards("AS QS 9S 7S KS")                  # trick 1, and S leads trick 2
    >>> now = [card_mask(c for c in cards(deal[s]) if c not in history) for s in "SENW"]
    >>> r = play_out(np.tile(now, (1000, 1)), history, dealer="W", contract=Contract(Mode.HOKUM, Suit.H, Seat.S),
    ...              rng=1)
    >>> len(r), bool((r.cards[:, 1, 0] == Card.parse("KS").code).all()), set(r.raw.sum(axis=1).tolist())
    (1000, True, {162})
    """
    prof = custom_profile(profile)
    masks = np.asarray(hands, dtype=np.uint32)
    if masks.ndim != 2 or masks.shape[1] != 4:
        raise ValueError(f"hands must be one mask per seat for each position, shape (n, 4), not {masks.shape}")
    n = masks.shape[0]
    seat0 = dealer if isinstance(dealer, Seat) else Seat.parse(dealer)
    from explorer.engine.files.kinds.score import (
        escalation_problems,  # the engine's own checks (loads the scenario kinds)
    )
    problems = escalation_problems(contract, escalation, prof, None)
    if problems:
        raise ValueError("; ".join(problems))
    codes = _codes(history)
    if len(set(codes)) != len(codes):
        raise ValueError(f"history plays a card twice: {' '.join(str(DECK[c]) for c in codes)}")
    mode, trump = contract.mode, contract.trump
    tricks = [[DECK[c] for c in codes[i:i + 4]] for i in range(0, len(codes), 4)]
    played_tricks = play_tricks(tricks, mode=mode, trump=trump, first_leader=seat0.right)
    flags = [bool(a) for a in announced]
    if len(flags) > len(tricks):
        raise ValueError(f"announced names {len(flags)} tricks; the history has begun {len(tricks)}")
    by_seat = [0, 0, 0, 0]
    before: list[Card] = []
    for t, pt in enumerate(played_tricks):
        if t < len(flags) and flags[t]:
            bad = ekka_problem(pt.cards[0], before, mode, trump)
            if bad:
                raise ValueError(f"trick {t + 1}: {bad}")
        for seat, card in pt.plays:
            by_seat[SEATS.index(seat)] |= 1 << card.code
        before += pt.cards
    gone = sum(by_seat)
    for s in range(4):
        want = 8 - bin(by_seat[s]).count("1")
        wrong = np.flatnonzero(_POP16[masks[:, s] & 0xFFFF] + _POP16[masks[:, s] >> 16] != want)
        if wrong.size:
            raise ValueError(f"position {int(wrong[0])}: {SEATS[s].value} holds "
                             f"{len(_names(int(masks[wrong[0], s])))} cards; after the history it holds {want}")
    whole = np.bitwise_or.reduce(masks, axis=1)
    wrong = np.flatnonzero((whole & np.uint32(gone)) | (~whole & ~np.uint32(gone)))
    if wrong.size:
        i = int(wrong[0])
        raise ValueError(f"position {i}: the hands and the history do not make the 32 cards once each "
                         f"(played and held: {' '.join(_names(int(whole[i]) & gone)) or '-'}; "
                         f"nowhere: {' '.join(_names(~(int(whole[i]) | gone) & 0xFFFFFFFF)) or '-'})")
    original = masks | np.array(by_seat, dtype=np.uint32)[None, :]

    gen = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(int(rng))
    u = gen.random((32, n))
    hokum = np.full(n, mode is Mode.HOKUM)
    trump_a = np.full(n, SUITS.index(trump) if trump is not None else 4)
    dealer_a = np.full(n, SEATS.index(seat0))
    locked = np.full(n, escalation.locked and mode is Mode.HOKUM)
    p = _play(original, first=(dealer_a + 1) & 3, hokum=hokum, trump=trump_a, profile=prof, u=u, ekka=ekka,
              locked=locked, history=np.array(codes, dtype=np.int64), announced=flags, policy=policy)
    bits = (original[:, :, None] >> np.arange(32, dtype=np.uint32)) & np.uint32(1)
    deck = np.nonzero(bits.reshape(n * 4, 32))[1].reshape(n, 32).astype(np.int8)  # each seat's cards in order
    return _score(seed=int(rng) if not isinstance(rng, np.random.Generator) else -1, start=0, profile=prof,
                  dealer=dealer_a, hokum=hokum, trump=trump_a, buyer=np.full(n, SEATS.index(contract.buyer)),
                  level=np.full(n, LEVELS.index(escalation.level), dtype=np.int8),
                  doubler=np.full(n, SEATS.index(escalation.doubler) if escalation.doubler else -1, dtype=np.int8),
                  locked=locked, hands=original, deck=deck, play=p)


# --- deals as scenarios ------------------------------------------------------------------------

def _names(mask: int) -> list[str]:
    return [str(DECK[c]) for c in range(32) if mask >> c & 1]


def _escalation_doc(r: SimResult, i: int) -> dict[str, Any]:
    level = LEVELS[int(r.level[i])]
    if level is Level.NONE and not r.locked[i]:
        return {"level": "none"}
    return {"level": level.value, "doubler": SEATS[int(r.doubler[i])].value if r.doubler[i] >= 0 else None,
            "locked": bool(r.locked[i])}


def deal_doc(r: SimResult, i: int) -> dict[str, Any]:
    """Deal ``i`` of a result as a ``deal`` scenario, with the simulator's verdict under ``expect``."""
    hokum = bool(r.hokum[i])
    mode = MODES[int(hokum)]
    trump = SUITS[int(r.trump[i])] if hokum else None
    contract: dict[str, Any] = {"mode": mode.value}
    if trump is not None:
        contract["trump"] = trump.value
    contract["buyer"] = SEATS[int(r.buyer[i])].value
    hands = {SEATS[s].value: _names(int(r.hands[i, s])) for s in range(4)}
    projects = {}
    for s in range(4):
        shown = shown_projects(int(r.hands[i, s]), mode, trump)
        if shown:
            projects[SEATS[s].value] = [[str(DECK[c]) for c in p] for p in shown]
    tricks = []
    for t in range(8):
        trick = {"leader": SEATS[int(r.leaders[i, t])].value,
                 "cards": [str(DECK[int(c)]) for c in r.cards[i, t]]}
        if r.ekka[i, t]:
            trick["ekka"] = True
        tricks.append(trick)
    team = {0: "NS", 1: "EW", -1: None}
    gahwa = LEVELS[int(r.level[i])] is Level.GAHWA
    expect = {
        "valid": True,
        "points": {"NS": int(r.raw[i, 0]), "EW": int(r.raw[i, 1])},
        "tricks_won": {"NS": int(r.tricks_won[i, 0]), "EW": int(r.tricks_won[i, 1])},
        "baloot": SEATS[int(r.baloot_seat[i])].value if r.baloot_seat[i] >= 0 else None,
        "score": {
            "converted": {"NS": int(r.converted[i, 0]), "EW": int(r.converted[i, 1])},
            "project_team": team[int(r.project_team[i])],
            "comparison": {"NS": int(r.comparison[i, 0]), "EW": int(r.comparison[i, 1])},
            "winner": team[int(r.winner[i])],
            "buyer_made": bool(r.buyer_made[i]),
            "kaboot": team[int(r.kaboot[i])],
            "award": None if gahwa else {"NS": int(r.award[i, 0]), "EW": int(r.award[i, 1])},
        },
    }
    doc: dict[str, Any] = {
        "kind": "deal",
        "title": f"Random deal {int(r.deal[i])} (seed {r.seed})",
        "notes": "Simulated: a random legal card at every turn. 'expect' is the simulator's own verdict.",
        "profile": r.profile.to_spec(),
        "dealer": SEATS[int(r.dealer[i])].value,
        "hands": hands,
        "contract": contract,
        "escalation": _escalation_doc(r, i),
    }
    if projects:
        doc["projects"] = projects
    doc["tricks"] = tricks
    doc["expect"] = expect
    return doc


def sample_deal_docs(n: int, seed: int = 0, **options: Any) -> list[dict[str, Any]]:
    """The first ``n`` simulated deals as ``deal`` scenarios (options as for :func:`simulate`)."""
    r = simulate(n, seed, **options)
    return [deal_doc(r, i) for i in range(len(r))]


def random_deal(seed: int, *, mode: Mode | str | None = None, trump: Suit | str | None = None,
                buyer: Seat | str | None = None, dealer: Seat | str | None = None,
                profile: RuleProfile | str | dict | None = None) -> dict[str, Any]:
    """One random legal deal as a ``deal`` scenario: the same seed gives the same deal."""
    return sample_deal_docs(1, seed, mode=mode, trump=trump, buyer=buyer, dealer=dealer, profile=profile)[0]


# --- summaries and the command line --------------------------------------------------------------

@dataclass
class Tally:
    """Running counts behind :func:`summary`, added to chunk by chunk (no deal is kept)."""

    deals: int = 0
    buyer_failed: int = 0
    kaboot: int = 0
    tie: int = 0
    baloot: int = 0
    projects: int = 0

    def add(self, r: SimResult) -> Tally:
        """Count the deals of ``r`` in; returns self."""
        self.deals += len(r)
        self.buyer_failed += int((~r.buyer_made).sum())
        self.kaboot += int((r.kaboot >= 0).sum())
        self.tie += int(r.tie.sum())
        self.baloot += int((r.baloot_seat >= 0).sum())
        self.projects += int((r.project_team >= 0).sum())
        return self

    def frequencies(self) -> dict[str, float]:
        """The counts as frequencies over the deals (and the number of deals)."""
        n = max(self.deals, 1)
        return {"deals": self.deals, "buyer_failed": self.buyer_failed / n, "kaboot": self.kaboot / n,
                "tie": self.tie / n, "baloot": self.baloot / n, "projects": self.projects / n}


def summary(r: SimResult) -> dict[str, float]:
    """A few frequencies of a result: buyer failed, Kaboot, tie, Baloot, any project shown."""
    return Tally().add(r).frequencies()


def _csv_rows(r: SimResult) -> Iterator[tuple]:
    cols = r.columns()
    return zip(*(cols[c] for c in CSV_COLUMNS))


def write_csv(r: SimResult, path: str) -> None:
    """One row per deal, columns :data:`CSV_COLUMNS` (a result already in memory; see :func:`stream`)."""
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(CSV_COLUMNS)
        w.writerows(_csv_rows(r))


@dataclass
class Streamed:
    """What :func:`stream` did: the summary counts, and the seconds spent playing and writing."""

    tally: Tally
    play_seconds: float
    write_seconds: float


def stream(deals: int, seed: int = 0, *, csv_file: TextIO | None = None, **options: Any) -> Streamed:
    """Play the deals of :func:`simulate` one chunk at a time, writing each chunk's CSV rows to
    ``csv_file`` (header first) and counting its summary, so that memory stays flat at any number of
    deals. The rows are byte for byte those :func:`write_csv` writes for ``simulate(deals, seed, ...)``."""
    writer = csv.writer(csv_file) if csv_file is not None else None
    tally, play, write = Tally(), 0.0, 0.0
    t0 = time.perf_counter()
    if writer is not None:
        writer.writerow(CSV_COLUMNS)
    chunks = iter_chunks(deals, seed, **options)
    while True:
        t1 = time.perf_counter()
        write += t1 - t0
        r = next(chunks, None)
        t0 = time.perf_counter()
        play += t0 - t1
        if r is None:
            break
        tally.add(r)
        if writer is not None:
            writer.writerows(_csv_rows(r))
        del r
    return Streamed(tally, play, write)


def main(args: Any) -> int:
    """``python -m explorer simulate``: play the deals chunk by chunk, print the rate and the summary,
    write the CSV if asked."""
    try:
        profile = custom_profile(getattr(args, "profile", None) or DEFAULT_PROFILE.id)
        opts = dict(mode=getattr(args, "mode", None), profile=profile)
        if args.deals < 0:
            raise ValueError(f"--deals {args.deals} is negative")
        _options_of(args.seed, **opts, trump=None, buyer=None, dealer=None)
    except (ValueError, ProfileError) as e:
        print(f"simulate: {e}", file=sys.stderr)
        return 2
    out = getattr(args, "out", None)
    try:
        with open(out, "w", newline="", encoding="utf-8") if out else contextlib.nullcontext() as fh:
            done = stream(args.deals, args.seed, csv_file=fh, **opts)
    except OSError as e:
        print(f"simulate: cannot write {out} ({e.strerror})", file=sys.stderr)
        return 2
    n, dt = done.tally.deals, done.play_seconds
    rate = n / dt if dt > 0 else float("inf")
    mode = getattr(args, "mode", None) or "random"
    print(f"Played {n:,} random legal deals (seed {args.seed}, mode {mode}, profile {profile.id}) "
          f"in {dt:.3f} s: {rate:,.0f} deals per second.")
    if n:
        s = done.tally.frequencies()
        print(f"Buyer failed {s['buyer_failed']:.1%}, Kaboot {s['kaboot']:.1%}, tie {s['tie']:.1%}, "
              f"Baloot held {s['baloot']:.1%}, a project shown {s['projects']:.1%}.")
    if out:
        print(f"Wrote {n:,} rows to {out}.")
    return 0
