"""Puzzles generated from self-play, reproducibly, one file each, in shards that any batch scheduler can run; and
from recorded deals (the practice table's saved deals, any ``kind: deal`` file with every hand).

``python -m explorer puzzles generate --count N --seed S --out DIR [--workers K] [--shard I/N]``
``python -m explorer puzzles generate --count N --seed S --out DIR --from DEAL.yaml [DEAL2.yaml ...]`` (files
``<S>-r0000.yaml`` onwards)

Puzzle number ``i`` (0 to N − 1) depends only on the seed and ``i``: its slot (a named profile, Sun or Hokum, and
for most a theme it prefers), then deals ``puzzles:S:i:0``, ``puzzles:S:i:1``… played by four rule-of-thumb
players (``heuristic``) until one has a position that proves (:mod:`.prove`). So a shard (``--shard 2/4``: the
numbers ``i`` with ``i % 4 == 1``) writes exactly the files the whole run would, a run stopped midway is resumed
by running it again (a file already written is kept), and ``--workers`` only spreads the numbers over processes.

A position is a candidate when 2 to 6 tricks are left and the seat to play has two or more cards to choose
from; it is first solved as dealt (all hands open: one card must lead the others by the margin there), then
proved on the worlds the player can imagine, turned so that the player sits South, and where the player's next
card is proved too it becomes a line of two. Each file is checked by ``check`` before it is written.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from explorer.engine.core.cards import SEATS, Card, Seat
from explorer.engine.core.contract import Escalation, Level
from explorer.engine.core.profiles import PROFILES, RuleProfile, get_profile
from explorer.engine.core.tables import Mode
from explorer.engine.game.state import Declare, GameState, Play, Stage
from explorer.engine.players import make_player
from explorer.engine.puzzles.doc import position_doc, to_south
from explorer.engine.puzzles.line import line_states
from explorer.engine.puzzles.prove import MIN_MARGIN, Proof, awards, legal_cards, prove
from explorer.engine.puzzles.rating import estimate
from explorer.engine.puzzles.themes import Theme, find_themes, solution

TRICKS_LEFT = range(2, 7)
"""The positions a puzzle may come from: 2 to 6 tricks left (the current one included)."""
SLOTS: tuple[tuple[str, Mode], ...] = tuple((p, m) for p in PROFILES for m in (Mode.HOKUM, Mode.SUN))
"""Puzzle ``i`` is of slot ``i % 6``: each named profile, in Hokum and in Sun, in turn."""
HOKUM_THEMES = tuple(Theme)
OUTCOME_THEMES = (Theme.KHASARA, Theme.LAST_TRICK, Theme.KABOOT, Theme.SAWA)
SUN_THEMES = (Theme.KEEPING_MASTER, Theme.POINTS_TO_PARTNER, Theme.KHASARA, Theme.LAST_TRICK, Theme.KABOOT, Theme.SAWA)
"""The themes a slot prefers in turn (Sun has no trump: no cut, no Ekka, no lock)."""
PREFER_DEALS = 150
"""Deals tried for a puzzle of the preferred theme before any puzzle is taken."""
MAX_DEALS = 400
"""Deals tried for one puzzle before giving up on its number."""


@dataclass(frozen=True)
class Slot:
    """What puzzle ``index`` is: its profile, its contract's mode, the theme it prefers (None: any)."""

    index: int
    profile: RuleProfile
    mode: Mode
    theme: Theme | None

    @classmethod
    def of(cls, index: int) -> Slot:
        profile_id, mode = SLOTS[index % len(SLOTS)]
        themes = HOKUM_THEMES if mode is Mode.HOKUM else SUN_THEMES
        turn = index // len(SLOTS)
        theme = themes[turn % len(themes)] if turn % 4 != 3 else None   # one in four takes what comes
        return cls(index, get_profile(profile_id), mode, theme)


def puzzle_id(seed: int, index: int) -> str:
    """The puzzle's id and file stem: ``<seed>-<index>``.

    >>> puzzle_id(2026, 7)
    '2026-0007'
    """
    return f"{seed}-{index:04d}"


