"""Every rule option has a counterpart in the fast simulator, or a reason why it has none (issue 19).

The simulator is a second implementation of the rules; a rule option added to ``profiles.OPTIONS``
that it does not know would be silently ignored by the Charts page and the strong player. Each module
of ``explorer/engine/fast/`` that reads the profile declares ``IMPLEMENTED_OPTIONS``;
``fast.options.DOES_NOT_APPLY`` lists the options that have no counterpart, with the reason.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import numpy as np
import pytest

from explorer.engine.core import profiles
from explorer.engine.core.cards import Seat
from explorer.engine.core.contract import Escalation, Level
from explorer.engine.core.profiles import OPTIONS, PROFILES, OptionInfo, custom_profile
from explorer.engine.core.tables import Mode
from explorer.engine.fast import options as fast_options
from explorer.engine.fast.options import DOES_NOT_APPLY, options_without_counterpart, simulated_options

FAST = Path(fast_options.__file__).parent


def test_every_rule_option_is_simulated_or_declared_as_not_applying():
    missing = options_without_counterpart()
    assert not missing, (
        f"rule options the fast simulator neither implements nor declares as not applying: {', '.join(missing)}; "
        "implement each in explorer/engine/fast/ (and name it in that module's IMPLEMENTED_OPTIONS) or add it to "
        "explorer.engine.fast.options.DOES_NOT_APPLY with the reason")


def test_a_new_option_without_a_simulator_counterpart_fails_the_check_by_name(monkeypatch):
    """The check above can fail, and names the option: a rule option added to the profiles alone."""
    monkeypatch.setitem(profiles.OPTIONS, "dealer_keeps_the_upcard", OptionInfo(
        "dealer_keeps_the_upcard", "Dealer keeps the upcard", "A made-up rule for this test.", (False, True), "-"))
    assert options_without_counterpart() == ["dealer_keeps_the_upcard"]
    with pytest.raises(AssertionError, match="dealer_keeps_the_upcard"):
        test_every_rule_option_is_simulated_or_declared_as_not_applying()


def test_the_declarations_name_only_options_that_exist_and_each_once():
    assert fast_options.stale_declarations() == []
    assert not simulated_options() & set(DOES_NOT_APPLY)
    assert all(reason.strip() for reason in DOES_NOT_APPLY.values())


def _options_read(path: Path) -> set[str]:
    """The rule options a module reads as attributes (``profile.must_undertrump``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in OPTIONS}


@pytest.mark.parametrize("path", sorted(FAST.glob("*.py")), ids=lambda p: p.stem)
def test_each_simulator_module_declares_every_option_it_reads(path):
    """A module cannot read an option without declaring it (so the list above cannot lag behind the code)."""
    read = _options_read(path)
    module = importlib.import_module(f"explorer.engine.fast.{path.stem}")
    declared = getattr(module, "IMPLEMENTED_OPTIONS", frozenset())
    assert read <= declared, f"{path.name} reads {sorted(read - declared)} without declaring them"


def _played(profile, mode: Mode, escalation: Escalation):
    from explorer.engine.fast.simulate import play_out, simulate
    from tests.engine.simulator_vs_engine import contract_for
    hands = simulate(1500, seed=41, mode=mode.value, trump="H" if mode is Mode.HOKUM else None).hands
    return play_out(hands, dealer=Seat.W, contract=contract_for(mode, Seat.S), escalation=escalation, profile=profile,
                    rng=41, ekka=False)


def _awards(profile, mode: Mode, escalation: Escalation, base):
    from tests.engine.simulator_vs_engine import score_cases, simulated_awards
    return simulated_awards(score_cases(mode, escalation, base, every_setup=True, near=3), mode, escalation, profile)


def _differs(a, b) -> bool:
    return any(not np.array_equal(getattr(a, k), getattr(b, k)) for k in a.__dataclass_fields__
               if k not in ("seed", "profile"))


WHERE = [(Mode.HOKUM, Escalation()), (Mode.SUN, Escalation()), (Mode.HOKUM, Escalation(Level.DOUBLE, Seat.E)),
         (Mode.HOKUM, Escalation(Level.TRIPLE, Seat.E)), (Mode.SUN, Escalation(Level.DOUBLE, Seat.E)),
         (Mode.HOKUM, Escalation(Level.GAHWA, Seat.E))]


@pytest.mark.parametrize("option", sorted(simulated_options()))
def test_each_option_the_simulator_implements_changes_what_it_does(option):
    """A declaration is not an empty word: flipping the option from some named profile changes the
    simulator's play or its award somewhere (award cases at each level, then 1,500 played deals)."""
    for pid, base in PROFILES.items():
        flipped = custom_profile({"base": pid, option: next(v for v in OPTIONS[option].choices
                                                              if v != getattr(base, option))})
        for mode, escalation in WHERE:
            if _differs(_awards(base, mode, escalation, base), _awards(flipped, mode, escalation, base)):
                return
        for mode, escalation in WHERE[:3]:
            if _differs(_played(base, mode, escalation), _played(flipped, mode, escalation)):
                return
    pytest.fail(f"flipping {option} changes nothing the simulator plays or awards")
