"""Issue 14 for the shell, the reference pages and the Lessons: opened with ?lang=ar, every page reads in Arabic
(no exception, no English word left apart from codes and ids), in the states a learner reaches: a lesson's
every step, a question answered wrong, the answer shown, then answered right, the interactive blocks used."""

from __future__ import annotations

import html
import re

import pytest
from streamlit.testing.v1 import AppTest

from explorer.content.lessons import engine_answer, load_lessons
from explorer.content.sources import SOURCES
from explorer.content.translations import catalogue
from explorer.engine.core.profiles import OPTIONS, PROFILES
from explorer.ui import state
from tests.app.arabic import english_words, open_page, page_texts
from tests.app.taps import action
from tests.app.test_page_words import _answer, _cells, _wrong

LESSONS = load_lessons()


def _text(value: object) -> str:
    """What a person reads of a text: HTML tags and entities gone (the words inside them kept)."""
    return html.unescape(re.sub(r"<[^>]+>|:material/[a-z_]+:|:[a-z]+\[", " ", str(value)))


def read(at: AppTest) -> list[str]:
    """Every sentence and widget label of the page and the sidebar, the options of its pickers, its HTML."""
    texts = [_text(x) for x in page_texts(at)]
    texts += [_text(e.label) for e in at.expander]
    for kind in ("selectbox", "radio"):
        for box in getattr(at, kind):
            texts += [str(o) for o in box.options]
    texts += [_text(h.value) for h in at.html if not str(h.value).lstrip().startswith("<style")]
    texts += [m.label for m in at.metric] + [str(m.value) for m in at.metric]
    for table in (*at.table, *at.dataframe):  # the cells (a column's key is not read: its label is configured)
        frame = table.value.data if hasattr(table.value, "data") else table.value
        keys = {str(k) for k in getattr(frame, "columns", [])}
        texts += [c for c in _cells(frame) if c not in keys and not re.fullmatch(r"[a-z0-9_]+", c)]  # ids stay ids
    return texts


def english_left(at: AppTest, *, allowed: tuple[str, ...] = ()) -> list[str]:
    return english_words(read(at), allowed=allowed)


@pytest.mark.parametrize("page", ["home.py", "rules.py", "sources.py"])
def test_a_reference_page_and_the_sidebar_read_in_arabic(page):
    at = open_page(page)
    assert not at.exception, at.exception
    assert not english_left(at), english_left(at)


def test_the_sidebar_profile_picker_names_the_profiles_and_options_in_arabic():
    at = open_page("home.py")
    picker = at.selectbox(key=state.SIDEBAR_PROFILE_ID)
    assert picker.label == "مجموعة القواعد"
    assert [picker.format_func(p) for p in PROFILES] == ["القواعد المفصّلة", "قواعد البطولة", "القواعد المبسّطة"]
    labels = {t.label for t in at.toggle} | {s.label for s in at.selectbox}
    assert {"على الثالث أن يقطع", "الإكة تُعلن تلقائيًّا", "أوراق كبيرة (لجهاز العرض)"} <= labels


def test_a_custom_profile_is_named_in_arabic_on_the_rules_page():
    at = open_page("rules.py")
    at.toggle(key=state.sidebar_option_key("third_seat_must_cut")).set_value(False).run()
    assert not at.exception, at.exception
    assert any("قواعد مخصّصة" in c.value for c in at.caption)
    assert not english_left(at), english_left(at)


def test_every_rule_option_title_meaning_and_source_has_its_arabic():
    at = open_page("rules.py")  # the catalogues of a page's language
    from explorer.engine.core.i18n import translator
    tr = translator("ar")
    for info in OPTIONS.values():
        for text in (info.title, info.meaning, info.source):
            assert tr.gettext(text) != text, f"no Arabic for the engine's {text!r} (mark it in explorer/view/words.py)"
    for source in SOURCES.values():
        for text in (source.name, source.title, source.what, source.takes):
            assert tr.gettext(text) != text, f"no Arabic for {text!r} (mark it in explorer/app_pages/sources.py)"
    assert not at.exception


def _glossary(at: AppTest) -> str:
    return next(h.value for h in at.html if "bx-glossary" in str(h.value))


def test_the_glossary_reads_arabic_first_with_its_meanings_from_the_content_catalogue():
    at = open_page("glossary.py")
    assert not at.exception, at.exception
    assert not english_words(page_texts(at)), english_words(page_texts(at))
    table = _glossary(at)
    head = re.findall(r"<th>(.*?)</th>", table)
    assert head == ["بالعربية", "بالإنجليزية", "المعنى", "المصادر"]
    gahwa = re.search(r'<tr data-term="Gahwa">(.*?)</tr>', table).group(1)
    assert gahwa.index("قهوة") < gahwa.index("Gahwa")
    at.text_input(key=state.GLOSSARY_SEARCH).set_value("مقفل").run()
    assert "Locked" in _glossary(at) and "Gahwa" not in _glossary(at)
    assert any(c.value.startswith("\u20661\u2069 من") for c in at.main.caption), [c.value for c in at.main.caption]


def test_the_glossary_in_arabic_says_which_forms_are_contested():
    at = open_page("glossary.py")
    table = _glossary(at)
    ashkal = re.search(r'<tr data-term="Ashkal">(.*?)</tr>', table).group(1)
    assert "أشكال" in ashkal and "أشكل" in ashkal
    assert any("مختلف عليها" in c.value for c in at.caption)


