"""The fast simulator and the engine side by side: what each says about the same deals (issue 19).

Helpers of ``test_simulator_differential.py`` and ``test_simulator_options.py``: the profiles (each
named one and each with one option flipped), the escalations, the engine's verdict on a simulated deal
turn by turn, and the award cases (ties and Kaboots over chosen hands) scored by both.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import cache

import numpy as np
import pytest

from explorer.engine.core.cards import DECK, SEATS, Rank, Seat, Suit, Team
from explorer.engine.core.contract import LEVELS, Contract, Escalation, Level
from explorer.engine.core.profiles import OPTIONS, PROFILES, RuleProfile, custom_profile
from explorer.engine.core.tables import GAME_POOL, RAW_TOTAL, Mode
from explorer.engine.fast import award as fast_award
from explorer.engine.fast.playout import Played, play_out
from explorer.engine.fast.projects import hand_projects
from explorer.engine.fast.simulate import simulate
from explorer.engine.rules.play import (
    PlayState,
    ekka_problem,
    legal_plays,
    play_tricks,
    seats_from,
    team_totals,
)
from explorer.engine.rules.projects import find_projects, has_baloot
from explorer.engine.rules.scoring import DealFacts, convert, score_deal

TEAMS = (Team.NS, Team.EW)
DEALER = Seat.W


def _flips() -> list:
    """Each named profile, and each profile with one option set to each of its other values."""
    out = [pytest.param(p, id=pid) for pid, p in PROFILES.items()]
    for pid, base in PROFILES.items():
        for name, info in OPTIONS.items():
            for value in info.choices:
                if value != getattr(base, name):
                    out.append(pytest.param(custom_profile({"base": pid, name: value}),
                                            id=f"{pid}+{name}={str(value).lower()}"))
    return out


PROFILE_FLIPS = _flips()

# (mode, escalation, whether leaders announce Ekka): every level, Hokum open and locked, Sun.
ESCALATIONS = [
    pytest.param(Mode.HOKUM, Escalation(), True, id="hokum"),
    pytest.param(Mode.HOKUM, Escalation(Level.DOUBLE, Seat.E), False, id="hokum-double"),
    pytest.param(Mode.HOKUM, Escalation(Level.DOUBLE, Seat.W, locked=True), True, id="hokum-double-locked"),
    pytest.param(Mode.HOKUM, Escalation(Level.TRIPLE, Seat.E), True, id="hokum-triple"),
    pytest.param(Mode.HOKUM, Escalation(Level.QUADRUPLE, Seat.W), False, id="hokum-quadruple"),
    pytest.param(Mode.HOKUM, Escalation(Level.QUADRUPLE, Seat.E, locked=True), True, id="hokum-quadruple-locked"),
    pytest.param(Mode.HOKUM, Escalation(Level.GAHWA, Seat.W), True, id="hokum-gahwa"),
    pytest.param(Mode.SUN, Escalation(), True, id="sun"),
    pytest.param(Mode.SUN, Escalation(Level.DOUBLE, Seat.E), True, id="sun-double"),
]


def contract_for(mode: Mode, buyer: Seat = Seat.N) -> Contract:
    return Contract(mode, Suit.H if mode is Mode.HOKUM else None, buyer)


def _cards(mask: int) -> list:
    return [DECK[c] for c in range(32) if int(mask) >> c & 1]


def _seed(*parts) -> int:
    """A seed of its own for each configuration (stable across runs and Python versions)."""
    return zlib.crc32(repr(parts).encode())


# --- what the engine says ------------------------------------------------------------------------

def engine_facts(hands: dict[Seat, list], contract: Contract, escalation: Escalation, points, tricks_won) -> DealFacts:
    """The facts of a deal as the game model gathers them: each seat shows what ``find_projects`` finds,
    the Baloot from the original hands, the first seat's Ace for a reverse Kaboot."""
    mode, trump = contract.mode, contract.trump
    shown = {s: find_projects(hands[s], mode, trump).projects for s in SEATS}
    baloot = next((s for s in SEATS if has_baloot(hands[s], trump)), None)
    held_ace = any(c.rank is Rank.ACE for c in hands[DEALER.right])
    return DealFacts(contract=contract, escalation=escalation, points=points, tricks_won=tricks_won,
                     projects={s: ps for s, ps in shown.items() if ps}, baloot=baloot,
                     first_seat_held_ace=held_ace and mode is Mode.SUN, dealer=DEALER)


