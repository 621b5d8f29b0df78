"""The Lessons page under AppTest: it renders, every lesson can be walked to its end, answers are
judged by the engine (with its explanation for a wrong one), progress shows in the sidebar, and
the interactive widgets respond."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from explorer.content.lessons import engine_answer, load_lessons, normalise, trick_view
from explorer.engine.core.cards import cards
from explorer.ui import state
from explorer.view.text import shown
from explorer.view.words import seat_label
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"  # AppTest resolves relative paths against this test file
LESSONS = load_lessons()
BY_ID = {lesson.id: lesson for lesson in LESSONS}


@pytest.fixture
def at() -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    app.switch_page("app_pages/lesson.py").run()
    assert not app.exception, app.exception
    return app


def open_lesson(at: AppTest, lesson_id: str, step_id: str | None = None) -> None:
    at.selectbox(key=state.LESSON_PICKER).select(lesson_id).run()
    assert not at.exception, at.exception
    if step_id is not None:
        target = BY_ID[lesson_id].index(step_id)
        for _ in range(target):
            action(at, state.LESSON_NEXT).click().run()
        assert at.subheader[0].value == BY_ID[lesson_id].steps[target].title


def answer(at: AppTest, lesson, step, value) -> None:
    """Drive the step's question widgets with ``value`` (a card, seat, team, number, bool or choice value)."""
    q = step.question
    if q.input == "card":
        action(at, state.lesson_card_key(lesson.id, step.id, value)).click().run()
        return
    key = state.lesson_question_key(lesson.id, step.id, "input")
    if q.input == "number":
        at.number_input(key=key).set_value(value).run()
    elif q.input == "choice":
        index = next(i for i, c in enumerate(q.choices)
                     if (str(c.value).lower() if c.value is not None else None)
                     == (str(value).lower() if value is not None else None))
        at.radio(key=key).set_value(index).run()
    else:
        at.radio(key=key).set_value(value).run()
    action(at, state.lesson_question_key(lesson.id, step.id, "check")).click().run()


def reveal(at: AppTest, lesson, step) -> None:
    """After a wrong answer: press "Show the answer"."""
    action(at, state.lesson_question_key(lesson.id, step.id, "reveal")).click().run()
    assert not at.exception, at.exception


def right_answer(step):
    a = engine_answer(step)
    return a.accepted[0] if step.question.ask == "legal_card" else a.value


def sidebar_text(at: AppTest) -> str:
    return "\n".join(m.value for m in at.sidebar.markdown)


def test_the_page_renders_with_a_picker_a_step_and_a_progress_bar(at):
    assert at.title[0].value == "Lessons"
    picker = at.selectbox(key=state.LESSON_PICKER)
    assert picker.options == [f"{lesson.number}. {lesson.title}" for lesson in LESSONS]
    first = LESSONS[0]
    assert at.subheader[0].value == first.steps[0].title
    assert "Step 1 of" in at.get("progress")[0].proto.text
    assert action(at, state.LESSON_BACK).disabled
    assert "Your progress" in sidebar_text(at)


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_each_lesson_can_be_walked_to_its_end_answering_every_question(at, lesson):
    open_lesson(at, lesson.id)
    for i, step in enumerate(lesson.steps):
        assert at.subheader[0].value == step.title, f"step {i}"
        if step.question is not None:
            answer(at, lesson, step, right_answer(step))
            assert not at.exception, at.exception
            assert at.success, f"{step.id}: no success message after the right answer"
            assert at.success[0].value.startswith("✓"), at.success[0].value
        if i < len(lesson.steps) - 1:
            action(at, state.LESSON_NEXT).click().run()
            assert not at.exception, at.exception
    n, q = len(lesson.steps), len(lesson.questions)
    assert any(f"End of the lesson: {q} of {q} right at the first try." in s.value for s in at.success)
    assert f"{n}/{n} steps · {q}/{q} right at the first try" in sidebar_text(at)


