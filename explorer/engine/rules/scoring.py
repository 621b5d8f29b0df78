"""The scoring pipeline (004, 000 §06), every step recorded with its numbers.

Order: raw cards → last trick 10 → convert the counting team → complement → projects and
Baloot → compare → award.

>>> convert(78, Mode.HOKUM), convert(65, Mode.SUN), convert(66, Mode.SUN)
(8, 13, 14)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from explorer.engine.core.cards import Seat, Team
from explorer.engine.core.contract import Contract, Escalation, Level
from explorer.engine.core.i18n import ENGLISH, Msg, Style, plural
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile
from explorer.engine.core.tables import (
    BALOOT_POINTS,
    FIXED_KABOOT,
    GAME_POOL,
    KABOOT_AWARD,
    LAST_TRICK_BONUS,
    MATCH_TARGET,
    RAW_TOTAL,
    REVERSE_KABOOT_AWARD,
    Mode,
)
from explorer.engine.rules.match import decide
from explorer.engine.rules.projects import Project, ProjectComparison, baloot_absorbed, compare_projects

TEAMS = (Team.NS, Team.EW)


Rounding = Literal["down", "up", "keeps the 5"]
"""How the counting team's raw total is rounded to tens before it is divided (:func:`rounding`)."""


def rounding(raw: int, mode: Mode) -> Rounding:
    """How a raw total is rounded to tens: Hokum, units 0–5 down and 6–9 up; Sun, units 0–4 down, a final 5
    kept, 6–9 up.

    >>> [rounding(r, Mode.HOKUM) for r in (65, 66)], [rounding(r, Mode.SUN) for r in (64, 65, 66)]
    (['down', 'up'], ['down', 'keeps the 5', 'up'])
    """
    units = raw % 10
    if mode is Mode.HOKUM:
        return "down" if units <= 5 else "up"
    return "down" if units <= 4 else ("keeps the 5" if units == 5 else "up")


def rounding_zones(mode: Mode) -> tuple[tuple[int, int, Rounding], ...]:
    """The runs of raw totals (0 to the contract's total) that are not rounded down: ``(first, last, how)``,
    lowest first (what the conversion chart shades).

    >>> rounding_zones(Mode.SUN)[:3], rounding_zones(Mode.HOKUM)[-1]
    (((5, 5, 'keeps the 5'), (6, 9, 'up'), (15, 15, 'keeps the 5')), (156, 159, 'up'))
    """
    zones: list[tuple[int, int, Rounding]] = []
    for raw in range(RAW_TOTAL[mode] + 1):
        how = rounding(raw, mode)
        if how == "down":
            continue
        if zones and zones[-1][1] == raw - 1 and zones[-1][2] == how:
            zones[-1] = (zones[-1][0], raw, how)
        else:
            zones.append((raw, raw, how))
    return tuple(zones)


_TENS_ADDED: dict[Mode, dict[Rounding, int]] = {Mode.HOKUM: {"down": 0, "up": 1},
                                                Mode.SUN: {"down": 0, "keeps the 5": 1, "up": 2}}
"""Game points a rounding adds to the rounded-down tens (a Sun's tens count twice: divided by 5)."""


def convert(raw: int, mode: Mode) -> int:
    """The counting team's raw points as game points.

    Hokum: round to tens, units 0–5 down and 6–9 up, divide by 10. Sun: round to tens but
    keep a final 5, divide by 5 (units 0–4 → 2×tens, 5 → 2×tens+1, 6–9 → 2×tens+2).

    >>> [convert(r, Mode.HOKUM) for r in (66, 81, 85, 86, 106)]
    [7, 8, 8, 9, 11]
    >>> [convert(r, Mode.SUN) for r in (56, 64, 65, 66, 74)]
    [12, 12, 13, 14, 14]
    """
    tens = raw // 10
    return (tens if mode is Mode.HOKUM else 2 * tens) + _TENS_ADDED[mode][rounding(raw, mode)]


