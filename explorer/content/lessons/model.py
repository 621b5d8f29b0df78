"""The lessons' model: what a lesson file may say (its steps, questions, scenarios and blocks), checked by pydantic."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, PrivateAttr, model_validator

from explorer.engine.core.cards import Card, CardError, Seat, Team
from explorer.engine.core.i18n import LRI, PDI, Msg, Style
from explorer.engine.files.scenario import SeatT
from explorer.engine.rules.bidding import (
    Call,
    CallError,
)

ROOT = Path(__file__).resolve().parents[3]
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
    return {"label": value_words(v), "value": v}


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


def value_words(value: Any, style: Style = PAGE_STYLE) -> str:
    """An answer's value in words: a card's face (``Q♥``), Yes/No, "nobody", a list joined."""
    if value is None:
        return Msg("nobody").render(style)
    if isinstance(value, bool):
        return Msg("Yes").render(style) if value else Msg("No").render(style)
    if isinstance(value, list):
        return Msg(", ").render(style).join(value_words(v, style) for v in value)
    if isinstance(value, str):
        try:
            return Msg("{card}", card=Card.parse(value)).render(style) if style.rtl else Card.parse(value).pretty
        except CardError:
            return value
    return str(value)
