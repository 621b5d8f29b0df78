"""Fast random legal deals for the charts: thousands of deals at once, in lock-step, on card codes.

Every deal is dealt at random (a uniformly random split of the 32 cards into four hands of 8),
gets a contract (random, or the one asked for) and a random dealer, and is played to the end by
four players who each pick uniformly at random among the cards the rules allow. Then it is
scored: projects (each seat shows the set :func:`~explorer.engine.rules.projects.find_projects` would
find), Baloot, conversion, comparison, tie rule, Kaboot and the award (undoubled, or at the
escalation level a play-out is given).

The simulator is a package of its own modules, this one the entrance (every public name is importable
from here): :mod:`~explorer.engine.fast.lookup` (the card tables and masks, read off the engine),
:mod:`~explorer.engine.fast.projects` (projects by table lookup), :mod:`~explorer.engine.fast.playout`
(the vectorised play loop, :func:`play_out`, the policies), :mod:`~explorer.engine.fast.award` (the
scoring), :mod:`~explorer.engine.fast.result` (:class:`SimResult`) and
:mod:`~explorer.engine.fast.options` (which profile options each implements). The checked engine
(:mod:`~explorer.engine.rules.play`, :mod:`~explorer.engine.rules.scoring`) stays the one source of
the rules: tests compare the two on the same positions under every profile option
(``tests/engine/test_simulator_differential.py``), and :func:`sample_deal_docs` writes simulated deals
as ``deal`` scenarios that :func:`explorer.engine.files.scenario.check_doc` must agree with card by card
and point by point.

One play loop serves both :func:`simulate` (fresh random deals) and :func:`play_out`, which plays
given positions of one deal to the end and scores them: the hands each seat holds now (different in
every position), the cards played so far (a trick may be in progress), the contract and the
escalation (locked Hokum, Double to Gahwa), with random legal play or a :data:`Policy` passed in.
That is what a player's rollouts need: sample the hidden hands, play them out, read the scores.

Deals are reproducible from ``(deals, seed, mode, profile)``: they are made in chunks of
:data:`CHUNK` deals, chunk ``i`` drawing from ``numpy.random.default_rng([seed, i])``, so deal
``k`` is the same whatever the number of deals asked for.

>>> doc = random_deal(7, mode="hokum")
>>> doc["kind"], doc["contract"]["mode"], len(doc["tricks"]), sum(doc["expect"]["points"].values())
('deal', 'hokum', 8, 162)
>>> r = simulate(1000, seed=3, mode="sun")
>>> set((r.raw[:, 0] + r.raw[:, 1]).tolist())
{130}
"""

from __future__ import annotations

import csv
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, TextIO

import numpy as np

from explorer.engine.core.cards import DECK, SEATS, SUITS, Seat, Suit
from explorer.engine.core.contract import LEVELS, Level
from explorer.engine.core.profiles import RuleProfile, custom_profile
from explorer.engine.core.tables import Mode
from explorer.engine.fast.award import score
from explorer.engine.fast.lookup import BIT, MODES, NO_TRUMP, names
from explorer.engine.fast.playout import (
    Policy,
    Turn,
    card_mask,
    greedy_policy,
    play,
    play_out,
    random_policy,
)
from explorer.engine.fast.projects import (
    HandProjectsFast,
    SuitRuns,
    hand_projects,
    packed_project_key,
    shown_projects,
    suit_runs_table,
)
from explorer.engine.fast.result import CSV_COLUMNS, TEAM_NAMES, SimResult, concat

__all__ = [
    "CHUNK", "CSV_COLUMNS", "HOKUM_SHARE", "MODES", "TEAM_NAMES", "HandProjectsFast", "Policy", "SimResult",
    "Streamed", "SuitRuns", "Tally", "Turn", "card_mask", "chunk_count", "concat", "deal_doc", "greedy_policy",
    "hand_projects", "checked_options", "iter_chunks", "packed_project_key", "play_out", "random_deal", "random_policy",
    "sample_deal_docs", "shown_projects", "simulate", "simulate_chunk", "stream", "suit_runs_table", "summary",
    "write_csv",
]
"""The simulator's public names, all importable from here (each defined in the module that does the work)."""

CHUNK = 10_000
"""Deals per chunk; chunk ``i`` of a run draws from ``default_rng([seed, i])``."""

HOKUM_SHARE = 0.5
"""When the mode is random: the chance that a deal is Hokum (else Sun)."""


