"""``kind: score``: who won this deal, and what does each team record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import StrictInt

from explorer.engine.core.cards import Card, Rank, Seat, Team
from explorer.engine.core.contract import Contract, Escalation, Level
from explorer.engine.core.errors import ScenarioError, at
from explorer.engine.core.i18n import ENGLISH, Code, Msg, Style, plural
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.core.tables import RAW_TOTAL, Mode
from explorer.engine.files.scenario import (
    CardT,
    Common,
    ContractIn,
    SeatT,
    TeamT,
    read_model,
    register,
    teams_json,
)
from explorer.engine.rules.bidding import allowed_levels, may_lock, sun_double_allowed, threshold_text
from explorer.engine.rules.projects import Project, ProjectError, declared_projects
from explorer.engine.rules.scoring import DealFacts, ScoreResult, score_deal


class ScoreIn(Common):
    contract: ContractIn
    points: dict[TeamT, StrictInt]
    tricks_won: dict[TeamT, StrictInt] | None = None
    projects: dict[SeatT, list[list[CardT]]] | None = None
    baloot: SeatT | None = None
    first_seat_held_ace: bool = False


def escalation_problems(contract: Contract, esc: Escalation, profile: RuleProfile,
                        match: dict[Team, int] | None, *, path: str = "escalation") -> list[str]:
    """Escalation that no bidding could produce: Triple or locked in Sun, a doubler on the buyer's team..."""
    out: list[str] = []
    level = esc.level
    if contract.mode is Mode.SUN:
        if level not in allowed_levels(Mode.SUN):
            out.append(at(f"{path}.level", Msg("{level} in Sun: Sun may only be doubled ({rule})", level=level, rule=Code("000 §03"))))
        if esc.locked:
            out.append(at(f"{path}.locked", Msg("a Sun Double is never locked ({rule})", rule=Code("000 §03"))))
        if level is Level.DOUBLE and match is not None:
            if not sun_double_allowed(match, profile):
                out.append(at(f"{path}.level", Msg("Sun may be doubled only with {threshold} (match before the deal: "
                                                   "NS {ns}, EW {ew})", threshold=threshold_text(profile),
                                                   ns=match.get(Team.NS, 0), ew=match.get(Team.EW, 0))))
    if level.is_multiplied and esc.doubler is None:
        out.append(at(f"{path}.doubler", Msg("a {level} needs the seat that said Double", level=level)))
    if esc.doubler is not None and esc.doubler.team is contract.buyer.team:
        out.append(at(f"{path}.doubler", Msg("{seat} is on the buyer's team; only an opponent of the declarer "
                                             "({buyer}) may Double", seat=esc.doubler, buyer=contract.buyer)))
    if esc.locked and contract.mode is Mode.HOKUM and not may_lock(Mode.HOKUM, level):
        what = Msg("an undoubled Hokum is open") if level is Level.NONE else Msg("{level} is always open", level=level)
        out.append(at(f"{path}.locked", Msg("{what}: only a Double or Quadruple is declared locked ({rule})",
                                            what=what, rule=Code("000 §03"))))
    return out


def projects_from(raw: dict[Seat, list[list[Card]]] | None, mode: Mode, trump, baloot: Seat | None,
                  *, path: str = "projects") -> tuple[dict[Seat, tuple[Project, ...]], list[str]]:
    """Declared projects as engine objects, with one problem per bad project or reused card."""
    problems: list[str] = []
    out: dict[Seat, tuple[Project, ...]] = {}
    seen: dict[Card, str] = {}
    for seat, lists in (raw or {}).items():
        got: list[Project] = []
        for i, cs in enumerate(lists):
            p = f"{path}.{seat.value}[{i}]"
            for j, card in enumerate(cs):
                if card in seen:
                    problems.append(at(f"{p}[{j}]", Msg("{card} is used twice (also at {other}); a card cannot serve in two projects",
                                                        card=card, other=Code(seen[card]))))
                else:
                    seen[card] = f"{p}[{j}]"
            if len(set(cs)) != len(cs):
                continue  # the repeated card is reported above: one line for one problem
            try:
                got.extend(declared_projects(cs, mode))
            except ProjectError as e:
                problems.append(at(p, Msg("not a project: {reason}", reason=e.msg)))
        out[seat] = tuple(got)
    if baloot is not None and trump is not None:
        for rank in (Rank.KING, Rank.QUEEN):
            card = Card(rank, trump)
            where = seen.get(card)
            if where and not where.startswith(f"{path}.{baloot.value}["):
                problems.append(at(where, Msg("{card} is held by {seat} for Baloot, so another seat cannot show it",
                                              card=card, seat=baloot)))
    return out, problems