def _kept_by_the_translators(lesson) -> set[str]:
    """The Latin words the lesson's Arabic keeps on purpose (a table's column of English names, a code):
    the content catalogue's own test holds those texts to their rules."""
    prefix = f"lessons/{lesson.path.name}#"
    return {w for (where, _), text in catalogue("ar").items() if where and where.startswith(prefix)
            for w in re.findall(r"[A-Za-z][A-Za-z'’-]+", text)}


def _walk(at: AppTest, lesson) -> list[str]:
    """Every step of a lesson; each question answered wrong, the answer shown, then answered right."""
    kept = tuple(_kept_by_the_translators(lesson))

    def english_left(at: AppTest) -> list[str]:
        return english_words(read(at), allowed=kept)

    found = []
    at.selectbox(key=state.LESSON_PICKER).select(lesson.id).run()
    for i, step in enumerate(lesson.steps):
        assert not at.exception, (step.id, at.exception)
        found += [f"{step.id}: {w}" for w in english_left(at)]
        if step.question is not None:
            _answer(at, lesson, step, _wrong(step))
            assert any(e.value.startswith("✕") for e in at.error), step.id
            assert action(at, state.lesson_question_key(lesson.id, step.id, "reveal")).label == "اعرض الإجابة"
            found += [f"{step.id} (wrong): {w}" for w in english_left(at)]
            action(at, state.lesson_question_key(lesson.id, step.id, "reveal")).click().run()
            found += [f"{step.id} (shown): {w}" for w in english_left(at)]
            a = engine_answer(step)
            _answer(at, lesson, step, a.accepted[0] if step.question.ask == "legal_card" else a.value)
            assert any(e.value.startswith("✓") for e in at.success), step.id
            found += [f"{step.id} (right): {w}" for w in english_left(at)]
        if i < len(lesson.steps) - 1:
            action(at, state.LESSON_NEXT).click().run()
    assert not at.exception, at.exception
    return found


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_every_lesson_step_question_and_feedback_reads_in_arabic(lesson):
    at = open_page("lesson.py")
    left = _walk(at, lesson)
    assert not left, "\n".join(left)
    done = [s.value for s in at.success if "انتهى الدرس" in s.value]
    assert done and "من" in done[0], "the score reads 'n من m'"


def test_the_lessons_controls_and_progress_read_in_arabic():
    at = open_page("lesson.py")
    assert at.title[0].value == "الدروس"
    assert action(at, state.LESSON_NEXT).label == "التالي ◀"
    assert at.selectbox(key=state.LESSON_PICKER).label == "الدرس"
    assert any("تقدّمك" in m.value for m in at.sidebar.markdown)


def test_the_lesson_blocks_respond_in_arabic():
    """The deal, the bidding table and the puzzle, used: their moves, calls and verdicts in Arabic."""
    found = []
    for lesson in LESSONS:
        for step in lesson.steps:
            if step.widget not in ("deal_demo", "bidding_demo", "play_puzzle"):
                continue
            at = open_page("lesson.py")
            at.selectbox(key=state.LESSON_PICKER).select(lesson.id).run()
            for _ in range(lesson.index(step.id)):
                action(at, state.LESSON_NEXT).click().run()
            key = lambda part, lid=lesson.id, sid=step.id: state.lesson_widget_key(lid, sid, part)  # noqa: E731
            if step.widget == "deal_demo":
                action(at, key("next")).click().run()
                action(at, key("five")).click().run()
            elif step.widget == "bidding_demo":
                calls = [b for b in at.button if str(b.key or "").startswith(key("call"))]
                calls[0].click().run()
                refused = [b for b in at.button if str(b.key or "").startswith(key("call")) and b.label.startswith("✕")]
                if refused:
                    refused[0].click().run()
            else:
                cards = [b for b in at.button if str(b.key or "").startswith(key("pzcard-"))]
                cards[0].click().run()
            assert not at.exception, (step.id, at.exception)
            found += [f"{lesson.id}/{step.id}: {w}" for w in english_left(at)]
    assert not found, found


def test_the_english_lesson_page_is_unchanged_by_the_arabic_one():
    at = AppTest.from_file(str(open_page.__globals__["APP"]), default_timeout=60).run()
    at.switch_page("app_pages/lesson.py").run()
    assert at.title[0].value == "Lessons"
    assert action(at, state.LESSON_NEXT).label == "Next ▶"
    assert not at.exception


def test_an_answer_given_in_english_reads_in_arabic_after_the_switch_and_keeps_its_verdict():
    """The sidebar's language switch keeps the lesson, the step and the answer (widget keys do not change);
    the feedback is said again in Arabic, wrong stays wrong."""
    at = AppTest.from_file(str(open_page.__globals__["APP"]), default_timeout=60).run()
    at.switch_page("app_pages/lesson.py").run()
    lesson = next(x for x in LESSONS if x.id == "05-cutting")
    step = lesson.step("trump-lead-overtake")
    at.selectbox(key=state.LESSON_PICKER).select(lesson.id).run()
    for _ in range(lesson.index(step.id)):
        action(at, state.LESSON_NEXT).click().run()
    _answer(at, lesson, step, "7H")
    assert any("7♥ is not allowed" in e.value for e in at.error)
    at.session_state[state.APP_LANG] = "ar"
    at.run()
    assert not at.exception, at.exception
    assert at.subheader[0].value != step.title                   # the same step, in Arabic
    errors = [e.value for e in at.error]
    assert errors and "ممنوعة" in errors[0] and "Try again" not in errors[0], errors
    assert at.query_params.get("lang") == ["ar"] or at.query_params.get("lang") == "ar"
