"""``kind: bidding``: what happens with these calls, who is asked next, and why.

Calls are replayed in order through :mod:`..bidding`. An illegal or out-of-turn
call is a verdict, not bad input: the output's ``error`` is ``{index, reason,
...}`` where ``index`` counts ``calls`` first and then the ``escalation``
entries, from 0, and the state shown is the one just before that call. A call
after the bidding ended (in ``calls``) and an escalation entry before it ended
are reported the same way (illegal calls). Bad input (an unknown call name or
seat, an upcard that is not a card, a round-2 Hokum without its suit, ``suit``
or ``locked`` on a call that takes none) is a :class:`ScenarioError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BeforeValidator

from explorer.engine.core.cards import Seat, Team
from explorer.engine.core.contract import Contract, Escalation
from explorer.engine.core.errors import InputError, ScenarioError, at
from explorer.engine.core.i18n import ENGLISH, N_, Code, Msg, Style
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.files.scenario import (
    CardT,
    Common,
    Model,
    SeatT,
    SuitT,
    read_model,
    register,
    team_scores,
)
from explorer.engine.rules.bidding import (
    BID_CALLS,
    CALL_ALIASES,
    ESCALATION_CALLS,
    BiddingState,
    Call,
    CallKind,
    CallVerdict,
    explain,
    legal_calls,
    replay,
    start,
)

_BID_NAMES = ", ".join(k.value for k in BID_CALLS)
_RAISE_NAMES = ", ".join(k.value for k in ESCALATION_CALLS)


def _name(v: Any, allowed: tuple[CallKind, ...], *, here: str, there: str, names: str) -> CallKind:
    if not isinstance(v, str):
        raise InputError("{value} is not a call (use {names})", value=repr(v), names=Code(names))
    key = v.strip().lower()
    key = CALL_ALIASES.get(key, key)
    try:
        kind = CallKind(key)
    except ValueError:
        template = N_("{value} is not an escalation call (use {names})") if here == "escalation" else \
            N_("{value} is not a call (use {names})")
        raise InputError(template, value=repr(v), names=Code(names)) from None
    if kind not in allowed:
        template = (N_("{value} is an escalation call: put it under {there} ({here} takes {names})")
                    if there == "escalation" else
                    N_("{value} is a bidding call: put it under {there} ({here} takes {names})"))
        raise InputError(template, value=repr(v), there=Code(there), here=Code(here), names=Code(names))
    return kind


def _bid_name(v: Any) -> CallKind:
    return _name(v, BID_CALLS, here="calls", there="escalation", names=_BID_NAMES)


def _raise_name(v: Any) -> CallKind:
    return _name(v, ESCALATION_CALLS, here="escalation", there="calls", names=_RAISE_NAMES)


class BidCallIn(Model):
    seat: SeatT
    call: Annotated[CallKind, BeforeValidator(_bid_name)]
    suit: SuitT | None = None
    locked: bool | None = None


class RaiseCallIn(Model):
    seat: SeatT
    call: Annotated[CallKind, BeforeValidator(_raise_name)]
    locked: bool | None = None


class BiddingIn(Common):
    dealer: SeatT
    upcard: CardT
    calls: list[BidCallIn] = []
    escalation: list[RaiseCallIn] | None = None  # type: ignore[assignment]


class BiddingBlockIn(Model):
    """The ``bidding:`` block of a ``deal`` scenario."""

    upcard: CardT
    calls: list[BidCallIn] = []
    escalation: list[RaiseCallIn] | None = None


def _calls(calls: list[BidCallIn], raises: list[RaiseCallIn], prefix: str = ""
           ) -> tuple[list[Call], list[Call], list[str]]:
    """Engine calls from the entries, with one problem per ``suit``/``locked`` that a call cannot take."""
    problems: list[str] = []
    bids: list[Call] = []
    for i, c in enumerate(calls):
        p = f"{prefix}calls[{i}]"
        if c.suit is not None and c.call is not CallKind.HOKUM:
            problems.append(at(f"{p}.suit", Msg("only a Hokum names a suit, not {call}", call=Code(c.call.value))))
        if c.locked:
            problems.append(at(f"{p}.locked", Msg("only a Double or Quadruple (under escalation:) is open or locked")))
        bids.append(Call(c.call, c.suit if c.call is CallKind.HOKUM else None, seat=c.seat))
    ups: list[Call] = []
    for j, c in enumerate(raises):
        p = f"{prefix}escalation[{j}]"
        if c.locked and c.call is CallKind.PASS:
            problems.append(at(f"{p}.locked", Msg("a pass is neither open nor locked")))
        ups.append(Call(c.call, None, bool(c.locked) and c.call is not CallKind.PASS, seat=c.seat))
    return bids, ups, problems


@dataclass(frozen=True)
class CallFault:
    """The first call the rules refuse: its index (``calls`` first, then the ``escalation`` entries, from 0),
    where it is in the file, and its verdict."""

    index: int
    at: str
    verdict: CallVerdict

    def to_dict(self, style: Style = ENGLISH) -> dict[str, Any]:
        """The ``error`` of scenario-format.md: index, reason, rule, rule_text, at, seat, call."""
        v = self.verdict
        return {"index": self.index, "reason": v.reason.render(style), "rule": v.rule.value,
                "rule_text": Msg(v.rule.doc).render(style), "at": self.at,
                "seat": v.call.seat.value if v.call.seat else None, "call": v.call.name}


def run(state: BiddingState, bids: list[Call], ups: list[Call], *, prefix: str = ""
        ) -> tuple[BiddingState, CallFault | None]:
    """Replay the calls, then the escalation entries; the last state and the error (or None)."""
    for i, call in enumerate(bids):
        if (call.kind is CallKind.HOKUM and call.suit is None and state.phase.is_bidding
                and state.round == 2):
            raise ScenarioError(at(f"{prefix}calls[{i}].suit",
                                   Msg("a round-2 Hokum names its trump suit (suit: one of the three suits other "
                                       "than the upcard's {suit})", suit=Code(state.upcard.suit.value))))
        state, _, verdict = replay(state, [call], stage="bidding")
        if verdict is not None:
            return state, CallFault(i, f"{prefix}calls[{i}]", verdict)
    for j, call in enumerate(ups):
        state, _, verdict = replay(state, [call], stage="escalation")
        if verdict is not None:
            return state, CallFault(len(bids) + j, f"{prefix}escalation[{j}]", verdict)
    return state, None


def contract_json(state: BiddingState) -> dict[str, Any] | None:
    """The contract as in scenario files, plus ``taker`` (receives the upcard) and ``caller``."""
    c = state.contract
    if c is None:
        return None
    return {**c.to_dict(), "taker": state.taker.value, "caller": state.caller.value,
            "ashkal": state.standing.kind is CallKind.ASHKAL}


def history_json(state: BiddingState, style: Style = ENGLISH) -> list[dict[str, Any]]:
    """Each call made, in order, with the rule that allowed it and the reason rendered in ``style``."""
    out = []
    for i, r in enumerate(state.history):
        row: dict[str, Any] = {"index": i, "seat": r.call.seat.value, "call": r.call.name}
        if r.call.suit is not None:
            row["suit"] = r.call.suit.value
        if r.call.kind in (CallKind.DOUBLE, CallKind.QUADRUPLE):
            row["locked"] = r.call.locked
        row.update({"rule": r.rule.value, "reason": r.reason.render(style), "phase": r.phase.value})
        out.append(row)
    return out


def state_json(state: BiddingState, style: Style = ENGLISH) -> dict[str, Any]:
    """The verdict keys of a bidding snapshot (without ``error``), sentences rendered in ``style``."""
    options = legal_calls(state)
    names: list[str] = []
    for v in options:
        if v.legal and v.call.name not in names:
            names.append(v.call.name)
    st = state.standing
    return {
        "finished": state.finished,
        "next": state.next.value if state.next else None,
        "legal_calls": names,
        "call_options": [v.to_dict(style) for v in options],
        "contract": contract_json(state),
        "escalation": state.escalation.to_dict(),
        "redeal": state.redeal,
        "history": history_json(state, style),
        "phase": state.phase.value,
        "round": state.round,
        "standing": ({"call": st.kind.value, "seat": st.seat.value,
                      "suit": st.suit.value if st.suit else None} if st else None),
        "sun_double_allowed": state.sun_double_allowed,
        "upcard": str(state.upcard),
        "dealer": state.dealer.value,
        "order": [x.value for x in state.order],
        "explanation": explain(state).render(style),
    }


@dataclass(frozen=True)
class BiddingVerdict:
    """The ``bidding`` kind's verdict: the snapshot the calls lead to and the first illegal call (or None)."""

    state: BiddingState
    error: CallFault | None = None

    @property
    def options(self) -> list[CallVerdict]:
        """Every call of the seat asked, each with its verdict (empty once finished)."""
        return legal_calls(self.state)

    @property
    def explanation(self) -> Msg:
        """Where the bidding stands, in one sentence."""
        return explain(self.state)

    def to_dict(self, style: Style = ENGLISH) -> dict[str, Any]:
        """The JSON output of scenario-format.md (``finished``, ``next``, ``call_options``, ``history``, ``error``...)."""
        out = state_json(self.state, style)
        out["error"] = self.error.to_dict(style) if self.error else None
        return out