def tie_by_units(raw_units: int, mode: Mode) -> str:
    """Who wins a tied comparison by the counting team's raw units: 'counting', 'other' or 'buyer'.

    >>> tie_by_units(8, Mode.HOKUM), tie_by_units(2, Mode.HOKUM), tie_by_units(1, Mode.HOKUM)
    ('other', 'counting', 'buyer')
    >>> tie_by_units(5, Mode.SUN), tie_by_units(4, Mode.SUN)
    ('buyer', 'counting')
    """
    if mode is Mode.HOKUM:
        if raw_units in (2, 3, 4, 5):
            return "counting"
        if raw_units == 1:
            return "buyer"
        return "other"
    if raw_units in (1, 2, 3, 4):
        return "counting"
    if raw_units in (0, 5):
        return "buyer"
    return "other"


def undoubled_tie(raw_units: int, mode: Mode, profile: RuleProfile) -> str:
    """Who wins a tied undoubled comparison under ``profile``: 'counting', 'other' or 'buyer'.

    Undoubled, the counting team is the buyer's opponent, so the tie rule 'buyer_fails' gives every
    tie to the counting team; 'units' reads the counting team's raw units (:func:`tie_by_units`).

    >>> from explorer.engine.core.profiles import DETAILED, SIMPLE
    >>> undoubled_tie(5, Mode.SUN, DETAILED), undoubled_tie(5, Mode.SUN, SIMPLE)
    ('buyer', 'counting')
    """
    if profile.tie_rule == "buyer_fails":
        return "counting"
    return tie_by_units(raw_units, mode)


@dataclass(frozen=True)
class ScoreStep:
    """One step of the pipeline: a short name (an id), the sentence (a :class:`Msg`), and the numbers per team."""

    step: str
    detail: Msg
    values: dict[str, int] | None = None
    reading: bool = False

    def to_dict(self, style: Style = ENGLISH) -> dict:
        """JSON-ready: the step id, the detail rendered in ``style``, the values and whether it is our reading."""
        d: dict = {"step": self.step, "detail": self.detail.render(style)}
        if self.values is not None:
            d["values"] = dict(self.values)
        if self.reading:
            d["our_reading"] = True
        return d


@dataclass(frozen=True)
class DealFacts:
    """What the score of a deal depends on."""

    contract: Contract
    escalation: Escalation
    points: Mapping[Team, int]
    tricks_won: Mapping[Team, int] | None = None
    projects: Mapping[Seat, tuple[Project, ...]] = field(default_factory=dict)
    baloot: Seat | None = None
    first_seat_held_ace: bool = False
    dealer: Seat | None = None
    match: Mapping[Team, int] | None = None


@dataclass(frozen=True)
class ScoreResult:
    """The whole verdict of the scoring pipeline."""

    counting_team: Team
    converted: dict[Team, int]
    project_team: Team | None
    comparison: dict[Team, int]
    winner: Team
    buyer_made: bool
    award: dict[Team, int] | None
    kaboot: Team | None
    match_before: dict[Team, int]
    match_after: dict[Team, int]
    match_winner: Team | None
    another_deal: bool
    steps: tuple[ScoreStep, ...]
    project_points: dict[Team, int]
    baloot_points: dict[Team, int]
    projects: ProjectComparison

    def to_dict(self, style: Style = ENGLISH) -> dict:
        """JSON-ready, the steps' sentences rendered in ``style``."""
        def teams(d):
            return None if d is None else {t.value: d[t] for t in TEAMS}
        return {
            "counting_team": self.counting_team.value,
            "converted": teams(self.converted),
            "project_team": self.project_team.value if self.project_team else None,
            "comparison": teams(self.comparison),
            "winner": self.winner.value,
            "buyer_made": self.buyer_made,
            "award": teams(self.award),
            "kaboot": self.kaboot.value if self.kaboot else None,
            "match_winner": self.match_winner.value if self.match_winner else None,
            "match": {"before": teams(self.match_before), "after": teams(self.match_after),
                      "another_deal": self.another_deal},
            "project_points": teams(self.project_points),
            "baloot_points": teams(self.baloot_points),
            "steps": [s.to_dict(style) for s in self.steps],
        }


