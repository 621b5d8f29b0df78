"""Independent review of the bidding and escalation against the seeds and rules-decisions.md.

Every expectation here is read from the rules text, not from the engine:

* 000 §03 ("Bidding and contracts") and 002 ("Bidding, round 1 / Round 2");
* 003 "How Sun and Hukum are bought" and "Double and escalation" (the tournament threshold);
* rules-decisions.md "Deal", "Bidding", "Escalation";
* scenario-format.md "kind: bidding" (output keys, ``error: {index, reason}`` with the index
  counting ``calls`` first and then the ``escalation`` entries, from 0; only the seat in
  ``next`` may call, any other call is out of turn and is the error).

The cases complement tests/engine/test_bidding.py: most go through the scenario kind with
``check_text`` so the contract keys are pinned, and several use other dealers than S so the
seat arithmetic (priority order = dealer's right, dealer's partner, dealer's left, dealer)
is exercised too.

Seat arithmetic used in the tables (play goes S -> E -> N -> W):
  dealer S: order E N W S    dealer W: order S E N W
  dealer N: order W S E N    dealer E: order N W S E
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from explorer.engine.core.cards import DECK, Seat
from explorer.engine.core.profiles import custom_profile
from explorer.engine.files.scenario import check_text
from explorer.engine.rules.bidding import apply_call, apply_calls, legal_calls, start
from explorer.engine.rules.deal import complete, deal_cards

ORDER = {"S": ["E", "N", "W", "S"], "W": ["S", "E", "N", "W"],
         "N": ["W", "S", "E", "N"], "E": ["N", "W", "S", "E"]}


def _entry(text: str) -> dict[str, Any]:
    """``"E: hokum D"`` -> {seat: E, call: hokum, suit: D}; ``"N: double locked"`` -> locked: true."""
    seat, rest = text.split(": ")
    words = rest.split()
    out: dict[str, Any] = {"seat": seat, "call": words[0]}
    if len(words) > 1:
        if words[1] in ("locked", "open"):
            out["locked"] = words[1] == "locked"
        else:
            out["suit"] = words[1]
    return out


def scenario(calls=(), escalation=None, *, dealer="S", upcard="9H", match=None) -> str:
    doc: dict[str, Any] = {"kind": "bidding", "dealer": dealer, "upcard": upcard}
    if match is not None:
        doc["match"] = {"NS": match[0], "EW": match[1]}
    doc["calls"] = [_entry(c) for c in calls]
    if escalation is not None:
        doc["escalation"] = [_entry(c) for c in escalation]
    return yaml.safe_dump(doc, sort_keys=False)


def verdict(calls=(), escalation=None, *, profile=None, **kw) -> dict[str, Any]:
    r = check_text(scenario(calls, escalation, **kw), profile=profile)
    assert r.ok, r.errors
    return r.output


def passes(dealer: str) -> list[str]:
    """One circuit of passes from the dealer's right round to the dealer."""
    return [f"{s}: pass" for s in ORDER[dealer]]


PASS4 = passes("S")               # dealer S: E N W S
HOKUM_E = ["E: hokum", "N: pass", "W: pass", "S: pass"]   # Hokum (upcard 9H) bought by E; opponents N, S
INSIDE = (40, 120)                # NS 40, EW 120: a Sun Double is inside both thresholds


def seats_heard(out: dict[str, Any]) -> list[str]:
    return [h["seat"] for h in out["history"]]


# --- legal sequences: where the bidding goes, read from 000 §03 --------------------------------------
# Each row: calls, dealer, expected subset of the output. "contract" compares buyer/taker/mode(/trump).

