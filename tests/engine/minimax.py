"""A plain minimax written directly on the engine's rules, to hold the fast solver to them.

It shares no code with the solver's kernel: the legal cards come from :func:`explorer.engine.rules.play.legal_plays`
(a lead that may be announced as Ekka is tried both ways, as two moves), each trick's winner and points from
:func:`~explorer.engine.rules.play.play_tricks`, and the award from :func:`~explorer.engine.rules.scoring.score_deal` at
every leaf. Exhaustive, so only for a few tricks.
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer.engine.core.cards import SEATS, Card, Rank, Seat, Team
from explorer.engine.core.tables import RAW_TOTAL, Mode
from explorer.engine.game import GameState
from explorer.engine.rules.play import PlayState, ekka_problem, legal_plays, play_tricks
from explorer.engine.rules.scoring import DealFacts, score_deal


@dataclass
class Node:
    hands: dict[Seat, tuple[Card, ...]]
    leader: Seat
    cards: tuple[Card, ...]
    ekka: bool
    played: frozenset[Card]          # cards of the finished tricks
    points: dict[Team, int]          # raw points so far (the whole deal's)
    won: dict[Team, int]             # tricks won so far
    done: int                        # finished tricks


def root(state: GameState) -> Node:
    done = [t for t in state.tricks if t.complete]
    pts, won = state.points
    cur = state.current
    return Node({s: state.hand(s) for s in SEATS}, cur.leader if cur else state.to_act, cur.cards if cur else (),
                bool(cur and cur.ekka), frozenset(c for t in done for c in t.cards), dict(pts), dict(won), len(done))


def moves(state: GameState, node: Node) -> list[tuple[Card, bool]]:
    """Every (card, Ekka) the seat to play may play, by the engine's rules."""
    c = state.contract
    seat = _seat(node)
    ps = PlayState(mode=c.mode, trump=c.trump, leader=node.leader, cards=node.cards, hand=node.hands[seat],
                   played=node.played, ekka=node.ekka, locked=state.escalation.locked, profile=state.profile)
    out = []
    for card in legal_plays(ps):
        out.append((card, False))
        if (not node.cards and c.mode is Mode.HOKUM and not state.profile.automatic_ekka
                and ekka_problem(card, node.played, c.mode, c.trump) is None):
            out.append((card, True))
    return out


def _seat(node: Node) -> Seat:
    seat = node.leader
    for _ in node.cards:
        seat = seat.right
    return seat


def child(state: GameState, node: Node, card: Card, ekka: bool) -> Node:
    seat = _seat(node)
    hands = dict(node.hands)
    hands[seat] = tuple(x for x in hands[seat] if x is not card)
    cards = node.cards + (card,)
    flag = ekka if not node.cards else node.ekka
    if len(cards) < 4:
        return Node(hands, node.leader, cards, flag, node.played, node.points, node.won, node.done)
    c = state.contract
    # one trick alone is trick 1 to play_tricks: the last trick's 10 is added here
    (t,) = play_tricks([cards], mode=c.mode, trump=c.trump, first_leader=node.leader)
    pts = t.points + (10 if node.done == 7 else 0)
    team = t.winner.team
    points = {**node.points, team: node.points[team] + pts}
    won = {**node.won, team: node.won[team] + 1}
    return Node(hands, t.winner, (), False, node.played | set(cards), points, won, node.done + 1)


def award(state: GameState, projects, team: Team, points: dict[Team, int], won: dict[Team, int], memo) -> int:
    key = (points[team], won[team])
    if key not in memo:
        c = state.contract
        held_ace = any(x.rank is Rank.ACE for x in state.original(state.dealer.right))
        r = score_deal(DealFacts(contract=c, escalation=state.escalation, points=points, tricks_won=won,
                                 projects=projects, baloot=state.baloot_seat,
                                 first_seat_held_ace=held_ace and c.mode is Mode.SUN, dealer=state.dealer,
                                 match=state.match_totals), state.profile)
        if r.award is None:                      # Gahwa: the solver's convention, ± the match target
            memo[key] = 152 if r.winner is team else -152
        else:
            memo[key] = r.award[team] - r.award[team.other]
    return memo[key]


def value(state: GameState, node: Node, objective: str, team: Team, start: Node, projects, memo) -> int:
    if node.done == 8:
        if objective == "tricks":
            return node.won[team] - start.won[team]
        if objective == "points":
            return node.points[team] - start.points[team]
        return award(state, projects, team, node.points, node.won, memo)
    vals = [value(state, child(state, node, c, e), objective, team, start, projects, memo)
            for c, e in moves(state, node)]
    return max(vals) if _seat(node).team is team else min(vals)


def card_values(state: GameState, objective: str, projects=None) -> dict[Card, int]:
    """Each legal card's value for the seat to play's team (the better of its Ekka and plain versions)."""
    projects = state.projects() if projects is None else projects
    start = root(state)
    team = state.to_act.team
    memo: dict = {}
    out: dict[Card, int] = {}
    for card, ekka in moves(state, start):
        v = value(state, child(state, start, card, ekka), objective, team, start, projects, memo)
        out[card] = max(out.get(card, v), v)
    return out


def remaining_points(state: GameState) -> int:
    pts, _ = state.points
    return RAW_TOTAL[state.contract.mode] - pts[Team.NS] - pts[Team.EW]
