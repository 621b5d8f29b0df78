"""Why one card was better than another, in words: reasons read off what the two cards lead to.

A reason is data: a :class:`Reason` id and a sentence (a :class:`~explorer.engine.core.i18n.Msg`, rendered in
the reader's language). It is chosen by comparing, world by world, the rest of the deal after each card: a
*world* is one deal of the cards the player could not see (the tutor's sampled deals, played out by its
policy) or the real deal with all hands open (the exact solver's principal lines). Each world's play-out is a
:class:`Line`: the tricks from the decision's trick to the end and the deal's outcome. A reason that depends on
the world says in how many of them it holds after each card (:attr:`Why.better`, :attr:`Why.played`); one that
holds by the cards alone (an Ekka announcement, cutting the partner's winner) has no shares.

The reasons are tried in :data:`ORDER`: first what decides the deal (the contract, Kaboot), then what the card
does in its trick, then what it keeps for later; :func:`reasons` returns each that holds, most telling first.

>>> from explorer.engine.core.cards import Suit, cards
>>> from explorer.engine.core.tables import Mode
>>> m = Moment(Seat.S, Mode.SUN, None, Seat.N, Seat.W, tuple(cards("7D KD")),
...            frozenset(cards("7D KD")), tuple(cards("AD 8D")))
>>> win = Line((TrickOut(Seat.W, tuple(cards("7D KD AD 9D")), Seat.S, 15),), True, None)
>>> lose = Line((TrickOut(Seat.W, tuple(cards("7D KD 8D 9D")), Seat.E, 4),), True, None)
>>> [w.reason.value for w in reasons(m, Play(Card.parse("AD")), Play(Card.parse("8D")), [win], [lose])]
['wins_trick']
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from explorer.engine.core.cards import DECK, Card, Seat, Suit, Team
from explorer.engine.core.i18n import Msg
from explorer.engine.core.tables import Mode
from explorer.engine.game.actions import Play
from explorer.engine.game.state import GameState
from explorer.engine.rules.play import card_strength, card_value, is_trump, seats_from, winning_index

MIN_GAP = 0.2
"""How much more often (a share of the worlds) a consequence must follow the better card than the played one
before it is given as a reason."""
MOST = 0.5
"""The share of the worlds where a trick's winner must be the same after both cards for "the partner takes this
trick" or "the other team takes this trick" to be said."""


class Reason(enum.Enum):
    """Why the better card was better: each id has one sentence (:func:`reasons` builds it)."""

    EKKA = "announces_ekka"
    AVOIDS_KHASARA = "avoids_khasara"
    CAUSES_KHASARA = "causes_khasara"
    KEEPS_KABOOT = "keeps_kaboot"
    PREVENTS_KABOOT = "prevents_kaboot"
    AVOIDS_CUTTING_PARTNER = "avoids_cutting_partner"
    AVOIDS_OVERTAKING_PARTNER = "avoids_overtaking_partner"
    WINS_TRICK = "wins_trick"
    KEEPS_MASTER = "keeps_master"
    DRAWS_TRUMPS = "draws_trumps"
    POINTS_TO_PARTNER = "points_to_partner"
    SAVES_POINTS = "saves_points"
    LAST_TRICK = "last_trick"
    MORE_POINTS = "more_points"
    LATER = "later_tricks"


class TrickOut(NamedTuple):
    """One trick of a play-out: its leader, its cards in play order, its winner and its raw points."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat
    points: int

    def card_of(self, seat: Seat) -> Card | None:
        seats = seats_from(self.leader, len(self.cards))
        return self.cards[seats.index(seat)] if seat in seats else None


@dataclass(frozen=True)
class Line:
    """One world's rest of the deal after a card: the tricks from the decision's trick on, and the outcome."""

    tricks: tuple[TrickOut, ...]
    buyer_made: bool
    kaboot: Team | None
    award: float | None = None
    """The deal's award for the deciding team (its game points minus the other's), when known."""


@dataclass(frozen=True)
class Moment:
    """The decision: who plays, the contract, the trick so far, the cards already played, the hand."""

    seat: Seat
    mode: Mode
    trump: Suit | None
    buyer: Seat
    leader: Seat
    table: tuple[Card, ...]
    played: frozenset[Card]
    """Every card out of the hands: the earlier tricks' and the table's."""
    hand: tuple[Card, ...]

    @classmethod
    def of(cls, state) -> Moment:
        """The moment of the seat to play in a game state or a player's view (the same fields)."""
        cur = state.current
        seat = state.to_act
        c = state.contract
        return cls(seat, c.mode, c.trump, c.buyer, cur.leader if cur else seat, tuple(cur.cards) if cur else (),
                   frozenset(x for t in state.tricks for x in t.cards),
                   tuple(state.hand(seat) if isinstance(state, GameState) else state.hand))

    @property
    def team(self) -> Team:
        return self.seat.team

    def winning(self) -> Seat | None:
        """The seat winning the trick before this card (None for a lead)."""
        if not self.table:
            return None
        return seats_from(self.leader, len(self.table))[winning_index(self.table, self.mode, self.trump)]

    def beats_table(self, card: Card) -> bool:
        """Whether ``card`` would take the trick from the card winning it now."""
        if not self.table:
            return True
        return winning_index([*self.table, card], self.mode, self.trump) == len(self.table)

    def master(self, card: Card) -> bool:
        """Whether ``card`` is the highest card of its suit still out of the tricks (the hands' cards)."""
        rank = card_strength(card, self.mode, self.trump)
        return all(card_strength(x, self.mode, self.trump) < rank for x in DECK
                   if x.suit is card.suit and x != card and x not in self.played)

    def trump_card(self, card: Card) -> bool:
        return is_trump(card, self.mode, self.trump)

    def value(self, card: Card) -> int:
        return card_value(card, self.mode, self.trump)