def _t(d: Mapping[Team, int]) -> dict[str, int]:
    return {t.value: int(d[t]) for t in TEAMS}


def _fmt(d: Mapping[Team, int]) -> Msg:
    """Both teams' numbers: ``NS 84, EW 78``."""
    return Msg("NS {ns}, EW {ew}", ns=d[Team.NS], ew=d[Team.EW])


def project_multiplier(level: Level, profile: RuleProfile) -> int:
    """Eligible projects are multiplied by 2 at Double, by the profile's option at Triple and Quadruple."""
    if level is Level.DOUBLE:
        return 2
    if level in (Level.TRIPLE, Level.QUADRUPLE):
        return profile.projects_multiplier_above_double
    return 1


def kaboot_base(mode: Mode, level: Level, profile: RuleProfile) -> int:
    """The card award of a Kaboot at this level (000 §06 'multiply', 004 'fixed')."""
    base = KABOOT_AWARD[mode]
    if not level.is_multiplied:
        return base
    if profile.kaboot_escalation == "multiply":
        return base * (level.multiplier if mode is Mode.HOKUM else 2)
    return FIXED_KABOOT.get(level, base)         # a Double keeps the base (004)


def match_result(before: Mapping[Team, int], award: Mapping[Team, int] | None) -> tuple[dict, Team | None, bool]:
    """Totals after the deal, the match winner (reaching 152 with the higher total), and whether equal totals ≥152 need another deal.

    >>> after, w, again = match_result({Team.NS: 140, Team.EW: 100}, {Team.NS: 16, Team.EW: 0})
    >>> after[Team.NS], w.value, again
    (156, 'NS', False)
    >>> match_result({Team.NS: 150, Team.EW: 150}, {Team.NS: 8, Team.EW: 8})[1:]
    (None, True)
    """
    after = {t: int(before.get(t, 0)) + int((award or {}).get(t, 0)) for t in TEAMS}
    winner, again = decide(after)
    return after, winner, again


def score_deal(f: DealFacts, profile: RuleProfile = DEFAULT_PROFILE) -> ScoreResult:
    """Run the pipeline of rules-decisions.md on the facts of a deal: each step of :data:`PIPELINE` in turn,
    each recording what it found and its sentence. Inputs must be valid."""
    r = _Run(f, profile)
    for step in PIPELINE:
        step(r)
    return ScoreResult(r.counting, r.converted, r.comp.project_team, r.comparison, r.winner,
                       r.winner is r.buyer_team, r.award, r.kaboot, r.before, r.after, r.match_winner,
                       r.again, tuple(r.steps), r.project_points, r.baloot_points, r.comp)


@dataclass
class _Run:
    """The pipeline at work: the facts, the profile, the steps recorded so far and what each step found."""

    f: DealFacts
    profile: RuleProfile
    steps: list[ScoreStep] = field(default_factory=list)
    raw_points: dict[Team, int] = field(default_factory=dict)
    responsible: Team | None = None
    counting: Team | None = None
    raw: int = 0
    converted: dict[Team, int] = field(default_factory=dict)
    shown: dict[Seat, tuple[Project, ...]] = field(default_factory=dict)
    comp: ProjectComparison | None = None
    project_points: dict[Team, int] = field(default_factory=dict)
    baloot_points: dict[Team, int] = field(default_factory=dict)
    comparison: dict[Team, int] = field(default_factory=dict)
    kaboot: Team | None = None
    winner: Team | None = None
    award: dict[Team, int] | None = None
    before: dict[Team, int] = field(default_factory=dict)
    after: dict[Team, int] = field(default_factory=dict)
    match_winner: Team | None = None
    again: bool = False

    @property
    def mode(self) -> Mode:
        return self.f.contract.mode

    @property
    def level(self) -> Level:
        return self.f.escalation.level

    @property
    def pool(self) -> int:
        return GAME_POOL[self.mode]

    @property
    def buyer_team(self) -> Team:
        return self.f.contract.buyer.team

    def record(self, step: str, detail: Msg, values: Mapping[Team, int] | None = None, reading: bool = False) -> None:
        self.steps.append(ScoreStep(step, detail, _t(values) if values is not None else None, reading))


