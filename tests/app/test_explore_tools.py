"""The Explore tools under AppTest: Trick checker, Score calculator, Compare rules and the Scenario library.

Each test starts from ``explorer/app.py``, switches to the page, drives its keyed widgets (or
seeds ``session_state``) and checks the verdict the page shows.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from streamlit.testing.v1 import AppTest

from explorer.content.library import load_library
from explorer.engine.core.profiles import PROFILES
from explorer.engine.files.compare import judge_under, responsible_options, verdict_summary
from explorer.engine.files.scenario import check_doc
from explorer.engine.rules.play import PlayRule
from explorer.ui import state as ks
from explorer.view.presentation import present_frames
from explorer.view.text import shown
from explorer.view.words import verdict_words
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"
LIBRARY = sorted((ROOT / "data" / "scenarios").glob("*.yaml"))


def load(stem: str) -> dict:
    return yaml.safe_load((ROOT / "data" / "scenarios" / f"{stem}.yaml").read_text(encoding="utf-8"))


def html_text(at: AppTest) -> str:
    return "\n".join(h.value for h in at.html)


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [x.value for x in (*at.error, *at.warning, *at.success, *at.info)]
    return "\n".join(parts)


def open_page(page: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=30).run()
    at.switch_page(f"app_pages/{page}").run()
    assert not at.exception, at.exception
    return at


@pytest.fixture
def trick() -> AppTest:
    return open_page("trick_checker.py")


@pytest.fixture
def score() -> AppTest:
    return open_page("score_calculator.py")


@pytest.fixture
def compare() -> AppTest:
    return open_page("compare_rules.py")


@pytest.fixture
def library() -> AppTest:
    return open_page("library.py")


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


# --- Trick checker ---------------------------------------------------------------------------

def tap(at: AppTest, cards_key: str, codes: list[str]) -> AppTest:
    """Tap cards one by one, as a user does: each tap is a run (so the order of the taps is kept)."""
    for code in codes:
        row = at.pills(key=ks.tap_key(cards_key, code[1]))
        row.set_value([*row.value, code] if code not in row.value else [c for c in row.value if c != code])
        run(at)
    return at


def set_hand(at: AppTest, codes: list[str]) -> AppTest:
    """The hand holds exactly these cards (taps off the others, taps these on)."""
    tap(at, ks.TRICK_HAND, [c for c in at.session_state[ks.TRICK_HAND] if c not in codes])
    return tap(at, ks.TRICK_HAND, [c for c in codes if c not in at.session_state[ks.TRICK_HAND]])


def set_third_player_cut(at: AppTest) -> AppTest:
    """000 §09 by the widgets: Hokum ♥, E deals, N leads K♣, W 7♣; South holds no club."""
    at.radio(key=ks.TRICK_MODE).set_value("hokum")
    at.selectbox(key=ks.TRICK_TRUMP).set_value("H")
    at.selectbox(key=ks.TRICK_DEALER).set_value("E")
    at.segmented_control(key=ks.TRICK_LEADER).set_value("N")
    run(at)
    tap(at, ks.TRICK_TABLE, ["KC", "7C"])
    return tap(at, ks.TRICK_HAND, ["QH", "9S", "8S", "AS", "TD", "JD", "7S", "8D"])


def test_empty_trick_checker_asks_for_the_hand(trick):
    assert any("hand of the seat to play" in i.value for i in trick.info)
    assert not trick.error
    assert "s" not in trick.query_params


def test_third_player_cut_shows_qh_legal_and_as_illegal_with_the_rule(trick):
    set_third_player_cut(trick)
    body = html_text(trick)
    assert 'data-card="QH" data-highlight="legal"' in body
    assert 'data-card="AS" data-highlight="illegal"' in body
    assert "third player" in texts(trick)
    frame = trick.table[0].value
    why = dict(zip(frame["Card"], frame["Why"], strict=True))
    assert why["A♠"].startswith("A♠ is not allowed") and "Q♥" in why["A♠"]
    assert frame.set_index("Card").loc["Q♥", "Legal"] == "✓ legal"
    assert "Winning now:** North" in texts(trick)
    assert trick.session_state[ks.page_key(ks.TRICK, ks.DOC)]["hand"][0] == "QH"


def test_worked_example_button_loads_the_same_verdict(trick):
    action(trick, ks.TRICK_EXAMPLE).click().run()
    assert 'data-card="QH" data-highlight="legal"' in html_text(trick)
    assert trick.session_state[ks.TRICK_TABLE] == ["KC", "7C"]
    assert trick.pills(key=ks.tap_key(ks.TRICK_TABLE, "C")).value == ["KC", "7C"]


def test_typed_cards_give_the_same_verdict_as_tapped_ones(trick):
    trick.radio(key=ks.TRICK_ENTRY).set_value("type").run()
    trick.selectbox(key=ks.TRICK_DEALER).set_value("E")
    trick.text_input(key=ks.TRICK_TABLE_TEXT).input("kc 7♣")
    trick.text_input(key=ks.TRICK_HAND_TEXT).input("QH 9S 8S AS 10d JD 7S 8D")
    run(trick)
    assert 'data-card="QH" data-highlight="legal"' in html_text(trick)
    trick.radio(key=ks.TRICK_ENTRY).set_value("tap").run()
    assert trick.session_state[ks.TRICK_HAND][4] == "TD"
    assert trick.pills(key=ks.tap_key(ks.TRICK_HAND, "D")).value == ["TD", "JD", "8D"]
    assert 'data-card="AS" data-highlight="illegal"' in html_text(trick)


@pytest.mark.parametrize(
    ("table", "hand", "needle"),
    [
        pytest.param("KC 7C", "QH QH 8S AS TD JD 7S 8D", "Q♥ appears twice", id="duplicate-card"),
        pytest.param("KC 7C", "QH KC 8S AS TD JD 7S 8D", "K♣ is in the hand but was already played",
                     id="card-both-held-and-played"),
        pytest.param("KC 7C", "QH XX 8S AS TD JD 7S 8D", "'XX' is not a card", id="unknown-card"),
    ],
)
def test_bad_cards_show_the_engine_problem_and_keep_the_inputs(trick, table, hand, needle):
    trick.radio(key=ks.TRICK_ENTRY).set_value("type").run()
    trick.selectbox(key=ks.TRICK_DEALER).set_value("E")
    trick.text_input(key=ks.TRICK_TABLE_TEXT).input(table)
    trick.text_input(key=ks.TRICK_HAND_TEXT).input(hand)
    run(trick)
    assert trick.error, "a bad input must be named in st.error"
    assert needle in shown(trick.error[0].value)  # cards named as faces, as people read them
    assert trick.text_input(key=ks.TRICK_HAND_TEXT).value == hand
    assert trick.text_input(key=ks.TRICK_TABLE_TEXT).value == table


def test_switching_to_tapping_with_an_unknown_card_keeps_the_text(trick):
    trick.radio(key=ks.TRICK_ENTRY).set_value("type").run()
    trick.text_input(key=ks.TRICK_HAND_TEXT).input("QH ZZ").run()
    trick.radio(key=ks.TRICK_ENTRY).set_value("tap").run()
    assert trick.radio(key=ks.TRICK_ENTRY).value == "type"
    assert trick.text_input(key=ks.TRICK_HAND_TEXT).value == "QH ZZ"
    assert any("'ZZ' is not a card" in shown(e.value) for e in trick.error)


def test_valid_ekka_frees_the_third_player_and_says_it_holds(trick):
    set_third_player_cut(trick)
    trick.text_area(key=ks.TRICK_TRICKS).input("N: AC 8C 9C TC")
    run(trick)
    set_hand(trick, ["QH", "9S", "8S", "AS", "TD", "JD", "7S"])
    trick.checkbox(key=ks.TRICK_EKKA).check()
    run(trick)
    assert any("Ekka claim holds" in s.value for s in trick.success)
    assert 'data-card="AS" data-highlight="legal"' in html_text(trick)


def test_false_ekka_is_reported_and_the_cut_still_applies(trick):
    set_third_player_cut(trick)
    trick.checkbox(key=ks.TRICK_EKKA).check()
    run(trick)
    warning = " ".join(w.value for w in trick.warning)
    assert "Ekka claim does not hold" in warning and "A♣" in shown(warning)
    assert 'data-card="AS" data-highlight="illegal"' in html_text(trick)


def test_locked_double_forbids_the_trump_lead(trick):
    at = trick
    at.selectbox(key=ks.TRICK_DEALER).set_value("E")
    at.selectbox(key=ks.TRICK_LEVEL).set_value("double")
    run(at)
    at.selectbox(key=ks.TRICK_DOUBLER).set_value("E")
    at.checkbox(key=ks.TRICK_LOCKED).check()
    run(at)
    tap(at, ks.TRICK_HAND, ["JH", "9H", "AS", "TS", "KD", "QD", "7C", "8C"])
    body = html_text(at)
    assert 'data-card="JH" data-highlight="illegal"' in body
    assert 'data-card="AS" data-highlight="legal"' in body


def test_cards_on_the_table_keep_the_order_they_were_tapped_in_across_suits(trick):
    tap(trick, ks.TRICK_TABLE, ["KC", "QH", "7C"])
    assert trick.session_state[ks.TRICK_TABLE] == ["KC", "QH", "7C"]
    assert trick.session_state[ks.page_key(ks.TRICK, ks.DOC)]["current"]["cards"] == ["KC", "QH", "7C"]
    tap(trick, ks.TRICK_TABLE, ["QH"])  # tapped again: taken back, the others keep their order
    assert trick.session_state[ks.TRICK_TABLE] == ["KC", "7C"]


def test_a_fourth_card_on_the_table_is_refused_and_said(trick):
    tap(trick, ks.TRICK_TABLE, ["KC", "7C", "8C", "9C"])
    assert trick.session_state[ks.TRICK_TABLE] == ["KC", "7C", "8C"]
    assert trick.pills(key=ks.tap_key(ks.TRICK_TABLE, "C")).value == ["KC", "7C", "8C"]
    assert any("At most 3 cards are on the table" in c.value for c in trick.caption)


def test_the_line_under_the_inputs_names_the_seat_to_play_and_its_only_legal_card(trick):
    """The disputed trick: West leads K♣ in a hearts Hokum, 7♣ follows, the hand holds Q♥ and no club."""
    trick.segmented_control(key=ks.TRICK_LEADER).set_value("W")
    run(trick)
    tap(trick, ks.TRICK_TABLE, ["KC", "7C"])
    tap(trick, ks.TRICK_HAND, ["QH"])
    assert any(m.value == "**East to play:** you must trump. **Q♥** is the only legal card." for m in trick.markdown)
    seats = html_text(trick)
    assert 'data-seat="S" data-card="7C"' in seats, "7♣ lands on South: play runs anticlockwise"
    assert 'bx-sm-turn" data-seat="E"' in seats
    assert any("West leads, then South, East, North." in c.value for c in trick.caption)


def test_the_hand_is_named_after_the_seat_to_play(trick):
    set_third_player_cut(trick)
    assert "Hand of South" in texts(trick)


def test_the_hand_is_named_as_soon_as_the_table_says_whose_turn_it_is(trick):
    """Before any hand is tapped: the leader and the cards on the table say who plays next."""
    assert "Hand of North" in texts(trick)  # North leads by default
    trick.segmented_control(key=ks.TRICK_LEADER).set_value("W")
    run(trick)
    tap(trick, ks.TRICK_TABLE, ["KC", "7C"])
    assert "Hand of East" in texts(trick)


def test_earlier_tricks_with_a_bad_line_are_named(trick):
    set_third_player_cut(trick)
    trick.text_area(key=ks.TRICK_TRICKS).input("AC 8C 9C TC")
    run(trick)
    assert "line 1" in trick.error[0].value


# --- Score calculator ------------------------------------------------------------------------

def set_sun_sira_example(at: AppTest) -> AppTest:
    """004: Sun bought by E; NS 56 raw with a Sira (S shows Q K A of diamonds), EW 74."""
    at.radio(key=ks.SCORE_MODE).set_value("sun")
    at.selectbox(key=ks.SCORE_BUYER).set_value("E")
    at.selectbox(key=ks.SCORE_DEALER).set_value("N")
    run(at)
    at.number_input(key=ks.SCORE_POINTS_NS).set_value(56)
    run(at)
    at.text_input(key=ks.score_project_key("S")).input("QD KD AD")
    return run(at)


def test_score_calculator_shows_the_award_30_0_for_the_sun_sira_example(score):
    set_sun_sira_example(score)
    assert score.session_state[ks.SCORE_POINTS_EW] == 74, "EW is filled in from NS"
    metrics = {m.label: m.value for m in score.metric}
    assert metrics["NS records"] == "30" and metrics["EW records"] == "0"
    assert "award NS 30 – EW 0" in texts(score)
    steps = score.table[0].value
    assert list(steps["Step"])[:5] == ["Raw card points", "Last trick", "Counting team", "Conversion", "Complement"]
    row = steps.set_index("Step").loc["Comparison"]
    assert (row["NS"], row["EW"]) == ("16", "14")
    fig = json.loads(score.get("plotly_chart")[0].proto.spec)
    ns = next(t for t in fig["data"] if t["name"].startswith("NS"))
    assert ns["type"] == "waterfall" and list(ns["y"])[:2] == [12, 4]


def test_add_to_score_sheet_appends_the_award(score):
    set_sun_sira_example(score)
    action(score, ks.SCORE_ADD_TO_SHEET).click().run()
    action(score, ks.SCORE_ADD_TO_SHEET).click().run()
    deals = score.session_state[ks.SHEET_DEALS]
    assert len(deals) == 2
    assert deals[0] == {"NS": 30, "EW": 0, "note": "Sun bought by E", "gahwa_winner": None}


def test_the_line_under_the_inputs_gives_the_award_with_the_button_to_keep_it(score):
    assert any(m.value.startswith("Enter the raw card points of both teams") for m in score.markdown)
    set_sun_sira_example(score)
    assert any(m.value == "**NS wins** (the buyer fails): award **NS 30 – EW 0**. Every step is below."
               for m in score.markdown)
    assert action(score, ks.SCORE_ADD_TO_SHEET).proto.type == "primary"


@pytest.mark.parametrize(("typed", "said"), [
    (200, "**NS 200 is not possible:** a Hokum deal has 162 raw points in all."),
    (-4, "**NS -4 is not possible:** raw points are never negative."),
])
def test_points_a_deal_cannot_hold_are_named_under_the_inputs(score, typed, said):
    """Typing one team's points fills in the other's; when it cannot, the line under the inputs says why."""
    score.number_input(key=ks.SCORE_POINTS_NS).set_value(typed)
    run(score)
    assert score.number_input(key=ks.SCORE_POINTS_EW).value is None
    assert any(m.value.startswith(said) for m in score.markdown), [m.value for m in score.markdown]
    assert score.number_input(key=ks.SCORE_POINTS_NS).value == typed, "what was typed stays"


def test_match_totals_start_empty_so_typing_26_is_not_026(score):
    assert score.number_input(key=ks.SCORE_MATCH_NS).value is None
    assert score.number_input(key=ks.SCORE_MATCH_EW).value is None


def test_gahwa_goes_to_the_sheet_with_its_winner(score):
    doc = load("score-gahwa-wins-the-match")
    score.session_state[ks.page_key(ks.SCORE, ks.INCOMING)] = {"doc": doc, "source": "a test"}
    run(score)
    assert "wins the deal and the match (Gahwa)" in texts(score)
    action(score, ks.SCORE_ADD_TO_SHEET).click().run()
    entry = score.session_state[ks.SHEET_DEALS][-1]
    assert entry["gahwa_winner"] == "NS" and (entry["NS"], entry["EW"]) == (0, 0)
    assert entry["note"] == doc["title"]


def test_counting_the_eight_tricks_fills_the_points(score):
    tricks = load("deal-hokum-clean")["tricks"]
    text = "\n".join(f"{t['leader']}: {' '.join(t['cards'])}" for t in tricks)
    score.text_area(key=ks.SCORE_COUNT_TEXT).input(text)
    action(score, ks.SCORE_COUNT).click()
    run(score)
    assert score.session_state[ks.SCORE_POINTS_NS] == 112
    assert score.session_state[ks.SCORE_POINTS_EW] == 50
    assert "award NS 11 – EW 5" in texts(score)


def test_counting_too_few_tricks_is_named(score):
    score.text_area(key=ks.SCORE_COUNT_TEXT).input("E: 7S TS KH JS")
    action(score, ks.SCORE_COUNT).click()
    run(score)
    assert "eight tricks are needed" in score.error[0].value
    assert score.session_state[ks.SCORE_POINTS_NS] is None


def test_typing_one_team_fills_the_other_in_both_contracts(score):
    score.number_input(key=ks.SCORE_POINTS_EW).set_value(80)
    run(score)
    assert score.session_state[ks.SCORE_POINTS_NS] == 82
    score.radio(key=ks.SCORE_MODE).set_value("sun")
    run(score)
    assert score.session_state[ks.SCORE_POINTS_EW] == 48


def test_points_that_do_not_add_up_show_the_engine_problem_and_keep_the_inputs(score):
    doc = {"kind": "score", "contract": {"mode": "hokum", "trump": "H", "buyer": "N"},
           "points": {"NS": 80, "EW": 80}}
    score.session_state[ks.page_key(ks.SCORE, ks.INCOMING)] = {"doc": doc, "source": "a test"}
    run(score)
    assert "162 raw points" in score.error[0].value
    assert score.number_input(key=ks.SCORE_POINTS_NS).value == 80
    assert score.number_input(key=ks.SCORE_POINTS_EW).value == 80


def test_kaboot_needs_the_tricks(score):
    score.session_state[ks.page_key(ks.SCORE, ks.INCOMING)] = {
        "doc": load("score-kaboot-sun-with-sira"), "source": "a test"}
    run(score)
    assert "Kaboot by EW" in texts(score)
    score.checkbox(key=ks.SCORE_TRICKS_GIVEN).uncheck()
    run(score)
    assert "Kaboot by" not in texts(score)


# --- Compare rules ---------------------------------------------------------------------------

def compare_file(at: AppTest, stem: str) -> AppTest:
    at.selectbox(key=ks.COMPARE_LIBRARY_FILE).set_value(stem)
    action(at, ks.COMPARE_LOAD_FILE).click()
    return run(at)


def test_compare_starts_empty_and_asks_for_a_scenario(compare):
    assert any("Choose a scenario" in i.value for i in compare.info)


def test_compare_marks_the_disputed_tie_at_double_and_names_the_option(compare):
    compare_file(compare, "score-escalated-tie-units")
    body = texts(compare)
    assert "The profiles disagree" in body
    assert "award **NS 0 – EW 32**" in body and "award **NS 32 – EW 0**" in body
    assert "`escalated_tie`" in body and "alone gives its verdict" in body
    assert "**differs**" in body
    frame = compare.table[0].value
    assert "tie rule" in list(frame["Step"])


def test_compare_play_dispute_highlights_the_cards(compare):
    compare_file(compare, "play-must-undertrump-simple")
    body = texts(compare)
    assert "`must_undertrump`" in body
    frame = compare.table[0].value.set_index("Card")
    assert frame.loc["A♠", "Detailed Saudi rules"] == "✓ legal"
    assert frame.loc["A♠", "Simple online how-to"] == "✕ illegal"


def test_compare_same_verdict_everywhere_says_so(compare):
    compare_file(compare, "seed000-third-player-must-cut")
    assert any("Every profile gives the same verdict" in s.value for s in compare.success)


def test_compare_custom_column_follows_its_toggles(compare):
    compare_file(compare, "seed000-third-player-must-cut")
    assert any("same verdict" in s.value for s in compare.success)
    compare.toggle(key=ks.compare_option_key("third_seat_must_cut")).set_value(False)
    run(compare)
    assert "The profiles disagree" in texts(compare)
    assert "`third_seat_must_cut`" in texts(compare)


def test_compare_takes_the_current_scenario_of_another_tool(trick):
    set_third_player_cut(trick)
    trick.switch_page("app_pages/compare_rules.py").run()
    action(trick, ks.COMPARE_FROM_TRICK).click()
    run(trick)
    assert trick.session_state[ks.page_key(ks.COMPARE, ks.DOC)]["current"]["cards"] == ["KC", "7C"]
    assert "Every profile gives the same verdict" in texts(trick)


def test_compare_custom_profile_in_the_scenario_fills_the_custom_column(compare):
    compare_file(compare, "play-third-seat-free-variant")
    assert compare.toggle(key=ks.compare_option_key("third_seat_must_cut")).value is False
    assert "`third_seat_must_cut`" in texts(compare)


def test_compare_open_in_tool(compare):
    compare_file(compare, "seed004-sun-56-sira-74")
    action(compare, ks.COMPARE_OPEN_IN_TOOL).click()
    run(compare)
    assert compare.title[0].value == "Score calculator"
    assert {m.label: m.value for m in compare.metric}["NS records"] == "30"


# --- Scenario library ------------------------------------------------------------------------

def test_library_lists_every_file_by_topic(library):
    assert f"{len(LIBRARY)} of {len(LIBRARY)} scenarios" in texts(library)
    titles = {yaml.safe_load(p.read_text(encoding="utf-8"))["title"] for p in LIBRARY}
    listed = "\n".join(shown(m.value) for m in library.markdown)  # titles are shown as written, Markdown escaped
    assert all(f"**{t}**" in listed for t in titles)
    assert any(s.value.startswith("Following and cutting") for s in library.subheader)


def test_library_search_filters(library):
    library.text_input(key=ks.LIBRARY_SEARCH).input("reverse kaboot").run()
    caption = next(c.value for c in library.caption if "scenarios" in c.value)
    n = int(caption.split()[0])
    assert 1 <= n < len(LIBRARY)
    library.text_input(key=ks.LIBRARY_SEARCH).input("zzzz nothing").run()
    assert any("No scenario matches" in i.value for i in library.info)


def test_library_opens_a_play_scenario_in_the_trick_checker(library):
    action(library, ks.page_key(ks.LIBRARY, "open", "seed000-third-player-must-cut")).click()
    run(library)
    assert library.title[0].value == "Trick checker"
    assert 'data-card="QH" data-highlight="legal"' in html_text(library)
    assert any("Opened" in s.value for s in library.success)


def test_library_compare_button_goes_to_compare_rules(library):
    action(library, ks.page_key(ks.LIBRARY, "compare", "score-doubled-kaboot-fixed")).click()
    run(library)
    assert library.title[0].value == "Compare rules"
    assert "The profiles disagree" in texts(library)


def test_presentation_steps_through_a_trick_card_by_card_then_the_verdict(library):
    action(library, ks.page_key(ks.LIBRARY, "show", "seed000-third-player-must-cut")).click()
    run(library)
    assert '[data-testid="stSidebar"]' in html_text(library) and "display: none" in html_text(library)
    headings = [library.header[0].value]
    while not action(library, ks.LIBRARY_NEXT).disabled:
        action(library, ks.LIBRARY_NEXT).click()
        run(library)
        headings.append(library.header[0].value)
    assert headings == ["The contract", "Card 1: North", "Card 2: West", "South to play: which cards are legal?",
                        "The verdict"]
    assert "bx-lg" in html_text(library)
    assert 'data-card="QH" data-highlight="legal"' in html_text(library)
    action(library, ks.LIBRARY_BACK).click()
    run(library)
    assert library.header[0].value == "South to play: which cards are legal?"
    action(library, ks.LIBRARY_EXIT).click()
    run(library)
    assert library.title[0].value == "Scenario library"


@pytest.mark.parametrize(("stem", "first", "last"), [
    ("seed004-sun-56-sira-74", "The deal", "The award"),
    ("deal-illegal-card", "The deal", "Trick 1, card 3: illegal"),
    ("projects-four-kind-beats-five-run", "The contract", "Who scores?"),
    ("bidding-sun-over-hokum", "The upcard", "The outcome"),
])
def test_presentation_of_each_kind_has_steps(library, stem, first, last):
    action(library, ks.page_key(ks.LIBRARY, "show", stem)).click()
    run(library)
    assert library.header[0].value == first
    steps = 1
    while not action(library, ks.LIBRARY_NEXT).disabled:
        action(library, ks.LIBRARY_NEXT).click()
        run(library)
        steps += 1
    assert steps > 2 and library.header[0].value == last


# --- the library's content -------------------------------------------------------------------

def test_library_has_at_least_30_scenarios_each_with_title_notes_and_topic():
    assert len(LIBRARY) >= 30
    for path in LIBRARY:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert doc.get("title") and doc.get("notes"), path.name
        if path.name.startswith(("play-", "score-", "projects-", "seed")):
            assert doc.get("topic"), path.name


def test_every_cutting_obligation_has_a_play_scenario():
    rules = set()
    for path in (ROOT / "data" / "scenarios").glob("play-*.yaml"):
        expect = yaml.safe_load(path.read_text(encoding="utf-8")).get("expect") or {}
        rules.add(expect.get("rule_id"))
    wanted = {r.value for r in PlayRule} - {PlayRule.NOT_IN_HAND.value}
    assert wanted <= rules, f"no play-*.yaml for: {sorted(wanted - rules)}"


def test_library_opens_a_deal_in_the_deal_checker(library):
    if not (ROOT / "explorer" / "app_pages" / "deal_checker.py").exists():
        pytest.skip("the Deal checker is not written yet")
    action(library, ks.page_key(ks.LIBRARY, "open", "deal-illegal-card")).click()
    run(library)
    assert library.title[0].value == "Deal checker"
    assert "West does not trump" in library.session_state["deal.text"]  # taken from its inbox "deal.incoming"


@pytest.mark.parametrize("other", ["glossary.py", "library.py", "compare_rules.py"])
def test_a_visit_to_another_page_keeps_the_tools_inputs(trick, other):
    set_third_player_cut(trick)
    trick.switch_page(f"app_pages/{other}").run()
    trick.switch_page("app_pages/trick_checker.py").run()
    assert not trick.exception
    assert trick.session_state[ks.TRICK_TABLE] == ["KC", "7C"]
    assert 'data-card="QH" data-highlight="legal"' in html_text(trick)


def test_score_inputs_survive_the_score_sheet(score):
    set_sun_sira_example(score)
    score.switch_page("app_pages/glossary.py").run()
    score.switch_page("app_pages/score_calculator.py").run()
    assert score.number_input(key=ks.SCORE_POINTS_NS).value == 56
    assert {m.label: m.value for m in score.metric}["NS records"] == "30"


def test_compare_custom_options_survive_a_visit(compare):
    compare_file(compare, "seed000-third-player-must-cut")
    compare.toggle(key=ks.compare_option_key("third_seat_must_cut")).set_value(False)
    run(compare)
    compare.switch_page("app_pages/glossary.py").run()
    compare.switch_page("app_pages/compare_rules.py").run()
    assert compare.toggle(key=ks.compare_option_key("third_seat_must_cut")).value is False
    assert "The profiles disagree" in texts(compare)


@pytest.mark.parametrize("path", LIBRARY, ids=[p.stem for p in LIBRARY])
def test_every_library_file_can_be_compared_and_presented(path):
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    results = judge_under(doc, PROFILES)
    summaries = {pid: verdict_summary(c) for pid, c in results.items()}
    for pid, checked in results.items():
        assert verdict_words(checked)
        if summaries[pid] != summaries["detailed"]:
            flip = responsible_options(doc, PROFILES["detailed"], PROFILES[pid])
            assert flip.options or flip.differing
    own = check_doc(doc)
    frames = present_frames(doc, own, size="lg")
    assert len(frames) >= 2 and all(f.heading for f in frames)


def test_library_search_finds_cases_by_their_arabic_term():
    entries = load_library()
    arabic = {e.stem for e in entries if e.matches("كبوت")}
    english = {e.stem for e in entries if e.matches("kaboot")}
    assert arabic == english and arabic


@pytest.mark.parametrize("file", ["trick_checker.py", "score_calculator.py", "compare_rules.py", "deal_checker.py"])
def test_an_engine_bug_is_one_line_asking_for_a_report_not_a_traceback(monkeypatch, file):
    import explorer.engine.files.scenario as scenario
    from explorer.engine.files.share import encode_scenario

    def broken(*args, **kwargs):
        raise KeyError("a bug")

    stem = {"trick_checker.py": "seed000-third-player-must-cut", "score_calculator.py": "seed004-sun-65-65",
            "compare_rules.py": "score-escalated-tie-units", "deal_checker.py": "deal-hokum-clean"}[file]
    at = AppTest.from_file(str(APP), default_timeout=30).run()
    monkeypatch.setattr(scenario, "judge", broken)
    at.query_params["s"] = encode_scenario(load(stem))
    at.switch_page(f"app_pages/{file}").run()
    assert not at.exception, at.exception
    assert any("internal error KeyError" in e.value and "please report it" in e.value for e in at.error)
