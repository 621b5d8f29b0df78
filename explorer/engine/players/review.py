"""Hints and reviews: a searching player's judgement of a seat's choices.

:func:`hint` is the strong player's choice for the seat to play, with the expected game points of each
legal card and a sentence saying why. :func:`review` walks a finished deal's card play and, for each
decision of the seats asked about, compares the card played with the strong player's; a decision that
cost :data:`COST_THRESHOLD` expected game points or more is a mistake. It reviews any valid ``deal`` record: the
practice table's own, or one uploaded.

Each mistake is then explained twice. From what the player could know: the tutor's sampled deals of the hidden
cards are played out after the card played and after the better card (the same deals and play-outs as the strong
player's evaluation, :func:`sampled_lines`), and :mod:`.reasons` says in words what the better card does that
the played one does not (it wins the trick, it keeps a master, it avoids a khasara...). And in hindsight, with
all hands open (the record has every hand): the exact solver's award of each card (:class:`Hindsight`), and the
reasons read off the two cards' principal lines.

The bidding and the doubling are not reviewed: the strong player bids by the heuristic's rule, so its
opinion of a call would be a rule of thumb, not a measurement.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from explorer.engine.core.cards import SEATS, TEAMS, Card, Seat
from explorer.engine.core.errors import ScenarioError, problem
from explorer.engine.core.i18n import Msg, plural
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.core.tables import LAST_TRICK_BONUS
from explorer.engine.fast.playout import card_mask, greedy_policy, play_out
from explorer.engine.game.state import Action, GameState, Play, Stage
from explorer.engine.players import Choice, make_player
from explorer.engine.players.reasons import Line, Moment, TrickOut, Why, reasons
from explorer.engine.players.sampling import full_hands, sample_worlds
from explorer.engine.rules.play import trick_points, trick_winner
from explorer.engine.rules.projects import Project

COST_THRESHOLD = 2.0
"""Expected game points a decision must cost before the review lists it."""


TUTOR = "strong"
"""The player whose judgement hints and reviews give unless another is asked for."""


CALL_SAMPLES = 48
"""Deals sampled to value each contract a call hint compares (the expert's sampled bidding uses as many)."""


def hint(state: GameState, *, seed: Any = 0, samples: int | None = None, player: str = TUTOR) -> Choice:
    """``player``'s choice (the tutor's) for the seat to act, from that seat's view only: a card, or a call. A call
    comes with the sampled evaluation of each contract the seat may buy (:func:`call_evaluation`) when the player
    gave none: the strong player bids by the heuristic's rule, and a learner asks how much the contract is worth."""
    opts = {} if samples is None else {"samples": samples}
    view = state.view(state.to_act)
    choice = make_player(player, seed=seed, **opts).choose(view)
    if view.stage is Stage.BIDDING and not choice.values:
        choice = call_evaluation(view, choice, seed=seed)
    return choice


def call_evaluation(view: Any, choice: Choice, *, seed: Any = 0, n: int = CALL_SAMPLES) -> Choice:
    """``choice`` (a call) with each contract the seat may buy valued against passing, in game points for the seat's
    team on average over ``n`` deals of the unseen cards (weighted by the calls made so far, each played out by the
    vectorised engine: :func:`explorer.engine.players.bidsim.values`), and the figures said after its reason."""
    import random

    from explorer.engine.players import bidsim
    from explorer.engine.rules.bidding import Call, CallKind

    calls = [a for a in view.legal_actions() if isinstance(a, Call)]
    contracts = bidsim.candidates(view, calls)
    passing = next((a for a in calls if a.kind is CallKind.PASS), None)
    if not contracts or passing is None:
        return choice
    vals = bidsim.values(view, calls, n, random.Random(f"call-hint:{seed}:{len(view.bidding.calls)}"))
    gains = [Msg("{call} {suit:sym} {gain:+}", call=a.kind, suit=c.trump, gain=round(vals[a] - vals[passing], 1))
             if c.trump is not None else Msg("{call} {gain:+}", call=a.kind, gain=round(vals[a] - vals[passing], 1))
             for a, c in sorted(contracts.items(), key=lambda ac: -vals[ac[0]])]
    said = plural("On average over {n} sampled deal, each contract against passing, in game points for your team: "
                  "{gains}.", "On average over {n} sampled deals, each contract against passing, in game points for "
                  "your team: {gains}.", n, gains=gains)
    why = Msg("{why} {sampled}", why=choice.why, sampled=said) if choice.why else said
    return replace(choice, why=why, values=vals)


@dataclass(frozen=True)
class Hindsight:
    """A decision with all hands open: the exact award (the solver's) of the card played and of the best cards
    for the player's team, and the reasons read off the principal lines of the played card and of ``better``."""

    award: int
    best_award: int
    best: tuple[Card, ...]
    better: Card
    reasons: tuple[Why, ...] = ()

    @property
    def cost(self) -> int:
        return self.best_award - self.award


@dataclass(frozen=True)
class Decision:
    """One card decision of a reviewed seat: what was played, the strong player's card, and what it cost; for a
    mistake, the reasons the better card was better and the hindsight."""

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
    reasons: tuple[Why, ...] = ()
    """Why ``best`` was better, from the sampled deals (a mistake's only)."""
    hindsight: Hindsight | None = None
    """The exact view with all hands open (a mistake's only, when asked for)."""

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
                  samples: int | None = None, player: str = TUTOR,
                  projects: Mapping[Seat, Sequence[Project]] | None = None, explain: bool = True) -> Review:
    """Review the card decisions of ``seats`` in a deal given as its successive states.

    With ``explain`` each mistake gets its reasons and its hindsight (``projects``: those that count in the score,
    a record's; by default those declared in each state).
    """
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
        d = Decision(i, len(before.played), len(before.completed_tricks) + 1, action.seat, played, best,
                     max(0.0, values[best] - values[played]), values, choice.why)
        if explain and d.mistake:
            d = explained(d, before, seed=seed, samples=samples, projects=projects)
        out.append(d)
    return Review(tuple(out))


