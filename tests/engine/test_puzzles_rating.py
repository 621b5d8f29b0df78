"""Ratings and progress: Glicko-2 as Glickman's paper computes it, each attempt a game between the player and the
puzzle, the daily streak, the mistakes queue, the stored form refused with its place, another tab's progress joined,
and the shipped set's daily puzzle and offers near a rating."""

from __future__ import annotations

import pytest

from explorer.engine.core.errors import ScenarioError
from explorer.engine.puzzles import collection
from explorer.engine.puzzles import progress as pm
from explorer.engine.puzzles.rating import MIN_RD, START_RD, Rating, attempt, estimate, expected, update


def test_glicko2_gives_the_papers_worked_example():
    """Glickman, "Example of the Glicko-2 system" (2013): 1500/200/0.06 beats 1400/30, loses to 1550/100 and
    1700/300 with tau 0.5: r' = 1464.06, RD' = 151.52, sigma' = 0.05999."""
    r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
    assert r.rating == pytest.approx(1464.06, abs=0.01)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.vol == pytest.approx(0.05999, abs=0.00001)


def test_glicko2_uses_the_deviation_where_the_paper_does_away_from_1500():
    """The paper's step 5 has phi squared; a rating other than 1500 must not change the volatility's function (the
    PyPI package glicko2 2.1.0 uses mu squared there)."""
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    shifted = [(Rating(o.rating + 300, o.rd), s) for o, s in games]
    a = update(Rating(1500, 200, 0.06), games)
    b = update(Rating(1800, 200, 0.06), shifted)
    assert b.vol == pytest.approx(a.vol, abs=1e-9) and b.rating - 300 == pytest.approx(a.rating, abs=1e-6)


def test_a_period_without_games_only_widens_the_deviation_up_to_the_start():
    r = update(Rating(1600, 100, 0.06), [])
    assert r.rating == 1600 and 100 < r.rd < 101
    assert update(Rating(1600, 349.99, 0.06), []).rd == START_RD


def test_an_attempt_moves_the_player_and_the_puzzle_apart():
    player, puzzle = Rating(1500, 200), Rating(1500, 200)
    won_p, won_z = attempt(player, puzzle, True)
    lost_p, lost_z = attempt(player, puzzle, False)
    assert won_p.rating > 1500 > won_z.rating and lost_p.rating < 1500 < lost_z.rating
    assert expected(Rating(1700, 100), Rating(1500, 100)) > 0.5 > expected(Rating(1300, 100), Rating(1500, 100))


def test_the_deviation_never_falls_below_the_floor():
    p, z = Rating(1500, 50), Rating(1500, 50)
    for _ in range(30):
        p, z = attempt(p, z, True)
    assert p.rd >= MIN_RD and z.rd >= MIN_RD


@pytest.mark.parametrize("solved", [True, False])
def test_an_attempt_between_any_ratings_the_browser_may_keep_is_kept_and_read_back(solved):
    """Ratings thousands of points apart made the expected score exactly 0 or 1 (ZeroDivisionError at the tap), and
    an update could leave the range the stored form reads (the next load set the whole progress aside)."""
    import itertools
    import json

    from explorer.engine.puzzles.rating import RATINGS, VOLS
    corners = [{"rating": r, "rd": rd, "vol": v} for r, rd, v in itertools.product(RATINGS, (0, START_RD), VOLS)]
    for me, it in itertools.product(corners, corners):
        p = pm.from_json({"player": me, "puzzles": {"x": {"rating": it, "tries": 1, "solved": False}}})
        after = pm.attempt(p, "x", 1500, solved=solved, day="2026-12-03")
        back = pm.from_json(json.loads(json.dumps(pm.to_json(after), allow_nan=False)))
        assert back.player == Rating(**pm.to_json(after)["player"]), (me, it)


def test_the_first_rating_grows_with_what_makes_a_puzzle_hard():
    easy = dict(legal=2, tricks_left=2, steps=1, margin=10, worlds=2, tempting=False)
    assert estimate(**easy) < estimate(**{**easy, "legal": 4}) < estimate(**{**easy, "legal": 4, "tricks_left": 5})
    assert estimate(**easy) < estimate(**{**easy, "tempting": True}) < estimate(**{**easy, "tempting": True, "steps": 2})
    assert 600 <= estimate(**easy) and estimate(legal=8, tricks_left=6, steps=2, margin=2, worlds=10**9,
                                                tempting=True) <= 2400


def test_the_daily_streak_counts_days_in_a_row_and_starts_again_after_a_gap():
    d = pm.Daily()
    d = d.solved_on("2026-12-01").solved_on("2026-12-02").solved_on("2026-12-02")
    assert (d.streak, d.best, d.current("2026-12-03"), d.current("2026-12-04")) == (2, 2, 2, 0)
    d = d.solved_on("2026-12-05")
    assert (d.streak, d.best) == (1, 2)


def test_a_missed_puzzle_joins_the_queue_and_leaves_it_when_solved():
    p = pm.attempt(pm.Progress(), "a", 1200, solved=False, day="2026-12-01")
    p = pm.attempt(p, "b", 1200, solved=False, day="2026-12-01")
    assert p.mistakes == ("a", "b") and p.solved == set()
    p = pm.attempt(p, "a", 1200, solved=True, day="2026-12-02")
    assert p.mistakes == ("b",) and p.solved == {"a"} and p.puzzles["a"].tries == 2


