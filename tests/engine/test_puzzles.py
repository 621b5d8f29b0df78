"""Puzzles: the worlds a player can imagine are counted and numbered exactly, a proof holds in every world it counts,
files turn so that the player sits South, and the generate command shards, resumes and refuses bad arguments."""

from __future__ import annotations

import itertools
import statistics
from pathlib import Path

import pytest

from explorer.__main__ import main
from explorer.engine.core.cards import SEATS, Card, Rank, Seat
from explorer.engine.game.state import Stage
from explorer.engine.players.sampling import consistent, knowledge
from explorer.engine.puzzles import collection
from explorer.engine.puzzles.doc import position_doc, rotate, to_south
from explorer.engine.puzzles.generate import SLOTS, Slot, numbers, puzzle_id
from explorer.engine.puzzles.prove import MIN_MARGIN, awards, prove
from explorer.engine.puzzles.worlds import Worlds, world_state
from explorer.engine.solver.samples import random_position

POSITIONS = [pytest.param(seed, 2, on, id=f"seed{seed}-2left-{on}down") for seed, on in ((1, 1), (4, 0), (6, 2), (9, 3))]


def _brute_force(state) -> int:
    view = state.view(state.to_act)
    k = knowledge(view)
    cards = sorted(k.unknown, key=str)
    seats = list(k.sizes)
    n = 0
    for assign in itertools.product(range(3), repeat=len(cards)):
        world = {s: tuple(c for c, a in zip(cards, assign) if a == i) for i, s in enumerate(seats)}
        n += consistent(view, world)
    return n


@pytest.mark.parametrize("seed, left, on", POSITIONS)
def test_the_worlds_are_every_arrangement_that_fits_what_the_seat_has_seen_each_once(seed, left, on):
    g = random_position(seed, left, on)
    w = Worlds.of(g.view(g.to_act))
    every = list(w.all())
    assert w.count == _brute_force(g) == len(every) > 0
    assert all(consistent(g.view(g.to_act), x) for x in every)
    assert len({tuple(sorted((s.value, tuple(map(str, h))) for s, h in x.items())) for x in every}) == w.count
    assert [w.world(i) for i in range(w.count)] == every


def test_a_sample_of_worlds_is_drawn_from_its_seed_without_repetition():
    g = random_position(2, 4, 1)
    w = Worlds.of(g.view(g.to_act))
    assert w.count > 50
    a, b, c = w.sample(40, "s"), w.sample(40, "s"), w.sample(40, "t")
    assert a == b != c
    assert len({repr(sorted(x.items(), key=lambda kv: kv[0].value)) for x in a}) == 40
    assert w.sample(w.count + 5, "s") == list(w.all())


def test_a_world_gives_each_hidden_seat_its_hand_and_rebuilds_the_original_hands():
    g = random_position(5, 3, 1)
    world = Worlds.of(g.view(g.to_act)).world(0)
    s = world_state(g, world)
    assert s.hand(g.to_act) == g.hand(g.to_act)
    for seat in SEATS:
        played = [c for t in g.tricks for who, c in t.plays if who is seat]
        assert sorted(map(str, s.original(seat))) == sorted(map(str, played + list(s.hand(seat))))
    assert s.legal_actions() == g.legal_actions()


def test_baloot_follows_the_world_not_the_deal_as_dealt():
    for seed in range(40):
        g = random_position(seed, 3, 0)
        c = g.contract
        if c.trump is None:
            continue
        kq = {x for x in g.view(g.to_act).played} & {Card(Rank.KING, c.trump), Card(Rank.QUEEN, c.trump)}
        if kq:
            continue
        seats = {world_state(g, w).baloot_seat for w in Worlds.of(g.view(g.to_act)).all()}
        if len(seats) > 1:
            return
    pytest.fail("no seeded position where the Baloot holder depends on the world")


def _shipped(method: str, most: int = 40):
    """The first shipped puzzles (by id) whose first card was proved on ``method`` worlds, at most ``most`` of them."""
    from explorer.engine.files.kinds.puzzle import position
    from explorer.engine.files.scenario import resolve_profile
    out = []
    for e in collection.load():
        w = e.doc["worlds"][0]
        if w["method"] == method and w["count"] <= most:
            out.append(position(e.doc, resolve_profile(e.doc.get("profile"))).run.state)
    return out


