"""The fast simulator agrees with the checked engine: every card, every trick, every point.

The simulator plays thousands of deals at once on card codes; the engine (``play.py``,
``projects.py``, ``scoring.py`` through the ``deal`` scenario kind) stays the one source of the
rules. Every test here is seeded.
"""

from __future__ import annotations

import csv
import hashlib
import io
import itertools
import random
import subprocess
import sys
from collections import Counter

import numpy as np
import pytest

from explorer.engine.core.cards import DECK, SEATS, SUITS, Card, Seat
from explorer.engine.core.contract import Contract, Escalation, Level
from explorer.engine.core.profiles import PLAY_OPTIONS, custom_profile
from explorer.engine.core.tables import PROJECT_ORDER, RAW_TOTAL, Mode
from explorer.engine.fast.simulate import (
    CHUNK,
    CSV_COLUMNS,
    SimResult,
    Turn,
    card_mask,
    deal_doc,
    hand_projects,
    packed_project_key,
    play_out,
    random_deal,
    sample_deal_docs,
    shown_projects,
    simulate,
    stream,
    summary,
    write_csv,
)
from explorer.engine.files.scenario import check_doc
from explorer.engine.rules.play import PlayRule, PlayState, obligation
from explorer.engine.rules.projects import find_projects

# (profile, mode, deals, ekka): together > 200 deals over Sun and Hokum, every play option, the
# leader announcing Ekka when it holds or never.
CONFIGS = [
    pytest.param("detailed", None, 60, True, id="detailed-random-mode"),
    pytest.param("detailed", "hokum", 50, True, id="detailed-hokum"),
    pytest.param("detailed", "sun", 30, True, id="detailed-sun"),
    pytest.param("simple", "hokum", 40, True, id="simple-must-undertrump"),
    pytest.param("simple", "hokum", 40, False, id="simple-automatic-ekka-unannounced"),
    pytest.param("detailed", "hokum", 30, False, id="detailed-ekka-unannounced"),
    pytest.param({"base": "detailed", "third_seat_must_cut": False}, "hokum", 40, True, id="third-seat-free"),
    pytest.param("tournament", None, 40, True, id="tournament-reverse-kaboot"),
    pytest.param({"base": "detailed", "trump_project_priority": True}, "hokum", 30, True,
                 id="trump-project-priority"),
]


def _subset(expected, actual, path=""):
    if isinstance(expected, dict) and isinstance(actual, dict):
        out = []
        for k, v in expected.items():
            out += _subset(v, actual.get(k), f"{path}.{k}")
        return out
    return [] if expected == actual else [f"{path}: simulator {expected!r}, engine {actual!r}"]


@pytest.mark.parametrize(("profile", "mode", "deals", "ekka"), CONFIGS)
def test_simulated_deals_are_legal_and_scored_as_the_engine_scores_them(profile, mode, deals, ekka):
    r = simulate(deals, seed=2024, mode=mode, profile=profile, ekka=ekka)
    docs = sample_deal_docs(deals, 2024, mode=mode, profile=profile, ekka=ekka)
    for i, doc in enumerate(docs):
        checked = check_doc(doc)
        assert checked.ok, (doc["title"], checked.errors)
        out = checked.output
        assert out["valid"], (doc["title"], out["error"])
        assert [t["winner"] for t in out["tricks"]] == [SEATS[w].value for w in r.winners[i]]
        assert [t["points"] for t in out["tricks"]] == r.trick_points[i].tolist()
        assert out["points"] == {"NS": int(r.raw[i, 0]), "EW": int(r.raw[i, 1])}
        assert not _subset(doc["expect"], out), doc["title"]


