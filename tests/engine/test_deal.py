"""The deal (000 §02): seeded shuffle, cut by the dealer's left, 3 then 2 from the dealer's right,
card 21 face up, completion, rotation. Each test is named after the rule it pins."""

from __future__ import annotations

import random

import pytest

from explorer.engine.core.cards import DECK, SEATS, Card, Seat, cards, format_cards, priority_order
from explorer.engine.rules.bidding import apply_calls, start
from explorer.engine.rules.deal import (
    UPCARD_INDEX,
    DealError,
    DealRound,
    complete,
    count_by_round,
    cut_deck,
    cutter,
    deal_cards,
    deal_table,
    dealers,
    first_dealer,
    hands_from_deck,
    new_deal,
    next_dealer,
    shuffled_deck,
    taker_for,
)

S, E, N, W = Seat.S, Seat.E, Seat.N, Seat.W


@pytest.mark.parametrize("dealer", SEATS, ids=[f"dealer-{s.value}" for s in SEATS])
def test_three_then_two_from_the_dealers_right(dealer: Seat):
    d = deal_cards(DECK, dealer)
    order = priority_order(dealer)
    expected = [order[i // 3] for i in range(12)] + [order[i // 2] for i in range(8)]
    assert [s.seat for s in d.steps[:20]] == expected
    assert [s.round for s in d.steps[:20]] == [DealRound.FIRST_THREE] * 12 + [DealRound.THEN_TWO] * 8
    assert d.steps[0].seat is dealer.right
    assert all(len(h) == 5 for h in d.hands().values())


@pytest.mark.parametrize("dealer, seat, hand", [
    pytest.param(S, E, "7S 8S 9S JH QH", id="first-cards-to-dealers-right"),
    pytest.param(S, N, "TS JS QS KH AH", id="then-dealers-partner"),
    pytest.param(S, W, "KS AS 7H 7D 8D", id="then-dealers-left"),
    pytest.param(S, S, "8H 9H TH 9D TD", id="dealer-served-last"),
])
def test_five_cards_each_in_card_notation(dealer: Seat, seat: Seat, hand: str):
    assert format_cards(deal_cards(DECK, dealer).hand(seat)) == hand


@pytest.mark.parametrize("seed", [0, 1, 2, 99])
def test_upcard_is_card_21(seed: int):
    d = new_deal(seed, dealer=S)
    assert d.upcard == d.deck[UPCARD_INDEX] == d.deck[20]
    step = d.steps[20]
    assert (step.card, step.round, step.seat, step.position) == (d.upcard, DealRound.UPCARD, None, 20)
    assert d.upcard not in {c for h in d.hands().values() for c in h}
    assert len(d.stock) == 11 and d.upcard not in d.stock


@pytest.mark.parametrize("dealer", SEATS, ids=[f"dealer-{s.value}-cut-by-{s.left.value}" for s in SEATS])
def test_cut_by_the_dealers_left(dealer: Seat):
    assert cutter(dealer) is dealer.left
    assert deal_cards(DECK, dealer).cutter is dealer.left


@pytest.mark.parametrize("position, expected", [
    pytest.param(0, "7S 8S 9S TS JS", id="cut-0-leaves-the-deck"),
    pytest.param(1, "8S 9S TS JS 7S", id="cut-moves-the-top-card-under"),
    pytest.param(3, "TS JS 7S 8S 9S", id="cut-moves-the-top-part-under"),
    pytest.param(4, "JS 7S 8S 9S TS", id="cut-leaves-one-card-on-top"),
])
def test_cut_moves_the_top_part_under(position: int, expected: str):
    assert format_cards(cut_deck(cards("7S 8S 9S TS JS"), position)) == expected


def test_deal_after_cut_starts_from_the_cut_point():
    d = deal_cards(DECK, S, cut=5)
    assert d.deck[0] == DECK[5] and d.steps[0].card == DECK[5]
    for step in d.steps:
        assert d.deck[step.position] == step.card
        assert d.shuffled[step.shuffled_position] == step.card


@pytest.mark.parametrize("cut", [-1, 32, 40, True, "3"], ids=lambda c: f"bad-cut-{c!r}")
def test_bad_cut_is_refused(cut):
    with pytest.raises(DealError, match="cut"):
        deal_cards(DECK, S, cut=cut)


@pytest.mark.parametrize("deck, message", [
    pytest.param(DECK[:31], "32 cards, not 31", id="deck-too-short"),
    pytest.param(DECK[:31] + (DECK[0],), "7S appears twice", id="deck-card-twice"),
])
def test_bad_deck_is_refused(deck, message):
    with pytest.raises(DealError, match=message):
        deal_cards(deck, S)


@pytest.mark.parametrize("taker", SEATS, ids=[f"taker-{s.value}" for s in SEATS])
def test_completion_taker_gets_upcard_plus_two_others_three(taker: Seat):
    d = new_deal(5, dealer=W)
    done = complete(d, taker)
    completion = [s for s in done.steps if s.round is DealRound.COMPLETION]
    for seat in SEATS:
        got = [s for s in completion if s.seat is seat]
        assert len(got) == 3
        assert len(done.hand(seat)) == 8
        assert (d.upcard in [s.card for s in got]) == (seat is taker)
    assert done.hand(taker)[5] == d.upcard


def test_completion_goes_from_the_dealers_right_round():
    d = deal_cards(DECK, S)
    done = complete(d, N)
    completion = [s for s in done.steps if s.round is DealRound.COMPLETION]
    assert [s.seat for s in completion] == [E] * 3 + [N] * 3 + [W] * 3 + [S] * 3
    assert format_cards(s.card for s in completion) == "QD KD AD JD 7C 8C 9C TC JC QC KC AC"
    assert [s.order for s in done.steps] == list(range(33))


@pytest.mark.parametrize("caller, ashkal, taker", [
    pytest.param(W, True, E, id="ashkal-partner-takes-the-upcard"),
    pytest.param(S, True, N, id="ashkal-by-dealer-partner-takes-the-upcard"),
    pytest.param(W, False, W, id="sun-or-hokum-caller-takes-the-upcard"),
])
def test_who_takes_the_upcard(caller: Seat, ashkal: bool, taker: Seat):
    assert taker_for(caller, ashkal=ashkal) is taker


def test_ashkal_partner_takes_the_upcard_from_the_bidding():
    d = new_deal(8, dealer=S)
    state = apply_calls(start(S, d.upcard), ["E: pass", "N: pass", "W: ashkal", "E: pass", "N: pass"])
    done = complete(d, state.taker)
    assert state.taker is E and d.upcard in done.hand(E) and d.upcard not in done.hand(W)


@pytest.mark.parametrize("dealer, following", [
    pytest.param(S, E, id="rotation-S-to-E"), pytest.param(E, N, id="rotation-E-to-N"),
    pytest.param(N, W, id="rotation-N-to-W"), pytest.param(W, S, id="rotation-W-to-S"),
])
def test_deal_rotates_to_the_dealers_right(dealer: Seat, following: Seat):
    assert next_dealer(dealer) is following is dealer.right


def test_dealers_sequence_rotates():
    assert dealers(W, 6) == [W, S, E, N, W, S]


def test_first_dealer_is_random_and_seeded():
    assert first_dealer(4) is first_dealer(4)
    assert {first_dealer(seed) for seed in range(40)} == set(SEATS)


@pytest.mark.parametrize("seed", [0, 1, 42, "lesson-3"])
def test_seeded_shuffle_is_deterministic(seed):
    assert shuffled_deck(seed) == shuffled_deck(seed)
    assert new_deal(seed) == new_deal(seed)
    expected = list(DECK)
    random.Random(seed).shuffle(expected)
    assert list(shuffled_deck(seed)) == expected


def test_different_seeds_give_different_decks():
    assert len({shuffled_deck(seed) for seed in range(20)}) == 20


@pytest.mark.parametrize("seed", range(25))
def test_every_card_dealt_once(seed: int):
    rng = random.Random(seed)
    d = new_deal(seed)
    taker = rng.choice(SEATS)
    done = complete(d, taker)
    held = [c for h in done.hands().values() for c in h]
    assert sorted(held, key=lambda c: c.code) == list(DECK)
    assert {r: n for r, n in count_by_round(done.steps).items()} == {
        DealRound.FIRST_THREE: 12, DealRound.THEN_TWO: 8, DealRound.UPCARD: 1, DealRound.COMPLETION: 12}
    for card in DECK:
        journey = done.journey(card)
        assert len(journey) == (2 if card == d.upcard else 1)
        assert journey[-1].seat is not None


def test_every_step_is_data_for_a_lesson():
    rows = deal_table(complete(deal_cards(DECK, S), E).steps)
    assert rows[0] == {"order": 0, "card": "7S", "position": 0, "shuffled_position": 0,
                       "round": "first 3", "seat": "E"}
    assert rows[20]["round"] == "upcard" and rows[20]["seat"] is None
    assert [r["round"] for r in rows].count("completion") == 12
    assert str(deal_cards(DECK, S).steps[0].describe()) == "card 1 (7S): first 3 to E"


def test_deals_are_hashable_snapshots():
    d = new_deal(3)
    assert hash(d) == hash(new_deal(3))
    assert hash(complete(d, N)) == hash(complete(new_deal(3), N))


def test_hands_from_deck_for_scenarios():
    hands, problems = hands_from_deck(list(DECK), cut=8, dealer=W, taker=S)
    assert problems == []
    assert hands[S][:5] == list(cards("7H 8H 9H JD QD")) and Card.parse("JC") in hands[S]
    _, problems = hands_from_deck(list(DECK[:30]), cut=40, dealer=None, taker=None)
    assert any("dealer" in p for p in problems)
    assert any("32 cards" in p for p in problems)
    assert any(p.startswith("cut:") for p in problems)
