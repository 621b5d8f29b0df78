"""The deal as a state machine: from the shuffled deck to the score, one frozen snapshot per action.

In the style of pokerkit's ``State`` and python-chess's ``Board``: a :class:`GameState` is
immutable; :meth:`~GameState.legal_actions` lists what the seat to act may do,
:meth:`~GameState.why_not` gives the rule and the reason for any action, and
:meth:`~GameState.apply` returns the next snapshot (or raises :class:`IllegalActionError`).

A deal goes through these stages (:class:`Stage`):

* ``bidding``: the deck is shuffled and cut, five cards each are dealt 3 then 2 from the dealer's
  right, and card 21 lies face up; rounds 1 and 2 of the bidding (:mod:`.bidding`).
* ``doubling``: the contract is known and the hands are completed (the taker gets the upcard
  plus 2, every other seat 3); the declarer's opponents may Double, and so on up to Gahwa.
* ``play``: eight tricks, the dealer's right leading the first. In trick 1 each seat may
  declare its projects before its card (:class:`Declare`). A leader may announce Ekka with a
  plain card (:class:`Play` with ``ekka``), or, under ``automatic_ekka``, the game calls it.
* ``over``: the deal is scored (:attr:`GameState.result`, the :mod:`.scoring` pipeline with the
  match totals); ``redeal``: everyone passed twice, nothing is scored.

Actions are :class:`~.bidding.Call` (the bidding and the escalation), :class:`Play` and
:class:`Declare`; each may name its seat, and written as text they read ``E: hokum``,
``N: play KC ekka``, ``S: declare QD KD AD``.

A player never gets the state: :meth:`GameState.view` gives a seat's :class:`PlayerView` (its
own hand and what the table has seen), which lists the same legal actions, so no player can peek.

:meth:`GameState.record` writes the deal as a ``deal`` scenario; :func:`replay` (which the
``deal`` kind uses to judge a record) applies a record's actions in turn and reports the first
that the rules refuse.

>>> g = GameState.from_deck(shuffled_deck(7), cut=5, dealer=Seat.S)
>>> g.stage.value, g.to_act.value, str(g.upcard)
('bidding', 'E', '9S')
>>> g = g.apply(parse_action("E: hokum"))
>>> g = apply_all(g, ["N: pass", "W: pass", "S: pass"])
>>> g.stage.value, str(g.contract), [len(g.hand(s)) for s in SEATS]
('doubling', 'Hokum ♠ bought by E', [8, 8, 8, 8])
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from explorer.engine.core.cards import (  # noqa: F401
    DECK,
    SEATS,
    Card,
    Rank,
    Seat,
    Suit,
    Team,
    cards,
    format_cards,
)
from explorer.engine.core.contract import Contract, Escalation
from explorer.engine.core.errors import CallError, CardError, IllegalActionError, ProjectError  # noqa: F401  (exported)
from explorer.engine.core.i18n import ENGLISH, N_, Msg, Style
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile
from explorer.engine.core.tables import LAST_TRICK_BONUS, Mode
from explorer.engine.rules.bidding import (
    BiddingState,
    BidRule,
    Call,
    CallKind,
    Phase,
    check_call,
    start,
)
from explorer.engine.rules.deal import complete, deal_cards, new_deal, shuffled_deck  # noqa: F401  (doctests)
from explorer.engine.rules.match import MatchDeal
from explorer.engine.rules.play import (
    PlayedTrick,
    PlayRule,
    PlayState,
    _higher_unplayed,
    check_play,
    ekka_problem,
    is_trump,
    legal_plays,
    play_tricks,
    team_totals,
)
from explorer.engine.rules.projects import Project, declared_projects, find_projects, has_baloot
from explorer.engine.rules.scoring import DealFacts, ScoreResult, score_deal

# --- actions ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card; the leader may announce Ekka with it."""

    card: Card
    ekka: bool = False
    seat: Seat | None = None

    def by(self, seat: Seat | None) -> Play:
        return replace(self, seat=seat)

    def __str__(self) -> str:
        text = f"play {self.card}" + (" ekka" if self.ekka else "")
        return f"{self.seat.value}: {text}" if self.seat else text


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare projects in trick 1, before one's card: each a tuple of cards (empty: declare none)."""

    projects: tuple[tuple[Card, ...], ...] = ()
    seat: Seat | None = None

    def by(self, seat: Seat | None) -> Declare:
        return replace(self, seat=seat)

    def __str__(self) -> str:
        text = "declare " + (" | ".join(format_cards(p) for p in self.projects) or "none")
        return f"{self.seat.value}: {text}" if self.seat else text


