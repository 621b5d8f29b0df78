"""Sampling hidden hands: every world fits what the seat has seen, and the real deal always fits too."""

from __future__ import annotations

import random

import pytest

from explorer.engine.core.cards import SEATS, Seat, cards
from explorer.engine.core.contract import Contract
from explorer.engine.core.profiles import PROFILES, get_profile
from explorer.engine.core.tables import Mode
from explorer.engine.game.state import GameState, Stage, apply_all
from explorer.engine.players import make_player
from explorer.engine.players.sampling import NoWorld, consistent, knowledge, sample_worlds
from explorer.engine.rules.bidding import Call, CallKind


def _true_world(g: GameState, seat: Seat) -> dict:
    return {s: g.hand(s) for s in SEATS if s is not seat}


@pytest.mark.parametrize("profile_id", sorted(PROFILES))
def test_the_real_hidden_hands_always_fit_what_each_seat_has_seen(profile_id):
    """No inference rules out a card a seat really holds: the exclusions are sound."""
    rng = random.Random(9)
    for seed in range(25):
        g = GameState.new(seed, profile=get_profile(profile_id))
        players = {s: make_player("random" if seed % 2 else "heuristic", seed=seed) for s in SEATS}
        while not g.finished:
            if g.stage in (Stage.DOUBLING, Stage.PLAY):
                for seat in SEATS:
                    assert consistent(g.view(seat), _true_world(g, seat)), (seed, seat, g.actions[-4:])
                if rng.random() < 0.3:
                    for w in sample_worlds(g.view(g.to_act), 2, rng):
                        assert consistent(g.view(g.to_act), w)
            g = g.apply(players[g.to_act].choose(g.view(g.to_act)).action)


def _play_hokum() -> GameState:
    hands = {Seat.N: cards("KC 9C 8C 7H 8H 9D 7D 8D"), Seat.W: cards("7C JC TC 9S 7S AH TH 9H"),
             Seat.S: cards("QH JS 8S AS TD JD QS KS"), Seat.E: cards("AC QC KH JH QD KD AD TS")}
    return GameState.from_hands(hands, dealer=Seat.E, contract=Contract(Mode.HOKUM, cards("QH")[0].suit, Seat.N))


def test_a_seat_that_did_not_follow_holds_none_of_the_led_suit():
    g = apply_all(_play_hokum(), ["N: play KC", "W: play 7C", "S: play QH"])   # S cut: void in clubs
    k = knowledge(g.view(Seat.E))
    assert {c for c in k.unknown if c.suit.value == "C"} <= k.excluded[Seat.S]
    assert not {c for c in k.unknown if c.suit.value != "C"} & k.excluded[Seat.S]


def test_a_void_seat_that_discarded_against_an_opponents_plain_card_holds_no_trump():
    """W leads AC (hearts trump); N, void in clubs, discards 7S while the opponent W wins with a plain card:
    had N held any heart it would have had to win with it, so N holds no heart."""
    hands = {Seat.N: cards("7S JS TS 9S 7D 8D 9D TD"), Seat.W: cards("AC 9C 8C AS KS QS 8S JD"),
             Seat.S: cards("7C JH QH KH AH TH 9H 8H"), Seat.E: cards("QC KC JC TC 7H QD KD AD")}
    g = GameState.from_hands(hands, dealer=Seat.N, contract=Contract(Mode.HOKUM, cards("JH")[0].suit, Seat.S))
    g = apply_all(g, ["W: play AC", "S: play 7C", "E: play QC", "N: play 7S"])
    k = knowledge(g.view(Seat.W))
    hearts = {c for c in k.unknown if c.suit.value == "H"}
    clubs = {c for c in k.unknown if c.suit.value == "C"}
    assert hearts and hearts <= k.excluded[Seat.N] and clubs <= k.excluded[Seat.N]
    assert not hearts & k.excluded[Seat.E] and not hearts & k.excluded[Seat.S]   # they followed: nothing shown


def test_the_upcard_is_in_its_takers_hand_in_every_world():
    g = apply_all(GameState.new(4, dealer=Seat.S), ["E: hokum", "N: pass", "W: pass", "S: pass"])
    for w in sample_worlds(g.view(Seat.N), 20, random.Random(2)):
        assert g.upcard in w[Seat.E]


def test_sampling_before_the_hands_are_complete_is_refused():
    with pytest.raises(ValueError, match="complete"):
        knowledge(GameState.new(4).view(Seat.S))


def test_an_impossible_view_says_so():
    g = apply_all(_play_hokum(), ["N: play KC", "W: play 7C", "S: play QH", "E: play AC"])
    k = knowledge(g.view(Seat.N))
    bad = type(k)(k.seat, k.unknown, {s: n + (1 if s is Seat.W else 0) for s, n in k.sizes.items()},
                  k.excluded, k.holds)
    from explorer.engine.players.sampling import _one
    with pytest.raises(NoWorld):
        _one(bad, random.Random(1), 5)


def test_worlds_are_reproducible_from_the_generator():
    g = apply_all(GameState.new(7, dealer=Seat.W), ["S: hokum", "E: pass", "N: pass", "W: pass"])
    while g.stage is Stage.DOUBLING:
        g = g.apply(Call(CallKind.PASS))
    a = sample_worlds(g.view(g.to_act), 5, random.Random(3))
    b = sample_worlds(g.view(g.to_act), 5, random.Random(3))
    assert a == b


class _BackwardsSet(frozenset):
    """A set of cards that lists itself in the reverse of its usual order: the order a set of interned cards lists
    itself in follows their addresses in memory, which differ from one process to the next."""

    def __iter__(self):
        return iter(reversed(list(super().__iter__())))


def test_the_same_seed_samples_the_same_worlds_whatever_order_a_set_lists_the_cards_in():
    """A hint or a review is reproducible across processes: the sampled deals depend on the seed alone."""
    from dataclasses import replace

    from explorer.engine.players.sampling import _one
    g = _play_hokum()
    k = knowledge(g.view(g.to_act))
    backwards = replace(k, unknown=_BackwardsSet(k.unknown))
    assert list(backwards.unknown) != list(k.unknown)
    assert [_one(k, random.Random(s), 200) for s in range(5)] == [_one(backwards, random.Random(s), 200)
                                                                  for s in range(5)]
