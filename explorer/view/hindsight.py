"""Hindsight on a recorded deal: every card's exact value with all four hands open (no Streamlit).

The exact solver (:func:`explorer.engine.solver.search.solve`) values each legal card of the seat to play by the
deal's award to its team under perfect play by all four seats, every hand seen. For a played card the cost is
the best card's award minus the played card's, in game points for the player's team. This is hindsight: the
players did not see each other's hands; what a player could know is the hint's and the review's job.

>>> from explorer.engine.files.scenario import parse_text, verdict_of
>>> from pathlib import Path
>>> v = verdict_of(parse_text(Path("data/scenarios/deal-in-progress-kaboot.yaml").read_text()))
>>> ms = moments(v)
>>> len(ms), ms[-1].to_act.value         # six cards played, South to play the seventh
(7, 'S')
>>> c = card_cost(v, ms, 1)              # the first trick's second card
>>> c.seat.value, str(c.card), c.cost >= 0
('N', 'KH', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer.engine.core.cards import Card, Seat
from explorer.engine.core.i18n import Code
from explorer.engine.files.kinds.deal import DealVerdict
from explorer.engine.game import GameState, Play, Stage
from explorer.engine.solver.search import Solution, solve
from explorer.view.language import rtl
from explorer.view.words import t, tn


@dataclass(frozen=True)
class CardCost:
    """One played card in hindsight: its award and the best award for the player's team, and the best cards."""

    position: int
    """The card's number in the deal (1 for the first lead)."""
    trick: int
    seat: Seat
    card: Card
    award: int
    best_award: int
    best: tuple[Card, ...]

    @property
    def cost(self) -> int:
        return self.best_award - self.award

    def sentence(self) -> str:
        """The card's hindsight in words, in the page's language."""
        if self.cost == 0:
            return best_sentence(self.card, self.seat, self.award)
        c = self
        return tn("With all hands open, {card} by {seat} cost {team} {n} game point: {best} kept {best_award}, "
                  "{card} gives {award}.",
                  "With all hands open, {card} by {seat} cost {team} {n} game points: {best} kept {best_award}, "
                  "{card} gives {award}.", c.cost, card=c.card, seat=c.seat, team=c.seat.team, best=list(c.best),
                  best_award=signed(c.best_award), award=signed(c.award))


def best_sentence(card: Card, seat: Seat, award: int) -> str:
    """A card that kept the best award, said as the deal's end from its team's side: ahead, level or behind
    (an award of −2 is the best the team could do, not a loss the card caused)."""
    team = seat.team
    if award > 0:
        return tn("With all hands open, {card} by {seat} was one of the best cards: {team} ends the deal {n} game "
                  "point ahead, the most it could.",
                  "With all hands open, {card} by {seat} was one of the best cards: {team} ends the deal {n} game "
                  "points ahead, the most it could.", award, card=card, seat=seat, team=team)
    if award < 0:
        return tn("With all hands open, {card} by {seat} was one of the best cards: the best {team} could do was "
                  "to end the deal {n} game point behind.",
                  "With all hands open, {card} by {seat} was one of the best cards: the best {team} could do was "
                  "to end the deal {n} game points behind.", -award, card=card, seat=seat, team=team)
    return t("With all hands open, {card} by {seat} was one of the best cards: {team} ends the deal level, the best "
             "it could.", card=card, seat=seat, team=team)


def signed(n: int) -> Code:
    """An award with its sign, as the solve command writes it (+6, −6, 0)."""
    return Code(f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0")


def signed_cell(n: int) -> str:
    """An award with its sign in a table cell: kept left to right in a right-to-left page (−32, not 32−).

    >>> signed_cell(-32)
    '−32'
    """
    text = str(signed(n))
    return f"\u2066{text}\u2069" if rtl() else text


def moments(verdict: DealVerdict) -> list[GameState]:
    """The game state before each card played (index k: after k cards), then, for a deal still in its play,
    the state where the next card is to be played (at a refused card: the state before it)."""
    out: list[GameState] = []
    state = verdict.start
    for action in verdict.run.state.actions[len(verdict.start.actions):]:
        if isinstance(action, Play):
            out.append(state)
        state = state.apply(action)
    if state.stage is Stage.PLAY:
        out.append(state)
    return out


def solve_moment(verdict: DealVerdict, state: GameState) -> Solution:
    """Every legal card's exact value at one moment, with the record's projects (those declared in trick 1,
    known from the first card on)."""
    return solve(state, verdict.projects, lines=False)


def card_cost(verdict: DealVerdict, states: list[GameState], index: int,
              solution: Solution | None = None) -> CardCost | None:
    """The card played from ``states[index]`` in hindsight (None when there is no card played from it)."""
    plays = _plays(verdict)
    if index >= len(plays) or index >= len(states):
        return None
    state, played = states[index], plays[index].card
    sol = solution if solution is not None else solve_moment(verdict, state)
    value = next((v for v in sol.cards if v.card is played), None)
    if value is None:
        return None
    best = max(v.award for v in sol.cards)
    trick = len(state.completed_tricks) + 1
    return CardCost(index + 1, trick, state.to_act, played, value.award, best, sol.best)


def _plays(verdict: DealVerdict) -> list[Play]:
    return [a for a in verdict.run.state.actions[len(verdict.start.actions):] if isinstance(a, Play)]