Action = Call | Play | Declare

_ACTION_RE = re.compile(r"^\s*(?:([SENWsenw])\s*:\s*)?(play|declare)\b\s*(.*?)\s*$", re.IGNORECASE)


def parse_action(text: str | Action) -> Action:
    """Read an action: a call (``E: hokum``, ``double locked``), ``play KC [ekka]`` or ``declare QD KD AD | ...``.

    >>> parse_action("N: play kc ekka"), parse_action("S: declare QD KD AD")
    (Play(card=Card.parse('KC'), ekka=True, seat=<Seat.N: 'N'>), Declare(projects=((Card.parse('QD'), Card.parse('KD'), Card.parse('AD')),), seat=<Seat.S: 'S'>))
    """
    if isinstance(text, (Call, Play, Declare)):
        return text
    m = _ACTION_RE.match(str(text))
    if not m:
        return Call.parse(text)
    seat = Seat.parse(m.group(1)) if m.group(1) else None
    verb, rest = m.group(2).lower(), m.group(3)
    if verb == "play":
        words = rest.split()
        if not words or len(words) > 2 or (len(words) == 2 and words[1].lower() != "ekka"):
            raise CallError("{value} is not an action (write e.g. 'play KC' or 'play KC ekka')", value=repr(text))
        return Play(Card.parse(words[0]), len(words) == 2, seat)
    if rest.strip().lower() in ("", "none"):
        return Declare((), seat)
    return Declare(tuple(tuple(cards(part)) for part in rest.split("|")), seat)


# --- rules of the game loop ------------------------------------------------------------------------


class GameRule(enum.Enum):
    """Rules of the deal's course, besides those of a card (:class:`PlayRule`) and a call (:class:`BidRule`)."""

    NOT_YOUR_TURN = "not_your_turn"
    DEAL_OVER = "deal_over"
    NOT_PLAYING_YET = "not_playing_yet"
    PLAYING_NOW = "playing_now"
    EKKA_ONLY_LEADING = "ekka_only_leading"
    FALSE_EKKA = "false_ekka"
    DECLARE_TRICK_ONE = "declare_trick_one"
    DECLARE_ONCE = "declare_once"
    DECLARE_NOT_PROJECT = "declare_not_project"
    DECLARE_NOT_HELD = "declare_not_held"
    DECLARE_CARD_TWICE = "declare_card_twice"
    DECLARE = "declare"

    @property
    def doc(self) -> str:
        """The rule in one sentence."""
        return _GAME_RULE_DOCS[self]


_GAME_RULE_DOCS = {
    GameRule.NOT_YOUR_TURN: N_("Only the seat whose turn it is may act."),
    GameRule.DEAL_OVER: N_("The deal is over: nothing more can be played or called."),
    GameRule.NOT_PLAYING_YET: N_("Cards are played, and projects declared, only once the bidding and doubling are over."),
    GameRule.PLAYING_NOW: N_("The bidding and the doubling are over: only cards (and projects in trick 1) now."),
    GameRule.EKKA_ONLY_LEADING: N_("Ekka is announced by the leader, with the card that leads the trick."),
    GameRule.FALSE_EKKA: N_("Ekka may be announced only on the highest card still unplayed in a plain suit."),
    GameRule.DECLARE_TRICK_ONE: N_("Projects are declared in trick 1, at one's own turn, before one's card."),
    GameRule.DECLARE_ONCE: N_("A seat declares its projects once."),
    GameRule.DECLARE_NOT_PROJECT: N_("Only a run of 3 to 5 in one suit, or four A, K, Q, J or 10, is a project."),
    GameRule.DECLARE_NOT_HELD: N_("A seat declares projects from its own hand."),
    GameRule.DECLARE_CARD_TWICE: N_("No card serves in two projects."),
    GameRule.DECLARE: N_("In trick 1, before its card, a seat declares the projects it holds."),
}

AnyRule = PlayRule | BidRule | GameRule


@dataclass(frozen=True)
class ActionVerdict:
    """Whether an action may be taken now, the rule that decides it, and the reason (a :class:`Msg`)."""

    action: Action
    legal: bool
    rule: AnyRule
    reason: Msg

    def to_dict(self, style: Style = ENGLISH) -> dict[str, Any]:
        """JSON-ready: the action as text, legal, the rule id and the reason in ``style``."""
        return {"action": str(self.action), "legal": self.legal, "rule": self.rule.value,
                "reason": self.reason.render(style)}


