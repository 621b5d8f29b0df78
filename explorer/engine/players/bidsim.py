"""Bidding by sampling: each contract a seat may buy, valued by dealing the cards it cannot see and playing
the deal out.

At a call the seat sees its five cards, the upcard and the calls so far. A sampled *deal* gives the other
three seats five cards each and the eleven cards left to the completion (the buyer takes the upcard and two,
the others three each), uniformly among the 26 unseen cards, then weighted by how likely the calls already
made are under the model (:func:`call_likelihood`: the heuristic's own bid on the caller's five cards, softened
by :data:`~.inference.NOISE`; a seat that passed probably held no buying hand).

Each contract the seat may call (a Hokum in each suit allowed, a Sun) is played out on every sampled deal with
the vectorised engine (:func:`~explorer.engine.fast.playout.play_out`, every seat playing the greedy policy that
sees the hands) and scored by the whole pipeline; its value is the mean award for the seat's team (its game
points minus the other team's). Passing is worth the standing bid's value when one stands (its buyer and
contract, on the same deals), else nothing. :func:`best_call` buys the best contract when it beats passing by
:data:`BUY_MARGIN` game points (a Sun by :data:`SUN_MARGIN`): play-outs that see every hand flatter the buyer,
and a pass leaves the others a chance to buy badly. The expert uses these values against the heuristic's rule
(:meth:`.expert.ExpertPlayer._bid`).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from explorer.engine.core.cards import DECK, SEATS, Card, Seat
from explorer.engine.core.contract import Contract
from explorer.engine.core.tables import Mode
from explorer.engine.fast.playout import card_mask, greedy_policy, play_out
from explorer.engine.game.state import PlayerView
from explorer.engine.players.heuristic import HeuristicPlayer
from explorer.engine.players.inference import NOISE, normalized
from explorer.engine.rules.bidding import Call, CallKind
from explorer.engine.rules.bidding.machine import apply_call, legal_calls, start

BUY_MARGIN = 5.0
"""Game points a Hokum must gain over passing, on average over the sampled deals, before the expert buys it
against the heuristic's rule (which passed)."""
SUN_MARGIN = 8.0
"""The same for a Sun (its stakes are doubled, and the play-outs flatter it more)."""
VETO = 4.0
"""Game points a contract the heuristic's rule buys must lose against passing, on average over the sampled deals,
before the expert passes instead."""

Deal5 = dict[Seat, tuple[Card, ...]]
"""A sampled deal: each other seat's five cards, and the eleven completion cards under ``None``'s key."""


def sample_deals(view: PlayerView, n: int, rng: random.Random) -> list[tuple[dict[Seat, tuple[Card, ...]],
                                                                             tuple[Card, ...]]]:
    """``n`` deals of the unseen cards: the other seats' five cards each, and the completion's eleven."""
    unseen = [c for c in DECK if c not in view.hand and c != view.upcard]
    others = [s for s in SEATS if s is not view.seat]
    out = []
    for _ in range(n):
        rng.shuffle(unseen)
        fives = {s: tuple(unseen[5 * i:5 * i + 5]) for i, s in enumerate(others)}
        out.append((fives, tuple(unseen[15:])))
    return out


def call_likelihood(view: PlayerView, fives: dict[Seat, tuple[Card, ...]], noise: float = NOISE,
                    moments: list | None = None) -> float:
    """How likely the calls made so far are, the callers holding ``fives``, if each called as the heuristic
    would (a share ``noise`` of calls left to chance among the calls it could make). ``moments`` are
    :func:`call_moments` of the view, when already found."""
    judge = HeuristicPlayer()
    up = view.upcard
    p = 1.0
    for hv, legal, call in (moments if moments is not None else call_moments(view)):
        hand_view = copy.copy(hv)
        object.__setattr__(hand_view, "hand", fives[call.seat])
        pick = judge._bid(hand_view, legal).action
        same = pick.kind is call.kind and (pick.suit or up.suit) is (call.suit or up.suit)
        p *= (1 - noise) * same + noise / max(1, len(legal))
    return p


