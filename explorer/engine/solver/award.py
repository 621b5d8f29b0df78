"""The deal's award as one number the search can order: a table from the engine's scoring pipeline.

For fixed contract, escalation, projects and Baloot, a deal's outcome is the team's final raw points and
whether one team took every trick (Kaboot). :func:`award_of` asks :func:`~..scoring.score_deal` what each
outcome awards (the team's game points minus the other team's); nothing here knows a scoring rule. Without a
Kaboot the award never falls as the team's raw points rise (``tests/engine/test_solver_award.py`` checks it
over every profile option, level and tie rule, and :func:`scale` refuses a table that breaks it where it reads it), so the
outcomes line up on one scale ``s``: ``3p`` for ``p`` raw points without a Kaboot, and each Kaboot placed by
its award among them (``3q + 2`` for the team's own Kaboot, ``3r + 1`` for the other team's, ``q`` and ``r``
the largest point totals whose award is no better). A Kaboot is not always best: a Hokum Kaboot doubled under
``kaboot_escalation: fixed`` gives 25 where a won deal gives 32, and a Sun Kaboot drops the other team's
projects that a won deal takes.

The search then counts ``3 × points`` for the team and adds the two Kaboot terms at the end (kernel.py's
``DPLUS``/``DMINUS``), and the award of a card is found by zero-window searches at the scale's thresholds,
where the award changes.

At Gahwa the deal has no numeric award (its winner wins the match): the convention is ``+152`` (the match
target) when the team wins the deal and ``−152`` when it loses it.

>>> from explorer.engine.core.cards import Suit
>>> from explorer.engine.core.contract import Contract, Escalation
>>> facts = DealFacts(contract=Contract(Mode.HOKUM, Suit.H, Seat.S), escalation=Escalation(),
...                   points={Team.NS: 100, Team.EW: 62})
>>> award_of(score_deal(facts), Team.NS)                     # NS records 10, EW 6
4
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, replace

import numpy as np

from explorer.engine.core.cards import Rank, Seat, Team
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.core.tables import MATCH_TARGET, RAW_TOTAL, Mode
from explorer.engine.game import GameState
from explorer.engine.rules.projects import Project
from explorer.engine.rules.scoring import DealFacts, ScoreResult, score_deal

GAHWA_AWARD = MATCH_TARGET
"""The award the convention gives at Gahwa: ± the match target, for winning or losing the deal."""


class AwardNotMonotone(AssertionError):
    """The scoring pipeline gave a lower award for more raw points (without a Kaboot): the solver's award
    search would be wrong, so it refuses."""


def award_of(result: ScoreResult, team: Team) -> int:
    """The award of a scored deal for ``team``: its game points minus the other team's (Gahwa: ±152)."""
    if result.award is None:
        return GAHWA_AWARD if result.winner is team else -GAHWA_AWARD
    return result.award[team] - result.award[team.other]


@dataclass(frozen=True)
class Deal:
    """What the award of a deal depends on besides its outcome (hashable: the tables are cached by it)."""

    state_key: tuple
    facts: DealFacts
    profile: RuleProfile
    team: Team

    @classmethod
    def of(cls, state: GameState, projects: Mapping[Seat, tuple[Project, ...]], team: Team) -> Deal:
        c = state.contract
        held_ace = any(x.rank is Rank.ACE for x in state.original(state.dealer.right))
        facts = DealFacts(contract=c, escalation=state.escalation, points={Team.NS: 0, Team.EW: 0},
                          projects={s: tuple(ps) for s, ps in projects.items() if ps}, baloot=state.baloot_seat,
                          first_seat_held_ace=held_ace and c.mode is Mode.SUN, dealer=state.dealer)
        key = (c, state.escalation, state.profile, tuple(sorted((s.value, ps) for s, ps in facts.projects.items())),
               state.baloot_seat, facts.first_seat_held_ace, state.dealer, team)
        return cls(key, facts, state.profile, team)

    @property
    def total(self) -> int:
        return RAW_TOTAL[self.facts.contract.mode]

    def award(self, points: int, kaboot: Team | None = None) -> int:
        """The award for the team with ``points`` final raw points (``kaboot``: the team that took every trick)."""
        table = _table(self)
        key = (points, kaboot)
        if key not in table:
            t, o = self.team, self.team.other
            won = None if kaboot is None else {kaboot: 8, kaboot.other: 0}
            facts = replace(self.facts, points={t: points, o: self.total - points}, tricks_won=won)
            table[key] = award_of(score_deal(facts, self.profile), t)
        return table[key]

    def fill(self, lo: int, hi: int) -> None:
        """The awards without a Kaboot for every point total in [lo, hi], the pipeline asked only where they may
        change: between two totals of equal award every total has that award (the award never falls as the
        points rise, which ``tests/engine/test_solver_award.py`` checks over every option, level, project and
        Baloot), so the range is halved until each part is flat. A total read that breaks the order raises
        :class:`AwardNotMonotone`. About a third of the pipeline's runs of reading every total."""
        table = _table(self)
        if all((p, None) in table for p in range(lo, hi + 1)):
            return

        def split(a: int, b: int, x: int, y: int) -> None:   # award(a) = x, award(b) = y
            if x > y:
                raise AwardNotMonotone(f"the award falls from {x} to {y} between {a} and {b} raw points for "
                                       f"{self.team.value}")
            if x == y:
                for p in range(a + 1, b):
                    table[(p, None)] = x
                return
            if b - a > 1:
                m = (a + b) // 2
                z = self.award(m)
                split(a, m, x, z)
                split(m, b, z, y)

        split(lo, hi, self.award(lo), self.award(hi))


