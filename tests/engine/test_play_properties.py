"""Properties of the play rules over many generated positions (hypothesis, derandomized: repeatable).

Besides invariants (never empty, a subset of the hand, profiles with equal play options agree, the
trick winner holds the highest trump), the engine is compared with a second, independent reading of
rules-decisions.md "Play" written below from the text, with its own rank tables.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.engine.core.cards import DECK, SEATS, SUITS, Card, Seat, Suit
from explorer.engine.core.profiles import DETAILED, OPTIONS, PLAY_OPTIONS
from explorer.engine.core.tables import Mode
from explorer.engine.rules.play import PlayState, check_play, legal_plays, obligation, trick_winner

SETTINGS = settings(derandomize=True, max_examples=150, deadline=None)
ORACLE_SETTINGS = settings(derandomize=True, max_examples=400, deadline=None)

# --- a second reading of the rules, independent of the engine ------------------------------------

PLAIN_ORDER = "A T K Q J 9 8 7".split()
"""Sun and plain suits, strongest first (000 §01)."""
TRUMP_ORDER = "J 9 A T K Q 8 7".split()
"""Hokum trumps, strongest first (000 §01)."""


def _power(card: Card, trump: Suit | None) -> int:
    order = TRUMP_ORDER if card.suit is trump else PLAIN_ORDER
    return 8 - order.index(card.rank.value)


def ref_winner_index(trick: list[Card], trump: Suit | None) -> int:
    """Highest trump if any trump was played, else the highest card of the led suit."""
    trumps = [i for i, c in enumerate(trick) if trump is not None and c.suit is trump]
    pool = trumps or [i for i, c in enumerate(trick) if c.suit is trick[0].suit]
    return max(pool, key=lambda i: _power(trick[i], trump))


def ref_legal(hand: list[Card], trick: list[Card], trump: Suit | None, *, played: set[Card], ekka: bool,
              locked: bool, third_seat_must_cut: bool, must_undertrump: bool) -> set[Card]:
    """Which cards of ``hand`` may be played, read straight from rules-decisions.md "Play"."""
    hand_set = set(hand)
    trumps = {c for c in hand if trump is not None and c.suit is trump}
    if not trick:  # leading: free, except a locked Hokum forbids a trump lead unless only trumps
        return hand_set - trumps if locked and trumps and trumps != hand_set else hand_set
    led = trick[0].suit
    follow = {c for c in hand if c.suit is led}
    me = len(trick)  # my index in the trick; my partner played at index me - 2
    win = ref_winner_index(trick, trump)
    partner_winning = win == me - 2
    if trump is not None and led is trump:  # trump led
        if not follow:
            return hand_set
        if partner_winning:
            return follow
        higher = {c for c in follow if _power(c, trump) > _power(trick[win], trump)}
        return higher or follow
    if follow:
        return follow
    if trump is None or not trumps:  # Sun, or no trump in hand
        return hand_set
    if partner_winning:
        if me == 2 and third_seat_must_cut:  # the third player, partner of the leader
            lead = trick[0]
            above = PLAIN_ORDER[: PLAIN_ORDER.index(lead.rank.value)]
            valid_ekka = ekka and all(Card.parse(r + lead.suit.value) in played for r in above)
            if lead.rank.value == "A" or valid_ekka:
                return hand_set
            return trumps
        return hand_set
    if trick[win].suit is trump:
        can_win = {c for c in trumps if _power(c, trump) > _power(trick[win], trump)}
    else:
        can_win = trumps
    if can_win:
        return can_win
    return trumps if must_undertrump else hand_set


# --- generated positions --------------------------------------------------------------------------

@st.composite
def positions(draw, *, profile=None):
    deck = draw(st.permutations(DECK))
    mode = draw(st.sampled_from(Mode))
    trump = draw(st.sampled_from(SUITS)) if mode is Mode.HOKUM else None
    earlier = draw(st.integers(0, 7))
    n = draw(st.sampled_from((1, 2, 3, 0)))  # shrinks towards a trick under way
    if n and earlier and draw(st.booleans()):
        # often make the lead the highest unplayed card of its suit, so that an Ekka can be valid:
        # swap the higher cards of its suit into the earlier tricks, in place of other suits' cards
        deck = list(deck)
        lead = deck[4 * earlier]
        above = {Card.parse(r + lead.suit.value) for r in PLAIN_ORDER[: PLAIN_ORDER.index(lead.rank.value)]}
        spare = [i for i in range(4 * earlier) if deck[i].suit is not lead.suit]
        for j in range(4 * earlier + 1, 32):
            if deck[j] in above and spare:
                i = spare.pop()
                deck[i], deck[j] = deck[j], deck[i]
    start, stop = 4 * earlier + n, 4 * earlier + n + 8 - earlier
    if n and draw(st.booleans()):
        # often make the hand void in the led suit (swap its led-suit cards with unseen cards)
        deck = list(deck)
        led = deck[4 * earlier].suit
        unseen = [i for i in range(stop, 32) if deck[i].suit is not led]
        for j in range(start, stop):
            if deck[j].suit is led and unseen:
                i = unseen.pop()
                deck[i], deck[j] = deck[j], deck[i]
    played = deck[: 4 * earlier]
    trick = deck[4 * earlier: start]
    hand = deck[start:stop]
    if profile is None:
        profile = replace(DETAILED, id="custom", third_seat_must_cut=draw(st.booleans()),
                          must_undertrump=draw(st.booleans()))
    return PlayState(mode=mode, trump=trump, leader=draw(st.sampled_from(SEATS)), cards=tuple(trick),
                     hand=tuple(hand), played=frozenset(played), ekka=draw(st.booleans()),
                     locked=mode is Mode.HOKUM and draw(st.booleans()), profile=profile)


def other_options():
    """Random values for every option that is not a play option."""
    return st.fixed_dictionaries({name: st.sampled_from(info.choices)
                                  for name, info in OPTIONS.items() if name not in PLAY_OPTIONS})


@SETTINGS
@given(positions())
def test_legal_plays_are_never_empty_and_always_a_subset_of_the_hand(state):
    legal = legal_plays(state)
    assert legal, "a non-empty hand always has a legal card"
    assert set(legal) <= set(state.hand)
    assert len(set(legal)) == len(legal)


@ORACLE_SETTINGS
@given(positions())
def test_engine_agrees_with_a_second_reading_of_the_rules(state):
    expected = ref_legal(list(state.hand), list(state.cards), state.trump if state.mode is Mode.HOKUM else None,
                         played=set(state.played), ekka=state.ekka, locked=state.locked,
                         third_seat_must_cut=state.profile.third_seat_must_cut,
                         must_undertrump=state.profile.must_undertrump)
    assert set(legal_plays(state)) == expected, obligation(state).situation


@SETTINGS
@given(positions())
def test_a_held_led_suit_must_be_followed(state):
    if state.cards:
        led = state.cards[0].suit
        if any(c.suit is led for c in state.hand):
            assert all(c.suit is led for c in legal_plays(state))


@SETTINGS
@given(positions())
def test_check_play_agrees_with_legal_plays_card_by_card(state):
    legal = set(legal_plays(state))
    for card in DECK:
        v = check_play(state, card)
        assert v.legal is (card in legal)
        assert str(card) in str(v.reason)


@SETTINGS
@given(positions(), st.booleans(), st.booleans(), other_options(), other_options())
def test_profiles_with_equal_play_options_allow_the_same_cards(state, cut, under, rest_a, rest_b):
    play = {"third_seat_must_cut": cut, "must_undertrump": under}
    a = replace(DETAILED, id="custom", **play, **rest_a)
    b = replace(DETAILED, id="custom", **play, **rest_b)
    assert {k: getattr(a, k) for k in PLAY_OPTIONS} == {k: getattr(b, k) for k in PLAY_OPTIONS}
    sa, sb = replace(state, profile=a), replace(state, profile=b)
    assert legal_plays(sa) == legal_plays(sb)
    assert obligation(sa).rule is obligation(sb).rule


@SETTINGS
@given(st.permutations(DECK), st.sampled_from(Mode), st.sampled_from(SUITS), st.sampled_from(SEATS))
def test_trick_winner_is_a_seat_and_holds_the_highest_trump_if_any_was_played(deck, mode, suit, leader):
    trick = list(deck[:4])
    trump = suit if mode is Mode.HOKUM else None
    winner = trick_winner(leader, trick, mode, trump)
    assert winner in SEATS
    card = trick[(SEATS.index(winner) - SEATS.index(leader)) % 4]
    trumps = [c for c in trick if trump is not None and c.suit is trump]
    if trumps:
        assert card.suit is trump
        assert all(_power(card, trump) >= _power(c, trump) for c in trumps)
    else:
        assert card.suit is trick[0].suit
        assert all(_power(card, None) >= _power(c, None) for c in trick if c.suit is card.suit)
    assert winner is Seat(SEATS[(SEATS.index(leader) + ref_winner_index(trick, trump)) % 4].value)


@ORACLE_SETTINGS
@given(st.integers(0, 2**32 - 1), st.booleans(), st.booleans())
def test_every_position_of_a_random_deal_agrees_with_the_second_reading(seed, cut, under):
    """Whole deals played at random give realistic positions: trump leads, voids, valid Ekkas."""
    rng = random.Random(seed)
    profile = replace(DETAILED, id="custom", third_seat_must_cut=cut, must_undertrump=under)
    deck = list(DECK)
    rng.shuffle(deck)
    mode = rng.choice((Mode.SUN, Mode.HOKUM, Mode.HOKUM))
    trump = rng.choice(SUITS) if mode is Mode.HOKUM else None
    locked = mode is Mode.HOKUM and rng.random() < 0.3
    hands = {seat: deck[8 * i: 8 * i + 8] for i, seat in enumerate(SEATS)}
    played: list[Card] = []
    leader = rng.choice(SEATS)
    for _ in range(8):
        trick: list[Card] = []
        ekka = False
        for k in range(4):
            seat = SEATS[(SEATS.index(leader) + k) % 4]
            state = PlayState(mode=mode, trump=trump, leader=leader, cards=tuple(trick),
                              hand=tuple(hands[seat]), played=frozenset(played), ekka=ekka, locked=locked,
                              profile=profile)
            legal = legal_plays(state)
            expected = ref_legal(hands[seat], trick, trump, played=set(played), ekka=ekka, locked=locked,
                                 third_seat_must_cut=cut, must_undertrump=under)
            assert set(legal) == expected, (obligation(state).situation, trick, hands[seat])
            card = rng.choice(legal)
            if k == 0:
                ekka = rng.random() < 0.5  # announced, valid or not: only a valid one may free the third
            hands[seat].remove(card)
            trick.append(card)
        played += trick
        leader = SEATS[(SEATS.index(leader) + ref_winner_index(trick, trump)) % 4]
