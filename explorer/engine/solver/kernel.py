"""The solver's inner loop: alpha-beta over card bitmasks with a transposition table (numba, or plain Python).

Cards are *internal codes* here: ``8 × suit + strength``, the suit as in :attr:`Card.code` (S H D C) and the
strength from 0 (weakest) to 7 (strongest) in the contract's order of that suit (trump order for the trump
suit, plain order otherwise), so that in each suit's byte of a hand's 32-bit mask a higher bit beats a lower
one. :mod:`.position` turns the engine's cards into these codes; the rules below are the engine's (:mod:`..play`),
written again on masks, and the tests hold them to it card by card.

A search returns the value *from here* for the maximising team (the team of the seat to play at the root):
the sum, over the tricks that team wins from the current trick on, of ``A × points + B`` (points with the
last trick's 10), plus ``DPLUS`` when it has won every trick of the deal and ``DMINUS`` when the other team
has. ``A = 0, B = 1`` counts tricks, ``A = 1, B = 0`` raw points; :mod:`.award` sets ``A = 3`` and the two
Kaboot terms so that the value orders the deal's outcomes as the award does.

Everything lives in one int64 array ``M`` (one array argument keeps a compiled recursive call cheap):

- ``P``, the rules' switches and the objective (the slots below), the points of each card (``PTS``) and of
  each suit byte (``PBYTE``), the move buffers, a row of 8 per ply (``MV`` moves, ``MK`` their ordering keys,
  ``MC`` the masks of the equivalent cards each stands for) and counters (``CNT``);
- the position (``SOFF``): the four hands (masks, by seat S E N W = 0..3), then the cards of the trick played
  with ``t`` tricks left at ``SOFF + 4 + 4t`` (a deeper trick never overwrites a shallower one);
- the transposition table (``TOFF``), rows of 8: two keys, meta, generation, lower, upper, move, depth.

The scalars of a search: cards on the table ``ntab``, the ``leader``, the index of the winning card ``win``,
``tfree`` (a void third seat whose partner's lead is winning may discard: no third-seat cut in the profile, an
Ace or an Ekka lead), ``sweep`` (0: both teams have won a trick; 1: only the maximising team; 2: only the other;
3: no trick yet) and ``tleft`` (tricks left, the current one included).

>>> above(13) == (1 << 14) | (1 << 15), lowest(0b1000)   # suit 1 (hearts), strength 5: two cards beat it
(True, 3)
"""

from __future__ import annotations

import numpy as np

from explorer.engine.solver.jit import njit

TRUMP, UNDER, CUT3, LOCKED, MAXT, A, B, DPLUS, DMINUS, MERGE, MASK, PMASK = range(12)
"""Slots of P, at the start of M (PMASK: the mask of the cards worth points)."""
PTS = 16
PBYTE = PTS + 32
MV = PBYTE + 1024
MK = MV + 33 * 8
MC = MK + 33 * 8
CNT = MC + 33 * 8
"""M[CNT]: nodes searched; M[CNT + 1]: trick starts reached; M[CNT + 2]: table hits."""
WSIZE = CNT + 8
"""The size of the parameters and buffers: what :mod:`.position` prepares for an objective."""
SOFF = WSIZE
PX = SOFF + 40
"""M[PX + 256 a + h]: the bits of suit byte h at the places of the set bits of a, packed from bit 0."""
TOFF = (PX + 65536 + 63) // 64 * 64
TT_BITS = 18
"""The transposition table has 2**TT_BITS rows of 8 numbers (16 MB)."""
MSIZE = TOFF + (8 << TT_BITS)
INF = 1 << 20
"""Larger than any value (3 × 162 raw points plus the Kaboot terms)."""


@njit
def above(c):
    """The mask of the cards of ``c``'s suit that beat ``c``."""
    return (0xFF << (c & ~7)) & ~((2 << c) - 1)


@njit
def lowest(m):
    """The index of the lowest set bit of a non-zero mask."""
    i = 0
    if (m & 0xFFFF) == 0:
        m >>= 16
        i += 16
    if (m & 0xFF) == 0:
        m >>= 8
        i += 8
    if (m & 0xF) == 0:
        m >>= 4
        i += 4
    if (m & 0x3) == 0:
        m >>= 2
        i += 2
    if (m & 0x1) == 0:
        i += 1
    return i