@pytest.mark.parametrize("profile", ["tournament", "detailed"])
def test_rare_cases_are_scored_as_the_engine_scores_them(profile):
    """Kaboot (reverse Kaboot too), ties, four of a kind, Baloot inside a project, projects on both
    sides: picked from a larger simulation so that each is checked, not left to chance."""
    r = simulate(12000, seed=5, profile=profile)
    hp = hand_projects(r.hands, r.hokum[:, None], r.trump[:, None])
    first = (r.dealer + 1) & 3
    cases = {
        "kaboot": r.kaboot >= 0,
        "reverse-kaboot": ~r.hokum & (r.buyer == first) & (r.kaboot >= 0) & (r.kaboot != (r.buyer & 1)),
        "kaboot-with-baloot": (r.kaboot >= 0) & (r.baloot_seat >= 0) & ((r.baloot_seat & 1) == r.kaboot),
        "tie": r.tie,
        "four-of-a-kind": (hp.four_kinds > 0).any(axis=1),
        "baloot-absorbed": hp.absorbed.any(axis=1),
        "projects-both-teams": (hp.value[:, [0, 2]].sum(axis=1) > 0) & (hp.value[:, [1, 3]].sum(axis=1) > 0),
    }
    for name, mask in cases.items():
        picked = np.flatnonzero(mask)[:12]
        assert picked.size, name
        for i in picked:
            doc = deal_doc(r, int(i))
            checked = check_doc(doc)
            assert checked.ok and checked.output["valid"], (name, doc["title"])
            assert not _subset(doc["expect"], checked.output), (name, doc["title"])


def _play_option_profiles() -> list:
    """Every combination of the options that change which cards are legal, as custom profiles."""
    out = []
    for values in itertools.product((False, True), repeat=len(PLAY_OPTIONS)):
        spec = {"base": "detailed", **dict(zip(PLAY_OPTIONS, values))}
        name = "-".join(f"{o}={'on' if v else 'off'}" for o, v in zip(PLAY_OPTIONS, values))
        out.append(pytest.param(spec, id=name))
    return out


# Every way the simulator can be asked to play: each named profile and every combination of the play
# options (custom profiles), Hokum, Sun and a random mode, the leader announcing a valid Ekka or never.
LEGAL_CONFIGS = [
    pytest.param(prof, mode, ekka, id=f"{pid}-{mode or 'random'}-{'ekka' if ekka else 'no-ekka'}")
    for pid, prof in [("detailed", "detailed"), ("tournament", "tournament"), ("simple", "simple")]
    + [(p.id, p.values[0]) for p in _play_option_profiles()]
    for mode in ("hokum", "sun", None)
    if mode == "hokum" or pid in ("detailed", "tournament", "simple")
    for ekka in (True, False)
]


def engine_check(r, prof) -> tuple[list[tuple], Counter]:
    """Replay every deal of ``r`` through ``legal_plays``: the turns where the simulator's legal cards
    differ from the engine's, and how often each engine rule decided a turn."""
    bad, rules = [], Counter()
    for i in range(len(r)):
        hokum = bool(r.hokum[i])
        mode, trump = (Mode.HOKUM, SUITS[int(r.trump[i])]) if hokum else (Mode.SUN, None)
        hands = {s: [DECK[c] for c in range(32) if int(r.hands[i, s]) >> c & 1] for s in range(4)}
        played = []
        for t in range(8):
            leader = int(r.leaders[i, t])
            trick = [DECK[int(c)] for c in r.cards[i, t]]
            for p in range(4):
                seat = (leader + p) % 4
                state = PlayState(mode=mode, trump=trump, leader=SEATS[leader], cards=tuple(trick[:p]),
                                  hand=tuple(hands[seat]), played=frozenset(played), ekka=bool(r.ekka[i, t]),
                                  locked=bool(r.locked[i]), profile=prof)
                ob = obligation(state)
                rules[ob.rule] += 1
                engine = {c.code for c in ob.allowed}
                fast = {c for c in range(32) if int(r.legal[i, t, p]) >> c & 1}
                if fast != engine or trick[p].code not in engine:
                    bad.append((i, t, p, [str(DECK[c]) for c in sorted(fast)], ob.rule.name))
                hands[seat].remove(trick[p])
            played += trick
    return bad, rules


