"""Lessons are data checked by the engine: every file validates, every scenario runs, and every
``expect`` in the prose equals the engine's answer, so the text cannot drift from the rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from explorer.content.lessons import (
    LESSONS_DIR,
    LessonError,
    agrees,
    check_lesson,
    deal_of,
    engine_answer,
    expected,
    grade,
    judge,
    lesson_files,
    load_lesson,
    load_lessons,
    parse_lesson,
    play_rule_ids,
    read_path,
)
from explorer.engine.core.profiles import SIMPLE, TOURNAMENT

EXPECTED_FILES = ["01-cards", "02-deal", "03-bidding", "04-doubling", "05-cutting", "06-projects",
                  "07-scoring", "08-match"]
FILES = lesson_files()
LESSONS = load_lessons()
QUESTIONS = [(lesson, step) for lesson in LESSONS for step in lesson.questions]

CUTTING_OBLIGATIONS = {
    "follow_suit",               # follow suit
    "sun_void_free",             # Sun freedom
    "trump_lead_overtake",       # trump led: overtake an opponent's trump
    "trump_lead_any_trump",      # trump led: cannot beat it, or partner winning: any trump
    "void_must_win_with_trump",  # void with an opponent winning: cut / overtrump
    "void_cannot_win_free",      # void, cannot overtrump: free
    "partner_winning_free",      # partner winning: free
    "third_seat_must_cut",       # the third-player cut
    "third_seat_ace_led",        # Ace exception
    "third_seat_ekka",           # Ekka exception
    "locked_no_trump_lead",      # locked lead
}


def test_the_eight_lessons_are_there_in_order():
    assert [p.stem for p in FILES][: len(EXPECTED_FILES)] == EXPECTED_FILES
    assert [lesson.id for lesson in LESSONS] == [p.stem for p in FILES]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_lesson_file_validates(path: Path):
    lesson = load_lesson(path)
    assert lesson.title and lesson.summary
    assert len(lesson.steps) >= 3
    assert len({s.id for s in lesson.steps}) == len(lesson.steps)
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert set(raw) == {"title", "summary", "steps"}


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_every_scenario_of_the_lesson_runs_through_the_engine(lesson):
    judged = 0
    for step in lesson.steps:
        if step.doc is not None:
            checked = judge(step.doc)
            assert checked.ok, f"{lesson.id}/{step.id}: {checked.errors}"
            judged += 1
        if step.deal is not None:
            done = deal_of(step.deal)
            assert sum(len(h) for h in done.hands().values()) == 32
            judged += 1
    assert judged > 0


@pytest.mark.parametrize(("lesson", "step"), QUESTIONS, ids=[f"{lesson.id}/{step.id}" for lesson, step in QUESTIONS])
def test_expect_equals_the_engines_answer(lesson, step):
    answer = engine_answer(step)
    assert agrees(step, answer), (
        f"{lesson.id}/{step.id}: the text expects {expected(step)!r}, the engine says {answer.value!r} "
        f"({answer.reason})")
    assert answer.reason, "the engine gives a reason for every answer"
    assert grade(step, _a_right_answer(step, answer)).correct


def _a_right_answer(step, answer):
    if step.question.ask == "legal_card":
        return answer.accepted[0]
    return answer.value


def test_check_lesson_finds_no_disagreement_anywhere():
    assert [p for lesson in LESSONS for p in check_lesson(lesson)] == []


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_each_lesson_has_at_least_three_questions_and_an_editable_widget(lesson):
    assert len(lesson.questions) >= 3
    assert any(step.widget for step in lesson.steps), f"{lesson.id} has no interactive widget"
    for step in lesson.questions:
        assert step.question.explain.strip()


def test_the_cutting_lesson_has_ten_puzzles_covering_every_obligation():
    cutting = next(lesson for lesson in LESSONS if lesson.id == "05-cutting")
    puzzles = [s for s in cutting.questions if s.kind == "play"]
    assert len(puzzles) >= 10
    clickable = [s for s in puzzles if s.question.ask == "legal_card"]
    assert len(clickable) >= 6, "most puzzles are answered by clicking a card"
    assert play_rule_ids([cutting]) >= CUTTING_OBLIGATIONS
    assert any(s.widget == "play_puzzle" for s in cutting.steps)


def test_the_scoring_lesson_reuses_the_seed_worked_examples():
    scoring = next(lesson for lesson in LESSONS if lesson.id == "07-scoring")
    files = {s.scenario_file for s in scoring.steps if s.scenario_file}
    assert {f for f in files if "seed004" in f} >= {"data/scenarios/seed004-sun-65-65.yaml",
                                                    "data/scenarios/seed004-sun-66-64.yaml",
                                                    "data/scenarios/seed004-sun-56-sira-74.yaml"}
    assert any(s.widget == "score_pipeline" for s in scoring.steps)


def test_the_lessons_cover_their_topics():
    by_id = {lesson.id: lesson for lesson in LESSONS}
    widgets = {lid: {s.widget for s in lesson.steps if s.widget} for lid, lesson in by_id.items()}
    assert "deal_demo" in widgets["02-deal"]
    assert "bidding_demo" in widgets["03-bidding"] and "bidding_demo" in widgets["04-doubling"]
    assert "project_builder" in widgets["06-projects"]
    assert "match_sheet" in widgets["08-match"]
    asks = {lid: {s.question.ask for s in lesson.questions} for lid, lesson in by_id.items()}
    assert {"trick_winner", "trick_points"} <= asks["01-cards"]
    assert "call_legal" in asks["03-bidding"]
    assert "deal" in asks["02-deal"]


# --- grading ---------------------------------------------------------------------------------------

def _step(lesson_id: str, step_id: str):
    return next(lesson for lesson in LESSONS if lesson.id == lesson_id).step(step_id)


def test_an_illegal_card_is_graded_wrong_with_the_engines_reason():
    step = _step("05-cutting", "trump-lead-overtake")
    fb = grade(step, "7H")
    assert not fb.correct
    assert "7♥ is not allowed: you must beat Q♥ with a higher trump: K♥" in fb.reason
    assert fb.explain == step.question.explain
    assert grade(step, "KH").correct


CHOICE_QUESTIONS = [(lesson, step) for lesson, step in QUESTIONS if step.question.choices]


@pytest.mark.parametrize(("lesson", "step"), CHOICE_QUESTIONS,
                         ids=[f"{lesson.id}/{step.id}" for lesson, step in CHOICE_QUESTIONS])
def test_feedback_repeats_the_choices_labels_never_a_bare_yes_or_no(lesson, step):
    """A question whose choices are "I must trump" / "I may play the King" is answered in those words:
    the engine's yes/no is shown as the choice that means it."""
    labels = {c.label for c in step.question.choices}
    for choice in step.question.choices:
        fb = grade(step, choice.value)
        assert fb.given in labels and fb.answer in labels, (fb.given, fb.answer)
        if not {"yes", "no"} & {label.lower() for label in labels}:
            for said in (fb.given, fb.answer):
                assert said.lower() not in ("yes", "no", "true", "false"), said


