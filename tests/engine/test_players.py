"""Computer players, self-play and duels: always legal, never peeking, reproducible, and the records valid."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from explorer.engine.core.cards import SEATS, Seat, Team, cards
from explorer.engine.core.profiles import PROFILES, get_profile
from explorer.engine.files.scenario import check_doc, check_text
from explorer.engine.game.state import GameState, Play, Stage, apply_all
from explorer.engine.players import PLAYERS, PlayerError, make_player
from explorer.engine.players.heuristic import hokum_strength, sun_strength
from explorer.engine.players.selfplay import duel, play_deal, selfplay, table

ROOT = Path(__file__).resolve().parents[2]


def _self_play_records_are_valid(profile_id: str, deals: int) -> None:
    res = selfplay(deals, 7, "heuristic", "random", profile=get_profile(profile_id))
    assert len(res.deals) == deals
    for g in res.deals:
        checked = check_doc(g.record())
        assert checked.ok, checked.errors
        assert checked.output["valid"], checked.output["error"]


@pytest.mark.parametrize("profile_id", sorted(PROFILES))
def test_self_play_deals_are_valid_records_with_no_illegal_card_or_call(profile_id):
    """Every record the players write is judged valid by ``check`` (each action was also legal when played:
    ``GameState.apply`` refuses an illegal one): 400 seeded deals a profile in the default run (1,200 deals, about 38,000 cards)."""
    _self_play_records_are_valid(profile_id, 400)


@pytest.mark.slow
@pytest.mark.parametrize("profile_id", sorted(PROFILES))
def test_a_thousand_self_play_deals_are_valid_records_with_no_illegal_card_or_call(profile_id):
    """The same over 1,000 deals a profile (``-m slow``)."""
    _self_play_records_are_valid(profile_id, 1000)


def test_the_heuristic_bids_on_trumps_and_the_sun_on_aces_and_tens():
    strong_trumps = cards("JH 9H AH TH 7S")
    aces = cards("AS TS AH TH AD")
    assert hokum_strength(strong_trumps, strong_trumps[0].suit) > hokum_strength(aces, strong_trumps[0].suit)
    assert sun_strength(aces) > sun_strength(strong_trumps)


def test_the_heuristic_gives_points_to_a_partner_whose_card_is_a_master():
    """N leads the master AS; S, last to play and void, drops its 10 on the partner's trick."""
    from explorer.engine.core.contract import Contract
    from explorer.engine.core.tables import Mode
    hands = {Seat.N: cards("AS 7S 8S 9S 7H 8H 9H 7D"), Seat.W: cards("KS QS JS TS 8D 9D JD QD"),
             Seat.S: cards("TC AC KC QC TH AH KH QH"), Seat.E: cards("7C 8C 9C JC JH TD KD AD")}
    g = GameState.from_hands(hands, dealer=Seat.E, contract=Contract(Mode.SUN, None, Seat.N))
    g = apply_all(g, ["N: play AS", "W: play KS", "S: declare none"])
    choice = make_player("heuristic", seed=1).choose(g.view(Seat.S))
    assert isinstance(choice.action, Play) and choice.action.card.rank.value == "T"   # 10 points, kept the Aces
    assert "give points" in str(choice.why)


SAMPLING = {"expert", "expert-bidding", "expert-play", "cheat"}
"""The slower players: fewer deals in the sweeps, at their fast level."""


def test_players_are_always_legal_and_decide_from_the_view_alone():
    for name in PLAYERS:
        for seed in range(3 if name in SAMPLING else 15):
            g = GameState.new(seed)
            players = table(name, name, seed=seed, **({"level": "fast"} if name in SAMPLING else {}))
            while not g.finished:
                view = g.view(g.to_act)
                action = players[g.to_act].choose(view).action
                assert g.why_not(action).legal, (name, action)
                g = g.apply(action)


def test_a_players_choice_does_not_change_when_the_hidden_hands_are_reshuffled():
    """Same view, same seed, same choice: the player cannot depend on cards it cannot see."""
    from explorer.engine.rules.bidding import Call, CallKind
    a = apply_all(GameState.new(31, dealer=Seat.S), ["E: hokum"])
    while a.stage is not Stage.PLAY:
        a = a.apply(Call(CallKind.PASS))
    hands = {s: list(a.hand(s)) for s in SEATS}
    hands[Seat.N], hands[Seat.W] = hands[Seat.W], hands[Seat.N]          # hidden from E, who leads
    b = GameState.from_hands(hands, dealer=Seat.S, contract=a.contract, escalation=a.escalation)
    a = GameState.from_hands({s: a.hand(s) for s in SEATS}, dealer=Seat.S, contract=a.contract,
                             escalation=a.escalation)
    assert a.to_act is b.to_act is Seat.E
    for name in PLAYERS:
        ca = make_player(name, seed=5).choose(a.view(Seat.E)).action
        cb = make_player(name, seed=5).choose(b.view(Seat.E)).action
        assert ca == cb, name


