"""Projects by table lookup: what each of many hands shows, as :func:`~explorer.engine.rules.projects.find_projects`
finds it.

A suit's cards are one byte: bit i is ``RANKS[i]`` (7 8 9 T J Q K A), so a run in project order
(A K Q J T 9 8 7) is a block of consecutive bits. Each of the 256 bytes gets its best split into
runs of 3-5 once; four of a kind (A K Q J T in all four bytes) is tried on top of that. What a run or a
four of a kind is worth, and whether it holds the Baloot, is asked of the engine
(:func:`~explorer.engine.rules.projects.project_of`, :func:`~explorer.engine.rules.projects.baloot_absorbed`)
when the tables are built.

>>> from explorer.engine.core.cards import cards
>>> h = sum(1 << c.code for c in cards("AS KS QS JS 7H 8H 9H 7D"))
>>> [[str(DECK[c]) for c in p] for p in shown_projects(h, "hokum", "S")]
[['AS', 'KS', 'QS', 'JS'], ['9H', '8H', '7H']]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from explorer.engine.core.cards import DECK, RANKS, SUITS, Card, Suit  # noqa: F401  (DECK: doctests)
from explorer.engine.core.tables import BALOOT_POINTS, FOUR_KIND_RANKS, RUN_TYPE, Mode
from explorer.engine.fast.lookup import BALOOT_MASK, MODES, NO_TRUMP, SHIFTS
from explorer.engine.rules.projects import baloot_absorbed, project_of

IMPLEMENTED_OPTIONS = frozenset({"trump_project_priority"})
"""The profile options this module implements (passed in by the caller as ``trump_priority``)."""


def _run_cards(lo: int, n: int, suit: Suit = SUITS[0]) -> list[Card]:
    return [Card(RANKS[i], suit) for i in range(lo, lo + n)]


def _four_cards(bit: int) -> list[Card]:
    return [Card(RANKS[bit], s) for s in SUITS]


_RUN_VALUE = {m: {n: project_of(_run_cards(0, n), m).value for n in RUN_TYPE} for m in MODES}
_RUNS = [(lo, n) for n in RUN_TYPE for lo in range(0, 9 - n)]
_RUN_ABSORBS = {r: baloot_absorbed([project_of(_run_cards(*r), Mode.HOKUM)], SUITS[0]) for r in _RUNS}
"""Whether a run (lowest bit, length) of the trump suit holds the Baloot inside it."""
_FK_BITS = tuple(RANKS.index(r) for r in FOUR_KIND_RANKS)
_FK_MASK = sum(1 << b for b in _FK_BITS)
_FK_ABSORBING = sum(1 << b for b in _FK_BITS
                    if baloot_absorbed([project_of(_four_cards(b), Mode.HOKUM)], SUITS[0]))
"""The rank bits whose four of a kind holds the Baloot (four K, four Q)."""


def packed_project_key(value: int, *, four_kind: bool, top_bit: int, trump_first: bool = False) -> int:
    """One integer that orders projects as :func:`projects.project_key` does (without the seat).

    Value first, then (with trump priority) a trump-suit project, then four of a kind over a run,
    then the top card (``top_bit`` is its rank index in ``RANKS``, the Ace highest).

    >>> packed_project_key(10, four_kind=True, top_bit=6) > packed_project_key(10, four_kind=False, top_bit=7)
    True
    """
    return ((value * 2 + int(trump_first)) * 2 + int(four_kind)) * 8 + top_bit


_TRUMP_FIRST = packed_project_key(0, four_kind=False, top_bit=0, trump_first=True)
"""What trump priority adds to a trump-suit project's key."""


def _fk_value(bit: int, mode: Mode) -> int:
    return project_of(_four_cards(bit), mode).value