FLOWS = [
    # "A Sun by the dealer's right ends the bidding" (decisions): nobody is earlier than it,
    # and a later seat cannot take a Sun from an earlier one (000 §03). At 0-0 nobody may Double.
    pytest.param(["E: sun"], "S", {"finished": True, "next": None, "legal_calls": [],
                                   "contract": {"mode": "sun", "buyer": "E", "taker": "E"}},
                 id="sun-by-dealers-right-ends-bidding-at-once"),
    pytest.param(["S: sun"], "W", {"finished": True, "next": None,
                                   "contract": {"mode": "sun", "buyer": "S", "taker": "S"}},
                 id="sun-by-dealers-right-ends-bidding-dealer-W"),
    pytest.param(["W: sun"], "N", {"finished": True, "next": None,
                                   "contract": {"mode": "sun", "buyer": "W", "taker": "W"}},
                 id="sun-by-dealers-right-ends-bidding-dealer-N"),
    # Sun by the second seat: the later seats are not asked; the earlier seat (dealer's right) is.
    pytest.param(["E: pass", "N: sun"], "S", {"finished": False, "next": "E", "legal_calls": ["pass", "sun"],
                                              "contract": None},
                 id="sun-by-second-seat-later-seats-not-asked-earlier-seat-asked"),
    pytest.param(["E: pass", "N: sun", "E: pass"], "S",
                 {"finished": True, "contract": {"mode": "sun", "buyer": "N", "taker": "N"}},
                 id="sun-by-second-seat-stands-when-first-seat-declines"),
    # Hokum, then a Sun from a later seat, then the earlier seats' chance (000 §03).
    pytest.param(["E: hokum", "N: pass", "W: sun"], "S",
                 {"finished": False, "next": "E", "legal_calls": ["pass", "sun"], "contract": None},
                 id="hokum-then-later-sun-hokum-bidder-gets-sun-chance"),
    pytest.param(["E: hokum", "N: pass", "W: sun", "E: pass"], "S",
                 {"finished": False, "next": "N", "legal_calls": ["pass", "sun"]},
                 id="hokum-then-later-sun-earlier-passer-gets-sun-chance"),
    pytest.param(["E: hokum", "N: pass", "W: sun", "E: pass", "N: pass"], "S",
                 {"finished": True, "contract": {"mode": "sun", "buyer": "W", "taker": "W"}},
                 id="hokum-then-later-sun-stands-dealer-never-asked"),
    pytest.param(["E: hokum", "N: pass", "W: sun", "E: sun"], "S",
                 {"finished": True, "contract": {"mode": "sun", "buyer": "E", "taker": "E"}},
                 id="hokum-bidder-takes-the-sun-as-earlier-seat"),
    pytest.param(["E: hokum", "N: pass", "W: sun", "E: pass", "N: sun"], "S",
                 {"finished": True, "contract": {"mode": "sun", "buyer": "N", "taker": "N"}},
                 id="earlier-passer-replaces-sun-and-ends-when-no-earlier-seat-left"),
    # Hokum by the second seat, Sun by the dealer: every seat before the dealer gets a chance,
    # also W who passed after the Hokum (W is earlier than the Sun's bidder), earliest first.
    pytest.param(["E: pass", "N: hokum", "W: pass", "S: sun"], "S",
                 {"finished": False, "next": "E", "legal_calls": ["pass", "sun"]},
                 id="dealer-sun-over-hokum-earliest-seat-asked-first"),
    pytest.param(["E: pass", "N: hokum", "W: pass", "S: sun", "E: pass", "N: pass"], "S",
                 {"finished": False, "next": "W", "legal_calls": ["pass", "sun"]},
                 id="seat-earlier-than-sun-gets-chance-even-after-passing-the-hokum"),
    pytest.param(["E: pass", "N: hokum", "W: pass", "S: sun", "E: pass", "N: pass", "W: pass"], "S",
                 {"finished": True, "contract": {"mode": "sun", "buyer": "S", "taker": "S"}},
                 id="dealer-sun-stands-when-every-earlier-seat-declines"),
    pytest.param(["E: pass", "N: hokum", "W: pass", "S: sun", "E: pass", "N: pass", "W: sun"], "S",
                 {"finished": True, "contract": {"mode": "sun", "buyer": "W", "taker": "W"}},
                 id="sun-replaced-by-earlier-seat-declined-seats-not-asked-again"),
    # Hokum from a later seat: only seats before it may still call Sun; the later passers are done.
    pytest.param(["E: pass", "N: hokum", "W: pass", "S: pass"], "S",
                 {"finished": False, "next": "E", "legal_calls": ["pass", "sun"], "contract": None},
                 id="after-hokum-only-earlier-passer-may-still-call-sun"),
    pytest.param(["E: pass", "N: hokum", "W: pass", "S: pass", "E: pass"], "S",
                 {"contract": {"mode": "hokum", "trump": "H", "buyer": "N", "taker": "N"}},
                 id="hokum-stands-when-earlier-passer-declines"),
    pytest.param(["E: hokum", "N: pass", "W: pass", "S: pass"], "S",
                 {"contract": {"mode": "hokum", "trump": "H", "buyer": "E", "taker": "E"}, "next": "N",
                  "legal_calls": ["pass", "double"]},
                 id="hokum-by-dealers-right-no-chances-escalation-next"),
    # Sun replaced from an earlier seat, never from a later one (000 §03), other dealer.
    pytest.param(["W: pass", "S: pass", "E: sun"], "N",
                 {"finished": False, "next": "W", "legal_calls": ["pass", "sun"]},
                 id="dealer-N-third-seat-sun-asks-first-seat"),
    pytest.param(["W: pass", "S: pass", "E: sun", "W: pass", "S: sun"], "N",
                 {"finished": True, "contract": {"mode": "sun", "buyer": "S", "taker": "S"}},
                 id="dealer-N-sun-replaced-by-earlier-second-seat"),
    # Ashkal (000 §03, decisions): third seat or dealer after all earlier passes; it is a Sun, the
    # partner takes the upcard and is the declarer (contract.buyer == taker == the partner).
    pytest.param(["E: pass", "N: pass"], "S",
                 {"next": "W", "legal_calls": ["pass", "hokum", "sun", "ashkal"]},
                 id="ashkal-offered-to-third-seat-after-two-passes"),
    pytest.param(["E: pass"], "S", {"next": "N", "legal_calls": ["pass", "hokum", "sun"]},
                 id="ashkal-not-offered-to-second-seat"),
    pytest.param([], "S", {"next": "E", "legal_calls": ["pass", "hokum", "sun"]},
                 id="ashkal-not-offered-to-first-seat"),
    pytest.param(["E: pass", "N: pass", "W: pass"], "S",
                 {"next": "S", "legal_calls": ["pass", "hokum", "sun", "ashkal"]},
                 id="ashkal-offered-to-dealer-after-three-passes"),
    pytest.param(["E: pass", "N: pass", "W: hokum"], "S", {"next": "S", "legal_calls": ["pass", "sun"]},
                 id="ashkal-not-offered-to-dealer-after-a-hokum"),
    pytest.param(["E: hokum", "N: pass"], "S", {"next": "W", "legal_calls": ["pass", "sun"]},
                 id="ashkal-not-offered-to-third-seat-after-a-hokum"),
    pytest.param(["E: pass", "N: pass", "W: ashkal"], "S", {"next": "E", "finished": False, "contract": None},
                 id="ashkal-is-a-sun-dealer-later-not-asked"),
    pytest.param(["E: pass", "N: pass", "W: ashkal", "E: pass", "N: pass"], "S",
                 {"finished": True, "contract": {"mode": "sun", "buyer": "E", "taker": "E"}},
                 id="ashkal-third-seat-partner-is-buyer-and-taker"),
    pytest.param(["S: pass", "E: pass", "N: pass", "W: ashkal", "S: pass", "E: pass", "N: pass"], "W",
                 {"finished": True, "contract": {"mode": "sun", "buyer": "E", "taker": "E"}},
                 id="ashkal-by-dealer-W-partner-E-is-buyer-and-taker"),
    pytest.param(["N: pass", "W: pass", "S: ashkal", "N: pass", "W: pass"], "E",
                 {"finished": True, "contract": {"mode": "sun", "buyer": "N", "taker": "N"}},
                 id="ashkal-third-seat-dealer-E-partner-N-is-buyer-and-taker"),
    pytest.param(["E: pass", "N: pass", "W: ashkal", "E: pass", "N: sun"], "S",
                 {"finished": True, "contract": {"mode": "sun", "buyer": "N", "taker": "N"}},
                 id="ashkal-replaced-by-earlier-seats-sun"),
    # Round 2 (000 §03): Hokum in another suit, named; later seats not yet speaking may override
    # with Sun; a Sun ends selection; a round-2 passer may not call Sun later; no Ashkal.
    pytest.param(PASS4, "S", {"next": "E", "legal_calls": ["pass", "hokum", "sun"], "finished": False},
                 id="round-two-from-dealers-right-no-ashkal"),
    pytest.param([*PASS4, "E: pass", "N: pass", "W: pass"], "S",
                 {"next": "S", "legal_calls": ["pass", "hokum", "sun"]},
                 id="round-two-dealer-has-no-ashkal"),
    pytest.param([*PASS4, "E: pass", "N: hokum C", "W: pass", "S: pass"], "S",
                 {"contract": {"mode": "hokum", "trump": "C", "buyer": "N", "taker": "N"},
                  "next": "E", "legal_calls": ["pass", "double"]},
                 id="round-two-hokum-named-suit-round-two-passer-not-asked-to-sun"),
    pytest.param([*PASS4, "E: pass", "N: hokum C"], "S", {"next": "W", "legal_calls": ["pass", "sun"]},
                 id="round-two-later-seat-may-only-sun-over-hokum"),
    pytest.param([*PASS4, "E: hokum D", "N: pass", "W: sun"], "S",
                 {"finished": True, "contract": {"mode": "sun", "buyer": "W", "taker": "W"}},
                 id="round-two-later-seat-sun-ends-selection"),
    pytest.param([*PASS4, "E: hokum S", "N: pass", "W: pass", "S: pass"], "S",
                 {"contract": {"mode": "hokum", "trump": "S", "buyer": "E", "taker": "E"}},
                 id="round-two-first-seat-hokum-stands"),
    pytest.param([*passes("E"), "N: pass", "W: pass", "S: pass", "E: hokum D"], "E",
                 {"contract": {"mode": "hokum", "trump": "D", "buyer": "E", "taker": "E"}},
                 id="round-two-dealer-hokum-nobody-asked-after-round-two-passes"),
    # All pass twice: cancelled without score (000 §03).
    pytest.param(passes("N") * 2, "N", {"finished": True, "next": None, "legal_calls": [], "redeal": True,
                                        "contract": None, "error": None},
                 id="redeal-after-all-pass-twice-dealer-N"),
    pytest.param(passes("N") + passes("N")[:3], "N",
                 {"finished": False, "next": "N", "redeal": False, "legal_calls": ["pass", "hokum", "sun"]},
                 id="no-redeal-before-the-dealers-second-pass"),
]


