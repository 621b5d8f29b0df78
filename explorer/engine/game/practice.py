"""The practice table: you (South) and three computer players, deal after deal, to 152 or for one deal.

A :class:`Practice` is plain data that survives a reload: the settings, and for each deal its seed,
dealer, match totals before it, and the actions taken (as text). The game states are rebuilt from that
by the game model, so a stored practice that the rules no longer accept is refused with the reason,
never half-loaded.

Computer seats decide from their own view only; each decision is a function of the deal's seed, the
seat and the moment (a fresh player per decision), so a reload replays exactly what was played and the
same deal dealt again plays the same way until you choose differently.

Between two of your decisions the computer seats act in one go (:meth:`Practice.act`, :meth:`Practice.advance`):
the table is given every state on the way, in order, to show them one by one (a card to the trick, a trick to its
winner). The settings of seed 002 live here too: a level per computer seat (one of the players the app offers,
:data:`~explorer.engine.players.base.IN_APP`), the target (152, 101 or 252, or a single deal), and how the table
looks and sounds (:class:`Look`: the pause between the computers' cards, the card backs, the table's colour, the
sound), which change nothing in the game.

>>> p = Practice.new(seed=7)
>>> p.state.stage.value, p.human
('bidding', <Seat.S: 'S'>)
>>> while p.state.to_act not in (None, p.human):
...     p = p.step()
>>> p.state.to_act is p.human or p.state.finished
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StringConstraints,
    ValidationError,
    field_validator,
    model_validator,
)

from explorer.engine.core.cards import SEATS, Seat, Team
from explorer.engine.core.errors import (
    EngineError,
    InputError,
    MatchError,
    PracticeError,
    ProfileError,
    at,
    short,
)
from explorer.engine.core.i18n import Code, Msg
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile, custom_profile
from explorer.engine.files.scenario import SeatT, validation_problems
from explorer.engine.game.state import Action, Declare, GameState, IllegalActionError, Stage, parse_action
from explorer.engine.players import make_player
from explorer.engine.players.base import IN_APP
from explorer.engine.players.review import TUTOR
from explorer.engine.rules.match import MAX_MATCH_TOTAL, Match

Goal = Literal["match", "deal"]
Difficulty = Literal["heuristic", "strong"]
"""The one level of every computer seat in a match stored by format 1."""
DEFAULT_NAMES: dict[Seat, str] = {Seat.S: "You", Seat.N: "Noura", Seat.E: "Faisal", Seat.W: "Hamad"}
"""The seed's table (002): you and your partner Noura against Faisal and Hamad."""
FORMAT = 2
"""The stored form written now; format 1 (one level for every computer, to 152, no look) is still read."""
TARGETS: tuple[int, ...] = (152, 101, 252)
"""What a match may be played to: 152 (the game's), 101 for a short practice, 252 for a long one."""
DEFAULT_LEVEL = "heuristic"
Pace = Literal["slow", "normal", "fast", "instant"]
PACES: tuple[str, ...] = ("slow", "normal", "fast", "instant")
BACKS: tuple[str, ...] = ("red", "blue", "sadu", "green")
"""The card backs' designs (drawn by the table)."""
FELTS: tuple[str, ...] = ("green", "blue", "maroon", "night")
"""The table's colours."""


@dataclass(frozen=True)
class Look:
    """How the table looks and sounds: nothing here changes the game."""

    pace: Pace = "normal"
    """The pause between the computers' cards: slow, normal, fast, or instant (no pause)."""
    backs: str = "red"
    felt: str = "green"
    sound: bool = False
    """A short sound for each card and trick; off (muted) by default."""

    def to_json(self) -> dict[str, Any]:
        return {"pace": self.pace, "backs": self.backs, "felt": self.felt, "sound": self.sound}