def explained(d: Decision, state: GameState, *, seed: Any = 0, samples: int | None = None,
              projects: Mapping[Seat, Sequence[Project]] | None = None) -> Decision:
    """``d`` with the reasons its better card was better over the sampled deals, and its hindsight."""
    lines = sampled_lines(state, [d.best, d.played], seed=seed, samples=samples)
    why = reasons(Moment.of(state), d.best, d.played, lines[d.best], lines[d.played])
    return replace(d, reasons=why, hindsight=hindsight(state, d.played, d.best, projects))


def sampled_lines(state: GameState, plays: Sequence[Play], *, seed: Any = 0,
                  samples: int | None = None) -> dict[Play, list[Line]]:
    """The strong player's sampled deals of the cards the seat to play cannot see, played out after each of
    ``plays``: the same deals and play-outs its evaluation scores (:meth:`.strong.StrongPlayer.evaluate`, a test
    compares the means), as one :class:`~.reasons.Line` per deal."""
    from explorer.engine.players.strong import SAMPLES, StrongPlayer, _outcome
    view = state.view(state.to_act)
    tutor = StrongPlayer(seed=seed, samples=samples or SAMPLES)
    rng = tutor.rng(view)
    worlds = sample_worlds(view, tutor.samples, rng)
    hands = np.array([[card_mask(full_hands(view, w)[s]) for s in SEATS] for w in worlds], dtype=np.uint32)
    me = SEATS.index(view.seat)
    announced = [t.ekka for t in view.tricks]
    first = len(view.tricks) - (1 if view.current is not None else 0)
    out: dict[Play, list[Line]] = {}
    for a in (a for a in view.legal_actions() if isinstance(a, Play)):
        play_seed = rng.randrange(2**32)      # drawn for every card, in the evaluation's order
        if a not in plays:
            continue
        h = hands.copy()
        h[:, me] &= ~np.uint32(1 << a.card.code)
        flags = announced + [a.ekka] if view.current is None else announced
        r = play_out(h, [*view.played, a.card], dealer=view.dealer, contract=view.contract,
                     escalation=view.escalation, announced=flags, profile=view.profile, rng=play_seed,
                     policy=greedy_policy)
        award = _outcome(r, view.seat.team.value, view.escalation.level)
        out[a] = [Line(tuple(TrickOut(SEATS[r.leaders[i, t]], tuple(Card.from_code(int(c)) for c in r.cards[i, t]),
                                      SEATS[r.winners[i, t]], int(r.trick_points[i, t])) for t in range(first, 8)),
                       bool(r.buyer_made[i]), TEAMS[r.kaboot[i]] if r.kaboot[i] >= 0 else None, float(award[i]))
                  for i in range(len(r))]
    return out