def award_disagreements(r, i: int, facts: DealFacts, profile: RuleProfile) -> list[str]:
    """Where deal ``i`` of a simulator result is scored otherwise than ``score_deal`` scores ``facts``."""
    e = score_deal(facts, profile)
    team = {-1: None, 0: Team.NS, 1: Team.EW}
    award = {t: int(r.award[i, k]) for k, t in enumerate(TEAMS)}
    got = {"winner": team[int(r.winner[i])], "kaboot": team[int(r.kaboot[i])], "buyer_made": bool(r.buyer_made[i]),
           "project_team": team[int(r.project_team[i])],
           "converted": {t: int(r.converted[i, k]) for k, t in enumerate(TEAMS)},
           "comparison": {t: int(r.comparison[i, k]) for k, t in enumerate(TEAMS)},
           "project_points": {t: int(r.project_points[i, k]) for k, t in enumerate(TEAMS)},
           "baloot_points": {t: int(r.baloot_points[i, k]) for k, t in enumerate(TEAMS)},
           "award": None if facts.escalation.level is Level.GAHWA else award}
    if facts.escalation.level is Level.GAHWA and any(award.values()):
        return [f"deal {i}: Gahwa has no numeric award, the simulator records {award}"]
    return [f"deal {i}: {k}: simulator {v}, engine {getattr(e, k)}" for k, v in got.items() if getattr(e, k) != v]


def play_disagreements(r, i: int, contract: Contract, escalation: Escalation, profile: RuleProfile,
                       ekka: bool) -> list[str]:
    """Replay deal ``i`` of ``r`` through the engine: every turn's legal cards, Ekka, the tricks, the
    raw points and tricks won, then the award."""
    mode, trump = contract.mode, contract.trump
    original = {SEATS[s]: _cards(r.hands[i, s]) for s in range(4)}
    hands = {s: list(cs) for s, cs in original.items()}
    played: list = []
    out = []
    for t in range(8):
        leader = SEATS[int(r.leaders[i, t])]
        trick = [DECK[int(c)] for c in r.cards[i, t]]
        holds = mode is Mode.HOKUM and ekka_problem(trick[0], played, mode, trump) is None
        if bool(r.ekka[i, t]) != (ekka and holds):
            out.append(f"deal {i} trick {t + 1}: Ekka on {trick[0]} announced {bool(r.ekka[i, t])}, "
                       f"the engine allows it: {holds}")
        for p, seat in enumerate(seats_from(leader)):
            state = PlayState(mode=mode, trump=trump, leader=leader, cards=tuple(trick[:p]), hand=tuple(hands[seat]),
                              played=frozenset(played), ekka=bool(r.ekka[i, t]), locked=escalation.locked,
                              profile=profile)
            engine = sorted(c.code for c in legal_plays(state))
            fast = [c for c in range(32) if int(r.legal[i, t, p]) >> c & 1]
            if fast != engine or trick[p].code not in engine:
                out.append(f"deal {i} trick {t + 1} {seat.value}: simulator allows {[str(DECK[c]) for c in fast]}, "
                           f"engine {[str(DECK[c]) for c in engine]}, played {trick[p]}")
            hands[seat].remove(trick[p])
        played += trick
    tricks = play_tricks([[DECK[int(c)] for c in r.cards[i, t]] for t in range(8)], mode=mode, trump=trump,
                         first_leader=DEALER.right)
    if [SEATS.index(pt.winner) for pt in tricks] != r.winners[i].tolist() or \
            [pt.points for pt in tricks] != r.trick_points[i].tolist():
        out.append(f"deal {i}: tricks {r.winners[i].tolist()} {r.trick_points[i].tolist()}, engine "
                   f"{[SEATS.index(pt.winner) for pt in tricks]} {[pt.points for pt in tricks]}")
    points, won = team_totals(tricks)
    if [points[t] for t in TEAMS] != r.raw[i].tolist() or [won[t] for t in TEAMS] != r.tricks_won[i].tolist():
        out.append(f"deal {i}: raw {r.raw[i].tolist()} tricks {r.tricks_won[i].tolist()}, engine {points} {won}")
    return out + award_disagreements(r, i, engine_facts(original, contract, escalation, points, won), profile)


# --- the same positions for every configuration --------------------------------------------------

@cache
def fresh_hands(mode: Mode, deals: int) -> np.ndarray:
    return simulate(deals, seed=1919, mode=mode.value, trump="H" if mode is Mode.HOKUM else None).hands


