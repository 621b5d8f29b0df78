"""The exact value of each legal card at a ``play`` scenario's moment, once the other three hands are known.

A ``play`` scenario (the Trick checker's) names the seat to play's hand, the cards on the table and, optionally,
the earlier tricks and the other hands (``hands``). With all four hands :func:`exact_values` builds the game state
of that moment and asks the solver (:func:`.search.solve`) for each legal card's ``tricks`` and ``points`` from
this trick on, for the seat's team, under perfect play by all four.

The deal's ``award`` needs what happened before: the raw points each team has taken and who took a trick
(Kaboot). It is given when the scenario holds the whole history: its earlier ``tricks`` (then the hand holds
8 minus their number), or no earlier trick at all (a hand of 8 in the first trick). It assumes no projects
(a ``play`` scenario has none), the Baloot of the hand that held the trump king and queen, and, at Gahwa, ±152.
Without the earlier tricks the cards gone are known (every card not in a hand or on the table), and the search
needs nothing else for ``tricks`` and ``points``.

>>> from explorer.engine.files.scenario import verdict_of
>>> doc = {"kind": "play", "contract": {"mode": "sun", "buyer": "S"}, "current": {"leader": "W", "cards": ["KS"]},
...        "hand": ["AS", "7S"], "hands": {"W": ["8H"], "E": ["9S", "TH"], "N": ["7H", "AH"]}}
>>> ex = exact_values(verdict_of(doc))
>>> [(str(v.card), v.tricks, v.points) for v in ex.solution.cards], ex.award_known
([('AS', 2, 46), ('7S', 1, 42)], False)
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer.engine.core.cards import DECK, SEATS, Card, Seat
from explorer.engine.core.tables import LAST_TRICK_BONUS
from explorer.engine.files.kinds.play import PlayVerdict
from explorer.engine.game import GameState, Stage
from explorer.engine.rules.play import PlayedTrick, seats_from, trick_points, trick_winner
from explorer.engine.solver.search import Solution, solve


@dataclass(frozen=True)
class ExactValues:
    """The solver's answer at a ``play`` moment: every legal card's values (``award`` only when known)."""

    solution: Solution
    award_known: bool
    state: GameState


def exact_state(v: PlayVerdict) -> tuple[GameState, bool] | None:
    """The game state of the moment (None unless all four hands are known), and whether its history is the real
    one (the earlier tricks given, or none played), which the award needs."""
    s = v.state
    if not v.hands or set(v.hands) | {s.to_play} != set(SEATS):
        return None
    mode, trump = s.mode, s.trump
    hands = {**v.hands, s.to_play: tuple(s.hand)}
    gone = [c for c in DECK if c not in s.cards and all(c not in h for h in hands.values())]
    known = v.tricks is not None or not gone
    done: list[PlayedTrick] = []
    if v.tricks is not None:
        for i, (leader, cards, ekka) in enumerate(v.tricks):
            done.append(PlayedTrick(i + 1, leader, cards, trick_winner(leader, cards, mode, trump),
                                    trick_points(cards, mode, trump), ekka))
    else:   # the cards gone, four to a trick won by this trick's leader: only their number and the cards count
        done = [PlayedTrick(i + 1, s.leader, tuple(gone[4 * i: 4 * i + 4]), s.leader,
                            trick_points(gone[4 * i: 4 * i + 4], mode, trump)) for i in range(len(gone) // 4)]
    if len(done) == 8:
        return None
    first = done[0].leader if done else s.leader
    dealer = v.dealer or _dealer_of(first)
    tricks = tuple(done)
    if s.cards:
        tricks += (PlayedTrick(len(done) + 1, s.leader, tuple(s.cards), None, 0, s.ekka),)
    original = {seat: tuple(hands[seat]) + tuple(c for t in tricks for x, c in zip(seats_from(t.leader, len(t.cards)),
                                                                                   t.cards) if x is seat)
                for seat in SEATS}
    state = GameState(profile=s.profile, dealer=dealer, match=(0, 0), stage=Stage.PLAY,
                      hands_=tuple(tuple(hands[x]) for x in SEATS), original_=tuple(original[x] for x in SEATS),
                      contract=v.contract, escalation=v.escalation, tricks=tricks, declared=frozenset(SEATS))
    return state, known


def exact_values(v: PlayVerdict, *, lines: bool = True) -> ExactValues | None:
    """Each legal card's exact values at ``v``'s moment (None unless all four hands are known)."""
    got = exact_state(v)
    if got is None:
        return None
    state, known = got
    objectives = ("tricks", "points", "award") if known else ("tricks", "points")
    return ExactValues(solve(state, {}, objectives=objectives, lines=lines), known, state)


def line_tricks(state: GameState, line: tuple[Card, ...]) -> list[tuple[int, Seat, tuple[Card, ...], Seat, int]]:
    """A principal line from ``state`` as tricks: (number, leader, cards, winner, raw points); the trick on the
    table is the first, its earlier cards included."""
    c = state.contract
    cur = state.current
    n = len(state.completed_tricks)
    leader, cards = (cur.leader, list(cur.cards)) if cur else (state.to_act, [])
    out: list[tuple[int, Seat, tuple[Card, ...], Seat, int]] = []
    for card in line:
        cards.append(card)
        if len(cards) == 4:
            n += 1
            winner = trick_winner(leader, cards, c.mode, c.trump)
            points = trick_points(cards, c.mode, c.trump) + (LAST_TRICK_BONUS if n == 8 else 0)
            out.append((n, leader, tuple(cards), winner, points))
            leader, cards = winner, []
    return out


def _dealer_of(first_leader: Seat) -> Seat:
    """The dealer whose right leads the first trick."""
    return next(x for x in SEATS if x.right is first_leader)