@pytest.mark.parametrize(("profile", "mode", "ekka"), LEGAL_CONFIGS)
def test_each_seat_chooses_among_exactly_the_cards_the_engine_allows(profile, mode, ekka):
    prof = custom_profile(profile)
    r = simulate(60 if mode == "hokum" else 30, seed=99, mode=mode, profile=prof, ekka=ekka)
    bad, _ = engine_check(r, prof)
    assert not bad, bad[:5]


def test_an_unannounced_top_card_frees_the_third_player_only_under_automatic_ekka():
    """Issue 13: the leader never announces, yet under ``automatic_ekka`` (the simple profile) a lead of
    the highest card left in a plain suit frees the void third player; without the option it does not."""
    for profile, frees in (("simple", True), ("detailed", False)):
        prof = custom_profile(profile)
        r = simulate(300, seed=13, mode="hokum", profile=prof, ekka=False)
        assert not r.ekka.any()
        bad, rules = engine_check(r, prof)
        assert not bad, (profile, bad[:5])
        assert (rules[PlayRule.THIRD_SEAT_EKKA] > 0) is frees, (profile, rules)
        assert rules[PlayRule.THIRD_SEAT_MUST_CUT] > 0


def _hands_for_projects() -> list[int]:
    rng = random.Random(5)
    hands = [sum(1 << c for c in rng.sample(range(32), 8)) for _ in range(400)]
    for rank_bit in range(3, 8):                               # four of a kind of T J Q K A, plus 4 cards
        four = [s * 8 + rank_bit for s in range(4)]
        for _ in range(20):
            rest = rng.sample([c for c in range(32) if c not in four], 4)
            hands.append(sum(1 << c for c in four + rest))
    for a, b in itertools.combinations(range(3, 8), 2):        # two four of a kind
        hands.append(sum(1 << (s * 8 + a) | 1 << (s * 8 + b) for s in range(4)))
    for s in (0, 1):                                           # long runs, often holding K and Q
        for length in range(5, 9):
            for lo in range(0, 9 - length):
                run = [s * 8 + i for i in range(lo, lo + length)]
                for _ in range(4):
                    rest = rng.sample([c for c in range(32) if c not in run], 8 - length)
                    hands.append(sum(1 << c for c in run + rest))
    # four Kings (or Queens) next to a run holding the trump K and Q
    hands.append(sum(1 << c for c in (6, 14, 22, 30, 7, 5, 4, 3)))
    hands.append(sum(1 << c for c in (5, 13, 21, 29, 7, 6, 4, 3)))
    return hands


def test_projects_by_table_lookup_agree_with_find_projects():
    hands = _hands_for_projects()
    masks = np.array(hands, dtype=np.uint32)
    for mode, trump in ((Mode.SUN, None), (Mode.HOKUM, SUITS[0]), (Mode.HOKUM, SUITS[1])):
        t_idx = 4 if trump is None else SUITS.index(trump)
        fast = hand_projects(masks, mode is Mode.HOKUM, t_idx)
        for i, h in enumerate(hands):
            engine = find_projects([DECK[c] for c in range(32) if h >> c & 1], mode, trump)
            assert fast.value[i] == sum(p.value for p in engine.projects)
            assert fast.key[i] == max((packed_project_key(p.value, four_kind=p.four_kind,
                                                   top_bit=7 - PROJECT_ORDER.index(p.top))
                                       for p in engine.projects), default=0)
            assert fast.baloot[i] == engine.baloot
            assert fast.absorbed[i] == (engine.baloot and not engine.baloot_separate)
            shown = sorted(sorted(p) for p in shown_projects(h, mode, trump))
            assert shown == sorted(sorted(c.code for c in p.cards) for p in engine.projects)


