"""Sawa (سوا): a claim that the claiming seat's team takes every remaining trick, checked with all hands open.

A claim holds when the claiming team takes every trick left (the one on the table included) against any
defence, whoever is to play: the exact solver's ``tricks`` for the claiming team at the current position
equals the tricks left (:func:`.search.solve`, the objective ``tricks``). A claim that fails comes with the
defence that beats it: the principal line of the ``tricks`` objective (both sides at their best for their
tricks: the claiming team as many as it can, the defence as many as it can), played out trick by trick, in
which the defence takes at least one trick. Every sentence is a :class:`~..i18n.Msg`.

>>> from explorer.engine.solver.samples import random_position
>>> g = random_position(7, 1, 0)          # the last trick: the E leads KS, W wins it with TS
>>> v = check_sawa(g, g.to_act)
>>> v.holds, v.tricks_left, v.tricks, str(v.summary())
(True, 1, 1, "Sawa holds: E's team EW takes the 1 trick left against any defence.")
>>> w = check_sawa(g, g.to_act.right)    # the other team: the defence takes the trick
>>> w.holds, [str(c) for c in w.line], w.first_lost.winner.value
(False, ['KS', 'KH', 'TS', 'AC'], 'W')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from explorer.engine.core.cards import Card, Seat, Team
from explorer.engine.core.i18n import Msg, plural
from explorer.engine.game import GameState, Play, Stage
from explorer.engine.rules.projects import Project
from explorer.engine.solver.search import solve


@dataclass(frozen=True)
class LineTrick:
    """One trick of a line: its number in the deal, its leader, its cards in play order and its winner."""

    number: int
    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat

    def message(self, team: Team) -> Msg:
        """The trick in words, from the claiming team's side."""
        values = dict(trick=self.number, leader=self.leader, cards=list(self.cards), winner=self.winner,
                      card=self.cards[self.seat_index(self.winner)])
        if self.winner.team is team:
            return Msg("Trick {trick}, led by {leader}: {cards}; won by {winner} with {card}.", **values)
        return Msg("Trick {trick}, led by {leader}: {cards}; won by {winner} with {card}: a trick for the "
                   "defence.", **values)

    def seat_index(self, seat: Seat) -> int:
        s, i = self.leader, 0
        while s is not seat:
            s, i = s.right, i + 1
        return i


@dataclass(frozen=True)
class SawaVerdict:
    """The check of one claim: whether it holds, and for a claim that fails the line that beats it."""

    claimant: Seat
    holds: bool
    tricks_left: int
    tricks: int
    """The most tricks the claiming team is sure of against the best defence."""
    line: tuple[Card, ...] = ()
    """The rest of the deal, card by card, both sides at their best for the tricks: for a claim that holds,
    the claiming team taking every trick; for one that fails, the defence taking at least one."""
    line_tricks: tuple[LineTrick, ...] = ()
    problem: Msg | None = None
    """Why there is nothing to check (the deal is not in its play); then ``holds`` is False."""

    @property
    def team(self) -> Team:
        return self.claimant.team

    @property
    def defence_tricks(self) -> int:
        return self.tricks_left - self.tricks

    @property
    def first_lost(self) -> LineTrick | None:
        """The first trick of the line the defence takes."""
        return next((t for t in self.line_tricks if t.winner.team is not self.team), None)

    def summary(self) -> Msg:
        if self.problem is not None:
            return self.problem
        if self.holds:
            return plural("Sawa holds: {seat}'s team {team} takes the {n} trick left against any defence.",
                          "Sawa holds: {seat}'s team {team} takes all {n} tricks left against any defence.",
                          self.tricks_left, seat=self.claimant, team=self.team)
        return plural("Sawa fails: with the best defence, {seat}'s team {team} takes {tricks} of the {n} trick "
                      "left.",
                      "Sawa fails: with the best defence, {seat}'s team {team} takes {tricks} of the {n} tricks "
                      "left.", self.tricks_left, seat=self.claimant, team=self.team, tricks=self.tricks)

    def reasons(self) -> list[Msg]:
        """The verdict, then for a failed claim the beating defence trick by trick."""
        out = [self.summary()]
        if self.holds or self.problem is not None:
            return out
        first = self.first_lost
        if first is not None:
            out.append(Msg("The defence that beats it: {seat} wins trick {trick} with {card}.", seat=first.winner,
                           trick=first.number, card=first.cards[first.seat_index(first.winner)]))
        out += [t.message(self.team) for t in self.line_tricks]
        return out


def check_sawa(state: GameState, claimant: Seat,
               projects: Mapping[Seat, Sequence[Project]] | None = None) -> SawaVerdict:
    """Whether ``claimant``'s team takes every trick left in ``state`` (all hands known) against any defence."""
    if state.stage is not Stage.PLAY:
        problem = (Msg("Nothing to claim: the deal is over, no card is left to play.") if state.finished
                   else Msg("Nothing to claim yet: the cards are not being played."))
        return SawaVerdict(claimant, False, 0, 0, problem=problem)
    sol = solve(state, projects, objectives=("tricks",), lines=True, line_for="tricks")
    left = sol.tricks_left
    best = max(sol.cards, key=lambda v: v.tricks)
    own = sol.seat.team is claimant.team
    tricks = best.tricks if own else left - best.tricks
    return SawaVerdict(claimant, tricks == left, left, tricks, best.line, line_tricks(state, best.line))


def line_tricks(state: GameState, line: Sequence[Card]) -> tuple[LineTrick, ...]:
    """A line played out on ``state`` by the engine (a lead that may be an Ekka announced, as the solver plays
    it), trick by trick: the trick on the table first, finished by the line."""
    out: list[LineTrick] = []
    for after in line_states(state, line):
        last = after.tricks[-1]
        if last.complete:
            out.append(LineTrick(last.number, last.leader, last.cards, last.winner))
    return tuple(out)


def line_plays(state: GameState, line: Sequence[Card]) -> list[Play]:
    """The line's cards as the plays the engine takes (each lead that may be an Ekka announced)."""
    return [st.actions[-1] for st in line_states(state, line)]


def line_states(state: GameState, line: Sequence[Card]) -> list[GameState]:
    """The state after each card of the line, played by the engine."""
    out: list[GameState] = []
    for card in line:
        seat = state.to_act
        ekka = state.current is None and Play(card, True, seat) in state.legal_actions()
        state = state.apply(Play(card, ekka, seat))
        out.append(state)
    return out