@pytest.mark.parametrize("calls, dealer, expected", FLOWS)
def test_bidding_flow(calls, dealer, expected):
    out = verdict(calls, dealer=dealer)
    assert out["error"] is None, out["error"]
    for key, value in expected.items():
        if key == "contract" and value is not None:
            got = out["contract"]
            assert got is not None, "no contract"
            assert {k: got.get(k) for k in value} == value
        else:
            assert out[key] == value, key


def test_later_seat_than_sun_never_speaks():
    """W's Sun over N's Hokum: S (the dealer, later than W) is never asked, in any profile."""
    calls = ["E: pass", "N: hokum", "W: sun", "E: pass", "N: pass"]
    for profile in ("detailed", "tournament", "simple"):
        out = verdict(calls, profile=profile)
        assert "S" not in seats_heard(out), profile
        assert out["contract"]["buyer"] == "W"


# --- illegal and out-of-turn calls: error {index, reason} -------------------------------------------
# Each row: calls, escalation, dealer, match, profile, expected index, acceptable rules.
# The index is what the rules fix; the rule name is the engine's label, so a set is accepted
# where more than one label says the same thing.

OUT = {"out_of_turn"}

ERRORS = [
    # Sun: a later seat cannot take it from an earlier one.
    pytest.param(["E: pass", "N: sun", "W: sun"], None, "S", None, None, 2,
                 {"sun_only_from_earlier_seat", "out_of_turn"}, id="later-seat-may-not-replace-sun"),
    pytest.param(["E: pass", "N: sun", "S: sun"], None, "S", None, None, 2,
                 {"sun_only_from_earlier_seat", "out_of_turn"}, id="dealer-may-not-replace-earlier-sun"),
    pytest.param(["E: pass", "N: hokum", "W: sun", "S: pass"], None, "S", None, None, 3, OUT,
                 id="format-example-dealer-not-asked-even-to-pass"),
    pytest.param(["E: sun", "N: sun"], None, "S", None, None, 1, {"bidding_over"},
                 id="call-after-dealers-right-sun-is-after-the-end"),
    pytest.param(["E: sun", "N: pass"], None, "S", INSIDE, None, 1, {"bidding_over"},
                 id="pass-in-calls-after-sun-ended-bidding"),
    # After a Hokum, later passers are done; a declined chance is final.
    pytest.param(["E: pass", "N: hokum", "W: pass", "S: pass", "W: sun"], None, "S", None, None, 4,
                 {"chance_only_earlier_seats", "out_of_turn"}, id="later-passer-after-hokum-no-sun-chance"),
    pytest.param(["E: pass", "N: pass", "W: hokum", "S: pass", "E: pass", "E: sun"], None, "S", None, None, 5,
                 {"declined", "out_of_turn"}, id="declined-sun-chance-is-final"),
    pytest.param(["E: hokum", "N: hokum"], None, "S", None, None, 1, {"hokum_does_not_beat_hokum"},
                 id="later-seat-hokum-does-not-beat-hokum"),
    pytest.param(["E: pass", "N: sun", "E: hokum"], None, "S", None, None, 2, {"hokum_does_not_beat_sun"},
                 id="earlier-seat-hokum-does-not-beat-sun"),
    pytest.param(["E: hokum D"], None, "S", None, None, 0, {"hokum_wrong_suit"},
                 id="round-one-hokum-only-in-upcard-suit"),
    # Detailed profile: the Hokum bidder may not upgrade its own Hokum; the bidding is over.
    pytest.param([*HOKUM_E, "E: sun"], None, "S", None, None, 4, {"bidding_over"},
                 id="hokum-bidding-over-no-upgrade-detailed"),
    # Ashkal: third seat or dealer only, after all earlier passes, round 1 only.
    pytest.param(["N: ashkal"], None, "E", None, None, 0, {"ashkal_seat"}, id="ashkal-not-for-first-seat-dealer-E"),
    pytest.param(["N: pass", "W: ashkal"], None, "E", None, None, 1, {"ashkal_seat"},
                 id="ashkal-not-for-second-seat-dealer-E"),
    pytest.param(["E: hokum", "N: pass", "W: ashkal"], None, "S", None, None, 2, {"ashkal_after_passes"},
                 id="ashkal-third-seat-needs-all-earlier-passes"),
    pytest.param(["E: pass", "N: pass", "W: hokum", "S: ashkal"], None, "S", None, None, 3, {"ashkal_after_passes"},
                 id="ashkal-dealer-needs-all-earlier-passes"),
    pytest.param(["E: pass", "N: hokum", "W: pass", "S: ashkal"], None, "S", None, None, 3, {"ashkal_after_passes"},
                 id="ashkal-dealer-after-second-seat-hokum"),
    pytest.param([*PASS4, "E: pass", "N: pass", "W: ashkal"], None, "S", None, None, 6, {"ashkal_not_in_round_two"},
                 id="no-ashkal-in-round-two-third-seat"),
    pytest.param([*PASS4, "E: pass", "N: pass", "W: pass", "S: ashkal"], None, "S", None, None, 7,
                 {"ashkal_not_in_round_two"}, id="no-ashkal-in-round-two-dealer"),
    # Round 2: Hokum in another suit than the upcard's.
    pytest.param([*PASS4, "E: hokum H"], None, "S", None, None, 4, {"hokum_not_upcard_suit"},
                 id="round-two-hokum-must-name-another-suit"),
    pytest.param([*PASS4, "E: hokum D", "N: hokum S"], None, "S", None, None, 5, {"hokum_does_not_beat_hokum"},
                 id="round-two-later-seat-overrides-only-with-sun"),
    # Round 2: a passer may not call Sun later; a Sun ends selection (no earlier-seat replacement).
    pytest.param([*PASS4, "E: pass", "N: hokum D", "E: sun"], None, "S", None, None, 6,
                 {"passed_in_round_two", "out_of_turn"}, id="round-two-passer-may-not-call-sun-later"),
    pytest.param([*PASS4, "E: pass", "N: hokum D", "W: pass", "S: pass", "E: sun"], None, "S", None, None, 8,
                 {"bidding_over", "passed_in_round_two"}, id="round-two-passer-sun-after-bidding-ended"),
    pytest.param([*PASS4, "E: hokum D", "N: sun", "E: sun"], None, "S", None, None, 6, {"bidding_over"},
                 id="round-two-sun-ends-selection-no-earlier-seat-replacement"),
    pytest.param([*PASS4, "E: pass", "N: pass", "W: sun", "S: sun"], None, "S", None, None, 7, {"bidding_over"},
                 id="round-two-sun-ends-selection-dealer-not-asked"),
    # After a redeal nothing more is said; the index counts calls then escalation entries.
    pytest.param(PASS4 * 2 + ["E: sun"], None, "S", None, None, 8, {"redeal"}, id="call-after-redeal"),
    pytest.param(passes("N") * 2, ["S: double"], "N", None, None, 8, {"redeal"}, id="escalation-after-redeal-dealer-N"),
    pytest.param(["E: pass", "N: pass", "W: pass", "S: hokum", "E: pass", "N: pass", "W: pass", "E: sun"], None,
                 "S", None, None, 7, {"bidding_over"}, id="call-after-dealer-hokum-stood"),
    pytest.param(["E: pass", "W: hokum"], None, "S", None, None, 1, OUT, id="skipping-a-seat-is-out-of-turn"),
    # Escalation, Hokum (000 §03): opponent Doubles, declarer Triples, the same doubler Quadruples,
    # declarer Gahwa. Index = 4 calls + position in the escalation list.
    pytest.param(HOKUM_E, ["W: double"], "S", None, None, 4, {"double_by_opponent"},
                 id="declarers-partner-may-not-double"),
    pytest.param(HOKUM_E, ["E: double"], "S", None, None, 4, {"double_by_opponent"},
                 id="declarer-may-not-double"),
    pytest.param(HOKUM_E, ["E: triple"], "S", None, None, 4, {"escalation_step", "out_of_turn"},
                 id="no-triple-before-double"),
    pytest.param(HOKUM_E, ["N: quadruple"], "S", None, None, 4, {"escalation_step"},
                 id="no-quadruple-before-triple"),
    pytest.param(HOKUM_E, ["N: double", "W: triple"], "S", None, None, 5, {"triple_by_declarer"},
                 id="declarers-partner-may-not-triple"),
    pytest.param(HOKUM_E, ["N: double", "N: triple"], "S", None, None, 5, {"triple_by_declarer"},
                 id="doubler-may-not-triple"),
    pytest.param(HOKUM_E, ["N: double", "E: gahwa"], "S", None, None, 5, {"escalation_step"},
                 id="no-gahwa-straight-after-double"),
    pytest.param(HOKUM_E, ["N: double", "E: triple locked"], "S", None, None, 5, {"open_only"},
                 id="triple-is-open"),
    pytest.param(HOKUM_E, ["N: double", "E: triple", "S: quadruple"], "S", None, None, 6,
                 {"quadruple_by_doubler"}, id="doublers-partner-may-not-quadruple"),
    pytest.param(HOKUM_E, ["N: double", "E: triple", "E: quadruple"], "S", None, None, 6,
                 {"quadruple_by_doubler"}, id="declarer-may-not-quadruple"),
    pytest.param(HOKUM_E, ["N: pass", "S: double", "E: triple", "N: quadruple"], "S", None, None, 7,
                 {"quadruple_by_doubler"}, id="only-the-same-doubler-quadruples-second-opponent-doubled"),
    pytest.param(HOKUM_E, ["N: double", "E: triple", "N: quadruple", "N: gahwa"], "S", None, None, 7,
                 {"gahwa_by_declarer"}, id="doubler-may-not-gahwa"),
    pytest.param(HOKUM_E, ["N: double", "E: triple", "N: quadruple", "W: gahwa"], "S", None, None, 7,
                 {"gahwa_by_declarer"}, id="declarers-partner-may-not-gahwa"),
    pytest.param(HOKUM_E, ["N: double", "E: triple", "N: quadruple", "E: gahwa locked"], "S", None, None, 7,
                 {"open_only"}, id="gahwa-is-open"),
    pytest.param(HOKUM_E, ["N: double", "E: triple", "N: quadruple", "E: gahwa", "N: pass"], "S", None, None, 8,
                 {"escalation_over"}, id="nothing-after-gahwa"),
    pytest.param(HOKUM_E, ["N: pass", "S: pass", "N: double"], "S", None, None, 6,
                 {"escalation_over", "escalation_declined"}, id="no-double-after-both-opponents-passed"),
    pytest.param(HOKUM_E, ["N: double", "E: pass", "E: triple"], "S", None, None, 6,
                 {"escalation_over"}, id="no-triple-after-declarer-passed"),
    pytest.param(["E: hokum"], ["N: double"], "S", None, None, 1, {"escalation_after_bidding"},
                 id="escalation-entry-before-bidding-ended-counts-after-calls"),
    # Escalation, Sun: Double only, never locked, only inside the threshold; no Triple.
    pytest.param(["E: sun"], ["N: double locked"], "S", INSIDE, None, 1, {"sun_never_locked"},
                 id="sun-double-never-locked"),
    pytest.param(["E: sun"], ["N: double", "E: triple"], "S", INSIDE, None, 2,
                 {"sun_only_double", "escalation_over"}, id="no-triple-in-sun"),
    pytest.param(["E: sun"], ["N: double", "E: gahwa"], "S", INSIDE, None, 2,
                 {"sun_only_double", "escalation_over"}, id="no-gahwa-in-sun"),
    pytest.param(["E: sun"], ["W: double"], "S", INSIDE, None, 1, {"double_by_opponent"},
                 id="sun-declarers-partner-may-not-double"),
    pytest.param(["E: pass", "N: pass", "W: ashkal", "E: pass", "N: pass"], ["W: double"], "S", INSIDE, None, 5,
                 {"double_by_opponent"}, id="ashkal-caller-is-on-declarers-team-may-not-double"),
    pytest.param(["E: pass", "N: pass", "W: ashkal", "E: pass", "N: pass"], ["E: double"], "S", INSIDE, None, 5,
                 {"double_by_opponent"}, id="ashkal-declarer-may-not-double-own-sun"),
    pytest.param(["E: sun"], ["N: pass"], "S", (0, 0), None, 1, {"escalation_over", "out_of_turn"},
                 id="nobody-asked-when-sun-double-impossible"),
]


