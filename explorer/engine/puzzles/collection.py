"""The shipped puzzles (``data/puzzles/*.yaml``): the set, the daily puzzle, and a puzzle near a rating.

The files are read as they are written, not proved again (``check`` and the tests do that): each entry keeps its
document for the page, which reads the position with
:func:`explorer.engine.files.kinds.puzzle.recorded`.

>>> entries = load()
>>> len(entries) >= 300, daily(entries, "2026-12-03") == daily(entries, "2026-12-03")
(True, True)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from explorer.engine.core.errors import ScenarioError

ROOT = Path(__file__).resolve().parents[3]
PUZZLES_DIR = ROOT / "data" / "puzzles"
"""The shipped set."""
NEAR = 8
"""A puzzle is offered from this many of the ones not tried yet nearest the player's rating."""


@dataclass(frozen=True)
class Entry:
    """One puzzle file: its id, first rating, themes, contract and the document itself."""

    id: str
    rating: int
    themes: tuple[str, ...]
    mode: str
    profile: str
    steps: int
    doc: dict[str, Any]


def _entry(path: Path) -> Entry:
    from explorer.engine.files.scenario import parse_text
    doc = parse_text(path.read_bytes())
    if doc.get("kind") != "puzzle":
        raise ScenarioError([f"{path.name}: not a puzzle"])
    profile = doc.get("profile")
    return Entry(str(doc.get("id") or path.stem), int(doc.get("rating") or 1500), tuple(doc.get("themes") or ()),
                 str((doc.get("contract") or {}).get("mode")), profile if isinstance(profile, str) else "custom",
                 len(doc.get("answer") or ()), doc)


@functools.cache
def load(folder: Path = PUZZLES_DIR) -> tuple[Entry, ...]:
    """Every puzzle of ``folder``, by id."""
    return tuple(sorted((_entry(p) for p in folder.glob("*.yaml")), key=lambda e: e.id))


def by_id(entries: Sequence[Entry], puzzle_id: str) -> Entry | None:
    return next((e for e in entries if e.id == puzzle_id), None)


def choices(e: Entry) -> int:
    """How many cards the player may choose from at the puzzle's first card (the answer and each card it beats)."""
    losses = e.doc.get("losses") or [{}]
    return 1 + len(losses[0] or {})


def daily_worthy(e: Entry) -> bool:
    """Whether a puzzle may be the day's: it has a theme to name, cards hidden from the player (a position whose
    every card the player can already place is a counting exercise) and three cards or more to choose from (between
    two, a guess is right half the time)."""
    worlds = e.doc.get("worlds") or [{}]
    return bool(e.themes) and int((worlds[0] or {}).get("total") or 0) > 1 and choices(e) >= 3


def daily(entries: Sequence[Entry], day: str) -> Entry:
    """The puzzle of the day (``YYYY-MM-DD``): the same for everyone, drawn from a seed of the date among the puzzles
    :func:`daily_worthy` (among all of them if none is)."""
    pool = [e for e in entries if daily_worthy(e)] or list(entries)
    return random.Random(f"baloot-daily:{day}").choice(sorted(pool, key=lambda e: e.id))


def offer(entries: Sequence[Entry], rating: float, *, tried: Collection[str] = (), skip: Collection[str] = (),
          ratings: Mapping[str, float] | None = None, seed: object = 0) -> Entry | None:
    """A puzzle near ``rating``: one of the :data:`NEAR` puzzles not ``tried`` yet (a puzzle is rated once: a missed
    one comes back in the mistakes queue) whose rating (``ratings``, this browser's, else the file's first one) is
    nearest (all the puzzles again once every one is tried), drawn from ``seed``; never one of ``skip`` while another
    is left."""
    ratings = ratings or {}
    pool = [e for e in entries if e.id not in tried and e.id not in skip] or \
        [e for e in entries if e.id not in skip] or list(entries)
    if not pool:
        return None
    near = sorted(pool, key=lambda e: (abs(ratings.get(e.id, e.rating) - rating), e.id))[:NEAR]
    return random.Random(f"baloot-offer:{seed}").choice(near)
