"""A position as the part of a puzzle file that says where the puzzle stands, and the seats turned so that
the player sits South.

The position is written as a ``deal`` in progress is (the four hands as dealt, the contract, the escalation,
the dealer, the match, the projects declared, the tricks so far): the hands are one arrangement of the hidden
cards, the one the puzzle came from, which the solution plays out; the proof looks only at what the seat to
play has seen.

>>> doc = {"dealer": "W", "match": {"NS": 10, "EW": 40}, "contract": {"mode": "sun", "buyer": "E"},
...        "hands": {"S": ["AS"], "E": ["KS"]}, "tricks": [{"leader": "S", "cards": ["AS"]}]}
>>> r = rotate(doc, 1)
>>> r["dealer"], r["match"], r["contract"]["buyer"], sorted(r["hands"]), r["tricks"][0]["leader"]
('S', {'NS': 40, 'EW': 10}, 'N', ['E', 'N'], 'E')
"""

from __future__ import annotations

from typing import Any

from explorer.engine.core.cards import SEATS, Seat
from explorer.engine.game.state import GameState

POSITION_KEYS = ("profile", "dealer", "match", "contract", "escalation", "hands", "projects", "tricks")
"""The keys of a puzzle file that place the position (those of a ``deal`` in progress)."""


def position_doc(state: GameState) -> dict[str, Any]:
    """The position of ``state`` (a deal in its play, every hand known) as a deal in progress."""
    doc: dict[str, Any] = {"profile": state.profile.to_spec(), "dealer": state.dealer.value,
                           "match": {"NS": state.match[0], "EW": state.match[1]},
                           "contract": state.contract.to_dict(), "escalation": state.escalation.to_dict(),
                           "hands": {s.value: [str(c) for c in state.original(s)] for s in SEATS}}
    projects = {s.value: [[str(c) for c in cs] for cs in lists] for s, lists in state.declarations if lists}
    if projects:
        doc["projects"] = projects
    doc["tricks"] = [{"leader": t.leader.value, "cards": [str(c) for c in t.cards], "ekka": t.ekka}
                     for t in state.tricks]
    return doc


def _turn(seat: str | None, k: int) -> str | None:
    if seat is None:
        return None
    return SEATS[(SEATS.index(Seat.parse(seat)) + k) % 4].value


def rotate(doc: dict[str, Any], k: int) -> dict[str, Any]:
    """The same position with every seat moved ``k`` places in the order of play (S → E → N → W), and the match
    totals swapped when the teams swap."""
    out = dict(doc)
    out["dealer"] = _turn(doc["dealer"], k)
    if "match" in doc:
        m = doc["match"]
        out["match"] = {"NS": m.get("EW", 0), "EW": m.get("NS", 0)} if k % 2 else dict(m)
    out["contract"] = {**doc["contract"], "buyer": _turn(doc["contract"]["buyer"], k)}
    if doc.get("escalation"):
        out["escalation"] = {**doc["escalation"], "doubler": _turn(doc["escalation"].get("doubler"), k)}
    for key in ("hands", "projects"):
        if key in doc:
            moved = {_turn(s, k): v for s, v in doc[key].items()}
            out[key] = {s.value: moved[s.value] for s in SEATS if s.value in moved}
    out["tricks"] = [{**t, "leader": _turn(t["leader"], k)} for t in doc["tricks"]]
    return out


def to_south(doc: dict[str, Any], seat: Seat) -> dict[str, Any]:
    """``doc`` turned so that ``seat`` sits South."""
    return rotate(doc, (4 - SEATS.index(seat)) % 4)
