"""Which rule options the fast simulator implements, module by module, and which do not apply to it.

Every option of :data:`~explorer.engine.core.profiles.OPTIONS` is either implemented by a module
of the simulator that reads the profile (its ``IMPLEMENTED_OPTIONS``) or listed in
:data:`DOES_NOT_APPLY` with the reason. A new option added to the profiles without either is a rule
the Charts page and the strong player would silently ignore: :func:`options_without_counterpart`
names it, and a test fails on it.

>>> options_without_counterpart()
[]
>>> options_without_counterpart(["tie_rule", "a_new_rule"])
['a_new_rule']
"""

from __future__ import annotations

from collections.abc import Iterable

from explorer.engine.core import profiles
from explorer.engine.fast import award, playout, projects

IMPLEMENTED: dict[str, frozenset[str]] = {
    m.__name__: m.IMPLEMENTED_OPTIONS for m in (playout, projects, award)
}
"""The options each module of the simulator implements, by module name."""

DOES_NOT_APPLY: dict[str, str] = {
    "earlier_seat_takes_hokum": "a bidding rule: the simulator is given its contract and does not bid",
    "hokum_bidder_may_upgrade": "a bidding rule: the simulator is given its contract and does not bid",
    "sun_double_threshold": "whether Sun may be doubled depends on the match totals before the deal; the "
                            "simulator is given its escalation (simulate() never doubles, play_out is given "
                            "a Double the game allowed) and scores one deal, not a match",
}
"""The options that have no counterpart in the simulator, with the reason."""


def simulated_options() -> frozenset[str]:
    """Every option some module of the simulator implements."""
    return frozenset().union(*IMPLEMENTED.values())


def options_without_counterpart(names: Iterable[str] | None = None) -> list[str]:
    """The options (of ``profiles.OPTIONS``, or ``names``) that the simulator neither implements nor
    declares as not applying to it, in order."""
    covered = simulated_options() | set(DOES_NOT_APPLY)
    return [name for name in (profiles.OPTIONS if names is None else names) if name not in covered]


def stale_declarations(names: Iterable[str] | None = None) -> list[str]:
    """Options the simulator declares (implemented or not applying) that are not options any more."""
    known = set(profiles.OPTIONS if names is None else names)
    return sorted((simulated_options() | set(DOES_NOT_APPLY)) - known)
