"""Text from a scenario, a file, a link or a user is shown as written, never as Markdown or HTML.

A title such as ``![i](http://host/t.gif)`` rendered as Markdown would make the browser fetch
that image, so whoever sent the link would learn who opened it. Each test opens such text the way
a user would and checks that the page's Markdown holds no live image, link, bold or colour
directive, and that the text reads letter for letter.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from streamlit.testing.v1 import AppTest

from explorer.engine.files.share import encode_scenario
from explorer.ui import state
from explorer.view.text import shown

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"
TITLE = "**b** ![i](http://host/t.gif) :red[R]"
LIVE = re.compile(r"(?<!\\)!\[|(?<!\\)\]\((?!\\)|(?<!\\):red\[|(?<!\\)\*\*b(?<!\\)\*\*")
"""Markdown that would become an image, a link, red text or bold: not preceded by a backslash."""


def load(stem: str) -> dict:
    return yaml.safe_load((ROOT / "data" / "scenarios" / f"{stem}.yaml").read_text(encoding="utf-8"))


def live(markdown: str) -> list[str]:
    """The live Markdown constructs in a text, outside code spans (which Markdown shows letter for letter)."""
    outside = re.sub(r"(`+)(.+?)\1", "", markdown)
    return LIVE.findall(outside)


def open_page(file: str, link: str | None = None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=30).run()
    if link is not None:
        at.query_params["s"] = link
    at.switch_page(f"app_pages/{file}").run()
    assert not at.exception, at.exception
    return at


def every_text(at: AppTest) -> list[str]:
    return [e.value for e in (*at.markdown, *at.caption, *at.error, *at.warning, *at.success, *at.info,
                              *at.subheader, *at.header, *at.title)]


@pytest.mark.parametrize(("file", "stem"), [("trick_checker.py", "seed000-third-player-must-cut"),
                                            ("score_calculator.py", "seed004-sun-65-65")])
def test_the_opened_alert_shows_a_markdown_title_as_written(file, stem):
    at = open_page(file, encode_scenario({**load(stem), "title": TITLE}))
    opened = next(s.value for s in at.success if "Opened" in s.value)
    assert f"Opened “{TITLE}” from the link." == shown(opened)
    assert not live(opened), opened
    assert all(not live(t) for t in every_text(at))


def test_compare_rules_shows_a_markdown_title_and_notes_as_written():
    doc = {**load("score-escalated-tie-units"), "title": TITLE, "notes": "see ![n](http://host/n.gif) `x"}
    at = open_page("compare_rules.py", encode_scenario(doc))
    assert shown(at.subheader[0].value) == TITLE and not live(at.subheader[0].value)
    assert any(shown(c.value) == doc["notes"] for c in at.caption)
    assert all(not live(t) for t in every_text(at))


def test_deal_checker_problem_lines_echo_a_value_as_written():
    at = open_page("deal_checker.py")
    at.text_area(key=state.DEAL_TEXT).input('kind: deal\ndealer: "![e](http://host/x.gif)"\ntricks: []\n').run()
    assert not at.exception
    message = at.error[0].value
    assert "![e](http://host/x.gif)" in shown(message)  # named, so the user can find it ...
    assert not live(message), message              # ... but as text: no image, no link


def test_an_uploaded_file_name_is_shown_as_written():
    at = open_page("score_calculator.py")
    data = yaml.safe_dump(load("seed004-sun-65-65")).encode()
    at.get("file_uploader")[0].upload("**b** ![i](x).yaml", data, "application/x-yaml")
    at.run()
    opened = next(s.value for s in at.success if "Opened" in s.value)
    assert "from the file **b** ![i](x).yaml" in shown(opened) and not live(opened)


def test_the_glossary_echoes_a_search_as_written():
    at = open_page("glossary.py")
    at.text_input(key=state.GLOSSARY_SEARCH).input("![g](http://host/g.gif)").run()
    assert "![g](http://host/g.gif)" in shown(at.info[0].value) and not live(at.info[0].value)


# --- text kept in this browser ------------------------------------------------------------------------------

def _forged_progress(lesson: str, step: str, given, **feedback) -> str:
    from explorer.ui.shell import browser_store

    fb = {"correct": False, "given": TITLE, "answer": TITLE, "reason": TITLE, "explain": TITLE, **feedback}
    answers = {step: {"given": given, "correct": fb["correct"], "ever_right": fb["correct"], "attempts": 1,
                      "revealed": True, "feedback": fb}}
    return browser_store.encode({"lessons": {lesson: {"seen": [step], "answers": answers}}})


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("given", ["KH", TITLE], ids=["card", "markdown-answer"])
def test_kept_lesson_feedback_is_text_never_markdown(language, given):
    """A forged ``given``, ``answer``, ``reason`` or ``explain`` kept in the browser shows no link, colour or image:
    the page says the engine's and the lesson's words, and the learner's answer as written."""
    from explorer.content.lessons import load_lessons
    from explorer.ui.shell import browser_store

    cutting = {lesson.id: lesson for lesson in load_lessons()}["05-cutting"]
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.session_state[state.STORE_MEMORY] = {
        browser_store.storage_key("lessons"): _forged_progress("05-cutting", "trump-lead-overtake", given)}
    if language == "ar":
        at.query_params["lang"] = "ar"
    at.run()
    at.switch_page("app_pages/lesson.py").run()
    at.selectbox(key=state.LESSON_PICKER).select("05-cutting").run()
    assert not at.exception, at.exception
    assert at.subheader[0].value == cutting.steps[cutting.index("trump-lead-overtake")].title or language == "ar"
    texts = every_text(at)
    assert all(not live(t) for t in texts), [t for t in texts if live(t)]
    said = [t for t in texts if "K♥" in t or "**b**" in shown(t)]
    assert said, texts                                                     # the answer is shown, as written
