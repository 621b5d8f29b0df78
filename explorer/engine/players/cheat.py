"""``cheat``: a player that sees every hand, for measurement only (the upper bound of a duel; never offered in the
app: it is registered with ``in_app=False``).

It is given the whole state (:func:`~.selfplay.play_deal` does so for a player with ``sees_all``), and plays each
card by the exact solver's award with every hand open; it bids as the expert does (:mod:`.bidsim`) with the
other seats' five cards known and only the completion sampled, and doubles on the true hands. Asked with a view
alone (anywhere else), it decides as the expert.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from explorer.engine.core.cards import SEATS
from explorer.engine.core.i18n import Msg
from explorer.engine.game.state import Action, Declare, GameState, Play, Stage
from explorer.engine.players import bidsim
from explorer.engine.players.base import Choice, register
from explorer.engine.players.expert import ExpertPlayer, double


@register("cheat", in_app=False)
class CheatPlayer(ExpertPlayer):
    """The player of this module's docstring."""

    name = "cheat"
    sees_all = True

    def __init__(self, *, seed: Any = None, **options: Any) -> None:
        super().__init__(seed=seed, **options)

    def choose_open(self, state: GameState) -> Choice:
        """The decision of the seat to act, seeing every hand."""
        seat = state.to_act
        view = state.view(seat)
        legal = view.legal_actions()
        rng = random.Random(f"cheat|{self.seed}|{len(state.actions)}")
        if state.stage is Stage.BIDDING:
            fives = {s: state.hand(s) for s in SEATS if s is not seat}
            rest = [c for c in _all_cards() if c not in view.hand and c != view.upcard
                    and not any(c in h for h in fives.values())]
            deals = []
            for _ in range(self.bid_samples):
                rng.shuffle(rest)
                deals.append((fives, tuple(rest)))
            vals = bidsim.values(view, legal, self.bid_samples, rng, deals=deals)
            best = bidsim.best_call(view, vals, buy_margin=self.buy_margin, sun_margin=self.sun_margin)
            return Choice(best, None, vals) if best is not None else self.bidder.choose(view)
        if state.stage is Stage.DOUBLING:
            world = {s: state.hand(s) for s in SEATS if s is not seat}
            return double(view, legal, [world], np.ones(1), rng.randrange(2**32))
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:
            return Choice(declares[0], Msg("Declare the best projects the hand can show."))
        plays = [a for a in legal if isinstance(a, Play)]
        if len(plays) == 1:
            return Choice(plays[0])
        from explorer.engine.solver.search import solve
        award = {v.card: v.award for v in solve(state, objectives=("award",), lines=False).cards}
        values: dict[Action, float] = {a: float(award[a.card]) for a in plays}
        return Choice(max(plays, key=lambda a: (values[a], a.ekka)), None, values)


def _all_cards():
    from explorer.engine.core.cards import DECK
    return DECK