@pytest.mark.parametrize("i", [0, 1, 2])
def test_a_proof_holds_in_every_world_it_counts_with_the_margin_and_losses_it_reports(i):
    g = _shipped("all")[i]
    p = prove(g)
    assert p.proved
    rows = [awards(world_state(g, w)) for w in Worlds.of(g.view(g.to_act)).all()]
    assert p.worlds.method == "all" and p.worlds.count == len(rows)
    leads = [r[p.answer] - max(v for c, v in r.items() if c != p.answer) for r in rows]
    assert min(leads) == p.margin >= MIN_MARGIN
    for loss in p.losses:
        gaps = [r[p.answer] - r[loss.card] for r in rows]
        assert (loss.least, loss.most) == (min(gaps), max(gaps)) and loss.mean == pytest.approx(statistics.fmean(gaps))


def test_a_proof_of_a_card_that_another_card_catches_says_where():
    g = _shipped("all")[0]
    p = prove(g)
    q = prove(g, answer=p.losses[0].card)
    assert not q.proved and q.broken is not None and q.broken.card == p.losses[0].card
    assert q.broken.rival is not None and q.broken.lead is not None and q.broken.lead < MIN_MARGIN


def test_a_proof_needs_a_position_in_the_play():
    g = random_position(3, 8, 0)
    from explorer.engine.game.state import GameState
    with pytest.raises(ValueError):
        prove(GameState.new(3))
    assert g.stage is Stage.PLAY


def test_a_position_turned_four_times_is_itself_and_the_player_sits_south():
    g = random_position(8, 4, 2)
    doc = position_doc(g)
    assert rotate(rotate(rotate(rotate(doc, 1), 1), 1), 1) == doc
    south = to_south(doc, g.to_act)
    from explorer.engine.files.kinds.puzzle import position
    state = position(south, g.profile).run.state
    assert state.to_act is Seat.S
    assert sorted(map(str, state.hand(Seat.S))) == sorted(map(str, g.hand(g.to_act)))


def test_shards_split_the_numbers_without_overlap():
    parts = [numbers(23, (i, 4)) for i in range(1, 5)]
    assert sorted(sum(parts, [])) == list(range(23)) and len(set(map(tuple, parts))) == 4
    assert numbers(5, (1, 1)) == [0, 1, 2, 3, 4]


def test_the_slots_turn_through_each_profile_in_hokum_and_sun():
    assert {(Slot.of(i).profile.id, Slot.of(i).mode) for i in range(len(SLOTS))} == set(SLOTS)
    assert len({Slot.of(i).theme for i in range(60)}) > 5


