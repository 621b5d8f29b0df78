"""What one seat knows (:class:`PlayerView`): its own cards and everything the table has seen, never the other
hands. It lists the seat's legal actions and judges any action with the same rules as the state, so a player
needs nothing else.

>>> from explorer.engine.game.state import GameState
>>> v = GameState.new(5, dealer=Seat.S).view(Seat.E)
>>> v.stage.value, len(v.hand), v.hand_sizes, [str(a) for a in v.legal_actions()][:2]
('bidding', 5, (5, 5, 5, 5), ['E: pass', 'E: hokum C'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from explorer.engine.core.cards import Card, Rank, Seat
from explorer.engine.core.contract import Contract, Escalation
from explorer.engine.core.errors import ProjectError
from explorer.engine.core.i18n import Msg
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.core.tables import Mode
from explorer.engine.game.actions import (
    STAGE_REASONS,
    Action,
    ActionVerdict,
    Declare,
    GameRule,
    Play,
    Stage,
)
from explorer.engine.rules.bidding import BiddingState, Call, check_call, legal_calls
from explorer.engine.rules.play import (
    PlayedTrick,
    PlayState,
    check_play,
    ekka_problem,
    ekka_valid,
    legal_plays,
)
from explorer.engine.rules.projects import Project, declared_projects, find_projects


@dataclass(frozen=True)
class Announced:
    """A project as announced in trick 1: what the comparison needs, not the cards (000 §05)."""

    seat: Seat
    type: str
    value: int
    four_kind: bool
    top: Rank


@dataclass(frozen=True)
class PlayerView:
    """What one seat knows: its own cards and everything the table has seen, never the other hands.

    It lists the seat's legal actions with the same rules as the state, so a player needs nothing else.
    """

    seat: Seat
    profile: RuleProfile
    dealer: Seat
    match: tuple[int, int]
    stage: Stage
    to_act: Seat | None
    hand: tuple[Card, ...]
    original: tuple[Card, ...]
    upcard: Card | None
    bidding: BiddingState | None
    contract: Contract | None
    escalation: Escalation
    tricks: tuple[PlayedTrick, ...]
    announced: tuple[Announced, ...]
    shown: tuple[tuple[Seat, tuple[Project, ...]], ...]
    declared: frozenset[Seat]
    own_projects: tuple[Project, ...]
    baloot_shown: Seat | None
    hand_sizes: tuple[int, int, int, int]
    upcard_taker: Seat | None

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far, in order (the current trick's included)."""
        return tuple(c for t in self.tricks for c in t.cards)

    @property
    def current(self) -> PlayedTrick | None:
        """The trick in progress (None between tricks or outside play)."""
        if self.tricks and not self.tricks[-1].complete:
            return self.tricks[-1]
        return None

    def play_state(self) -> PlayState | None:
        """The moment of the card to play, for this seat when it is its turn."""
        if self.stage is not Stage.PLAY or self.contract is None:
            return None
        cur = self.current
        earlier = [c for t in self.tricks if t.complete for c in t.cards]
        leader = cur.leader if cur else next_leader(self.tricks, self.dealer)
        lead_cards = cur.cards if cur else ()
        return PlayState(mode=self.contract.mode, trump=self.contract.trump, leader=leader, cards=lead_cards,
                         hand=self.hand, played=frozenset(earlier), ekka=bool(cur and cur.ekka),
                         locked=self.escalation.locked, profile=self.profile)

    def legal_actions(self) -> list[Action]:
        """Every action this seat may take now (empty when it is not its turn)."""
        if self.to_act is not self.seat:
            return []
        if self.stage in (Stage.BIDDING, Stage.DOUBLING):
            return [v.call for v in legal_calls(self.bidding) if v.legal]
        if self.stage is not Stage.PLAY:
            return []
        ps = self.play_state()
        out: list[Action] = []
        if self._may_declare():
            out += [Declare(tuple(p.cards for p in combo), self.seat) for combo in _declarations(self)]
        hokum = self.contract.mode is Mode.HOKUM
        for card in legal_plays(ps):
            out.append(Play(card, False, self.seat))
            if not ps.cards and hokum and not self.profile.automatic_ekka and ekka_valid(card, ps.played, ps.mode,
                                                                                        ps.trump):
                out.append(Play(card, True, self.seat))
        return out

    def _may_declare(self) -> bool:
        return (self.stage is Stage.PLAY and len(self.tricks) <= 1 and self.seat not in self.declared
                and not (self.tricks and self.tricks[0].complete))

    def why_not(self, action: Action) -> ActionVerdict:
        """The verdict on ``action`` by this seat, as if it were its turn (the turn is checked by the state)."""
        action = action.by(self.seat)
        if isinstance(action, Call):
            if self.stage not in (Stage.BIDDING, Stage.DOUBLING):
                rule = GameRule.DEAL_OVER if self.stage.finished else GameRule.PLAYING_NOW
                return ActionVerdict(action, False, rule, STAGE_REASONS[rule])
            v = check_call(self.bidding, action)
            return ActionVerdict(action, v.legal, v.rule, v.reason)
        if self.stage is not Stage.PLAY:
            rule = GameRule.DEAL_OVER if self.stage.finished else GameRule.NOT_PLAYING_YET
            return ActionVerdict(action, False, rule, STAGE_REASONS[rule])
        if isinstance(action, Declare):
            return self._why_not_declare(action)
        ps = self.play_state()
        if action.ekka:
            if ps.cards:
                return ActionVerdict(action, False, GameRule.EKKA_ONLY_LEADING,
                                     Msg("Ekka is announced with the lead; {seat} is not leading this trick.",
                                         seat=self.seat))
            bad = ekka_problem(action.card, ps.played, ps.mode, ps.trump) if action.card in ps.hand else None
            if bad is not None:
                return ActionVerdict(action, False, GameRule.FALSE_EKKA, bad)
        v = check_play(ps, action.card)
        return ActionVerdict(action, v.legal, v.rule, v.reason)

    def _why_not_declare(self, action: Declare) -> ActionVerdict:
        if not self._may_declare():
            rule = GameRule.DECLARE_ONCE if self.seat in self.declared and len(self.tricks) <= 1 \
                and not (self.tricks and self.tricks[0].complete) else GameRule.DECLARE_TRICK_ONE
            text = (Msg("{seat} has already declared its projects.", seat=self.seat) if rule is GameRule.DECLARE_ONCE
                    else Msg("Projects are declared in trick 1, before one's card; that moment has passed."))
            return ActionVerdict(action, False, rule, text)
        used: set[Card] = set()
        for cs in action.projects:
            for c in cs:
                if c not in self.original:
                    return ActionVerdict(action, False, GameRule.DECLARE_NOT_HELD,
                                         Msg("{card} is not in {seat}'s hand.", card=c, seat=self.seat))
                if c in used:
                    return ActionVerdict(action, False, GameRule.DECLARE_CARD_TWICE,
                                         Msg("{card} cannot serve in two projects.", card=c))
                used.add(c)
            try:
                declared_projects(cs, self.contract.mode)
            except ProjectError as e:
                return ActionVerdict(action, False, GameRule.DECLARE_NOT_PROJECT,
                                     Msg("{cards} is not a project: {why}", cards=list(cs), why=e.msg))
        if not action.projects:
            return ActionVerdict(action, True, GameRule.DECLARE, Msg("{seat} declares no project.", seat=self.seat))
        ps = [p for cs in action.projects for p in declared_projects(cs, self.contract.mode)]
        return ActionVerdict(action, True, GameRule.DECLARE,
                             Msg("{seat} declares {projects}.", seat=self.seat,
                                 projects=[_project_msg(p) for p in ps]))


def _project_msg(p: Project) -> Msg:
    """A project in words: ``Sira (QD KD AD)``."""
    return Msg("{type} ({cards})", type=p.type, cards=list(p.cards))


def _declarations(view: PlayerView) -> list[tuple[Project, ...]]:
    """The sets of projects a seat may declare: its best set, each single project of it, and none."""
    best = find_projects(view.original, view.contract.mode, view.contract.trump).projects
    if not best:
        return []
    options: list[tuple[Project, ...]] = [best]
    if len(best) > 1:
        options += [(p,) for p in best]
    return [*options, ()]


def next_leader(tricks: Sequence[PlayedTrick], dealer: Seat) -> Seat:
    """The seat to lead next: the dealer's right in trick 1, then the last trick's winner (its leader while it
    goes on)."""
    if not tricks:
        return dealer.right
    last = tricks[-1]
    return last.winner if last.winner is not None else last.leader
