"""A recorded deal brought back: the state at its first card (:func:`start_from_record`), then its tricks
replayed card by card through the game model (:func:`replay_tricks`), each card checked, up to the first one the
rules refuse (a :class:`Fault`). The ``deal`` scenario kind judges a record this way.

>>> from explorer.engine.core.profiles import DEFAULT_PROFILE
>>> from explorer.engine.core.tables import Mode
>>> from explorer.engine.rules.deal import complete, deal_cards, shuffled_deck
>>> hands = complete(deal_cards(shuffled_deck(7), Seat.S), Seat.E).hands()
>>> g = start_from_record(dealer=Seat.S, match=None, profile=DEFAULT_PROFILE, hands=hands,
...                       contract=Contract(Mode.SUN, None, Seat.E))
>>> r = replay_tricks(g, [RecordedTrick(Seat.E, hands[Seat.E][:1])])
>>> r.error, [p.verdict.legal for p in r.plays], r.state.to_act.value
(None, [True], 'N')
>>> replay_tricks(g, [RecordedTrick(Seat.N, hands[Seat.N][:1])]).error.rule.value   # E leads trick 1
'not_your_turn'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from explorer.engine.core.cards import Card, Seat, Team
from explorer.engine.core.contract import Contract, Escalation
from explorer.engine.core.i18n import ENGLISH, Msg, Style
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.game.actions import ActionVerdict, AnyRule, Declare, GameRule, Play, Stage
from explorer.engine.game.state import GameState, apply_all
from explorer.engine.rules.bidding import Call, CallKind
from explorer.engine.rules.play import legal_plays


@dataclass(frozen=True)
class RecordedTrick:
    """A trick as a record writes it: its leader, its cards in play order, and Ekka with the lead."""

    leader: Seat
    cards: tuple[Card, ...]
    ekka: bool = False


@dataclass(frozen=True)
class CheckedPlay:
    """One card of a record, checked: the trick (from 1), the seat, the verdict and the cards allowed."""

    trick: int
    seat: Seat
    verdict: ActionVerdict
    allowed: tuple[Card, ...]

    def to_dict(self, style: Style = ENGLISH) -> dict[str, Any]:
        v = self.verdict
        return {"trick": self.trick, "seat": self.seat.value, "card": str(v.action.card), "legal": v.legal,
                "rule": v.rule.value, "reason": v.reason.render(style), "allowed": [str(c) for c in self.allowed]}


@dataclass(frozen=True)
class Fault:
    """The first thing in a record the rules refuse: a wrong leader, a false Ekka, a declaration or a card."""

    trick: int
    card: Card
    seat: Seat
    rule: AnyRule
    reason: Msg

    def to_dict(self, style: Style = ENGLISH) -> dict[str, Any]:
        return {"trick": self.trick, "card": str(self.card), "seat": self.seat.value,
                "reason": self.reason.render(style), "rule": self.rule.value}


@dataclass
class Replayed:
    """A record's play replayed: the last state reached, each card checked, and the first fault (or None)."""

    state: GameState
    plays: list[CheckedPlay]
    error: Fault | None


def start_from_record(*, dealer: Seat, match: tuple[int, int] | Mapping[Team, int] | None, profile: RuleProfile,
                      hands: Mapping[Seat, Sequence[Card]] | None = None, deck: Sequence[Card] | None = None,
                      cut: int | None = None, upcard: Card | None = None, calls: Iterable[Call] = (),
                      escalation_calls: Iterable[Call] = (), contract: Contract | None = None,
                      escalation: Escalation | None = None) -> GameState:
    """The state at the first card of a record: dealt from the deck (or from the hands), the bidding and
    escalation calls applied, and seats the escalation list leaves out taken to pass.

    The calls must be legal (a ``deal`` scenario's bidding block is checked before this).
    """
    if upcard is None:
        return GameState.from_hands(hands, dealer=dealer, contract=contract, escalation=escalation,
                                    match=match, profile=profile)
    if deck is not None:
        g = GameState.from_deck(deck, cut=cut or 0, dealer=dealer, match=match, profile=profile)
    else:
        g = GameState.from_hands(hands, dealer=dealer, upcard=upcard, match=match, profile=profile)
    g = apply_all(g, [*calls, *escalation_calls])
    while g.stage is Stage.DOUBLING:
        g = g.apply(Call(CallKind.PASS, seat=g.to_act))
    return g


def replay_tricks(state: GameState, tricks: Sequence[RecordedTrick],
                  projects: Mapping[Seat, Sequence[Sequence[Card]]] | None = None) -> Replayed:
    """Play a record's tricks from ``state`` card by card, declaring each seat's projects at its turn in trick 1."""
    plays: list[CheckedPlay] = []
    projects = projects or {}
    for i, t in enumerate(tricks):
        expected = state.to_act
        if t.leader is not expected:
            why = (Msg("the dealer's right leads the first trick") if i == 0
                   else Msg("{seat} won trick {n}", seat=expected, n=i))
            return Replayed(state, plays, Fault(i + 1, t.cards[0], t.leader, GameRule.NOT_YOUR_TURN,
                                                Msg("{seat} cannot lead trick {n}: {why}.", seat=t.leader,
                                                    n=i + 1, why=why)))
        for j, card in enumerate(t.cards):
            seat = state.to_act
            if i == 0 and seat in projects and seat not in state.declared:
                declare = Declare(tuple(tuple(cs) for cs in projects[seat]), seat)
                v = state.why_not(declare)
                if not v.legal:
                    return Replayed(state, plays, Fault(1, card, seat, v.rule, v.reason))
                state = state.apply(declare)
            action = Play(card, t.ekka and j == 0, seat)
            v = state.why_not(action)
            if v.rule is GameRule.FALSE_EKKA:
                return Replayed(state, plays, Fault(i + 1, card, seat, v.rule, v.reason))
            plays.append(CheckedPlay(i + 1, seat, v, tuple(legal_plays(state.view(seat).play_state()))))
            if not v.legal:
                return Replayed(state, plays, Fault(i + 1, card, seat, v.rule, v.reason))
            state = state.apply(action)
    return Replayed(state, plays, None)