def test_every_deal_adds_up():
    r = simulate(3000, seed=1)
    total = np.where(r.hokum, RAW_TOTAL[Mode.HOKUM], RAW_TOTAL[Mode.SUN])
    assert (r.raw.sum(axis=1) == total).all()
    assert (r.tricks_won.sum(axis=1) == 8).all()
    assert (r.trick_points.sum(axis=1) == r.raw.sum(axis=1)).all()
    pool = np.where(r.hokum, 16, 26)
    assert (r.converted.sum(axis=1) == pool).all()
    # the hands split the deck, and every card is played exactly once, from the hand that held it
    assert (np.bitwise_or.reduce(r.hands, axis=1) == np.uint32(0xFFFFFFFF)).all()
    assert (np.sort(r.cards.reshape(len(r), 32), axis=1) == np.arange(32)).all()
    assert (r.award >= 0).all()
    assert ((r.kaboot >= 0) == (r.tricks_won.max(axis=1) == 8)).all()
    assert (r.buyer_made == (r.winner == (r.buyer & 1))).all()


def test_deals_are_reproducible_and_do_not_depend_on_how_many_are_asked_for():
    a = simulate(CHUNK + 30, seed=7, profile="simple")
    b = simulate(40, seed=7, profile="simple")
    c = simulate(CHUNK + 30, seed=7, profile="simple")
    assert (a.cards[:40] == b.cards).all()
    assert (a.award == c.award).all() and (a.cards == c.cards).all()
    assert not (simulate(40, seed=8, profile="simple").cards == b.cards).all()
    assert random_deal(11) == random_deal(11)
    assert random_deal(11) != random_deal(12)


def test_the_contract_and_the_dealer_can_be_fixed():
    r = simulate(500, seed=3, mode="hokum", trump="S", buyer="W", dealer="N")
    assert r.hokum.all() and (r.trump == 0).all() and (r.buyer == 3).all() and (r.dealer == 2).all()
    assert (r.leaders[:, 0] == 3).all()                       # the dealer's right leads the first trick
    r = simulate(500, seed=3)
    assert 0.4 < r.hokum.mean() < 0.6 and set(r.dealer.tolist()) == {0, 1, 2, 3}
    doc = random_deal(5, mode="sun", buyer="E", dealer="S")
    assert doc["contract"] == {"mode": "sun", "buyer": "E"} and doc["dealer"] == "S"
    with pytest.raises(ValueError):
        simulate(1, seed=0, mode="sun", trump="H")
    with pytest.raises(ValueError):
        simulate(1, seed=-1)


def test_the_lead_is_uniform_over_the_leaders_hand():
    r = simulate(16000, seed=4)
    first = r.cards[:, 0, 0].astype(np.int64)
    leader_hand = r.hands[np.arange(len(r)), r.leaders[:, 0]]
    below = np.array([bin(int(h) & ((1 << int(c)) - 1)).count("1") for h, c in zip(leader_hand, first)])
    counts = np.bincount(below, minlength=8)
    expected = len(r) / 8
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < 30, counts                                     # 7 degrees of freedom: p < 0.0001


def test_summary_frequencies_are_plausible():
    s = summary(simulate(4000, seed=12))
    assert 0.2 < s["buyer_failed"] < 0.8
    assert 0 < s["kaboot"] < 0.1
    assert 0 < s["tie"] < 0.15


def test_simulate_command_writes_one_row_per_deal(tmp_path, root):
    out = tmp_path / "deals.csv"
    proc = subprocess.run([sys.executable, "-m", "explorer", "simulate", "--deals", "300", "--seed", "5",
                           "--mode", "hokum", "--profile", "simple", "--out", str(out)],
                          capture_output=True, text=True, cwd=root)
    assert proc.returncode == 0, proc.stderr
    assert "deals per second" in proc.stdout
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 300 and list(rows[0]) == CSV_COLUMNS
    assert {r["mode"] for r in rows} == {"hokum"} and {r["profile"] for r in rows} == {"simple"}
    r = simulate(300, seed=5, mode="hokum", profile="simple")
    assert [int(x["award_NS"]) for x in rows] == r.award[:, 0].tolist()
    assert all(int(x["raw_NS"]) + int(x["raw_EW"]) == 162 for x in rows)


