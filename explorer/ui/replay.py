"""A checked deal as a list of positions to step through, card by card (no Streamlit).

The engine's ``kind: deal`` verdict says whether a recorded deal is legal and where the first
illegal card is. For the replay this module walks the same deal card by card and keeps, after
each card, what the table shows: the trick so far, who is to play and who is winning, the
remaining hands, the running raw points and the engine's reason for that card. The verdict
(legal or not, and where) always comes from the engine's output; this module adds no rule.

>>> from explorer.engine.scenario import check_doc, parse_text
>>> from pathlib import Path
>>> doc = parse_text(Path("data/scenarios/deal-illegal-card.yaml").read_text())
>>> r = build_replay(doc, check_doc(doc).output)
>>> r.last_position, r.error_position
(3, 3)
>>> s = r.step(3)
>>> s.last.seat.value, str(s.last.card), s.last.legal
('W', '7D', False)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from explorer.engine.cards import SEATS, Card, Seat, Suit, Team, priority_order
from explorer.engine.contract import Contract, Escalation, Level
from explorer.engine.kinds.deal import DealIn
from explorer.engine.play import play_tricks, seats_from, team_totals, trick_winner
from explorer.engine.scenario import read_model
from explorer.engine.tables import Mode


@dataclass(frozen=True)
class Play:
    """One card of the deal, with the engine's verdict on it."""

    number: int
    """1-based position of the card in the deal (1 to 32)."""
    trick: int
    """1-based trick number."""
    seat: Seat
    card: Card
    legal: bool
    reason: str
    rule: str | None = None
    ekka: bool = False
    """The leader announced Ekka with this card."""


@dataclass(frozen=True)
class Step:
    """The table after ``position`` cards (0: before the first lead)."""

    position: int
    trick: int
    """The trick on the table (1-based)."""
    leader: Seat
    table: dict[Seat, Card]
    """The cards of this trick so far, by seat."""
    to_play: Seat | None
    """The seat that plays next (None once the trick is full or the replay stops)."""
    winning: Seat | None
    hands: dict[Seat, list[Card]]
    """Cards still held (at an illegal card: the hand before it)."""
    points: dict[Team, int]
    """Raw points of the tricks finished so far (the last trick's 10 included)."""
    tricks_won: dict[Team, int]
    last: Play | None = None
    legal: list[Card] = field(default_factory=list)
    """The cards ``legal_seat`` may play: the seat to play next, or at an illegal card its player."""
    legal_seat: Seat | None = None
    trick_points: int | None = None
    """Once the trick is complete: its raw points from the engine (the eighth trick's with the last-trick 10)."""

    @property
    def complete(self) -> bool:
        """Whether the trick on the table has its four cards."""
        return len(self.table) == 4


@dataclass(frozen=True)
class Replay:
    """Every position of a checked deal, from 0 cards to the last card checked."""

    contract: Contract
    escalation: Escalation
    dealer: Seat
    steps: list[Step]
    error: dict[str, Any] | None
    score: dict[str, Any] | None
    hands: dict[Seat, list[Card]]
    """The original hands."""

    @property
    def last_position(self) -> int:
        return len(self.steps) - 1

    @property
    def error_position(self) -> int | None:
        """The position of the first illegal card, or None when every card is legal."""
        if self.error is None:
            return None
        return self.last_position

    def step(self, position: int) -> Step:
        """The table after ``position`` cards, clamped to the positions that exist."""
        return self.steps[max(0, min(int(position), self.last_position))]

    def points_by_trick(self) -> list[dict[str, int]]:
        """Running raw points after each finished trick, from trick 0 (nothing yet)."""
        rows = [{"trick": 0, "NS": 0, "EW": 0}]
        for s in self.steps:
            if s.complete and s.last is not None and s.last.legal and s.trick > rows[-1]["trick"]:
                rows.append({"trick": s.trick, "NS": s.points[Team.NS], "EW": s.points[Team.EW]})
        return rows

    def describe(self, position: int) -> str:
        """What happens at this position, in one or two sentences (Markdown)."""
        s = self.step(position)
        if s.last is None:
            return (f"{self.dealer.value} dealt, so {s.leader.value} ({s.leader.title}), the dealer's right, "
                    f"leads trick 1.")
        p = s.last
        ekka = " and announces Ekka" if p.ekka else ""
        head = f"Trick {p.trick}, card {len(s.table)}: **{p.seat.value}** plays **{p.card}**{ekka}."
        if not p.legal:
            return f"{head} ✕ **Illegal.**  \n*Check for {p.seat.value}:* {p.reason}"
        text = f"{head} ✓ Legal.  \n*Check for {p.seat.value}:* {p.reason}"
        if s.complete:
            pts = s.trick_points
            text += f"  \n★ **{s.winning.value}** wins trick {p.trick} ({pts} raw points"
            text += ", the last trick's 10 included)." if p.trick == 8 else ")."
            if p.trick < 8:
                text += f" {s.winning.value} leads trick {p.trick + 1}."
        return text