def _index(value: Any, choices: tuple, what: str, parse) -> int | None:
    if value is None:
        return None
    try:
        return choices.index(parse(value))
    except (ValueError, AttributeError):
        raise ValueError(f"unknown {what} {value!r}") from None


def _mode_index(mode: Mode | str | None) -> int | None:
    if mode is None:
        return None
    try:
        return MODES.index(mode if isinstance(mode, Mode) else Mode(str(mode).strip().lower()))
    except ValueError:
        raise ValueError(f"unknown mode {mode!r} (use sun or hokum)") from None


def _simulate_chunk(seed: int, chunk: int, m: int, *, mode: int | None, trump: int | None,
                    buyer: int | None, dealer: int | None, profile: RuleProfile, ekka: bool) -> SimResult:
    """The first ``m`` deals of chunk ``chunk``: the random draws are always a whole chunk's."""
    rng = np.random.default_rng([seed, chunk])
    keys = rng.random((CHUNK, 32))
    d_dealer = rng.integers(0, 4, CHUNK)
    d_mode = rng.random(CHUNK) < HOKUM_SHARE
    d_trump = rng.integers(0, 4, CHUNK)
    d_buyer = rng.integers(0, 4, CHUNK)
    plays = rng.random((32, CHUNK))

    n = m
    perm = np.argsort(keys[:n], axis=1)
    hands = np.bitwise_or.reduce(BIT[perm].reshape(n, 4, 8), axis=2)     # (n, 4) by seat
    dealer_a = d_dealer[:n] if dealer is None else np.full(n, dealer)
    hokum = d_mode[:n] if mode is None else np.full(n, mode == 1)
    trump_a = np.where(hokum, d_trump[:n] if trump is None else trump, NO_TRUMP)
    buyer_a = d_buyer[:n] if buyer is None else np.full(n, buyer)
    p = play(hands, first=(dealer_a + 1) & 3, hokum=hokum, trump=trump_a, profile=profile, u=plays[:, :n],
             ekka=ekka)
    return score(seed=seed, start=chunk * CHUNK, profile=profile, dealer=dealer_a, hokum=hokum,
                 trump=trump_a, buyer=buyer_a, level=np.zeros(n, dtype=np.int8),
                 doubler=np.full(n, -1, dtype=np.int8), locked=np.zeros(n, dtype=bool), hands=hands,
                 deck=perm.astype(np.int8), play=p)


def _options_of(seed: int, mode, trump, buyer, dealer, profile) -> dict[str, Any]:
    if int(seed) < 0:
        raise ValueError(f"seed {seed} is negative (use 0 or more)")
    mi = _mode_index(mode)
    ti = _index(trump, SUITS, "trump suit", lambda v: v if isinstance(v, Suit) else Suit.parse(v))
    if ti is not None and mi == 0:
        raise ValueError("a Sun contract has no trump suit")
    bi = _index(buyer, SEATS, "seat", lambda v: v if isinstance(v, Seat) else Seat.parse(v))
    di = _index(dealer, SEATS, "seat", lambda v: v if isinstance(v, Seat) else Seat.parse(v))
    return dict(mode=mi, trump=ti, buyer=bi, dealer=di, profile=custom_profile(profile))