def test_a_card_legal_question_with_choices_is_answered_with_the_choices_label():
    step = _step("05-cutting", "partner-wins-fourth")    # "Must you trump, or may you play the King of hearts?"
    fb = grade(step, False)
    assert (fb.given, fb.answer) == ("I must trump", "I may play the King of hearts")


def test_engine_sentences_in_lessons_show_card_faces_never_codes():
    """Codes (KC, TD) are for files and --json; a learner reads K♣ and 10♦."""
    code = re.compile(r"(?<![\w♠♥♦♣])(?:[2-9TJQKA]|10)[SHDC](?!\w)")
    for lesson, step in QUESTIONS:
        answer = engine_answer(step)
        texts = [answer.reason, answer.display, *(r for _, r in answer.verdicts.values())]
        for t in texts:
            assert not code.search(t), f"{lesson.id}/{step.id}: {t!r}"


def test_any_legal_card_counts_as_right():
    step = _step("05-cutting", "locked-lead")
    for card in ("7C", "AS", "KD"):
        assert grade(step, card).correct
    fb = grade(step, "JH")
    assert not fb.correct and "you may not lead a trump" in fb.reason


def test_answers_are_read_leniently():
    assert grade(_step("01-cards", "sun-winner"), "10d").correct
    assert grade(_step("02-deal", "seats"), "n").correct
    assert grade(_step("03-bidding", "round-two"), "no").correct


def test_the_sidebar_profile_decides_and_a_difference_from_the_text_is_flagged():
    step = _step("05-cutting", "void-cannot-win")   # must_undertrump: off (detailed), on (simple)
    assert grade(step, True).correct and not grade(step, True).differs_from_text
    fb = grade(step, True, SIMPLE)
    assert not fb.correct and fb.differs_from_text
    assert "must still play a trump" in fb.reason
    step = _step("04-doubling", "sun-threshold-100")   # 101 to 100: tournament allows the Double
    assert grade(step, True, TOURNAMENT).correct and grade(step, True, TOURNAMENT).differs_from_text


def test_a_scenario_with_its_own_profile_ignores_the_sidebar():
    raw = {"title": "t", "summary": "s", "steps": [{
        "id": "undertrump", "title": "t", "text": "x",
        "scenario": {"kind": "play", "profile": "simple", "contract": {"mode": "hokum", "trump": "S", "buyer": "N"},
                     "current": {"leader": "N", "cards": ["8C", "JS"]}, "hand": ["9S", "7S", "AH"]},
        "question": {"prompt": "p", "ask": "legal_card", "expect": ["7S", "9S"], "explain": "e"}}]}
    step = parse_lesson(raw, lesson_id="99-own").steps[0]
    assert grade(step, "AH").correct is False          # the scenario's simple profile, not detailed
    assert engine_answer(step).accepted == ("7S", "9S")


def test_read_path_names_the_missing_part():
    with pytest.raises(KeyError, match="award has no key 'XX'"):
        read_path({"award": {"NS": 1}}, "award.XX")