def _raw_points(r: _Run) -> None:
    """Raw card points of each team, the last trick's 10 already in them."""
    pts = {t: int(r.f.points[t]) for t in TEAMS}
    total = RAW_TOTAL[r.mode]
    r.record("raw", Msg("Raw card points: {points} (total {total} in {mode}).", points=_fmt(pts), total=total,
                        mode=r.mode), pts)
    r.record("last_trick", Msg("The last trick's {bonus} raw points are already in these totals: {cards} in the cards "
                               "plus {bonus} make {total}.", bonus=LAST_TRICK_BONUS, cards=total - LAST_TRICK_BONUS,
                               total=total))
    r.raw_points = pts


def _counting_team(r: _Run) -> None:
    """The team whose raw points are converted: the other side from the latest escalator's (000 §06)."""
    c, e = r.f.contract, r.f.escalation
    r.responsible = e.responsible_team(c)
    r.counting = r.responsible.other
    if r.level is Level.NONE:
        why = Msg("the buyer ({buyer}) is in {team}, so {counting}, the other team, counts",
                  buyer=c.buyer, team=r.buyer_team, counting=r.counting)
    else:
        said = e.doubler if r.level.by_doubler and e.doubler else c.buyer
        why = Msg("at {level} the latest escalation was said by {seat} ({team}), so {counting}, the other team, "
                  "counts", level=r.level, seat=said, team=r.responsible, counting=r.counting)
    r.record("counting_team", Msg("Counting team: {team} ({why}).", team=r.counting, why=why))


def _conversion(r: _Run) -> None:
    """The counting team's raw points as game points (:func:`convert`), and the complement to the other team."""
    raw = r.raw = r.raw_points[r.counting]
    conv = convert(raw, r.mode)
    r.converted = {r.counting: conv, r.responsible: r.pool - conv}
    if r.mode is Mode.HOKUM:
        how = Msg("{raw} rounds to {tens} (units 0–5 down, 6–9 up), divided by 10 gives {points}",
                  raw=raw, tens=conv * 10, points=conv)
    else:
        how = Msg("{raw}: units {units} → {points} (round to tens keeping a final 5, divided by 5)",
                  raw=raw, units=raw % 10, points=conv)
    r.steps.append(ScoreStep("conversion", plural("Convert {team}'s {raw} raw point: {how}.",
                                                  "Convert {team}'s {raw} raw points: {how}.", raw, team=r.counting,
                                                  raw=raw, how=how), {r.counting.value: conv}))
    r.record("complement", Msg("{team} gets the complement: {pool} − {points} = {rest} (never rounded on its own).",
                               team=r.responsible, pool=r.pool, points=conv, rest=r.pool - conv), r.converted)


def _projects(r: _Run) -> None:
    """The projects shown, compared (:func:`~.projects.compare_projects`): the team with priority scores its own."""
    r.shown = {s: tuple(ps) for s, ps in r.f.projects.items() if ps}
    r.comp = comp = compare_projects(r.shown, mode=r.mode, trump=r.f.contract.trump, dealer=r.f.dealer,
                                     profile=r.profile)
    pteam = comp.project_team
    r.project_points = {t: 0 for t in TEAMS}
    if pteam is not None:
        r.project_points[pteam] = sum(p.value for s, ps in r.shown.items() if s.team is pteam for p in ps)
    if pteam is not None and any(s.team is not pteam for s in r.shown):
        text = Msg("{comparison} {team} scores its projects ({points}); the other team's score nothing.",
                   comparison=comp.reason, team=pteam, points=r.project_points[pteam])
    elif pteam is not None:
        text = Msg("{comparison} {team} scores its projects ({points}).", comparison=comp.reason, team=pteam,
                   points=r.project_points[pteam])
    else:
        text = comp.reason
    r.record("projects", text, r.project_points)


