"""Lessons as data: load ``lessons/*.yaml``, validate them, and check answers by asking the engine.

No ``streamlit`` here: the page (``explorer/app_pages/lesson.py``) and the widgets
(:mod:`explorer.ui.lessons.view`, :mod:`explorer.ui.lessons.widgets`) render; this module
decides. The schema is documented in ``lessons/README.md``.

It lives in ``explorer/``, not in ``explorer/ui`` (it draws nothing and imports no UI
library) and not in ``explorer/engine`` (the engine holds the rules and knows nothing of
lessons, as it knows nothing of the app): it is the lessons' model, which asks the engine
every answer, every reason and every number of the rule tables.

A question never stores its answer as the truth: ``expect`` is what the author
wrote from the rules, and :func:`engine_answer` asks the engine. The tests fail when
the two disagree, so the prose cannot drift from the rules.

>>> lesson = load_lesson(LESSONS_DIR / "01-cards.yaml")
>>> step = lesson.step("sun-winner")
>>> engine_answer(step).value
'TD'
>>> grade(step, "AC").correct
False
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, PrivateAttr, ValidationError, model_validator

from explorer.content.sources import cite_all
from explorer.content.translations import content
from explorer.engine.core.cards import SEATS, Card, CardError, Rank, Seat, Suit, Team, priority_order
from explorer.engine.core.errors import ScenarioError
from explorer.engine.core.i18n import LRI, PDI, Msg, Style, plural, translator
from explorer.engine.core.i18n import text as render
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile, custom_profile
from explorer.engine.core.tables import (
    BALOOT_POINTS,
    GAME_POOL,
    HOKUM_TRUMP_ORDER,
    HOKUM_TRUMP_POINTS,
    KABOOT_AWARD,
    LAST_TRICK_BONUS,
    MATCH_TARGET,
    RAW_TOTAL,
    SUN_ORDER,
    SUN_POINTS,
    Mode,
    ProjectType,
)
from explorer.engine.files.loader import load_yaml
from explorer.engine.files.scenario import Checked, ContractIn, SeatT, check_doc, loc_path, read_model
from explorer.engine.rules.bidding import (
    BiddingState,
    Call,
    CallError,
    check_call,
    explain,
    legal_calls,
    replay,
    start,
)
from explorer.engine.rules.deal import (
    FIRST_ROUND_CARDS,
    OTHER_COMPLETION,
    SECOND_ROUND_CARDS,
    UPCARD_INDEX,
    CompletedDeal,
    DealRound,
    complete,
    deal_table,
    new_deal,
    next_dealer,
)
from explorer.engine.rules.play import card_value, is_trump, seats_from, trick_points, winning_index

ROOT = Path(__file__).resolve().parents[2]
"""The repository root: ``scenario_file`` paths are relative to it."""

LESSONS_DIR = ROOT / "lessons"
"""Where the lesson files live: ``NN-name.yaml``, shown in file-name order."""

ASKS = ("trick_winner", "trick_points", "legal_card", "card_legal", "call_legal", "verdict", "deal", "table")
"""What a question asks the engine (see lessons/README.md)."""

INPUTS = ("card", "seat", "team", "number", "choice", "yes_no")
"""How the learner answers."""

WIDGETS = ("trick_builder", "deal_demo", "bidding_demo", "play_puzzle", "project_builder",
           "score_pipeline", "match_sheet", "conversion_chart", "project_chances")
"""The interactive blocks a step may name; ``lesson_widgets`` renders them."""

PAGE_STYLE = Style(cards="face")
"""How the engine's sentences read in a lesson: card faces (``K♣``), not the codes of files (``KC``). The
functions that write sentences take a ``style`` (the page's language: ``explorer.ui.shell.lang.style()``); their
sentences are msgids of the ``ui-learn`` catalogue."""


def _formula(text: str, style: Style) -> str:
    """Left-to-right text (a sum of card values, a rank order) kept whole inside a right-to-left sentence."""
    return LRI + text + PDI if style.rtl and text else text


def _seat_words(seat: Seat, style: Style) -> str:
    """``South (S)`` in English; the seat's name in another language."""
    return f"{seat.title} ({seat.value})" if style.lang == "en" else Msg("{seat}", seat=seat).render(style)

_DEFAULT_INPUT = {"trick_winner": "card", "trick_points": "number", "legal_card": "card",
                  "card_legal": "yes_no", "call_legal": "yes_no"}
_ASK_KIND = {"trick_winner": "play", "trick_points": "play", "legal_card": "play", "card_legal": "play",
             "call_legal": "bidding"}
_WIDGET_KIND = {"trick_builder": "play", "play_puzzle": "play", "bidding_demo": "bidding",
                "project_builder": "projects", "score_pipeline": "score"}


class LessonError(ValueError):
    """A lesson file that cannot be used; ``problems`` holds one line each, naming the file and step."""

    def __init__(self, problems: list[str] | str):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("\n".join(self.problems))


class NotUnderProfile(LessonError):
    """A question its scenario cannot ask under a rules profile: there the scenario's own calls go
    another way (``reason``, the engine's words). The lesson then assumes the default rules."""

    def __init__(self, problems: list[str] | str, reason: str):
        super().__init__(problems)
        self.reason = reason


# --- schema ----------------------------------------------------------------------------------------

class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _choice(v: Any) -> Any:
    if isinstance(v, dict):
        return v
    return {"label": _display(v), "value": v}


class Choice(_Model):
    """One answer on offer: what the learner reads and the value compared with the engine's."""

    label: str
    value: Any = None


class Question(_Model):
    """A question on the step's scenario (or deal, or the rule tables) and the author's answer."""

    prompt: str
    ask: Literal[ASKS]  # type: ignore[valid-type]
    path: str | None = None
    card: str | None = None
    call: str | None = None
    input: Literal[INPUTS] | None = None  # type: ignore[valid-type]
    choices: list[Annotated[Choice, BeforeValidator(_choice)]] | None = None
    expect: Any
    explain: str

    @model_validator(mode="after")
    def _consistent(self) -> Question:
        if self.ask in ("verdict", "deal", "table") and not self.path:
            raise ValueError(f"ask: {self.ask} needs path: the key to read, e.g. award.NS")
        if self.ask not in ("verdict", "deal", "table") and self.path:
            raise ValueError(f"path is only for ask: verdict, deal or table, not {self.ask}")
        if (self.ask == "card_legal") != (self.card is not None):
            raise ValueError("card: goes with ask: card_legal (the card the question is about), and it needs one")
        if (self.ask == "call_legal") != (self.call is not None):
            raise ValueError("call: goes with ask: call_legal (e.g. 'W: ashkal'), and it needs one")
        if self.card is not None:
            try:
                self.card = str(Card.parse(self.card))
            except CardError as e:
                raise ValueError(f"card: {e}") from None
        if self.call is not None:
            try:
                call = Call.parse(self.call)
            except CallError as e:
                raise ValueError(f"call: {e}") from None
            if call.seat is None:
                raise ValueError(f"call: {self.call!r} names no seat (write e.g. 'W: ashkal')")
        if self.input is None:
            if self.choices:
                self.input = "choice"
            elif self.ask in _DEFAULT_INPUT:
                self.input = _DEFAULT_INPUT[self.ask]
            elif isinstance(self.expect, bool):
                self.input = "yes_no"
            elif isinstance(self.expect, int):
                self.input = "number"
            else:
                raise ValueError("input: say how the learner answers (card, seat, team, number, choice, yes_no)")
        if self.ask == "legal_card":
            if self.input != "card":
                raise ValueError("ask: legal_card is answered by clicking a card (input: card)")
            if not isinstance(self.expect, list) or not self.expect:
                raise ValueError("expect: for ask: legal_card, the list of every legal card, e.g. [QH]")
        if self.input == "choice":
            if not self.choices or len(self.choices) < 2:
                raise ValueError("choices: a choice question offers at least two choices")
            values = [normalise(c.value, "choice") for c in self.choices]
            if normalise(self.expect, "choice") not in values:
                raise ValueError(f"expect: {self.expect!r} is not one of the choices' values")
        elif self.choices:
            raise ValueError(f"choices: only for input: choice, not {self.input}")
        if self.ask != "legal_card":
            try:
                normalise(self.expect, self.input)
            except (ValueError, TypeError) as e:
                raise ValueError(f"expect: {e}") from None
        return self




class DealBlock(_Model):
    """A seeded deal for the deal lesson: shuffled by ``seed``, dealt by ``dealer``, completed for ``taker``."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)
    seed: int
    dealer: SeatT
    cut: int | None = None
    taker: SeatT | None = None

    @model_validator(mode="after")
    def _cut_range(self) -> DealBlock:
        if self.cut is not None and not 0 <= self.cut <= 31:
            raise ValueError(f"cut: {self.cut} is not a cut position (0 to 31)")
        return self


class Step(_Model):
    """One screen of a lesson: Markdown text, maybe a scenario or a deal, a question, a widget."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)
    id: str | None = None
    title: str
    text: str
    scenario: dict[str, Any] | None = None
    scenario_file: str | None = None
    deal: DealBlock | None = None
    widget: Literal[WIDGETS] | None = None  # type: ignore[valid-type]
    question: Question | None = None
    _doc: dict[str, Any] | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _parts(self) -> Step:
        if self.scenario is not None and self.scenario_file is not None:
            raise ValueError("give scenario or scenario_file, not both")
        if self.scenario is not None and "kind" not in self.scenario:
            raise ValueError("scenario: needs kind: (play, score, projects, bidding or deal)")
        return self

    @property
    def doc(self) -> dict[str, Any] | None:
        """The scenario, inline or read from ``scenario_file``."""
        return self._doc if self._doc is not None else self.scenario

    @property
    def kind(self) -> str | None:
        """The scenario's kind, or None without a scenario."""
        doc = self.doc
        return str(doc.get("kind")).strip().lower() if doc else None


class Lesson(_Model):
    """A lesson file: a title, a one-line summary and its steps."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)
    title: str
    summary: str
    steps: list[Step]
    _id: str = PrivateAttr(default="")
    _path: Path | None = PrivateAttr(default=None)

    @property
    def id(self) -> str:
        """The file name without ``.yaml``, e.g. ``05-cutting``."""
        return self._id

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def number(self) -> str:
        """The lesson's number from its file name (``05``), or its id."""
        head = self._id.split("-", 1)[0]
        return str(int(head)) if head.isdigit() else self._id

    @property
    def questions(self) -> list[Step]:
        """The steps that carry a question."""
        return [s for s in self.steps if s.question is not None]

    def step(self, step_id: str) -> Step:
        """The step with this id."""
        for s in self.steps:
            if s.id == step_id:
                return s
        raise KeyError(f"{self._id}: no step {step_id!r}")

    def index(self, step_id: str) -> int:
        return [s.id for s in self.steps].index(step_id)


# --- loading ---------------------------------------------------------------------------------------

def step_where(lesson: Lesson, step: Step) -> str | None:
    """Where a step's texts are in the content catalogue: ``lessons/05-cutting.yaml#third-cut`` (its msgctxt
    without the field), or None for a lesson not read from this repository's files."""
    if lesson.path is None:
        return None
    return f"{Path(_rel(lesson.path)).as_posix()}#{step.id}"


def _rel(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def _step_label(steps: Any, i: int) -> str:
    sid = None
    if isinstance(steps, list) and i < len(steps) and isinstance(steps[i], dict):
        sid = steps[i].get("id")
    return f"steps[{i}]" + (f" ({sid})" if sid else "")


def _where(loc: tuple[Any, ...], raw: dict[str, Any]) -> str:
    """A pydantic location as ``steps[3] (third-cut): question.expect``."""
    if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
        rest = loc_path(loc[2:])
        head = _step_label(raw.get("steps"), loc[1])
        return f"{head}: {rest}" if rest else head
    return loc_path(loc)


def _message(err: dict[str, Any]) -> str:
    msg = err.get("msg", "")
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
    typ = err.get("type", "")
    if typ == "missing":
        return "missing (required)"
    if typ == "extra_forbidden":
        return "is not a lesson key (see lessons/README.md)"
    if typ == "literal_error":
        return f"{err.get('input')!r} is not one of {msg.split('Input should be ', 1)[-1]}"
    return msg


def parse_lesson(raw: Any, *, lesson_id: str, path: Path | None = None) -> Lesson:
    """Validate a parsed lesson document; :class:`LessonError` names the file and the step of each problem."""
    name = _rel(path) if path else lesson_id
    if not isinstance(raw, dict):
        raise LessonError(f"{name}: a lesson is a mapping with title, summary and steps")
    try:
        lesson = Lesson.model_validate(raw)
    except ValidationError as e:
        lines = []
        for err in e.errors():
            line = f"{name}: {_where(tuple(err['loc']), raw)}: {_message(err)}"
            if line not in lines:
                lines.append(line)
        raise LessonError(lines) from None
    lesson._id = lesson_id
    lesson._path = path
    problems: list[str] = []
    if not lesson.steps:
        problems.append(f"{name}: steps: a lesson has at least one step")
    seen: set[str] = set()
    for i, step in enumerate(lesson.steps):
        if step.id is None:
            step.id = f"step-{i + 1}"
        where = f"{name}: steps[{i}] ({step.id})"
        if not re.fullmatch(r"[A-Za-z0-9_-]+", step.id):
            problems.append(f"{where}: id: use letters, digits, - and _ only")
        if step.id in seen:
            problems.append(f"{where}: id: {step.id!r} is used by another step")
        seen.add(step.id)
        if step.scenario_file is not None:
            file = (ROOT / step.scenario_file).resolve()
            if ROOT not in file.parents or not file.is_file():
                problems.append(f"{where}: scenario_file: {step.scenario_file} is not a file of this repository")
            else:
                try:
                    doc = load_yaml(file.read_bytes())
                except ScenarioError as e:
                    problems += [f"{where}: scenario_file: {step.scenario_file}: {p}" for p in e.problems]
                    doc = None
                if doc is not None and not (isinstance(doc, dict) and "kind" in doc):
                    problems.append(f"{where}: scenario_file: {step.scenario_file} is not a scenario (no kind:)")
                elif doc is not None:
                    step._doc = doc
        problems += [f"{where}: {p}" for p in _needs(step)]
    if problems:
        raise LessonError(problems)
    return lesson


def _needs(step: Step) -> list[str]:
    """What a question or widget requires of its step (a play scenario, a deal...)."""
    out: list[str] = []
    q = step.question
    kind = step.kind
    if q is not None:
        want = _ASK_KIND.get(q.ask)
        if want and kind != want:
            out.append(f"question.ask: {q.ask} needs a {want} scenario in the step"
                       + (f", not {kind}" if kind else ""))
        if q.ask == "verdict" and kind is None:
            out.append("question.ask: verdict needs a scenario in the step")
        if q.ask == "deal" and step.deal is None:
            out.append("question.ask: deal needs a deal: block in the step")
        if q.ask in ("trick_winner", "trick_points") and kind == "play":
            cards = (step.doc.get("current") or {}).get("cards") or []
            if not cards:
                out.append(f"question.ask: {q.ask} needs cards on the table (current.cards)")
    if step.widget in _WIDGET_KIND and kind is not None and kind != _WIDGET_KIND[step.widget]:
        out.append(f"widget: {step.widget} starts from a {_WIDGET_KIND[step.widget]} scenario, not {kind}")
    if step.widget == "play_puzzle" and kind is None:
        out.append("widget: play_puzzle needs a play scenario to start from")
    return out


@lru_cache(maxsize=64)
def _load_cached(path: str, mtime: int) -> Lesson:
    p = Path(path)
    try:  # the engine's safe reading: bounded, every problem located (bad bytes, depth, numbers...)
        raw = load_yaml(p.read_bytes())
    except ScenarioError as e:
        raise LessonError([f"{_rel(p)}: {problem}" for problem in e.problems]) from None
    except OSError as e:
        raise LessonError(f"{_rel(p)}: cannot be read ({e.strerror})") from None
    return parse_lesson(raw, lesson_id=p.stem, path=p)


def load_lesson(path: Path | str) -> Lesson:
    """One lesson file, validated (cached while the file is unchanged)."""
    p = Path(path).resolve()
    if not p.is_file():
        raise LessonError(f"{_rel(p)}: no such lesson file")
    return _load_cached(str(p), p.stat().st_mtime_ns)


def lesson_files(folder: Path = LESSONS_DIR) -> list[Path]:
    """The lesson files in name order."""
    return sorted(folder.glob("*.yaml"))


def load_lessons(folder: Path = LESSONS_DIR) -> list[Lesson]:
    """Every lesson in ``folder``, in file-name order; one LessonError with every file's problems."""
    lessons: list[Lesson] = []
    problems: list[str] = []
    for p in lesson_files(folder):
        try:
            lessons.append(load_lesson(p))
        except LessonError as e:
            problems += e.problems
    if problems:
        raise LessonError(problems)
    return lessons


# --- asking the engine -----------------------------------------------------------------------------

def scenario_profile(doc: dict[str, Any], profile: RuleProfile | None) -> RuleProfile:
    """The scenario's own profile when it names one, else ``profile`` (the sidebar's), else the default."""
    if doc.get("profile") is not None:
        return custom_profile(doc["profile"])
    return profile or DEFAULT_PROFILE


def judge(doc: dict[str, Any], profile: RuleProfile | None = None, style: Style = PAGE_STYLE) -> Checked:
    """Run a scenario through the engine (its own ``profile`` wins over the one given): its sentences
    in ``style`` (card faces) and the rules documents cited by name."""
    checked = check_doc(doc, profile=None if doc.get("profile") is not None else profile, style=style)
    return replace(checked, output=cite_all(checked.output, style.lang)) if checked.ok else checked


def bidding_state(doc: dict[str, Any], profile: RuleProfile | None = None,
                  style: Style = PAGE_STYLE) -> tuple[BiddingState, str | None]:
    """The bidding snapshot after a bidding scenario's calls, and the reason of the first illegal call (or None)."""
    prof = scenario_profile(doc, profile)
    state = start(Seat.parse(doc["dealer"]), Card.parse(doc["upcard"]), match=doc.get("match"), profile=prof)
    for stage, entries in (("bidding", doc.get("calls") or []), ("escalation", doc.get("escalation") or [])):
        calls = []
        for c in entries:
            suit = Suit.parse(c["suit"]) if c.get("suit") else None
            text = c["call"] + (f" {suit.value}" if suit else "") + (" locked" if c.get("locked") else "")
            calls.append(Call.parse(f"{c['seat']}: {text}"))
        state, _, verdict = replay(state, calls, stage=stage)
        if verdict is not None:
            return state, render(verdict.reason, style)
    return state, None


@dataclass(frozen=True)
class TrickView:
    """A whole (or partial) trick for the card questions: leader, cards in play order, contract."""

    leader: Seat
    cards: tuple[Card, ...]
    mode: Mode
    trump: Suit | None

    @property
    def seats(self) -> list[Seat]:
        """The seat of each card, in play order."""
        return list(seats_from(self.leader, len(self.cards)))


def trick_view(doc: dict[str, Any]) -> TrickView:
    """The trick of a play scenario: ``current.cards``, plus the hand's card when the hand holds one card.

    A play scenario whose fourth seat holds a single card shows a whole trick: that card is forced.
    """
    cur = doc.get("current") or {}
    cards = [Card.parse(c) for c in cur.get("cards") or []]
    hand = [Card.parse(c) for c in doc.get("hand") or []]
    if len(hand) == 1 and len(cards) == 3:
        cards.append(hand[0])
    contract = read_model(ContractIn, doc["contract"])  # the engine's reading: an unknown mode is an error
    return TrickView(Seat.parse(cur["leader"]), tuple(cards), contract.mode, contract.trump)


def trick_winner_reason(t: TrickView, style: Style = PAGE_STYLE) -> tuple[Card, str]:
    """The card winning the trick and why, from the engine's trick rules."""
    i = winning_index(t.cards, t.mode, t.trump)
    win = t.cards[i]
    led = t.cards[0].suit
    who = _seat_words(t.seats[i], style)
    if is_trump(win, t.mode, t.trump):
        trumps = [c for c in t.cards if is_trump(c, t.mode, t.trump)]
        order = _formula(" ".join(r.label for r in HOKUM_TRUMP_ORDER), style)
        if len(trumps) == 1 and led is not t.trump:
            why = Msg("it is the only trump ({suit}) in the trick, and a trump beats every card "
                       "of the other suits, even an Ace", suit=t.trump).render(style)
        else:
            why = Msg("it is the highest trump in the trick (trumps rank {order})", order=order).render(style)
        return win, Msg("{card} wins for {who}: {why}.", card=win, who=who, why=why).render(style)
    order = _formula(" ".join(r.label for r in SUN_ORDER), style)
    others = [c for c in t.cards if c.suit is not led]
    extra = plural("; {cards} is of another suit and cannot win", "; {cards} are of another suit and cannot win",
                   len(others), cards=others).render(style) if others else ""
    return win, Msg("{card} wins for {who}: it is the highest card of the led suit, {suit} "
                     "(plain order {order}){extra}.", card=win, who=who, suit=led, order=order, extra=extra).render(style)


def trick_points_reason(t: TrickView, style: Style = PAGE_STYLE) -> tuple[int, str]:
    """The trick's raw points and the sum card by card, with the point table it follows (from ``tables``)."""
    total = trick_points(t.cards, t.mode, t.trump)
    parts = " + ".join(f"{c.pretty} {card_value(c, t.mode, t.trump)}" for c in t.cards)
    plain_suits = _formula(_point_table(SUN_ORDER, SUN_POINTS), style)
    if t.mode is Mode.HOKUM:
        note = Msg(" (trumps, {suit}: {table}; other suits: {plain})", suit=t.trump,
                    table=_formula(_point_table(HOKUM_TRUMP_ORDER, HOKUM_TRUMP_POINTS), style), plain=plain_suits).render(style)
    else:
        nothing = _formula(" ".join(r.label for r in SUN_ORDER if not SUN_POINTS[r]), style)
        note = Msg(" (Sun: {plain}, {nothing} nothing)", plain=plain_suits, nothing=nothing).render(style)
    return total, Msg("{sum}{note}.", sum=_formula(f"{parts} = {total}", style), note=note).render(style)


def _point_table(order: Iterable[Rank], points: Mapping[Rank, int]) -> str:
    """``J 20, 9 14, A 11, …``: the ranks that count, strongest first."""
    return ", ".join(f"{r.label} {points[r]}" for r in order if points[r])


def deal_of(block: DealBlock) -> CompletedDeal:
    """The engine's deal for a deal block, completed for its taker (default: the dealer's right)."""
    d = new_deal(block.seed, dealer=block.dealer, cut=block.cut)
    return complete(d, block.taker or block.dealer.right)


def deal_facts(block: DealBlock) -> dict[str, Any]:
    """Facts of a seeded deal a question may ask (see lessons/README.md), all from the engine."""
    done = deal_of(block)
    d = done.deal
    taker = done.taker
    taker_steps = [s for s in done.steps if s.round is DealRound.COMPLETION and s.seat is taker]
    return {
        "dealer": d.dealer.value,
        "cutter": d.cutter.value,
        "cut": d.cut,
        "order": [s.value for s in priority_order(d.dealer)],
        "first_seat": d.steps[0].seat.value,
        "upcard": str(d.upcard),
        "upcard_position": UPCARD_INDEX + 1,
        "first_round_cards": FIRST_ROUND_CARDS,
        "second_round_cards": SECOND_ROUND_CARDS,
        "hand_size_before": len(d.hand(d.dealer)),
        "hand_size_after": len(done.hand(d.dealer)),
        "taker": taker.value,
        "taker_draws": len([s for s in taker_steps if s.card != d.upcard]),
        "other_draws": OTHER_COMPLETION,
        "first_leader": priority_order(d.dealer)[0].value,
        "next_dealer": next_dealer(d.dealer).value,
        "partner": {s.value: s.partner.value for s in SEATS},
        "right": {s.value: s.right.value for s in SEATS},
        "left": {s.value: s.left.value for s in SEATS},
        "team": {s.value: s.team.value for s in SEATS},
        "steps": deal_table(done.steps),
    }


def _deal_reason(path: str, block: DealBlock, facts: dict[str, Any], style: Style = PAGE_STYLE) -> str:
    head = _tokens(path)[0]
    dealer = Seat.parse(facts["dealer"])
    doc = translator(style.lang).gettext
    if head in ("partner", "team"):
        return Msg("Partners sit opposite each other: South and North are team NS, East and West are team EW.").render(style)
    if head in ("right", "left", "order"):
        toks = _tokens(path)
        seat = Seat.parse(str(toks[1])) if len(toks) > 1 and head != "order" else Seat.S
        side = seat.left if head == "left" else seat.right
        names = (seat.title, side.title) if style.lang == "en" else (seat, side)
        if head == "left":
            return Msg("Play goes anticlockwise: S → E → N → W → S. The next seat is the one to your right: "
                        "{seat}'s left is {side}.", seat=names[0], side=names[1]).render(style)
        return Msg("Play goes anticlockwise: S → E → N → W → S. The next seat is the one to your right: "
                    "{seat}'s right is {side}.", seat=names[0], side=names[1]).render(style)
    if head in ("cutter", "cut"):
        return Msg("The dealer's left neighbour cuts: {dealer} deals, so {cutter} cuts.", dealer=dealer,
                    cutter=Seat.parse(facts["cutter"])).render(style)
    if head in ("first_seat", "first_round_cards", "second_round_cards", "hand_size_before"):
        return Msg("{first} {then} {dealer} deals, so {seat} (the dealer's right) receives the first card.", first=doc(DealRound.FIRST_THREE.doc), then=doc(DealRound.THEN_TWO.doc), dealer=dealer,
                    seat=Seat.parse(facts["first_seat"])).render(style)
    if head in ("upcard", "upcard_position"):
        return Msg("{rule} Here it is {card}.", rule=doc(DealRound.UPCARD.doc),
                    card=Card.parse(facts["upcard"])).render(style)
    if head in ("taker", "taker_draws", "other_draws", "hand_size_after"):
        return Msg("{rule} {taker} takes the upcard and {n} more; everyone ends with {cards} cards.", rule=doc(DealRound.COMPLETION.doc), taker=Seat.parse(facts["taker"]), n=facts["taker_draws"],
                    cards=facts["hand_size_after"]).render(style)
    if head == "first_leader":
        return Msg("The dealer's right leads the first trick, whoever bought: {dealer} dealt, so {seat} leads.", dealer=dealer, seat=Seat.parse(facts["first_leader"])).render(style)
    if head == "next_dealer":
        return Msg("The deal rotates to the dealer's right: after {dealer} comes {seat}.", dealer=dealer,
                    seat=Seat.parse(facts["next_dealer"])).render(style)
    if head == "steps":
        toks = _tokens(path)
        if len(toks) > 1 and isinstance(toks[1], int):
            done = deal_of(block)
            said = render(done.steps[toks[1]].describe(), style)
            return (said.capitalize() if style.lang == "en" else said) + "."
    return Msg("From the engine's deal.").render(style)


def table_facts() -> dict[str, Any]:
    """The rule-table numbers a question may ask, from the engine's tables."""
    return {
        "raw_total": {m.value: RAW_TOTAL[m] for m in Mode},
        "game_pool": {m.value: GAME_POOL[m] for m in Mode},
        "kaboot": {m.value: KABOOT_AWARD[m] for m in Mode},
        "last_trick": LAST_TRICK_BONUS,
        "match_target": MATCH_TARGET,
        "baloot": BALOOT_POINTS,
        "deck": 32,
    }


def _table_reason(path: str, style: Style = PAGE_STYLE) -> str:
    head = _tokens(path)[0]
    if head in ("raw_total", "last_trick", "deck"):
        return Msg("The cards are worth {hokum} in Hokum and {sun} in Sun; the last trick adds {last}: "
                    "{hokum_raw} and {sun_raw} raw points.", hokum=RAW_TOTAL[Mode.HOKUM] - LAST_TRICK_BONUS,
                    sun=RAW_TOTAL[Mode.SUN] - LAST_TRICK_BONUS, last=LAST_TRICK_BONUS,
                    hokum_raw=RAW_TOTAL[Mode.HOKUM], sun_raw=RAW_TOTAL[Mode.SUN]).render(style)
    if head == "game_pool":
        return Msg("Card points convert to a pool of {hokum} game points in Hokum and {sun} in Sun.", hokum=GAME_POOL[Mode.HOKUM], sun=GAME_POOL[Mode.SUN]).render(style)
    if head == "kaboot":
        return Msg("Taking all eight tricks (Kaboot) scores {hokum} in Hokum and {sun} in Sun.", hokum=KABOOT_AWARD[Mode.HOKUM], sun=KABOOT_AWARD[Mode.SUN]).render(style)
    if head == "match_target":
        return Msg("The match ends when a team reaches {target} game points. {hokum} and {sun} are the card "
                    "points of one deal, a different thing.", target=MATCH_TARGET,
                    hokum=RAW_TOTAL[Mode.HOKUM], sun=RAW_TOTAL[Mode.SUN]).render(style)
    if head == "baloot":
        return Msg("Baloot, the King and Queen of trumps in one hand, is worth {n} game points.", n=BALOOT_POINTS).render(style)
    return Msg("From the engine's rule tables.").render(style)


_TOKEN = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _tokens(path: str) -> list[str | int]:
    return [int(i) if i else k for k, i in _TOKEN.findall(path)]


def read_path(data: Any, path: str) -> Any:
    """The value at ``award.NS`` or ``by_seat.E.projects[0].type``; KeyError naming the missing part.

    >>> read_path({"a": {"b": [1, {"c": 2}]}}, "a.b[1].c")
    2
    """
    cur = data
    done = ""
    for tok in _tokens(path):
        if isinstance(tok, int):
            if not isinstance(cur, list) or tok >= len(cur):
                raise KeyError(f"{path}: {done or 'the verdict'} has no item [{tok}]")
            cur = cur[tok]
            done += f"[{tok}]"
        else:
            if not isinstance(cur, dict) or tok not in cur:
                raise KeyError(f"{path}: {done or 'the verdict'} has no key {tok!r}")
            cur = cur[tok]
            done += ("." if done else "") + tok
    return cur


_SCORE_STEPS = {
    "counting_team": ("counting_team",),
    "converted": ("conversion", "complement"),
    "comparison": ("projects", "baloot", "comparison", "tie_rule"),
    "winner": ("comparison", "tie_rule"),
    "buyer_made": ("comparison", "tie_rule", "award"),
    "award": ("comparison", "tie_rule", "award"),
    "kaboot": ("award",),
    "project_team": ("projects",),
    "project_points": ("projects",),
    "baloot_points": ("baloot",),
    "match": ("award", "match"),
    "match_winner": ("award", "match"),
}


def _verdict_reason(step: Step, output: dict[str, Any], path: str, profile: RuleProfile | None,
                    style: Style = PAGE_STYLE) -> str:
    kind = output.get("kind")
    head = _tokens(path)[0]
    if kind == "score":
        wanted = _SCORE_STEPS.get(str(head))
        lines = [s["detail"] for s in output.get("steps", []) if wanted is None or s["step"] in wanted]
        return " ".join(lines)
    if kind == "projects":
        parts = []
        trump = (output.get("contract") or {}).get("trump")
        for seat, info in output.get("by_seat", {}).items():
            shown = [Msg("{project} ({cards}, {value})", project=ProjectType(p["type"]),
                          cards=_formula(" ".join(Card.parse(c).pretty for c in p["cards"]), style), value=p["value"]).render(style)
                     for p in info["projects"]]
            if info.get("baloot"):
                inside = "" if info.get("baloot_separate") else Msg(" inside that run, so no separate 2").render(style)
                shown.append(Msg("Baloot ({king} {queen}){inside}", king=Card.parse("K" + trump),
                                  queen=Card.parse("Q" + trump), inside=inside).render(style))
            held = Msg(" and ").render(style).join(shown) if shown else Msg("no project").render(style)
            parts.append(Msg("{seat} holds {projects}.", seat=Seat.parse(seat), projects=held).render(style))
        pts = output.get("points") or {}
        parts += [output.get("reason", ""), Msg("Game points for projects and Baloot: NS {ns}, EW {ew}.", ns=pts.get("NS", 0), ew=pts.get("EW", 0)).render(style)]
        return " ".join(parts).strip()
    if kind == "bidding":
        if output.get("error"):
            return output["error"]["reason"]
        state, _ = bidding_state(step.doc, profile, style)
        said = render(explain(state), style)
        if state.next is not None and head in ("next", "legal_calls"):
            said += " " + Msg("{seat} may: {calls}.", seat=state.next,
                               calls=[v.call.message() for v in _legal(state)]).render(style)
        return said
    if kind == "play":
        return output.get("rule", "")
    if kind == "deal":
        err = output.get("error")
        return err["reason"] if err else Msg("The engine checked every card of the deal.").render(style)
    return ""


def _legal(state: BiddingState):
    return [v for v in legal_calls(state) if v.legal]


@dataclass(frozen=True)
class EngineAnswer:
    """The engine's answer to a question: the value, how to show it, and the engine's reason.

    ``accepted`` lists every answer counted right (the legal cards for ``legal_card``).
    """

    value: Any
    display: str
    reason: str
    accepted: tuple[Any, ...] = ()
    verdicts: dict[str, tuple[bool, str]] = field(default_factory=dict)

    def accepts(self, given: Any) -> bool:
        return given in self.accepted if self.accepted else given == self.value


def normalise(value: Any, how: str | None) -> Any:
    """An answer in the form it is compared: canonical card, seat or team, int, bool, or lowercase text.

    >>> normalise("10h", "card"), normalise("s", "seat"), normalise("yes", "yes_no")
    ('TH', 'S', True)
    """
    if how == "card":
        return str(Card.parse(str(value)))
    if how == "seat":
        return Seat.parse(str(value)).value
    if how == "team":
        return Team.parse(str(value)).value
    if how == "number":
        if isinstance(value, bool):
            raise ValueError(f"{value!r} is not a number")
        return int(value)
    if how == "yes_no":
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("yes", "true", "y"):
            return True
        if text in ("no", "false", "n"):
            return False
        raise ValueError(f"{value!r} is not yes or no")
    if isinstance(value, str):
        return value.strip().lower()
    if isinstance(value, list):
        return [normalise(v, how) for v in value]
    return value


def _display(value: Any, style: Style = PAGE_STYLE) -> str:
    if value is None:
        return Msg("nobody").render(style)
    if isinstance(value, bool):
        return Msg("Yes").render(style) if value else Msg("No").render(style)
    if isinstance(value, list):
        return Msg(", ").render(style).join(_display(v, style) for v in value)
    if isinstance(value, str):
        try:
            return Msg("{card}", card=Card.parse(value)).render(style) if style.rtl else Card.parse(value).pretty
        except CardError:
            return value
    return str(value)


def display(value: Any, question: Question | None = None, style: Style = PAGE_STYLE,
            where: str | None = None) -> str:
    """An answer as the page shows it: a choice's label, ``Q♥`` for a card, Yes/No (in ``style``'s language;
    ``where``, ``lessons/05-cutting.yaml#third-cut``, finds a choice label's translation)."""
    if question is not None and question.choices:
        for j, c in enumerate(question.choices):
            if normalise(c.value, "choice") == normalise(value, "choice"):
                return choice_label(question, j, style, where)
    if question is not None and question.input == "seat" and value is not None:
        try:
            return _seat_words(Seat.parse(str(value)), style)
        except CardError:
            pass
    if question is not None and question.input == "team" and value is not None and style.lang != "en":
        try:
            return Msg("{team}", team=Team.parse(str(value))).render(style)
        except CardError:
            pass
    return _display(value, style)


def choice_label(question: Question, j: int, style: Style = PAGE_STYLE, where: str | None = None) -> str:
    """The label of a question's choice ``j`` in ``style``'s language: the content catalogue's translation of
    the label the author wrote (at ``where`` + ``.question.choices[j].label``), or the value in words."""
    c = question.choices[j]
    if style.lang == "en":
        return c.label
    if c.label == _display(c.value) and where is not None:  # no label written: the value in words
        return _display(c.value, style)
    return content(c.label, f"{where}.question.choices[{j}].label" if where else None, style.lang)


def engine_answer(step: Step, profile: RuleProfile | None = None, style: Style = PAGE_STYLE,
                  where: str | None = None) -> EngineAnswer:
    """Ask the engine the step's question; :class:`LessonError` if the scenario cannot be judged.

    The reasons and the answer's words are in ``style``'s language (``where``: the step's place in its lesson
    file, ``lessons/05-cutting.yaml#third-cut``, to find the translations of the author's choice labels)."""
    q = step.question
    if q is None:
        raise LessonError(f"step {step.id} has no question")
    how = q.input
    if q.ask == "table":
        value = read_path(table_facts(), q.path)
        return EngineAnswer(normalise(value, how), display(value, q, style, where), _table_reason(q.path, style))
    if q.ask == "deal":
        facts = deal_facts(step.deal)
        value = read_path(facts, q.path)
        return EngineAnswer(normalise(value, how), display(value, q, style, where),
                            _deal_reason(q.path, step.deal, facts, style))
    doc = step.doc
    checked = judge(doc, profile, style)
    if not checked.ok:
        raise LessonError([f"scenario: {e}" for e in checked.errors])
    out = checked.output
    if q.ask == "trick_winner":
        card, reason = trick_winner_reason(trick_view(doc), style)
        return EngineAnswer(str(card), _display(str(card), style), reason)
    if q.ask == "trick_points":
        total, reason = trick_points_reason(trick_view(doc), style)
        return EngineAnswer(total, str(total), reason)
    if q.ask in ("legal_card", "card_legal"):
        verdicts = {v["card"]: (v["legal"], v["reason"]) for v in out["verdicts"]}
        if q.ask == "legal_card":
            legal = tuple(sorted(out["legal"]))
            return EngineAnswer(list(legal), _display(list(legal), style), out["rule"],
                                accepted=legal, verdicts=verdicts)
        if q.card not in verdicts:
            raise LessonError(f"question.card: {q.card} is not in the hand")
        legal, reason = verdicts[q.card]
        return EngineAnswer(legal, display(legal, q, style, where), reason, verdicts=verdicts)
    if q.ask == "call_legal":
        state, err = bidding_state(doc, profile, style)
        if err:
            raise NotUnderProfile(f"scenario: the calls stop at an illegal call ({err}); call_legal asks about "
                                  "the state after legal calls", err)
        v = check_call(state, Call.parse(q.call))
        return EngineAnswer(v.legal, display(v.legal, q, style, where), render(v.reason, style))
    value = read_path(out, q.path)
    return EngineAnswer(normalise(value, how if how != "choice" else None) if value is not None else None,
                        display(value, q, style, where), _verdict_reason(step, out, q.path, profile, style))


@dataclass(frozen=True)
class Feedback:
    """How one answer was judged: right or not, the engine's reason, the author's explanation."""

    correct: bool
    given: str
    answer: str
    reason: str
    explain: str
    differs_from_text: bool = False
    assumed_default: bool = False
    """The scenario's calls do not happen this way under the learner's profile, so the answer was judged
    under the default rules the lesson assumes (see :func:`not_under`)."""


def expected(step: Step) -> Any:
    """The author's ``expect``, normalised like an answer (a sorted list for ``legal_card``)."""
    q = step.question
    if q.ask == "legal_card":
        return sorted(normalise(c, "card") for c in q.expect)
    return normalise(q.expect, q.input if q.input != "choice" else None) if q.expect is not None else None


def agrees(step: Step, answer: EngineAnswer) -> bool:
    """Whether the engine's answer is the one the lesson's text expects."""
    want = expected(step)
    if step.question.ask == "legal_card":
        return sorted(answer.accepted) == want
    return answer.value == want


def not_under(step: Step, profile: RuleProfile | None, style: Style = PAGE_STYLE) -> str | None:
    """Why the step's question cannot be asked under ``profile`` (the engine's words), or None when it can.

    Then the lesson assumes the default rules and :func:`grade` judges the answer under them.
    """
    if step.question is None or profile is None or step.doc is None or step.doc.get("profile") is not None:
        return None
    try:
        engine_answer(step, profile, style)
    except NotUnderProfile as e:
        return e.reason
    return None


def grade(step: Step, given: Any, profile: RuleProfile | None = None, style: Style = PAGE_STYLE,
          where: str | None = None) -> Feedback:
    """Judge a learner's answer against the engine (under ``profile`` unless the scenario names one).

    A question that ``profile`` cannot ask (:func:`not_under`) is judged under the default rules. The feedback's
    words are in ``style``'s language; ``where`` (``lessons/05-cutting.yaml#third-cut``) finds the translations
    of the author's texts (choice labels, the explanation).
    """
    q = step.question
    try:  # one engine run: a question ``profile`` cannot ask (:func:`not_under`) falls back to the default rules
        answer, assumed_default = engine_answer(step, profile, style, where), False
    except NotUnderProfile:
        answer, assumed_default = engine_answer(step, DEFAULT_PROFILE, style, where), True
    how = q.input if q.input != "choice" else None
    try:
        value = normalise(given, how) if given is not None else None
    except (ValueError, TypeError, CardError):
        value = given
    correct = answer.accepts(value)
    reason = answer.reason
    if q.ask in ("legal_card",) and isinstance(value, str) and value in answer.verdicts:
        reason = answer.verdicts[value][1]
    shown = display(given, q, style, where)
    explained = content(q.explain, f"{where}.question.explain" if where else None, style.lang)
    return Feedback(correct, shown, answer.display, reason, explained, not agrees(step, answer), assumed_default)


def check_lesson(lesson: Lesson, profile: RuleProfile | None = None) -> list[str]:
    """Every scenario judged and every ``expect`` compared with the engine: one line per disagreement."""
    name = _rel(lesson.path) if lesson.path else lesson.id
    problems: list[str] = []
    for i, step in enumerate(lesson.steps):
        where = f"{name}: steps[{i}] ({step.id})"
        if step.doc is not None:
            checked = judge(step.doc, profile)
            problems += [f"{where}: scenario: {e}" for e in checked.errors]
            if checked.ok and step.kind == "bidding" and step.question and step.question.ask == "call_legal":
                _, err = bidding_state(step.doc, profile)
                if err:
                    problems.append(f"{where}: scenario: an illegal call stops the bidding: {err}")
        if step.deal is not None:
            try:
                deal_of(step.deal)
            except ValueError as e:
                problems.append(f"{where}: deal: {e}")
        if step.question is None or any(p.startswith(where) for p in problems):
            continue
        try:
            answer = engine_answer(step, profile)
        except (LessonError, KeyError, ScenarioError, ValueError) as e:
            lines = e.problems if isinstance(e, LessonError) else [str(e)]
            problems += [f"{where}: question: {x}" for x in lines]
            continue
        if not agrees(step, answer):
            problems.append(f"{where}: question.expect is {step.question.expect!r} but the engine says "
                            f"{answer.value!r} ({answer.reason})")
    return problems


def play_rule_ids(lessons: Iterable[Lesson], profile: RuleProfile | None = None) -> set[str]:
    """The engine's ``rule_id`` for every play scenario with a question in these lessons."""
    out: set[str] = set()
    for lesson in lessons:
        for step in lesson.questions:
            if step.kind == "play":
                checked = judge(step.doc, profile)
                if checked.ok:
                    out.add(checked.output["rule_id"])
    return out


def lesson_by_id(lessons: Iterable[Lesson], lesson_id: str) -> Lesson:
    for lesson in lessons:
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(lesson_id)


__all__ = [
    "ASKS", "INPUTS", "WIDGETS", "LESSONS_DIR", "Choice", "DealBlock", "EngineAnswer", "Feedback", "Lesson",
    "LessonError", "NotUnderProfile", "Question", "Step", "agrees", "bidding_state", "check_lesson", "deal_facts", "deal_of",
    "display", "engine_answer", "expected", "grade", "judge", "load_lesson", "load_lessons", "normalise", "not_under",
    "play_rule_ids", "read_path", "scenario_profile", "table_facts", "trick_view",
]
