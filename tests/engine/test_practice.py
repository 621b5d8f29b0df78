"""The practice table's match: you and three computer players, kept as data that a reload brings back."""

from __future__ import annotations

import json

import pytest

from explorer.engine.core.cards import Seat, Team
from explorer.engine.core.profiles import get_profile
from explorer.engine.game import GameState, IllegalActionError, Play, Stage
from explorer.engine.game.practice import MAX_DEALS, Look, Practice, PracticeError
from explorer.engine.players import make_player


def _until_me(p: Practice) -> Practice:
    while p.waiting_for_computer:
        p = p.step()
    return p


def _south(p: Practice) -> Practice:
    """South acts as the heuristic player would."""
    return p.play(make_player("heuristic").choose(p.state.view(Seat.S)).action)


def _play_out(p: Practice) -> Practice:
    """South plays as the heuristic would until the deal ends."""
    while not p.state.finished:
        p = _until_me(p)
        if p.state.finished:
            break
        p = _south(p)
    return p


def test_computer_seats_act_until_it_is_souths_turn():
    p = _until_me(Practice.new(seed=1, dealer=Seat.E))
    assert p.state.to_act is Seat.S or p.state.finished
    assert all(not a.startswith("S:") for a in p.deals[-1].actions)


def test_an_illegal_action_of_yours_changes_nothing_and_says_why():
    p = _until_me(Practice.new(seed=2, dealer=Seat.W))        # S is the dealer's right: S speaks first
    with pytest.raises(IllegalActionError) as e:
        p.play("double")
    assert "Double" in str(e.value) or "bidding" in str(e.value)
    assert p.deals[-1].actions == ()


def test_a_whole_match_is_played_to_152_with_the_dealer_rotating():
    p = Practice.new(seed=3)
    for _ in range(60):
        p = _play_out(p)
        if p.over:
            break
        assert p.state.finished
        before = p.state
        p = p.next_deal()
        assert p.state.dealer is before.next_dealer
        assert p.state.match == tuple(p.match.totals()[t] for t in (Team.NS, Team.EW))
    assert p.over and p.match.winner() is not None


def test_one_deal_is_the_whole_game_when_playing_a_single_deal():
    p = _play_out(Practice.new(seed=4, goal="deal"))
    assert p.over
    with pytest.raises(PracticeError):
        p.next_deal()


def test_take_back_undoes_your_last_card_and_the_cards_after_it():
    p = _until_me(Practice.new(seed=11, dealer=Seat.N))
    while p.state.stage is not Stage.PLAY or p.state.to_act is not Seat.S:
        assert not p.state.finished, "this seed's deal is bought"
        p = _until_me(_south(p)) if p.state.to_act is Seat.S else p.step()
    before = p
    card = next(a for a in p.state.legal_actions() if isinstance(a, Play))
    after = _until_me(p.play(card))
    back = after.take_back()
    assert back.deals[-1].actions == before.deals[-1].actions
    assert back.state.hand(Seat.S) == before.state.hand(Seat.S)


def test_deal_again_deals_the_same_cards_from_the_first_call():
    p = _play_out(Practice.new(seed=6))
    again = p.deal_again()
    assert again.deals[-1].actions == () and again.state.deck == p.state.deck


def test_deal_again_is_refused_while_the_deal_is_played_so_table_mode_takes_nothing_back():
    p = _until_me(Practice.new(seed=6, tutor=False))
    p = _until_me(_south(p))
    with pytest.raises(PracticeError, match="not finished"):
        p.deal_again()


def test_a_stored_practice_comes_back_the_same():
    p = _play_out(Practice.new(seed=7, difficulty="heuristic", names={Seat.N: "Sara"}))
    q = Practice.from_json(json.loads(p.dumps()))
    assert q == p and q.state.result == p.state.result and q.name_of[Seat.N] == "Sara"


def test_a_damaged_stored_practice_is_refused_with_the_reason():
    good = Practice.new(seed=8).to_json()
    cases = [
        ({**good, "format": 9}, "format"),
        ({**good, "goal": "forever"}, "goal"),
        ({**good, "deals": [{**good["deals"][0], "actions": ["S: play XX"]}]}, "deal"),
        ({**good, "deals": [{**good["deals"][0], "actions": ["S: double"]}]}, "action 1"),
        ({**good, "names": {"S": "You"}}, "names"),
        ({**good, "profile": {"base": "detailed", "tie_rule": "coin"}}, "profile"),
        ("not a mapping", "mapping"),
    ]
    for doc, word in cases:
        with pytest.raises(PracticeError, match=word):
            Practice.from_json(doc)


def test_the_practice_follows_the_profile_it_was_started_with():
    p = Practice.new(seed=9, profile=get_profile("simple"))
    assert p.state.profile.id == "simple" and Practice.from_json(p.to_json()).profile.id == "simple"


# --- a stored match is the match the engine would have played --------------------------------------------------

def _finished_match(seed: int = 3) -> Practice:
    p = Practice.new(seed=seed)
    while True:
        p = _play_out(p)
        if p.over:
            return p
        p = p.next_deal()