def _position(r, i: int, k: int) -> tuple[np.ndarray, list[int], list[bool]]:
    """Deal ``i`` of ``r`` after its first ``k`` cards: what each seat holds now, the history, the Ekka flags."""
    history = [int(c) for c in r.cards[i].reshape(-1)[:k]]
    now = r.hands[i].copy()
    for j, c in enumerate(history):
        now[(int(r.leaders[i, j // 4]) + j % 4) % 4] ^= np.uint32(1 << c)
    return now, history, [bool(x) for x in r.ekka[i, :-(-k // 4)]]


def check_played_deals(profile: RuleProfile, mode: Mode, escalation: Escalation, ekka: bool, *, deals: int,
                       positions: tuple[int, ...]) -> list[str]:
    """Play ``deals`` fresh deals and, from the first, the positions after ``positions`` cards; the engine's
    disagreements with every one of them."""
    contract = contract_for(mode)
    seed = _seed(profile, mode, escalation, ekka)
    kw = dict(dealer=DEALER, contract=contract, escalation=escalation, profile=profile, ekka=ekka)
    fresh = play_out(fresh_hands(mode, deals), rng=seed, **kw)
    results = [fresh]
    for k in positions:
        now, history, announced = _position(fresh, 0, k)
        results.append(play_out(now[None, :], history, announced=announced, rng=seed + k, **kw))
    return [f"{j}/{d}" for j, r in enumerate(results) for i in range(len(r))
            for d in play_disagreements(r, i, contract, escalation, profile, ekka)]


# --- the award at ties and Kaboots -----------------------------------------------------------------

@dataclass(frozen=True)
class Setup:
    """Four hands (masks by seat) and the buyer, chosen for what the engine finds in them."""

    name: str
    hands: tuple[int, int, int, int]
    buyer: Seat


_FEATURES = {
    "no-project": lambda f: not any(f["shown"].values()) and f["baloot"] is None,
    "projects-on-both-teams": lambda f: all(any(f["shown"][s] for s in team.seats) for team in TEAMS)
    and (f["trump"] is None or (f["baloot"] is not None and not f["absorbed"])),
    # One team's projects; in Sun worth 2 modulo 4, so that a tie falls on the nine raw values of an even
    # conversion (units 6-9 and 0-4) and not only on a 5.
    "projects-of-one-team": lambda f: sum(any(f["shown"][s] for s in team.seats) for team in TEAMS) == 1
    and (f["trump"] is not None or sum(p.value for ps in f["shown"].values() for p in ps) % 4 == 2),
    "baloot-inside-a-project": lambda f: f["absorbed"],
    "four-of-a-kind": lambda f: any(p.four_kind for ps in f["shown"].values() for p in ps),
    "first-seat-without-an-ace": lambda f: not f["ace"] and any(f["shown"].values()),
}
"""What each setup must hold, as the engine finds it (the Baloot ones in Hokum only)."""


@cache
def setups(mode: Mode) -> tuple[Setup, ...]:
    """One deal for each feature (Baloot ones in Hokum only), the engine deciding what a deal shows;
    the simulator's table lookup only narrows the search. Odd ones are bought by the dealer's right."""
    trump = Suit.H if mode is Mode.HOKUM else None
    pool = simulate(20_000, seed=23, mode=mode.value, trump="H" if trump else None).hands
    hp = hand_projects(pool, mode is Mode.HOKUM, 1 if trump else 4)
    both = (hp.value[:, [0, 2]].sum(axis=1) > 0) & (hp.value[:, [1, 3]].sum(axis=1) > 0)
    candidates = {"four-of-a-kind": (hp.four_kinds > 0).any(axis=1), "baloot-inside-a-project": hp.absorbed.any(axis=1),
                  "projects-on-both-teams": both}
    out = []
    for name, wants in _FEATURES.items():
        if trump is None and "baloot" in name:
            continue
        for i in np.flatnonzero(candidates.get(name, np.ones(len(pool), dtype=bool)))[:400]:
            hands = {SEATS[s]: _cards(pool[i, s]) for s in range(4)}
            found = {s: find_projects(hands[s], mode, trump) for s in SEATS}
            baloot = next((s for s in SEATS if found[s].baloot), None)
            facts = {"shown": {s: found[s].projects for s in SEATS}, "baloot": baloot, "trump": trump,
                     "absorbed": baloot is not None and not found[baloot].baloot_separate,
                     "ace": any(c.rank is Rank.ACE for c in hands[DEALER.right])}
            if wants(facts):
                buyer = DEALER.right if len(out) % 2 else DEALER.right.partner
                out.append(Setup(name, tuple(int(m) for m in pool[i]), buyer))
                break
        else:
            raise AssertionError(f"no {mode.value} deal with {name} in the pool")
    return tuple(out)


@dataclass(frozen=True)
class ScoreCase:
    """A deal to score: a setup, the buyer, NS's raw points and who swept (None: nobody)."""

    setup: Setup
    buyer: Seat
    raw_ns: int
    sweep: Team | None


def facts_of(case: ScoreCase, mode: Mode, escalation: Escalation) -> DealFacts:
    total = RAW_TOTAL[mode]
    if case.sweep is None:
        points, won = {Team.NS: case.raw_ns, Team.EW: total - case.raw_ns}, {Team.NS: 4, Team.EW: 4}
    else:
        points = {t: total if t is case.sweep else 0 for t in TEAMS}
        won = {t: 8 if t is case.sweep else 0 for t in TEAMS}
    hands = {SEATS[s]: _cards(m) for s, m in enumerate(case.setup.hands)}
    return engine_facts(hands, contract_for(mode, case.buyer), escalation, points, won)


ALWAYS = ("no-project", "projects-of-one-team")
"""The setups every configuration scores: between them a tie on every units digit, in Sun as in Hokum."""


def score_cases(mode: Mode, escalation: Escalation, profile: RuleProfile, *, every_setup: bool = False,
                near: int = 1, both_buyers: bool = False) -> list[ScoreCase]:
    """For each setup (those of :data:`ALWAYS` and one more chosen by the configuration, or every setup):
    the raw splits whose comparison is tied (the whole band: every units digit it holds; not for the one
    more), the ``near`` nearest splits on each side of the band, and a Kaboot by each team."""
    total, pool = RAW_TOTAL[mode], GAME_POOL[mode]
    others = [s for s in setups(mode) if s.name not in ALWAYS]
    chosen = [s for s in setups(mode) if every_setup or s.name in ALWAYS
              or s is others[_seed(profile, escalation) % len(others)]]
    out = []
    for setup in chosen:
        for buyer in ((DEALER.right, DEALER.right.partner) if both_buyers else (setup.buyer,)):
            probe = score_deal(facts_of(ScoreCase(setup, buyer, 0, None), mode, escalation), profile)
            c = probe.counting_team
            extra = {t: probe.project_points[t] + probe.baloot_points[t] for t in TEAMS}
            diff = {r: 2 * convert(r, mode) - pool + extra[c] - extra[c.other] for r in range(total + 1)}
            ties = [r for r, d in diff.items() if d == 0] if every_setup or setup.name in ALWAYS else []
            raws = ties + [r for r, d in diff.items() if d < 0][-near:] + [r for r, d in diff.items() if d > 0][:near]
            out += [ScoreCase(setup, buyer, r if c is Team.NS else total - r, None) for r in raws]
            out += [ScoreCase(setup, buyer, 0, t) for t in TEAMS]
    return out


def simulated_awards(cases: list[ScoreCase], mode: Mode, escalation: Escalation, profile: RuleProfile):
    """The simulator's award module on all the cases at once (tricks 4-4, or 8-0 for a sweep)."""
    n = len(cases)
    total = RAW_TOTAL[mode]
    winners = np.tile(np.array([0, 1] * 4, dtype=np.int8), (n, 1))
    tpoints = np.zeros((n, 8), dtype=np.int64)
    for i, case in enumerate(cases):
        if case.sweep is None:
            tpoints[i, :2] = case.raw_ns, total - case.raw_ns
        else:
            winners[i] = TEAMS.index(case.sweep)
            tpoints[i, 0] = total
    zeros = np.zeros((n, 8), dtype=np.int8)
    played = Played(np.zeros((n, 8, 4), dtype=np.int8), np.zeros((n, 8, 4), dtype=np.uint32), zeros, winners,
                    zeros.astype(bool), tpoints)
    hokum = np.full(n, mode is Mode.HOKUM)
    return fast_award.score(
        seed=0, start=0, profile=profile, dealer=np.full(n, SEATS.index(DEALER)), hokum=hokum,
        trump=np.full(n, 1 if mode is Mode.HOKUM else 4), buyer=np.array([SEATS.index(c.buyer) for c in cases]),
        level=np.full(n, LEVELS.index(escalation.level)),
        doubler=np.full(n, SEATS.index(escalation.doubler) if escalation.doubler else -1),
        locked=np.full(n, escalation.locked), hands=np.array([c.setup.hands for c in cases], dtype=np.uint32),
        deck=np.zeros((n, 32), dtype=np.int8), play=played)


def check_awards(profile: RuleProfile, mode: Mode, escalation: Escalation, **sweep: bool) -> list[str]:
    """The engine's disagreements with the simulator's award over :func:`score_cases` (``sweep``: its options)."""
    cases = score_cases(mode, escalation, profile, **sweep)
    r = simulated_awards(cases, mode, escalation, profile)
    return [f"{c.setup.name}, buyer {c.buyer.value}, NS raw {c.raw_ns}, sweep {c.sweep}: {d}"
            for i, c in enumerate(cases) for d in award_disagreements(r, i, facts_of(c, mode, escalation), profile)]
