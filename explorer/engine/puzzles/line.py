"""A line of cards played from a position, each lead that may be an Ekka announced, as the solver plays its lines.

(The same as :func:`explorer.engine.solver.sawa.line_states`, without loading the solver: a page shows a puzzle's
recorded line without solving anything.)
"""

from __future__ import annotations

from collections.abc import Sequence

from explorer.engine.core.cards import Card
from explorer.engine.game.state import GameState, Play


def line_states(state: GameState, line: Sequence[Card]) -> list[GameState]:
    """The state after each card of ``line``; IllegalActionError (a ValueError) at a card the rules refuse.

    >>> from explorer.engine.solver.samples import random_position
    >>> g = random_position(7, 1, 0)                     # the last trick, E to lead KS
    >>> end = line_states(g, [Card.parse(c) for c in ("KS", "KH", "TS", "AC")])[-1]
    >>> end.stage.value, end.tricks[-1].winner.value
    ('over', 'W')
    """
    out: list[GameState] = []
    for card in line:
        seat = state.to_act
        ekka = state.current is None and Play(card, True, seat) in state.legal_actions()
        state = state.apply(Play(card, ekka, seat))
        out.append(state)
    return out
