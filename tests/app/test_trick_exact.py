"""The Trick checker with the other three hands: each legal card's exact value, the hands still being entered,
inconsistent hands named where they are, the last hand filled in, and the share link carrying the hands."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
from streamlit.testing.v1 import AppTest

from explorer.engine.files.share import decode_scenario, encode_scenario
from explorer.engine.solver.samples import random_position
from explorer.engine.solver.search import solve
from explorer.ui import state as ks
from explorer.view.hindsight import signed
from explorer.view.text import shown
from tests.app.taps import action
from tests.engine.test_trick_values import play_doc

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"


def opened_with(doc: dict | None = None, link: str | None = None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60).run()
    if link is not None:
        at.query_params["s"] = link
    if doc is not None:
        at.session_state[ks.page_key(ks.TRICK, ks.INCOMING)] = {"doc": doc, "source": "a test"}
    at.switch_page("app_pages/trick_checker.py").run()
    assert not at.exception, at.exception
    return at


def table_with(at: AppTest, column: str) -> pd.DataFrame | None:
    return next((t.value for t in at.table if column in t.value.columns), None)


def words(at: AppTest) -> str:
    return "\n".join(shown(x.value) for x in (*at.markdown, *at.caption, *at.info, *at.error, *at.warning))


def test_with_all_four_hands_each_legal_card_shows_its_exact_value_and_its_line():
    g = random_position("page-1", 3, 1)
    at = opened_with(play_doc(g))
    values = table_with(at, "Tricks")
    want = solve(g, {})
    assert values is not None, words(at)
    assert sorted(zip(values["Card"], values["Tricks"], values["Card points"], values["Award"])) == \
        sorted((v.card.pretty, str(v.tricks), str(v.points), str(signed(v.award))) for v in want.cards)
    assert "no projects" in words(at)
    at.selectbox(key=ks.TRICK_LINE).set_value(str(want.cards[0].card)).run()
    assert not at.exception, at.exception
    assert list(table_with(at, "Won by")["Trick"]) == ["6", "7", "8"]


def test_hands_still_being_entered_show_how_far_they_are_and_the_legal_cards_stay():
    g = random_position("page-2", 4, 2)
    doc = play_doc(g)
    seat = next(iter(doc["hands"]))
    doc["hands"][seat] = doc["hands"][seat][:1]
    at = opened_with(doc)
    assert table_with(at, "Tricks") is None and table_with(at, "Legal") is not None
    assert any("Enter the other three hands" in shown(i.value) for i in at.info)


def test_a_card_in_two_hands_is_named_where_it_is_and_nothing_typed_is_lost():
    g = random_position("page-3", 4, 0)
    doc = play_doc(g)
    first, second = list(doc["hands"])[:2]
    doc["hands"][second][0] = doc["hands"][first][0]
    at = opened_with(doc)
    assert table_with(at, "Tricks") is None
    problem = "\n".join(shown(e.value) for e in at.error)
    assert f"hands.{second}[0]" in problem and "appears twice" in problem, problem
    assert at.session_state[ks.trick_hands_key(second)][0] == doc["hands"][first][0]


def test_the_last_hand_is_filled_in_with_the_cards_left():
    g = random_position("page-4", 2, 0)
    doc = play_doc(g)
    last = list(doc["hands"])[-1]
    want = doc["hands"].pop(last)
    at = opened_with(doc)
    action(at, ks.TRICK_FILL).click().run()
    assert not at.exception, at.exception
    assert sorted(at.session_state[ks.trick_hands_key(last)]) == sorted(want)
    assert table_with(at, "Tricks") is not None


def test_the_share_link_carries_the_other_hands_and_an_older_link_still_opens():
    g = random_position("page-5", 3, 3)
    doc = play_doc(g)
    at = opened_with(link=encode_scenario(doc))
    assert at.session_state[ks.page_key(ks.TRICK, ks.DOC)] == doc
    assert decode_scenario(at.query_params["s"])["hands"] == doc["hands"]
    older = {k: v for k, v in doc.items() if k != "hands"}
    again = opened_with(link=encode_scenario(older))
    assert again.session_state[ks.page_key(ks.TRICK, ks.DOC)] == older
    assert table_with(again, "Legal") is not None and table_with(again, "Tricks") is None


def test_typed_hands_with_a_word_that_is_not_a_card_are_refused_where_it_is_and_kept():
    g = random_position("page-6", 2, 0)
    doc = play_doc(g)
    at = opened_with(doc)
    at.radio(key=ks.TRICK_ENTRY).set_value("type").run()
    seat = next(iter(doc["hands"]))
    typed = " ".join(["zz", *doc["hands"][seat][1:]])
    at.text_input(key=ks.trick_hands_text_key(seat)).input(typed).run()
    assert not at.exception, at.exception
    problem = "\n".join(shown(e.value) for e in at.error)
    assert f"hands.{seat}[0]" in problem and "zz" in problem, problem
    assert at.text_input(key=ks.trick_hands_text_key(seat)).value == typed
    assert table_with(at, "Legal") is not None                  # the legal cards do not wait for the hands


def test_a_word_typed_in_a_hand_still_being_entered_is_named_as_no_card_and_stays_typed():
    g = random_position("page-typed", 4, 1)
    at = opened_with(play_doc(g))
    at.radio(key=ks.TRICK_ENTRY).set_value("type").run()
    seat = next(iter(play_doc(g)["hands"]))
    at.text_input(key=ks.trick_hands_text_key(seat)).input("ZZ").run()
    assert not at.exception, at.exception
    assert any("Enter the other three hands" in shown(i.value) for i in at.info)
    problem = "\n".join(shown(e.value) for e in at.error)
    assert f"hands.{seat}[0]: 'ZZ' is not a card" in problem, problem
    assert at.text_input(key=ks.trick_hands_text_key(seat)).value == "ZZ"
