"""``kind: puzzle``: a position with a proved answer, re-proved.

The position is written as a ``deal`` in progress (the hands as dealt, the contract, the tricks so far); the
seat to play is the player. ``answer`` is its card (or a short line: its next two cards, the other seats'
replies between them read from ``line``, the rest of the deal as dealt under perfect play). ``check`` proves
each card again from what the player has seen (:mod:`explorer.engine.puzzles.prove`) on the same worlds as the
file records (``worlds``: all that fit, or a seeded sample), and finds the themes again
(:mod:`explorer.engine.puzzles.themes`). The verdict is ``valid`` when the proof holds with at least the
recorded ``margin`` and the themes agree; otherwise ``error`` says what differs (a verdict, not invalid input).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StrictInt

from explorer.engine.core.cards import Card, Seat
from explorer.engine.core.errors import InputError, ScenarioError, at, short
from explorer.engine.core.i18n import ENGLISH, Code, Msg, Style
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.files.kinds.deal import DealVerdict, judge_deal
from explorer.engine.files.scenario import CardT, Common, Model, SeatT, TrickIn, read_model, register
from explorer.engine.game.state import GameState, Play, Stage
from explorer.engine.puzzles.doc import POSITION_KEYS
from explorer.engine.puzzles.explain import explanation
from explorer.engine.puzzles.line import line_states
from explorer.engine.puzzles.prove import ENUM_LIMIT, Loss, Proof, WorldsUsed, legal_cards, prove
from explorer.engine.puzzles.themes import Solution, Theme, find_themes, recorded_solution, solution

MAX_LINE_CARDS = 2
"""The longest answer: a card, or the player's next two cards (a squeeze of two tricks)."""
MAX_SOLVED = ENUM_LIMIT
"""The most worlds a file may ask ``check`` to solve for one card (a few seconds at six tricks left)."""


class WorldsIn(Model):
    method: Literal["all", "sample"]
    count: Annotated[StrictInt, Field(ge=1, le=MAX_SOLVED)]
    total: Annotated[StrictInt, Field(ge=1)]
    seed: str | None = None


class LossIn(Model):
    least: int
    mean: float
    most: int


def _theme(value: Any) -> str:
    """A theme's id (:class:`~explorer.engine.puzzles.themes.Theme`), or the reason it is none."""
    if not isinstance(value, str) or value not in {t.value for t in Theme}:
        raise InputError("{value} is not a theme (use {themes})", value=short(value),
                         themes=Code(", ".join(t.value for t in Theme)))
    return value


class PuzzleIn(Common):
    hands: dict[SeatT, list[CardT]]
    projects: dict[SeatT, list[list[CardT]]] | None = None
    tricks: list[TrickIn]
    answer: Annotated[list[CardT], Field(min_length=1, max_length=MAX_LINE_CARDS)]
    margin: Annotated[StrictInt, Field(ge=1)]
    worlds: Annotated[list[WorldsIn], Field(min_length=1, max_length=MAX_LINE_CARDS)]
    themes: list[Annotated[str, BeforeValidator(_theme)]] = []
    line: list[CardT] | None = None
    losses: list[dict[CardT, LossIn]] | None = None
    rating: Annotated[StrictInt, Field(ge=0, le=4000)] | None = None
    source: str | None = None


@dataclass(frozen=True)
class Step:
    """One card of the answer: the position the player faces, the recorded worlds and the proof on them."""

    state: GameState
    card: Card
    proof: Proof
    tempting: Card | None = None


@dataclass(frozen=True)
class PuzzleVerdict:
    """A puzzle: each step's proof (re-proved by ``check``, or as the file records it for a page), the themes,
    the solution as dealt, and what disagrees with the file."""

    start: GameState
    steps: tuple[Step, ...]
    solution: Solution
    themes: tuple[Theme, ...]
    line: tuple[Card, ...]
    margin: int
    rating: int | None
    reproved: bool = True
    problems: tuple[Msg, ...] = field(default=())

    @property
    def seat(self) -> Seat:
        return self.start.to_act

    @property
    def proved(self) -> bool:
        return all(s.proof.proved for s in self.steps)

    @property
    def valid(self) -> bool:
        return self.proved and not self.problems

    @property
    def answer(self) -> tuple[Card, ...]:
        return tuple(s.card for s in self.steps)

    def explanation(self) -> list[Msg]:
        """The sentences of the first step, then those of the second card of a line (its proof and losses)."""
        first = self.steps[0]
        out = explanation(first.state, first.proof, self.solution, list(self.themes), first.tempting) \
            if first.proof.proved else []
        for s in self.steps[1:]:
            if s.proof.proved:
                out.append(Msg("Then, your next card:"))
                out += explanation(s.state, s.proof, _no_solution(self.solution), [], s.tempting)
        return out

    def to_dict(self, style: Style = ENGLISH) -> dict[str, Any]:
        return {
            "seat": self.seat.value,
            "to_play": self.seat.value,
            "tricks_left": 8 - len(self.start.completed_tricks),
            "answer": [str(c) for c in self.answer],
            "proved": self.proved,
            "valid": self.valid,
            "error": self.problems[0].render(style) if self.problems else None,
            "margin": self.margin,
            "worlds": [s.proof.worlds.to_dict() for s in self.steps],
            "themes": [t.value for t in self.themes],
            "legal": [[str(c) for c in s.proof.legal] for s in self.steps],
            "losses": [{str(x.card): x.to_dict() for x in s.proof.losses} for s in self.steps],
            "line": [str(c) for c in self.line],
            "rating": self.rating,
            "explanation": [m.render(style) for m in self.explanation()],
        }