def _bid(deal_seed: str, profile: RuleProfile) -> GameState:
    """A seeded deal bid by four rule-of-thumb players, up to its first card (or its redeal)."""
    g = GameState.new(deal_seed, profile=profile)
    players = {s: make_player("heuristic", seed=f"{deal_seed}:{s.value}") for s in SEATS}
    while g.stage in (Stage.BIDDING, Stage.DOUBLING):
        g = g.apply(players[g.to_act].choose(g.view(g.to_act)).action)
    return g


def deal_for(slot: Slot, seed: int, j: int) -> GameState | None:
    """Deal ``j`` of a slot at its first card, or None when its contract is not the slot's mode (or it was passed)."""
    g = _bid(f"puzzles:{seed}:{slot.index}:{j}", slot.profile)
    if g.stage is not Stage.PLAY or g.contract.mode is not slot.mode:
        return None
    if slot.theme is Theme.LOCKED:       # the same hands, doubled locked by an opponent of the buyer
        buyer = g.contract.buyer
        g = GameState.from_hands({s: g.original(s) for s in SEATS}, dealer=g.dealer, contract=g.contract,
                                 escalation=Escalation(Level.DOUBLE, buyer.right, True), match=g.match,
                                 profile=slot.profile)
    return g


def positions(g: GameState, seed: str, choices: int = 2) -> list[GameState]:
    """Every candidate position of a deal played by rule-of-thumb players (``choices`` cards or more to choose
    from), the deepest first (most tricks left), shuffled by ``seed`` among equals."""
    players = {s: make_player("heuristic", seed=f"{seed}:{s.value}") for s in SEATS}
    out = []
    while not g.finished:
        if candidate(g, choices):
            out.append(g)
        g = g.apply(players[g.to_act].choose(g.view(g.to_act)).action)
    random.Random(seed).shuffle(out)
    out.sort(key=lambda st: len(st.completed_tricks))
    return out


def candidate(g: GameState, choices: int = 2) -> bool:
    """Whether a position may be a puzzle: 2 to 6 tricks left, no project to declare, ``choices`` cards or more to
    choose from (two by default: a batch of harder puzzles asks for three)."""
    actions = g.legal_actions()
    return (8 - len(g.completed_tricks) in TRICKS_LEFT and not any(isinstance(a, Declare) for a in actions)
            and len({a.card for a in actions if isinstance(a, Play)}) >= choices)


def could_show(theme: Theme | None, state: GameState) -> bool:
    """Whether a position can have ``theme`` at all (so that a slot preferring it looks only there)."""
    if theme is None or theme in OUTCOME_THEMES:
        return True
    c = state.contract
    seat = state.to_act
    hand = state.hand(seat)
    cur = state.current
    table = cur.cards if cur else ()
    trumps = [x for x in hand if x.suit is c.trump]
    if theme is Theme.THIRD_SEAT_CUT:
        return (len(table) == 2 and cur.leader is seat.partner and len(trumps) >= 1
                and not any(x.suit is table[0].suit for x in hand))
    if theme in (Theme.EKKA, Theme.DRAWING_TRUMPS):
        return not table and (bool(trumps) if theme is Theme.DRAWING_TRUMPS else len(trumps) < len(hand))
    if theme is Theme.POINTS_TO_PARTNER:
        return bool(table)
    return True


def _worth_proving(state: GameState) -> bool:
    """As dealt, all hands open, one card must already lead every other by the margin."""
    row = awards(state)
    best = max(row.values())
    return sum(1 for v in row.values() if v > best - MIN_MARGIN) == 1


def _line_from(state: GameState, card: Card) -> tuple[Card, ...]:
    from explorer.engine.solver.search import solve
    return next(v.line for v in solve(state).cards if v.card == card)


def _second_step(state: GameState, line: tuple[Card, ...], seed: str) -> tuple[Proof, tuple[Card, ...]] | None:
    """The player's next card along the line, when it is proved too: its proof and the line through it."""
    seat = state.to_act
    states = [state, *line_states(state, line)]
    for k in range(1, len(line)):
        st = states[k]
        if st.to_act is seat:
            if len(legal_cards(st)) < 2:
                return None
            p = prove(st, seed=f"{seed}:2")
            if not p.proved:
                return None
            return p, line[:k] + _line_from(st, p.answer)
    return None


