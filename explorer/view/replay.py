"""A checked deal as a list of positions to step through, card by card (no Streamlit).

The engine's ``kind: deal`` verdict (:class:`~explorer.engine.files.kinds.deal.DealVerdict`) replays the
record through the game model: :meth:`~explorer.engine.files.kinds.deal.DealVerdict.states` is every
snapshot of the play, each card has its :class:`~explorer.engine.game.CheckedPlay` (the rule, the
reason and the cards allowed), and the first fault is a :class:`~explorer.engine.game.Fault`. This
module only lays those out position by position, as the table shows them after each card: the trick
so far, who is to play and who is winning, the remaining hands and the running raw points. It adds
no rule, and it writes its sentences as messages, so that a page renders them in its language.

>>> from explorer.engine.files.scenario import parse_text, verdict_of
>>> from pathlib import Path
>>> doc = parse_text(Path("data/scenarios/deal-illegal-card.yaml").read_text())
>>> r = build_replay(verdict_of(doc))
>>> r.last_position, r.error_position
(3, 3)
>>> s = r.step(3)
>>> s.last.seat.value, str(s.card), s.last.verdict.legal
('W', '7D', False)
>>> r.describe(3).startswith("Trick 1, card 3: **W** plays **7D**. ✕ **Illegal.**")
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from explorer.engine.core.cards import SEATS, Card, Seat, Team
from explorer.engine.core.contract import Contract, Escalation
from explorer.engine.core.i18n import ENGLISH, Msg, Style, plural
from explorer.engine.files.kinds.deal import DealVerdict
from explorer.engine.game import ActionVerdict, CheckedPlay, Fault, GameState, Play
from explorer.engine.rules.play import trick_winner


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
    last: CheckedPlay | None = None
    """The engine's check of the card just played (None before the first card)."""
    legal: list[Card] = field(default_factory=list)
    """The cards ``legal_seat`` may play: the seat to play next, or at an illegal card its player."""
    legal_seat: Seat | None = None
    trick_points: int | None = None
    """Once the trick is complete: its raw points from the engine (the eighth trick's with the last-trick 10)."""

    @property
    def complete(self) -> bool:
        """Whether the trick on the table has its four cards."""
        return len(self.table) == 4

    @property
    def card(self) -> Card | None:
        """The card just played."""
        return self.last.verdict.action.card if self.last is not None else None

    @property
    def illegal(self) -> bool:
        """Whether the card just played is the one the rules refuse."""
        return self.last is not None and not self.last.verdict.legal


@dataclass(frozen=True)
class Replay:
    """Every position of a checked deal, from 0 cards to the last card checked."""

    contract: Contract
    escalation: Escalation
    dealer: Seat
    steps: list[Step]
    error: Fault | None
    """The first thing the rules refuse (None when every card is legal)."""
    score: dict[str, Any] | None
    """The engine's score output (``DealVerdict.to_dict``'s ``score``), None until given or when not scored."""
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
            if s.complete and s.last is not None and not s.illegal and s.trick > rows[-1]["trick"]:
                rows.append({"trick": s.trick, "NS": s.points[Team.NS], "EW": s.points[Team.EW]})
        return rows

    def message(self, position: int) -> Msg:
        """What happens at this position, in one or two sentences (Markdown), as a message to render."""
        s = self.step(position)
        if s.last is None:
            return Msg("{dealer} dealt, so {leader}, the dealer's right, leads trick 1.",
                       dealer=self.dealer, leader=seat_label(s.leader))
        p, action = s.last, s.last.verdict.action
        head_args = {"trick": p.trick, "n": len(s.table), "seat": p.seat, "card": action.card}
        if action.ekka:
            head = Msg("Trick {trick}, card {n}: **{seat}** plays **{card}** and announces Ekka.", **head_args)
        else:
            head = Msg("Trick {trick}, card {n}: **{seat}** plays **{card}**.", **head_args)
        if s.illegal:
            return Msg("{head} ✕ **Illegal.**  \n*Check for {seat}:* {reason}", head=head, seat=p.seat,
                       reason=p.verdict.reason)
        text = Msg("{head} ✓ Legal.  \n*Check for {seat}:* {reason}", head=head, seat=p.seat,
                   reason=p.verdict.reason)
        if not s.complete:
            return text
        if p.trick == 8:
            won = plural("★ **{winner}** wins trick {trick} ({n} raw point, the last trick's 10 included).",
                         "★ **{winner}** wins trick {trick} ({n} raw points, the last trick's 10 included).",
                         s.trick_points, winner=s.winning, trick=p.trick)
        else:
            won = plural("★ **{winner}** wins trick {trick} ({n} raw point). {winner} leads trick {next}.",
                         "★ **{winner}** wins trick {trick} ({n} raw points). {winner} leads trick {next}.",
                         s.trick_points, winner=s.winning, trick=p.trick, next=p.trick + 1)
        return Msg("{text}  \n{won}", text=text, won=won)

    def describe(self, position: int, style: Style = ENGLISH) -> str:
        """:meth:`message` rendered in ``style``."""
        return self.message(position).render(style)


