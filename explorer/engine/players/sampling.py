"""Hidden hands consistent with what a seat has seen: the worlds a searching player plays out.

From a :class:`~explorer.engine.game.PlayerView` only: the cards still unseen go to the three other
seats, each receiving as many as it holds, so that every world agrees with everything public:

* the cards played (nobody holds them any more) and the seat's own hand;
* every card each seat played was legal: a seat cannot hold a card that would have made its play
  illegal (a void shown by not following, no trump able to win when it discarded against an
  opponent's winning card, no trump at all under must-undertrump, a third seat that did not cut…).
  This is asked of the rules themselves (:func:`~explorer.engine.rules.play.check_play` on the play with
  that one card added to the hand), so no rule is written twice;
* the upcard is in its taker's hand until played; the projects shown in trick 2 are in their
  owners' hands until played.

Worlds are drawn by filling the most constrained cards first, each to a seat chosen in proportion to
the room it has left, and retried on a dead end; they are near-uniform, not exactly uniform.

>>> from explorer.engine.game import GameState
>>> from explorer.engine.game import apply_all
>>> g = apply_all(GameState.new(4, dealer=Seat.S), ["E: hokum", "N: pass", "W: pass", "S: pass"])  # N may Double
>>> w = sample_worlds(g.view(Seat.N), 3, random.Random(1))
>>> len(w), all(len(h) == 8 for world in w for h in world.values()), all(g.upcard in world[Seat.E] for world in w)
(3, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from explorer.engine.core.cards import DECK, SEATS, Card, Seat
from explorer.engine.core.errors import NoWorld
from explorer.engine.game.state import PlayerView, Stage
from explorer.engine.rules.play import PlayState, check_play, seats_from

World = dict[Seat, tuple[Card, ...]]


@dataclass(frozen=True)
class Knowledge:
    """What a seat knows of the hands it cannot see."""

    seat: Seat
    unknown: frozenset[Card]
    sizes: dict[Seat, int]
    excluded: dict[Seat, frozenset[Card]]
    holds: dict[Seat, frozenset[Card]]

    def options(self, card: Card) -> list[Seat]:
        """The seats that may hold ``card``."""
        for s, cs in self.holds.items():
            if card in cs:
                return [s]
        return [s for s in self.sizes if card not in self.excluded[s]]


def knowledge(view: PlayerView) -> Knowledge:
    """The constraints on the hidden hands, from ``view`` alone."""
    if view.stage not in (Stage.DOUBLING, Stage.PLAY):
        raise ValueError("hidden hands are sampled once the hands are complete (doubling and play)")
    me = view.seat
    others = [s for s in SEATS if s is not me]
    played = set(view.played)
    unknown = frozenset(c for c in DECK if c not in played and c not in view.hand)
    sizes = {s: view.hand_sizes[SEATS.index(s)] for s in others}
    excluded: dict[Seat, set[Card]] = {s: set() for s in others}
    holds: dict[Seat, set[Card]] = {s: set() for s in others}
    if view.stage is Stage.PLAY:
        _from_plays(view, unknown, excluded)
    if view.upcard is not None and view.upcard_taker is not None and view.upcard_taker is not me \
            and view.upcard in unknown:
        holds[view.upcard_taker].add(view.upcard)
    for s, projects in view.shown:
        if s is me:
            continue
        for p in projects:
            holds[s].update(c for c in p.cards if c in unknown)
    for s in others:
        excluded[s] -= holds[s]
        for t in others:
            if t is not s:
                excluded[s] |= holds[t]
    return Knowledge(me, unknown, sizes, {s: frozenset(v) for s, v in excluded.items()},
                     {s: frozenset(v) for s, v in holds.items()})


def _from_plays(view: PlayerView, unknown: frozenset[Card], excluded: dict[Seat, set[Card]]) -> None:
    """Each card a seat played rules out every unseen card that would have made that play illegal."""
    c = view.contract
    before: list[Card] = []
    for t in view.tricks:
        for i, (seat, card) in enumerate(zip(seats_from(t.leader, len(t.cards)), t.cards)):
            if seat is view.seat:
                continue
            if i > 0:
                cands = [d for d in unknown if d not in excluded[seat]]
                for d in cands:
                    st = PlayState(mode=c.mode, trump=c.trump, leader=t.leader, cards=t.cards[:i],
                                   hand=(card, d), played=frozenset(before), ekka=t.ekka,
                                   locked=view.escalation.locked, profile=view.profile)
                    if not check_play(st, card).legal:
                        excluded[seat].add(d)
            elif view.escalation.locked and c.trump is not None and card.suit is c.trump:
                # A trump led in a locked Hokum: the leader held only trumps.
                excluded[seat].update(d for d in unknown if d.suit is not c.trump)
        before += t.cards


def sample_worlds(view: PlayerView, n: int, rng: random.Random, *, tries: int = 200) -> list[World]:
    """``n`` deals of the unseen cards to the other seats, each consistent with the view."""
    k = knowledge(view)
    return [_one(k, rng, tries) for _ in range(n)]


def _one(k: Knowledge, rng: random.Random, tries: int) -> World:
    cards = [c for c in DECK if c in k.unknown]  # in the deck's order: a set's order follows the cards' addresses
    opts = {c: k.options(c) for c in cards}
    for _ in range(tries):
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(opts[c]))
        room = dict(k.sizes)
        hands: dict[Seat, list[Card]] = {s: [] for s in room}
        ok = True
        for c in cards:
            seats = [s for s in opts[c] if room[s] > 0]
            if not seats:
                ok = False
                break
            s = rng.choices(seats, weights=[room[x] for x in seats])[0]
            hands[s].append(c)
            room[s] -= 1
        if ok and not any(room.values()):
            return {s: tuple(h) for s, h in hands.items()}
    raise NoWorld("no deal of the {n} unseen cards fits what {seat} has seen", n=len(cards), seat=k.seat)


def full_hands(view: PlayerView, world: World) -> dict[Seat, tuple[Card, ...]]:
    """The four current hands of a world: the view's own hand and the sampled others."""
    out = dict(world)
    out[view.seat] = view.hand
    return out


def consistent(view: PlayerView, world: World) -> bool:
    """Whether a world agrees with every constraint of the view (for tests)."""
    k = knowledge(view)
    seen: set[Card] = set()
    for s, hand in world.items():
        if len(hand) != k.sizes[s] or any(c in k.excluded[s] for c in hand) or not k.holds[s] <= set(hand):
            return False
        seen.update(hand)
    return seen == set(k.unknown)


def hidden_cards(view: PlayerView) -> Iterable[Card]:
    """The cards ``view.seat`` cannot see (held by the others)."""
    return knowledge(view).unknown
