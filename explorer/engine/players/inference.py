"""Inference about the hidden hands: how likely each sampled world makes the calls and cards seen so far.

:mod:`.sampling` deals the unseen cards so that every world agrees with the rules (voids, missing trumps, the
upcard, the projects shown), each such world about equally likely. But players are not random: an opponent who
did not overtake when the trick was worth it probably could not, a seat that led low probably held no master, a
Hokum buyer holds trumps. This module weighs each world by the likelihood of what the other seats did in it,
under a model of how players play, the heuristic player (:mod:`.heuristic`), softened because nobody plays
exactly like it:

* a card play by another seat has probability ``(1 - noise) · [the heuristic plays it] + noise / k`` in a world,
  ``k`` the number of cards that seat could play then: the heuristic is asked with that seat's hand in the world
  at that moment (its cards now plus those it played since) and the public events before the play;
* the buyer's contract has probability ``σ((strength − center) / spread)``, the strength the heuristic's own
  bidding measure of its eight cards in the world, projects aside (:func:`.heuristic.hokum_strength` for a
  Hokum, :func:`.heuristic.sun_strength` for a Sun): a strong-trump world is likelier for a Hokum buyer.

:func:`log_weights` gives each world's log-likelihood; :func:`resample` draws worlds in proportion to the
likelihood (systematic resampling, seeded). :func:`placement` measures it: the share of hidden cards a set of
worlds puts in the right hand (the ``inference`` bench section compares it with uniform sampling).

Nothing here sees a hidden hand: the worlds come from the view, and the model asks the heuristic about a view
rebuilt from the public events and the world's own cards.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from explorer.engine.core.cards import Card, Seat
from explorer.engine.core.tables import Mode
from explorer.engine.game.state import Play, PlayerView, Stage
from explorer.engine.players.heuristic import HOKUM_CALL, SUN_CALL, _Play, hokum_strength, sun_strength
from explorer.engine.players.sampling import World
from explorer.engine.rules.play import PlayedTrick, seats_from

NOISE = 0.5
"""The share of another seat's card plays the model leaves to chance (the rest follow the heuristic); chosen by
the ``inference`` bench section's placement figure (0.3 to 0.7 place about as well; 0.1 trusts the model too
much, the duel's players are not the heuristic)."""
BID_SPREAD = 1.5
"""How sharply a buyer's strength decides the likelihood of its bid (the logistic's scale, in strength points)."""
BID_SLACK = 1.0
"""How far below the heuristic's calling threshold a buyer's eight cards are still about as likely as not: the
three completion cards add strength the bid did not see, and players bid on other rules."""


@dataclass(frozen=True)
class Decision:
    """A card another seat played: who, the public events before it, and the cards it played from then on."""

    seat: Seat
    before: tuple[PlayedTrick, ...]
    card: Card
    later: tuple[Card, ...]


def decisions(view: PlayerView) -> list[Decision]:
    """Every card play of the other seats so far, with what the seat played from then on (that card included)."""
    plays: list[tuple[Seat, int, int, Card]] = []
    for ti, t in enumerate(view.tricks):
        for i, (seat, card) in enumerate(zip(seats_from(t.leader, len(t.cards)), t.cards)):
            plays.append((seat, ti, i, card))
    out = []
    for j, (seat, ti, i, card) in enumerate(plays):
        if seat is view.seat:
            continue
        t = view.tricks[ti]
        before = view.tricks[:ti] + ((PlayedTrick(t.number, t.leader, t.cards[:i], None, 0, t.ekka),) if i else ())
        later = tuple(c for s, _, _, c in plays[j:] if s is seat)
        out.append(Decision(seat, before, card, later))
    return out


def play_likelihood(view: PlayerView, d: Decision, hand: tuple[Card, ...], noise: float = NOISE) -> float:
    """The model's probability that ``d.seat`` played ``d.card`` holding ``hand`` (its cards at that moment)."""
    return _likelihood(_moment(view, d), d, hand, noise)


def _moment(view: PlayerView, d: Decision) -> PlayerView:
    """``view`` as ``d.seat`` saw the table just before its play (its hand still to be put in)."""
    return replace(view, seat=d.seat, to_act=d.seat, hand=(), tricks=d.before, stage=Stage.PLAY,
                   declared=frozenset({d.seat}))