@njit
def beats(c, w, trump):
    """Whether card ``c`` beats the card ``w`` now winning the trick."""
    if (c >> 3) == (w >> 3):
        return c > w
    return trump >= 0 and (c >> 3) == trump


@njit
def legal(M, h, seat, base, ntab, leader, win, tfree):
    """The mask of the cards of hand ``h`` that ``seat`` may play (play.py's obligation, on masks); the trick's
    cards are ``M[base:base + ntab]``."""
    trump = M[TRUMP]
    tm = (0xFF << (8 * trump)) if trump >= 0 else 0
    if ntab == 0:
        if M[LOCKED] != 0 and (h & tm) != 0 and (h & ~tm) != 0:
            return h & ~tm                     # locked Hokum: no trump lead while holding another card
        return h
    led = M[base] >> 3
    wc = M[base + win]
    partner_wins = ((leader + win) & 1) == (seat & 1)
    ht = h & tm
    if trump >= 0 and led == trump:
        if ht == 0:
            return h
        if partner_wins:
            return ht
        hi = ht & above(wc)
        return hi if hi != 0 else ht           # overtake the winning trump when possible
    hl = h & (0xFF << (8 * led))
    if hl != 0:
        return hl                              # follow suit
    if ht == 0:
        return h                               # Sun, or no trump: anything
    if partner_wins:
        if ntab == 2 and tfree == 0:
            return ht                          # third seat must cut (no Ace, no Ekka)
        return h
    w = ht & above(wc) if (wc >> 3) == trump else ht
    if w != 0:
        return w                               # win with a trump
    if M[UNDER] != 0:
        return ht                              # must undertrump
    return h


@njit
def lead_frees_third(c, alive, M):
    """Whether a lead of ``c`` frees a void third seat whose partner wins: no third-seat cut in this profile,
    or a plain card with no higher card of its suit unplayed (an Ace, or an Ekka, which the solver always
    announces: it only frees the leader's partner, so it is never worse)."""
    trump = M[TRUMP]
    if M[CUT3] == 0 or trump < 0 or (c >> 3) == trump:
        return 1
    return 1 if (alive & above(c)) == 0 else 0


@njit
def emit(M, cls, n, row, decided, seat_wins):
    """Write the moves of one class of power-equivalent cards (mask ``cls``) from slot ``n``; returns the new
    count. Tricks: one move. Points: one move per run of equal points, except when the trick's winner no longer
    depends on the seats after this one (``decided``): then the class is one move, its highest-point card when
    the trick goes to the seat's team (``seat_wins``), its lowest otherwise. Either card leaves the same power
    behind, so only the points of the card kept for later can differ, and swapping the two shows that keeping
    the other cannot serve the seat's side better."""
    crow = row - MV + MC
    if M[MERGE] == 0:
        M[row + n] = lowest(cls)
        M[crow + n] = cls
        return n + 1
    if decided:
        pick = -1
        for c in range(32):
            if (cls >> c) & 1:
                if pick < 0 or (seat_wins and M[PTS + c] > M[PTS + pick]) or \
                        (not seat_wins and M[PTS + c] < M[PTS + pick]):
                    pick = c
        M[row + n] = pick
        M[crow + n] = cls
        return n + 1
    prev = -1
    for c in range(31, -1, -1):
        if (cls >> c) & 1:
            if prev >= 0 and M[PTS + c] == M[PTS + prev]:
                M[row + n - 1] = c
                M[crow + n - 1] |= 1 << c
            else:
                M[row + n] = c
                M[crow + n] = 1 << c
                n += 1
            prev = c
    return n


@njit
def can_beat(h, w, led, trump):
    """Whether a hand might still beat the winning card ``w`` of a trick led in suit ``led`` (an over-estimate:
    a higher card of ``w``'s suit, or a trump when void in the led suit and ``w`` is not one)."""
    if (h & above(w)) != 0:
        return True
    return trump >= 0 and (w >> 3) != trump and (h & (0xFF << (8 * trump))) != 0 and (h & (0xFF << (8 * led))) == 0