def _baloot(r: _Run) -> None:
    """Baloot (the trump K and Q in one hand): 2 for its team, unless inside the owner's shown project."""
    r.baloot_points = {t: 0 for t in TEAMS}
    seat = r.f.baloot
    if seat is None:
        return
    owner_shown = r.shown.get(seat, ()) if seat.team is r.comp.project_team else ()
    if baloot_absorbed(owner_shown, r.f.contract.trump):
        r.record("baloot", Msg("{seat}'s Baloot is inside its shown project (five-card run with K and Q, or four K or "
                               "four Q): no separate 2.", seat=seat), r.baloot_points)
        return
    r.baloot_points[seat.team] = BALOOT_POINTS
    r.record("baloot", Msg("Baloot: {seat} held the trump K and Q, {points} for {team}, whoever has project "
                           "priority.", seat=seat, points=BALOOT_POINTS, team=seat.team), r.baloot_points)


def _comparison(r: _Run) -> None:
    """Cards, projects and Baloot compared: a Kaboot wins outright, else the higher total, else the tie rule."""
    comparison = r.comparison = {t: r.converted[t] + r.project_points[t] + r.baloot_points[t] for t in TEAMS}
    won = r.f.tricks_won or {}
    for t in TEAMS:
        if int(won.get(t, 0)) == 8:
            r.kaboot = t
    if r.kaboot is not None:
        r.winner = r.kaboot
        r.record("comparison", Msg("Comparison: {points}, but {team} took all eight tricks (Kaboot): no conversion, "
                                   "the sweeping team wins.", points=_fmt(comparison), team=r.kaboot), comparison)
    elif comparison[Team.NS] != comparison[Team.EW]:
        r.winner = max(TEAMS, key=lambda t: comparison[t])
        r.record("comparison", Msg("Comparison (cards + projects + Baloot): {points}; {team} is higher.",
                                   points=_fmt(comparison), team=r.winner), comparison)
    else:
        r.record("comparison", Msg("Comparison (cards + projects + Baloot): {points}: a tie.", points=_fmt(comparison)),
                 comparison)
        r.winner, detail, reading = _break_tie(r.raw, r.mode, r.level, r.counting, r.buyer_team, r.f.escalation,
                                               r.profile)
        r.steps.append(ScoreStep("tie_rule", detail, reading=reading))


def _award(r: _Run) -> None:
    """What each team records: a Kaboot's award, nothing at Gahwa, the undoubled award, or the escalated one."""
    if r.kaboot is not None:
        _award_kaboot(r)
    elif r.level is Level.GAHWA:
        r.award = None
        r.record("award", Msg("Gahwa: {team} wins the deal and so the match; the deal has no numeric award.",
                              team=r.winner))
    elif r.level is Level.NONE:
        _award_undoubled(r)
    else:
        _award_escalated(r)


def _award_kaboot(r: _Run) -> None:
    r.award, detail = _kaboot_award(r.f, r.kaboot, r.project_points, r.comp.project_team, r.profile)
    if r.shown:
        detail = Msg("{award} Only a sweeping team holding project priority scores its projects (our reading of "
                     "'only the winner's shown projects').", award=detail)
    r.record("award", detail, r.award if r.award else None, reading=bool(r.shown))


def _award_undoubled(r: _Run) -> None:
    buyer_team = r.buyer_team
    if r.winner is buyer_team:
        r.award = dict(r.comparison)
        r.record("award", Msg("The buyer's team {team} made its contract: each team records its own cards, projects "
                              "and Baloot: {points}.", team=buyer_team, points=_fmt(r.award)), r.award)
        return
    taken = r.pool + sum(r.project_points.values()) + sum(r.baloot_points.values())
    r.award = {t: (taken if t is buyer_team.other else 0) for t in TEAMS}
    r.record("award", Msg("The buyer's team {team} failed: it records 0; {other} records the whole {pool} plus every "
                          "eligible project and the Baloot: {points}.", team=buyer_team, other=buyer_team.other,
                          pool=r.pool, points=_fmt(r.award)), r.award)