@register("bidding")
def judge_bidding(doc: dict[str, Any], profile: RuleProfile) -> BiddingVerdict:
    s: BiddingIn = read_model(BiddingIn, doc)
    problems: list[str] = []
    if s.contract is not None:
        problems.append(at("contract", Msg("is what the bidding decides, not an input of kind bidding (remove it)")))
    bids, ups, cp = _calls(s.calls, s.escalation or [])
    problems += cp
    if problems:
        raise ScenarioError(problems)
    state = start(s.dealer, s.upcard, match=team_scores(s.match), profile=profile)
    state, error = run(state, bids, ups)
    return BiddingVerdict(state, error)


def _prefixed(path: str, problem: str) -> str:
    msg = getattr(problem, "msg", None)
    if isinstance(msg, Msg) and msg.text == "{where}: {problem}" and isinstance(msg.params.get("where"), Code):
        return at(f"{path}.{msg.params['where']}", msg.params["problem"])
    where, sep, _ = problem.partition(": ")
    if sep and where and " " not in where:
        return f"{path}.{problem}"
    return at(path, problem)


@dataclass(frozen=True)
class BiddingBlock:
    """A deal's ``bidding:`` block, read and replayed: the final snapshot and the calls as engine calls."""

    state: BiddingState
    calls: tuple[Call, ...]
    escalation: tuple[Call, ...]