@pytest.mark.parametrize("calls, escalation, dealer, match, profile, index, rules", ERRORS)
def test_illegal_call_is_reported_with_its_index(calls, escalation, dealer, match, profile, index, rules):
    out = verdict(calls, escalation, dealer=dealer, match=match, profile=profile)
    err = out["error"]
    assert err is not None, "the illegal call was accepted"
    assert err["index"] == index and err["reason"]
    assert err["rule"] in rules, err


@pytest.mark.parametrize("suit, legal", [
    pytest.param("C", False, id="round-two-hokum-in-upcard-suit-clubs-refused"),
    pytest.param("S", True, id="round-two-hokum-spades-other-suit"),
    pytest.param("H", True, id="round-two-hokum-hearts-other-suit"),
    pytest.param("D", True, id="round-two-hokum-diamonds-other-suit"),
])
def test_round_two_hokum_needs_another_suit_than_the_upcards(suit, legal):
    """Dealer W (order S E N W), upcard KC: round 2 Hokum by E must name S, H or D (000 §03)."""
    out = verdict([*passes("W"), "S: pass", f"E: hokum {suit}"], dealer="W", upcard="KC")
    if legal:
        assert out["error"] is None
        assert out["next"] == "N" and out["legal_calls"] == ["pass", "sun"]
    else:
        assert out["error"]["index"] == 5 and out["error"]["rule"] == "hokum_not_upcard_suit"
        assert out["next"] == "E"