def score_problems(s: Any, profile: RuleProfile, *, path: str = "") -> list[str]:
    """Points that do not add up, impossible trick counts, Baloot in Sun and the like."""
    c = s.contract
    out: list[str] = []
    total = RAW_TOTAL[c.mode]
    pts = s.points
    pre = f"{path}." if path else ""
    for t in (Team.NS, Team.EW):
        if t not in pts:
            out.append(at(f"{pre}points.{t.value}", Msg("missing (give both teams' raw points)")))
        elif pts[t] < 0:
            out.append(at(f"{pre}points.{t.value}", Msg("{n} is negative", n=pts[t])))
    if len(pts) == 2 and all(v >= 0 for v in pts.values()) and sum(pts.values()) != total:
        out.append(at(f"{pre}points", Msg("NS {ns} + EW {ew} = {sum}, but a {mode} deal has {total} raw points "
                                          "(last trick's 10 included)", ns=pts.get(Team.NS), ew=pts.get(Team.EW),
                                          sum=sum(pts.values()), mode=c.mode, total=total)))
    if s.tricks_won is not None:
        tw = s.tricks_won
        if set(tw) != {Team.NS, Team.EW}:
            out.append(at(f"{pre}tricks_won", Msg("give both teams, e.g. {{NS: 3, EW: 5}}")))
        elif any(v < 0 for v in tw.values()) or sum(tw.values()) != 8:
            out.append(at(f"{pre}tricks_won", Msg("NS {ns} + EW {ew} is not 8 tricks", ns=tw[Team.NS], ew=tw[Team.EW])))
        else:
            for t in (Team.NS, Team.EW):
                if tw[t] == 0 and pts.get(t, 0) != 0:
                    out.append(at(f"{pre}points.{t.value}", plural("{n} raw point, but {team} won no trick",
                                                                       "{n} raw points, but {team} won no trick", pts[t], team=t)))
                if tw[t] > 0 and pts.get(t, 0) < 10 and tw[t] == 8:
                    out.append(at(f"{pre}points.{t.value}", plural("{team} won every trick but has {n} point",
                                                                      "{team} won every trick but has {n} points",
                                                                      pts.get(t, 0), team=t)))
    if s.baloot is not None and c.mode is Mode.SUN:
        out.append(at(f"{pre}baloot", Msg("Baloot exists only in Hokum (trump K and Q)")))
    if s.first_seat_held_ace and c.mode is not Mode.SUN:
        out.append(at(f"{pre}first_seat_held_ace", Msg("the reverse Kaboot is a Sun rule")))
    elif s.first_seat_held_ace and getattr(s, "dealer", None) is None:
        out.append(at(f"{pre}dealer", Msg("needed with first_seat_held_ace: the reverse Kaboot applies only when the "
                                          "buyer sits at the dealer's right")))
    return out


@dataclass(frozen=True)
class ScoreVerdict:
    """The ``score`` kind's verdict: the scoring pipeline's result, and the projects, contract and escalation."""

    result: ScoreResult
    projects: dict[Seat, tuple[Project, ...]]
    contract: Contract
    escalation: Escalation

    def to_dict(self, style: Style = ENGLISH) -> dict[str, Any]:
        """The JSON output of scenario-format.md (``winner``, ``award``, ``steps``...), sentences in ``style``."""
        return score_output(self.result, projects=self.projects, contract=self.contract,
                            escalation=self.escalation, style=style)


def score_verdict(*, contract: Contract, escalation: Escalation, points: dict[Team, int],
                  tricks_won: dict[Team, int] | None, projects: dict[Seat, tuple[Project, ...]],
                  baloot: Seat | None, first_seat_held_ace: bool, dealer: Seat | None,
                  match: dict[Team, int] | None, profile: RuleProfile) -> ScoreVerdict:
    """The ``score`` verdict for valid facts; ScenarioError when the dealer is needed to compare projects."""
    facts = DealFacts(contract=contract, escalation=escalation, points=points, tricks_won=tricks_won,
                      projects=projects, baloot=baloot, first_seat_held_ace=first_seat_held_ace,
                      dealer=dealer, match=match)
    res = score_deal(facts, profile)
    _needs_dealer(res)
    return ScoreVerdict(res, projects, contract, escalation)


def _needs_dealer(res: ScoreResult) -> None:
    if res.projects.needs_dealer:
        raise ScenarioError(at("dealer", Msg("needed: the best projects of both teams are exactly equal, and the "
                                             "earlier seat from the dealer's right wins")))


def score_output(res: ScoreResult, *, projects: dict[Seat, tuple[Project, ...]], contract: Contract,
                 escalation: Escalation, style: Style = ENGLISH) -> dict[str, Any]:
    """The ``score`` output of a pipeline result (the ``deal`` kind's ``score`` too), sentences in ``style``."""
    _needs_dealer(res)
    out = res.to_dict(style)
    out["projects"] = {s.value: [p.to_dict() for p in ps] for s, ps in projects.items()}
    out["contract"] = contract.to_dict()
    out["escalation"] = escalation.to_dict()
    return out


@register("score")
def judge_score(doc: dict[str, Any], profile: RuleProfile) -> ScoreVerdict:
    s: ScoreIn = read_model(ScoreIn, doc)
    c = s.contract.engine()
    esc = s.escalation.engine() if s.escalation else Escalation()
    problems = score_problems(s, profile)
    problems += escalation_problems(c, esc, profile, s.match)
    projects, pp = projects_from(s.projects, c.mode, c.trump, s.baloot)
    problems += pp
    if problems:
        raise ScenarioError(problems)
    return score_verdict(contract=c, escalation=esc, points=dict(s.points), tricks_won=s.tricks_won,
                         projects=projects, baloot=s.baloot, first_seat_held_ace=s.first_seat_held_ace,
                         dealer=s.dealer, match=s.match, profile=profile)


__all__ = ["ScoreVerdict", "judge_score", "score_verdict", "score_output", "projects_from", "escalation_problems",
           "teams_json"]
