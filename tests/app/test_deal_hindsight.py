"""The Deal checker's hindsight under AppTest: each played card's exact cost with all hands open, the best cards
marked on the hand of the seat to play, and a Sawa claim checked at the current step."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from explorer.engine.files.scenario import parse_text, verdict_of
from explorer.ui import state as keys
from explorer.view.hindsight import card_cost, moments
from explorer.view.text import shown
from tests.app.test_deal_checker import APP, LIBRARY, PAGE, html_text, load


def shown_text(at: AppTest) -> str:
    """The page's sentences as a reader sees them (Markdown escapes undone)."""
    return "\n".join(shown(str(e.value)) for e in (*at.markdown, *at.error, *at.success, *at.warning, *at.info,
                                                    *at.caption))


def said(elements) -> list[str]:
    return [shown(str(e.value)) for e in elements]


@pytest.fixture
def at() -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=120).run()
    app.switch_page(PAGE).run()
    assert not app.exception, app.exception
    return app


def hindsight_on(at: AppTest, stem: str, pos: int) -> AppTest:
    load(at, stem)
    at.slider(key=keys.DEAL_POS).set_value(pos).run()
    at.toggle(key=keys.DEAL_HINDSIGHT).set_value(True).run()
    assert not at.exception, at.exception
    return at


def test_hindsight_is_off_until_asked_and_says_it_is_hindsight(at):
    load(at, "deal-in-progress-kaboot")
    assert "all hands open" not in shown_text(at)
    at.toggle(key=keys.DEAL_HINDSIGHT).set_value(True).run()
    assert not at.exception
    assert "Hindsight (all hands open): not what the players could see." in shown_text(at)


def test_the_best_cards_of_the_seat_to_play_are_marked_on_its_hand_and_named_as_faces(at):
    hindsight_on(at, "deal-in-progress-kaboot", 6)     # South to play under North's A♣ (7♣ keeps the Kaboot)
    text = shown_text(at)
    assert "◆ Best for S with all hands open: 7♣ (award +44 for NS)." in text
    assert "7C" not in text
    html = html_text(at)
    assert "best with all hands open" in html and 'data-highlight="best"' in html


def test_each_played_card_gets_the_solvers_cost_for_its_team(at):
    doc = parse_text((LIBRARY / "deal-hokum-clean.yaml").read_text())
    v = verdict_of(doc)
    states = moments(v)
    costs = [card_cost(v, states, i) for i in range(len(states))]
    costly = next(c for c in costs if c is not None and c.cost > 0)
    hindsight_on(at, "deal-hokum-clean", costly.position)
    want = (f"cost {costly.seat.team.value} {costly.cost} game points")
    assert any(want in w for w in said(at.warning)), said(at.warning)
    fine = next(c for c in costs if c is not None and c.cost == 0)
    at.slider(key=keys.DEAL_POS).set_value(fine.position).run()
    assert any("was one of the best cards" in s for s in said(at.success))


def test_the_table_lists_every_card_played_so_far_with_its_cost_and_stays_while_stepping(at):
    hindsight_on(at, "deal-in-progress-kaboot", 6)
    at.toggle(key=keys.DEAL_HINDSIGHT_ALL).set_value(True).run()
    assert not at.exception
    frame = at.table[-1].value
    assert list(frame["Card"]) == ["1", "2", "3", "4", "5", "6"]
    assert list(frame.columns[:4]) == ["Card", "Seat", "Played", "Cost"], "the cost in view on a phone"
    assert all(int(x) >= 0 for x in frame["Cost"])
    at.button(key=keys.DEAL_SAWA).click().run()                      # another tap: the table stays
    at.slider(key=keys.DEAL_POS).set_value(5).run()
    assert list(at.table[-1].value["Card"]) == ["1", "2", "3", "4", "5"]


def test_the_cost_table_names_the_seats_in_arabic():
    app = AppTest.from_file(str(APP), default_timeout=120)
    app.query_params["lang"] = "ar"
    app.run()
    app.switch_page(PAGE).run()
    hindsight_on(app, "deal-in-progress-kaboot", 6)
    app.toggle(key=keys.DEAL_HINDSIGHT_ALL).set_value(True).run()
    seats = [str(x) for x in app.table[-1].value.iloc[:, 1]]
    assert seats and not any("North" in x or "East" in x or "South" in x or "West" in x for x in seats), seats


def test_the_claiming_seat_starts_at_the_seat_to_play_of_each_position(at):
    hindsight_on(at, "deal-in-progress-kaboot", 6)                  # South to play
    assert at.selectbox(key=keys.DEAL_SAWA_SEAT).value == "S"
    at.slider(key=keys.DEAL_POS).set_value(5).run()                  # West to play
    assert at.selectbox(key=keys.DEAL_SAWA_SEAT).value == "W"


def test_a_sawa_claim_is_checked_for_the_chosen_seat_with_the_beating_defence_in_words(at):
    hindsight_on(at, "deal-in-progress-kaboot", 6)
    at.selectbox(key=keys.DEAL_SAWA_SEAT).select("S").run()
    at.button(key=keys.DEAL_SAWA).click().run()
    assert "Sawa holds: S's team NS takes all 7 tricks left against any defence." in said(at.success)
    at.selectbox(key=keys.DEAL_SAWA_SEAT).select("E").run()
    assert not any("Sawa" in s for s in said(at.success))      # a verdict is shown only for its own claim
    at.button(key=keys.DEAL_SAWA).click().run()
    assert any(e.startswith("Sawa fails") for e in said(at.error))
    assert "The defence that beats it: N wins trick 2 with A♣." in shown_text(at)


def test_at_the_end_of_a_finished_deal_there_is_nothing_to_claim(at):
    hindsight_on(at, "deal-hokum-clean", 32)
    assert "Nothing to claim: no card is left to play at this step." in shown_text(at)
    assert not at.exception


def test_a_deal_with_an_illegal_card_gets_hindsight_up_to_it_and_no_cost_for_the_refused_card(at):
    hindsight_on(at, "deal-illegal-card", 2)           # West to play the refused 7♦ as card 3
    assert "◆ Best for W with all hands open" in shown_text(at)
    at.slider(key=keys.DEAL_POS).set_value(3).run()
    assert not at.exception
    assert not any("by W" in w for w in said(at.warning) + said(at.success))


@pytest.mark.parametrize("award, words", [(6, "ends the deal 6 game points ahead"),
                                          (-2, "the best EW could do was to end the deal 2 game points behind"),
                                          (0, "ends the deal level"), (1, "1 game point ahead")])
def test_a_best_card_is_said_from_its_teams_side_ahead_level_or_behind(award, words):
    """A card that kept the best award is never read as a loss it caused: a best award of −2 is the most its team
    could do (the Deal checker once said 'kept the best award for EW: −2 game points')."""
    from explorer.engine.core.cards import Card, Seat
    from explorer.view import hindsight, language
    with language.speaking("en"):
        said_here = hindsight.best_sentence(Card.parse("9C"), Seat.W, award)
    assert words in said_here and "9♣" in said_here
