"""The proof of a puzzle: one card beats every other legal card by a margin in every world the player can imagine.

The player is the seat to play. Its view (its hand, the cards played, the voids and shown projects) fits many
arrangements of the hidden cards (:mod:`.worlds`). In each, the exact solver (:func:`~..solver.search.solve`)
gives every legal card's award with all hands open: the deal's game points for the player's team minus the
other team's, under perfect play from there. A card is the *answer* when, in every world solved, its award
beats the award of every other legal card by at least :data:`MIN_MARGIN` game points; the *margin* is the
smallest such lead over the worlds, and each other card's *loss* is how far behind the answer it falls
(the least over the worlds, and the mean).

The worlds solved are all of them when there are at most :data:`ENUM_LIMIT`, otherwise :data:`SAMPLES` drawn
at random from a seed without repetition, each world equally likely (:meth:`.worlds.Worlds.sample`). Which
of the two, how many, and the seed are recorded with the puzzle, so that anyone can solve the same worlds
again and get the same numbers.

The proof stops at the first world where no card keeps the margin (most positions are not puzzles, and
show it within a few worlds).

>>> from explorer.engine.core.cards import Card
>>> from explorer.engine.solver.samples import random_position
>>> p = prove(random_position(5, 2, 0))
>>> p.answer is None, p.worlds.method, p.broken is not None
(True, 'all', True)
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from explorer.engine.core.cards import Card, Seat
from explorer.engine.game.state import GameState, Play, Stage
from explorer.engine.puzzles.worlds import World, Worlds, world_state

MIN_MARGIN = 2
"""The least lead, in game points, that the answer must keep over every other card in every world: in Hokum a
game point is about ten card points, so two is a trick's worth at least, more than a rounding."""
ENUM_LIMIT = 1000
"""Solve every world when there are at most this many (about a second at four tricks left)."""
SAMPLES = 200
"""Otherwise solve this many worlds drawn at random from the puzzle's seed."""

Method = Literal["all", "sample"]


@dataclass(frozen=True)
class WorldsUsed:
    """Which worlds a proof solved: ``all`` of the ``total`` that fit, or a ``sample`` of ``count`` from ``seed``."""

    method: Method
    count: int
    total: int
    seed: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"method": self.method, "count": self.count, "total": self.total}
        if self.method == "sample":
            out["seed"] = self.seed
        return out


@dataclass(frozen=True)
class Loss:
    """How far one other legal card falls behind the answer, in game points, over the worlds solved."""

    card: Card
    least: int
    mean: float
    most: int

    def to_dict(self) -> dict[str, Any]:
        return {"least": self.least, "mean": round(self.mean, 1), "most": self.most}


@dataclass(frozen=True)
class Broken:
    """Where a proof fails: the world (its number among those solved) where no card, or not the answer, keeps the
    margin, and the card that came closest to or beat the candidate there."""

    world: int
    card: Card | None
    rival: Card | None
    lead: int | None


@dataclass(frozen=True)
class Proof:
    """The proof's verdict on one position: the answer (None when no card qualifies), its margin, each other
    card's loss, the worlds solved; ``broken`` says where a failed proof failed."""

    seat: Seat
    answer: Card | None
    margin: int | None
    losses: tuple[Loss, ...]
    worlds: WorldsUsed
    legal: tuple[Card, ...]
    broken: Broken | None = None
    mean_award: float | None = None
    """The answer's award averaged over the worlds."""

    @property
    def proved(self) -> bool:
        return self.answer is not None and self.broken is None


def legal_cards(state: GameState) -> tuple[Card, ...]:
    """The distinct cards the seat to play may play (an Ekka announcement is not a card of its own)."""
    return tuple(dict.fromkeys(a.card for a in state.legal_actions() if isinstance(a, Play)))


def awards(state: GameState) -> dict[Card, int]:
    """Every legal card's exact award for the team of the seat to play, all hands open."""
    from explorer.engine.solver.search import solve  # numba only when a proof runs
    return {v.card: v.award for v in solve(state, objectives=("award",), lines=False).cards}


def choose_worlds(worlds: Worlds, *, method: Method | None = None, count: int | None = None,
                  seed: object = 0, limit: int = ENUM_LIMIT, samples: int = SAMPLES) -> tuple[WorldsUsed, list[World]]:
    """The worlds a proof solves: as given (``method``, ``count``, ``seed``: a recorded proof), else all of them
    up to ``limit`` and a sample of ``samples`` beyond."""
    total = worlds.count
    if method is None:
        method = "all" if total <= limit else "sample"
    if method == "all":
        return WorldsUsed("all", total, total), list(worlds.all())
    n = min(count or samples, total)
    return WorldsUsed("sample", n, total, str(seed)), worlds.sample(n, seed)