def seat_label(seat: Seat) -> Msg:
    """A seat for a sentence: ``S (South)`` in English (the letter the table shows, and its name); in Arabic
    the engine's seat word (الجنوب) alone."""
    return Msg("{seat} ({name})", seat=seat, name=seat.title)


def seat_name(seat: Seat) -> Msg:
    """A seat by its name: ``South`` in English, the engine's seat word (الجنوب) in Arabic."""
    return Msg("{seat_title}", seat_title=seat.title, seat=seat)


def build_replay(verdict: DealVerdict, score: dict[str, Any] | None = None) -> Replay:
    """The replay of a ``deal`` verdict: one position per card of the engine's game states.

    Every position comes from :meth:`DealVerdict.states` (the game model after each card): the trick on
    the table, its leader and winner, the hands and the running points; every card's verdict and the
    cards that were allowed from the engine's checked plays; the first fault (a wrong leader, a false
    Ekka, a refused declaration or an illegal card) is the last position. ``score`` is the engine's score
    output, rendered in the page's language.
    """
    run, start = verdict.run, verdict.start
    checked = list(run.plays)
    points, won = start.points
    first = start.to_act
    steps = [Step(0, 1, first, {}, first, None, _hands(start), points, won)]
    played = 0
    actions = run.state.actions[len(start.actions):]
    for state, action in zip(verdict.states()[1:], actions):
        if not isinstance(action, Play):  # a declaration in trick 1: no card moves
            continue
        cp = checked[played]
        played += 1
        steps[-1] = replace(steps[-1], legal=list(cp.allowed), legal_seat=cp.seat)
        trick = state.tricks[-1]
        done = trick.complete
        winning = trick.winner if done else trick_winner(trick.leader, trick.cards, state.contract.mode,
                                                         state.contract.trump)
        points, won = state.points
        steps.append(Step(played, trick.number, trick.leader, dict(trick.plays), None if done else state.to_act,
                          winning, _hands(state), points, won, cp, trick_points=trick.points if done else None))
    if run.error is not None:
        bad = _refused(verdict, run.error, checked[played:], len(steps))
        if bad.legal:
            steps[-1] = replace(steps[-1], legal=bad.legal, legal_seat=bad.legal_seat)
        steps.append(bad)
    return Replay(verdict.contract, verdict.escalation, verdict.dealer, steps, run.error, score,
                  {seat: list(verdict.hands[seat]) for seat in SEATS})


def _refused(verdict: DealVerdict, fault: Fault, refused: list[CheckedPlay], position: int) -> Step:
    """The position of the refused card: the trick with it on the table, the hands before it."""
    end: GameState = verdict.run.state
    cur = end.current
    if refused:  # an illegal card: the engine checked it against the cards allowed
        cp = refused[0]
    else:        # a wrong leader, a false Ekka or a refused declaration: refused before the card's check
        ekka = cur is None and verdict.recorded[fault.trick - 1].ekka
        cp = CheckedPlay(fault.trick, fault.seat,
                         ActionVerdict(Play(fault.card, ekka, fault.seat), False, fault.rule, fault.reason), ())
    table = {**(dict(cur.plays) if cur else {}), fault.seat: fault.card}
    points, won = end.points
    return Step(position, fault.trick, cur.leader if cur else fault.seat, table, None, None, _hands(end), points,
                won, cp, list(cp.allowed), fault.seat)


def _hands(state: GameState) -> dict[Seat, list[Card]]:
    return {seat: list(state.hand(seat)) for seat in SEATS}