@njit
def class_outcome(M, cls, seat, ntab, wc, mine, led):
    """For a class played now: whether the trick's winner is then settled whatever the later seats hold, and
    whether it is the seat's side."""
    trump = M[TRUMP]
    x = lowest(cls)
    if ntab == 0 or beats(x, wc, trump):
        w = x
        ours = True
    else:
        w = wc
        ours = mine
    lead = (x >> 3) if ntab == 0 else led
    for j in range(1, 4 - ntab):
        if can_beat(M[SOFF + ((seat + j) & 3)], w, lead, trump):
            return False, ours
    return True, ours


@njit
def gen_moves(M, h, lm, alive, ntab, ply, wc, mine, collapse, seat, led):
    """One move per class of equivalent legal cards into the ply's row of moves (the class's mask into the row
    of classes); returns how many.

    Cards of one hand that are adjacent in their suit once the cards of earlier tricks are left out (nothing of
    another hand, nor of the table, between them) have the same power; with ``P[MERGE]`` (the points
    objectives) they make one move only when worth the same points, or, with ``collapse``, when the trick's
    winner is settled by this card (see :func:`emit`; ``wc`` is the card winning now, ``mine`` whether the
    seat's side holds the trick, ``led`` the led suit). A plain card that is the highest of its suit still out
    is a class of its own at a lead in Hokum with the third-seat cut (it frees the partner; the next one down
    does not). A class of one move is played as its lowest card.
    """
    n = ntab & 0                 # no literal value reaches a call (see search)
    none = n != n
    row = MV + 8 * ply
    trump = M[TRUMP]
    split = ntab == 0 and M[CUT3] != 0 and trump >= 0
    points = collapse and M[MERGE] != 0
    for s in range(4):
        if ((lm >> (8 * s)) & 0xFF) == 0:
            continue
        cls = n & 0
        for r in range(7, -1, -1):
            c = 8 * s + r
            b = 1 << c
            if (alive & b) == 0:
                continue
            if (lm & b) != 0:
                cls |= b
                if split and s != trump and (alive & above(c)) == 0:
                    n = emit(M, cls, n, row, none, none)
                    cls = n & 0
            elif cls != 0:
                decided, ours = class_outcome(M, cls, seat, ntab, wc, mine, led) if points else (none, none)
                n = emit(M, cls, n, row, decided, ours)
                cls = n & 0
        if cls != 0:
            decided, ours = class_outcome(M, cls, seat, ntab, wc, mine, led) if points else (none, none)
            n = emit(M, cls, n, row, decided, ours)
    return n


@njit
def order_moves(M, n, ply, seat, base, ntab, leader, win, alive, first):
    """Sort the ply's ``n`` moves best-first by a cheap guess; ``first`` (the table's move) leads."""
    trump = M[TRUMP]
    row = MV + 8 * ply
    krow = MK + 8 * ply
    crow = MC + 8 * ply
    partner = M[SOFF + ((seat + 2) & 3)]
    for i in range(n):
        c = M[row + i]
        p = M[PTS + c]
        if c == first:
            k = 1000
        elif ntab == 0:
            up = alive & above(c)
            if up == 0:
                k = 60 + p                           # a master: cash it
            elif (partner & up) != 0 and (up & ~partner) == 0:
                k = 50 - p                           # low to the partner's master
            else:
                k = -(c & 7) - p                     # else lead low
            if trump >= 0 and (c >> 3) == trump:
                k += 5
        else:
            wc = M[base + win]
            mine = ((leader + win) & 1) == (seat & 1)
            if beats(c, wc, trump) and not mine:
                k = 40 + p - (c & 7) if ntab == 3 else 30 + (c & 7)
            elif mine:
                k = 20 + p if ntab == 3 else 10 - (c & 7)
            else:
                k = -2 * p - (c & 7)                 # a loser: the cheapest
        M[krow + i] = k
    for i in range(1, n):                             # insertion sort, keys descending
        c = M[row + i]
        k = M[krow + i]
        m = M[crow + i]
        j = i - 1
        while j >= 0 and M[krow + j] < k:
            M[row + j + 1] = M[row + j]
            M[krow + j + 1] = M[krow + j]
            M[crow + j + 1] = M[crow + j]
            j -= 1
        M[row + j + 1] = c
        M[krow + j + 1] = k
        M[crow + j + 1] = m