def _award_escalated(r: _Run) -> None:
    level, pool, winner = r.level, r.pool, r.winner
    pm = project_multiplier(level, r.profile)
    projects, baloot = sum(r.project_points.values()), sum(r.baloot_points.values())
    won = pool * level.multiplier + projects * pm + baloot
    r.award = {t: (won if t is winner else 0) for t in TEAMS}
    r.record("award", Msg("{level}: {team} takes everything: {pool} × {multiplier} = {cards}, projects {projects} × "
                          "{project_multiplier}, Baloot {baloot}: {won}; {loser} records 0.", level=level, team=winner,
                          pool=pool, multiplier=level.multiplier, cards=pool * level.multiplier, projects=projects,
                          project_multiplier=pm, baloot=baloot, won=won, loser=winner.other), r.award)


def _match(r: _Run) -> None:
    """The match totals after the deal: a Gahwa wins it whatever the totals, else the race to 152."""
    r.before = before = {t: int((r.f.match or {}).get(t, 0)) for t in TEAMS}
    if r.level is Level.GAHWA:
        r.after, r.match_winner, r.again = dict(before), r.winner, False
        r.record("match", Msg("Gahwa: {team} wins the match whatever the totals.", team=r.winner))
        return
    r.after, r.match_winner, r.again = after, mwin, again = match_result(before, r.award)
    if mwin:
        text = Msg("Match: {before} + this deal = {after}. {team} reaches {target} with the higher total and wins the "
                   "match.", before=_fmt(before), after=_fmt(after), team=mwin, target=MATCH_TARGET)
    elif again:
        text = Msg("Match: {before} + this deal = {after}. Equal totals at {target} or more: play another deal.",
                   before=_fmt(before), after=_fmt(after), target=MATCH_TARGET)
    else:
        text = Msg("Match: {before} + this deal = {after}.", before=_fmt(before), after=_fmt(after))
    r.record("match", text, after)


PIPELINE: tuple[Callable[[_Run], None], ...] = (_raw_points, _counting_team, _conversion, _projects, _baloot,
                                                _comparison, _award, _match)
"""The steps of the scoring, in order (rules-decisions.md "Scoring")."""


def _break_tie(raw: int, mode: Mode, level: Level, counting: Team, buyer_team: Team, e: Escalation,
               profile: RuleProfile) -> tuple[Team, Msg, bool]:
    units = raw % 10
    if level.is_multiplied and profile.escalated_tie == "doubler_loses" and e.doubler is not None:
        loser = e.doubler.team
        return loser.other, Msg("Tie at {level}: the team that originally called Double ({team}) loses it (004).",
                                level=level, team=loser), False
    if not level.is_multiplied and profile.tie_rule == "buyer_fails":
        return buyer_team.other, Msg("Tie: the buyer's team {team} had to score more than the other team, so it "
                                     "fails (002).", team=buyer_team), False
    who = tie_by_units(units, mode)
    table = (Msg("Hokum: counting team wins on units 2–5, loses on 6–9 and 0, 1 favours the buyer")
             if mode is Mode.HOKUM else
             Msg("Sun: counting team wins on units 1–4, loses on 6–9, 0 and 5 favour the buyer"))
    if who == "counting":
        return counting, Msg("Tie broken by the counting team's raw units ({raw} ends in {units}): {team} wins "
                             "({table}).", raw=raw, units=units, team=counting, table=table), False
    if who == "other":
        return counting.other, Msg("Tie broken by the counting team's raw units ({raw} ends in {units}): {team} "
                                   "loses, so {other} wins ({table}).", raw=raw, units=units, team=counting,
                                   other=counting.other, table=table), False
    if level is not Level.NONE:
        return buyer_team, Msg("Tie broken by the counting team's raw units ({raw} ends in {units}, neutral): it "
                               "favours the buyer's team {team} ({table}) — our reading at escalated levels.",
                               raw=raw, units=units, team=buyer_team, table=table), True
    return buyer_team, Msg("Tie broken by the counting team's raw units ({raw} ends in {units}, neutral): it "
                           "favours the buyer's team {team} ({table}).", raw=raw, units=units, team=buyer_team,
                           table=table), False


