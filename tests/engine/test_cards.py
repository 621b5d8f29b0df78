"""Cards, seats and rule tables: one notation with an exact round trip, seats and orders from the seeds.

Expectations are written from rules-decisions.md ("Table and seats", "Cards") and 000 §01, never
computed by the engine.
"""

from __future__ import annotations

import pytest

from explorer.engine.core.cards import (
    DECK,
    RANKS,
    SEATS,
    SUITS,
    Card,
    CardError,
    Rank,
    Seat,
    Suit,
    Team,
    cards,
    format_cards,
    priority_order,
)
from explorer.engine.core.tables import (
    HOKUM_TRUMP_ORDER,
    HOKUM_TRUMP_POINTS,
    LAST_TRICK_BONUS,
    PROJECT_ORDER,
    RAW_TOTAL,
    SUN_ORDER,
    SUN_POINTS,
    Mode,
    card_points,
    strength,
)

# --- notation -------------------------------------------------------------------------------

ALL_32 = [r + s for s in "SHDC" for r in "789TJQKA"]
"""The 32 canonical names, written out by hand: ranks 7 8 9 T J Q K A, suits S H D C."""


@pytest.mark.parametrize(
    "text, canonical",
    [
        pytest.param("TH", "TH", id="ten-written-T"),
        pytest.param("10H", "TH", id="ten-written-10"),
        pytest.param("t♥", "TH", id="lower-case-with-heart-symbol"),
        pytest.param("10♥", "TH", id="10-with-heart-symbol"),
        pytest.param("as", "AS", id="lower-case-letters"),
        pytest.param("aS", "AS", id="mixed-case"),
        pytest.param("A♠", "AS", id="spade-symbol"),
        pytest.param("K♦", "KD", id="diamond-symbol"),
        pytest.param("7♣", "7C", id="club-symbol"),
        pytest.param("q♤", "QS", id="white-spade-symbol"),
        pytest.param("J♡", "JH", id="white-heart-symbol"),
        pytest.param("9♢", "9D", id="white-diamond-symbol"),
        pytest.param("8♧", "8C", id="white-club-symbol"),
        pytest.param("  jd ", "JD", id="surrounding-spaces-ignored"),
    ],
)
def test_card_notation_is_read_in_every_accepted_form(text, canonical):
    card = Card.parse(text)
    assert str(card) == canonical
    assert card == Card.parse(canonical)


@pytest.mark.parametrize("name", ALL_32)
def test_every_card_round_trips_through_its_canonical_name(name):
    card = Card.parse(name)
    assert str(card) == name
    assert Card.parse(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card  # noqa: S307 - repr is Card.parse('XX')


def test_the_deck_is_the_32_distinct_cards_seven_to_ace_in_four_suits():
    assert sorted(str(c) for c in DECK) == sorted(ALL_32)
    assert len(set(DECK)) == 32
    assert {c.code for c in DECK} == set(range(32))
    assert all(Card.from_code(c.code) == c for c in DECK)


def test_cards_are_frozen_hashable_values():
    a, b = Card.parse("10h"), Card(Rank.TEN, Suit.H)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    with pytest.raises(AttributeError):
        a.rank = Rank.ACE  # type: ignore[misc]


@pytest.mark.parametrize(
    "text, expected",
    [
        pytest.param("JS 9S AH", "JS 9S AH", id="spaces"),
        pytest.param("JS, 9S,AH", "JS 9S AH", id="commas"),
        pytest.param("10h k♣ 7D", "TH KC 7D", id="mixed-notations-come-out-canonical"),
        pytest.param(["10S", "q♦"], "TS QD", id="list-of-strings"),
        pytest.param("", "", id="empty-string-no-cards"),
    ],
)
def test_several_cards_parse_and_format_canonically(text, expected):
    assert format_cards(cards(text)) == expected


def test_pretty_form_uses_10_and_the_suit_symbol():
    assert Card.parse("TH").pretty == "10♥"
    assert Card.parse("AS").pretty == "A♠"
    assert [s.symbol for s in SUITS] == ["♠", "♥", "♦", "♣"]
    assert [s.title for s in SUITS] == ["spades", "hearts", "diamonds", "clubs"]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("XX", id="nonsense"),
        pytest.param("ZH", id="unknown-rank-letter"),
        pytest.param("AX", id="unknown-suit-letter"),
        pytest.param("11H", id="eleven"),
        pytest.param("AHH", id="trailing-letter"),
        pytest.param("10", id="rank-without-suit"),
        pytest.param("H", id="suit-without-rank"),
        pytest.param("", id="empty"),
        pytest.param("2H", id="two-is-not-in-the-32-card-deck"),
        pytest.param("6S", id="six-is-not-in-the-32-card-deck"),
        pytest.param("1S", id="one"),
    ],
)
def test_a_bad_card_raises_card_error_naming_the_text(text):
    with pytest.raises(CardError) as err:
        Card.parse(text)
    assert repr(text) in str(err.value)
    assert isinstance(err.value, ValueError)


def test_a_bad_card_in_a_list_names_that_card():
    with pytest.raises(CardError, match="'QX'"):
        cards("JS QX AH")


@pytest.mark.parametrize("text", ["X", "7", "♥♥"])
def test_a_bad_suit_raises_card_error_naming_it(text):
    with pytest.raises(CardError) as err:
        Suit.parse(text)
    assert repr(text) in str(err.value)


# --- seats and teams -------------------------------------------------------------------------

