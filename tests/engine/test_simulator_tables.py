"""The fast simulator's tables are the engine's rules, read off it (issue 19).

Ekka, the Baloot cards and the Kaboot values are built from the engine's functions when the simulator
is imported; these tests compare each table with the function over every shape that matters, so a rule
changed in the engine either flows into the simulator or fails here.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from explorer.engine.core.cards import DECK, SUITS, Rank
from explorer.engine.core.contract import LEVELS, Level
from explorer.engine.core.profiles import PROFILES
from explorer.engine.core.tables import Mode
from explorer.engine.fast.award import profile_tables
from explorer.engine.fast.lookup import BALOOT_MASK, MODES, NO_TRUMP, ekka_needs
from explorer.engine.fast.simulate import simulate
from explorer.engine.rules.play import ekka_problem
from explorer.engine.rules.projects import has_baloot
from explorer.engine.rules.scoring import kaboot_base

CONTRACTS = [(t, Mode.HOKUM, SUITS[t]) for t in range(4)] + [(NO_TRUMP, Mode.SUN, None)]


@pytest.mark.parametrize(("t", "mode", "trump"), CONTRACTS, ids=["hokum-S", "hokum-H", "hokum-D", "hokum-C", "sun"])
def test_the_ekka_table_is_ekka_problem_for_every_lead_and_every_set_of_its_suit_played(t, mode, trump):
    """Every lead, and every set of the other seven cards of its suit among the earlier tricks (128), with a
    seeded handful of other suits' cards played too: the table says an Ekka holds exactly when the engine
    finds no problem with it (a trump never; an Ace always; a King once the Ace and the Ten are gone ...)."""
    needs = ekka_needs()
    rng = random.Random(t)
    for lead in DECK:
        same = [d for d in DECK if d.suit is lead.suit and d is not lead]
        elsewhere = [d for d in DECK if d.suit is not lead.suit]
        for k in range(len(same) + 1):
            for gone in itertools.combinations(same, k):
                played = set(gone) | set(rng.sample(elsewhere, rng.randrange(len(elsewhere) + 1)))
                mask = sum(1 << c.code for c in played)
                fast = (int(needs[t, lead.code]) & ~mask) == 0
                assert fast == (ekka_problem(lead, played, mode, trump) is None), (lead, sorted(map(str, gone)))


def test_an_ekka_on_an_ace_is_announced_as_the_engine_allows_it():
    """The Ace is the highest card of its suit from the start: the engine allows an Ekka on it (it used to
    be the one Ekka the simulator never announced)."""
    needs = ekka_needs()
    for t in range(4):
        for ace in (c for c in DECK if c.rank is Rank.ACE and c.suit is not SUITS[t]):
            assert needs[t, ace.code] == 0 and ekka_problem(ace, [], Mode.HOKUM, SUITS[t]) is None
    r = simulate(400, seed=5, mode="hokum", ekka=True)
    leads = r.cards[:, :, 0]
    plain_ace = np.isin(leads, [c.code for c in DECK if c.rank is Rank.ACE]) & (leads // 8 != r.trump[:, None])
    assert plain_ace.any() and r.ekka[plain_ace].all()
    assert not simulate(400, seed=5, mode="hokum", ekka=False).ekka.any()


def test_the_baloot_cards_are_those_has_baloot_needs():
    rng = random.Random(3)
    hands = [rng.sample(DECK, 8) for _ in range(3000)]
    hands += [[c for c in DECK if c.suit is s and c.rank in (Rank.KING, Rank.QUEEN)] for s in SUITS]
    for t, trump in enumerate(SUITS):
        for hand in hands:
            mask = sum(1 << c.code for c in hand)
            assert ((mask & int(BALOOT_MASK[t])) == int(BALOOT_MASK[t])) == has_baloot(hand, trump)
    assert BALOOT_MASK[NO_TRUMP] == 0                                   # no Baloot in Sun


@pytest.mark.parametrize("pid", list(PROFILES))
def test_the_simulators_kaboot_values_are_read_off_the_scoring(pid):
    """What a bare Kaboot records in the simulator, at each level and in each mode, is ``kaboot_base``'s."""
    prof = PROFILES[pid]
    tables = profile_tables(prof)
    for (mi, mode), (li, level) in itertools.product(enumerate(MODES), enumerate(LEVELS)):
        want = 0 if level is Level.GAHWA else kaboot_base(mode, level, prof)
        assert tables.kaboot[mi, li] == want, (mode, level)
