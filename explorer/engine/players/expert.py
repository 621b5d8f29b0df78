"""``expert``: the strong player's sampling, with inference about the hidden hands, exact card values and bidding
by sampling.

For each decision in play, it

1. samples ``samples`` deals of the hidden cards consistent with everything public (:mod:`.sampling`), and
   weighs each by how likely the other seats' calls and cards are in it under the heuristic model
   (:mod:`.inference`: an opponent who did not overtake probably could not, a Hokum buyer holds trumps);
2. draws ``solved`` of them in proportion to their weight and values each legal card in each with the exact
   solver's award (:func:`~explorer.engine.solver.search.solve`: every seat then plays perfectly for the award in
   that deal, not greedily), from ``endgame`` tricks left on: from the first trick at the normal level;
3. while more than ``endgame`` tricks are left (the fast level's first tricks), plays each legal card out to the end
   in every sampled deal with the vectorised engine (the greedy policy, as :mod:`.strong` does) and takes the card
   of the best weighted mean award.

Solving from the first trick rather than from 4 tricks left gained +0.70 game points a deal against the earlier
expert (300 paired deals, interval -0.21 to +1.60; from 7 tricks left +0.34 over 200), within the time budget
(``explorer/BENCHMARKS.md``).

It bids by the heuristic's calibrated rule, as the strong player does: bidding by sampling (``bidding="sampled"``,
and the hybrid ``expert-bidding``) did not pay in the duels (``explorer/BENCHMARKS.md``). Bidding by sampling
takes the heuristic's rule as its prior (:mod:`.bidsim`: each contract played out over sampled deals and
completions): it keeps the rule's call unless the sampled values clearly disagree (a contract the rule
buys that loses :data:`~.bidsim.VETO` game points against passing is dropped; one the rule passes is bought when
it beats passing by :data:`~.bidsim.BUY_MARGIN`, a Sun by :data:`~.bidsim.SUN_MARGIN`); it doubles as the strong
player does, on the weighted deals. A first version that bid by the sampled values alone (margins 2 and 4, 32
deals) did not beat ``strong`` over the first 100 deals of seed 1 (−1.14 game points a deal, 95% interval −4.43
to +2.15): 32 play-outs of a whole deal are noisy beside such a margin.

The fast level (``make_player("expert", level="fast")``) samples fewer deals and solves only the last five
tricks. It sees only its :class:`~explorer.engine.game.PlayerView`; each decision draws from a generator seeded
by the player's seed and the moment of the deal, so the same view gives the same decision.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from explorer.engine.core.cards import SEATS, Seat
from explorer.engine.core.contract import Escalation
from explorer.engine.core.i18n import Msg
from explorer.engine.fast.playout import card_mask, greedy_policy, play_out
from explorer.engine.game.state import Action, Declare, GameState, Play, PlayerView, Stage
from explorer.engine.players import bidsim
from explorer.engine.players.base import Choice, register
from explorer.engine.players.heuristic import HeuristicPlayer
from explorer.engine.players.inference import log_weights, normalized, resample
from explorer.engine.players.sampling import World, full_hands, sample_worlds
from explorer.engine.players.strong import StrongPlayer, _cost, _outcome, explain, pick_raise
from explorer.engine.rules.bidding import Call, CallKind

LEVELS: dict[str, dict[str, int]] = {
    "normal": {"samples": 80, "endgame": 8, "solved": 20, "bid_samples": 48},
    "fast": {"samples": 40, "endgame": 5, "solved": 10, "bid_samples": 24},
}
"""The settings of each level: deals sampled in play, the tricks left from which it solves exactly, the deals it
solves there, and the deals sampled for a call."""

TEMPER = 0.5
"""The power the model's likelihood is raised to before it weighs the worlds. Taken whole, it leaves few worlds
that count: the effective number of 80 worlds (``1 / Σ w²``) falls to a median of 11 to 13 from the third to the
fifth trick of heuristic self-play deals, so a card's value rests on a dozen deals; at 0.5 it stays 33 to 50 (and
at 0.3, 57 to 67), while the worlds still lean towards the hands the calls and cards suggest."""


@register("expert")
class ExpertPlayer:
    """The player of this module's docstring."""

    name = "expert"
    sampled_bidding = False
    """Whether it bids by sampling (the heuristic's rule overridden by sampled values) rather than by the rule."""
    sampled_play = True

    def __init__(self, *, seed: Any = None, level: str = "normal", samples: int | None = None,
                 endgame: int | None = None, solved: int | None = None, bid_samples: int | None = None,
                 buy_margin: float = bidsim.BUY_MARGIN, sun_margin: float = bidsim.SUN_MARGIN,
                 bidding: str | None = None) -> None:
        base = LEVELS.get(level)
        if bidding is not None:
            if bidding not in ("rule", "sampled"):
                raise ValueError(f"unknown bidding {bidding!r} (use rule or sampled)")
            self.sampled_bidding = bidding == "sampled"
        if base is None:
            raise ValueError(f"unknown level {level!r} (use {', '.join(LEVELS)})")
        self.seed = seed
        self.samples = max(1, int(samples or base["samples"]))
        self.endgame = int(base["endgame"] if endgame is None else endgame)
        self.solved = max(1, int(solved or base["solved"]))
        self.bid_samples = max(1, int(bid_samples or base["bid_samples"]))
        self.buy_margin, self.sun_margin = buy_margin, sun_margin
        self.bidder = HeuristicPlayer(seed=seed)
        self.player = StrongPlayer(seed=seed)

    def choose(self, view: PlayerView) -> Choice:
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"{view.seat.value} has nothing to do now")
        if view.stage is Stage.BIDDING:
            return self._bid(view, legal) if self.sampled_bidding else self.bidder.choose(view)
        if not self.sampled_play:
            return self.player.choose(view)
        if view.stage is Stage.DOUBLING:
            return self._double(view, legal, self.worlds(view, self.samples, plays=False))
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:
            return Choice(declares[0], Msg("Declare the best projects the hand can show."))
        plays = [a for a in legal if isinstance(a, Play)]
        if len(plays) == 1:
            return Choice(plays[0], Msg("{card} is the only card you may play.", card=plays[0].card))
        values = self.evaluate(view, plays)
        best = max(plays, key=lambda a: (round(values[a], 6), a.ekka, -_cost(view, a)))
        return Choice(best, explain(view, best, values), values)

    def rng(self, view: PlayerView) -> random.Random:
        """The generator of one decision: the player's seed and the moment of the deal."""
        moment = (f"expert|{self.seed}|{view.seat.value}|{view.stage.value}|{' '.join(map(str, view.played))}|"
                  f"{len(view.bidding.history) if view.bidding else 0}")
        return random.Random(moment)

    def worlds(self, view: PlayerView, n: int, *, plays: bool = True) -> tuple[list[World], np.ndarray]:
        """``n`` sampled worlds and their weights (summing to 1) under the inference model, tempered by
        :data:`TEMPER`."""
        worlds = sample_worlds(view, n, self.rng(view))
        return worlds, np.array(normalized([TEMPER * x for x in log_weights(view, worlds, plays=plays)]))

    # --- card play ---------------------------------------------------------------------------------------

    def evaluate(self, view: PlayerView, plays: list[Play]) -> dict[Action, float]:
        """The weighted mean outcome, in game points for this seat's team, of each play over the sampled deals:
        played out greedily, or solved exactly once few tricks are left."""
        worlds, weights = self.worlds(view, self.samples)
        left = len(view.hand)
        if left <= self.endgame:
            chosen = resample(worlds, np.log(np.maximum(weights, 1e-300)).tolist(), self.solved,
                              random.Random(f"{self.seed}|solve|{len(view.played)}"))
            return solved_values(view, plays, chosen)
        return played_out_values(view, plays, worlds, weights, self.rng(view).randrange(2**32))

    # --- calls -----------------------------------------------------------------------------------------

    def _bid(self, view: PlayerView, legal: list[Action]) -> Choice:
        """The heuristic's call, unless the sampled values disagree clearly: a contract it would buy is dropped
        when it loses :data:`~.bidsim.VETO` game points against passing, and one it would pass is bought when it
        beats passing by the (larger) buying margins."""
        calls = [a for a in legal if isinstance(a, Call)]
        rule = self.bidder.choose(view)
        vals = bidsim.values(view, calls, self.bid_samples, self.rng(view))
        passing = next((a for a in vals if a.kind is CallKind.PASS), None)
        if passing is None or (rule.action not in vals):
            return rule
        n = self.bid_samples
        if rule.action.kind is not CallKind.PASS:
            gain = vals[rule.action] - vals[passing]
            if gain < -bidsim.VETO:
                return Choice(passing, Msg("{call} loses {loss} game points against passing, on average over {n} "
                                           "sampled deals: pass.", call=rule.action.kind, loss=round(-gain, 1), n=n),
                              vals)
            return Choice(rule.action, rule.why, vals)
        best = bidsim.best_call(view, vals, buy_margin=self.buy_margin, sun_margin=self.sun_margin)
        if best is None or best is passing:
            return Choice(passing, rule.why, vals)
        return Choice(best, Msg("{call} gains {gain} game points over passing, on average over {n} sampled deals.",
                                call=best.kind, gain=round(vals[best] - vals[passing], 1), n=n), vals)

    def _double(self, view: PlayerView, legal: list[Action], sampled: tuple[list[World], np.ndarray]) -> Choice:
        return double(view, legal, *sampled, self.rng(view).randrange(2**32))


