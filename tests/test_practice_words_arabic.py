"""The practice table's sentences in Arabic (``ui/practice_view.py``), without the app: the user is spoken to with the
pronoun attached (عليك, never «على أنت»), a round-2 pass is ولا and a round-1 pass بس, the default players are
named in Arabic and typed names kept."""

from __future__ import annotations

import re

import pytest

from explorer.engine.core.cards import Seat
from explorer.engine.game.practice import Practice
from explorer.engine.players import make_player
from explorer.engine.rules.bidding import CallKind, Phase
from explorer.view import practice as pv

ISOLATES = re.compile("[\u2066-\u2069]")
DETACHED_YOU = re.compile(r"(?:^|\s)(?:على|عند|من|إلى|مع|لـ|بـ|مشاريع|مشروع|نصيب|يد)\s?أنت(?!\s*و)")


def played(seed: int) -> Practice:
    p = Practice.new(seed)
    for _ in range(120):
        g = p.state
        if g.finished:
            break
        if g.to_act is p.human:
            p = p.play(make_player("heuristic").choose(g.view(p.human)).action)
        else:
            p = p.step()
    return p


def arabic(p: Practice, m) -> str:
    text = m.render(pv.style(pv.shown_names(p.name_of, "ar"), "ar"))
    return ISOLATES.sub("", pv.second_person(text, "ar"))


@pytest.mark.parametrize("seed", [1, 5, 12, 14])
def test_the_user_is_spoken_to_with_the_pronoun_attached_in_every_event(seed):
    p = played(seed)
    lines = [arabic(p, m) for m in pv.events(p.state, you=p.human)]
    if p.state.contract is not None:
        lines.append(arabic(p, pv.contract_line(p.state)))
    assert lines
    bad = [line for line in lines if DETACHED_YOU.search(line)]
    assert not bad, bad
    assert not any(re.search(r"[A-Za-z]{3,}", line) for line in lines), lines


def test_a_pass_is_bas_in_round_one_and_wala_in_round_two():
    p = played(5)                                   # seed 5: everyone passes twice
    calls = {(r.call.seat, r.phase): r for r in p.state.bidding.history if r.call.kind is CallKind.PASS}
    events = [arabic(p, m) for m in pv.events(p.state, you=p.human)]
    assert "أنت: بس." in events and "أنت: ولا." in events
    assert any(phase is Phase.ROUND_TWO for _, phase in calls)
    assert pv.call_word(next(iter(calls.values())).call, round_two=True).render(pv.style({}, "ar")) == "ولا"
    assert str(pv.call_word(next(iter(calls.values())).call, round_two=True)) == "Pass"


def test_the_default_players_follow_the_language_and_typed_names_stay():
    names = {Seat.S: "You", Seat.N: "Noura", Seat.E: "Sara", Seat.W: "حمد"}
    assert pv.shown_names(names, "ar") == {Seat.S: "أنت", Seat.N: "نورة", Seat.E: "Sara", Seat.W: "حمد"}
    assert pv.shown_names(names, "en") == {Seat.S: "You", Seat.N: "Noura", Seat.E: "Sara", Seat.W: "Hamad"}
    assert pv.stored_name(Seat.N, " نورة ") == "Noura" and pv.stored_name(Seat.N, "Sara") == "Sara"