def _decompositions(b: int) -> list[tuple[tuple[int, int], ...]]:
    """Every set of disjoint runs (lowest bit, length 3-5) inside byte ``b``, the empty set included."""
    if not b & (b >> 1) & (b >> 2):
        return [()]
    runs = [(lo, n) for lo, n in sorted(_RUNS, key=lambda r: (r[1], r[0]))
            if (b >> lo) & ((1 << n) - 1) == (1 << n) - 1
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
            out[(mode, False)] = SuitRuns((), 0, 0, 0, False)
            out[(mode, True)] = SuitRuns((), BALOOT_POINTS, 0, 0, False)
            continue
        scored = []
        for d in decs:
            value = sum(values[n] for _, n in d)
            absorbs = any(_RUN_ABSORBS[r] for r in d)
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
    return ((masks[..., None] >> SHIFTS) & np.uint32(0xFF)).astype(np.int64)


def _evaluate(b: np.ndarray, mi: np.ndarray, trump: np.ndarray, baloot: np.ndarray, used: np.ndarray | int,
              trump_priority: bool) -> tuple[np.ndarray, ...]:
    """Score of showing the four of a kind ``used`` plus each suit's best runs of what is left:
    (rank for the choice, project value, comparison key, Baloot absorbed)."""
    used = np.broadcast_to(np.asarray(used, dtype=np.int64), mi.shape)
    suit_is_trump = np.arange(4)[None, :] == trump[:, None]
    live = (suit_is_trump & (baloot & ((used & _FK_ABSORBING) == 0))[:, None]).astype(np.int64)
    left = b & ~used[:, None]
    m2 = mi[:, None]
    total = _RT_TOTAL[m2, live, left].sum(axis=1)
    value = _RT_VALUE[m2, live, left].sum(axis=1)
    count = _RT_COUNT[m2, live, left].sum(axis=1)
    skey = _RT_KEY[m2, live, left]
    key = skey.max(axis=1)
    cmp_key = (skey + np.where(suit_is_trump & (skey > 0), _TRUMP_FIRST, 0)).max(axis=1) if trump_priority else key
    absorbed = (_RT_ABSORBS[m2, live, left] != 0).any(axis=1) | (baloot & ((used & _FK_ABSORBING) != 0))
    for i in _FK_BITS:
        has = (used >> i & 1) != 0
        v = np.where(has, _FK_VALUE[mi, i], 0)
        total, value, count = total + v, value + v, count + has
        k = np.where(has, _FK_KEY[mi, i], 0)
        key, cmp_key = np.maximum(key, k), np.maximum(cmp_key, k)
    rank = (total << 16) | (key << 4) | (15 - count)
    return rank, value, cmp_key, absorbed


def _best_four_kinds(b, mi, trump, baloot, value, key, absorbed, trump_priority: bool) -> np.ndarray:
    """Try the four of a kind each hand may show on top of its runs; update ``value``, ``key`` and
    ``absorbed`` in place where one is better; return the four of a kind used (rank bits) per hand."""
    four_kinds = np.zeros(b.shape[0], dtype=np.int64)
    fk = b[:, 0] & b[:, 1] & b[:, 2] & b[:, 3] & _FK_MASK
    idx = np.flatnonzero(fk)
    if not idx.size:
        return four_kinds
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
    return four_kinds


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
    kq = BALOOT_MASK[trump]
    baloot = hokum & (kq != 0) & ((masks & kq) == kq)
    b = _hand_bytes(masks)                                          # (n, 4 suits)
    mi = hokum.astype(np.int64)
    _, value, key, absorbed = _evaluate(b, mi, trump, baloot, 0, trump_priority)
    four_kinds = _best_four_kinds(b, mi, trump, baloot, value, key, absorbed, trump_priority)
    return HandProjectsFast(value.reshape(shape), key.reshape(shape), baloot.reshape(shape),
                            (absorbed & baloot).reshape(shape), four_kinds.reshape(shape))


def shown_projects(mask: int, mode: Mode | str, trump: Suit | str | None = None) -> list[list[int]]:
    """The projects one hand shows, as lists of card codes (highest first), by the tables.

    >>> from explorer.engine.core.cards import cards
    >>> [[str(DECK[c]) for c in p] for p in shown_projects(sum(1 << c.code for c in cards("KH QH JH")), "sun")]
    [['KH', 'QH', 'JH']]
    """
    mode = Mode(mode) if isinstance(mode, str) else mode
    if mode is Mode.SUN or trump is None:
        t_idx = NO_TRUMP
    else:
        t_idx = SUITS.index(trump if isinstance(trump, Suit) else Suit.parse(trump))
    r = hand_projects(np.array([mask], dtype=np.uint32), np.array([mode is Mode.HOKUM]), np.array([t_idx]))
    used = int(r.four_kinds[0])
    b = [(mask >> (8 * s)) & 0xFF for s in range(4)]
    fk = [[s * 8 + i for s in range(4)] for i in range(7, -1, -1) if used >> i & 1]
    absorbed_by_fk = bool(used & _FK_ABSORBING)
    runs = []
    for s in range(4):
        live = bool(r.baloot[0]) and s == t_idx and not absorbed_by_fk
        sr = suit_runs_table()[(mode, live)][b[s] & ~used]
        for lo, n in sr.runs:
            runs.append([s * 8 + i for i in range(lo + n - 1, lo - 1, -1)])
    return fk + runs