def played_out_values(view: PlayerView, plays: list[Play], worlds: list[World], weights: np.ndarray,
                      seed: int) -> dict[Action, float]:
    """Each play's weighted mean award over ``worlds``, every seat then playing the greedy policy."""
    hands = np.array([[card_mask(full_hands(view, w)[s]) for s in SEATS] for w in worlds], dtype=np.uint32)
    me = SEATS.index(view.seat)
    announced = [t.ekka for t in view.tricks]
    out: dict[Action, float] = {}
    for a in plays:
        h = hands.copy()
        h[:, me] &= ~np.uint32(1 << a.card.code)
        flags = announced + [a.ekka] if view.current is None else announced
        r = play_out(h, [*view.played, a.card], dealer=view.dealer, contract=view.contract,
                     escalation=view.escalation, announced=flags, profile=view.profile, rng=seed,
                     policy=greedy_policy)
        out[a] = float((_outcome(r, view.seat.team.value, view.escalation.level) * weights).sum())
    return out


def world_state(view: PlayerView, world: World) -> GameState:
    """The deal in play as ``world`` has it: the view's public events, its own hand and the world's others."""
    hands = full_hands(view, world)
    played: dict[Seat, list] = {s: [] for s in SEATS}
    for t in view.tricks:
        for seat, card in t.plays:
            played[seat].append(card)
    return GameState(profile=view.profile, dealer=view.dealer, match=view.match, stage=Stage.PLAY,
                     hands_=tuple(tuple(hands[s]) for s in SEATS),
                     original_=tuple(tuple(played[s]) + tuple(hands[s]) for s in SEATS), upcard=view.upcard,
                     bidding=view.bidding, contract=view.contract, escalation=view.escalation, tricks=view.tricks,
                     declared=view.declared)


