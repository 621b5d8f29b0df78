"""A deal in progress as the kernel's arrays: the engine's :class:`~..game.GameState` in, bitmasks out.

The seats are indexed as in :data:`~..cards.SEATS` (S E N W = 0..3, so a seat's team is ``seat & 1``: NS 0,
EW 1) and the cards by the kernel's internal codes (``8 × suit + strength``, strength from the engine's
:func:`~..tables.strength` in the contract's order of that suit).

>>> from explorer.engine.core.cards import Suit
>>> [str(c) for c in internal_cards(Mode.HOKUM, Suit.H)[8:16]]   # the trump suit, weakest first
['7H', '8H', 'QH', 'KH', 'TH', 'AH', '9H', 'JH']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from explorer.engine.core.cards import SEATS, SUITS, Card, Rank, Seat, Team
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.core.tables import Mode, card_points, strength
from explorer.engine.game import GameState, Stage
from explorer.engine.rules.play import ekka_problem, is_trump, team_totals, winning_index
from explorer.engine.solver import kernel as K

OBJECTIVES = ("tricks", "points", "award")


@dataclass
class Position:
    """The kernel's view of the seat to play's moment: hands, the trick on the table, the rules' switches."""

    state: GameState
    seat: Seat
    team: Team
    S: np.ndarray            # the hands and the tricks' cards (kernel.py)
    W: np.ndarray            # the rules' switches, the points tables and the buffers (kernel.py)
    ntab: int
    leader: int
    win: int
    tfree: int
    sweep: int
    tleft: int
    cards: tuple[Card, ...]  # internal code -> card
    points_so_far: int       # the team's raw points in the finished tricks

    def code(self, card: Card) -> int:
        return self.cards.index(card)

    @property
    def ply(self) -> int:
        """Cards left in the four hands."""
        return sum(bin(int(h)).count("1") for h in self.S[:4])

    @property
    def remaining_points(self) -> int:
        """Raw points still to be won: the hands', the table's and the last trick's 10."""
        cards = [c for s in SEATS for c in self.state.hand(s)] + list(self.state.current.cards
                                                                       if self.state.current else ())
        return sum(int(self.W[K.PTS + self.code(c)]) for c in cards) + 10

    def params(self, objective: str, dplus: int = 0, dminus: int = 0) -> np.ndarray:
        """W for an objective: ``tricks`` (A 0, B 1, any equivalent cards merged), ``points`` (A 1, merged only
        at equal points), ``award`` (A 3 with the Kaboot terms of :mod:`.award`)."""
        W = self.W.copy()
        a, b, merge = {"tricks": (0, 1, 0), "points": (1, 0, 1), "award": (3, 0, 1)}[objective]
        W[K.A], W[K.B], W[K.MERGE], W[K.MASK] = a, b, merge, (1 << K.TT_BITS) - 1
        W[K.PMASK] = sum(1 << c for c in range(32) if W[K.PTS + c]) if merge else 0
        W[K.DPLUS], W[K.DMINUS] = dplus, dminus
        return W

    def sweep_for(self, objective: str) -> int:
        """The Kaboot flag matters to the award only: the other objectives search with 0 (more transpositions)."""
        return self.sweep if objective == "award" else 0

    def state_vector(self, objective: str) -> np.ndarray:
        """The scalars of the root for the drivers: ntab, leader, win, tfree, sweep, tleft, ply."""
        return np.array([self.ntab, self.leader, self.win, self.tfree, self.sweep_for(objective), self.tleft,
                         self.ply], dtype=np.int64)