def _deal_after(p: Practice) -> dict:
    """The deal the engine would deal next, had the match not been decided (its seed, dealer and totals)."""
    totals = p.match.totals()
    return {"seed": f"{p.seed}-{len(p.deals) + 1}", "dealer": p.state.next_dealer.value,
            "match": [totals[Team.NS], totals[Team.EW]], "actions": []}


def test_a_stored_match_that_goes_on_after_it_was_decided_is_refused():
    p = _finished_match()
    doc = p.to_json()
    doc["deals"].append(_deal_after(p))
    with pytest.raises(PracticeError, match=rf"deals\[{len(p.deals)}\]: .*after the match was decided"):
        Practice.from_json(doc)


def test_a_forged_match_of_copies_of_one_deal_is_refused_at_its_second_deal_without_replaying_them(monkeypatch):
    import explorer.engine.game.practice as practice

    first = _play_out(Practice.new(seed=7)).to_json()
    replayed = []
    real = practice._replay
    monkeypatch.setattr(practice, "_replay", lambda profile, log: replayed.append(log.seed) or real(profile, log))
    with pytest.raises(PracticeError, match=r"deals: .*60"):              # more deals than a practice holds
        Practice.from_json({**first, "deals": first["deals"] * 200})
    with pytest.raises(PracticeError, match=r"deals\[1\]\.seed: '7-1' is not the seed of deal 2 \('7-2'\)"):
        Practice.from_json({**first, "deals": first["deals"] * MAX_DEALS})
    assert len(replayed) <= 1                                 # refused before the copies were played again


def redeals(seed: int, n: int) -> dict:
    """A stored practice of ``n`` deals, each a redeal (everyone passes twice), as the engine deals them."""
    first = Practice.new(seed=seed)
    deals, dealer = [], first.deals[0].dealer
    for i in range(1, n + 1):
        g, actions = GameState.new(f"{seed}-{i}", dealer=dealer, match=(0, 0), profile=first.profile), []
        while not g.finished:
            a = next(a for a in g.legal_actions() if str(a).endswith("pass"))
            g, actions = g.apply(a), [*actions, str(a)]
        deals.append({"seed": f"{seed}-{i}", "dealer": dealer.value, "match": [0, 0], "actions": actions})
        dealer = g.next_dealer
    return {**first.to_json(), "deals": deals}


def test_a_practice_deals_no_more_than_it_keeps():
    p = Practice.from_json(redeals(5, MAX_DEALS))
    assert len(p.deals) == MAX_DEALS and Practice.from_json(p.to_json()) == p
    with pytest.raises(PracticeError, match="the most a practice keeps"):
        p.next_deal()


@pytest.mark.parametrize("change, message", [
    pytest.param({"match": [100, 0]}, r"deals\[1\]\.match: the totals before deal 2 are 100 and 0; the deals "
                                      r"before it make \d+ and \d+", id="forged-totals"),
    pytest.param({"dealer": "forged"}, r"deals\[1\]\.dealer: .* deals after", id="wrong-dealer"),
])
def test_a_stored_deal_that_does_not_follow_the_one_before_is_refused(change, message):
    p = _play_out(Practice.new(seed=3))
    assert not p.over
    p = p.next_deal()
    doc = p.to_json()
    if change.get("dealer") == "forged":
        change = {"dealer": p.state.dealer.right.value}
    doc["deals"][1] = {**doc["deals"][1], **change}
    with pytest.raises(PracticeError, match=message):
        Practice.from_json(doc)


def test_a_one_deal_practice_holds_one_deal():
    p = _play_out(Practice.new(seed=4, goal="deal"))
    doc = p.to_json()
    doc["deals"] = doc["deals"] * 2
    with pytest.raises(PracticeError, match=r"deals: a practice of one deal holds one deal, not 2"):
        Practice.from_json(doc)


def test_a_whole_stored_match_comes_back():
    p = _finished_match()
    assert Practice.from_json(json.loads(p.dumps())) == p


# --- one run per decision: the computers act in one go, every state kept for the table to show -----------------

def test_advance_plays_the_computers_to_your_next_decision_and_gives_every_state_in_order():
    p, states = Practice.new(seed=5, dealer=Seat.S).advance()   # E, N and W speak before South
    assert p.needs_you and p.state.to_act is Seat.S
    assert [len(g.actions) for g in states] == list(range(1, len(p.state.actions) + 1))
    assert states[-1] == p.state and all(not str(a).startswith("S:") for a in p.state.actions)


def test_your_action_comes_first_in_the_states_and_the_computers_follow_to_your_next_turn():
    p, _ = Practice.new(seed=5, dealer=Seat.S).advance()
    mine = make_player("heuristic").choose(p.state.view(Seat.S)).action
    after, states = p.act(mine)
    assert states[0].actions[-1] == mine.by(Seat.S)
    assert states[-1] == after.state and (after.needs_you or after.state.finished)
    assert [len(g.actions) for g in states] == list(range(len(p.state.actions) + 1, len(after.state.actions) + 1))