def test_the_streamed_csv_and_summary_are_the_in_memory_ones_byte_for_byte(tmp_path, root):
    """Issue 11: the command plays and writes chunk by chunk; its CSV is the one ``write_csv`` writes for
    the whole result held in memory, and its summary line is that result's."""
    deals = CHUNK + 37                                                   # two chunks, the last one short
    streamed, whole = tmp_path / "streamed.csv", tmp_path / "whole.csv"
    proc = subprocess.run([sys.executable, "-m", "explorer", "simulate", "--deals", str(deals), "--seed", "9",
                           "--profile", "tournament", "--out", str(streamed)], capture_output=True, text=True,
                          cwd=root)
    assert proc.returncode == 0, proc.stderr
    r = simulate(deals, seed=9, profile="tournament")
    write_csv(r, str(whole))
    assert streamed.read_bytes() == whole.read_bytes()
    f = summary(r)
    assert (f"Buyer failed {f['buyer_failed']:.1%}, Kaboot {f['kaboot']:.1%}, tie {f['tie']:.1%}, "
            f"Baloot held {f['baloot']:.1%}, a project shown {f['projects']:.1%}.") in proc.stdout
    assert f"Played {deals:,} random legal deals" in proc.stdout and f"Wrote {deals:,} rows" in proc.stdout


# sha256 of write_csv(simulate(3000, seed=9, ...)) as the simulator wrote it before it was split into modules
# (issue 19). A deliberate change of the deals a seed gives changes these, and says so in its commit.
CSV_DIGESTS = [
    ("detailed", None, "55cc5d12bc4e9e5e43016a499c0fa0db822dca51ae997f6d90a97397f6064756"),
    ("tournament", None, "eaca9db249f6bc7b102dd94733734f3fcc09c2a44e3f84bc3d8768c288425479"),
    ("simple", "hokum", "bd4a3ed60da939f31b8018e5a75014e304a52aede8aba67663155b69023f7be3"),
]


@pytest.mark.parametrize(("profile", "mode", "digest"), CSV_DIGESTS, ids=[p for p, _, _ in CSV_DIGESTS])
def test_a_seed_writes_the_same_csv_bytes_as_before_the_split(profile, mode, digest, tmp_path):
    path = tmp_path / "deals.csv"
    write_csv(simulate(3000, seed=9, mode=mode, profile=profile), str(path))
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest


def test_streaming_counts_what_the_whole_result_counts():
    buf = io.StringIO()
    done = stream(2 * CHUNK + 5, 4, csv_file=buf, mode="hokum", profile="simple", ekka=False)
    assert done.tally.frequencies() == summary(simulate(2 * CHUNK + 5, 4, mode="hokum", profile="simple", ekka=False))
    assert buf.getvalue().count("\n") == 2 * CHUNK + 6                # the header and one row per deal
    assert stream(0, 4).tally.deals == 0


def test_simulate_command_rejects_a_bad_profile(root):
    proc = subprocess.run([sys.executable, "-m", "explorer", "simulate", "--deals", "10", "--profile", "nope"],
                          capture_output=True, text=True, cwd=root)
    assert proc.returncode == 2 and "unknown profile" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_simulate_command_refuses_an_unwritable_out_before_playing(tmp_path, root):
    proc = subprocess.run([sys.executable, "-m", "explorer", "simulate", "--deals", "10",
                           "--out", str(tmp_path / "no" / "such" / "dir.csv")], capture_output=True, text=True, cwd=root)
    assert proc.returncode == 2 and "cannot write" in proc.stderr and "Traceback" not in proc.stderr
    assert proc.stdout == ""


# --- playing given positions out ---------------------------------------------------------------