def _kaboot_award(f: DealFacts, sweeper: Team, project_points: dict[Team, int], pteam: Team | None,
                  profile: RuleProfile) -> tuple[dict[Team, int] | None, Msg]:
    c, level, mode = f.contract, f.escalation.level, f.contract.mode
    reverse = (profile.reverse_kaboot and mode is Mode.SUN and f.dealer is not None
               and c.buyer is f.dealer.right and sweeper is not c.buyer.team and f.first_seat_held_ace)
    if reverse:
        doubled = level.is_multiplied and profile.kaboot_escalation == "multiply"
        base = REVERSE_KABOOT_AWARD * (2 if doubled else 1)
        if doubled:
            base_text = Msg("Reverse Kaboot: the dealer's right ({buyer}) bought Sun with an Ace and its team took "
                            "no trick: {award} × 2 (doubled like a Kaboot under 'multiply'; our reading)",
                            buyer=c.buyer, award=REVERSE_KABOOT_AWARD)
        elif level.is_multiplied:
            base_text = Msg("Reverse Kaboot: the dealer's right ({buyer}) bought Sun with an Ace and its team took "
                            "no trick: {award} (kept, as a doubled Kaboot keeps 44 under 'fixed'; our reading)",
                            buyer=c.buyer, award=REVERSE_KABOOT_AWARD)
        else:
            base_text = Msg("Reverse Kaboot: the dealer's right ({buyer}) bought Sun with an Ace and its team took "
                            "no trick: {award}", buyer=c.buyer, award=REVERSE_KABOOT_AWARD)
    else:
        base = kaboot_base(mode, level, profile)
        if level.is_multiplied:
            base_text = Msg("Kaboot: {team} took all eight tricks: {award} ({kaboot} at {level}, rule '{rule}')",
                            team=sweeper, award=base, kaboot=KABOOT_AWARD[mode], level=level,
                            rule=profile.kaboot_escalation)
        else:
            base_text = Msg("Kaboot: {team} took all eight tricks: {award}", team=sweeper, award=base)
    own_projects = project_points[sweeper] if pteam is sweeper else 0
    pm = project_multiplier(level, profile) if level.is_multiplied else 1
    baloot = 0
    own_baloot = f.baloot is not None and f.baloot.team is sweeper
    if own_baloot:
        absorbed = baloot_absorbed(f.projects.get(f.baloot, ()), c.trump) if pteam is sweeper else False
        if not absorbed and (level.is_multiplied or level is Level.GAHWA or profile.undoubled_kaboot_baloot):
            baloot = BALOOT_POINTS
    if level is Level.GAHWA:
        return None, Msg("{kaboot}. Gahwa: {team} wins the match; no numeric award.", kaboot=base_text, team=sweeper)
    won = base + own_projects * pm + baloot
    projects: int | Msg = own_projects if pm == 1 else Msg("{points} × {multiplier}", points=own_projects,
                                                           multiplier=pm)
    params = dict(kaboot=base_text, projects=projects, baloot=baloot, won=won, other=sweeper.other)
    if not baloot:
        detail = Msg("{kaboot}, plus its own projects {projects} = {won}; {other} records 0, its projects and "
                     "Baloot included.", **params)
    elif level.is_multiplied:
        detail = Msg("{kaboot}, plus its own projects {projects}, plus its Baloot {baloot} = {won}; {other} records "
                     "0, its projects and Baloot included.", **params)
    else:
        detail = Msg("{kaboot}, plus its own projects {projects}, plus its Baloot {baloot} (undoubled Kaboot Baloot: "
                     "a teaching agreement of 000) = {won}; {other} records 0, its projects and Baloot included.",
                     **params)
    award = {sweeper: won, sweeper.other: 0}
    return {t: award[t] for t in TEAMS}, detail
