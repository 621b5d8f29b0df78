"""The deal as a state machine: from the shuffled deck to the score, one frozen snapshot per action.

In the style of pokerkit's ``State`` and python-chess's ``Board``: a :class:`GameState` is
immutable; :meth:`~GameState.legal_actions` lists what the seat to act may do,
:meth:`~GameState.why_not` gives the rule and the reason for any action, and
:meth:`~GameState.apply` returns the next snapshot (or raises :class:`IllegalActionError`).

A deal goes through these stages (:class:`Stage`):

* ``bidding``: the deck is shuffled and cut, five cards each are dealt 3 then 2 from the dealer's
  right, and card 21 lies face up; rounds 1 and 2 of the bidding (:mod:`explorer.engine.rules.bidding`).
* ``doubling``: the contract is known and the hands are completed (the taker gets the upcard
  plus 2, every other seat 3); the declarer's opponents may Double, and so on up to Gahwa.
* ``play``: eight tricks, the dealer's right leading the first. In trick 1 each seat may
  declare its projects before its card (:class:`Declare`). A leader may announce Ekka with a
  plain card (:class:`Play` with ``ekka``), or, under ``automatic_ekka``, the game calls it.
* ``over``: the deal is scored (:attr:`GameState.result`, the :mod:`explorer.engine.rules.scoring` pipeline with the
  match totals); ``redeal``: everyone passed twice, nothing is scored.

Actions are :class:`~.bidding.Call` (the bidding and the escalation), :class:`Play` and
:class:`Declare`; each may name its seat, and written as text they read ``E: hokum``,
``N: play KC ekka``, ``S: declare QD KD AD``.

A player never gets the state: :meth:`GameState.view` gives a seat's :class:`PlayerView` (its
own hand and what the table has seen), which lists the same legal actions, so no player can peek.

:meth:`GameState.record` writes the deal as a ``deal`` scenario; :mod:`.record` (which the ``deal`` kind uses
to judge a record) replays a record's actions in turn and reports the first that the rules refuse.

The model's modules: :mod:`.actions` (the actions, the game's rules, the verdict, the stages), :mod:`.view` (a
seat's view), this module (the state) and :mod:`.record` (replaying a record); :mod:`explorer.engine.game`
imports them all.

>>> g = GameState.from_deck(shuffled_deck(7), cut=5, dealer=Seat.S)
>>> g.stage.value, g.to_act.value, str(g.upcard)
('bidding', 'E', '9S')
>>> g = g.apply(parse_action("E: hokum"))
>>> g = apply_all(g, ["N: pass", "W: pass", "S: pass"])
>>> g.stage.value, str(g.contract), [len(g.hand(s)) for s in SEATS]
('doubling', 'Hokum ♠ bought by E', [8, 8, 8, 8])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from explorer.engine.core.cards import SEATS, Card, Rank, Seat, Team
from explorer.engine.core.contract import Contract, Escalation
from explorer.engine.core.errors import IllegalActionError
from explorer.engine.core.i18n import Msg
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile
from explorer.engine.core.tables import LAST_TRICK_BONUS, Mode
from explorer.engine.game.actions import (  # noqa: F401  (read from here too)
    STAGE_REASONS,
    Action,
    ActionVerdict,
    AnyRule,
    Declare,
    GameRule,
    Play,
    Stage,
    describe,
    parse_action,
)
from explorer.engine.game.view import Announced, PlayerView, next_leader  # noqa: F401  (read from here too)
from explorer.engine.rules.bidding import BiddingState, Call, CallKind, apply_call, start
from explorer.engine.rules.deal import complete, deal_cards, new_deal, shuffled_deck  # noqa: F401  (doctests)
from explorer.engine.rules.match import MatchDeal
from explorer.engine.rules.play import PlayedTrick, ekka_valid, play_tricks, team_totals
from explorer.engine.rules.projects import Project, compare_projects, declared_projects, has_baloot
from explorer.engine.rules.scoring import DealFacts, ScoreResult, score_deal

# --- the state -------------------------------------------------------------------------------------------


def _seat_tuple(mapping: Mapping[Seat, Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(mapping.get(s, ())) for s in SEATS)


@dataclass(frozen=True)
class GameState:
    """One frozen snapshot of a deal. Build it with :meth:`from_deck`, :meth:`new` or :meth:`from_hands`."""

    profile: RuleProfile
    dealer: Seat
    match: tuple[int, int]
    stage: Stage
    hands_: tuple[tuple[Card, ...], ...]
    original_: tuple[tuple[Card, ...], ...] | None = None
    deck: tuple[Card, ...] | None = None
    cut: int | None = None
    upcard: Card | None = None
    bidding: BiddingState | None = None
    contract: Contract | None = None
    escalation: Escalation = field(default_factory=Escalation)
    tricks: tuple[PlayedTrick, ...] = ()
    declarations: tuple[tuple[Seat, tuple[tuple[Card, ...], ...]], ...] = ()
    declared: frozenset[Seat] = frozenset()
    actions: tuple[Action, ...] = ()
    seed: Any = None

    # --- building ----------------------------------------------------------------------------------

    @classmethod
    def from_deck(cls, deck: Sequence[Card], *, cut: int = 0, dealer: Seat,
                  match: Mapping[Team, int] | tuple[int, int] | None = None,
                  profile: RuleProfile = DEFAULT_PROFILE, seed: Any = None) -> GameState:
        """A deal from a shuffled deck (top card first) and a cut: five cards each and the upcard."""
        d = deal_cards(deck, dealer, cut=cut)
        m = _match_tuple(match)
        return cls(profile=profile, dealer=dealer, match=m, stage=Stage.BIDDING,
                   hands_=_seat_tuple(d.hands()), deck=tuple(d.shuffled), cut=cut, upcard=d.upcard,
                   bidding=start(dealer, d.upcard, match={Team.NS: m[0], Team.EW: m[1]}, profile=profile),
                   seed=seed)

    @classmethod
    def new(cls, seed: Any, *, dealer: Seat | None = None, match: Mapping[Team, int] | tuple[int, int] | None = None,
            profile: RuleProfile = DEFAULT_PROFILE) -> GameState:
        """A seeded deal: the deck shuffled by ``random.Random(seed)``, then a random cut (and dealer if not given).

        >>> GameState.new(5, dealer=Seat.N).deck == GameState.new(5, dealer=Seat.N).deck
        True
        """
        dealt = new_deal(seed, dealer=dealer)
        return cls.from_deck(list(dealt.shuffled), cut=dealt.cut, dealer=dealt.dealer, match=match, profile=profile,
                             seed=seed)

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Sequence[Card]], *, dealer: Seat,
                   contract: Contract | None = None, escalation: Escalation | None = None,
                   upcard: Card | None = None, match: Mapping[Team, int] | tuple[int, int] | None = None,
                   profile: RuleProfile = DEFAULT_PROFILE) -> GameState:
        """A deal from its eight-card hands: with a contract it starts at the play; with an upcard, at the
        bidding (the hands are already complete, as a record with ``hands`` and ``bidding`` gives them)."""
        m = _match_tuple(match)
        hs = _seat_tuple(hands)
        if contract is not None:
            return cls(profile=profile, dealer=dealer, match=m, stage=Stage.PLAY, hands_=hs, original_=hs,
                       contract=contract, escalation=escalation or Escalation())
        if upcard is None:
            raise ValueError("from_hands needs the contract, or the upcard to bid on")
        return cls(profile=profile, dealer=dealer, match=m, stage=Stage.BIDDING, hands_=hs, original_=hs,
                   upcard=upcard, bidding=start(dealer, upcard, match={Team.NS: m[0], Team.EW: m[1]},
                                                profile=profile))

    # --- reading -----------------------------------------------------------------------------------

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` holds now."""
        return self.hands_[SEATS.index(seat)]

    def original(self, seat: Seat) -> tuple[Card, ...]:
        """The eight cards ``seat`` held after the completion (its five before it)."""
        if self.original_ is None:
            return self.hand(seat)
        return self.original_[SEATS.index(seat)]

    @property
    def match_totals(self) -> dict[Team, int]:
        """The match totals before this deal."""
        return {Team.NS: self.match[0], Team.EW: self.match[1]}

    @property
    def finished(self) -> bool:
        """The deal is over (scored or cancelled)."""
        return self.stage.finished

    @property
    def to_act(self) -> Seat | None:
        """The seat whose turn it is (None once the deal is over)."""
        if self.stage in (Stage.BIDDING, Stage.DOUBLING):
            return self.bidding.next
        if self.stage is Stage.PLAY:
            cur = self.current
            if cur is None:
                return next_leader(self.tricks, self.dealer)
            return cur.seats[-1].right
        return None

    @property
    def current(self) -> PlayedTrick | None:
        """The trick in progress, or None between tricks."""
        if self.tricks and not self.tricks[-1].complete:
            return self.tricks[-1]
        return None

    @property
    def completed_tricks(self) -> tuple[PlayedTrick, ...]:
        return tuple(t for t in self.tricks if t.complete)

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        return tuple(c for t in self.tricks for c in t.cards)

    @property
    def taker(self) -> Seat | None:
        """The seat that took the upcard (the declarer), once the bidding is over."""
        return self.bidding.taker if self.bidding is not None else None

    @cached_property
    def baloot_seat(self) -> Seat | None:
        """The seat whose original hand holds the trump K and Q (Hokum), once the hands are complete."""
        if self.contract is None or self.contract.trump is None or self.original_ is None:
            return None
        return next((s for s in SEATS if has_baloot(self.original(s), self.contract.trump)), None)

    def projects(self) -> dict[Seat, tuple[Project, ...]]:
        """The projects each seat declared."""
        mode = self.contract.mode if self.contract else Mode.SUN
        return {seat: tuple(p for cs in lists for p in declared_projects(cs, mode))
                for seat, lists in self.declarations}

    @cached_property
    def points(self) -> tuple[dict[Team, int], dict[Team, int]]:
        """Raw points (last trick's 10 included) and tricks won by each team so far."""
        return team_totals(self.tricks)

    @cached_property
    def result(self) -> ScoreResult | None:
        """The scoring pipeline's verdict once the eight tricks are played (None before, or in a redeal)."""
        if self.stage is not Stage.OVER:
            return None
        pts, won = self.points
        first = self.dealer.right
        held_ace = any(c.rank is Rank.ACE for c in self.original(first))
        facts = DealFacts(contract=self.contract, escalation=self.escalation, points=pts, tricks_won=won,
                          projects=self.projects(), baloot=self.baloot_seat,
                          first_seat_held_ace=held_ace and self.contract.mode is Mode.SUN,
                          dealer=self.dealer, match=self.match_totals)
        return score_deal(facts, self.profile)

    @property
    def next_dealer(self) -> Seat:
        """The dealer of the next deal: the dealer's right, also after a redeal."""
        return self.dealer.right

    @property
    def match_after(self) -> dict[Team, int]:
        """The match totals after this deal (unchanged by a redeal or before the end)."""
        if self.result is not None:
            return dict(self.result.match_after)
        return self.match_totals

    def match_deal(self) -> MatchDeal | None:
        """This deal as a score-sheet row (None while it goes on)."""
        if self.stage is Stage.REDEAL:
            return MatchDeal.cancelled_deal()
        r = self.result
        if r is None:
            return None
        if r.award is None:
            return MatchDeal.gahwa(r.winner)
        return MatchDeal.award(r.award[Team.NS], r.award[Team.EW])

    # --- views and verdicts ------------------------------------------------------------------------

    @cached_property
    def _views(self) -> dict[Seat, PlayerView]:
        return {}

    def view(self, seat: Seat) -> PlayerView:
        """What ``seat`` knows: its own hand and the public events, nothing hidden."""
        v = self._views.get(seat)
        if v is None:
            v = self._views[seat] = self._make_view(seat)
        return v

    def _make_view(self, seat: Seat) -> PlayerView:
        i = SEATS.index(seat)
        complete_one = len(self.tricks) >= 2 or (self.tricks and self.tricks[0].complete)
        projects = self.projects()
        announced = tuple(Announced(s, p.type.value, p.value, p.four_kind, p.top)
                          for s, ps in projects.items() for p in ps)
        shown: tuple = ()
        if complete_one and self.contract is not None:
            comp = compare_projects(projects, mode=self.contract.mode, trump=self.contract.trump,
                                    dealer=self.dealer, profile=self.profile)
            if comp.project_team is not None:
                shown = tuple((s, ps) for s, ps in projects.items() if s.team is comp.project_team and ps)
        baloot_shown = None
        b = self.baloot_seat
        if b is not None:
            kq = {Card(Rank.KING, self.contract.trump), Card(Rank.QUEEN, self.contract.trump)}
            if kq <= set(self.played):
                baloot_shown = b
        return PlayerView(
            seat=seat, profile=self.profile, dealer=self.dealer, match=self.match, stage=self.stage,
            to_act=self.to_act, hand=self.hands_[i], original=self.original(seat), upcard=self.upcard,
            bidding=self.bidding, contract=self.contract, escalation=self.escalation, tricks=self.tricks,
            announced=announced, shown=shown, declared=self.declared, own_projects=projects.get(seat, ()),
            baloot_shown=baloot_shown, hand_sizes=tuple(len(h) for h in self.hands_),
            upcard_taker=self.taker)

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take (empty once the deal is over)."""
        seat = self.to_act
        return [] if seat is None else self.view(seat).legal_actions()

    def why_not(self, action: Action | str) -> ActionVerdict:
        """The verdict on an action (by its seat, or the seat to act): legal or not, the rule, the reason."""
        action = parse_action(action)
        seat = action.seat or self.to_act
        if self.finished or seat is None:
            return ActionVerdict(action, False, GameRule.DEAL_OVER, STAGE_REASONS[GameRule.DEAL_OVER])
        action = action.by(seat)
        if seat is not self.to_act:
            return ActionVerdict(action, False, GameRule.NOT_YOUR_TURN,
                                 Msg("It is {now}'s turn, not {seat}'s.", now=self.to_act, seat=seat))
        return self.view(seat).why_not(action)

    # --- moving on ---------------------------------------------------------------------------------

    def apply(self, action: Action | str) -> GameState:
        """The next snapshot after a legal action; :class:`IllegalActionError` for an illegal one."""
        v = self.why_not(action)
        if not v.legal:
            raise IllegalActionError(v)
        a = v.action
        s = replace(self, actions=self.actions + (a,))
        if isinstance(a, Call):
            return s._after_call(a)
        if isinstance(a, Declare):
            kept = s.declarations + ((a.seat, a.projects),) if a.projects else s.declarations
            return replace(s, declarations=kept, declared=s.declared | {a.seat})
        return s._after_play(a)

    def _after_call(self, call: Call) -> GameState:
        b = apply_call(self.bidding, call)
        s = replace(self, bidding=b)
        if b.redeal:
            return replace(s, stage=Stage.REDEAL)
        if b.phase.is_bidding:
            return s
        if s.original_ is None:               # dealt from the deck: complete the hands now
            done = complete(deal_cards(self.deck, self.dealer, cut=self.cut or 0), b.taker)
            hs = _seat_tuple(done.hands())
            s = replace(s, hands_=hs, original_=hs)
        s = replace(s, contract=b.contract, escalation=b.escalation)
        return replace(s, stage=Stage.DOUBLING if b.next is not None else Stage.PLAY)

    def _after_play(self, play: Play) -> GameState:
        seat = play.seat
        i = SEATS.index(seat)
        hands = list(self.hands_)
        hands[i] = tuple(c for c in hands[i] if c != play.card)
        cur = self.current
        ekka = play.ekka
        if cur is None and not ekka and self.profile.automatic_ekka and self.contract.mode is Mode.HOKUM \
                and ekka_valid(play.card, self.played, Mode.HOKUM, self.contract.trump):
            ekka = True                        # the game calls Ekka for the leader (option automatic_ekka)
        done = self.tricks if cur is None else self.tricks[:-1]
        leader = next_leader(done, self.dealer)
        cards_now = (play.card,) if cur is None else cur.cards + (play.card,)
        flag = ekka if cur is None else cur.ekka
        (trick,) = play_tricks([cards_now], mode=self.contract.mode, trump=self.contract.trump,
                               first_leader=leader, ekka=[flag])
        tricks = done + (replace(trick, number=len(done) + 1,
                                 points=trick.points + (LAST_TRICK_BONUS if len(done) == 7 and trick.complete
                                                        else 0)),)
        s = replace(self, hands_=tuple(hands), tricks=tricks, declared=self.declared | {seat}
                    if len(tricks) == 1 else self.declared)
        if len(tricks) == 8 and tricks[-1].complete:
            s = replace(s, stage=Stage.OVER)
        return s

    # --- the record --------------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The deal as a ``deal`` scenario: deck and cut (or hands), bidding (or contract), projects, tricks.

        ``check`` judges it valid, and :func:`replay` brings it back to this state.
        """
        doc: dict[str, Any] = {"kind": "deal", "profile": self.profile.to_spec(), "dealer": self.dealer.value,
                               "match": {"NS": self.match[0], "EW": self.match[1]}}
        if self.deck is not None:
            doc["deck"] = [str(c) for c in self.deck]
            doc["cut"] = self.cut or 0
        else:
            doc["hands"] = {s.value: [str(c) for c in self.original(s)] for s in SEATS}
        if self.bidding is not None:
            calls, raises = [], []
            for r in self.bidding.history:
                c = r.call
                row: dict[str, Any] = {"seat": c.seat.value, "call": c.kind.value}
                if r.phase.is_bidding:
                    if c.kind is CallKind.HOKUM and c.suit is not None and c.suit is not self.upcard.suit:
                        row["suit"] = c.suit.value
                    calls.append(row)
                else:
                    if c.kind in (CallKind.DOUBLE, CallKind.QUADRUPLE):
                        row["locked"] = c.locked
                    raises.append(row)
            doc["bidding"] = {"upcard": str(self.upcard), "calls": calls}
            if raises:
                doc["bidding"]["escalation"] = raises
        else:
            doc["contract"] = self.contract.to_dict()
            doc["escalation"] = self.escalation.to_dict()
        projects = {s.value: [[str(c) for c in cs] for cs in lists] for s, lists in self.declarations if lists}
        if projects:
            doc["projects"] = projects
        doc["tricks"] = [{"leader": t.leader.value, "cards": [str(c) for c in t.cards], "ekka": t.ekka}
                         for t in self.tricks]
        return doc


def _match_tuple(match: Mapping[Team, int] | tuple[int, int] | None) -> tuple[int, int]:
    if match is None:
        return (0, 0)
    if isinstance(match, tuple):
        return (int(match[0]), int(match[1]))
    get = {(k if isinstance(k, Team) else Team.parse(k)): int(v) for k, v in match.items()}
    return (get.get(Team.NS, 0), get.get(Team.EW, 0))


def apply_all(state: GameState, actions: Iterable[Action | str]) -> GameState:
    """Apply several actions in order (each must be legal)."""
    for a in actions:
        state = state.apply(a)
    return state
