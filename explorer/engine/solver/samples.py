"""Seeded random deals in progress, for the solver's tests and benchmark: every rule option and level drawn.

A position is dealt at random, gets a random contract (Sun or Hokum, any trump and buyer), escalation (every
level the contract allows, a doubler, locked where a Double or Quadruple may be), dealer, match totals and a
random profile (each option of :data:`~..profiles.OPTIONS` drawn), then is played by the game model
(:meth:`~..game.GameState.apply`): declarations in trick 1 at random, cards at random or, with ``sweeping``,
by a policy under which one team, dealt most of the power, tends to take every trick (so that Kaboots are
in reach), until the
tricks left and the cards on the table asked for.

>>> g = random_position(7, 3, 1)
>>> len(g.played), len(g.current.cards), g.to_act.value
(21, 1, 'N')
"""

from __future__ import annotations

import random

from explorer.engine.core.cards import DECK, SEATS, Suit, Team
from explorer.engine.core.contract import Contract, Escalation, Level
from explorer.engine.core.profiles import OPTIONS, RuleProfile, custom_profile
from explorer.engine.core.tables import Mode
from explorer.engine.game import Declare, GameState, Play
from explorer.engine.rules.play import card_strength, is_trump

SUN_LEVELS = (Level.NONE, Level.DOUBLE)
HOKUM_LEVELS = (Level.NONE, Level.DOUBLE, Level.TRIPLE, Level.QUADRUPLE, Level.GAHWA)


def random_profile(rng: random.Random) -> RuleProfile:
    """A custom profile with every option drawn at random."""
    return custom_profile({"base": "detailed", **{name: rng.choice(info.choices) for name, info in OPTIONS.items()}})


def random_start(rng: random.Random, profile: RuleProfile | None = None, mode: Mode | None = None,
                 strong: Team | None = None) -> GameState:
    """A deal at its first card: random hands (``strong``: that team holds most of the power), contract,
    escalation, dealer and match totals."""
    mode = mode or rng.choice((Mode.SUN, Mode.HOKUM))
    trump = rng.choice(tuple(Suit)) if mode is Mode.HOKUM else None
    deck = list(DECK)
    rng.shuffle(deck)
    if strong is not None:                   # the 13 strongest cards and 3 others to the strong team
        deck.sort(key=lambda c: (is_trump(c, mode, trump), card_strength(c, mode, trump)), reverse=True)
        top, rest = deck[:13], deck[13:]
        rng.shuffle(rest)
        mine, theirs = top + rest[:3], rest[3:]
        rng.shuffle(mine)
        a, b = strong.seats
        o, p = strong.other.seats
        hands = {a: mine[:8], b: mine[8:], o: theirs[:8], p: theirs[8:]}
    else:
        hands = {s: deck[8 * i: 8 * i + 8] for i, s in enumerate(SEATS)}
    buyer = rng.choice(SEATS)
    level = rng.choice(HOKUM_LEVELS if mode is Mode.HOKUM else SUN_LEVELS)
    doubler = rng.choice((buyer.right, buyer.left)) if level is not Level.NONE else None
    locked = mode is Mode.HOKUM and level in (Level.DOUBLE, Level.QUADRUPLE) and rng.random() < 0.5
    # Sun may be doubled only with one team above 100 and the other below (so a record of it is valid).
    match = (120, 40) if mode is Mode.SUN and level is Level.DOUBLE else (rng.randrange(0, 150), rng.randrange(0, 150))
    return GameState.from_hands(hands, dealer=rng.choice(SEATS), contract=Contract(mode, trump, buyer),
                                escalation=Escalation(level, doubler, locked), match=match,
                                profile=profile or random_profile(rng))


def _sweeping_card(state: GameState, plays: list[Play], strong: bool) -> Play:
    """The strongest legal card for one team, the weakest for the other (one team tends to win every trick)."""
    c = state.contract

    def power(p: Play) -> tuple:
        return (is_trump(p.card, c.mode, c.trump), card_strength(p.card, c.mode, c.trump), p.ekka)
    return max(plays, key=power) if strong else min(plays, key=power)


def random_position(seed: int | str, tricks_left: int, on_table: int | None = None, *,
                    profile: RuleProfile | None = None, mode: Mode | None = None,
                    sweeping: bool = False) -> GameState:
    """A seeded deal in progress: ``tricks_left`` tricks to play (1 to 8, the current one included) and
    ``on_table`` cards of the current trick down (0 to 3; random when None)."""
    rng = random.Random(f"solver-sample:{seed}")
    sweeper = rng.choice((Team.NS, Team.EW))
    g = random_start(rng, profile, mode, sweeper if sweeping else None)
    on_table = rng.randrange(4) if on_table is None else on_table
    target = 4 * (8 - tricks_left) + on_table
    while len(g.played) < target:
        actions = g.legal_actions()
        declares = [a for a in actions if isinstance(a, Declare)]
        if declares:
            g = g.apply(rng.choice(declares))
            continue
        plays = [a for a in actions if isinstance(a, Play)]
        if sweeping:
            g = g.apply(_sweeping_card(g, plays, g.to_act.team is sweeper))
        else:
            g = g.apply(rng.choice(plays))
    while g.to_act is not None and any(isinstance(a, Declare) for a in g.legal_actions()):
        g = g.apply(rng.choice([a for a in g.legal_actions() if isinstance(a, Declare)]))
    return g
