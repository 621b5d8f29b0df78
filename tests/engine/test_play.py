"""Play rules: every obligation of rules-decisions.md "Play" (000 §04, §09; 002; 003), pinned by a table.

Every case is written in card notation with the answer taken from the seeds, not from the engine.
Unless a case says otherwise: Hokum with hearts as trump, North leads, so the order of play is
N (first), W (second), S (third), E (fourth); N–S and E–W are partners.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
import yaml

from explorer.engine.core.cards import Card, Seat, Suit, cards
from explorer.engine.core.profiles import DETAILED, SIMPLE, TOURNAMENT, get_profile
from explorer.engine.core.tables import Mode
from explorer.engine.files.scenario import check_text
from explorer.engine.rules.play import (
    PlayRule,
    PlayState,
    check_play,
    ekka_problem,
    legal_plays,
    obligation,
    trick_points,
    trick_winner,
)

R = PlayRule
NO_CUT = replace(DETAILED, id="custom", third_seat_must_cut=False)
UNDERTRUMP = replace(DETAILED, id="custom", must_undertrump=True)


def make_state(trick: str, hand: str, *, leader: str = "N", mode: str = "hokum", trump: str | None = "H",
               played: str = "", ekka: bool = False, locked: bool = False, profile=DETAILED) -> PlayState:
    m = Mode(mode)
    return PlayState(mode=m, trump=Suit(trump) if m is Mode.HOKUM else None, leader=Seat(leader),
                     cards=tuple(cards(trick)), hand=tuple(cards(hand)), played=frozenset(cards(played)),
                     ekka=ekka, locked=locked, profile=profile)


def case(id_: str, trick: str, hand: str, legal: str, rule: PlayRule, **kw):
    return pytest.param(trick, hand, legal, rule, kw, id=id_)


OBLIGATIONS = [
    # --- following suit (000 §04 "Follow suit"; 003 "The first question ...") -----------------
    case("must-follow-suit-when-holding-it", "KC", "AC 7C QH 9S", "AC 7C", R.FOLLOW_SUIT),
    case("any-card-of-the-led-suit-suffices-even-a-loser", "AC", "7C KC QH", "7C KC", R.FOLLOW_SUIT),
    case("cutting-cannot-replace-following-suit", "KC", "7C JH 9H", "7C", R.FOLLOW_SUIT),
    case("third-follows-suit-even-when-partner-winning", "AC 7C", "KC QH AS", "KC", R.FOLLOW_SUIT),
    case("fourth-follows-suit-after-a-trump-took-the-lead", "KC 7C QH", "AC 8C 7H AD", "AC 8C",
         R.FOLLOW_SUIT),
    # --- Sun (000 §04 "In Sun, void players discard freely and overtaking is optional"; 003) -----
    case("sun-leader-may-lead-anything", "", "AH 7S 9D", "AH 7S 9D", R.LEAD_FREE, mode="sun"),
    case("sun-must-follow-suit", "KC", "AC 7C AH", "AC 7C", R.FOLLOW_SUIT, mode="sun"),
    case("sun-overtaking-is-optional", "KC", "AC 7C", "AC 7C", R.FOLLOW_SUIT, mode="sun"),
    case("sun-void-plays-anything", "KC", "AH 7S 9D", "AH 7S 9D", R.SUN_VOID_FREE, mode="sun"),
    case("sun-void-third-seat-never-has-to-cut", "KC 7C", "AH 7S", "AH 7S", R.SUN_VOID_FREE, mode="sun"),
    case("sun-void-fourth-facing-an-opponent-is-free", "KC AC 7C", "AH 7S", "AH 7S", R.SUN_VOID_FREE,
         mode="sun"),
    # --- Hokum, trump led (000 §04 "on a trump lead, overtake ..."; 003 table) --------------------
    case("trump-lead-opponent-winning-must-overtake", "KH", "9H 7H AS", "9H", R.TRUMP_LEAD_OVERTAKE),
    case("trump-lead-any-higher-trump-will-do", "TH", "JH AH 8H 7S", "JH AH", R.TRUMP_LEAD_OVERTAKE),
    case("trump-lead-nine-beats-the-trump-ace", "AH", "9H KH TH", "9H", R.TRUMP_LEAD_OVERTAKE),
    case("trump-lead-beat-the-winning-trump-not-the-led-one", "7H 8H KH", "AH QH 9S", "AH",
         R.TRUMP_LEAD_OVERTAKE),
    case("trump-lead-partner-winning-any-trump", "KH 7H", "8H AH 7S", "8H AH", R.TRUMP_LEAD_ANY_TRUMP),
    case("trump-lead-partner-winning-with-the-jack-any-trump", "JH 7H", "8H AH 7S", "8H AH",
         R.TRUMP_LEAD_ANY_TRUMP),
    case("trump-lead-fourth-partner-second-winning-any-trump", "7H KH 8H", "JH QH AS", "JH QH",
         R.TRUMP_LEAD_ANY_TRUMP),
    case("trump-lead-cannot-beat-any-trump", "JH", "7H 8H AS", "7H 8H", R.TRUMP_LEAD_ANY_TRUMP),
    case("trump-lead-cannot-beat-still-follows-trump", "8H", "AS 7H KD", "7H", R.TRUMP_LEAD_ANY_TRUMP),
    case("trump-lead-void-in-trumps-plays-anything", "JH", "AS 7C", "AS 7C", R.VOID_NO_TRUMP),
    # --- Hokum, plain led, void, an opponent winning (000 §04; 003) ------------------------------
    case("second-seat-void-must-trump", "KC", "7H QH AS", "7H QH", R.VOID_MUST_WIN_WITH_TRUMP),
    case("second-seat-void-must-trump-even-an-ace-lead", "AC", "7H AS", "7H", R.VOID_MUST_WIN_WITH_TRUMP),
    case("void-without-a-trump-plays-anything", "KC", "AS 9D", "AS 9D", R.VOID_NO_TRUMP),
    case("third-void-second-winning-must-win-with-any-trump", "7C AC", "8H AS", "8H",
         R.VOID_MUST_WIN_WITH_TRUMP),
    case("third-void-opponent-trumped-must-overtrump", "KC 9H", "JH 7H AS", "JH",
         R.VOID_MUST_WIN_WITH_TRUMP),
    case("void-over-an-opponents-trump-only-higher-trumps", "KC KH", "JH AH 7H QD", "JH AH",
         R.VOID_MUST_WIN_WITH_TRUMP),
    case("void-cannot-overtrump-may-discard-or-undertrump", "KC JH", "7H 8H AS KD", "7H 8H AS KD",
         R.VOID_CANNOT_WIN_FREE),
    case("fourth-void-leader-winning-must-trump", "AC 7C 8C", "7H AS", "7H", R.VOID_MUST_WIN_WITH_TRUMP),
    case("fourth-void-third-opponent-trumped-must-overtrump", "AC 7C 8H", "7H 9H AS", "9H",
         R.VOID_MUST_WIN_WITH_TRUMP),
    case("fourth-void-cannot-overtrump-is-free", "AC 7C JH", "9H AS", "9H AS", R.VOID_CANNOT_WIN_FREE),
    # --- partner winning (000 §04 "Fourth is free when second-player partner wins"; 003) ----------
    case("fourth-seat-second-seat-partner-winning-is-free", "KC AC 7C", "7H AS", "7H AS",
         R.PARTNER_WINNING_FREE),
    case("fourth-seat-partner-winning-with-trump-is-free", "KC 7H 8C", "JH AS", "JH AS",
         R.PARTNER_WINNING_FREE),
    case("fourth-seat-partner-trumped-and-third-undertrumped-is-free", "KC 8H 7H", "JH AS", "JH AS",
         R.PARTNER_WINNING_FREE),
    # --- the third player (000 §04 third-player exception, §09; 002; 003) -------------------------
    case("third-seat-must-cut-unless-ace", "KC 7C", "QH 9S 8S AS TD JD 7S 8D", "QH",
         R.THIRD_SEAT_MUST_CUT),
    case("third-seat-must-cut-with-any-trump", "KC 7C", "7H JH AS", "7H JH", R.THIRD_SEAT_MUST_CUT),
    case("third-seat-must-cut-after-second-discarded", "KC 9S", "8H AS", "8H", R.THIRD_SEAT_MUST_CUT),
    case("third-seat-free-after-ace-lead", "AC 7C", "QH AS", "QH AS", R.THIRD_SEAT_ACE_LED),
    case("third-seat-free-after-valid-ekka", "KC 7C", "QH AS", "QH AS", R.THIRD_SEAT_EKKA,
         played="AC TC 8D 9D", ekka=True),
    case("third-seat-free-after-valid-ekka-on-a-ten", "TC 7C", "QH AS", "QH AS", R.THIRD_SEAT_EKKA,
         played="AC 7D 8D 9D", ekka=True),
    case("third-seat-must-cut-when-ekka-is-not-announced", "KC 7C", "QH AS", "QH", R.THIRD_SEAT_MUST_CUT,
         played="AC TC 8D 9D"),
    case("third-seat-must-cut-after-a-false-ekka", "KC 7C", "QH AS", "QH", R.THIRD_SEAT_MUST_CUT,
         played="AC 7D 8D 9D", ekka=True),
    case("third-seat-must-cut-after-ekka-with-the-ace-still-in-a-hand", "KC 7C", "QH AS", "QH",
         R.THIRD_SEAT_MUST_CUT, ekka=True),
    case("third-seat-without-trump-is-free", "KC 7C", "AS 9D", "AS 9D", R.VOID_NO_TRUMP),
    case("third-seat-must-cut-off-leaves-third-free", "KC 7C", "QH AS", "QH AS", R.PARTNER_WINNING_FREE,
         profile=NO_CUT),
    case("ekka-never-excuses-following-suit", "KC 7C", "8C QH AS", "8C", R.FOLLOW_SUIT,
         played="AC TC 8D 9D", ekka=True),
    case("ekka-does-not-free-third-when-an-opponent-trumped", "KC 7H", "8H 9S", "8H",
         R.VOID_MUST_WIN_WITH_TRUMP, played="AC TC 8D 9D", ekka=True),
    case("ace-lead-does-not-free-fourth-against-the-opponent", "AC 7C 8C", "7H AS", "7H",
         R.VOID_MUST_WIN_WITH_TRUMP),
    # --- locked Hokum (000 §03 "locked forbids any trump lead unless the hand contains only trumps")
    case("locked-no-trump-lead", "", "JH 9H AS KD", "AS KD", R.LOCKED_NO_TRUMP_LEAD, locked=True),
    case("locked-only-trumps-may-lead-a-trump", "", "JH 9H", "JH 9H", R.LEAD_FREE, locked=True),
    case("open-hokum-may-lead-a-trump", "", "JH AS", "JH AS", R.LEAD_FREE),
    case("locked-does-not-change-following", "KC", "7H AS", "7H", R.VOID_MUST_WIN_WITH_TRUMP, locked=True),
    case("locked-does-not-change-a-trump-lead-answer", "KH", "9H 7H AS", "9H", R.TRUMP_LEAD_OVERTAKE,
         locked=True),
    # --- must_undertrump (002 "if you can't follow you must trump"; simple profile) ---------------
    case("must-undertrump-cannot-beat-must-still-trump", "KC JH", "7H 8H AS", "7H 8H",
         R.VOID_MUST_UNDERTRUMP, profile=SIMPLE),
    case("must-undertrump-can-overtrump-must-overtrump", "KC 8H", "JH 7H AS", "JH",
         R.VOID_MUST_WIN_WITH_TRUMP, profile=SIMPLE),
    case("must-undertrump-without-trumps-is-free", "KC JH", "AS 9D", "AS 9D", R.VOID_NO_TRUMP,
         profile=SIMPLE),
    case("must-undertrump-partner-winning-is-still-free", "KC 7H 8C", "JH AS", "JH AS",
         R.PARTNER_WINNING_FREE, profile=SIMPLE),
    case("must-undertrump-keeps-the-third-seat-cut", "KC 7C", "QH AS", "QH", R.THIRD_SEAT_MUST_CUT,
         profile=SIMPLE),
    case("must-undertrump-as-a-custom-option", "KC JH", "7H 8H AS", "7H 8H", R.VOID_MUST_UNDERTRUMP,
         profile=UNDERTRUMP),
    case("must-undertrump-off-in-tournament", "KC JH", "7H 8H AS", "7H 8H AS", R.VOID_CANNOT_WIN_FREE,
         profile=TOURNAMENT),
    # --- leading -----------------------------------------------------------------------------------
    case("hokum-leader-may-lead-anything", "", "JH AS 7D", "JH AS 7D", R.LEAD_FREE),
    # --- other trumps: the rules are the same whatever the trump suit ------------------------------
    case("spades-trump-void-must-trump", "KC", "7S AH", "7S", R.VOID_MUST_WIN_WITH_TRUMP, trump="S"),
    case("clubs-trump-lead-must-overtake", "QC", "KC 8C AH", "KC", R.TRUMP_LEAD_OVERTAKE, trump="C"),
]


@pytest.mark.parametrize("trick, hand, legal, rule, kw", OBLIGATIONS)
def test_obligation_allows_exactly_the_cards_the_rules_allow(trick, hand, legal, rule, kw):
    state = make_state(trick, hand, **kw)
    expected = set(cards(legal))
    assert set(legal_plays(state)) == expected
    assert obligation(state).rule is rule
    # legal_plays keeps hand order and check_play agrees card by card, naming the same rule
    assert legal_plays(state) == [c for c in cards(hand) if c in expected]
    for card in cards(hand):
        verdict = check_play(state, card)
        assert verdict.legal is (card in expected), (card, str(verdict.reason))
        assert verdict.rule is rule and verdict.card == card


@pytest.mark.parametrize(
    "trick, hand, by_profile",
    [
        pytest.param("KC JH", "7H 8H AS", {"detailed": "7H 8H AS", "tournament": "7H 8H AS", "simple": "7H 8H"},
                     id="only-simple-must-undertrump"),
        pytest.param("KC 7C", "QH AS", {"detailed": "QH", "tournament": "QH", "simple": "QH"},
                     id="every-named-profile-has-the-third-seat-cut"),
        pytest.param("KC 7H 8C", "JH AS", {"detailed": "JH AS", "tournament": "JH AS", "simple": "JH AS"},
                     id="every-named-profile-frees-fourth-when-partner-wins"),
    ],
)
def test_named_profiles_differ_only_where_the_decisions_say(trick, hand, by_profile):
    for pid, legal in by_profile.items():
        assert set(legal_plays(make_state(trick, hand, profile=get_profile(pid)))) == set(cards(legal)), pid


def test_a_card_not_in_hand_is_never_legal():
    state = make_state("KC", "AC 7C")
    verdict = check_play(state, Card.parse("KD"))
    assert not verdict.legal and verdict.rule is R.NOT_IN_HAND
    assert "KD" in str(verdict.reason)


def test_an_empty_hand_has_no_legal_play():
    assert legal_plays(make_state("KC 7C 8C", "")) == []


@pytest.mark.parametrize(
    "trick, to_play, position, winning",
    [
        pytest.param("", "N", 1, None, id="leader-to-play-nobody-winning"),
        pytest.param("KC", "W", 2, "N", id="second-is-the-leaders-right"),
        pytest.param("KC AC", "S", 3, "W", id="third-is-the-leaders-partner"),
        pytest.param("KC AC 7H", "E", 4, "S", id="fourth-is-the-leaders-left"),
    ],
)
def test_seat_to_play_position_and_who_is_winning(trick, to_play, position, winning):
    state = make_state(trick, "7D")
    assert state.to_play is Seat(to_play)
    assert state.position == position
    assert (state.winning().value if state.winning() else None) == winning


# --- trick winner ---------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "leader, trick, mode, trump, winner",
    [
        pytest.param("N", "KC 7C AC QH", "hokum", "H", "E", id="000-09-trump-takes-the-trick"),
        pytest.param("S", "AC 7H TC KC", "hokum", "H", "E", id="lowest-trump-beats-any-plain-ace"),
        pytest.param("S", "AC AH 9H 7C", "hokum", "H", "N", id="trump-nine-beats-trump-ace"),
        pytest.param("S", "7H JH AH 9H", "hokum", "H", "E", id="trump-jack-is-highest"),
        pytest.param("S", "8H 7H QH KH", "hokum", "H", "W", id="trump-king-beats-queen"),
        pytest.param("S", "7C AS AD 8C", "hokum", "H", "W", id="off-suit-discard-never-wins"),
        pytest.param("S", "KC TC QC JC", "hokum", "H", "E", id="plain-ten-beats-king"),
        pytest.param("S", "9C JC 7C 8C", "hokum", "H", "E", id="plain-jack-beats-nine-outside-trumps"),
        pytest.param("S", "7H AC AS AD", "hokum", "H", "S", id="led-trump-beats-plain-aces"),
        pytest.param("E", "QD 8S 7S KD", "hokum", "S", "N", id="higher-of-two-trumps-wins"),
        pytest.param("W", "7C AH AS 8C", "sun", None, "N", id="sun-has-no-trump-highest-of-led-suit"),
        pytest.param("S", "KH TH QH JH", "sun", None, "E", id="sun-ten-beats-king"),
        pytest.param("S", "9D JD 7D 8D", "sun", None, "E", id="sun-jack-beats-nine"),
        pytest.param("N", "AS KS QS JS", "sun", None, "N", id="leader-wins-with-the-highest-card"),
    ],
)
def test_trick_winner(leader, trick, mode, trump, winner):
    got = trick_winner(Seat(leader), cards(trick), Mode(mode), Suit(trump) if trump else None)
    assert got is Seat(winner)


@pytest.mark.parametrize(
    "trick, mode, trump, points",
    [
        pytest.param("JH 9H AH TH", "hokum", "H", 20 + 14 + 11 + 10, id="trumps-count-trump-values"),
        pytest.param("JC 9C AC TC", "hokum", "H", 2 + 0 + 11 + 10, id="plain-cards-count-sun-values"),
        pytest.param("JH 9H KH QH", "sun", None, 2 + 0 + 4 + 3, id="sun-counts-sun-values"),
    ],
)
def test_trick_points_use_the_contracts_values(trick, mode, trump, points):
    assert trick_points(cards(trick), Mode(mode), Suit(trump) if trump else None) == points


# --- Ekka -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "lead, played, mode, trump, valid, names",
    [
        pytest.param("KC", "", "hokum", "H", False, ["AC", "TC"], id="king-false-while-ace-and-ten-out"),
        pytest.param("KC", "AC", "hokum", "H", False, ["TC"], id="king-false-names-only-the-card-still-out"),
        pytest.param("KC", "AC TC", "hokum", "H", True, [], id="king-valid-once-ace-and-ten-played"),
        pytest.param("AC", "", "hokum", "H", True, [], id="ace-is-always-the-highest"),
        pytest.param("TC", "AC", "sun", None, True, [], id="valid-in-sun-too"),
        pytest.param("9D", "AD TD KD QD", "sun", None, False, ["JD"], id="sun-jack-still-above-the-nine"),
        pytest.param("TD", "AC AS AH", "hokum", "H", False, ["AD"], id="other-suits-do-not-count"),
        pytest.param("JH", "", "hokum", "H", False, ["JH", "trump"], id="ekka-on-a-trump-is-not-an-ekka"),
        pytest.param("AH", "", "hokum", "H", False, ["AH", "trump"], id="not-even-the-trump-ace"),
    ],
)
def test_ekka_is_valid_only_on_the_highest_unplayed_plain_card(lead, played, mode, trump, valid, names):
    problem = ekka_problem(Card.parse(lead), cards(played), Mode(mode), Suit(trump) if trump else None)
    assert (problem is None) is valid
    for word in names:
        assert word in str(problem)
    if problem and names and names[0] != lead:
        for card in set(cards("AC TC KC AD")) - set(cards(" ".join(names))):
            if card.suit is Card.parse(lead).suit and str(card) != lead:
                assert str(card) not in str(problem), "a played card is not named as still out"


# --- reasons --------------------------------------------------------------------------------------

def test_the_000_09_worked_example_reason_explains_the_third_player_cut():
    state = make_state("KC 7C", "QH 9S 8S AS TD JD 7S 8D")
    reason = str(check_play(state, Card.parse("AS")).reason)
    for word in ("AS", "clubs", "partner", "KC", "king", "Ekka", "third", "trump", "QH"):
        assert word in reason, (word, reason)
    assert "not allowed" in reason
    assert "QH" in str(check_play(state, Card.parse("QH")).reason)
    assert "allowed" in str(check_play(state, Card.parse("QH")).reason)


@pytest.mark.parametrize("trick, hand, legal, rule, kw", OBLIGATIONS)
def test_every_reason_is_a_sentence_naming_the_card_and_the_suit(trick, hand, legal, rule, kw):
    state = make_state(trick, hand, **kw)
    led = cards(trick)[0].suit.title if trick else None
    for card in cards(hand):
        v = check_play(state, card)
        assert str(v.reason)[0].isupper() and str(v.reason).endswith("."), str(v.reason)
        assert str(card) in str(v.reason), str(v.reason)
        if led:
            assert led in str(v.reason).lower(), str(v.reason)
        if kw.get("locked") and rule is R.LOCKED_NO_TRUMP_LEAD:
            assert "hearts" in str(v.reason) and "lock" in str(v.reason).lower()
        if not v.legal:
            assert "not allowed" in str(v.reason)
            assert any(str(c) in str(v.reason).split("not allowed", 1)[1] for c in cards(legal)), str(v.reason)


@pytest.mark.parametrize(
    "trick, hand, kw, words",
    [
        pytest.param("KC 7C", "QH AS", {"played": "AC 7D 8D 9D", "ekka": True}, ["Ekka", "TC", "false"],
                     id="false-ekka-reason-names-the-card-still-out"),
        pytest.param("KC 7C", "QH AS", {"played": "AC TC 8D 9D", "ekka": True}, ["Ekka", "KC", "free"],
                     id="valid-ekka-reason-names-the-lead"),
        pytest.param("AC 7C", "QH AS", {}, ["Ace", "free"], id="ace-lead-reason"),
        pytest.param("KH", "9H 7H AS", {}, ["KH", "hearts", "beat"], id="overtake-reason-names-the-trump-to-beat"),
        pytest.param("KC JH", "7H AS", {"profile": SIMPLE}, ["JH", "trump"], id="undertrump-reason"),
        pytest.param("", "JH AS", {"locked": True}, ["locked", "hearts"], id="locked-reason"),
    ],
)
def test_reason_names_what_decided_it(trick, hand, kw, words):
    state = make_state(trick, hand, **kw)
    text = " ".join(str(check_play(state, c).reason) for c in state.hand)
    for w in words:
        assert w in text, (w, text)


# --- the play kind through check_text -----------------------------------------------------------

# scenario-format.md's example: dealer W, so S leads trick 1 (KD 7D AD 8D: N wins with AD);
# N leads KC, W plays 7C, S (third, void in clubs) is to play.
BASE = {
    "kind": "play",
    "dealer": "W",
    "contract": {"mode": "hokum", "trump": "H", "buyer": "N"},
    "tricks": [{"leader": "S", "cards": ["KD", "7D", "AD", "8D"]}],
    "current": {"leader": "N", "cards": ["KC", "7C"]},
    "ekka": False,
    "hand": ["QH", "9S", "8S", "AS", "TD", "JD", "7S"],
}


def run(doc: dict, **kw):
    return check_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), **kw)


def with_(**changes) -> dict:
    doc = yaml.safe_load(yaml.safe_dump(BASE))
    doc.update(changes)
    return doc


def test_play_kind_output_has_the_documented_keys():
    r = run(BASE)
    assert r.ok, r.errors
    out = r.output
    assert out["kind"] == "play"
    assert out["to_play"] == "S"
    assert out["legal"] == ["QH"]
    assert sorted(out["illegal"]) == ["7S", "8S", "9S", "AS", "JD", "TD"]
    assert list(out["illegal"]) == sorted(out["illegal"])
    for card, reason in out["illegal"].items():
        assert card in reason and "clubs" in reason and "third" in reason
    assert isinstance(out["rule"], str) and "clubs" in out["rule"] and "third" in out["rule"]
    assert out["rule_id"] == "third_seat_must_cut"
    assert out["winning"] == "N"


def test_play_kind_legal_cards_are_sorted_and_canonical():
    doc = with_(current={"leader": "N", "cards": ["7H"]}, tricks=None, dealer=None,
                hand=["9h", "10H", "as", "J♥", "8S", "7D", "KD"])
    del doc["tricks"]
    r = run(doc)
    assert r.ok, r.errors
    # W (second) faces N's 7H: any higher trump must be played: 9H TH JH
    assert r.output["to_play"] == "W"
    assert r.output["legal"] == ["9H", "JH", "TH"]
    assert sorted(r.output["illegal"]) == ["7D", "8S", "AS", "KD"]


def test_play_kind_an_illegal_card_is_a_verdict_not_an_error():
    r = run(with_(hand=["QH", "9S", "8S", "AS", "TD", "JD", "7S"]))
    assert r.ok and r.output["illegal"]


@pytest.mark.parametrize(
    "profile, legal",
    [
        pytest.param("detailed", ["QH"], id="detailed-third-must-cut"),
        pytest.param({"base": "detailed", "third_seat_must_cut": False},
                     ["7S", "8S", "9S", "AS", "JD", "QH", "TD"], id="option-off-third-free"),
    ],
)
def test_play_kind_reads_the_profile(profile, legal):
    r = run(with_(profile=profile))
    assert r.ok, r.errors
    assert r.output["legal"] == legal


def test_play_kind_profile_override_wins_over_the_file():
    doc = with_(current={"leader": "N", "cards": ["KC", "JH"]})  # W trumped with JH; S cannot beat it
    doc["hand"] = ["QH", "9S", "8S", "AS", "TD", "JD", "7S"]
    assert run(doc).output["legal"] == ["7S", "8S", "9S", "AS", "JD", "QH", "TD"]
    assert run(doc, profile="simple").output["legal"] == ["QH"]


def test_play_kind_valid_ekka_from_earlier_tricks_frees_the_third_player():
    doc = {
        "kind": "play", "dealer": "W", "contract": {"mode": "hokum", "trump": "H", "buyer": "N"},
        # S leads AC, E 7D? no: E follows TC; N 8C, W 9C -> S wins with AC, leads trick 2
        "tricks": [{"leader": "S", "cards": ["AC", "TC", "8C", "9C"]},
                   {"leader": "S", "cards": ["AD", "7D", "8D", "9D"]}],
        # S leads, N is third: S's KC is the highest club left (AC, TC gone): a valid Ekka
        "current": {"leader": "S", "cards": ["KC", "7C"], "ekka": True},
        "hand": ["QH", "9S", "8S", "AS", "TD", "JD"],
    }
    r = run(doc)
    assert r.ok, r.errors
    assert r.output["to_play"] == "N"
    assert r.output["rule_id"] == "third_seat_ekka"
    assert r.output["legal"] == sorted(doc["hand"])


def _errors(doc: dict) -> list[str]:
    r = run(doc)
    assert not r.ok, f"expected an error, got {r.output}"
    return r.errors


def _second_trick_doc() -> dict:
    # dealer W: S leads trick 1 (KD 7D AD 8D), N wins and leads trick 2 (AS 9S QS 8S): N wins again
    return with_(tricks=[{"leader": "S", "cards": ["KD", "7D", "AD", "8D"]},
                         {"leader": "N", "cards": ["AS", "9S", "QS", "8S"]}],
                 hand=["QH", "TS", "JS", "TD", "JD", "7S"])


BAD = [
    pytest.param(with_(hand=["QH", "9S", "8S", "XX", "TD", "JD", "7S"]), "hand[3]", ["XX", "not a card"],
                 id="unknown-card-in-hand"),
    pytest.param(with_(tricks=[{"leader": "S", "cards": ["KD", "7D", "1Z", "8D"]}]), "tricks[0].cards[2]",
                 ["1Z"], id="unknown-card-in-a-trick"),
    pytest.param(with_(current={"leader": "N", "cards": ["KC", "ZZ"]}), "current.cards[1]", ["ZZ"],
                 id="unknown-card-in-the-current-trick"),
    pytest.param(with_(hand=["QH", "QH", "8S", "AS", "TD", "JD", "7S"]), "hand[1]", ["QH", "twice", "hand[0]"],
                 id="duplicate-card-in-hand"),
    pytest.param(with_(tricks=[{"leader": "S", "cards": ["KD", "7D", "KD", "8D"]}]), "tricks[0].cards[2]",
                 ["KD", "twice", "tricks[0].cards[0]"], id="duplicate-card-in-a-trick"),
    pytest.param(with_(current={"leader": "N", "cards": ["AD", "7C"]}), "current.cards[0]",
                 ["AD", "tricks[0].cards[2]"], id="current-card-already-played-in-a-trick"),
    pytest.param(with_(hand=["QH", "9S", "8S", "AS", "TD", "KD", "7S"]), "hand[5]",
                 ["KD", "already played", "tricks[0].cards[0]"], id="card-both-held-and-played"),
    pytest.param(with_(hand=["QH", "9S", "8S", "AS", "TD", "7C", "7S"]), "hand[5]",
                 ["7C", "current.cards[1]"], id="card-both-held-and-on-the-table"),
    pytest.param(with_(hand=["QH", "9S", "8S", "AS", "TD", "JD", "7S", "8H"]), "hand",
                 ["8 cards", "after 1 trick", "holds 7"], id="wrong-hand-size-with-tricks"),
    pytest.param(with_(tricks=[{"leader": "S", "cards": ["KD", "7D", "AD"]}]), "tricks[0].cards",
                 ["4 cards", "not 3"], id="trick-of-three-cards-in-history"),
    pytest.param(with_(tricks=[{"leader": "E", "cards": ["KD", "7D", "AD", "8D"]}]), "tricks[0].leader",
                 ["E", "dealer's right (S)"], id="dealers-right-leads-trick-one"),
    pytest.param(with_(current={"leader": "W", "cards": ["KC", "7C"]}), "current.leader",
                 ["W", "N won"], id="current-leader-must-be-the-last-winner"),
    pytest.param(with_(current={"leader": "N", "cards": ["KC", "7C", "8C", "9C"]}), "current.cards",
                 ["4 cards"], id="current-trick-already-complete"),
    pytest.param(with_(ekka=True), "ekka", ["KC", "AC", "TC", "false"], id="false-ekka-names-the-higher-cards"),
    pytest.param(with_(current={"leader": "N", "cards": ["KC", "7C"], "ekka": True}, ekka=False),
                 "current.ekka", ["AC"], id="false-ekka-on-the-current-trick"),
    pytest.param(with_(current={"leader": "N", "cards": ["9H", "7H"]}, ekka=True), "ekka",
                 ["9H", "trump"], id="ekka-on-a-trump-is-rejected"),
    pytest.param(with_(current={"leader": "N", "cards": []}, ekka=True), "ekka", ["no card has been led"],
                 id="ekka-without-a-lead"),
    pytest.param(with_(tricks=[{"leader": "S", "cards": ["KD", "7D", "AD", "8D"], "ekka": True}]),
                 "tricks[0].ekka", ["KD", "AD"], id="false-ekka-in-an-earlier-trick"),
    pytest.param(with_(escalation={"level": "none", "locked": True}), "escalation.locked", ["Double"],
                 id="undoubled-hokum-cannot-be-locked"),
    pytest.param(with_(contract={"mode": "sun", "buyer": "N"}, escalation={"level": "double", "doubler": "E",
                                                                            "locked": True}),
                 "escalation.locked", ["Sun"], id="sun-is-never-locked"),
    pytest.param({**{k: v for k, v in BASE.items() if k != "tricks"}, "played": ["AD"],
                  "hand": ["QH", "9S", "8S", "AS", "TD", "JD", "7S", "8D"]}, "played",
                 ["1 card", "8 cards"], id="played-cards-with-a-full-hand"),
    pytest.param({**{k: v for k, v in BASE.items() if k != "tricks"}, "played": ["AD", "KD", "QD", "JD", "9D"]},
                 "played", ["5 cards", "at most 4"], id="more-played-cards-than-earlier-tricks-hold"),
    pytest.param(with_(played=["9D"]), "played", ["1 card", "tricks"], id="played-cards-beside-complete-tricks"),
    pytest.param({**{k: v for k, v in BASE.items() if k != "tricks"},
                  "hand": ["QH", "9S", "8S", "AS", "TD", "JD", "7S", "8D"],
                  "current": {"leader": "E", "cards": ["KC"]}}, "current.leader",
                 ["E", "dealer's right", "(S)"], id="first-trick-led-by-the-dealers-right-without-history"),
    pytest.param(with_(contract={"mode": "hokum", "buyer": "N"}), "contract", ["trump"],
                 id="hokum-needs-a-trump"),
]


@pytest.mark.parametrize("doc, where, words", BAD)
def test_play_kind_bad_input_is_an_error_naming_where(doc, where, words):
    errors = _errors(doc)
    hits = [e for e in errors if e.startswith(where + ":")]
    assert hits, errors
    for w in words:
        assert any(w in e for e in hits), (w, errors)


def test_play_kind_leader_of_a_later_trick_must_be_the_previous_winner():
    doc = _second_trick_doc()
    assert run(doc).ok, run(doc).errors
    doc["tricks"][1]["leader"] = "W"
    doc["tricks"][1]["cards"] = ["9S", "AS", "8S", "QS"]
    errors = _errors(doc)
    assert any(e.startswith("tricks[1].leader:") and "N won trick 1" in e for e in errors), errors


def test_play_kind_duplicate_card_across_two_tricks_names_the_second_place():
    doc = _second_trick_doc()
    doc["tricks"][1]["cards"] = ["AS", "9S", "7D", "8S"]
    errors = _errors(doc)
    assert any(e.startswith("tricks[1].cards[2]:") and "7D" in e and "tricks[0].cards[1]" in e
               for e in errors), errors


def test_play_kind_an_ekka_is_false_when_a_later_card_of_the_trick_is_higher():
    # N leads KC claiming Ekka (TC already played); W then plays AC: AC was unplayed at the lead
    doc = with_(tricks=[{"leader": "S", "cards": ["TC", "7D", "AD", "8D"]}],
                current={"leader": "N", "cards": ["KC", "AC"]}, ekka=True)
    errors = _errors(doc)
    assert any(e.startswith("ekka:") and "AC" in e for e in errors), errors


def test_play_kind_a_card_held_by_the_seat_to_play_makes_the_ekka_false():
    # 000 §09: Ekka on KC would be illegal because D (the seat to play, fourth) still holds AC
    doc = {"kind": "play", "dealer": "E", "contract": {"mode": "hokum", "trump": "H", "buyer": "N"},
           "current": {"leader": "N", "cards": ["KC", "7C", "QH"]}, "ekka": True,
           "hand": ["AC", "8C", "7H", "AD", "KD", "9D", "KS", "QS"]}
    errors = _errors(doc)
    assert any(e.startswith("ekka:") and "AC" in e for e in errors), errors
    doc["ekka"] = False
    assert run(doc).output["legal"] == ["8C", "AC"]


def test_play_kind_reports_every_problem_at_once():
    doc = with_(hand=["QH", "XX", "8S", "AS", "TD", "JD", "7S"],
                tricks=[{"leader": "E", "cards": ["KD", "7D", "AD"]}])
    errors = _errors(doc)
    assert any(e.startswith("hand[1]:") for e in errors)
    # card errors are found while reading; structure errors need readable cards, so at least one line
    assert all(":" in e for e in errors)
