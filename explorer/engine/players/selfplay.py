"""Computer players at the table: whole deals, self-play matches and duplicate duels.

``python -m explorer selfplay`` plays deals with one player for NS and one for EW and writes each as a
``deal`` scenario; ``python -m explorer duel A B`` measures player A against player B in duplicate
format (each deal played twice from the same deck, A holding NS and then EW).

>>> g, _ = play_deal(GameState.new(3, dealer=Seat.S), table("heuristic", "random", seed=3))
>>> g.finished
True
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from explorer.engine.core.cards import SEATS, Seat, Team
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile
from explorer.engine.core.tables import MATCH_TARGET
from explorer.engine.files.scenario import dump_yaml
from explorer.engine.game.state import GameState, Stage
from explorer.engine.players import Player, make_player

TEAMS = (Team.NS, Team.EW)


def table(ns: str, ew: str, *, seed: Any = None, **options: Any) -> dict[Seat, Player]:
    """Four players: ``ns`` in N and S, ``ew`` in E and W, each seeded from ``seed`` and its seat."""
    return {s: make_player(ns if s.team is Team.NS else ew, seed=f"{seed}:{s.value}", **options) for s in SEATS}


def play_deal(state: GameState, players: Mapping[Seat, Player],
              on_decision: Callable[[Seat, float], None] | None = None) -> tuple[GameState, list[float]]:
    """Play ``state`` to its end, each seat asking its player with that seat's view only.

    Returns the final state and each decision's time in seconds. A player for measurement only that sees every
    hand (``sees_all``, never offered in the app: :mod:`.cheat`) is given the state instead of the view.
    """
    times: list[float] = []
    while not state.finished:
        seat = state.to_act
        t0 = time.perf_counter()
        player = players[seat]
        choice = player.choose_open(state) if getattr(player, "sees_all", False) else player.choose(state.view(seat))
        dt = time.perf_counter() - t0
        times.append(dt)
        if on_decision:
            on_decision(seat, dt)
        state = state.apply(choice.action.by(seat))
    return state, times


def deal_points(state: GameState) -> dict[Team, int]:
    """What each team gained in a finished deal: its award, or for a Gahwa the match (152) to the winner."""
    r = state.result
    if r is None:
        return {Team.NS: 0, Team.EW: 0}
    if r.award is None:
        return {t: (MATCH_TARGET if t is r.winner else 0) for t in TEAMS}
    return dict(r.award)


# --- self-play ----------------------------------------------------------------------------------------


@dataclass
class TeamSummary:
    """One team's self-play figures."""

    player: str
    deals_won: int = 0
    points: int = 0
    kaboots: int = 0
    matches_won: int = 0


@dataclass
class SelfPlay:
    """The deals played and each team's summary."""

    deals: list[GameState] = field(default_factory=list)
    teams: dict[Team, TeamSummary] = field(default_factory=dict)
    redeals: int = 0


