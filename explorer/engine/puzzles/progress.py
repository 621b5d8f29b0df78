"""A learner's puzzle progress, as plain data a browser keeps: the ratings, the attempts, the daily streak, the
mistakes queue.

Nothing of it is stored on a server: a page keeps it in the browser (``ui/puzzles/store.py``) and this module
says what it holds and how an attempt changes it. Each rated attempt is one Glicko-2 game between the player and
the puzzle (:mod:`.rating`): the first card tapped on a puzzle decides it (a retry after a wrong card teaches, it
is not rated again). A puzzle failed joins the mistakes queue and leaves it when it is solved at the first try
from there; a practice position the review flagged (:class:`Retry`) leaves it when its card is found.

>>> p = Progress()
>>> p = attempt(p, "2026-0001", 1200, solved=False, day="2026-12-03")
>>> p.mistakes, round(p.player.rating) < 1500
(('2026-0001',), True)
>>> p = attempt(p, "2026-0001", 1200, solved=True, day="2026-12-04", daily=True)
>>> p.mistakes, p.daily.streak, p.puzzles["2026-0001"].tries
((), 1, 2)
"""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass, field, replace
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StringConstraints,
    ValidationError,
)

from explorer.engine.core.errors import InputError, ScenarioError, at, short
from explorer.engine.core.i18n import Msg
from explorer.engine.puzzles.rating import RATINGS, START_RD, START_VOL, VOLS, Rating
from explorer.engine.puzzles.rating import attempt as rated

MAX_ATTEMPTS = 300
"""The attempts kept (the latest)."""
MAX_MISTAKES = 100
MAX_RETRIES = 40
MAX_PUZZLES = 5000
PUZZLE_RD = 250.0
"""A puzzle's deviation before this browser has rated it: its first rating is an estimate."""

def _id(v: Any) -> str:
    if not isinstance(v, str) or not re.fullmatch(r"[A-Za-z0-9_.:@#-]{1,80}", v):
        raise InputError("{value} is not an id (1 to 80 letters, digits and - _ . : @ #)", value=short(v))
    return v


def _number(lo: float, hi: float):
    """A reader of a number from ``lo`` to ``hi`` that says so in the reader's language."""
    def read(v: Any) -> float:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not lo <= v <= hi:
            raise InputError("{value} is not a number from {lo} to {hi}", value=short(v), lo=lo, hi=hi)
        return float(v)
    return read


def _card(v: Any) -> str:
    """A card as the progress keeps it (its code, ``KH``); CardError, which says why, for anything else."""
    from explorer.engine.core.cards import Card
    return str(Card.parse(v))


Id = Annotated[str, BeforeValidator(_id)]
CardCode = Annotated[str, BeforeValidator(_card)]
Day = Annotated[str, StringConstraints(pattern=r"^\d{4}-\d{2}-\d{2}$")]


@dataclass(frozen=True)
class PuzzleRecord:
    """One puzzle in this browser: its rating here, the rated tries, solved once or not."""

    rating: Rating
    tries: int = 0
    solved: bool = False


@dataclass(frozen=True)
class Daily:
    """The daily puzzle: the last day it was solved, the streak of days in a row, the best streak."""

    last: str | None = None
    streak: int = 0
    best: int = 0

    def solved_on(self, day: str) -> Daily:
        """After solving the day's puzzle: the streak goes on from yesterday, or starts again."""
        if self.last == day:
            return self
        yesterday = (dt.date.fromisoformat(day) - dt.timedelta(days=1)).isoformat()
        streak = self.streak + 1 if self.last == yesterday else 1
        return Daily(day, streak, max(self.best, streak))

    def current(self, today: str) -> int:
        """The streak as it stands today (broken when yesterday's puzzle was not solved)."""
        yesterday = (dt.date.fromisoformat(today) - dt.timedelta(days=1)).isoformat()
        return self.streak if self.last in (today, yesterday) else 0


@dataclass(frozen=True)
class Retry:
    """A card the practice review flagged, as a position to try again: the deal (its seed, dealer, match totals
    and rules) and the actions before the card, the card played, and the cards the exact solver accepts there
    (``proved``: one card, proved best in every world surveyed; else those near the best on average)."""

    key: str
    seed: str
    dealer: str
    match: tuple[int, int]
    profile: Any
    actions: tuple[str, ...]
    played: str
    accepted: tuple[str, ...]
    proved: bool = False