MAX_DEALS = 60
"""A practice holds at most this many deals: a match to 152 takes about 10 to 20, redeals included (every deal
played adds 16 game points or more, so about 20 take a team past 152). A stored one is replayed deal by deal on
every load, so the bound is its cost too: 60 redeals replay in about 0.2 s."""


@dataclass(frozen=True)
class DealLog:
    """One deal of the practice: how it was dealt and what was done."""

    seed: str
    dealer: Seat
    match: tuple[int, int]
    actions: tuple[str, ...] = ()
    sawa: Seat | None = None
    """The seat that claimed Sawa (سوا), whose team then took every trick left at once (None: no claim)."""
    sawa_at: int = 0
    """The number of actions before the claim (the claim's plays follow)."""
    earlier: tuple[tuple[int, int], ...] = ()
    """The awards (Us, Them) of this deal's earlier plays, each replaced by a Deal again: the sheet shows them."""

    @property
    def claimed(self) -> tuple[str, ...]:
        """The actions the Sawa claim played (none without a claim)."""
        return self.actions[self.sawa_at:] if self.sawa is not None else ()


@dataclass(frozen=True)
class Practice:
    """A practice session: settings and deals (the last one is in play until it is finished)."""

    seed: int
    profile: RuleProfile = DEFAULT_PROFILE
    goal: Goal = "match"
    levels: tuple[tuple[Seat, str], ...] = ((Seat.E, DEFAULT_LEVEL), (Seat.N, DEFAULT_LEVEL), (Seat.W, DEFAULT_LEVEL))
    """Each computer seat's player (a name of :data:`~explorer.engine.players.base.IN_APP`)."""
    names: tuple[tuple[Seat, str], ...] = tuple(DEFAULT_NAMES.items())
    deals: tuple[DealLog, ...] = ()
    human: Seat = Seat.S
    tutor: bool = True
    """Tutor mode: the obligation before each of your cards, Take back and hints (off: table mode)."""
    auto_declare: bool = True
    """Beginner mode: your projects are found and declared for you (off: you declare them yourself)."""
    target: int = 152
    """The total that wins the match (:data:`TARGETS`; a one-deal practice has none)."""
    hints_by: str = TUTOR
    """The player whose judgement the hints give (a name of ``IN_APP``)."""
    look: Look = Look()

    # --- starting -----------------------------------------------------------------------------------

    @classmethod
    def new(cls, seed: int, *, profile: RuleProfile = DEFAULT_PROFILE, goal: Goal = "match",
            difficulty: str = DEFAULT_LEVEL, levels: dict[Seat, str] | None = None,
            names: dict[Seat, str] | None = None, dealer: Seat | None = None, tutor: bool = True,
            auto_declare: bool = True, target: int = 152, hints_by: str = TUTOR, look: Look | None = None
            ) -> Practice:
        """A new match: the first dealer drawn from ``seed`` (unless given), the first deal dealt. ``difficulty`` is
        every computer seat's level, unless ``levels`` names a seat's own; PracticeError for a player the app does
        not offer or a target it does not play to."""
        dealer = dealer or random.Random(seed).choice(SEATS)
        got = dict(DEFAULT_NAMES)
        got.update({s: n for s, n in (names or {}).items() if str(n).strip()})
        chosen = {s: (levels or {}).get(s, difficulty) for s in SEATS if s is not Seat.S}
        p = cls(seed=seed, profile=profile, goal=goal, levels=tuple(chosen.items()),
                names=tuple((s, str(got[s]).strip()[:40]) for s in SEATS), tutor=tutor, auto_declare=auto_declare,
                target=target, hints_by=hints_by, look=look or Look())
        _check_settings(p)
        return replace(p, deals=(DealLog(f"{seed}-1", dealer, (0, 0)),))

    # --- reading ------------------------------------------------------------------------------------

    @cached_property
    def states(self) -> tuple[GameState, ...]:
        """Each deal's current state, rebuilt by the game model from its seed and actions."""
        return tuple(_replay(self.profile, log) for log in self.deals)

    @property
    def state(self) -> GameState:
        """The deal in play (or the last one, finished)."""
        return self.states[-1]

    @property
    def name_of(self) -> dict[Seat, str]:
        return dict(self.names)

    @property
    def level_of(self) -> dict[Seat, str]:
        """Each computer seat's player."""
        return dict(self.levels)

    @property
    def difficulty(self) -> str:
        """The level of the computer seats when they all play at one (else the strongest's)."""
        return max(self.level_of.values(), key=_strength)

    @cached_property
    def match(self) -> Match:
        """The score sheet of the finished deals."""
        return Match(tuple(g.match_deal() for g in self.states if g.finished), target=self.target)

    @property
    def over(self) -> bool:
        """The match is decided (or, playing one deal, the deal is finished)."""
        if self.goal == "deal":
            return self.state.finished
        return self.match.winner() is not None

    @property
    def waiting_for_computer(self) -> bool:
        """A computer seat is to act in the deal in play."""
        to = self.state.to_act
        return to is not None and to is not self.human

    @property
    def needs_you(self) -> bool:
        """You are to decide now: a call, a card, or (declaring yourself) your projects."""
        return self.state.to_act is self.human and self.auto_declaration() is None

    def auto_declaration(self) -> Declare | None:
        """Your declaration when the engine makes it for you now: your best projects (the game model's first
        declaration), else None."""
        if not self.auto_declare or self.state.to_act is not self.human:
            return None
        return next((a for a in self.state.legal_actions() if isinstance(a, Declare)), None)

    def computer_choice(self):
        """What the computer seat to act chooses now, from its view only (a fresh, seeded player)."""
        g = self.state
        seat = g.to_act
        player = make_player(self.level_of.get(seat, DEFAULT_LEVEL),
                             seed=f"{self.deals[-1].seed}:{seat.value}:{len(g.actions)}")
        return player.choose(g.view(seat))

    # --- moving on -----------------------------------------------------------------------------------

    def play(self, action: Action | str) -> Practice:
        """Your action (South's); :class:`IllegalActionError` when the rules refuse it (nothing changes)."""
        a = parse_action(action).by(self.human)
        g = self.state.apply(a)                       # raises with the verdict when illegal
        return self._with_last(g)

    def act(self, action: Action | str) -> tuple[Practice, tuple[GameState, ...]]:
        """Your action, then the computers up to your next decision (:meth:`advance`): the practice and every state
        from the one after your action on. :class:`IllegalActionError` when the rules refuse it."""
        p = self.play(action)
        after, seen = p.advance()
        return after, (p.state, *seen)

    def advance(self) -> tuple[Practice, tuple[GameState, ...]]:
        """The computer seats act, and your projects are declared for you when the engine declares them, up to
        your next decision or the end of the deal: the practice and every state on the way, in order (a Sawa
        claim's cards one by one)."""
        p, seen = self, []
        while not p.state.finished and not p.needs_you:
            mine = p.auto_declaration()
            if mine is not None:
                p = p.play(mine)
                seen.append(p.state)
                continue
            g = p.state
            if p.may_claim and g.current is None and p.sawa(g.to_act).holds:
                p, states = p.claim(g.to_act)
                seen += states
                continue
            p = p._with_last(g.apply(p.computer_choice().action))
            seen.append(p.state)
        return p, tuple(seen)

    def step(self) -> Practice:
        """One computer action, when a computer seat is to act: a Sawa claim when its team takes every trick
        left (checked when it is to lead, from trick 2 on), else the card or call it chooses."""
        if not self.waiting_for_computer:
            return self
        if self.may_claim and self.state.current is None and self.sawa(self.state.to_act).holds:
            return self.claim_sawa(self.state.to_act)
        choice = self.computer_choice()
        g = self.state.apply(choice.action)
        return self._with_last(g)

    def _with_last(self, g: GameState) -> Practice:
        log = self.deals[-1]
        new = replace(log, actions=log.actions + (str(g.actions[-1]),))
        p = replace(self, deals=self.deals[:-1] + (new,))
        p.__dict__["states"] = self.states[:-1] + (g,)
        return p

    @property
    def may_claim(self) -> bool:
        """A Sawa claim may be made now: the cards are being played, trick 1 (and its declarations) is over and
        at least two tricks are left."""
        g = self.state
        done = len(g.completed_tricks)
        return g.stage is Stage.PLAY and self.deals[-1].sawa is None and 1 <= done <= 6

    def sawa(self, seat: Seat | None = None):
        """The Sawa check (:func:`explorer.engine.solver.sawa.check_sawa`) for ``seat`` (you by default) now."""
        from explorer.engine.solver.sawa import (
            check_sawa,  # the solver (and numba) only when a claim is checked
        )
        return check_sawa(self.state, seat or self.human)

    def claim_sawa(self, seat: Seat | None = None) -> Practice:
        """``seat`` (you by default) claims Sawa: when it holds, the rest of the deal is played at once along the
        solver's line (the claiming team taking every trick); PracticeError when it does not hold."""
        return self.claim(seat or self.human)[0]

    def claim(self, seat: Seat | None = None) -> tuple[Practice, list[GameState]]:
        """``seat`` (you by default) claims Sawa: the practice after the claim and the states of its cards, one by
        one (:meth:`claim_sawa`)."""
        seat = seat or self.human
        from explorer.engine.solver.sawa import line_plays
        if not self.may_claim:
            raise PracticeError(Msg("Sawa may be claimed from trick 2 on, with two tricks or more left."))
        v = self.sawa(seat)
        if not v.holds:
            raise PracticeError(v.summary())
        g = self.state
        plays = line_plays(g, v.line)
        log = self.deals[-1]
        new = replace(log, actions=log.actions + tuple(str(a) for a in plays), sawa=seat, sawa_at=len(log.actions))
        p = replace(self, deals=self.deals[:-1] + (new,))
        states = []
        for a in plays:
            g = g.apply(a)
            states.append(g)
        p.__dict__["states"] = self.states[:-1] + (g,)
        return p, states

    def _last_decision(self) -> int | None:
        """The place in this deal's actions of your last decision: a call, a card, or projects you declared
        yourself (a declaration the engine made for you is not one)."""
        actions = self.deals[-1].actions
        for i in range(len(actions) - 1, -1, -1):
            a = parse_action(actions[i])
            if a.seat is self.human and not (isinstance(a, Declare) and self.auto_declare):
                return i
        return None

    def take_back(self) -> Practice:
        """Undo your last decision, a call or a card (and what the computers did after it); unchanged when the deal
        is over or you have made none. The computers then choose as before, until you choose differently."""
        at = self._last_decision()
        if at is None or self.state.finished:
            return self
        log = self.deals[-1]
        return replace(self, deals=self.deals[:-1] + (replace(log, actions=log.actions[:at]),))

    @property
    def can_take_back(self) -> bool:
        return not self.state.finished and self._last_decision() is not None

    def next_deal(self) -> Practice:
        """Deal the next deal: the dealer's right deals, with the match totals so far."""
        g = self.state
        if not g.finished:
            raise PracticeError(Msg("the deal in play is not finished"))
        if self.over:
            raise PracticeError(Msg("the match is over: start a new one"))
        if len(self.deals) >= MAX_DEALS:
            raise PracticeError(Msg("this match has had {n} deals, the most a practice keeps: start a new one",
                                    n=len(self.deals)))
        after = self.match.totals()
        n = len(self.deals) + 1
        log = DealLog(f"{self.seed}-{n}", g.next_dealer, (after[Team.NS], after[Team.EW]))
        return replace(self, deals=self.deals + (log,))

    CHANGEABLE = frozenset({"tutor", "auto_declare", "levels", "hints_by", "look"})
    """The settings that may change during a match (not the rules, the target or the players' names)."""

    def with_settings(self, **changes: Any) -> Practice:
        """The same practice with other table settings (:data:`CHANGEABLE`); the game so far is unchanged."""
        if not set(changes) <= self.CHANGEABLE:
            raise PracticeError(Msg("only {settings} change during a match",
                                    settings=Code(", ".join(sorted(self.CHANGEABLE)))))
        if "levels" in changes and isinstance(changes["levels"], dict):
            changes["levels"] = tuple((s, changes["levels"].get(s, lv)) for s, lv in self.levels)
        p = replace(self, **changes)
        _check_settings(p)
        p.__dict__["states"] = self.states
        return p

    @property
    def may_deal_again(self) -> bool:
        """The finished deal may be dealt again: not once the match is decided (its score is final), except in a
        one-deal practice, where the deal is the whole game."""
        return self.state.finished and (self.goal == "deal" or not self.over)

    def deal_again(self) -> Practice:
        """The finished deal dealt again from its seed: the same cards, from the first call. Its award is kept in
        :attr:`DealLog.earlier` (the sheet shows it); PracticeError while the deal is being played (in table mode,
        where nothing is taken back, the same cards again mid-deal would undo every card seen) and once the match is
        decided."""
        log = self.deals[-1]
        if not self.state.finished:
            raise PracticeError(Msg("the deal in play is not finished"))
        if not self.may_deal_again:
            raise PracticeError(Msg("the match is over: its score is final; start a new one"))
        earlier = log.earlier
        row = self.state.match_deal()
        if row is not None:
            earlier += ((row.ns, row.ew),)
        return replace(self, deals=self.deals[:-1] + (replace(log, actions=(), sawa=None, sawa_at=0,
                                                              earlier=earlier),))

    # --- stored form ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: what a browser keeps to bring the practice back."""
        return {"format": FORMAT, "seed": self.seed, "profile": self.profile.to_spec(), "goal": self.goal,
                "target": self.target, "levels": {s.value: lv for s, lv in self.levels}, "hints_by": self.hints_by,
                "look": self.look.to_json(), "tutor": self.tutor, "auto_declare": self.auto_declare,
                "names": {s.value: n for s, n in self.names},
                "deals": [{"seed": d.seed, "dealer": d.dealer.value, "match": list(d.match),
                           "actions": list(d.actions), **({"sawa": d.sawa.value, "sawa_at": d.sawa_at} if d.sawa else {}),
                           **({"earlier": [list(e) for e in d.earlier]} if d.earlier else {})}
                          for d in self.deals]}

    @classmethod
    def from_json(cls, doc: Any) -> Practice:
        """A stored practice (this format or format 1), checked through the game model; PracticeError names what is
        wrong and where."""
        if not isinstance(doc, dict):
            raise PracticeError(Msg("a stored practice is a mapping of keys"))
        if doc.get("format") not in (1, FORMAT):
            raise PracticeError(at("format", Msg("{value} is not a practice format this app reads ({format})",
                                                 value=short(doc.get("format")), format=FORMAT)))
        try:
            got = _PracticeIn.model_validate(doc)
        except ValidationError as e:
            raise PracticeError(*validation_problems(e)) from None
        try:
            profile = custom_profile(got.profile)
        except ProfileError as e:
            raise PracticeError(at("profile", e.msg)) from None
        level = got.difficulty or DEFAULT_LEVEL
        levels = {s: (got.levels or {}).get(s.value, level) for s in (Seat.E, Seat.N, Seat.W)}
        p = cls(seed=got.seed, profile=profile, goal=got.goal, levels=tuple(levels.items()),
                names=tuple((s, got.names[s.value]) for s in SEATS), tutor=got.tutor, auto_declare=got.auto_declare,
                target=got.target, hints_by=got.hints_by, look=Look(**got.look.model_dump()),
                deals=tuple(DealLog(d.seed, d.dealer, d.match, tuple(d.actions), d.sawa, d.sawa_at,
                                    tuple(tuple(e) for e in d.earlier)) for d in got.deals))
        p.__dict__["states"] = _played(p)
        try:
            _ = p.match
        except MatchError as e:
            raise PracticeError(at("deals", e.problems[0]), *e.problems[1:]) from None
        return p

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))