def chunk_count(deals: int) -> int:
    """How many chunks :func:`simulate` plays ``deals`` deals in."""
    return -(-max(int(deals), 0) // CHUNK)


def simulate_chunk(index: int, deals: int, seed: int = 0, *, mode: Mode | str | None = None,
                   trump: Suit | str | None = None, buyer: Seat | str | None = None,
                   dealer: Seat | str | None = None, profile: RuleProfile | str | dict | None = None,
                   ekka: bool = True) -> SimResult:
    """Chunk ``index`` of the deals of :func:`simulate` (deals ``index * CHUNK`` onwards)."""
    if not 0 <= index < max(chunk_count(deals), 1):
        raise ValueError(f"chunk {index} is not one of the {chunk_count(deals)} chunks of {deals} deals")
    opts = _options_of(seed, mode, trump, buyer, dealer, profile)
    m = max(min(CHUNK, int(deals) - index * CHUNK), 0)
    return _simulate_chunk(int(seed), index, m, ekka=ekka, **opts)


def iter_chunks(deals: int, seed: int = 0, *, mode: Mode | str | None = None, trump: Suit | str | None = None,
                buyer: Seat | str | None = None, dealer: Seat | str | None = None,
                profile: RuleProfile | str | dict | None = None, ekka: bool = True) -> Iterator[SimResult]:
    """The deals of :func:`simulate`, one chunk of :data:`CHUNK` (or fewer, at the end) at a time.

    ``mode``, ``trump``, ``buyer`` and ``dealer`` fix the contract and the dealer; left as None each
    is drawn at random (Hokum or Sun half and half, any trump suit, any seat). With ``ekka`` the
    leader announces Ekka whenever it holds (Hokum: a plain card, the highest of its suit still unplayed,
    as ``rules.play.ekka_problem`` says; an Ace always); without it the leader never announces, and only
    the profile's ``automatic_ekka`` frees the third player on such a lead.
    """
    if deals < 0:
        raise ValueError(f"deals {deals} is negative")
    opts = _options_of(seed, mode, trump, buyer, dealer, profile)
    for chunk in range(chunk_count(deals)):
        m = min(CHUNK, deals - chunk * CHUNK)
        yield _simulate_chunk(int(seed), chunk, m, ekka=ekka, **opts)


def simulate(deals: int, seed: int = 0, *, mode: Mode | str | None = None, trump: Suit | str | None = None,
             buyer: Seat | str | None = None, dealer: Seat | str | None = None,
             profile: RuleProfile | str | dict | None = None, ekka: bool = True) -> SimResult:
    """Play ``deals`` seeded random legal deals to the end and score them (see the module doc)."""
    parts = list(iter_chunks(deals, seed, mode=mode, trump=trump, buyer=buyer, dealer=dealer,
                             profile=profile, ekka=ekka))
    if not parts:
        parts = [_simulate_chunk(int(seed), 0, 0, ekka=ekka,
                                 **_options_of(seed, mode, trump, buyer, dealer, profile))]
    return concat(parts)


# --- deals as scenarios ------------------------------------------------------------------------

def _escalation_doc(r: SimResult, i: int) -> dict[str, Any]:
    level = LEVELS[int(r.level[i])]
    if level is Level.NONE and not r.locked[i]:
        return {"level": "none"}
    return {"level": level.value, "doubler": SEATS[int(r.doubler[i])].value if r.doubler[i] >= 0 else None,
            "locked": bool(r.locked[i])}


def deal_doc(r: SimResult, i: int) -> dict[str, Any]:
    """Deal ``i`` of a result as a ``deal`` scenario, with the simulator's verdict under ``expect``."""
    hokum = bool(r.hokum[i])
    mode = MODES[int(hokum)]
    trump = SUITS[int(r.trump[i])] if hokum else None
    contract: dict[str, Any] = {"mode": mode.value}
    if trump is not None:
        contract["trump"] = trump.value
    contract["buyer"] = SEATS[int(r.buyer[i])].value
    hands = {SEATS[s].value: names(int(r.hands[i, s])) for s in range(4)}
    projects = {}
    for s in range(4):
        shown = shown_projects(int(r.hands[i, s]), mode, trump)
        if shown:
            projects[SEATS[s].value] = [[str(DECK[c]) for c in p] for p in shown]
    tricks = []
    for t in range(8):
        trick = {"leader": SEATS[int(r.leaders[i, t])].value,
                 "cards": [str(DECK[int(c)]) for c in r.cards[i, t]]}
        if r.ekka[i, t]:
            trick["ekka"] = True
        tricks.append(trick)
    team = {0: "NS", 1: "EW", -1: None}
    gahwa = LEVELS[int(r.level[i])] is Level.GAHWA
    expect = {
        "valid": True,
        "points": {"NS": int(r.raw[i, 0]), "EW": int(r.raw[i, 1])},
        "tricks_won": {"NS": int(r.tricks_won[i, 0]), "EW": int(r.tricks_won[i, 1])},
        "baloot": SEATS[int(r.baloot_seat[i])].value if r.baloot_seat[i] >= 0 else None,
        "score": {
            "converted": {"NS": int(r.converted[i, 0]), "EW": int(r.converted[i, 1])},
            "project_team": team[int(r.project_team[i])],
            "comparison": {"NS": int(r.comparison[i, 0]), "EW": int(r.comparison[i, 1])},
            "winner": team[int(r.winner[i])],
            "buyer_made": bool(r.buyer_made[i]),
            "kaboot": team[int(r.kaboot[i])],
            "award": None if gahwa else {"NS": int(r.award[i, 0]), "EW": int(r.award[i, 1])},
        },
    }
    doc: dict[str, Any] = {
        "kind": "deal",
        "title": f"Random deal {int(r.deal[i])} (seed {r.seed})",
        "notes": "Simulated: a random legal card at every turn. 'expect' is the simulator's own verdict.",
        "profile": r.profile.to_spec(),
        "dealer": SEATS[int(r.dealer[i])].value,
        "hands": hands,
        "contract": contract,
        "escalation": _escalation_doc(r, i),
    }
    if projects:
        doc["projects"] = projects
    doc["tricks"] = tricks
    doc["expect"] = expect
    return doc


def sample_deal_docs(n: int, seed: int = 0, **options: Any) -> list[dict[str, Any]]:
    """The first ``n`` simulated deals as ``deal`` scenarios (options as for :func:`simulate`)."""
    r = simulate(n, seed, **options)
    return [deal_doc(r, i) for i in range(len(r))]


def random_deal(seed: int, *, mode: Mode | str | None = None, trump: Suit | str | None = None,
                buyer: Seat | str | None = None, dealer: Seat | str | None = None,
                profile: RuleProfile | str | dict | None = None) -> dict[str, Any]:
    """One random legal deal as a ``deal`` scenario: the same seed gives the same deal."""
    return sample_deal_docs(1, seed, mode=mode, trump=trump, buyer=buyer, dealer=dealer, profile=profile)[0]


# --- summaries and the command line --------------------------------------------------------------

@dataclass
class Tally:
    """Running counts behind :func:`summary`, added to chunk by chunk (no deal is kept)."""

    deals: int = 0
    buyer_failed: int = 0
    kaboot: int = 0
    tie: int = 0
    baloot: int = 0
    projects: int = 0

    def add(self, r: SimResult) -> Tally:
        """Count the deals of ``r`` in; returns self."""
        self.deals += len(r)
        self.buyer_failed += int((~r.buyer_made).sum())
        self.kaboot += int((r.kaboot >= 0).sum())
        self.tie += int(r.tie.sum())
        self.baloot += int((r.baloot_seat >= 0).sum())
        self.projects += int((r.project_team >= 0).sum())
        return self

    def frequencies(self) -> dict[str, float]:
        """The counts as frequencies over the deals (and the number of deals)."""
        n = max(self.deals, 1)
        return {"deals": self.deals, "buyer_failed": self.buyer_failed / n, "kaboot": self.kaboot / n,
                "tie": self.tie / n, "baloot": self.baloot / n, "projects": self.projects / n}


def summary(r: SimResult) -> dict[str, float]:
    """A few frequencies of a result: buyer failed, Kaboot, tie, Baloot, any project shown."""
    return Tally().add(r).frequencies()


def _csv_rows(r: SimResult) -> Iterator[tuple]:
    cols = r.columns()
    return zip(*(cols[c] for c in CSV_COLUMNS))


def write_csv(r: SimResult, path: str) -> None:
    """One row per deal, columns :data:`CSV_COLUMNS` (a result already in memory; see :func:`stream`)."""
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(CSV_COLUMNS)
        w.writerows(_csv_rows(r))


@dataclass
class Streamed:
    """What :func:`stream` did: the summary counts, and the seconds spent playing and writing."""

    tally: Tally
    play_seconds: float
    write_seconds: float


def stream(deals: int, seed: int = 0, *, csv_file: TextIO | None = None, **options: Any) -> Streamed:
    """Play the deals of :func:`simulate` one chunk at a time, writing each chunk's CSV rows to
    ``csv_file`` (header first) and counting its summary, so that memory stays flat at any number of
    deals. The rows are byte for byte those :func:`write_csv` writes for ``simulate(deals, seed, ...)``."""
    writer = csv.writer(csv_file) if csv_file is not None else None
    tally, play, write = Tally(), 0.0, 0.0
    t0 = time.perf_counter()
    if writer is not None:
        writer.writerow(CSV_COLUMNS)
    chunks = iter_chunks(deals, seed, **options)
    while True:
        t1 = time.perf_counter()
        write += t1 - t0
        r = next(chunks, None)
        t0 = time.perf_counter()
        play += t0 - t1
        if r is None:
            break
        tally.add(r)
        if writer is not None:
            writer.writerows(_csv_rows(r))
        del r
    return Streamed(tally, play, write)


def checked_options(seed: int, mode: Mode | str | None, profile: RuleProfile | str | dict) -> dict[str, Any]:
    """The options of :func:`stream` (``mode``, ``profile``) once they are known to be good, so that a command
    refuses them before it plays or writes anything; ValueError or ProfileError says what is wrong."""
    chosen = custom_profile(profile)
    _options_of(seed, mode=mode, trump=None, buyer=None, dealer=None, profile=chosen)
    return dict(mode=mode, profile=chosen)
