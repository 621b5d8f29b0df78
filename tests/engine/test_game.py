"""The game model: a whole deal as a state machine, its verdicts, its views and its record."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.engine.core.cards import DECK, SEATS, Card, Seat, Team, cards
from explorer.engine.core.contract import Contract, Escalation, Level
from explorer.engine.core.profiles import PROFILES, get_profile
from explorer.engine.core.tables import RAW_TOTAL, Mode, ProjectType
from explorer.engine.files.scenario import check_doc
from explorer.engine.game import (
    Declare,
    GameRule,
    GameState,
    IllegalActionError,
    Play,
    RecordedTrick,
    Stage,
    apply_all,
    parse_action,
    replay_tricks,
    start_from_record,
)
from explorer.engine.rules.bidding import Call, CallKind
from explorer.engine.rules.play import PlayRule


def random_deal(seed: int, profile_id: str = "detailed", *, match=(0, 0)) -> GameState:
    """A whole deal played by uniformly random legal actions, seeded."""
    rng = random.Random(seed)
    g = GameState.new(seed, profile=get_profile(profile_id), match=match)
    while not g.finished:
        actions = g.legal_actions()
        assert actions, f"{g.to_act} has no legal action at {g.stage}"
        g = g.apply(rng.choice(actions))
    return g


# --- a deal from the deck to the score -------------------------------------------------------------


@pytest.mark.parametrize("profile_id", sorted(PROFILES))
def test_random_legal_deals_end_scored_with_every_card_played_once(profile_id):
    for seed in range(40):
        g = random_deal(seed, profile_id)
        if g.stage is Stage.REDEAL:
            assert g.result is None and not g.tricks
            continue
        assert g.stage is Stage.OVER
        assert sorted(g.played, key=lambda c: c.code) == list(DECK)
        pts, won = g.points
        assert sum(pts.values()) == RAW_TOTAL[g.contract.mode] and sum(won.values()) == 8
        assert all(len(g.hand(s)) == 0 for s in SEATS)
        assert g.result is not None and g.match_deal() is not None


def test_every_legal_action_is_judged_legal_and_every_other_card_is_refused_with_a_reason():
    g = GameState.new(3, dealer=Seat.S)
    rng = random.Random(3)
    while not g.finished:
        legal = g.legal_actions()
        for a in legal:
            assert g.why_not(a).legal, a
        if g.stage is Stage.PLAY:
            seat = g.to_act
            for card in g.hand(seat):
                v = g.why_not(Play(card))
                assert v.legal is (Play(card, seat=seat) in legal), card
                if not v.legal:
                    assert isinstance(v.rule, PlayRule) and str(card) in str(v.reason)
        g = g.apply(rng.choice(legal))


def test_the_dealers_right_speaks_first_and_leads_the_first_trick():
    g = GameState.new(11, dealer=Seat.W)
    assert g.to_act is Seat.S
    g = apply_all(g, ["S: hokum", "E: pass", "N: pass", "W: pass"])
    while g.stage is Stage.DOUBLING:
        g = g.apply(Call(CallKind.PASS))
    assert g.stage is Stage.PLAY and g.to_act is Seat.S


def test_completion_gives_the_taker_the_upcard_and_everyone_eight_cards():
    g = GameState.new(12, dealer=Seat.S)
    up = g.upcard
    assert [len(g.hand(s)) for s in SEATS] == [5, 5, 5, 5]
    g = apply_all(g, ["E: pass", "N: sun", "E: pass"])     # E, earlier than N, declines its chance
    assert g.taker is Seat.N and up in g.hand(Seat.N)
    assert [len(g.hand(s)) for s in SEATS] == [8, 8, 8, 8]


def test_ashkal_gives_the_upcard_to_the_callers_partner_who_is_the_buyer():
    g = apply_all(GameState.new(13, dealer=Seat.S), ["E: pass", "N: pass", "W: ashkal", "E: pass", "N: pass"])
    assert g.contract.buyer is Seat.E and g.contract.mode is Mode.SUN and g.upcard in g.hand(Seat.E)


def test_everyone_passing_twice_cancels_the_deal_and_the_deal_passes_right():
    g = apply_all(GameState.new(14, dealer=Seat.N, match=(40, 60)), ["pass"] * 8)
    assert g.stage is Stage.REDEAL and g.next_dealer is Seat.W
    assert g.match_after == {Team.NS: 40, Team.EW: 60} and g.match_deal().kind == "cancelled"
    assert g.legal_actions() == [] and g.why_not("W: sun").rule is GameRule.DEAL_OVER


def test_a_double_is_called_after_the_completion_and_the_deal_is_scored_doubled():
    g = apply_all(GameState.new(15, dealer=Seat.S), ["E: hokum", "N: pass", "W: pass", "S: pass"])
    assert g.stage is Stage.DOUBLING and all(len(h) == 8 for h in g.hands_)
    g = apply_all(g, ["N: double locked", "E: pass"])
    assert g.stage is Stage.PLAY and g.escalation == Escalation(Level.DOUBLE, Seat.N, True)


# --- verdicts ---------------------------------------------------------------------------------------------


def hokum_state(**kw) -> GameState:
    """The worked example of 000 §09: hearts trump, N (the dealer's right) leads KC, W follows 7C, S is void in
    clubs and holds QH."""
    hands = {Seat.N: cards("KC 9C 8C 7H 8H 9D 7D 8D"), Seat.W: cards("7C JC TC 9S 7S AH TH 9H"),
             Seat.S: cards("QH JS 8S AS TD JD QS KS"),
             Seat.E: cards("AC QC KH JH QD KD AD TS")}
    return GameState.from_hands(hands, dealer=Seat.E, contract=Contract(Mode.HOKUM, Card.parse("QH").suit, Seat.N),
                                **kw)


def test_third_player_must_trump_a_partners_king_led_without_ekka():
    g = hokum_state()
    assert g.to_act is Seat.N
    g = apply_all(g, ["N: play KC", "W: play 7C"])
    v = g.why_not("S: play AS")
    assert not v.legal and v.rule is PlayRule.THIRD_SEAT_MUST_CUT
    assert "as third player you must trump" in str(v.reason)
    assert [a for a in g.legal_actions() if isinstance(a, Play)] == [Play(Card.parse("QH"), seat=Seat.S)]


def test_an_action_out_of_turn_is_refused_naming_whose_turn_it_is():
    v = hokum_state().why_not("W: play 7C")
    assert not v.legal and v.rule is GameRule.NOT_YOUR_TURN and str(v.reason) == "It is N's turn, not W's."
    with pytest.raises(IllegalActionError):
        hokum_state().apply("W: play 7C")


def test_a_false_ekka_is_refused_and_a_valid_one_frees_the_third_player():
    g = hokum_state()
    v = g.why_not("N: play KC ekka")
    assert v.rule is GameRule.FALSE_EKKA and "AC" in str(v.reason)
    g2 = GameState.from_hands({Seat.N: cards("AC KC 8C 7H 8H 9D 7D 8D"), Seat.W: cards("7C JC TC 9S 7S AH TH 9H"),
                               Seat.S: cards("QH JS 8S AS TD JD QS KS"), Seat.E: cards("9C QC KH JH QD KD AD TS")},
                              dealer=Seat.E, contract=Contract(Mode.HOKUM, Card.parse("QH").suit, Seat.N))
    g2 = apply_all(g2, ["N: play AC", "W: play TC", "S: play 8S", "E: play 9C", "N: play KC ekka", "W: play 7C"])
    assert g2.why_not("S: play AS").legal


def test_only_the_leader_announces_ekka():
    g = apply_all(hokum_state(), ["N: play KC"])
    assert g.why_not("W: play 7C ekka").rule is GameRule.EKKA_ONLY_LEADING


def test_automatic_ekka_marks_the_lead_of_the_highest_unplayed_plain_card():
    hands = {Seat.N: cards("AC KC 8C 7H 8H 9D 7D 8D"), Seat.W: cards("7C JC TC 9S 7S AH TH 9H"),
             Seat.S: cards("QH JS 8S AS TD JD QS KS"), Seat.E: cards("9C QC KH JH QD KD AD TS")}
    g = GameState.from_hands(hands, dealer=Seat.E, contract=Contract(Mode.HOKUM, Card.parse("QH").suit, Seat.N),
                             profile=get_profile("simple"))
    g = apply_all(g, ["N: play AC", "W: play TC", "S: play 8S", "E: play 9C", "N: play KC", "W: play 7C"])
    assert g.current.ekka
    assert g.why_not("S: play AS").rule is PlayRule.THIRD_SEAT_EKKA


def test_projects_are_declared_once_in_trick_one_from_ones_own_hand():
    hands = {Seat.N: cards("KC 9C 8C 7H 8H 9D 7D 8D"), Seat.W: cards("7C JC TC 9S 7S AH TH 9H"),
             Seat.S: cards("QH JS 8S AS TD JD QS KS"), Seat.E: cards("AC QC KH JH QD KD AD TS")}
    g = GameState.from_hands(hands, dealer=Seat.E, contract=Contract(Mode.SUN, None, Seat.N))
    assert g.why_not("N: declare 9D 8D 7D").legal
    assert g.why_not("N: declare QD KD AD").rule is GameRule.DECLARE_NOT_HELD
    assert g.why_not("N: declare KC 9C 8C").rule is GameRule.DECLARE_NOT_PROJECT
    g = g.apply("N: declare 9D 8D 7D")
    assert g.why_not("N: declare 9D 8D 7D").rule is GameRule.DECLARE_ONCE
    g = apply_all(g, ["N: play KC", "W: play 7C", "S: play QH", "E: play AC"])
    assert g.why_not("E: declare QD KD AD").rule is GameRule.DECLARE_TRICK_ONE
    assert [p.type for p in g.projects()[Seat.N]] == [ProjectType.SIRA]


def test_legal_actions_offer_the_best_declaration_in_trick_one():
    hands = {Seat.N: cards("KC 9C 8C 7H 8H 9D 7D 8D"), Seat.W: cards("7C JC TC 9S 7S AH TH 9H"),
             Seat.S: cards("QH JS 8S AS TD JD QS KS"), Seat.E: cards("AC QC KH JH QD KD AD TS")}
    g = GameState.from_hands(hands, dealer=Seat.E, contract=Contract(Mode.SUN, None, Seat.N))
    declares = [a for a in g.legal_actions() if isinstance(a, Declare)]
    assert Declare((tuple(cards("9D 8D 7D")),), Seat.N) in declares and Declare((), Seat.N) in declares


# --- what a player sees -----------------------------------------------------------------------------


def test_a_view_holds_only_the_seats_own_hand():
    g = apply_all(GameState.new(21, dealer=Seat.S), ["E: hokum", "N: pass", "W: pass", "S: pass"])
    v = g.view(Seat.S)
    assert v.hand == g.hand(Seat.S)
    others = {c for s in SEATS if s is not Seat.S for c in g.hand(s)}
    seen = {getattr(v, f) for f in ("hand", "original")}
    assert not any(c in others for cs in seen for c in cs)


def test_a_seats_view_is_the_same_whatever_the_hidden_hands_hold():
    """Two deals differing only in the cards of E and W look the same to S and to N."""
    a = GameState.new(22, dealer=Seat.S)
    a = apply_all(a, ["E: pass", "N: sun", "E: pass"])
    while a.stage is Stage.DOUBLING:
        a = a.apply(Call(CallKind.PASS))
    hands = {s: list(a.hand(s)) for s in SEATS}
    hands[Seat.E], hands[Seat.W] = hands[Seat.W], hands[Seat.E]
    b = GameState.from_hands(hands, dealer=Seat.S, contract=a.contract, escalation=a.escalation)
    a2 = GameState.from_hands({s: a.hand(s) for s in SEATS}, dealer=Seat.S, contract=a.contract,
                              escalation=a.escalation)
    for seat in (Seat.S, Seat.N):
        va, vb = a2.view(seat), b.view(seat)
        assert (va.hand, va.legal_actions(), va.tricks) == (vb.hand, vb.legal_actions(), vb.tricks)


# --- the record ---------------------------------------------------------------------------------------


def _start_of(doc: dict, profile) -> GameState:
    b = doc["bidding"]
    return start_from_record(
        dealer=Seat.parse(doc["dealer"]), match=(doc["match"]["NS"], doc["match"]["EW"]), profile=profile,
        deck=cards(doc["deck"]), cut=doc["cut"], upcard=Card.parse(b["upcard"]),
        calls=[Call.parse(f"{c['seat']}: {c['call']}" + (f" {c['suit']}" if c.get("suit") else ""))
               for c in b["calls"]],
        escalation_calls=[Call.parse(f"{c['seat']}: {c['call']}" + (" locked" if c.get("locked") else ""))
                          for c in b.get("escalation", [])])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), profile_id=st.sampled_from(sorted(PROFILES)),
       ns=st.integers(0, 151), ew=st.integers(0, 151))
def test_a_record_checks_valid_with_the_same_winners_points_and_award(seed, profile_id, ns, ew):
    g = random_deal(seed, profile_id, match=(ns, ew))
    doc = g.record()
    checked = check_doc(doc)
    assert checked.ok, checked.errors
    out = checked.output
    assert out["valid"] and out["next_dealer"] == g.next_dealer.value
    if g.stage is Stage.REDEAL:
        assert out["redeal"] and out["score"] is None
        return
    pts, won = g.points
    assert [t["winner"] for t in out["tricks"]] == [t.winner.value for t in g.tricks]
    assert out["points"] == {t.value: pts[t] for t in (Team.NS, Team.EW)}
    r = g.result
    assert out["score"]["winner"] == r.winner.value
    assert out["score"]["award"] == ({t.value: r.award[t] for t in (Team.NS, Team.EW)} if r.award else None)
    # ... and the record replays to the same state.
    again = replay_tricks(_start_of(doc, get_profile(profile_id)),
                          [RecordedTrick(Seat.parse(t["leader"]), tuple(cards(t["cards"])), t["ekka"])
                           for t in doc["tricks"]],
                          {Seat.parse(s): [cards(p) for p in ps] for s, ps in doc.get("projects", {}).items()})
    assert again.error is None
    assert again.state.tricks == g.tricks and again.state.result == g.result
    assert again.state.declarations == g.declarations and again.state.hands_ == g.hands_


def test_actions_read_back_from_their_text():
    for text in ("E: hokum", "N: hokum D", "W: double locked", "S: play KC", "N: play KC ekka",
                 "S: declare QD KD AD", "S: declare QD KD AD | 7S 8S 9S", "E: declare none"):
        a = parse_action(text)
        assert parse_action(str(a)) == a, text