@pytest.mark.parametrize("args, message", [
    pytest.param(["--count", "0"], "--count 0 is not a number of puzzles", id="count-0"),
    pytest.param(["--count", "3", "--workers", "0"], "--workers 0 is not a number of processes", id="workers-0"),
])
def test_generate_refuses_bad_numbers_in_one_line(tmp_path, capsys, args, message):
    assert main(["puzzles", "generate", "--seed", "1", "--out", str(tmp_path), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_generate_refuses_a_shard_outside_its_count(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        main(["puzzles", "generate", "--count", "3", "--seed", "1", "--out", str(tmp_path), "--shard", "3/2"])
    assert e.value.code == 2 and "is not a shard I/N" in capsys.readouterr().err


def test_generate_refuses_a_file_as_its_folder(tmp_path, capsys):
    f = tmp_path / "x"
    f.write_text("")
    assert main(["puzzles", "generate", "--count", "1", "--seed", "1", "--out", str(f)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_generate_keeps_the_files_already_written_and_cleans_partial_ones(tmp_path, capsys):
    for i in numbers(6, (2, 3)):
        (tmp_path / f"{puzzle_id(9, i)}.yaml").write_text("kept")
    (tmp_path / ".9-0001.yaml.partial").write_text("half")
    assert main(["puzzles", "generate", "--count", "6", "--seed", "9", "--out", str(tmp_path), "--shard", "2/3"]) == 0
    out = capsys.readouterr().out
    assert "9-0001: kept" in out and "9-0004: kept" in out and "0 written, 2 already there" in out
    assert not list(tmp_path.glob(".*.partial"))



@pytest.mark.slow
@pytest.mark.parametrize("batch, shard", [((2026, 320, 2), (1, 160)), ((2026, 320, 2), (2, 160)),
                                          ((2027, 200, 3), (1, 100)), ((2027, 200, 3), (7, 100))])
def test_generate_writes_the_shipped_files_again_from_their_seed(tmp_path, capsys, batch, shard):
    """Reproducible: shard I of N of a shipped run (seed 2026, 320 puzzles; seed 2027, 200 with three cards or more to
    choose from) writes its puzzles byte for byte as the files in data/puzzles/ (a minute or two each)."""
    seed, count, choices = batch
    assert main(["puzzles", "generate", "--count", str(count), "--seed", str(seed), "--choices", str(choices),
                 "--out", str(tmp_path), "--shard", f"{shard[0]}/{shard[1]}"]) == 0
    for i in numbers(count, shard):
        name = f"{puzzle_id(seed, i)}.yaml"
        shipped = collection.PUZZLES_DIR / name
        assert (tmp_path / name).exists() == shipped.exists(), name
        if shipped.exists():
            assert (tmp_path / name).read_text("utf-8") == shipped.read_text("utf-8")


def test_puzzles_come_from_recorded_deals_each_position_as_played_that_proves(tmp_path, capsys):
    from explorer.engine.files.scenario import check_doc, parse_text
    library = Path(__file__).resolve().parents[2] / "data" / "scenarios"
    records = [str(library / f"{stem}.yaml") for stem in ("deal-hokum-clean", "deal-in-progress-last-trick")]
    out = tmp_path / "from"
    assert main(["puzzles", "generate", "--count", "5", "--seed", "9", "--out", str(out), "--from", *records]) == 0
    files = sorted(out.glob("*.yaml"))
    assert [f.name for f in files] == [f"9-r{i:04d}.yaml" for i in range(len(files))] and len(files) >= 2
    doc = parse_text(files[0].read_text("utf-8"))
    assert doc["kind"] == "puzzle" and doc["id"] == "9-r0000"
    assert doc["source"].startswith(f"practice record {records[0]}, trick ")
    assert all(check_doc(parse_text(f.read_text("utf-8"))).output["valid"] for f in files), "check proves them again"
    # stopped after the first, then run again: the same files, none written twice under another number
    again = tmp_path / "again"
    assert main(["puzzles", "generate", "--count", "1", "--seed", "9", "--out", str(again), "--from", *records]) == 0
    assert main(["puzzles", "generate", "--count", "5", "--seed", "9", "--out", str(again), "--from", *records]) == 0
    assert [f.read_text("utf-8") for f in sorted(again.glob("*.yaml"))] == [f.read_text("utf-8") for f in files]
    assert "already there" in capsys.readouterr().out


def test_a_record_given_twice_is_read_once_and_one_with_an_illegal_card_is_said(tmp_path, capsys):
    library = Path(__file__).resolve().parents[2] / "data" / "scenarios"
    clean, illegal = str(library / "deal-hokum-clean.yaml"), str(library / "deal-illegal-card.yaml")
    out = tmp_path / "from"
    assert main(["puzzles", "generate", "--count", "9", "--seed", "9", "--out", str(out), "--from", clean, illegal,
                 clean]) == 0
    said = capsys.readouterr()
    assert "the same deal as a file named before: read once" in said.err
    assert "trick 1: W played 7D, which the rules refuse" in said.out
    sources = [f.read_text("utf-8") for f in out.glob("*.yaml")]
    assert len(sources) == len(set(sources))


def test_generate_from_records_refuses_a_file_that_is_not_a_recorded_deal_and_writes_nothing(tmp_path, capsys):
    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "from"
    assert main(["puzzles", "generate", "--count", "3", "--seed", "9", "--out", str(out), "--from",
                 str(root / "data" / "puzzles" / "2026-0000.yaml"), str(tmp_path / "missing.yaml")]) == 2
    err = capsys.readouterr().err
    assert "2026-0000.yaml: is a kind: puzzle file, not a recorded deal" in err and "missing.yaml: no such file" in err
    assert not list(out.glob("*.yaml"))
