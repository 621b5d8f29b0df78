"""``check`` judges a ``kind: deal`` in progress (scenario-format.md, third round): its tricks may stop before the
eighth, the last one holding 1 to 3 cards; it is judged as far as it goes, with no score until it is whole."""

from __future__ import annotations

import pytest

from explorer.engine.files.report import format_verdict
from explorer.engine.files.scenario import check_doc
from explorer.engine.solver.samples import random_position


@pytest.mark.parametrize("played", [0, 1, 3, 4, 13, 16, 26, 31])
def test_a_deal_in_progress_is_valid_with_its_tricks_points_and_seat_to_play_so_far_and_no_score(played):
    for seed in range(6):
        g = random_position(f"progress-{seed}", 8 - played // 4, played % 4)
        out = check_doc(g.record()).output
        assert out["valid"] and out["error"] is None and not out["complete"] and out["score"] is None
        assert out["to_play"] == g.to_act.value
        done = [t for t in g.tricks if t.complete]
        assert [t["cards"] for t in out["tricks"]] == [[str(c) for c in t.cards] for t in done]
        pts, won = g.points
        assert out["points"] == {t.value: v for t, v in pts.items()}
        assert out["tricks_won"] == {t.value: v for t, v in won.items()}
        cur = g.current
        if cur is None:
            assert out["current"] is None
        else:
            assert out["current"]["leader"] == cur.leader.value
            assert out["current"]["cards"] == [str(c) for c in cur.cards] and out["current"]["ekka"] == cur.ekka


def test_the_readable_verdict_says_who_plays_and_that_there_is_no_score_yet():
    g = random_position("progress-text", 5, 2)
    text = format_verdict(check_doc(g.record()).output)
    assert "In progress: trick 4," in text and f"{g.to_act.value} to play. No score until the deal is whole." in text
    g = random_position("progress-text", 5, 0)
    assert f"In progress: {g.to_act.value} leads trick 4." in format_verdict(check_doc(g.record()).output)


def test_a_whole_deal_is_complete_with_no_seat_to_play_and_its_score():
    g = random_position("progress-whole", 1, 3)
    g = g.apply(g.legal_actions()[0])
    out = check_doc(g.record()).output
    assert out["complete"] and out["to_play"] is None and out["current"] is None and out["score"]["winner"]


def _doc(played: int, cut: list[int] | None = None) -> dict:
    g = random_position("progress-bad", 8 - played // 4, played % 4)
    doc = g.record()
    if cut is not None:
        for i, n in enumerate(cut):
            doc["tricks"][i]["cards"] = doc["tricks"][i]["cards"][:n]
    return doc


@pytest.mark.parametrize("cut, needle", [
    pytest.param([4, 2], "tricks[1].cards: trick 2 has 2 cards; a trick has 4", id="only-the-last-may-be-incomplete"),
    pytest.param([4, 4, 0], "tricks[2].cards: trick 3 has no card; a trick in progress has 1 to 3",
                 id="an-empty-trick"),
])
def test_only_the_last_trick_may_be_incomplete_and_never_empty(cut, needle):
    doc = _doc(10, cut)
    result = check_doc(doc)
    assert not result.ok and needle in result.errors


def test_nine_tricks_are_refused_and_a_trick_of_five_cards_too():
    whole = random_position("progress-bad", 1, 3)
    whole = whole.apply(whole.legal_actions()[0])
    doc = whole.record()
    doc["tricks"] = doc["tricks"] + [dict(doc["tricks"][0])]
    assert "tricks: 9 tricks given; a whole deal has 8" in check_doc(doc).errors
    doc = whole.record()
    doc["tricks"][-1]["cards"] = doc["tricks"][-1]["cards"] + doc["tricks"][0]["cards"][:1]
    assert "tricks[7].cards: trick 8 has 5 cards; a trick has 4" in check_doc(doc).errors


def test_an_illegal_card_in_a_deal_in_progress_is_the_verdict():
    for seed in range(40):
        g = random_position(f"progress-illegal-{seed}", 4, 1)
        legal = {a.card for a in g.legal_actions() if hasattr(a, "card")}
        illegal = [c for c in g.hand(g.to_act) if c not in legal]
        if illegal:
            break
    doc = g.record()
    doc["tricks"][-1]["cards"].append(str(illegal[0]))
    out = check_doc(doc).output
    assert out is not None and not out["valid"] and out["error"]["card"] == str(illegal[0])
    assert out["to_play"] is None and out["score"] is None and not out["complete"]