def _write_whole(path: Path, text: str) -> None:
    """Write a file under a temporary name, then give it its name: a run stopped midway (Ctrl-C) leaves
    whole files only."""
    temp = path.with_name(f".{path.name}.partial")
    try:
        temp.write_text(text, "utf-8")
        temp.replace(path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def selfplay(deals: int, seed: int, ns: str, ew: str, *, profile: RuleProfile = DEFAULT_PROFILE,
             out: Path | None = None) -> SelfPlay:
    """Play ``deals`` deals as running matches to 152 (a new match starts when one is won), the dealer
    rotating; write each as ``out/deal-0001.yaml`` … when ``out`` is given."""
    players = table(ns, ew, seed=seed)
    rng = random.Random(seed)
    dealer = rng.choice(SEATS)
    match = (0, 0)
    res = SelfPlay(teams={Team.NS: TeamSummary(ns), Team.EW: TeamSummary(ew)})
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    for i in range(1, deals + 1):
        g, _ = play_deal(GameState.new(f"{seed}-{i}", dealer=dealer, match=match, profile=profile), players)
        res.deals.append(g)
        if out is not None:
            _write_whole(out / f"deal-{i:04d}.yaml", dump_yaml(g.record()))
        if g.stage is Stage.REDEAL:
            res.redeals += 1
        else:
            r = g.result
            res.teams[r.winner].deals_won += 1
            if r.kaboot is not None:
                res.teams[r.kaboot].kaboots += 1
            for t, p in deal_points(g).items():
                res.teams[t].points += p
            if r.match_winner is not None:
                res.teams[r.match_winner].matches_won += 1
        after = g.match_after
        won = g.result is not None and g.result.match_winner is not None
        match = (0, 0) if won else (after[Team.NS], after[Team.EW])
        dealer = g.next_dealer
    return res


# --- duplicate duels ------------------------------------------------------------------------------------


@dataclass
class Duel:
    """A duplicate duel's figures: A's advantage per deal with its 95% interval, decision times, and how each
    player's contracts went (:meth:`bidding`)."""

    a: str
    b: str
    deals: int
    diffs: list[float]
    times: dict[str, list[float]]
    rounds: list[tuple[str | None, bool, bool]] = field(default_factory=list)
    """Each play of each deal: the buyer's player (None: passed twice, redealt), whether the buyer made its
    contract, and whether the deal was a Kaboot."""

    @property
    def points_per_deal(self) -> float:
        return statistics.fmean(self.diffs) if self.diffs else 0.0

    @property
    def pair_sd(self) -> float:
        """The standard deviation of a deal's advantage (its two plays averaged): what sizes the deal count."""
        return statistics.stdev(self.diffs) if len(self.diffs) > 1 else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """Mean ± 1.96 standard errors (normal approximation over the deals)."""
        n = len(self.diffs)
        if n < 2:
            return (self.points_per_deal, self.points_per_deal)
        half = 1.96 * self.pair_sd / math.sqrt(n)
        return (self.points_per_deal - half, self.points_per_deal + half)

    def decision_ms(self) -> dict[str, dict[str, float]]:
        out = {}
        for name, ts in self.times.items():
            ms = sorted(t * 1000 for t in ts)
            out[name] = {"median": round(statistics.median(ms), 3) if ms else 0.0,
                         "p95": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 3) if ms else 0.0}
        return out

    def bidding(self) -> dict[str, Any]:
        """The share of plays redealt; of the played rounds, the shares that failed and that were Kaboot; and for
        each player, the share of plays it bought and the share of its contracts that failed."""
        plays = len(self.rounds)
        played = [r for r in self.rounds if r[0] is not None]
        out: dict[str, Any] = {"plays": plays, "redealt": _share(plays - len(played), plays),
                               "failed": _share(sum(not r[1] for r in played), len(played)),
                               "kaboot": _share(sum(r[2] for r in played), len(played))}
        for name in dict.fromkeys((self.a, self.b)):
            mine = [r for r in played if r[0] == name]
            out[name] = {"bought": _share(len(mine), plays), "failed": _share(sum(not r[1] for r in mine), len(mine)),
                         "kaboot": _share(sum(r[2] for r in mine), len(mine))}
        return out

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.ci95
        return {"a": self.a, "b": self.b, "deals": self.deals, "points_per_deal": round(self.points_per_deal, 3),
                "ci95": [round(lo, 3), round(hi, 3)], "pair_sd": round(self.pair_sd, 3),
                "decision_ms": self.decision_ms(), "bidding": self.bidding()}


def _share(k: int, n: int) -> float:
    return round(k / n, 4) if n else 0.0


@dataclass(frozen=True)
class _DealTask:
    """One duplicate deal of a duel: everything a worker process needs to play it."""

    i: int
    seed: int
    a: str
    b: str
    dealer: Seat
    match: tuple[int, int]
    profile: RuleProfile
    options_a: tuple[tuple[str, Any], ...] = ()
    options_b: tuple[tuple[str, Any], ...] = ()
    paired: bool = False