@dataclass(frozen=True)
class Progress:
    """Everything the trainer keeps in the browser."""

    player: Rating = field(default_factory=Rating)
    puzzles: dict[str, PuzzleRecord] = field(default_factory=dict)
    attempts: tuple[tuple[str, str, bool], ...] = ()
    """(puzzle id, day, solved), the latest last."""
    daily: Daily = field(default_factory=Daily)
    mistakes: tuple[str, ...] = ()
    retries: tuple[Retry, ...] = ()
    reviewed: tuple[str, ...] = ()
    """The practice deals already reviewed for the queue (their seeds and number of actions)."""

    def puzzle_rating(self, puzzle_id: str, estimate: int) -> Rating:
        rec = self.puzzles.get(puzzle_id)
        return rec.rating if rec else Rating(float(estimate), PUZZLE_RD, START_VOL)

    @property
    def solved(self) -> set[str]:
        return {k for k, r in self.puzzles.items() if r.solved}


def attempt(p: Progress, puzzle_id: str, estimate: int, *, solved: bool, day: str, daily: bool = False) -> Progress:
    """A rated attempt: both ratings move, the attempt is kept, the queue and the daily streak follow."""
    before = p.puzzles.get(puzzle_id)
    player, puzzle = rated(p.player, p.puzzle_rating(puzzle_id, estimate), solved)
    rec = PuzzleRecord(puzzle, (before.tries if before else 0) + 1, solved or bool(before and before.solved))
    mistakes = tuple(m for m in p.mistakes if m != puzzle_id)
    if not solved:
        mistakes = (mistakes + (puzzle_id,))[-MAX_MISTAKES:]
    puzzles = dict(p.puzzles)
    puzzles[puzzle_id] = rec
    if len(puzzles) > MAX_PUZZLES:
        puzzles.pop(next(iter(puzzles)))
    out = replace(p, player=player, puzzles=puzzles, mistakes=mistakes,
                  attempts=(p.attempts + ((puzzle_id, day, solved),))[-MAX_ATTEMPTS:])
    if daily and solved:
        out = replace(out, daily=p.daily.solved_on(day))
    return out


def daily_solved_late(p: Progress, day: str) -> Progress:
    """The day's puzzle found after a wrong card: the streak counts the day (the rating already took the miss)."""
    return replace(p, daily=p.daily.solved_on(day))


def add_retries(p: Progress, retries: list[Retry], reviewed: list[str]) -> Progress:
    """Flagged practice cards join the queue (once each), and their deals are marked reviewed."""
    have = {r.key for r in p.retries}
    new = tuple(r for r in retries if r.key not in have)
    return replace(p, retries=(p.retries + new)[-MAX_RETRIES:],
                   reviewed=tuple(dict.fromkeys(p.reviewed + tuple(reviewed)))[-MAX_RETRIES * 4:])


def retry_done(p: Progress, key: str) -> Progress:
    """A practice position whose card was found leaves the queue."""
    return replace(p, retries=tuple(r for r in p.retries if r.key != key))


def merged(base: Progress | None, mine: Progress, theirs: Progress) -> Progress:
    """Another tab's progress (``theirs``) joined to this tab's (``mine``), both built on ``base``: every attempt
    of either kept, each puzzle as the tab that tried it more often has it, the player's rating of the tab that
    attempted since ``base`` (else theirs), the later daily streak, and the queues joined.

    >>> a = attempt(Progress(), "x", 1500, solved=True, day="2026-12-01")
    >>> b = attempt(Progress(), "y", 1500, solved=False, day="2026-12-01")
    >>> m = merged(Progress(), a, b)
    >>> sorted(m.puzzles), m.mistakes, len(m.attempts)
    (['x', 'y'], ('y',), 2)
    """
    before = set((base or Progress()).attempts)
    new_here = [x for x in mine.attempts if x not in before]
    attempts = (theirs.attempts + tuple(x for x in new_here if x not in theirs.attempts))[-MAX_ATTEMPTS:]
    puzzles = dict(theirs.puzzles)
    for k, rec in mine.puzzles.items():
        if k not in puzzles or rec.tries > puzzles[k].tries:
            puzzles[k] = rec
    last = {pid: ok for pid, _, ok in attempts}
    mistakes = tuple(m for m in dict.fromkeys(theirs.mistakes + mine.mistakes) if not last.get(m, False))[-MAX_MISTAKES:]
    daily = max((mine.daily, theirs.daily), key=lambda d: (d.last or "", d.streak))
    daily = replace(daily, best=max(mine.daily.best, theirs.daily.best))
    keys = {r.key for r in theirs.retries}
    done_there = {r.key for r in (base or Progress()).retries} - keys
    retries = theirs.retries + tuple(r for r in mine.retries if r.key not in keys and r.key not in done_there)
    return Progress(mine.player if new_here else theirs.player, puzzles, attempts, daily, mistakes,
                    retries[-MAX_RETRIES:], tuple(dict.fromkeys(theirs.reviewed + mine.reviewed)))


