"""The card table's taps, each one run on the server: Python is the referee.

The table sends a tap as one trigger value, ``{"n": count, "do": what, ...}`` (:mod:`explorer.ui.practice.table`).
:func:`on_tap` runs before the page is drawn again: it acts only when the tap carries the session's action count
(:func:`explorer.ui.shell.once.take`: the second event of a double tap does nothing), asks the engine, and keeps

- the practice after the tap and after the computers up to your next decision
  (:meth:`~explorer.engine.game.practice.Practice.act`, one run for all of them);
- the playback: every game state on the way, which the table plays back card by card;
- the notice: the engine's reason when it refused the tap (nothing changes), or the tutor's remark.

What a tap may ask (``do``): ``act`` (an action in notation, ``"S: play KH"``, ``"S: hokum"``), ``hint``, ``back``
(take back your last call or card), ``sawa`` (claim every trick left), ``next`` (the next deal), ``again`` (the same
cards again, asked first by the table), ``new`` (a new match with the same settings), ``sound`` (``on``: true or
false, the table's sound).
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import streamlit as st

from explorer.engine.core.cards import Seat  # noqa: F401  (the doctest)
from explorer.engine.core.errors import EngineError, as_msg
from explorer.engine.core.i18n import Msg
from explorer.engine.game.practice import Practice, PracticeError
from explorer.engine.game.state import Declare, GameState, IllegalActionError, parse_action
from explorer.ui import state
from explorer.ui.shell import once
from explorer.view import practice as pv

_ids = itertools.count(1)


@dataclass(frozen=True)
class Playback:
    """The states the table plays back after a tap, the first after your action; ``before`` is the state the table
    showed when you tapped (to tell a card just played).

    >>> from explorer.engine.game.practice import Practice
    >>> p, states = Practice.new(7, dealer=Seat.S).advance()
    >>> pb = Playback("1", None, states)
    >>> [str(g.actions[-1]) for g in pb.states][:2]
    ['E: pass', 'N: pass']
    """

    id: str
    before: GameState | None
    states: tuple[GameState, ...]


def current() -> Practice:
    return st.session_state[state.PLAY_PRACTICE]


def keep(p: Practice | None, states: Sequence[GameState] = (), before: GameState | None = None) -> None:
    """The practice after a tap, and what the table plays back (a new playback even when empty: the table draws
    the new position at once, as after Take back)."""
    st.session_state[state.PLAY_PRACTICE] = p
    st.session_state[state.PLAY_PLAYBACK] = Playback(f"{time.time_ns():x}.{next(_ids)}", before, tuple(states))
    st.session_state.pop(state.PLAY_HINT, None)


def playback() -> Playback | None:
    return st.session_state.get(state.PLAY_PLAYBACK)


def notice(level: str | None, said: Any = None) -> None:
    """What the table says after the tap: ``("error", reason)``, ``("info", remark)``, or nothing."""
    if level is None:
        st.session_state.pop(state.PLAY_NOTICE, None)
    else:
        st.session_state[state.PLAY_NOTICE] = (level, said)


def tap_value() -> Mapping[str, Any] | None:
    """The table's tap of this run, if any."""
    got = st.session_state.get(state.PLAY_TABLE)
    value = getattr(got, "tap", None) if got is not None else None
    if value is None and isinstance(got, Mapping):
        value = got.get("tap")
    return value if isinstance(value, Mapping) else None


def on_tap() -> None:
    """The table's callback: one tap, acted on once."""
    t0 = time.perf_counter()
    tap = tap_value()
    if tap is None or state.PLAY_PRACTICE not in st.session_state:
        return
    do = tap.get("do")
    if do == "sound":                                  # a setting, said as its value: taken twice, the same
        p = current()
        st.session_state[state.PLAY_PRACTICE] = p.with_settings(look=replace(p.look, sound=tap.get("on") is True))
        return
    if not once.take(tap.get("n")):
        return
    st.session_state[state.PLAY_TAP_T0] = t0            # the table's data says how long the server took
    handler = _HANDLERS.get(do)
    if handler is not None:
        handler(tap)


def _act(tap: Mapping[str, Any]) -> None:
    p = current()
    before = p.state
    try:
        action = parse_action(str(tap.get("a", ""))[:80])
        after, states = p.act(action)
    except IllegalActionError as e:
        notice("error", e.verdict.reason)
        return
    except EngineError as e:                           # not an action at all (a forged tap)
        notice("error", e.msg)
        return
    notice(None)
    if isinstance(action, Declare):
        best = next((a for a in before.legal_actions() if isinstance(a, Declare)), None)
        gap = pv.declaration_gap(_projects(best, before), _projects(action, before)) if best else None
        if gap is not None:
            notice("info", (gap, Msg("The best declaration was: {projects}.",
                                     projects=[pr.type for pr in _projects(best, before)])))
    keep(after, states, before)


def _projects(a: Declare, g: GameState) -> tuple:
    from explorer.engine.rules.projects import declared_projects
    return tuple(pr for cs in a.projects for pr in declared_projects(cs, g.contract.mode))


def _hint(_tap: Mapping[str, Any]) -> None:
    from explorer.engine.players.review import hint
    p = current()
    g = p.state
    if not (p.tutor and p.needs_you):                 # hints are the tutor's
        return
    st.session_state[state.PLAY_HINT] = (len(g.actions), hint(g, seed=p.deals[-1].seed, player=p.hints_by))


def _back(_tap: Mapping[str, Any]) -> None:
    p = current()
    if not (p.tutor and p.can_take_back):
        return
    back, states = p.take_back().advance()
    notice(None)
    keep(back, states, p.state)


def _sawa(_tap: Mapping[str, Any]) -> None:
    p = current()
    try:
        after, states = p.claim()
    except PracticeError as e:
        notice("error", e.msg)
        return
    notice(None)
    keep(after, states, p.state)


def _next(_tap: Mapping[str, Any]) -> None:
    p = current()
    try:
        nxt = p.next_deal()
    except PracticeError as e:                         # the most deals a practice keeps
        notice("error", tuple(as_msg(line) for line in e.lines))
        return
    notice(None)
    after, states = nxt.advance()
    keep(after, (nxt.state, *states), None)


def _again(_tap: Mapping[str, Any]) -> None:
    p = current()
    try:
        again = p.deal_again()
    except PracticeError as e:
        notice("error", e.msg)
        return
    notice(None)
    after, states = again.advance()
    keep(after, (again.state, *states), None)


def _new(_tap: Mapping[str, Any]) -> None:
    """A new match with the same settings and players, on a new shuffle: once the match is over (the table offers it
    then; a forged tap in the middle of a match would throw the match away)."""
    p = current()
    if not p.over:
        return
    fresh = Practice.new(random.randrange(1, 10**6), profile=p.profile, goal=p.goal, levels=p.level_of,
                         names=p.name_of, tutor=p.tutor, auto_declare=p.auto_declare, target=p.target,
                         hints_by=p.hints_by, look=p.look)
    notice(None)
    st.session_state.pop(state.PLAY_REVIEW, None)
    after, states = fresh.advance()
    keep(after, (fresh.state, *states), None)


_HANDLERS = {"act": _act, "hint": _hint, "back": _back, "sawa": _sawa, "next": _next, "again": _again, "new": _new}
