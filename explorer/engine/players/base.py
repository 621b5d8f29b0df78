"""The player interface and the registry of players by name."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from explorer.engine.core.errors import PlayerError
from explorer.engine.core.i18n import Code, Msg
from explorer.engine.game.state import Action, PlayerView


@dataclass(frozen=True)
class Choice:
    """A player's decision: the action, why (a sentence, when the player can say), and, for a searching
    player, the expected game points of each legal action it compared."""

    action: Action
    why: Msg | None = None
    values: dict[Action, float] = field(default_factory=dict)


class Player(Protocol):
    """Anything that chooses an action from a seat's view."""

    name: str

    def choose(self, view: PlayerView) -> Choice:
        """One legal action of ``view.seat``, which must be the seat to act."""
        ...


PLAYERS: dict[str, Callable[..., Player]] = {}
"""Player name → factory taking ``seed=`` (and options)."""

IN_APP: list[str] = []
"""The players the app may offer (as a computer seat's level or as the tutor), weakest first, in the order
they were registered; a player for measurement only (one that sees every hand) is registered with
``in_app=False`` and never offered."""


def register(name: str, *, in_app: bool = True) -> Callable[[type], type]:
    """Register a player class under ``name``; ``in_app=False`` keeps it out of the app (measurement only)."""
    def deco(cls: type) -> type:
        PLAYERS[name] = cls
        if in_app and name not in IN_APP:
            IN_APP.append(name)
        return cls
    return deco


def make_player(name: str, *, seed: Any = None, **options: Any) -> Player:
    """A player by name (``random``, ``heuristic``, …), seeded for reproducible choices."""
    try:
        factory = PLAYERS[name.strip().lower()]
    except KeyError:
        raise PlayerError("unknown player {value} (use {names})", value=repr(name),
                          names=Code(", ".join(sorted(PLAYERS)))) from None
    return factory(seed=seed, **options)


def seeded(seed: Any) -> random.Random:
    """A random generator for a player from any seed (``None``, an int, a string)."""
    return random.Random(seed if isinstance(seed, (int, str, bytes)) or seed is None else str(seed))