@dataclass(frozen=True)
class Why:
    """A reason the better card was better, its sentence, and in what share of the worlds its consequence
    follows each card (None when it holds by the cards alone)."""

    reason: Reason
    msg: Msg
    better: float | None = None
    played: float | None = None
    event: Msg | None = None
    """What the shares count ("the team wins this trick"), for a reason that depends on the world."""


def _share(lines: Sequence[Line], holds: Callable[[Line], bool]) -> float:
    return sum(1 for x in lines if holds(x)) / len(lines) if lines else 0.0


def _gap(m: Moment, b: Sequence[Line], p: Sequence[Line], holds: Callable[[Line], bool]) -> tuple[float, float]:
    return _share(b, holds), _share(p, holds)


def _first_trick_won(m: Moment) -> Callable[[Line], bool]:
    return lambda x: x.tricks[0].winner.team is m.team


def _wins_later(m: Moment, card: Card) -> Callable[[Line], bool]:
    """``card`` is played by the seat in a later trick and wins it."""
    def holds(x: Line) -> bool:
        return any(t.card_of(m.seat) == card and t.winner is m.seat for t in x.tricks[1:])
    return holds


def _deal_reasons(m: Moment, bc: Card, pc: Card, b: Sequence[Line], p: Sequence[Line]) -> list[Why]:
    """The contract and Kaboot."""
    out: list[Why] = []
    if m.buyer.team is m.team:
        sb, sp = _gap(m, b, p, lambda x: x.buyer_made)
        if sb - sp >= MIN_GAP:
            out.append(Why(Reason.AVOIDS_KHASARA, Msg("{better} keeps the team's contract; after {played} the "
                                                      "buyers fail (khasara).", better=bc, played=pc), sb, sp,
                           Msg("the team makes its contract (no khasara)")))
    else:
        sb, sp = _gap(m, b, p, lambda x: not x.buyer_made)
        if sb - sp >= MIN_GAP:
            out.append(Why(Reason.CAUSES_KHASARA, Msg("{better} makes the buyers fail (khasara); after {played} they "
                                                      "make their contract.", better=bc, played=pc), sb, sp,
                           Msg("the buyers fail (khasara)")))
    sb, sp = _gap(m, b, p, lambda x: x.kaboot is m.team)
    if sb - sp >= MIN_GAP:
        out.append(Why(Reason.KEEPS_KABOOT, Msg("{better} keeps Kaboot alive: the team can still take every trick; "
                                                "after {played} it cannot.", better=bc, played=pc), sb, sp,
                       Msg("the team takes every trick")))
    sb, sp = _gap(m, b, p, lambda x: x.kaboot is not m.team.other)
    if sb - sp >= MIN_GAP:
        out.append(Why(Reason.PREVENTS_KABOOT, Msg("{better} stops the other team's Kaboot; after {played} they take "
                                                   "every trick.", better=bc, played=pc), 1 - sb, 1 - sp,
                       Msg("the other team takes every trick")))
    return out


def _partner_reasons(m: Moment, bc: Card, pc: Card) -> list[Why]:
    """Taking the trick from a partner who was already winning it (known from the cards alone)."""
    if m.winning() is not m.seat.partner or not m.beats_table(pc) or m.beats_table(bc):
        return []
    if m.trump_card(pc) and not m.trump_card(m.table[0]):
        return [Why(Reason.AVOIDS_CUTTING_PARTNER, Msg("The partner was already winning this trick: {played} cuts the "
                                                       "partner's winner; {better} leaves the trick to the partner.",
                                                       better=bc, played=pc))]
    return [Why(Reason.AVOIDS_OVERTAKING_PARTNER, Msg("The partner was already winning this trick: {played} takes it "
                                                      "from the partner; {better} leaves it and keeps {played} for "
                                                      "later.", better=bc, played=pc))]


