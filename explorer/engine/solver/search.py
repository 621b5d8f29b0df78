"""The exact double-dummy solver: every legal card's value for the seat to play, all four hands open.

For each legal card :func:`solve` gives three exact numbers, each under perfect play by all four seats for
that objective: ``tricks`` and ``points`` (raw card points, the cards already on the table and the last
trick's 10 included) that the seat's team takes from the current trick on, and ``award``, the deal's award
to the team (its game points minus the other team's, from the engine's scoring pipeline: projects, Baloot,
Kaboot, the buyer's threshold and tie rules, the escalation; at Gahwa ±152, see :mod:`.award`); and the
principal line of the award: the rest of the deal, card by card, when every seat plays for the award.

A lead that may be announced as an Ekka (Hokum, a plain card with no higher card of its suit unplayed) is
played announced: the announcement only frees the leader's partner, so it is never worse (the tests compare
with a minimax that tries both). The same holds inside the lines.

>>> from explorer.engine.solver.samples import random_position
>>> v = solve(random_position(7, 1, 0)).cards[0]   # the last trick: the seat to lead holds one card
>>> str(v.card), v.tricks, v.points, v.award, [str(c) for c in v.line]
('KS', 1, 39, 16, ['KS', 'KH', 'TS', 'AC'])
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from explorer.engine.core.cards import SUITS, Card, Seat
from explorer.engine.game import GameState, Play, Stage
from explorer.engine.rules.play import card_strength
from explorer.engine.rules.projects import Project
from explorer.engine.solver import kernel as K
from explorer.engine.solver.award import Deal, Scale, scale
from explorer.engine.solver.position import OBJECTIVES, Position, ekka_lead, from_state


@dataclass(frozen=True)
class CardValue:
    """One legal card's exact values for its team, and the principal line of the award from it."""

    card: Card
    ekka: bool
    tricks: int | None
    points: int | None
    award: int | None
    line: tuple[Card, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"card": str(self.card), "ekka": self.ekka, "tricks": self.tricks, "points": self.points,
                "award": self.award, "line": [str(c) for c in self.line]}


@dataclass(frozen=True)
class Solution:
    """The seat to play and each of its legal cards, best first (award, then points, then tricks)."""

    seat: Seat | None
    cards: tuple[CardValue, ...]
    tricks_left: int
    seconds: float = 0.0

    @property
    def best(self) -> tuple[Card, ...]:
        """Every card of the highest award, in the order of :attr:`cards` (no other tie-break)."""
        if not self.cards:
            return ()
        top = max(v.award for v in self.cards)
        return tuple(v.card for v in self.cards if v.award == top)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.value if self.seat else None, "cards": [v.to_dict() for v in self.cards],
                "best": [str(c) for c in self.best], "tricks_left": self.tricks_left}


class _Workspace(threading.local):
    """The kernel's array per thread (its 16 MB transposition table, made once) and the generation counter
    that retires the table's rows of earlier searches."""

    def __init__(self) -> None:
        self.M = K.new_workspace()
        self.generation = 0

    def next_generation(self) -> int:
        self.generation += 1
        return self.generation


_WORK = _Workspace()


