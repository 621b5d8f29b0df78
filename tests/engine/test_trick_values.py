"""A ``play`` scenario with the other three hands (``hands``): checked where it is inconsistent, and each legal
card's exact value, the same as the solver's on the game state it describes."""

from __future__ import annotations

import pytest

from explorer.engine.core.cards import SEATS
from explorer.engine.files.scenario import check_doc, verdict_of
from explorer.engine.game import GameState
from explorer.engine.solver.samples import random_position
from explorer.engine.solver.search import solve
from explorer.engine.solver.trick import exact_values, line_tricks


def play_doc(g: GameState, *, history: bool = True) -> dict:
    """The ``play`` scenario of the seat to play's moment in ``g``, with the other three hands."""
    r = g.record()
    cur = g.current
    doc = {"kind": "play", "profile": r["profile"], "dealer": r["dealer"], "contract": r["contract"],
           "escalation": r["escalation"],
           "current": {"leader": (cur.leader if cur else g.to_act).value, "cards": [str(c) for c in cur.cards]
                       if cur else []},
           "hand": [str(c) for c in g.hand(g.to_act)],
           "hands": {s.value: [str(c) for c in g.hand(s)] for s in SEATS if s is not g.to_act}}
    if cur is not None and cur.ekka:
        doc["ekka"] = True
    if history:
        doc["tricks"] = [{"leader": t.leader.value, "cards": [str(c) for c in t.cards], "ekka": t.ekka}
                         for t in g.completed_tricks]
    else:
        doc["played"] = [str(c) for t in g.completed_tricks for c in t.cards]
    return doc


@pytest.mark.parametrize("seed", range(12))
def test_with_the_earlier_tricks_each_card_gets_the_solvers_tricks_points_and_award(seed):
    g = random_position(f"trick-{seed}", 1 + seed % 4, seed % 4)
    ex = exact_values(verdict_of(play_doc(g)))
    want = solve(g, {})                      # a play scenario has no projects
    assert ex.award_known
    assert [(v.card, v.tricks, v.points, v.award) for v in ex.solution.cards] == \
        [(v.card, v.tricks, v.points, v.award) for v in want.cards]


@pytest.mark.parametrize("seed", range(8))
def test_without_the_earlier_tricks_tricks_and_points_are_exact_and_the_award_is_not_given(seed):
    g = random_position(f"trick-{seed}", 1 + seed % 4, (seed + 1) % 4)
    ex = exact_values(verdict_of(play_doc(g, history=False)))
    want = solve(g, {}, objectives=("tricks", "points"))
    assert not ex.award_known and all(v.award is None for v in ex.solution.cards)
    assert {(v.card, v.tricks, v.points) for v in ex.solution.cards} == \
        {(v.card, v.tricks, v.points) for v in want.cards}


def test_a_principal_line_is_the_rest_of_the_deal_trick_by_trick():
    g = random_position("trick-line", 3, 2)
    ex = exact_values(verdict_of(play_doc(g)))
    best = ex.solution.cards[0]
    tricks = line_tricks(ex.state, best.line)
    assert [t[0] for t in tricks] == [6, 7, 8] and tricks[0][2][:2] == g.current.cards
    assert sum(t[4] for t in tricks if t[3].team is g.to_act.team) == best.points


def test_the_hands_are_optional_and_the_verdict_keeps_its_keys():
    g = random_position("trick-keys", 5, 1)
    doc = play_doc(g)
    without = {k: v for k, v in doc.items() if k != "hands"}
    a, b = check_doc(doc), check_doc(without)
    assert a.ok and b.ok and a.output == b.output
    assert exact_values(verdict_of(without)) is None


def _problems(doc: dict) -> list[str]:
    checked = check_doc(doc)
    assert not checked.ok
    return [str(e) for e in checked.errors]


def test_the_seat_to_plays_own_cards_are_not_one_of_the_other_hands():
    g = random_position("trick-own", 4, 1)
    doc = play_doc(g)
    doc["hands"][g.to_act.value] = doc["hand"]
    assert any(p.startswith(f"hands.{g.to_act.value}: ") and "seat to play" in p for p in _problems(doc))


def test_a_hand_with_the_wrong_number_of_cards_is_named_with_the_number_it_should_hold():
    g = random_position("trick-count", 4, 1)       # the leader has played: it holds one card fewer
    doc = play_doc(g)
    leader = g.current.leader.value
    doc["hands"][leader] = doc["hands"][leader] + [doc["hand"][0]]
    problems = _problems(doc)
    assert any(p.startswith(f"hands.{leader}: holds 4 cards") and "holds 3 cards now" in p for p in problems)
    assert any(p.startswith(f"hands.{leader}[3]: ") and "appears twice" in p for p in problems)