def test_state_shown_is_the_one_before_the_illegal_escalation_entry():
    out = verdict(HOKUM_E, ["N: double locked", "W: triple"])
    assert out["error"]["index"] == 5
    assert out["escalation"] == {"level": "double", "doubler": "N", "locked": True}
    assert out["next"] == "E" and out["legal_calls"] == ["pass", "triple"]


# --- escalation order and locking (000 §03, decisions "Escalation") ----------------------------------

ROUND2_N = [*PASS4, "E: pass", "N: hokum C", "W: pass", "S: pass"]   # Hokum clubs bought by N; opponents E, W

ESCALATION_FLOWS = [
    pytest.param(ROUND2_N, ["E: pass", "W: double locked"],
                 {"next": "N", "legal_calls": ["pass", "triple"],
                  "escalation": {"level": "double", "doubler": "W", "locked": True}},
                 id="second-opponent-doubles-locked-declarer-asked"),
    pytest.param(ROUND2_N, ["E: pass", "W: double locked", "N: triple"],
                 {"next": "W", "legal_calls": ["pass", "quadruple"],
                  "escalation": {"level": "triple", "doubler": "W", "locked": False}},
                 id="triple-reopens-a-locked-double"),
    pytest.param(ROUND2_N, ["E: pass", "W: double", "N: triple", "W: quadruple locked"],
                 {"next": "N", "legal_calls": ["pass", "gahwa"],
                  "escalation": {"level": "quadruple", "doubler": "W", "locked": True}},
                 id="same-doubler-quadruples-locked"),
    pytest.param(ROUND2_N, ["E: pass", "W: double locked", "N: triple", "W: quadruple locked", "N: gahwa"],
                 {"next": None, "finished": True, "legal_calls": [],
                  "escalation": {"level": "gahwa", "doubler": "W", "locked": False}},
                 id="gahwa-by-declarer-is-open-and-ends"),
    pytest.param(ROUND2_N, ["E: pass", "W: double locked", "N: pass"],
                 {"next": None, "finished": True,
                  "escalation": {"level": "double", "doubler": "W", "locked": True}},
                 id="locked-double-stands-when-declarer-declines"),
    pytest.param(ROUND2_N, ["E: double", "N: triple", "E: quadruple", "N: pass"],
                 {"next": None, "finished": True,
                  "escalation": {"level": "quadruple", "doubler": "E", "locked": False}},
                 id="open-quadruple-stands-when-declarer-declines-gahwa"),
    pytest.param(ROUND2_N, ["E: pass", "W: pass"],
                 {"next": None, "finished": True,
                  "escalation": {"level": "none", "doubler": None, "locked": False}},
                 id="undoubled-when-both-opponents-pass"),
    pytest.param(["E: pass", "N: pass", "W: ashkal", "E: pass", "N: pass"], ["N: double"],
                 {"next": None, "finished": True,
                  "contract": {"mode": "sun", "buyer": "E", "taker": "E"},
                  "escalation": {"level": "double", "doubler": "N", "locked": False}},
                 id="ashkal-sun-doubled-by-an-opponent-of-the-partner"),
]