# --- the stored form ------------------------------------------------------------------------------------------

class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _RatingIn(_Model):
    rating: Annotated[float, BeforeValidator(_number(*RATINGS))]
    rd: Annotated[float, BeforeValidator(_number(0, int(START_RD)))]
    vol: Annotated[float, BeforeValidator(_number(*VOLS))]

    def rating_(self) -> Rating:
        return Rating(self.rating, self.rd, self.vol)


class _PuzzleIn(_Model):
    rating: _RatingIn
    tries: Annotated[StrictInt, Field(ge=0, le=10**6)]
    solved: StrictBool


class _DailyIn(_Model):
    last: Day | None = None
    streak: Annotated[StrictInt, Field(ge=0, le=10**5)] = 0
    best: Annotated[StrictInt, Field(ge=0, le=10**5)] = 0


class _RetryIn(_Model):
    key: Id
    seed: Annotated[str, StringConstraints(max_length=80)]
    dealer: Annotated[str, StringConstraints(pattern=r"^[SENW]$")]
    match: tuple[Annotated[StrictInt, Field(ge=0, le=400)], Annotated[StrictInt, Field(ge=0, le=400)]]
    profile: str | dict[str, Any] | None = None
    actions: Annotated[list[Annotated[str, StringConstraints(max_length=80)]], Field(max_length=100)]
    played: CardCode
    accepted: Annotated[list[CardCode], Field(min_length=1, max_length=8)]
    proved: StrictBool = False


class _ProgressIn(_Model):
    player: _RatingIn
    puzzles: Annotated[dict[Id, _PuzzleIn], Field(max_length=MAX_PUZZLES)] = {}
    attempts: Annotated[list[tuple[Id, Day, StrictBool]], Field(max_length=MAX_ATTEMPTS)] = []
    daily: _DailyIn = _DailyIn()
    mistakes: Annotated[list[Id], Field(max_length=MAX_MISTAKES)] = []
    retries: Annotated[list[_RetryIn], Field(max_length=MAX_RETRIES)] = []
    reviewed: Annotated[list[Annotated[str, StringConstraints(max_length=120)]], Field(max_length=MAX_RETRIES * 4)] = []


def from_json(value: Any) -> Progress:
    """Stored progress, checked; ScenarioError names what is wrong and where."""
    from explorer.engine.files.scenario import validation_problems
    if not isinstance(value, dict):
        raise ScenarioError([at("", Msg("puzzle progress is a mapping of keys"))])
    try:
        got = _ProgressIn.model_validate(value)
    except ValidationError as e:
        raise ScenarioError(validation_problems(e)) from None
    for i, (_, day, _) in enumerate(got.attempts):
        _day(day, f"attempts[{i}]")
    if got.daily.last:
        _day(got.daily.last, "daily.last")
    return Progress(
        player=got.player.rating_(),
        puzzles={k: PuzzleRecord(v.rating.rating_(), v.tries, v.solved) for k, v in got.puzzles.items()},
        attempts=tuple(got.attempts), daily=Daily(got.daily.last, got.daily.streak, got.daily.best),
        mistakes=tuple(dict.fromkeys(got.mistakes)),
        retries=tuple(Retry(r.key, r.seed, r.dealer, r.match, r.profile, tuple(r.actions), r.played,
                            tuple(r.accepted), r.proved) for r in got.retries),
        reviewed=tuple(got.reviewed))


def _day(day: str, where: str) -> None:
    try:
        dt.date.fromisoformat(day)
    except ValueError:
        raise ScenarioError([at(where, Msg("{day} is not a date", day=day))]) from None


def to_json(p: Progress) -> dict[str, Any]:
    """JSON-ready: what the browser keeps."""
    return {
        "player": p.player.to_dict(),
        "puzzles": {k: {"rating": r.rating.to_dict(), "tries": r.tries, "solved": r.solved} for k, r in p.puzzles.items()},
        "attempts": [list(a) for a in p.attempts],
        "daily": {"last": p.daily.last, "streak": p.daily.streak, "best": p.daily.best},
        "mistakes": list(p.mistakes),
        "retries": [{"key": r.key, "seed": r.seed, "dealer": r.dealer, "match": list(r.match), "profile": r.profile,
                     "actions": list(r.actions), "played": r.played, "accepted": list(r.accepted),
                     "proved": r.proved} for r in p.retries],
        "reviewed": list(p.reviewed),
    }