def make_puzzle(g: GameState, seed: int, index: int, pid: str | None = None) -> dict[str, Any] | None:
    """The puzzle file of one position (any seat to play, turned to South), or None when it does not prove; its id
    ``pid`` (self-play's :func:`puzzle_id` by default) seeds the proof's sample of worlds."""
    from explorer.engine.files.kinds.puzzle import position
    if not _worth_proving(g):
        return None
    doc = to_south(position_doc(g), g.to_act)
    state = position(doc, g.profile).run.state
    pid = pid or puzzle_id(seed, index)
    first = prove(state, seed=pid)
    if not first.proved:
        return None
    line = _line_from(state, first.answer)
    proofs = [first]
    second = _second_step(state, line, pid)
    if second is not None:
        proofs.append(second[0])
        line = second[1]
    sol = solution(state, first.answer, first.losses[0].card)
    themes = find_themes(state, first.answer, sol)
    from explorer.engine.files.kinds.puzzle import _tempting
    tempting = _tempting(state)
    rating = estimate(legal=len(first.legal), tricks_left=8 - len(state.completed_tricks), steps=len(proofs),
                      margin=min(p.margin for p in proofs), worlds=first.worlds.total,
                      tempting=tempting is not None and tempting != first.answer)
    return {"kind": "puzzle", "id": pid, **doc,
            "answer": [str(p.answer) for p in proofs], "margin": min(p.margin for p in proofs),
            "worlds": [p.worlds.to_dict() for p in proofs], "themes": [t.value for t in themes],
            "line": [str(c) for c in line],
            "losses": [{str(x.card): x.to_dict() for x in p.losses} for p in proofs],
            "rating": rating, "source": f"self-play (heuristic), deal puzzles:{seed}:{index}"}


def find_puzzle(seed: int, index: int, *, max_deals: int = MAX_DEALS, prefer_deals: int = PREFER_DEALS,
                choices: int = 2) -> dict[str, Any] | None:
    """Puzzle number ``index`` of ``seed``: the first position that proves in the slot's deals (of the slot's theme
    for the first ``prefer_deals`` deals), or None."""
    slot = Slot.of(index)
    for j in range(max_deals):
        g = deal_for(slot, seed, j)
        if g is None:
            continue
        preferring = slot.theme is not None and j < prefer_deals
        for st in positions(g, f"puzzles:{seed}:{index}:{j}", choices):
            if preferring and not could_show(slot.theme, st):
                continue
            doc = make_puzzle(st, seed, index)
            if doc is None:
                continue
            if not preferring or slot.theme.value in doc["themes"]:
                doc["source"] = f"self-play (heuristic), deal puzzles:{seed}:{index}:{j}"
                return doc
    return None