@cache
def _tables(mode: Mode, trump) -> np.ndarray:
    """W's part that depends on the contract alone: the trump suit and the points of each card and suit byte."""
    order = internal_cards(mode, trump)
    W = np.zeros(K.WSIZE, dtype=np.int64)
    pts = np.array([card_points(x.rank, trump=is_trump(x, mode, trump)) for x in order], dtype=np.int64)
    W[K.PTS:K.PTS + 32] = pts
    bits = (np.arange(256)[:, None] >> np.arange(8)[None, :]) & 1
    for s in range(4):
        W[K.PBYTE + 256 * s: K.PBYTE + 256 * (s + 1)] = bits @ pts[8 * s: 8 * s + 8]
    W[K.TRUMP] = SUITS.index(trump) if mode is Mode.HOKUM else -1
    return W


@cache
def internal_cards(mode: Mode, trump) -> tuple[Card, ...]:
    """The 32 cards by internal code: suit by suit (S H D C), weakest first in the contract's order."""
    out: list[Card] = []
    for suit in SUITS:
        ranked = sorted((c for c in _deck() if c.suit is suit),
                        key=lambda c: strength(c.rank, trump=is_trump(c, mode, trump)))
        out += ranked
    return tuple(out)


def _deck() -> tuple[Card, ...]:
    from explorer.engine.core.cards import DECK
    return DECK


def from_state(state: GameState) -> Position:
    """The kernel's arrays for the seat to play in ``state`` (a deal in its play, every hand known)."""
    if state.stage is not Stage.PLAY or state.contract is None:
        raise ValueError("the solver needs a deal in its play (contract settled, cards still to play)")
    c, profile = state.contract, state.profile
    order = internal_cards(c.mode, c.trump)
    seat = state.to_act
    team = seat.team
    W = _tables(c.mode, c.trump).copy()
    W[K.UNDER] = int(profile.must_undertrump)
    W[K.CUT3] = int(profile.third_seat_must_cut)
    W[K.LOCKED] = int(state.escalation.locked and c.mode is Mode.HOKUM)
    W[K.MAXT] = 0 if team is Team.NS else 1
    S = np.zeros(40, dtype=np.int64)
    index = {x: i for i, x in enumerate(order)}
    for i, s in enumerate(SEATS):
        S[i] = sum(1 << index[x] for x in state.hand(s))
    done = [t for t in state.tricks if t.complete]
    tleft = 8 - len(done)
    cur = state.current
    ntab, leader, win, tfree = 0, SEATS.index(seat), 0, 1
    if cur is not None:
        ntab, leader = len(cur.cards), SEATS.index(cur.leader)
        for j, card in enumerate(cur.cards):
            S[4 + 4 * tleft + j] = index[card]
        win = winning_index(cur.cards, c.mode, c.trump)
        tfree = _third_seat_free(cur.cards[0], cur.ekka, [x for t in done for x in t.cards], c.mode, c.trump,
                                 profile)
    winners = {t.winner.team for t in done}
    sweep = 3 if not done else (0 if len(winners) == 2 else (1 if team in winners else 2))
    points, _ = team_totals(done)
    return Position(state, seat, team, S, W, ntab, leader, win, tfree, sweep, tleft, order, points[team])


def _third_seat_free(lead: Card, ekka: bool, played: list[Card], mode: Mode, trump, profile: RuleProfile) -> int:
    """Whether the trick's lead frees a void third seat whose partner wins (play.py's third-seat exceptions)."""
    if not profile.third_seat_must_cut or mode is not Mode.HOKUM or is_trump(lead, mode, trump):
        return 1
    if lead.rank is Rank.ACE:
        return 1
    valid = ekka_problem(lead, played, mode, trump) is None
    return int(valid and (ekka or profile.automatic_ekka))


def ekka_lead(state: GameState, card: Card) -> bool:
    """Whether the solver leads ``card`` as an Ekka: a lead in Hokum of a plain card with no higher card of its
    suit unplayed (announced where the profile asks for it, called by the game under automatic_ekka)."""
    c = state.contract
    if state.current is not None or c.mode is not Mode.HOKUM:
        return False
    played = [x for t in state.tricks if t.complete for x in t.cards]
    return ekka_problem(card, played, c.mode, c.trump) is None


def seat_index(seat: Seat) -> int:
    return SEATS.index(seat)