@njit
def node_moves(M, ntab, leader, win, tfree, tleft, ply, first, collapse):
    """The moves of the seat to play, one per class of equivalent cards, best guess first, into the ply's rows
    (moves at ``MV + 8 ply``, their classes at ``MC + 8 ply``); returns how many. Without ``collapse`` (the
    root, whose every card needs its own value) the trick's last card keeps a move per point value."""
    base = SOFF + 4 + 4 * tleft
    alive = M[SOFF] | M[SOFF + 1] | M[SOFF + 2] | M[SOFF + 3]
    for j in range(ntab):
        alive |= 1 << M[base + j]
    seat = (leader + ntab) & 3
    h = M[SOFF + seat]
    lm = legal(M, h, seat, base, ntab, leader, win, tfree)
    mine = ntab > 0 and ((leader + win) & 1) == (seat & 1)
    n = gen_moves(M, h, lm, alive, ntab, ply, M[base + win], mine, collapse, seat, M[base] >> 3)
    order_moves(M, n, ply, seat, base, ntab, leader, win, alive, first)
    return n


@njit
def next_sweep(sweep, mine):
    if sweep == 3:
        return 1 if mine else 2
    if sweep == 1:
        return 1 if mine else 0
    if sweep == 2:
        return 0 if mine else 2
    return 0


@njit
def trick_value(M, base, leader, win, tleft):
    """What the finished trick at ``M[base:base + 4]`` is worth to the maximising team (0 when it loses it)."""
    if ((leader + win) & 1) != M[MAXT]:
        return 0
    p = M[PTS + M[base]] + M[PTS + M[base + 1]] + M[PTS + M[base + 2]] + M[PTS + M[base + 3]]
    if tleft == 1:
        p += 10
    return M[A] * p + M[B]


@njit
def end_value(sweep, M):
    """The Kaboot term once every trick is played."""
    if sweep == 1:
        return M[DPLUS]
    if sweep == 2:
        return M[DMINUS]
    return 0


@njit
def remaining_points(alive, M):
    return M[PBYTE + (alive & 255)] + M[PBYTE + 256 + ((alive >> 8) & 255)] + \
        M[PBYTE + 512 + ((alive >> 16) & 255)] + M[PBYTE + 768 + ((alive >> 24) & 255)]


@njit
def last_trick(M, leader, sweep):
    """The value of the eighth trick when each hand holds its last card (nothing to choose)."""
    base = SOFF + 8
    win = leader & 0             # no literal value reaches a call (see search)
    for j in range(4):
        c = lowest(M[SOFF + ((leader + j) & 3)])
        M[base + j] = c
        if j > 0 and beats(c, M[base + win], M[TRUMP]):
            win = j
    tv = trick_value(M, base, leader, win, win + 1 - win)
    return tv + end_value(next_sweep(sweep, ((leader + win) & 1) == M[MAXT]), M)


@njit
def packed(M, h, alive):
    """A hand with the cards out of play squeezed out of each suit: ``h``'s bits at the places of ``alive``'s
    set bits, suit by suit. Two positions whose hands pack alike (and, for points, hold the same cards worth
    points) have one value: only the order of the cards still out matters, and their points."""
    return M[PX + 256 * (alive & 255) + (h & 255)] | \
        (M[PX + 256 * ((alive >> 8) & 255) + ((h >> 8) & 255)] << 8) | \
        (M[PX + 256 * ((alive >> 16) & 255) + ((h >> 16) & 255)] << 16) | \
        (M[PX + 256 * ((alive >> 24) & 255) + ((h >> 24) & 255)] << 24)