def prove(state: GameState, *, answer: Card | None = None, min_margin: int = MIN_MARGIN,
          method: Method | None = None, count: int | None = None, seed: object = 0,
          limit: int = ENUM_LIMIT, samples: int = SAMPLES) -> Proof:
    """Prove (or refute) that one card of the seat to play beats every other by ``min_margin`` in every world.

    ``answer``: only that card is a candidate (a recorded puzzle re-proved); ``method``, ``count`` and ``seed``
    choose the worlds as a recorded proof did (:func:`choose_worlds`).
    """
    if state.stage is not Stage.PLAY or state.to_act is None:
        raise ValueError("a puzzle is a position in the play, with a seat to play")
    seat = state.to_act
    legal = legal_cards(state)
    wanted = Worlds.of(state.view(seat))
    used, chosen = choose_worlds(wanted, method=method, count=count, seed=seed, limit=limit, samples=samples)
    candidates = set(legal) if answer is None else {answer} & set(legal)
    if len(legal) < 2 or not candidates:
        return Proof(seat, None, None, (), used, legal, Broken(0, answer, None, None))
    rows: list[dict[Card, int]] = []
    for number, world in enumerate(chosen):
        row = awards(world_state(state, world))
        rows.append(row)
        candidates = {c for c in candidates if _lead(row, c) >= min_margin}
        if not candidates:
            card, rival, lead = _closest(row, answer)
            return Proof(seat, None, None, (), used, legal, Broken(number, card, rival, lead))
    (best,) = candidates if len(candidates) == 1 else (max(candidates, key=lambda c: sum(r[c] for r in rows)),)
    return _proof(seat, best, legal, rows, used)


def _lead(row: dict[Card, int], card: Card) -> int:
    """How far ``card``'s award is ahead of the best other card's in one world."""
    return row[card] - max(v for c, v in row.items() if c != card)


def _closest(row: dict[Card, int], answer: Card | None) -> tuple[Card, Card, int]:
    """In the world that broke the proof: the candidate (the answer, or the best card there) and its nearest rival."""
    card = answer if answer is not None else max(row, key=row.get)
    rival = max((c for c in row if c != card), key=row.get)
    return card, rival, row[card] - row[rival]


def _proof(seat: Seat, answer: Card, legal: Sequence[Card], rows: list[dict[Card, int]], used: WorldsUsed) -> Proof:
    losses = []
    for c in legal:
        if c == answer:
            continue
        gaps = [r[answer] - r[c] for r in rows]
        losses.append(Loss(c, min(gaps), statistics.fmean(gaps), max(gaps)))
    losses.sort(key=lambda x: (x.least, x.mean, str(x.card)))
    margin = min(x.least for x in losses)
    return Proof(seat, answer, margin, tuple(losses), used, tuple(legal),
                 mean_award=statistics.fmean(r[answer] for r in rows))


@dataclass(frozen=True)
class Survey:
    """Every legal card's award in each of a sample of worlds, without a proof's early stop: what a practice
    position to retry is judged by when no card is proved."""

    seat: Seat
    legal: tuple[Card, ...]
    worlds: WorldsUsed
    rows: tuple[dict[Card, int], ...]

    def mean(self, card: Card) -> float:
        return statistics.fmean(r[card] for r in self.rows)

    @property
    def best(self) -> Card:
        """The card of the best mean award (the first in the order of :attr:`legal` among equals)."""
        return max(self.legal, key=self.mean)

    def proved(self, min_margin: int = MIN_MARGIN) -> Card | None:
        """The card that leads every other by ``min_margin`` in every world surveyed, if one does."""
        best = self.best
        if len(self.legal) > 1 and all(_lead(r, best) >= min_margin for r in self.rows):
            return best
        return None

    def accepted(self, within: float) -> tuple[Card, ...]:
        """The proved card, else every card whose mean award is within ``within`` game points of the best's."""
        proved = self.proved()
        if proved is not None:
            return (proved,)
        top = self.mean(self.best)
        return tuple(c for c in self.legal if self.mean(c) >= top - within)


def survey(state: GameState, *, samples: int = 32, seed: object = 0) -> Survey:
    """Every legal card's award in every world of a seeded sample (all the worlds when they are no more)."""
    legal = legal_cards(state)
    used, chosen = choose_worlds(Worlds.of(state.view(state.to_act)), seed=seed, limit=samples, samples=samples)
    return Survey(state.to_act, legal, used, tuple(awards(world_state(state, w)) for w in chosen))