_TABLES: OrderedDict[tuple, dict] = OrderedDict()
_CACHED_DEALS = 64


def _table(deal: Deal) -> dict:
    """The awards computed so far for this deal (the pipeline runs once per outcome, for the last 64 deals)."""
    table = _TABLES.get(deal.state_key)
    if table is None:
        table = _TABLES[deal.state_key] = {}
        while len(_TABLES) > _CACHED_DEALS:
            _TABLES.popitem(last=False)
    else:
        _TABLES.move_to_end(deal.state_key)
    return table


@dataclass(frozen=True)
class Scale:
    """The award levels reachable from a position, as thresholds on the search's value from there."""

    thresholds: np.ndarray      # ascending; the value from here reaches thresholds[j] for award level j
    awards: tuple[int, ...]     # the award of each level, ascending
    dplus: int                  # the Kaboot terms of the search (kernel.py)
    dminus: int

    def award_at(self, j: int) -> int:
        return self.awards[j]

    def window(self, j: int) -> tuple[int, int]:
        """The values from here whose award is level ``j``'s: [low, high)."""
        hi = int(self.thresholds[j + 1]) if j + 1 < len(self.awards) else 1 << 20
        return int(self.thresholds[j]), hi


def scale(deal: Deal, points_so_far: int, remaining: int, sweep: int) -> Scale:
    """The scale for a position: the team has ``points_so_far`` raw points, ``remaining`` are still to win
    (the last trick's 10 included), and ``sweep`` says who may still take every trick (kernel.py)."""
    lo, hi = points_so_far, points_so_far + remaining
    team = deal.team
    deal.fill(lo, hi)
    outcomes = [(3 * p, deal.award(p)) for p in range(lo, hi + 1)]
    for (_, a), (p, b) in zip(outcomes, outcomes[1:]):
        if b < a:
            raise AwardNotMonotone(f"the award falls from {a} to {b} at {p // 3} raw points for {team.value}")
    dplus = dminus = 0
    if sweep in (1, 3):
        kt = deal.award(deal.total, team)
        q = max((p for p in range(lo, hi + 1) if deal.award(p) <= kt), default=lo - 1)
        outcomes.append((3 * q + 2, kt))
        dplus = 3 * q + 2 - 3 * deal.total
    if sweep in (2, 3):
        ko = deal.award(0, team.other)
        r = max((p for p in range(lo, hi + 1) if deal.award(p) <= ko), default=lo - 1)
        outcomes.append((3 * r + 1, ko))
        dminus = 3 * r + 1
    outcomes.sort()
    thresholds: list[int] = []
    awards: list[int] = []
    for s, a in outcomes:
        if awards and a < awards[-1]:
            raise AwardNotMonotone(f"a Kaboot's award {a} is out of order")
        if not awards or a > awards[-1]:
            awards.append(a)
            thresholds.append(s - 3 * points_so_far)
    assert len(awards) <= 64, "more award levels than the solver's buffer holds"
    return Scale(np.array(thresholds, dtype=np.int64), tuple(awards), dplus, dminus)