@njit
def slot(M, p0, p1, p2, p3, meta):
    """The first row of the table's bucket (two rows) for a trick's start: a mix of the packed hands and meta."""
    x = p0 ^ (((p1 << 8) | (p1 >> 24)) & 0xFFFFFFFF) ^ (((p2 << 16) | (p2 >> 16)) & 0xFFFFFFFF) \
        ^ (((p3 << 24) | (p3 >> 8)) & 0xFFFFFFFF) ^ ((meta * 0x9E3779B1) & 0xFFFFFFFF) ^ (meta >> 20)
    x = ((x ^ (x >> 16)) * 0x45D9F3B) & 0xFFFFFFFF
    x = ((x ^ (x >> 16)) * 0x45D9F3B) & 0xFFFFFFFF
    return TOFF + 8 * ((x ^ (x >> 16)) & M[MASK] & ~1)


@njit
def bounds(M, alive, sweep, tleft):
    """Bounds on the value from a trick's start: nothing more than every point and trick left (with the Kaboot
    term when a Kaboot is still in reach), nothing less than zero (or the Kaboot terms)."""
    full = M[A] * (remaining_points(alive, M) + 10) + M[B] * tleft
    ub = full
    lb = full - full
    if sweep == 1 or sweep == 3:
        if M[DPLUS] > 0:
            ub = full + M[DPLUS]
        elif full + M[DPLUS] < lb:
            lb = full + M[DPLUS]
    if sweep == 2 or sweep == 3:
        lb = min(lb, M[DMINUS])
        ub = max(ub, M[DMINUS])
    return lb, ub


@njit
def table_row(M, leader, sweep, alive, gen):
    """The table's row for a trick's start, whether it holds this position, and the position's keys: the hands
    packed (see :func:`packed`), the leader, the Kaboot flag and, for points, the cards worth points still out.
    Not held: the row to fill later, a stale one of the bucket, else the shallower."""
    p0 = packed(M, M[SOFF], alive)
    p1 = packed(M, M[SOFF + 1], alive)
    p2 = packed(M, M[SOFF + 2], alive)
    p3 = packed(M, M[SOFF + 3], alive)
    meta = leader | (sweep << 2) | ((p1 >> 31) << 4) | ((p3 >> 31) << 5) | ((alive & M[PMASK]) << 6)
    k0 = p0 | ((p1 & 0x7FFFFFFF) << 32)
    k1 = p2 | ((p3 & 0x7FFFFFFF) << 32)
    row = slot(M, p0, p1, p2, p3, meta)
    r2 = row + 8
    if M[row + 3] == gen and M[row] == k0 and M[row + 1] == k1 and M[row + 2] == meta:
        return row, True, k0, k1, meta
    if M[r2 + 3] == gen and M[r2] == k0 and M[r2 + 1] == k1 and M[r2 + 2] == meta:
        return r2, True, k0, k1, meta
    if M[row + 3] == gen and (M[r2 + 3] != gen or M[r2 + 7] <= M[row + 7]):
        row = r2
    return row, False, k0, k1, meta


@njit
def store(M, row, k0, k1, meta, gen, lo, hi, g, alpha, beta, best, tleft):
    """Keep what a search from a trick's start found: exact inside (alpha, beta), else a bound."""
    if g <= alpha:
        hi = g
    elif g >= beta:
        lo = g
    else:
        lo = g
        hi = g
    M[row] = k0
    M[row + 1] = k1
    M[row + 2] = meta
    M[row + 3] = gen
    M[row + 4] = lo
    M[row + 5] = hi
    M[row + 6] = best
    M[row + 7] = tleft


