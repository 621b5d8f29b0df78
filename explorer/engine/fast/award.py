"""Scoring many played deals at once, as :func:`~explorer.engine.rules.scoring.score_deal` scores one.

Raw points and tricks → projects each seat shows (:mod:`~explorer.engine.fast.projects`) and the
project team → Baloot → the counting team's conversion and the complement → comparison, tie rule and
Kaboot → the award at the deal's escalation level. The numbers the steps use are read off the engine
per profile: the conversion and the tie units (:mod:`~explorer.engine.fast.lookup`), the project
multiplier (``scoring.project_multiplier``), the undoubled tie (``scoring.undoubled_tie``) and what a
Kaboot and a reverse Kaboot record at each level (``score_deal`` on a bare sweep).

>>> from explorer.engine.core.profiles import get_profile
>>> tables = profile_tables(get_profile("tournament"))
>>> dict(zip([lv.value for lv in LEVELS], tables.kaboot[MODES.index(Mode.HOKUM)].tolist()))
{'none': 25, 'double': 25, 'triple': 75, 'quadruple': 100, 'gahwa': 0}
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from explorer.engine.core.cards import SEATS, SUITS
from explorer.engine.core.contract import LEVELS, Contract, Escalation, Level
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.core.tables import BALOOT_POINTS, GAME_POOL, RAW_TOTAL, Mode
from explorer.engine.fast.lookup import (
    ACE_MASK,
    CONVERT,
    GAHWA,
    LEVEL_BY_DOUBLER,
    LEVEL_MULT,
    LEVEL_MULTIPLIED,
    MODES,
    SEAT_PRIORITY,
    TIE,
    TIE_CODE,
)
from explorer.engine.fast.projects import HandProjectsFast, hand_projects
from explorer.engine.fast.result import SimResult
from explorer.engine.rules.scoring import DealFacts, project_multiplier, score_deal, undoubled_tie

IMPLEMENTED_OPTIONS = frozenset({
    "trump_project_priority", "tie_rule", "escalated_tie", "projects_multiplier_above_double",
    "kaboot_escalation", "undoubled_kaboot_baloot", "reverse_kaboot",
})
"""The profile options the award implements (some through the engine's own functions, see the module doc)."""

POOL = np.array([GAME_POOL[m] for m in MODES], dtype=np.int64)


def _bare_kaboot(mode: Mode, level: Level, profile: RuleProfile, *, reverse: bool) -> int:
    """What ``score_deal`` awards a sweep with no project and no Baloot: the Kaboot's own value at ``level``
    (``reverse``: Sun, the dealer's right bought holding an Ace and its team took no trick)."""
    dealer = SEATS[0]
    buyer = dealer.right
    sweeper = buyer.team.other if reverse else buyer.team
    contract = Contract(mode, None if mode is Mode.SUN else SUITS[0], buyer)
    escalation = Escalation(level, None if level is Level.NONE else buyer.right)
    facts = DealFacts(contract=contract, escalation=escalation,
                      points={sweeper: RAW_TOTAL[mode], sweeper.other: 0}, tricks_won={sweeper: 8, sweeper.other: 0},
                      first_seat_held_ace=reverse, dealer=dealer)
    award = score_deal(facts, profile).award
    return 0 if award is None else award[sweeper]


@dataclass(frozen=True)
class _ProfileTables:
    """A profile's scoring numbers, by mode and level (or mode and raw units)."""

    kaboot: np.ndarray          # (2, levels) a Kaboot's own value
    reverse_kaboot: np.ndarray  # (2, levels) a reverse Kaboot's own value (Sun)
    project_multiplier: np.ndarray  # (levels,)
    undoubled_tie: np.ndarray   # (2, 10) TIE_CODE of a tie undoubled and at Gahwa, by the counting team's units


@lru_cache(maxsize=64)
def profile_tables(profile: RuleProfile) -> _ProfileTables:
    """The scoring numbers of ``profile``, read off the engine's functions (once per profile)."""
    def kaboot(reverse: bool) -> np.ndarray:
        return np.array([[_bare_kaboot(m, lv, profile, reverse=reverse) for lv in LEVELS] for m in MODES],
                        dtype=np.int64)
    return _ProfileTables(
        kaboot(False), kaboot(True), np.array([project_multiplier(lv, profile) for lv in LEVELS], dtype=np.int64),
        np.array([[TIE_CODE[undoubled_tie(u, m, profile)] for u in range(10)] for m in MODES], dtype=np.int64))


def _raw_and_tricks(tpoints: np.ndarray, winners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Raw points (last trick's 10 included) and tricks won, by team (n, 2)."""
    team_of_trick = winners & 1
    raw = np.stack([(tpoints * (team_of_trick == t)).sum(axis=1) for t in (0, 1)], axis=1)
    won = np.stack([(team_of_trick == t).sum(axis=1) for t in (0, 1)], axis=1)
    return raw, won


@dataclass
class _Shown:
    """Projects and Baloot over deals: what each seat shows, the project team and each team's points."""

    hp: HandProjectsFast
    pteam: np.ndarray           # (n,) -1 when nobody showed a project
    project_points: np.ndarray  # (n, 2)
    baloot_seat: np.ndarray     # (n,) -1 when nobody held the trump K and Q
    owner_absorbed: np.ndarray  # (n,) the Baloot holder's shown projects hold it
    baloot_points: np.ndarray   # (n, 2)


def _projects_and_baloot(hands, hokum, trump, dealer, profile: RuleProfile) -> _Shown:
    """The best single project decides the project team (seat priority from the dealer's right); the
    Baloot counts 2 for its holder's team unless that team scores a shown project holding it."""
    n = hands.shape[0]
    teams = np.arange(2)[None, :]
    hp = hand_projects(hands, hokum[:, None], trump[:, None], trump_priority=profile.trump_project_priority)
    prio = SEAT_PRIORITY[dealer]                                 # (n, 4): 0 for the dealer's right
    full = np.where(hp.key > 0, hp.key * 4 + (3 - prio), -1)
    best_seat = full.argmax(axis=1)
    pteam = np.where(full.max(axis=1) >= 0, best_seat & 1, -1)
    team_value = np.stack([hp.value[:, [t, t + 2]].sum(axis=1) for t in (0, 1)], axis=1)
    project_points = np.where(pteam[:, None] == teams, team_value, 0)
    has_baloot = hp.baloot.any(axis=1)
    baloot_seat = np.where(has_baloot, hp.baloot.argmax(axis=1), -1)
    owner_team = baloot_seat & 1
    owner_absorbed = hp.absorbed[np.arange(n), np.maximum(baloot_seat, 0)]
    separate = has_baloot & ~((owner_team == pteam) & owner_absorbed)
    baloot_points = np.where(separate[:, None] & (owner_team[:, None] == teams), BALOOT_POINTS, 0)
    return _Shown(hp, pteam, project_points, baloot_seat, owner_absorbed, baloot_points)


@dataclass
class _Outcome:
    """Who counts, the converted points, the comparison and who won the deal, over deals."""

    counting: np.ndarray
    converted: np.ndarray
    comparison: np.ndarray
    kaboot: np.ndarray          # (n,) the sweeping team, -1 when none
    tie: np.ndarray
    winner: np.ndarray


def _outcome(raw, won, shown: _Shown, *, mi, buyer, level, doubler, profile: RuleProfile) -> _Outcome:
    """The responsible team (the buyer's, or at Double and Quadruple the doubler's) and the counting
    team (the other), the conversion and complement, the comparison, Kaboot and the tie rule."""
    ar = np.arange(raw.shape[0])
    teams = np.arange(2)[None, :]
    multiplied = LEVEL_MULTIPLIED[level]
    bt = buyer & 1
    responsible = np.where(LEVEL_BY_DOUBLER[level] & (doubler >= 0), doubler & 1, bt)
    counting = 1 - responsible
    raw_counting = raw[ar, counting]
    conv = CONVERT[mi, raw_counting]
    converted = np.where(teams == counting[:, None], conv[:, None], (POOL[mi] - conv)[:, None])
    comparison = converted + shown.project_points + shown.baloot_points
    kaboot = np.where(won[:, 0] == 8, 0, np.where(won[:, 1] == 8, 1, -1))
    tie = (kaboot < 0) & (comparison[:, 0] == comparison[:, 1])
    units = raw_counting % 10
    code = np.where(multiplied, TIE[mi, units], profile_tables(profile).undoubled_tie[mi, units])
    tie_winner = np.where(code == TIE_CODE["counting"], counting,
                          np.where(code == TIE_CODE["other"], responsible, bt))
    if profile.escalated_tie == "doubler_loses":                    # Double, Triple, Quadruple
        tie_winner = np.where(multiplied & (doubler >= 0), 1 - (doubler & 1), tie_winner)
    winner = np.where(kaboot >= 0, kaboot,
                      np.where(comparison[:, 0] > comparison[:, 1], 0,
                               np.where(comparison[:, 1] > comparison[:, 0], 1, tie_winner)))
    return _Outcome(counting, converted, comparison, kaboot, tie, winner)


def _award(o: _Outcome, shown: _Shown, *, mi, buyer, level, tables: _ProfileTables) -> np.ndarray:
    """Undoubled: a made contract records each team's own comparison, a failed one gives the other team
    everything; Double to Quadruple: the winner records the pool times the level, the projects times
    the project multiplier and the Baloot, the loser 0."""
    teams = np.arange(2)[None, :]
    bt = buyer & 1
    project_sum = shown.project_points.sum(axis=1)
    baloot_sum = shown.baloot_points.sum(axis=1)
    failed_total = POOL[mi] + project_sum + baloot_sum
    award = np.where((o.winner == bt)[:, None], o.comparison,
                     np.where(teams == (1 - bt)[:, None], failed_total[:, None], 0))
    escalated = POOL[mi] * LEVEL_MULT[level] + project_sum * tables.project_multiplier[level] + baloot_sum
    return np.where(LEVEL_MULTIPLIED[level][:, None], np.where(teams == o.winner[:, None], escalated[:, None], 0),
                    award)


def _kaboot_award(o: _Outcome, shown: _Shown, *, hands, hokum, mi, buyer, dealer, level,
                  profile: RuleProfile, tables: _ProfileTables) -> np.ndarray:
    """What the sweeping team records: the Kaboot's value (a reverse Kaboot's in Sun), its own projects
    if it holds project priority (times the project multiplier) and its own Baloot (at an escalated
    level, at Gahwa, or undoubled under the profile option); by team (n, 2), 0 where no Kaboot."""
    ar = np.arange(hands.shape[0])
    teams = np.arange(2)[None, :]
    sweeper = np.maximum(o.kaboot, 0)
    owns_priority = shown.pteam == sweeper
    own_projects = np.where(owns_priority, shown.project_points[ar, sweeper], 0)
    baloot_counts = LEVEL_MULTIPLIED[level] | (level == GAHWA) | profile.undoubled_kaboot_baloot
    own_baloot = ((shown.baloot_seat >= 0) & ((shown.baloot_seat & 1) == sweeper)
                  & ~(owns_priority & shown.owner_absorbed) & baloot_counts)
    first = (dealer + 1) & 3
    first_ace = (hands[ar, first] & ACE_MASK) != 0
    reverse = profile.reverse_kaboot & ~hokum & (buyer == first) & (sweeper != (buyer & 1)) & first_ace
    base = np.where(reverse, tables.reverse_kaboot[mi, level], tables.kaboot[mi, level])
    k_award = base + own_projects * tables.project_multiplier[level] + np.where(own_baloot, BALOOT_POINTS, 0)
    return np.where(teams == sweeper[:, None], k_award[:, None], 0)


def score(*, seed: int, start: int, profile: RuleProfile, dealer, hokum, trump, buyer, level, doubler, locked,
          hands, deck, play) -> SimResult:
    """Score every deal as :func:`scoring.score_deal` does, at its escalation level (``level`` indexes
    :data:`~explorer.engine.core.contract.LEVELS`, ``doubler`` is a seat or -1); ``play`` is what the
    play loop recorded (:class:`~explorer.engine.fast.playout.Played`)."""
    n = hands.shape[0]
    mi = hokum.astype(np.int64)
    level = np.asarray(level, dtype=np.int64)
    doubler = np.asarray(doubler, dtype=np.int64)
    tables = profile_tables(profile)
    raw, won = _raw_and_tricks(play.tpoints, play.winners)
    shown = _projects_and_baloot(hands, hokum, trump, dealer, profile)
    o = _outcome(raw, won, shown, mi=mi, buyer=buyer, level=level, doubler=doubler, profile=profile)
    award = _award(o, shown, mi=mi, buyer=buyer, level=level, tables=tables)
    kaboot = _kaboot_award(o, shown, hands=hands, hokum=hokum, mi=mi, buyer=buyer, dealer=dealer, level=level,
                           profile=profile, tables=tables)
    award = np.where((o.kaboot >= 0)[:, None], kaboot, award)
    award = np.where((level == GAHWA)[:, None], 0, award)          # Gahwa: the match, no numeric award
    return SimResult(
        seed=seed, profile=profile, deal=start + np.arange(n), dealer=dealer, hokum=hokum, trump=trump, buyer=buyer,
        level=level.astype(np.int8), doubler=doubler.astype(np.int8), locked=np.asarray(locked, dtype=bool),
        hands=hands, deck=deck, cards=play.cards, leaders=play.leaders, winners=play.winners, ekka=play.ekka,
        legal=play.legal, trick_points=play.tpoints, raw=raw, tricks_won=won, shown_value=shown.hp.value,
        project_team=shown.pteam, project_points=shown.project_points, baloot_seat=shown.baloot_seat,
        baloot_points=shown.baloot_points, converted=o.converted, comparison=o.comparison, tie=o.tie,
        kaboot=o.kaboot, winner=o.winner, buyer_made=o.winner == (buyer & 1), award=award)