@pytest.mark.parametrize("calls, escalation, expected", ESCALATION_FLOWS)
def test_escalation_flow(calls, escalation, expected):
    out = verdict(calls, escalation, match=INSIDE)
    assert out["error"] is None, out["error"]
    for key, value in expected.items():
        if key == "contract":
            assert {k: out["contract"].get(k) for k in value} == value
        else:
            assert out[key] == value, key
    if "contract" not in expected:
        assert out["contract"]["mode"] == "hokum" and out["contract"]["trump"] == "C"
        assert out["contract"]["buyer"] == "N" and out["contract"]["taker"] == "N"


# --- the Sun Double threshold, both profiles (000 §03 vs 003) ---------------------------------------
# detailed: one team > 100 and the other < 100; tournament: one team > 100 and the other <= 100.
# simple follows detailed (decisions: "as detailed, except where this page names it").

THRESHOLD = [
    pytest.param((99, 101), True, True, id="99-101-inside-both"),
    pytest.param((101, 99), True, True, id="101-99-inside-both"),
    pytest.param((100, 101), False, True, id="100-101-other-at-100-tournament-only"),
    pytest.param((101, 100), False, True, id="101-100-other-at-100-tournament-only"),
    pytest.param((100, 150), False, True, id="100-150-other-at-100-tournament-only"),
    pytest.param((100, 100), False, False, id="100-100-nobody-above-100"),
    pytest.param((100, 99), False, False, id="100-99-nobody-above-100"),
    pytest.param((99, 99), False, False, id="99-99-nobody-above-100"),
    pytest.param((101, 101), False, False, id="101-101-both-above-100"),
    pytest.param((150, 120), False, False, id="150-120-both-above-100"),
    pytest.param((0, 0), False, False, id="0-0-match-start"),
    pytest.param((0, 140), True, True, id="0-140-buyer-team-ahead"),
    pytest.param((140, 0), True, True, id="140-0-buyer-team-behind"),
]


@pytest.mark.parametrize("match, detailed, tournament", THRESHOLD)
@pytest.mark.parametrize("profile", ["detailed", "tournament", "simple"])
def test_sun_double_threshold_kind(match, detailed, tournament, profile):
    allowed = tournament if profile == "tournament" else detailed
    # Sun by E (team EW): the first opponent in priority order is N.
    out = verdict(["E: sun"], match=match, profile=profile)
    assert out["error"] is None
    assert out["contract"]["buyer"] == "E"
    assert out["finished"] is (not allowed)
    assert out["next"] == ("N" if allowed else None)
    doubled = verdict(["E: sun"], ["N: double"], match=match, profile=profile)
    if allowed:
        assert doubled["error"] is None
        assert doubled["escalation"] == {"level": "double", "doubler": "N", "locked": False}
        assert doubled["finished"] is True
    else:
        assert doubled["error"]["index"] == 1 and doubled["error"]["rule"] == "sun_double_threshold"
        assert doubled["escalation"]["level"] == "none"


def test_hokum_double_ignores_the_sun_threshold():
    for match in ((0, 0), (101, 101), (100, 100)):
        out = verdict(HOKUM_E, ["N: double"], match=match)
        assert out["error"] is None and out["escalation"]["level"] == "double"


# --- scenario-format's own example --------------------------------------------------------------------

FORMAT_EXAMPLE = """
kind: bidding
dealer: S
upcard: 9H
match: {NS: 40, EW: 120}   # needed for the Sun double threshold
calls:                     # in the order they were made
  - {seat: E, call: pass}
  - {seat: N, call: hokum}
  - {seat: W, call: sun}   # S, later than this Sun, is not asked
  - {seat: E, call: pass}  # the earlier seats' chance to take the Sun
  - {seat: N, call: pass}  # -> Sun, bought by W
escalation:                # optional, after the bidding
  - {seat: N, call: double, locked: false}
"""


@pytest.mark.parametrize("profile", ["detailed", "tournament", "simple"])
def test_format_example_sun_bought_by_w_s_not_asked(profile):
    r = check_text(FORMAT_EXAMPLE, profile=profile)
    assert r.ok, r.errors
    out = r.output
    assert out["error"] is None
    assert out["finished"] is True and out["next"] is None and out["redeal"] is False
    assert {k: out["contract"][k] for k in ("mode", "buyer", "taker")} == {"mode": "sun", "buyer": "W",
                                                                              "taker": "W"}
    assert out["escalation"] == {"level": "double", "doubler": "N", "locked": False}
    assert [h["seat"] for h in out["history"]] == ["E", "N", "W", "E", "N", "N"]
    assert "S" not in seats_heard(out)