# One self-recursive function, called back with no literal argument: numba then loads it back from its disk
# cache (mutual recursion, or a literal argument in the recursive call, leaves a symbol unresolved there). No
# call in this module passes a literal (``0``, ``True``) either: numba would compile the callee once more for it.
@njit
def search(M, ntab, leader, win, tfree, sweep, tleft, alpha, beta, ply, gen):
    """The value from here (fail-soft alpha-beta): exact when it falls strictly inside (alpha, beta), else a
    bound on the side it falls. The table is read and written at the start of a trick."""
    M[CNT] += 1
    zero = ntab & 0          # not the literal 0: see above
    base = SOFF + 4 + 4 * tleft
    alive = M[SOFF] | M[SOFF + 1] | M[SOFF + 2] | M[SOFF + 3]
    first = zero - 1
    row = zero - 1
    k0 = k1 = meta = lo = hi = zero
    a0, b0 = alpha, beta
    if ntab == 0:
        if tleft == 0:
            return end_value(sweep, M)
        if tleft == 1:
            return last_trick(M, leader, sweep)
        lo, hi = bounds(M, alive, sweep, tleft)
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        M[CNT + 1] += 1
        row, hit, k0, k1, meta = table_row(M, leader, sweep, alive, gen)
        if hit:
            M[CNT + 2] += 1
            lo = M[row + 4]
            hi = M[row + 5]
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            a0 = max(alpha, lo)
            b0 = min(beta, hi)
            first = M[row + 6]
        win = zero
        tfree = zero + 1
    seat = (leader + ntab) & 3
    n = node_moves(M, ntab, leader, win, tfree, tleft, ply, first, ntab >= 0)
    maxing = (seat & 1) == M[MAXT]
    g = -INF if maxing else INF
    a, b = a0, b0
    mrow = MV + 8 * ply
    best = M[mrow]
    for m in range(n):
        c = M[mrow + m]
        M[SOFF + seat] ^= 1 << c
        M[base + ntab] = c
        nwin = win
        ntf = tfree
        if ntab == 0:
            nwin = zero
            ntf = lead_frees_third(c, alive, M)
        elif beats(c, M[base + win], M[TRUMP]):
            nwin = ntab
        if ntab == 3:
            tv = trick_value(M, base, leader, nwin, tleft)
            wseat = (leader + nwin) & 3
            ns = next_sweep(sweep, (wseat & 1) == M[MAXT])
            v = tv + search(M, zero, wseat, zero, zero + 1, ns, tleft - 1, a - tv, b - tv, ply - 1, gen)
        else:
            v = search(M, ntab + 1, leader, nwin, ntf, sweep, tleft, a, b, ply - 1, gen)
        M[SOFF + seat] ^= 1 << c
        if maxing:
            if v > g:
                g = v
                best = c
            a = max(a, g)
        else:
            if v < g:
                g = v
                best = c
            b = min(b, g)
        if a >= b:
            break
    if row >= 0:
        store(M, row, k0, k1, meta, gen, lo, hi, g, a0, b0, best, tleft)
    return g


# --- drivers: play a card, an exact value or an award level by zero-window searches, a principal line ------
# (in this module with the search: numba's disk cache notices a change to a compiled function only through
# its own file, and a driver compiled elsewhere would keep an old search)

NTAB, LEADER, WIN, TFREE, SWEEP, TLEFT, PLY = range(7)


@njit
def play_card(M, st, c):
    """Play card ``c`` (internal code) by the seat to play; returns what the trick it ends is worth (else 0)."""
    ntab = st[NTAB]
    leader = st[LEADER]
    tleft = st[TLEFT]
    base = SOFF + 4 + 4 * tleft
    seat = (leader + ntab) & 3
    if ntab == 0:
        alive = M[SOFF] | M[SOFF + 1] | M[SOFF + 2] | M[SOFF + 3]
        st[WIN] = 0
        st[TFREE] = lead_frees_third(c, alive, M)
    elif beats(c, M[base + st[WIN]], M[TRUMP]):
        st[WIN] = ntab
    M[SOFF + seat] ^= 1 << c
    M[base + ntab] = c
    st[PLY] -= 1
    if ntab < 3:
        st[NTAB] = ntab + 1
        return 0
    tv = trick_value(M, base, leader, st[WIN], tleft)
    wseat = (leader + st[WIN]) & 3
    st[SWEEP] = next_sweep(st[SWEEP], (wseat & 1) == M[MAXT])
    st[NTAB] = 0
    st[LEADER] = wseat
    st[WIN] = 0
    st[TFREE] = 1
    st[TLEFT] = tleft - 1
    return tv


@njit
def probe(M, st, alpha, beta, gen):
    """A search of the position ``st`` describes, with the window (alpha, beta)."""
    return search(M, st[NTAB], st[LEADER], st[WIN], st[TFREE], st[SWEEP], st[TLEFT], alpha, beta, st[PLY], gen)


