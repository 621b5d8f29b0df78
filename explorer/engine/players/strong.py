"""``strong``: card play by determinized sampling (perfect-information Monte Carlo), as GIB did for
bridge and Kermit for Skat.

For each decision in play, it

1. samples ``samples`` deals of the hidden cards consistent with everything public (:mod:`.sampling`:
   the cards played, every void or missing trump a past play shows, the upcard's owner, the projects
   shown);
2. plays each legal card (an Ekka announcement is a card of its own) in every sampled deal to the end
   with the vectorised engine (:func:`~explorer.engine.fast.playout.play_out`), all seats playing the
   :func:`~explorer.engine.fast.playout.greedy_policy`, and scores each play-out with the whole pipeline:
   the buyer's make-or-fail threshold, projects, Baloot, Kaboot and the escalation level;
3. picks the card with the best mean outcome in game points (its team's award minus the other's; a Gahwa
   counts as the match, 152), using the same sampled deals for every card so that they are compared on
   equal terms.

Doubling (Double, Triple, Quadruple, Gahwa, open or locked) is decided the same way once the hands are
complete: each allowed raise is played out over the sampled deals at its level and taken only when it
beats passing by :data:`RAISE_MARGIN` game points (Gahwa only when the team wins at least
:data:`GAHWA_CONFIDENCE` of the play-outs), because play-outs that see every hand are optimistic.

The bidding itself uses the heuristic's rule (:class:`~.heuristic.HeuristicPlayer`, thresholds
calibrated by duplicate self-play). Bidding by sampling would need a model of the calls still to come
from the other seats and of the three completion cards; a calibrated rule is cheap and measured, and the
card play is where sampling pays.

It sees only its :class:`~explorer.engine.game.PlayerView`, so it cannot peek; each decision draws its
deals from a generator seeded by the player's seed and the moment of the deal, so the same view gives the
same decision (whatever came before), and a hint is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from explorer.engine.core.cards import SEATS
from explorer.engine.core.contract import Escalation, Level
from explorer.engine.core.i18n import Msg, plural
from explorer.engine.core.tables import MATCH_TARGET
from explorer.engine.fast.playout import card_mask, greedy_policy, play_out
from explorer.engine.game.state import Action, Declare, Play, PlayerView, Stage
from explorer.engine.players.base import Choice, register
from explorer.engine.players.heuristic import HeuristicPlayer, _Play
from explorer.engine.players.sampling import full_hands, sample_worlds
from explorer.engine.rules.bidding import Call, CallKind

SAMPLES = 96
"""Sampled deals per decision (configurable: ``make_player("strong", samples=...)``)."""
RAISE_MARGIN = 2.0
"""How many game points a raise must gain over passing, on average over the sampled deals."""
GAHWA_CONFIDENCE = 0.9
"""The share of play-outs a team must win before it calls Gahwa (which decides the match)."""


@register("strong")
class StrongPlayer:
    """The sampling player of this module's docstring."""

    name = "strong"

    def __init__(self, *, seed: Any = None, samples: int = SAMPLES) -> None:
        self.seed = seed
        self.samples = max(1, int(samples))
        self.bidder = HeuristicPlayer(seed=seed)

    # --- the decision --------------------------------------------------------------------------------

    def choose(self, view: PlayerView) -> Choice:
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"{view.seat.value} has nothing to do now")
        if view.stage is Stage.BIDDING:
            return self.bidder.choose(view)
        if view.stage is Stage.DOUBLING:
            return self._double(view, legal)
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:
            return Choice(declares[0], Msg("Declare the best projects the hand can show."))
        plays = [a for a in legal if isinstance(a, Play)]
        if len(plays) == 1:
            return Choice(plays[0], Msg("{card} is the only card you may play.", card=plays[0].card))
        values = self.evaluate(view, plays)
        best = max(plays, key=lambda a: (values[a], -_cost(view, a)))
        return Choice(best, explain(view, best, values), values)

    def rng(self, view: PlayerView) -> random.Random:
        """The generator of one decision: the player's seed and the moment of the deal."""
        moment = (f"{self.seed}|{view.seat.value}|{view.stage.value}|{' '.join(map(str, view.played))}|"
                  f"{len(view.bidding.history) if view.bidding else 0}")
        return random.Random(moment)

    def evaluate(self, view: PlayerView, plays: list[Play]) -> dict[Action, float]:
        """The mean outcome, in game points for this seat's team, of each play over the sampled deals."""
        rng = self.rng(view)
        worlds = sample_worlds(view, self.samples, rng)
        hands = np.array([[card_mask(full_hands(view, w)[s]) for s in SEATS] for w in worlds], dtype=np.uint32)
        me = SEATS.index(view.seat)
        announced = [t.ekka for t in view.tricks]
        new_trick = view.current is None
        out: dict[Action, float] = {}
        for a in plays:
            h = hands.copy()
            h[:, me] &= ~np.uint32(1 << a.card.code)
            flags = announced + [a.ekka] if new_trick else announced
            r = play_out(h, [*view.played, a.card], dealer=view.dealer, contract=view.contract,
                         escalation=view.escalation, announced=flags, profile=view.profile,
                         rng=rng.randrange(2**32), policy=greedy_policy)
            out[a] = float(_outcome(r, view.seat.team.value, view.escalation.level).mean())
        return out

    def _double(self, view: PlayerView, legal: list[Action]) -> Choice:
        calls = [a for a in legal if isinstance(a, Call)]
        passing = next(a for a in calls if a.kind is CallKind.PASS)
        raises = [a for a in calls if a.kind is not CallKind.PASS]
        if not raises:
            return Choice(passing, Msg("No raise is allowed now."))
        rng = self.rng(view)
        worlds = sample_worlds(view, self.samples, rng)
        hands = np.array([[card_mask(full_hands(view, w)[s]) for s in SEATS] for w in worlds], dtype=np.uint32)
        team = view.seat.team.value
        seed = rng.randrange(2**32)

        def outcome(e: Escalation) -> np.ndarray:
            r = play_out(hands, dealer=view.dealer, contract=view.contract, escalation=e, profile=view.profile,
                         rng=seed, policy=greedy_policy)
            return _outcome(r, team, e.level)

        return pick_raise(view, passing, raises, outcome, len(worlds))