def test_format_example_step_by_step():
    """After W's Sun the engine asks E (not S), then N, then the Double goes to N (first opponent)."""
    calls = ["E: pass", "N: hokum", "W: sun", "E: pass", "N: pass"]
    expected_next = ["N", "W", "E", "N", "N"]
    for i, asked in enumerate(expected_next, start=1):
        out = verdict(calls[:i], match=(40, 120))
        assert out["next"] == asked, (i, out["next"])
    out = verdict(calls, match=(40, 120))
    assert out["legal_calls"] == ["pass", "double"]


# --- Ashkal through the deal: the partner takes the upcard (000 §02) --------------------------------

@pytest.mark.parametrize("dealer, calls, caller, partner", [
    pytest.param(Seat.S, ["E: pass", "N: pass", "W: ashkal", "E: pass", "N: pass"], Seat.W, Seat.E,
                 id="ashkal-third-seat-partner-gets-upcard-plus-two"),
    pytest.param(Seat.W, ["S: pass", "E: pass", "N: pass", "W: ashkal", "S: pass", "E: pass", "N: pass"],
                 Seat.W, Seat.E, id="ashkal-dealer-partner-gets-upcard-plus-two"),
])
def test_ashkal_partner_takes_the_upcard_at_completion(dealer, calls, caller, partner):
    d = deal_cards(DECK, dealer)
    state = apply_calls(start(dealer, d.upcard), calls)
    assert state.contract.buyer is partner and state.taker is partner and state.caller is caller
    done = complete(d, state.taker)
    assert d.upcard in done.hand(partner) and d.upcard not in done.hand(caller)
    assert all(len(done.hand(s)) == 8 for s in Seat)
    # the taker: its five, then the upcard plus 2 from the stock; everyone else 3 from the stock
    assert len([c for c in done.hand(partner) if c in d.stock]) == 2
    assert len([c for c in done.hand(caller) if c in d.stock]) == 3


# --- an independent reference model of rules-decisions.md "Bidding" and "Escalation" ----------------
# Written from the decisions text alone, then compared with the engine on every call sequence it
# allows (exhaustive walk): the seat asked, the calls it may make, and the contract reached.
#
# Bidding (detailed, and simple which follows it):
#   round 1: every seat speaks once in priority order, except a seat later than a standing Sun
#     (a Sun can be replaced only from an earlier seat); pass, Hokum in the upcard's suit (nobody
#     has bid), Sun (nobody has bid or a Hokum stands), Ashkal (third seat or dealer, all before passed);
#   then each seat earlier than the standing bidder, not yet declined, earliest first: pass (declines)
#     or Sun; a new Sun restarts this for the seats earlier than it;
#   round 2 (four passes): one circuit; Hokum in another suit or Sun while nobody has bid, only Sun
#     over a Hokum, a Sun ends it; a pass is final; four passes: redeal.
# Escalation: Hokum: an opponent may Double (open/locked), then the declarer Triple, the doubler
#   Quadruple (open/locked), the declarer Gahwa; a pass by the seat that could raise ends it (at the
#   Double step, once both opponents passed). Sun: Double (open) only inside the threshold.

_SEATS = ["S", "E", "N", "W"]


def _partner(seat: str) -> str:
    return _SEATS[(_SEATS.index(seat) + 2) % 4]