def _strength(level: str) -> int:
    """A player's place among those the app offers, weakest first (an unknown one first)."""
    return IN_APP.index(level) if level in IN_APP else -1


def _check_settings(p: Practice) -> None:
    """PracticeError unless every level and the hints' player are players the app offers and the target is one the
    table plays to."""
    offered = Code(", ".join(IN_APP))
    for seat, level in p.levels:
        if level not in IN_APP:
            raise PracticeError(at(f"levels.{seat.value}", Msg("{value} is not a player this app offers ({names})",
                                                                value=short(level), names=offered)))
    if p.hints_by not in IN_APP:
        raise PracticeError(at("hints_by", Msg("{value} is not a player this app offers ({names})",
                                               value=short(p.hints_by), names=offered)))
    if p.target not in TARGETS:
        raise PracticeError(at("target", Msg("a match is played to {targets}, not {value}",
                                             targets=Code(", ".join(map(str, TARGETS))), value=short(p.target))))
    if sorted(s.value for s, _ in p.levels) != ["E", "N", "W"]:
        raise PracticeError(at("levels", Msg("one level for each of E, N and W")))


Name = Annotated[str, StringConstraints(min_length=1, max_length=40)]


class _DealIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seed: Annotated[str, StringConstraints(max_length=80)]
    dealer: SeatT
    match: tuple[Annotated[StrictInt, Field(ge=0, le=MAX_MATCH_TOTAL)], Annotated[StrictInt, Field(ge=0, le=MAX_MATCH_TOTAL)]]
    actions: Annotated[list[Annotated[str, StringConstraints(max_length=80)]], Field(max_length=100)]
    sawa: SeatT | None = None
    sawa_at: Annotated[StrictInt, Field(ge=0, le=100)] = 0
    earlier: Annotated[list[tuple[Annotated[StrictInt, Field(ge=0, le=MAX_MATCH_TOTAL)],
                                  Annotated[StrictInt, Field(ge=0, le=MAX_MATCH_TOTAL)]]], Field(max_length=20)] = []