def _no_solution(sol: Solution) -> Solution:
    return Solution(sol.answer, None, False)


def position(doc: dict[str, Any], profile: RuleProfile) -> DealVerdict:
    """The position of a puzzle file: its deal in progress replayed through the game model (ScenarioError when the
    record is not a deal in progress with a card to play)."""
    deal = {k: v for k, v in doc.items() if k in POSITION_KEYS}
    v = judge_deal({**deal, "kind": "deal"}, profile)
    if isinstance(v, dict):
        raise ScenarioError([at("contract", Msg("a puzzle is a deal being played, not one passed twice"))])
    if not v.valid:
        e = v.run.error
        raise ScenarioError([at(f"tricks[{e.trick - 1}]", Msg("{seat} plays {card}: {reason}", seat=e.seat,
                                                              card=e.card, reason=e.reason))])
    if v.run.state.stage is not Stage.PLAY:
        raise ScenarioError([at("tricks", Msg("the deal is over: a puzzle stops at a card still to play"))])
    return v


def _steps(s: PuzzleIn, start: GameState) -> tuple[list[tuple[GameState, Card]], tuple[Card, ...]]:
    """The position of each card of the answer, the others' replies read from ``line``."""
    line = tuple(s.line or ())
    if len(s.answer) > 1 and not line:
        raise ScenarioError([at("line", Msg("missing: an answer of two cards needs the line between them"))])
    if line and line[0] != s.answer[0]:
        raise ScenarioError([at("line[0]", Msg("{card}, but the line starts with the answer, {answer}",
                                               card=line[0], answer=s.answer[0]))])
    states = [start]
    for i, card in enumerate(line):
        try:
            states += line_states(states[-1], [card])
        except ValueError:
            raise ScenarioError([at(f"line[{i}]", Msg("{card} cannot be played there", card=card))]) from None
    if line and states[-1].stage is not Stage.OVER:
        raise ScenarioError([at("line", Msg("stops before the end of the deal"))])
    seat = start.to_act
    turns = [(st, line[i]) for i, st in enumerate(states[:-1]) if st.to_act is seat] if line else [(start, s.answer[0])]
    wanted = list(s.answer)
    if [c for _, c in turns[:len(wanted)]] != wanted:
        raise ScenarioError([at("answer", Msg("the line does not play the answer's cards at {seat}'s turns", seat=seat))])
    refused = [at(f"answer[{i}]", _refused(st, c)) for i, (st, c) in enumerate(turns[:len(wanted)])
               if c not in legal_cards(st)]
    if refused:             # a card not in the hand, or one the rules refuse: nothing to prove
        raise ScenarioError(refused)
    return [(st, c) for st, c in turns[:len(wanted)]], line


def _refused(state: GameState, card: Card) -> Msg:
    """Why the seat to play cannot play ``card`` as the answer: not in its hand, or the rule that refuses it."""
    if card not in state.hand(state.to_act):
        return Msg("{card} is not in {seat}'s hand.", card=card, seat=state.to_act)
    return state.why_not(Play(card, False, state.to_act)).reason


@register("puzzle")
def judge_puzzle(doc: dict[str, Any], profile: RuleProfile) -> PuzzleVerdict:
    """``check``: the position replayed, each card of the answer proved again on the recorded worlds, the themes
    found again; what differs from the file is the verdict's ``error``."""
    s, turns, line = _read(doc, profile)
    problems: list[Msg] = []
    steps = []
    for (state, card), w in zip(turns, s.worlds):
        proof = _prove(state, card, w)
        if proof.worlds.total != w.total or (w.method == "all" and w.count != w.total):
            problems.append(Msg("{n} arrangements of the hidden cards fit what the player has seen, not {recorded}",
                                n=proof.worlds.total, recorded=w.total))
        if not proof.proved:
            problems.append(_unproved(card, proof))
        steps.append(Step(state, card, proof, _tempting(state)))
    margin = min((x.proof.margin for x in steps if x.proof.proved), default=0)
    start, first = turns[0][0], steps[0]
    rival = first.proof.losses[0].card if first.proof.proved else None
    sol = solution(start, first.card, rival)
    themes = tuple(find_themes(start, first.card, sol)) if first.proof.proved else ()
    if all(x.proof.proved for x in steps) and margin < s.margin:
        problems.append(Msg("the margin is {margin} game points, not the {recorded} recorded", margin=margin,
                            recorded=s.margin))
    problems += _loss_problems(s, steps)
    if themes and [t.value for t in themes] != list(s.themes):
        problems.append(Msg("the themes are {themes}, not {recorded}", themes=Code(", ".join(t.value for t in themes)),
                            recorded=Code(", ".join(s.themes))))
    return PuzzleVerdict(start, tuple(steps), sol, themes, line, margin, s.rating, True, tuple(problems))