def test_walking_with_next_only_reaches_the_end_and_offers_the_next_lesson(at):
    lesson = BY_ID["01-cards"]
    open_lesson(at, lesson.id)
    for _ in range(len(lesson.steps) - 1):
        action(at, state.LESSON_NEXT).click().run()
    assert f"Step {len(lesson.steps)} of {len(lesson.steps)}" in at.get("progress")[0].proto.text
    action(at, state.LESSON_NEXT_LESSON).click().run()
    assert at.session_state[state.LESSON_PICKER] == "02-deal"
    assert at.subheader[0].value == BY_ID["02-deal"].steps[0].title


def test_an_illegal_card_shows_the_engines_reason_and_the_explanation(at):
    lesson = BY_ID["05-cutting"]
    step = lesson.step("trump-lead-overtake")
    open_lesson(at, lesson.id, step.id)
    answer(at, lesson, step, "7H")
    assert at.error[0].value.startswith("✕ **7♥ is not allowed.**")
    reveal(at, lesson, step)
    assert "you must beat Q♥ with a higher trump: K♥" in at.error[0].value
    assert step.question.explain in at.info[0].value
    answer(at, lesson, step, "KH")
    assert at.success[0].value.startswith("✓ **K♥ is legal.**")
    assert step.question.explain in at.info[0].value  # a right answer gets the author's explanation too
    assert f"0/{len(lesson.questions)} right at the first try (+1 after a retry)" in sidebar_text(at)


def test_the_winning_card_gets_its_star_once_the_question_is_answered_right(at):
    lesson = BY_ID["01-cards"]
    step = lesson.step("sun-winner")
    open_lesson(at, lesson.id, step.id)
    star = 'data-card="TD" data-highlight="winning"'
    assert star not in html_text(at)                 # the picture does not give the answer away
    answer(at, lesson, step, "AC")
    assert star not in html_text(at)
    answer(at, lesson, step, "TD")
    assert star in html_text(at)


def test_a_wrong_seat_shows_the_engines_answer_and_reason(at):
    lesson = BY_ID["02-deal"]
    step = lesson.step("cut")
    open_lesson(at, lesson.id, step.id)
    answer(at, lesson, step, "E")
    reveal(at, lesson, step)
    err = at.error[0].value
    assert "You said East (E)" in shown(err) and "the engine says **West (W)**" in err   # the answer: plain text
    assert "The dealer's left neighbour cuts: S deals, so W cuts." in err
    assert step.question.explain in at.info[0].value


def test_checking_without_an_answer_asks_for_one(at):
    lesson = BY_ID["02-deal"]
    open_lesson(at, lesson.id)
    action(at, state.lesson_question_key(lesson.id, "seats", "check")).click().run()
    assert any("Choose an answer first" in w.value for w in at.warning)


def test_a_choice_whose_value_is_null_is_an_answer(at):
    lesson = BY_ID["08-match"]
    step = lesson.step("higher-wins")
    open_lesson(at, lesson.id, step.id)
    answer(at, lesson, step, None)                  # "Nobody yet"
    assert not at.warning
    reveal(at, lesson, step)
    assert "You said Nobody yet; the engine says **NS (158)**" in at.error[0].value


def test_the_sidebar_profile_changes_the_verdict_and_the_page_says_so(at):
    at.selectbox(key=state.SIDEBAR_PROFILE_ID).select("simple").run()
    lesson = BY_ID["05-cutting"]
    step = lesson.step("void-cannot-win")
    open_lesson(at, lesson.id, step.id)
    answer(at, lesson, step, True)
    reveal(at, lesson, step)
    assert "must still play a trump" in at.error[0].value
    assert any("differs from this lesson's text" in i.value for i in at.info)


