"""Every arrangement of the hidden cards that fits what a seat has seen: counted, enumerated, or drawn at random.

A *world* gives each other seat the cards it may hold now. What fits is what
:func:`~explorer.engine.players.sampling.knowledge` says from the seat's view alone: the cards played and the
seat's own hand are nobody else's, a seat that showed a void (or could not have played as it did holding a card)
does not hold it, a shown project's cards stay with their owner until played.

The worlds are numbered from 0 in one fixed order (cards by their code, seats in play order), and counted by
a small dynamic program over (card, room left in each hand), so a world is found from its number without
listing the ones before it. That makes both proofs exact and reproducible: with few worlds every one is
solved; with many, a seeded sample of numbers drawn without repetition (each world equally likely) is.

>>> from explorer.engine.solver.samples import random_position
>>> g = random_position(1, 3, 1)
>>> w = Worlds.of(g.view(g.to_act))
>>> w.count, len(list(w.all())) == w.count, w.world(0) == next(iter(w.all()))
(27, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from explorer.engine.core.cards import SEATS, Card, Seat
from explorer.engine.game.state import GameState, PlayerView
from explorer.engine.players.sampling import Knowledge, knowledge

World = dict[Seat, tuple[Card, ...]]


@dataclass(frozen=True)
class Worlds:
    """The worlds of one view: the hidden cards in a fixed order and which seats may hold each."""

    seat: Seat
    cards: tuple[Card, ...]
    seats: tuple[Seat, ...]
    options: tuple[tuple[int, ...], ...]
    sizes: tuple[int, ...]

    @classmethod
    def of(cls, view: PlayerView) -> Worlds:
        """The worlds that fit ``view`` (a seat's view once the hands are complete)."""
        return cls.from_knowledge(knowledge(view))

    @classmethod
    def from_knowledge(cls, k: Knowledge) -> Worlds:
        seats = tuple(s for s in SEATS if s in k.sizes)
        cards = tuple(sorted(k.unknown, key=str))
        options = tuple(tuple(i for i, s in enumerate(seats) if s in k.options(c)) for c in cards)
        return cls(k.seat, cards, seats, options, tuple(k.sizes[s] for s in seats))

    @cached_property
    def _counts(self) -> dict[tuple[int, tuple[int, ...]], int]:
        """How many ways the cards from ``i`` on fill the room ``r`` left in each hand, for every reachable (i, r)."""
        memo: dict[tuple[int, tuple[int, ...]], int] = {}
        n = len(self.cards)

        def count(i: int, room: tuple[int, ...]) -> int:
            key = (i, room)
            got = memo.get(key)
            if got is not None:
                return got
            if i == n:
                got = int(not any(room))
            else:
                got = 0
                for j in self.options[i]:
                    if room[j]:
                        got += count(i + 1, room[:j] + (room[j] - 1,) + room[j + 1:])
            memo[key] = got
            return got

        count(0, self.sizes)
        return memo

    @property
    def count(self) -> int:
        """How many worlds fit (0 when the view contradicts itself, which a legal deal never does)."""
        return self._counts[(0, self.sizes)]

    def world(self, number: int) -> World:
        """World number ``number`` (0 to :attr:`count` − 1) in the fixed order."""
        if not 0 <= number < self.count:
            raise IndexError(f"world {number} of {self.count}")
        room = self.sizes
        hands: list[list[Card]] = [[] for _ in self.seats]
        for i, card in enumerate(self.cards):
            for j in self.options[i]:
                if not room[j]:
                    continue
                rest = room[:j] + (room[j] - 1,) + room[j + 1:]
                ways = self._counts.get((i + 1, rest), 0)
                if number < ways:
                    hands[j].append(card)
                    room = rest
                    break
                number -= ways
        return {s: tuple(h) for s, h in zip(self.seats, hands)}

    def all(self) -> Iterator[World]:
        """Every world, in order."""
        for i in range(self.count):
            yield self.world(i)

    def sample(self, n: int, seed: object) -> list[World]:
        """``n`` different worlds drawn uniformly (all of them, in order, when there are no more than ``n``)."""
        if self.count <= n:
            return list(self.all())
        numbers = random.Random(f"puzzle-worlds:{seed}").sample(range(self.count), n)
        return [self.world(i) for i in numbers]


def world_state(state: GameState, world: World) -> GameState:
    """``state`` with the hidden hands of ``world`` (the seat to play keeps its own): each seat's original hand is
    what it holds there plus what it has played, so Baloot and the first seat's Ace follow the world."""
    hands = [world.get(s, state.hand(s)) for s in SEATS]
    played: dict[Seat, list[Card]] = {s: [] for s in SEATS}
    for t in state.tricks:
        for seat, card in t.plays:
            played[seat].append(card)
    original = tuple(tuple(played[s]) + tuple(hands[i]) for i, s in enumerate(SEATS))
    return replace(state, hands_=tuple(tuple(h) for h in hands), original_=original, deck=None, cut=None)


def hidden_seats(state: GameState) -> Sequence[Seat]:
    """The seats whose hands the seat to play cannot see."""
    return [s for s in SEATS if s is not state.to_act]