def _team(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


class _BiddingModel:
    def __init__(self, dealer: str, up: str):
        self.order = ORDER[dealer]
        self.up = up
        self.round, self.phase, self.pos = 1, "circuit", 0
        self.standing: tuple[str, str, str | None] | None = None
        self.declined: set[str] = set()
        self.result: Any = None

    def copy(self) -> _BiddingModel:
        m = _BiddingModel.__new__(_BiddingModel)
        m.__dict__.update(self.__dict__, declined=set(self.declined))
        return m

    def options(self, seat: str) -> list[str]:
        st, opts = self.standing, ["pass"]
        if self.phase == "chances":
            return opts + ["sun"]
        if self.round == 1:
            if st is None:
                opts += [f"hokum {self.up}", "sun"] + (["ashkal"] if seat in self.order[2:] else [])
            elif st[0] == "hokum":
                opts.append("sun")
            return opts                   # a standing Sun: this (later) seat has nothing but pass
        if st is None:
            return opts + [f"hokum {s}" for s in "SHDC" if s != self.up] + ["sun"]
        return opts + ["sun"]

    def next(self) -> str | None:
        if self.result is not None:
            return None
        if self.phase == "circuit":
            while self.pos < 4:
                if len(self.options(self.order[self.pos])) > 1:
                    return self.order[self.pos]
                self.pos += 1
            if self.standing is None:
                if self.round == 1:
                    self.round, self.pos = 2, 0
                    return self.next()
                self.result = "redeal"
                return None
            if self.round == 2:
                self.result = self.standing
                return None
            self.phase = "chances"
        for seat in self.order:
            if seat == self.standing[1]:
                break
            if seat not in self.declined:
                return seat
        self.result = self.standing
        return None

    def apply(self, seat: str, call: str) -> None:
        words = call.split()
        if self.phase == "chances":
            if words[0] == "pass":
                self.declined.add(seat)
            else:
                self.standing = ("sun", seat, None)
            return
        if words[0] != "pass":
            self.standing = (words[0], seat, words[1] if len(words) > 1 else None)
        self.pos += 1
        if self.round == 2 and words[0] == "sun":
            self.result = self.standing

    def contract(self) -> Any:
        if self.result == "redeal":
            return "redeal"
        kind, seat, suit = self.result
        mode = "hokum" if kind == "hokum" else "sun"
        return (mode, suit if mode == "hokum" else None, _partner(seat) if kind == "ashkal" else seat)


def _threshold(match: tuple[int, int], profile: str) -> bool:
    hi, lo = max(match), min(match)
    return hi > 100 and (lo <= 100 if profile == "tournament" else lo < 100)


class _EscalationModel:
    def __init__(self, mode: str, buyer: str, dealer: str, match: tuple[int, int], profile: str):
        self.mode, self.buyer = mode, buyer
        self.opponents = [s for s in ORDER[dealer] if _team(s) != _team(buyer)]
        self.level, self.doubler, self.locked = "none", None, False
        self.passed: set[str] = set()
        self.over = mode == "sun" and not _threshold(match, profile)

    def copy(self) -> _EscalationModel:
        m = _EscalationModel.__new__(_EscalationModel)
        m.__dict__.update(self.__dict__, passed=set(self.passed))
        return m

    def may_raise(self) -> dict[str, list[str]]:
        """Seats that may still raise now, each with its calls (besides pass)."""
        if self.over:
            return {}
        if self.level == "none":
            calls = ["double"] if self.mode == "sun" else ["double", "double locked"]
            return {s: calls for s in self.opponents if s not in self.passed}
        if self.mode == "sun":
            return {}
        step = {"double": (self.buyer, ["triple"]), "triple": (self.doubler, ["quadruple", "quadruple locked"]),
                "quadruple": (self.buyer, ["gahwa"])}.get(self.level)
        return {step[0]: step[1]} if step else {}

    def apply(self, seat: str, call: str) -> None:
        words = call.split()
        if words[0] == "pass":
            self.passed.add(seat)
            if self.level != "none":
                self.over = True
            return
        self.level, self.locked = words[0], len(words) > 1
        if words[0] == "double":
            self.doubler = seat


def _engine_options(state) -> list[str]:
    out = []
    for v in legal_calls(state):
        if v.legal:
            c = v.call
            out.append(c.name + (f" {c.suit.value}" if c.suit else "") + (" locked" if c.locked else ""))
    return sorted(out)


def _walk_escalation(model: _EscalationModel, state, path: list[str], problems: list[str]) -> int:
    seats = model.may_raise()
    if not seats:
        if state.next is not None:
            problems.append(f"{path}: nobody may raise, engine asks {state.next.value}")
        esc = state.escalation
        got = (esc.level.value, esc.doubler.value if esc.doubler else None, esc.locked)
        if got != (model.level, model.doubler, model.locked):
            problems.append(f"{path}: escalation {got}, rules {(model.level, model.doubler, model.locked)}")
        return 1
    asked = state.next.value if state.next else None
    if asked not in seats:
        problems.append(f"{path}: engine asks {asked}, rules allow {sorted(seats)}")
        return 0
    want = sorted(["pass", *seats[asked]])
    if _engine_options(state) != want:
        problems.append(f"{path}: {asked} may {want}, engine {_engine_options(state)}")
        return 0
    n = 0
    for call in want:
        m = model.copy()
        m.apply(asked, call)
        n += _walk_escalation(m, apply_call(state, f"{asked}: {call}"), [*path, f"{asked}: {call}"], problems)
    return n


@pytest.mark.parametrize("profile", ["detailed", "simple"])
@pytest.mark.parametrize("dealer", ["S", "E", "N", "W"])
def test_engine_matches_reference_model_of_the_bidding(dealer, profile):
    prof = custom_profile(profile)
    problems: list[str] = []
    ends: list[Any] = []

    def walk(model: _BiddingModel, state, path: list[str]) -> None:
        asked = model.next()
        if asked is None:
            if state.phase.is_bidding:
                problems.append(f"{path}: rules end the bidding, engine asks {state.next}")
                return
            if state.redeal:
                got: Any = "redeal"
            else:
                c = state.contract
                got = (c.mode.value, c.trump.value if c.trump else None, c.buyer.value)
                if state.taker.value != got[2]:
                    problems.append(f"{path}: taker {state.taker.value} is not the declarer {got[2]}")
            if got != model.contract():
                problems.append(f"{path}: rules {model.contract()}, engine {got}")
            ends.append(got)
            return
        if not state.phase.is_bidding or state.next is None or state.next.value != asked:
            problems.append(f"{path}: rules ask {asked}, engine {state.next}")
            return
        want = sorted(model.options(asked))
        if _engine_options(state) != want:
            problems.append(f"{path}: {asked} may {want}, engine {_engine_options(state)}")
            return
        for call in want:
            m = model.copy()
            m.apply(asked, call)
            walk(m, apply_call(state, f"{asked}: {call}"), [*path, f"{asked}: {call}"])

    walk(_BiddingModel(dealer, "H"), start(dealer, "9H", profile=prof), [])
    assert not problems, "\n".join(problems[:20])
    assert "redeal" in ends and len(ends) > 50
    assert {e[0] for e in ends if e != "redeal"} == {"hokum", "sun"}


@pytest.mark.parametrize("match", [(0, 0), (40, 120), (101, 100), (100, 101), (99, 101)],
                         ids=lambda m: f"match-{m[0]}-{m[1]}")
@pytest.mark.parametrize("profile", ["detailed", "tournament"])
@pytest.mark.parametrize("dealer", ["S", "W"])
def test_engine_matches_reference_model_of_the_escalation(dealer, profile, match):
    prof = custom_profile(profile)
    order = ORDER[dealer]
    contracts = []
    for seat in order:                               # a Hokum and a Sun bought by each seat
        i = order.index(seat)
        before = [f"{s}: pass" for s in order[:i]]
        after = [f"{s}: pass" for s in order[i + 1:]]
        hokum = [*before, f"{seat}: hokum", *after]
        # the earlier seats' Sun chances (detailed); tournament may also ask the Hokum bidder to upgrade
        state = apply_calls(start(dealer, "9H", profile=prof, match={"NS": match[0], "EW": match[1]}), hokum)
        while state.phase.is_bidding:
            state = apply_call(state, f"{state.next.value}: pass")
        contracts.append(("hokum", seat, state))
        sun = [*before, f"{seat}: sun"]
        state = apply_calls(start(dealer, "9H", profile=prof, match={"NS": match[0], "EW": match[1]}), sun)
        while state.phase.is_bidding:
            state = apply_call(state, f"{state.next.value}: pass")
        contracts.append(("sun", seat, state))
    problems: list[str] = []
    leaves = 0
    for mode, buyer, state in contracts:
        assert state.contract.mode.value == mode and state.contract.buyer.value == buyer
        leaves += _walk_escalation(_EscalationModel(mode, buyer, dealer, match, profile), state,
                                   [f"{mode} by {buyer}"], problems)
    assert not problems, "\n".join(problems[:20])
    assert leaves >= 8