def write_whole(path: Path, text: str) -> None:
    """Write a file under a temporary name, then give it its name: a stopped run leaves whole files only."""
    temp = path.with_name(f".{path.name}.partial")
    try:
        temp.write_text(text, "utf-8")
        temp.replace(path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def _one(args: tuple[int, int, str, int]) -> tuple[int, str]:
    """Find and write puzzle ``index`` (in a worker): ``written``, ``kept`` (already there), ``none`` (not found in
    its deals) or ``failed: <why>`` (found but ``check`` does not prove it: an engine bug, the file is not written)."""
    seed, index, out, choices = args
    path = Path(out) / f"{puzzle_id(seed, index)}.yaml"
    if path.exists():
        return index, "kept"
    doc = find_puzzle(seed, index, choices=choices)
    if doc is None:
        return index, "none"
    return index, _write_checked(path, doc)


def numbers(count: int, shard: tuple[int, int] = (1, 1)) -> list[int]:
    """The puzzle numbers of shard ``I/N`` (``I`` from 1 to ``N``): those ``i`` with ``i % N == I - 1``.

    >>> numbers(10, (2, 3))
    [1, 4, 7]
    """
    i, n = shard
    return [k for k in range(count) if k % n == i - 1]


def generate(count: int, seed: int, out: Path, *, workers: int = 1, shard: tuple[int, int] = (1, 1),
             progress: Callable[[int, str], None] | None = None, choices: int = 2) -> dict[str, int]:
    """Write this shard's puzzles to ``out`` (kept ones are not redone); how many were written, kept, not found."""
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob(".*.partial"):
        stale.unlink(missing_ok=True)
    jobs = [(seed, i, str(out), choices) for i in numbers(count, shard)]
    tally = {"written": 0, "kept": 0, "none": 0, "failed": 0}
    for index, what in _run(jobs, workers):
        tally[what.split(":", 1)[0]] += 1
        if progress:
            progress(index, what)
    return tally


def _run(jobs: list[tuple[int, int, str, int]], workers: int) -> Iterable[tuple[int, str]]:
    if workers <= 1 or len(jobs) <= 1:
        yield from map(_one, jobs)
        return
    import multiprocessing
    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with ctx.Pool(workers, initializer=_quiet_worker) as pool:
        yield from pool.imap_unordered(_one, jobs)


def _quiet_worker() -> None:
    """A worker lowers its own priority a little more (generation shares the machine)."""
    try:
        os.nice(1)
    except OSError:
        pass


def record_id(seed: int, index: int) -> str:
    """A puzzle found in recorded deals: ``<seed>-r<index>`` (apart from self-play's ``<seed>-<index>``, so that both
    may share a folder).

    >>> record_id(7, 3)
    '7-r0003'
    """
    return f"{seed}-r{index:04d}"


def record_positions(doc: dict[str, Any], choices: int = 2) -> tuple[list[GameState], Any]:
    """The candidate positions of a recorded deal (a valid ``kind: deal`` file with every hand and its tricks, as
    the practice table and the Deal checker save it), in the order they were played, and why there are none when
    the record cannot be replayed (a deal passed twice; an illegal card: the positions before it are kept)."""
    from explorer.engine.core.i18n import Msg
    from explorer.engine.files.scenario import verdict_of
    v = verdict_of(doc)
    if isinstance(v, dict):
        return [], Msg("a deal passed twice has no card play")
    found = [g for g in v.states() if not g.finished and candidate(g, choices)]
    if not v.valid and v.run.error is not None:
        e = v.run.error
        return found, Msg("trick {n}: {seat} played {card}, which the rules refuse: only the positions before it are "
                          "read", n=e.trick, seat=e.seat, card=e.card)
    return found, None


def from_records(records: Iterable[tuple[str, dict[str, Any]]], seed: int, out: Path, *, count: int,
                 progress: Callable[[str, str], None] | None = None, choices: int = 2) -> dict[str, int]:
    """Puzzles found in recorded deals (``records``: a name and its ``kind: deal`` document each): every position
    of each deal, as it was played, that proves becomes ``<seed>-r<n>.yaml`` (numbered in the order found, at most
    ``count``), its ``source`` naming the record and the trick. Deterministic: the same records and seed give the
    same files; a file already there is kept as it is (a run stopped midway goes on when run again)."""
    from explorer.engine.core.visible import visible
    out.mkdir(parents=True, exist_ok=True)
    tally = {"written": 0, "kept": 0, "none": 0, "failed": 0}
    index = 0
    for name, doc in records:
        if index >= count:
            break
        shown = visible(name, one_line=True)
        positions, why = record_positions(doc, choices)
        if why is not None and progress:
            progress(shown, str(why))
        found = 0
        for st in positions:
            if index >= count:
                break
            pid = record_id(seed, index)
            puzzle = make_puzzle(st, seed, index, pid)
            if puzzle is None:
                continue
            trick = len(st.completed_tricks) + 1
            path = out / f"{pid}.yaml"
            puzzle["source"] = f"practice record {shown}, trick {trick}"
            what = "kept" if path.exists() else _write_checked(path, puzzle)
            tally[what.split(":", 1)[0]] += 1
            if progress:
                progress(f"{pid} ({shown}, trick {trick})", what)
            index += 1
            found += 1
        if not found:
            tally["none"] += 1
            if progress:
                progress(shown, "none")
    return tally


def _write_checked(path: Path, doc: dict[str, Any]) -> str:
    """``written``, or ``failed: <why>`` when ``check`` does not prove the puzzle (an engine bug: not written)."""
    from explorer.engine.files.scenario import check_doc, dump_yaml
    checked = check_doc(doc)
    if not checked.ok or not checked.output["valid"]:
        return f"failed: {'; '.join(checked.errors) or checked.output['error']}"
    write_whole(path, dump_yaml(doc))
    return "written"


def player_seat(doc: dict[str, Any]) -> Seat:
    """The seat to play in a puzzle file (South in the generated ones)."""
    from explorer.engine.files.kinds.puzzle import position
    from explorer.engine.files.scenario import resolve_profile
    return position(doc, resolve_profile(doc.get("profile"))).run.state.to_act
