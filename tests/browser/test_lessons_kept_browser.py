"""Lesson progress kept in the browser: answer a question, reload, restart the browser; it is still there."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from explorer.content.lessons import load_lessons
from tests.browser.runs import at_rest, tap

pytestmark = pytest.mark.browser

LESSONS_KEY = "baloot-explorer:lessons"
PUZZLE = "trump-lead-overtake"
"""Lesson 5: West leads Q♥ (trumps); South holds K♥ 7♥ A♠ 8♣ and must overtake."""
LESSON = {lesson.id: lesson for lesson in load_lessons()}["05-cutting"]
TITLES = [s.title for s in LESSON.steps[: LESSON.index(PUZZLE) + 1]]
"""The step titles from the lesson's first step to the puzzle (read from the lesson, not copied)."""
RIGHT = f"1/{len(LESSON.questions)} right at the first try"


def no_exception(page: Page) -> None:
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)


def test_lesson_progress_survives_a_reload(page: Page, base_url: str, browser: Browser, tmp_path):
    page.goto(f"{base_url}/lesson?lesson=05-cutting")
    expect(page.get_by_role("heading", name="Lessons", level=1)).to_be_visible(timeout=30_000)
    expect(page.get_by_role("heading", name=TITLES[0])).to_be_visible(timeout=30_000)
    at_rest(page)
    for title in TITLES[1:]:
        tap(page, page.get_by_role("button", name="Next ▶"))
        expect(page.get_by_role("heading", name=title)).to_be_visible()
    tap(page, page.locator(f'[class*="st-key-lesson-q-05-cutting-{PUZZLE}-card-KH-"] button'))
    expect(page.locator('[data-testid="stAlertContentSuccess"]')).to_contain_text("K♥ is legal", timeout=30_000)
    sidebar = page.locator('[data-testid="stSidebar"]')
    expect(sidebar).to_contain_text(RIGHT)
    before = re.search(rf"\d+/\d+ steps · {RIGHT}", sidebar.inner_text()).group(0)
    page.wait_for_function(f"() => (localStorage.getItem({json.dumps(LESSONS_KEY)}) || '').includes('{PUZZLE}')",
                           timeout=15_000)

    page.reload()
    expect(page.get_by_role("heading", name=TITLES[-1])).to_be_visible(timeout=30_000)
    expect(page.locator('[data-testid="stAlertContentSuccess"]')).to_contain_text("K♥ is legal")
    expect(page.locator('[data-testid="stSidebar"]')).to_contain_text(before)
    no_exception(page)

    state = tmp_path / "state.json"
    page.context.storage_state(path=str(state))
    restarted = browser.new_context(storage_state=str(state))
    try:
        again = restarted.new_page()
        again.goto(f"{base_url}/lesson?lesson=05-cutting")
        expect(again.locator('[data-testid="stSidebar"]')).to_contain_text(RIGHT, timeout=30_000)
    finally:
        restarted.close()