def _trick_reasons(m: Moment, bc: Card, pc: Card, b: Sequence[Line], p: Sequence[Line]) -> list[Why]:
    """What the card does in this trick, and what it keeps for later."""
    out: list[Why] = []
    sb, sp = _gap(m, b, p, _first_trick_won(m))
    if sb - sp >= MIN_GAP:
        out.append(Why(Reason.WINS_TRICK, Msg("{better} wins this trick for the team; after {played} the other team "
                                              "takes it.", better=bc, played=pc), sb, sp,
                       Msg("the team wins this trick")))
    if m.master(pc):
        sb = _share(b, _wins_later(m, pc))
        sp = _share(p, lambda x: x.tricks[0].winner is m.seat)
        if sb - sp >= MIN_GAP:
            out.append(Why(Reason.KEEPS_MASTER, Msg("{better} keeps {played}, the highest card left in its suit, for a "
                                                    "later trick it wins; played now, it does not win.",
                                                    better=bc, played=pc), sb, sp,
                           Msg("{card} wins a trick", card=pc)))
    if not m.table and m.mode is Mode.HOKUM and m.trump_card(bc) and not m.trump_card(pc):
        def drawn(x: Line) -> bool:
            t = x.tricks[0]
            return any(t.card_of(s) is not None and m.trump_card(t.card_of(s)) for s in (m.seat.left, m.seat.right))
        sb = _share(b, drawn)
        if sb >= MOST:
            out.append(Why(Reason.DRAWS_TRUMPS, Msg("{better} draws trumps: the opponents must follow with theirs, so "
                                                    "they have fewer left to cut the team's cards.", better=bc), sb, None,
                           Msg("an opponent plays a trump in this trick")))
    partner = _share(b, lambda x: x.tricks[0].winner is m.seat.partner), _share(p, lambda x: x.tricks[0].winner
                                                                              is m.seat.partner)
    if min(partner) >= MOST and m.value(bc) > m.value(pc):
        out.append(Why(Reason.POINTS_TO_PARTNER, Msg("The partner takes this trick: {better} adds {b} points to it, "
                                                     "{played} only {p}.", better=bc, played=pc, b=m.value(bc),
                                                     p=m.value(pc)), *partner,
                       Msg("the partner takes this trick")))
    other = (_share(b, lambda x: x.tricks[0].winner.team is m.team.other),
             _share(p, lambda x: x.tricks[0].winner.team is m.team.other))
    if min(other) >= MOST and m.value(pc) > m.value(bc):
        out.append(Why(Reason.SAVES_POINTS, Msg("The other team takes this trick: {played} gives them {p} points, "
                                                "{better} only {b}.", better=bc, played=pc, b=m.value(bc),
                                                p=m.value(pc)), *other,
                       Msg("the other team takes this trick")))
    sb, sp = _gap(m, b, p, lambda x: x.tricks[-1].winner.team is m.team)
    if sb - sp >= MIN_GAP and len(b[0].tricks) > 1:
        out.append(Why(Reason.LAST_TRICK, Msg("{better} leads to the last trick and its 10 points for the team; after "
                                              "{played} the other team takes it.", better=bc, played=pc), sb, sp,
                       Msg("the team wins the last trick")))
    return out


def _points(m: Moment, lines: Sequence[Line]) -> float:
    """The team's mean raw points from the decision's trick to the end."""
    return sum(t.points for x in lines for t in x.tricks if t.winner.team is m.team) / max(1, len(lines))


def reasons(m: Moment, better: Play, played: Play, better_lines: Sequence[Line],
            played_lines: Sequence[Line]) -> tuple[Why, ...]:
    """Every reason that holds for ``better`` over ``played``, most telling first (never empty).

    ``better_lines[i]`` and ``played_lines[i]`` are the same world played out after each card.
    """
    bc, pc = better.card, played.card
    if bc == pc:
        if better.ekka and not played.ekka:
            return (Why(Reason.EKKA, Msg("Announcing Ekka with {card} frees the partner from cutting it.", card=bc)),)
        return (Why(Reason.LATER, Msg("The difference comes from the later tricks, not from this one.")),)
    b, p = list(better_lines), list(played_lines)
    out = _deal_reasons(m, bc, pc, b, p) + _partner_reasons(m, bc, pc) + _trick_reasons(m, bc, pc, b, p)
    if out:
        return tuple(out)
    more = _points(m, b) - _points(m, p)
    if more >= 1 and len(b) > 1:
        return (Why(Reason.MORE_POINTS, Msg("{better} brings the team {n} more card points on average over the "
                                            "rest of the deal.", better=bc, n=round(more))),)
    if more >= 1:
        return (Why(Reason.MORE_POINTS, Msg("{better} brings the team {n} more card points over the rest of the "
                                            "deal.", better=bc, n=round(more))),)
    return (Why(Reason.LATER, Msg("The difference comes from the later tricks, not from this one.")),)