@njit
def exact(M, st, lo, hi, guess, gen):
    """The exact value from here, known to lie in [lo, hi]: zero-window searches, the first at ``guess``
    (MTD(f): a good guess settles it in two), then halving what is left (a fail-soft answer narrows it more)."""
    g = min(max(guess, lo), hi)
    first = True
    while lo < hi:
        if first:
            mid = g if g > lo else lo + 1
            first = False
        else:
            mid = (lo + hi + 1) // 2
        g = probe(M, st, mid - 1, mid, gen)
        if g >= mid:
            lo = g if g < hi else hi
        else:
            hi = g if g > lo else lo
    return lo


@njit
def level(M, st, thr, n, gen):
    """The largest ``j`` with a value from here of at least ``thr[j]`` (``thr`` ascending, ``thr[0]`` always
    reached): one zero-window search per halving (a fail-soft answer settles more levels at once)."""
    lo = 0
    hi = n - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        g = probe(M, st, thr[mid] - 1, thr[mid], gen)
        if g >= thr[mid]:
            lo = mid
            while lo < hi and thr[lo + 1] <= g:
                lo += 1
        else:
            hi = mid - 1
            while hi > lo and thr[hi] > g:
                hi -= 1
    return lo


@njit
def line(M, st, lo, hi, gen, out):
    """A principal line from here into ``out`` (internal codes); returns its length.

    The position's value lies in [lo, hi): at each card the seat to play keeps it there (the maximising side
    picks a card whose value is still at least ``lo``, the other side one whose value is still below ``hi``),
    so the line ends on a value in [lo, hi). The cards are tried in the search's own order."""
    n = 0
    cands = np.zeros(8, dtype=np.int64)
    saved = np.zeros(40, dtype=np.int64)
    while st[TLEFT] > 0:
        ntab = st[NTAB]
        seat = (st[LEADER] + ntab) & 3
        maxing = (seat & 1) == M[MAXT]
        k = node_moves(M, ntab, st[LEADER], st[WIN], st[TFREE], st[TLEFT], st[PLY], ntab * 0 - 1, ntab >= 0)
        row = MV + 8 * st[PLY]
        for j in range(k):
            cands[j] = M[row + j]
        saved[:] = M[SOFF:SOFF + 40]
        chosen = cands[0]
        for j in range(k):
            st2 = st.copy()
            tv = play_card(M, st2, cands[j])
            if maxing:
                ok = tv + probe(M, st2, lo - tv - 1, lo - tv, gen) >= lo
            else:
                ok = tv + probe(M, st2, hi - tv - 1, hi - tv, gen) < hi
            M[SOFF:SOFF + 40] = saved
            if ok:
                chosen = cands[j]
                break
        tv = play_card(M, st, chosen)
        lo -= tv
        hi -= tv
        out[n] = chosen
        n += 1
    return n


def new_workspace() -> np.ndarray:
    """A fresh M: the packing table filled, the transposition table's rows of generation 0, which no search
    asks for (they count from 1)."""
    M = np.zeros(MSIZE, dtype=np.int64)
    hands = np.arange(256, dtype=np.int64)
    for a in range(256):
        out = np.zeros(256, dtype=np.int64)
        for k, place in enumerate(i for i in range(8) if a >> i & 1):
            out |= ((hands >> place) & 1) << k
        M[PX + 256 * a: PX + 256 * (a + 1)] = out
    return M


OP_MOVES, OP_PLAY, OP_EXACT, OP_LEVEL, OP_LINE = range(5)


@njit
def drive(M, st, op, x, y, z, gen, buf):
    """The one compiled entry point (each entry point compiles the search again, so there is one): the root's
    moves (``x``: collapse), play card ``x``, the exact value in [x, y] from guess ``z``, the award level of
    thresholds ``buf[:x]``, or a principal line in [x, y) into ``buf``."""
    if op == OP_MOVES:
        return node_moves(M, st[NTAB], st[LEADER], st[WIN], st[TFREE], st[TLEFT], st[PLY], x * 0 - 1, x != 0)
    if op == OP_PLAY:
        return play_card(M, st, x)
    if op == OP_EXACT:
        return exact(M, st, x, y, z, gen)
    if op == OP_LEVEL:
        return level(M, st, buf, x, gen)
    return line(M, st, x, y, gen, buf)