def counted_projects(view: PlayerView) -> dict:
    """The projects that count in the score as far as the view knows: those shown, and the seat's own."""
    out = {s: tuple(ps) for s, ps in view.shown}
    if view.own_projects and view.seat not in out:
        out[view.seat] = tuple(view.own_projects)
    return out


def solved_values(view: PlayerView, plays: list[Play], worlds: list[World]) -> dict[Action, float]:
    """Each play's mean exact award (the solver's) over ``worlds`` (equally weighted: already drawn by weight).
    An Ekka lead and the same card plain share the solver's value (it plays the announcement when it may)."""
    from explorer.engine.solver.search import solve
    projects = counted_projects(view)
    total: dict = {}
    for w in worlds:
        sol = solve(world_state(view, w), projects, objectives=("award",), lines=False)
        for v in sol.cards:
            total[v.card] = total.get(v.card, 0.0) + v.award
    return {a: total[a.card] / len(worlds) for a in plays}


def double(view: PlayerView, legal: list[Action], worlds: list[World], weights: np.ndarray, seed: int) -> Choice:
    """The strong player's doubling (each raise played out at its level, taken when it gains
    :data:`~.strong.RAISE_MARGIN`; Gahwa only at :data:`~.strong.GAHWA_CONFIDENCE`), on weighted worlds."""
    calls = [a for a in legal if isinstance(a, Call)]
    passing = next(a for a in calls if a.kind is CallKind.PASS)
    raises = [a for a in calls if a.kind is not CallKind.PASS]
    if not raises:
        return Choice(passing, Msg("No raise is allowed now."))
    hands = np.array([[card_mask(full_hands(view, w)[s]) for s in SEATS] for w in worlds], dtype=np.uint32)
    team = view.seat.team.value

    def outcome(e: Escalation) -> np.ndarray:
        r = play_out(hands, dealer=view.dealer, contract=view.contract, escalation=e, profile=view.profile,
                     rng=seed, policy=greedy_policy)
        return _outcome(r, team, e.level)

    return pick_raise(view, passing, raises, outcome, len(worlds), weights)


@register("expert-bidding", in_app=False)
class ExpertBidding(ExpertPlayer):
    """For measurement: the bidding by sampling, the strong player's card play and doubling."""

    name = "expert-bidding"
    sampled_bidding = True
    sampled_play = False


@register("expert-play", in_app=False)
class ExpertPlay(ExpertPlayer):
    """For measurement: the heuristic's bidding (as the strong player bids), the expert's doubling and play."""

    name = "expert-play"
    sampled_bidding = False