def test_self_play_is_reproducible_from_its_seed():
    one = [g.record() for g in selfplay(20, 3, "heuristic", "random").deals]
    two = [g.record() for g in selfplay(20, 3, "heuristic", "random").deals]
    assert one == two


def test_self_play_continues_the_match_and_rotates_the_dealer():
    deals = selfplay(40, 5, "heuristic", "heuristic").deals
    for before, after in zip(deals, deals[1:]):
        assert after.dealer is before.next_dealer
        won = before.result is not None and before.result.match_winner is not None
        expected = (0, 0) if won else (before.match_after[Team.NS], before.match_after[Team.EW])
        assert after.match == expected


def test_an_unknown_player_is_a_clear_error():
    with pytest.raises(PlayerError, match="unknown player 'grandmaster'"):
        make_player("grandmaster")


def test_duel_heuristic_beats_random_with_the_interval_above_zero():
    d = duel("heuristic", "random", deals=60, seed=1)
    lo, hi = d.ci95
    assert lo > 0 and d.points_per_deal > 0
    assert set(d.decision_ms()) == {"heuristic", "random"}


def test_a_duel_of_a_player_against_itself_plays_each_deal_both_ways():
    """Duplicate format: the same player on both sides cancels out deal by deal only when the seats' random
    choices coincide; with the deterministic heuristic the two plays of a deal mirror each other."""
    d = duel("heuristic", "heuristic", deals=20, seed=2)
    assert len(d.diffs) == 20 and abs(d.points_per_deal) < 5


# --- the command line ---------------------------------------------------------------------------------


def run(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "explorer", *args], cwd=ROOT, capture_output=True, text=True,
                          **kw)


def test_selfplay_writes_one_valid_deal_file_per_deal_and_a_line_per_team(tmp_path):
    out = tmp_path / "deals"
    p = run("selfplay", "--deals", "12", "--seed", "4", "--players", "heuristic,random", "--profile", "simple",
            "--out", str(out))
    assert p.returncode == 0, p.stderr
    files = sorted(out.glob("deal-*.yaml"))
    assert [f.name for f in files] == [f"deal-{i:04d}.yaml" for i in range(1, 13)]
    lines = p.stdout.splitlines()
    assert lines[0].startswith("NS (heuristic): ") and "deals won" in lines[0] and "Kaboots" in lines[0]
    assert lines[1].startswith("EW (random): ")
    for f in files:
        r = check_text(f.read_bytes(), profile="simple")
        assert r.ok and r.output["valid"], (f.name, r.errors)
        doc = r.output
        assert doc["kind"] == "deal"
    c = run("check", *map(str, files), "--profile", "simple")
    assert c.returncode == 0, c.stderr


def test_selfplay_refuses_bad_arguments_with_one_line(tmp_path):
    for args, words in ((["--players", "heuristic"], "two names"), (["--players", "heuristic,chess"], "unknown player"),
                        (["--deals", "0"], "--deals 0"), (["--profile", "casino"], "--profile")):
        p = run("selfplay", "--out", str(tmp_path / "x"), *args)
        assert p.returncode == 2 and words in p.stderr and "Traceback" not in p.stderr, (args, p.stderr)


def test_duel_prints_the_advantage_and_ends_with_one_json_line():
    p = run("duel", "heuristic", "random", "--deals", "8", "--seed", "1", "--json")
    assert p.returncode == 0, p.stderr
    last = json.loads(p.stdout.strip().splitlines()[-1])
    assert set(last) == {"a", "b", "deals", "points_per_deal", "ci95", "pair_sd", "decision_ms", "bidding"}
    assert last["a"] == "heuristic" and last["b"] == "random" and last["deals"] == 8
    assert len(last["ci95"]) == 2 and last["ci95"][0] <= last["points_per_deal"] <= last["ci95"][1]
    assert set(last["decision_ms"]) == {"heuristic", "random"}
    assert set(last["decision_ms"]["heuristic"]) == {"median", "p95"}
    assert "game points per deal" in p.stdout


def test_play_deal_asks_each_seat_with_its_own_view():
    seen = []

    class Spy:
        name = "spy"

        def __init__(self, inner):
            self.inner = inner

        def choose(self, view):
            seen.append(view.seat)
            assert view.to_act is view.seat
            return self.inner.choose(view)

    players = {s: Spy(p) for s, p in table("random", "random", seed=1).items()}
    g, times = play_deal(GameState.new(1), players)
    assert g.finished and len(times) == len(seen) == len(g.actions)
