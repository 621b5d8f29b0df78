"""Computer players: each one more class with ``choose(view) -> Choice``.

A player sees only a :class:`~explorer.engine.game.PlayerView`: its own hand and the public events.
It never receives the state with the hidden hands, so it cannot peek.

>>> sorted(PLAYERS)
['cheat', 'expert', 'expert-bidding', 'expert-play', 'heuristic', 'random', 'strong']
>>> make_player("random", seed=1).name
'random'
"""

from __future__ import annotations

from explorer.engine.players import random_player, heuristic, strong, expert, cheat  # noqa: F401  (register, weakest first: IN_APP)  # isort: skip
from explorer.engine.players.base import PLAYERS, Choice, Player, PlayerError, make_player  # noqa: F401