def test_back_goes_back_and_reset_forgets_the_lesson(at):
    lesson = BY_ID["01-cards"]
    step = lesson.step("sun-winner")
    open_lesson(at, lesson.id, step.id)
    answer(at, lesson, step, "TD")
    assert "1/6 right at the first try" in sidebar_text(at)
    action(at, state.LESSON_BACK).click().run()
    assert at.subheader[0].value == lesson.steps[lesson.index(step.id) - 1].title
    action(at, state.LESSON_RESET).click().run()
    assert at.subheader[0].value == lesson.steps[0].title
    assert "1/10 steps · 0/6 right at the first try" in sidebar_text(at)


def test_each_lesson_keeps_its_own_step(at):
    open_lesson(at, "03-bidding", "ashkal")
    open_lesson(at, "01-cards")
    action(at, state.LESSON_NEXT).click().run()
    open_lesson(at, "03-bidding")
    assert at.subheader[0].value == BY_ID["03-bidding"].step("ashkal").title


def test_a_link_can_open_a_lesson():
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    app.query_params["lesson"] = "06-projects"
    app.switch_page("app_pages/lesson.py").run()
    assert not app.exception
    assert app.session_state[state.LESSON_PICKER] == "06-projects"


# --- the interactive widgets ---------------------------------------------------------------------

def html_text(at: AppTest) -> str:
    return "\n".join(h.value for h in at.html)


def wkey(lesson_id: str, step_id: str, part: str) -> str:
    return state.lesson_widget_key(lesson_id, step_id, part)


def test_trick_builder_shows_winner_and_points_for_an_edited_trick(at):
    open_lesson(at, "01-cards", "try-it")
    k = lambda p: wkey("01-cards", "try-it", p)  # noqa: E731
    assert any("9♥ wins for West" in s.value for s in at.success)
    at.selectbox(key=k("card3")).select("JH").run()
    assert any("J♥ wins for East" in s.value for s in at.success)
    assert any("**45 raw points:**" in i.value for i in at.info)
    at.selectbox(key=k("contract")).select("sun").run()
    assert any("A♥ wins for North" in s.value for s in at.success)


def test_deal_demo_steps_through_the_deal_card_by_card(at):
    lid, sid = "02-deal", "three-two"
    open_lesson(at, lid, sid)
    action(at, wkey(lid, sid, "next")).click().run()
    assert any("Move 1 of 33" in m.value and "first 3 to E" in m.value for m in at.markdown)
    action(at, wkey(lid, sid, "five")).click().run()
    assert "Upcard" in html_text(at)
    action(at, wkey(lid, sid, "all")).click().run()
    assert html_text(at).count(": 8 cards") == 4
    at.number_input(key=wkey(lid, sid, "seed")).set_value(99).run()
    assert not at.exception


def test_bidding_demo_makes_calls_and_explains_a_refused_one(at):
    lid, sid = "03-bidding", "your-turn"
    open_lesson(at, lid, sid)
    k = lambda p: wkey(lid, sid, p)  # noqa: E731
    labels = {b.key: b.label for b in at.button if b.key and b.key.startswith(k("call"))}
    assert list(labels.values()) == ["✓ Pass", "✓ Hokum ♥", "✓ Sun", "✕ Ashkal"]
    action(at, k("call3")).click().run()                         # E may not Ashkal
    assert "Ashkal is for the third seat (W) or the dealer (S), not E." in at.error[0].value
    for _ in range(3):                                             # E, N, W pass
        action(at, k("call0")).click().run()
    ashkal = next(b for b in at.button if b.key and b.key.startswith(k("call")) and b.label == "✓ Ashkal")
    ashkal.click().run()                                          # the dealer S says Ashkal
    assert at.session_state[k("calls")][-1] == "S: ashkal"
    for _ in range(3):                                             # E, N, W decline the Sun
        action(at, k("call0")).click().run()
    assert any("Sun bought by N; N takes the upcard." in s.value for s in at.success)
    action(at, k("undo")).click().run()
    assert len(at.session_state[k("calls")]) == 6


