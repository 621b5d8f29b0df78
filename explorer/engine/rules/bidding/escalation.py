"""The escalation's rules as functions of the contract: the levels it allows, which of them may be locked,
the step each raise follows, and the Sun Double's threshold on the match score (000 §03, 003).

The verdicts on the escalation calls ask these (:mod:`.verdicts`), and so do the scenario kinds and the
pages that set an escalation by hand: the rule is written here once.

>>> [lv.value for lv in allowed_levels(Mode.SUN)], [lv.value for lv in lockable_levels(Mode.HOKUM)]
(['none', 'double'], ['double', 'quadruple'])
>>> may_lock(Mode.HOKUM, Level.QUADRUPLE), may_lock(Mode.HOKUM, Level.TRIPLE), may_lock(Mode.SUN, Level.DOUBLE)
(True, False, False)
>>> step_before(Level.GAHWA).value
'quadruple'
"""

from __future__ import annotations

from collections.abc import Mapping

from explorer.engine.core.cards import Team
from explorer.engine.core.contract import LEVELS, Level
from explorer.engine.core.i18n import Msg
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile
from explorer.engine.core.tables import Mode

_SUN_LEVELS: tuple[Level, ...] = (Level.NONE, Level.DOUBLE)
_LOCKABLE_LEVELS: tuple[Level, ...] = (Level.DOUBLE, Level.QUADRUPLE)
_STEP_BEFORE: dict[Level, Level] = {
    Level.DOUBLE: Level.NONE, Level.TRIPLE: Level.DOUBLE,
    Level.QUADRUPLE: Level.TRIPLE, Level.GAHWA: Level.QUADRUPLE,
}


def allowed_levels(mode: Mode) -> tuple[Level, ...]:
    """The levels a contract can reach, lowest first: a Sun may only be doubled; a Hokum goes up to Gahwa.

    >>> [lv.value for lv in allowed_levels(Mode.HOKUM)]
    ['none', 'double', 'triple', 'quadruple', 'gahwa']
    """
    return _SUN_LEVELS if mode is Mode.SUN else LEVELS


def may_lock(mode: Mode, level: Level) -> bool:
    """Whether a contract at ``level`` can be declared locked (no trump lead): only a Hokum Double or
    Quadruple; Triple and Gahwa are always open, and a Sun Double is never locked.

    >>> may_lock(Mode.HOKUM, Level.DOUBLE), may_lock(Mode.HOKUM, Level.NONE), may_lock(Mode.HOKUM, Level.GAHWA)
    (True, False, False)
    """
    return mode is Mode.HOKUM and level in _LOCKABLE_LEVELS


def lockable_levels(mode: Mode) -> tuple[Level, ...]:
    """The levels of ``mode`` that may be locked (none in Sun).

    >>> lockable_levels(Mode.SUN)
    ()
    """
    return tuple(level for level in allowed_levels(mode) if may_lock(mode, level))


def step_before(level: Level) -> Level:
    """The level a raise to ``level`` follows: the escalation goes one step at a time.

    >>> step_before(Level.DOUBLE).value, step_before(Level.TRIPLE).value
    ('none', 'double')
    """
    return _STEP_BEFORE[level]


def sun_double_allowed(match: Mapping[Team, int] | None, profile: RuleProfile = DEFAULT_PROFILE) -> bool:
    """Whether Sun may be doubled: one team above 100, the other below (or at) 100 per the profile.

    >>> from explorer.engine.core.profiles import TOURNAMENT
    >>> m = {Team.NS: 101, Team.EW: 100}
    >>> sun_double_allowed(m), sun_double_allowed(m, TOURNAMENT)
    (False, True)
    """
    m = match or {}
    ns, ew = int(m.get(Team.NS, 0)), int(m.get(Team.EW, 0))
    hi, lo = max(ns, ew), min(ns, ew)
    if profile.sun_double_threshold == "at_or_below_100":
        return hi > 100 and lo <= 100
    return hi > 100 and lo < 100


def threshold_text(profile: RuleProfile) -> Msg:
    """The profile's Sun Double threshold in words.

    >>> str(threshold_text(DEFAULT_PROFILE))
    'one team above 100 and the other below 100'
    """
    if profile.sun_double_threshold == "at_or_below_100":
        return Msg("one team above 100 and the other at 100 or below")
    return Msg("one team above 100 and the other below 100")
