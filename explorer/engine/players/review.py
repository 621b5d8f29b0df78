"""Hints and reviews: a searching player's judgement of a seat's choices.

:func:`hint` is the strong player's choice for the seat to play, with the expected game points of each
legal card and a sentence saying why. :func:`review` walks a finished deal's card play and, for each
decision of the seats asked about, compares the card played with the strong player's; a decision that
cost :data:`COST_THRESHOLD` expected game points or more is a :class:`Mistake`. It reviews any valid
``deal`` record: the practice table's own, or one uploaded.

The bidding and the doubling are not reviewed: the strong player bids by the heuristic's rule, so its
opinion of a call would be a rule of thumb, not a measurement.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from explorer.engine.core.cards import Seat
from explorer.engine.core.errors import ScenarioError, problem
from explorer.engine.core.i18n import Msg
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.game.state import Action, GameState, Play, Stage
from explorer.engine.players import Choice, make_player

COST_THRESHOLD = 2.0
"""Expected game points a decision must cost before the review lists it."""


TUTOR = "strong"
"""The player whose judgement hints and reviews give unless another is asked for."""


def hint(state: GameState, *, seed: Any = 0, samples: int | None = None, player: str = TUTOR) -> Choice:
    """``player``'s choice (the tutor's) for the seat to act, from that seat's view only: a card, or a call."""
    opts = {} if samples is None else {"samples": samples}
    return make_player(player, seed=seed, **opts).choose(state.view(state.to_act))


@dataclass(frozen=True)
class Decision:
    """One card decision of a reviewed seat: what was played, the strong player's card, and what it cost."""

    index: int
    """The position of the state in the deal's play (0: before the first card)."""
    cards_played: int
    """How many cards were down before this decision: where a replay shows the moment."""
    trick: int
    seat: Seat
    played: Play
    best: Play
    cost: float
    values: dict[Action, float]
    why: Msg | None

    @property
    def mistake(self) -> bool:
        return self.cost >= COST_THRESHOLD


@dataclass(frozen=True)
class Review:
    """Every reviewed decision of a deal, and those that cost :data:`COST_THRESHOLD` or more."""

    decisions: tuple[Decision, ...]

    @property
    def mistakes(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.mistake)

    @property
    def total_cost(self) -> float:
        return sum(d.cost for d in self.decisions)


def review_states(states: list[GameState], seats: Iterable[Seat], *, seed: Any = 0,
                  samples: int | None = None, player: str = TUTOR) -> Review:
    """Review the card decisions of ``seats`` in a deal given as its successive states."""
    seats = set(seats)
    out: list[Decision] = []
    for i, (before, after) in enumerate(zip(states, states[1:])):
        action = after.actions[-1]
        if before.stage is not Stage.PLAY or not isinstance(action, Play) or action.seat not in seats:
            continue
        legal = [a for a in before.legal_actions() if isinstance(a, Play)]
        if len(legal) < 2:
            continue
        choice = hint(before, seed=seed, samples=samples, player=player)
        values = choice.values
        played = next((a for a in legal if a == action), action)
        if played not in values:
            continue
        best = max(values, key=values.get)
        out.append(Decision(i, len(before.played), len(before.completed_tricks) + 1, action.seat, played, best,
                            max(0.0, values[best] - values[played]), values, choice.why))
    return Review(tuple(out))


def review(doc: dict[str, Any], seats: Iterable[Seat | str], *, profile: str | RuleProfile | None = None,
           seed: Any = 0, samples: int | None = None, player: str = TUTOR) -> Review:
    """Review a valid ``deal`` record's card play for ``seats``; ScenarioError for a record that is not valid."""
    from explorer.engine.files.scenario import verdict_of
    v = verdict_of(doc, profile=profile)
    if isinstance(v, dict):
        raise ScenarioError(problem(Msg("a deal passed twice has no card play to review")))
    if not v.valid:
        e = v.run.error
        raise ScenarioError(problem(Msg("trick {n}: {seat} played {card}: {reason} — the deal cannot be reviewed "
                                        "past an illegal card", n=e.trick, seat=e.seat, card=e.card, reason=e.reason)))
    wanted = [s if isinstance(s, Seat) else Seat.parse(s) for s in seats]
    return review_states(v.states(), wanted, seed=seed, samples=samples, player=player)