def solve(state: GameState, projects: Mapping[Seat, Sequence[Project]] | None = None, *,
          objectives: Sequence[str] = OBJECTIVES, lines: bool = True, line_for: str | None = None) -> Solution:
    """The exact values of every legal card of the seat to play in ``state`` (a deal in its play).

    ``projects`` are the projects that count in the score (by default those declared so far; a record's
    ``projects`` while trick 1 is still being played). ``objectives`` may leave some out (their numbers are
    then None); ``lines`` asks for the principal line of the award (of the points without the award), or of
    the objective ``line_for`` names (one of ``objectives``).
    """
    t0 = time.perf_counter()
    if state.stage is not Stage.PLAY:
        return Solution(None, (), 0, time.perf_counter() - t0)
    pos = from_state(state)
    legal = list(dict.fromkeys(a.card for a in state.legal_actions() if isinstance(a, Play)))
    deal = Deal.of(state, projects if projects is not None else state.projects(), pos.team)
    # Once both teams have won a trick no Kaboot is left, and the award is a non-decreasing function of the
    # points (award.py): the minimax of the award is then that function of the minimax of the points, and a
    # line best for the points is best for the award.
    from_points = pos.sweep == 0 and "award" in objectives
    values: dict[str, dict[Card, int]] = {}
    line_of: dict[Card, tuple[Card, ...]] = {}
    order = [o for o in OBJECTIVES if o in objectives or (o == "points" and from_points)]
    for objective in order:
        if objective == "award" and from_points:
            values["award"] = {c: deal.award(pos.points_so_far + p) for c, p in values["points"].items()}
            continue
        sc = scale(deal, pos.points_so_far, pos.remaining_points, pos.sweep) if objective == "award" else None
        line_objective = line_for or ("points" if from_points or "award" not in objectives else "award")
        values[objective] = _card_values(pos, objective, sc, legal,
                                         line_of if lines and objective == line_objective else None)
    values = {o: v for o, v in values.items() if o in objectives}
    out = [CardValue(c, ekka_lead(state, c), values.get("tricks", {}).get(c), values.get("points", {}).get(c),
                     values.get("award", {}).get(c), line_of.get(c, ())) for c in legal]
    out.sort(key=lambda v: (-(v.award or 0), -(v.points or 0), -(v.tricks or 0), *_card_order(v.card, state)))
    return Solution(pos.seat, tuple(out), pos.tleft, time.perf_counter() - t0)


def warm_up() -> None:
    """Load the compiled search (numba's cache, or its compilation the first time) with a small solve, so that a
    timed solve after it measures the search alone."""
    from explorer.engine.solver.samples import random_position
    solve(random_position("warm-up", 4))


def _card_order(card: Card, state: GameState) -> tuple[int, int]:
    c = state.contract
    return SUITS.index(card.suit), -card_strength(card, c.mode, c.trump)


def _card_values(pos: Position, objective: str, sc: Scale | None, legal: list[Card],
                 line_of: dict[Card, tuple[Card, ...]] | None) -> dict[Card, int]:
    """Each legal card's exact value for one objective (equivalent cards searched once)."""
    M = _WORK.M
    M[:K.WSIZE] = pos.params(objective, sc.dplus if sc else 0, sc.dminus if sc else 0)
    M[K.SOFF:K.SOFF + 40] = pos.S
    st0 = pos.state_vector(objective)
    gen = _WORK.next_generation()
    ply = pos.ply
    buf = np.zeros(64, dtype=np.int64)       # the award's thresholds, or a line
    n = K.drive(M, st0.copy(), K.OP_MOVES, 0, 0, 0, gen, buf)
    reps = [int(M[K.MV + 8 * ply + i]) for i in range(n)]
    classes = [int(M[K.MC + 8 * ply + i]) for i in range(n)]
    full = int(M[K.A]) * pos.remaining_points + int(M[K.B]) * pos.tleft
    out: dict[Card, int] = {}
    guess = full // 2
    for rep, members in zip(reps, classes):
        M[K.SOFF:K.SOFF + 40] = pos.S
        st = st0.copy()
        tv = int(K.drive(M, st, K.OP_PLAY, rep, 0, 0, gen, buf))
        if sc is None:
            value = tv + int(K.drive(M, st, K.OP_EXACT, 0, full - tv, guess - tv, gen, buf))
            guess = value
            window = (value, value + 1)
        else:
            buf[:len(sc.awards)] = sc.thresholds - tv
            j = int(K.drive(M, st, K.OP_LEVEL, len(sc.awards), 0, 0, gen, buf))
            value = sc.award_at(j)
            window = sc.window(j)
        if line_of is not None:
            k = int(K.drive(M, st, K.OP_LINE, window[0] - tv, window[1] - tv, 0, gen, buf))
            line = (pos.cards[rep], *(pos.cards[int(c)] for c in buf[:k]))
        rep_card = pos.cards[rep]
        for code in range(32):
            if members >> code & 1:
                card = pos.cards[code]
                out[card] = value
                if line_of is not None:     # an equivalent card: the same line, the two cards swapped
                    line_of[card] = tuple(card if x is rep_card else rep_card if x is card else x for x in line)
    missing = [c for c in legal if c not in out]
    assert not missing, f"the solver's moves miss the engine's legal cards {missing}"
    return out
