"""``random``: a uniformly random legal player, for tests and as the baseline."""

from __future__ import annotations

from typing import Any

from explorer.engine.game.state import PlayerView
from explorer.engine.players.base import Choice, register, seeded


@register("random")
class RandomPlayer:
    """Chooses uniformly among the legal actions (calls, Ekka, declarations and cards alike)."""

    name = "random"

    def __init__(self, *, seed: Any = None) -> None:
        self.rng = seeded(seed)

    def choose(self, view: PlayerView) -> Choice:
        actions = view.legal_actions()
        if not actions:
            raise ValueError(f"{view.seat.value} has nothing to do now")
        return Choice(self.rng.choice(actions))
