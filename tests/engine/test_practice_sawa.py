"""Sawa (سوا) at the practice table: you may claim it when it holds, a computer player claims it when it holds,
and the claim ends the deal at once along the solver's line, every trick left to the claiming team."""

from __future__ import annotations

import pytest

from explorer.engine.core.cards import Seat
from explorer.engine.game.practice import Practice, PracticeError
from tests.engine.test_practice import _south, _until_me


def _deals(seeds=range(40)):
    """Single-deal practices played by the heuristic for South, stopping at each of South's turns."""
    for seed in seeds:
        p = _until_me(Practice.new(seed, goal="deal"))
        while not p.state.finished:
            yield seed, p
            p = _until_me(_south(p))


def _first(want_holds: bool) -> Practice:
    for _, p in _deals():
        if p.may_claim and p.sawa().holds is want_holds:
            return p
    pytest.fail(f"no seeded deal where South's claim {'holds' if want_holds else 'fails'}")


def test_your_claim_that_holds_ends_the_deal_with_every_trick_left_to_your_team():
    p = _first(True)
    done = len(p.state.completed_tricks)
    after = p.claim_sawa()
    g = after.state
    assert g.finished and after.deals[-1].sawa is Seat.S
    assert all(t.winner.team is Seat.S.team for t in g.completed_tricks[done:])
    back = Practice.from_json(after.to_json())          # the claim is kept, and the deal replays to the same end
    assert back.deals[-1].sawa is Seat.S and back.state.tricks == g.tricks
    assert back.deals[-1].claimed == after.deals[-1].claimed and len(after.deals[-1].claimed) == 32 - len(p.state.played)


def test_your_claim_that_fails_changes_nothing_and_says_why():
    p = _first(False)
    with pytest.raises(PracticeError) as e:
        p.claim_sawa()
    assert str(e.value).startswith("Sawa fails: with the best defence, S's team NS takes")
    assert p.state.to_act is Seat.S and not p.state.finished


def test_no_claim_in_the_first_trick_or_with_one_trick_left():
    p = _until_me(Practice.new(1, goal="deal"))
    assert not p.may_claim
    with pytest.raises(PracticeError) as e:
        p.claim_sawa()
    assert str(e.value) == "Sawa may be claimed from trick 2 on, with two tricks or more left."


def test_a_computer_player_claims_when_its_team_takes_every_trick_left():
    for seed in range(40):
        p = Practice.new(seed, goal="deal")
        while not p.state.finished:
            p = _until_me(p)
            if not p.state.finished:
                p = _south(p)
        claimant = p.deals[-1].sawa
        if claimant is not None and claimant is not Seat.S:
            g = p.state                  # a claim leaves two tricks or more, all to the claiming team
            assert g.finished and all(t.winner.team is claimant.team for t in g.completed_tricks[-2:])
            assert Practice.from_json(p.to_json()).deals[-1].sawa is claimant
            return
    pytest.fail("no seeded deal where a computer player claims Sawa")


def test_a_computer_claim_gives_the_table_each_claimed_card_as_a_state():
    from explorer.engine.players import make_player

    for seed in range(40):
        p, states = Practice.new(seed, goal="deal").advance()
        while not p.state.finished:
            p, states = p.act(make_player("heuristic").choose(p.state.view(Seat.S)).action)
        log = p.deals[-1]
        if log.sawa is not None and log.sawa is not Seat.S:
            claimed = len(log.claimed)
            assert [str(g.actions[-1]) for g in states[-claimed:]] == list(log.claimed)
            assert states[-1] == p.state
            return
    pytest.fail("no seeded deal where a computer player claims Sawa")