def test_your_projects_are_declared_for_you_on_the_way_and_are_no_decision_of_yours():
    p = Practice.new(seed=1)                                    # seed 1: South holds a project to declare
    for _ in range(40):
        p, _ = p.advance()
        if p.state.finished or p.state.stage is Stage.PLAY:
            break
        p = p.play(make_player("heuristic").choose(p.state.view(Seat.S)).action)
    declared = [a for a in p.state.actions if str(a).startswith("S: declare")]
    assert declared and p.needs_you and isinstance(p.state.legal_actions()[0], Play)
    assert not Practice.from_json(p.with_settings(auto_declare=False).to_json()).auto_declaration()


def test_an_illegal_action_through_act_changes_nothing():
    p, _ = Practice.new(seed=2, dealer=Seat.W).advance()
    with pytest.raises(IllegalActionError):
        p.act("double")
    assert p.deals[-1].actions == ()


# --- the settings of seed 002 -----------------------------------------------------------------------------------

def test_each_computer_seat_plays_at_its_own_level(monkeypatch):
    import explorer.engine.game.practice as practice

    asked = []
    real = practice.make_player
    monkeypatch.setattr(practice, "make_player", lambda name, **kw: asked.append((kw["seed"].split(":")[1], name))
                        or real(name, **kw))
    p, _ = Practice.new(seed=5, dealer=Seat.S, levels={Seat.E: "random", Seat.N: "strong"}).advance()
    by_seat = dict(asked)
    assert by_seat == {"E": "random", "N": "strong", "W": "heuristic"}, asked
    assert Practice.from_json(p.to_json()).level_of == {Seat.E: "random", Seat.N: "strong", Seat.W: "heuristic"}


def test_a_player_the_app_does_not_offer_or_a_target_it_does_not_play_to_is_refused():
    with pytest.raises(PracticeError, match=r"levels\.E: 'oracle' is not a player this app offers"):
        Practice.new(seed=1, levels={Seat.E: "oracle"})
    with pytest.raises(PracticeError, match=r"target: a match is played to 152, 101, 252, not 99"):
        Practice.new(seed=1, target=99)
    doc = Practice.new(seed=1).to_json()
    with pytest.raises(PracticeError, match="oracle"):
        Practice.from_json({**doc, "levels": {**doc["levels"], "W": "oracle"}})
    with pytest.raises(PracticeError, match="look"):
        Practice.from_json({**doc, "look": {**doc["look"], "felt": "<b>pink</b>"}})


def test_a_match_to_101_is_won_at_101():
    p = Practice.new(seed=3, target=101)
    assert p.match.target == 101 and Practice.from_json(p.to_json()).target == 101


def test_the_look_and_the_levels_change_during_a_match_and_the_game_so_far_stays():
    p, _ = Practice.new(seed=5, dealer=Seat.S).advance()
    q = p.with_settings(look=Look(pace="instant", backs="sadu", felt="night", sound=True), levels={Seat.E: "strong"})
    assert q.deals == p.deals and q.look.backs == "sadu" and q.level_of[Seat.E] == "strong"
    assert Practice.from_json(q.to_json()) == q
    with pytest.raises(PracticeError, match="only"):
        p.with_settings(target=101)                          # the target would change what a finished score means


def test_a_match_stored_by_format_1_still_loads_with_one_level_for_every_computer():
    stored = {"format": 1, "seed": 7, "profile": "detailed", "goal": "match", "difficulty": "strong", "tutor": True,
              "auto_declare": True, "names": {"S": "You", "E": "Faisal", "N": "Sara", "W": "Hamad"},
              "deals": [{"seed": "7-1", "dealer": "W", "match": [0, 0], "actions": ["S: pass", "E: pass"]}]}
    p = Practice.from_json(stored)
    assert p.level_of == {Seat.E: "strong", Seat.N: "strong", Seat.W: "strong"}
    assert p.target == 152 and p.look == Look() and p.name_of[Seat.N] == "Sara"
    assert len(p.state.actions) == 2 and Practice.from_json(p.to_json()) == p


# --- take back and deal again -----------------------------------------------------------------------------------

def test_take_back_undoes_your_last_call_in_the_bidding():
    p, _ = Practice.new(seed=5, dealer=Seat.S).advance()
    assert p.state.stage is Stage.BIDDING and p.state.to_act is Seat.S
    before = p.deals[-1].actions
    after, _ = p.act("pass")
    back = after.take_back() if not after.state.finished else after
    assert after.can_take_back == (not after.state.finished)
    if not after.state.finished:
        assert back.deals[-1].actions == before and back.state.to_act is Seat.S


def test_deal_again_keeps_the_earlier_award_for_the_sheet_and_is_refused_once_the_match_is_decided():
    p = _play_out(Practice.new(seed=3))
    row = p.state.match_deal()
    again = p.deal_again()
    assert again.deals[-1].earlier == ((row.ns, row.ew),) and again.deals[-1].actions == ()
    assert again.match.totals() == {Team.NS: 0, Team.EW: 0}
    assert Practice.from_json(again.to_json()) == again
    done = _finished_match()
    assert not done.may_deal_again
    with pytest.raises(PracticeError, match="score is final"):
        done.deal_again()