def recorded(doc: dict[str, Any], profile: RuleProfile) -> PuzzleVerdict:
    """A puzzle as its file records it, read without solving anything (a page shows it this way; ``check`` and the
    tests prove it again): ScenarioError for a file that is not a puzzle."""
    s, turns, line = _read(doc, profile)
    steps = []
    for i, ((state, card), w) in enumerate(zip(turns, s.worlds)):
        losses = (s.losses or [])[i] if i < len(s.losses or []) else {}
        rows = sorted((Loss(c, x.least, x.mean, x.most) for c, x in losses.items()),
                      key=lambda x: (x.least, x.mean, str(x.card)))
        used = WorldsUsed(w.method, w.count, w.total, w.seed)
        proof = Proof(state.to_act, card, min((x.least for x in rows), default=s.margin), tuple(rows), used,
                      legal_cards(state))
        steps.append(Step(state, card, proof, _tempting(state)))
    start = turns[0][0]
    themes = tuple(t for t in Theme if t.value in s.themes)
    return PuzzleVerdict(start, tuple(steps), recorded_solution(start, line or s.answer[:1]), themes, line,
                         s.margin, s.rating, False)


def _read(doc: dict[str, Any], profile: RuleProfile) -> tuple[PuzzleIn, list[tuple[GameState, Card]], tuple[Card, ...]]:
    s: PuzzleIn = read_model(PuzzleIn, doc)
    if len(s.worlds) != len(s.answer):
        raise ScenarioError([at("worlds", Msg("{n} entries; one for each card of the answer ({m})",
                                              n=len(s.worlds), m=len(s.answer)))])
    if s.losses is not None and len(s.losses) != len(s.answer):
        raise ScenarioError([at("losses", Msg("{n} entries; one for each card of the answer ({m})",
                                              n=len(s.losses), m=len(s.answer)))])
    start = position(doc, profile).run.state
    turns, line = _steps(s, start)
    return s, turns, line


def _prove(state: GameState, card: Card, w: WorldsIn) -> Proof:
    """The proof of one card on the worlds a file records; ScenarioError when they are too many to solve here."""
    from explorer.engine.puzzles.worlds import Worlds
    if w.method == "all":
        total = Worlds.of(state.view(state.to_act)).count
        if total > MAX_SOLVED:
            raise ScenarioError([at("worlds", Msg("{n} arrangements fit: too many to solve every one here (at most "
                                                  "{most}); record a sample", n=total, most=MAX_SOLVED))])
    return prove(state, answer=card, method=w.method, count=w.count, seed=w.seed)


def _unproved(card: Card, proof: Proof) -> Msg:
    b = proof.broken
    if b is None or b.rival is None:
        return Msg("{card} is not a card with a choice to prove", card=card)
    if b.lead is not None and b.lead > 0:
        return Msg("{card} is not proved: in arrangement {n} of those solved it leads {rival} by {lead} game points "
                   "only", card=card, n=b.world + 1, rival=b.rival, lead=b.lead)
    return Msg("{card} is not proved: in arrangement {n} of those solved {rival} does as well or better",
               card=card, n=b.world + 1, rival=b.rival)


def _loss_problems(s: PuzzleIn, steps: list[Step]) -> list[Msg]:
    """The recorded losses, where given, must be the proof's (the mean to a tenth)."""
    out: list[Msg] = []
    for i, (recorded, step) in enumerate(zip(s.losses or (), steps)):
        found = {x.card: x for x in step.proof.losses} if step.proof.proved else {}
        for card, loss in recorded.items():
            got = found.get(card)
            if got is None or (got.least, got.most) != (loss.least, loss.most) or abs(got.mean - loss.mean) > 0.051:
                out.append(Msg("losses[{i}]: {card} does not lose what the file records", i=i, card=card))
    return out


def _tempting(state: GameState) -> Card | None:
    """The card the rule-of-thumb player (``heuristic``) plays here: the wrong card a learner is likeliest to try."""
    from explorer.engine.players import make_player
    try:
        action = make_player("heuristic", seed=0).choose(state.view(state.to_act)).action
    except ValueError:
        return None
    card = getattr(action, "card", None)
    return card if card in legal_cards(state) else None