def call_moments(view: PlayerView) -> list[tuple[PlayerView, list[Call], Call]]:
    """Each bid or pass another seat made so far: the view it had (its hand left out), its legal calls, its call."""
    b = view.bidding
    if b is None:
        return []
    state = start(b.dealer, b.upcard, match={"NS": b.match[0], "EW": b.match[1]}, profile=b.profile)
    out = []
    for rec in b.history:
        call = rec.call
        if call.seat is not view.seat and call.seat is not None and not call.kind.is_raise:
            legal = [v.call for v in legal_calls(state) if v.legal]
            out.append((replace(view, seat=call.seat, to_act=call.seat, hand=(), bidding=state), legal, call))
        state = apply_call(state, call)
    return out


def full_deal(view: PlayerView, fives: dict[Seat, tuple[Card, ...]], rest: Sequence[Card],
              buyer: Seat) -> np.ndarray:
    """The four eight-card hands as masks (seat order), ``buyer`` taking the upcard and two completion cards."""
    hands = {view.seat: tuple(view.hand), **fives}
    k = 0
    masks = []
    for s in SEATS:
        extra = (view.upcard, *rest[k:k + 2]) if s is buyer else tuple(rest[k:k + 3])
        k += 2 if s is buyer else 3
        masks.append(card_mask(hands[s] + extra))
    return np.array(masks, dtype=np.uint32)


def contract_value(view: PlayerView, deals: list, weights: np.ndarray, contract: Contract, seed: int) -> float:
    """The weighted mean award of ``contract`` for the seat's team over the sampled ``deals``, played out."""
    hands = np.stack([full_deal(view, f, r, contract.buyer) for f, r in deals])
    r = play_out(hands, dealer=view.dealer, contract=contract, profile=view.profile, rng=seed, policy=greedy_policy)
    t = 0 if view.seat.team.value == "NS" else 1
    award = (r.award[:, t] - r.award[:, 1 - t]).astype(float)
    return float((award * weights).sum())


def candidates(view: PlayerView, calls: Sequence[Call]) -> dict[Call, Contract]:
    """The contract each buying call of ``calls`` makes (Hokum and Sun; Ashkal is not considered)."""
    up = view.upcard
    out: dict[Call, Contract] = {}
    for a in calls:
        if a.kind is CallKind.HOKUM:
            out[a] = Contract(Mode.HOKUM, a.suit or up.suit, view.seat)
        elif a.kind is CallKind.SUN:
            out[a] = Contract(Mode.SUN, None, view.seat)
    return out


def standing_contract(view: PlayerView) -> Contract | None:
    """The contract the standing bid would make if everyone passed now."""
    bid = view.bidding.standing if view.bidding else None
    if bid is None:
        return None
    suit = (bid.suit or view.upcard.suit) if bid.mode is Mode.HOKUM else None
    return Contract(bid.mode, suit, bid.declarer)


def values(view: PlayerView, calls: Sequence[Call], n: int, rng: random.Random,
           deals: list | None = None) -> dict[Call, float]:
    """Each call's value (passing included) over ``n`` sampled deals, or over ``deals`` when given (the truth, for
    a player that sees it), in game points for the seat's team."""
    deals = deals if deals is not None else sample_deals(view, n, rng)
    moments = call_moments(view)
    weights = np.array(normalized([np.log(max(call_likelihood(view, f, moments=moments), 1e-12)) for f, _ in deals]))
    seed = rng.randrange(2**32)
    out: dict[Call, float] = {}
    passing = next((a for a in calls if a.kind is CallKind.PASS), None)
    if passing is not None:
        standing = standing_contract(view)
        out[passing] = contract_value(view, deals, weights, standing, seed) if standing else 0.0
    for a, c in candidates(view, calls).items():
        out[a] = contract_value(view, deals, weights, c, seed)
    return out


def best_call(view: PlayerView, values_: dict[Call, float], *, buy_margin: float = BUY_MARGIN,
              sun_margin: float = SUN_MARGIN) -> Call | None:
    """The call to make: the best contract when it beats passing by its margin, else passing (None when there is
    no pass to compare with)."""
    passing = next((a for a in values_ if a.kind is CallKind.PASS), None)
    if passing is None:
        return None
    best, gain = passing, 0.0
    for a, v in values_.items():
        if a is passing:
            continue
        g = v - values_[passing] - (sun_margin if a.kind is CallKind.SUN else buy_margin)
        if g > gain:
            best, gain = a, g
    return best