def _duel_deal(task: _DealTask) -> tuple[float, dict[str, list[float]], list[tuple[str | None, bool, bool]]]:
    """A's advantage on one deal (its two plays averaged), each player's decision times, and the rounds."""
    a, b = task.a, task.b
    times: dict[str, list[float]] = {a: [], b: []}
    rounds = []
    total = 0.0
    for a_team in TEAMS:
        players = {}
        for s in SEATS:
            name, opts = (a, task.options_a) if s.team is a_team else (b, task.options_b)
            seed = f"{task.seed}:{task.i}:{s.value}" if task.paired else f"{task.seed}:{task.i}:{a_team.value}:{s.value}"
            players[s] = make_player(name, seed=seed, **dict(opts))
        who = {s: (a if s.team is a_team else b) for s in SEATS}
        g, _ = play_deal(GameState.new(f"{task.seed}-{task.i}", dealer=task.dealer, match=task.match,
                                       profile=task.profile), players,
                         on_decision=lambda seat, dt, who=who: times[who[seat]].append(dt))
        pts = deal_points(g)
        total += pts[a_team] - pts[a_team.other]
        r = g.result
        rounds.append((None, False, False) if r is None or g.contract is None else
                      (who[g.contract.buyer], r.buyer_made, r.kaboot is not None))
    return total / 2, times, rounds


def duel(a: str, b: str, *, deals: int, seed: int, profile: RuleProfile = DEFAULT_PROFILE,
         options_a: Mapping[str, Any] | None = None, options_b: Mapping[str, Any] | None = None,
         progress: Callable[[int, list[float]], None] | None = None, workers: int = 1, paired: bool = False) -> Duel:
    """Each deal twice from the same deck, dealer and match score: A holds NS, then EW.

    A deal's advantage is A's points minus B's, averaged over its two plays; a Gahwa counts as 152
    to its winner. Each deal starts from match totals drawn at random below 152 (seeded), so that the
    Sun Double threshold comes into play. ``workers`` processes share the deals; every deal is played from
    its own seeds, so the figures are the same whatever the number of workers (the times aside). ``progress``
    is called after each deal with the advantages so far.

    ``paired``: each seat's player is seeded by its seat alone, not also by the team it plays for, so two players
    with the same settings play both tables alike (every deal's advantage 0) and two variants of one player differ
    only where their settings lead them apart: a variant's difference from its base shows with fewer deals (a
    tuning tool; the strength figures are measured unpaired).
    """
    rng = random.Random(seed)
    tasks = []
    for i in range(deals):
        dealer = rng.choice(SEATS)
        match = (rng.randrange(0, MATCH_TARGET), rng.randrange(0, MATCH_TARGET))
        tasks.append(_DealTask(i, seed, a, b, dealer, match, profile, tuple(sorted((options_a or {}).items())),
                               tuple(sorted((options_b or {}).items())), paired))
    diffs: list[float] = []
    times: dict[str, list[float]] = {a: [], b: []} if a != b else {a: []}
    rounds: list[tuple[str | None, bool, bool]] = []
    for diff, ts, rs in _played(tasks, workers):
        diffs.append(diff)
        for name, xs in ts.items():
            times[name].extend(xs)
        rounds.extend(rs)
        if progress:
            progress(len(diffs), diffs)
    return Duel(a, b, deals, diffs, times, rounds)


def _played(tasks: list[_DealTask], workers: int):
    """Each task's result, in the tasks' order: in this process, or in ``workers`` processes."""
    if workers <= 1 or len(tasks) < 2:
        yield from map(_duel_deal, tasks)
        return
    import multiprocessing
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with ctx.Pool(min(workers, len(tasks))) as pool:
        yield from pool.imap(_duel_deal, tasks, chunksize=1)