class Stage(enum.Enum):
    """Where the deal stands."""

    BIDDING = "bidding"
    DOUBLING = "doubling"
    PLAY = "play"
    OVER = "over"
    REDEAL = "redeal"

    @property
    def finished(self) -> bool:
        """The deal is over: scored, or cancelled because everyone passed twice."""
        return self in (Stage.OVER, Stage.REDEAL)


# --- what a seat sees ----------------------------------------------------------------------------------


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
        leader = cur.leader if cur else _next_leader(self.tricks, self.dealer)
        lead_cards = cur.cards if cur else ()
        return PlayState(mode=self.contract.mode, trump=self.contract.trump, leader=leader, cards=lead_cards,
                         hand=self.hand, played=frozenset(earlier), ekka=bool(cur and cur.ekka),
                         locked=self.escalation.locked, profile=self.profile)

    def legal_actions(self) -> list[Action]:
        """Every action this seat may take now (empty when it is not its turn)."""
        if self.to_act is not self.seat:
            return []
        if self.stage in (Stage.BIDDING, Stage.DOUBLING):
            from explorer.engine.rules.bidding import legal_calls
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
            if (not ps.cards and hokum and not self.profile.automatic_ekka
                    and not is_trump(card, ps.mode, ps.trump) and not _higher_unplayed(card, ps.played)):
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
                return ActionVerdict(action, False, rule, _STAGE_MSG[rule])
            v = check_call(self.bidding, action)
            return ActionVerdict(action, v.legal, v.rule, v.reason)
        if self.stage is not Stage.PLAY:
            rule = GameRule.DEAL_OVER if self.stage.finished else GameRule.NOT_PLAYING_YET
            return ActionVerdict(action, False, rule, _STAGE_MSG[rule])
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


_STAGE_MSG = {
    GameRule.DEAL_OVER: Msg("The deal is over."),
    GameRule.PLAYING_NOW: Msg("The bidding and the doubling are over; the cards are being played."),
    GameRule.NOT_PLAYING_YET: Msg("The bidding is not over yet: no card is played before the contract is settled."),
}


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


def _next_leader(tricks: Sequence[PlayedTrick], dealer: Seat) -> Seat:
    if not tricks:
        return dealer.right
    last = tricks[-1]
    return last.winner if last.winner is not None else last.leader


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
                return _next_leader(self.tricks, self.dealer)
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
            from explorer.engine.rules.projects import compare_projects
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
            return ActionVerdict(action, False, GameRule.DEAL_OVER, _STAGE_MSG[GameRule.DEAL_OVER])
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
        from explorer.engine.rules.bidding import apply_call
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
                and not is_trump(play.card, Mode.HOKUM, self.contract.trump) \
                and ekka_problem(play.card, self.played, Mode.HOKUM, self.contract.trump) is None:
            ekka = True                        # the game calls Ekka for the leader (option automatic_ekka)
        done = self.tricks if cur is None else self.tricks[:-1]
        leader = _next_leader(done, self.dealer)
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


def describe(action: Action, phase: Phase | None = None) -> Msg:
    """An action in words for the table: ``E passes``, ``N: Hokum ♥``, ``S plays K♣ (Ekka)``.

    ``phase``, the bidding phase a call is made in (``BiddingState.phase`` before it, ``CallRecord.phase``
    after), names a pass by its round: the table says «بس» in round 1 and «ولا» in round 2.

    >>> e = Call(CallKind.PASS, seat=Seat.E)
    >>> str(describe(e)), str(describe(e, Phase.ROUND_TWO))
    ('E passes.', 'E passes (Wala).')
    >>> from explorer.engine.core.i18n import Style
    >>> describe(e, Phase.ROUND_ONE).render(Style(lang="ar")), describe(e, Phase.ROUND_TWO).render(Style(lang="ar"))
    ('الشرق: بس.', 'الشرق: ولا.')
    """
    if isinstance(action, Play):
        if action.ekka:
            return Msg("{seat} plays {card} and announces Ekka.", seat=action.seat, card=action.card)
        return Msg("{seat} plays {card}.", seat=action.seat, card=action.card)
    if isinstance(action, Declare):
        if not action.projects:
            return Msg("{seat} declares no project.", seat=action.seat)
        return Msg("{seat} declares {cards}.", seat=action.seat, cards=[list(p) for p in action.projects])
    if action.kind is CallKind.PASS:
        if phase is Phase.ROUND_TWO:
            return Msg("{seat} passes (Wala).", seat=action.seat)
        return Msg("{seat} passes.", seat=action.seat)
    return Msg("{seat}: {call}", seat=action.seat, call=action.message())


# --- replaying a record ------------------------------------------------------------------------------


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
