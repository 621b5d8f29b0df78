"""``kind: projects``: what may each hand show, and which team scores."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from explorer.engine.core.cards import Seat, Team
from explorer.engine.core.contract import Contract
from explorer.engine.core.errors import ScenarioError, at
from explorer.engine.core.i18n import ENGLISH, Msg, Style, plural
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.core.tables import BALOOT_POINTS
from explorer.engine.files.scenario import (
    CardT,
    Common,
    ContractIn,
    SeatT,
    check_duplicates,
    read_model,
    register,
)
from explorer.engine.rules.projects import HandProjects, ProjectComparison, compare_projects, find_projects


class ProjectsIn(Common):
    contract: ContractIn
    hands: dict[SeatT, list[CardT]]


@register("projects")
def judge_projects(doc: dict[str, Any], profile: RuleProfile) -> ProjectsVerdict:
    s: ProjectsIn = read_model(ProjectsIn, doc)
    c = s.contract
    problems: list[str] = []
    if not s.hands:
        problems.append(at("hands", Msg("give at least one seat's 8 cards")))
    for seat, hand in s.hands.items():
        if len(hand) != 8:
            problems.append(at(f"hands.{seat.value}", plural("holds {n} card; a full hand has 8",
                                                              "holds {n} cards; a full hand has 8", len(hand))))
    check_duplicates([(f"hands.{seat.value}[{j}]", card) for seat, hand in s.hands.items()
                      for j, card in enumerate(hand)], problems)
    if problems:
        raise ScenarioError(problems)
    found = {seat: find_projects(hand, c.mode, c.trump) for seat, hand in s.hands.items()}
    comp = compare_projects({seat: hp.projects for seat, hp in found.items()}, mode=c.mode, trump=c.trump,
                            dealer=s.dealer, profile=profile)
    if comp.needs_dealer:
        raise ScenarioError(at("dealer", Msg("needed: the best projects of both teams are exactly equal, and the "
                                             "earlier seat from the dealer's right wins")))
    return ProjectsVerdict(found, comp, c.engine())


@dataclass(frozen=True)
class ProjectsVerdict:
    """The ``projects`` kind's verdict: what each hand may show, and the comparison that decides who scores."""

    found: dict[Seat, HandProjects]
    comparison: ProjectComparison
    contract: Contract

    def points(self) -> tuple[dict[Team, int], dict[Team, int]]:
        """Project points and Baloot points by team (only the project team scores its projects)."""
        comp = self.comparison
        project_points = {t: 0 for t in Team}
        baloot_points = {t: 0 for t in Team}
        for seat, hp in self.found.items():
            if comp.project_team is seat.team:
                project_points[seat.team] += sum(p.value for p in hp.projects)
            if hp.baloot:
                absorbed = comp.project_team is seat.team and not hp.baloot_separate
                if not absorbed:
                    baloot_points[seat.team] += BALOOT_POINTS
        return project_points, baloot_points

    def to_dict(self, style: Style = ENGLISH) -> dict[str, Any]:
        """The JSON output of scenario-format.md (``by_seat``, ``best``, ``project_team``, ``reason``...)."""
        comp = self.comparison
        project_points, baloot_points = self.points()
        return {
            "by_seat": {seat.value: {"projects": [p.to_dict() for p in hp.projects], "baloot": hp.baloot,
                                     "baloot_separate": hp.baloot and (comp.project_team is not seat.team
                                                                       or hp.baloot_separate)}
                        for seat, hp in self.found.items()},
            "best": ({"seat": comp.best_seat.value, "type": comp.best.type.value,
                      "cards": [str(x) for x in comp.best.cards], "value": comp.best.value}
                     if comp.best else None),
            "project_team": comp.project_team.value if comp.project_team else None,
            "points": {t.value: project_points[t] + baloot_points[t] for t in Team},
            "project_points": {t.value: project_points[t] for t in Team},
            "baloot_points": {t.value: baloot_points[t] for t in Team},
            "reason": comp.reason.render(style),
            "contract": self.contract.to_dict(),
        }