class _LookIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    pace: Pace = "normal"
    backs: Literal[BACKS] = "red"  # type: ignore[valid-type]
    felt: Literal[FELTS] = "green"  # type: ignore[valid-type]
    sound: StrictBool = False


Level = Annotated[str, StringConstraints(max_length=40)]


class _PracticeIn(BaseModel):
    """A stored practice as JSON: every field checked, unknown keys refused. Format 1 (before per-seat levels, the
    target and the look) has ``difficulty``, every computer's level; format 2 has ``levels``."""

    model_config = ConfigDict(extra="forbid")
    format: Literal[1, 2]
    seed: Annotated[StrictInt, Field(ge=0, lt=2**63)]
    profile: str | dict[str, Any] | None = None
    goal: Goal
    difficulty: Difficulty | None = None
    levels: dict[Literal["E", "N", "W"], Level] | None = None
    target: Literal[TARGETS] = 152  # type: ignore[valid-type]
    hints_by: Level = TUTOR
    look: _LookIn = _LookIn()
    tutor: StrictBool = True
    auto_declare: StrictBool = True
    names: dict[Literal["S", "E", "N", "W"], Name]
    deals: Annotated[list[_DealIn], Field(min_length=1, max_length=MAX_DEALS)]

    @model_validator(mode="after")
    def _all_seats_named(self) -> _PracticeIn:
        if set(self.names) != {s.value for s in SEATS}:
            raise InputError("names: one name (1 to 40 characters) for each of S, E, N and W")
        return self

    @field_validator("levels", "hints_by")
    @classmethod
    def _offered(cls, value: Any) -> Any:
        names = value.values() if isinstance(value, dict) else [value]
        for name in names:
            if name not in IN_APP:
                raise InputError("{value} is not a player this app offers ({names})", value=short(name),
                                 names=Code(", ".join(IN_APP)))
        return value