def _position(r, i: int, k: int) -> tuple[np.ndarray, list[int], list[bool]]:
    """Deal ``i`` of ``r`` after its first ``k`` cards: what each seat holds now, the history, the Ekka flags."""
    history = [int(c) for c in r.cards[i].reshape(-1)[:k]]
    now = r.hands[i].copy()
    for j, c in enumerate(history):
        now[(int(r.leaders[i, j // 4]) + j % 4) % 4] ^= np.uint32(1 << c)
    return now, history, [bool(x) for x in r.ekka[i, :-(-k // 4)]]


def _replay(r, i: int):
    """A policy that plays deal ``i`` of ``r`` again, card for card."""
    return lambda turn: np.full(turn.legal.shape, r.cards[i, turn.trick, turn.position], dtype=np.int64)


def _contract_of(r, i: int) -> tuple[Contract, Seat]:
    trump = SUITS[int(r.trump[i])] if r.hokum[i] else None
    return Contract(Mode.HOKUM if r.hokum[i] else Mode.SUN, trump, SEATS[int(r.buyer[i])]), SEATS[int(r.dealer[i])]


@pytest.mark.parametrize(("profile", "mode"), [("detailed", "hokum"), ("simple", "hokum"), ("tournament", "sun")])
def test_a_position_played_out_with_the_simulated_cards_is_the_simulated_deal(profile, mode):
    """The play-out and the simulator are one play loop: from any point of a simulated deal, replaying
    its remaining cards gives back every array of that deal, card by card and point by point."""
    r = simulate(12, seed=31, mode=mode, profile=profile)
    skip = {"seed", "deal", "deck"}
    for i in range(len(r)):
        contract, dealer = _contract_of(r, i)
        for k in (0, 1, 4, 7, 13, 22, 31, 32):
            now, history, announced = _position(r, i, k)
            out = play_out(np.tile(now, (3, 1)), history, dealer=dealer, contract=contract, announced=announced,
                           profile=profile, policy=_replay(r, i))
            for name in SimResult.__dataclass_fields__:
                if name not in skip and name != "profile":
                    want, got = getattr(r, name)[i], getattr(out, name)
                    assert (got == want).all(), (i, k, name)
            assert out.profile == r.profile


ESCALATIONS = [
    pytest.param("detailed", Mode.HOKUM, Escalation(), True, id="hokum-undoubled"),
    pytest.param("detailed", Mode.HOKUM, Escalation(Level.DOUBLE, Seat.E, locked=True), True,
                 id="hokum-double-locked"),
    pytest.param("detailed", Mode.HOKUM, Escalation(Level.DOUBLE, Seat.W), False, id="hokum-double-open-no-ekka"),
    pytest.param("detailed", Mode.HOKUM, Escalation(Level.TRIPLE, Seat.E), True, id="hokum-triple"),
    pytest.param("tournament", Mode.HOKUM, Escalation(Level.QUADRUPLE, Seat.W, locked=True), True,
                 id="tournament-quadruple-locked"),
    pytest.param("tournament", Mode.HOKUM, Escalation(Level.TRIPLE, Seat.W), True, id="tournament-triple"),
    pytest.param("detailed", Mode.HOKUM, Escalation(Level.GAHWA, Seat.E), True, id="hokum-gahwa"),
    pytest.param("simple", Mode.HOKUM, Escalation(Level.DOUBLE, Seat.E, locked=True), False,
                 id="simple-double-locked-automatic-ekka"),
    pytest.param({"base": "detailed", "third_seat_must_cut": False, "must_undertrump": True}, Mode.HOKUM,
                 Escalation(Level.QUADRUPLE, Seat.E, locked=True), True, id="custom-quadruple-locked"),
    pytest.param("detailed", Mode.SUN, Escalation(Level.DOUBLE, Seat.E), True, id="sun-double"),
    pytest.param("tournament", Mode.SUN, Escalation(Level.DOUBLE, Seat.W), True, id="tournament-sun-double"),
]


@pytest.mark.parametrize(("profile", "mode", "escalation", "ekka"), ESCALATIONS)
def test_played_out_positions_are_legal_and_scored_as_the_engine_scores_them(profile, mode, escalation, ekka):
    """Fresh deals and positions part-way through them (a trick in progress or not), played out at random:
    every seat chooses among exactly the cards ``legal_plays`` allows (locked Hokum included), and the
    engine scores each deal as the play-out does, at its escalation level."""
    prof = custom_profile(profile)
    trump = SUITS[1] if mode is Mode.HOKUM else None
    contract, dealer = Contract(mode, trump, Seat.N), Seat.S
    hands = simulate(40, seed=77, mode=mode.value).hands                # random deals
    fresh = play_out(hands, dealer=dealer, contract=contract, escalation=escalation, profile=prof, rng=5, ekka=ekka)
    results = [fresh]
    for i, k in enumerate((3, 8, 14, 21, 30)):                           # positions inside those deals
        now, history, announced = _position(fresh, i, k)
        results.append(play_out(np.tile(now, (6, 1)), history, dealer=dealer, contract=contract,
                                escalation=escalation, announced=announced, profile=prof, rng=i, ekka=ekka))
    for r in results:
        assert (r.locked == (escalation.locked and mode is Mode.HOKUM)).all()
        bad, _ = engine_check(r, prof)
        assert not bad, bad[:5]
        for i in range(len(r)):
            doc = deal_doc(r, i)
            checked = check_doc(doc)
            assert checked.ok and checked.output["valid"], (doc["title"], checked.errors or checked.output["error"])
            assert not _subset(doc["expect"], checked.output), doc["title"]


@pytest.mark.parametrize("profile", ["detailed", "tournament", {"base": "tournament", "kaboot_escalation": "multiply"}],
                         ids=["detailed", "tournament", "reverse-kaboot-multiply"])
@pytest.mark.parametrize(("mode", "escalation"), [
    (Mode.HOKUM, Escalation(Level.DOUBLE, Seat.E)), (Mode.HOKUM, Escalation(Level.TRIPLE, Seat.W)),
    (Mode.HOKUM, Escalation(Level.QUADRUPLE, Seat.E)), (Mode.HOKUM, Escalation(Level.GAHWA, Seat.W)),
    (Mode.SUN, Escalation(Level.DOUBLE, Seat.E))], ids=["double", "triple", "quadruple", "gahwa", "sun-double"])
def test_rare_cases_at_every_escalation_level_are_scored_as_the_engine_scores_them(profile, mode, escalation):
    """Kaboot (with Baloot, reverse Kaboot in Sun), ties: picked from many played-out deals, so that each
    escalation rule (project multiplier, Kaboot escalation, escalated tie) is checked, not left to chance."""
    trump = SUITS[2] if mode is Mode.HOKUM else None
    dealer = Seat.W                                                    # the buyer, N, is not the dealer's right
    buyer = Seat.S if mode is Mode.SUN else Seat.N                     # Sun: the dealer's right buys (reverse Kaboot)
    hands = simulate(12000, seed=8, mode=mode.value).hands
    r = play_out(hands, dealer=dealer, contract=Contract(mode, trump, buyer), escalation=escalation,
                 profile=profile, rng=6)
    cases = {"kaboot": r.kaboot >= 0, "tie": r.tie, "projects": r.project_team >= 0,
             "kaboot-with-baloot": (r.kaboot >= 0) & (r.baloot_seat >= 0) & ((r.baloot_seat & 1) == r.kaboot)}
    if mode is Mode.SUN:
        buyer_ace = (r.hands[:, SEATS.index(buyer)] & np.uint32(sum(1 << (8 * s + 7) for s in range(4)))) != 0
        cases["reverse-kaboot"] = (r.kaboot >= 0) & (r.kaboot != (r.buyer & 1)) & buyer_ace
        del cases["kaboot-with-baloot"]
    if escalation.level is Level.GAHWA:                                # the match, no numeric award
        assert (r.award == 0).all()
    for name, mask in cases.items():
        picked = np.flatnonzero(mask)[:10]
        assert picked.size, name
        for i in picked:
            doc = deal_doc(r, int(i))
            checked = check_doc(doc)
            assert checked.ok and checked.output["valid"], (name, doc["title"])
            assert not _subset(doc["expect"], checked.output), (name, doc["title"])


def test_a_policy_chooses_each_card_among_the_legal_ones():
    seen = []

    def lowest(turn: Turn) -> np.ndarray:
        seen.append((turn.trick, turn.position, turn.trick_cards.shape[1]))
        held = turn.hands[np.arange(len(turn.seat)), turn.seat]
        assert ((turn.legal & ~held) == 0).all()
        return np.array([(int(m) & -int(m)).bit_length() - 1 for m in turn.legal])

    hands = simulate(30, seed=4, mode="hokum").hands
    contract = Contract(Mode.HOKUM, SUITS[0], Seat.E)
    r = play_out(hands, dealer=Seat.N, contract=contract, policy=lowest)
    assert seen == [(t, p, p) for t in range(8) for p in range(4)]
    lowest_legal = np.array([[[(int(m) & -int(m)).bit_length() - 1 for m in trick] for trick in deal] for deal in r.legal])
    assert (r.cards == lowest_legal).all()
    bad, _ = engine_check(r, custom_profile("detailed"))
    assert not bad


def test_play_out_refuses_a_position_the_rules_or_the_cards_do_not_allow():
    r = simulate(1, seed=3, mode="hokum", profile="detailed")
    contract, dealer = _contract_of(r, 0)
    now, history, announced = _position(r, 0, 6)
    kw = dict(dealer=dealer, contract=contract, announced=announced)
    play_out(now[None, :], history, **kw)                                  # the position as played is fine
    with pytest.raises(ValueError, match="hands must be"):
        play_out(now, history, **kw)
    with pytest.raises(ValueError, match="holds 6 cards; after the history it holds 7"):
        play_out(now[None, :], history[:5], **kw)
    x = int(now[1]) & -int(now[1])                                         # a card of the next seat's ...
    y = int(now[0]) & -int(now[0])                                         # ... given instead of one's own
    wrong = now.copy()
    wrong[0] = (int(now[0]) ^ y) | x
    with pytest.raises(ValueError, match=rf"position 1: .* nowhere: {DECK[y.bit_length() - 1]}\)"):
        play_out(np.stack([now, wrong]), history, **kw)
    with pytest.raises(ValueError, match="plays a card twice"):
        play_out(now[None, :], history + history[:1], **kw)
    with pytest.raises(ValueError, match="Triple in Sun"):
        play_out(now[None, :], history, dealer=dealer, contract=Contract(Mode.SUN, None, contract.buyer),
                 escalation=Escalation(Level.TRIPLE, contract.buyer.right))
    with pytest.raises(ValueError, match="policy chose a card the rules do not allow"):
        play_out(now[None, :], history, **kw, policy=lambda turn: np.full(1, 31 - int(turn.legal[0]).bit_length() + 1))


def test_play_out_refuses_an_illegal_history_and_a_false_ekka():
    # S leads AS in Hokum hearts; E holds a spade yet plays a club: not allowed.
    deal = {"S": "JH 9H AS TS KS 7C 8C 9C", "E": "AH TH KH QS JS AC TC KC",
            "N": "QH 8H 7H 9S 8S QC JC AD", "W": "7S TD KD QD JD 9D 8D 7D"}
    contract = Contract(Mode.HOKUM, SUITS[1], Seat.S)

    def position(history):
        played = [DECK[c].code for c in range(32) if str(DECK[c]) in history.split()]
        return np.array([[card_mask(c for c in deal[s].split() if Card.parse(c).code not in played)
                          for s in "SENW"]], dtype=np.uint32), history.split()

    hands, history = position("AS AC")
    with pytest.raises(ValueError, match=r"position 0: trick 1, E plays AC, but the rules do not allow it"):
        play_out(hands, history, dealer="W", contract=contract)
    hands, history = position("KS")                                        # AS and TS are still unplayed
    with pytest.raises(ValueError, match="Ekka on KS is false"):
        play_out(hands, history, dealer="W", contract=contract, announced=[True])
    hands, history = position("AS QS 9S 7S TS")                            # TS is the top spade left: a valid Ekka
    r = play_out(np.tile(hands, (50, 1)), history, dealer="W", contract=contract, announced=[False, True])
    assert r.ekka[:, 1].all() and not r.ekka[:, 0].any()