def test_play_puzzle_judges_a_clicked_card_and_follows_edits(at):
    lid, sid = "05-cutting", "your-puzzle"
    open_lesson(at, lid, sid)
    k = lambda p: wkey(lid, sid, p)  # noqa: E731
    action(at, k("pzcard-AS")).click().run()
    assert "A♠ is not allowed" in at.error[0].value and "you must trump" in at.error[0].value
    action(at, k("pzcard-QH")).click().run()
    assert "Q♥ is legal" in at.success[0].value
    at.selectbox(key=k("contract")).select("sun").run()
    action(at, k("pzcard-AS")).click().run()
    assert "in Sun you may play anything" in at.success[0].value


def test_project_builder_finds_the_projects_of_a_picked_hand(at):
    lid, sid = "06-projects", "build"
    open_lesson(at, lid, sid)
    k = lambda p: wkey(lid, sid, p)  # noqa: E731
    assert any("Fifty" in m.value for m in at.markdown)
    at.multiselect(key=k("hand")).set_value(["QS", "QH", "QD", "QC", "7S", "8H", "9D", "AC"]).run()
    assert any("**Hundred**" in m.value for m in at.markdown)
    at.multiselect(key=k("hand")).set_value(["QS", "QH"]).run()
    assert any("Pick 8 cards" in i.value for i in at.info)


def test_score_pipeline_shows_every_step_and_loads_a_worked_example(at):
    lid, sid = "07-scoring", "your-score"
    open_lesson(at, lid, sid)
    k = lambda p: wkey(lid, sid, p)  # noqa: E731
    assert [m.value for m in at.metric][:2] == ["21", "0"]
    at.selectbox(key=k("example")).select("seed004-sun-65-65").run()
    assert [m.value for m in at.metric][:2] == ["13", "13"]
    table = at.table[0].value
    assert list(table.index[:3]) == ["raw", "last trick", "counting team"]
    at.number_input(key=k("ns")).set_value(66).run()
    assert [m.value for m in at.metric][:2] == ["26", "0"]


def test_match_sheet_adds_deals_and_names_the_winner(at):
    lid, sid = "08-match", "score-sheet"
    open_lesson(at, lid, sid)
    k = lambda p: wkey(lid, sid, p)  # noqa: E731
    assert any("No winner yet: NS 115, EW 34" in i.value for i in at.info)
    at.session_state[k("sheet")] = {"edited_rows": {}, "added_rows": [{"NS": 40, "EW": 0}], "deleted_rows": []}
    at.run()
    assert any("NS win the match" in s.value for s in at.success)
    at.session_state[k("sheet")] = {"edited_rows": {"1": {"Gahwa won by": "EW"}}, "added_rows": [],
                                    "deleted_rows": []}
    at.run()
    assert any("Gahwa: **EW win the match**" in s.value for s in at.success)


@pytest.mark.parametrize(("lesson_id", "step_id", "trace_names"), [
    pytest.param("07-scoring", "conversion-chart", {"Hokum", "Sun"}, id="scoring-lesson-shows-the-conversion-chart"),
    pytest.param("06-projects", "chances", None, id="projects-lesson-shows-exact-chances"),
])
def test_lessons_draw_engine_charts(at, lesson_id, step_id, trace_names):
    import json

    lesson = BY_ID[lesson_id]
    open_lesson(at, lesson.id, step_id)
    assert not at.exception
    charts = at.get("plotly_chart")
    assert charts, "the step draws a plotly chart"
    fig = json.loads(charts[0].proto.spec)
    assert fig["data"]
    if trace_names:
        names = {t.get("name", "") for t in fig["data"]}
        assert any(any(n in name for name in names) for n in trace_names), names


# --- first attempts, retries, and answers kept back until asked ----------------------------------

