"""Simulated deals as arrays, one row per deal (:class:`SimResult`), and their CSV columns.

>>> CSV_COLUMNS[:5], len(CSV_COLUMNS)
(['deal', 'seed', 'profile', 'dealer', 'mode'], 43)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from explorer.engine.core.cards import SEATS, SUITS
from explorer.engine.core.profiles import RuleProfile

TEAM_NAMES = ("NS", "EW")
"""Team index 0 is NS (seats S and N, even indices), 1 is EW: ``team = seat & 1``."""


@dataclass
class SimResult:
    """Simulated deals as arrays, one row per deal. Seats and suits are indices into ``SEATS`` and
    ``SUITS``; teams are 0 = NS, 1 = EW; ``trump`` is 4 in Sun."""

    seed: int
    profile: RuleProfile
    deal: np.ndarray            # (n,) global deal number from 0
    dealer: np.ndarray          # (n,)
    hokum: np.ndarray           # (n,) bool
    trump: np.ndarray           # (n,) 0..3, 4 in Sun
    buyer: np.ndarray           # (n,)
    level: np.ndarray           # (n,) int8 escalation level, an index into contract.LEVELS (0: none)
    doubler: np.ndarray         # (n,) int8 the seat that said Double, -1 when none
    locked: np.ndarray          # (n,) bool: locked Hokum (no trump lead from a hand holding another suit)
    hands: np.ndarray           # (n, 4) uint32 original hands by seat
    deck: np.ndarray            # (n, 32) the shuffled deck: seat s holds deck[8s:8s+8], dealt in that order
    cards: np.ndarray           # (n, 8, 4) card codes in play order
    leaders: np.ndarray         # (n, 8)
    winners: np.ndarray         # (n, 8)
    ekka: np.ndarray            # (n, 8) bool: the leader announced a (valid) Ekka
    legal: np.ndarray           # (n, 8, 4) uint32: the cards the seat to play could play
    trick_points: np.ndarray    # (n, 8) raw points of each trick, the last with its 10
    raw: np.ndarray             # (n, 2) raw points by team, last trick included
    tricks_won: np.ndarray      # (n, 2)
    shown_value: np.ndarray     # (n, 4) project value each seat shows
    project_team: np.ndarray    # (n,) -1 when nobody showed a project
    project_points: np.ndarray  # (n, 2) project points each team scores (after priority)
    baloot_seat: np.ndarray     # (n,) -1 when nobody held trump K and Q
    baloot_points: np.ndarray   # (n, 2)
    converted: np.ndarray       # (n, 2)
    comparison: np.ndarray      # (n, 2)
    tie: np.ndarray             # (n,) bool: equal comparison, decided by the tie rule
    kaboot: np.ndarray          # (n,) sweeping team, -1 when none
    winner: np.ndarray          # (n,) team
    buyer_made: np.ndarray      # (n,) bool
    award: np.ndarray           # (n, 2); (0, 0) at Gahwa, a deal with no numeric award (read winner)

    def __len__(self) -> int:
        return int(self.deal.shape[0])

    @property
    def buyer_team(self) -> np.ndarray:
        return self.buyer & 1

    def columns(self) -> dict[str, list]:
        """One list per CSV column (plain Python values), in the column order of :data:`CSV_COLUMNS`."""
        return {k: v.tolist() for k, v in self.arrays().items()}

    def arrays(self, names: tuple[str, ...] | list[str] | None = None) -> dict[str, np.ndarray]:
        """One array per CSV column (all of :data:`CSV_COLUMNS`, or only ``names``)."""
        bt = self.buyer_team
        ar = np.arange(len(self))
        seat = np.array([s.value for s in SEATS] + [""])
        team = np.array(list(TEAM_NAMES) + [""])
        suit = np.array([s.value for s in SUITS] + [""])
        out: dict[str, Any] = {
            "deal": self.deal, "seed": np.full(len(self), self.seed),
            "profile": np.full(len(self), self.profile.id),
            "dealer": seat[self.dealer], "mode": np.where(self.hokum, "hokum", "sun"),
            "trump": suit[self.trump], "buyer": seat[self.buyer], "buyer_team": team[bt],
            "raw_NS": self.raw[:, 0], "raw_EW": self.raw[:, 1], "buyer_raw": self.raw[ar, bt],
            "converted_NS": self.converted[:, 0], "converted_EW": self.converted[:, 1],
            "comparison_NS": self.comparison[:, 0], "comparison_EW": self.comparison[:, 1],
            "tie": self.tie, "winner": team[self.winner], "buyer_made": self.buyer_made,
            "kaboot": team[self.kaboot], "tricks_NS": self.tricks_won[:, 0],
            "projects_NS": self.project_points[:, 0], "projects_EW": self.project_points[:, 1],
            "baloot": seat[self.baloot_seat],
            "baloot_NS": self.baloot_points[:, 0], "baloot_EW": self.baloot_points[:, 1],
            "award_NS": self.award[:, 0], "award_EW": self.award[:, 1],
        }
        for t in range(8):
            out[f"trick{t + 1}_points"] = self.trick_points[:, t]
            out[f"trick{t + 1}_winner"] = seat[self.winners[:, t]]
        return {k: np.asarray(out[k]) for k in (names or CSV_COLUMNS)}


CSV_COLUMNS = (["deal", "seed", "profile", "dealer", "mode", "trump", "buyer", "buyer_team", "raw_NS",
                "raw_EW", "buyer_raw", "converted_NS", "converted_EW", "comparison_NS", "comparison_EW",
                "tie", "winner", "buyer_made", "kaboot", "tricks_NS", "projects_NS", "projects_EW",
                "baloot", "baloot_NS", "baloot_EW", "award_NS", "award_EW"]
               + [f"trick{t}_{w}" for t in range(1, 9) for w in ("points", "winner")])
"""The columns of ``simulate --out``, one row per deal."""


def concat(parts: list[SimResult]) -> SimResult:
    """Several results (chunks) as one."""
    if len(parts) == 1:
        return parts[0]
    first = parts[0]
    fields = {k: np.concatenate([getattr(p, k) for p in parts]) for k in SimResult.__dataclass_fields__
              if k not in ("seed", "profile")}
    return SimResult(seed=first.seed, profile=first.profile, **fields)