RAISE_LEVEL = {CallKind.DOUBLE: Level.DOUBLE, CallKind.TRIPLE: Level.TRIPLE, CallKind.QUADRUPLE: Level.QUADRUPLE,
               CallKind.GAHWA: Level.GAHWA}
"""Each raise's level of the escalation."""


def pick_raise(view: PlayerView, passing: Action, raises: list[Action], outcome: Callable[[Escalation], np.ndarray],
               n: int, weights: np.ndarray | None = None) -> Choice:
    """The doubling decision on played-out worlds: each raise's award at its level against passing's, taken when it
    gains :data:`RAISE_MARGIN` (Gahwa only when it wins in :data:`GAHWA_CONFIDENCE` of the worlds); an average over
    the worlds, or a weighted sum with ``weights`` (the expert's inference)."""
    def avg(x: np.ndarray) -> float:
        return float(x.mean()) if weights is None else float((x * weights).sum())

    esc = view.escalation
    values: dict[Action, float] = {passing: avg(outcome(esc))}
    best, best_gain = passing, 0.0
    for a in raises:
        doubler = view.seat if a.kind is CallKind.DOUBLE else esc.doubler
        got = outcome(Escalation(RAISE_LEVEL[a.kind], doubler, a.locked))
        values[a] = avg(got)
        if a.kind is CallKind.GAHWA and avg(got > 0) < GAHWA_CONFIDENCE:
            continue
        gain = values[a] - values[passing]
        if gain > RAISE_MARGIN and gain > best_gain:
            best, best_gain = a, gain
    if best is passing:
        return Choice(passing, Msg("Raising would not pay on average over the sampled deals: pass."), values)
    return Choice(best, Msg("{call} gains {gain} game points on average over {n} sampled deals.",
                            call=best.kind, gain=round(best_gain, 1), n=n), values)


def _outcome(r: Any, team: str, level: Level) -> np.ndarray:
    """Each play-out's award for ``team`` minus the other's; a Gahwa counts as the match (152) either way."""
    t = 0 if team == "NS" else 1
    if level is Level.GAHWA:
        return np.where(r.winner == t, MATCH_TARGET, -MATCH_TARGET).astype(float)
    return (r.award[:, t] - r.award[:, 1 - t]).astype(float)


def _cost(view: PlayerView, a: Play) -> float:
    """How much a card gives away, to break ties between equally good cards: keep points and trumps."""
    p = _Play(view, [a])
    return p.points(a.card) * 20 + p.strength(a.card)


def explain(view: PlayerView, chosen: Play, values: dict[Action, float]) -> Msg:
    """One sentence on why ``chosen``: what the card does in the trick, and what it keeps over the next best."""
    p = _Play(view, [chosen])
    card = chosen.card
    doing = _what_it_does(p, view, chosen)
    others = sorted((v for a, v in values.items() if a != chosen), reverse=True)
    if not others:
        return doing
    gain = values[chosen] - others[0]
    second = max((a for a in values if a != chosen), key=lambda a: values[a])
    if gain < 0.05:
        return Msg("{doing} {card} and {other} do about as well over the sampled deals.", doing=doing, card=card,
                   other=second.card)
    return Msg("{doing} It keeps {gain} game points more on average than {other}.", doing=doing,
               gain=round(gain, 1), other=second.card)


def _what_it_does(p: _Play, view: PlayerView, a: Play) -> Msg:
    card = a.card
    trump = p.trump
    if not p.trick:
        if trump is not None and card.suit is trump:
            out = [c for c in p.out if c.suit is trump]
            if view.contract.buyer.team is view.seat.team and out:
                return Msg("Leading {card} draws trumps: {n} are still out.", card=card, n=len(out))
        if a.ekka:
            return Msg("{card} is the highest card left in its suit: announcing Ekka frees your partner from "
                       "cutting.", card=card)
        if p.master(card):
            return Msg("{card} is the highest card left in its suit, so it should win the trick.", card=card)
        return Msg("Leading {card} gives little away.", card=card)
    from explorer.engine.rules.play import winning_index
    win_i = winning_index(p.trick, p.mode, trump)
    from explorer.engine.players.heuristic import _seat_at
    partner_wins = _seat_at(p.leader, win_i) is view.seat.partner
    if partner_wins:
        if p.points(card) >= 10:
            return plural("Your partner is winning: {card} adds {n} point to the trick.",
                          "Your partner is winning: {card} adds {n} points to the trick.", p.points(card), card=card)
        return Msg("Your partner is winning: {card} keeps your better cards.", card=card)
    if p._beats(card, p.trick[win_i], p.trick[0].suit):
        return Msg("{card} wins the trick for now.", card=card)
    return Msg("{card} cannot win this trick and costs the fewest points.", card=card)