def test_stored_progress_comes_back_as_it_was():
    p = pm.attempt(pm.Progress(), "2026-0001", 1300, solved=True, day="2026-12-01", daily=True)
    r = pm.Retry("7-1@16", "7-1", "S", (0, 0), "detailed", ("E: pass",), "9D", ("KD",), True)
    p = pm.add_retries(p, [r], ["7-1#40"])
    back = pm.from_json(pm.to_json(p))
    assert pm.to_json(back) == pm.to_json(p) and back.retries == (r,) and back.daily.streak == 1


@pytest.mark.parametrize("value, where", [
    pytest.param([], "puzzle progress is a mapping", id="not-a-mapping"),
    pytest.param({"player": {"rating": "high", "rd": 1, "vol": 0.06}}, "player.rating", id="rating-text"),
    pytest.param({"player": {"rating": 1500, "rd": 350, "vol": 0.06}, "attempts": [["x", "2026-02-30", True]]},
                 "attempts[0]", id="no-such-day"),
    pytest.param({"player": {"rating": 1500, "rd": 350, "vol": 0.06}, "mistakes": ["<script>"]}, "mistakes[0]",
                 id="bad-id"),
    pytest.param({"player": {"rating": 1500, "rd": 350, "vol": 0.06}, "extra": 1}, "extra", id="unknown-key"),
    pytest.param({"player": {"rating": 1500, "rd": 350, "vol": 0.06}, "retries": [
        {"key": "7-1@1", "seed": "7-1", "dealer": "S", "match": [0, 0], "actions": [], "played": "KH",
         "accepted": ["ZZ"]}]}, "retries[0].accepted[0]: 'ZZ' is not a card", id="retry-card-not-a-card"),
])
def test_damaged_stored_progress_is_refused_with_its_place(value, where):
    with pytest.raises(ScenarioError) as e:
        pm.from_json(value)
    assert where in str(e.value)


def _retry(**changes) -> pm.Retry:
    """A stored retry of practice deal 7-1 at South's first card (the real one, then changed)."""
    from explorer.engine.game.practice import Practice
    from explorer.engine.puzzles.prove import legal_cards
    p = Practice.new(7)
    while not (p.needs_you and p.state.stage.value == "play"):
        acts = p.state.legal_actions()
        p = p.step() if p.waiting_for_computer else p.play(next((a for a in acts if "pass" not in str(a)), acts[0]))
    card = str(legal_cards(p.state)[0])
    base = dict(key="7-1@9", seed="7-1", dealer=p.deals[0].dealer.value, match=(0, 0), profile="detailed",
                actions=p.deals[0].actions, played=card, accepted=(card,))
    return pm.Retry(**{**base, **changes})


@pytest.mark.parametrize("changes, where", [
    pytest.param({"profile": {"base": "nope"}}, "profile: unknown profile 'nope'", id="unknown-profile"),
    pytest.param({"profile": {"third_seat_must_cut": 7}}, "profile: ", id="option-value"),
    pytest.param({"actions": ()}, "actions: the position is not a card to play", id="still-bidding"),
    pytest.param({"accepted": ("AS", "AH")}, "accepted[", id="accepted-not-playable"),
])
def test_a_stored_retry_that_is_not_a_card_to_play_is_refused_with_its_place_never_an_error_of_another_kind(
        changes, where):
    from explorer.engine.puzzles.retries import retry_state
    good = _retry()
    assert retry_state(good).to_act is not None
    bad = _retry(**changes)
    if "accepted" in changes:
        g = retry_state(good)
        bad = _retry(accepted=tuple(str(c) for c in g.hand(g.to_act.left)[:2]))
    with pytest.raises(ScenarioError) as e:
        retry_state(bad)
    assert where in str(e.value), str(e.value)


def test_another_tabs_progress_is_joined_to_this_tabs():
    base = pm.attempt(pm.Progress(), "a", 1500, solved=False, day="2026-12-01")
    mine = pm.attempt(base, "b", 1500, solved=True, day="2026-12-02")
    theirs = pm.attempt(base, "a", 1500, solved=True, day="2026-12-02", daily=True)
    m = pm.merged(base, mine, theirs)
    assert set(m.puzzles) == {"a", "b"} and m.mistakes == () and len(m.attempts) == 3
    assert m.daily.last == "2026-12-02" and m.player == mine.player


def test_the_daily_puzzle_is_the_same_all_day_and_changes_from_day_to_day():
    entries = collection.load()
    days = [f"2026-12-{d:02d}" for d in range(1, 31)]
    assert collection.daily(entries, days[0]) == collection.daily(list(reversed(entries)), days[0])
    assert len({collection.daily(entries, d).id for d in days}) > 15


def test_the_daily_puzzle_has_a_theme_cards_hidden_from_the_player_and_three_cards_or_more_to_choose_from():
    entries = collection.load()
    picked = [collection.daily(entries, f"2027-{m:02d}-{d:02d}") for m in range(1, 13) for d in range(1, 29)]
    assert all(e.themes and e.doc["worlds"][0]["total"] > 1 and 1 + len(e.doc["losses"][0]) >= 3 for e in picked)
    assert len({e.id for e in picked}) > 100, "a year of days draws from a pool of well over a hundred"
    assert any(not collection.daily_worthy(e) for e in entries), "the shipped set has puzzles kept out of the daily"


def test_a_rated_puzzle_is_offered_near_the_rating_and_never_one_already_solved_while_others_are_left():
    entries = collection.load()
    low = collection.offer(entries, 600, seed=1)
    high = collection.offer(entries, 2400, seed=1)
    assert low.rating < high.rating
    ids = [e.id for e in entries]
    left = ids[-1]
    e = collection.offer(entries, 1500, tried=set(ids[:-1]), seed=2)
    assert e.id == left
    assert collection.offer(entries, 1500, tried=set(ids), skip={left}, seed=3).id != left