def bidding_block(bidding: Any, *, dealer: Seat | None, match: dict[Team, int] | None, profile: RuleProfile,
                  path: str = "bidding") -> tuple[BiddingBlock | None, list[str]]:
    """A deal's ``bidding:`` block replayed, or its problems (one line each, naming where).

    The bidding must be finished (or end in escalation, or everyone passed twice); escalation
    entries stop where the list ends (the seats asked after it are taken to pass). An illegal
    call is a problem.
    """
    if not isinstance(bidding, dict):
        return None, [at(path, Msg("should be a mapping with upcard, calls and escalation"))]
    try:
        b: BiddingBlockIn = read_model(BiddingBlockIn, bidding)
    except ScenarioError as e:
        return None, [_prefixed(path, p) for p in e.problems]
    if dealer is None:
        return None, [at(path, Msg("the bidding needs the dealer (dealer:) to know who speaks first"))]
    bids, ups, problems = _calls(b.calls, b.escalation or [], prefix=f"{path}.")
    if problems:
        return None, problems
    state = start(dealer, b.upcard, match=team_scores(match), profile=profile)
    try:
        state, error = run(state, bids, ups, prefix=f"{path}.")
    except ScenarioError as e:
        return None, e.problems
    if error is not None:
        return None, [at(error.at, error.verdict.reason)]
    if state.phase.is_bidding:
        return None, [at(f"{path}.calls", Msg("the bidding is not finished: {seat} is still to call", seat=state.next))]
    return BiddingBlock(state, tuple(bids), tuple(ups)), []


def contract_from_bidding(bidding: Any, *, dealer: Seat | None, match: dict[Team, int] | None,
                          profile: RuleProfile, path: str = "bidding"
                          ) -> tuple[Contract | None, Escalation | None, Seat | None, list[str]]:
    """The contract, escalation and upcard taker that a deal's ``bidding:`` block decides, or its problems."""
    block, problems = bidding_block(bidding, dealer=dealer, match=match, profile=profile, path=path)
    if problems:
        return None, None, None, problems
    state = block.state
    if state.redeal:
        return None, None, None, [at(f"{path}.calls", Msg("everyone passed twice: there is no contract to play"))]
    return state.contract, state.escalation, state.taker, []