@pytest.mark.parametrize(
    "seat, right, partner, left, team",
    [
        pytest.param("S", "E", "N", "W", "NS", id="south-right-is-east"),
        pytest.param("E", "N", "W", "S", "EW", id="east-right-is-north"),
        pytest.param("N", "W", "S", "E", "NS", id="north-right-is-west"),
        pytest.param("W", "S", "E", "N", "EW", id="west-right-is-south"),
    ],
)
def test_play_goes_anticlockwise_and_partners_sit_opposite(seat, right, partner, left, team):
    s = Seat.parse(seat)
    assert s.right is Seat(right)
    assert s.partner is Seat(partner)
    assert s.left is Seat(left)
    assert s.team is Team(team)
    assert s.partner.team is s.team and s.right.team is not s.team


def test_seats_in_play_order_are_s_e_n_w():
    assert [s.value for s in SEATS] == ["S", "E", "N", "W"]
    assert Team.NS.seats == (Seat.N, Seat.S) and Team.EW.seats == (Seat.E, Seat.W)
    assert Team.NS.other is Team.EW and Team.EW.other is Team.NS
    assert Team.parse("we") is Team.EW and Seat.parse(" n ") is Seat.N


@pytest.mark.parametrize("text", ["X", "NE", ""])
def test_a_bad_seat_raises_card_error_naming_it(text):
    with pytest.raises(CardError) as err:
        Seat.parse(text)
    assert repr(text) in str(err.value)


@pytest.mark.parametrize(
    "dealer, order",
    [
        pytest.param("W", "SENW", id="dealer-west-south-speaks-first"),
        pytest.param("S", "ENWS", id="dealer-south-east-speaks-first"),
        pytest.param("E", "NWSE", id="dealer-east-north-speaks-first"),
        pytest.param("N", "WSEN", id="dealer-north-west-speaks-first"),
    ],
)
def test_priority_order_runs_from_dealers_right_to_the_dealer(dealer, order):
    got = "".join(s.value for s in priority_order(Seat(dealer)))
    assert got == order
    # dealer's right first, dealer's partner second, dealer's left third, dealer fourth
    d = Seat(dealer)
    assert priority_order(d) == (d.right, d.partner, d.left, d)


# --- rank orders and points ------------------------------------------------------------------

def _ranks(text: str) -> tuple[Rank, ...]:
    return tuple(Rank.parse(t) for t in text.split())


def test_sun_and_plain_suits_rank_a_t_k_q_j_9_8_7():
    assert SUN_ORDER == _ranks("A T K Q J 9 8 7")


def test_hokum_trumps_rank_j_9_a_t_k_q_8_7():
    assert HOKUM_TRUMP_ORDER == _ranks("J 9 A T K Q 8 7")


def test_projects_use_the_order_a_k_q_j_t_9_8_7():
    assert PROJECT_ORDER == _ranks("A K Q J T 9 8 7")


@pytest.mark.parametrize(
    "rank, sun, trump",
    [
        pytest.param("A", 11, 11, id="ace-11-both"),
        pytest.param("T", 10, 10, id="ten-10-both"),
        pytest.param("K", 4, 4, id="king-4-both"),
        pytest.param("Q", 3, 3, id="queen-3-both"),
        pytest.param("J", 2, 20, id="jack-2-plain-20-trump"),
        pytest.param("9", 0, 14, id="nine-0-plain-14-trump"),
        pytest.param("8", 0, 0, id="eight-worthless"),
        pytest.param("7", 0, 0, id="seven-worthless"),
    ],
)
def test_card_points_in_sun_and_as_hokum_trumps(rank, sun, trump):
    r = Rank.parse(rank)
    assert SUN_POINTS[r] == sun and card_points(r, trump=False) == sun
    assert HOKUM_TRUMP_POINTS[r] == trump and card_points(r, trump=True) == trump


@pytest.mark.parametrize(
    "higher, lower, trump",
    [
        pytest.param("T", "K", False, id="plain-ten-beats-king"),
        pytest.param("A", "T", False, id="plain-ace-beats-ten"),
        pytest.param("J", "9", False, id="plain-jack-beats-nine"),
        pytest.param("J", "9", True, id="trump-jack-beats-nine"),
        pytest.param("9", "A", True, id="trump-nine-beats-ace"),
        pytest.param("T", "K", True, id="trump-ten-beats-king"),
        pytest.param("Q", "8", True, id="trump-queen-beats-eight"),
    ],
)
def test_strength_orders_cards_of_one_suit(higher, lower, trump):
    assert strength(Rank.parse(higher), trump=trump) > strength(Rank.parse(lower), trump=trump)


def test_sun_cards_total_120_before_the_last_trick_and_130_with_it():
    before_last = sum(card_points(c.rank, trump=False) for c in DECK)
    assert before_last == 120
    assert LAST_TRICK_BONUS == 10
    assert RAW_TOTAL[Mode.SUN] == 130 == before_last + LAST_TRICK_BONUS


@pytest.mark.parametrize("trump", SUITS, ids=lambda s: f"trump-{s.value}")
def test_hokum_cards_total_152_before_the_last_trick_and_162_with_it(trump):
    before_last = sum(card_points(c.rank, trump=c.suit is trump) for c in DECK)
    assert before_last == 152
    assert RAW_TOTAL[Mode.HOKUM] == 162 == before_last + LAST_TRICK_BONUS


def test_ranks_and_suits_are_the_eight_and_the_four_of_the_notation():
    assert "".join(r.value for r in RANKS) == "789TJQKA"
    assert "".join(s.value for s in SUITS) == "SHDC"
    assert Rank.parse("10") is Rank.TEN and Rank.TEN.label == "10"