# --- clear errors ------------------------------------------------------------------------------------

def _problems(raw) -> list[str]:
    with pytest.raises(LessonError) as e:
        parse_lesson(raw, lesson_id="99-bad")
    return e.value.problems


def _lesson(*steps):
    return {"title": "t", "summary": "s", "steps": list(steps)}


def test_errors_name_the_file_the_step_and_the_key():
    probs = _problems(_lesson({"id": "a", "title": "t", "text": "x", "colour": "red"},
                              {"id": "b", "title": "t"}))
    assert "99-bad: steps[0] (a): colour: is not a lesson key (see lessons/README.md)" in probs
    assert "99-bad: steps[1] (b): text: missing (required)" in probs


@pytest.mark.parametrize(("question", "needle"), [
    pytest.param({"ask": "verdict", "input": "place", "path": "x", "expect": 1},
                 "question.input: 'place' is not one of", id="unknown-input"),
    pytest.param({"ask": "wins", "expect": 1}, "question.ask: 'wins' is not one of", id="unknown-ask"),
    pytest.param({"ask": "verdict", "expect": 1}, "needs path", id="verdict-without-path"),
    pytest.param({"ask": "card_legal", "expect": True}, "card: goes with ask: card_legal", id="card-missing"),
    pytest.param({"ask": "table", "path": "match_target", "choices": [1, 2], "expect": 3},
                 "expect: 3 is not one of the choices' values", id="expect-not-a-choice"),
    pytest.param({"ask": "call_legal", "call": "ashkal", "expect": True}, "names no seat", id="call-without-seat"),
    pytest.param({"ask": "legal_card", "expect": ["QH"]}, "needs a play scenario", id="legal-card-without-scenario"),
])
def test_bad_questions_are_refused_clearly(question, needle):
    step = {"id": "q", "title": "t", "text": "x",
            "question": {"prompt": "p", "explain": "e", **question}}
    probs = _problems(_lesson(step))
    assert any(p.startswith("99-bad: steps[0]") and needle in p for p in probs), probs


def test_a_missing_scenario_file_and_a_duplicate_id_are_refused():
    probs = _problems(_lesson({"id": "a", "title": "t", "text": "x", "scenario_file": "data/nope.yaml"},
                              {"id": "a", "title": "t", "text": "x"}))
    assert any("scenario_file: data/nope.yaml is not a file of this repository" in p for p in probs)
    assert any("steps[1] (a): id: 'a' is used by another step" in p for p in probs)


def test_an_expect_that_disagrees_with_the_engine_is_reported(tmp_path):
    text = (LESSONS_DIR / "01-cards.yaml").read_text(encoding="utf-8").replace("expect: TD", "expect: AC")
    (tmp_path / "01-cards.yaml").write_text(text, encoding="utf-8")
    lesson = load_lesson(tmp_path / "01-cards.yaml")
    probs = check_lesson(lesson)
    assert len(probs) == 1
    assert "steps[2] (sun-winner): question.expect is 'AC' but the engine says 'TD'" in probs[0]


def test_malformed_yaml_names_the_file_and_line(tmp_path):
    (tmp_path / "01-bad.yaml").write_text("title: x\nsummary: a: b\nsteps: []\n", encoding="utf-8")
    with pytest.raises(LessonError, match=r"01-bad.yaml: line 2, column \d+: malformed YAML"):
        load_lessons(tmp_path)


@pytest.mark.parametrize("data, problem", [
    pytest.param(b"title: caf\xe9\nsummary: s\nsteps: []\n",
                 "01-bad.yaml: line 1, column 11: the file is not UTF-8 text (byte 0xe9)", id="not-utf8"),
    pytest.param(b"title: x\nsummary: " + b"[" * 3000 + b"]" * 3000 + b"\nsteps: []\n",
                 "01-bad.yaml: line 2, column 26: lists and mappings nest more than 16 levels deep", id="deep"),
    pytest.param(b"title: x\nsummary: s\nsteps: [{id: a, title: t, text: " + b"9" * 5000 + b"}]\n",
                 "01-bad.yaml: steps[0].text: a number of 5000 digits is too long (numbers in a scenario have "
                 "at most 15 digits)", id="long-number"),
    pytest.param(b"title: x\ntitle: y\nsummary: s\nsteps: []\n",
                 "01-bad.yaml: title: the key is written twice (lines 1 and 2); keep one", id="key-twice"),
])
def test_a_lesson_file_that_cannot_be_read_is_named_with_where_it_is_wrong(tmp_path, data, problem):
    (tmp_path / "01-bad.yaml").write_bytes(data)
    with pytest.raises(LessonError) as e:
        load_lessons(tmp_path)
    assert [p.replace(str(tmp_path) + "/", "") for p in e.value.problems] == [problem]


def test_the_lesson_modules_doctests_pass():
    import doctest

    from explorer.content import lessons
    from explorer.ui.lessons import state as lesson_state

    for module in (lessons, lesson_state):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__