def _played(p: Practice) -> tuple[GameState, ...]:
    """Each deal's state, replayed in order; PracticeError unless the deals are the ones the engine deals, one after
    the other: the seed of each (``<seed>-<n>``), the first from 0 to 0, each next one dealt by the dealer's right with
    the totals the deals before it make, and none after the match was decided (or after the one deal of a one-deal
    practice). The cheap checks come first and the replay stops at the first wrong deal, so a forged match of 200
    deals is refused at once (a match to 152 has a dozen or two)."""
    if p.goal == "deal" and len(p.deals) > 1:
        raise PracticeError(at("deals", Msg("a practice of one deal holds one deal, not {n}", n=len(p.deals))))
    for i, log in enumerate(p.deals):
        if log.seed != f"{p.seed}-{i + 1}":
            raise PracticeError(at(f"deals[{i}].seed", Msg("{value} is not the seed of deal {n} ({want})",
                                                           value=short(log.seed), n=i + 1, want=short(f"{p.seed}-{i + 1}"))))
    if p.deals[0].match != (0, 0):
        raise PracticeError(at("deals[0].match", Msg("the first deal starts from 0 and 0, not {ns} and {ew}",
                                                     ns=p.deals[0].match[0], ew=p.deals[0].match[1])))
    states: list[GameState] = []
    for i, log in enumerate(p.deals):
        if states:
            _follows(states, log, i, p.target)
        states.append(_replay(p.profile, log))
    return tuple(states)