def build_replay(doc: dict[str, Any], output: dict[str, Any]) -> Replay:
    """The replay of a deal scenario ``doc`` that the engine judged as ``output`` (``kind: deal``).

    Every verdict comes from the engine's ``plays`` (each card with its rule, reason and the cards
    that were allowed), every trick's seats, winner and points from ``play_tricks``; the replay only
    lays them out position by position. Raises the engine's ScenarioError if ``doc`` is not a valid
    deal (check it first).
    """
    s: DealIn = read_model(DealIn, {**doc, "kind": "deal"})
    c = output["contract"]
    contract = Contract(Mode(c["mode"]), Suit.parse(c["trump"]) if c.get("trump") else None, Seat.parse(c["buyer"]))
    e = output["escalation"]
    esc = Escalation(Level(e["level"]), Seat.parse(e["doubler"]) if e.get("doubler") else None, bool(e["locked"]))
    hands = {Seat.parse(k): [Card.parse(x) for x in v] for k, v in output["hands"].items()}
    error = output.get("error")
    plays = output.get("plays") or []
    first = priority_order(s.dealer)[0]  # the dealer's right leads trick 1
    played = play_tricks([t.cards for t in s.tricks], mode=contract.mode, trump=contract.trump, first_leader=first,
                         leaders=[t.leader for t in s.tricks], ekka=[t.ekka for t in s.tricks])
    remaining = {seat: list(hands[seat]) for seat in SEATS}
    points, won = team_totals([])
    steps = [Step(0, 1, first, {}, first, None, _copy(remaining), points, won)]
    number = 0
    for t in played:
        for j, (seat, card) in enumerate(t.plays):
            number += 1
            table = dict(t.plays[: j + 1])
            ekka = t.ekka and j == 0
            if number > len(plays):  # the deal stopped before this card: a wrong leader or a false Ekka
                if error and (error.get("trick"), error.get("card"), error.get("seat")) == (t.number, str(card),
                                                                                           seat.value):
                    bad = Play(number, t.number, seat, card, False, error["reason"], error.get("rule"), ekka)
                    steps.append(Step(number, t.number, t.leader, table, None, None, _copy(remaining), points,
                                      won, bad, [], seat))
                return Replay(contract, esc, s.dealer, steps, error, None, hands)
            p = plays[number - 1]
            allowed = [Card.parse(x) for x in p["allowed"]]
            steps[-1] = replace(steps[-1], legal=allowed, legal_seat=seat)
            if not p["legal"]:
                bad = Play(number, t.number, seat, card, False, p["reason"], p["rule"], ekka)
                steps.append(Step(number, t.number, t.leader, table, None, None, _copy(remaining), points, won,
                                  bad, allowed, seat))
                return Replay(contract, esc, s.dealer, steps, error, None, hands)
            remaining[seat].remove(card)
            done = j == 3
            if done:
                points, won = team_totals(played[: t.number])
            winning = t.winner if done else trick_winner(t.leader, t.cards[: j + 1], contract.mode, contract.trump)
            steps.append(Step(number, t.number, t.leader, table, None if done else seats_from(t.leader)[j + 1], winning,
                              _copy(remaining), points, won,
                              Play(number, t.number, seat, card, True, p["reason"], p["rule"], ekka),
                              trick_points=t.points if done else None))
    return Replay(contract, esc, s.dealer, steps, error, output.get("score"), hands)


def _copy(hands: dict[Seat, list[Card]]) -> dict[Seat, list[Card]]:
    return {k: list(v) for k, v in hands.items()}