def wrong_answer(step):
    """A value the engine counts wrong for this question."""
    q = step.question
    a = engine_answer(step)
    if q.input == "card":
        doc = step.doc
        if q.ask == "trick_winner":
            return next(str(c) for c in trick_view(doc).cards if not a.accepts(str(c)))
        return next(c for c in (str(x) for x in cards(doc["hand"])) if not a.accepts(c))
    if q.input == "seat":
        return next(s for s in "SENW" if not a.accepts(s))
    if q.input == "team":
        return next(t for t in ("NS", "EW") if not a.accepts(t))
    if q.input == "number":
        return int(a.value) + 1
    if q.input == "yes_no":
        return not a.value
    return next(c.value for c in q.choices if not a.accepts(normalise(c.value, None) if c.value is not None else None))


def test_an_illegal_card_says_which_rule_it_breaks_before_the_answer_is_shown(at):
    lesson = BY_ID["05-cutting"]
    step = lesson.step("trump-lead-overtake")
    open_lesson(at, lesson.id, step.id)
    answer(at, lesson, step, "7H")
    err = shown(at.error[0].value)
    assert "7♥ breaks the rule here: you must beat Q♥ with a higher trump." in err and "Try again" in err
    assert "K♥" not in err                                  # the legal card waits for "Show the answer"


def test_a_wrong_answer_offers_try_again_and_keeps_the_answer_until_asked(at):
    lesson = BY_ID["02-deal"]
    step = lesson.step("cut")
    open_lesson(at, lesson.id, step.id)
    answer(at, lesson, step, "E")
    err = at.error[0].value
    assert "you said East (E)" in shown(err) and "Try again" in err                         # the answer: plain text
    assert "West" not in err and not any(step.question.explain in i.value for i in at.info)
    assert action(at, state.lesson_question_key(lesson.id, step.id, "reveal")).label == "Show the answer"
    answer(at, lesson, step, "W")                                  # the retry is right
    assert at.success[0].value.startswith("✓ **Right: West (W).**")
    assert f"0/{len(lesson.questions)} right at the first try (+1 after a retry)" in sidebar_text(at)


def test_retries_count_apart_from_first_attempts_at_the_end_of_a_lesson(at):
    lesson = BY_ID["01-cards"]
    open_lesson(at, lesson.id)
    for i, step in enumerate(lesson.steps):
        if step.question is not None:
            answer(at, lesson, step, wrong_answer(step))
            assert at.error and "Try again" in at.error[0].value, step.id
            answer(at, lesson, step, right_answer(step))
            assert at.success[0].value.startswith("✓"), step.id
        if i < len(lesson.steps) - 1:
            action(at, state.LESSON_NEXT).click().run()
    q = len(lesson.questions)
    assert any(f"End of the lesson: 0 of {q} right at the first try, {q} more after a retry." in s.value
               for s in at.success)


def test_a_choice_question_answers_in_the_choices_words_not_yes_or_no(at):
    lesson = BY_ID["05-cutting"]
    step = lesson.step("partner-wins-fourth")            # Must you trump, or may you play the King of hearts?
    open_lesson(at, lesson.id, step.id)
    answer(at, lesson, step, False)                      # "I must trump"
    reveal(at, lesson, step)
    err = at.error[0].value
    assert "You said I must trump; the engine says **I may play the King of hearts**" in err
    assert "**Yes**" not in err and "**No**" not in err