def _follows(states: list[GameState], log: DealLog, i: int, target: int) -> None:
    """PracticeError unless deal ``i`` (``log``) is the one the engine deals after the ``states`` before it."""
    before = states[-1]
    if not before.finished:
        raise PracticeError(at(f"deals[{i - 1}]", Msg("not finished, but a later deal follows")))
    match = Match(tuple(g.match_deal() for g in states), target=target)
    winner = match.winner()
    if winner is not None:
        raise PracticeError(at(f"deals[{i}]", Msg("deal {n} comes after the match was decided ({team} won it in "
                                                  "deal {m})", n=i + 1, team=winner, m=len(states))))
    totals = match.totals()
    if log.match != (totals[Team.NS], totals[Team.EW]):
        raise PracticeError(at(f"deals[{i}].match", Msg("the totals before deal {n} are {ns} and {ew}; the deals "
                                                        "before it make {want_ns} and {want_ew}", n=i + 1,
                                                        ns=log.match[0], ew=log.match[1], want_ns=totals[Team.NS],
                                                        want_ew=totals[Team.EW])))
    if log.dealer is not before.next_dealer:
        raise PracticeError(at(f"deals[{i}].dealer", Msg("{seat} deals deal {n}, but {want} deals after {previous}",
                                                         seat=log.dealer, n=i + 1, want=before.next_dealer,
                                                         previous=before.dealer)))


def _replay(profile: RuleProfile, log: DealLog) -> GameState:
    g = GameState.new(log.seed, dealer=log.dealer, match=log.match, profile=profile)
    for j, text in enumerate(log.actions):
        try:
            g = g.apply(parse_action(text))
        except IllegalActionError as e:
            raise PracticeError(Msg("deal {seed}, action {n} ({action}): {reason}", seed=Code(log.seed), n=j + 1,
                                    action=Code(text), reason=e.verdict.reason)) from None
        except ValueError as e:
            raise PracticeError(Msg("deal {seed}, action {n}: {reason}", seed=Code(log.seed), n=j + 1,
                                    reason=e.msg if isinstance(e, EngineError) else str(e))) from None
    return g