def _likelihood(moment: PlayerView, d: Decision, hand: tuple[Card, ...], noise: float) -> float:
    hv = copy.copy(moment)
    object.__setattr__(hv, "hand", hand)
    plays = [a for a in hv.legal_actions() if isinstance(a, Play)]
    cards = {a.card for a in plays}
    if len(cards) < 2:
        return 1.0
    pick = _Play(hv, plays).choose().action.card
    return (1 - noise) * (pick is d.card) + noise / len(cards)


def bid_likelihood(view: PlayerView, original: Mapping[Seat, tuple[Card, ...]]) -> float:
    """The model's probability of the buyer's contract given its eight cards ``original[buyer]`` (1 for this seat's
    own contract, which tells it nothing)."""
    c = view.contract
    if c is None or c.buyer is view.seat or c.buyer not in original:
        return 1.0
    hand = list(original[c.buyer])
    if c.mode is Mode.HOKUM:
        strength, center = hokum_strength(hand, c.trump, projects=False), HOKUM_CALL - BID_SLACK
    else:
        strength, center = sun_strength(hand, projects=False), SUN_CALL - BID_SLACK
    return 1 / (1 + math.exp(-(strength - center) / BID_SPREAD))


def log_weights(view: PlayerView, worlds: Sequence[World], *, noise: float = NOISE, plays: bool = True,
                bids: bool = True) -> list[float]:
    """Each world's log-likelihood of the other seats' calls (``bids``) and cards (``plays``) under the model.

    The heuristic's answer at a decision is remembered by the part of the hand it depends on: a seat that
    followed suit chose among its cards of that suit, and only they and its trumps change what it sees, so
    worlds that agree on them share the answer."""
    ds = decisions(view) if plays and view.stage is Stage.PLAY else []
    played: dict[Seat, tuple[Card, ...]] = {}
    for t in view.tricks:
        for seat, card in zip(seats_from(t.leader, len(t.cards)), t.cards):
            played[seat] = played.get(seat, ()) + (card,)
    trump = view.contract.trump if view.contract is not None and view.contract.mode is Mode.HOKUM else None
    keep = [_kept_suits(d, trump) for d in ds]
    moments = [_moment(view, d) for d in ds]
    memo: dict[tuple, float] = {}
    out = []
    for w in worlds:
        ll = 0.0
        if bids:
            original = {s: played.get(s, ()) + tuple(h) for s, h in w.items()}
            ll += math.log(max(bid_likelihood(view, original), 1e-9))
        for j, d in enumerate(ds):
            hand = tuple(w[d.seat]) + d.later
            key = (j, frozenset(c for c in hand if keep[j] is None or c.suit in keep[j]))
            p = memo.get(key)
            if p is None:
                p = memo[key] = math.log(_likelihood(moments[j], d, hand, noise))
            ll += p
        out.append(ll)
    return out


def _kept_suits(d: Decision, trump) -> frozenset | None:
    """The suits of the hand the heuristic's choice at ``d`` depends on (None: the whole hand)."""
    cur = d.before[-1] if d.before and not d.before[-1].complete else None
    if cur is None or not cur.cards or d.card.suit is not cur.cards[0].suit:
        return None
    return frozenset(s for s in (cur.cards[0].suit, trump) if s is not None)


def normalized(logw: Sequence[float]) -> list[float]:
    """Weights summing to 1 from log-weights."""
    top = max(logw)
    ws = [math.exp(x - top) for x in logw]
    total = sum(ws)
    return [x / total for x in ws]


def resample(worlds: Sequence[World], logw: Sequence[float], n: int, rng: random.Random) -> list[World]:
    """``n`` worlds drawn in proportion to their likelihood (systematic resampling: one uniform draw)."""
    ws = normalized(logw)
    step = 1.0 / n
    u = rng.random() * step
    out, acc, i = [], ws[0], 0
    for _ in range(n):
        while u > acc and i < len(ws) - 1:
            i += 1
            acc += ws[i]
        out.append(worlds[i])
        u += step
    return out


def placement(worlds: Sequence[World], truth: World, weights: Sequence[float] | None = None) -> float:
    """The share of hidden cards the worlds put in the hand that truly holds them (weighted by ``weights``,
    summing to 1; equal weights when None)."""
    where = {c: s for s, h in truth.items() for c in h}
    total = len(where)
    ws = weights if weights is not None else [1 / len(worlds)] * len(worlds)
    return sum(w * sum(1 for s, h in world.items() for c in h if where[c] is s) / total
               for w, world in zip(ws, worlds))