def page_text(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [h.value for h in at.html]
    return "\n".join(parts)


SEAT_ORDER = re.compile(r"\b[SENW] → [SENW]\b")


def test_the_speaking_order_waits_until_the_who_speaks_question_is_answered(at):
    lesson = BY_ID["03-bidding"]
    step = lesson.step("who-speaks")
    open_lesson(at, lesson.id, step.id)
    assert not SEAT_ORDER.search(page_text(at))
    answer(at, lesson, step, right_answer(step))
    assert "Speaking order: E → N → W → S" in page_text(at)


def test_the_deal_tables_order_waits_until_a_seat_question_is_answered(at):
    lesson = BY_ID["02-deal"]
    step = lesson.step("seats")
    open_lesson(at, lesson.id, step.id)
    assert "anticlockwise" in html_text(at) and not SEAT_ORDER.search(html_text(at))
    answer(at, lesson, step, right_answer(step))
    assert SEAT_ORDER.search(html_text(at))


@pytest.mark.parametrize(("lesson", "step"), [(lesson, s) for lesson in LESSONS for s in lesson.questions],
                         ids=[f"{lesson.id}/{s.id}" for lesson in LESSONS for s in lesson.questions])
def test_no_question_shows_its_answer_before_it_is_answered(at, lesson, step):
    """What the page draws around a question (the trick, the hands, the calls, the table) holds no
    mark that answers it: no winning star or legal/illegal frame, no seat order for a "who" question."""
    open_lesson(at, lesson.id, step.id)
    drawn = "\n".join(h.value for h in at.html if not h.value.lstrip().startswith("<style"))
    q = step.question
    if step.widget is None:
        assert "data-highlight=" not in drawn, "a card is marked before the answer"
        assert "bx-tag-win" not in drawn, "a seat is marked as winning before the answer"
    if q.input == "seat":
        assert not SEAT_ORDER.search(page_text(at)), "a seat order answers the question"
    assert not at.success and not at.error


@pytest.mark.parametrize("step_id", ["open-locked", "gahwa"])
def test_a_lesson_example_the_profile_cannot_ask_is_judged_under_the_default_rules_and_says_so(at, step_id):
    at.selectbox(key=state.SIDEBAR_PROFILE_ID).select("tournament").run()
    lesson = BY_ID["04-doubling"]
    step = lesson.step(step_id)
    open_lesson(at, lesson.id, step.id)
    assert any("assumes the default rules" in i.value and "N is still to call" in i.value for i in at.info)
    answer(at, lesson, step, right_answer(step))
    assert not at.exception, at.exception
    assert at.success[0].value.startswith("✓")
    assert not any("differs from this lesson's text" in i.value for i in at.info)


@pytest.mark.parametrize(("profile", "ties"), [("detailed", {"counting", "other", "buyer"}), ("simple", {"counting"})])
def test_the_conversion_chart_follows_the_sidebars_tie_rule(at, profile, ties):
    import json

    from explorer.view.charts.figures import TIE_LABELS

    at.selectbox(key=state.SIDEBAR_PROFILE_ID).select(profile).run()
    open_lesson(at, "07-scoring", "conversion-chart")
    fig = json.loads(at.get("plotly_chart")[0].proto.spec)
    names = {t.get("name") for t in fig["data"] if t.get("name", "").startswith("tie:")}
    assert names == {TIE_LABELS[t] for t in ties}


WIDGET_SEAT_QUESTIONS = [(lesson, step) for lesson in LESSONS for step in lesson.questions
                         if step.widget is not None and step.question.input == "seat"]


@pytest.mark.parametrize(("lesson", "step"), WIDGET_SEAT_QUESTIONS,
                         ids=[f"{lesson.id}/{step.id}" for lesson, step in WIDGET_SEAT_QUESTIONS])
def test_a_widgets_caption_keeps_the_seat_that_answers_the_question_back_until_it_is_answered(at, lesson, step):
    """The deal box said "Dealing starts with East (E), the dealer's right" beside "Who receives the very
    first card?" (and the dealer's right is also the next dealer): it waits for the answer."""
    open_lesson(at, lesson.id, step.id)
    seat = seat_label(right_answer(step))
    shown = [c.value for c in at.caption] + [m.value for m in at.markdown]
    assert not [t for t in shown if seat in t], f"{seat} is on the page before the question is answered"
    assert any("cut" in c.value for c in at.caption)           # the rest of the deal box's caption is there
    answer(at, lesson, step, right_answer(step))
    assert any(f"Dealing starts with {seat_label(step.deal.dealer.right)}" in c.value for c in at.caption)