def test_a_card_both_played_and_in_another_hand_is_placed():
    g = random_position("trick-dup", 4, 0)
    doc = play_doc(g)
    seat = next(iter(doc["hands"]))
    doc["hands"][seat][0] = doc["tricks"][0]["cards"][1]
    assert any(p.startswith(f"hands.{seat}[0]: ") and "tricks[0].cards[1]" in p for p in _problems(doc))


def test_an_ekka_claim_is_false_when_another_hand_holds_a_higher_card():
    doc = {"kind": "play", "contract": {"mode": "hokum", "trump": "H", "buyer": "S"},
           "current": {"leader": "N", "cards": ["KC"]}, "ekka": True, "played": ["AC", "TC", "7S", "8S"],
           "hand": ["7C", "8D", "9D"], "hands": {"N": ["9S", "TS"], "E": ["QC", "JD", "QD"], "W": ["JC", "KD", "AD"]}}
    assert check_doc({k: v for k, v in doc.items() if k != "hands"}).ok     # without the hands the claim holds
    doc["hands"]["E"][0] = "TS"
    doc["hands"]["N"] = ["9S", "AC"]
    doc["played"] = ["QC", "TC", "7S", "8S"]
    problems = _problems(doc)
    assert any(p.startswith("ekka: ") for p in problems), problems


SUN = {"kind": "play", "dealer": "W", "contract": {"mode": "sun", "buyer": "S"}}
REVOKED = {**SUN, "tricks": [{"leader": "S", "cards": ["AH", "7D", "8H", "9H"]}], "current": {"leader": "S", "cards": []},
           "hand": ["AS", "KS", "QS", "JS", "TS", "9S", "8S"],
           "hands": {"E": ["7H", "TH", "8D", "9D", "TD", "JD", "QD"], "N": ["7C", "8C", "9C", "TC", "JC", "QC", "KC"],
                     "W": ["AC", "7S", "JH", "QH", "KH", "AD", "KD"]}}


def test_hands_that_prove_a_seat_did_not_follow_suit_in_an_earlier_trick_are_placed_at_that_card():
    assert check_doc({k: v for k, v in REVOKED.items() if k != "hands"}).ok     # E's hand unknown: nothing to see
    assert _problems(REVOKED) == ["tricks[0].cards[1]: E plays 7D: Hearts were led and you hold hearts (TH, 7H). "
                                  "7D is not allowed: you must follow suit with hearts: one of TH, 7H."]


def test_a_hand_that_proves_a_card_of_this_trick_illegal_is_placed_at_that_card():
    doc = {"kind": "play", "contract": {"mode": "sun", "buyer": "S"}, "current": {"leader": "N", "cards": ["7H", "7D"]},
           "hand": ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "8H"],
           "hands": {"N": ["AC", "7S", "JH", "QH", "KH", "AD", "KD"], "W": ["TH", "9H", "8D", "9D", "TD", "JD", "QD"],
                     "E": ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AH"]}}
    problems = _problems(doc)
    assert len(problems) == 1 and problems[0].startswith("current.cards[1]: W plays 7D: Hearts were led and you hold "
                                                         "hearts (TH, 9H)"), problems
    doc["hands"]["W"][:2], doc["hands"]["E"][:2] = ["7C", "8C"], ["TH", "9H"]
    assert check_doc(doc).ok                               # W held no heart: 7D was allowed


def test_the_seat_to_plays_own_hand_proves_its_earlier_card_illegal_without_the_other_hands():
    doc = {"kind": "play", "dealer": "S", "contract": {"mode": "sun", "buyer": "S"},
           "tricks": [{"leader": "E", "cards": ["AH", "9H", "7H", "7D"]}],
           "current": {"leader": "E", "cards": ["KS", "8S", "9S"]}, "hand": ["8D", "AS", "QS", "JS", "7C", "8C", "9C"]}
    assert check_doc(doc).ok                               # S held no heart: 7D was allowed
    doc["hand"][0] = "8H"
    problems = _problems(doc)
    assert len(problems) == 1 and problems[0].startswith("tricks[0].cards[3]: S plays 7D: Hearts were led and you "
                                                         "hold hearts (8H)"), problems