def hindsight(state: GameState, played: Play, better: Play,
              projects: Mapping[Seat, Sequence[Project]] | None = None) -> Hindsight | None:
    """The decision in ``state`` with all hands open: the exact award of ``played`` and of the best cards, and the
    reasons along the principal lines (the best card compared is ``better`` when it is among the best)."""
    from explorer.engine.solver.award import Deal
    from explorer.engine.solver.search import solve
    sol = solve(state, projects)
    values = {v.card: v for v in sol.cards}
    if played.card not in values:
        return None
    top = max(v.award for v in sol.cards)
    chosen = better.card if better.card in sol.best else sol.best[0]
    h = Hindsight(values[played.card].award, top, sol.best, chosen)
    if h.cost == 0:
        return h
    deal = Deal.of(state, projects if projects is not None else state.projects(), state.to_act.team)
    why = reasons(Moment.of(state), Play(chosen, values[chosen].ekka), Play(played.card, values[played.card].ekka),
                  [solved_line(state, values[chosen].line, deal)], [solved_line(state, values[played.card].line, deal)])
    return replace(h, reasons=why)


def solved_line(state: GameState, line: Sequence[Card], deal: Any) -> Line:
    """A principal line from ``state`` (the card to play first) as a :class:`~.reasons.Line`: its tricks and
    the deal's outcome, scored by the engine's pipeline with the solver's deal facts."""
    from explorer.engine.rules.scoring import score_deal
    from explorer.engine.solver.award import award_of
    c = state.contract
    done = state.completed_tricks
    cur = state.current
    leader, cards = (cur.leader, list(cur.cards)) if cur else (state.to_act, [])
    tricks: list[TrickOut] = []
    for card in line:
        cards.append(card)
        if len(cards) == 4:
            winner = trick_winner(leader, cards, c.mode, c.trump)
            last = len(done) + len(tricks) == 7
            tricks.append(TrickOut(leader, tuple(cards), winner,
                                   trick_points(cards, c.mode, c.trump) + (LAST_TRICK_BONUS if last else 0)))
            leader, cards = winner, []
    everything = [(t.winner, t.points) for t in done] + [(t.winner, t.points) for t in tricks]
    points = {tm: sum(p for w, p in everything if w.team is tm) for tm in TEAMS}
    won = {tm: sum(1 for w, _ in everything if w.team is tm) for tm in TEAMS}
    result = score_deal(replace(deal.facts, points=points, tricks_won=won), deal.profile)
    return Line(tuple(tricks), result.buyer_made, result.kaboot, award_of(result, deal.team))


def review(doc: dict[str, Any], seats: Iterable[Seat | str], *, profile: str | RuleProfile | None = None,
           seed: Any = 0, samples: int | None = None, player: str = TUTOR, explain: bool = True) -> Review:
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
    return review_states(v.states(), wanted, seed=seed, samples=samples, player=player, projects=v.projects,
                         explain=explain)
